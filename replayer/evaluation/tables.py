"""Lookup tables for :mod:`replayer.evaluation.evaluator`, built once at import (about 0.1 s); the
rarer games' tables are built on first use.

Nothing here is public API; the evaluator explains the encodings. In short:

* Ranks are indexed ``0..12`` for deuce..ace (``Card.index >> 2``), suits ``0..3``
  (``Card.index & 3``).
* A *rank key* is ``sum(5 ** r)`` over a multiset of ranks: base-5 digits are the rank
  counts (at most 4 of a rank), so equal keys mean equal rank multisets.
* A high hand's *class* is one of the 7,462 distinct five-card hands; its value is the dense
  rank ``1..7462`` (larger is better, 7462 is the royal flush), the position of the class in
  the order of RULES.md S2.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

# Categories, worst to best (RULES.md S2). The values are the public category names.
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
CATEGORY_NAMES: tuple[str, ...] = (
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

POW5: tuple[int, ...] = tuple(5**r for r in range(13))
#: Shift of the rank key inside a card code; the low 12 bits count suits, 3 bits per suit.
RANK_SHIFT = 12
SUIT_MASK = (1 << RANK_SHIFT) - 1

Class = tuple[int, tuple[int, ...]]  # (category, tie-break ranks, most significant first)


def _straights(wheel: bool) -> list[tuple[int, frozenset[int]]]:
    """(top rank, ranks) of every straight; the wheel's top card is the five (index 3)."""
    out = [(top, frozenset(range(top - 4, top + 1))) for top in range(4, 13)]
    if wheel:
        out.insert(0, (3, frozenset((12, 0, 1, 2, 3))))
    return out


def high_classes(wheel: bool = True) -> list[Class]:
    """The 7,462 five-card high classes, worst first (RULES.md S2).

    ``wheel=False`` gives deuce-to-seven's ace-high order, where A-2-3-4-5 is no straight.
    """
    straights = _straights(wheel)
    straight_sets = {s for _, s in straights}
    singles = [
        tuple(sorted(c, reverse=True))
        for c in combinations(range(13), 5)
        if frozenset(c) not in straight_sets
    ]
    classes: list[Class] = []
    classes += [(HIGH_CARD, s) for s in singles]
    for p in range(13):
        others = [r for r in range(13) if r != p]
        classes += [(PAIR, (p, *sorted(k, reverse=True))) for k in combinations(others, 3)]
    for lo, hi in combinations(range(13), 2):
        classes += [(TWO_PAIR, (hi, lo, k)) for k in range(13) if k not in (hi, lo)]
    for t in range(13):
        others = [r for r in range(13) if r != t]
        classes += [(TRIPS, (t, *sorted(k, reverse=True))) for k in combinations(others, 2)]
    classes += [(STRAIGHT, (top,)) for top, _ in straights]
    classes += [(FLUSH, s) for s in singles]
    classes += [(FULL_HOUSE, (t, p)) for t in range(13) for p in range(13) if p != t]
    classes += [(QUADS, (q, k)) for q in range(13) for k in range(13) if k != q]
    classes += [(STRAIGHT_FLUSH, (top,)) for top, _ in straights]
    classes.sort()
    return classes


def class_ranks(cls: Class) -> list[int]:
    """The five ranks of a class (a straight's from its top card)."""
    cat, tb = cls
    if cat in (STRAIGHT, STRAIGHT_FLUSH):
        top = tb[0]
        return [12, 0, 1, 2, 3] if top == 3 else list(range(top - 4, top + 1))
    if cat == PAIR:
        return [tb[0], *tb]
    if cat == TWO_PAIR:
        return [tb[0], tb[0], tb[1], tb[1], tb[2]]
    if cat == TRIPS:
        return [tb[0], tb[0], *tb]
    if cat == FULL_HOUSE:
        return [tb[0]] * 3 + [tb[1]] * 2
    if cat == QUADS:
        return [tb[0]] * 4 + [tb[1]]
    return list(tb)


def _key(ranks: list[int] | tuple[int, ...]) -> int:
    return sum(POW5[r] for r in ranks)


