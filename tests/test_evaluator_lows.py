"""Counting proofs for the low evaluators of ``replayer/evaluation/evaluator.py``, as
``tests/test_evaluator.py`` proves the high one.

Every five-card hand is evaluated (all 2,598,960, grouped by their ranks so that the
group is known without asking the evaluator), and so is every four-card badugi hand
(270,725). Each evaluator must give every hand of a group one value, and order the groups
as a reference written here from the definition does; the references' counts are checked
against the published or hand-derived totals. Seven-card razz and eight-or-better are
checked on a random sample against the best-five-of-seven brute force. The whole file runs
in the fast suite, nothing is marked slow: about 12 s of CPU on the project's 2-core machine
(the five-card hands are walked once for the three five-card evaluators, the badugi hands
once).

Definitions (RULES.md S3 for the eight-or-better low; the others are standard, as the
evaluator's docstrings state): ace-to-five (razz) ranks aces low, ignores straights and
flushes and counts pairs against; eight-or-better is ace-to-five restricted to five
different ranks of eight or lower; deuce-to-seven is the high order turned over, aces high
only (A-2-3-4-5 is no straight), straights and flushes counting; badugi plays the most cards
of different suits and different ranks, then the lowest, aces low.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import chain, combinations, combinations_with_replacement, pairwise, product
from math import comb, prod

import pytest

from parser.model.cards import DECK, Card, parse_cards
from replayer.evaluation.evaluator import (
    describe_badugi,
    describe_low8,
    describe_low_27,
    describe_low_a5,
    rank_badugi,
    rank_low8,
    rank_low_27,
    rank_low_a5,
)
from tests.corpus import corpus_files

Hand = tuple[Card, ...]
Key = tuple[int, ...]

# --- the references, from the definitions ----------------------------------------------------

#: Ranks by Card.index >> 2 (0 = deuce .. 12 = ace) as ace-to-five values, ace 1 .. king 13.
LOW = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1)
#: ... and as high values, deuce 2 .. ace 14.
HIGH = tuple(range(2, 15))
SYMBOL = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
NAME = {
    **dict(enumerate(["Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight"], start=2)),
    **dict(enumerate(["Nine", "Ten", "Jack", "Queen", "King", "Ace"], start=9)),
}
NAME[1] = "Ace"
PLURAL = {v: ("Sixes" if n == "Six" else n + "s") for v, n in NAME.items()}


def symbol(value: int) -> str:
    return SYMBOL.get(value, str(value))


def grouped(values: Sequence[int]) -> list[int]:
    """Distinct values, the largest group first, then the higher value."""
    counts = Counter(values)
    return sorted(counts, key=lambda v: (counts[v], v), reverse=True)


#: Pair structure -> its place among low hands, best first (pairs count against).
PAIRING = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5}
PAIRING_WORDS = ("", "a pair of ", "two pair, ", "three of a kind, ", "a full house, ")


def a5_key(lows: Sequence[int]) -> Key:
    """Ace-to-five low of five values (ace 1): smaller is better. No pair beats any pair,
    one pair beats two ..., then the pair (or trips) before the kickers, highest first."""
    shape = tuple(sorted(Counter(lows).values(), reverse=True))
    return (PAIRING[shape], *grouped(lows))


def high_key(highs: Sequence[int], flush: bool) -> Key:
    """Deuce-to-seven's reading of five values (ace 14): the ordinary high hand without the
    wheel; larger is a stronger high hand, so a worse low."""
    shape = tuple(sorted(Counter(highs).values(), reverse=True))
    straight = len(shape) == 5 and max(highs) - min(highs) == 4
    if straight:
        category = 8 if flush else 4
    elif flush:
        category = 5
    else:
        category = {(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(shape, 0)
    return (category, *grouped(highs))


HIGH_CATEGORY = (
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)


_SUIT_OF = [c.index & 3 for c in DECK]
_LOW_OF = [LOW[c.index >> 2] for c in DECK]
_PICKS = {size: list(combinations(range(4), size)) for size in (3, 2)}


def badugi_key(hand: Hand) -> Key:
    """Badugi by brute force: the largest set of cards of different suits and different
    ranks; of those, the lowest, compared from its highest card down (ace 1). Larger is
    better: (cards, then the negated values from the top)."""
    suits = [_SUIT_OF[c.index] for c in hand]
    lows = [_LOW_OF[c.index] for c in hand]
    if len(set(suits)) == len(set(lows)) == 4:
        return (4, *sorted(-v for v in lows))
    for size in (3, 2):
        plays = [
            sorted((lows[i] for i in pick), reverse=True)
            for pick in _PICKS[size]
            if len({suits[i] for i in pick}) == len({lows[i] for i in pick}) == size
        ]
        if plays:
            return (size, *(-v for v in min(plays)))
    return (1, -min(lows))  # any one card is a badugi of one


# --- walking every five-card hand by its ranks ---------------------------------------------------


@dataclass(frozen=True)
class Group:
    """The hands of one rank multiset: ``ranks`` as Card.index >> 2, and the values the
    evaluators gave its flush and non-flush hands."""

    ranks: tuple[int, ...]
    hands: int
    flushes: int
    a5: frozenset[int]
    low8: frozenset[int | None]
    low27: frozenset[int]
    low27_flush: frozenset[int]


_CARDS_OF = [DECK[4 * r : 4 * r + 4] for r in range(13)]  # a rank's four cards, by suit
#: Where the four flushes fall in ``product`` of five ranks' cards: all five suits alike.
_FLUSH_AT = frozenset(s * 0b0101010101 for s in range(4))


def hands_of(ranks: tuple[int, ...]) -> list[Hand]:
    """Every hand of these ranks: for each rank held n times, every n of its four suits."""
    counts = Counter(ranks)
    if len(counts) == 5:
        return list(product(*(_CARDS_OF[r] for r in ranks)))
    choices = [list(combinations(_CARDS_OF[r], n)) for r, n in counts.items()]
    return [tuple(chain.from_iterable(parts)) for parts in product(*choices)]


@pytest.fixture(scope="module")
def groups() -> list[Group]:
    out = []
    for ranks in combinations_with_replacement(range(13), 5):
        if len(set(ranks)) == 1:
            continue  # five of a kind: no such hand
        hands = hands_of(ranks)
        if len(set(ranks)) == 5:
            flush = [h for i, h in enumerate(hands) if i in _FLUSH_AT]
            plain = [h for i, h in enumerate(hands) if i not in _FLUSH_AT]
        else:
            flush, plain = [], hands
        out.append(
            Group(
                ranks=ranks,
                hands=len(hands),
                flushes=len(flush),
                a5=frozenset(map(rank_low_a5, hands)),
                low8=frozenset(map(rank_low8, hands)),
                low27=frozenset(map(rank_low_27, plain)),
                low27_flush=frozenset(map(rank_low_27, flush)),
            )
        )
    return out


def test_the_groups_are_every_five_card_hand_once(groups: list[Group]) -> None:
    """6,175 rank multisets (C(17, 5) less the 13 five of a kind); their hands are distinct
    by construction and add up to C(52, 5); 4 flushes in each set of five ranks."""
    assert len(groups) == comb(17, 5) - 13 == 6175
    assert sum(g.hands for g in groups) == comb(52, 5) == 2_598_960
    assert all(g.hands == prod(comb(4, n) for n in Counter(g.ranks).values()) for g in groups)
    assert sum(g.flushes for g in groups) == 5_148
    for g in groups[:: len(groups) // 50]:  # the flush positions, on a sample of groups
        flushes = [h for h in hands_of(g.ranks) if len({c.suit for c in h}) == 1]
        assert len(flushes) == g.flushes == (4 if len(set(g.ranks)) == 5 else 0)


def assert_same_order(
    values: Sequence[int], keys: Sequence[Key], *, larger_key_is_better: bool, what: str
) -> None:
    """Equal values exactly for equal keys, and the values order the keys as stated."""
    assert len(set(values)) == len(set(keys)), what
    order = sorted(range(len(values)), key=values.__getitem__)
    for a, b in pairwise(order):
        va, vb, ka, kb = values[a], values[b], keys[a], keys[b]
        assert (va == vb) == (ka == kb), f"{what}: {ka} and {kb} ({va}, {vb})"
        assert (ka <= kb) if larger_key_is_better else (ka >= kb), f"{what}: {ka} vs {kb}"


# --- ace-to-five (razz) ------------------------------------------------------------------------


def test_ace_to_five_has_6175_classes_one_per_rank_multiset(groups: list[Group]) -> None:
    """Suits never matter: each multiset has one value, distinct multisets distinct values,
    6,175 in all, dense 1..6175 (the published count of ace-to-five lows)."""
    assert all(len(g.a5) == 1 for g in groups)
    values = [next(iter(g.a5)) for g in groups]
    assert sorted(values) == list(range(1, 6176))
    keys = [a5_key([LOW[r] for r in g.ranks]) for g in groups]
    assert_same_order(values, keys, larger_key_is_better=False, what="ace-to-five")


def test_ace_to_five_hands_per_class_and_pairing(groups: list[Group]) -> None:
    """Hands and classes by pairing: no pair includes straights and flushes (1,287 sets
    of five ranks, 1,024 hands each); the others are the high-hand totals. The best,
    5-4-3-2-A, is 1,024 hands."""
    hands: Counter[int] = Counter()
    classes: Counter[int] = Counter()
    for g in groups:
        place = a5_key([LOW[r] for r in g.ranks])[0]
        hands[place] += g.hands
        classes[place] += 1
    assert [hands[i] for i in range(6)] == [1_317_888, 1_098_240, 123_552, 54_912, 3_744, 624]
    assert [classes[i] for i in range(6)] == [1_287, 2_860, 858, 858, 156, 156]
    wheel = next(g for g in groups if g.ranks == (0, 1, 2, 3, 12))
    assert wheel.a5 == {6175}
    assert wheel.hands == 1_024


def test_ace_to_five_words_for_every_class(groups: list[Group]) -> None:
    """PokerStars' words after "Lo:": the five values from the top ("K,8,6,3,A"), or the
    pairing as a high hand would say it ("a pair of Aces")."""
    for g in groups:
        lows = [LOW[r] for r in g.ranks]
        words = describe_low_a5(next(iter(g.a5)))
        place, *top = a5_key(lows)
        if place == 0:
            assert words == ",".join(symbol(v) for v in sorted(lows, reverse=True))
        elif place < 5:
            assert words.startswith(PAIRING_WORDS[place] + PLURAL[top[0]]), (lows, words)
        else:
            assert words == f"four of a kind, {PLURAL[top[0]]}"


# --- eight-or-better (RULES.md S3) --------------------------------------------------------------


def test_eight_or_better_57344_hands_qualify_with_56_lows_S3(groups: list[Group]) -> None:
    """S3: five different ranks of eight or lower, aces low: C(8, 5) = 56 lows, 1,024
    hands each (straights and flushes included): 57,344 of the 2,598,960 hands."""
    assert all(len(g.low8) == 1 for g in groups)
    qualifying = [g for g in groups if None not in g.low8]
    expected = [g for g in groups if len(set(g.ranks)) == 5 and max(LOW[r] for r in g.ranks) <= 8]
    assert qualifying == expected
    assert len(qualifying) == comb(8, 5) == 56
    assert sum(g.hands for g in qualifying) == 57_344
    values = [v for g in qualifying for v in g.low8 if v is not None]
    assert sorted(values) == list(range(1, 57))
    keys = [tuple(sorted((LOW[r] for r in g.ranks), reverse=True)) for g in qualifying]
    assert_same_order(values, keys, larger_key_is_better=False, what="eight-or-better")
    for value, key in zip(values, keys, strict=True):
        assert describe_low8(value) == ",".join(map(symbol, key))


# --- deuce-to-seven -----------------------------------------------------------------------------


def test_deuce_to_seven_has_7462_classes_the_high_order_turned_over(groups: list[Group]) -> None:
    """Aces high only, straights and flushes count: the 7,462 high classes, the wheel
    being ace high; each set of ranks has one value unsuited and one as a flush."""
    values: list[int] = []
    keys: list[Key] = []
    for g in groups:
        highs = [HIGH[r] for r in g.ranks]
        for found, flush in ((g.low27, False), (g.low27_flush, True)):
            if flush and not g.flushes:
                assert not found
                continue
            assert len(found) == 1, g.ranks
            values.append(next(iter(found)))
            keys.append(high_key(highs, flush))
    assert sorted(values) == list(range(1, 7463))
    assert_same_order(values, keys, larger_key_is_better=False, what="deuce-to-seven")
    best = next(g for g in groups if g.ranks == (0, 1, 2, 3, 5))  # 7-5-4-3-2
    assert best.low27 == {7462}


def test_deuce_to_seven_hands_per_category(groups: list[Group]) -> None:
    """The high-hand totals with the wheel moved: 1,020 A-2-3-4-5 hands from the straights
    to high card, its 4 straight flushes to the flushes."""
    hands: Counter[str] = Counter()
    for g in groups:
        highs = [HIGH[r] for r in g.ranks]
        hands[HIGH_CATEGORY[high_key(highs, False)[0]]] += g.hands - g.flushes
        if g.flushes:
            hands[HIGH_CATEGORY[high_key(highs, True)[0]]] += g.flushes
    assert hands == {
        "straight flush": 36,
        "four of a kind": 624,
        "full house": 3_744,
        "flush": 5_112,
        "straight": 9_180,
        "three of a kind": 54_912,
        "two pair": 123_552,
        "pair": 1_098_240,
        "high card": 1_303_560,
    }


def test_deuce_to_seven_words_for_every_class(groups: list[Group]) -> None:
    """PokerStars' words after "Lo:": five ranks from the top ("A,5,4,3,2", "T,6,5,3,2"),
    else the high hand's ("a pair of Eights", "a straight, Four to Eight")."""
    starts = {
        "pair": "a pair of ",
        "two pair": "two pair, ",
        "three of a kind": "three of a kind, ",
        "straight": "a straight, ",
        "flush": "a flush, ",
        "full house": "a full house, ",
        "four of a kind": "four of a kind, ",
        "straight flush": "a straight flush, ",
    }
    seen = 0
    for g in groups:
        highs = [HIGH[r] for r in g.ranks]
        for found, flush in ((g.low27, False), (g.low27_flush, True)):
            if not found:
                continue
            words = describe_low_27(next(iter(found)))
            category = HIGH_CATEGORY[high_key(highs, flush)[0]]
            seen += 1
            if category == "high card":
                assert words == ",".join(symbol(v) for v in sorted(highs, reverse=True))
            elif words != "a Royal Flush":
                assert words.startswith(starts[category]), (highs, flush, words)
    assert seen == 7462


