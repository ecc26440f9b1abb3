"""A last hand that has ended by its room's own end mark is imported at the first look;
one that may still be growing waits for its file to be quiet (issue 26 item 3: the Table
page shows a hand within 2 s of the room writing it; ``Room.ended``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from analytics.ingest.watch import Watcher, WatchOptions
from tests.watch.conftest import session_bytes, stored

QUIET = 5.0
SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _text_room(*names: str) -> bytes:
    """Sample hands one after another as the room's client writes them: each hand
    followed by blank lines."""
    texts = [(SAMPLES / name).read_text(encoding="utf-8").strip() for name in names]
    return ("\n\n\n".join(texts) + "\n\n\n").encode("utf-8")


def _ipoker() -> bytes:
    """An iPoker session as its client writes it: games appended inside the session,
    whose closing tag is not written yet."""
    text = (SAMPLES / "ipoker" / "actions-out-of-order.txt").read_text(encoding="utf-8")
    return text[: text.index("</session>")].encode("utf-8")


#: (room, file name, its bytes with the last hand ended, the bytes before its end mark).
CASES = [
    ("pokerstars", "HH20261101 Electra.txt", session_bytes(), b"\n\n\n"),
    (
        "ggpoker",
        "GG20261101-1200 - RushAndCash.txt",
        _text_room(
            "ggpoker/straddle-run-it-twice.txt", "ggpoker/tournament-level-ahead-of-blinds.txt"
        ),
        b"\n\n\n",
    ),
    (
        "winamax",
        "20261101_Nice(1)_real_holdem_no-limit.txt",
        _text_room("winamax/uncalled-bet-in-the-pot.txt"),
        b"\n\n\n",
    ),
    ("ipoker", "700000001.xml", _ipoker(), b"</game>"),
]


def _look(db: Path, folder: Path, path: Path, data: bytes, clock: Clock) -> Watcher:
    path.write_bytes(data)
    watcher = Watcher(db, WatchOptions(folders=(folder,), quiet_seconds=QUIET), clock=clock)
    watcher.open()
    watcher.events.put(str(path.absolute()))
    watcher.check()
    return watcher


#: What starts each hand of a room's file, to count them.
HEADERS = {
    "pokerstars": b"PokerStars Hand #",
    "ggpoker": b"Poker Hand #",
    "winamax": b"HandId:",
    "ipoker": b"<game ",
}


def _hands(data: bytes, room: str) -> int:
    return data.count(HEADERS[room])


@pytest.mark.parametrize(("room", "name", "data", "mark"), CASES, ids=[c[0] for c in CASES])
def test_an_ended_last_hand_is_imported_at_once(
    db: Path, folder: Path, room: str, name: str, data: bytes, mark: bytes
) -> None:
    clock = Clock()  # never moves: the file is never quiet
    watcher = _look(db, folder, folder / name, data, clock)
    watcher.close()
    assert len(stored(db)) == _hands(data, room) > 0
    assert all(status == "ok" for _, status in stored(db))
    assert watcher.held_back() == []  # watch --once has nothing to say


@pytest.mark.parametrize(("room", "name", "data", "mark"), CASES, ids=[c[0] for c in CASES])
def test_a_last_hand_without_its_end_waits_for_the_quiet_time(
    db: Path, folder: Path, room: str, name: str, data: bytes, mark: bytes
) -> None:
    clock = Clock()
    unfinished = data[: data.rindex(mark)]  # every line written but the end mark
    watcher = _look(db, folder, folder / name, unfinished, clock)
    hands = _hands(data, room)
    assert len(stored(db)) == hands - 1  # the last hand waits
    (held,) = watcher.held_back()  # and watch --once says so
    assert held.hands == 1
    clock.now += QUIET
    watcher.check()
    watcher.close()
    assert len(stored(db)) == hands  # quiet: taken as complete, as before
    assert watcher.held_back() == []


def test_ipoker_games_appended_one_by_one_each_read_with_their_session(
    db: Path, folder: Path
) -> None:
    """Each iPoker game needs its session's head (not ``cuttable``): a game appended after
    the boundary is read with it (before, it was stored ``invalid``: "the session names no
    <gametype>")."""
    session = _ipoker().decode()
    head, game = session[: session.index("<game ")], session[session.index("<game ") :]
    ids = ("9000000312", "9000000313", "9000000314")
    clock = Clock()
    watcher = Watcher(db, WatchOptions(folders=(folder,), quiet_seconds=QUIET), clock=clock)
    watcher.open()
    path, text = folder / "700000001.xml", head
    for hand_id in ids:
        text += game.replace("9000000312", hand_id)
        path.write_text(text, encoding="utf-8")
        watcher.events.put(str(path.absolute()))
        watcher.check()
    watcher.close()
    assert stored(db) == [(hand_id, "ok") for hand_id in ids]
    assert (watcher.report.problems, watcher.report.duplicates) == ([], 0)
