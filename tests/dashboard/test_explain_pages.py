"""AppTest of "explain a stat" a page at a time: the Player page lists the hands behind a
stat ``EXPLAINED_PAGE_ROWS`` at a time (a heavy player's 25,000 are not sent to the
browser at once), and the pages together are the whole list."""

from __future__ import annotations

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from analytics.stats import player_queries
from tests.dashboard.conftest import APP

PLAYER = "Ann"  # the samples' busiest player: 15 hands, in six rooms (one room at a time)
ROWS = 2


def _explain_table(app: AppTest) -> pd.DataFrame:
    return [d.value for d in app.dataframe if "in_numerator" in d.value.columns][-1]


@pytest.mark.usefixtures("app_env")
def test_pages_of_the_explained_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(player_queries, "EXPLAINED_PAGE_ROWS", ROWS)
    app = AppTest.from_file(str(APP), default_timeout=30).run()
    app.sidebar.selectbox(key="hero").select(PLAYER).run()
    app.switch_page("app_pages/player.py").run()
    assert not app.exception, [e.value for e in app.exception]
    for room in app.radio(key=f"player_room_{PLAYER}").options:  # her busiest room's VPIP
        app.radio(key=f"player_room_{PLAYER}").set_value(room).run()
        app.selectbox(key="explain_stat").select("vpip").run()
        choice = app.selectbox(key="explain_stat")
        assert choice.value == "vpip"
        x, n = (
            int(v.replace(",", ""))
            for v in choice.format_func("vpip").split(" · ")[-1].split(" / ")
        )
        if n > ROWS:
            break
    assert n > ROWS, "the sample player's VPIP spans several pages"
    first = _explain_table(app)
    assert len(first) == ROWS
    pages = -(-n // ROWS)
    assert app.number_input(key="explain_page_vpip").max == pages
    seen = [first]
    for page in range(2, pages + 1):
        app.number_input(key="explain_page_vpip").set_value(page).run()
        assert not app.exception, [e.value for e in app.exception]
        seen.append(_explain_table(app))
    listed = pd.concat(seen, ignore_index=True)
    assert len(listed) == n
    assert listed["key"].is_unique
    assert int(listed["in_numerator"].sum()) == x
    flags = list(listed["in_numerator"])
    assert flags == sorted(flags, reverse=True)  # numerator first, across the pages
    # The sentence explains a hand of the page shown.
    key = seen[-1]["key"].iloc[0]
    assert any(t.value.startswith(key) for t in app.text)
