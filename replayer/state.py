"""Immutable snapshots of a hand in progress, one per event, for the replay viewer."""

from __future__ import annotations

from dataclasses import dataclass

from parser.model.cards import Card


@dataclass(frozen=True, slots=True, kw_only=True)
class Pot:
    """A pot and the players who can win it (RULES.md B10)."""

    amount: int
    eligible: tuple[str, ...]
    #: The pot's parts when it is split between two hands, for display: ``(("hi", 151),
    #: ("lo", 150))`` in hi/lo (S3: the odd chip to the high half), one part per board in
    #: Split Hold'em; () when the pot goes to one hand.
    halves: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatState:
    seat: int
    name: str
    stack: int
    #: Chips in front of the player in the current betting round.
    bet: int
    invested: int
    #: The cards known to be in the player's hand (face down ones, and before stud's
    #: up cards had a field of their own, every one).
    cards: tuple[Card, ...]
    folded: bool
    all_in: bool
    dealt_in: bool
    #: Stud: the player's face-up cards, in the order dealt (everyone sees them).
    up: tuple[Card, ...] = ()
    #: How many cards the player holds face down, when the game's hole-card count does not
    #: say it (stud: 2, then 3 on seventh street); None: the table's usual count.
    down_cards: int | None = None
    #: Draw games, at the latest draw: how many cards the player threw and how many he
    #: drew (0 and 0: stood pat); None before the first draw.
    threw: int | None = None
    drew: int | None = None
    #: What the player has collected from the pot so far (the award steps of the viewer).
    won: int = 0


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
    #: Chips gathered from earlier rounds (bets in front of players not included); after
    #: the award steps of the viewer, what is left in the middle.
    pot: int
    #: The pots as they would stand if the round ended now (main first), bets in front of
    #: players included and no uncalled bet returned yet: every chip put in is in one of
    #: them (the terminal narration and the chip-conservation property read this).
    pots: tuple[Pot, ...]
    current_bet: int
    to_act: str | None
    legal: LegalActions | None
    #: A sentence explaining a rule that applied at this event (side pot formed, ...).
    note: str = ""
    #: The pots formed so far, as a dealer has them on the felt: the chips of closed
    #: rounds (``pot``), one pot while no live player is all-in, main and side pots (B10)
    #: once one is and the round that made them is closed. Bets in front of players are in
    #: none of them yet. This is what the viewer draws.
    formed_pots: tuple[Pot, ...] = ()
    #: Chips paid from the pot to players so far (the viewer's award steps).
    awarded: int = 0
    #: The hand is over and every pot awarded: stacks are final, ``pot`` is what the site
    #: kept (rake, jackpot, a cashed-out pot).
    settled: bool = False
