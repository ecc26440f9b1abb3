"""The dashboard's reads: parameterised SQL over an open connection -> pandas DataFrames.

Pure functions of ``(conn, filters, ...)``: no Streamlit, no caching, no connection of their
own, so tests call them directly and the dashboard wraps them in ``st.cache_data``
(``dashboard/data.py``). Every value a user can type or pick reaches SQLite as a parameter.

Money comes out in two forms: the stored integers (smallest unit, for exact work) and, for
tables and charts, ``float`` columns in major units (``net_won``) or big blinds; those are
for display only.

**Adding statistics.** The player table is built in one place: :data:`PLAYER_AGGREGATES`
(SQL aggregates over ``hand_players hp JOIN hands h``) and :func:`_player_ratios` (the
columns derived from them). A per-hand statistics table joins in :data:`PLAYER_JOINS` and
adds its aggregates there (``sum(s.vpip) AS vpip_n``) and its ratios in ``_player_ratios``.
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from analytics.lazy_modules import LazyModule
from analytics.output.format import CHIP_CURRENCIES, Money
from analytics.stats import catalog
from analytics.store.lookup import StoredHand
from analytics.store.rawtext import TextReader

if TYPE_CHECKING:
    import pandas as pd
else:  # loaded when a frame is built: the importer never needs it (issue 11)
    pd = LazyModule("pandas")

#: (currency, small blind, big blind) in the smallest unit: one stakes level.
Stake = tuple[str, int, int]

CASH, TOURNAMENT, ALL = "cash", "tournament", "all"


@dataclass(frozen=True, slots=True, kw_only=True)
class Filters:
    """The sidebar's filters; the default selects everything."""

    #: Inclusive dates (UTC) as ``date`` objects, or None for no bound.
    date_from: dt.date | None = None
    date_to: dt.date | None = None
    #: Game codes (``NLHE``, ``PLO``); empty for all.
    games: tuple[str, ...] = ()
    stakes: tuple[Stake, ...] = ()
    #: ``all``, ``cash`` or ``tournament``.
    kind: str = ALL
    #: Rooms (``hands.site``: ``PokerStars``, ``GGPoker``); empty for all.
    sites: tuple[str, ...] = ()
    #: The hands a query selects (``analytics.query``, issue 25 item 2): SQL selecting
    #: ``hands.id``, and its parameters; "" for every hand. The pre-aggregated sums cannot
    #: answer it: with it set, readers go to the per-hand rows.
    hands_sql: str = ""
    hands_params: tuple[object, ...] = ()

    def key_clauses(self, alias: str, clauses: list[str], params: list[object]) -> None:
        """The game, stakes and room conditions, added to ``clauses`` and ``params``: the
        columns of the same names in ``hands`` and in the pre-aggregated sums
        (``analytics.store.aggregates.filters_where``)."""
        if self.games:
            clauses.append(f"{alias}.game IN ({', '.join('?' * len(self.games))})")
            params.extend(self.games)
        if self.stakes:
            rows = ", ".join("(?, ?, ?)" for _ in self.stakes)
            clauses.append(
                f"({alias}.currency, {alias}.small_blind, {alias}.big_blind) IN (VALUES {rows})"
            )
            for stake in self.stakes:
                params.extend(stake)
        if self.sites:
            clauses.append(f"{alias}.site IN ({', '.join('?' * len(self.sites))})")
            params.extend(self.sites)

    def where(self, alias: str = "h") -> tuple[str, list[object]]:
        """A SQL condition on the hands table ``alias`` and its parameters.

        >>> Filters(games=("NLHE",), kind="cash").where()
        ('h.game IN (?) AND h.tournament_id IS NULL', ['NLHE'])
        >>> Filters().where()
        ('1', [])
        >>> Filters(sites=("GGPoker", "Winamax")).where()
        ('h.site IN (?, ?)', ['GGPoker', 'Winamax'])
        """
        clauses: list[str] = []
        params: list[object] = []
        if self.date_from is not None:
            clauses.append(f"{alias}.started_at >= ?")
            params.append(self.date_from.isoformat())
        if self.date_to is not None:
            clauses.append(f"{alias}.started_at < ?")
            params.append((self.date_to + dt.timedelta(days=1)).isoformat())
        self.key_clauses(alias, clauses, params)
        if self.kind == CASH:
            clauses.append(f"{alias}.tournament_id IS NULL")
        elif self.kind == TOURNAMENT:
            clauses.append(f"{alias}.tournament_id IS NOT NULL")
        if self.hands_sql:
            clauses.append(f"{alias}.id IN ({self.hands_sql})")
            params.extend(self.hands_params)
        return (" AND ".join(clauses) or "1"), params


