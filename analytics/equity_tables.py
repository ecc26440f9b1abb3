"""Lookup tables for :mod:`analytics.equity`, built with numpy on first use and cached.

Every table is derived from :mod:`replayer.evaluator_tables`, so the vectorised evaluators
rank hands exactly as the replayer's showdown does (a larger number is a better hand; equal
numbers split). Building all of them takes well under a second; ``build_all`` times it.

Encodings:

* Card index ``c`` (``Card.index``): rank ``c >> 2`` (0 = deuce .. 12 = ace), suit ``c & 3``.
* Hold'em, seven cards: a rank multiset's key is the sum of one weight per card,
  :data:`RANK_WEIGHTS`, chosen so that multisets of seven ranks (at most four of each) have
  distinct sums (the weights of Kenneth Shackleton's SKPokerEval; :func:`noflush7` checks the
  claim when it builds its table). Additive keys let a board's key be computed once and each
  player's hole cards be added to it.
* Suit counts are packed four bits per suit into a ``uint16``; the sum of the cards' packed
  counts gives the board's (or the hand's) suit counts.
* Omaha, two hole cards plus three board cards: the rank multiset of three board cards has a
  dense id ``0..454`` and that of two hole cards ``0..90``; a 455 x 91 table gives the value
  of the five cards as a non-flush hand.
"""

from __future__ import annotations

import time
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb

import numpy as np
import numpy.typing as npt

from replayer import evaluator_tables as rt

I16 = npt.NDArray[np.int16]
I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
I8 = npt.NDArray[np.int8]

#: One weight per rank, deuce to ace: sums over seven ranks (at most four alike) are unique.
RANK_WEIGHTS: tuple[int, ...] = (
    0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181,
)  # fmt: skip

CARDS = np.arange(52)
CARD_RANK: I64 = (CARDS >> 2).astype(np.int64)
CARD_SUIT: I64 = (CARDS & 3).astype(np.int64)
#: Card -> its rank weight (see :data:`RANK_WEIGHTS`).
CARD_WEIGHT: I64 = np.array(RANK_WEIGHTS, dtype=np.int64)[CARD_RANK]
#: Card -> one in its suit's four-bit counter.
CARD_SUIT_COUNT: I64 = np.left_shift(1, 4 * CARD_SUIT).astype(np.int64)
#: Card -> weight in the low 32 bits, packed suit counts above: one sum gives both.
CARD_CODE: I64 = (CARD_SUIT_COUNT << 32) | CARD_WEIGHT
#: Card -> the bit of its rank (13-bit rank masks, for flushes).
CARD_RANK_BIT: I64 = np.left_shift(1, CARD_RANK).astype(np.int64)
#: Card -> bit ``13 * suit + rank``: a set of cards as one integer, a suit's ranks 13 bits.
CARD_BIT: I64 = np.left_shift(1, 13 * CARD_SUIT + CARD_RANK).astype(np.int64)
#: Card -> the bit of its rank in an eight-or-better low (ace = bit 0 .. eight = bit 7), or 0.
CARD_LOW8_BIT: I64 = np.array(rt.LOW8_BIT, dtype=np.int64)


@cache
def combinations_table(k: int) -> I8:
    """Every ``k``-subset of ``range(52)`` in colexicographic order, as a ``(k, C(52, k))``
    array (one row per position, so a column is one subset, ascending).

    In colex order the subsets of ``range(n)`` are the first ``C(n, k)`` columns, for every
    ``n``: one table serves every deck size.

    >>> combinations_table(2)[:, :4].T.tolist()
    [[0, 1], [0, 2], [1, 2], [0, 3]]
    """
    table = np.zeros((0, 1), dtype=np.int8)
    for size in range(1, k + 1):
        parts = []
        for top in range(size - 1, 52):
            head = table[:, : comb(top, size - 1)]
            parts.append(np.vstack([head, np.full((1, head.shape[1]), top, dtype=np.int8)]))
        table = np.hstack(parts)
    return np.ascontiguousarray(table)


