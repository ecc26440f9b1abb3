"""The Player page's pre-aggregated tables, kept at import (issue 11, acceptance 4).

A regular's page reads his whole history: the net won over hands, the starting-hand grid
and the sessions. On a million hands a heavy player's 50,000 seats are 50,000 random reads
of ``seats``, ``hands`` and ``all_in_ev`` (0.45 s warm) before any figure is drawn, and a
player's own database has him in every hand. PokerTracker 4 and Hold'em Manager 3 keep
per-player summary tables for the same reason. Three tables hold what the page draws,
with the filters' keys (room, currency, game, stakes, cash or tournament):

- ``player_chart_sums``, per **day** (UTC): hands, net, net in big blinds, the all-in EV
  adjusted net, the showdown part of each, showdowns and the all-in EV statuses. The
  graph of a heavy player has a point per day; his metrics and all-in counts are sums.
- ``player_grid_sums``: hands and net in big blinds per starting hand (``AKs``) of the
  hold'em games, both hole cards known.
- ``player_session_sums``: the sessions themselves (a pause of more than
  :data:`SESSION_GAP` between two hands starts a new one) per key, with start, end,
  hands, net and net in big blinds.

Why sessions can be kept per key and merged when read: within a key's session every two
consecutive hands are at most the gap apart, so two sessions whose spans overlap, or lie
at most the gap apart, chain into one, and two further apart never do. The sessions of any
set of keys are therefore the key sessions merged with that tolerance, and adding hands
to a key is the same merge (:func:`merge_sessions`). Removing hands can split a session:
:func:`remove` recomputes the affected spans from the hands that stay.

The big blind is the unit of bb/100 (the big bet in fixed limit, as
:mod:`analytics.stats.players`' ``_BIG``). The chart and grid tables follow
:mod:`analytics.store.aggregates` (one grouped upsert per batch, sentinels in the keys);
:func:`analytics.store.aggregates.add` and ``remove`` keep these tables too (the chart
summed from their per-day delta, :data:`DELTA_TABLES`), and migration 0010 creates and
fills them (:func:`schema`, :func:`rebuild`).
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from analytics.store.aggregates import (
    HAND_LEVEL_KEYS,
    BatchKeys,
    Table,
    create_table,
    grouped_sql,
    upsert_sql,
)
from parser.model.games import GAME_SPECS

__all__ = [
    "CHART_TABLE",
    "DELTA_TABLES",
    "GRID_TABLE",
    "SESSION_GAP",
    "SESSION_TABLE",
    "Session",
    "add",
    "available",
    "merge_sessions",
    "rebuild",
    "remove",
    "schema",
]

#: A pause longer than this between a player's consecutive hands starts a new session.
SESSION_GAP = dt.timedelta(minutes=30)

#: What "bb" counts in, per hand (``analytics.stats.players._BIG``): NULL without blinds.
BIG = (
    "(CASE WHEN h.betting = 'fixed_limit' THEN coalesce(h.big_bet, 2 * h.big_blind)"
    " ELSE h.big_blind END)"
)
_RANKS = "'AKQJT98765432'"
#: Hold'em: two hole cards and a five-card board (the grid's games).
HOLDEM_GAMES = tuple(
    sorted(c for c, s in GAME_SPECS.items() if s.hole_cards == 2 and s.board_size == 5)
)

#: The keys every page table has: the filters' columns (``Filters.key_clauses`` and the
#: cash/tournament kind) and ``unit`` for money in major units.
_KEYS: tuple[tuple[str, str, str], ...] = (
    ("player_id", "INTEGER", "hp.player_id"),
    ("site", "TEXT", "h.site"),
    ("currency", "TEXT", "coalesce(h.currency, '')"),
    ("unit", "INTEGER", "coalesce(h.unit, -1)"),
    ("game", "TEXT", "coalesce(h.game, '')"),
    ("small_blind", "INTEGER", "coalesce(h.small_blind, -1)"),
    ("big_blind", "INTEGER", "coalesce(h.big_blind, -1)"),
    ("tournament", "INTEGER", "(h.tournament_id IS NOT NULL)"),
)
KEY_NAMES = tuple(name for name, _, _ in _KEYS)
_HAND_LEVEL = frozenset(name for name, _, _ in HAND_LEVEL_KEYS)
_SOURCE = """hand_players hp
    JOIN hands h ON h.id = hp.hand
    LEFT JOIN all_in_ev e ON e.hand = hp.hand AND e.seat = hp.seat"""
_DEALT_IN, _OK = "hp.dealt_in", "h.status = 'ok'"
_SEATS = f"{_DEALT_IN} AND {_OK}"
_ADJUSTED = "coalesce(CASE WHEN e.all_in_ev_status = 'computed' THEN e.all_in_ev END, hp.net)"
_SHOWDOWN = "hp.went_to_showdown"

CHART_TABLE = Table(
    name="player_chart_sums",
    keys=(*_KEYS, ("day", "TEXT", "coalesce(substr(h.started_at, 1, 10), '')")),
    sums=(
        ("hands", "1"),
        ("net", "hp.net"),
        ("net_bb", f"hp.net * 1.0 / {BIG}"),
        ("bb_hands", f"coalesce({BIG} > 0, 0)"),
        ("adjusted", f"{_ADJUSTED} * 1.0"),
        ("adjusted_bb", f"{_ADJUSTED} * 1.0 / {BIG}"),
        ("showdown_net", f"CASE WHEN {_SHOWDOWN} THEN hp.net ELSE 0 END"),
        ("showdown_bb", f"CASE WHEN {_SHOWDOWN} THEN hp.net * 1.0 / {BIG} ELSE 0 END"),
        ("showdowns", _SHOWDOWN),
        ("ev_computed", "coalesce(e.all_in_ev_status = 'computed', 0)"),
        ("ev_unknown_cards", "coalesce(e.all_in_ev_status = 'unknown_cards', 0)"),
        ("ev_unsupported_game", "coalesce(e.all_in_ev_status = 'unsupported_game', 0)"),
    ),
    source=_SOURCE,
    where=_SEATS,
    hand_column="hp.hand",
)


def _label(cards: str) -> str:
    """SQL of ``analytics.stats.player_queries.starting_hand_label`` for stored hole cards
    (``'Ah Kd'``): NULL unless two known cards."""
    r1, s1, r2, s2 = (f"substr({cards}, {i}, 1)" for i in (1, 2, 4, 5))
    return (
        f"CASE WHEN length({cards}) = 5 AND substr({cards}, 3, 1) = ' '"
        f" AND instr({_RANKS}, {r1}) > 0 AND instr({_RANKS}, {r2}) > 0 THEN"
        f" CASE WHEN instr({_RANKS}, {r1}) <= instr({_RANKS}, {r2})"
        f" THEN {r1} || {r2} ELSE {r2} || {r1} END"
        f" || CASE WHEN {r1} = {r2} THEN '' WHEN {s1} = {s2} THEN 's' ELSE 'o' END END"
    )


STARTING_HAND = _label("hp.hole_cards")
#: A seat's net in big blinds, 0 without blinds: the grid's, and a session's.
_NET_BB = f"coalesce(hp.net * 1.0 / {BIG}, 0.0)"
_HOLDEM = f"h.game IN ({', '.join(repr(g) for g in HOLDEM_GAMES)})"
GRID_TABLE = Table(
    name="player_grid_sums",
    keys=(*_KEYS, ("starting_hand", "TEXT", STARTING_HAND)),
    sums=(("hands", "1"), ("net_bb", _NET_BB)),
    source="hand_players hp JOIN hands h ON h.id = hp.hand",
    where=f"{_SEATS} AND {_HOLDEM} AND {STARTING_HAND} IS NOT NULL",
    hand_column="hp.hand",
)
TABLES = (CHART_TABLE, GRID_TABLE)
SESSION_TABLE = "player_session_sums"


# -- the schema -------------------------------------------------------------------------------


def schema() -> tuple[str, ...]:
    """The statements that create the tables (migration 0010): like the aggregate tables,
    WITHOUT ROWID with the keys first, so a player's rows are one range."""
    statements = [create_table(table) for table in TABLES]
    keys = ",\n    ".join(f"{name} {kind} NOT NULL" for name, kind, _ in _KEYS)
    statements.append(
        f"""CREATE TABLE {SESSION_TABLE} (
    {keys},
    first_at INTEGER NOT NULL,
    last_at INTEGER NOT NULL,
    hands INTEGER NOT NULL,
    net INTEGER NOT NULL,
    net_bb REAL NOT NULL,
    PRIMARY KEY ({", ".join(KEY_NAMES)}, first_at)
) STRICT, WITHOUT ROWID"""
    )
    return tuple(statements)


