"""The Leaks page and the hero choice (issue 25, items 4 and 5): the sidebar lists each
account with its room and each person, the Leaks page flags the lazy c-bet, and "Show these
hands" opens the Hands page on the leak's hands alone."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from analytics.leaks.find import find_leaks, leak_hands, subject_for
from analytics.stats.players import StatsQuery
from analytics.store.db import connect, read_only
from analytics.store.people import add_aliases
from tests.dashboard.conftest import APP
from tests.html_tables import page_tables


@pytest.fixture
def page_db(leaks_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "db.sqlite"
    shutil.copy(leaks_db, path)
    db = connect(path)
    add_aliases(db.conn, "Both", ["PokerStars:Good", "PokerStars:Lazy"])
    db.close()
    monkeypatch.setenv("POKERHH_DB", str(path))
    return path


def _app() -> AppTest:
    app = AppTest.from_file(str(APP), default_timeout=60).run()
    assert not app.exception, [e.value for e in app.exception]
    return app


def test_the_hero_choice_names_each_account_with_its_room(page_db) -> None:
    app = _app()
    hero = app.sidebar.selectbox(key="hero")
    assert "Both (person: PokerStars)" in hero.options
    assert {"Lazy (PokerStars)", "Good (PokerStars)", "V1 (PokerStars)"} <= set(hero.options)
    assert len(hero.options) == len(set(hero.options))  # no two entries read the same


def test_the_leaks_page_flags_the_cbet_and_links_to_its_hands(page_db) -> None:
    app = _app()
    app.sidebar.selectbox(key="hero").select("Lazy").run()
    app.switch_page("app_pages/leaks.py").run()
    assert not app.exception, [e.value for e in app.exception]
    assert not app.dataframe  # the leaks are an HTML table (dashboard/html_table.py)
    table = page_tables(app)["leaks"]
    cbet = table[table["Statistic"] == "c-bet flop"]
    assert list(cbet["Verdict"]) == ["too low"]
    conn = read_only(page_db).conn
    subject = subject_for(conn, "Lazy")
    report = find_leaks(conn, StatsQuery(), subject)
    (leak,) = [a for a in report.leaks if a.stat == "cbet_flop"]
    expected = leak_hands(conn, StatsQuery(), subject, leak)
    app.selectbox(key="leaks_pick").select(report.assessed.index(leak)).run()
    app.button(key="leaks_show").click().run()
    assert not app.exception, [e.value for e in app.exception]
    assert app.title[0].value == "Hands"
    hands = app.dataframe[0].value
    assert sorted(hands["key"]) == sorted(f"{site}:{hand}" for site, hand in expected)
    assert any("behind the leak" in t.value for t in app.text)
    app.button(key="hands_only_clear").click().run()
    app.switch_page("app_pages/hands.py").run()  # AppTest reruns the page it switched to
    assert not any("behind the leak" in t.value for t in app.text)
    assert len(app.dataframe[0].value) > len(expected)


def test_a_person_is_assessed_on_his_accounts_together(page_db) -> None:
    app = _app()
    app.sidebar.selectbox(key="hero").select("Both").run()
    app.switch_page("app_pages/leaks.py").run()
    assert not app.exception, [e.value for e in app.exception]
    assert "Both (person: PokerStars) · 1,200 hands" in [t.value for t in app.text]