@cache
def flush_table() -> I16:
    """13-bit mask of one suit's ranks (5 to 7 bits) -> best flush or straight flush."""
    return np.array(rt.HIGH_FLUSH, dtype=np.int16)


@cache
def noflush7() -> I16:
    """Weight sum of seven ranks -> best value ignoring suits (about 15 MB of int16)."""
    keys = np.array(list(rt.HIGH_NOFLUSH), dtype=np.int64)
    values = np.array(list(rt.HIGH_NOFLUSH.values()), dtype=np.int16)
    digits = keys[:, None] // np.power(5, np.arange(13, dtype=np.int64)) % 5  # rank counts
    seven = digits.sum(axis=1) == 7
    sums = digits[seven] @ np.array(RANK_WEIGHTS, dtype=np.int64)
    if len(np.unique(sums)) != len(sums):  # pragma: no cover - a property of the weights
        raise AssertionError("rank weights collide on seven-card hands")
    table = np.zeros(int(sums.max()) + 1, dtype=np.int16)
    table[sums] = values[seven]
    return table


@cache
def suit_tables() -> tuple[I8, I8, I8]:
    """Packed suit counts -> (suit with five or more cards or -1, suit with three or more or
    -1, that suit's count). A board of five has at most one suit with three or more."""
    counts = np.arange(1 << 16)
    five = np.full(1 << 16, -1, dtype=np.int8)
    three = np.full(1 << 16, -1, dtype=np.int8)
    count3 = np.zeros(1 << 16, dtype=np.int8)
    for suit in range(4):
        n = (counts >> (4 * suit)) & 15
        five[n >= 5] = suit
        three[n >= 3] = suit
        count3[n >= 3] = n[n >= 3]
    return five, three, count3


def rank_high_many(hands: npt.ArrayLike) -> I16:
    """``replayer.evaluator.rank_high`` of many seven-card hands at once.

    ``hands`` is an ``(m, 7)`` array of card indices (distinct within a row).

    >>> from parser.model.cards import parse_cards
    >>> royal = [c.index for c in parse_cards("Ts Js Qs Ks As 2c 3d")]
    >>> rank_high_many([royal]).tolist()
    [7462]
    """
    cards = np.asarray(hands, dtype=np.int64)
    if cards.ndim != 2 or cards.shape[1] != 7:
        raise ValueError(f"rank_high_many takes an (m, 7) array of cards, got {cards.shape}")
    code = CARD_CODE[cards].sum(axis=1)
    ranks: I16 = noflush7()[code & 0xFFFFFFFF]
    suit = suit_tables()[0][code >> 32]
    rows = np.flatnonzero(suit >= 0)
    if len(rows):
        of_suit = CARD_SUIT[cards[rows]] == suit[rows, None].astype(np.int64)
        masks = (CARD_RANK_BIT[cards[rows]] * of_suit).sum(axis=1)
        ranks[rows] = flush_table()[masks]
    return ranks


# --- Omaha (two hole cards + three board cards) ----------------------------------------------


@cache
def omaha_tables() -> tuple[I32, I32, I16]:
    """(ordered triple of ranks ``r1*169 + r2*13 + r3`` -> dense multiset id 0..454,
    ordered pair ``r1*13 + r2`` -> dense id 0..90, id3 * 91 + id2 -> value without flush;
    0 where five of a rank would be needed)."""
    triples = list(combinations_with_replacement(range(13), 3))
    pairs = list(combinations_with_replacement(range(13), 2))
    triple_id = np.zeros(13**3, dtype=np.int32)
    for i, (a, b, c) in enumerate(triples):
        for x, y, z in {(a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)}:
            triple_id[x * 169 + y * 13 + z] = i
    pair_id = np.zeros(13 * 13, dtype=np.int32)
    for i, (a, b) in enumerate(pairs):
        pair_id[a * 13 + b] = pair_id[b * 13 + a] = i
    noflush = rt.HIGH_NOFLUSH
    pow5 = rt.POW5
    values = np.zeros(len(triples) * len(pairs), dtype=np.int16)
    for i, (a, b, c) in enumerate(triples):
        base = pow5[a] + pow5[b] + pow5[c]
        for j, (d, e) in enumerate(pairs):
            values[i * len(pairs) + j] = noflush.get(base + pow5[d] + pow5[e], 0)
    return triple_id, pair_id, values


