"""The Parquet datasets: the SQLite tables' columns, with natural keys instead of ids.

Why natural keys: SQLite's surrogate ids (``max(id) + 1``) depend on the order hands are
written, so two partitions written in parallel cannot agree on them. A hand is
``(site, hand_id)`` and a player ``(site, name)``; every child row carries its hand's key,
so tables written by different workers still join. The column types are read from the
SQLite schema itself (:data:`analytics.store.migrations.MIGRATIONS` applied in memory), so a
column added by a migration cannot be forgotten here: INTEGER is int64, REAL float64,
TEXT string.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import pyarrow as pa

from analytics.ingest.rows import (
    ACTION_COLUMNS,
    ALL_IN_COLUMNS,
    HAND_COLUMNS,
    PLAYER_COLUMNS,
    POT_COLUMNS,
    STAT_COLUMNS,
)

#: The key every child row carries: its hand's.
HAND_KEY = ("site", "hand_id")
#: Where one copy of a hand was read: the partition's number and the hand's place in it.
#: Kept while the import runs (deduplication keeps the first ok copy, as the SQLite import
#: does), dropped from the files written.
ORDER = ("part", "pos")
_TYPES = {"INTEGER": pa.int64(), "REAL": pa.float64(), "TEXT": pa.string()}


@dataclass(frozen=True, slots=True)
class Table:
    """One dataset: its SQLite table, and the columns of a row as ``analytics.ingest.rows``
    makes it."""

    name: str
    #: The natural-key columns put before the row's own (the SQLite table has ids there).
    key: tuple[str, ...]
    #: The columns of the row tuples ``analytics.ingest.rows`` builds, in their order.
    columns: tuple[str, ...]

    @property
    def written(self) -> tuple[str, ...]:
        """The columns of the Parquet files."""
        return (*self.key, *self.columns)

    def schema(self, *, order: bool = False) -> pa.Schema:
        """The Arrow schema of the files (``order``: with ``part``/``pos`` first)."""
        types = sqlite_types()[self.name]
        fields = [pa.field(name, pa.int64()) for name in ORDER] if order else []
        for name in self.written:
            fields.append(pa.field(name, _TYPES[types.get(name, "TEXT")]))
        return pa.schema(fields)


HANDS = Table("hands", ("file",), HAND_COLUMNS)
PLAYERS = Table("hand_players", HAND_KEY, PLAYER_COLUMNS)
ACTIONS = Table("actions", HAND_KEY, ACTION_COLUMNS)
POTS = Table("pots", HAND_KEY, POT_COLUMNS)
#: The statistics flags, with the player's name (SQLite has ``player_id``).
STATS = Table("player_hand_stats", (*HAND_KEY, "name"), STAT_COLUMNS)
ALL_IN = Table("all_in_ev", HAND_KEY, ALL_IN_COLUMNS)
#: Every dataset a partition produces, hands first.
TABLES: tuple[Table, ...] = (HANDS, PLAYERS, ACTIONS, POTS, STATS, ALL_IN)
#: The files read, one row per distinct content (written by the client at the end).
FILES_SCHEMA = pa.schema(
    [("path", pa.string()), ("sha256", pa.string()), ("size", pa.int64()),
     ("hands", pa.int64())]
)  # fmt: skip


@cache
def sqlite_types() -> dict[str, dict[str, str]]:
    """Each SQLite table's declared column types, from the migrations applied in memory."""
    from sqlite_utils import Database

    from analytics.store.migrations import DROPPED_TABLE_TYPES, MIGRATIONS

    db = Database(memory=True)
    MIGRATIONS.apply(db)
    out: dict[str, dict[str, str]] = {}
    for table in TABLES:
        info = db.execute(f"PRAGMA table_info({table.name})").fetchall()
        # Since 0007 hand_players and player_hand_stats are views: their computed columns
        # (net, the flags and counts) have no declared type, and are all integers.
        types = {row[1]: row[2] or "INTEGER" for row in info}
        out[table.name] = types or dict(DROPPED_TABLE_TYPES.get(table.name, {}))
    out["hands"]["file"] = "TEXT"
    db.close()
    return out