def _frame(conn: sqlite3.Connection, sql: str, params: Sequence[object] = ()) -> pd.DataFrame:
    cursor = conn.execute(sql, list(params))
    columns = [c[0] for c in cursor.description]
    return pd.DataFrame.from_records(cursor.fetchall(), columns=columns)


# -- the database as a whole -------------------------------------------------------------


def status_counts(conn: sqlite3.Connection) -> dict[str, int]:
    """Stored hands by status (``{}`` for an empty or not yet created schema)."""
    from analytics.store import aggregates

    try:
        if not aggregates.available(conn):
            rows = conn.execute("SELECT status, count(*) FROM hands GROUP BY status").fetchall()
            return {status: count for status, count in rows}
    except sqlite3.OperationalError:  # no hands table: a database nothing was imported into
        return {}
    # The ok hands counted in the sums; the others in the partial index hands_quarantined.
    (ok,) = conn.execute(f"SELECT sum(hands) FROM {aggregates.HAND_TABLE.name}").fetchone()
    counts = {"ok": ok} if ok else {}
    rows = conn.execute(
        "SELECT status, count(*) FROM hands WHERE status <> 'ok' GROUP BY status"
    ).fetchall()
    counts.update({status: count for status, count in rows})
    return dict(sorted(counts.items()))


def ok_hands(conn: sqlite3.Connection, filters: Filters) -> int:
    """The ``ok`` hands under ``filters``: the Overview's "Hands (ok)", which counted every
    stored hand whatever the sidebar chose (issue 23, item 17)."""
    from analytics.store import aggregates

    if filters.kind == ALL and aggregates.available(conn):  # the hand sums have no kind
        table = aggregates.HAND_TABLE
        where, params = aggregates.filters_where(filters, days=True)
        sql = f"SELECT coalesce(sum(a.hands), 0) FROM {table.name} a WHERE {where}"
    else:
        where, params = filters.where("h")
        sql = f"SELECT count(*) FROM hands h WHERE h.status = 'ok' AND {where}"
    (count,) = conn.execute(sql, params).fetchone()
    return int(count)


@dataclass(frozen=True, slots=True)
class Options:
    """What the sidebar offers: the values present in the database."""

    first_date: dt.date | None
    last_date: dt.date | None
    games: tuple[str, ...]
    #: (currency, small blind, big blind, unit), most hands first.
    stakes: tuple[tuple[str, int, int, int], ...]
    #: Player names, most hands first.
    players: tuple[str, ...]
    #: Rooms (``hands.site``), most hands first.
    sites: tuple[str, ...] = ()


def filter_options(
    conn: sqlite3.Connection, max_players: int = 5000, *, aggregated: bool | None = None
) -> Options:
    """The sidebar's choices: from the sums (:mod:`analytics.store.aggregates`) when the database
    has them, a few thousand rows, else from ``hands`` and ``hand_players``."""
    from analytics.store import aggregates

    if aggregates.available(conn) if aggregated is None else aggregated:
        return _summed_options(conn, max_players)
    first, last = conn.execute(
        "SELECT min(started_at), max(started_at) FROM hands WHERE status = 'ok'"
    ).fetchone()
    games = [
        r[0]
        for r in conn.execute(
            "SELECT game FROM hands WHERE status = 'ok' AND game IS NOT NULL "
            "GROUP BY game ORDER BY count(*) DESC, game"
        )
    ]
    stakes = conn.execute(
        "SELECT currency, small_blind, big_blind, unit FROM hands "
        "WHERE status = 'ok' AND big_blind IS NOT NULL "
        "GROUP BY currency, small_blind, big_blind, unit "
        "ORDER BY count(*) DESC, currency, big_blind"
    ).fetchall()
    # Counted in the partial index ``hand_players_dealt_in`` alone (migration 0004), the
    # names read from ``players``: no ``hand_players`` row is read.
    players = [
        r[0]
        for r in conn.execute(
            "SELECT p.name FROM (SELECT player_id, count(*) AS hands FROM hand_players "
            "WHERE dealt_in GROUP BY player_id) c JOIN players p ON p.id = c.player_id "
            "WHERE NOT p.anonymous ORDER BY c.hands DESC, p.name LIMIT ?",
            (max_players,),
        )
    ]
    sites = [
        r[0]
        for r in conn.execute(
            "SELECT site FROM hands WHERE status = 'ok' GROUP BY site ORDER BY count(*) DESC, site"
        )
    ]
    return Options(
        first_date=_date(first),
        last_date=_date(last),
        games=tuple(games),
        stakes=tuple(tuple(s) for s in stakes),
        players=tuple(players),
        sites=tuple(sites),
    )


