"""AppTest smoke runs: every page of the navigation runs without an exception on the
sample database and shows its widgets; the replay viewer steps to the showdown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.dashboard.conftest import APP, HOSTILE_HAND, HOSTILE_NAME

PAGES = {
    "app_pages/overview.py": "Overview",
    "app_pages/player.py": "Player",
    "app_pages/hands.py": "Hands",
    "app_pages/leaks.py": "Leaks",
    "app_pages/table.py": "Table",
    "app_pages/replay.py": "Replay",
    "app_pages/tournaments.py": "Tournaments",
    "app_pages/import_hands.py": "Import",
    "app_pages/record.py": "Record",
}


def _replayer(app: AppTest) -> tuple[str, dict]:
    """The replayer's document (an ``st.iframe`` of our own HTML) and the hand it holds."""
    (frame,) = app.get("iframe")
    document = frame.proto.srcdoc
    start = document.index('<script type="application/json" id="hand-data">')
    body = document[start:].split(">", 1)[1].split("</script>", 1)[0]
    return document, json.loads(body)


def _app(page: str | None = None) -> AppTest:
    app = AppTest.from_file(str(APP), default_timeout=30).run()
    if page is not None:
        app.switch_page(page).run()
    assert not app.exception, [e.value for e in app.exception]
    return app


def test_every_page_is_in_the_navigation() -> None:
    pages = sorted(p.name for p in (APP.parent / "app_pages").glob("*.py"))
    assert pages == sorted(["__init__.py", *(Path(p).name for p in PAGES)])


@pytest.mark.usefixtures("app_env")
@pytest.mark.parametrize("page", list(PAGES))
def test_page_runs(page: str) -> None:
    app = _app(page)
    assert app.title[0].value == PAGES[page]
    sidebar_labels = {w.label for w in app.sidebar.selectbox} | {w.label for w in app.sidebar.radio}
    assert {"Hero", "Kind"} <= sidebar_labels


def _players(app):
    """The overview's player table (the results one, not the statistics)."""
    return [d.value for d in app.dataframe if "net_won" in d.value.columns][-1]


@pytest.mark.usefixtures("app_env")
def test_overview_shows_statistics_with_their_samples() -> None:
    app = _app()
    (stats,) = [d.value for d in app.dataframe if "VPIP" in d.value.columns]
    assert {"Player", "Hands", "PFR", "3-bet", "AF", "All-in adj. bb/100"} <= set(stats.columns)
    # A rate shows its sample and interval: "50.0% · 1/2 (9–91)".
    shown = [cell for cell in stats["VPIP"] if cell != "–"]
    assert shown
    assert all(" · " in cell and "/" in cell for cell in shown)


@pytest.mark.usefixtures("app_env")
def test_overview_shows_the_player_table() -> None:
    app = _app()
    assert len(app.dataframe) >= 1
    table = _players(app)
    assert {"player", "hands", "net_won", "bb_per_100"} <= set(table.columns)
    assert "Dr:Who" in set(table["player"])
    assert [m.label for m in app.metric] == ["Players", "Hands (ok)", "Quarantined"]


@pytest.mark.usefixtures("app_env")
def test_hero_is_remembered_across_pages() -> None:
    app = _app()
    app.sidebar.selectbox(key="hero").select("Dr:Who").run()
    app.switch_page("app_pages/hands.py").run()
    assert app.session_state["hero"] == "Dr:Who"
    assert app.sidebar.selectbox(key="hero").value == "Dr:Who"
    assert "hero_net" in app.dataframe[0].value.columns


@pytest.mark.usefixtures("app_env")
def test_filters_change_the_overview() -> None:
    app = _app()
    everyone = _players(app)["hands"].sum()
    app.sidebar.radio(key="kind").set_value("Tournaments").run()
    tournaments = _players(app)
    assert 0 < tournaments["hands"].sum() < everyone
    assert set(tournaments["currency"]) == {"CHIPS"}


@pytest.mark.usefixtures("app_env")
def test_replay_sends_every_step_once() -> None:
    """Issue 26: the page sends the whole hand to the browser's replayer (which steps it
    without a rerun): every step's table, the streets to jump to, the result."""
    app = AppTest.from_file(str(APP), default_timeout=30)
    app.session_state["hand"] = ("PokerStars", "9000000040")  # run it twice
    app.session_state["step"] = 3
    app.run().switch_page("app_pages/replay.py").run()
    assert not app.exception
    document, hand = _replayer(app)
    assert '"step": 3' in document  # opens where the link said
    steps = hand["steps"]
    marks = {m["label"]: m["step"] for m in hand["streets"]}
    assert "Showdown" in marks
    assert "River (run 2)" in marks
    showdown = steps[marks["Showdown"]]
    assert sum(1 for board in showdown["boards"] if len(board) == 5) == 2
    assert steps[-1]["settled"]
    assert all(not seat["bet"] for seat in steps[-1]["seats"])
    assert any("wins" in line for line in hand["result"][0])
    assert [b.label for b in app.get("download_button")] == [
        "Share: HTML file", "Share: forum text", "Share: PHH"]  # fmt: skip
    app.button(key="next_hand").click().run()
    assert not app.exception
    assert app.session_state["hand"] != ("PokerStars", "9000000040")


@pytest.mark.usefixtures("app_env")
def test_replay_escapes_hostile_names_and_masks_them() -> None:
    app = AppTest.from_file(str(APP), default_timeout=30)
    app.session_state["hand"] = ("PokerStars", HOSTILE_HAND)
    app.run().switch_page("app_pages/replay.py").run()
    document, hand = _replayer(app)
    # In the document only as JSON with < and > escaped: no element, no end of script.
    assert "<img" not in document
    assert document.count("<script") == 3  # the two data blocks and the component's own
    assert HOSTILE_NAME in {s["name"] for s in hand["steps"][0]["seats"]}
    assert "alert(2)" in hand["title"]
    app.toggle(key="mask").set_value(True).run()
    document, hand = _replayer(app)
    assert "onerror" not in document
    assert HOSTILE_NAME not in "".join(m.value for m in app.markdown)


@pytest.mark.usefixtures("app_env")
def test_quarantined_hand_in_the_viewer_shows_its_text() -> None:
    app = AppTest.from_file(str(APP), default_timeout=30)
    app.session_state["hand"] = ("PokerStars", "9000000024")  # raise below the minimum
    app.run().switch_page("app_pages/replay.py").run()
    assert not app.exception
    assert "quarantined" in app.error[0].value
    assert app.code[0].value.startswith("PokerStars Hand #9000000024")


def test_empty_database_offers_the_samples(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from analytics.store.db import connect

    db = tmp_path / "empty.sqlite"
    connect(db).close()
    monkeypatch.setenv("POKERHH_DB", str(db))
    app = _app()
    assert "no hands yet" in app.info[0].value
    app.button(key="load_samples").click().run()
    assert not app.exception
    assert app.session_state["samples_loaded"] > 40
    assert len(app.dataframe) >= 1  # the overview now has its player table
    missing = tmp_path / "missing.sqlite"
    monkeypatch.setenv("POKERHH_DB", str(missing))
    app = _app("app_pages/import_hands.py")
    assert app.get("file_uploader") or app.info
