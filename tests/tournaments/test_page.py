"""Issue 12, acceptance 4 (AppTest half): the Tournaments page on a database with a live
tournament log (two hands, a bust, a colour-up) shows the list, the hero's ROI and ITM,
the stack chart and the eliminations."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from analytics.ingest.importer import import_paths

APP = Path(__file__).resolve().parents[2] / "dashboard" / "app.py"
LOG = """\
[1]
variant = "NT"
_tournament = "live-7"
_buy_in = 1000
_fee = 100
_buy_in_currency = "USD"
table = "1"
level = "1"
hand = "live-7-1"
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [1000, 1000, 1000]
players = ["Ann", "Bob", "Cy"]
actions = ["d dh p1 2c7d", "d dh p2 KcKd", "d dh p3 AhAd", "p3 cbr 1000", "p1 f",
           "p2 cc", "d db 2h3h9s", "d db Td", "d db 4c", "p3 sm AhAd", "p2 sm KcKd"]

[2]
variant = "NT"
_tournament = "live-7"
_buy_in = 1000
_fee = 100
_buy_in_currency = "USD"
table = "1"
level = "2"
hand = "live-7-2"
antes = [0, 0]
blinds_or_straddles = [100, 200]
min_bet = 200
starting_stacks = [2050, 950]
players = ["Cy", "Ann"]
_between = ["colour_up 25 50"]
actions = ["d dh p1 AsAc", "d dh p2 QcQd", "p2 cbr 950", "p1 cc", "d db 2d3d9c",
           "d db Tc", "d db 4s", "p1 sm AsAc", "p2 sm QcQd"]
"""


@pytest.fixture(scope="module")
def live_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("tournament")
    (folder / "live.phhs").write_text(LOG, encoding="utf-8")
    db = folder / "t.sqlite"
    report = import_paths([folder / "live.phhs"], db)
    assert report.stored["ok"] == 2, report.problems
    return db


def test_the_live_log_ranks_and_pays(live_db: Path) -> None:
    import sqlite3

    conn = sqlite3.connect(live_db)
    rows = conn.execute("SELECT name, place, prize, eliminated_hand, knockouts FROM"
                        " tournament_players ORDER BY place").fetchall()  # fmt: skip
    # Bob out in hand 1 to Cy (3rd), Ann in hand 2 (2nd): Cy wins, two knockouts.
    # T4, 3 players: the winner takes the pool, 3 x $10.
    assert rows == [("Cy", 1, 3000, None, 2), ("Ann", 2, None, "live-7-2", 0),
                    ("Bob", 3, None, "live-7-1", 0)]  # fmt: skip
    assert conn.execute("SELECT count(*) FROM tournament_problems").fetchone() == (0,)


def test_the_page_runs(live_db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POKERHH_DB", str(live_db))
    app = AppTest.from_file(str(APP), default_timeout=30).run()
    app.switch_page("app_pages/tournaments.py").run()
    assert not app.exception, [e.value for e in app.exception]
    assert app.title[0].value == "Tournaments"
    app.sidebar.selectbox(key="hero").select("Cy").run()
    assert not app.exception, [e.value for e in app.exception]
    metrics = {m.label: m.value for m in app.metric}
    # Cy: cost $11, won $30: profit $19, ROI 19/11, ITM 1 of 1; in dollars, not cents
    # (issue 23 item 11: "1900" before).
    assert metrics["Profit"] == "+$19.00"
    assert metrics["ROI"] == "172.7%"
    assert metrics["ITM"] == "100.0%"
    (listing, outs) = [d.value for d in app.dataframe][:2]
    assert list(listing["place"]) == [1]
    row = listing.iloc[0]
    assert (row["buy-in"], row["fee"], row["prize pool"]) == ("$10.00", "$1.00", "$30.00")
    assert (row["prize"], row["profit"]) == ("$30.00", "+$19.00")
    assert list(outs["name"]) == ["Bob", "Ann"]
    assert "None" not in outs.astype(str).to_numpy()
