"""Notes and tags on the dashboard's Player, Hands and Table pages (AppTest runs)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from analytics.store import notes
from analytics.store.db import open_writer

APP = Path(__file__).resolve().parents[2] / "dashboard" / "app.py"


@pytest.fixture
def written(notes_db: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    db, _ = open_writer(notes_db)
    try:
        notes.add_note(db.conn, "PokerStars", "Jon", "<b>calls</b> down light")
        notes.tag_hand(db.conn, "PokerStars", "9000000031", "hero call")
    finally:
        db.close()
    monkeypatch.setenv("POKERHH_DB", str(notes_db))
    return notes_db


def _page(page: str, **state: object) -> AppTest:
    app = AppTest.from_file(str(APP), default_timeout=60)
    for key, value in state.items():
        app.session_state[key] = value
    app.run()
    app.switch_page(page).run()
    assert not app.exception, [e.value for e in app.exception]
    return app


@pytest.mark.usefixtures("written")
def test_the_player_page_shows_and_adds_notes() -> None:
    app = _page("app_pages/player.py", hero="Jon")
    (box,) = [e for e in app.expander if e.label == "Notes (1)"]
    (area,) = [t for t in box.text_area if t.label.startswith("Note of ")]
    assert area.value == "<b>calls</b> down light"  # the text itself, in a text area
    new = next(t for t in box.text_area if t.label == "New note")
    new.input("raises every button").run()
    next(b for b in app.button if b.label == "Add the note").click().run()
    assert not app.exception
    assert [e.label for e in app.expander if e.label.startswith("Notes")] == ["Notes (2)"]


@pytest.mark.usefixtures("written")
def test_the_hands_page_lists_tags_and_filters_by_them() -> None:
    app = _page("app_pages/hands.py")
    table = next(d.value for d in app.dataframe if "Tags" in d.value.columns)
    tagged = table[table["Tags"] != ""]
    assert list(tagged["key"]) == ["PokerStars:9000000031"]
    assert list(tagged["Tags"]) == ["hero call"]
    next(t for t in app.text_input if t.label == "Tagged").input("HERO").run()
    table = next(d.value for d in app.dataframe if "Tags" in d.value.columns)
    assert list(table["key"]) == ["PokerStars:9000000031"]


def test_the_table_page_says_when_no_table_is_live(written: Path) -> None:
    """The sample hands are of 2026-11-01: no table has a hand in the last minutes; the
    search box finds the note and the tag."""
    app = _page("app_pages/table.py")
    assert any("No table has a hand" in i.value for i in app.info)
    next(t for t in app.text_input if t.label == "Search notes and tags").input("call").run()
    frames = [d.value for d in app.dataframe]
    assert any(list(f.get("player", [])) == ["Jon"] for f in frames)
    assert any(list(f.get("tag", [])) == ["hero call"] for f in frames)
