"""Fault 4 of issue 9: ``explain`` shows ``stats``' figures, by construction.

``explain`` takes the same filters and grouping as ``stats`` (one argument builder) and
prints, per group of ``stats`` (player and currency, and ``--by``), the same figure, then
the hands behind it. Checked for every stat over the sample histories: the JSON figure is
``stats``' JSON value, the table line is ``stats``' table line, and the hands add up to it.
Money is never summed across currencies: a player with cash (USD) and tournament (CHIPS)
hands gets one group per currency.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from analytics.stats.players import STATS, Kind
from tests.reliability.conftest import Run, query


def everyone(db: Path) -> list[str]:
    """Every player with statistics (Bram and Tess play both cash and tournaments); not
    the anonymous seats of Bovada's logs, which are nobody (migration 0012)."""
    names = query(db, "SELECT DISTINCT p.name FROM player_hand_stats s JOIN players p"
                      " ON p.id = s.player_id WHERE NOT p.anonymous ORDER BY p.name")  # fmt: skip
    return [name for (name,) in names]


#: ``stats``' JSON output per (database, arguments): the databases here are only read, and
#: the one ``stats`` of every player was run again for each of the catalog's statistics.
_STATS_OUT: dict[tuple[Path, tuple[str, ...]], str] = {}


def stats_json(run: Run, db: Path, *argv: str) -> list[dict]:
    key = (db, argv)
    if key not in _STATS_OUT:
        code, out, err = run("stats", "--db", db, "--format", "json", *argv)
        assert code == 0, err
        _STATS_OUT[key] = out
    return list(json.loads(_STATS_OUT[key]))  # parsed anew: a test may not change another's


def explain_json(run: Run, db: Path, name: str, *argv: str) -> list[dict]:
    code, out, err = run("explain", "--db", db, name, "--format", "json", *argv)
    assert code == 0, err
    return list(json.loads(out))


def players(*names: str) -> list[str]:
    return [arg for name in names for arg in ("--player", name)]


@pytest.mark.parametrize("s", STATS, ids=lambda s: s.name)
def test_every_figure_equals_stats(run: Run, samples_db: Path, s) -> None:
    figures = stats_json(run, samples_db)
    explained = explain_json(run, samples_db, s.name, *players(*everyone(samples_db)))
    assert len(explained) == len(figures) > 100
    for group, figure in zip(explained, figures, strict=True):
        keys = ("player", "site", "currency")
        assert [group[k] for k in keys] == [figure[k] for k in keys]
        assert group["figure"] == figure[s.name]
        hands = group["hands"]
        if s.kind in (Kind.RATE, Kind.RATIO):
            assert sum(h["x"] for h in hands) == figure[s.name]["x"]
            assert sum(h["n"] for h in hands) == figure[s.name]["n"]
        elif s.kind is Kind.PER_100 and figure[s.name] is not None:
            value = sum(h["x"] for h in hands) / sum(h["n"] for h in hands) * 100
            assert value == pytest.approx(figure[s.name])
        elif s.kind is Kind.MONEY:
            assert group[f"{s.name}_units"] == figure[f"{s.name}_units"]
            assert sum(h["x"] for h in hands) == pytest.approx(figure[f"{s.name}_units"])


def stat_line(text: str, label: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(f"  {label} ")]


@pytest.mark.parametrize("name", ["bb_per_100", "net_won", "vpip", "af"])
def test_the_table_prints_stats_own_line(run: Run, samples_db: Path, name: str) -> None:
    label = next(s.label for s in STATS if s.name == name)
    _, shown, _ = run("stats", "--db", samples_db, "--player", "Bram")
    _, explained, _ = run("explain", "--db", samples_db, "--player", "Bram", name)
    assert stat_line(explained, label) == stat_line(shown, label)
    assert len(stat_line(explained, label)) == 2  # USD and CHIPS: two groups, two figures


def test_net_won_is_never_summed_across_currencies(run: Run, samples_db: Path) -> None:
    groups = explain_json(run, samples_db, "net_won", "--player", "Bram")
    assert sorted(g["currency"] for g in groups) == ["CHIPS", "USD"]
    by_currency = dict(
        query(
            samples_db,
            "SELECT h.currency, sum(s.net) FROM player_hand_stats s JOIN hands h"
            " ON h.id = s.hand JOIN players p ON p.id = s.player_id WHERE p.name = 'Bram'"
            " AND h.status = 'ok' GROUP BY h.currency",
        )
    )
    for group in groups:
        assert group["net_won_units"] == by_currency[group["currency"]]
        assert {h["site"] for h in group["hands"]} == {"PokerStars"}
    _code, out, _ = run("explain", "--db", samples_db, "--player", "Bram", "net_won")
    assert out.count("(PokerStars, USD)") == out.count("(PokerStars, CHIPS)") == 1


def test_explain_takes_the_filters_and_grouping_of_stats(run: Run, samples_db: Path) -> None:
    narrow = ("--player", "Kai", "--cash", "--by", "position", "--game", "flhe")
    figures = stats_json(run, samples_db, *narrow)
    explained = explain_json(run, samples_db, "vpip", *narrow)
    assert [g["position"] for g in explained] == [f["position"] for f in figures]
    assert [g["figure"] for g in explained] == [f["vpip"] for f in figures]
    assert {g["currency"] for g in explained} == {"USD"}
    for group in explained:
        assert {h["position"] for h in group["hands"]} <= {group["position"]}
    code, _, err = run("explain", "--db", samples_db, "--player", "Bram", "vpip", "--game", "x")
    assert code == 2
    assert "unknown game 'x'" in err


def test_bb_per_100_is_per_hundred_hands(run: Run, samples_db: Path) -> None:
    """``explain`` printed Σ bb ÷ hands without the × 100 (−0.07 for −7.13)."""
    (figure,) = stats_json(run, samples_db, "--player", "Kai")
    _, text, _ = run("explain", "--db", samples_db, "--player", "Kai", "bb_per_100")
    (line,) = stat_line(text, "bb/100")
    assert line.split()[-1] == f"{figure['bb_per_100']:+.2f}"


def test_one_hand_in_json(run: Run, samples_db: Path) -> None:
    code, out, err = run(
        "explain", "--db", samples_db, "--player", "Alice", "vpip", "9000000001", "--format", "json"
    )
    assert code == 0, err
    record = json.loads(out)
    assert record["hand"] == "PokerStars:9000000001"
    assert (record["player"], record["stat"]) == ("Alice", "vpip")
    assert record["in_denominator"] is (record["n"] != 0)
    assert record["why"]
    code, _, err = run("explain", "--db", samples_db, "vpip", "9000000001")
    assert (code, err) == (2, "pokerhh: explain needs one --player NAME\n")