# --- badugi ------------------------------------------------------------------------------------


#: Three- and two-card badugi hands: no closed form is used here; these are the brute
#: force's totals, pinned so that a change on either side is seen.
SIZE3, SIZE2 = 154_440, 96_252


@pytest.fixture(scope="module")
def badugi() -> Counter[tuple[int, Key]]:
    """(value, brute-force key) -> hands, over all 270,725 four-card hands."""
    return Counter(
        zip(
            map(rank_badugi, combinations(DECK, 4)),
            map(badugi_key, combinations(DECK, 4)),
            strict=True,
        )
    )


def test_badugi_over_every_four_card_hand(badugi: Counter[tuple[int, Key]]) -> None:
    """Every four-card hand: one value per brute-force class and back, the order the
    definition gives; 1,092 classes (C(13, 4) + C(13, 3) + C(13, 2) + 13); 17,160 badugis
    (four ranks dealt to four suits: 13 * 12 * 11 * 10) and 2,873 one-card hands (four of
    a suit or four of a kind)."""
    assert sum(badugi.values()) == comb(52, 4) == 270_725
    pairs = sorted(badugi)
    values = [v for v, _ in pairs]
    keys = [k for _, k in pairs]
    assert len(set(values)) == len(pairs) == comb(13, 4) + comb(13, 3) + comb(13, 2) + 13 == 1092
    assert_same_order(values, keys, larger_key_is_better=True, what="badugi")
    by_size: Counter[int] = Counter()
    classes: Counter[int] = Counter()
    for (_, key), hands in badugi.items():
        by_size[key[0]] += hands
        classes[key[0]] += 1
    assert by_size[4] == 13 * 12 * 11 * 10 == 17_160
    assert by_size[1] == 4 * comb(13, 4) + 13 == 2_873
    assert by_size[3] + by_size[2] == 270_725 - 17_160 - 2_873
    assert (by_size[3], by_size[2]) == (SIZE3, SIZE2)
    assert dict(classes) == {4: 715, 3: 286, 2: 78, 1: 13}


