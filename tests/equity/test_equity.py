"""Exact equity by enumeration (analytics.equity.exact): known spots, a slow reference enumerator
(tests/equity/reference.py: itertools + replayer.evaluation.evaluator), and the vectorised ranks
checked against ``replayer.evaluation.evaluator`` hand by hand."""

from __future__ import annotations

import doctest
import importlib
import random
import subprocess
import sys
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analytics.equity import tables as equity_tables
from analytics.equity.exact import (
    CHUNK,
    HOLDEM_HIGH,
    OMAHA_HIGH,
    OMAHA_HIGH_LOW8,
    Boards,
    _omaha,
    equities,
    equity_evaluator,
    runouts,
)
from analytics.equity.tables import combinations_table, rank_high_many
from parser.model.cards import DECK, Card, parse_cards
from parser.model.games import GAME_SPECS
from replayer.evaluation.evaluator import rank_high, rank_omaha_high, rank_omaha_low8
from tests.equity.reference import omaha_by_triples, reference_equities

GAMES = {"holdem": HOLDEM_HIGH, "omaha": OMAHA_HIGH, "omaha8": OMAHA_HIGH_LOW8}


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


# --- known spots ---------------------------------------------------------------------------


def test_ace_king_suited_vs_queens_preflop():
    """A♠K♠ v Q♦Q♣: 787,966 wins and 6,732 ties of 1,712,304 boards = 46.21% / 53.79%."""
    spot = runouts([cards("As Ks"), cards("Qd Qc")])
    assert spot.count == comb(48, 5) == 1_712_304
    ak, qq = spot.high
    assert (int((ak > qq).sum()), int((ak == qq).sum())) == (787_966, 6_732)
    shares = spot.shares()
    assert shares == (Fraction(791_332, 1_712_304), Fraction(920_972, 1_712_304))
    assert [round(float(s), 4) for s in shares] == [0.4621, 0.5379]


@pytest.mark.parametrize(
    ("aces", "kings", "expected"),
    [
        ("Ah As", "Kh Ks", Fraction(707_495, 856_152)),  # both suits shared: 82.64%
        ("Ah As", "Kh Kd", Fraction(255_121, 311_328)),  # one suit shared: 81.95%
        ("Ah As", "Kd Kc", Fraction(29_603, 36_432)),  # none shared: 81.26%
    ],
)
def test_aces_vs_kings_preflop(aces, kings, expected):
    """The three suit patterns of AA v KK (the classic 82.6 / 81.9 / 81.3); averaged over
    the 36 combinations (6 + 24 + 6) they give 81.95% / 18.05%."""
    shares = equities([cards(aces), cards(kings)])
    assert shares == [expected, 1 - expected]


def test_aces_vs_kings_average_is_81_95():
    shares = [Fraction(707_495, 856_152), Fraction(255_121, 311_328), Fraction(29_603, 36_432)]
    average = (6 * shares[0] + 24 * shares[1] + 6 * shares[2]) / 36
    assert round(float(average), 4) == 0.8195


def test_flop_all_in_enumerates_990_boards():
    holes = [cards("Ah As"), cards("Kd Kc")]
    board = cards("2c 7d 9s")
    spot = runouts(holes, board)
    assert spot.count == comb(45, 2) == 990
    # KK wins when a king comes and no ace: 2 * 44 - 1 boards with a king, 4 with an ace too.
    assert spot.shares() == (Fraction(907, 990), Fraction(83, 990))
    assert list(spot.shares()) == reference_equities(holes, board)


def test_turn_all_in_enumerates_44_boards():
    """A♠K♠ v Q♦Q♣ on Q♥ 7♠ 2♠ 3♦: seven spades make the flush; Q♠ makes quads and 3♠
    a full house for the queens."""
    holes = [cards("As Ks"), cards("Qd Qc")]
    board = cards("Qh 7s 2s 3d")
    spot = runouts(holes, board)
    assert spot.count == 44
    assert spot.shares() == (Fraction(7, 44), Fraction(37, 44))
    assert list(spot.shares()) == reference_equities(holes, board)


def test_three_way_tie_splits_in_thirds():
    holes = [cards("2c 3d"), cards("4c 5d"), cards("6c 7d")]
    assert equities(holes, cards("As Ks Qs Js Ts")) == [Fraction(1, 3)] * 3
    spot = runouts(holes, cards("As Ks Qs Js"))
    assert sum(spot.shares()) == 1
    assert list(spot.shares()) == reference_equities(holes, cards("As Ks Qs Js"))


def test_dead_cards_leave_the_deck():
    holes = [cards("Ah Kh"), cards("Qs Qc")]
    board = cards("Jh Th 2c")
    dead = cards("9h 8h Qd")
    spot = runouts(holes, board, dead)
    assert spot.count == comb(52 - 10, 2)
    assert list(spot.shares()) == reference_equities(holes, board, dead)


