"""The dealer's procedures and their corrections in live games (RULES.md D5, E1-E8, B12).

Online logs never show a dealer's mistake; live logs do, and the rule book says exactly how
each is put right. The log records what happened at the table (a card exposed, a turn
dealt too early, the correction the dealer made) and the engine checks, through the card
ledger, that the correction is the one the rule requires:

- E1: the first card of the deal exposed → misdeal.
- E2: another card exposed in the deal → dealing goes on; once every player has his
  cards the card is replaced, and it is the next burn card (the flop's in board games);
  two exposed → misdeal.
- E3: one extra card to the first player → back to the deck as the next burn card; two →
  misdeal. The card never comes back into play.
- E4/E5: a flop of too many cards, or dealt before the betting ended → mixed back into
  the deck (the burn stays, even one made before the betting ended), and after the
  reshuffle a new flop dealt without burning.
- E6: a premature turn → set aside; after the betting the river card is dealt as the turn;
  after that round the set-aside card is reshuffled into the stub, and the river dealt
  without burning.
- E7: a premature river → back into the deck, reshuffled; after the betting, the river
  without burning.
- E8: a misdeal voids the hand: every chip goes back, nothing is collected. Only the
  faults above call for one (or one of the standard misdeals, cited as E8, until the
  first betting round has seen substantial action: docs/live.md); any other is refused
  with the rule that says what to do instead.
- B12: a player out of time checks if he can, else folds (a room's all-in protection,
  ``HouseRules.absent``, keeps him in for what he has put in instead of the fold).

A mistake leaves a requirement (``Pending``): the next event that moves cards or chips must
be the correction, or the hand is rejected with the rule's id, located at the mistake.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from parser.model import events as ev
from parser.model.cards import Card, format_cards
from parser.model.errors import CancelledHand, ReplayMismatch, RuleViolation
from parser.model.house import Absent
from replayer.betting import Illegal, Mismatch, check_check, to_call
from replayer.handlers import HandlerTable, handles
from replayer.ledger import Place
from replayer.redeal import redeal

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
    #: The fault is one that makes a misdeal (E1, E2's second card, E3's second card).
    misdeal: bool = False


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
    #: E3's extra cards: back to the deck as a burn card, never dealt again.
    extra: set[Card] = field(default_factory=set)
    #: E4, E5, E7: the board street redealt only after the deck is reshuffled and cut,
    #: and the rule that says so.
    reshuffle_due: tuple[str, str] | None = None
    #: The rule of the last board correction (E4-E7): burns and discards stay out of its
    #: reshuffle.
    rule: str = ""


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
        if isinstance(event, ev.DealHole):
            # E8: the redeal, in the same hand (or the next hand: docs/live.md).
            redeal(play)
            return
        raise Illegal(
            "E8", f"the hand is void after the misdeal: no {event.kind} (every chip goes back)"
        )
    pending = play.pending
    if pending is None or isinstance(event, pending.allowed):
        return
    if isinstance(event, ev.Misdeal) and pending.board is not None:
        # A board dealt wrong is put right by its own rule, never by voiding the hand.
        board = pending.board
        rule, _ = _procedure(board.street, pending.rule == "B4")
        raise Illegal(rule, f"the {board.street} {format_cards(board.cards)} is taken back "
                      f"as {rule} says, not made a misdeal")
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
    error = play.error(cls, pending.rule, pending.message, pending.about)
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
    due = state.reshuffle_due
    if due is not None and due[0] == event.street:
        raise Illegal(due[1], f"the new {event.street} is dealt before the deck is "
                      "reshuffled and cut")
    if state.no_burn is not None and state.no_burn[0] == event.street:
        street, rule = state.no_burn
        if state.burned:
            raise Illegal(rule, f"the {street} after the correction is dealt without burning")
    if state.rule:
        for card in event.cards:
            spot = play.ledger.where(card)
            if spot is not None and spot[0] is Place.BURN:
                raise Illegal(state.rule, f"{card} is a burn card: it stays out of play "
                              f"(the {event.street} cannot deal it)")
    if event.street == "river" and state.set_aside:
        cards = format_cards(sorted(state.set_aside))
        raise Illegal("E6", f"the set-aside {cards} is not reshuffled back before the river")
    for card in event.cards:
        if card in state.set_aside:
            raise Illegal("E6", f"{card} was set aside and cannot be dealt on the {event.street}")


def check_dealt(play: HandReplay, cards: tuple[Card, ...]) -> None:
    """Cards dealt anywhere (a hand, a board): the exposed (E2) and extra (E3) cards of
    the deal are out of play, whatever the ledger would say (D1 is the symptom, the rule
    broken is theirs)."""
    state = play.live
    if state is None:
        return
    for card in cards:
        if card in state.exposed_all:
            raise Illegal("E2", f"{card} was exposed in the deal and cannot be kept: "
                          "it is the next burn card")
        if card in state.extra:
            raise Illegal("E3", f"{card} was the extra card of the deal: it went back to "
                          "the deck as the next burn card and cannot be dealt")


def count_burn(play: HandReplay, street: str) -> None:
    """The burn D5 says is made before ``street`` (a board, a stud street, a draw): the
    log's own if it wrote one, else one the engine counts, which is the card a rule
    names (E2, E3); none for the street a correction deals without burning (E5-E7)."""
    state = play.live
    ledger = play.ledger
    if state is None:
        ledger.burn()
        return
    no_burn = state.no_burn is not None and state.no_burn[0] == street
    if no_burn:
        state.no_burn = None
    if state.burned:
        state.burned = False
        return
    if no_burn:
        return
    if state.burn_due is not None:
        card = state.burn_due[0]
        state.burn_due = None
        ledger.burned += 1
        if card is not None:
            ledger.spots[card] = (Place.BURN, "")
        return
    ledger.burn()


def check_hole(play: HandReplay, cards: tuple[Card, ...]) -> None:
    """E2: a card exposed in the deal cannot be kept in a hand; E3: nor the extra card."""
    check_dealt(play, cards)


def deal_complete(play: HandReplay) -> bool:
    """Whether every player has his starting cards (E2's replacement and E3's extra card
    come after that): each has had his hole-card line, or the betting has begun."""
    if play.street_index or play.last_actor is not None:
        return True
    dealt = {e.player for e in play.hand.events[: max(play.index, 0)]
             if isinstance(e, ev.DealHole)}  # fmt: skip
    return all(a.name in dealt for a in play.order)


# -- the handlers --------------------------------------------------------------------------


def on_burn(play: HandReplay, event: ev.Burn) -> None:
    state = live(play)
    ledger = play.ledger
    if state.burned:
        raise Illegal("D5", "a second card is burned before the same street")
    if state.no_burn is not None:
        street, rule = state.no_burn
        if _next_board(play) == street:
            raise Illegal(rule, f"the {street} after the correction is dealt without burning")
    if play.next_to_act() is not None and play.pending is None:
        # A mistake only if nothing follows: the premature street it was burned for is
        # dealt next (E5-E7: that burn stays), else D5 holds, located here.
        play.pending = Pending(
            allowed=(ev.DealBoard,),
            rule="D5",
            message="a card is burned before the betting round is over",
            about=event,
        )
    elif play.next_to_act() is not None:
        raise Illegal("D5", "a card is burned before the betting round is over")
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
        if event.card is not None and event.card in state.extra:
            ledger.burned += 1
            ledger.spots[event.card] = (Place.BURN, "")
        else:
            check_dealt(play, () if event.card is None else (event.card,))
            ledger.burn(event.card)
    state.burned = True
    play.note = f"the dealer burns {event.card or 'a card'} (D5)"



def _next_board(play: HandReplay) -> str | None:
    for street in play.spec.streets[play.street_index + 1 :]:
        if street.board_cards:
            return street.name
    return None


def on_exposed(play: HandReplay, event: ev.CardExposed) -> None:
    state = live(play)
    if play.street_index or play.last_actor is not None:
        raise Illegal("E2", f"{event.card} is exposed after the deal: E1-E2 cover the deal only")
    state.exposed_count += 1
    state.exposed_all.add(event.card)
    if event.player is not None:
        play.actor_named(event.player)
        first = play.order[0] if play.order else None
        if event.first and first is not None and event.player != first.name:
            raise Illegal("E1", f"the first card of the deal is {first.name}'s, not "
                          f"{event.player}'s: another exposed card is E2's")
    # Out of play from now on: the player's hand, as the log deals it, is the one he keeps.
    play.ledger.spots[event.card] = (Place.SET_ASIDE, event.player or "")
    if event.first:
        message = f"the first card dealt ({event.card}) is exposed: the hand is a misdeal"
        play.pending = _misdeal_due("E1", message, event)
    elif state.exposed_count >= 2:
        message = "two cards exposed in the deal: the hand is a misdeal"
        play.pending = _misdeal_due("E2", message, event)
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


def _misdeal_due(rule: str, message: str, about: ev.Event) -> Pending:
    """A fault that makes a misdeal: the misdeal comes next (the log may still write
    the hole cards dealt before it was called, nothing else)."""
    return Pending(allowed=(ev.Misdeal, ev.DealHole), rule=rule, message=message,
                   about=about, misdeal=True)  # fmt: skip


def on_replaced(play: HandReplay, event: ev.CardReplaced) -> None:
    state = live(play)
    if not deal_complete(play):
        raise Illegal("E2", f"{event.old} is replaced only after the deal, once every "
                      "player has his cards")
    owner = state.exposed.pop(event.old, "?")
    if owner == "?":
        raise Illegal("E2", f"{event.old} was not exposed in the deal: nothing to replace")
    if owner is not None and owner != event.player:
        raise Illegal("E2", f"{event.old} was exposed in {owner}'s hand, not {event.player}'s")
    play.actor_named(event.player)
    ledger = play.ledger
    if event.new is not None:
        check_dealt(play, (event.new,))
        ledger.deal(event.player, (event.new,))
    state.burn_due = (event.old, "E2")
    if not state.exposed:
        play.pending = None
    play.note = f"{event.player}'s exposed {event.old} replaced: it is the flop's burn card (E2)"


def on_extra(play: HandReplay, event: ev.ExtraCard) -> None:
    state = live(play)
    actor = play.actor_named(event.player)
    if play.street_index or play.last_actor is not None:
        raise Illegal("E3", "an extra card is a fault of the deal, before the betting")
    first = play.order[0] if play.order else None
    if actor is not first:
        who = first.name if first else "nobody"
        raise Illegal("E3", f"E3's extra card is the first player's ({who}), not {actor.name}'s")
    if not deal_complete(play):
        raise Illegal("E3", "E3's extra card is the one dealt once every player has his "
                      "cards")
    state.extra_count += 1
    if state.extra_count >= 2:
        message = "more than one extra card dealt: the hand is a misdeal"
        play.pending = _misdeal_due("E3", message, event)
        return
    if event.card is not None:
        check_dealt(play, (event.card,))
        if play.ledger.where(event.card) is not None:
            raise Mismatch("D1", f"the extra card {event.card} is dealt twice: it is "
                           "out of the deck already")
        play.ledger.spots[event.card] = (Place.SET_ASIDE, "")
        state.extra.add(event.card)
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
    if event.street == "flop" and not state.burned:
        # E4/E5: the flop's burn was made and stays (the log need not write it).
        count_burn(play, "flop")
    redealt = "flop" if event.street == "flop" else "river"
    state.no_burn = (redealt, rule)
    if to is ev.CardPlace.DECK:
        state.reshuffle_due = (redealt, rule)
    state.rule = rule
    # The burn made for the board taken back stays; the new one is dealt without burning.
    state.burned = False
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
    # A reshuffle that names no card is the one the correction calls for: with the
    # set-aside turn, if there is one (E6: "reshuffled together with the removed card").
    cards = event.cards or tuple(sorted(state.set_aside))
    if state.set_aside & set(cards) and (
        len(play.boards[0]) < 4 or play.next_to_act() is not None
    ):
        # E6: the premature turn goes back only once the real turn's betting is over.
        raise Illegal("E6", "the set-aside card is reshuffled in only after the turn's betting")
    rule = state.rule or "E6"
    for card in cards:
        spot = ledger.where(card)
        if (spot is not None and spot[0] is not Place.SET_ASIDE) or card in state.extra:
            place = "burn" if spot is None else spot[0].value.replace("_", " ")
            raise Illegal(
                rule, f"{card} ({place}) is reshuffled: only the cards taken out of play "
                "go back, never burn cards or discards",
            )
    ledger.to_deck(cards)
    state.set_aside.difference_update(cards)
    state.reshuffle_due = None
    play.note = "the stub is reshuffled" + (
        f" with {format_cards(cards)}" if cards else ""
    ) + " and cut"


def on_misdeal(play: HandReplay, event: ev.Misdeal) -> None:
    """E8: the hand is void; every chip goes back and nothing else may happen in it.

    Only the faults of E1-E3 make a misdeal (the first card exposed, two exposed, two
    extra cards), and the standard ones cited as E8 (a card face up in the deck, a player
    dealt out, the deal started at the wrong seat ...) until the first betting round has
    seen substantial action (TDA 35-36): after that the hand goes on. A misdeal for a
    fault the rules put right another way is refused with that rule (docs/live.md).
    """
    pending = play.pending
    if pending is None or not pending.misdeal:
        refused = _no_misdeal(play, event)
        if refused is not None:
            raise Illegal(*refused)
    play.pending = None
    play.void = event
    play.note = f"misdeal ({event.rule}): the hand is void, every chip goes back (E8)"


#: What each rule does instead of a misdeal, for a misdeal that cites it wrongly.
_INSTEAD = {
    "E1": "E1's misdeal is for the first card of the deal exposed, and none was",
    "E2": "E2's misdeal is for two cards exposed in the deal; one exposed card is "
          "replaced after the deal and burned, and the dealing continues",
    "E3": "E3's misdeal is for more than one extra card; one extra card goes back to "
          "the deck as the next burn card",
    "E4": "a flop with too many cards is redealt (E4), not the hand",
    "E5": "a premature flop is mixed back into the deck and redealt (E5), not the hand",
    "E6": "a premature turn is set aside (E6), not a misdeal",
    "E7": "a premature river is reshuffled into the deck (E7), not a misdeal",
}


def _no_misdeal(play: HandReplay, event: ev.Misdeal) -> tuple[str, str] | None:
    """Why this misdeal is refused (rule, message), or None when it stands."""
    state = play.live
    if state is not None and state.exposed:
        return "E2", (f"one card exposed in the deal ({format_cards(sorted(state.exposed))}) "
                      "is no misdeal: the dealing continues, the card is replaced after the "
                      "deal and is the next burn card")
    if state is not None and state.burn_due is not None and state.burn_due[1] == "E3":
        return "E3", ("one extra card is no misdeal: it goes back to the deck as the next "
                      "burn card")
    if event.rule in _INSTEAD:
        return event.rule, _INSTEAD[event.rule]
    if play.street_index > 0:
        return "E8", f"a misdeal is called during the deal, not on the {play.street}"
    if substantial_action(play):
        return "E8", ("the first betting round has seen substantial action: no misdeal "
                      "any more, the hand goes on (TDA 36)")
    return None


def substantial_action(play: HandReplay) -> bool:
    """TDA 36: two actions in turn, one of them putting chips in, or any three actions
    (forced bets and the draw are not actions)."""
    actions = chips = 0
    for event in play.hand.events[: max(play.index, 0)]:
        if isinstance(event, ev.Call | ev.Bet | ev.RaiseTo | ev.Complete):
            actions += 1
            chips += 1
        elif isinstance(event, ev.Fold | ev.Check):
            actions += 1
    return actions >= 3 or (actions >= 2 and chips >= 1)


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
    if kind is ev.Fold and play.hand.house.absent is Absent.ALL_IN:
        # The room's all-in protection (HouseRules.absent): in for what he has put in,
        # the rest of his stack kept; the others bet on into a side pot (B10).
        actor.all_in = True
        play.able_count -= 1
        play.acted(actor)
        play.note = (
            f"{actor.name} is away facing a bet: all in for what he has put in "
            f"({play.hand.house.name}'s all-in protection, where B12 folds him)"
        )
        return
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
    actor = play.act(forced)
    if kind is ev.Check:
        check_check(play.rnd, actor)
    else:
        play.fold(actor)
    play.acted(actor)


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

