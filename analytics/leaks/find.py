"""Find a player's leaks: each statistic against its reference range, flagged only when its
whole 95% interval lies outside, ranked by what it costs (docs/leaks.md).

The figures are the statistics' own: each statistic's per-row ``x`` and ``n`` of
:data:`analytics.stats.players.STATS`, summed by the same FROM clause, and the same Wilson
interval (:func:`analytics.stats.players.wilson`), so a leak's ``x / n`` is what
``pokerhh stats`` prints for the same filters, game, table size and position.

**The cost.** The *spots* of a statistic are the hands in its denominator (a chance to
c-bet, a steal faced; every hand not a walk for VPIP and PFR; a hand with a postflop bet,
raise or call for AF). The player's result there, in big blinds per spot, is compared with
the reference: the pooled result in the same spots of the database's other players whose
own rate lies inside the range (at least :data:`MIN_REFERENCE_CHANCES` chances each,
:data:`MIN_REFERENCE_SPOTS` spots in all); with fewer, break-even (0 bb a spot). The cost is
``(reference − player) × spots``, per 100 of the player's hands: the bb/100 his play in
those spots gives away, on the same scale as his bb/100, so leaks add up and rank.
"""

from __future__ import annotations

import shlex
import sqlite3
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field, replace

from analytics.leaks.reference import (
    FAMILIES,
    FAMILY_LABELS,
    RANGES,
    SOURCE,
    Range,
    family,
    ranges_for,
    table_class,
)
from analytics.stats.people import Subject, resolve
from analytics.stats.players import (
    FROM_HANDS_FIRST,
    STATS,
    BadFilter,
    Kind,
    Stat,
    StatsQuery,
    checked_query,
    stat,
    stored_players,
    wilson,
)
from analytics.store.people import Account, account_ids

__all__ = [
    "MIN_REFERENCE_CHANCES",
    "MIN_REFERENCE_SPOTS",
    "Assessment",
    "LeakReport",
    "assessed_stats",
    "direction",
    "find_leaks",
    "leak_hands",
    "subject_for",
]

#: A reference player's own chances at a statistic before his rate says he is in range.
MIN_REFERENCE_CHANCES = 20
#: The reference's pooled spots before its result replaces break-even.
MIN_REFERENCE_SPOTS = 200
#: The hands a page lists for one leak, at most.
HANDS_LIMIT = 5000


def assessed_stats() -> tuple[Stat, ...]:
    """The statistics of :data:`STATS` with reference rows (rates and AF)."""
    named = {r.stat for r in RANGES}
    return tuple(s for s in STATS if s.name in named and s.kind in (Kind.RATE, Kind.RATIO))


def _spot(s: Stat) -> str:
    """SQL: this hand is one of the statistic's spots (see the module's docstring)."""
    if s.kind is Kind.RATIO:
        return f"(({s.x}) + ({s.n}) > 0)"
    return f"(({s.n}) > 0)"


@dataclass(slots=True)
class _Sums:
    """One statistic's sums over some rows."""

    x: float = 0.0
    n: float = 0.0
    spots: int = 0
    spot_bb: float = 0.0

    def add(self, other: _Sums) -> None:
        self.x += other.x
        self.n += other.n
        self.spots += other.spots
        self.spot_bb += other.spot_bb


#: (game code, max seats, position) of a row of sums.
_Cell = tuple[str, "int | None", "str | None"]


@dataclass(frozen=True, slots=True)
class Assessment:
    """One statistic of the player against one reference row."""

    stat: str
    label: str
    game: str
    table: str
    position: str
    x: int
    n: int
    value: float | None
    low: float
    high: float
    reference_low: float
    reference_high: float
    #: ``high`` (interval above the range), ``low`` (below), or None: not flagged.
    direction: str | None
    spots: int
    result_bb_per_spot: float | None
    reference_bb_per_spot: float
    #: ``players in range (K players, S spots)`` or ``break-even (...)``.
    reference_basis: str
    cost_bb_per_100: float
    #: The stored game codes and table sizes of the player's hands behind it.
    games: tuple[str, ...]
    table_sizes: tuple[int | None, ...]
    positions: tuple[str, ...]
    #: ``pokerhh explain ...``: the command that lists the hands behind it.
    hands_command: str

    @property
    def flagged(self) -> bool:
        return self.direction is not None

    def record(self) -> dict[str, object]:
        out = asdict(self)
        out["flagged"] = self.flagged
        out["game_label"] = FAMILY_LABELS.get(self.game, self.game)
        return out