def test_shares_of_a_subset_are_its_own_pot():
    """A side pot's equity: the same boards, only its eligible players compared."""
    holes = [cards("Ah Ad"), cards("Kh Kd"), cards("Qh Qd")]
    board = cards("2c 7d 9s")
    spot = runouts(holes, board)
    assert list(spot.shares([1, 2])) == reference_equities(holes[1:], board, holes[0])


@pytest.mark.parametrize(
    ("game", "holes", "board"),
    [
        ("omaha", ["Ah As Kd Jd", "Kh Qc Ts 9s"], "2s 7s 9d"),
        ("omaha", ["Ah Kh Qh Jh", "Ks Qs Js Ts", "2c 3c 4d 5d"], "Th 9s 2h 3s"),
        ("omaha8", ["Ah 2s Kd Jd", "Kh 3c 4s 9s"], "5c 6h Qs"),
        ("omaha8", ["Ah 2s 3d Jd", "Ac 2c 4s 9s", "7h 8h 9d Tc"], "5c 6h Qs Kd"),
        ("omaha8", ["Ah 2s 3d Jd", "Ac 2c 3s Js"], "Kc Kh Qs 9d"),  # no low can come
    ],
)
def test_omaha_flop_and_turn_spots(game, holes, board):
    hands = [cards(h) for h in holes]
    ours = equities(hands, cards(board), evaluator=GAMES[game])
    assert ours == reference_equities(hands, cards(board), game=game)
    assert sum(ours) == 1


def test_omaha_hi_lo_scoops_and_quarters():
    """Same hand both sides: they split the high and quarter the low unless the low misses."""
    holes = [cards("Ah 2s Kd Qd"), cards("Ad 2c Kh Qc")]
    assert equities(holes, cards("3c 4h 5s 9d Td"), evaluator=OMAHA_HIGH_LOW8) == [
        Fraction(1, 2),
        Fraction(1, 2),
    ]


def test_equity_evaluator_by_game():
    assert equity_evaluator(GAME_SPECS["NLHE"]) is HOLDEM_HIGH
    assert equity_evaluator(GAME_SPECS["PLO"]) is OMAHA_HIGH
    assert equity_evaluator(GAME_SPECS["PLO6"]) is OMAHA_HIGH
    assert equity_evaluator(GAME_SPECS["PLO58"]) is OMAHA_HIGH_LOW8
    for code in ("FL7S", "FL7S8", "NLHE6P", "FL27TD"):
        assert equity_evaluator(GAME_SPECS[code]) is None


@pytest.mark.parametrize(
    ("holes", "board", "dead", "message"),
    [
        (["As Ks", "As Qc"], "", "", "card As appears twice"),
        (["As Ks", "Qd Qc"], "Qd 2c 3c", "", "card Qd appears twice"),
        (["As Ks", "Qd Qc 2c"], "", "", "holdem_high takes 2 hole cards, got 3: 'Qd Qc 2c'"),
        (["As Ks", "Qd Qc"], "2c 3c 4c 5c 6c 7c", "", "a board has at most 5 cards, got 6"),
        ([], "", "", "equity needs at least one hand"),
    ],
)
def test_bad_spots_raise(holes, board, dead, message):
    with pytest.raises(ValueError, match="^" + message.replace("(", r"\(") + "$"):
        equities([cards(h) for h in holes], cards(board), cards(dead))


def test_too_few_cards_left():
    holes = [DECK[i : i + 2] for i in range(0, 46, 2)]  # 23 hands: 6 cards left, 6 boards
    assert sum(equities(holes)) == 1
    with pytest.raises(ValueError, match=r"^4 cards left, 5 needed to complete the board$"):
        equities(holes, (), DECK[46:48])


# --- the vectorised ranks are replayer.evaluation.evaluator's ---------------------------


def test_preflop_enumeration_ranks_match_the_replayer_on_sampled_boards():
    holes = [cards("As Ks"), cards("Qd Qc"), cards("7h 6h")]
    spot = runouts(holes)
    rng = random.Random(7)
    for column in rng.sample(range(spot.count), 3000):
        board = list(spot.board(column))
        assert [int(v) for v in spot.high[:, column]] == [rank_high([*h, *board]) for h in holes]


def test_omaha_enumeration_ranks_match_the_replayer_on_sampled_boards():
    holes = [cards("Ah 2h Kd Qd"), cards("As 3s 4c 5c"), cards("9h 9s 8d 7d")]
    spot = runouts(holes, evaluator=OMAHA_HIGH_LOW8)
    assert spot.low is not None
    rng = random.Random(8)
    for column in rng.sample(range(spot.count), 1500):
        board = spot.board(column)
        assert [int(v) for v in spot.high[:, column]] == [rank_omaha_high(h, board) for h in holes]
        lows = [rank_omaha_low8(h, board) or 0 for h in holes]
        assert [int(v) for v in spot.low[:, column]] == lows


def test_rank_high_many_on_100k_random_hands():
    rng = random.Random(2024)
    hands = [rng.sample(range(52), 7) for _ in range(100_000)]
    ours = rank_high_many(hands)
    assert ours.tolist() == [rank_high([DECK[i] for i in h]) for h in hands]


hands7 = st.lists(st.sampled_from(range(52)), min_size=7, max_size=7, unique=True)


