"""Issue 23, item 15: the Replay page finds a hand number in every room, and asks which
when several rooms hold it. The hand box searched the current room only, and a
``?hand=NUMBER`` link assumed PokerStars."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.dashboard.conftest import APP

#: A Bovada hand of the samples: no PokerStars hand has this number.
BOVADA = "9000000701"
#: A PokerStars hand of the samples, whose number a Full Tilt hand is given below.
SHARED = "9000000040"


@pytest.fixture
def shared_db(sample_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The samples, with the Full Tilt hand renumbered as a PokerStars one: one number,
    two rooms."""
    db = Path(shutil.copy(sample_db, tmp_path / "shared.sqlite"))
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("UPDATE hands SET hand_id = ? WHERE site = 'Full Tilt'"
                     " AND hand_id = '9000000801'", (SHARED,))  # fmt: skip
    conn.close()
    monkeypatch.setenv("POKERHH_DB", str(db))
    return db


def _replay(start: tuple[str, str] | None = None, link: str | None = None) -> AppTest:
    app = AppTest.from_file(str(APP), default_timeout=30)
    if start is not None:
        app.session_state["hand"] = start
    app.run().switch_page("app_pages/replay.py")
    if link is not None:
        app.query_params["hand"] = link
    app.run()
    assert not app.exception, [e.value for e in app.exception]
    return app


def _box(app: AppTest):
    (box,) = [t for t in app.text_input if t.label == "Hand number"]
    return box


@pytest.mark.usefixtures("shared_db")
def test_the_hand_box_searches_every_room() -> None:
    app = _replay(("PokerStars", "9000000001"))
    _box(app).set_value(BOVADA).run()
    assert not app.exception, [e.value for e in app.exception]
    assert app.session_state["hand"] == ("Bovada", BOVADA)
    _box(app).set_value("no-such-hand").run()
    assert app.session_state["hand"] == ("Bovada", BOVADA)
    assert any("No room has a stored hand no-such-hand" in w.value for w in app.warning)


@pytest.mark.usefixtures("shared_db")
def test_a_link_without_a_room_finds_its_room() -> None:
    app = _replay(link=BOVADA)
    assert app.session_state["hand"] == ("Bovada", BOVADA)


@pytest.mark.usefixtures("shared_db")
def test_a_number_in_two_rooms_asks_which() -> None:
    app = _replay(("PokerStars", "9000000001"))
    _box(app).set_value(SHARED).run()
    assert not app.exception, [e.value for e in app.exception]
    (room,) = [r for r in app.radio if r.label == "Room"]
    assert room.options == [f"Full Tilt:{SHARED}", f"PokerStars:{SHARED}"]
    assert any("stored in 2 rooms" in i.value for i in app.info)
    room.set_value(f"Full Tilt:{SHARED}").run()
    assert not app.exception, [e.value for e in app.exception]
    assert app.session_state["hand"] == ("Full Tilt", SHARED)
    assert not [r for r in app.radio if r.label == "Room"]
    # A link to the number asks the same; SITE:NUMBER does not.
    assert [r.label for r in _replay(link=SHARED).radio if r.label == "Room"] == ["Room"]
    assert _replay(link=f"pokerstars:{SHARED}").session_state["hand"] == ("PokerStars", SHARED)