@dataclass(frozen=True, slots=True)
class LeakReport:
    """Every assessment of one player, the flagged ones (leaks) first by cost."""

    player: str
    kind: str
    #: ``Me (person: PokerStars, Bovada)``, ``Hero (PokerStars)``.
    label: str
    accounts: tuple[Account, ...]
    hands: int
    assessed: tuple[Assessment, ...] = field(default=())

    @property
    def leaks(self) -> tuple[Assessment, ...]:
        flagged = [a for a in self.assessed if a.flagged]
        return tuple(sorted(flagged, key=lambda a: (-a.cost_bb_per_100, a.stat, a.position)))

    def record(self) -> dict[str, object]:
        return {
            "player": self.player,
            "kind": self.kind,
            "label": self.label,
            "accounts": [{"site": a.site, "name": a.name} for a in self.accounts],
            "hands": self.hands,
            "source": SOURCE,
            "leaks": [a.record() for a in self.leaks],
            "assessed": [a.record() for a in self.assessed],
        }


def subject_for(conn: sqlite3.Connection, text: str) -> Subject:
    """Whose leaks ``--player text`` asks: a person, an account ``SITE:NAME``, or a name
    stored in one room (a name in several rooms is several players: say which, or join
    them with ``pokerhh alias add``). Raises :class:`BadFilter`."""
    subject = resolve(conn, text)
    if subject.kind != "name":
        return subject
    spellings = stored_players(conn, [text])  # BadFilter for a name stored nowhere
    marks = ", ".join("?" * len(spellings))
    accounts = [Account(site, name) for site, name in conn.execute(
        f"SELECT site, name FROM players WHERE name IN ({marks}) AND NOT anonymous "
        "ORDER BY site, name", spellings)]  # fmt: skip
    if len(accounts) > 1:
        listed = ", ".join(str(a) for a in accounts)
        raise BadFilter(
            f"{text!r} is {len(accounts)} players ({listed}): name one as SITE:NAME, or join"
            f" them with `pokerhh alias add NAME {' '.join(shlex.quote(str(a)) for a in accounts)}`"
        )
    return Subject("account", accounts[0].name, tuple(accounts))


def _sums_sql(query: StatsQuery, chosen: Sequence[Stat]) -> tuple[str, list[object]]:
    bb = stat("bb_per_100")
    where, params = replace(query, players=(), player_ids=None).where()
    codes = [code for codes in FAMILIES.values() for code in codes]
    parts = [
        "count(*) AS hands",
        f"sum({bb.n}) AS bb_hands",
        f"sum(CASE WHEN {bb.n} THEN {bb.x} END) AS bb_net",
    ]
    for s in chosen:
        spot = f"{_spot(s)} AND {bb.n}"
        parts += [f"sum({s.x})", f"sum({s.n})", f"sum(CASE WHEN {spot} THEN 1 ELSE 0 END)",
                  f"sum(CASE WHEN {spot} THEN {bb.x} END)"]  # fmt: skip
    sql = f"""
        SELECT s.player_id, h.game, h.max_seats, s.position, {", ".join(parts)}
        {FROM_HANDS_FIRST}
        WHERE h.status = 'ok' AND NOT p.anonymous AND {where}
          AND h.game IN ({", ".join("?" * len(codes))})
        GROUP BY s.player_id, h.game, h.max_seats, s.position
    """
    return sql, [*params, *codes]


