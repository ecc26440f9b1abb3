"""The recorder offers exactly what the engine accepts (issue 24 acceptance 3).

Every live sample a recorder can record is walked step by step: before each step of the
log, the recorder's offer of that step (a burn, an exposed card, a replacement, an extra
card, a board in turn / too early / too big, its return, the reshuffle, a misdeal, a
time-out, a player's action) must be there exactly when the engine applies it. A misdeal
is offered only where the engine takes one, at every step.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from analytics.recording.recorder import Options, Phase, Recorder
from analytics.recording.table import RECORDABLE, setup_of
from parser.formats import parse_hand, split_hands
from parser.model import events as ev
from parser.model.cards import DECK, Card
from parser.model.hand import ParsedHand

LIVE = Path(__file__).resolve().parents[2] / "sample_histories" / "live"
#: Events the recorder writes itself or as part of a larger step (the deal, the showdown).
_STRUCTURE = (ev.PostAnte, ev.PostBlind, ev.DealHole, ev.ShowdownStart, ev.Show, ev.Muck,
              ev.UncalledBetReturned)  # fmt: skip
_ACTIONS = (ev.Fold, ev.Check, ev.Call, ev.Bet, ev.RaiseTo)


def _hand(path: Path) -> ParsedHand:
    (raw,) = list(split_hands(path.read_text(encoding="utf-8"), str(path)))
    return parse_hand(raw)


def _cards(event: ev.Event) -> tuple[Card, ...]:
    cards = [*getattr(event, "cards", ()), *getattr(event, "up", ())]
    cards += [c for c in (getattr(event, n, None) for n in ("card", "old", "new"))
              if isinstance(c, Card)]  # fmt: skip
    return tuple(cards)


SAMPLES = [p for p in sorted(LIVE.glob("*.phh")) if _hand(p).game in RECORDABLE]


def _kinds(options: Options, kind: str) -> list:
    return [c for c in options.corrections if c.kind == kind]


def offered(options: Options, event: ev.Event, then: ev.Event | None = None) -> bool:
    """Whether the recorder offers ``event`` now (what its buttons and shorthand can do);
    ``then``: the event after a time-out."""
    match event:
        case ev.Burn(card=card):
            due = options.burn_card
            return options.can_burn and (due is None or card is None or card == due)
        case ev.CardExposed(first=first, player=player):
            rule = "E1" if first else "E2"
            return any(c.rule == rule and (c.player is None or player is None or
                                           c.player == player)
                       for c in _kinds(options, "exposed"))  # fmt: skip
        case ev.CardReplaced(old=old, player=player):
            return any(c.card == old and c.player in (None, player)
                       for c in _kinds(options, "replace"))  # fmt: skip
        case ev.ExtraCard(player=player):
            return any(c.player == player for c in _kinds(options, "extra"))
        case ev.BoardReturned(street=street, cards=cards, to=to):
            return any(c.street == street and set(c.cards) == set(cards) and c.place is to
                       for c in _kinds(options, "return"))  # fmt: skip
        case ev.Reshuffle(cards=cards):
            return any(set(cards) <= set(c.cards) for c in _kinds(options, "reshuffle"))
        case ev.Misdeal():
            return bool(_kinds(options, "misdeal"))
        case ev.TimeOut(player=player):
            # The recorder's time-out step writes the check or fold B12 makes of it.
            legal = options.legal
            if not options.can_time_out or legal is None or legal.player != player:
                return False
            forced = ev.Check if legal.can_check else ev.Fold
            return then is None or isinstance(then, forced)
        case ev.DealBoard(street=street, cards=cards):
            if options.phase is not Phase.BOARD:
                return any(c.street == street and len(cards) == options.board_cards
                           for c in _kinds(options, "premature"))  # fmt: skip
            if street != options.next_board:
                return False
            if len(cards) > options.board_cards:
                return bool(_kinds(options, "too_many"))
            return options.can_deal_board and len(cards) == options.board_cards
    if isinstance(event, _ACTIONS):
        return options.legal is not None and options.legal.player == event.player
    raise AssertionError(f"no offer for {event.kind}")


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_each_step_is_offered_exactly_when_the_engine_takes_it(path: Path) -> None:
    hand = _hand(path)
    r = Recorder(setup_of(hand))
    events = list(hand.events)
    forced = len(r.events)
    assert [e.kind for e in events[:forced]] == [e.kind for e in r.events]
    k = forced
    named = {c for e in events for c in _cards(e)}
    unused = tuple(c for c in DECK if c not in named)
    while k < len(events):
        event = events[k]
        options = r.options()
        misdeal = any(r.accepts(ev.Misdeal(rule=rule)) is None
                      for rule in ("E1", "E2", "E3", "E8"))  # fmt: skip
        assert misdeal == bool(_kinds(options, "misdeal")), (k, event)
        step: tuple[ev.Event, ...] = (event,)
        if isinstance(event, ev.TimeOut) and k + 1 < len(events):
            step = (event, events[k + 1])  # the recorder's time-out step writes both
        accepted = r.accepts(*step) is None
        if isinstance(event, ev.DealBoard):
            # The offer is the street, now; the person gives its cards, which the engine
            # checks when they come (a card out of play: E2, E3 ...).
            spare = ev.DealBoard(street=event.street, cards=unused[: len(event.cards)])
            assert offered(options, event) == (r.accepts(spare) is None), (k, event, options)
        elif not isinstance(event, _STRUCTURE):
            then = step[1] if len(step) > 1 else None
            assert offered(options, event, then) == accepted, (k, event, options)
        if not accepted:
            return
        for e in step:
            r.apply(e)
        k += len(step)


def test_the_walk_covers_every_rule() -> None:
    names = {p.stem.split("-")[0] for p in SAMPLES}
    assert names >= {"e1", "e2", "e3", "e4", "e5", "e6", "e7", "e8", "b12"}
