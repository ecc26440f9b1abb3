"""RULES.md C2: the automatic draw of a disconnected 5-card-draw player, one test per
entry of C2's priority list, then the entries against each other (the higher wins)."""

from __future__ import annotations

import random

import pytest

from parser.model.cards import DECK, parse_cards
from replayer.auto_draw import PRIORITIES, auto_draw, auto_draw_count, auto_draw_priority


def kept(text: str) -> str:
    return " ".join(c.text for c in auto_draw(parse_cards(text)))


def priority(text: str) -> str:
    return auto_draw_priority(parse_cards(text))


def test_the_priority_list_is_C2_in_order() -> None:
    assert [name for name, _ in PRIORITIES] == [
        "two pair or better",
        "open royal draw",
        "high pair",
        "straight-flush or flush draw",
        "low pair",
        "open-ended straight draw",
        "gutshot",
        "high cards",
    ]


# --- one test per entry ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand",
    [
        "2c 3h 4d 5s 6c",  # straight
        "Ah 2c 3d 4s 5c",  # the wheel
        "Ah Kh 8h 4h 2h",  # flush
        "9c 9d 9h 4s 4c",  # full house
        "Qc Qd Qh Qs 3c",  # four of a kind
        "5h 6h 7h 8h 9h",  # straight flush
    ],
)
def test_1_a_made_hand_above_two_pair_stands_pat_C2(hand: str) -> None:
    assert priority(hand) == "two pair or better"
    assert kept(hand) == hand
    assert auto_draw_count(parse_cards(hand)) == 0


def test_1_trips_keep_three_and_two_pair_keep_four_C2() -> None:
    """C2 is silent on kickers; the module's choice: trips draw two, two pair draw one."""
    assert priority("2c 7h 7d 7s Qc") == "two pair or better"
    assert kept("2c 7h 7d 7s Qc") == "7h 7d 7s"
    assert priority("9c 4h 9d Kc 4s") == "two pair or better"
    assert kept("9c 4h 9d Kc 4s") == "9c 4h 9d 4s"
    assert auto_draw_count(parse_cards("9c 4h 9d Kc 4s")) == 1


def test_2_open_royal_draw_keeps_the_four_C2() -> None:
    assert priority("Kh Qh 2c Jh Th") == "open royal draw"
    assert kept("Kh Qh 2c Jh Th") == "Kh Qh Jh Th"
    # A-K-Q-J suited is no open royal draw: it is a flush draw (entry 4).
    assert priority("Ah Kh Qh Jh 2c") == "straight-flush or flush draw"
    # K-Q-J-T of mixed suits is an open-ended straight draw (entry 6).
    assert priority("Kh Qh Jh Td 2c") == "open-ended straight draw"


@pytest.mark.parametrize("pair", ["Ac Ad", "Kc Kd", "Qc Qd", "Jc Jd"])
def test_3_high_pair_keeps_the_pair_C2(pair: str) -> None:
    hand = f"{pair} 2h 5s 8h"
    assert priority(hand) == "high pair"
    assert kept(hand) == pair
    assert auto_draw_count(parse_cards(hand)) == 3


def test_4_flush_and_straight_flush_draws_keep_the_four_suited_cards_C2() -> None:
    assert priority("Ac 8c 5c 2c Kd") == "straight-flush or flush draw"
    assert kept("Ac 8c 5c 2c Kd") == "Ac 8c 5c 2c"
    assert priority("5h 6h 7h 8h Kc") == "straight-flush or flush draw"
    assert kept("5h 6h 7h 8h Kc") == "5h 6h 7h 8h"


@pytest.mark.parametrize("pair", ["Tc Td", "5c 5d", "2c 2d"])
def test_5_low_pair_keeps_the_pair_C2(pair: str) -> None:
    hand = f"{pair} 4h 8s Ad"
    assert priority(hand) == "low pair"
    assert kept(hand) == pair


@pytest.mark.parametrize(
    ("hand", "four"),
    [
        ("2c 3d 4h 5s Kc", "2c 3d 4h 5s"),  # an ace or a six
        ("9c Td Jh Qs 3d", "9c Td Jh Qs"),
        ("Kc Td Jh Qs 3d", "Kc Td Jh Qs"),  # an ace or a nine
        ("8c 2d 6h 7s 5d", "8c 6h 7s 5d"),
    ],
)
def test_6_open_ended_straight_draw_keeps_the_four_C2(hand: str, four: str) -> None:
    assert priority(hand) == "open-ended straight draw"
    assert kept(hand) == four


