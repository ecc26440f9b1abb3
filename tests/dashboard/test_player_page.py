"""AppTest of the Player page's starting-hand grid and sessions."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.dashboard.conftest import APP


def _player_page(player: str) -> AppTest:
    app = AppTest.from_file(str(APP), default_timeout=30).run()
    app.sidebar.selectbox(key="hero").select(player).run()
    app.switch_page("app_pages/player.py").run()
    assert not app.exception, [e.value for e in app.exception]
    return app


def _chart_specs(app: AppTest) -> list[str]:
    return [c.proto.spec for c in app.get("vega_lite_chart")]


@pytest.mark.usefixtures("app_env")
def test_grid_and_sessions_are_drawn() -> None:
    app = _player_page("Dr:Who")
    assert [s.value for s in app.subheader][-2:] == ["Starting hands", "Sessions"]
    specs = _chart_specs(app)
    assert len(specs) == 3  # net won over hands, by position, the grid
    assert '"rect"' in specs[-1]
    assert "net_bb" in specs[-1]
    sessions = app.dataframe[-1].value
    assert {"start", "end", "hands", "net_won", "bb_per_100"} <= set(sessions.columns)
    assert sessions["hands"].sum() > 0
    app.radio(key="grid_colour").set_value("Frequency").run()
    assert not app.exception
    assert "frequency_pct" in _chart_specs(app)[-1].split('"color"')[1][:200]
