"""Immutable snapshots of a hand in progress, one per event, for the replay viewer."""

from __future__ import annotations

from dataclasses import dataclass

from parser.model.cards import Card


@dataclass(frozen=True, slots=True, kw_only=True)
class Pot:
    """A pot and the players who can win it (RULES.md B10)."""

    amount: int
    eligible: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatState:
    seat: int
    name: str
    stack: int
    #: Chips in front of the player in the current betting round.
    bet: int
    invested: int
    cards: tuple[Card, ...]
    folded: bool
    all_in: bool
    dealt_in: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class LegalActions:
    """What the player to act could do, from the same checks the engine enforces."""

    player: str
    can_fold: bool
    can_check: bool
    call_amount: int
    #: Smallest and largest legal total for a bet or raise this round; None if none allowed.
    min_raise_to: int | None
    max_raise_to: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class HandState:
    street: str
    seats: tuple[SeatState, ...]
    boards: tuple[tuple[Card, ...], ...]
    #: Chips gathered from earlier rounds (bets in front of players not included).
    pot: int
    #: The pots as they would stand if the round ended now (main first).
    pots: tuple[Pot, ...]
    current_bet: int
    to_act: str | None
    legal: LegalActions | None
    #: A sentence explaining a rule that applied at this event (side pot formed, ...).
    note: str = ""
