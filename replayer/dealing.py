"""Dealing: hole cards (down and up), boards, streets without a board, and draws.

A street starts when the betting of the one before is over (B4): a board (flop, turn,
river; Courchevel's first flop card before the pre-flop betting), a stud street's up or
down cards, or a draw (C1). The cards go through the ledger, which knows where each is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parser.model import events as ev
from parser.model.cards import format_cards
from parser.model.games import Evaluator
from replayer.auto_draw import auto_draw, auto_draw_priority
from replayer.betting import Illegal, Mismatch
from replayer.corrections import before_board, check_dealt, check_hole, count_burn, hold_board
from replayer.handlers import HandlerTable, handles

if TYPE_CHECKING:
    from replayer.betting import Actor
    from replayer.engine import HandReplay


def on_hole(play: HandReplay, event: ev.DealHole) -> None:
    """The log names cards a player holds: the whole hand in blind games (repeated, it is
    the same hand: S1), or in stud the cards so far with the street's new ones (F4)."""
    if event.player not in play.actors:
        play.actor_named(event.player)  # raises D2
    if play.live is not None:
        check_hole(play, event.cards + event.up)
    ledger = play.ledger
    if not event.up and not play.hole_up:
        ledger.know(event.player, event.cards)
        return
    ledger.deal(event.player, event.cards)
    ledger.deal(event.player, event.up, up=True)
    # D7: a stud hand holds one up card per street dealt face up so far, at most.
    streets = play.spec.streets[: play.street_index + 1]
    most_up = sum(s.hole_up for s in streets)
    most = sum(s.hole_up + s.hole_down for s in streets)
    if len(ledger.up_cards(event.player)) > most_up or len(ledger.hands[event.player]) > most:
        raise Mismatch(
            "D7", f"{event.player} holds more cards than the {play.street} street has dealt"
        )


def _waiting(play: HandReplay, what: str) -> None:
    problem = _still_betting(play, what)
    if problem:
        raise Illegal("B4", problem)


def _still_betting(play: HandReplay, what: str) -> str:
    """B4: nothing is dealt until the betting round is over; why not, if it is not.

    (A big blind whose only opponents are all-in for less is not waited for: his check
    decides nothing, so ``next_to_act`` is over, and ``HandReplay.act`` still accepts it.)
    """
    waiting = play.next_to_act()
    if waiting is None:
        return ""
    return f"the {what} is dealt before the betting round ended ({waiting.name} still to act)"


def _check_street(play: HandReplay, street: str) -> int:
    spec = play.spec
    nxt = play.street_index + 1
    if nxt >= len(spec.streets) or spec.streets[nxt].name != street:
        expected = spec.streets[nxt].name if nxt < len(spec.streets) else "nothing"
        raise Mismatch("D5", f"{street} dealt where the {expected} was due")
    return nxt


def on_street(play: HandReplay, event: ev.StreetStart) -> None:
    """A stud street or a draw round begins."""
    _waiting(play, event.street)
    play.next_street(_check_street(play, event.street))
    count_burn(play, event.street)
    street = play.spec.streets[play.street_index]
    # Stud: every live player gets the street's card; the lines that follow name it.
    for actor in play.live_actors():
        play.ledger.grow(actor.name, street.hole_down + street.hole_up)


def on_board(play: HandReplay, event: ev.DealBoard) -> None:
    spec = play.spec
    if (
        play.street_index == 0
        and spec.streets[0].board_cards
        and event.run == 1
        and event.street == play.street
    ):
        _first_street_board(play, event)
        return
    if spec.boards > 1 and event.run > 1:
        _other_board(play, event)
        return
    if event.run == 1:
        early = _still_betting(play, event.street)
        nxt = _check_street(play, event.street)
        street = spec.streets[nxt]
        if play.live is not None:
            check_dealt(play, event.cards)
        if not street.board_cards and street.hole_up + street.hole_down:
            if early:
                raise Illegal("B4", early)
            _community_card(play, event, nxt)
            return
        if early:
            # A premature board: legal only if the dealer takes it back next (E5-E7).
            hold_board(play, event, "B4", early)
            return
        if len(event.cards) != street.board_cards:
            count = len(event.cards)
            hold_board(play, event, "E4", f"the {event.street} has {count} cards, not "
                       f"{street.board_cards}")
            return
        if play.live is not None:  # a live game's corrections (E4-E7)
            before_board(play, event)
        count_burn(play, event.street)
        play.next_street(nxt)
        play.ledger.board(event.cards)
        play.boards[0].extend(event.cards)
        return
    _run_again(play, event)


def _first_street_board(play: HandReplay, event: ev.DealBoard) -> None:
    """Courchevel: the first flop card is shown before the pre-flop betting."""
    street = play.spec.streets[play.street_index]
    if play.last_actor is not None or play.boards[0]:
        raise Illegal("B4", f"the {event.street} board card comes after the betting started")
    if len(event.cards) != street.board_cards:
        raise Mismatch("E4", f"{len(event.cards)} board cards on the {event.street}, not "
                       f"{street.board_cards}")
    play.ledger.board(event.cards)
    play.boards[0].extend(event.cards)
    play.note = f"{event.street}: board card shown before the betting"