def _summed_options(conn: sqlite3.Connection, max_players: int) -> Options:
    """:func:`filter_options` from the sums: the same values in the same order (hands
    counted per key, seats per player)."""
    first, last = conn.execute(
        "SELECT min(NULLIF(day, '')), max(NULLIF(day, '')) FROM hand_sums"
    ).fetchone()
    games = [r[0] for r in conn.execute(
        "SELECT game FROM hand_sums WHERE game <> '' GROUP BY game "
        "ORDER BY sum(hands) DESC, game"
    )]  # fmt: skip
    stakes = conn.execute(
        "SELECT NULLIF(currency, ''), NULLIF(small_blind, -1), big_blind, NULLIF(unit, -1) "
        "FROM hand_sums WHERE big_blind <> -1 "
        "GROUP BY currency, small_blind, big_blind, unit "
        "ORDER BY sum(hands) DESC, NULLIF(currency, ''), big_blind"
    ).fetchall()
    # From the totals (no position key): the same seats in a sixth of the rows.
    players = [r[0] for r in conn.execute(
        "SELECT p.name FROM (SELECT player_id, sum(seats) AS hands FROM player_totals "
        "GROUP BY player_id) c JOIN players p ON p.id = c.player_id "
        "WHERE NOT p.anonymous ORDER BY c.hands DESC, p.name LIMIT ?",
        (max_players,),
    )]  # fmt: skip
    sites = [r[0] for r in conn.execute(
        "SELECT site FROM hand_sums GROUP BY site ORDER BY sum(hands) DESC, site"
    )]  # fmt: skip
    return Options(
        first_date=_date(first), last_date=_date(last), games=tuple(games),
        stakes=tuple(tuple(s) for s in stakes), players=tuple(players), sites=tuple(sites),
    )  # fmt: skip


def _date(iso: str | None) -> dt.date | None:
    return dt.date.fromisoformat(iso[:10]) if iso else None


def stakes_label(currency: str, small: int, big: int, unit: int) -> str:
    """``$0.05/$0.10``, ``25/50 chips``.

    >>> stakes_label("USD", 5, 10, 100), stakes_label("CHIPS", 25, 50, 1)
    ('$0.05/$0.10', '25/50 chips')
    """
    label = Money(currency, unit).stakes(small, big)
    return f"{label} {currency.lower()}" if currency in CHIP_CURRENCIES else label


# -- players ------------------------------------------------------------------------------

#: (column, SQL aggregate) of the player table, over ``hand_players hp JOIN hands h``:
#: in the statistics catalog, which the store's sums read too (issue 25, item 1).
PLAYER_AGGREGATES = catalog.PLAYER_AGGREGATES
#: The ids of the anonymous seats' ``players`` rows (migration 0012: Bovada's "Seat N"),
#: which no list, statistic or search of players shows (issue 22, item 4). A subquery
#: SQLite runs once per statement, however many seats it tests.
ANONYMOUS = "SELECT id FROM players WHERE anonymous"
#: Further tables joined to the player table's rows (per-hand statistics, later).
PLAYER_JOINS = ""


