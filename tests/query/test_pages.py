"""The query box of the Hands and Player pages (AppTest runs, issue 25 item 2)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.databases import copy_database

APP = Path(__file__).resolve().parents[2] / "dashboard" / "app.py"


@pytest.fixture
def db(samples_import: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    copy = copy_database(samples_import, tmp_path / "pages.sqlite")
    monkeypatch.setenv("POKERHH_DB", str(copy))
    return copy


def _page(page: str, **state: object) -> AppTest:
    app = AppTest.from_file(str(APP), default_timeout=60)
    for key, value in state.items():
        app.session_state[key] = value
    app.run()
    app.switch_page(page).run()
    assert not app.exception, [e.value for e in app.exception]
    return app


def _busiest(db: Path) -> str:
    conn = sqlite3.connect(db)
    (name,) = conn.execute(
        "SELECT p.name FROM seats s JOIN players p ON p.id = s.player_id WHERE s.dealt_in"
        " GROUP BY p.name ORDER BY count(*) DESC, p.name LIMIT 1"
    ).fetchone()
    conn.close()
    return str(name)


def _keys(app: AppTest) -> list[str]:
    table = next(d.value for d in app.dataframe if "key" in d.value.columns)
    return list(table["key"])


def test_the_hands_page_lists_the_hands_a_query_selects(db: Path) -> None:
    hero = _busiest(db)
    app = _page("app_pages/hands.py", hero=hero)
    every = _keys(app)
    box = next(t for t in app.text_input if t.label == "Where")
    box.input("hero won").run()
    assert not app.exception
    conn = sqlite3.connect(db)
    won = {
        f"{site}:{hand}"
        for site, hand in conn.execute(
            "SELECT h.site, h.hand_id FROM hands h JOIN hand_players hp ON hp.hand = h.id"
            " WHERE hp.name = ? AND hp.net > 0",
            (hero,),
        )
    }
    conn.close()
    assert won
    assert set(_keys(app)) == won
    assert len(every) > len(won)


def test_the_hands_page_shows_a_query_error_under_the_box(db: Path) -> None:
    app = _page("app_pages/hands.py", hero=_busiest(db))
    every = _keys(app)
    next(t for t in app.text_input if t.label == "Where").input("hero wins > 2 potz").run()
    assert not app.exception
    assert any("cannot be read" in e.value for e in app.error)
    (code,) = [c.value for c in app.code if "potz" in c.value]
    assert code.splitlines() == [
        "column 15: unknown word 'potz'",
        "  hero wins > 2 potz",
        "  " + " " * 14 + "^",
    ]
    assert _keys(app) == every  # not applied


def test_the_player_page_narrows_its_figures_to_the_query(db: Path) -> None:
    conn = sqlite3.connect(db)
    (hero,) = conn.execute(  # one room, one currency: the page shows him at once
        "SELECT p.name FROM seats s JOIN players p ON p.id = s.player_id"
        " JOIN hands h ON h.id = s.hand WHERE s.dealt_in GROUP BY p.name"
        " HAVING count(DISTINCT p.site) = 1 AND count(DISTINCT h.currency) = 1"
        " ORDER BY count(*) DESC, p.name LIMIT 1"
    ).fetchone()
    (won,) = conn.execute(
        "SELECT count(*) FROM hand_players WHERE name = ? AND dealt_in AND net > 0", (hero,)
    ).fetchone()
    conn.close()
    app = _page("app_pages/player.py", hero=hero)
    hands = next(m.value for m in app.metric if m.label == "Hands")
    next(t for t in app.text_input if t.label == "Where").input("hero won").run()
    assert not app.exception
    narrowed = next(m.value for m in app.metric if m.label == "Hands")
    assert 0 < int(narrowed.replace(",", "")) == won < int(hands.replace(",", ""))
