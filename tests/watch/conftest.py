"""Fixtures for the watcher's tests: a session of sample hands, written in pieces.

The hands are the repository's PokerStars samples (hand-computed goldens beside them),
one after another as a client writes a table's file; one player is renamed "Jöns" so that
a piece can end between the two bytes of the "ö".
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from analytics.ingest.watch import Watcher, WatchOptions

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories" / "pokerstars" / "nlhe"
#: Sample files whose hands all replay ok, and their hand numbers.
SESSION = (
    ("check-raise.txt", ("9000000007",)),
    ("big-blind-option.txt", ("9000000005", "9000000006")),
    ("limped-pot.txt", ("9000000004",)),
    ("min-raise.txt", ("9000000008",)),
    ("uncalled-bet.txt", ("9000000014",)),
    ("walk.txt", ("9000000003",)),
)
HAND_IDS = tuple(h for _, ids in SESSION for h in ids)


def session_bytes() -> bytes:
    """The session's file as PokerStars writes it: hands separated by blank lines."""
    texts = [(SAMPLES / name).read_text(encoding="utf-8").strip() for name, _ in SESSION]
    text = "\n\n\n".join(texts) + "\n\n\n"
    return text.replace("Rosa", "Jöns").encode("utf-8")


def cut_points(data: bytes) -> list[int]:
    """Where the writer pauses: inside a line of the first hand, between the bytes of
    an "ö", inside the header line of a later hand, and at a hand's end."""
    inside_line = data.index(b"raises $0.20") + len(b"raises $0.")
    o_umlaut = data.index("ö".encode(), inside_line) + 1
    header = data.index(b"PokerStars Hand #9000000004") + len(b"PokerStars Hand #9000")
    hand_end = data.index(b"PokerStars Hand #9000000014")
    return sorted({inside_line, o_umlaut, header, hand_end})


def stored(db: Path) -> list[tuple[str, str]]:
    """(hand_id, status) of every stored hand."""
    if not db.exists():
        return []
    with sqlite3.connect(db) as conn:
        try:
            return conn.execute("SELECT hand_id, status FROM hands ORDER BY id").fetchall()
        except sqlite3.OperationalError:  # the watcher is still creating its tables
            return []


def wait_for(condition: Callable[[], bool], timeout: float = 8.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


class Running:
    """A watcher running in a thread, stopped by :meth:`stop` (which returns its report)."""

    def __init__(self, db: Path, folder: Path, **options: float | None) -> None:
        self.stop_event = threading.Event()
        self.watcher = Watcher(db, WatchOptions(folders=(folder,), **options))  # type: ignore[arg-type]
        self.errors: list[BaseException] = []
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            self.watcher.run(self.stop_event)
        except BaseException as error:  # pragma: no cover - surfaced by stop()
            self.errors.append(error)

    def stop(self):  # type: ignore[no-untyped-def]
        self.stop_event.set()
        self.watcher.stop()
        self.thread.join(10)
        assert not self.thread.is_alive(), "the watcher did not stop"
        assert not self.errors, self.errors
        return self.watcher.report


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The watched folder, with an account folder under it as the clients make."""
    path = tmp_path / "HandHistory" / "Hero"
    path.mkdir(parents=True)
    return path.parent


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "db" / "pokerhh.sqlite"


@pytest.fixture
def running() -> Iterator[list[Running]]:
    """Watchers a test starts; any still running at the end is stopped."""
    started: list[Running] = []
    yield started
    for watcher in started:
        if watcher.thread.is_alive():
            watcher.stop_event.set()
            watcher.watcher.stop()
            watcher.thread.join(10)
