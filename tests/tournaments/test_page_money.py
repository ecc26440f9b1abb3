"""Issue 23 items 11 and 12 and issue 22 item 4 on the Tournaments page, with real files:
GGPoker's and WPN's tournaments without a summary are played for money (their price read
from the header when it states one, left out of the hero's totals when it does not), and
Bovada's anonymous seats are nobody (never listed, never the tournament's hero)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from analytics.ingest.importer import import_paths
from analytics.tournaments import queries as tq
from tests.corpus import CORPORA

APP = Path(__file__).resolve().parents[2] / "dashboard" / "app.py"
FOLDERS = [CORPORA / "sites" / room / "tour" for room in ("GGPoker", "Winning", "Bovada")]

pytestmark = pytest.mark.corpus


@pytest.fixture(scope="module")
def rooms_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not all(folder.is_dir() for folder in FOLDERS):
        pytest.skip("the shared corpora are absent")
    db = tmp_path_factory.mktemp("rooms") / "t.sqlite"
    import_paths(FOLDERS, db)
    return db


def test_the_lists_name_no_anonymous_seat(rooms_db: Path) -> None:
    conn = sqlite3.connect(rooms_db)
    listed = tq.tournament_list(conn)
    names = {p["name"] for t in listed for p in t["players"]}
    assert "Hero" in names
    assert not [n for n in names if n.startswith("Seat ")]
    heroes = {h for (h,) in conn.execute("SELECT hero FROM tournaments WHERE site IN"
                                         " ('Bovada', 'Ignition')")}  # fmt: skip
    assert not [h for h in heroes if h and h.startswith("Seat ")]
    assert "Seat 1" not in tq.report(conn, None, "json")


def test_unstated_prices_stay_out_of_the_totals(rooms_db: Path) -> None:
    conn = sqlite3.connect(rooms_db)
    mine = tq.player_entries(conn, "Hero")
    totals = tq.player_totals(mine)
    # The five GGPoker tournaments, $8.40 to $1,050, none with a summary: no prize known.
    assert list(totals) == ["USD"]
    assert (totals["USD"].tournaments, totals["USD"].cost) == (5, 840 + 5250 + 25000 + 105000
                                                               + 100000)  # fmt: skip
    left = tq.unpriced(mine)
    # WPN's "$5,000 GTD" and "$300,000 GTD" (USD), WPN and Bovada without a price (PLAY).
    assert left["USD"].tournaments == 2
    assert left["PLAY"].tournaments >= 3
    text = tq.report(conn, "Hero", "table")
    assert "tournaments whose buy-in the hands do not state" in text


def test_the_page_shows_money_and_leaves_out_unstated_prices(
    rooms_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("POKERHH_DB", str(rooms_db))
    app = AppTest.from_file(str(APP), default_timeout=60).run()
    app.switch_page("app_pages/tournaments.py").run()
    app.sidebar.selectbox(key="hero").select("Hero").run()
    assert not app.exception, [e.value for e in app.exception]
    labels = [m.label for m in app.metric]
    assert "Tournaments (USD)" in labels
    assert "Tournaments (PLAY)" not in labels
    profit = next(m.value for m in app.metric if m.label == "Profit")
    assert profit == "-$2,360.90"
    listing = app.dataframe[0].value
    gg = listing[listing["tournament"] == "25942319"].iloc[0]
    assert (gg["currency"], gg["buy-in"], gg["profit"]) == ("USD", "$8.40", "-$8.40")
    gtd = listing[listing["tournament"] == "27099516"].iloc[0]
    assert (gtd["currency"], gtd["buy-in"], gtd["profit"]) == ("USD", "not stated", "not stated")
    assert "None" not in listing.astype(str).to_numpy()
    captions = " ".join(c.value for c in app.caption)
    assert "2 USD tournaments whose buy-in neither the hands nor a summary states" in captions
    # A Bovada tournament: its eliminations name no anonymous seat.
    bovada = next(k for k in app.selectbox(key="tournament").options if k.startswith("Bovada"))
    app.selectbox(key="tournament").select(bovada).run()
    assert not app.exception, [e.value for e in app.exception]
    for frame in app.dataframe[1:]:
        if "name" in frame.value:
            assert not [n for n in frame.value["name"] if str(n).startswith("Seat ")]
