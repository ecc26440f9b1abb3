"""Snapshots of a hand in progress for the replay viewer: ``HandState`` after each event."""

from __future__ import annotations

from typing import TYPE_CHECKING

from replayer.betting import MAX_RAISE_TO, MIN_RAISE_TO, may_raise, to_call
from replayer.pots import side_pots
from replayer.state import HandState, LegalActions, SeatState

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
        play._set_cover(actor)
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
    live = {a.name for a in play._live()}
    return HandState(
        street=rnd.street,
        seats=tuple(
            SeatState(
                seat=a.seat,
                name=a.name,
                stack=a.stack,
                bet=a.bet,
                invested=a.invested,
                cards=play.cards.get(a.name, ()),
                folded=a.folded,
                all_in=a.all_in,
                dealt_in=a.dealt_in,
            )
            for a in sorted(play.order, key=lambda a: a.seat)
        ),
        boards=tuple(tuple(b) for b in play.boards),
        pot=play.pot,
        pots=side_pots({a.name: a.invested for a in play.order}, live),
        current_bet=rnd.current_bet,
        to_act=actor.name if actor else None,
        legal=legal,
        note=play.note,
    )