def test_badugi_words_for_every_class(badugi: Counter[tuple[int, Key]]) -> None:
    """PokerStars' words: "Badugi: T,8,7,5" for four cards, "3-card: T,7,2" for fewer."""
    for value, key in badugi:
        size, *top = key
        cards = ",".join(symbol(-v) for v in top)
        assert describe_badugi(value) == (
            f"Badugi: {cards}" if size == 4 else f"{size}-card: {cards}"
        )


# --- seven cards: razz and stud hi/lo, best five of seven ---------------------------------------


def deals(seed: int, count: int, size: int, deck: Sequence[Card] = DECK) -> list[Hand]:
    rng = random.Random(seed)
    return [tuple(rng.sample(deck, size)) for _ in range(count)]


def best_a5(hand: Hand) -> Key:
    """The best (smallest) ace-to-five key of any five of the cards."""
    return min(a5_key([LOW[c.index >> 2] for c in five]) for five in combinations(hand, 5))


def best_low8(hand: Hand) -> Key | None:
    """The best qualifying low of any five of the cards, None when no five qualify."""
    lows = []
    for five in combinations(hand, 5):
        values = sorted((LOW[c.index >> 2] for c in five), reverse=True)
        if len(set(values)) == 5 and values[0] <= 8:
            lows.append(tuple(values))
    return min(lows) if lows else None


