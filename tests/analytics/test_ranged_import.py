"""A big file read range by range (issue 11) gives the database a whole-file read gives.

The ranges are made tiny here (a few kilobytes: dozens of cuts per corpus file) so every
kind of boundary is crossed: each room's files, CRLF files, quarantined hands, hands cut
short. Every table is compared row for row, surrogate ids included (the write order is
the same), and the import's problem list line for line.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from analytics.ingest import importer
from analytics.ingest.importer import import_paths
from analytics.ingest.ranges import cuts
from tests.corpus import CORPORA, corpus_files

SITES = corpus_files("sites")
POKERSTARS = corpus_files("pokerstars")


def _dump(db: Path) -> dict[str, list[tuple[object, ...]]]:
    conn = sqlite3.connect(db)
    try:
        tables = [name for (name,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'"
            " AND name NOT LIKE 'sqlite_%' AND name NOT IN ('_sqlite_migrations', 'files')"
        )]  # fmt: skip
        dump = {t: sorted(conn.execute(f"SELECT * FROM {t}"), key=repr) for t in tables}
        # When a tournament was rebuilt is the clock's, not the import's.
        dump["tournaments"] = sorted(
            conn.execute("SELECT * FROM tournaments").fetchall(), key=repr
        )
        built = [d[1] for d in conn.execute("PRAGMA table_info(tournaments)")].index("built_at")
        dump["tournaments"] = [(*r[:built], *r[built + 1 :]) for r in dump["tournaments"]]
        dump["files"] = list(conn.execute("SELECT path, sha256, size, hands FROM files"))
        return dump
    finally:
        conn.close()


def _import(paths: list[Path], db: Path, jobs: int) -> tuple[dict[str, object], list[str]]:
    """A transaction per file (``batch_hands=1``) both ways: a ranged file is written
    alone, so its sums are grouped as a whole file's are only when that one is alone too
    (grouped otherwise, a float sum may differ in its last digit)."""
    report = import_paths(paths, db, jobs=jobs, batch_hands=1)
    return _dump(db), [str(problem) for problem in report.problems]


def _ranged(monkeypatch: pytest.MonkeyPatch, range_bytes: int) -> None:
    monkeypatch.setattr(importer, "STREAM_BYTES", 0)
    monkeypatch.setattr(importer, "RANGE_BYTES", range_bytes)


def _cuttable(paths: list[Path]) -> list[Path]:
    """The files :func:`cuts` does cut at 4 KB (UTF-8, more than one hand)."""
    return [p for p in paths if len(cuts(str(p), p.stat().st_size, 4096)) > 1]


@pytest.fixture(scope="module")
def sites_whole(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, object], list[str]]:
    """The rooms' cuttable files read whole (``--jobs 1``): the reference both ranged
    imports below are compared with, imported once for the two."""
    files = _cuttable(SITES)
    return _import(files, tmp_path_factory.mktemp("sites_whole") / "whole.sqlite", jobs=1)


@pytest.mark.skipif(not SITES, reason="../shared/corpora/sites is absent")
@pytest.mark.parametrize("jobs", [1, 2])
def test_every_rooms_files_in_ranges_give_the_whole_files_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: int,
    sites_whole: tuple[dict[str, object], list[str]],
) -> None:  # fmt: skip
    files = _cuttable(SITES)
    rooms = {p.relative_to(CORPORA / "sites").parts[0] for p in files}
    assert len(files) >= 25
    assert len(rooms) >= 6
    whole = sites_whole
    _ranged(monkeypatch, 4096)
    ranged = _import(files, tmp_path / "ranged.sqlite", jobs=jobs)
    assert ranged[1] == whole[1]
    assert ranged[0] == whole[0]


@pytest.mark.skipif(not POKERSTARS, reason="../shared/corpora/pokerstars is absent")
def test_pokerstars_files_in_ranges_give_the_whole_files_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = _cuttable(POKERSTARS)
    assert len(files) > 20
    whole = _import(files, tmp_path / "whole.sqlite", jobs=1)
    _ranged(monkeypatch, 2048)
    ranged = _import(files, tmp_path / "ranged.sqlite", jobs=2)
    assert ranged[1] == whole[1]
    assert ranged[0] == whole[0]


def test_a_ranged_file_is_unchanged_the_second_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    history = tmp_path / "big.txt"
    history.write_text("".join(_hand(n) for n in range(1, 41)), encoding="utf-8")
    _ranged(monkeypatch, 512)
    assert len(cuts(str(history), history.stat().st_size, 512)) > 5
    first = import_paths([history], tmp_path / "db.sqlite", jobs=2)
    again = import_paths([history], tmp_path / "db.sqlite", jobs=2)
    assert first.stored["ok"] == 40
    assert first.hands_seen == 40
    assert again.files_unchanged == 1
    assert again.duplicates == 40
    assert not again.stored


def test_a_killed_ranged_import_leaves_nothing_of_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The ranges are written in the file's one transaction: an error at the tenth range
    (here an interrupt from a worker's result) rolls back the nine before it."""
    history = tmp_path / "big.txt"
    history.write_text("".join(_hand(n) for n in range(1, 41)), encoding="utf-8")
    _ranged(monkeypatch, 512)
    calls = 0
    real = importer.prepare_range

    def interrupted(*args: object, **kwargs: object) -> object:
        nonlocal calls
        calls += 1
        if calls == 10:
            raise KeyboardInterrupt
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(importer, "prepare_range", interrupted)
    db = tmp_path / "db.sqlite"
    with pytest.raises(KeyboardInterrupt):
        import_paths([history], db)
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT count(*) FROM hands").fetchone() == (0,)
    assert conn.execute("SELECT count(*) FROM files").fetchone() == (0,)
    conn.close()
    monkeypatch.setattr(importer, "prepare_range", real)
    report = import_paths([history], db)
    assert report.stored["ok"] == 40


def _hand(number: int) -> str:
    return (
        f"PokerStars Hand #{number}: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 12:00:00 ET\n"
        "Table 'T' 6-max Seat #1 is the button\n"
        "Seat 1: Alice ($2 in chips)\n"
        "Seat 2: Bob ($2 in chips)\n"
        "Alice: posts small blind $0.01\n"
        "Bob: posts big blind $0.02\n"
        "*** HOLE CARDS ***\n"
        "Alice: folds\n"
        "Uncalled bet ($0.01) returned to Bob\n"
        "Bob collected $0.02 from pot\n"
        "Bob: doesn't show hand\n"
        "*** SUMMARY ***\n"
        "Total pot $0.02 | Rake $0\n"
        "Seat 1: Alice (button) (small blind) folded before Flop\n"
        "Seat 2: Bob (big blind) collected ($0.02)\n"
        "\n\n\n"
    )


def test_a_ranged_file_reports_progress_range_by_range(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 1 GB file must not sit at 0% for ten minutes: a tick after each range."""
    history = tmp_path / "big.txt"
    history.write_text("".join(_hand(n) for n in range(1, 41)), encoding="utf-8")
    _ranged(monkeypatch, 512)
    ticks: list[tuple[int, int]] = []
    import_paths([history], tmp_path / "db.sqlite",
                 progress=lambda p: ticks.append((p.bytes_done, p.hands_seen)))  # fmt: skip
    within = ticks[1:-1]
    assert len(within) > 5
    assert within == sorted(within)
    assert within[-1][0] == history.stat().st_size
    assert ticks[-1] == (history.stat().st_size, 40)
