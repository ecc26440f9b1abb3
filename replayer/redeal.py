"""E8's redeal, inside the hand that was void.

RULES.md E8: "the replay shows the void and the redeal as one hand with a correction,
never as lost chips". A log that goes on dealing after a misdeal is that redeal: the
void deal's chips go back (its forced bets stay posted: the same button and forced bets,
E1), its cards go back to the deck, every count the corrections keep (exposed cards,
extra cards, burns) starts again, and the hand is played from the new deal. A log that
stops at the misdeal is the void hand alone (``cancelled``), and the redeal may be the
next hand: both are accepted (docs/live.md).

Why a fresh replay rather than undoing: the state the deal and the betting build is large
(the ledger, the rounds, the corrections' counts, the draws); a new ``HandReplay`` of the
same hand, with the forced bets posted before the first deal applied again, is that state
exactly, by the code that builds it for every hand. Its fields then replace the void
hand's, keeping what the viewer and the result need of the void deal: its states (the
replay shows the void, then the redeal) and its diagnostics, with the correction's own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parser.model import events as ev

if TYPE_CHECKING:
    from replayer.engine import HandReplay

#: The events posted before the deal that a redeal keeps (E1: the same forced bets). A
#: stud bring-in comes after the deal: the redeal's log writes it again.
_KEPT = (ev.PostAnte, ev.PostBlind)


_FIELDS: dict[type, tuple[str, ...]] = {}


def _fields(state: object) -> tuple[str, ...]:
    """The state's fields: the class's data descriptors (its slots in Python, its
    attributes compiled by mypyc, which keeps no ``__slots__``) that can be written
    (compiled, a property is a read-only descriptor too), found once per class."""
    cls = type(state)
    known = _FIELDS.get(cls)
    if known is None:
        names = []
        for name, value in vars(cls).items():
            if not hasattr(value, "__set__") or isinstance(value, property):
                continue
            try:
                setattr(state, name, getattr(state, name))
            except AttributeError:
                continue
            names.append(name)
        known = _FIELDS[cls] = tuple(names)
    return known


def redeal(play: HandReplay) -> None:
    """Start ``play`` again from its forced bets: the event being applied (a ``DealHole``
    after the misdeal) is the redeal's first card."""
    misdeal = play.void
    assert misdeal is not None
    index, event, states = play.index, play.event, play.states
    diagnostics = play.diagnostics
    fresh = type(play)(play.hand, play.spec, play.record)
    for at, forced in enumerate(play.hand.events):
        if at >= index or isinstance(forced, ev.DealHole):
            break
        if isinstance(forced, _KEPT):
            fresh.apply(forced, at)
    for name in _fields(fresh):
        setattr(play, name, getattr(fresh, name))
    why = f" ({misdeal.reason})" if misdeal.reason else ""
    line = f" at line {misdeal.line}" if misdeal.line is not None else ""
    play.diagnostics = [
        *diagnostics,
        f"E8: misdeal{line}{why}: the void deal's chips went back and the hand was redealt",
    ]
    play.states = states
    play.index, play.event = index, event
    play.note = f"redeal after the misdeal (E8): the same button and forced bets{why}"
