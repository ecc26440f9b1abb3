"""AppTest of the Player page: the net won with its all-in EV line, the starting-hand grid,
the sessions and "explain a stat"."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.dashboard.conftest import APP, HOSTILE_NAME
from tests.html_tables import page_tables


def _player_page(player: str) -> AppTest:
    app = AppTest.from_file(str(APP), default_timeout=30).run()
    app.sidebar.selectbox(key="hero").select(player).run()
    app.switch_page("app_pages/player.py").run()
    assert not app.exception, [e.value for e in app.exception]
    return app


def _chart_specs(app: AppTest) -> list[str]:
    return [c.proto.spec for c in app.get("vega_lite_chart")]


def _htmls(app: AppTest) -> list[str]:
    """The page's ``st.html`` pictures (the net won, results by position, the starting-hand
    grid), not its tables (``page_tables``)."""
    return [h.proto.body for h in app.get("html") if "pokerhh-table" not in h.proto.body]


@pytest.mark.usefixtures("app_env")
def test_grid_and_sessions_are_drawn() -> None:
    app = _player_page("Dr:Who")
    assert [s.value for s in app.subheader][-3:] == ["Starting hands", "Sessions",
                                                     "Explain a stat"]  # fmt: skip
    assert not _chart_specs(app)  # no Vega chart: the net won, by position, the grid are HTML
    chart, bars, grid = _htmls(app)
    assert "pokerhh-chart" in chart
    assert bars.count('data-position=') >= 1
    assert grid.count("<td data-hand=") == 169
    assert 'data-hand="AA"' in grid
    tables = page_tables(app)
    assert {"statistics", "positions", "sessions"} <= set(tables)
    assert not app.dataframe  # every table a summary (HTML) until a stat is explained
    sessions = tables["sessions"]
    assert {"start", "end", "hands", "net_won", "bb_per_100"} <= set(sessions.columns)
    assert sessions["hands"].sum() > 0
    assert app.get("download_button")  # every session, as CSV
    app.radio(key="grid_colour").set_value("Frequency").run()
    assert not app.exception
    assert "% of hands; grey: never dealt" in _htmls(app)[-1]  # the frequency legend


@pytest.mark.usefixtures("app_env")
def test_net_won_chart_has_the_all_in_ev_line() -> None:
    app = _player_page("Dr:Who")
    chart = _htmls(app)[0]
    for line in ("net won", "all-in EV", "showdown", "non-showdown"):
        assert f"</span>{line}</span>" in chart  # in the legend
        assert f"&#10;{line}: " in chart  # in each point's tooltip
    (caption,) = [c.value for c in app.caption if c.value.startswith("All-in EV:")]
    assert "exact equity" in caption


@pytest.mark.usefixtures("app_env")
def test_explain_a_stat_lists_the_hands_and_opens_one() -> None:
    app = _player_page("Dr:Who")
    choice = app.selectbox(key="explain_stat")
    assert choice.value is None  # the hands are listed once a stat is chosen
    assert not [d for d in app.dataframe if "in_numerator" in d.value.columns]
    choice.select("vpip").run()
    assert not app.exception
    choice = app.selectbox(key="explain_stat")
    assert "VPIP" in choice.format_func("vpip")
    assert " / " in choice.format_func("vpip")
    table = [d.value for d in app.dataframe if "in_numerator" in d.value.columns][-1]
    x, n = int(table["in_numerator"].sum()), int(table["in_denominator"].sum())
    assert choice.format_func("vpip").endswith(f"{x:,} / {n:,}")
    # Numerator first.
    flags = list(table["in_numerator"])
    assert flags == sorted(flags, reverse=True)
    assert flags[0]
    first = table["key"].iloc[0]
    sentence = [t.value for t in app.text if t.value.startswith(first)]
    assert sentence
    assert "VPIP: in the denominator" in sentence[0]
    assert "in the numerator" in sentence[0]

    choice.set_value("wtsd").run()
    assert not app.exception
    table = [d.value for d in app.dataframe if "in_numerator" in d.value.columns][-1]
    assert table["in_denominator"].all()
    assert any("WTSD" in t.value for t in app.text)

    app.button(key="explain_open").click().run()
    assert not app.exception
    assert app.title[0].value == "Replay"
    site, _, hand_id = table["key"].iloc[0].partition(":")
    assert app.session_state["hand"] == (site, hand_id)


@pytest.mark.usefixtures("app_env")
def test_explain_shows_a_hostile_name_as_plain_text_only() -> None:
    app = _player_page(HOSTILE_NAME)
    assert any(HOSTILE_NAME in t.value for t in app.text)  # st.text: never rendered as HTML
    rendered = [m.value for m in app.markdown] + [c.value for c in app.caption]
    assert not any(HOSTILE_NAME in value for value in rendered)
