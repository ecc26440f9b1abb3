"""Issue 11, acceptance 5: the Dask import on a ``distributed.LocalCluster`` of two workers
writes Parquet that gives exactly the hands, results and statistics of the SQLite import of
the same files: the sample histories (every room, quarantined hands, a file given twice
under two names) and a slice of the Pluribus corpus cut into byte ranges at hand
boundaries (skipped when the corpus is absent).

Floats: bb/100 and all-in EV are sums of floats, and SQLite adds them in its row order
while DuckDB adds them in its own; the two agree to about 1e-15 relative, so floats are
compared to 1e-12 and every count, sample and amount in the smallest unit exactly.
"""

from __future__ import annotations

import json
import math
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tests.corpus import corpus_files

pytest.importorskip("dask")
distributed = pytest.importorskip("distributed")
pa_parquet = pytest.importorskip("pyarrow.parquet")
pytest.importorskip("duckdb")

from analytics.ingest.importer import import_paths  # noqa: E402
from analytics.ingest.rows import (  # noqa: E402
    ACTION_COLUMNS,
    ALL_IN_COLUMNS,
    HAND_COLUMNS,
    PLAYER_COLUMNS,
    POT_COLUMNS,
    STAT_COLUMNS,
)
from analytics.scale.dask_import import MARKER, import_to_parquet  # noqa: E402
from analytics.scale.parquet_stats import parquet_stats_report  # noqa: E402
from analytics.scale.partitions import cuts  # noqa: E402
from analytics.stats.players import StatsQuery  # noqa: E402
from analytics.stats.report import stats_report  # noqa: E402
from analytics.store import rawtext  # noqa: E402
from analytics.store.actions import stored_actions  # noqa: E402
from dashboard.cli import main  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "sample_histories"
#: Pluribus files imported, and the range size that cuts each into several ranges.
PLURIBUS_FILES = 12
CHUNK = 20_000

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    tmp = tmp_path_factory.mktemp("dask")
    first = sorted(SAMPLES.rglob("*.txt"))[0]
    twice = tmp / "copy-of-a-sample.txt"
    shutil.copyfile(first, twice)
    # The same hand ids with another text (a seat's name changed): conflicting copies,
    # reported by both imports, never counted as duplicates (issue 23 item 6).
    conflicting = tmp / "zz-conflicting-copy.txt"
    text = first.read_text(encoding="utf-8")
    seat = next(line for line in text.splitlines() if line.startswith("Seat 1: "))
    name = seat.removeprefix("Seat 1: ").split(" (")[0]
    conflicting.write_text(text.replace(name, "Conflicting Name"), encoding="utf-8")
    paths = [SAMPLES, twice, conflicting]
    pluribus = corpus_files("pluribus")[:PLURIBUS_FILES]
    paths += pluribus
    sqlite_report = import_paths(paths, tmp / "hands.db", jobs=1)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        done = import_to_parquet(paths, tmp / "parquet", client=client, chunk_bytes=CHUNK)
    return {"db": tmp / "hands.db", "parquet": tmp / "parquet", "sqlite": sqlite_report,
            "dask": done, "pluribus": pluribus, "tmp": tmp}  # fmt: skip


def _sqlite(db: Path, sql: str) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(db)
    rawtext.register(conn)  # the texts are stored compressed (migration 0007)
    try:
        return sorted(conn.execute(sql).fetchall(), key=repr)
    finally:
        conn.close()


def _parquet(root: Path, table: str, columns: tuple[str, ...]) -> list[tuple[Any, ...]]:
    data = pa_parquet.read_table(root / table).select(list(columns)).to_pylist()
    return sorted((tuple(row[c] for c in columns) for row in data), key=repr)


def _child(table: str, columns: tuple[str, ...], extra: str = "") -> str:
    return (f"SELECT h.site, h.hand_id{extra}, {', '.join(f'c.{c}' for c in columns)}"
            f" FROM {table} c JOIN hands h ON h.id = c.hand")  # fmt: skip


def test_two_workers_and_ranges_were_used(imported: dict[str, Any]) -> None:
    done = imported["dask"]
    assert done.workers == 2
    assert (done.out_dir / MARKER).is_file()
    if imported["pluribus"]:
        big = imported["pluribus"][0]
        assert len(cuts(str(big), big.stat().st_size, CHUNK)) > 1  # a file as several tasks
        assert done.partitions > done.report.files_imported


def test_the_same_counts(imported: dict[str, Any]) -> None:
    sqlite, dask = imported["sqlite"], imported["dask"].report
    assert dask.hands_seen == sqlite.hands_seen
    assert dask.stored == sqlite.stored
    assert dask.duplicates == sqlite.duplicates > 0  # the copied sample file
    assert dask.conflicts == sqlite.conflicts > 0  # the copy with another name
    assert sorted(p.path for p in dask.files_refused) == sorted(
        p.path for p in sqlite.files_refused
    )
    assert sorted((p.site, p.hand_id, p.line, p.kind, p.rule, p.message) for p in dask.problems) \
        == sorted((p.site, p.hand_id, p.line, p.kind, p.rule, p.message)
                  for p in sqlite.problems)  # fmt: skip


