"""``pokerhh leaks`` (issue 25, item 4; acceptance 4): a generated player whose c-bet is set
far below the range is flagged for it; a player within every range is flagged for nothing.

The players are generated (tests/generator/profiled.py): 6-max NL hold'em, 600 hands each,
the hero deciding by a profile of frequencies; the others by a fixed profile of their own.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from analytics.leaks.find import assessed_stats, find_leaks, leak_hands, subject_for
from analytics.leaks.reference import FAMILIES, POSITION_GROUPS, RANGES, RATIOS
from analytics.stats.players import STAT_NAMES, StatsQuery, checked_query, player_stats
from analytics.store.db import read_only
from dashboard.cli import EXIT_OK, EXIT_USAGE, main
from tests.leaks.conftest import HANDS


@pytest.fixture
def db(leaks_db: Path) -> Path:
    return leaks_db


def leaks_json(capsys: pytest.CaptureFixture[str], db: Path, *argv: str) -> dict:
    code = main(["leaks", "--db", str(db), *argv, "--format", "json"])
    out, err = capsys.readouterr()
    assert code == EXIT_OK, err
    return json.loads(out)


def test_a_cbet_far_below_the_range_is_flagged(capsys, db) -> None:
    report = leaks_json(capsys, db, "--player", "Lazy")
    flagged = {(leak["stat"], leak["position"]): leak for leak in report["leaks"]}
    leak = flagged[("cbet_flop", "any")]
    assert (leak["direction"], leak["game"], leak["table"]) == ("low", "holdem", "6-max")
    assert leak["high"] < leak["reference_low"]  # the whole interval below the range
    assert leak["n"] >= 25
    assert leak["x"] / leak["n"] < 0.15
    # Ranked by cost, most first.
    costs = [leak["cost_bb_per_100"] for leak in report["leaks"]]
    assert costs == sorted(costs, reverse=True)


def test_a_player_within_every_range_is_flagged_for_nothing(capsys, db) -> None:
    report = leaks_json(capsys, db, "--player", "good")  # any case, as stats
    assert report["leaks"] == []
    assessed = {a["stat"] for a in report["assessed"] if a["position"] == "any"}
    # Every statistic of the reference is assessed on him, each with a sample.
    assert assessed == {s.name for s in assessed_stats()}
    assert all(a["n"] > 0 for a in report["assessed"])
    assert report["label"] == "Good (PokerStars)"
    assert report["hands"] == HANDS


def test_the_figures_are_pokerhh_stats_own(db) -> None:
    """A leak's x / n and interval are those ``pokerhh stats`` gives for the same game,
    table size and position."""
    conn = read_only(db).conn
    subject = subject_for(conn, "Lazy")
    report = find_leaks(conn, StatsQuery(), subject)
    query = checked_query(conn, StatsQuery(players=("Lazy",), table_sizes=(6,)))
    (row,) = player_stats(conn, query).to_dict("records")
    for a in report.assessed:
        if a.position == "any" and a.stat not in RATIOS:
            assert (a.x, a.n) == (row[f"{a.stat}_x"], row[f"{a.stat}_n"]), a.stat
            assert (a.low, a.high) == pytest.approx((row[f"{a.stat}_low"], row[f"{a.stat}_high"]))
    # The hands behind the c-bet leak: its chances, one each.
    (leak,) = [a for a in report.leaks if a.stat == "cbet_flop"]
    assert len(leak_hands(conn, StatsQuery(), subject, leak)) == leak.n


def test_the_printed_command_lists_the_hands_behind_a_leak(capsys, db) -> None:
    report = leaks_json(capsys, db, "--player", "Lazy")
    (leak,) = [a for a in report["leaks"] if a["stat"] == "cbet_flop"]
    words = shlex.split(leak["hands_command"])
    assert words[:3] == ["pokerhh", "explain", "cbet_flop"]
    code = main([*words[1:], "--db", str(db), "--format", "json"])
    (group,) = json.loads(capsys.readouterr().out)
    assert code == EXIT_OK
    assert sum(hand["n"] for hand in group["hands"]) == leak["n"]
    assert sum(hand["x"] for hand in group["hands"]) == leak["x"]


def test_the_table_prints_each_leak_with_its_command(capsys, db) -> None:
    assert main(["leaks", "--db", str(db), "--player", "Lazy"]) == EXIT_OK
    out = capsys.readouterr().out
    assert out.startswith(f"Lazy (PokerStars) · {HANDS:,} hands\n")
    assert "c-bet flop (NL/PL hold'em, 6-max): " in out
    assert "too low" in out
    assert "  hands: pokerhh explain cbet_flop --player Lazy --site PokerStars" in out
    assert main(["leaks", "--db", str(db), "--player", "Good"]) == EXIT_OK
    assert "no leak:" in capsys.readouterr().out


def test_usage_errors_exit_2(capsys, db) -> None:
    for argv in (["--player", "Nobody"], ["--player", "Lazy", "--player", "Good"],
                 ["--player", "Lazy", "--by", "position"], []):  # fmt: skip
        assert main(["leaks", "--db", str(db), *argv]) == EXIT_USAGE, argv
        assert "pokerhh:" in capsys.readouterr().err


def test_the_reference_table_is_keyed_by_known_statistics() -> None:
    """Each row names a statistic of the catalog, a game family, a table class, a position
    (or group) and a range with its low end below its high end; no two rows share a key."""
    positions = {"any", "SB", "BB", "UTG", "MP", "HJ", "CO", "BTN", *POSITION_GROUPS}
    keys = set()
    for row in RANGES:
        assert row.stat in STAT_NAMES, row
        assert row.game in {*FAMILIES, "any"}, row
        assert row.table in {"heads-up", "6-max", "full-ring", "any"}, row
        assert row.position in positions, row
        assert 0 <= row.low < row.high, row
        assert row.high <= 1 or row.stat in RATIOS, row
        key = (row.stat, row.game, row.table, row.position)
        assert key not in keys, row
        keys.add(key)
