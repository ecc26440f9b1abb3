"""Showdown evaluation (RULES.md S1 best five / 2 + 3, S2 ranking and ties, S3 eight-or-better).

Orders are checked against pokerkit, an independent evaluator; descriptions against the words
PokerStars printed in the real hand histories of ``../shared/corpora``.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations, pairwise
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parser.model.cards import DECK, Card, parse_cards
from replayer.evaluation.evaluator import (
    CATEGORIES,
    HIGH_RANK_COUNT,
    best_five_high,
    best_five_omaha_high,
    category,
    describe_badugi,
    describe_high,
    describe_low8,
    describe_low_27,
    describe_low_a5,
    rank_badugi,
    rank_high,
    rank_low8,
    rank_low_27,
    rank_low_a5,
    rank_omaha_high,
    rank_omaha_low8,
)

Hand = tuple[Card, ...]

# Small decks that make the rare hands common: two suits (flushes, straight flushes), six
# ranks (quads, full houses), ace to eight (lows).
TWO_SUITS = tuple(c for c in DECK if c.suit in "hs")
SIX_RANKS = tuple(c for c in DECK if c.rank in "AKQ982")
LOW_CARDS = tuple(c for c in DECK if c.rank in "A2345678")


def cards(text: str) -> Hand:
    return parse_cards(text)


def text(hand: Sequence[Card]) -> str:
    return "".join(c.text for c in hand)


def deals(
    seed: int, count: int, size: int, decks: Sequence[Sequence[Card]] = (DECK,)
) -> list[Hand]:
    """``count`` deals of ``size`` cards, cycling through ``decks``; fixed seed."""
    rng = random.Random(seed)
    return [tuple(rng.sample(decks[i % len(decks)], size)) for i in range(count)]


def assert_same_order(ours: Sequence[Any], theirs: Sequence[Any], hands: Sequence[Any]) -> None:
    """Both evaluators order the hands the same way, ties included: sorted by ours, each
    neighbouring pair compares alike under theirs (two total preorders that agree on
    neighbours agree everywhere)."""
    assert len(ours) == len(theirs) == len(hands)
    order = sorted(range(len(ours)), key=ours.__getitem__)
    for a, b in pairwise(order):
        if (ours[a] == ours[b]) != (theirs[a] == theirs[b]) or not theirs[a] <= theirs[b]:
            pytest.fail(f"order differs: {hands[a]} ({ours[a]}) vs {hands[b]} ({ours[b]})")


@pytest.fixture(scope="module")
def pk() -> ModuleType:
    return pytest.importorskip("pokerkit")


# --- S2: the 2,598,960 five-card hands -------------------------------------------------------


def test_all_five_card_hands_have_the_known_category_counts_S2() -> None:
    """S2: every five-card hand, counted by category; 7,462 distinct values, royal 4."""
    values = Counter(map(rank_high, combinations(DECK, 5)))
    assert sum(values.values()) == 2_598_960
    assert len(values) == HIGH_RANK_COUNT == 7462
    assert sorted(values) == list(range(1, 7463))
    by_category: Counter[str] = Counter()
    for value, count in values.items():
        by_category[category(value)] += count
    assert by_category == {
        "straight flush": 40,
        "four of a kind": 624,
        "full house": 3_744,
        "flush": 5_108,
        "straight": 10_200,
        "three of a kind": 54_912,
        "two pair": 123_552,
        "pair": 1_098_240,
        "high card": 1_302_540,
    }
    assert values[HIGH_RANK_COUNT] == 4
    assert describe_high(HIGH_RANK_COUNT) == "a Royal Flush"


def test_categories_are_listed_worst_to_best_S2() -> None:
    assert CATEGORIES[0] == "high card"
    assert CATEGORIES[-1] == "straight flush"
    firsts = [
        category(rank_high(cards(h)))
        for h in (
            "7c 5d 4h 3s 2c",
            "2c 2d 3h 4s 5d",
            "2c 2d 3h 3s 4d",
            "2c 2d 2h 3s 4d",
            "Ac 2d 3h 4s 5d",
            "7c 5c 4c 3c 2c",
            "2c 2d 2h 3s 3d",
            "2c 2d 2h 2s 3d",
            "Ac 2c 3c 4c 5c",
        )
    ]
    assert firsts == list(CATEGORIES)


# --- S1, S2: seven, six and five cards against pokerkit -----------------------------------------


def test_seven_card_order_matches_pokerkit_S1_S2(pk: ModuleType) -> None:
    """S1 (hold'em: any five of seven; stud: best five of seven), S2: 20,000 seven-card hands
    from 5,000 deals of one board and four hole pairs, so boards that play make ties."""
    hands: list[Hand] = []
    for deal in deals(7, 5_000, 13, (DECK, DECK, DECK, TWO_SUITS, SIX_RANKS)):
        board = deal[:5]
        hands += [deal[5 + 2 * i : 7 + 2 * i] + board for i in range(4)]
    ours = [rank_high(h) for h in hands]
    theirs = [pk.StandardHighHand.from_game(text(h[:2]), text(h[2:])) for h in hands]
    assert_same_order(ours, theirs, hands)
    assert len(set(map(category, ours))) == 9


@pytest.mark.parametrize("size", [5, 6])
def test_five_and_six_card_order_matches_pokerkit_S1_S2(pk: ModuleType, size: int) -> None:
    hands = deals(size, 3_000, size, (DECK, TWO_SUITS, SIX_RANKS))
    ours = [rank_high(h) for h in hands]
    theirs = [pk.StandardHighHand.from_game(text(h)) for h in hands]
    assert_same_order(ours, theirs, hands)


@settings(max_examples=200, deadline=None)
@given(st.permutations(DECK), st.permutations("cdhs"), st.integers(5, 7))
def test_suits_and_card_order_never_matter_S2(
    deck: list[Card], suits: list[str], size: int
) -> None:
    """S2 (and D1): renaming the suits or reordering the cards changes nothing."""
    hand = deck[:size]
    rename = dict(zip("cdhs", suits, strict=True))
    renamed = [Card.parse(c.rank + rename[c.suit]) for c in reversed(hand)]
    assert rank_high(renamed) == rank_high(hand)


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        ("Ts Js Qs Ks As", "a Royal Flush"),
        ("9h Th Jh Qh Kh", "a straight flush, Nine to King"),
        ("Ad 2d 3d 4d 5d", "a straight flush, Ace to Five"),
        ("Ac Ad Ah As 2c", "four of a kind, Aces"),
        ("Kc Kd Kh 9s 9c", "a full house, Kings full of Nines"),
        ("2c 2d 2h As Ac", "a full house, Deuces full of Aces"),
        ("Ad Jd 8d 6d 3d", "a flush, Ace high"),
        ("5c 6d 7h 8s 9c", "a straight, Five to Nine"),
        ("Ac Kd Qh Js Tc", "a straight, Ten to Ace"),
        ("5c 4d 3h 2s Ac", "a straight, Ace to Five"),
        ("Jc Jd Jh 7s 2c", "three of a kind, Jacks"),
        ("Kc Kd 9h 9s 2c", "two pair, Kings and Nines"),
        ("3c 3d 2h 2s Ac", "two pair, Threes and Deuces"),
        ("Qc Qd 9h 7s 2c", "a pair of Queens"),
        ("6c 6d 9h 7s 2c", "a pair of Sixes"),
        ("Ac Jd 8h 6s 3c", "high card Ace"),
        ("7c 5d 4h 3s 2c", "high card Seven"),
    ],
)
def test_describe_high_uses_pokerstars_words_S2(hand: str, words: str) -> None:
    assert describe_high(rank_high(cards(hand))) == words


def test_seven_cards_make_the_best_five_S1() -> None:
    """S1: the best five of seven: three pairs play the top two, two trips a full house, six
    suited cards the best flush, a straight flush beats the plain flush beside it."""
    assert describe_high(rank_high(cards("Ac Ad 9h 9s 4c 4d Kh"))) == "two pair, Aces and Nines"
    assert (
        describe_high(rank_high(cards("7c 7d 7h 5s 5c 5d 2h")))
        == "a full house, Sevens full of Fives"
    )
    assert describe_high(rank_high(cards("2h 4h 6h 8h Th Qh Ac"))) == "a flush, Queen high"
    assert (
        describe_high(rank_high(cards("Ah 2h 3h 4h 5h 9h Kh"))) == "a straight flush, Ace to Five"
    )
    assert describe_high(rank_high(cards("5h 6h 7h 8h 9h Th 4d"))) == "a straight flush, Six to Ten"


def test_equal_hands_tie_and_kickers_decide_S2() -> None:
    """S2: equal hands split (the board plays for both); one kicker breaks the tie."""
    board = cards("Ac Kd Qh Js 9c")
    assert rank_high(cards("2c 3d") + board) == rank_high(cards("4h 5s") + board)
    assert rank_high(cards("Ah 3d") + board) > rank_high(cards("As 2d") + cards("Kc Qd Jh 8s 7c"))
    # two pair: high pair, low pair, then kicker
    assert rank_high(cards("Kc Kd 2h 2s 3c")) > rank_high(cards("Qc Qd Jh Js Ac"))
    assert rank_high(cards("Kc Kd 3h 3s 2c")) > rank_high(cards("Kh Ks 2d 2c Ac"))
    assert rank_high(cards("Kc Kd 3h 3s 5c")) > rank_high(cards("Kh Ks 3d 3c 4c"))


def test_best_five_high_are_cards_of_the_hand_making_its_value_S1() -> None:
    for hand in deals(11, 1_000, 7, (DECK, TWO_SUITS, SIX_RANKS)):
        five = best_five_high(hand)
        assert len(five) == 5
        assert set(five) <= set(hand)
        assert rank_high(five) == rank_high(hand)


def test_best_five_high_lists_the_cards_that_count_first_S2() -> None:
    """S2: the ace of the wheel plays low; groups before kickers."""
    assert best_five_high(cards("Ah 9d 2c 9s 3h 4d 5s")) == cards("5s 4d 3h 2c Ah")
    assert best_five_high(cards("As 2s 3s 4s 5s Kd 9s")) == cards("5s 4s 3s 2s As")
    assert best_five_high(cards("7c Kd 7h 9s Kc 7s 2d")) == cards("7c 7h 7s Kd Kc")
    assert best_five_high(cards("4c Ad 3h Qs Jc 8d 4d")) == cards("4c 4d Ad Qs Jc")


def test_rank_and_category_reject_bad_input() -> None:
    with pytest.raises(
        ValueError,
        match=r"^rank_high takes 5, 6 or 7 cards, got 4: 'Ah Kh Qh "
        r"Jh'$",
    ):
        rank_high(cards("Ah Kh Qh Jh"))
    with pytest.raises(ValueError, match=r"^not a high-hand rank: 0 \(expected 1\.\.7462\)$"):
        category(0)
    with pytest.raises(ValueError, match=r"^not a high-hand rank: 7463"):
        describe_high(7463)
    with pytest.raises(
        ValueError,
        match=r"^rank_omaha_high takes 2 to 6 hole cards and 3 to 5 "
        r"board cards, got 4 and 2$",
    ):
        rank_omaha_high(cards("Ah Kh Qh Jh"), cards("2c 3c"))


# --- S1: omaha, exactly two hole cards and three board cards ----------------------------------


@pytest.mark.parametrize(("hole_size", "board_size"), [(4, 5), (4, 3), (5, 4), (6, 5)])
def test_omaha_high_order_matches_pokerkit_S1(
    pk: ModuleType, hole_size: int, board_size: int
) -> None:
    """S1: omaha (4 hole cards), 5-card omaha and Courchevel (5), 6-card omaha (6); flop,
    turn and river boards."""
    hands = []
    for deal in deals(
        hole_size * 10 + board_size,
        300,
        board_size + 3 * hole_size,
        (DECK, DECK, TWO_SUITS, SIX_RANKS),
    ):
        board = deal[:board_size]
        for i in range(3):
            hands.append(
                (deal[board_size + i * hole_size : board_size + (i + 1) * hole_size], board)
            )
    ours = [rank_omaha_high(h, b) for h, b in hands]
    theirs = [pk.OmahaHoldemHand.from_game(text(h), text(b)) for h, b in hands]
    assert_same_order(ours, theirs, hands)


def test_omaha_uses_exactly_two_hole_cards_S1() -> None:
    """S1: four suited board cards and one in the hand are no flush; a board straight does
    not play; four aces need two on the board."""
    assert (
        describe_high(rank_omaha_high(cards("As Kd Qc 2h"), cards("2s 5s 8s Js 3d")))
        == "a pair of Deuces"
    )
    assert (
        describe_high(rank_omaha_high(cards("Kc Kd 2h 2s"), cards("5c 6d 7h 8s 9c")))
        == "a pair of Kings"
    )
    assert category(rank_omaha_high(cards("Ah Ad Ac As"), cards("Kc Kd 7h 2s 3c"))) == "two pair"
    hole, board = cards("Ah Ad Ac Ks"), cards("Kd Kh As 2s 3d")
    assert describe_high(rank_omaha_high(hole, board)) == "a full house, Aces full of Kings"
    five = best_five_omaha_high(hole, board)
    assert len(set(five) & set(hole)) == 2
    assert len(set(five) & set(board)) == 3


# --- S3: eight-or-better low -----------------------------------------------------------------


def test_low8_best_is_the_wheel_and_lows_compare_from_the_top_S3() -> None:
    """S3: 5-4-3-2-A is the best low; 7-5-4-2-A beats 8-4-3-2-A; 8-7-6-5-4 is the worst
    qualifier; straights and flushes do not count against a low."""
    wheel = rank_low8(cards("5c 4d 3h 2s Ac"))
    assert wheel == 56
    assert rank_low8(cards("5h 4h 3h 2h Ah")) == wheel
    assert rank_low8(cards("7c 5d 4h 2s Ac")) > rank_low8(cards("8c 4d 3h 2s Ac"))
    assert rank_low8(cards("6c 5d 4h 3s 2c")) > rank_low8(cards("7c 4d 3h 2s Ac"))
    assert rank_low8(cards("8c 7d 6h 5s 4c")) == 1
    assert describe_low8(rank_low8(cards("7c 5d 4h 2s Ac"))) == "7,5,4,2,A"


def test_low8_needs_five_different_ranks_of_eight_or_lower_S3() -> None:
    """S3: no qualifier gives None (the high hand scoops); pairs do not count twice; the
    best five of seven ranks play (stud hi/lo)."""
    assert rank_low8(cards("9c 5d 4h 2s Ac")) is None
    assert rank_low8(cards("Ac Ad 2h 3s 4c 4d Kh")) is None
    assert rank_low8(cards("8c 8d 7h 6s 5c 4d 4h")) == 1
    assert describe_low8(rank_low8(cards("8c 6d 4h 3s 2c 2d Ah"))) == "6,4,3,2,A"


def test_omaha_low8_uses_two_hole_and_three_board_cards_S1_S3() -> None:
    """S1, S3: one low card in the hand is no low; a hole card pairing the board is
    counterfeited; a third low card can save the hand; high and low choose independently."""
    board = cards("2c 3d 4h Kc Ks")
    assert rank_omaha_low8(cards("Ah Kd Qd Jd"), cards("2c 3d 4h 5c 8s")) is None
    assert rank_omaha_low8(cards("Ah 2s Qd Qh"), board) is None  # counterfeited
    assert describe_low8(rank_omaha_low8(cards("Ah 2s 5c Qh"), board)) == "5,4,3,2,A"
    assert rank_omaha_low8(cards("Ah 2s 3c 4d"), cards("Kc Qd 5h 9c Ts")) is None  # one low
    hole, board = cards("Ah 2s Kh Kd"), cards("Kc 3d 4h 8c Ts")
    assert describe_high(rank_omaha_high(hole, board)) == "three of a kind, Kings"
    assert describe_low8(rank_omaha_low8(hole, board)) == "8,4,3,2,A"


@pytest.mark.parametrize(("hole_size", "board_size"), [(4, 5), (5, 5), (6, 4), (4, 3)])
def test_omaha_low8_matches_pokerkit_S1_S3(pk: ModuleType, hole_size: int, board_size: int) -> None:
    hands = []
    for deal in deals(
        100 + hole_size * 10 + board_size, 300, board_size + 3 * hole_size, (LOW_CARDS, DECK)
    ):
        board = deal[:board_size]
        for i in range(3):
            hands.append(
                (deal[board_size + i * hole_size : board_size + (i + 1) * hole_size], board)
            )
    ours = [rank_omaha_low8(h, b) for h, b in hands]
    theirs = [pk.OmahaEightOrBetterLowHand.from_game_or_none(text(h), text(b)) for h, b in hands]
    assert [o is None for o in ours] == [t is None for t in theirs]
    qualified = [i for i, o in enumerate(ours) if o is not None]
    assert len(qualified) > 300
    assert_same_order(
        [ours[i] for i in qualified], [theirs[i] for i in qualified], [hands[i] for i in qualified]
    )


@pytest.mark.parametrize("size", [5, 6, 7])
def test_stud_low8_matches_pokerkit_S1_S3(pk: ModuleType, size: int) -> None:
    hands = deals(200 + size, 3_000, size, (LOW_CARDS, DECK))
    ours = [rank_low8(h) for h in hands]
    theirs = [pk.EightOrBetterLowHand.from_game_or_none(text(h)) for h in hands]
    assert [o is None for o in ours] == [t is None for t in theirs]
    qualified = [i for i, o in enumerate(ours) if o is not None]
    assert_same_order(
        [ours[i] for i in qualified], [theirs[i] for i in qualified], [hands[i] for i in qualified]
    )


# --- Razz (ace-to-five), deuce-to-seven, badugi (standard; not in the rule book) -------------


@pytest.mark.parametrize("size", [5, 6, 7])
def test_razz_matches_pokerkit_best_five_S1(pk: ModuleType, size: int) -> None:
    """S1-like best five of up to seven, ace-to-five: aces low, pairs count against,
    straights and flushes ignored, no qualifier."""
    hands = deals(300 + size, 3_000, size, (DECK, LOW_CARDS, SIX_RANKS))
    ours = [rank_low_a5(h) for h in hands]
    theirs = [pk.RegularLowHand.from_game(text(h)) for h in hands]
    assert_same_order(ours, theirs, hands)


def test_razz_examples() -> None:
    assert rank_low_a5(cards("5c 4c 3c 2c Ac")) == 6175  # the wheel, a flush and a straight
    assert rank_low_a5(cards("Kc Qd Jh Ts 9c")) > rank_low_a5(cards("Ac Ad 2h 3s 4c"))
    assert describe_low_a5(rank_low_a5(cards("Ac Ad 2c 2d 3c 3d 4c"))) == "a pair of Aces"
    assert describe_low_a5(rank_low_a5(cards("3s 5d Qc 2c 7c Kd As"))) == "7,5,3,2,A"


@pytest.mark.parametrize("size", [5, 7])
def test_deuce_to_seven_matches_pokerkit(pk: ModuleType, size: int) -> None:
    """Deuce-to-seven: aces high only, straights and flushes count against."""
    hands = deals(400 + size, 3_000 if size == 5 else 500, size, (DECK, TWO_SUITS, SIX_RANKS))
    ours = [rank_low_27(h) for h in hands]
    theirs = [pk.StandardLowHand.from_game(text(h)) for h in hands]
    assert_same_order(ours, theirs, hands)


def test_deuce_to_seven_examples() -> None:
    best = rank_low_27(cards("7c 5d 4h 3s 2c"))
    assert best == 7462
    assert rank_low_27(cards("7c 5c 4c 3c 2c")) < rank_low_27(cards("Ac Kd Qh Js 9c"))  # flush
    assert rank_low_27(cards("Ah 2d 3c 4s 5h")) < rank_low_27(cards("Kh Qd Jc 9s 8h"))
    assert describe_low_27(rank_low_27(cards("8h 4s 7d 6c 5d"))) == "a straight, Four to Eight"
    assert describe_low_27(rank_low_27(cards("8h 3c 4s 8d 7d"))) == "a pair of Eights"


def test_badugi_matches_pokerkit(pk: ModuleType) -> None:
    hands = deals(500, 5_000, 4, (DECK, LOW_CARDS, SIX_RANKS))
    ours = [rank_badugi(h) for h in hands]
    theirs = [pk.BadugiHand.from_game(text(h)) for h in hands]
    assert_same_order(ours, theirs, hands)


def test_badugi_examples() -> None:
    """Four cards of four suits and four ranks beat any three; then lowest from the top."""
    assert rank_badugi(cards("Kc Qd Jh Ts")) > rank_badugi(cards("Ac 2d 3h 3s"))
    best = rank_badugi(cards("4c 3d 2h As"))
    assert best > rank_badugi(cards("5c 3d 2h As"))
    assert best >= max(rank_badugi(h) for h in deals(5, 2_000, 4, (LOW_CARDS,)))
    assert describe_badugi(rank_badugi(cards("Ac 2c 3d 4h"))) == "3-card: 4,3,A"
    assert describe_badugi(rank_badugi(cards("Kc Kd Kh Ks"))) == "1-card: K"
    assert describe_badugi(rank_badugi(cards("Ac Kc 6c 5d"))) == "2-card: 5,A"
    with pytest.raises(ValueError, match=r"^rank_badugi takes 4 cards, got 5: 'Ac 2d 3h 4s 5c'$"):
        rank_badugi(cards("Ac 2d 3h 4s 5c"))


# --- The words PokerStars printed (S2, S3) ----------------------------------------------------

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "pokerstars"
_HEADER = re.compile(r"^PokerStars .*(?:Hand|Game) #", re.MULTILINE)
_SHOWS = re.compile(r"^.*: shows \[([^\]]+)\] \((.+)\)\s*$", re.MULTILINE)
_BOARD = re.compile(r"^Board \[([^\]]*)\]", re.MULTILINE)
# " - Ace kicker", " - lower cards": PokerStars compares with another shown hand; not ours.
_VERSUS = re.compile(r" - [^;]*(?:kicker|cards)(?=;|$)")
_GAMES = [  # first match wins; None: not evaluated here
    ("6+ hold'em", None),
    ("split hold'em", None),
    ("courchevel hi/lo", "omaha8"),
    ("courchevel", "omaha"),
    ("omaha hi/lo", "omaha8"),
    ("omaha", "omaha"),
    ("stud hi/lo", "stud8"),
    ("triple stud", None),
    ("stud", "stud"),
    ("razz", "razz"),
    ("2-7", "27"),
    ("badugi", "badugi"),
    ("5 card draw", "draw"),
    ("hold'em", "holdem"),
]


def _hi_lo(high: int, low: int | None) -> str:
    return f"HI: {describe_high(high)}" + (f"; LO: {describe_low8(low)}" if low else "")


_DESCRIBE: dict[str, Callable[[Hand, Hand], str]] = {
    "holdem": lambda h, b: describe_high(rank_high(h + b)),
    "draw": lambda h, b: describe_high(rank_high(h)),
    "stud": lambda h, b: describe_high(rank_high(h)),
    "omaha": lambda h, b: describe_high(rank_omaha_high(h, b)),
    "omaha8": lambda h, b: _hi_lo(rank_omaha_high(h, b), rank_omaha_low8(h, b)),
    "stud8": lambda h, b: _hi_lo(rank_high(h), rank_low8(h)),
    "razz": lambda h, b: f"Lo: {describe_low_a5(rank_low_a5(h))}",
    "27": lambda h, b: f"Lo: {describe_low_27(rank_low_27(h))}",
    "badugi": lambda h, b: describe_badugi(rank_badugi(h)),
}


def _shown_hands() -> Iterator[tuple[str, str, Hand, Hand, str]]:
    """(file, game, shown cards, board, PokerStars' words) for every shown hand with words,
    leaving out run-it-twice hands, hands shown before five cards were out, and the files a
    converter wrote (their words are wrong)."""
    for path in sorted(CORPUS.rglob("*.txt")):
        if "converted" in path.name:
            continue
        # Only the ASCII card lines matter, so any encoding reads as Latin-1.
        data = path.read_bytes().removeprefix(b"\xef\xbb\xbf").decode("latin-1")
        starts = [m.start() for m in _HEADER.finditer(data)] + [len(data)]
        for start, end in pairwise(starts):
            hand = data[start:end]
            game = next((g for key, g in _GAMES if key in hand.split("\n", 1)[0].lower()), None)
            if game is None or "FIRST SHOW DOWN" in hand:
                continue
            boards = _BOARD.findall(hand)
            board = parse_cards(boards[-1]) if boards else ()
            for m in _SHOWS.finditer(hand):
                shown = parse_cards(m.group(1))
                if len(shown) + len(board) >= (4 if game == "badugi" else 5):
                    yield path.name, game, shown, board, _VERSUS.sub("", m.group(2))


@pytest.mark.corpus
@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpora is absent")
def test_descriptions_match_pokerstars_hand_histories_S2_S3() -> None:
    """S2, S3: the words PokerStars printed for 1,100+ real shown hands (hold'em, omaha,
    omaha hi/lo, stud, stud hi/lo, razz, 2-7, badugi, 5-card draw) are ours."""
    seen: Counter[str] = Counter()
    wrong = []
    for name, game, shown, board, words in _shown_hands():
        seen[game] += 1
        ours = _DESCRIBE[game](shown, board)
        if ours != words:
            wrong.append(f"{name}: {game} {text(shown)} / {text(board)}: {words!r} != {ours!r}")
    assert not wrong, "\n".join(wrong[:20])
    assert sum(seen.values()) > 1_000
    assert set(seen) == set(_DESCRIBE)