def player_table(
    conn: sqlite3.Connection,
    filters: Filters,
    *,
    aggregated: bool | None = None,
    player_ids: Sequence[int] | None = None,
) -> pd.DataFrame:
    """One row per player and currency: hands, net won, bb/100, showdown results; of the
    players ``player_ids`` alone when given (the overview's, :mod:`analytics.stats.leaders`).

    From the pre-aggregated sums (:mod:`analytics.store.aggregates`) when the database has them
    (``aggregated=None``), else, or with ``aggregated=False``, from the per-hand rows; the
    figures are the same.

    Currencies are never added together: a player with cash and tournament hands has a
    row for each (filter by cash/tournament to see one).

    Read hands first (``CROSS JOIN`` fixes SQLite's order): each hand's seats are then one
    range of the WITHOUT ROWID ``hand_players``, read in stored order, rather than a lookup
    in ``hands`` per seat through the ``player_id`` index (1.2 s against 0.8 s on 100,000
    hands).
    """
    from analytics.store import aggregates as sums

    if aggregated is None:
        aggregated = sums.available(conn)
    if aggregated:
        table = sums.player_table_for(filters)
        where, params = sums.filters_where(filters, days=table is sums.DAY_TABLE)
        where += _only_players("a", player_ids, params)
        columns = ",\n  ".join(f"sum(a.pt_{name}) AS {name}" for name, _ in PLAYER_AGGREGATES)
        sql = f"""
            SELECT min(p.name) AS player, min(a.site) AS site,
                   {table.key("currency")} AS currency, max({table.key("unit")}) AS unit,
              {columns}
            FROM {table.name} a JOIN players p ON p.id = a.player_id
            WHERE {where} AND NOT p.anonymous
            GROUP BY a.player_id, a.currency
            ORDER BY hands DESC, player
        """
        return _player_ratios(_frame(conn, sql, params))
    where, params = filters.where()
    where += _only_players("hp", player_ids, params)
    aggregates = ",\n  ".join(f"{sql} AS {name}" for name, sql in PLAYER_AGGREGATES)
    sql = f"""
        SELECT min(hp.name) AS player, min(h.site) AS site, h.currency AS currency,
               max(h.unit) AS unit,
          {aggregates}
        FROM hands h CROSS JOIN hand_players hp ON hp.hand = h.id {PLAYER_JOINS}
        WHERE hp.dealt_in AND h.status = 'ok' AND {where} AND hp.player_id NOT IN ({ANONYMOUS})
        GROUP BY hp.player_id, h.currency
        ORDER BY hands DESC, player
    """
    return _player_ratios(_frame(conn, sql, params))


def _only_players(alias: str, player_ids: Sequence[int] | None, params: list[object]) -> str:
    """`` AND alias.player_id IN (the ids)`` (the ids one JSON parameter, appended to
    ``params``), or nothing without ids."""
    if player_ids is None:
        return ""
    params.append(json.dumps(list(player_ids)))
    return f" AND {alias}.player_id IN (SELECT value FROM json_each(?))"


def _player_ratios(df: pd.DataFrame) -> pd.DataFrame:
    """The displayed columns: money in major units, rates per 100 hands, percentages."""
    unit = df["unit"].where(df["unit"] > 0, 1) if len(df) else df["unit"]
    out = pd.DataFrame(
        {
            "player": df["player"],
            "site": df["site"],
            "currency": df["currency"],
            "hands": df["hands"],
            "net_won": df["net"] / unit,
            "bb_per_100": df["net_bb"] / df["hands"] * 100,
            "won_showdown": df["net_showdown"] / unit,
            "won_no_showdown": df["net_no_showdown"] / unit,
            "wtsd_pct": _pct(df["showdowns"], df["saw_flop"]),
            "wsd_pct": _pct(df["showdowns_won"], df["showdowns"]),
            "showdowns": df["showdowns"],
            "all_ins": df["all_ins"],
            "rake_paid": df["rake_paid"] / unit,
        }
    )
    return out.reset_index(drop=True)


def _pct(part: pd.Series, whole: pd.Series) -> pd.Series:
    return (part * 100.0 / whole.where(whole > 0)).astype(float)