def available(conn: sqlite3.Connection) -> bool:
    """Whether the database has the tables (an older one, opened read-only, may not)."""
    names = (*(t.name for t in TABLES), SESSION_TABLE)
    found = conn.execute(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN (?, ?, ?)", names
    ).fetchone()[0]
    return bool(found == len(names))


# -- sessions ----------------------------------------------------------------------------------


@dataclass(slots=True)
class Session:
    """One session of one key (or, merged, of several): its first and last hand's times in
    seconds since 1970 (UTC), as stored; ``net`` in the smallest unit as stored (the page
    merges keys in major units)."""

    start: int
    end: int
    hands: int
    net: float
    net_bb: float


#: The gap in seconds, as the times are.
_GAP = int(SESSION_GAP.total_seconds())


def merge_sessions(sessions: Iterable[Session], gap: int = _GAP) -> list[Session]:
    """Sessions (of one key or several, in any order) merged where they chain: spans that
    overlap or lie at most ``gap`` seconds apart become one. A single hand is a session of
    its own time, so the sessions of a list of hands are this merge too."""
    return _merge_rows([(None, s.start, s.end, s.hands, s.net, s.net_bb) for s in sessions], gap)


#: A session as a row: anything (a key part, ignored), start, end, hands, net, net in bb.
SessionRow = tuple[object, int, int, int, Any, Any]


