"""Issue 23 items 2 and 5, the dashboard's other imports: the sample hands ("Load the
sample hands") and the folders' watcher import in a worker process, as uploads do, never
in the Streamlit server's (whose interpreter lock every session's page needs)."""

from __future__ import annotations

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