@cache
def low8_five() -> I16:
    """Eight-or-better mask of five cards -> low value (``rank_low8`` scale), 0 unless the
    five are five different low ranks (exactly five bits)."""
    table = np.zeros(256, dtype=np.int16)
    for mask in range(256):
        if mask.bit_count() == 5:
            table[mask] = rt.LOW8_BY_MASK[mask]
    return table


def build_all() -> float:
    """Build every table (a no-op once cached) and return the seconds it took."""
    start = time.perf_counter()
    for k in range(6):
        combinations_table(k)
    flush_table()
    noflush7()
    suit_tables()
    omaha_tables()
    low8_five()
    five_card_boards()
    omaha_board_tables()
    return time.perf_counter() - start


# --- Boards of five: one lookup per player for each part of his hand ----------------------


@cache
def five_card_boards() -> tuple[I16, I64, list[tuple[int, ...]]]:
    """Every rank multiset of a five-card board (at most four of a rank): (weight sum of
    its ranks, :data:`RANK_WEIGHTS` -> dense id 0..6174; each id's weight sum; each id's
    ranks). The sums are checked unique when built, so a board's id is one lookup of the
    sum the enumeration adds up anyway, and a player's value of every board multiset fits
    a table of 6,175 entries (in cache, unlike a table of seven-card sums)."""
    fives: list[tuple[int, ...]] = [
        m for m in combinations_with_replacement(range(13), 5) if max(m.count(r) for r in m) <= 4
    ]
    sums = np.array([sum(RANK_WEIGHTS[r] for r in m) for m in fives], dtype=np.int64)
    if len(np.unique(sums)) != len(sums):  # pragma: no cover - a property of the weights
        raise AssertionError("rank weights collide on five-card boards")
    board_id = np.zeros(int(sums.max()) + 1, dtype=np.int16)
    board_id[sums] = np.arange(len(fives), dtype=np.int16)
    return board_id, sums, fives


def _sub_masks(bits: int) -> I16:
    """Each ``bits``-bit mask of 3 to 5 ranks -> its ten or fewer 3-bit sub-masks, padded
    with 0 (a part that makes neither a flush nor a low)."""
    table = np.zeros((1 << bits, 10), dtype=np.int16)
    for mask in range(1 << bits):
        ranks = [r for r in range(bits) if mask >> r & 1]
        if 3 <= len(ranks) <= 5:
            subs = [(1 << a) | (1 << b) | (1 << c) for a, b, c in combinations(ranks, 3)]
            table[mask, : len(subs)] = subs
    return table


@cache
def omaha_board_tables() -> tuple[I16, I16, I16]:
    """The three-card parts of an omaha board, by what the enumeration knows of it:

    * board rank multiset id (:func:`five_card_boards`) -> the ids (:func:`omaha_tables`)
      of its ten three-card multisets;
    * 13-bit mask of one suit's board ranks -> its 3-bit sub-masks (the flush parts);
    * eight-or-better mask of the board's low ranks -> its 3-bit sub-masks (the low parts).

    A player's best hand is the best of his two-card parts with each three-card part: the
    same 2 + 3 combinations (S1) :func:`omaha_tables` ranks one triple at a time.
    """
    triple_id = omaha_tables()[0]
    board_triples = np.array(
        [
            [triple_id[a * 169 + b * 13 + c] for a, b, c in combinations(m, 3)]
            for m in five_card_boards()[2]
        ],
        dtype=np.int16,
    )
    return board_triples, _sub_masks(13), _sub_masks(8)
