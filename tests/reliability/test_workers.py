"""Fault 3 of issue 9: an import's worker processes exit with it, and SIGTERM is Ctrl-C.

``pokerhh import --jobs 2`` runs in a subprocess on enough hands to be still busy (the
Pluribus corpus when present, else the sample histories written out many times with
distinct contents, so every copy is parsed). Once its workers exist, the test kills the
main process: with SIGKILL no clean-up of ours can run, so the workers must notice alone;
with SIGTERM the import must stop as on Ctrl-C (roll back, print the summary, exit 143).
Processes are read from ``/proc`` (psutil is not installed); Linux only.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from analytics.store.actions import stored_actions
from tests.corpus import corpus_files
from tests.reliability.conftest import ROOT, SAMPLES

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)"),
]


def stat_of(pid: int) -> tuple[str, int] | None:
    """(state, parent pid) of a live process, None once it is gone (or a zombie)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    state, ppid = text.rsplit(")", 1)[1].split()[:2]
    return None if state in ("Z", "X") else (state, int(ppid))


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            info = stat_of(int(entry.name))
            if info is not None and info[1] == pid:
                found.append(int(entry.name))
    return found


@pytest.fixture(scope="module")
def busy_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """About 10,000 hands in files of a few hundred, each content distinct."""
    folder = tmp_path_factory.mktemp("busy")
    pluribus = corpus_files("pluribus")
    if pluribus:
        texts = [p.read_text(encoding="utf-8") for p in pluribus]
    else:
        texts = [p.read_text(encoding="utf-8") for p in sorted(SAMPLES.rglob("*.txt"))] * 200
    for number, text in enumerate(texts):
        # Trailing blank lines: a different content (parsed again), the same hands.
        (folder / f"{number:05d}.txt").write_text(text + "\n" * (number + 1), encoding="utf-8")
    return folder


def start_import(folder: Path, db: Path) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "dashboard.cli", "import", "--quiet", "--jobs", "2",
               "--db", str(db), str(folder)]  # fmt: skip
    return subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def wait_for_workers(process: subprocess.Popen[str], db: Path) -> list[int]:
    """The workers' pids, once there are two and a file is committed."""
    deadline = time.monotonic() + 60
    while True:
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the import made no progress"
        workers = children(process.pid)
        if len(workers) >= 2 and files_committed(db) > 0:
            return workers
        time.sleep(0.02)


def files_committed(db: Path) -> int:
    try:
        conn = sqlite3.connect(f"{db.as_uri()}?mode=ro", uri=True, timeout=5)
    except sqlite3.OperationalError:
        return 0
    try:
        return int(conn.execute("SELECT count(*) FROM files").fetchone()[0])
    except sqlite3.OperationalError:
        return 0
    finally:
        conn.close()


def assert_all_gone(pids: list[int], within: float = 10.0) -> None:
    deadline = time.monotonic() + within
    alive = [pid for pid in pids if stat_of(pid) is not None]
    while alive and time.monotonic() < deadline:
        time.sleep(0.05)
        alive = [pid for pid in alive if stat_of(pid) is not None]
    for pid in alive:  # leave nothing behind, then fail
        os.kill(pid, signal.SIGKILL)
    assert alive == [], f"workers still running {within}s after their parent: {alive}"


def test_workers_exit_when_the_import_is_killed_with_sigkill(
    busy_folder: Path, tmp_path: Path
) -> None:
    db = tmp_path / "killed.sqlite"
    process = start_import(busy_folder, db)
    try:
        workers = wait_for_workers(process, db)
        os.kill(process.pid, signal.SIGKILL)
        # wait(), not communicate(): orphaned workers would hold the output pipes open.
        assert process.wait(timeout=30) == -signal.SIGKILL
        assert_all_gone(workers)
    finally:
        if process.poll() is None:
            process.kill()
        process.communicate()


def test_sigterm_rolls_back_prints_the_summary_and_exits_143(
    busy_folder: Path, tmp_path: Path
) -> None:
    db = tmp_path / "terminated.sqlite"
    process = start_import(busy_folder, db)
    try:
        workers = wait_for_workers(process, db)
        os.kill(process.pid, signal.SIGTERM)
        process.wait(timeout=60)
        assert_all_gone(workers)
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 143, err
    assert "Interrupted: the files being written were rolled back" in out
    assert "  files:" in out
    assert "Traceback" not in err
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        # all or nothing per file: every committed file has its hands' rows
        (done,) = conn.execute("SELECT count(*) FROM files").fetchone()
        assert 0 < done < len(list(busy_folder.iterdir()))
        bare = conn.execute(
            "SELECT count(*) FROM hands h WHERE status = 'ok' AND (NOT EXISTS"
            " (SELECT 1 FROM hand_players WHERE hand = h.id) OR NOT EXISTS"
            " (SELECT 1 FROM player_hand_stats WHERE hand = h.id))"
        ).fetchone()
        assert bare == (0,)
        # and every ok hand's events come back from its stored text (not stored: 0007)
        ok = {key for (key,) in conn.execute("SELECT id FROM hands WHERE status = 'ok'")}
        assert {row[0] for row in stored_actions(conn)} == ok
    finally:
        conn.close()
    again = subprocess.run(
        [sys.executable, "-m", "dashboard.cli", "import", "--quiet", "--db", str(db),
         str(busy_folder)],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert again.returncode == 0, again.stderr
    assert "unchanged since a previous import" in again.stdout
