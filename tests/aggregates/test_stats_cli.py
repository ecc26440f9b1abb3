"""``pokerhh stats`` and ``pokerhh explain``: arguments in, one library call, text out."""

from __future__ import annotations

import csv
import io
import json

import pytest

from analytics.stats.players import StatsQuery, records, stats
from dashboard.cli import EXIT_FAILED, EXIT_OK, EXIT_USAGE, main
from tests.aggregates.hero import limp_and_lose, steal, walk


@pytest.fixture
def hero_db(imported):
    return imported(walk(1), limp_and_lose(2), steal(3, "2019/08/01"))


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_stats_json_is_the_librarys_records(capsys, hero_db) -> None:
    code, out, _ = run(capsys, "stats", "--db", str(hero_db), "--player", "hero",
                       "--format", "json")  # fmt: skip
    assert code == EXIT_OK
    assert json.loads(out) == records(stats(hero_db, StatsQuery(players=("hero",))))


def test_stats_table_shows_samples_and_intervals(capsys, hero_db) -> None:
    code, out, _ = run(capsys, "stats", "--db", str(hero_db), "--player", "hero")
    assert code == EXIT_OK
    lines = out.splitlines()
    assert lines[0] == "hero (PokerStars, PLAY) · 3 hands"
    assert lines[1].split() == ["stat", "value", "x", "/", "n", "95%", "interval"]
    assert "  VPIP                      100.0%  2 / 2            34.2% – 100.0%" in lines
    assert "  net won                       +2" in lines
    assert "  bb/100                    +33.33" in lines


def test_stats_filters_and_groups(capsys, hero_db) -> None:
    db = str(hero_db)
    code, out, _ = run(capsys, "stats", "--db", db, "--player", "hero", "--by", "month",
                       "--format", "csv")  # fmt: skip
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(r["month"], r["hands"]) for r in rows] == [("2019-07", "2"), ("2019-08", "1")]
    assert {"vpip", "vpip_x", "vpip_n", "vpip_low", "vpip_high"} <= set(rows[0])
    narrow = ["--position", "BTN", "--from", "2019-08-01", "--to", "2019-08-01",
              "--stakes", "1/2", "--game", "NLHE", "--cash", "--table-size", "6"]  # fmt: skip
    code, out, _ = run(capsys, "stats", "--db", db, "--player", "hero", *narrow, "--format", "json")
    (record,) = json.loads(out)
    assert (record["hands"], record["steal"]["x"]) == (1, 1)
    code, out, _ = run(capsys, "stats", "--db", db, "--tournament")
    assert (code, out) == (EXIT_OK, "no hands match\n")
    code, out, _ = run(capsys, "stats", "--db", db, "--min-hands", "4")
    assert out == "no hands match\n"


def test_stats_usage_errors(capsys, hero_db, tmp_path) -> None:
    code, _, err = run(capsys, "stats", "--db", str(hero_db), "--stakes", "5/10")
    assert (code, err) == (
        EXIT_USAGE, "pokerhh: stakes '5/10': no stored hands at these stakes (stored: NLHE 1/2"
        " play)\n"
    )
    with pytest.raises(SystemExit) as exit_:
        main(["stats", "--db", str(hero_db), "--cash", "--tournament"])
    assert exit_.value.code == 2
    with pytest.raises(SystemExit):
        main(["stats", "--db", str(hero_db), "--from", "12/07/2019"])
    assert "invalid date value: '12/07/2019'" in capsys.readouterr().err
    code, _, err = run(capsys, "stats", "--db", str(tmp_path / "none.sqlite"))
    assert code == EXIT_FAILED
    assert "no pokerhh database" in err


def test_explain_lists_hands_and_says_why(capsys, hero_db) -> None:
    db = str(hero_db)
    code, out, _ = run(capsys, "explain", "--db", db, "--player", "hero", "steal")
    assert code == EXIT_OK
    lines = out.splitlines()
    # the group and the figure exactly as `pokerhh stats` prints them
    assert lines[0] == "hero (PokerStars, PLAY) · 3 hands"
    assert lines[1] == "  steal                      50.0%  1 / 2            9.5% – 90.5%"
    assert lines[2].split() == ["hand", "started_at", "position", "x", "n", "counted"]
    assert lines[3].split()[0] == "PokerStars:2"
    assert lines[3].endswith("denominator")
    assert lines[4].endswith("numerator and denominator")
    code, out, _ = run(capsys, "explain", "--db", db, "--player", "hero", "3-bet", "--format",
                       "json")  # fmt: skip
    (group,) = json.loads(out)
    assert (group["player"], group["stat"], group["hands"]) == ("hero", "three_bet", [])
    assert group["figure"] == {"x": 0, "n": 0, "value": None, "low": 0.0, "high": 1.0}
    code, out, _ = run(capsys, "explain", "--db", db, "--player", "hero", "steal", "3")
    assert out.startswith("PokerStars:3 · hero · steal: in the denominator (steal chance:")
    code, _, err = run(capsys, "explain", "--db", db, "--player", "hero", "stael")
    assert code == EXIT_USAGE  # a usage error, as stats' (issue 23, item 17)
    assert err.startswith("pokerhh: no stat 'stael' (one of: hands,")
    code, _, err = run(capsys, "explain", "--db", db, "--player", "zed", "vpip", "3")
    assert (code, err) == (EXIT_FAILED, "pokerhh: zed was not dealt into hand PokerStars:3\n")
