"""The tournament tables (migrations 0005, 0006) and :func:`refresh`, which rebuilds them.

Summaries are stored as they are read (``tournament_summaries`` and their places, with
the file, in one transaction: :func:`store_summary`). The ``tournaments`` tables are
derived: :func:`refresh` rebuilds every tournament whose hands or summaries changed since
it was last built (their counts are kept on the row), from the stored hands (re-parsed
from their raw text for the buy-in, the notes and the between-hands events; stacks from
``hand_players``) and the latest summary. The import calls it after its last file, so a
killed import is caught up by the next one.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from fractions import Fraction

from analytics.output.format import Money
from analytics.store.db import write_transaction
from analytics.store.rawtext import TextReader
from analytics.tournaments.all_in_icm import MAX_FIELD, icm_spot, payouts_of
from analytics.tournaments.balancing import balance, seat_draw
from analytics.tournaments.live import LoggedHand, Problem, check
from analytics.tournaments.money import place_prizes, prize_pool, rule_book_payouts
from analytics.tournaments.standings import HandStacks, standings
from analytics.tournaments.summaries import Placed, merge_places
from parser.kit.summaries import amount_of
from parser.model import events as ev
from parser.model.hand import ParsedHand, Source, Tournament
from parser.model.summary import TournamentSummary

#: The statements of migration 0005 (``analytics.store.migrations`` runs them).
SCHEMA_0005: tuple[str, ...] = (
    """
    CREATE TABLE tournament_summaries (
        id INTEGER PRIMARY KEY,
        file_id INTEGER NOT NULL UNIQUE REFERENCES files (id),
        site TEXT NOT NULL,
        tournament_id TEXT NOT NULL,
        game_name TEXT NOT NULL,
        kind TEXT NOT NULL,
        currency TEXT NOT NULL,
        unit INTEGER NOT NULL,
        buy_in INTEGER NOT NULL,
        bounty INTEGER NOT NULL,
        fee INTEGER NOT NULL,
        entrants INTEGER,
        added INTEGER NOT NULL,
        prize_pool INTEGER,
        prize_pool_currency TEXT,
        prize_pool_text TEXT NOT NULL,
        target_tournament TEXT,
        target_buy_in INTEGER,
        tickets INTEGER,
        started_at TEXT,
        finished_at TEXT,
        you TEXT,
        you_place INTEGER,
        you_eliminated_hand TEXT,
        you_prize INTEGER,
        you_re_entries INTEGER NOT NULL,
        you_rebuys INTEGER NOT NULL,
        you_addons INTEGER NOT NULL,
        you_extra_cost INTEGER,
        you_bounties INTEGER NOT NULL,
        you_bounty_total INTEGER,
        you_played INTEGER NOT NULL CHECK (you_played IN (0, 1))
    ) STRICT
    """,
    "CREATE INDEX tournament_summaries_key ON tournament_summaries (site, tournament_id)",
    """
    CREATE TABLE tournament_summary_places (
        summary INTEGER NOT NULL REFERENCES tournament_summaries (id),
        idx INTEGER NOT NULL,
        place INTEGER NOT NULL,
        name TEXT NOT NULL,
        country TEXT,
        entries INTEGER NOT NULL,
        still_playing INTEGER NOT NULL CHECK (still_playing IN (0, 1)),
        prize INTEGER,
        prize_currency TEXT,
        prize_text TEXT NOT NULL,
        PRIMARY KEY (summary, idx)
    ) STRICT, WITHOUT ROWID
    """,
    """
    CREATE TABLE tournaments (
        id INTEGER PRIMARY KEY,
        site TEXT NOT NULL,
        tournament_id TEXT NOT NULL,
        game TEXT,
        game_name TEXT,
        currency TEXT NOT NULL,
        unit INTEGER NOT NULL,
        buy_in INTEGER NOT NULL,
        bounty INTEGER NOT NULL,
        fee INTEGER NOT NULL,
        freeroll INTEGER NOT NULL CHECK (freeroll IN (0, 1)),
        entrants INTEGER,
        prize_pool INTEGER,
        started_at TEXT,
        finished_at TEXT,
        still_running INTEGER NOT NULL CHECK (still_running IN (0, 1)),
        shootout INTEGER NOT NULL CHECK (shootout IN (0, 1)),
        hero TEXT,
        hands INTEGER NOT NULL,
        tables INTEGER NOT NULL,
        summaries INTEGER NOT NULL,
        built_at TEXT NOT NULL,
        UNIQUE (site, tournament_id)
    ) STRICT
    """,
    """
    CREATE TABLE tournament_players (
        tournament INTEGER NOT NULL REFERENCES tournaments (id),
        name TEXT NOT NULL,
        place INTEGER,
        tied INTEGER NOT NULL,
        place_source TEXT,
        prize INTEGER,
        prize_text TEXT NOT NULL,
        knockouts INTEGER NOT NULL,
        bounties_won INTEGER NOT NULL,
        entries INTEGER NOT NULL,
        rebuys INTEGER NOT NULL,
        addons INTEGER NOT NULL,
        extra_cost INTEGER NOT NULL,
        eliminated_hand TEXT,
        hands INTEGER NOT NULL,
        all_in_ev_diff REAL,
        icm_ev_diff REAL,
        PRIMARY KEY (tournament, name)
    ) STRICT, WITHOUT ROWID
    """,
    """
    CREATE TABLE tournament_problems (
        tournament INTEGER NOT NULL REFERENCES tournaments (id),
        idx INTEGER NOT NULL,
        kind TEXT NOT NULL,
        rule TEXT,
        hand_id TEXT NOT NULL,
        message TEXT NOT NULL,
        PRIMARY KEY (tournament, idx)
    ) STRICT, WITHOUT ROWID
    """,
    "CREATE INDEX hands_tournament ON hands (site, tournament_id) WHERE tournament_id IS NOT NULL",
)

#: Migration 0006: the ICM-adjusted result of every all-in spot of a tournament whose
#: payouts and field are known (``analytics.tournaments.all_in_icm``), one row per player
#: of the field (those not in the hand too: a bust moves their equity). ``chip_ev_diff`` is
#: the all-in EV minus the net in chips (0 for players not in the hand); the ICM columns
#: are in the smallest unit of the tournament's money: ``icm_expected`` and ``icm_actual``
#: the equity changes as the chip EV expected and as the hand fell, ``icm_ev_diff`` their
#: difference (expected - actual). ``tournament_players.icm_ev_diff`` is its sum.
SCHEMA_0006: tuple[str, ...] = (
    """
    CREATE TABLE tournament_all_ins (
        tournament INTEGER NOT NULL REFERENCES tournaments (id),
        hand_id TEXT NOT NULL,
        idx INTEGER NOT NULL,
        name TEXT NOT NULL,
        in_hand INTEGER NOT NULL CHECK (in_hand IN (0, 1)),
        stack INTEGER NOT NULL,
        chip_ev_diff REAL NOT NULL,
        icm_expected REAL NOT NULL,
        icm_actual REAL NOT NULL,
        icm_ev_diff REAL NOT NULL,
        PRIMARY KEY (tournament, hand_id, name)
    ) STRICT, WITHOUT ROWID
    """,
)

_SUMMARY_COLUMNS = (
    "site", "tournament_id", "game_name", "kind", "currency", "unit", "buy_in", "bounty",
    "fee", "entrants", "added", "prize_pool", "prize_pool_currency", "prize_pool_text",
    "target_tournament", "target_buy_in", "tickets", "started_at", "finished_at", "you",
    "you_place", "you_eliminated_hand", "you_prize", "you_re_entries", "you_rebuys",
    "you_addons", "you_extra_cost", "you_bounties", "you_bounty_total", "you_played",
)  # fmt: skip
_INSERT_FILE = (
    "INSERT INTO files (path, sha256, size, hands, imported_at) VALUES (?, ?, ?, 0, ?)"
    " ON CONFLICT (sha256) DO UPDATE SET path = path RETURNING id"
)


def _iso(when: datetime | None) -> str | None:
    return when.astimezone(UTC).isoformat() if when else None


def store_summary(
    conn: sqlite3.Connection, path: str, sha256: str, size: int, summary: TournamentSummary
) -> bool:
    """Store a summary file and its places in one transaction; False if already stored."""
    now = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    with write_transaction(conn):
        (file_id,) = conn.execute(_INSERT_FILE, (path, sha256, size, now)).fetchone()
        if conn.execute("SELECT 1 FROM tournament_summaries WHERE file_id = ?",
                        (file_id,)).fetchone():  # fmt: skip
            return False
        values = [getattr(summary, c) for c in _SUMMARY_COLUMNS]
        values[_SUMMARY_COLUMNS.index("started_at")] = _iso(summary.started_at)
        values[_SUMMARY_COLUMNS.index("finished_at")] = _iso(summary.finished_at)
        values[-1] = int(summary.you_played)
        marks = ", ".join("?" * (len(values) + 1))
        (summary_id,) = conn.execute(
            f"INSERT INTO tournament_summaries (file_id, {', '.join(_SUMMARY_COLUMNS)})"
            f" VALUES ({marks}) RETURNING id",
            (file_id, *values),
        ).fetchone()
        conn.executemany(
            "INSERT INTO tournament_summary_places VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(summary_id, k, p.place, p.name, p.country, p.entries, int(p.still_playing),
              p.prize, p.prize_currency, p.prize_text) for k, p in enumerate(summary.places)],
        )  # fmt: skip
    return True


# -- refresh -------------------------------------------------------------------------------

Key = tuple[str, str]


def stale(conn: sqlite3.Connection) -> tuple[list[Key], list[Key]]:
    """Tournaments to rebuild (hands or summaries changed), and built ones now empty."""
    sources: dict[Key, list[int]] = {}
    for site, tid, n in conn.execute(
        "SELECT site, tournament_id, count(*) FROM hands WHERE tournament_id IS NOT NULL"
        " GROUP BY site, tournament_id"
    ):
        sources.setdefault((site, tid), [0, 0])[0] = n
    for site, tid, n in conn.execute(
        "SELECT site, tournament_id, count(*) FROM tournament_summaries GROUP BY 1, 2"
    ):
        sources.setdefault((site, tid), [0, 0])[1] = n
    built = {(s, t): [h, n] for s, t, h, n in conn.execute(
        "SELECT site, tournament_id, hands, summaries FROM tournaments")}  # fmt: skip
    todo = sorted(k for k, counts in sources.items() if built.get(k) != counts)
    gone = sorted(k for k in built if k not in sources)
    return todo, gone


def refresh(conn: sqlite3.Connection, keys: Iterable[Key] | None = None) -> int:
    """Rebuild the tournaments that changed (or ``keys``); the number rebuilt."""
    todo, gone = stale(conn)
    if keys is not None:
        todo = sorted(set(keys))
    if not todo and not gone:
        return 0
    with write_transaction(conn):
        for key in gone:
            _delete(conn, key)
        for key in todo:
            _delete(conn, key)
            _build(conn, key)
    return len(todo)


def _delete(conn: sqlite3.Connection, key: Key) -> None:
    row = conn.execute("SELECT id FROM tournaments WHERE site = ? AND tournament_id = ?",
                       key).fetchone()  # fmt: skip
    if row is None:
        return
    for table in ("tournament_players", "tournament_problems", "tournament_all_ins"):
        conn.execute(f"DELETE FROM {table} WHERE tournament = ?", row)
    conn.execute("DELETE FROM tournaments WHERE id = ?", row)


_FINISHED = re.compile(
    r"^(?P<name>.+?) finished the tournament(?: in (?P<place>\d+)\w\w place)?"
    r"(?: and received (?P<prize>\S+?))?\.?\s*$"
)
_WON = re.compile(r"^(?P<name>.+?) wins the tournament(?: and receives (?P<prize>\S+))?")
_BOUNTY = re.compile(
    r"^(?P<winner>.+?) wins (?:the )?(?P<amount>\S+) (?:bounty )?for "
    r"(?P<split>splitting the elimination of|eliminating) (?P<loser>.+?)"
    r"(?: and their own bounty.*)?$"
)
_REBUY = re.compile(
    r"^(?P<name>.+?) (?P<what>re-buys|takes the add-on) and receives (?P<chips>[\d,]+) chips"
    r"(?: for (?P<cost>.+?))?\.?\s*$"
)


@dataclass(slots=True)
class _Player:
    hands: int = 0
    knockouts: int = 0
    bounties_won: int = 0
    rebuys: int = 0
    addons: int = 0
    extra_cost: int = 0
    place: Placed | None = None
    all_in_ev_diff: float | None = None
    icm_ev_diff: float | None = None
    seen: set[str] = field(default_factory=set)


def _money(text: str | None, tournament: Tournament) -> int | None:
    if not text:
        return None
    text = re.sub(r"\s*FPPs?$", " FPP", text.strip().rstrip("."))
    found = amount_of(text)
    if found is None:
        return None
    amount, currency = found
    if currency == "PLAY" and tournament.unit == 100:
        return amount * 100  # "200.00" read as a whole number of play chips
    return amount


def _parse(raw: str, path: str, first_line: int) -> ParsedHand | None:
    from parser.formats import parse_hand
    from parser.model.errors import PokerhhError

    try:
        return parse_hand(Source(path, first_line, raw))
    except PokerhhError:
        return None


def _build(conn: sqlite3.Connection, key: Key) -> None:
    site, tid = key
    rows = conn.execute(
        "SELECT h.id, h.hand_id, h.status, h.started_at, h.table_name, h.game, h.game_name,"
        " h.mixed, h.raw_dictionary, h.raw_z, h.first_line, f.path, h.max_seats FROM hands h"
        " JOIN files f ON f.id = h.file_id"
        " WHERE h.site = ? AND h.tournament_id = ? ORDER BY h.started_at, h.id",
        key,
    ).fetchall()
    reader = TextReader(conn)  # the texts are stored compressed (migration 0007)
    rows = [(*row[:8], reader.text(row[8], row[9]), *row[10:]) for row in rows]
    summary = conn.execute(
        "SELECT * FROM tournament_summaries WHERE site = ? AND tournament_id = ?"
        " ORDER BY finished_at IS NULL, (SELECT count(*) FROM tournament_summary_places p"
        " WHERE p.summary = id) DESC, id DESC LIMIT 1",
        key,
    ).fetchone()
    columns = [d[0] for d in conn.execute("SELECT * FROM tournament_summaries LIMIT 0").description]
    s = dict(zip(columns, summary, strict=True)) if summary else None
    n_summaries = conn.execute(
        "SELECT count(*) FROM tournament_summaries WHERE site = ? AND tournament_id = ?", key
    ).fetchone()[0]
    seats: dict[int, list[tuple[str, int, int, int, int]]] = {}
    ids = [r[0] for r in rows if r[2] == "ok"]
    for chunk in range(0, len(ids), 500):
        part = ids[chunk : chunk + 500]
        for hand, name, seat, start, net, dealt in conn.execute(
            "SELECT hand, name, seat, starting_stack, net, dealt_in FROM hand_players"
            f" WHERE hand IN ({', '.join('?' * len(part))})", part
        ):  # fmt: skip
            seats.setdefault(hand, []).append((name, seat, start, net, dealt))
    evs: dict[tuple[int, int], float] = {}
    for chunk in range(0, len(ids), 500):
        part = ids[chunk : chunk + 500]
        for hand, seat, value in conn.execute(
            "SELECT hand, seat, all_in_ev FROM all_in_ev WHERE all_in_ev IS NOT NULL"
            f" AND hand IN ({', '.join('?' * len(part))})", part
        ):  # fmt: skip
            evs[(hand, seat)] = value

    players: dict[str, _Player] = {}
    tournament: Tournament | None = None
    logged: list[LoggedHand] = []
    stacks: list[HandStacks] = []
    noted: dict[str, Placed] = {}
    problems: list[Problem] = []
    bounty_lines = 0
    hero_votes: Counter[str] = Counter()
    # Bovada's anonymous seats ("Seat 4", migration 0012) show cards too, but are nobody.
    anonymous = {name for (name,) in conn.execute(
        "SELECT name FROM players WHERE site = ? AND anonymous", (site,))}  # fmt: skip
    tables: set[str] = set()
    shootout = False
    #: Hands with an all-in point: (index in ``stacks``, each player's all-in EV).
    all_ins: list[tuple[int, dict[str, float]]] = []
    for hand_key, hand_id, status, _started, table, _g, _gn, _m, raw, first, path, max_seats \
            in rows:  # fmt: skip
        parsed = _parse(raw, path, first)
        if parsed is not None and parsed.tournament is not None:
            tournament = tournament or parsed.tournament
            shootout = shootout or parsed.tournament.round is not None
        table = table or ""
        tables.add(table)
        rebuy_chips: dict[str, int] = {}
        rebought: set[str] = set()
        for event in parsed.events if parsed else ():
            if isinstance(event, ev.DealHole) and event.cards and event.player not in anonymous:
                hero_votes[event.player] += 1
            if not isinstance(event, ev.Note):
                continue
            text = event.text.strip()
            if event.note is ev.NoteKind.FINISHED:
                m = _FINISHED.match(text) or _WON.match(text)
                if m:
                    place = int(m["place"]) if "place" in m.groupdict() and m["place"] else (
                        1 if m.re is _WON else None)  # fmt: skip
                    prize = _money(m["prize"], tournament or Tournament(tournament_id=tid))
                    noted[m["name"]] = Placed(place, prize)
            elif event.note is ev.NoteKind.BOUNTY:
                m = _BOUNTY.match(text)
                if m:
                    bounty_lines += 1
                    p = players.setdefault(m["winner"], _Player())
                    p.knockouts += 1
                    p.bounties_won += _money(m["amount"], tournament or Tournament(
                        tournament_id=tid)) or 0  # fmt: skip
            elif event.note is ev.NoteKind.REBUY:
                m = _REBUY.match(text)
                if m:
                    p = players.setdefault(m["name"], _Player())
                    if m["what"] == "re-buys":
                        p.rebuys += 1
                    else:
                        p.addons += 1
                    p.extra_cost += _money(m["cost"], tournament or Tournament(
                        tournament_id=tid)) or 0  # fmt: skip
                    chips = int(m["chips"].replace(",", ""))
                    rebuy_chips[m["name"]] = rebuy_chips.get(m["name"], 0) + chips
                    rebought.add(m["name"])
        if status != "ok" or hand_key not in seats:
            continue
        listed = seats[hand_key]
        start = {n: st for n, _, st, _, _ in listed}
        end = {n: st + net for n, _, st, net, _ in listed}
        for name, *_ in listed:
            players.setdefault(name, _Player()).hands += 1
        small = big = None
        if parsed is not None:
            for event in parsed.events:
                if isinstance(event, ev.PostBlind) and event.blind is ev.Blind.SMALL:
                    small = small or next((st for n, st, *_ in listed if n == event.player),
                                          None)  # fmt: skip
                if isinstance(event, ev.PostBlind) and event.blind is ev.Blind.BIG:
                    big = next((st for n, st, *_ in listed if n == event.player), None)
                    break
        h4h = parsed.tournament.hand_for_hand if parsed and parsed.tournament else None
        logged.append(LoggedHand(
            hand_id=hand_id, table=table, seats={n: st for n, st, *_ in listed},
            dealt_in=frozenset(n for n, *_, d in listed if d), start=start, end=end,
            rebuy_chips=rebuy_chips, before=parsed.tournament.before if parsed and
            parsed.tournament else (), button=parsed.button_seat if parsed else None,
            small_blind=small, big_blind=big, max_seats=max_seats, hand_for_hand=h4h,
            live=path.lower().rsplit("!", 1)[-1].endswith((".phh", ".phhs")),
        ))  # fmt: skip
        stacks.append(HandStacks(hand_id, table, start, end, frozenset(rebought), h4h))
        spot: dict[str, float] = {}
        for name, seat, _, net, _ in listed:
            if (hand_key, seat) in evs:
                p = players[name]
                p.all_in_ev_diff = (p.all_in_ev_diff or 0.0) + evs[(hand_key, seat)] - net
                spot[name] = evs[(hand_key, seat)]
        if spot:
            all_ins.append((len(stacks) - 1, spot))
    problems += check(logged)
    live_hands = [h for h in logged if h.live]
    if live_hands:
        problems += seat_draw(live_hands) + balance(live_hands)

    tournament = tournament or Tournament(tournament_id=tid)
    single_table = (
        len(tables) == 1
        and bool(stacks)
        and set(stacks[0].start) == {n for h in stacks for n in h.start}
    )
    live = any(h.live for h in logged)
    entrants = s["entrants"] if s else None
    seen = {n for h in stacks for n in h.start}
    beyond = any(note.place is not None and note.place > len(seen) for note in noted.values())
    if entrants is None and (single_table or live) and stacks and not beyond:
        entrants = len({n for h in stacks for n in h.start})
    ranked = standings(stacks, entrants)
    from_hands: dict[str, Placed] = {}
    for standing in ranked:
        if standing.place is not None:
            from_hands[standing.name] = Placed(standing.place, entries=standing.entries)
        p = players.setdefault(standing.name, _Player())
    eliminated = {st.name: st.hand_id for st in ranked if st.hand_id}
    tied = {st.name: st.tied for st in ranked}
    for name, note in noted.items():
        computed = from_hands.get(name)
        if computed and note.place is not None and computed.place != note.place:
            problems.append(Problem("standings_differ", "T3", eliminated.get(name, ""),
                f"{name}: the hands' line says place {note.place}, T3 standings"
                f" {computed.place}"))  # fmt: skip
        from_hands[name] = Placed(
            note.place or (computed.place if computed else None),
            note.prize,
            entries=computed.entries if computed else 1,
        )
    for standing in ranked:
        if standing.name not in from_hands:
            from_hands[standing.name] = Placed(None, entries=standing.entries)
        elif standing.entries > 1:
            old = from_hands[standing.name]
            from_hands[standing.name] = Placed(old.place, old.prize, old.prize_text,
                                               standing.entries, old.source)  # fmt: skip

    from_summary: dict[str, Placed] = {}
    if s is not None:
        for place, name, entries, still, prize, prize_currency, text in conn.execute(
            "SELECT place, name, entries, still_playing, prize, prize_currency, prize_text"
            " FROM tournament_summary_places WHERE summary = ? ORDER BY idx", (s["id"],)
        ):  # fmt: skip
            money = prize if prize_currency in (None, s["currency"]) else None
            if prize_currency not in (None, s["currency"]) and prize is not None:
                text = text or f"{prize} {prize_currency}"
            if name not in from_summary:
                from_summary[name] = Placed(None if still else place, money, text, entries,
                                            "summary")  # fmt: skip
            elif entries > from_summary[name].entries:  # one line per entry: keep the best
                old = from_summary[name]
                from_summary[name] = Placed(old.place, old.prize, old.prize_text, entries,
                                            "summary")  # fmt: skip
        you = s["you"] or (max(hero_votes, key=hero_votes.__getitem__) if hero_votes else None)
        if you and s["you_place"] is not None and you not in from_summary:
            from_summary[you] = Placed(s["you_place"], s["you_prize"], source="summary")
        if you:
            p = players.setdefault(you, _Player())
            if s["you_re_entries"]:
                old = from_summary.get(you, Placed(s["you_place"]))
                from_summary[you] = Placed(old.place, old.prize, old.prize_text,
                                           1 + s["you_re_entries"], "summary")  # fmt: skip
            if s["you_rebuys"] or s["you_addons"]:
                p.rebuys, p.addons = s["you_rebuys"], s["you_addons"]
                p.extra_cost = s["you_extra_cost"] or p.extra_cost
            if s["you_bounties"]:
                p.knockouts = max(p.knockouts, s["you_bounties"])
                p.bounties_won = s["you_bounty_total"] or p.bounties_won
            if s["you_re_entries"] and s["you_extra_cost"] is not None:
                p.extra_cost = 0  # the re-entries are counted as entries
        paid = (s["buy_in"] + s["bounty"], s["fee"])
        hands_paid = (tournament.buy_in + tournament.bounty, tournament.fee)
        if s["fee"] == 0 or tournament.fee == 0:  # "Buy-In: €5.00", "Bounty $8.40": one price
            paid, hands_paid = (sum(paid), 0), (sum(hands_paid), 0)
        stated = tournament.freeroll or sum(hands_paid) > 0  # WPN's "$5,000 GTD" states none
        if paid != hands_paid and rows and stated:
            theirs = Money(s["currency"], s["unit"], grouped=True)
            ours = Money(tournament.currency, tournament.unit, grouped=True)
            problems.append(Problem("summary_differs", "T4", "",
                f"the summary's buy-in is {theirs(s['buy_in'] + s['bounty'])}+"
                f"{theirs(s['fee'])}, the hands' {ours(tournament.buy_in + tournament.bounty)}+"
                f"{ours(tournament.fee)}"))  # fmt: skip
    prizes = Money(s["currency"], s["unit"], grouped=True) if s else str
    merged, differences = merge_places(from_summary, from_hands, money=prizes)
    problems += differences

    if not bounty_lines:  # no bounty lines: the winners of the pot a player went out in
        for name, hand_id in eliminated.items():
            for winner in _knocked_out_by(conn, site, hand_id, name):
                players.setdefault(winner, _Player()).knockouts += 1

    pool = s["prize_pool"] if s and s["prize_pool_currency"] in (None, s["currency"]) else None
    payouts: tuple[int, ...] | None = None
    if s is not None:
        payouts = payouts_of([(place, prize) for place, prize, currency in conn.execute(
            "SELECT place, prize, prize_currency FROM tournament_summary_places"
            " WHERE summary = ? AND still_playing = 0", (s["id"],)
        ) if currency in (None, s["currency"]) or prize is None])  # fmt: skip
    if pool is None and live and entrants:
        entries_total = sum(pl.entries for pl in merged.values()) or entrants
        pool = prize_pool(entries_total, tournament.buy_in)
        payouts = rule_book_payouts(entrants, pool)
        if payouts:
            by_place = place_prizes(payouts, [pl.place for pl in merged.values() if pl.place])
            merged = {n: Placed(pl.place, by_place.get(pl.place or 0, 0) or None, pl.prize_text,
                                pl.entries, pl.source) for n, pl in merged.items()}  # fmt: skip

    spots = _all_in_spots(stacks, all_ins, payouts) if single_table or live else []
    for _, name, _, _, _, icm in spots:
        p = players.setdefault(name, _Player())
        p.icm_ev_diff = (p.icm_ev_diff or 0.0) + icm[2]

    hero = s["you"] if s and s["you"] else (
        max(hero_votes, key=hero_votes.__getitem__) if hero_votes else None)  # fmt: skip
    first = rows[0] if rows else None
    game = None
    if first is not None:
        game = first[7] or first[5]
    started = (s["started_at"] if s else None) or (first[3] if first else None)
    (tournament_key,) = conn.execute(
        "INSERT INTO tournaments (site, tournament_id, game, game_name, currency, unit,"
        " buy_in, bounty, fee, freeroll, entrants, prize_pool, started_at, finished_at,"
        " still_running, shootout, hero, hands, tables, summaries, built_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (site, tid, game or (s["game_name"] if s else None),
         (first[6] if first else None) or (s["game_name"] if s else None),
         s["currency"] if s else tournament.currency, s["unit"] if s else tournament.unit,
         s["buy_in"] if s else tournament.buy_in, s["bounty"] if s else tournament.bounty,
         s["fee"] if s else tournament.fee, int(tournament.freeroll), entrants, pool,
         started, s["finished_at"] if s else None,
         int(bool(s and s["finished_at"] is None and any(
             pl.place is None for pl in from_summary.values()))),
         int(shootout or bool(s and "shootout" in (s["game_name"] or "").lower())),
         hero, len(rows), len(tables - {""}) or (1 if rows else 0), n_summaries,
         datetime.now(UTC).isoformat()),
    ).fetchone()  # fmt: skip
    conn.executemany(
        "INSERT INTO tournament_players VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(tournament_key, name, placed.place, tied.get(name, 1), placed.source, placed.prize,
          placed.prize_text, players.get(name, _Player()).knockouts,
          players.get(name, _Player()).bounties_won, placed.entries,
          players.get(name, _Player()).rebuys, players.get(name, _Player()).addons,
          players.get(name, _Player()).extra_cost, eliminated.get(name),
          players.get(name, _Player()).hands, players.get(name, _Player()).all_in_ev_diff,
          players.get(name, _Player()).icm_ev_diff)
         for name, placed in sorted(merged.items())],
    )  # fmt: skip
    conn.executemany(
        "INSERT INTO tournament_all_ins VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(tournament_key, hand_id, k, name, int(in_hand), stack, chips, *icm)
         for k, (hand_id, name, in_hand, stack, chips, icm) in enumerate(spots)],
    )  # fmt: skip
    conn.executemany(
        "INSERT INTO tournament_problems VALUES (?, ?, ?, ?, ?, ?)",
        [(tournament_key, k, p.kind, p.rule, p.hand_id, p.message)
         for k, p in enumerate(problems)],
    )  # fmt: skip


Spot = tuple[str, str, bool, int, float, tuple[float, float, float]]


def _all_in_spots(
    hands: list[HandStacks],
    all_ins: list[tuple[int, dict[str, float]]],
    payouts: tuple[int, ...] | None,
) -> list[Spot]:
    """Each all-in spot's ICM changes, player by player: (hand id, name, in the hand, stack
    before, chip EV - net, (expected, actual, expected - actual)). The field is every
    player still holding chips: the hand's players at their starting stacks, the others
    at their last stacks seen (each player's first stack before his first hand: T1). A
    field beyond :data:`MAX_FIELD` players is not valued."""
    if not payouts or not all_ins:
        return []
    current: dict[str, int] = {}
    for hand in hands:
        for name, stack in hand.start.items():
            current.setdefault(name, stack)
    spots: list[Spot] = []
    at = dict(all_ins)
    for k, hand in enumerate(hands):
        before = {**current, **hand.start}
        if k in at:
            field_ = {n: st for n, st in before.items() if st > 0}
            if len(field_) <= MAX_FIELD:
                expected = {n: Fraction(hand.start[n]) + Fraction(value).limit_denominator(1000)
                            for n, value in at[k].items() if n in hand.start}  # fmt: skip
                result = icm_spot(field_, dict(hand.end), expected, payouts)
                for name, icm in result.items():
                    chips = (at[k][name] - (hand.end[name] - hand.start[name])
                             if name in at[k] else 0.0)  # fmt: skip
                    spots.append((hand.hand_id, name, name in hand.start, field_[name],
                                  chips, (float(icm.expected), float(icm.actual),
                                          float(icm.diff))))  # fmt: skip
        current.update(hand.end)
    return spots


def _knocked_out_by(conn: sqlite3.Connection, site: str, hand_id: str, name: str) -> list[str]:
    """The winners of the last pot ``name`` could win in the hand he went out in."""
    best: tuple[int, list[str]] | None = None
    for idx, eligible, winners in conn.execute(
        "SELECT p.idx, p.eligible, p.winners FROM pots p JOIN hands h ON h.id = p.hand"
        " WHERE h.site = ? AND h.hand_id = ? AND p.run = (SELECT min(run) FROM pots q"
        " WHERE q.hand = p.hand)", (site, hand_id)
    ):  # fmt: skip
        if name in json.loads(eligible) and (best is None or idx > best[0]):
            best = (idx, [w["name"] for w in json.loads(winners) if w["name"] != name])
    return best[1] if best else []
