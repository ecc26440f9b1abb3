"""The overview and the player page on a database of stud and draw hands only: the
statistics are shown for these games (issue 7), the sidebar's game filter lists them and
narrows the tables, and a stat that does not apply (steal in stud) shows "–", never 0%."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from analytics.ingest.importer import import_paths
from tests.aggregates.texts import STUD_LADDER, STUD_WALK, TRIPLE_DRAW_STEAL
from tests.dashboard.conftest import APP
from tests.html_tables import page_tables


@pytest.fixture
def stud_draw_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    source = tmp_path / "hands.txt"
    source.write_text(STUD_LADDER + STUD_WALK + TRIPLE_DRAW_STEAL, encoding="utf-8")
    db = tmp_path / "stud_draw.sqlite"
    report = import_paths([source], db)
    assert report.stored["ok"] == 3
    monkeypatch.setenv("POKERHH_DB", str(db))
    return db


def _app() -> AppTest:
    app = AppTest.from_file(str(APP), default_timeout=30).run()
    assert not app.exception, [e.value for e in app.exception]
    return app


def _statistics(app: AppTest):
    (table,) = [d.value for d in app.dataframe if "VPIP" in d.value.columns]
    return table


def _players(app: AppTest):
    return [d.value for d in app.dataframe if "net_won" in d.value.columns][-1]


@pytest.mark.usefixtures("stud_draw_env")
def test_overview_shows_stud_and_draw_statistics() -> None:
    app = _app()
    table = _statistics(app).set_index("Player")
    assert table.loc["Hero", "VPIP"].startswith("66.7% · 2/3")
    assert table.loc["Hero", "3-bet"].startswith("100.0% · 1/1")
    assert table.loc["Third", "Steal"] == "–"  # stud only: not applicable, never 0%
    assert table.loc["Hero", "bb/100"] == pytest.approx(104.17, abs=0.01)  # big bets
    players = _players(app).set_index("player")
    # The player table agrees with the statistics: bb/100 in big bets, WTSD over 4th
    # street / the first draw (Hero saw both, reached no showdown).
    assert players.loc["Hero", "bb_per_100"] == pytest.approx(104.1667, abs=1e-3)
    assert players.loc["Hero", "wtsd_pct"] == 0
    assert players.loc["Villain", "wtsd_pct"] == 0


@pytest.mark.usefixtures("stud_draw_env")
def test_the_game_filter_lists_stud_and_draw_and_narrows_the_overview() -> None:
    app = _app()
    games = app.sidebar.multiselect(key="games")
    assert set(games.options) == {"FL7S", "FL27TD"}
    games.set_value(["FL7S"]).run()
    assert not app.exception
    table = _statistics(app).set_index("Player")
    assert set(table.index) == {"Hero", "Villain", "Third"}  # the draw players are gone
    assert table.loc["Hero", "Hands"] == 2
    assert table.loc["Hero", "Steal"] == "–"
    assert table.loc["Third", "VPIP"].startswith("0.0% · 0/1")  # his walk is left out


@pytest.mark.usefixtures("stud_draw_env")
def test_player_page_shows_the_statistics_by_game() -> None:
    app = _app()
    app.sidebar.selectbox(key="hero").select("Hero").run()
    app.switch_page("app_pages/player.py").run()
    assert not app.exception, [e.value for e in app.exception]
    assert "Statistics" in [s.value for s in app.subheader]
    rows = page_tables(app)["statistics"].set_index("Game and stakes")
    assert set(rows.index) == {"FL7S $0.04/$0.08", "FL27TD $0.10/$0.20"}
    assert rows.loc["FL7S $0.04/$0.08", "Steal"] == "–"
    assert rows.loc["FL27TD $0.10/$0.20", "Steal"].startswith("100.0% · 1/1")
    assert rows.loc["FL7S $0.04/$0.08", "PFR"].startswith("50.0% · 1/2")  # the completion
    (bb,) = [m for m in app.metric if m.label == "bb/100"]
    assert bb.value == "104.2"  # (2 - 0.125 + 1.25) big bets over 3 hands