@pytest.mark.parametrize(
    ("hand", "four"),
    [
        ("5c 6d 8h 9s 2d", "5c 6d 8h 9s"),  # a seven only
        ("Ac Kd Qh Js 3c", "Ac Kd Qh Js"),  # closed at the top: a ten only
        ("Ac 2d 3h 4s 9c", "Ac 2d 3h 4s"),  # closed at the bottom: a five only
        ("Ac 2d 3h 5s 9c", "Ac 2d 3h 5s"),
        ("Kc Qd 2h Js 9c", "Kc Qd Js 9c"),
    ],
)
def test_7_gutshot_keeps_the_four_C2(hand: str, four: str) -> None:
    assert priority(hand) == "gutshot"
    assert kept(hand) == four


def test_7_of_two_gutshots_the_higher_four_are_kept_C2() -> None:
    """A-K-Q-J-9: A-K-Q-J and K-Q-J-9 both need a ten; the higher cards stay."""
    assert kept("9c Ac Kd Qh Js") == "Ac Kd Qh Js"


@pytest.mark.parametrize(
    ("hand", "high"),
    [("Ac Kd 7h 4s 2c", "Ac Kd"), ("Qc 8d Jh 4s 2c", "Qc Jh"), ("9c 7d 3h 2s Jd", "Jd")],
)
def test_8_high_cards_keeps_every_ace_king_queen_and_jack_C2(hand: str, high: str) -> None:
    assert priority(hand) == "high cards"
    assert kept(hand) == high


def test_9_else_nothing_is_kept_C2() -> None:
    assert priority("9c 7d 5h 3s 2c") == "nothing"
    assert kept("9c 7d 5h 3s 2c") == ""
    assert auto_draw_count(parse_cards("9c 7d 5h 3s 2c")) == 5


# --- two entries fit: the higher wins -----------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "winner", "four_or_less"),
    [
        ("Kh Qh Jh Th 9c", "two pair or better", "Kh Qh Jh Th 9c"),  # straight > royal draw
        ("5h 6h 7h 8h 9c", "two pair or better", "5h 6h 7h 8h 9c"),  # straight > flush draw
        ("Kh Qh Jh Th Kd", "open royal draw", "Kh Qh Jh Th"),  # > high pair
        ("Kh Qh Jh Th Tc", "open royal draw", "Kh Qh Jh Th"),  # > low pair
        ("Ah Ac 2h 5h 8h", "high pair", "Ah Ac"),  # > flush draw
        ("Jc Jd Th 9s 8c", "high pair", "Jc Jd"),  # > open-ended draw
        ("7h 7c 2h 5h 9h", "straight-flush or flush draw", "7h 2h 5h 9h"),  # > low pair
        ("5h 6h 7h 8c Kh", "straight-flush or flush draw", "5h 6h 7h Kh"),  # > open-ended
        ("5c 6d 7h 8s 8c", "low pair", "8s 8c"),  # > open-ended draw
        ("Ac Ad 2h 3s 4c", "high pair", "Ac Ad"),  # > gutshot (A-2-3-4)
        ("9c Td Jh Qs Ad", "open-ended straight draw", "9c Td Jh Qs"),  # > gutshot T-J-Q-A
        ("Kc Qd Jh 9s 2c", "gutshot", "Kc Qd Jh 9s"),  # > high cards K-Q-J
    ],
)
def test_the_higher_entry_wins_C2(hand: str, winner: str, four_or_less: str) -> None:
    assert priority(hand) == winner
    assert kept(hand) == four_or_less


# --- every hand --------------------------------------------------------------------------------


def test_kept_cards_are_the_hand_s_own_in_its_order_C2() -> None:
    """On 10,000 random hands: the kept cards are a sub-sequence of the hand, the count
    drawn is the rest, and a made hand of two pair or better is never broken."""
    rng = random.Random(2)
    names = {name for name, _ in PRIORITIES} | {"nothing"}
    seen = set()
    for _ in range(10_000):
        hand = tuple(rng.sample(DECK, 5))
        keep = auto_draw(hand)
        assert keep == tuple(c for c in hand if c in keep)
        assert auto_draw_count(hand) == 5 - len(keep)
        name = auto_draw_priority(hand)
        assert name in names
        seen.add(name)
        if len({c.rank for c in hand}) <= 3:  # two pair, trips, full house, quads
            assert name == "two pair or better"
            assert len(keep) >= 3
    assert names - seen <= {"open royal draw"}  # 160 hands in 2,598,960: tested above


def test_a_hand_of_other_than_five_distinct_cards_is_refused_C2() -> None:
    with pytest.raises(
        ValueError, match=r"^\[C2\] the automatic draw takes five distinct cards, got 'Ac Kd'$"
    ):
        auto_draw(parse_cards("Ac Kd"))
    with pytest.raises(ValueError, match=r"^\[C2\] .* got 'Ac Ac 2d 3h 4s'$"):
        auto_draw_count(parse_cards("Ac Ac 2d 3h 4s"))
