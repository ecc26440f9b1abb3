"""Showdown hand evaluation (RULES.md S1-S3), pure Python.

Every ``rank_*`` function returns an ``int`` where a larger number is a better hand and equal
numbers tie and split the pot (S2); numbers of different functions are not comparable. Cards
must be distinct (not checked on the hot path). The rule book, as doctests:

>>> from parser.model.cards import parse_cards as cards
>>> def high(text):
...     return describe_high(rank_high(cards(text)))

S2: the categories, best first; the royal flush is the ace-high straight flush.

>>> ladder = ["Ts Js Qs Ks As", "9h Th Jh Qh Kh", "Ac Ad Ah As 2c", "Kc Kd Kh 9s 9c",
...           "Ad Jd 8d 6d 3d", "5c 6d 7h 8s 9c", "Jc Jd Jh 7s 2c", "Kc Kd 9h 9s 2c",
...           "Qc Qd 9h 7s 2c", "Ac Jd 8h 6s 3c"]
>>> [high(h) for h in ladder]  # doctest: +NORMALIZE_WHITESPACE
['a Royal Flush', 'a straight flush, Nine to King', 'four of a kind, Aces',
 'a full house, Kings full of Nines', 'a flush, Ace high', 'a straight, Five to Nine',
 'three of a kind, Jacks', 'two pair, Kings and Nines', 'a pair of Queens', 'high card Ace']
>>> ranks = [rank_high(cards(h)) for h in ladder]
>>> ranks == sorted(ranks, reverse=True)
True

S2: the wheel A-2-3-4-5 is the lowest straight.

>>> high("Ah 2c 3d 4s 5c")
'a straight, Ace to Five'
>>> rank_high(cards("Ah 2c 3d 4s 5c")) < rank_high(cards("2h 3c 4d 5s 6c"))
True

S2: kickers decide, suits never do; equal hands split.

>>> rank_high(cards("Ah Ad Kc 7s 2c")) > rank_high(cards("As Ac Qh Jd Tc"))
True
>>> rank_high(cards("Ah Kh Qh Jh 9h")) == rank_high(cards("As Ks Qs Js 9s"))
True

S1: hold'em plays any five of the seven, the board alone included.

>>> board = cards("Ts Js Qs Ks As")
>>> rank_high(cards("2c 3d") + board) == rank_high(cards("Ac Ad") + board)
True

S1: omaha plays exactly two hole cards and three of the board: four spades on the board and
one in the hand make no flush.

>>> describe_high(rank_omaha_high(cards("As Kd Qc 2h"), cards("2s 5s 8s Js 3d")))
'a pair of Deuces'

S3: a low needs five different ranks of eight or lower, aces low; lows compare from the
highest card down, so 7-5-4-2-A beats 8-4-3-2-A, and 5-4-3-2-A is the best.

>>> rank_low8(cards("7c 5d 4h 2s Ac")) > rank_low8(cards("8c 4d 3h 2s Ac"))
True
>>> describe_low8(rank_low8(cards("5c 4d 3h 2s Ac Kd 9h")))
'5,4,3,2,A'
>>> rank_low8(cards("9c 5d 4h 2s Ac")) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from parser.model.cards import RANKS, Card
from replayer.evaluation import tables
from replayer.evaluation.tables import (
    CARD_CODE,
    CATEGORY_NAMES,
    CATEGORY_OF,
    FLUSH3_SUIT,
    FLUSH_SUIT,
    HIGH_CLASSES,
    HIGH_FLUSH,
    HIGH_FLUSH5_BY_KEY,
    HIGH_NOFLUSH,
    LOW8_BIT,
    LOW8_BY_MASK,
    LOW8_MASKS,
    LOW_RANK_KEY,
    LOWEST3,
    PAIRS,
    RANK_KEY,
    RANK_SHIFT,
    SUIT_MASK,
    TRIPLES,
    Class,
    a5_tables,
    low27_tables,
)

__all__ = [
    "CATEGORIES",
    "HIGH_RANK_COUNT",
    "best_five_high",
    "best_five_omaha_high",
    "category",
    "describe_badugi",
    "describe_high",
    "describe_low8",
    "describe_low_27",
    "describe_low_a5",
    "rank_badugi",
    "rank_high",
    "rank_low8",
    "rank_low_27",
    "rank_low_a5",
    "rank_omaha_high",
    "rank_omaha_low8",
]

#: Category names, worst to best (RULES.md S2); ``category()`` returns one of them.
CATEGORIES: tuple[str, ...] = CATEGORY_NAMES
#: ``rank_high`` values are ``1..HIGH_RANK_COUNT`` (7,462 distinct five-card hands); the top
#: one is the royal flush.
HIGH_RANK_COUNT = len(HIGH_CLASSES) - 1

_NAMES = (
    *("Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight"),
    *("Nine", "Ten", "Jack", "Queen", "King", "Ace"),
)
_PLURALS = tuple(f"{n}s" if n != "Six" else "Sixes" for n in _NAMES)
_LOW_SYMBOLS = "A23456789TJQK"  # low rank 0 (ace) .. 12 (king)


def _size_error(what: str, cards: Sequence[Card], sizes: str) -> ValueError:
    return ValueError(
        f"{what} takes {sizes} cards, got {len(cards)}: {' '.join(c.text for c in cards)!r}"
    )


# --- High (RULES.md S1, S2) ------------------------------------------------------------------


def rank_high(cards: Sequence[Card]) -> int:
    """Value ``1..7462`` of the best five-card high hand among 5, 6 or 7 cards (S1, S2).

    Hold'em (any five of hole + board) and stud high (best five of seven) both call this.
    Table driven: the sum of the cards' codes gives the suit counts and the rank multiset;
    without five of a suit one dict lookup answers, otherwise the suit's ranks do.

    >>> from parser.model.cards import parse_cards as cards
    >>> rank_high(cards("Ts Js Qs Ks As")), rank_high(cards("7c 5d 4h 3s 2c"))
    (7462, 1)
    >>> describe_high(rank_high(cards("Kh Kd 9c 9s 9h 2c Kc")))  # two trips: best full house
    'a full house, Kings full of Nines'
    """
    code = CARD_CODE
    if len(cards) == 7:
        a, b, c, d, e, f, g = cards
        t = (
            code[a.index]
            + code[b.index]
            + code[c.index]
            + code[d.index]
            + code[e.index]
            + code[f.index]
            + code[g.index]
        )
    elif 5 <= len(cards) <= 6:
        t = 0
        for card in cards:
            t += code[card.index]
    else:
        raise _size_error("rank_high", cards, "5, 6 or 7")
    suit = FLUSH_SUIT[t & SUIT_MASK]
    if suit < 0:
        return HIGH_NOFLUSH[t >> RANK_SHIFT]
    # Five or more of one suit: with at most seven cards no full house or quads is possible,
    # so the best flush (or straight flush) of that suit is the hand.
    mask = 0
    for card in cards:
        if card.index & 3 == suit:
            mask |= 1 << (card.index >> 2)
    return HIGH_FLUSH[mask]


def rank_omaha_high(hole: Sequence[Card], board: Sequence[Card]) -> int:
    """Best high hand of exactly two hole cards and three board cards (S1), on the
    ``rank_high`` scale. Hole: 2 to 6 cards (omaha 4, 5-card omaha and Courchevel 5, 6-card
    omaha 6); board: 3 to 5.

    >>> from parser.model.cards import parse_cards as cards
    >>> hole = cards("Ah Ad Ac Ks")  # three aces in the hand, one on the board: no quads
    >>> describe_high(rank_omaha_high(hole, cards("Kd Kh As 2s 3d")))
    'a full house, Aces full of Kings'
    >>> describe_high(rank_omaha_high(cards("9h 8h 2c 2d"), cards("Ah Kh Qh 3c 4d")))
    'a flush, Ace high'
    """
    if not (2 <= len(hole) <= 6 and 3 <= len(board) <= 5):
        raise ValueError(
            f"rank_omaha_high takes 2 to 6 hole cards and 3 to 5 board cards, got "
            f"{len(hole)} and {len(board)}"
        )
    key = RANK_KEY
    h = [key[c.index] for c in hole]
    b = [key[c.index] for c in board]
    triples = [b[i] + b[j] + b[k] for i, j, k in TRIPLES[len(b)]]
    table = HIGH_NOFLUSH  # a five-card key without its suits: a flush counts as no flush here
    pairs = [h[i] + h[j] for i, j in PAIRS[len(h)]]
    best = max([table[p + t] for p in pairs for t in triples])
    code = CARD_CODE
    suit = FLUSH3_SUIT[sum([code[c.index] for c in board]) & SUIT_MASK]
    if suit >= 0:  # flushes: two hole cards and three board cards of that suit
        hs = [key[c.index] for c in hole if c.index & 3 == suit]
        if len(hs) >= 2:
            bs = [key[c.index] for c in board if c.index & 3 == suit]
            flushes = HIGH_FLUSH5_BY_KEY
            for i, j in PAIRS[len(hs)]:
                for x, y, z in TRIPLES[len(bs)]:
                    value = flushes[hs[i] + hs[j] + bs[x] + bs[y] + bs[z]]
                    if value > best:
                        best = value
    return best


def category(rank: int) -> str:
    """Category name of a ``rank_high`` value (S2), one of :data:`CATEGORIES`; the royal
    flush is a ``"straight flush"``.

    >>> from parser.model.cards import parse_cards as cards
    >>> category(rank_high(cards("Ac Ad 7h 7s 7c")))
    'full house'
    """
    return CATEGORY_NAMES[CATEGORY_OF[_check_high(rank)]]


def describe_high(rank: int) -> str:
    """PokerStars' words for a ``rank_high`` value: ``"a Royal Flush"``, ``"a straight
    flush, Nine to King"``, ``"four of a kind, Aces"``, ``"a full house, Kings full of
    Nines"``, ``"a flush, Ace high"``, ``"a straight, Ace to Five"``, ``"three of a kind,
    Jacks"``, ``"two pair, Kings and Nines"``, ``"a pair of Queens"``, ``"high card Ace"``.

    >>> describe_high(HIGH_RANK_COUNT), describe_high(1)
    ('a Royal Flush', 'high card Seven')
    """
    return _describe_class(HIGH_CLASSES[_check_high(rank)])


def best_five_high(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The five cards that make ``rank_high(cards)``, most significant first (the wheel as
    5-4-3-2-A). Among equal choices, the earliest cards in ``cards`` win.

    >>> from parser.model.cards import parse_cards as cards
    >>> best_five_high(cards("Ah 9d 2c 9s 3h 4d 5s"))
    (Card('5s'), Card('4d'), Card('3h'), Card('2c'), Card('Ah'))
    >>> best_five_high(cards("Kh 9d Kc 9s 2h Qd Tc"))
    (Card('Kh'), Card('Kc'), Card('9d'), Card('9s'), Card('Qd'))
    """
    target = rank_high(cards)
    for five in combinations(cards, 5):
        if rank_high(five) == target:
            return _display_order(five, target)
    raise AssertionError("unreachable: some five cards make the best hand")  # pragma: no cover


