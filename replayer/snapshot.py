"""Snapshots of a hand in progress for the replay viewer: ``HandState`` after each event.

Two views of the pot. ``pots`` is every chip put in, split as if the round ended now (the
terminal narration prints it at the end of each street). ``formed_pots`` is what a dealer
has on the felt: only the chips of closed rounds, one pot while no live player is all-in,
and main and side pots (B10) only once a player is all-in *and* the round that made them is
closed. Bets still in front of players are in no pot: two blinds are not a side pot. The
viewer draws ``formed_pots`` and the bets apart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from replayer.amounts import spell
from replayer.betting import MAX_RAISE_TO, MIN_RAISE_TO, may_raise, to_call
from replayer.settlement.pots import side_pots
from replayer.state import HandState, LegalActions, Pot, SeatState

if TYPE_CHECKING:
    from replayer.engine import HandReplay


def snapshot(play: HandReplay) -> HandState:
    """The state now, with the legal actions of the player to act (for the viewer).

    The legal actions come from the same checks the engine enforces (``betting.py``).
    """
    rnd = play.rnd
    actor = play.next_to_act()
    legal = None
    if actor is not None:
        play.set_cover(actor)
        reason = may_raise(rnd, actor)
        low = high = None
        if reason is None:
            stack_total = actor.bet + actor.stack
            low = min(MIN_RAISE_TO[rnd.betting](rnd, actor), stack_total)
            high = min(MAX_RAISE_TO[rnd.betting](rnd, actor), stack_total)
        legal = LegalActions(
            player=actor.name,
            can_fold=True,
            can_check=actor.bet >= rnd.current_bet,
            call_amount=to_call(rnd, actor),
            min_raise_to=low,
            max_raise_to=high,
        )
    live = {a.name for a in play.live_actors()}
    dead = play.dead_blinds  # F1: the main pot's from the start, nobody's level (B10)
    gathered = {a.name: a.invested - a.bet - dead.get(a.name, 0) for a in play.order}
    levels = {a.name: a.invested - dead.get(a.name, 0) for a in play.order}
    ledger = play.ledger
    stud = bool(play.spec.streets[0].hole_up)
    note = play.note
    return HandState(
        street=rnd.street,
        seats=tuple(
            SeatState(
                seat=a.seat,
                name=a.name,
                stack=a.stack,
                bet=a.bet,
                invested=a.invested,
                cards=ledger.down_cards(a.name) if stud else play.cards.get(a.name, ()),
                folded=a.folded,
                all_in=a.all_in,
                dealt_in=a.dealt_in,
                up=ledger.up_cards(a.name),
                down_cards=(
                    ledger.hand_size.get(a.name, 0) - len(ledger.up_cards(a.name))
                    if stud else None
                ),
                threw=play.draws[a.name][-1][0] if a.name in play.draws else None,
                drew=play.draws[a.name][-1][0] if a.name in play.draws else None,
            )
            for a in sorted(play.order, key=lambda a: a.seat)
        ),
        boards=tuple(tuple(b) for b in play.boards),
        pot=play.pot,
        pots=side_pots(levels, live, sum(dead.values())),
        current_bet=rnd.current_bet,
        to_act=actor.name if actor else None,
        legal=legal,
        note=spell(note, play.hand) if note else note,  # the hand's money: '$2.10'
        formed_pots=formed_pots(
            gathered, live, play.pot, any(a.all_in for a in play.order if a.name in live)
        ),
    )


def formed_pots(
    gathered: dict[str, int], live: set[str], pot: int, all_in: bool
) -> tuple[Pot, ...]:
    """The pots on the felt: ``gathered`` is each player's chips of closed rounds, ``pot``
    their sum plus any money from outside the players (it goes to the main pot).

    Nobody all-in: one pot, whatever the blinds and bets in front of players (B10 forms
    side pots only for a player all-in for less).

    >>> formed_pots({"A": 0, "B": 0}, {"A", "B"}, 0, False)
    ()
    >>> [(p.amount, p.eligible) for p in formed_pots({"A": 2, "B": 2}, {"A", "B"}, 4, False)]
    [(4, ('A', 'B'))]

    A all-in for 100 on an earlier street, B and C matched it and more:

    >>> pots = formed_pots({"A": 100, "B": 300, "C": 300}, {"A", "B", "C"}, 700, True)
    >>> [(p.amount, p.eligible) for p in pots]
    [(300, ('A', 'B', 'C')), (400, ('B', 'C'))]
    """
    if not pot:
        return ()
    eligible = tuple(name for name in gathered if name in live)
    if not all_in:
        return (Pot(amount=pot, eligible=eligible),)
    pots = list(side_pots(gathered, live))
    extra = pot - sum(gathered.values())
    if extra and pots:
        pots[0] = Pot(amount=pots[0].amount + extra, eligible=pots[0].eligible)
    return tuple(pots) or (Pot(amount=pot, eligible=eligible),)
