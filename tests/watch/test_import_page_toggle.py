"""The Import page's toggle runs the same watcher in the background, and stops it."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from analytics.ingest.importer import import_paths
from dashboard import watching
from tests.watch.conftest import HAND_IDS, SAMPLES, session_bytes, stored, wait_for

APP = Path(__file__).resolve().parents[2] / "dashboard" / "app.py"


def test_the_toggle_imports_a_folder_as_it_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "db.sqlite"
    import_paths([SAMPLES / "walk.txt"], db)  # a database with a hand: the sidebar shows
    monkeypatch.setenv("POKERHH_DB", str(db))
    folder = tmp_path / "hh"
    folder.mkdir()
    app = AppTest.from_file(str(APP), default_timeout=30).run()
    app.switch_page("app_pages/import_hands.py").run()
    (text,) = [t for t in app.text_area if t.key == "watch_folders"]
    text.input(str(folder)).run()
    try:
        (toggle,) = [t for t in app.toggle if t.key == "watching"]
        toggle.set_value(True).run()
        assert not app.exception, [e.value for e in app.exception]
        background = watching.current(str(db.resolve()))
        assert background is not None
        assert background.running
        (folder / "HH20261101 Electra.txt").write_bytes(session_bytes())
        # walk.txt's hand was stored before; all seven come from the watched file at once
        # (its last hand has ended: issue 26 item 3), once its worker process has started
        assert wait_for(lambda: len(stored(db)) == len(HAND_IDS), timeout=120)  # a worker starts
        # its report follows the commit through the worker's pipe
        reported = lambda: [sum(r.stored.values()) for r in background.recent]  # noqa: E731
        assert wait_for(lambda: reported() == [len(HAND_IDS) - 1], timeout=30), reported()
        (toggle,) = [t for t in app.toggle if t.key == "watching"]
        toggle.set_value(False).run()
        assert watching.current(str(db.resolve())) is None
        assert not background.running
        assert background.error is None
    finally:
        watching.stop(str(db.resolve()))
