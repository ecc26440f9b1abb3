"""Exact pot equity by enumerating every remaining board, vectorised with numpy.

``equities(holes, board, dead)`` deals every completion of ``board`` from the cards nobody
holds (``C(48, 5) = 1,712,304`` boards for a heads-up pre-flop all-in, 44 on the turn),
ranks every player's hand on every board at once, and splits each board among its winners
(a three-way tie gives each a third of that board). Shares are exact fractions.

>>> from parser.model.cards import parse_cards as cards
>>> shares = equities([cards("As Ks"), cards("Qd Qc")], [])
>>> [f"{float(s):.2%}" for s in shares]
['46.21%', '53.79%']
>>> equities([cards("Ah Kh"), cards("Ad Kd")], cards("2c 7s 9d Jc"))  # a chop on the turn
[Fraction(1, 2), Fraction(1, 2)]

The evaluators rank exactly as ``replayer.evaluation.evaluator`` (their tables are built from it):
:data:`HOLDEM_HIGH` (best five of seven), :data:`OMAHA_HIGH` (two hole cards and three of the
board) and :data:`OMAHA_HIGH_LOW8` (the pot halved between the best high and the best
eight-or-better low when a low qualifies, else all to the high; RULES.md S3). All-in EV from a
replayed hand is in :mod:`analytics.equity.all_in_ev`.

A heads-up pre-flop hold'em spot (the common all-in, and the costly one: 20-100 ms of
ranking) is a lookup instead: ``analytics/equity/data/holdem_heads_up_preflop.npy`` holds the
exact counts of each of the 47,008 matchups up to suits and seat order, made by this module's
own ranker (``python -m analytics.equity.data.build``). :func:`outcomes` uses it only when nothing
else is out of the deck (no dead card, no board); any other pre-flop spot is counted by board
rank multiset (:mod:`analytics.equity.grouped`: the boards where somebody can make a flush one
by one, the others by their ranks alone, 5-25x fewer columns), a flop or turn spot enumerated.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb, lcm
from typing import TYPE_CHECKING

import numpy as np

from analytics.equity import tables as tb
from analytics.equity.tables import I16, I64

if TYPE_CHECKING:
    from analytics.equity.grouped import GroupedRunouts
from parser.model.cards import DECK, Card
from parser.model.games import Evaluator, GameSpec

__all__ = [
    "HOLDEM_HIGH",
    "OMAHA_HIGH",
    "OMAHA_HIGH_LOW8",
    "EquityEvaluator",
    "HeadsUpCounts",
    "Runouts",
    "equities",
    "equity_evaluator",
    "outcomes",
    "runouts",
]

BOARD_SIZE = 5
#: Boards ranked per numpy pass.
CHUNK = 1 << 15


@dataclass(frozen=True, slots=True)
class Boards:
    """Every completion of a partial board: the known cards plus one column of ``table``
    (positions into ``remaining``) per board."""

    known: tuple[int, ...]
    remaining: I64
    table: np.ndarray  # (cards to come, count) int8 positions into ``remaining``

    @property
    def count(self) -> int:
        return int(self.table.shape[1])

    def parts(self, low: bool = False) -> tuple[I64, I64, I64]:
        """Each board's (sum of ``CARD_CODE``, sum of ``CARD_BIT``, union of
        ``CARD_LOW8_BIT`` when ``low``, else the known cards' alone): its rank weights and
        suit counts, its cards as a set, its low ranks. The rankers read a board only
        through these."""
        n = self.count
        known = list(self.known)
        code = np.full(n, int(tb.CARD_CODE[known].sum()), dtype=np.int64)
        bits = np.full(n, int(tb.CARD_BIT[known].sum()), dtype=np.int64)
        lows = np.full(n, int(np.bitwise_or.reduce(tb.CARD_LOW8_BIT[known], initial=0)))
        rest = self.remaining
        codes, card_bits, card_low = tb.CARD_CODE[rest], tb.CARD_BIT[rest], tb.CARD_LOW8_BIT[rest]
        for row in self.table:
            code += codes.take(row)
            bits |= card_bits.take(row)
            if low:
                lows |= card_low.take(row)
        return code, bits, lows

    def cards(self, columns: np.ndarray | None = None) -> I64:
        """The boards' cards as a ``(5, n)`` array of card indices (all boards, or some)."""
        table = self.table if columns is None else self.table[:, columns]
        n = table.shape[1]
        fixed = np.broadcast_to(np.array(self.known, dtype=np.int64)[:, None], (len(self.known), n))
        return np.vstack([fixed, self.remaining[table]])


