"""The dealer's procedures and their corrections in live games (RULES.md D5, E1-E8, B12).

Online logs never show a dealer's mistake; live logs do, and the rule book says exactly how
each is put right. The log records what happened at the table (a card exposed, a turn
dealt too early, the correction the dealer made) and the engine checks, through the card
ledger, that the correction is the one the rule requires:

- E1: the first card of the deal exposed → misdeal.
- E2: another card exposed in the deal → dealing goes on; the card is replaced after the
  deal and is the burn card of the flop; two exposed → misdeal.
- E3: one extra card to the first player → back to the deck as the next burn card; two →
  misdeal.
- E4/E5: a flop of too many cards, or dealt before the betting ended → mixed back into
  the deck (the burn stays), a new flop dealt without burning.
- E6: a premature turn → set aside; after the betting the river card is dealt as the turn;
  after that round the set-aside card is reshuffled into the stub, and the river dealt
  without burning.
- E7: a premature river → back into the deck, reshuffled; after the betting, the river
  without burning.
- E8: a misdeal voids the hand: every chip goes back, nothing is collected.
- B12: a player out of time checks if he can, else folds.

A mistake leaves a requirement (``Pending``): the next event that moves cards or chips must
be the correction, or the hand is rejected with the rule's id, located at the mistake.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from parser.model import events as ev
from parser.model.cards import Card, format_cards
from parser.model.errors import CancelledHand, ReplayMismatch, RuleViolation
from replayer.betting import Illegal, check_check, to_call
from replayer.handlers import HandlerTable, handles
from replayer.ledger import Place

if TYPE_CHECKING:
    from replayer.engine import HandReplay


@dataclass(slots=True)
class Pending:
    """What must come next: one of ``allowed`` event types, or the hand breaks ``rule``.

    ``about`` is the event the requirement comes from (the error is located there);
    ``mismatch`` marks a log that contradicts itself (E4's flop of four cards) rather than
    an illegal procedure.
    """

    allowed: tuple[type, ...]
    rule: str
    message: str
    about: ev.Event
    mismatch: bool = False
    #: A premature or oversized board, held apart until it is returned.
    board: ev.DealBoard | None = None


@dataclass(slots=True)
class LiveState:
    """The corrections' bookkeeping; created on a hand's first live event."""

    #: Cards exposed in the deal and not yet replaced, by owner (E2).
    exposed: dict[Card, str | None] = field(default_factory=dict)
    #: Every card exposed in the deal: none may be kept in a hand (E2).
    exposed_all: set[Card] = field(default_factory=set)
    exposed_count: int = 0
    extra_count: int = 0
    #: The next burn card, when a rule names it (E2: the exposed card, E3: the extra card).
    burn_due: tuple[Card | None, str] | None = None
    #: A burn was made for the street about to be dealt.
    burned: bool = False
    #: The street to be dealt without a burn, and the rule that says so (E5-E7).
    no_burn: tuple[str, str] | None = None
    #: E6: the premature turn, set aside until the stub is reshuffled before the river.
    set_aside: set[Card] = field(default_factory=set)
    #: The premature cards already returned (E4-E7), as text for the notes.
    returned: list[tuple[str, tuple[Card, ...]]] = field(default_factory=list)


def live(play: HandReplay) -> LiveState:
    if play.live is None:
        play.live = LiveState()
    return play.live


# -- requirements ------------------------------------------------------------------------


def check_pending(play: HandReplay, event: ev.Event) -> None:
    """Raise unless ``event`` is what the pending requirement allows (called by ``apply``)."""
    if not event.affects_play:
        return
    if play.time_out is not None:
        resolve_time_out(play, event)
    if play.void is not None and not isinstance(event, ev.UncalledBetReturned):
        raise Illegal(
            "E8", f"the hand is void after the misdeal: no {event.kind} (every chip goes back)"
        )
    pending = play.pending
    if pending is None or isinstance(event, pending.allowed):
        return
    raise _located(play, pending)


def check_finished(play: HandReplay) -> None:
    """At the end of the hand no requirement may be left open; a void hand ends void."""
    if play.time_out is not None:
        resolve_time_out(play, None)
    if play.void is not None:
        misdeal = play.void
        why = f": {misdeal.reason}" if misdeal.reason else ""
        raise CancelledHand(
            f"misdeal{why}; the hand is void and every chip goes back (E8), "
            "the redeal is the next hand",
            rule=misdeal.rule,
            hand_id=play.hand.hand_id,
            event_index=_index(play, misdeal),
            event_kind=misdeal.kind,
            line=misdeal.line,
        )
    if play.pending is not None:
        raise _located(play, play.pending)


def _located(play: HandReplay, pending: Pending) -> RuleViolation | ReplayMismatch:
    cls = ReplayMismatch if pending.mismatch else RuleViolation
    error = play._error(cls, pending.rule, pending.message, pending.about)
    assert isinstance(error, RuleViolation | ReplayMismatch)
    return error


def _index(play: HandReplay, event: ev.Event) -> int | None:
    return next((i for i, e in enumerate(play.hand.events) if e is event), None)


def hold_board(play: HandReplay, event: ev.DealBoard, rule: str, message: str) -> None:
    """A board dealt too early or with too many cards: legal only if it is taken back next.

    Online logs never take one back, so for them this is the B4 or E4 error, raised at
    the next event and located here.
    """
    play.pending = Pending(
        allowed=(ev.BoardReturned,),
        rule=rule,
        message=message,
        about=event,
        mismatch=rule == "E4",
        board=event,
    )
    for card in event.cards:
        play.ledger.board((card,), run=0)
    play.note = f"{event.street} {format_cards(event.cards)} dealt: {message}"


def before_board(play: HandReplay, event: ev.DealBoard) -> None:
    """Checks of a board about to be dealt in its turn, once a correction has happened."""
    state = play.live
    if state is None:
        return
    if state.no_burn is not None and state.no_burn[0] == event.street:
        street, rule = state.no_burn
        if state.burned:
            raise Illegal(rule, f"the {street} after the correction is dealt without burning")
        state.no_burn = None
    if event.street == "river" and state.set_aside:
        cards = format_cards(sorted(state.set_aside))
        raise Illegal("E6", f"the set-aside {cards} is not reshuffled back before the river")
    for card in event.cards:
        if card in state.set_aside:
            raise Illegal("E6", f"{card} was set aside and cannot be dealt on the {event.street}")
    state.burned = False


def check_hole(play: HandReplay, cards: tuple[Card, ...]) -> None:
    """E2: a card exposed in the deal cannot be kept in a hand."""
    state = play.live
    if state is not None and state.exposed_all:
        for card in cards:
            if card in state.exposed_all:
                raise Illegal("E2", f"{card} was exposed in the deal and cannot be kept")


def burned_for_street(play: HandReplay) -> bool:
    """Whether the log burned a card itself for the street being dealt (else the engine
    counts the burn D5 says was made)."""
    return play.live is not None and play.live.burned


# -- the handlers --------------------------------------------------------------------------


def on_burn(play: HandReplay, event: ev.Burn) -> None:
    state = live(play)
    ledger = play.ledger
    if play.next_to_act() is not None:
        raise Illegal("D5", "a card is burned before the betting round is over")
    if state.burned:
        raise Illegal("D5", "a second card is burned before the same street")
    if state.burn_due is not None:
        due, rule = state.burn_due
        if event.card is not None and due is not None and event.card != due:
            raise Illegal(rule, f"the burn card must be {due}, not {event.card}")
        state.burn_due = None
        card = due if due is not None else event.card
        ledger.burned += 1
        if card is not None:
            ledger.spots[card] = (Place.BURN, "")
    else:
        ledger.burn(event.card)
    state.burned = True
    play.note = f"the dealer burns {event.card or 'a card'} (D5)"


def on_exposed(play: HandReplay, event: ev.CardExposed) -> None:
    state = live(play)
    if play.street_index or play.last_actor is not None:
        raise Illegal("E2", f"{event.card} is exposed after the deal: E1-E2 cover the deal only")
    state.exposed_count += 1
    state.exposed_all.add(event.card)
    if event.player is not None:
        play._actor(event.player)
    # Out of play from now on: the player's hand, as the log deals it, is the one he keeps.
    play.ledger.spots[event.card] = (Place.SET_ASIDE, event.player or "")
    if event.first:
        message = f"the first card dealt ({event.card}) is exposed: the hand is a misdeal"
        play.pending = Pending(allowed=(ev.Misdeal,), rule="E1", message=message, about=event)
    elif state.exposed_count >= 2:
        message = "two cards exposed in the deal: the hand is a misdeal"
        play.pending = Pending(allowed=(ev.Misdeal,), rule="E2", message=message, about=event)
    else:
        state.exposed[event.card] = event.player
        message = f"{event.card} exposed in the deal is replaced after the deal"
        play.pending = Pending(
            allowed=(ev.DealHole, ev.CardReplaced, ev.CardExposed, ev.Misdeal, ev.ExtraCard),
            rule="E2",
            message=message,
            about=event,
        )
    play.note = f"{event.card} exposed in the deal ({'E1' if event.first else 'E2'})"


def on_replaced(play: HandReplay, event: ev.CardReplaced) -> None:
    state = live(play)
    owner = state.exposed.pop(event.old, "?")
    if owner == "?":
        raise Illegal("E2", f"{event.old} was not exposed in the deal: nothing to replace")
    if owner is not None and owner != event.player:
        raise Illegal("E2", f"{event.old} was exposed in {owner}'s hand, not {event.player}'s")
    play._actor(event.player)
    ledger = play.ledger
    if event.new is not None:
        ledger.deal(event.player, (event.new,))
    state.burn_due = (event.old, "E2")
    if not state.exposed:
        play.pending = None
    play.note = f"{event.player}'s exposed {event.old} replaced: it is the flop's burn card (E2)"


def on_extra(play: HandReplay, event: ev.ExtraCard) -> None:
    state = live(play)
    actor = play._actor(event.player)
    if play.street_index or play.last_actor is not None:
        raise Illegal("E3", "an extra card is a fault of the deal, before the betting")
    first = play.order[0] if play.order else None
    if actor is not first:
        who = first.name if first else "nobody"
        raise Illegal("E3", f"E3's extra card is the first player's ({who}), not {actor.name}'s")
    state.extra_count += 1
    if state.extra_count >= 2:
        message = "more than one extra card dealt: the hand is a misdeal"
        play.pending = Pending(allowed=(ev.Misdeal,), rule="E3", message=message, about=event)
        return
    if event.card is not None:
        play.ledger.spots[event.card] = (Place.SET_ASIDE, "")
    state.burn_due = (event.card, "E3")
    play.note = f"{actor.name}'s extra card goes back to the deck: the next burn card (E3)"


def on_returned(play: HandReplay, event: ev.BoardReturned) -> None:
    state = live(play)
    pending = play.pending
    held = pending.board if pending is not None else None
    if held is None:
        raise Illegal("E5", f"the {event.street} is taken back, but it was dealt in its turn")
    if held.street != event.street or set(held.cards) != set(event.cards):
        raise Illegal(
            pending.rule if pending else "E5",
            f"the cards taken back ({format_cards(event.cards)}) are not the "
            f"{held.street} dealt ({format_cards(held.cards)})",
        )
    premature = pending is not None and pending.rule == "B4"
    rule, to = _procedure(event.street, premature)
    if event.to is not to:
        where = "set aside" if to is ev.CardPlace.SET_ASIDE else "mixed back into the deck"
        raise Illegal(rule, f"the {event.street} {format_cards(event.cards)} must be {where}")
    ledger = play.ledger
    ledger.to_deck(event.cards)
    if to is ev.CardPlace.SET_ASIDE:
        ledger.set_aside(event.cards)
        state.set_aside.update(event.cards)
    state.no_burn = ("flop", rule) if event.street == "flop" else ("river", rule)
    state.returned.append((event.street, event.cards))
    play.pending = None
    what = "too many cards" if not premature else "premature"
    where = "set aside" if to is ev.CardPlace.SET_ASIDE else "back into the deck"
    play.note = f"{what} {event.street} {format_cards(event.cards)} {where} — {rule}"


def _procedure(street: str, premature: bool) -> tuple[str, ev.CardPlace]:
    """The rule that corrects a board dealt wrong, and where its cards go."""
    if street == "flop":
        return ("E5" if premature else "E4"), ev.CardPlace.DECK
    if street == "turn" and premature:
        return "E6", ev.CardPlace.SET_ASIDE
    if street == "river" and premature:
        return "E7", ev.CardPlace.DECK
    return "E4", ev.CardPlace.DECK


def on_reshuffle(play: HandReplay, event: ev.Reshuffle) -> None:
    state = live(play)
    ledger = play.ledger
    if state.set_aside & set(event.cards) and (
        len(play.boards[0]) < 4 or play.next_to_act() is not None
    ):
        # E6: the premature turn goes back only once the real turn's betting is over.
        raise Illegal("E6", "the set-aside card is reshuffled in only after the turn's betting")
    for card in event.cards:
        spot = ledger.where(card)
        if spot is not None and spot[0] is not Place.SET_ASIDE:
            place = spot[0].value.replace("_", " ")
            raise Illegal(
                "E6", f"{card} ({place}) is reshuffled: only the cards taken out of play "
                "go back, never burn cards or discards",
            )
    ledger.to_deck(event.cards)
    state.set_aside.difference_update(event.cards)
    play.note = "the stub is reshuffled" + (
        f" with {format_cards(event.cards)}" if event.cards else ""
    ) + " and cut"


def on_misdeal(play: HandReplay, event: ev.Misdeal) -> None:
    """E8: the hand is void; every chip goes back and nothing else may happen in it.

    A misdeal is a fault of the deal: it is called before the first board or street, not
    once the hand has been played on (standard, TDA "substantial action")."""
    if play.street_index > 0:
        raise Illegal("E8", f"a misdeal is called during the deal, not on the {play.street}")
    play.pending = None
    play.void = event
    play.note = f"misdeal ({event.rule}): the hand is void, every chip goes back (E8)"


def on_time_out(play: HandReplay, event: ev.TimeOut) -> None:
    """B12: out of time, the player checks if he can, otherwise folds.

    The log may write that check or fold next (PHH must, for plain readers); if it does
    not, the engine makes it before the next event.
    """
    actor = play.actors.get(event.player)
    expected = play.next_to_act()
    if actor is None or expected is not actor:
        who = expected.name if expected else "nobody"
        raise Illegal("B12", f"{event.player}'s time runs out, but it is {who}'s turn")
    kind = ev.Check if to_call(play.rnd, actor) == 0 else ev.Fold
    play.time_out = (event, kind)
    play.note = f"{actor.name}'s time is up: he {'checks' if kind is ev.Check else 'folds'} (B12)"


def resolve_time_out(play: HandReplay, event: ev.Event | None) -> None:
    """The event after a time-out (None: the end of the log): the forced check or fold,
    or the engine makes it now (B12)."""
    timeout, kind = play.time_out or (None, None)
    if timeout is None or kind is None or (event is not None and not event.affects_play):
        return
    play.time_out = None
    if isinstance(event, ev.PlayerEvent) and event.player == timeout.player:
        if not isinstance(event, kind):
            verb = "check" if kind is ev.Check else "fold"
            raise Illegal("B12", f"{timeout.player} is out of time: he must {verb}, "
                          f"not {event.kind}")
        return
    forced = kind(player=timeout.player, line=timeout.line)
    actor = play._act(forced)
    if kind is ev.Check:
        check_check(play.rnd, actor)
    else:
        play._fold(actor)
    play._acted(actor)


HANDLERS: HandlerTable = dict(
    [
        handles(ev.Burn, on_burn),
        handles(ev.CardExposed, on_exposed),
        handles(ev.CardReplaced, on_replaced),
        handles(ev.ExtraCard, on_extra),
        handles(ev.BoardReturned, on_returned),
        handles(ev.Reshuffle, on_reshuffle),
        handles(ev.Misdeal, on_misdeal),
        handles(ev.TimeOut, on_time_out),
    ]
)

