"""Pre-flop spots with cards out of the deck, counted by board rank multiset (issue 11).

Why: a pre-flop all-in with a dead card (Pluribus shows every folded hand; a PokerStars
player who shows a folded hand) cannot use the shipped heads-up table and has C(40..48, 5)
boards, 0.6 to 1.7 million, ranked one by one in 20-100 ms. Most of those boards make no
flush for anybody, and on such a board every hand's value depends on the board's ranks
alone (its rank multiset: one of 6,175). So:

* the boards on which somebody *can* make a flush are enumerated and ranked one by one:
  for each suit, only the counts of it on the board that can complete a hand of that suit
  somebody holds (``EquityEvaluator.board_cards_used``: five on the board, four and one of
  his, three and two of his; omaha: three of the board and exactly two of his, S1);
* every other board is counted by its rank multiset: the ways of dealing the multiset from
  the cards left (a product of binomials), less the enumerated boards of that multiset; one
  representative board per multiset (suits in turn, never three of one) is ranked and
  weighs that many boards.

The counts are integers and every board is counted once, so the shares are the same
``Fraction``s as enumerating every board (:func:`analytics.equity.exact.runouts`); the
tests compare both on every all-in spot of the corpora.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb

import numpy as np

from analytics.equity import tables as tb
from analytics.equity.exact import BOARD_SIZE, Boards, EquityEvaluator, rank_boards, split_shares
from analytics.equity.tables import I8, I16, I64

__all__ = ["GroupedRunouts", "grouped_runouts"]

#: ``_BINOMIAL[a, k]`` = C(a, k) for the 0-4 cards of a rank left and taken.
_BINOMIAL: I64 = np.array([[comb(a, k) for k in range(5)] for a in range(5)], dtype=np.int64)
_EVERY_CARD: I64 = np.arange(52, dtype=np.int64)


@dataclass(frozen=True, slots=True, eq=False)
class GroupedRunouts:
    """Ranked boards, each standing for ``weights`` boards that rank alike: what
    :class:`analytics.equity.exact.Runouts` gives, with fewer columns."""

    #: (players, columns) high values, larger is better.
    high: I16
    #: (players, columns) eight-or-better low values, 0 for no low; None in high-only games.
    low: I16 | None
    #: How many boards each column stands for.
    weights: I64

    @property
    def count(self) -> int:
        return int(self.weights.sum())

    def shares(self, players: Sequence[int] | None = None) -> tuple[Fraction, ...]:
        """As :meth:`analytics.equity.exact.Runouts.shares`, every board counted once."""
        return split_shares(self.high, self.low, players, self.weights)


@cache
def _multisets() -> tuple[I64, I8]:
    """Every rank multiset of five board cards, in :func:`analytics.equity.tables.
    five_card_boards` order: (``rank * 5 + count`` of each of its ranks, padded with
    ``0 * 5 + 0``, ``(5, multisets)``: the ways to deal it are the product of the
    ``C(left, count)`` these pick; a representative board, ``(5, multisets)`` card indices,
    at most two of a suit)."""
    fives = tb.five_card_boards()[2]
    picks = np.zeros((len(fives), 5), dtype=np.int64)
    for i, m in enumerate(fives):
        distinct = sorted(set(m))
        picks[i, : len(distinct)] = [r * 5 + m.count(r) for r in distinct]
    # Equal ranks sit side by side, so suits in turn give them different suits (four at
    # most), and five cards in four suits put two in one suit at most: no flush anywhere.
    boards = np.array([[r * 4 + i % 4 for i, r in enumerate(m)] for m in fives], dtype=np.int8)
    return np.ascontiguousarray(picks.T), np.ascontiguousarray(boards.T)


@cache
def _subsets(n: int, k: int) -> I64:
    """Every ``k``-subset of ``range(n)``, one per column (``(k, C(n, k))``)."""
    every = np.array(list(combinations(range(n), k)), dtype=np.int64)
    return every.reshape(comb(n, k), k).T


@cache
def _rest_shapes(size: int, suit: int) -> tuple[I64, I8]:
    """The rank multisets of ``size`` (0 to 2) cards: (their count of each rank,
    ``(multisets, 13)``; a representative in suits other than ``suit``, ``(size,
    multisets)`` card indices, a pair in two suits)."""
    shapes = list(combinations_with_replacement(range(13), size))
    counts = np.array([[m.count(r) for r in range(13)] for m in shapes], dtype=np.int64)
    others = [x for x in range(4) if x != suit]
    cards = [[r * 4 + others[i] for i, r in enumerate(m)] for m in shapes]
    representatives = np.array(cards, dtype=np.int8).reshape(len(shapes), size).T
    return counts.reshape(len(shapes), 13), representatives


def _flush_boards(
    remaining: I64, holes: Sequence[Sequence[int]], board_cards_used: int
) -> tuple[I8, I64]:
    """The boards on which some hand can make a flush, as (card indices, ``(5, n)``; how
    many boards each stands for): for each suit, those holding exactly ``j >= 3`` of it
    where somebody holds enough of it for ``j`` (a board has one suit of three or more at
    most: no board twice). The ``5 - j`` other cards are of other suits, so only their
    ranks count (no second flush): one column per set of ``j`` cards of the suit and
    rank multiset of the others, weighing the ways to deal those ranks in other suits."""
    suits = remaining & 3
    parts, weights = [], []
    for suit in range(4):
        held = max(sum(1 for c in hole if c & 3 == suit) for hole in holes)
        mine = remaining[suits == suit]
        left = np.bincount(remaining[suits != suit] >> 2, minlength=13)
        for j in range(3, min(BOARD_SIZE, len(mine)) + 1):
            if min(held, 2) + min(j, board_cards_used) < BOARD_SIZE:
                continue
            of_suit = mine[_subsets(len(mine), j)]
            counts, rest = _rest_shapes(BOARD_SIZE - j, suit)
            ways = _BINOMIAL[left[None, :], counts].prod(axis=1)
            dealt = np.flatnonzero(ways)
            rest, ways = rest[:, dealt], ways[dealt]
            parts.append(
                np.vstack(
                    [
                        np.repeat(of_suit, rest.shape[1], axis=1),
                        np.tile(rest, (1, of_suit.shape[1])),
                    ]
                )
            )
            weights.append(np.tile(ways, of_suit.shape[1]))
    if not parts:
        return np.zeros((BOARD_SIZE, 0), dtype=np.int8), np.zeros(0, dtype=np.int64)
    return np.hstack(parts).astype(np.int8), np.concatenate(weights)


def grouped_runouts(
    holes: Sequence[Sequence[int]], remaining: I64, evaluator: EquityEvaluator
) -> GroupedRunouts:
    """Every five-card board from ``remaining`` (card indices, ascending), ranked for each
    hand of ``holes`` (card indices) as the module docs say."""
    flush, flush_weights = _flush_boards(remaining, holes, evaluator.board_cards_used)
    flush_high, flush_low = rank_boards(holes, Boards((), _EVERY_CARD, flush), evaluator)
    picks, representatives = _multisets()
    # C(cards of the rank left, cards of it taken), by rank * 5 + taken.
    choose = _BINOMIAL[np.bincount(remaining >> 2, minlength=13)].ravel()
    ways = choose.take(picks[0])
    for row in picks[1:]:
        ways *= choose.take(row)
    if flush.shape[1]:
        keys = tb.CARD_BOARD_WEIGHT.take(flush[0])
        for row in flush[1:]:
            keys += tb.CARD_BOARD_WEIGHT.take(row)
        ids = tb.five_card_boards()[0].take(keys)
        # Float sums of integers below 2**53 are exact.
        taken = np.bincount(ids, weights=flush_weights, minlength=len(ways))
        ways -= np.rint(taken).astype(np.int64)
    used = np.flatnonzero(ways)
    by_ranks = Boards((), _EVERY_CARD, representatives[:, used])
    ranks_high, ranks_low = rank_boards(holes, by_ranks, evaluator)
    weights = np.concatenate([flush_weights, ways[used]])
    if int(weights.sum()) != comb(len(remaining), BOARD_SIZE):  # pragma: no cover
        raise AssertionError("grouped boards do not add up to every board")
    low = None
    if flush_low is not None and ranks_low is not None:
        low = np.hstack([flush_low, ranks_low])
    return GroupedRunouts(np.hstack([flush_high, ranks_high]), low, weights)