Ranker = Callable[[Sequence[Sequence[int]], Boards], tuple[I16, I16 | None]]


@dataclass(frozen=True, slots=True)
class EquityEvaluator:
    """How the hands on a board are ranked: ``rank`` gives the high values (players x
    boards, larger is better) and, in split games, the low values (0 = no qualifying low)."""

    name: str
    hole_sizes: tuple[int, ...]
    rank: Ranker
    hi_lo: bool = False
    #: At most how many board cards a hand plays (5: hold'em, 3: omaha, S1). A player
    #: with ``h`` cards of a suit can only make a flush on a board holding ``j`` of it when
    #: ``min(h, 2) + min(j, board_cards_used) >= 5``: every other board ranks by its ranks
    #: alone (:mod:`analytics.equity.grouped`).
    board_cards_used: int = 5


def _holdem(holes: Sequence[Sequence[int]], boards: Boards) -> tuple[I16, None]:
    """Best five of seven, for every player on every board."""
    n = boards.count
    code, bits, _ = boards.parts()
    ids, suits = tb.five_card_boards()[0][code & tb.BOARD_KEY], code >> tb.SUIT_SHIFT
    _, three, count3 = tb.suit_tables()
    flush_suit = three[suits]
    candidates = np.flatnonzero(flush_suit >= 0)  # three or more of a suit on the board
    suit = flush_suit[candidates].astype(np.int64)
    count = count3[suits[candidates]]
    board_mask = (bits[candidates] >> (13 * suit)) & 0x1FFF
    noflush, flushes, pair_id = tb.holdem_noflush(), tb.flush_table(), tb.pair_ids()
    high = np.empty((len(holes), n), dtype=np.int16)
    for p, hole in enumerate(holes):
        first, second = hole
        high[p] = noflush[pair_id[(first >> 2) * 13 + (second >> 2)]].take(ids)
        held = np.zeros(4, dtype=np.int64)
        mask = np.zeros(4, dtype=np.int64)
        for c in hole:
            held[c & 3] += 1
            mask[c & 3] |= 1 << (c >> 2)
        flush = count + held[suit] >= 5
        high[p, candidates[flush]] = flushes[board_mask[flush] | mask[suit[flush]]]
    return high, None


def _omaha(holes: Sequence[Sequence[int]], boards: Boards, low: bool) -> tuple[I16, I16 | None]:
    """Best of two hole cards and three board cards (and the best such low, when ``low``).

    Each board is read once for every player (its rank multiset, its flush suit and that
    suit's ranks, its low ranks); each player then needs one lookup per part in tables of
    his own, built from his six pairs over every three-card part a board can have (the
    same 2 + 3 combinations, S1, so the same values as ranking them one by one).
    """
    n = boards.count
    code, bits, low_bits = boards.parts(low)
    ids = tb.five_card_boards()[0][code & tb.BOARD_KEY]
    _, three, _ = tb.suit_tables()
    flush_suit = three[code >> tb.SUIT_SHIFT]
    candidates = np.flatnonzero(flush_suit >= 0)  # three or more of a suit on the board
    suit = flush_suit[candidates].astype(np.int64)
    suit_mask = (bits[candidates] >> (13 * suit)) & 0x1FFF
    board_triples, flush_triples, low_triples = tb.omaha_board_tables()
    flushes = tb.flush_table()
    # A chunk of boards as large as the tables: build each player's tables once (cached
    # over the chunks); fewer boards (flop and turn all-ins): look their parts up directly.
    tables = n >= len(board_triples)
    high = np.empty((len(holes), n), dtype=np.int16)
    lows_out = np.empty((len(holes), n), dtype=np.int16) if low else None
    for p, hole in enumerate(holes):
        by_pair, suited, by_pair_low = _omaha_pairs(tuple(hole), low)
        if tables:
            by_board, by_flush, by_low = _omaha_player(tuple(hole), low)
            best = by_board[ids]
        else:
            best = by_pair[board_triples[ids]].max(axis=1)
        for s, masks in suited:
            rows = suit == s
            on, of_suit = candidates[rows], suit_mask[rows]
            if tables:
                flush = by_flush[s][of_suit]
            else:
                flush = flushes[flush_triples[of_suit][:, :, None] | masks].max(axis=(1, 2))
            best[on] = np.maximum(best[on], flush)
        high[p] = best
        if lows_out is not None and by_pair_low is not None:
            if tables and by_low is not None:
                lows_out[p] = by_low[low_bits]
            else:
                lows_out[p] = by_pair_low[low_triples[low_bits]].max(axis=1)
    return high, lows_out


