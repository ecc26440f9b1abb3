"""Tournament money: prize pool and payouts (RULES.md T4), and each player's result.

Amounts are ints in the smallest unit of the tournament's currency. A player's cost is
every entry (the first and each re-entry) at buy-in + bounty + fee, plus what his rebuys
and add-ons cost; his prize is his place's prize plus the bounties he won; profit is prize
minus cost, ROI profit over cost, ITM whether his place was paid (a ticket counts).

>>> prize_pool(10, 1000)
10000
>>> rule_book_payouts(10, 10000), rule_book_payouts(6, 6000)
((5000, 3000, 2000), (4500, 1500))
>>> share_tied((3000, 2000), 2)
(2500, 2500)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from analytics.tournaments.icm import icm_equities

#: T4's examples as shares of the prize pool, by field size: 10 players 50/30/20,
#: 6 players 75/25 (a smaller field pays its winner; larger ones follow the site).
RULE_BOOK_SHARES: tuple[tuple[range, tuple[int, ...]], ...] = (
    (range(1, 4), (100,)),
    (range(4, 7), (75, 25)),
    (range(7, 11), (50, 30, 20)),
)


def prize_pool(entries: int, buy_in: int, added: int = 0) -> int:
    """T4: the buy-ins that go to the prize pool (the fee is the room's), plus money added."""
    return entries * buy_in + added


def rule_book_payouts(entrants: int, pool: int) -> tuple[int, ...] | None:
    """The payouts of T4's examples for this field, None beyond them. Rounding cents go
    to the winner, so the payouts always add up to the pool."""
    for sizes, shares in RULE_BOOK_SHARES:
        if entrants in sizes:
            prizes = [pool * share // 100 for share in shares]
            prizes[0] += pool - sum(prizes)
            return tuple(prizes)
    return None


def share_tied(prizes: Sequence[int], tied: int) -> tuple[int, ...]:
    """T3: ``tied`` players share the prizes of the places they tie for equally; an odd
    unit goes to the first listed (the better seat of the split, as S4's odd chip)."""
    total = sum(prizes)
    each, odd = divmod(total, tied)
    return tuple(each + (1 if k < odd else 0) for k in range(tied))


def place_prizes(payouts: Sequence[int], places: Iterable[int]) -> dict[int, int]:
    """Prize of each place given, ties (the same place more than once) sharing (T3)."""
    counts: dict[int, int] = {}
    for place in places:
        counts[place] = counts.get(place, 0) + 1
    prizes: dict[int, int] = {}
    for place, tied in counts.items():
        span = [payouts[p - 1] if p - 1 < len(payouts) else 0 for p in range(place, place + tied)]
        shares = share_tied(span, tied)
        prizes[place] = shares[0]
    return prizes


@dataclass(frozen=True, slots=True, kw_only=True)
class Entry:
    """What one player put in and took out of one tournament."""

    buy_in: int
    bounty: int = 0
    fee: int = 0
    entries: int = 1
    #: Rebuys and add-ons, in all.
    extra_cost: int = 0
    prize: int = 0
    bounties_won: int = 0
    #: A paid place whose prize is not money (a ticket), or money.
    in_the_money: bool = False

    @property
    def cost(self) -> int:
        return self.entries * (self.buy_in + self.bounty + self.fee) + self.extra_cost

    @property
    def won(self) -> int:
        return self.prize + self.bounties_won

    @property
    def profit(self) -> int:
        return self.won - self.cost


@dataclass(frozen=True, slots=True)
class Totals:
    tournaments: int
    cost: int
    won: int
    profit: int
    #: Profit over cost (None when nothing was paid: freerolls).
    roi: Fraction | None
    itm: Fraction | None


def totals(entries: Sequence[Entry]) -> Totals:
    """ROI and ITM over a player's tournaments (one currency)."""
    cost = sum(e.cost for e in entries)
    won = sum(e.won for e in entries)
    itm = Fraction(sum(e.in_the_money for e in entries), len(entries)) if entries else None
    roi = Fraction(won - cost, cost) if cost else None
    return Totals(len(entries), cost, won, won - cost, roi, itm)


def icm_change(
    before: Sequence[int], after: Sequence[int], expected: Sequence[int], payouts: Sequence[int]
) -> tuple[list[Fraction], list[Fraction]]:
    """An all-in's result in money: each player's ICM change as it fell (``after``) and as
    expected (``expected``: his stack plus his all-in chip EV), from ``before``.

    The expected change is the ICM of the expected stacks: exact for the chip count, an
    approximation in money (ICM is not linear) that trackers also use.
    """
    base = icm_equities(before, payouts)
    actual = icm_equities(after, payouts)
    hoped = icm_equities([max(0, s) for s in expected], payouts)
    return ([a - b for a, b in zip(actual, base, strict=True)],
            [h - b for h, b in zip(hoped, base, strict=True)])  # fmt: skip
