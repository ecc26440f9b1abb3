"""Lookup tables for :mod:`analytics.equity.exact`, built with numpy on first use and cached.

Every table is derived from :mod:`replayer.evaluation.tables`, so the vectorised evaluators
rank hands exactly as the replayer's showdown does (a larger number is a better hand; equal
numbers split). Building all of them takes well under a second; ``build_all`` times it.

Encodings:

* Card index ``c`` (``Card.index``): rank ``c >> 2`` (0 = deuce .. 12 = ace), suit ``c & 3``.
* Hold'em, seven cards: a rank multiset's key is the sum of one weight per card,
  :data:`RANK_WEIGHTS`, chosen so that multisets of seven ranks (at most four of each) have
  distinct sums (the weights of Kenneth Shackleton's SKPokerEval; :func:`noflush7` checks the
  claim when it builds its table). Additive keys let a board's key be computed once and each
  player's hole cards be added to it.
* Boards of five: the same idea with :data:`BOARD_WEIGHTS`, the smallest weights (found
  greedily, rank by rank) whose sums are distinct over five ranks: the largest sum is
  360,918, so a board's rank multiset id (:func:`five_card_boards`) is one lookup in a table
  of 0.7 MB, and a hold'em player's value without flush is his own row of a 91 x 6,175
  table (:func:`holdem_noflush`, 1.1 MB) instead of the 20 MB seven-card table.
* Suit counts are packed four bits per suit into a ``uint16``; the sum of the cards' packed
  counts gives the board's (or the hand's) suit counts.
* Omaha, two hole cards plus three board cards: the rank multiset of three board cards has a
  dense id ``0..454`` and that of two hole cards ``0..90``; a 455 x 91 table gives the value
  of the five cards as a non-flush hand.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement, permutations
from math import comb
from pathlib import Path

import numpy as np
import numpy.typing as npt

from replayer.evaluation import tables as rt

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
#: One weight per rank: sums over five ranks (at most four alike) are unique.
BOARD_WEIGHTS: tuple[int, ...] = (
    0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415,
)  # fmt: skip
#: Card -> its :data:`BOARD_WEIGHTS` weight.
CARD_BOARD_WEIGHT: I64 = np.array(BOARD_WEIGHTS, dtype=np.int64)[CARD_RANK]
#: Card -> one in its suit's four-bit counter.
CARD_SUIT_COUNT: I64 = np.left_shift(1, 4 * CARD_SUIT).astype(np.int64)
#: Where the packed suit counts start in a :data:`CARD_CODE` sum (five cards' board weights
#: stay below 2**19).
SUIT_SHIFT = 20
BOARD_KEY = (1 << SUIT_SHIFT) - 1
#: Card -> board weight in the low bits, packed suit counts above: one sum gives both.
CARD_CODE: I64 = (CARD_SUIT_COUNT << SUIT_SHIFT) | CARD_BOARD_WEIGHT
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
    """Weight sum of seven ranks -> best value ignoring suits (about 20 MB of int16).

    The table reaches the largest sum of any seven weights (0 where no hand has it), so a
    lookup never leaves it, even for a "hand" holding a card twice: the heads-up pre-flop
    generator ranks a second hand on boards that may hold its own cards and discards those
    boards' values (``python -m analytics.equity.data.build``)."""
    keys = np.array(list(rt.HIGH_NOFLUSH), dtype=np.int64)
    values = np.array(list(rt.HIGH_NOFLUSH.values()), dtype=np.int16)
    digits = keys[:, None] // np.power(5, np.arange(13, dtype=np.int64)) % 5  # rank counts
    seven = digits.sum(axis=1) == 7
    sums = digits[seven] @ np.array(RANK_WEIGHTS, dtype=np.int64)
    if len(np.unique(sums)) != len(sums):  # pragma: no cover - a property of the weights
        raise AssertionError("rank weights collide on seven-card hands")
    table = np.zeros(7 * RANK_WEIGHTS[-1] + 1, dtype=np.int16)
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
    """``replayer.evaluation.evaluator.rank_high`` of many seven-card hands at once.

    ``hands`` is an ``(m, 7)`` array of card indices (distinct within a row).

    >>> from parser.model.cards import parse_cards
    >>> royal = [c.index for c in parse_cards("Ts Js Qs Ks As 2c 3d")]
    >>> rank_high_many([royal]).tolist()
    [7462]
    """
    cards = np.asarray(hands, dtype=np.int64)
    if cards.ndim != 2 or cards.shape[1] != 7:
        raise ValueError(f"rank_high_many takes an (m, 7) array of cards, got {cards.shape}")
    ranks: I16 = noflush7()[CARD_WEIGHT[cards].sum(axis=1)]
    suit = suit_tables()[0][CARD_SUIT_COUNT[cards].sum(axis=1)]
    rows = np.flatnonzero(suit >= 0)
    if len(rows):
        of_suit = CARD_SUIT[cards[rows]] == suit[rows, None].astype(np.int64)
        masks = (CARD_RANK_BIT[cards[rows]] * of_suit).sum(axis=1)
        ranks[rows] = flush_table()[masks]
    return ranks