def _merge_rows(rows: list[SessionRow], gap: int = _GAP) -> list[Session]:
    """:func:`merge_sessions` of sessions given as rows, in the same order of additions.

    Why rows: the import merges each batch's seats, one-hand sessions read as rows, and a
    :class:`Session` for each of them cost more than the rest of the merge."""
    merged: list[Session] = []
    last_end = 0
    current = None
    rows.sort(key=itemgetter(1))  # stable: ties keep their order, as sorted() did
    for _, start, end, hands, net, net_bb in rows:
        if current is not None and start - last_end <= gap:
            if end > last_end:
                current.end = last_end = end
            current.hands += hands
            current.net += net
            current.net_bb += net_bb
        else:
            current = Session(start, end, hands, net, net_bb)
            merged.append(current)
            last_end = end
    return merged


_KEY_SQL = ", ".join(sql for _, _, sql in _KEYS)
#: A hand's time in seconds since 1970 (UTC), as a session's.
_TIME = "CAST(strftime('%s', h.started_at) AS INTEGER)"
#: One row per dealt-in ``ok`` seat with a time: its key, time, net and net in bb.
_SEAT_TIMES = f"""
    SELECT {_KEY_SQL}, {_TIME}, hp.net, {_NET_BB}
    FROM hand_players hp JOIN hands h ON h.id = hp.hand
    WHERE {_SEATS} AND h.started_at IS NOT NULL AND {{where}}
    ORDER BY {", ".join(str(i) for i in range(1, len(_KEYS) + 2))}
"""
_KEY_MATCH = " AND ".join(f"{name} = ?" for name in KEY_NAMES)
_INSERT = (
    f"INSERT INTO {SESSION_TABLE} ({', '.join(KEY_NAMES)}, first_at, last_at, hands, net, net_bb)"
    f" VALUES ({', '.join('?' * (len(KEY_NAMES) + 5))})"
)


def _seats_by_key(
    rows: Iterable[Sequence[Any]],
) -> Iterator[tuple[tuple[object, ...], list[Session]]]:
    """Rows of :data:`_SEAT_TIMES` (ordered by key) as each key's one-hand sessions."""
    key: tuple[object, ...] | None = None
    hands: list[Session] = []
    width = len(_KEYS)
    for row in rows:
        row_key = tuple(row[:width])
        if row_key != key:
            if key is not None:
                yield key, hands
            key, hands = row_key, []
        at = int(row[width])
        hands.append(Session(at, at, 1, int(row[width + 1]), float(row[width + 2])))
    if key is not None:
        yield key, hands


