"""Issue 9, fault injection: what an import leaves behind when something goes wrong.

- ``kill -9`` of a real ``pokerhh import --jobs 2`` (a subprocess) at ten seeded random
  points, each run continuing the last one's database: after every kill the database passes
  ``PRAGMA integrity_check``, every file is all or nothing (its hands all stored with its
  ``files`` row, or none of them), the killed import's workers are gone (``/proc``); the
  import finished afterwards equals a clean import (table dumps).
- An exception injected mid-file: in the engine (a stage raising on the Nth hand) the hand
  is quarantined as ``internal_error`` and the rest of the file imports; in the writer (the
  database rows of the Nth hand) the file's transaction is rolled back and the exception
  propagates (a bug must not be stored as half a file): files before it stay whole.
- Disk full (SQLite's ``max_page_count`` set low on the importer's connection): exit 1 with
  the path and what to do, the database sound, the files committed before it whole.
- Another writer holding ``BEGIN EXCLUSIVE`` (another process): the import waits (busy
  timeout) and goes on when the lock is released; held longer, exit 1 naming the path.

The older-schema migration after a backup is pinned in ``test_read_only.py``.
``benchmarks/fault_injection.py`` runs the kill test at scale.
"""

from __future__ import annotations

import dataclasses
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

import analytics.store.db
from analytics.ingest.importer import import_paths
from analytics.ingest.pipeline import Stages
from analytics.ingest.rows import HandRows
from dashboard import cli
from tests.reliability.conftest import ROOT, Run, query
from tests.reliability.generated import dump, hand_ids_by_file, unsound, write_folder
from tests.reliability.test_workers import assert_all_gone, children

KILLS = 10
SEED = 20260901


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """160 files of 8 generated hands, every hand number distinct: enough that ten kills
    of the compiled import (about 4,000 hands/s) do not reach its end."""
    return write_folder(tmp_path_factory.mktemp("generated") / "in", files=160, hands_per_file=8)


@pytest.fixture(scope="module")
def clean(folder: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[tuple]]:
    """The tables of an import that nothing interrupted."""
    db = tmp_path_factory.mktemp("clean") / "clean.sqlite"
    report = import_paths([folder], db)
    assert report.stored_total == report.hands_seen == 1280
    return dump(db)


def committed(db: Path) -> int:
    try:
        conn = sqlite3.connect(f"{db.as_uri()}?mode=ro", uri=True, timeout=5)
    except sqlite3.OperationalError:
        return 0
    try:
        return int(conn.execute("SELECT count(*) FROM files").fetchone()[0])
    except sqlite3.OperationalError:  # no database or no tables yet
        return 0
    finally:
        conn.close()


def import_command(db: Path, *paths: Path) -> list[str]:
    """Files committed two by two (``--batch-hands 16``, 8 hands a file): a kill lands
    inside a batch of several files as well as inside a file."""
    return [sys.executable, "-m", "dashboard.cli", "import", "--quiet", "--jobs", "2",
            "--batch-hands", "16", "--db", str(db), *map(str, paths)]  # fmt: skip


def kill_at_random_point(command: list[str], db: Path, rng: random.Random) -> bool:
    """Start ``command``; once 0 to 2 more files are committed, wait 0 to 20 ms more and
    SIGKILL it. False if it finished first. Its workers must not outlive it."""
    target = committed(db) + rng.randint(0, 2)
    pause = rng.uniform(0.0, 0.02)  # 20 ms: 80 hands, ten files, of the compiled import
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)  # fmt: skip
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 120
        while committed(db) < target and process.poll() is None:
            assert time.monotonic() < deadline, "the import made no progress"
            time.sleep(0.01)
        time.sleep(pause)
        if process.poll() is not None:
            return False
        workers = children(process.pid)
        os.kill(process.pid, signal.SIGKILL)
        assert process.wait(timeout=30) == -signal.SIGKILL
        return True
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        assert_all_gone(workers)


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_kill_9_at_ten_seeded_points_then_reimport_equals_a_clean_import(
    folder: Path, clean: dict[str, list[tuple]], tmp_path: Path
) -> None:
    db = tmp_path / "killed.sqlite"
    expected = hand_ids_by_file(folder)
    rng = random.Random(SEED)
    command = import_command(db, folder)
    kills, seen = 0, []
    while kills < KILLS:
        assert kill_at_random_point(command, db, rng), f"the import ended after {kills} kills"
        kills += 1
        seen.append(committed(db))
        assert unsound(db, expected) == [], f"after kill {kills} ({seen[-1]} files in)"
    assert seen[-1] < len(expected), f"the ten kills reached the end: {seen}"
    finished = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert finished.returncode == 0, finished.stderr
    assert dump(db) == clean


def failing_on(nth: int, stage: object) -> object:
    """``stage`` that raises a RuntimeError on its ``nth`` call (counting from 1)."""
    calls = 0

    def call(*args: object) -> object:
        nonlocal calls
        calls += 1
        if calls == nth:
            raise RuntimeError(f"injected fault on call {nth}")
        return stage(*args)  # type: ignore[operator]

    return call


