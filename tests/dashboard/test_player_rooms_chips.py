"""Issue 23 items 13 and 14 on the Player page: one name in several rooms is one player per
room (as the Overview lists them), and tournament chips are never added across
tournaments (results in big blinds)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from streamlit.testing.v1 import AppTest

from tests.dashboard.conftest import APP
from tests.html_tables import page_tables


def _player_page(player: str) -> AppTest:
    app = AppTest.from_file(str(APP), default_timeout=30).run()
    app.sidebar.selectbox(key="hero").select(player).run()
    app.switch_page("app_pages/player.py").run()
    assert not app.exception, [e.value for e in app.exception]
    return app


def test_one_name_in_two_rooms_is_two_players(app_env: Path) -> None:
    conn = sqlite3.connect(app_env)
    # Per room, the hands of the currency the page opens on (the first by name).
    hands = dict(conn.execute(
        "SELECT site, n FROM (SELECT h.site, h.currency, count(*) AS n FROM hand_players p"
        " JOIN hands h ON h.id = p.hand WHERE p.name = 'Ann' AND h.status = 'ok'"
        " GROUP BY h.site, h.currency ORDER BY h.currency DESC)"))  # fmt: skip
    assert len(hands) > 1
    app = _player_page("Ann")
    room = app.radio(key="player_room_Ann")
    assert list(room.options) == sorted(hands)
    for site in sorted(hands):
        room.set_value(site).run()
        assert not app.exception, [e.value for e in app.exception]
        counted = {m.label: m.value for m in app.metric}["Hands"]
        assert counted == f"{hands[site]:,}", site
        room = app.radio(key="player_room_Ann")


def test_tournament_chips_are_not_added_across_tournaments(app_env: Path) -> None:
    conn = sqlite3.connect(app_env)
    (tournaments,) = conn.execute(
        "SELECT count(DISTINCT h.tournament_id) FROM hand_players p JOIN hands h"
        " ON h.id = p.hand WHERE p.name = 'Rita' AND h.currency = 'CHIPS'").fetchone()  # fmt: skip
    assert tournaments == 2
    app = _player_page("Rita")
    assert "player_currency" not in [r.key for r in app.radio]  # his tournament hands only
    metrics = {m.label: m.value for m in app.metric}
    assert "Net won" not in metrics  # was -888: the chips of two tournaments added
    assert metrics["Net won (bb)"].endswith(tuple("0123456789"))
    assert app.toggle(key="player_in_bb").value is True
    chart = next(h.proto.body for h in app.get("html") if "pokerhh-chart" in h.proto.body)
    assert "aria-label='Net won (big blinds)'" in chart
    tables = page_tables(app)
    for name in ("positions", "sessions"):
        assert not tables[name].empty
        assert "net_won" not in tables[name].columns
    # One hand's chips are one tournament's: listed whole, as chips ("-900", not "-900.00").
    app.selectbox(key="explain_stat").select("vpip").run()
    explained = app.dataframe(key="explain_table_vpip_1")
    assert json.loads(explained.proto.columns)["net_won"]["type_config"]["format"] == "%d"
