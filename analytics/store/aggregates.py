"""Pre-aggregated statistics, kept at import, so that the overview and a player page read
thousands of rows instead of millions (issue 11, acceptance 4).

Every figure of :data:`analytics.stats.players.STATS` and of the overview's player table
(:data:`analytics.stats.queries.PLAYER_AGGREGATES`) is a sum over per-hand rows, so a sum over
any set of hands is the sum of the sums over any partition of them. Three tables hold those
partial sums, one row per value of their keys:

- ``player_day_sums``: per player and room, currency, game, betting, stakes, table size,
  cash or tournament, position and **day** (UTC). Every filter of the dashboard and of
  ``pokerhh stats`` is a condition on these keys, dates included (a day is whole inside or
  outside ``date_from .. date_to``), so any query can be answered from it.
- ``player_sums``: the same without the day, a fraction of the rows, and ``player_totals``
  without the position either: the overview without dates reads this one.
- ``hand_sums``: hands (not seats) per room, currency, game, stakes and day: the sidebar's
  choices and the count of ``ok`` hands, without reading a million ``hands`` rows.

Why sentinels in the keys (``''`` for a missing text, ``-1`` for a missing amount): SQLite
takes NULLs in a primary key as all different, so ``ON CONFLICT`` would never merge two
rows of a stud game (no blinds) and the table would grow by a row a hand. The readers turn
them back into NULL (``NULLIF``), so every figure is the per-hand rows' own.

The writer calls :func:`add` with the ids of the hands it stored ``ok`` in the same
transaction (``analytics/store/writer.py``), :mod:`analytics.store.delete` calls
:func:`remove` before deleting, and migration 0008 calls :func:`rebuild`. Each is one
grouped ``INSERT ... SELECT ... ON CONFLICT DO UPDATE SET x = x + excluded.x`` per
table, so the sums never leave SQLite. A batch of one table at one stakes (the usual
file) is grouped by player, position and day only, its other keys bound once
(:func:`group_by`): the same rows in the same order, less to compare and carry.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import re
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from analytics.stats import flag_fields as ff
from analytics.stats.catalog import PLAYER_AGGREGATES, STATS, Kind
from analytics.store.seat_layout import HAND_PLAYERS_COLUMNS, stats_column

__all__ = [
    "HAND_TABLE",
    "TABLES",
    "BatchKeys",
    "Table",
    "add",
    "available",
    "batch_keys",
    "create_table",
    "group_by",
    "grouped_sql",
    "key_terms",
    "rebuild",
    "remove",
    "schema",
    "stat_columns",
    "upsert_sql",
]

# -- the columns ----------------------------------------------------------------------------

#: (column, SQLite type, per-seat SQL over ``hp`` = hand_players, ``h`` = hands,
#: ``s`` = player_hand_stats) of the player tables' keys.
_PLAYER_KEYS: tuple[tuple[str, str, str], ...] = (
    ("player_id", "INTEGER", "hp.player_id"),
    ("site", "TEXT", "h.site"),
    ("currency", "TEXT", "coalesce(h.currency, '')"),
    ("unit", "INTEGER", "coalesce(h.unit, -1)"),
    ("game", "TEXT", "coalesce(h.game, '')"),
    ("betting", "TEXT", "coalesce(h.betting, '')"),
    ("small_blind", "INTEGER", "coalesce(h.small_blind, -1)"),
    ("big_blind", "INTEGER", "coalesce(h.big_blind, -1)"),
    ("small_bet", "INTEGER", "coalesce(h.small_bet, -1)"),
    ("big_bet", "INTEGER", "coalesce(h.big_bet, -1)"),
    ("max_seats", "INTEGER", "coalesce(h.max_seats, -1)"),
    ("tournament", "INTEGER", "(h.tournament_id IS NOT NULL)"),
    # The statistics' position (``s``); a seat stored without statistics (before
    # migration 0002) has only the player table's figures, which ignore positions.
    ("position", "TEXT", "coalesce(s.position, hp.position, '')"),
)
_DAY = ("day", "TEXT", "coalesce(substr(h.started_at, 1, 10), '')")
#: How each key reads back: the sentinel as NULL.
_NULL_SENTINEL = {"TEXT": "''", "INTEGER": "-1"}

#: ``s`` is LEFT JOINed (seats stored before migration 0002 have no statistics row): a
#: statistic's per-row SQL counts only where there is one, as ``stats.FROM`` reads them.
_WITH_STATS = "s.seat IS NOT NULL"


def stat_columns(names: Sequence[str] | None = None) -> list[tuple[str, str]]:
    """(column, per-seat SQL) of every summed figure, in the tables' order; of the columns
    ``names`` only when given (a migration's own frozen list: migration 0008 made the
    tables with the columns of its day, and 0016 added its statistics').

    ``seats`` counts the dealt-in seats (the player table's hands), ``stat_rows`` those with
    a statistics row (the statistics' hands); ``x_NAME`` / ``n_NAME`` are the numerator and
    denominator of each stat (of the catalog, ``analytics.stats.catalog``), ``pt_NAME`` the
    player table's sums.
    """
    columns = [("seats", "1"), ("stat_rows", f"({_WITH_STATS})")]
    for s in STATS:
        columns.append((f"x_{s.name}", f"CASE WHEN {_WITH_STATS} THEN {s.x} END"))
        if s.kind in (Kind.RATE, Kind.RATIO, Kind.PER_100):
            columns.append((f"n_{s.name}", f"CASE WHEN {_WITH_STATS} THEN {s.n} END"))
    for name, sql in PLAYER_AGGREGATES:
        columns.append((f"pt_{name}", _per_row(sql)))
    if names is None:
        return columns
    wanted = set(names)
    missing = wanted - {name for name, _ in columns}
    if missing:
        raise ValueError(f"no summed column {sorted(missing)}")
    return [(name, sql) for name, sql in columns if name in wanted]


def _per_row(aggregate: str) -> str:
    """The per-row term of a player-table aggregate: ``count(*)`` or ``sum(TERM)``."""
    if aggregate == "count(*)":
        return "1"
    if aggregate.startswith("sum(") and aggregate.endswith(")"):
        return aggregate[4:-1]
    raise ValueError(f"the player table's {aggregate!r} is not a sum: it cannot be pre-summed")


@dataclass(frozen=True, slots=True)
class Table:
    """One aggregate table: its name, keys (column, type, per-row SQL) and where it reads."""

    name: str
    keys: tuple[tuple[str, str, str], ...]
    sums: tuple[tuple[str, str], ...]
    source: str
    #: The condition on the source rows (hand ids are added with ``AND``).
    where: str
    #: The column of ``hands.id`` in ``source``.
    hand_column: str

    @property
    def key_names(self) -> tuple[str, ...]:
        return tuple(name for name, _, _ in self.keys)

    def key(self, column: str, alias: str = "a") -> str:
        """A key column as SQL reading NULL where the sentinel is."""
        kind = next(kind for name, kind, _ in self.keys if name == column)
        return f"NULLIF({alias}.{column}, {_NULL_SENTINEL[kind]})"


_PLAYER_SOURCE = """hand_players hp
    JOIN hands h ON h.id = hp.hand
    LEFT JOIN player_hand_stats s ON s.hand = hp.hand AND s.seat = hp.seat
    LEFT JOIN all_in_ev e ON e.hand = hp.hand AND e.seat = hp.seat"""


def _player_table(name: str, keys: tuple[tuple[str, str, str], ...]) -> Table:
    return Table(
        name=name, keys=keys, sums=tuple(stat_columns()), source=_PLAYER_SOURCE,
        where="hp.dealt_in AND h.status = 'ok'", hand_column="hp.hand",
    )  # fmt: skip


#: Every filter answered, dates by day.
DAY_TABLE = _player_table("player_day_sums", (*_PLAYER_KEYS, _DAY))
#: The same without dates: positions without a date filter.
ALL_TIME_TABLE = _player_table("player_sums", _PLAYER_KEYS)
#: Without dates or positions either: the overview's usual read (a row or two per player
#: and stakes; on 1,000,000 hands 6,000 rows against 36,000 with positions).
TOTALS_TABLE = _player_table(
    "player_totals", tuple(key for key in _PLAYER_KEYS if key[0] != "position")
)
_HAND_KEYS = ("site", "currency", "unit", "game", "small_blind", "big_blind")
#: Hands (not seats) for the sidebar and the status counts.
HAND_TABLE = Table(
    name="hand_sums",
    keys=(*(key for key in _PLAYER_KEYS if key[0] in _HAND_KEYS), _DAY),
    sums=(("hands", "1"),),
    source="hands h",
    where="h.status = 'ok'",
    hand_column="h.id",
)
TABLES: tuple[Table, ...] = (DAY_TABLE, ALL_TIME_TABLE, TOTALS_TABLE, HAND_TABLE)
#: The tables summed from the per-day one.
_ROLLED_UP = (ALL_TIME_TABLE, TOTALS_TABLE)


# -- the schema -----------------------------------------------------------------------------


def schema(names: Sequence[str]) -> tuple[str, ...]:
    """The statements that create the tables (migration 0008) with the summed columns
    ``names`` (its frozen list).

    WITHOUT ROWID with the keys as primary key, ``player_id`` first: a player's rows are one
    range of the table, and the whole table is read in key order for the overview. Every
    sum but the first (the rows counted) is ``ANY`` and may be NULL, as ``sum()`` is: a
    count stays an integer, an EV or a bb sum a real, and bb/100 in a game without blinds
    NULL, as the per-hand rows give them. The partial index finds the rows a delete
    emptied.
    """
    statements = []
    for table in _with_sums(TABLES, names):
        first = table.sums[0][0]
        statements.append(create_table(table))
        statements.append(
            f"CREATE INDEX {table.name}_empty ON {table.name} ({first}) WHERE {first} <= 0"
        )
    return tuple(statements)


def create_table(table: Table) -> str:
    """The ``CREATE TABLE`` of a sums table (this module's and ``page_sums``'): its keys, then
    the rows counted (an integer), then the other sums (``ANY``, NULL as ``sum()`` gives)."""
    columns = [f"{name} {kind} NOT NULL" for name, kind, _ in table.keys]
    first, *others = (name for name, _ in table.sums)
    columns += [f"{first} INTEGER NOT NULL", *(f"{name} ANY" for name in others)]
    columns.append(f"PRIMARY KEY ({', '.join(table.key_names)})")
    body = ",\n    ".join(columns)
    return f"CREATE TABLE {table.name} (\n    {body}\n) STRICT, WITHOUT ROWID"


def available(conn: sqlite3.Connection) -> bool:
    """Whether the database has the tables (an older one, opened read-only, may not)."""
    found = conn.execute(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN (?, ?, ?, ?)",
        tuple(t.name for t in TABLES),
    ).fetchone()[0]
    return bool(found == len(TABLES))


# -- keeping them -----------------------------------------------------------------------------


def _updates(table: Table) -> str:
    # NULL is "no value", as in sum(): bb/100 of a game without blinds stays NULL.
    return ", ".join(
        f"{name} = coalesce({name} + excluded.{name}, {name}, excluded.{name})"
        for name, _ in table.sums
    )


def _names(table: Table) -> str:
    return ", ".join((*table.key_names, *(name for name, _ in table.sums)))


#: The keys a hand gives its seats (all but the player, his position and the day): a
#: batch whose ``ok`` hands share them all (a file is one table at one stakes, as a rule)
#: is grouped by the other keys only (:func:`group_by`).
HAND_LEVEL_KEYS = tuple(
    (name, kind, sql) for name, kind, sql in _PLAYER_KEYS if name not in ("player_id", "position")
)
_HAND_LEVEL = frozenset(name for name, _, _ in HAND_LEVEL_KEYS)


def group_by(keys: Sequence[tuple[str, str]], narrow: bool) -> str:
    """The GROUP BY terms of ``keys`` (name, SQL): all of them, or if ``narrow`` only those
    that are not :data:`HAND_LEVEL_KEYS`.

    Why: grouping is sorting the batch's seats, and comparing 14 keys (texts among them)
    is most of what a grouped read of them costs; when the hand-level keys are the same in
    every row they decide nothing. Every comparison of two rows then has the outcome it
    has on all the keys (the others' order is kept), so the sorter orders the rows the
    same way, the groups and the rows in each come in the same order and the float sums
    are added in the same order; the plan is the same (checked with ``EXPLAIN QUERY
    PLAN``).
    """
    return ", ".join(sql for name, sql in keys if not (narrow and name in _HAND_LEVEL))


def key_terms(keys: Sequence[tuple[str, str]], narrow: bool) -> str:
    """The SELECT terms of ``keys`` (name, SQL); if ``narrow``, the hand-level keys are the
    parameters ``:k_NAME``, their one value in the batch (:func:`batch_keys`): the same
    values as the columns, without carrying eleven of them through the sorter."""
    return ", ".join(f":k_{name}" if narrow and name in _HAND_LEVEL else sql for name, sql in keys)


def _grouped(table: Table, sign: int, hands: str, narrow: bool = False) -> str:
    """The sums of ``table`` over the hands ``hands`` (an SQL condition), negated if
    ``sign < 0``; ``narrow``: grouped as :func:`group_by` says."""
    minus = "-" if sign < 0 else ""
    sums = ", ".join(f"{minus}sum({sql})" for _, sql in table.sums)
    named = [(name, sql) for name, _, sql in table.keys]
    keys = key_terms(named, narrow)
    return f"""
        SELECT {keys}, {sums}
        FROM {table.source}
        WHERE {table.where} AND {hands}
        GROUP BY {group_by(named, narrow)}
    """


def _upsert(table: Table, select: str) -> str:
    return f"""
        INSERT INTO {table.name} ({_names(table)}) {select}
        ON CONFLICT ({", ".join(table.key_names)}) DO UPDATE SET {_updates(table)}
    """


#: The grouped sums of a table over some hands and their upsert, for the tables that
#: follow these ones (``analytics.store.page_sums``).
grouped_sql = _grouped
upsert_sql = _upsert


def _summed_from_days(table: Table, source: str, columns: Sequence[str] = ()) -> str:
    """A rolled-up table's rows summed from rows of the per-day table's shape; ``columns``:
    the source's column of each sum, if not the sum's own name."""
    keys = ", ".join(table.key_names)
    sums = ", ".join(f"sum({name})" for name in columns or [name for name, _ in table.sums])
    return f"SELECT {keys}, {sums} FROM {source} WHERE 1 GROUP BY {keys}"


_IDS = "IN (SELECT value FROM json_each(?))"
#: The same for the narrow statements, whose parameters are named.
_NAMED_IDS = "IN (SELECT value FROM json_each(:ids))"
#: The change to the per-day sums, summed once from the seats and then added to both
#: player tables (reading the seats once instead of twice halves the import's cost), and
#: to the Player page's chart (:func:`_statements`).
_DELTA = "temp.aggregates_delta"


def _seats_with_stats() -> str:
    """The ``seats`` rows that have statistics, with the columns of both views under their
    names (a column in both is the same SQL in both: checked here)."""
    columns = dict(HAND_PLAYERS_COLUMNS)
    for name in ff.FIELDS[1:]:
        sql = stats_column(name)
        if columns.setdefault(name, sql) != sql:
            raise AssertionError(f"{name}: hand_players and player_hand_stats differ")
    names = ", ".join(sql if sql == name else f"{sql} AS {name}" for name, sql in columns.items())
    return f"SELECT {names} FROM seats WHERE flags IS NOT NULL"


def _grouped_with_stats(table: Table, sign: int, hands: str, narrow: bool = False) -> str:
    """:func:`_grouped` over the seats that have statistics only, read once: ``hp`` and
    ``s`` are one row there, and each ``CASE WHEN s.seat IS NOT NULL`` is its value.

    Why: the grouped read of the seats through both views is what adding a batch to the
    sums costs (issue 11); each seat read once, without the 60 ``CASE`` around the stats,
    costs less, and the seats without statistics (stored before migration 0002) are the
    rest, read as before (:data:`_WITHOUT_STATS`)."""
    one_row = re.compile(r"\bhp\.")
    present = re.compile(rf"CASE WHEN {re.escape(_WITH_STATS)} THEN (.*) END$")
    named = [(name, one_row.sub("s.", sql)) for name, _, sql in table.keys]
    keys = key_terms(named, narrow)
    minus = "-" if sign < 0 else ""
    terms = []
    for _, sql in table.sums:
        found = present.match(sql)
        sql = found.group(1) if found else sql.replace(f"({_WITH_STATS})", "1")
        terms.append(f"{minus}sum({one_row.sub('s.', sql)})")
    if any(_WITH_STATS in term for term in terms):
        raise AssertionError(f"a term still tests {_WITH_STATS!r}: {terms}")
    return f"""
        SELECT {keys}, {", ".join(terms)}
        FROM ({_seats_with_stats()}) s
        JOIN hands h ON h.id = s.hand
        LEFT JOIN all_in_ev e ON e.hand = s.hand AND e.seat = s.seat
        WHERE {one_row.sub("s.", table.where)} AND {hands.replace(table.hand_column, "s.hand")}
        GROUP BY {group_by(named, narrow)}
    """


#: The seats without statistics, for :func:`_grouped`'s condition.
_WITHOUT_STATS = "s.seat IS NULL"


def _followed(table: Table) -> tuple[list[str], list[tuple[str, str]]]:
    """How ``table`` is summed from the per-day delta: each sum's column there, and the
    delta's columns of its own (name, per-seat SQL).

    A sum whose per-seat SQL is a per-day sum's, the same text, is that column (the Player
    chart's ``hands`` is ``seats``, its ``net`` is ``pt_net``); any other is a column of the
    delta only (``player_chart_sums__net_bb``), summed by the same grouped read of the
    seats, so the persistent per-day table keeps its schema. The same SQL term is also the
    same value in both reads of the seats (:func:`_grouped_with_stats` rewrites both
    alike), which a statistic's ``x_`` column is not: a seat without statistics leaves it
    NULL. Checked here: the keys are per-day keys of the same SQL, and the seats are the
    same (the same condition, and the per-day source adds only LEFT JOINs of one row a
    seat)."""
    day_keys = {name: sql for name, _, sql in DAY_TABLE.keys}
    for name, _, sql in table.keys:
        if day_keys.get(name) != sql:
            raise AssertionError(f"{table.name}.{name} is not a per-day key: {sql!r}")
    lines, day_lines = (
        {line.strip() for line in t.source.splitlines()} for t in (table, DAY_TABLE)
    )
    if (table.where, table.hand_column) != (DAY_TABLE.where, DAY_TABLE.hand_column) or not (
        lines <= day_lines and all(line.startswith("LEFT JOIN") for line in day_lines - lines)
    ):
        raise AssertionError(f"{table.name} does not read the per-day table's seats")
    by_sql: dict[str, str] = {}
    for name, sql in DAY_TABLE.sums:
        by_sql.setdefault(sql, name)
    columns, own = [], []
    for name, sql in table.sums:
        column = by_sql.get(sql)
        if column is None:
            column = f"{table.name}__{name}"
            own.append((column, sql))
        columns.append(column)
    return columns, own


@dataclass(frozen=True, slots=True)
class _Statements:
    create_delta: str
    #: By sign and narrow grouping: the seats with statistics, then without.
    deltas: dict[tuple[int, bool], tuple[str, str]]
    #: By sign and narrow grouping: the per-day upsert, the rolled-up ones, the hands'.
    change: dict[tuple[int, bool], tuple[str, ...]]
    #: The followers' upserts from the delta (when their tables exist).
    followers: tuple[str, ...]


@functools.cache
def _statements() -> _Statements:
    """The statements of :func:`_change`, made on first use: the delta has the columns of
    the tables that follow the per-day one (the Player page's chart,
    :data:`analytics.store.page_sums.CHART_TABLE`), and that module builds on this one.

    Why the chart follows: its keys are the per-day ones without the position and the
    other stakes' columns, and its sums are over the same seats, so it is a roll-up of
    the delta, as ``player_sums`` is; summing it from the seats again (through a copy of
    the batch's seats, as before) cost more than the delta itself (issue 11)."""
    from analytics.store import page_sums

    followed = [(table, *_followed(table)) for table in page_sums.DELTA_TABLES]
    extra = tuple(column for _, _, columns in followed for column in columns)
    delta = replace(DAY_TABLE, name=_DELTA, sums=(*DAY_TABLE.sums, *extra))
    names = ", ".join(f"NULL AS {name}" for name, _ in extra)
    create = (
        "CREATE TEMP TABLE IF NOT EXISTS aggregates_delta AS"
        f" SELECT *{', ' if names else ''}{names} FROM {DAY_TABLE.name} LIMIT 0"
    )
    deltas = {
        (sign, narrow): (
            f"INSERT INTO {_DELTA} ({_names(delta)})"
            + _grouped_with_stats(delta, sign, f"{delta.hand_column} {ids}", narrow),
            f"INSERT INTO {_DELTA} ({_names(delta)})"
            + _grouped(delta, sign, f"{delta.hand_column} {ids} AND {_WITHOUT_STATS}", narrow),
        )
        for sign in (+1, -1)
        for narrow, ids in ((False, _IDS), (True, _NAMED_IDS))
    }
    change = {
        (sign, narrow): (
            _upsert(DAY_TABLE, f"SELECT {_names(DAY_TABLE)} FROM {_DELTA} WHERE 1"),
            *(_upsert(table, _summed_from_days(table, _DELTA)) for table in _ROLLED_UP),
            _upsert(
                HAND_TABLE, _grouped(HAND_TABLE, sign, f"{HAND_TABLE.hand_column} {ids}", narrow)
            ),
        )
        for sign in (+1, -1)
        for narrow, ids in ((False, _IDS), (True, _NAMED_IDS))
    }
    followers = tuple(
        _upsert(table, _summed_from_days(table, _DELTA, columns)) for table, columns, _ in followed
    )
    return _Statements(create, deltas, change, followers)


#: The different hand-level keys of the batch's ``ok`` hands, two at most (one is a narrow
#: batch; ``DISTINCT`` compares as the keys do: the keys are the sentinels' expressions
#: and the columns are STRICT, so equal values are equal in type too).
_HAND_LEVEL_VALUES = (
    f"SELECT DISTINCT {', '.join(sql for _, _, sql in HAND_LEVEL_KEYS)}"
    f" FROM hands h WHERE h.status = 'ok' AND h.id {_IDS} LIMIT 2"
)
#: A narrow batch's parameters: ``ids`` and the hand-level keys as ``k_NAME``.
BatchKeys = dict[str, object]
#: Whether any seat of the batch has no statistics (stored before migration 0002): the
#: second delta reads the batch again through both views for those, and a fresh import
#: has none.
_ANY_WITHOUT_STATS = f"SELECT 1 FROM seats WHERE hand {_IDS} AND flags IS NULL LIMIT 1"


def batch_keys(conn: sqlite3.Connection, ids: str) -> BatchKeys | None:
    """The parameters of the narrow statements (:func:`group_by`, :func:`key_terms`) for
    the hands ``ids`` (a JSON list) if their ``ok`` hands share one hand-level key, else
    None (also when none is ``ok``: the wide statements then add nothing)."""
    found = conn.execute(_HAND_LEVEL_VALUES, (ids,)).fetchall()
    if len(found) != 1:
        return None
    keys: BatchKeys = {"ids": ids}
    for (name, _, _), value in zip(HAND_LEVEL_KEYS, found[0], strict=True):
        keys[f"k_{name}"] = value
    return keys


def _change(conn: sqlite3.Connection, hand_ids: Iterable[int], sign: int) -> BatchKeys | None:
    """Add (``sign > 0``) or take away the hands' sums, the Player page's chart's with them
    (:func:`_statements`); the batch's narrow parameters (:func:`batch_keys`), for the
    other page tables."""
    ids = json.dumps([int(i) for i in hand_ids])
    if ids == "[]":
        return None
    from analytics.store import page_sums

    keys = batch_keys(conn, ids)
    params: BatchKeys | tuple[str] = (ids,) if keys is None else keys
    narrow = keys is not None
    statements = _statements()
    days, *rolled_up, hands = statements.change[(sign, narrow)]
    with_stats, without_stats = statements.deltas[(sign, narrow)]
    conn.execute(statements.create_delta)
    conn.execute(with_stats, params)
    if conn.execute(_ANY_WITHOUT_STATS, (ids,)).fetchone() is not None:
        conn.execute(without_stats, params)
    conn.execute(days)
    for sql in rolled_up:
        conn.execute(sql)
    if page_sums.available(conn):
        for sql in statements.followers:
            conn.execute(sql)
    conn.execute(f"DELETE FROM {_DELTA}")
    conn.execute(hands, params)
    return keys


def add(conn: sqlite3.Connection, hand_ids: Iterable[int]) -> None:
    """Add the hands ``hand_ids`` (``hands.id``, just stored) to the sums, inside the
    caller's transaction. Hands that are not ``ok`` add nothing; a hand must be added once.
    The Player page's tables (:mod:`analytics.store.page_sums`) are kept with them."""
    from analytics.store import page_sums  # it builds on this module's tables

    hand_ids = list(hand_ids)
    keys = _change(conn, hand_ids, +1)
    page_sums.add(conn, hand_ids, keys=keys)


def remove(conn: sqlite3.Connection, hand_ids: Sequence[int]) -> None:
    """Take the hands ``hand_ids`` out of the sums (before their rows are deleted, in the
    same transaction); a key left without hands loses its row. The Player page's tables
    too."""
    from analytics.store import page_sums

    _change(conn, hand_ids, -1)
    page_sums.remove(conn, hand_ids)
    for table in TABLES:
        first = table.sums[0][0]
        conn.execute(f"DELETE FROM {table.name} WHERE {first} <= 0")


def _with_sums(tables: Iterable[Table], names: Sequence[str] | None) -> list[Table]:
    """The player tables with the summed columns ``names`` only (all for None); the hands'
    table as it is."""
    if names is None:
        return list(tables)
    sums = tuple(stat_columns(names))
    return [t if t is HAND_TABLE else replace(t, sums=sums) for t in tables]


def add_columns(names: Sequence[str]) -> tuple[str, ...]:
    """The ``ALTER TABLE`` statements adding the summed columns ``names`` to the player
    tables (a migration's new statistics: ``ANY``, NULL until :func:`rebuild`)."""
    stat_columns(names)  # ValueError for a name that is no column
    return tuple(
        f"ALTER TABLE {table.name} ADD COLUMN {name} ANY"
        for table in TABLES if table is not HAND_TABLE for name in names
    )  # fmt: skip


def rebuild(conn: sqlite3.Connection, names: Sequence[str] | None = None) -> None:
    """The sums of every stored hand, from scratch (migrations 0008 and 0016, each with its
    own frozen ``names``; every column of today's catalog for None: a check in tests).

    The all-time tables are summed from the per-day one (a partition of the same rows, so
    the same sums), a fraction of the work of reading every seat again."""
    day, hands, *rolled_up = _with_sums((DAY_TABLE, HAND_TABLE, *_ROLLED_UP), names)
    for table in (day, hands, *rolled_up):
        conn.execute(f"DELETE FROM {table.name}")
    for table in (day, hands):
        conn.execute(_upsert(table, _grouped(table, +1, "1")))
    for table in rolled_up:
        conn.execute(_upsert(table, _summed_from_days(table, day.name)))


# -- reading them ------------------------------------------------------------------------------


class Filters(Protocol):
    """What :func:`filters_where` reads of ``analytics.stats.queries.Filters`` (a protocol:
    the store imports no statistics query module)."""

    @property
    def date_from(self) -> dt.date | None: ...
    @property
    def date_to(self) -> dt.date | None: ...
    @property
    def kind(self) -> str | None: ...
    def key_clauses(self, alias: str, clauses: list[str], params: list[object]) -> None: ...


def filters_where(filters: Filters, *, days: bool, alias: str = "a") -> tuple[str, list[object]]:
    """:meth:`Filters.where` over an aggregate table's keys: the same hands, by day.

    ``started_at >= D`` holds exactly when its day (its first ten characters) is ``>= D``,
    and ``started_at < D + 1`` when its day is ``<= D``; a hand without a time is in no
    date range (its day is ``''``). Without ``days`` the filters must have no dates.
    """
    clauses: list[str] = []
    params: list[object] = []
    if filters.date_from is not None or filters.date_to is not None:
        if not days:
            raise ValueError("dates need the per-day table")
        clauses.append(f"{alias}.day <> ''")
    if filters.date_from is not None:
        clauses.append(f"{alias}.day >= ?")
        params.append(filters.date_from.isoformat())
    if filters.date_to is not None:
        clauses.append(f"{alias}.day <= ?")
        params.append(filters.date_to.isoformat())
    filters.key_clauses(alias, clauses, params)
    if filters.kind == "cash":
        clauses.append(f"{alias}.tournament = 0")
    elif filters.kind == "tournament":
        clauses.append(f"{alias}.tournament = 1")
    return (" AND ".join(clauses) or "1"), params


def player_table_for(
    filters: Filters, by_day: bool | None = None, positions: bool = False
) -> Table:
    """The smallest table that answers ``filters`` (dates or ``by_day`` need the per-day
    one, ``positions`` a table with them)."""
    if by_day or filters.date_from is not None or filters.date_to is not None:
        return DAY_TABLE
    return ALL_TIME_TABLE if positions else TOTALS_TABLE
