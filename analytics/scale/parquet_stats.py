"""``pokerhh stats --parquet DIR``: the statistics of :mod:`analytics.stats.players`, from Parquet.

Why DuckDB, and not pandas: the aggregates are SQL (:data:`analytics.stats.players.STATS`, each
stat's numerator and denominator as an expression over ``s``, ``h``, ``e``), and DuckDB
runs that same SQL over Parquet files in place, column by column, in parallel, without
loading the dataset: the same code, so the same statistics, on more hands than fit in
memory. A pandas source would need every stat written again as DataFrame code.

DuckDB is given views with SQLite's table and column names, the surrogate ids replaced
by the natural keys (``hands.id`` is ``site || x1f || hand_id``, ``players.id`` is
``site || x1f || name``), and the connection is wrapped so that
:func:`analytics.stats.players.checked_query` and
:func:`analytics.stats.players.player_stats` run on it unchanged. The one SQLite-only
spelling they use, ``CROSS JOIN ... ON`` (SQLite's hint to read hands first), is a
plain ``JOIN`` to DuckDB.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from analytics.scale.dask_import import MARKER
from analytics.scale.schema import ALL_IN, HANDS, PLAYERS, STATS
from analytics.stats.players import StatsQuery, checked_query, player_stats
from analytics.stats.report import render

_SEP = "chr(31)"


class NoDataset(FileNotFoundError):
    """``--parquet`` names no pokerhh Parquet dataset."""


#: SQLite's computed ``players.anonymous`` (migration 0012: Bovada's "Seat N" seats are not
#: players), the same test in DuckDB, so ``--parquet`` leaves the same rows out.
_ANONYMOUS = (
    "(site IN ('Bovada', 'Ignition', 'Bodog') AND regexp_full_match(name, 'Seat [0-9]+'))"
)


def _views(root: Path) -> tuple[str, ...]:
    def files(name: str) -> str:
        glob = str(root / name / "*.parquet").replace("'", "''")
        return f"read_parquet('{glob}')"

    return (
        f"CREATE VIEW hands AS SELECT site || {_SEP} || hand_id AS id, *"
        f" FROM {files(HANDS.name)}",
        f"CREATE VIEW hand_players AS SELECT site || {_SEP} || hand_id AS hand,"
        f" site || {_SEP} || name AS player_id, * FROM {files(PLAYERS.name)}",
        f"CREATE VIEW players AS SELECT DISTINCT site || {_SEP} || name AS id, site, name,"
        f" {_ANONYMOUS} AS anonymous FROM {files(PLAYERS.name)}",
        f"CREATE VIEW player_hand_stats AS SELECT site || {_SEP} || hand_id AS hand,"
        f" site || {_SEP} || name AS player_id, * EXCLUDE (site, hand_id, name)"
        f" FROM {files(STATS.name)}",
        f"CREATE VIEW all_in_ev AS SELECT site || {_SEP} || hand_id AS hand,"
        f" * EXCLUDE (site, hand_id) FROM {files(ALL_IN.name)}",
    )


class _Cursor:
    """The part of ``sqlite3.Cursor`` the stats code uses."""

    def __init__(self, result: Any) -> None:
        self._result = result
        self.description = result.description

    def fetchone(self) -> Any:
        return self._result.fetchone()

    def fetchall(self) -> list[Any]:
        return list(self._result.fetchall())

    def __iter__(self) -> Iterator[Any]:
        return iter(self.fetchall())


class DuckConnection:
    """A DuckDB connection over a dataset, spoken to like the ``sqlite3`` one."""

    def __init__(self, root: str | os.PathLike[str], *, threads: int | None = None) -> None:
        import duckdb

        self.root = Path(root)
        if not (self.root / MARKER).is_file():
            raise NoDataset(f"{self.root}: no pokerhh Parquet dataset here (no {MARKER})")
        self.duck = duckdb.connect()
        if threads:
            self.duck.execute(f"SET threads = {int(threads)}")
        for sql in _views(self.root):
            self.duck.execute(sql)

    def execute(self, sql: str, params: Sequence[object] = ()) -> _Cursor:
        sql = sql.replace("CROSS JOIN", "JOIN")
        if "GROUP BY" in sql and sql.rstrip().endswith("HAVING count(*) >= ?"):
            # SQLite gives the groups in player-id order (import order), DuckDB in none:
            # by player, room and currency, so equal totals print in a fixed order.
            sql += " ORDER BY player, site, currency"
        return _Cursor(self.duck.execute(sql, list(params)))

    def close(self) -> None:
        self.duck.close()


def parquet_stats_report(
    root: str | os.PathLike[str],
    query: StatsQuery,
    fmt: str = "table",
    stakes: Sequence[str] = (),
) -> str:
    """:func:`analytics.stats.report.stats_report`, over the Parquet dataset at ``root``:
    the same filters (and the same :class:`~analytics.stats.players.BadFilter` errors), the same
    aggregates and the same output."""
    conn = DuckConnection(root)
    try:
        checked = checked_query(conn, query, stakes)  # type: ignore[arg-type]
        frame = player_stats(conn, checked)  # type: ignore[arg-type]
    finally:
        conn.close()
    return render(frame, fmt)