def best_five_omaha_high(hole: Sequence[Card], board: Sequence[Card]) -> tuple[Card, ...]:
    """The two hole cards and three board cards that make ``rank_omaha_high`` (S1), most
    significant first.

    >>> from parser.model.cards import parse_cards as cards
    >>> best_five_omaha_high(cards("Ah Ad Ac Ks"), cards("Kd Kh As 2s 3d"))
    (Card('As'), Card('Ah'), Card('Ad'), Card('Kd'), Card('Kh'))
    """
    target = rank_omaha_high(hole, board)
    for two in combinations(hole, 2):
        for three in combinations(board, 3):
            five = (*three, *two)
            if rank_high(five) == target:
                return _display_order(five, target)
    raise AssertionError("unreachable: some 2 + 3 cards make the best hand")  # pragma: no cover


def _check_high(rank: int) -> int:
    if not 1 <= rank <= HIGH_RANK_COUNT:
        raise ValueError(f"not a high-hand rank: {rank} (expected 1..{HIGH_RANK_COUNT})")
    return rank


def _display_order(five: Sequence[Card], rank: int) -> tuple[Card, ...]:
    cat, tb = HIGH_CLASSES[rank]
    if cat in (tables.STRAIGHT, tables.STRAIGHT_FLUSH) and tb[0] == 3:  # the wheel: ace low
        return tuple(sorted(five, key=lambda c: ((c.index >> 2) + 1) % 13, reverse=True))
    counts = [c.index >> 2 for c in five]
    return tuple(
        sorted(five, key=lambda c: (counts.count(c.index >> 2), c.index >> 2), reverse=True)
    )