# --- Omaha (two hole cards + three board cards) ----------------------------------------------


@cache
def pair_ids() -> I32:
    """Ordered pair of ranks ``r1*13 + r2`` -> dense id 0..90 of the pair's multiset."""
    pair_id = np.zeros(13 * 13, dtype=np.int32)
    for i, (a, b) in enumerate(combinations_with_replacement(range(13), 2)):
        pair_id[a * 13 + b] = pair_id[b * 13 + a] = i
    return pair_id


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
    pair_id = pair_ids()
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
    """Build every table the evaluators use (a no-op once cached) and return the seconds
    it took. :func:`noflush7` (20 MB, :func:`rank_high_many` alone) and the five-card
    :func:`combinations_table` (13 MB, enumerating every pre-flop board) are not among them."""
    start = time.perf_counter()
    for k in range(5):
        combinations_table(k)
    flush_table()
    suit_tables()
    omaha_tables()
    low8_five()
    five_card_boards()
    holdem_noflush()
    omaha_board_tables()
    return time.perf_counter() - start


# --- Boards of five: one lookup per player for each part of his hand ----------------------


@cache
def five_card_boards() -> tuple[I16, I64, list[tuple[int, ...]]]:
    """Every rank multiset of a five-card board (at most four of a rank): (weight sum of
    its ranks, :data:`BOARD_WEIGHTS` -> dense id 0..6174; each id's weight sum; each id's
    ranks). The sums are checked unique when built, so a board's id is one lookup of the
    sum the enumeration adds up anyway, and a player's value of every board multiset fits
    a table of 6,175 entries (in cache, unlike a table of seven-card sums)."""
    fives: list[tuple[int, ...]] = [
        m for m in combinations_with_replacement(range(13), 5) if max(m.count(r) for r in m) <= 4
    ]
    sums = np.array([sum(BOARD_WEIGHTS[r] for r in m) for m in fives], dtype=np.int64)
    if len(np.unique(sums)) != len(sums):  # pragma: no cover - a property of the weights
        raise AssertionError("board weights collide on five-card boards")
    board_id = np.zeros(int(sums.max()) + 1, dtype=np.int16)
    board_id[sums] = np.arange(len(fives), dtype=np.int16)
    return board_id, sums, fives