def _mask(ranks: list[int] | tuple[int, ...]) -> int:
    return sum(1 << r for r in ranks)


def _extend(table: dict[int, int]) -> dict[int, int]:
    """From best-of-n values per rank key to best-of-(n+1): the best five of n+1 cards are the
    best five of one of its n-card subsets."""
    out: dict[int, int] = {}
    get = out.get
    for key, value in table.items():
        for p in POW5:
            if key // p % 5 < 4:
                k = key + p
                if get(k, 0) < value:
                    out[k] = value
    return out


def _extend_masks(table: list[int], bits: int) -> None:
    """Fill best-of values for every 13-bit mask with ``bits`` set from the masks with one
    bit fewer (in place; 0 marks an unset entry)."""
    for m in range(1 << 13):
        if m.bit_count() == bits:
            best = 0
            rest = m
            while rest:
                low = rest & -rest
                rest ^= low
                best = max(best, table[m ^ low])
            table[m] = best


# --- High hands (RULES.md S1, S2) -----------------------------------------------------------

HIGH_CLASSES: list[Class] = [(-1, ()), *high_classes()]  # value -> class; index 0 unused
#: Category of each value.
CATEGORY_OF: list[int] = [cat for cat, _ in HIGH_CLASSES]

#: Rank key of 5, 6 or 7 cards holding no flush -> best value.
HIGH_NOFLUSH: dict[int, int] = {}
#: 13-bit mask of the ranks of one suit (5 to 7 bits) -> best flush or straight flush.
HIGH_FLUSH: list[int] = [0] * (1 << 13)
#: Rank key of five distinct ranks -> value as a flush (Omaha's five-card path).
HIGH_FLUSH5_BY_KEY: dict[int, int] = {}

_five: dict[int, int] = {}
for _value, _cls in enumerate(HIGH_CLASSES[1:], start=1):
    _ranks = class_ranks(_cls)
    if _cls[0] in (FLUSH, STRAIGHT_FLUSH):
        HIGH_FLUSH[_mask(_ranks)] = _value
        HIGH_FLUSH5_BY_KEY[_key(_ranks)] = _value
    else:
        _five[_key(_ranks)] = _value
_six = _extend(_five)
HIGH_NOFLUSH.update(_five)
HIGH_NOFLUSH.update(_six)
HIGH_NOFLUSH.update(_extend(_six))
_extend_masks(HIGH_FLUSH, 6)
_extend_masks(HIGH_FLUSH, 7)

#: Suit-count part of a card-code sum (3 bits per suit) -> the suit holding five or more
#: cards, or -1.
FLUSH_SUIT: list[int] = [-1] * (1 << RANK_SHIFT)
for _counts in range(1 << RANK_SHIFT):
    for _s in range(4):
        if (_counts >> (3 * _s)) & 7 >= 5:
            FLUSH_SUIT[_counts] = _s
#: Suit part of a board (at most five cards) -> the suit holding three or more, or -1: the
#: only suit an omaha flush can be in.
FLUSH3_SUIT: list[int] = [-1] * (1 << RANK_SHIFT)
for _counts in range(1 << RANK_SHIFT):
    for _s in range(4):
        if (_counts >> (3 * _s)) & 7 >= 3:
            FLUSH3_SUIT[_counts] = _s

#: Card index -> code: rank key shifted left, plus one in its suit's counter.
CARD_CODE: tuple[int, ...] = tuple(
    (POW5[i >> 2] << RANK_SHIFT) | (1 << (3 * (i & 3))) for i in range(52)
)
#: Card index -> rank key alone.
RANK_KEY: tuple[int, ...] = tuple(POW5[i >> 2] for i in range(52))

# --- Deuce-to-seven: ace high, no wheel, straights and flushes count (five cards) -----------


