"""The players' betting actions: fold, check, call, bet, raise, and stud's completion.

Every action first passes ``HandReplay.act`` (it is this player's turn, B3/B4), then the
structure's checks in ``betting.py`` (B1-B9); the same checks build the viewer's legal
actions, so what is enforced and what is offered cannot drift apart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parser.model import events as ev
from parser.model.games import Betting
from replayer.betting import Illegal, Mismatch, check_call, check_check, check_raise_to, chips
from replayer.handlers import HandlerTable, handles
from replayer.result import Decision

if TYPE_CHECKING:
    from replayer.betting import Actor
    from replayer.engine import HandReplay

#: Enum members read once: reading one from its class goes through the enum's metaclass
#: (about 0.35 us), and the hot path asks for them at every event.
_FIXED_LIMIT = Betting.FIXED_LIMIT


def on_fold(play: HandReplay, event: ev.Fold) -> None:
    forced = play.actors.get(event.player)  # None: ``act`` says he is not seated (D2)
    if (
        forced is not None
        and forced.all_in
        and not forced.acted
        and not forced.folded
        and play.street_index == 0
    ):
        # A player all-in on his blind or ante who sits out is folded by the site: he
        # gives up the pot, his chips stay in it (PokerStars logs this as a fold).
        forced.folded = True
        play.live_count -= 1
        play.folded_on[forced.name] = play.rnd.street
        play.note = f"{forced.name}, all-in on a forced bet, is folded: his chips stay in"
        return
    actor = play.act(event)
    if event.cards:
        play.know(actor.name, event.cards)
    play.fold(actor)
    play.acted(actor)


def on_check(play: HandReplay, event: ev.Check) -> None:
    actor = play.act(event)
    if play.owed > 0:  # ``act`` worked out the call: ``check_check`` only to raise B2
        check_check(play.rnd, actor)
    play.acted(actor)


def on_call(play: HandReplay, event: ev.Call) -> None:
    actor = play.act(event)
    owed = play.owed  # ``to_call`` as ``act`` found it: ``check_call`` only to raise
    if owed <= 0 or event.amount != owed:
        check_call(play.rnd, actor, event.amount)
    play.pay(actor, event.amount, live=True)
    if event.all_in and actor.stack:
        _check_all_in_flag(actor, event.all_in)  # raises B1
    play.acted(actor)


def on_bet(play: HandReplay, event: ev.Bet) -> None:
    actor = play.act(event)
    rnd = play.rnd
    if rnd.current_bet and not (rnd.bets == 0 and play.anchor is not None):
        raise Illegal(
            "B1", f"{actor.name} cannot bet: there is already a bet of {chips(rnd.current_bet)}"
        )
    # A "bet" over a stud bring-in is its completion (B7): the log's amount is the total.
    total = event.amount if rnd.current_bet else actor.bet + event.amount
    raise_to(play, actor, total, event.all_in)


def on_raise(play: HandReplay, event: ev.RaiseTo) -> None:
    actor = play.act(event)
    rnd = play.rnd
    if not rnd.current_bet:
        raise Illegal("B1", f"{actor.name} cannot raise: nothing has been bet (bet instead)")
    if event.by is not None and event.by != event.amount - rnd.current_bet:
        play.diagnostics.append(
            f"event #{play.index}: raise increment written as {chips(event.by)}, "
            f"engine computes {chips(event.amount - rnd.current_bet)}"
        )
    raise_to(play, actor, event.amount, event.all_in or event.capped)


def on_complete(play: HandReplay, event: ev.Complete) -> None:
    """Stud: the bring-in completed to a full small bet, the first bet of the four (B7)."""
    actor = play.act(event)
    rnd = play.rnd
    if rnd.bets:
        raise Illegal("B7", f"{actor.name} cannot complete: the bet is already complete")
    raise_to(play, actor, event.amount, event.all_in)


def raise_to(play: HandReplay, actor: Actor, total: int, all_in: bool) -> None:
    rnd = play.rnd
    cap = play.hand.stakes.cap
    if cap is not None and actor.invested - actor.bet + total >= cap:
        # Capped no limit: reaching the cap is like going all-in for the hand.
        actor.stack = min(actor.stack, total - actor.bet)
    if play.spec.open_pair_street:  # fixed-limit stud only: no call for the others
        _open_pair_option(play, total)
    full = check_raise_to(rnd, actor, total, all_in=all_in)
    decisions = play.decisions
    # The decision recorded by ``act`` learns whether the raise was full (B8); a
    # NamedTuple's ``_replace`` costs several times this.
    decisions[-1] = _tuple_new(Decision, (*decisions[-1][:7], full))
    previous = rnd.current_bet
    play.pay(actor, total - actor.bet, live=True)
    _check_all_in_flag(actor, all_in)
    completes = rnd.betting is _FIXED_LIMIT and previous < rnd.level == total
    if completes:
        # B7: the bet is completed to the level a short all-in reached: no new bet.
        play.note = f"{actor.name} completes the bet to {chips(total)} (B7)"
    elif full:
        if rnd.betting is _FIXED_LIMIT:
            rnd.level += rnd.bet_unit
        else:
            rnd.min_increment = max(total - previous, rnd.bet_unit)
        rnd.bets += 1
        if rnd.max_bets is not None and rnd.bets >= rnd.max_bets and not rnd.capped:
            heads_up = sum(1 for a in play.live_actors() if not a.all_in) <= 2
            rnd.capped = not heads_up
            play.note = (
                "the pot is heads-up: no cap on raises (B7)"
                if heads_up
                else f"the betting is capped at {rnd.max_bets} bets (B7)"
            )
    else:
        play.note = (
            f"{actor.name}'s all-in is not a full raise: players who already acted "
            "may only call or fold (B8)"
        )
    rnd.current_bet = total
    play.acted(actor)


def _open_pair_option(play: HandReplay, total: int) -> None:
    """B7: on 4th street a player showing an open pair may bet the big bet; once the big
    bet is made, the round is played in big bets."""
    rnd = play.rnd
    spec = play.spec
    if (
        rnd.betting is not _FIXED_LIMIT
        or not spec.open_pair_street
        or rnd.street != spec.open_pair_street
        or rnd.bet_unit == play.hand.stakes.big
    ):
        return
    big = play.hand.stakes.big
    base = rnd.current_bet if rnd.bets else 0
    if total - base != big or not _open_pair_showing(play):
        return
    rnd.bet_unit = rnd.min_increment = big
    play.note = "an open pair on 4th street: the big bet is allowed (B7)"


def _open_pair_showing(play: HandReplay) -> bool:
    for actor in play.live_actors():
        ranks = [c.rank for c in play.ledger.up_cards(actor.name)]
        if len(ranks) != len(set(ranks)):
            return True
    return False


_tuple_new = tuple.__new__


def _check_all_in_flag(actor: Actor, claimed: bool) -> None:
    if claimed and actor.stack:
        raise Mismatch("B1", f"{actor.name} is said to be all-in but has {chips(actor.stack)} left")


HANDLERS: HandlerTable = dict(
    [
        handles(ev.Fold, on_fold),
        handles(ev.Check, on_check),
        handles(ev.Call, on_call),
        handles(ev.Bet, on_bet),
        handles(ev.RaiseTo, on_raise),
        handles(ev.Complete, on_complete),
    ]
)
