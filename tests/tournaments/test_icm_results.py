"""ICM-adjusted all-in results (issue 12, item 1): a 3-player spot worked out by hand, the
payouts a summary states, and a live log imported end to end: every spot stored per
player, summed per player, and in ``pokerhh tournaments --format json``."""

from __future__ import annotations

import io
import json
import sqlite3
from contextlib import redirect_stdout
from fractions import Fraction
from pathlib import Path

import pytest

from analytics.ingest.importer import import_paths
from analytics.tournaments.all_in_icm import icm_spot, payouts_of
from dashboard.cli import main


def test_icm_spot_three_players_worked_by_hand() -> None:
    # Payouts 70/30. Before: A 50, B 30, C 20 chips: ICM 1265/28, 129/4, 158/7
    # (tests/tournaments/test_standings_money.py works these out).
    # C (20) is all-in against A with 25% equity, B folded: C's chip EV is
    # .25 x 40 - 20 = -10, so the expected stacks are A 60, B 30, C 10:
    #   A: 1st .6 x 70 = 42; 2nd (B 1st) .3 x 60/70 + (C 1st) .1 x 60/90 = 34/105, x 30
    #      = 68/7; A = 362/7.
    #   B: 1st .3 x 70 = 21; 2nd .6 x 30/40 + .1 x 30/90 = 29/60, x 30 = 29/2; B = 71/2.
    #   C: 1st .1 x 70 = 7; 2nd .6 x 10/40 + .3 x 10/70 = 27/140, x 30 = 81/14; C = 179/14.
    # A wins: A 70, B 30, C 0: A 58 (.7 x 70 + .3 x 30), B 42, C 0.
    # expected change: A 362/7 - 1265/28 = 183/28, B 71/2 - 129/4 = 13/4,
    #                  C 179/14 - 158/7 = -137/14;
    # actual change:   A 58 - 1265/28 = 359/28, B 42 - 129/4 = 39/4, C -158/7;
    # expected - actual: A -176/28 = -44/7, B -13/2, C 179/14 (sum 0). B gained by C's
    # bust without playing: his equity moved most against expectation after A's.
    spot = icm_spot(
        {"A": 50, "B": 30, "C": 20},
        {"A": 70, "B": 30, "C": 0},
        {"A": Fraction(60), "B": Fraction(30), "C": Fraction(10)},
        [70, 30],
    )
    assert {n: (s.expected, s.actual) for n, s in spot.items()} == {
        "A": (Fraction(183, 28), Fraction(359, 28)),
        "B": (Fraction(13, 4), Fraction(39, 4)),
        "C": (Fraction(-137, 14), Fraction(-158, 7)),
    }
    assert {n: s.diff for n, s in spot.items()} == {
        "A": Fraction(-44, 7),
        "B": Fraction(-13, 2),
        "C": Fraction(179, 14),
    }
    assert sum(s.diff for s in spot.values()) == 0


def test_payouts_a_summary_states() -> None:
    assert payouts_of([(2, 300), (1, 700), (3, None), (4, None)]) == (700, 300)
    # Two tied 2nd: the site already shared their prizes; 4th follows them.
    assert payouts_of([(1, 500), (2, 250), (2, 250), (4, 0)]) == (500, 250, 250)
    assert payouts_of([(3, 200)]) is None  # the hero's own line only: no payouts
    assert payouts_of([(1, 500), (3, 100)]) is None  # 2nd missing
    assert payouts_of([(1, None), (2, None)]) is None


LOG = Path(__file__).with_name("icm_live.phhs")


@pytest.fixture(scope="module")
def icm_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("icm") / "t.sqlite"
    report = import_paths([LOG], db, jobs=1)
    assert report.stored["ok"] == 2, report.problems
    return db


