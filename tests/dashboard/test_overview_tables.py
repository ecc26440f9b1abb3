"""Issue 23 items 13 and 14 on the Overview: the statistics say which room, the hero's
table reads as everyone's (headers, rounding), missing values are not "None", and a
tournament row never adds the chips of different tournaments."""

from __future__ import annotations

import json

import pytest
from streamlit.testing.v1 import AppTest

from tests.dashboard.conftest import APP


def _overview(hero: str) -> AppTest:
    app = AppTest.from_file(str(APP), default_timeout=30).run()
    app.sidebar.selectbox(key="hero").select(hero).run()
    assert not app.exception, [e.value for e in app.exception]
    return app


@pytest.mark.usefixtures("app_env")
def test_the_statistics_name_the_room() -> None:
    app = _overview("Ann")
    statistics = app.dataframe[-1].value
    assert list(statistics.columns[:4]) == ["Player", "Room", "Currency", "Hands"]
    ann = statistics[statistics["Player"] == "Ann"]
    assert len(ann) == len(set(zip(ann["Room"], ann["Currency"], strict=True))) > 1


@pytest.mark.usefixtures("app_env")
def test_the_hero_table_has_headers_and_formats_and_no_none() -> None:
    app = _overview("Ann")
    hero = app.dataframe[0]
    columns = json.loads(hero.proto.columns)
    assert columns["net_won"]["label"] == "Net won"
    assert columns["net_won"]["type_config"]["format"] == "%.2f"
    for frame in app.dataframe:
        assert frame.proto.placeholder == "–"


@pytest.mark.usefixtures("app_env")
def test_tournament_rows_add_no_chips() -> None:
    app = _overview("Rita")
    players = app.dataframe[1].value
    rita = players[(players["player"] == "Rita") & (players["currency"] == "CHIPS")]
    assert len(rita) == 1
    assert rita["net_won"].isna().all()  # was -888: two tournaments' chips added
    assert rita["bb_per_100"].notna().all()
