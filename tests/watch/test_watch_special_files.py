"""Issue 23, item 8, for ``pokerhh watch``: a FIFO named ``x.txt`` in a watched folder used
to block the watcher for ever on its ``open``, and a symlink to ``/dev/zero`` ended in
``MemoryError``. Now each is refused once, with what it is, and the other files import.

The command runs in a child process with a timeout and an address-space limit, so the
old behaviour is a failed test, not a stuck suite or a machine out of memory.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from analytics.ingest.watch import Watcher, WatchOptions
from tests.reliability.test_special_files import hostile_folder, run_limited
from tests.watch.conftest import HAND_IDS, session_bytes, stored

pytestmark = pytest.mark.skipif(
    not hasattr(os, "mkfifo") or not Path("/dev/zero").exists(),
    reason="needs FIFOs and /dev/zero (POSIX)",
)

FIFO = "not read: not_a_file: a FIFO (named pipe), not a regular file"
ZERO = "not read: not_a_file: a character device (a symlink to /dev/zero), not a regular file"


def test_watch_once_refuses_a_fifo_and_dev_zero_and_imports_the_rest(tmp_path: Path) -> None:
    folder = hostile_folder(tmp_path)
    db = tmp_path / "db.sqlite"
    done = run_limited("watch", "--once", "--quiet-after", "0.01", "--db", db, folder)
    assert "MemoryError" not in done.stderr, done.stderr[-2000:]
    assert done.returncode == 1, (done.stdout, done.stderr[-2000:])
    assert f"{folder / 'x.txt'}: 0 stored (0 ok)\n  {FIFO}" in done.stdout
    assert f"{folder / 'zero.txt'}: 0 stored (0 ok)\n  {ZERO}" in done.stdout
    assert [status for _, status in stored(db)] == ["ok"]  # walk.txt's hand


def test_a_fifo_appearing_while_watching_is_refused_once(tmp_path: Path) -> None:
    folder = tmp_path / "hh"
    folder.mkdir()
    table = folder / "table.txt"
    table.write_bytes(session_bytes())
    db = tmp_path / "db.sqlite"
    watcher = Watcher(db, WatchOptions(folders=(folder,), quiet_seconds=0.0))
    try:
        watcher.scan()
        watcher.check()
        fifo = folder / "x.txt"
        os.mkfifo(fifo)
        for _ in range(2):  # an event for it, then another (a write to the FIFO)
            watcher.events.put(str(fifo))
            done = watcher.check()
        refused = watcher.report.files_refused
        assert [(Path(r.path).name, r.kind) for r in refused] == [("x.txt", "not_a_file")]
        assert done == []  # the second event: already reported
        assert watcher.held_back() == []
    finally:
        watcher.close()
    assert [h for h, _ in stored(db)] == list(HAND_IDS)