@cache
def holdem_noflush() -> I16:
    """Hole pair id (:func:`pair_ids`) x board rank multiset id (:func:`five_card_boards`)
    -> the seven cards' best value ignoring suits (0 where five of a rank would be
    needed): the same values as :func:`noflush7`, by what the enumeration knows."""
    pow5 = rt.POW5
    board_keys = np.array([sum(pow5[r] for r in m) for m in five_card_boards()[2]])
    known = np.fromiter(rt.HIGH_NOFLUSH, dtype=np.int64, count=len(rt.HIGH_NOFLUSH))
    values = np.fromiter(rt.HIGH_NOFLUSH.values(), dtype=np.int16, count=len(known))
    order = np.argsort(known)
    known, values = known[order], values[order]
    # Rows in pair_ids() order (combinations_with_replacement's), one at a time: a worker
    # keeps the 1.1 MB table, not a 4.5 MB matrix of keys in its heap.
    table = np.zeros((91, len(board_keys)), dtype=np.int16)
    for row, (a, b) in enumerate(combinations_with_replacement(range(13), 2)):
        keys = board_keys + (pow5[a] + pow5[b])
        at = np.minimum(np.searchsorted(known, keys), len(known) - 1)
        table[row] = np.where(known[at] == keys, values[at], 0)
    return table


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


# --- Heads-up pre-flop hold'em: every matchup's counts, precomputed -----------------------

#: The 24 ways to rename the four suits: a matchup's equity is the same under each.
SUIT_PERMUTATIONS: tuple[tuple[int, ...], ...] = tuple(permutations(range(4)))
#: Boards of a heads-up pre-flop all-in: five of the 48 cards nobody holds.
HEADS_UP_PREFLOP_BOARDS = comb(48, 5)
#: Matchups of two hold'em hands up to the suits' names and the players' order.
HEADS_UP_PREFLOP_MATCHUPS = 47_008
#: The shipped table (``python -m analytics.equity.data.build`` writes it): one row per canonical
#: matchup, sorted by key, ``(key, wins of the first hand, wins of the second, ties)``.
HEADS_UP_PREFLOP_FILE = Path(__file__).with_name("data") / "holdem_heads_up_preflop.npy"


class EquityTableError(RuntimeError):
    """A shipped equity table is missing or not the one the code expects: a broken install
    or checkout, never a reason to guess (the message says how to rebuild it)."""


def _hand_code(x: int, y: int) -> int:
    """Two distinct cards as 12 bits, the higher card first."""
    return (x << 6 | y) if x > y else (y << 6 | x)


def heads_up_key(first: Sequence[int], second: Sequence[int]) -> tuple[int, bool]:
    """The canonical key of a heads-up matchup of two hold'em hands (card indices) and
    whether the key lists them in the other order (``second`` first).

    The key is the smallest ``hand << 12 | hand`` over the 24 renamings of the suits and
    both orders of the players; a hand is its two cards as ``high << 6 | low``. Matchups
    with one key have the same counts (wins swapped when the order is).

    >>> from parser.model.cards import parse_cards
    >>> def key(a, b):
    ...     return heads_up_key(*([c.index for c in parse_cards(h)] for h in (a, b)))
    >>> key("As Ks", "Qd Qc") == key("Ah Kh", "Qs Qd") == (key("Qs Qc", "Ad Kd")[0], True)
    True
    >>> key("Qs Qc", "Ad Kd")[1]  # the lower hand is listed first
    False
    """
    a1, a2 = first
    b1, b2 = second
    best, swapped = 1 << 24, False
    for perm in SUIT_PERMUTATIONS:
        a = _hand_code(a1 & ~3 | perm[a1 & 3], a2 & ~3 | perm[a2 & 3])
        b = _hand_code(b1 & ~3 | perm[b1 & 3], b2 & ~3 | perm[b2 & 3])
        if a << 12 | b < best:
            best, swapped = a << 12 | b, False
        if b << 12 | a < best:
            best, swapped = b << 12 | a, True
    return best, swapped


