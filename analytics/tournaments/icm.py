"""ICM: what a stack is worth in money over the payouts still to be won.

The Malmuth-Harville model: a player finishes first with probability stack / total chips;
given who finished first, the next place is drawn the same way among the others, and so
on. A player's equity is the sum over places of P(place) x prize. Exact (``Fraction``),
memoised over the set of players left, so a final table of 10 is 1,024 states.

>>> [str(e) for e in icm_equities([50, 30, 20], [70, 30])]
['1265/28', '129/4', '158/7']
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache

#: More players than this at once and the exact model is too slow (2^n states).
MAX_PLAYERS = 16


def icm_equities(stacks: Sequence[int | Fraction], payouts: Sequence[int]) -> list[Fraction]:
    """Each player's equity, in the payouts' unit; a stack of 0 is worth nothing."""
    if len(stacks) > MAX_PLAYERS:
        raise ValueError(f"ICM of {len(stacks)} players: at most {MAX_PLAYERS}")
    if any(s < 0 for s in stacks):
        raise ValueError("a stack cannot be negative")
    prizes = tuple(payouts)
    chips = tuple(stacks)
    n = len(chips)

    @cache
    def places(left: int, place: int) -> tuple[Fraction, ...]:
        """Expected prize of each player from ``place`` on, with ``left`` (a bitmask)
        still to be placed."""
        if place >= len(prizes) or left == 0:
            return (Fraction(0),) * n
        total = sum(chips[i] for i in range(n) if left >> i & 1)
        result = [Fraction(0)] * n
        if total == 0:
            return tuple(result)
        for i in range(n):
            if not left >> i & 1 or chips[i] == 0:
                continue
            p = Fraction(chips[i], total)
            result[i] += p * prizes[place]
            rest = places(left & ~(1 << i), place + 1)
            for j in range(n):
                result[j] += p * rest[j]
        return tuple(result)

    return list(places((1 << n) - 1, 0))