@pytest.mark.parametrize("size", [6, 7])
def test_razz_best_five_of_seven_matches_the_brute_force(size: int) -> None:
    """A random sample of 4,000 hands (half from a deck of ace to eight, where the best
    five are often not the lowest five cards)."""
    small = [c for c in DECK if LOW[c.index >> 2] <= 8]
    hands = deals(size, 2_000, size) + deals(10 + size, 2_000, size, small)
    values = [rank_low_a5(h) for h in hands]
    keys = [best_a5(h) for h in hands]
    assert_same_order(values, keys, larger_key_is_better=False, what="razz")


@pytest.mark.parametrize("size", [6, 7])
def test_stud_eight_or_better_best_five_of_seven_matches_the_brute_force_S3(size: int) -> None:
    small = [c for c in DECK if LOW[c.index >> 2] <= 9]
    hands = deals(20 + size, 1_000, size) + deals(30 + size, 3_000, size, small)
    values = [rank_low8(h) for h in hands]
    keys = [best_low8(h) for h in hands]
    assert [v is None for v in values] == [k is None for k in keys]
    both = [(v, k) for v, k in zip(values, keys, strict=True) if v is not None and k is not None]
    assert len(both) > 1_000
    assert_same_order(
        [v for v, _ in both], [k for _, k in both], larger_key_is_better=False, what="8"
    )