@given(st.lists(hands7, min_size=1, max_size=50))
def test_rank_high_many_matches_rank_high(hands):
    assert rank_high_many(hands).tolist() == [rank_high([DECK[i] for i in h]) for h in hands]


def test_combinations_table_is_colex():
    table = combinations_table(3)
    for n in (3, 7, 12):
        head = table[:, : comb(n, 3)].T.tolist()
        assert len({tuple(c) for c in head}) == comb(n, 3)
        assert all(a < b < c < n for a, b, c in head)
    assert combinations_table(0).shape == (0, 1)


def test_tables_build_in_under_two_seconds():
    """Cold, in a fresh interpreter (numpy's import not counted)."""
    code = "from analytics.equity.tables import build_all; print(build_all())"
    root = Path(__file__).resolve().parents[2]
    run = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert float(run.stdout) < 2.0


# --- properties ----------------------------------------------------------------------------


@st.composite
def spots(draw, game: str, board_sizes=(3, 4, 5)):
    size = 2 if game == "holdem" else 4
    players = draw(st.integers(2, 4))
    board_size = draw(st.sampled_from(board_sizes))
    dead_size = draw(st.integers(0, 2))
    deck = draw(st.permutations(DECK))
    holes = [tuple(deck[i * size : (i + 1) * size]) for i in range(players)]
    at = players * size
    return holes, tuple(deck[at : at + board_size]), tuple(deck[at + 5 : at + 5 + dead_size])


@settings(max_examples=40, deadline=None)
@given(spots("holdem"))
def test_holdem_spots_match_the_reference(spot):
    holes, board, dead = spot
    ours = equities(holes, board, dead)
    assert sum(ours) == 1
    if len(board) >= 4 or len(holes) == 2:
        assert ours == reference_equities(holes, board, dead)


@settings(max_examples=25, deadline=None)
@given(spots("omaha", board_sizes=(4, 5)), st.sampled_from(["omaha", "omaha8"]))
def test_omaha_spots_match_the_reference(spot, game):
    holes, board, dead = spot
    ours = equities(holes, board, dead, evaluator=GAMES[game])
    assert sum(ours) == 1
    assert ours == reference_equities(holes, board, dead, game=game)


@settings(max_examples=10, deadline=None)
@given(spots("holdem", board_sizes=(0,)))
def test_preflop_equities_sum_to_one(spot):
    holes, board, dead = spot
    shares = equities(holes, board, dead)
    assert sum(shares) == 1
    assert all(0 <= s <= 1 for s in shares)


def test_shares_are_exact_fractions_over_the_board_count():
    spot = runouts([cards("Ah Kd"), cards("Ac Kh"), cards("As Ks")], cards("2s 7s 9d"))
    denominators = {s.denominator for s in spot.shares()}
    assert all((spot.count * 6) % d == 0 for d in denominators)
    assert np.all(spot.high > 0)


@pytest.mark.parametrize("module", ["analytics.equity.exact", "analytics.equity.tables"])
def test_doctests(module):
    """``analytics`` is not among the doctest paths: run these modules' examples here."""
    failures, tried = doctest.testmod(importlib.import_module(module))
    assert (failures, tried > 0) == (0, True)


@pytest.mark.parametrize(
    ("holes", "board"),
    [
        (["Ah 2h Kd Qd", "As 3s 4c 5c"], ""),  # pre-flop: the first chunk of boards
        (["Ah Kh Qh Jh", "Ks Qs Js Ts", "2c 3c 4d 5d"], "Th 9h 2s"),  # flush over flush
        (["Ah 2h 3d 4d 5c", "As 3s 4c 9c Kd"], "6h 7h"),  # five-card omaha
        (["Ah 2h 3d 4d 5c 6c", "As 3s 4s 9c Kd Qd"], "8h Jh Js 2s"),  # six-card omaha
        (["2c 2d 2h 3c", "3d 3h 4c 4d"], "2s 3s 4h"),  # no low and full houses
    ],
)
def test_per_board_omaha_tables_give_the_per_triple_values_on_every_board(holes, board):
    """Issue 11: the omaha ranker reads each board once and looks each player up in tables
    of his own; on every board the values (high and low) are those of ranking the ten
    board triples against his pairs one by one (S1, S3), so exact EV is unchanged."""
    hands = [[c.index for c in cards(h)] for h in holes]
    known = [c.index for c in cards(board)]
    used = {*known, *(c for h in hands for c in h)}
    remaining = np.array([i for i in range(52) if i not in used], dtype=np.int64)
    table = equity_tables.combinations_table(5 - len(known))
    table = table[:, : min(comb(len(remaining), 5 - len(known)), CHUNK)]
    boards = Boards(tuple(known), remaining, table)
    for low in (False, True):
        new_high, new_low = _omaha(hands, boards, low)
        old_high, old_low = omaha_by_triples(hands, boards, low)
        assert np.array_equal(new_high, old_high)
        assert (new_low is None) == (not low)
        if low:
            assert np.array_equal(new_low, old_low)