def test_every_all_in_spot_is_stored_per_player(icm_db: Path) -> None:
    conn = sqlite3.connect(icm_db)
    rows = conn.execute(
        "SELECT hand_id, name, stack, chip_ev_diff, icm_expected, icm_actual, icm_ev_diff"
        " FROM tournament_all_ins ORDER BY idx"
    ).fetchall()
    # Hand 1: four players (the whole field), D all-in pre-flop against A; hand 2: the
    # three left, C all-in on the turn with KK against AA: two outs of the 42 unseen
    # cards (B's 7c 2d are dead), so C's chip EV is 1800 x 1/21 - 900 = -5700/7.
    assert [(h, n) for h, n, *_ in rows] == [
        ("icm-1-1", "B"), ("icm-1-1", "C"), ("icm-1-1", "D"), ("icm-1-1", "A"),
        ("icm-1-2", "B"), ("icm-1-2", "C"), ("icm-1-2", "A"),
    ]  # fmt: skip
    (c_ev,) = conn.execute(
        "SELECT e.all_in_ev FROM all_in_ev e JOIN hands h ON h.id = e.hand JOIN hand_players"
        " p ON p.hand = e.hand AND p.seat = e.seat WHERE h.hand_id = 'icm-1-2' AND p.name = 'C'"
    ).fetchone()
    assert c_ev == pytest.approx(-5700 / 7)
    # T4: 4 entrants of $10 pay 75/25: 3000 and 1000 cents. Hand 2 from its stacks:
    hand2 = {n: (stack, chips, exp, act, diff) for h, n, stack, chips, exp, act, diff in rows
             if h == "icm-1-2"}  # fmt: skip
    assert {n: v[0] for n, v in hand2.items()} == {"C": 900, "A": 2150, "B": 950}
    spot = icm_spot({"A": 2150, "B": 950, "C": 900}, {"A": 3050, "B": 950, "C": 0},
                    {"A": Fraction(2150 - 900) + Fraction(1800 * 20, 21), "B": Fraction(950),
                     "C": Fraction(900) - Fraction(5700, 7)}, [3000, 1000])  # fmt: skip
    for name, values in spot.items():
        assert hand2[name][2:] == pytest.approx(
            (float(values.expected), float(values.actual), float(values.diff))
        )
    assert hand2["C"][1] == pytest.approx(900 - 5700 / 7)  # chip EV - net
    assert hand2["C"][4] > 0  # C was all but drawing dead and busted: little bad luck
    for hand in ("icm-1-1", "icm-1-2"):
        assert sum(r[6] for r in rows if r[0] == hand) == pytest.approx(0, abs=1e-6)
    summed = dict(conn.execute("SELECT name, icm_ev_diff FROM tournament_players"))
    for name in "ABCD":
        assert summed[name] == pytest.approx(sum(r[6] for r in rows if r[1] == name))


def test_json_has_each_players_icm_result(icm_db: Path) -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["--db", str(icm_db), "tournaments", "--format", "json"]) == 0
    (listed,) = json.loads(out.getvalue())["tournaments"]
    conn = sqlite3.connect(icm_db)
    stored = dict(conn.execute("SELECT name, icm_ev_diff FROM tournament_players"))
    assert {p["name"]: p["icm_ev_diff"] for p in listed["players"]} == stored
    assert {p["name"] for p in listed["players"] if p["all_in_ev_diff"] is not None} == set("ABCD")


def test_a_field_too_large_is_not_valued() -> None:
    with pytest.raises(ValueError, match="ICM of a field of 13: at most 12"):
        icm_spot({f"P{k}": 100 for k in range(13)}, {}, {}, [70, 30])


def test_the_page_shows_the_icm_results(icm_db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from streamlit.testing.v1 import AppTest

    app_file = Path(__file__).resolve().parents[2] / "dashboard" / "app.py"
    monkeypatch.setenv("POKERHH_DB", str(icm_db))
    app = AppTest.from_file(str(app_file), default_timeout=30).run()
    app.switch_page("app_pages/tournaments.py").run()
    assert not app.exception, [e.value for e in app.exception]
    assert "All-ins by ICM" in [h.value for h in app.subheader]
    frames = [d.value for d in app.dataframe]
    by_player = next(f for f in frames if "ICM EV - result" in f.columns)
    # Stored in cents, shown in dollars (issue 23 item 11).
    stored = dict(sqlite3.connect(icm_db).execute(
        "SELECT name, icm_ev_diff / 100.0 FROM tournament_players"))  # fmt: skip
    assert dict(zip(by_player["name"], by_player["ICM EV - result"], strict=True)) == (
        pytest.approx(stored)
    )
    spots = next(f for f in frames if "icm_expected" in f.columns)
    assert len(spots) == 7


def test_a_bust_takes_his_place_prize() -> None:
    # Three paid places 50/30/20 and three players: C busts, so he finishes 3rd and is
    # sure of 20, whatever the stacks; before the hand his equity was ICM's.
    from analytics.tournaments.icm import icm_equities

    before_c = icm_equities([50, 30, 20], [50, 30, 20])[2]
    spot = icm_spot({"A": 50, "B": 30, "C": 20}, {"A": 70, "B": 30, "C": 0},
                    {"A": Fraction(60), "C": Fraction(10)}, [50, 30, 20])  # fmt: skip
    assert spot["C"].actual == 20 - before_c
    assert sum(s.actual for s in spot.values()) == 0
    assert sum(s.diff for s in spot.values()) == 0
