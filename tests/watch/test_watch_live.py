"""Issue 10, acceptance 3: a history written in pieces into a watched folder (a hand cut
mid-line, then completed) is imported hand by hand, each exactly once and none reported
broken; a watcher stopped mid-way and started again loses nothing and doubles nothing;
the polling fallback does the same without file events. Real threads and real file
events, short quiet times: each test takes a few seconds."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from watchdog.observers.polling import PollingObserver

from analytics.ingest.watch import Watcher, WatchOptions
from tests.watch.conftest import HAND_IDS, Running, cut_points, session_bytes, stored, wait_for

QUIET = 1.0
PAUSE = 0.2  # between two writes of the client: well under the quiet time
#: How long a condition may take to hold: only liveness, so generous (the suite runs on
#: every core at once, beside the watcher's threads).
PATIENCE = 20.0
#: The quiet time of the test that sees the complete hands stored before the last one:
#: long enough that a watcher slowed by a loaded machine still shows that moment.
LONG_QUIET = 6.0


def _write_in_pieces(path: Path, data: bytes, cuts: list[int]) -> None:
    done = 0
    for cut in [*cuts, len(data)]:
        with path.open("ab") as out:
            out.write(data[done:cut])
        done = cut
        time.sleep(PAUSE)


def _all_stored(db: Path) -> bool:
    return len(stored(db)) == len(HAND_IDS)


def test_a_file_written_in_pieces_is_imported_hand_by_hand(
    db: Path, folder: Path, running: list[Running]
) -> None:
    watcher = Running(db, folder, quiet_seconds=LONG_QUIET)
    running.append(watcher)
    table = folder / "Hero" / "HH20261101 Electra.txt"
    data = session_bytes()[:-2]  # the last hand without the blank lines that end it
    _write_in_pieces(table, data, cut_points(data))
    # The complete hands are in while the last one waits for the file to be quiet.
    assert wait_for(lambda: len(stored(db)) == len(HAND_IDS) - 1, timeout=LONG_QUIET)
    assert wait_for(lambda: _all_stored(db), timeout=LONG_QUIET + PATIENCE)
    report = watcher.stop()
    assert stored(db) == [(hand_id, "ok") for hand_id in HAND_IDS]  # each once, in order
    assert report.problems == []  # none reported broken, not even for a moment
    assert report.stored == {"ok": len(HAND_IDS)}
    assert (report.duplicates, report.replaced) == (0, 0)


def test_a_watcher_stopped_mid_way_resumes_where_it_stopped(
    db: Path, folder: Path, running: list[Running]
) -> None:
    table = folder / "Hero" / "HH20261101 Electra.txt"
    data = session_bytes()
    half = data.index(b"Dealt to", data.index(b"#9000000008"))  # hand 5 half written
    first = Running(db, folder, quiet_seconds=QUIET)
    running.append(first)
    _write_in_pieces(table, data[:half], [c for c in cut_points(data) if c < half])
    assert wait_for(lambda: len(stored(db)) == 4, timeout=PATIENCE)
    before = first.stop()
    assert [h for h, _ in stored(db)] == list(HAND_IDS[:4])  # the cut hand not stored
    assert before.problems == []
    with table.open("ab") as out:  # the client goes on while pokerhh is stopped
        out.write(data[half:])
    second = Running(db, folder, quiet_seconds=QUIET)
    running.append(second)
    assert wait_for(lambda: _all_stored(db), timeout=QUIET + PATIENCE)
    after = second.stop()
    assert stored(db) == [(hand_id, "ok") for hand_id in HAND_IDS]
    # Nothing before the boundary parsed again, nothing doubled, nothing broken.
    assert after.hands_seen == len(HAND_IDS) - 4
    assert (after.duplicates, after.problems) == (0, [])
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*), sum(hands) FROM files").fetchone() == (
            1,
            len(HAND_IDS),
        )


def test_the_polling_fallback_imports_without_file_events(
    db: Path, folder: Path, running: list[Running]
) -> None:
    options = WatchOptions(folders=(folder,), quiet_seconds=QUIET, poll_seconds=0.2)
    assert isinstance(Watcher(db, options)._observer(), PollingObserver)
    watcher = Running(db, folder, quiet_seconds=QUIET, poll_seconds=0.2)
    running.append(watcher)
    table = folder / "Hero" / "HH20261101 Electra.txt"
    data = session_bytes()
    _write_in_pieces(table, data, cut_points(data)[:2])
    assert wait_for(lambda: _all_stored(db), timeout=QUIET + PATIENCE)
    report = watcher.stop()
    assert stored(db) == [(hand_id, "ok") for hand_id in HAND_IDS]
    assert (report.problems, report.duplicates) == ([], 0)


def test_a_new_account_folder_is_watched_too(
    db: Path, folder: Path, running: list[Running]
) -> None:
    watcher = Running(db, folder, quiet_seconds=QUIET)
    running.append(watcher)
    time.sleep(0.3)  # the observer is up
    account = folder / "SecondAccount"
    account.mkdir()
    (account / "HH20261102 Altair.txt").write_bytes(session_bytes())
    assert wait_for(lambda: _all_stored(db), timeout=QUIET + PATIENCE)
    assert watcher.stop().problems == []