def _other_board(play: HandReplay, event: ev.DealBoard) -> None:
    """Split Hold'em: every street deals each board; the first board opened the street."""
    if event.street != play.street:
        raise Mismatch("D5", f"board {event.run}'s {event.street} dealt on the {play.street}")
    before = sum(s.board_cards for s in play.spec.streets[: play.street_index])
    board = play.boards[event.run - 1]
    if len(board) != before:
        raise Mismatch("D5", f"board {event.run}: {event.street} dealt out of order")
    if play.last_actor is not None:
        raise Illegal("B4", f"board {event.run}'s {event.street} comes after the betting started")
    play.ledger.board(event.cards, event.run)
    board.extend(event.cards)


def _community_card(play: HandReplay, event: ev.DealBoard, nxt: int) -> None:
    """S7: the stub cannot give every live player his last card: one card, face up, for all."""
    live = len(play.live_actors())
    play.next_street(nxt)
    play.ledger.burn()
    stub = play.ledger.stub(len(play.boards[0]))
    if len(event.cards) != 1:
        raise Mismatch("S7", f"{len(event.cards)} community cards on the {event.street}, not 1")
    if stub >= live:
        raise Illegal(
            "S7", f"a community card is dealt, but the stub has {stub} cards for {live} players"
        )
    play.ledger.board(event.cards)
    play.boards[0].extend(event.cards)
    play.note = f"the stub is short ({stub} cards for {live} players): one community card (S7)"


def _run_again(play: HandReplay, event: ev.DealBoard) -> None:
    """Run it twice: a second board for the streets still to come once the betting ended."""
    spec = play.spec
    if play.able_count > 1 and play.next_to_act() is not None:
        raise Illegal("B4", "a second board is dealt while players can still bet")
    play.end_round()
    while len(play.boards) < event.run:
        play.boards.append([])
    before = sum(s.board_cards for s in spec.streets[: spec.street_names.index(event.street)])
    board = play.boards[event.run - 1]
    if not board:
        board.extend(play.boards[0][:before])
    if len(board) != before:
        raise Mismatch("D5", f"run {event.run}: {event.street} dealt out of order")
    play.ledger.board(event.cards, event.run)
    board.extend(event.cards)
    play.note = f"the board is run again: run {event.run}"


def on_draw(play: HandReplay, event: ev.Draw) -> None:
    """C1: in turn from the first active player left of the button, each stands pat or
    replaces cards, never more than he holds."""
    actor = play.actor_named(event.player)
    if not play.spec.streets[play.street_index].draw:
        raise Illegal("C1", f"{actor.name} draws, but the {play.street} is not a draw")
    if actor.folded:
        raise Illegal("C1", f"{actor.name} has folded and cannot draw")
    if actor.name in play.drawn:
        raise Illegal("C1", f"{actor.name} draws twice in one round")
    expected = _next_drawer(play)
    if expected is not None and expected is not actor:
        raise Illegal("C1", f"{actor.name} draws out of turn: it is {expected.name}'s draw")
    size = play.spec.hole_cards
    if event.count > size:
        raise Illegal("C1", f"{actor.name} draws {event.count} of his {size} cards")
    if event.discarded and len(event.discarded) != event.count:
        raise Mismatch("C1", f"{actor.name} draws {event.count} but discards "
                       f"{len(event.discarded)} known cards")
    ledger = play.ledger
    if play.live is not None:
        check_dealt(play, event.drawn)  # E2, E3: those cards are out of play
    if actor.name in play.disconnected:
        _check_auto_draw(play, actor.name, event)
    if not play.drawn:
        ledger.burn()  # D5: a burn before each draw
    ledger.discard(actor.name, event.discarded, event.count)
    ledger.grow(actor.name, event.count)
    ledger.deal(actor.name, event.drawn)
    play.drawn.add(actor.name)
    play.draws.setdefault(actor.name, []).append((event.count, len(event.drawn)))
    play.note = (
        f"{actor.name} stands pat" if not event.count else f"{actor.name} draws {event.count}"
    )


def _check_auto_draw(play: HandReplay, name: str, event: ev.Draw) -> None:
    """C2: a disconnected player's draw is made for him by the priority list.

    Checked when the log shows his hand (a hero who lost his connection): the number of
    cards drawn, and the cards thrown when they are shown too. Only five-card draw has
    C2's list (high hands); the lowball games' auto-draw is the site's own.
    """
    hand = play.ledger.hands.get(name, ())
    if play.spec.evaluator is not Evaluator.HIGH or len(hand) != play.spec.hole_cards:
        return
    keep = auto_draw(hand)
    if event.count != len(hand) - len(keep) or (
        event.discarded and set(event.discarded) & set(keep)
    ):
        raise Illegal(
            "C2",
            f"{name} is disconnected: his draw keeps [{format_cards(keep)}] "
            f"({auto_draw_priority(hand)}), not what the log shows",
        )
    play.note = f"{name} is disconnected: the draw is made for him ({auto_draw_priority(hand)}, C2)"


def _next_drawer(play: HandReplay) -> Actor | None:
    """The first live player clockwise from the button who has not drawn this round."""
    for actor in play.order:
        if not actor.folded and actor.name not in play.drawn:
            return actor
    return None


HANDLERS: HandlerTable = dict(
    [
        handles(ev.DealHole, on_hole),
        handles(ev.DealBoard, on_board),
        handles(ev.StreetStart, on_street),
        handles(ev.Draw, on_draw),
    ]
)
