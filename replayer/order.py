"""Who acts first in a betting round (RULES.md B3, F4): one function per ``Opener``.

``opener(play)`` returns the seat *before* the first to act, because the engine's turn
order walks clockwise from the last player who acted: pre-flop the big blind (or the
straddle), after the flop the button, in stud the player before the bring-in or before
the best showing hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from parser.model.games import Opener
from replayer.betting import Actor
from replayer.showing import bring_in_player, first_to_act, next_able

if TYPE_CHECKING:
    from replayer.engine import HandReplay


def opener(play: HandReplay) -> Actor | None:
    kind = play.spec.streets[play.street_index].opener
    return _OPENERS[kind](play)


def _left_of_big_blind(play: HandReplay) -> Actor | None:
    if play.anchor is None and len(play.order) >= 2:
        # Nobody posted the big blind (its player was all-in on the ante): the big
        # blind's seat still anchors the action (D3: the second seat, heads-up the
        # first, left of the button) and its amount is still owed.
        play.anchor = play.order[0] if len(play.order) == 2 else play.order[1]
        play.rnd.current_bet = max(play.rnd.current_bet, play.big_blind)
    return play.anchor if play.anchor is not None else _left_of_button(play)


def _left_of_button(play: HandReplay) -> Actor | None:
    return play.order[-1] if play.order else None


def _before(play: HandReplay, actor: Actor) -> Actor:
    return play.order[(play.place[actor.name] - 1) % len(play.order)]


def _able_from(play: HandReplay, chosen: str) -> Actor:
    """F4: the chosen player if he can act, else the next one clockwise who can."""
    names = [a.name for a in play.order]
    cannot = {a.name for a in play.order if not a.can_act}
    return play.actors[next_able(chosen, names, cannot)]


def bring_in(play: HandReplay) -> Actor | None:
    """F4: the player due to bring in, or None when the up cards are not all known.

    The lowest up card (razz: the highest) of every player dealt in; when he is all-in
    (on the ante), the duty passes to the next player clockwise who can still act.
    """
    dealt = [a for a in play.order if not a.folded]
    up = {a.name: play.ledger.up_cards(a.name) for a in dealt}
    if not any(a.can_act for a in dealt) or any(len(c) != 1 for c in up.values()):
        return None
    name = bring_in_player({n: c[0] for n, c in up.items()}, low=play.spec.low_showing)
    return _able_from(play, name)


def _bring_in(play: HandReplay) -> Actor | None:
    if play.anchor is not None:
        return play.anchor
    due = bring_in(play)
    if due is None:
        play.opener_unknown = True  # the up cards are not in the log: it says who opens
        return _left_of_button(play)
    return _before(play, due)


def _best_showing(play: HandReplay) -> Actor | None:
    """F4: from 4th street the best showing hand acts first (razz: the best low); an
    all-in player passes the duty clockwise, as with the bring-in."""
    up_count = len(play.ledger.up)
    cached = play.round_opener
    if cached is not None and cached[0] == up_count:
        return cached[1]
    live = [a for a in play.order if not a.folded]
    showing = {a.name: play.ledger.up_cards(a.name) for a in live}
    result: Actor | None
    if not any(a.can_act for a in live) or any(not cards for cards in showing.values()):
        # The up cards are not all in the log (an export without them): the engine cannot
        # know the best showing hand, so the log's first actor opens the round.
        play.opener_unknown = True
        result = _left_of_button(play)
    else:
        first = first_to_act(showing, low=play.spec.low_showing)
        result = _before(play, _able_from(play, first))
    play.round_opener = (up_count, result)
    return result


_OPENERS: dict[Opener, Callable[[HandReplay], Actor | None]] = {
    Opener.LEFT_OF_BIG_BLIND: _left_of_big_blind,
    Opener.LEFT_OF_BUTTON: _left_of_button,
    Opener.BRING_IN: _bring_in,
    Opener.BEST_SHOWING: _best_showing,
}
