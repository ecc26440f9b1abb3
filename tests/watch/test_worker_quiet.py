"""The Import page's watcher (a worker process, ``dashboard.watching``) takes the CLI's
quiet time (``pokerhh watch --quiet-after``) and imports an ended last hand at once."""

from __future__ import annotations

import time
from pathlib import Path

from analytics.ingest.growing import QUIET_SECONDS
from dashboard import watching
from tests.watch.conftest import HAND_IDS, session_bytes, stored, wait_for


def test_the_worker_holds_only_a_last_hand_without_its_end(tmp_path: Path) -> None:
    db, folder = str(tmp_path / "db.sqlite"), tmp_path / "hh"
    folder.mkdir()
    worker = watching.start(db, (str(folder),), None, quiet_seconds=3600.0)
    try:
        assert (worker.quiet_seconds, watching.WatchWorker(db, ()).quiet_seconds) == (
            3600.0,
            QUIET_SECONDS,  # the CLI's default, when the page gives none
        )
        data = session_bytes()
        # One table whose last hand has no end yet (its blank lines not written) ...
        (folder / "HH20261101 Electra.txt").write_bytes(data[:-2])
        assert wait_for(lambda: len(stored(tmp_path / "db.sqlite")) == len(HAND_IDS) - 1, 120)
        time.sleep(QUIET_SECONDS + 1)  # past the default: the hour given is what counts
        assert len(stored(tmp_path / "db.sqlite")) == len(HAND_IDS) - 1
        # ... and the same once ended: the last hand comes at once, not in an hour.
        with (folder / "HH20261101 Electra.txt").open("ab") as out:
            out.write(data[-2:])
        assert wait_for(lambda: len(stored(tmp_path / "db.sqlite")) == len(HAND_IDS), 120)
        assert worker.error is None
    finally:
        watching.stop(db)