def _describe_class(cls: Class) -> str:
    cat, tb = cls
    if cat == tables.STRAIGHT_FLUSH:
        if tb[0] == 12:
            return "a Royal Flush"
        return f"a straight flush, {_NAMES[(tb[0] - 4) % 13]} to {_NAMES[tb[0]]}"
    if cat == tables.QUADS:
        return f"four of a kind, {_PLURALS[tb[0]]}"
    if cat == tables.FULL_HOUSE:
        return f"a full house, {_PLURALS[tb[0]]} full of {_PLURALS[tb[1]]}"
    if cat == tables.FLUSH:
        return f"a flush, {_NAMES[tb[0]]} high"
    if cat == tables.STRAIGHT:
        return f"a straight, {_NAMES[(tb[0] - 4) % 13]} to {_NAMES[tb[0]]}"
    if cat == tables.TRIPS:
        return f"three of a kind, {_PLURALS[tb[0]]}"
    if cat == tables.TWO_PAIR:
        return f"two pair, {_PLURALS[tb[0]]} and {_PLURALS[tb[1]]}"
    if cat == tables.PAIR:
        return f"a pair of {_PLURALS[tb[0]]}"
    return f"high card {_NAMES[tb[0]]}"


# --- Eight-or-better low (RULES.md S3) -------------------------------------------------------


