"""A slow, obviously correct equity enumerator for checking the vectorised one: every board
dealt with ``itertools.combinations``, every hand ranked by
``replayer.evaluation.evaluator``, the pot split with ``Fraction`` by the rules as RULES.md
S1-S3 state them."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

import numpy as np

from analytics.equity import tables as tb
from analytics.equity.exact import BOARD_SIZE, Boards
from analytics.equity.tables import I16
from parser.model.cards import DECK, Card
from replayer.evaluation.evaluator import rank_high, rank_omaha_high, rank_omaha_low8


def reference_equities(
    holes: Sequence[Sequence[Card]],
    board: Sequence[Card] = (),
    dead: Sequence[Card] = (),
    game: str = "holdem",
) -> list[Fraction]:
    """``game``: "holdem", "omaha" or "omaha8" (hi/lo, eight or better)."""
    used = {c for h in holes for c in h} | set(board) | set(dead)
    rest = [c for c in DECK if c not in used]
    totals = [Fraction(0)] * len(holes)
    count = 0
    for extra in combinations(rest, 5 - len(board)):
        full = [*board, *extra]
        count += 1
        if game == "holdem":
            high = [rank_high([*h, *full]) for h in holes]
        else:
            high = [rank_omaha_high(h, full) for h in holes]
        lows = [rank_omaha_low8(h, full) for h in holes] if game == "omaha8" else []
        winners = [i for i, v in enumerate(high) if v == max(high)]
        qualified = [v for v in lows if v is not None]
        if qualified:
            low_winners = [i for i, v in enumerate(lows) if v == max(qualified)]
            for i in winners:
                totals[i] += Fraction(1, 2 * len(winners))
            for i in low_winners:
                totals[i] += Fraction(1, 2 * len(low_winners))
        else:
            for i in winners:
                totals[i] += Fraction(1, len(winners))
    return [t / count for t in totals]


def omaha_by_triples(
    holes: Sequence[Sequence[int]], boards: Boards, low: bool
) -> tuple[I16, I16 | None]:
    """``analytics.equity.exact._omaha`` as it was first written (until issue 11): each of the ten
    board triples of every board ranked against each player's six pairs. The per-board
    tables that replaced it must give the same values on every board."""
    n = boards.count
    cards = boards.cards()
    ranks, suits = cards >> 2, cards & 3
    triple_id, pair_id, values = tb.omaha_tables()
    by_triple = values.reshape(len(values) // 91, 91)
    flushes, low_five = tb.flush_table(), tb.low8_five()
    triples = []
    for a, b, c in combinations(range(BOARD_SIZE), 3):
        ids = triple_id[ranks[a] * 169 + ranks[b] * 13 + ranks[c]]
        same = (suits[a] == suits[b]) & (suits[b] == suits[c])
        suit = np.where(same, suits[a], -1)
        mask = tb.CARD_RANK_BIT[cards[a]] | tb.CARD_RANK_BIT[cards[b]] | tb.CARD_RANK_BIT[cards[c]]
        lows = tb.CARD_LOW8_BIT[cards[a]] | tb.CARD_LOW8_BIT[cards[b]] | tb.CARD_LOW8_BIT[cards[c]]
        triples.append((ids, suit, mask, lows))
    high = np.empty((len(holes), n), dtype=np.int16)
    lows_out = np.empty((len(holes), n), dtype=np.int16) if low else None
    every_mask = np.arange(256)
    for p, hole in enumerate(holes):
        pairs = list(combinations(hole, 2))
        # Per player, the best non-flush value for each triple multiset (455 entries) and the
        # best low for each triple low mask (256): one small lookup per board triple.
        by_pair = by_triple[:, [pair_id[(x >> 2) * 13 + (y >> 2)] for x, y in pairs]].max(axis=1)
        suited: dict[int, list[int]] = {}
        for x, y in pairs:
            if x & 3 == y & 3:
                suited.setdefault(x & 3, []).append((1 << (x >> 2)) | (1 << (y >> 2)))
        best = np.zeros(n, dtype=np.int16)
        for ids, suit, mask, _ in triples:
            np.maximum(best, by_pair[ids], out=best)
            for s, masks in suited.items():
                rows = np.flatnonzero(suit == s)
                for m in masks:
                    best[rows] = np.maximum(best[rows], flushes[mask[rows] | m])
        high[p] = best
        if lows_out is not None:
            low_pairs = [
                int(tb.CARD_LOW8_BIT[x] | tb.CARD_LOW8_BIT[y])
                for x, y in pairs
                if int(tb.CARD_LOW8_BIT[x] | tb.CARD_LOW8_BIT[y]).bit_count() == 2
            ]
            by_mask = np.zeros(256, dtype=np.int16)
            for m in low_pairs:
                np.maximum(by_mask, low_five[every_mask | m], out=by_mask)
            best_low = np.zeros(n, dtype=np.int16)
            for _, _, _, lows in triples:
                np.maximum(best_low, by_mask[lows], out=best_low)
            lows_out[p] = best_low
    return high, lows_out