def find_leaks(
    conn: sqlite3.Connection,
    query: StatsQuery,
    subject: Subject,
    stakes: Sequence[str] = (),
) -> LeakReport:
    """``subject``'s statistics under ``query``'s filters (``stakes`` as typed) against
    the reference ranges of each game family and table size he played."""
    query = checked_query(conn, replace(query, players=(), player_ids=None), stakes)
    chosen = assessed_stats()
    mine = set(account_ids(conn, subject.accounts))
    sql, params = _sums_sql(query, chosen)
    own: dict[_Cell, list[_Sums]] = defaultdict(lambda: [_Sums() for _ in chosen])
    others: dict[int, dict[_Cell, list[_Sums]]] = defaultdict(dict)
    hands = bb_hands = 0
    for row in conn.execute(sql, params):
        player_id, game, seats, position = row[:4]
        sums = [
            _Sums(row[7 + 4 * i] or 0, row[8 + 4 * i] or 0, row[9 + 4 * i] or 0,
                  row[10 + 4 * i] or 0.0)
            for i in range(len(chosen))
        ]  # fmt: skip
        cell = (game, seats, position)
        if player_id in mine:
            hands += row[4]
            bb_hands += row[5] or 0
            for total, part in zip(own[cell], sums, strict=True):
                total.add(part)
        else:
            others[player_id][cell] = sums
    assessed: list[Assessment] = []
    contexts = sorted({(family(g), table_class(m)) for g, m, _ in own},
                      key=lambda c: (str(c[0]), c[1]))  # fmt: skip
    for game_family, table in contexts:
        if game_family is None:
            continue
        cells = [c for c in own if _in(c, game_family, table)]
        for index, s in enumerate(chosen):
            for ref in ranges_for(s.name, game_family, table):
                covered = [c for c in cells if (c[2] is not None and ref.covers(c[2]))
                           or ref.position == "any"]  # fmt: skip
                if not covered:
                    continue
                assessed.append(_assess(
                    s, index, ref, game_family, table, covered, own, others,
                    bb_hands, subject, query, stakes,
                ))  # fmt: skip
    return LeakReport(subject.name, subject.kind, subject.label, subject.accounts, hands,
                      tuple(assessed))  # fmt: skip


def direction(low: float, high: float, reference_low: float, reference_high: float) -> str | None:
    """``low`` when the whole interval [low, high] lies below the range, ``high`` when it
    lies above, None when they touch: only then is a statistic a leak, not noise.

    >>> direction(0.04, 0.21, 0.5, 0.78), direction(0.45, 0.6, 0.5, 0.78)
    ('low', None)
    >>> direction(0.79, 0.9, 0.5, 0.78), direction(0.78, 0.9, 0.5, 0.78)
    ('high', None)
    """
    if high < reference_low:
        return "low"
    return "high" if low > reference_high else None


def _in(cell: _Cell, game_family: str, table: str) -> bool:
    """Whether a row of sums is of this game family and table class."""
    return family(cell[0]) == game_family and table_class(cell[1]) == table


def _total(cells: Iterable[_Cell], sums: dict[_Cell, list[_Sums]], index: int) -> _Sums:
    total = _Sums()
    for cell in cells:
        if cell in sums:
            total.add(sums[cell][index])
    return total


def _interval(s: Stat, x: float, n: float) -> tuple[float | None, float, float]:
    """The value and its 95% interval: Wilson's for a rate; for AF (bets and raises ÷
    calls) Wilson's of its share ``x ÷ (x + n)`` mapped through ``p ÷ (1 − p)``, which is
    monotonic, so the same 95% covers AF (its upper end infinite with no call)."""
    if s.kind is Kind.RATIO:
        low_p, high_p = wilson(x, x + n)
        value = x / n if n else None
        low = low_p / (1 - low_p) if low_p < 1 else float("inf")
        high = high_p / (1 - high_p) if high_p < 1 else float("inf")
        return value, low, high
    low, high = wilson(x, n)
    return (x / n if n else None), low, high