def _near(
    conn: sqlite3.Connection, key: tuple[object, ...], first: int, last: int
) -> list[Session]:
    """The key's stored sessions that end at or after ``first`` minus the gap and start
    at or before ``last`` plus the gap. Sessions of one key never overlap, so they are the
    last one starting before the window and those starting inside it: one range of the
    primary key, however many sessions the player has."""
    low, high = first - _GAP, last + _GAP
    rows = conn.execute(
        f"""SELECT first_at, last_at, hands, net, net_bb FROM {SESSION_TABLE}
            WHERE {_KEY_MATCH} AND first_at <= ? AND first_at >= coalesce(
                (SELECT max(first_at) FROM {SESSION_TABLE}
                 WHERE {_KEY_MATCH} AND first_at <= ?), ?)""",
        (*key, high, *key, low, low),
    ).fetchall()
    return [Session(*row) for row in rows if row[1] >= low]


def _replace(conn: sqlite3.Connection, key: tuple[object, ...], old: Sequence[Session],
             new: Sequence[Session]) -> None:  # fmt: skip
    conn.executemany(
        f"DELETE FROM {SESSION_TABLE} WHERE {_KEY_MATCH} AND first_at = ?",
        [(*key, s.start) for s in old],
    )
    conn.executemany(_INSERT, [(*key, s.start, s.end, s.hands, s.net, s.net_bb) for s in new])


_IDS = "IN (SELECT value FROM json_each(?))"
#: The same for the narrow statements, whose parameters are named.
_NAMED_IDS = "IN (SELECT value FROM json_each(:ids))"


def _iso(seconds: int) -> str:
    """A time as ``hands.started_at`` holds it (``analytics.ingest.rows.iso_utc``)."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def _remove_sessions(conn: sqlite3.Connection, ids: str) -> None:
    """Recompute the sessions the hands ``ids`` are in from the hands that stay."""
    rows = conn.execute(_SEAT_TIMES.format(where=f"hp.hand {_IDS}"), (ids,))
    for key, hands in _seats_by_key(rows.fetchall()):
        old = _near(conn, key, hands[0].start, hands[-1].start)
        if not old:
            continue
        first, last = min(s.start for s in old), max(s.end for s in old)
        where = " AND ".join(f"{sql} = ?" for _, _, sql in _KEYS)
        kept = conn.execute(
            _SEAT_TIMES.format(
                where=f"{where} AND h.started_at BETWEEN ? AND ? AND NOT hp.hand {_IDS}"
            ),
            (*key, _iso(first), _iso(last), ids),
        ).fetchall()
        _replace(
            conn, key, old, merge_sessions(s for _, group in _seats_by_key(kept) for s in group)
        )


# -- keeping them ---------------------------------------------------------------------------

#: The tables :mod:`analytics.store.aggregates` sums from its per-day delta of a batch, as
#: it sums ``player_sums`` (``aggregates._followed`` checks that they can be): the chart's
#: keys are per-day keys and its sums are over the same seats, so the batch's seats are
#: read once for both (issue 11). Its sums that no per-day column has (the net in big
#: blinds, the all-in EV adjusted net, the EV statuses) are columns of the delta only.
DELTA_TABLES = (CHART_TABLE,)

#: Every two distinct cards as stored (``'Ah Kd'``) -> the grid's label, a temporary
#: table of 2,652 rows: one lookup a seat costs a sixth of the label's CASE.
_LABELS = "temp.page_sums_labels"
_RANK_CHARS, _SUIT_CHARS = "AKQJT98765432", "cdhs"


def _labels(conn: sqlite3.Connection) -> None:
    conn.execute(
        "CREATE TEMP TABLE IF NOT EXISTS page_sums_labels"
        " (cards TEXT PRIMARY KEY, label TEXT NOT NULL) WITHOUT ROWID"
    )
    if conn.execute(f"SELECT 1 FROM {_LABELS} LIMIT 1").fetchone() is None:
        cards = [r + s for r in _RANK_CHARS for s in _SUIT_CHARS]
        pairs = [(f"{a} {b}",) for a in cards for b in cards if a != b]
        conn.executemany(f"INSERT INTO {_LABELS} (cards, label) VALUES (?, '')", pairs)
        conn.execute(f"UPDATE {_LABELS} SET label = {_label('cards')}")


def _per_hand(columns: Sequence[tuple[str, str]], where: str, ids: str) -> str:
    """``WITH b``: the batch's hands (``ids``) that pass ``where``, their id and ``columns``
    (name, SQL over ``h``), computed once a hand.

    Why: the grid and the sessions read the batch's seats with their hand's terms (the
    keys, the big blind, the time); computed in the read of the seats, each is computed
    once a seat (``strftime`` was most of what reading a seat for the sessions cost) and,
    for the grid, carried through the sorter as the columns it is made of.
    ``MATERIALIZED``: SQLite would otherwise substitute them back into that read."""
    terms = ", ".join(["h.id", *(f"{sql} AS {name}" for name, sql in columns)])
    return f"WITH b AS MATERIALIZED (SELECT {terms} FROM hands h WHERE {where} AND h.id {ids})"


#: The seats of the hands ``b`` (:func:`_per_hand`): hand by hand, each hand's seats one
#: range of ``seats`` (the order the copy of the batch's seats that this replaces had).
_BATCH_SEATS = "b CROSS JOIN hand_players hp ON hp.hand = b.id"
#: The hand-level keys of the page tables (the keys but the player and what is the seat's).
_HAND_KEYS = tuple((name, sql) for name, _, sql in _KEYS if name in _HAND_LEVEL)
assert all("hp." not in sql for _, sql in _HAND_KEYS), _HAND_KEYS
#: The grid's label looked up in :data:`_LABELS` (the CASE only for cards the lookup does
#: not have, which the CASE may still name: the same rows as a rebuild for every value).
_LOOKED_UP = f"coalesce(sh.label, {STARTING_HAND})"


def _on_batch(sql: str) -> str:
    """A grid term over :func:`_per_hand`'s hands: the label looked up, the big blind the
    hand's."""
    return sql.replace(STARTING_HAND, _LOOKED_UP).replace(BIG, "b.big")


