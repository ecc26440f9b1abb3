"""A person on the dashboard (issue 25, item 5): the hero choice offers him with his rooms,
and the Player page draws his accounts together, his figures the sums of theirs."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.dashboard.conftest import APP
from tests.html_tables import page_tables


@pytest.fixture
def page_db(db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "db.sqlite"
    shutil.copy(db, path)
    monkeypatch.setenv("POKERHH_DB", str(path))
    return path


def _metric(app: AppTest, label: str) -> str:
    (found,) = [m.value for m in app.metric if m.label == label]
    return found


def test_the_player_page_draws_a_person_whole(page_db) -> None:
    app = AppTest.from_file(str(APP), default_timeout=60).run()
    hero = app.sidebar.selectbox(key="hero")
    assert "Alice (person: GGPoker, PokerStars)" in hero.options
    assert {"Me (every room: GGPoker, PokerStars)", "Me (GGPoker)", "Me (PokerStars)",
            "Me2 (PokerStars)"} <= set(hero.options)  # fmt: skip
    hero.select("Alice").run()
    app.switch_page("app_pages/player.py").run()
    assert not app.exception, [e.value for e in app.exception]
    assert app.selectbox(key="player_Alice").value == "Alice"
    assert _metric(app, "Hands") == "470"  # 200 + 150 + 120: his three accounts
    table = page_tables(app)["statistics"]
    assert int(table["Hands"].sum()) == 470
    app.selectbox(key="player_Alice").select("Me2").run()
    assert _metric(app, "Hands") == "120"