def heads_up_keys(first: npt.ArrayLike, second: npt.ArrayLike) -> I64:
    """:func:`heads_up_key` (the key alone) of many matchups: ``(m, 2)`` card arrays."""
    a, b = np.asarray(first, dtype=np.int64), np.asarray(second, dtype=np.int64)
    best = np.full(len(a), 1 << 24, dtype=np.int64)
    for perm in SUIT_PERMUTATIONS:
        rename = (CARDS & ~3) | np.array(perm, dtype=np.int64)[CARDS & 3]
        pa, pb = rename[a], rename[b]
        ha = pa.max(axis=1) << 6 | pa.min(axis=1)
        hb = pb.max(axis=1) << 6 | pb.min(axis=1)
        np.minimum(best, np.minimum(ha << 12 | hb, hb << 12 | ha), out=best)
    return best


def every_heads_up_key() -> I64:
    """Every canonical key, ascending: one per matchup up to suits and order."""
    hands = np.array(list(combinations(range(52), 2)), dtype=np.int64)
    i, j = np.meshgrid(np.arange(len(hands)), np.arange(len(hands)), indexing="ij")
    a, b = hands[i.ravel()], hands[j.ravel()]
    apart = (a[:, :1] != b).all(axis=1) & (a[:, 1:] != b).all(axis=1)
    return np.unique(heads_up_keys(a[apart], b[apart]))


@cache
def heads_up_preflop() -> tuple[I64, npt.NDArray[np.uint32]]:
    """The shipped heads-up pre-flop table: (keys ascending, ``(wins first, wins second,
    ties)`` per key), checked whole on load: a table of the wrong shape, or whose counts do
    not add up to :data:`HEADS_UP_PREFLOP_BOARDS`, raises :class:`EquityTableError`.

    The counts are memory-mapped, not copied: the import's workers share the file's pages
    (the page cache) instead of holding a copy each (issue 11)."""
    path = HEADS_UP_PREFLOP_FILE
    rebuild = "rebuild it with python -m analytics.equity.data.build"
    try:
        rows = np.load(path, mmap_mode="r", allow_pickle=False)
    except FileNotFoundError:
        message = f"heads-up pre-flop equity table {path} is missing; {rebuild}"
        raise EquityTableError(message) from None
    except (OSError, ValueError) as error:
        raise EquityTableError(f"heads-up pre-flop equity table {path} is unreadable "
                               f"({error}); {rebuild}") from error  # fmt: skip
    expected = (HEADS_UP_PREFLOP_MATCHUPS, 4)
    if rows.dtype != np.uint32 or rows.shape != expected:
        raise EquityTableError(
            f"heads-up pre-flop equity table {path} holds {rows.dtype} {rows.shape}, "
            f"expected uint32 {expected}; {rebuild}"
        )
    keys = rows[:, 0].astype(np.int64)
    counts = rows[:, 1:]
    if (
        not (np.diff(keys) > 0).all()
        or not (counts.sum(axis=1, dtype=np.int64) == HEADS_UP_PREFLOP_BOARDS).all()
    ):
        raise EquityTableError(
            f"heads-up pre-flop equity table {path} is damaged (keys out of order or counts "
            f"not summing to {HEADS_UP_PREFLOP_BOARDS:,} boards); {rebuild}"
        )
    return keys, counts


def heads_up_preflop_counts(first: Sequence[int], second: Sequence[int]) -> tuple[int, int, int]:
    """(boards ``first`` wins, boards ``second`` wins, ties) of a heads-up pre-flop all-in
    with nothing else out of the deck, from the shipped table."""
    key, swapped = heads_up_key(first, second)
    keys, counts = heads_up_preflop()
    row = int(np.searchsorted(keys, key))
    if row == len(keys) or keys[row] != key:  # pragma: no cover - every key is in the file
        raise EquityTableError(f"matchup key {key} is not in {HEADS_UP_PREFLOP_FILE}")
    wins_first, wins_second, ties = (int(n) for n in counts[row])
    return (wins_second, wins_first, ties) if swapped else (wins_first, wins_second, ties)
