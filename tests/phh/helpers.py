"""Shared by the PHH tests: pokerkit's final stacks for a PHH text, ours for a hand."""

from __future__ import annotations

from decimal import Decimal

from parser.model.hand import ParsedHand
from replayer.result import ReplayResult


def pokerkit_stacks(text: str, unit: int) -> list[int]:
    """The final stacks pokerkit computes from PHH ``text``, in minor units, by player."""
    from pokerkit import HandHistory

    def value(raw: str) -> int | Decimal:
        return int(raw) if raw.isdigit() else Decimal(raw)

    history = HandHistory.loads(text, parse_value=value)
    *_, state = history
    return [int(Decimal(stack) * unit) for stack in state.stacks]


def our_stacks(hand: ParsedHand, result: ReplayResult, *, before_rake: bool = False) -> list[int]:
    """Our final stacks in the order of the hand's seat list (PHH's player order)."""
    by_name = {p.name: p for p in result.players}
    stacks = []
    for seat in hand.seats:
        p = by_name[seat.name]
        stacks.append(
            p.starting_stack
            - p.invested
            + p.collected
            + p.cashed_out
            + (p.rake_paid if before_rake else 0)
        )
    return stacks