def player_hands(conn: sqlite3.Connection, filters: Filters, player: str) -> pd.DataFrame:
    """One row per ``ok`` hand the player was dealt into, oldest first.

    ``all_in_ev_status`` and ``all_in_ev`` (REAL, smallest unit) come from the
    ``all_in_ev`` table: None for the hands without an all-in point with cards to come.

    The player's rows are read through the player-id index (``CROSS JOIN`` fixes the
    order): without it SQLite walks every hand in date order for the ``ORDER BY``, which on
    1,000,000 hands is a full scan for a player in a few thousand of them. No
    ``h.status = 'ok'``: only ``ok`` hands have ``hand_players`` rows (migration 0001), and
    that condition alone made SQLite build a Bloom filter over every hand first (0.45 s
    instead of 0.27 s for a player in 45,000 of 1,000,000 hands).
    """
    where, params = filters.where()
    sql = f"""
        SELECT h.site, h.hand_id, h.started_at, h.game, h.currency, h.unit, h.big_blind,
               h.betting, h.big_bet,
               hp.position, hp.hole_cards, hp.net, hp.went_to_showdown, hp.all_in,
               e.all_in_ev_status, e.all_in_ev
        FROM hand_players hp CROSS JOIN hands h ON h.id = hp.hand
        LEFT JOIN all_in_ev e ON e.hand = hp.hand AND e.seat = hp.seat
        WHERE hp.player_id IN (SELECT id FROM players WHERE name = ? AND NOT anonymous)
          AND hp.dealt_in
          AND {where}
        ORDER BY h.started_at, h.id
    """
    return _frame(conn, sql, [player, *params])


#: Positions in table order for charts (PokerTracker's names).
POSITION_ORDER = ("SB", "BB", "UTG", "UTG+1", "UTG+2", "MP", "MP+1", "HJ", "CO", "BTN")
#: The position of a seat in a game without a button (stud, razz): it acts by its cards,
#: so it has none, which reads better than "?" (issue 23, item 17).
NO_POSITION = "none (stud)"


def results_by_position(hands: pd.DataFrame) -> pd.DataFrame:
    """Hands, net won (major units) and bb/100 per position."""
    if hands.empty:
        return pd.DataFrame(columns=["position", "hands", "net_won", "bb_per_100"])
    frame = hands.assign(
        position=hands["position"].fillna(NO_POSITION),
        won=hands["net"] / hands["unit"].where(hands["unit"] > 0, 1),
        bb=hands["net"] / hands["big_blind"].where(hands["big_blind"] > 0),
    )
    grouped = frame.groupby("position").agg(
        hands=("net", "size"), net_won=("won", "sum"), bb=("bb", "sum")
    )
    grouped["bb_per_100"] = grouped["bb"] / grouped["hands"] * 100
    order = {p: i for i, p in enumerate(POSITION_ORDER)}
    grouped = grouped.reset_index()
    grouped["_order"] = grouped["position"].map(lambda p: order.get(p, len(order)))
    return (
        grouped.sort_values(["_order", "position"])
        .drop(columns=["_order", "bb"])
        .reset_index(drop=True)
    )


# -- hands --------------------------------------------------------------------------------

STATUSES = ("ok", "invalid", "cancelled", "incomplete", "unsupported")


@dataclass(frozen=True, slots=True, kw_only=True)
class HandSearch:
    """The Hands page's own filters, on top of the sidebar's."""

    #: Part of a player's name (case-insensitive), or "".
    player: str = ""
    #: Smallest total pot, in big blinds.
    min_pot_bb: float = 0.0
    showdown_only: bool = False
    all_in_only: bool = False
    statuses: tuple[str, ...] = ("ok",)
    limit: int = 1000
    #: Only these hands, (site, hand id), when given: a leak's (issue 25, item 4).
    only: tuple[tuple[str, str], ...] = ()