@lru_cache(maxsize=64)
def _omaha_pairs(
    hole: tuple[int, ...], low: bool
) -> tuple[I16, list[tuple[int, I16]], I16 | None]:
    """One player's two-card parts (S1: exactly two of his cards): his best non-flush
    value with each three-rank multiset (:func:`analytics.equity.tables.omaha_tables` ids),
    the rank masks of his suited pairs by suit, and (``low``) his best low with each
    eight-or-better mask of three board ranks (0: none)."""
    _, pair_id, values = tb.omaha_tables()
    by_triple = values.reshape(len(values) // 91, 91)
    pairs = list(combinations(hole, 2))
    by_pair: I16 = by_triple[:, [pair_id[(x >> 2) * 13 + (y >> 2)] for x, y in pairs]].max(axis=1)
    suited: dict[int, list[int]] = {}
    for x, y in pairs:
        if x & 3 == y & 3:
            suited.setdefault(x & 3, []).append((1 << (x >> 2)) | (1 << (y >> 2)))
    masks = [(s, np.array(m, dtype=np.int16)) for s, m in suited.items()]
    if not low:
        return by_pair, masks, None
    low_five = tb.low8_five()
    every_mask = np.arange(256)
    by_pair_low = np.zeros(256, dtype=np.int16)
    for x, y in pairs:
        m = int(tb.CARD_LOW8_BIT[x] | tb.CARD_LOW8_BIT[y])
        if m.bit_count() == 2:
            np.maximum(by_pair_low, low_five[every_mask | m], out=by_pair_low)
    return by_pair, masks, by_pair_low


@lru_cache(maxsize=64)
def _omaha_player(
    hole: tuple[int, ...], low: bool
) -> tuple[I16, dict[int, I16], I16 | None]:
    """One player's tables by what a whole board shows (cached: a large spot's boards are
    ranked in chunks): his best non-flush value by board rank multiset, his best flush by
    one suit's board ranks for each suit he holds two of, his best low by the board's low
    ranks; each the best of his two-card parts (:func:`_omaha_pairs`) with its parts."""
    board_triples, flush_triples, low_triples = tb.omaha_board_tables()
    by_pair, suited, by_pair_low = _omaha_pairs(hole, low)
    by_board: I16 = by_pair[board_triples].max(axis=1)
    flushes = tb.flush_table()
    # Only masks of three to five ranks can be a board's suit (the others stay 0).
    shapes = np.flatnonzero(flush_triples[:, 0])
    parts = flush_triples[shapes][:, :, None]
    by_flush = {}
    for s, masks in suited:
        by_mask = np.zeros(len(flush_triples), dtype=np.int16)
        by_mask[shapes] = flushes[parts | masks].max(axis=(1, 2))
        by_flush[s] = by_mask
    by_low = None if by_pair_low is None else by_pair_low[low_triples].max(axis=1)
    return by_board, by_flush, by_low


#: Hold'em and its relatives: the best five of the two hole cards and the five on the board.
HOLDEM_HIGH = EquityEvaluator("holdem_high", (2,), _holdem)
#: Omaha (4, 5 or 6 hole cards): exactly two hole cards and three board cards.
OMAHA_HIGH = EquityEvaluator(
    "omaha_high", (4, 5, 6), lambda holes, boards: _omaha(holes, boards, low=False),
    board_cards_used=3,
)
#: Omaha hi/lo: the high half and the eight-or-better low half, each from 2 + 3 cards.
OMAHA_HIGH_LOW8 = EquityEvaluator(
    "omaha_high_low8", (4, 5, 6), lambda holes, boards: _omaha(holes, boards, low=True), True,
    board_cards_used=3,
)
_BY_EVALUATOR = {
    Evaluator.HIGH: HOLDEM_HIGH,
    Evaluator.OMAHA_HIGH: OMAHA_HIGH,
    Evaluator.OMAHA_HIGH_LOW8: OMAHA_HIGH_LOW8,
}


def equity_evaluator(spec: GameSpec) -> EquityEvaluator | None:
    """The evaluator for a game's all-in equity, or None when there is none yet (stud and
    draw games deal no common board; 6+ hold'em ranks a short deck).

    >>> from parser.model.games import GAME_SPECS
    >>> equity_evaluator(GAME_SPECS["PLO8"]).name, equity_evaluator(GAME_SPECS["FL7S"])
    ('omaha_high_low8', None)
    """
    found = _BY_EVALUATOR.get(spec.evaluator)
    if found is None or spec.board_size != BOARD_SIZE or spec.hole_cards not in found.hole_sizes:
        return None
    return found


@dataclass(frozen=True, slots=True, eq=False)
class Runouts:
    """Every player's hand value on every remaining board."""

    boards: Boards
    #: (players, boards) high values, larger is better.
    high: I16
    #: (players, boards) eight-or-better low values, 0 for no low; None in high-only games.
    low: I16 | None

    @property
    def count(self) -> int:
        return self.boards.count

    def board(self, column: int) -> tuple[Card, ...]:
        """The cards of one enumerated board."""
        return tuple(DECK[int(c)] for c in self.boards.cards(np.array([column]))[:, 0])

    def shares(self, players: Sequence[int] | None = None) -> tuple[Fraction, ...]:
        """Each of ``players``' (indices into the holes, all by default) exact share of a pot
        that only they contest, over all boards: a board's pot (or each half of it, when a
        low qualifies) is split evenly among the best hands."""
        return split_shares(self.high, self.low, players)


def split_shares(
    high: I16, low: I16 | None, players: Sequence[int] | None, weights: I64 | None = None
) -> tuple[Fraction, ...]:
    """The shares of :meth:`Runouts.shares` from ranked boards, each column counting once
    or (``weights``) for that many boards that rank alike."""
    chosen = list(range(len(high))) if players is None else list(players)
    if not chosen:
        return ()
    size = len(chosen)
    unit = lcm(*range(1, size + 1))  # a board is worth 2 * unit: halves split evenly
    high = high[chosen]
    winners = high == high.max(axis=0)
    ways = winners.sum(axis=0, dtype=np.int8)
    # (boards, value of each) by how many split the high and whether a low took half.
    high_parts: list[tuple[np.ndarray, int]] = []
    low_parts: list[tuple[np.ndarray, int]] = []
    low_winners = winners  # unused unless a low can take half
    if low is None:
        high_parts = [(ways == k, 2 * unit // k) for k in range(1, size + 1)]
    else:
        low = low[chosen]
        best_low = low.max(axis=0)
        halved = best_low > 0
        low_winners = (low == best_low) & halved
        low_ways = low_winners.sum(axis=0, dtype=np.int8)
        for k in range(1, size + 1):
            split = ways == k
            high_parts += [(split & ~halved, 2 * unit // k), (split & halved, unit // k)]
            low_parts.append((low_ways == k, unit // k))
    count = high.shape[1] if weights is None else int(weights.sum())

    def boards(mask: np.ndarray) -> int:
        if weights is None:
            return int(np.count_nonzero(mask))
        return int(weights.sum(where=mask))

    out = []
    for p in range(size):
        total = sum(boards(winners[p] & part) * value for part, value in high_parts)
        total += sum(boards(low_winners[p] & part) * value for part, value in low_parts)
        out.append(Fraction(total, 2 * unit * count))
    return tuple(out)


def _checked(
    holes: Sequence[Sequence[Card]],
    board: Sequence[Card],
    dead: Sequence[Card],
    evaluator: EquityEvaluator,
) -> set[int]:
    """The indices of every card out of the deck, once the spot is checked: hands of the
    evaluator's sizes, a board of at most five, no card twice."""
    if not holes:
        raise ValueError("equity needs at least one hand")
    for hole in holes:
        if len(hole) not in evaluator.hole_sizes:
            sizes = " or ".join(map(str, evaluator.hole_sizes))
            raise ValueError(
                f"{evaluator.name} takes {sizes} hole cards, got {len(hole)}: "
                f"{' '.join(c.text for c in hole)!r}"
            )
    if len(board) > BOARD_SIZE:
        raise ValueError(f"a board has at most {BOARD_SIZE} cards, got {len(board)}")
    seen: set[int] = set()
    for card in [*(c for h in holes for c in h), *board, *dead]:
        if card.index in seen:
            raise ValueError(f"card {card} appears twice")
        seen.add(card.index)
    return seen


def _remaining(seen: set[int], to_come: int) -> I64:
    """The cards left in the deck, ascending, once there are enough of them."""
    remaining = np.array([i for i in range(52) if i not in seen], dtype=np.int64)
    if len(remaining) < to_come:
        raise ValueError(f"{len(remaining)} cards left, {to_come} needed to complete the board")
    return remaining


def runouts(
    holes: Sequence[Sequence[Card]],
    board: Sequence[Card] = (),
    dead: Sequence[Card] = (),
    *,
    evaluator: EquityEvaluator = HOLDEM_HIGH,
) -> Runouts:
    """Rank every player's hand on every completion of ``board`` from the cards not in
    ``holes``, ``board`` or ``dead`` (known cards out of play, e.g. a folded hand shown)."""
    seen = _checked(holes, board, dead, evaluator)
    to_come = BOARD_SIZE - len(board)
    remaining = _remaining(seen, to_come)
    table = tb.combinations_table(to_come)[:, : comb(len(remaining), to_come)]
    boards = Boards(tuple(c.index for c in board), remaining, table)
    high, low = rank_boards([[c.index for c in h] for h in holes], boards, evaluator)
    return Runouts(boards, high, low)


def rank_boards(
    cards: Sequence[Sequence[int]], boards: Boards, evaluator: EquityEvaluator
) -> tuple[I16, I16 | None]:
    """``evaluator.rank`` of every board, a chunk at a time: the temporaries stay in cache
    (and out of fresh pages)."""
    count = boards.count
    high = np.empty((len(cards), count), dtype=np.int16)
    low = np.empty((len(cards), count), dtype=np.int16) if evaluator.hi_lo else None
    for start in range(0, count, CHUNK):
        part = Boards(boards.known, boards.remaining, boards.table[:, start : start + CHUNK])
        part_high, part_low = evaluator.rank(cards, part)
        high[:, start : start + CHUNK] = part_high
        if low is not None and part_low is not None:
            low[:, start : start + CHUNK] = part_low
    return high, low


@dataclass(frozen=True, slots=True)
class HeadsUpCounts:
    """A heads-up spot's outcomes counted over every board (the shipped pre-flop table):
    what :class:`Runouts` gives for two players, without ranking a board."""

    #: Boards each of the two hands wins outright.
    wins: tuple[int, int]
    ties: int

    @property
    def count(self) -> int:
        return self.wins[0] + self.wins[1] + self.ties

    def shares(self, players: Sequence[int] | None = None) -> tuple[Fraction, ...]:
        """As :meth:`Runouts.shares`: each chosen hand's wins and half its ties."""
        chosen = [0, 1] if players is None else list(players)
        if len(chosen) < 2:
            return (Fraction(1),) * len(chosen)
        return tuple(Fraction(2 * self.wins[p] + self.ties, 2 * self.count) for p in chosen)


def _from_table(
    holes: Sequence[Sequence[Card]],
    board: Sequence[Card],
    dead: Sequence[Card],
    evaluator: EquityEvaluator,
) -> HeadsUpCounts | None:
    """The table's counts when they are the spot's: hold'em, two hands, no board yet and
    nothing else out of the full deck (a dead card changes the boards); else None."""
    if evaluator is not HOLDEM_HIGH or len(holes) != 2 or board or dead:
        return None
    first, second = ([c.index for c in hole] for hole in holes)
    wins_first, wins_second, ties = tb.heads_up_preflop_counts(first, second)
    return HeadsUpCounts((wins_first, wins_second), ties)


def outcomes(
    holes: Sequence[Sequence[Card]],
    board: Sequence[Card] = (),
    dead: Sequence[Card] = (),
    *,
    evaluator: EquityEvaluator = HOLDEM_HIGH,
    table: bool = True,
) -> Runouts | HeadsUpCounts | GroupedRunouts:
    """What the pot shares are computed from: a heads-up pre-flop hold'em spot with no dead
    card is looked up in the shipped table (exact counts over the 1,712,304 boards, made by
    this module's own ranker), any other pre-flop spot counted by board rank multiset
    (:mod:`analytics.equity.grouped`), a flop or turn spot, or any with ``table=False``,
    enumerated board by board by :func:`runouts`. All give the same ``count`` and
    ``shares``."""
    seen = _checked(holes, board, dead, evaluator)
    if not table:
        return runouts(holes, board, dead, evaluator=evaluator)
    counted = _from_table(holes, board, dead, evaluator)
    if counted is not None:
        return counted
    if board:
        return runouts(holes, board, dead, evaluator=evaluator)
    from analytics.equity.grouped import grouped_runouts  # it builds on this module

    remaining = _remaining(seen, BOARD_SIZE)
    return grouped_runouts([[c.index for c in h] for h in holes], remaining, evaluator)


def equities(
    holes: Sequence[Sequence[Card]],
    board: Sequence[Card] = (),
    dead: Sequence[Card] = (),
    *,
    evaluator: EquityEvaluator = HOLDEM_HIGH,
    table: bool = True,
) -> list[Fraction]:
    """Each hand's exact share of a pot they all contest, when ``board`` is completed from
    the remaining deck in every possible way; the shares sum to 1 (:func:`outcomes`)."""
    return list(outcomes(holes, board, dead, evaluator=evaluator, table=table).shares())
