"""A slow, obviously correct equity enumerator for checking the vectorised one: every board
dealt with ``itertools.combinations``, every hand ranked by ``replayer.evaluator``, the pot
split with ``Fraction`` by the rules as RULES.md S1-S3 state them."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

from parser.model.cards import DECK, Card
from replayer.evaluator import rank_high, rank_omaha_high, rank_omaha_low8


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