def _like(text: str) -> str:
    """A LIKE pattern matching ``text`` anywhere, with ``%`` and ``_`` taken literally."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


#: Below this share of every seat, the hand search finds a player's hands by the index.
SEARCH_INDEX_SHARE = 1 / 20


def _few_seats(conn: sqlite3.Connection, pattern: str) -> bool:
    """Whether the players whose names match ``pattern`` sit in few of the seats (counted
    in the pre-aggregated sums; without them, the walk in date order is kept)."""
    from analytics.store import aggregates

    if not aggregates.available(conn):
        return False
    mine, every = conn.execute(
        "SELECT sum(seats * (player_id IN (SELECT id FROM players WHERE name LIKE ? "
        "ESCAPE '\\' AND NOT anonymous))), sum(seats) FROM player_sums",
        (pattern,),
    ).fetchone()
    return bool(every) and (mine or 0) < every * SEARCH_INDEX_SHARE


def hands_table(
    conn: sqlite3.Connection, filters: Filters, search: HandSearch, hero: str | None = None
) -> pd.DataFrame:
    """Hands matching the filters, newest first, with the hero's cards and result."""
    where, params = filters.where()
    clauses = [where]
    extra: list[object] = []
    if search.statuses:
        clauses.append(f"h.status IN ({', '.join('?' * len(search.statuses))})")
        extra.extend(search.statuses)
    if search.player.strip():
        pattern = _like(search.player.strip())
        if _few_seats(conn, pattern):
            # Few hands: found through the player-id index, then sorted (a walk in date
            # order would read every hand before it had found them all).
            clauses.append(
                "h.id IN (SELECT p.hand FROM hand_players p WHERE p.player_id IN "
                "(SELECT id FROM players WHERE name LIKE ? ESCAPE '\\' AND NOT anonymous) "
                "AND p.dealt_in)"
            )
        else:
            clauses.append(
                "EXISTS (SELECT 1 FROM hand_players p WHERE p.hand = h.id AND p.dealt_in "
                "AND p.name LIKE ? ESCAPE '\\' AND p.player_id NOT IN "
                f"({ANONYMOUS}))"
            )
        extra.append(pattern)
    if search.min_pot_bb > 0:
        clauses.append("h.total_pot >= ? * h.big_blind")
        extra.append(search.min_pot_bb)
    if search.showdown_only:
        clauses.append(
            "EXISTS (SELECT 1 FROM hand_players p WHERE p.hand = h.id AND p.went_to_showdown)"
        )
    if search.all_in_only:
        clauses.append("EXISTS (SELECT 1 FROM hand_players p WHERE p.hand = h.id AND p.all_in)")
    if search.only:
        clauses.append("(h.site, h.hand_id) IN (SELECT value ->> 0, value ->> 1 FROM json_each(?))")
        extra.append(json.dumps(search.only))
    sql = f"""
        SELECT h.site, h.hand_id, h.started_at, h.game, h.currency, h.unit,
               h.small_blind, h.big_blind, h.table_name, h.tournament_id, h.players,
               h.total_pot, h.boards, h.status, h.problem_kind,
               hero.position AS hero_position, hero.hole_cards AS hero_cards,
               hero.net AS hero_net
        FROM hands h LEFT JOIN hand_players hero ON hero.hand = h.id AND hero.name = ?
        WHERE {" AND ".join(clauses)}
        ORDER BY h.started_at DESC, h.id DESC
        LIMIT ?
    """
    df = _frame(conn, sql, [hero or "", *params, *extra, search.limit])
    unit = df["unit"].fillna(1).where(df["unit"].fillna(1) > 0, 1)
    stakes = [
        # a column with NULLs (stud has no blinds) comes back as floats
        stakes_label(c, int(s), int(b), int(u)) if c and pd.notna(s) and pd.notna(b) else ""
        for c, s, b, u in zip(df["currency"], df["small_blind"], df["big_blind"], unit,
                              strict=True)
    ]  # fmt: skip
    return pd.DataFrame(
        {
            "key": df["site"] + ":" + df["hand_id"],
            "started_at": df["started_at"],
            "game": df["game"],
            "stakes": stakes,
            "table": df["table_name"],
            "players": df["players"],
            "pot": df["total_pot"] / unit,
            "currency": df["currency"],
            "unit": unit,
            "pot_bb": df["total_pot"] / df["big_blind"].where(df["big_blind"] > 0),
            "board": df["boards"],
            "status": df["status"],
            "problem": df["problem_kind"],
            "hero_position": df["hero_position"],
            "hero_cards": df["hero_cards"],
            "hero_net": df["hero_net"] / unit,
        }
    )