def _assess(
    s: Stat, index: int, ref: Range, game_family: str, table: str, covered: list[_Cell],
    own: dict[_Cell, list[_Sums]], others: dict[int, dict[_Cell, list[_Sums]]],
    bb_hands: int, subject: Subject, query: StatsQuery, stakes: Sequence[str],
) -> Assessment:  # fmt: skip
    mine = _total(covered, own, index)
    value, low, high = _interval(s, mine.x, mine.n)
    way = direction(low, high, ref.low, ref.high)
    # The reference: other players whose own rate lies in the range, pooled.
    pooled, players = _Sums(), 0
    for cells in others.values():
        theirs = _total(
            (c for c in cells if _in(c, game_family, table) and (ref.position == "any"
             or (c[2] is not None and ref.covers(c[2])))), cells, index)  # fmt: skip
        if theirs.n < MIN_REFERENCE_CHANCES:
            continue
        rate = theirs.x / theirs.n
        if ref.low <= rate <= ref.high:
            pooled.add(theirs)
            players += 1
    if pooled.spots >= MIN_REFERENCE_SPOTS:
        reference = pooled.spot_bb / pooled.spots
        basis = f"players in range ({players} players, {pooled.spots} spots)"
    else:
        reference = 0.0
        basis = f"break-even (players in range hold {pooled.spots} spots, fewer than" \
                f" {MIN_REFERENCE_SPOTS})"  # fmt: skip
    result = mine.spot_bb / mine.spots if mine.spots else None
    cost = (reference - (result or 0.0)) * mine.spots / bb_hands * 100 if bb_hands else 0.0
    games = tuple(sorted({c[0] for c in covered}))
    sizes = tuple(sorted({c[1] for c in covered}, key=lambda m: -1 if m is None else m))
    positions = tuple(sorted({c[2] for c in covered if c[2] is not None}))
    command = _command(s.name, subject, query, stakes, games, sizes,
                       positions if ref.position != "any" else ())  # fmt: skip
    return Assessment(
        stat=s.name, label=s.label, game=game_family, table=table, position=ref.position,
        x=int(mine.x), n=int(mine.n), value=value, low=low, high=high,
        reference_low=ref.low, reference_high=ref.high, direction=way,
        spots=mine.spots, result_bb_per_spot=result, reference_bb_per_spot=reference,
        reference_basis=basis, cost_bb_per_100=cost, games=games, table_sizes=sizes,
        positions=positions, hands_command=command,
    )  # fmt: skip


def _command(
    name: str, subject: Subject, query: StatsQuery, stakes: Sequence[str],
    games: Sequence[str], sizes: Sequence[int | None], positions: Sequence[str],
) -> str:  # fmt: skip
    """``pokerhh explain NAME --player ... --site ...``: the hands behind one assessment."""
    words = ["pokerhh", "explain", name]
    for player in dict.fromkeys(a.name for a in subject.accounts):
        words += ["--player", player]
    for site in dict.fromkeys(a.site for a in subject.accounts):
        words += ["--site", site]
    for game in games:
        words += ["--game", game]
    for size in sizes:
        if size is not None:
            words += ["--table-size", str(size)]
    for position in positions:
        words += ["--position", position]
    filters = query.filters
    if filters.date_from:
        words += ["--from", filters.date_from.isoformat()]
    if filters.date_to:
        words += ["--to", filters.date_to.isoformat()]
    for text in stakes:
        words += ["--stakes", text]
    if filters.kind in ("cash", "tournament"):
        words.append(f"--{filters.kind}")
    return " ".join(shlex.quote(w) for w in words)


def leak_hands(
    conn: sqlite3.Connection, query: StatsQuery, subject: Subject, leak: Assessment
) -> list[tuple[str, str]]:
    """(site, hand id) of the hands behind ``leak``: the player's spots of its statistic
    in its games, table sizes and positions, under ``query``'s filters (checked), oldest
    first, at most :data:`HANDS_LIMIT`."""
    found = stat(leak.stat)
    ids = account_ids(conn, subject.accounts)
    where, params = replace(query, players=(), player_ids=tuple(ids)).where()
    sizes = ", ".join("?" * len(leak.table_sizes))
    clauses = [where, _spot(found), f"h.game IN ({', '.join('?' * len(leak.games))})",
               f"coalesce(h.max_seats, -1) IN ({sizes})"]  # fmt: skip
    params += [*leak.games, *(-1 if m is None else m for m in leak.table_sizes)]
    if leak.position != "any":
        clauses.append(f"s.position IN ({', '.join('?' * len(leak.positions))})")
        params += leak.positions
    sql = f"""
        SELECT h.site, h.hand_id {FROM_HANDS_FIRST}
        WHERE h.status = 'ok' AND {" AND ".join(clauses)}
        ORDER BY h.started_at, h.id LIMIT ?
    """
    return [(site, hand_id) for site, hand_id in conn.execute(sql, [*params, HANDS_LIMIT])]
