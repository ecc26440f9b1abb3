"""The end of the hand as the log tells it: returned bets, the showdown, the claims.

The engine pays nothing from these lines: ``settle.py`` forms the pots and awards them by
the rules, then checks every "collected" claim gathered here against its own figures.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parser.model import events as ev
from parser.model.errors import CancelledHand
from replayer.betting import Mismatch, chips
from replayer.handlers import HandlerTable, handles
from replayer.limits import check_amount
from replayer.settlement.pots import uncalled_excess

if TYPE_CHECKING:
    from replayer.engine import HandReplay


def on_uncalled(play: HandReplay, event: ev.UncalledBetReturned) -> None:
    actor = play.actor_named(event.player)
    excess = uncalled_excess({a.name: a.bet for a in play.order})
    if excess is None and play.auto_returned.get(actor.name) == event.amount:
        # A converted log that prints the return after the showdown: the engine returned
        # the bet when the round closed (B11); the late line says the same, once.
        del play.auto_returned[actor.name]
        said = f"B11: the log has no 'Uncalled bet' line for {chips(event.amount)} to {actor.name}"
        play.diagnostics[:] = [d for d in play.diagnostics if not d.startswith(said)]
        play.diagnostics.append(f"B11: the 'Uncalled bet' line for {actor.name} comes late")
        play.note = f"uncalled bet of {chips(event.amount)} returned to {actor.name} (B11)"
        return
    bet_part = excess[1] if excess is not None and excess[0] == actor.name else 0
    dead = _uncontested_dead(play, actor.name, bet_part) if bet_part or excess is None else 0
    if dead and event.amount == bet_part + dead:
        # An ante (or dead blind) nobody else could match: the rooms return it with the
        # uncalled bet, as one line; it is the side pot only he could win (B10, B11).
        if bet_part:
            play.give_back(actor, bet_part)
        actor.invested -= dead
        actor.stack += dead
        blind = play.dead_blinds.get(actor.name, 0)
        if blind:  # what came back no longer waits in the main pot
            play.dead_blinds[actor.name] = blind - min(blind, dead)
        play.pot -= dead
        play.rnd.pot -= dead
        play.note = (
            f"{chips(event.amount)} returned to {actor.name}: uncalled, antes included (B11)"
        )
        return
    if excess is None or excess != (actor.name, event.amount):
        what = f"{chips(excess[1])} to {excess[0]}" if excess else "nothing"
        raise Mismatch(
            "B11", f"{chips(event.amount)} returned to {actor.name}, but the uncalled bet is {what}"
        )
    play.give_back(actor, event.amount)


def _uncontested_dead(play: HandReplay, name: str, bet_part: int) -> int:
    """The part of ``name``'s dead money (antes, dead blinds) that, beside his uncalled
    ``bet_part``, is above what any other player put in the hand: nobody can win it."""
    actor = play.actors[name]
    dead = actor.invested - actor.bet
    if dead <= 0:
        return 0  # no chips of his from before this round (the usual uncalled raise)
    others = max([a.invested for a in play.order if a is not actor], default=0)
    return max(0, min(dead, actor.invested - others - bet_part))


def on_showdown(play: HandReplay, event: ev.ShowdownStart) -> None:
    play.showdown = True


def on_show(play: HandReplay, event: ev.Show) -> None:
    play.actor_named(event.player)
    play.know(event.player, event.cards)
    play.mucked.discard(event.player)


def on_muck(play: HandReplay, event: ev.Muck) -> None:
    play.actor_named(event.player)
    if event.cards:
        play.know(event.player, event.cards)
    play.mucked.add(event.player)


def on_collect(play: HandReplay, event: ev.Collect) -> None:
    play.actor_named(event.player)
    check_amount(event, event.amount)  # L1: no stack bounds what the log says was paid
    play.collects[event.player] = play.collects.get(event.player, 0) + event.amount
    play.collect_events.setdefault(event.player, event)
    if not event.whole:
        play.fractional.append(event)


def on_cash_out(play: HandReplay, event: ev.CashOut) -> None:
    play.actor_named(event.player)
    check_amount(event, event.amount)  # L1: the site's payout, outside the pot
    check_amount(event, event.fee)
    play.cash_outs[event.player] = play.cash_outs.get(event.player, 0) + event.amount
    play.cash_out_fees += event.fee


def on_pot_added(play: HandReplay, event: ev.PotAdded) -> None:
    check_amount(event, event.amount)  # L1: money from outside, bounded by no stack
    play.added += event.amount
    play.pot += event.amount
    play.rnd.pot += event.amount


def on_cancelled(play: HandReplay, event: ev.HandCancelled) -> None:
    raise CancelledHand(
        "the site cancelled the hand: no chips change hands",
        rule="E8",
        hand_id=play.hand.hand_id,
        event_index=play.index,
        event_kind=event.kind,
        line=event.line,
    )


def on_note(play: HandReplay, event: ev.Note) -> None:
    """Notes move nothing; a lost connection matters to the draw (C2)."""
    if event.player is None:
        return
    if event.note is ev.NoteKind.DISCONNECTED:
        play.disconnected.add(event.player)
    elif event.note is ev.NoteKind.CONNECTED:
        play.disconnected.discard(event.player)


HANDLERS: HandlerTable = dict(
    [
        handles(ev.UncalledBetReturned, on_uncalled),
        handles(ev.ShowdownStart, on_showdown),
        handles(ev.Show, on_show),
        handles(ev.Muck, on_muck),
        handles(ev.Collect, on_collect),
        handles(ev.CashOut, on_cash_out),
        handles(ev.PotAdded, on_pot_added),
        handles(ev.HandCancelled, on_cancelled),
        handles(ev.Note, on_note),
    ]
)