#: :data:`GRID_TABLE` over :func:`_per_hand`'s hands. The label is the first key: sorting
#: the batch's seats by (label, player) costs less than by (player, label), whose first
#: key (a few players a batch) rarely decides a comparison; the groups are the same rows,
#: and on Pluribus the sums are those of the copy of the batch's seats, to the last bit.
_GRID_BATCH = Table(
    name=GRID_TABLE.name,
    keys=tuple(
        sorted(
            (
                (name, kind, f"b.{name}" if name in _HAND_LEVEL else _on_batch(sql))
                for name, kind, sql in GRID_TABLE.keys
            ),
            key=lambda key: key[0] != "starting_hand",
        )
    ),
    sums=tuple((name, _on_batch(sql)) for name, sql in GRID_TABLE.sums),
    source=f"{_BATCH_SEATS} LEFT JOIN {_LABELS} sh ON sh.cards = hp.hole_cards",
    where=f"{_DEALT_IN} AND {_LOOKED_UP} IS NOT NULL",
    hand_column="b.id",
)
#: Its condition: the hands' part in :func:`_per_hand`, the seats' here.
assert GRID_TABLE.where == f"{_DEALT_IN} AND {_OK} AND {_HOLDEM} AND {STARTING_HAND} IS NOT NULL"
#: A batch's grid straight from its seats, by narrow grouping (``aggregates.group_by``:
#: without the hand-level keys, which are then the batch's parameters).
_GRID_ADD = {
    narrow: _per_hand([*(() if narrow else _HAND_KEYS), ("big", BIG)], f"{_OK} AND {_HOLDEM}", ids)
    + upsert_sql(_GRID_BATCH, grouped_sql(_GRID_BATCH, +1, "1", narrow))
    for narrow, ids in ((False, _IDS), (True, _NAMED_IDS))
}