def rank_low8(cards: Sequence[Card]) -> int | None:
    """Best qualifying eight-or-better low of 5 to 7 cards (stud hi/lo), ``1..56`` with 56
    for 5-4-3-2-A, or ``None`` when no five different ranks of eight or lower exist (S3).
    Aces are low; straights and flushes do not count against a low.

    >>> from parser.model.cards import parse_cards as cards
    >>> rank_low8(cards("5h 4h 3h 2h Ah"))  # a straight flush is also the best low
    56
    >>> rank_low8(cards("7c 7d 4h 3s 2c 2d Kd")) is None  # pairs leave only four ranks
    True
    """
    if not 5 <= len(cards) <= 7:
        raise _size_error("rank_low8", cards, "5 to 7")
    bit = LOW8_BIT
    mask = 0
    for card in cards:
        mask |= bit[card.index]
    return LOW8_BY_MASK[mask] or None


def rank_omaha_low8(hole: Sequence[Card], board: Sequence[Card]) -> int | None:
    """Best qualifying low of exactly two hole cards and three board cards (S1, S3), on the
    ``rank_low8`` scale, or ``None``. The choice is independent of the high hand's (S3).

    >>> from parser.model.cards import parse_cards as cards
    >>> board = cards("2c 3d 4h Kc Ks")
    >>> describe_low8(rank_omaha_low8(cards("Ah 5s Qd Qh"), board))
    '5,4,3,2,A'
    >>> rank_omaha_low8(cards("Ah 2s Qd Qh"), board) is None  # counterfeited: 2 pairs the board
    True
    """
    if not (2 <= len(hole) <= 6 and 3 <= len(board) <= 5):
        raise ValueError(
            f"rank_omaha_low8 takes 2 to 6 hole cards and 3 to 5 board cards, got "
            f"{len(hole)} and {len(board)}"
        )
    bit = LOW8_BIT
    board_mask = 0
    for card in board:
        board_mask |= bit[card.index]
    if board_mask.bit_count() < 3:
        return None
    h = [bit[c.index] for c in hole]
    best = 256
    for i, j in PAIRS[len(h)]:
        hi, hj = h[i], h[j]
        if hi and hj and hi != hj:
            low3 = LOWEST3[board_mask & ~(hi | hj)]
            if low3:
                mask = hi | hj | low3
                if mask < best:
                    best = mask
    return LOW8_BY_MASK[best] if best < 256 else None


