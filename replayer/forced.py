"""Forced bets: antes, blinds and straddles, and stud's bring-in (RULES.md F1-F4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parser.model import events as ev
from replayer import order
from replayer.betting import Actor, Illegal, Mismatch, chips
from replayer.handlers import HandlerTable, handles

if TYPE_CHECKING:
    from replayer.engine import HandReplay

#: Enum members read once: reading one from its class goes through the enum's metaclass
#: (about 0.35 us), and the hot path asks for them at every event.
_SMALL, _BIG, _DEAD = ev.Blind.SMALL, ev.Blind.BIG, ev.Blind.DEAD
_SMALL_AND_BIG, _BUTTON, _STRADDLE = ev.Blind.SMALL_AND_BIG, ev.Blind.BUTTON, ev.Blind.STRADDLE


def on_ante(play: HandReplay, event: ev.PostAnte) -> None:
    actor = play.actor_named(event.player)
    play.pay(actor, event.amount, live=False)


def on_blind(play: HandReplay, event: ev.PostBlind) -> None:
    actor = play.actor_named(event.player)
    rnd = play.rnd
    if play.street_index or play.last_actor is not None:
        raise Illegal("F1", f"{actor.name} posts a blind after the betting started")
    kind = event.blind
    if kind is _SMALL and play.big_posted:
        # A small blind posted after the big blind is a newcomer's dead blind: it goes
        # to the pot and does not count toward his bet (he still owes the big blind).
        kind = _DEAD
    if kind is _DEAD:
        _pay_dead(play, actor, event.amount)
        return
    if kind is _SMALL_AND_BIG:
        live = min(event.amount, play.big_blind)
        _pay_dead(play, actor, event.amount - live)
        play.pay(actor, live, live=True)
    else:
        play.pay(actor, event.amount, live=True)
    previous = rnd.current_bet
    if kind is _BUTTON and not play.big_posted:
        # 6+ Hold'em: the button's blind is the only blind; action starts to its left.
        play.big_posted = True
        play.anchor = actor
        rnd.current_bet = max(previous, actor.bet)
        rnd.bets = 1
    elif kind is _BIG and not play.big_posted:
        play.big_posted = True
        play.anchor = actor
        rnd.current_bet = max(previous, actor.bet, play.big_blind)
        rnd.bets = 1
    elif kind is _STRADDLE or (play.big_posted and actor.bet > previous):
        # F3: a straddle (or a big blind posted above the blind, as PokerMaster writes
        # straddles) is a blind raise: action starts left of it, raises double it.
        play.anchor = actor
        rnd.current_bet = actor.bet
        rnd.min_increment = actor.bet
        rnd.bets += 1
        play.note = f"{actor.name} straddles: action starts to his left (F3)"
    else:
        rnd.current_bet = max(previous, actor.bet)
    rnd.level = max(rnd.level, rnd.current_bet)


def _pay_dead(play: HandReplay, actor: Actor, amount: int) -> None:
    play.pay(actor, amount, live=False)
    dead = play.dead_blinds
    dead[actor.name] = dead.get(actor.name, 0) + amount


def on_bring_in(play: HandReplay, event: ev.BringIn) -> None:
    """F4: the lowest up-card (razz: the highest) opens 3rd street with the bring-in.

    The bring-in is a forced bet, not a bet of the four (B7): it leaves the round's bet
    count at zero, so the next raise is the completion to the small bet. Its player has
    acted: if everyone just calls, the round is over (he has no option, unlike a blind).
    """
    actor = play.actor_named(event.player)
    if play.street_index or play.last_actor is not None or play.anchor is not None:
        raise Illegal("F4", f"{actor.name} brings in after the betting started")
    due = order.bring_in(play)
    if due is not None and due is not actor:
        raise Illegal("F4", f"{actor.name} brings in, but the bring-in is {due.name}'s")
    rnd = play.rnd
    stated = play.hand.stakes.bring_in
    if event.amount > rnd.bet_unit:
        raise Mismatch("F4", f"a bring-in of {chips(event.amount)} is more than the small bet")
    if stated is not None and event.amount != stated and event.amount != actor.stack:
        raise Illegal(
            "F4", f"{actor.name} brings in {chips(event.amount)}, the bring-in is {chips(stated)}"
        )
    play.pay(actor, event.amount, live=True)
    play.anchor = actor
    rnd.current_bet = actor.bet
    play.acted(actor)
    actor.acted_at = 0  # the completion reopens the betting for him (B8)
    play.note = f"{actor.name} brings in for {chips(event.amount)} (F4)"


HANDLERS: HandlerTable = dict(
    [
        handles(ev.PostAnte, on_ante),
        handles(ev.PostBlind, on_blind),
        handles(ev.BringIn, on_bring_in),
    ]
)