def _batch_times(narrow: bool) -> str:
    """A batch's timed seats as :data:`_SEAT_TIMES` has them, unordered (grouped by key in
    Python: SQLite's sorter on nine keys, or window functions finding the batch's
    sessions, cost more). If ``narrow`` (the batch's hands share their hand-level keys),
    without those keys (they are the batch's), each row a one-hand session's
    :data:`SessionRow`, the player first."""
    keys = () if narrow else _HAND_KEYS
    ids = _NAMED_IDS if narrow else _IDS
    times = "b.at, b.at, 1" if narrow else "b.at"
    hands = _per_hand(
        [*keys, ("at", _TIME), ("big", BIG)], f"{_OK} AND h.started_at IS NOT NULL", ids
    )
    return f"""{hands}
        SELECT hp.player_id, {"".join(f"b.{name}, " for name, _ in keys)}{times}, hp.net,
               {_NET_BB.replace(BIG, "b.big")}
        FROM {_BATCH_SEATS} WHERE {_DEALT_IN}"""


#: By narrow grouping.
_BATCH_TIMES = {narrow: _batch_times(narrow) for narrow in (False, True)}


def add(conn: sqlite3.Connection, hand_ids: Iterable[int], keys: BatchKeys | None = None) -> None:
    """Add the hands (just stored, in the caller's transaction) to the grid and the
    sessions (none before migration 0010: a test writes the older schemas as their
    importers did); the chart is summed with the per-day sums (:data:`DELTA_TABLES`).
    ``keys``: the batch's one hand-level key if it has one (``aggregates.batch_keys``)."""
    ids = json.dumps([int(i) for i in hand_ids])
    if ids == "[]" or not available(conn):
        return
    _labels(conn)
    conn.execute(_GRID_ADD[keys is not None], keys or (ids,))
    for key, hands in _batch_sessions(conn, ids, keys).items():
        first, last = min(h[1] for h in hands), max(h[1] for h in hands)
        old = _near(conn, key, first, last)
        rows: list[SessionRow] = [(None, o.start, o.end, o.hands, o.net, o.net_bb) for o in old]
        rows += hands
        _replace(conn, key, old, _merge_rows(rows))


def _batch_sessions(
    conn: sqlite3.Connection, ids: str, keys: BatchKeys | None
) -> dict[tuple[object, ...], list[SessionRow]]:
    """The batch's timed seats as one-hand sessions (rows) by key, keys in order of first
    seat."""
    by_key: dict[tuple[object, ...], list[SessionRow]] = {}
    if keys is not None:
        rest = tuple(keys[f"k_{name}"] for name in KEY_NAMES[1:])
        by_player: dict[object, list[SessionRow]] = {}
        for row in conn.execute(_BATCH_TIMES[True], keys):
            hands = by_player.get(row[0])
            if hands is None:
                hands = by_player[row[0]] = []
            hands.append(row)
        return {(player, *rest): hands for player, hands in by_player.items()}
    width = len(_KEYS)
    for row in conn.execute(_BATCH_TIMES[False], (ids,)):
        at = row[width]
        by_key.setdefault(row[:width], []).append((None, at, at, 1, row[width + 1], row[width + 2]))
    return by_key


def remove(conn: sqlite3.Connection, hand_ids: Sequence[int]) -> None:
    """Take the hands out (before their rows are deleted, in the same transaction): the
    grid and the sessions; the chart's sums are taken out with the per-day sums
    (:data:`DELTA_TABLES`, ``aggregates.remove`` calls this after them), its emptied rows
    here."""
    ids = json.dumps([int(i) for i in hand_ids])
    if ids == "[]" or not available(conn):
        return
    conn.execute(upsert_sql(GRID_TABLE, grouped_sql(GRID_TABLE, -1, f"hp.hand {_IDS}")), (ids,))
    for table in TABLES:
        conn.execute(f"DELETE FROM {table.name} WHERE {table.sums[0][0]} <= 0")
    _remove_sessions(conn, ids)


def rebuild(conn: sqlite3.Connection) -> None:
    """The tables of every stored hand, from scratch (migration 0010; a check in tests)."""
    for name in (*(t.name for t in TABLES), SESSION_TABLE):
        conn.execute(f"DELETE FROM {name}")
    for table in TABLES:
        conn.execute(upsert_sql(table, grouped_sql(table, +1, "1")))
    rows = conn.execute(_SEAT_TIMES.format(where="1"))
    for key, hands in _seats_by_key(rows):
        _replace(conn, key, (), merge_sessions(hands))