def describe_low8(rank: int) -> str:
    """PokerStars' words for a ``rank_low8`` value, as after ``LO:``: ``"7,5,4,2,A"``.

    >>> describe_low8(1), describe_low8(56)
    ('8,7,6,5,4', '5,4,3,2,A')
    """
    if not 1 <= rank < len(LOW8_MASKS):
        raise ValueError(f"not an eight-or-better rank: {rank} (expected 1..{len(LOW8_MASKS) - 1})")
    mask = LOW8_MASKS[rank]
    return ",".join(_LOW_SYMBOLS[r] for r in range(7, -1, -1) if mask >> r & 1)


# --- Ace-to-five low: razz -------------------------------------------------------------------


def rank_low_a5(cards: Sequence[Card]) -> int:
    """Best ace-to-five low of 5 to 7 cards (razz): aces low, straights and flushes ignored,
    pairs count against, no qualifier. ``1..6175``, larger is better.

    >>> from parser.model.cards import parse_cards as cards
    >>> rank_low_a5(cards("5c 4c 3c 2c Ac")) > rank_low_a5(cards("6c 4d 3h 2s Ac"))
    True
    >>> rank_low_a5(cards("Kc Qd Jh Ts 9c")) > rank_low_a5(cards("Ac Ad 2h 3s 4c"))  # no pair
    True
    """
    if not 5 <= len(cards) <= 7:
        raise _size_error("rank_low_a5", cards, "5 to 7")
    key = LOW_RANK_KEY
    t = 0
    for card in cards:
        t += key[card.index]
    return a5_tables()[1][t]


def describe_low_a5(rank: int) -> str:
    """PokerStars' words for a ``rank_low_a5`` value, as after ``Lo:``: ``"Q,T,9,5,A"``;
    a hand with a pair is described as a high hand (``"a pair of Kings"``).

    >>> from parser.model.cards import parse_cards as cards
    >>> describe_low_a5(rank_low_a5(cards("6h 8h 3d Ad Ac Kh 8c")))
    'K,8,6,3,A'
    """
    classes = a5_tables()[0]
    if not 1 <= rank < len(classes):
        raise ValueError(f"not an ace-to-five rank: {rank} (expected 1..{len(classes) - 1})")
    cat, tb = classes[rank]
    if cat == tables.HIGH_CARD:
        return ",".join(_LOW_SYMBOLS[r] for r in tb)
    return _describe_class((cat, tuple((r - 1) % 13 for r in tb)))


# --- Deuce-to-seven low -----------------------------------------------------------------------


def rank_low_27(cards: Sequence[Card]) -> int:
    """Deuce-to-seven low of 5 cards (best five of 6 or 7): aces high only, straights and
    flushes count against; the high order turned over, with no wheel. ``1..7462``, larger
    is better; 7-5-4-3-2 unsuited is the best.

    >>> from parser.model.cards import parse_cards as cards
    >>> best = rank_low_27(cards("7c 5d 4h 3s 2c"))
    >>> all(best > rank_low_27(cards(h)) for h in ["8c 5d 4h 3s 2c", "7c 5c 4c 3c 2c",
    ...                                              "6c 5d 4h 3s 2c", "Ac 5d 4h 3s 2c"])
    True
    >>> rank_low_27(cards("Ac 5d 4h 3s 2c")) < rank_low_27(cards("Kc Qd Jh 9s 8c"))  # ace high
    True
    """
    n = len(cards)
    if n == 5:
        _, noflush, flush = low27_tables()
        key = RANK_KEY
        a, b, c, d, e = cards
        t = key[a.index] + key[b.index] + key[c.index] + key[d.index] + key[e.index]
        suit = a.index & 3
        if b.index & 3 == suit == c.index & 3 == d.index & 3 == e.index & 3:
            return flush[t]
        return noflush[t]
    if 6 <= n <= 7:
        return max(rank_low_27(five) for five in combinations(cards, 5))
    raise _size_error("rank_low_27", cards, "5 to 7")