def neighbour_hand(
    conn: sqlite3.Connection,
    filters: Filters,
    site: str,
    hand_id: str,
    *,
    forward: bool,
    player: str | None = None,
) -> tuple[str, str] | None:
    """The ``ok`` hand played just after (or before) this one among the filtered hands
    (the player's hands if ``player``), as (site, hand id); None at either end."""
    here = conn.execute(
        "SELECT coalesce(started_at, ''), id FROM hands WHERE site = ? AND hand_id = ?",
        (site, hand_id),
    ).fetchone()
    if here is None:
        return None
    where, params = filters.where()
    clauses = [where, "h.status = 'ok'"]
    if player:
        clauses.append(
            "EXISTS (SELECT 1 FROM hand_players p WHERE p.hand = h.id AND p.name = ? "
            "AND p.dealt_in)"
        )
        params.append(player)
    op, order = (">", "ASC") if forward else ("<", "DESC")
    sql = f"""
        SELECT h.site, h.hand_id FROM hands h
        WHERE {" AND ".join(clauses)} AND (coalesce(h.started_at, ''), h.id) {op} (?, ?)
        ORDER BY coalesce(h.started_at, '') {order}, h.id {order} LIMIT 1
    """
    row = conn.execute(sql, [*params, *here]).fetchone()
    return (row[0], row[1]) if row else None


def first_hand(
    conn: sqlite3.Connection, filters: Filters, player: str | None = None
) -> tuple[str, str] | None:
    """The latest ``ok`` hand among the filtered ones (the viewer's default)."""
    where, params = filters.where()
    clauses = [where, "h.status = 'ok'"]
    if player:
        clauses.append("EXISTS (SELECT 1 FROM hand_players p WHERE p.hand = h.id AND p.name = ?)")
        params.append(player)
    sql = f"""SELECT h.site, h.hand_id FROM hands h WHERE {" AND ".join(clauses)}
              ORDER BY h.started_at DESC, h.id DESC LIMIT 1"""
    row = conn.execute(sql, params).fetchone()
    return (row[0], row[1]) if row else None


_STORED = """
    SELECT h.site, h.hand_id, h.status, h.problem_kind, h.problem_rule, h.problem_message,
           h.problem_line, f.path, h.first_line, h.raw_dictionary, h.raw_z
    FROM hands h JOIN files f ON f.id = h.file_id
    WHERE h.site = ? AND h.hand_id = ?
"""


def hands_numbered(conn: sqlite3.Connection, key: str) -> list[tuple[str, str]]:
    """(site, hand id) of every stored hand ``key`` names: a number, in every room (two
    rooms may use the same one: the viewer then asks which), or ``SITE:NUMBER`` (the room
    in any case). A number is compared as the room means it (``030000`` is ``30000``).

    The Replay page's hand box and its ``?hand=`` link searched the current room only, or
    PokerStars (issue 23, item 15)."""
    from analytics.ingest.pipeline import normal_hand_id

    key = key.strip()
    site, _, number = key.rpartition(":")
    number = normal_hand_id(number.strip())
    if not number:
        return []
    sql, params = "SELECT site, hand_id FROM hands WHERE hand_id = ?", [number]
    if site.strip():
        sql += " AND lower(site) = lower(?)"
        params.append(site.strip())
    return [(found_site, found_id) for found_site, found_id in conn.execute(
        sql + " ORDER BY site", params)]  # fmt: skip


def stored_hand(conn: sqlite3.Connection, site: str, hand_id: str) -> StoredHand | None:
    """One hand's stored record (its text, status and problem), or None."""
    row = conn.execute(_STORED, (site, hand_id)).fetchone()
    if row is None:
        return None
    fields = ("site", "hand_id", "status", "problem_kind", "problem_rule", "problem_message",
              "problem_line", "path", "first_line", "raw")  # fmt: skip
    text = TextReader(conn).text(row[-2], row[-1])
    return StoredHand(**dict(zip(fields, (*row[:-2], text), strict=True)))


def quarantined(conn: sqlite3.Connection, limit: int = 5000) -> pd.DataFrame:
    """Hands stored with a status other than ``ok``, newest import first."""
    sql = """
        SELECT f.path AS file, coalesce(h.problem_line, h.first_line) AS line,
               h.site, h.hand_id, h.status, h.problem_kind AS kind, h.problem_rule AS rule,
               h.problem_message AS reason
        FROM hands h JOIN files f ON f.id = h.file_id
        WHERE h.status <> 'ok'
        ORDER BY h.id DESC LIMIT ?
    """
    return _frame(conn, sql, [limit])