def test_an_engine_exception_mid_file_quarantines_that_hand(folder: Path, tmp_path: Path) -> None:
    files = sorted(folder.glob("*.txt"))[:3]
    stages = Stages.default()
    broken = dataclasses.replace(stages, replay=failing_on(13, stages.replay))  # file 2, hand 5
    db = tmp_path / "engine.sqlite"
    report = import_paths(files, db, stages=broken)
    assert (report.files_imported, report.stored["ok"], report.invalid) == (3, 23, 1)
    (problem,) = report.problems
    assert (problem.file, problem.kind) == (str(files[1]), "internal_error")
    assert "RuntimeError: injected fault on call 13 (a bug in pokerhh" in problem.message
    want = hand_ids_by_file(folder)[str(files[1])][4]
    rows = query(db, "SELECT hand_id, status, problem_kind, raw_text(raw_dictionary, raw_z) <> ''"
                     " FROM hands"
                     " WHERE status <> 'ok'")  # fmt: skip
    assert rows == [(want, "invalid", "internal_error", 1)]
    # Fixed (here: no fault), a rescan replaces the quarantined record with the hand.
    assert import_paths(files, db, rescan=True).replaced == 1
    assert query(db, "SELECT count(*) FROM hands WHERE status = 'ok'") == [(24,)]


def test_a_writer_exception_rolls_the_file_back(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = sorted(folder.glob("*.txt"))[:4]
    expected = {str(path): hand_ids_by_file(folder)[str(path)] for path in files}
    # The writer reads each hand's stored row (migration 0007) in the writing process.
    monkeypatch.setattr(HandRows, "stored_hand",
                        property(failing_on(20, HandRows.stored_hand.fget)))  # fmt: skip
    db = tmp_path / "writer.sqlite"
    with pytest.raises(RuntimeError, match="injected fault on call 20"):
        import_paths(files, db)
    assert unsound(db, expected) == []
    stored = query(db, "SELECT path FROM files ORDER BY path")
    assert 0 < len(stored) < 4  # the files before the fault, whole; that file, nothing
    monkeypatch.undo()
    assert import_paths(files, db).stored_total == 32 - 8 * len(stored)
    assert unsound(db, expected) == []


def limit_pages(monkeypatch: pytest.MonkeyPatch, extra: int) -> None:
    """Every connection pokerhh opens may grow the file ``extra`` pages past its size."""
    opened = analytics.store.db._open

    def _open(path: Path, uri: str) -> sqlite3.Connection:
        conn = opened(path, uri)
        (pages,) = conn.execute("PRAGMA page_count").fetchone()
        conn.execute(f"PRAGMA max_page_count = {max(pages, 1) + extra}")
        return conn

    monkeypatch.setattr(analytics.store.db, "_open", _open)


def test_disk_full_is_a_clear_message_and_leaves_the_database_sound(
    folder: Path, tmp_path: Path, run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "full.sqlite"
    files = sorted(folder.glob("*.txt"))
    expected = hand_ids_by_file(folder)
    assert run("import", "--quiet", "--jobs", "1", "--db", db, files[0])[0] == 0
    limit_pages(monkeypatch, extra=60)
    # Two files a transaction (8 hands each): a full disk may roll back the whole open
    # one (SQLite's automatic rollback), never the batches committed before it.
    code, _, err = run("import", "--quiet", "--jobs", "1", "--batch-hands", "16", "--db", db,
                       folder)  # fmt: skip
    assert code == 1
    assert err.startswith(f"pokerhh: database {db}: database or disk is full (its disk is full,")
    assert "rolled back" in err
    assert "Traceback" not in err
    assert unsound(db, expected) == []
    done = len(query(db, "SELECT id FROM files"))
    assert 1 < done < len(files)  # some files fitted, then one did not: nothing of it kept
    monkeypatch.undo()
    assert run("import", "--quiet", "--jobs", "1", "--db", db, folder)[0] == 0
    assert unsound(db, expected) == []
    assert query(db, "SELECT count(*) FROM hands") == [(1280,)]


HOLDER = """\
import sqlite3, sys, time
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
conn.execute("COMMIT")
"""


def hold_lock(db: Path, seconds: float) -> subprocess.Popen[str]:
    """Another process, holding ``BEGIN EXCLUSIVE`` on ``db`` for ``seconds``."""
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(db), str(seconds)],
                              stdout=subprocess.PIPE, text=True)  # fmt: skip
    assert holder.stdout is not None
    assert holder.stdout.readline() == "locked\n"
    return holder


def test_a_locked_database_is_waited_for_then_a_clear_message(
    folder: Path, tmp_path: Path, run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "locked.sqlite"
    files = sorted(folder.glob("*.txt"))
    assert run("import", "--quiet", "--jobs", "1", "--db", db, files[0])[0] == 0
    monkeypatch.setattr(analytics.store.db, "BUSY_TIMEOUT_S", 20.0)
    holder = hold_lock(db, 1.5)
    try:
        started = time.monotonic()
        code, _, err = run("import", "--quiet", "--jobs", "1", "--db", db, files[1])
        waited = time.monotonic() - started
    finally:
        holder.wait(timeout=30)
    assert (code, err) == (0, "")
    assert waited > 1.0  # it waited for the other writer instead of failing
    assert len(query(db, "SELECT id FROM files")) == 2

    monkeypatch.setattr(analytics.store.db, "BUSY_TIMEOUT_S", 1.0)
    before = dump(db)
    holder = hold_lock(db, 60)
    try:
        code, _, err = run("import", "--quiet", "--jobs", "1", "--db", db, files[2])
    finally:
        holder.kill()
        holder.wait(timeout=30)
    assert code == 1
    assert err == (
        f"pokerhh: database {db}: database is locked (another program kept it locked for"
        " more than 1 s; the change under way was rolled back: try again once it is done)\n"
    )
    assert dump(db) == before
    assert cli.main(["import", "--quiet", "--jobs", "1", "--db", str(db), str(files[2])]) == 0
