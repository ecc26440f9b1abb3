"""Issue 23 items 2 and 5, the dashboard's other imports: the sample hands ("Load the
sample hands") and the folders' watcher import in a worker process, as uploads do, never
in the Streamlit server's (whose interpreter lock every session's page needs)."""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.dashboard.conftest import APP


def _no_import_here(*args: object, **kwargs: object) -> None:
    raise AssertionError("imported in the server's process")


@pytest.fixture
def server_imports_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every way into the importer, in this (the server's) process, fails the test."""
    import analytics.ingest.importer
    import dashboard.common
    import dashboard.upload

    monkeypatch.setattr(analytics.ingest.importer, "import_paths", _no_import_here)
    monkeypatch.setattr(dashboard.upload, "import_paths", _no_import_here)
    monkeypatch.setattr(dashboard.common, "import_paths", _no_import_here, raising=False)


@pytest.mark.usefixtures("server_imports_nothing")
def test_the_sample_hands_are_imported_in_a_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from analytics.store.db import connect

    db = tmp_path / "empty.sqlite"
    connect(db).close()
    monkeypatch.setenv("POKERHH_DB", str(db))
    app = AppTest.from_file(str(APP), default_timeout=120).run()
    app.button(key="load_samples").click().run()
    assert not app.exception, [e.value for e in app.exception]
    assert app.session_state["samples_loaded"] > 40


def test_the_folders_watcher_imports_in_a_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The toggle's watcher: every import in this process fails the test, yet the hands
    written to the folder are stored (by the worker) and listed; stopping it ends the
    worker process (before: the watcher was a thread of this process)."""
    import analytics.ingest.watch
    from dashboard import watching
    from tests.watch.conftest import HAND_IDS, session_bytes, stored, wait_for

    def no_check(self: object) -> None:
        raise AssertionError("imported in the server's process")

    monkeypatch.setattr(analytics.ingest.watch.Watcher, "check", no_check)
    db, folder = str(tmp_path / "db.sqlite"), tmp_path / "hh"
    folder.mkdir()
    worker = watching.start(db, (str(folder),), None)
    try:
        (folder / "HH20261101 Electra.txt").write_bytes(session_bytes())
        # the file's last hand once it has been quiet 5 s
        imported = lambda: sum(sum(r.stored.values()) for r in worker.recent)  # noqa: E731
        assert wait_for(lambda: imported() == len(HAND_IDS), timeout=120), worker.error
        assert worker.error is None
        assert len(stored(tmp_path / "db.sqlite")) == len(HAND_IDS)
        pid = worker.pid
        assert pid is not None
        assert worker.running
    finally:
        watching.stop(db)
    assert not worker.running
    assert worker.error is None
    assert not Path(f"/proc/{pid}").exists() or "zombie" in Path(f"/proc/{pid}/status").read_text()


def test_a_watcher_worker_past_its_memory_limit_says_so(tmp_path: Path) -> None:
    """A worker given 32 MB of address space beyond its start, and a 40 MB zip member to
    read: the allocation that crosses the limit (the member's text, or one of the watcher's
    threads, whose stacks count) fails, the worker ends, and the page's error says why."""
    from dashboard.watching import WatchWorker

    folder = tmp_path / "hh"
    folder.mkdir()
    lines = os.urandom(20 * 1024 * 1024).hex()  # 40 MB of text, read whole (a zip member)
    text = "\n".join(lines[i : i + 100] for i in range(0, len(lines), 100))
    with zipfile.ZipFile(folder / "big.zip", "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("big.txt", text)
    worker = WatchWorker(str(tmp_path / "db.sqlite"), (str(folder),),
                         memory_bytes=32 * 1024 * 1024)  # fmt: skip
    worker.start()
    try:
        from tests.watch.conftest import wait_for

        assert wait_for(lambda: not worker.running, timeout=120)
        assert wait_for(lambda: worker.error is not None, timeout=10)
        assert worker.error is not None
        assert worker.error.startswith("stopped past 32 MB of memory"), worker.error
    finally:
        worker.stop()