# --- the words PokerStars printed in its summaries -----------------------------------------------

CORPUS = corpus_files("pokerstars")
_HEADER = re.compile(r"^PokerStars .*(?:Hand|Game) #", re.MULTILINE)
_SHOWED = re.compile(
    r"^Seat \d+: .*? showed \[([^\]]+)\] and (?:won \([^)]*\)|lost) with (.+?)\s*$", re.MULTILINE
)
_WORDS: dict[str, Callable[[Hand], str]] = {  # header word -> our words for the shown cards
    "razz": lambda h: f"Lo: {describe_low_a5(rank_low_a5(h))}",
    "2-7": lambda h: f"Lo: {describe_low_27(rank_low_27(h))}",
    "badugi": lambda h: f"a {describe_badugi(rank_badugi(h))}",
}


@pytest.mark.corpus
@pytest.mark.skipif(not CORPUS, reason="../shared/corpora is absent")
def test_lowball_words_match_the_pokerstars_summaries() -> None:
    """The SUMMARY seat lines ("showed [..] and won ($4.05) with Lo: 8,7,6,4,2", "... and
    lost with a 3-card: T,7,2") of every razz, 2-7 and badugi hand in the corpus read as
    ours (the shows lines are checked in tests/test_evaluator.py)."""
    seen: Counter[str] = Counter()
    wrong = []
    for path in CORPUS:
        data = path.read_bytes().decode("latin-1")  # only the ASCII card lines matter
        starts = [m.start() for m in _HEADER.finditer(data)] + [len(data)]
        for start, end in pairwise(starts):
            hand = data[start:end]
            title = hand.split("\n", 1)[0].lower()
            game = next((g for g in _WORDS if g in title), None)
            if game is None or "converted" in path.name:
                continue
            for m in _SHOWED.finditer(hand):
                cards = parse_cards(m.group(1))
                if len(cards) >= (4 if game == "badugi" else 5):
                    seen[game] += 1
                    if _WORDS[game](cards) != m.group(2):
                        wrong.append(f"{path.name}: {m.group(0)!r}: ours {_WORDS[game](cards)!r}")
    assert not wrong, "\n".join(wrong[:20])
    assert seen["badugi"] >= 150
    assert seen["razz"] >= 15
    assert seen["2-7"] >= 25
