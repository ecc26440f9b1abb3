"""Pre-flop spots counted by board rank multiset (``analytics.equity.grouped``, issue 11)
give the same boards and the same exact shares as ranking every board one by one, in
every game with an equity evaluator, and on every omaha all-in of the real corpus (the
hold'em ones: ``test_preflop_table_corpus.py``)."""

from __future__ import annotations

import random
from math import comb

import numpy as np
import pytest

from analytics.equity.all_in_ev import all_in_ev
from analytics.equity.exact import (
    HOLDEM_HIGH,
    OMAHA_HIGH,
    OMAHA_HIGH_LOW8,
    EquityEvaluator,
    Runouts,
    equity_evaluator,
    outcomes,
)
from analytics.equity.grouped import GroupedRunouts, _flush_boards
from parser.model.cards import DECK, Card
from parser.model.cards import parse_cards as cards
from parser.model.games import GAME_SPECS
from tests.corpus import replayed


def _same(holes: list[list[Card]], dead: list[Card], evaluator: EquityEvaluator) -> int:
    """Assert grouped == enumerated for every pair and the whole table; the columns."""
    grouped = outcomes(holes, (), dead, evaluator=evaluator)
    every = outcomes(holes, (), dead, evaluator=evaluator, table=False)
    assert isinstance(grouped, GroupedRunouts)
    assert isinstance(every, Runouts)
    assert grouped.count == every.count == comb(52 - len(dead) - sum(map(len, holes)), 5)
    assert grouped.shares() == every.shares()
    for a in range(len(holes)):
        for b in range(a + 1, len(holes)):
            assert grouped.shares([b, a]) == every.shares([b, a])
    return grouped.high.shape[1]


@pytest.mark.parametrize(
    ("holes", "dead"),
    [
        (["As Ks", "Qd Qc"], "2c"),  # one dead card
        (["Ah Kh", "Qh Jh"], "2h 3h 4h 5d 6d 7d 8c 9c"),  # flush over flush, suit thinned
        (["Ah Ad", "Kh Kd"], "Ac As Kc Ks"),  # no aces or kings left: fewer multisets
        (["7s 2d", "7c 2h", "7h 2s"], "3c 4c 5c 6c"),  # three-way chops
        (["As Ks", "Ad Kd", "Ah Kh", "Ac Kc"], ""),  # four ways, every suit held twice
        (["9s 8s", "Tc Td", "Ah 2h", "5c 4d", "Js Qs", "3h 3s"], ""),  # six-way
    ],
)
def test_hold_em_pre_flop_with_cards_out_counts_every_board_once(holes, dead):
    columns = _same([cards(h) for h in holes], cards(dead), HOLDEM_HIGH)
    # Far fewer columns than boards: that is the point (C(44, 5) = 1,086,008 and less).
    assert columns < 200_000


@pytest.mark.parametrize("evaluator", [OMAHA_HIGH, OMAHA_HIGH_LOW8])
@pytest.mark.parametrize(
    ("holes", "dead"),
    [
        (["Ah Kh Qd Jd", "As 2s 3c 4c"], "5h"),  # double-suited against a low
        (["Ah 2h 3h 4h", "Kd Kc Qd Qc"], "6h 7h 8h"),  # four of a suit, three more dead
        (["Ah 2h 3d 4d 5c", "As 3s 4c 9c Kd"], "Tc"),  # five-card omaha
        (["Ah 2h 3d 4d 5c 6c", "As 3s 4s 9c Kd Qd"], "Th"),  # six-card omaha
        (["2c 2d 2h 3c", "3d 3h 4c 4d", "5s 6s 7s 8s"], ""),  # three-way, no low for two
    ],
)
def test_omaha_pre_flop_with_cards_out_counts_every_board_once(evaluator, holes, dead):
    _same([cards(h) for h in holes], cards(dead), evaluator)


def test_random_spots_agree_with_enumeration():
    rng = random.Random(20261201)
    for evaluator, size in ((HOLDEM_HIGH, 2), (OMAHA_HIGH, 4), (OMAHA_HIGH_LOW8, 4)):
        for _ in range(3):
            players = rng.choice([2, 3])
            deck = rng.sample(DECK, players * size + rng.choice([1, 4, 8]))
            holes = [deck[i * size : (i + 1) * size] for i in range(players)]
            _same(holes, deck[players * size :], evaluator)


def test_only_suits_somebody_can_flush_in_are_enumerated():
    """Hold'em: five of a suit always, four with one of his, three with two of his (S1);
    omaha: three or more on the board and two of his. Each column stands for its ways of
    dealing the other suits' ranks."""

    def columns(holes: str, evaluator: EquityEvaluator) -> dict[int, int]:
        hands = [[c.index for c in cards(h)] for h in holes.split(",")]
        used = {c for h in hands for c in h}
        remaining = np.array([c for c in range(52) if c not in used], dtype=np.int64)
        boards, weights = _flush_boards(remaining, hands, evaluator.board_cards_used)
        by_suit: dict[int, int] = {}
        for column, weight in zip(boards.T, weights, strict=True):
            suits = [int(c) & 3 for c in column]
            suit = max(range(4), key=suits.count)
            by_suit[suit] = by_suit.get(suit, 0) + int(weight)
        return by_suit

    # As Ks Qd Jc: each suit has one of someone's: four or five of it on the board.
    spades = cards("As")[0].index & 3
    unsuited = columns("As Kh,Qd Jc", HOLDEM_HIGH)
    assert unsuited[spades] == comb(12, 4) * 36 + comb(12, 5)
    # Suited: three of the suit on the board too.
    suited = columns("As Ks,Qd Jc", HOLDEM_HIGH)
    assert suited[spades] == comb(11, 3) * comb(37, 2) + comb(11, 4) * 37 + comb(11, 5)
    # Omaha with no two of a suit in anybody's hand: no board can make a flush.
    assert columns("As Kh Qd Jc,Ts 9h 8d 7c", OMAHA_HIGH) == {}


@pytest.mark.corpus
def test_every_omaha_all_in_ev_of_the_corpus_is_the_same_as_enumerating():
    results = [
        r.result
        for r in replayed("pokerstars")
        if r.result is not None
        and r.result.all_in_point is not None
        and equity_evaluator(GAME_SPECS[r.result.hand.game]) in (OMAHA_HIGH, OMAHA_HIGH_LOW8)
    ]
    if not results:
        pytest.skip("corpus pokerstars is absent")
    preflop = 0
    for result in results:
        fast = all_in_ev(result)
        assert fast == all_in_ev(result, preflop_table=False), result.hand.hand_id
        preflop += fast is not None and fast.boards > 0 and not fast.board
    assert preflop >= 10  # the corpus's omaha pre-flop all-ins were compared