def describe_low_27(rank: int) -> str:
    """PokerStars' words for a ``rank_low_27`` value, as after ``Lo:``: ``"T,6,5,3,2"``,
    ``"a pair of Eights"``, ``"a straight, Four to Eight"``.

    >>> from parser.model.cards import parse_cards as cards
    >>> describe_low_27(rank_low_27(cards("2d Th 3d 6h 5c")))
    'T,6,5,3,2'
    >>> describe_low_27(rank_low_27(cards("Ah 2d 3c 4s 5h")))  # no wheel in 2-7
    'A,5,4,3,2'
    """
    classes = low27_tables()[0]
    if not 1 <= rank < len(classes):
        raise ValueError(f"not a deuce-to-seven rank: {rank} (expected 1..{len(classes) - 1})")
    cat, tb = classes[len(classes) - rank]
    if cat == tables.HIGH_CARD:
        return ",".join(RANKS[r] for r in tb)
    return _describe_class((cat, tb))


# --- Badugi ----------------------------------------------------------------------------------

_SUBSETS4 = tuple(tuple(i for i in range(4) if m >> i & 1) for m in range(1, 16))


def rank_badugi(cards: Sequence[Card]) -> int:
    """Best badugi of 4 cards: the most cards of different suits and different ranks, then
    the lowest, compared from the highest card down; aces low. Larger is better.

    >>> from parser.model.cards import parse_cards as cards
    >>> rank_badugi(cards("Kc Qd Jh Ts")) > rank_badugi(cards("Ac 2d 3h 3s"))  # 4 beat 3
    True
    >>> rank_badugi(cards("4c 3d 2h As")) > rank_badugi(cards("5c 3d 2h As"))
    True
    >>> describe_badugi(rank_badugi(cards("Ac 2c 3d 4h")))
    '3-card: 4,3,A'
    """
    if len(cards) != 4:
        raise _size_error("rank_badugi", cards, "4")
    suits = [c.index & 3 for c in cards]
    lows = [((c.index >> 2) + 1) % 13 for c in cards]
    best = 0
    for subset in _SUBSETS4:
        suit_bits = rank_bits = 0
        for i in subset:
            suit_bits |= 1 << suits[i]
            rank_bits |= 1 << lows[i]
        n = len(subset)
        if suit_bits.bit_count() == n and rank_bits.bit_count() == n:
            value = (n << 13) | (0x1FFF ^ rank_bits)
            if value > best:
                best = value
    return best


def describe_badugi(rank: int) -> str:
    """PokerStars' words for a ``rank_badugi`` value: ``"Badugi: 5,4,2,A"`` for four cards,
    ``"3-card: 4,2,A"`` and so on for fewer.

    >>> from parser.model.cards import parse_cards as cards
    >>> describe_badugi(rank_badugi(cards("Ts 4c 2h 5d")))
    'Badugi: T,5,4,2'
    """
    n, mask = rank >> 13, 0x1FFF ^ (rank & 0x1FFF)
    if not 1 <= n <= 4 or mask.bit_count() != n:
        raise ValueError(f"not a badugi rank: {rank}")
    text = ",".join(_LOW_SYMBOLS[r] for r in range(12, -1, -1) if mask >> r & 1)
    return f"Badugi: {text}" if n == 4 else f"{n}-card: {text}"