def test_the_same_hands(imported: dict[str, Any]) -> None:
    """Every hand, ok or quarantined, with every column of its row and its file."""
    stored = {"raw": "raw_text(h.raw_dictionary, h.raw_z)"}  # the SQLite text is compressed
    sql = (f"SELECT f.path, {', '.join(stored.get(c, f'h.{c}') for c in HAND_COLUMNS)}"
           " FROM hands h JOIN files f ON f.id = h.file_id")  # fmt: skip
    expected = _sqlite(imported["db"], sql)
    assert len(expected) == imported["sqlite"].stored_total
    assert _parquet(imported["parquet"], "hands", ("file", *HAND_COLUMNS)) == expected


@pytest.mark.parametrize(
    ("table", "columns", "extra"),
    [
        ("hand_players", PLAYER_COLUMNS, ""),
        ("pots", POT_COLUMNS, ""),
        ("all_in_ev", ALL_IN_COLUMNS, ""),
    ],
)
def test_the_same_results(
    imported: dict[str, Any], table: str, columns: tuple[str, ...], extra: str
) -> None:
    """Each player's invested, collected and net (hand_players), the events, the pots and
    the all-in EV: row for row under the hands' natural keys."""
    expected = _sqlite(imported["db"], _child(table, columns, extra))
    assert expected  # the samples hold all of these
    assert _parquet(imported["parquet"], table, ("site", "hand_id", *columns)) == expected


def test_the_same_events(imported: dict[str, Any]) -> None:
    """The events: the Parquet's ``actions`` against those SQLite derives again from each
    stored text (``analytics.store.actions``: the table is not stored since 0007)."""
    conn = sqlite3.connect(imported["db"])
    try:
        keys = {k: (site, hand_id) for k, site, hand_id in conn.execute(
            "SELECT id, site, hand_id FROM hands")}  # fmt: skip
        expected = sorted(((*keys[row[0]], *row[1:]) for row in stored_actions(conn)), key=repr)
    finally:
        conn.close()
    assert expected
    got = _parquet(imported["parquet"], "actions", ("site", "hand_id", *ACTION_COLUMNS))
    assert got == expected


def test_the_same_flags(imported: dict[str, Any]) -> None:
    sql = ("SELECT h.site, h.hand_id, p.name, "
           f"{', '.join(f's.{c}' for c in STAT_COLUMNS)} FROM player_hand_stats s"
           " JOIN hands h ON h.id = s.hand JOIN players p ON p.id = s.player_id")  # fmt: skip
    expected = _sqlite(imported["db"], sql)
    got = _parquet(imported["parquet"], "player_hand_stats", ("site", "hand_id", "name",
                                                              *STAT_COLUMNS))  # fmt: skip
    assert got == expected


def _same(a: Any, b: Any, where: str = "") -> None:
    if isinstance(a, float) and isinstance(b, float):
        assert math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-9), where
    elif isinstance(a, dict) and isinstance(b, dict):
        assert a.keys() == b.keys(), where
        for key in a:
            _same(a[key], b[key], f"{where}.{key}")
    else:
        assert a == b, where


def _keyed(text: str) -> dict[tuple[Any, ...], Any]:
    rows = json.loads(text)
    keys = ("player", "site", "currency", "position", "stakes", "month")
    out = {tuple(row.get(k) for k in keys): row for row in rows}
    assert len(out) == len(rows)
    return out


QUERIES = [
    pytest.param(StatsQuery(), (), id="everyone"),
    pytest.param(StatsQuery(by="position", min_hands=5), (), id="by-position"),
    pytest.param(StatsQuery(by="stakes"), (), id="by-stakes"),
    pytest.param(StatsQuery(players=("pluribus",), by="month"), (), id="one-player-by-month"),
]


@pytest.mark.parametrize(("query", "stakes"), QUERIES)
def test_the_same_statistics(
    imported: dict[str, Any], query: StatsQuery, stakes: tuple[str, ...]
) -> None:
    if query.players and not imported["pluribus"]:
        pytest.skip("../shared/corpora/pluribus is absent")
    expected = _keyed(stats_report(imported["db"], query, "json", stakes))
    got = _keyed(parquet_stats_report(imported["parquet"], query, "json", stakes))
    assert expected
    assert got.keys() == expected.keys()
    for key, row in expected.items():
        _same(got[key], row, repr(key))


def test_stats_parquet_on_the_command_line(
    imported: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["stats", "--db", str(imported["db"]), "--format", "json",
                 "--game", "nlhe"]) == 0  # fmt: skip
    expected = _keyed(capsys.readouterr().out)
    assert main(["stats", "--parquet", str(imported["parquet"]), "--format", "json",
                 "--game", "nlhe"]) == 0  # fmt: skip
    got = _keyed(capsys.readouterr().out)
    assert got.keys() == expected.keys()
    # The same BadFilter as the database (a usage error, exit 2).
    assert main(["stats", "--parquet", str(imported["parquet"]), "--game", "nope"]) == 2
    assert "unknown game 'nope'" in capsys.readouterr().err


def test_engine_dask_needs_a_folder(
    imported: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["import", "--db", str(imported["tmp"] / "x.db"), "--engine", "dask",
                 str(SAMPLES)]) == 2  # fmt: skip
    assert "--parquet" in capsys.readouterr().err