@cache
def low27_tables() -> tuple[list[Class], dict[int, int], dict[int, int]]:
    """(classes, rank key -> value without flush, rank key -> value as a flush), built on
    first use; the value is inverted (larger is a better low)."""
    classes: list[Class] = [(-1, ()), *high_classes(wheel=False)]
    noflush: dict[int, int] = {}
    flush: dict[int, int] = {}
    top = len(classes)
    for value, cls in enumerate(classes[1:], start=1):
        target = flush if cls[0] in (FLUSH, STRAIGHT_FLUSH) else noflush
        target[_key(class_ranks(cls))] = top - value
    return classes, noflush, flush


# --- Ace-to-five (razz): ace low, straights and flushes ignored, pairs count ----------------
# Low rank l = 0 (ace) .. 12 (king). Every five-card rank multiset is its own class.


def _a5_classes() -> list[Class]:
    out: list[Class] = []
    for counts in _multisets5():
        ranks = sorted(counts, key=lambda r: (counts.count(r), r), reverse=True)
        shape = sorted((counts.count(r) for r in set(counts)), reverse=True)
        cat = {
            (1, 1, 1, 1, 1): HIGH_CARD,
            (2, 1, 1, 1): PAIR,
            (2, 2, 1): TWO_PAIR,
            (3, 1, 1): TRIPS,
            (3, 2): FULL_HOUSE,
            (4, 1): QUADS,
        }[tuple(shape)]
        tb = tuple(dict.fromkeys(ranks))  # distinct, most significant first
        out.append((cat, tb))
    out.sort(reverse=True)  # worst (four kings) first
    return out


def _multisets5() -> list[tuple[int, ...]]:
    out = []
    for combo in combinations(range(13 + 4), 5):  # stars and bars: multisets of size 5
        ranks = tuple(c - i for i, c in enumerate(combo))
        if max(ranks.count(r) for r in ranks) <= 4:
            out.append(ranks)
    return out


@cache
def a5_tables() -> tuple[list[Class], dict[int, int]]:
    """(classes, rank key of 5 to 7 cards -> best value), built on first use."""
    classes: list[Class] = [(-1, ()), *_a5_classes()]
    five = {_key(class_ranks(c)): v for v, c in enumerate(classes[1:], start=1)}
    six = _extend(five)
    best = {**five, **six, **_extend(six)}
    return classes, best


#: Card index -> rank key with the ace low.
LOW_RANK_KEY: tuple[int, ...] = tuple(POW5[((i >> 2) + 1) % 13] for i in range(52))

# --- Eight-or-better (RULES.md S3) -----------------------------------------------------------
# Bit l for low rank l = 0 (ace) .. 7 (eight); higher cards have no bit. Of two five-card lows,
# the one with the smaller mask is better (compare from the highest card down).

LOW8_BIT: tuple[int, ...] = tuple(
    1 << ((i >> 2) + 1) % 13 if ((i >> 2) + 1) % 13 < 8 else 0 for i in range(52)
)
_lows = sorted((_mask(c) for c in combinations(range(8), 5)), reverse=True)  # worst first
#: Dense value 1..56 -> the five-bit mask; index 0 unused.
LOW8_MASKS: list[int] = [0, *_lows]
_low8_value = {m: v for v, m in enumerate(LOW8_MASKS) if v}
#: Mask of the low ranks held -> value of the best five (0: fewer than five).
LOW8_BY_MASK: list[int] = [0] * 256
#: Mask -> its three lowest bits (0: fewer than three).
LOWEST3: list[int] = [0] * 256
for _m in range(256):
    _bits = [1 << b for b in range(8) if _m >> b & 1]
    if len(_bits) >= 5:
        LOW8_BY_MASK[_m] = _low8_value[sum(_bits[:5])]
    if len(_bits) >= 3:
        LOWEST3[_m] = sum(_bits[:3])

# --- Omaha: the 2 + 3 index choices (RULES.md S1) --------------------------------------------

PAIRS: dict[int, tuple[tuple[int, int], ...]] = {
    n: tuple(combinations(range(n), 2)) for n in range(2, 7)
}
TRIPLES: dict[int, tuple[tuple[int, int, int], ...]] = {
    n: tuple(combinations(range(n), 3)) for n in range(3, 6)
}

del _five, _six, _lows, _low8_value, _value, _cls, _ranks
del _counts, _s, _m, _bits
