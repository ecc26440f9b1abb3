"""Explain a stat: the hands behind a figure add up to it; one hand says why it counted."""

from __future__ import annotations

import pytest

from analytics.stats.explain import COLUMNS, NotInHand, explain, explain_hand
from analytics.stats.players import STATS, Kind, StatsQuery, stats
from analytics.store.lookup import HandNotFound
from tests.aggregates.hero import limp_and_lose, steal, walk
from tests.aggregates.test_all_in_ev_import import PREFLOP_ALL_IN


@pytest.fixture
def hero_db(imported):
    return imported(walk(1), limp_and_lose(2), steal(3), PREFLOP_ALL_IN.replace("#1:", "#4:"))


@pytest.mark.parametrize("s", STATS, ids=lambda s: s.name)
def test_the_hands_listed_add_up_to_the_figure(hero_db, s) -> None:
    (row,) = stats(hero_db, StatsQuery(players=("btn",))).to_dict("records")
    hands = explain(hero_db, "btn", s.name)
    assert list(hands.columns) == COLUMNS
    if s.kind in (Kind.RATE, Kind.RATIO):
        assert (hands["x"].sum(), hands["n"].sum()) == (row[f"{s.name}_x"], row[f"{s.name}_n"])
    elif s.kind is Kind.PER_100:
        assert hands["x"].sum() / hands["n"].sum() * 100 == pytest.approx(row[s.name])
    elif s.kind is Kind.MONEY:
        assert hands["x"].sum() == pytest.approx(row[f"{s.name}_units"])
    else:
        assert hands["x"].sum() == row[s.name]


def test_the_list_marks_numerator_and_denominator(hero_db) -> None:
    hands = explain(hero_db, "hero", "vpip")
    assert list(hands["hand_id"]) == ["2", "3"]  # hand 1 was his walk: in neither
    assert list(hands["in_numerator"]) == [True, True]
    steals = explain(hero_db, "hero", "steal")
    assert list(zip(steals["hand_id"], steals["in_numerator"], strict=True)) == [
        ("2", False), ("3", True),
    ]  # fmt: skip
    all_in = explain(hero_db, "btn", "all_in_ev_hands")
    assert list(all_in["hand_id"]) == ["4"]
    assert all_in["all_in_ev"].iloc[0] == pytest.approx(0.536052753 * 20050 - 10000, abs=0.01)


def test_why_one_hand_counted(hero_db) -> None:
    assert explain_hand(hero_db, "1", "hero", "vpip") == (
        "PokerStars:1 · hero · VPIP: not counted (no VPIP chance: a walk)"
    )
    assert explain_hand(hero_db, "3", "hero", "steal") == (
        "PokerStars:3 · hero · steal: in the denominator (steal chance: everyone before him"
        " folded, he was in the BTN and could raise); in the numerator (he raised: a steal)"
    )
    assert explain_hand(hero_db, "PokerStars:2", "hero", "steal").endswith(
        "not in the numerator (he did not raise)"
    )
    assert "in the numerator (he went to showdown)" in explain_hand(hero_db, "2", "hero", "wtsd")
    assert "(no WTSD chance: he did not see the flop)" in explain_hand(hero_db, "3", "hero", "wtsd")
    assert "bet 0, raised 0, called 0 and folded 0" in explain_hand(hero_db, "2", "hero", "af")
    ev = explain_hand(hero_db, "4", "btn", "all_in_adjusted")
    assert "all-in pre-flop, 658,008 boards enumerated: his EV +747.86" in ev
    assert "instead of his actual net +10050" in ev
    assert "no all-in with cards to come" in explain_hand(hero_db, "3", "hero", "all_in_adjusted")


def test_explaining_what_is_not_there(hero_db) -> None:
    with pytest.raises(HandNotFound, match="no stored hand 99"):
        explain_hand(hero_db, "99", "hero", "vpip")
    with pytest.raises(NotInHand, match="nobody was not dealt into hand PokerStars:1"):
        explain_hand(hero_db, "1", "nobody", "vpip")
    assert explain(hero_db, "nobody", "vpip").empty
