"""The watcher one step at a time (``Watcher.check``) on a clock the test moves: what is
imported when a file grows, when it goes quiet, after a restart and after a rewrite."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from analytics.ingest.importer import import_paths
from analytics.ingest.watch import Watcher, WatchOptions
from tests.watch.conftest import HAND_IDS, cut_points, session_bytes, stored

QUIET = 5.0


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def table(folder: Path) -> Path:
    return folder / "Hero" / "HH20261101 Electra - $0.05-$0.10 - USD No Limit Hold'em.txt"


def _watcher(db: Path, folder: Path, clock: Clock) -> Watcher:
    watcher = Watcher(db, WatchOptions(folders=(folder,), quiet_seconds=QUIET), clock=clock)
    watcher.open()
    return watcher


def _append(path: Path, data: bytes, watcher: Watcher) -> None:
    with path.open("ab") as out:
        out.write(data)
    watcher.events.put(str(path.absolute()))
    watcher.check()


def _ids(db: Path) -> list[str]:
    return [hand_id for hand_id, _ in stored(db)]


def test_each_hand_is_imported_once_complete(db: Path, folder: Path, table: Path) -> None:
    data = session_bytes()
    clock = Clock()
    watcher = _watcher(db, folder, clock)
    done = 0
    seen: list[list[tuple[str, str]]] = []
    # The last piece stops before the blank lines after the last hand: no end mark yet.
    for cut in [*cut_points(data), len(data) - 2]:
        _append(table, data[done:cut], watcher)
        done = cut
        seen.append(stored(db))
        clock.now += 1  # the writer pauses, never as long as the quiet time
    # Only complete hands, never one cut short: the first piece ends inside hand one.
    assert seen[0] == []
    assert all(status == "ok" for step in seen for _, status in step)
    # The last hand is held back while the file may grow ...
    assert _ids(db) == list(HAND_IDS[:-1])
    clock.now += QUIET
    watcher.check()
    watcher.close()
    # ... and imported once the file is quiet, exactly once.
    assert _ids(db) == list(HAND_IDS)
    _append(table, data[done:], watcher)  # its blank lines: nothing more to import
    assert watcher.report.problems == []
    assert watcher.report.stored == {"ok": len(HAND_IDS)}
    assert watcher.report.duplicates == 0


def test_the_files_row_follows_the_boundary(db: Path, folder: Path, table: Path) -> None:
    data = session_bytes()
    clock = Clock()
    watcher = _watcher(db, folder, clock)
    half = data.index(b"PokerStars Hand #9000000008") + 10
    _append(table, data[:half], watcher)
    with sqlite3.connect(db) as conn:
        ((path, size, hands),) = conn.execute("SELECT path, size, hands FROM files").fetchall()
    # The row covers the bytes before the hand being written (9000000008), and its hands:
    # 9000000004, followed by its blank lines, has ended and is not held back.
    assert path == str(table.absolute())
    assert size == data.index(b"PokerStars Hand #9000000008")
    assert hands == 4
    _append(table, data[half:], watcher)
    clock.now += QUIET
    watcher.check()
    watcher.close()
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT size, hands FROM files").fetchall()
    assert rows == [(len(data), len(HAND_IDS))]
    # The whole file's content is now known: importing it parses nothing again.
    again = import_paths([table], db)
    assert (again.files_unchanged, again.stored_total) == (1, 0)


def test_a_restart_goes_on_from_the_boundary(db: Path, folder: Path, table: Path) -> None:
    data = session_bytes()
    clock = Clock()
    first = _watcher(db, folder, clock)
    cut = data.index(b"raises", data.index(b"#9000000008")) + 3
    _append(table, data[:cut], first)
    first.close()  # stopped while hand 9000000008 is half written
    assert _ids(db) == list(HAND_IDS[:4])
    with table.open("ab") as out:  # written while no watcher ran
        out.write(data[cut:])
    second = _watcher(db, folder, clock)
    second.scan()
    second.check()
    clock.now += QUIET
    second.check()
    second.close()
    assert _ids(db) == list(HAND_IDS)
    # Nothing before the boundary was read again; nothing doubled.
    assert second.report.hands_seen == len(HAND_IDS) - 4
    assert second.report.duplicates == 0


def test_a_rewritten_file_is_read_again_without_doubling(
    db: Path, folder: Path, table: Path
) -> None:
    data = session_bytes()
    clock = Clock()
    watcher = _watcher(db, folder, clock)
    _append(table, data, watcher)
    clock.now += QUIET
    watcher.check()
    table.write_bytes(data.replace(b"Table 'Electra'", b"Table 'Electro'"))  # same size
    watcher.events.put(str(table.absolute()))
    clock.now += 1
    watcher.check()
    clock.now += QUIET
    watcher.check()
    watcher.close()
    assert _ids(db) == list(HAND_IDS)
    assert watcher.report.duplicates == len(HAND_IDS)


def test_a_hand_cut_when_its_file_went_quiet_is_replaced_whole(
    db: Path, folder: Path, table: Path
) -> None:
    """A client that stops mid-hand for longer than the quiet time (a crash): the cut hand
    is stored as incomplete; the rest, written later, makes it whole, still once."""
    data = session_bytes()
    clock = Clock()
    watcher = _watcher(db, folder, clock)
    cut = data.index(b"*** SUMMARY ***", data.index(b"#9000000014"))
    _append(table, data[:cut], watcher)
    clock.now += QUIET
    watcher.check()
    assert stored(db)[-1] == ("9000000014", "incomplete")
    _append(table, data[cut:], watcher)
    clock.now += QUIET
    watcher.check()
    watcher.close()
    assert stored(db) == [(hand_id, "ok") for hand_id in HAND_IDS]
    assert watcher.report.replaced == 1


def test_a_file_with_no_hand_is_refused_once_quiet(db: Path, folder: Path) -> None:
    summary = folder / "Hero" / "TS20261101 T123.txt"
    clock = Clock()
    watcher = _watcher(db, folder, clock)
    _append(summary, b"PokerStars Tournament #123, No Limit Hold'em\nBuy-In: $1\n", watcher)
    assert watcher.report.files_refused == []
    clock.now += QUIET
    watcher.check()
    watcher.close()
    assert [r.kind for r in watcher.report.files_refused] == ["not_a_hand_history"]
    assert stored(db) == []


def test_a_utf16_file_grows_like_any_other(db: Path, folder: Path, table: Path) -> None:
    data = session_bytes().decode("utf-8").encode("utf-16")
    clock = Clock()
    watcher = _watcher(db, folder, clock)
    middle = len(data) // 2 + 1  # an odd offset: half a code unit
    _append(table, data[:middle], watcher)
    _append(table, data[middle:], watcher)
    clock.now += QUIET
    watcher.check()
    watcher.close()
    assert stored(db) == [(hand_id, "ok") for hand_id in HAND_IDS]
    assert watcher.report.problems == []
