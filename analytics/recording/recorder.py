"""Recording a live hand step by step, offering at each step only what the rules allow.

A floor person should not have to know PHH, nor the rule book by heart: the recorder
keeps the hand's events and replays them through the engine after every step, and asks
the engine what may come next. Nothing about the rules is decided here:

- a player's options are the engine's ``LegalActions`` (``snapshot().legal``);
- a dealer's step (the board, a burn, each error of RULES.md section E and the
  corrections it calls for, a time-out, B12) is offered when the engine *accepts* it:
  the recorder tries the step on a fresh replay of the hand and keeps the offer only if
  the engine applies it (a mistake such as a premature turn is accepted, and the
  correction it requires is then the only thing offered);
- a step the engine refuses is refused with the engine's own ``RuleViolation`` (or
  ``ReplayMismatch``), rule id and message, and the hand is left as it was.

What the recorder writes out itself is what PHH leaves implicit and the PHH reader
writes back (``parser/rooms/phh/build.py``): the forced bets from the setup, the return of an
uncalled bet when a round ends (B11), the start of the showdown. So the hand saved as
live PHH reads back to the same events and the same replay (``finish`` checks it).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from enum import StrEnum

from analytics.recording.table import TableSetup
from parser.model import events as ev
from parser.model.cards import DECK, Card, format_cards
from parser.model.errors import CancelledHand, HandError
from parser.model.hand import ParsedHand, Source
from parser.rooms.phh.reader import parse_phh
from parser.rooms.phh.writer import PhhWriteError, write_phh
from replayer.amounts import spell
from replayer.engine import HandReplay, replay
from replayer.result import ReplayResult
from replayer.settlement.pots import uncalled_excess
from replayer.state import HandState, LegalActions

#: How a hand ends: its result, or the misdeal that voids it.
_Ending = tuple[ReplayResult | None, CancelledHand | None]


class RecordingError(ValueError):
    """A step the recording cannot take that the engine was not asked about (dealing
    twice, cards for a player not at the table); ``rule`` when one applies (D7)."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        self.message = message
        self.rule = rule
        super().__init__(f"[{rule}] {message}" if rule else message)


def refusal(error: HandError | RecordingError) -> str:
    """A refused step as the page and the prompt show it: ``[B4] the turn is dealt ...``."""
    rule = f"[{error.rule}] " if error.rule else ""
    return f"{rule}{error.message}"


class Phase(StrEnum):
    """What the hand waits for."""

    DEAL = "deal"  # the hole cards
    CORRECTION = "correction"  # the correction a dealer's mistake requires
    BETTING = "betting"  # a player's decision
    BOARD = "board"  # the dealer's next street
    SHOWDOWN = "showdown"  # hands shown or mucked
    OVER = "over"  # nothing left to do but save
    VOID = "void"  # a misdeal: the hand is void (E8)


@dataclass(frozen=True, slots=True, kw_only=True)
class Correction:
    """A dealer's error, or its correction, that the engine accepts now.

    The fields the rules fix are filled in (the player of an extra card, where a
    premature board goes and the rule that sends it there); ``kind`` says what else the
    person recording gives: a card for ``exposed`` and ``premature``/``too_many`` (the
    board's cards), optionally the new card of ``replace`` and the card of ``extra``.
    """

    kind: str
    label: str
    rule: str
    player: str | None = None
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    street: str | None = None
    place: ev.CardPlace | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Options:
    """Everything the next step may be, as the engine answers it."""

    phase: Phase
    street: str
    #: The player to act and his options; None when no decision is accepted now.
    legal: LegalActions | None = None
    #: The player to act may run out of time (B12).
    can_time_out: bool = False
    #: The board street the dealer deals next, and its number of cards.
    next_board: str | None = None
    board_cards: int = 0
    can_deal_board: bool = False
    #: Why the next board cannot be dealt now (the engine's refusal), if it cannot.
    board_problem: str = ""
    can_burn: bool = False
    #: The burn card a rule names (E2: the exposed card, E3: the extra card).
    burn_card: Card | None = None
    corrections: tuple[Correction, ...] = ()
    #: A dealer's mistake waiting for its correction: ``[E2] ...``.
    required: str = ""
    #: Players still to show or muck at the showdown.
    to_show: tuple[str, ...] = ()
    can_finish: bool = False
    finish_problem: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Recorded:
    """A finished recording: its live PHH text and the replay of that text."""

    site: str
    hand_id: str
    text: str
    #: None when the hand is void (a misdeal): then ``void`` says why.
    result: ReplayResult | None
    void: CancelledHand | None = None

    @property
    def key(self) -> str:
        """``SITE:NUMBER``, as ``pokerhh replay`` and the viewer's links name a hand."""
        return f"{self.site}:{self.hand_id}"

    @property
    def file_name(self) -> str:
        safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in self.key)
        return f"{safe}.phh"


class Recorder:
    """One live hand being recorded. Each step appends events or raises; ``undo`` takes
    the last step back. The forced bets are posted when the recorder is made."""

    def __init__(self, setup: TableSetup) -> None:
        setup.check()
        if setup.started_at is None:
            setup = replace(setup, started_at=datetime.now(UTC).replace(microsecond=0))
        self.setup = setup
        self.spec = setup.spec
        self._base = setup.base_hand(setup.hand_id or "recording")
        self._steps: list[tuple[ev.Event, ...]] = []
        self._play = self._build(())
        #: Players from the first seat left of the button (PHH's p1, p2 ...).
        self.players: tuple[str, ...] = tuple(a.name for a in self._play.order)
        self._options: Options | None = None
        self._push(self._forced())

    # -- reading ------------------------------------------------------------------------

    @property
    def events(self) -> tuple[ev.Event, ...]:
        return tuple(e for step in self._steps for e in step)

    @property
    def hand(self) -> ParsedHand:
        """The hand so far (its id is a placeholder until ``finish``)."""
        return replace(self._base, events=self.events)

    def state(self) -> HandState:
        """The table now, with the legal actions of the player to act."""
        return self._play.snapshot()

    def pn(self, name: str) -> str:
        """PHH's name of a player's position: ``p1`` is left of the button."""
        return f"p{self.players.index(name) + 1}"

    def player(self, ref: str) -> str:
        """A player by name or by PHH position (``p2``)."""
        if ref in self.players:
            return ref
        if ref[:1].lower() == "p" and ref[1:].isdigit() and 1 <= int(ref[1:]) <= len(self.players):
            return self.players[int(ref[1:]) - 1]
        raise RecordingError(f"no player {ref!r} at this table ({', '.join(self.players)})")

    @property
    def can_undo(self) -> bool:
        return len(self._steps) > 1

    def options(self) -> Options:
        if self._options is None:
            self._options = self._compute_options()
        return self._options

    # -- the players' steps ---------------------------------------------------------------

    def fold(self) -> None:
        self._decide(lambda name, legal: ev.Fold(player=name))

    def check(self) -> None:
        self._decide(lambda name, legal: ev.Check(player=name))

    def call(self) -> None:
        """Call, or check when nothing is owed (PHH's ``cc``)."""

        def call(name: str, legal: LegalActions) -> ev.Event:
            if legal.can_check:
                return ev.Check(player=name)
            stack = self._stack(name)
            amount = min(legal.call_amount, stack)
            return ev.Call(player=name, amount=amount, all_in=amount == stack)

        self._decide(call)

    def bet(self, total: int) -> None:
        """Bet, or raise, to ``total`` this round (what the engine's range is about)."""

        def bet(name: str, legal: LegalActions) -> ev.Event:
            state = self.state()
            seat = next(s for s in state.seats if s.name == name)
            all_in = total - seat.bet == seat.stack
            if state.current_bet:
                return ev.RaiseTo(player=name, amount=total, all_in=all_in)
            return ev.Bet(player=name, amount=total - seat.bet, all_in=all_in)

        self._decide(bet)

    def time_out(self) -> None:
        """B12: the player to act ran out of time; the engine says whether that is a check
        or a fold, and both go in (PHH readers need the action itself)."""
        legal = self._to_act()
        out = ev.TimeOut(player=legal.player)
        play = self._try((out,))
        kind = play.time_out[1] if play.time_out else ev.Fold
        self._push((out, kind(player=legal.player)), betting=True)

    # -- the dealer's steps ---------------------------------------------------------------

    def deal(self, hands: Mapping[str, Sequence[Card]] | None = None) -> None:
        """The hole cards: each player's known cards (missing or empty: unknown, ``??``)."""
        if any(isinstance(e, ev.DealHole) for e in self.events):
            raise RecordingError("the hole cards are dealt already")
        if self._play.void is not None:
            raise RecordingError("the hand is void: nothing more is dealt (E8)")
        known = {self.player(k): tuple(v) for k, v in (hands or {}).items()}
        size = self.spec.streets[0].hole_down
        for name, cards in known.items():
            if len(cards) > size:
                raise RecordingError(
                    f"{name} is given {len(cards)} cards: {self.spec.name} deals {size} (D7)",
                    rule="D7",
                )
        self._push(tuple(ev.DealHole(player=n, cards=known.get(n, ())) for n in self.players))

    def deal_board(self, cards: Sequence[Card]) -> None:
        """The next street's board. Dealt while the betting goes on, or with too many
        cards, it is the dealer's mistake the engine holds until it is taken back."""
        street = self._next_board()
        if street is None:
            raise RecordingError("every street of the board is dealt")
        self._push((ev.DealBoard(street=street, cards=tuple(cards)),))

    def burn(self, card: Card | None = None) -> None:
        self._push((ev.Burn(card=card),))

    def expose(self, card: Card, player: str | None = None, *, first: bool = False) -> None:
        """A card exposed by the dealer in the deal: the first one (E1) or another (E2).

        Usually recorded once the deal is (the deal is one step), so a void hand shows
        who was dealt in; the engine takes it before the deal too (E1's first card)."""
        who = self.player(player) if player else None
        self._push((ev.CardExposed(card=card, player=who, first=first),))

    def replace_card(self, player: str, old: Card, new: Card | None = None) -> None:
        """E2: after the deal, the exposed card is replaced from the deck."""
        self._push((ev.CardReplaced(player=self.player(player), old=old, new=new),))

    def extra_card(self, card: Card | None = None) -> None:
        """E3: the first player got a card too many; it goes back as the next burn."""
        self._push((ev.ExtraCard(player=self.players[0], card=card),))

    def return_board(self) -> None:
        """Take back the board the engine holds (premature, or too many cards), to where
        the rules send it (E4-E7)."""
        offer = self._offer("return")
        if offer is None:
            raise RecordingError(self._why_not("no board to take back"))
        self._push((ev.BoardReturned(street=offer.street or "", cards=offer.cards,
                                     to=offer.place or ev.CardPlace.DECK,
                                     rule=offer.rule),))  # fmt: skip

    def reshuffle(self) -> None:
        """The stub reshuffled with the cards taken out of play (E5-E7)."""
        cards = self._unshuffled()
        self._push((ev.Reshuffle(cards=cards),))

    def misdeal(self, reason: str = "") -> None:
        """The hand is void (E1-E3, E8): every chip goes back."""
        self._push((ev.Misdeal(rule=self._misdeal_rule(), reason=reason.strip()),))

    def show(self, player: str, cards: Sequence[Card] = ()) -> None:
        """At the showdown: the player's cards (none given: those known from the deal)."""
        name = self._at_showdown(player)
        shown = tuple(cards) or self._play.cards.get(name, ())
        if len(shown) < self.spec.streets[0].hole_down:
            raise RecordingError(f"which cards does {name} show?")
        self._push((*self._showdown(), ev.Show(player=name, cards=shown)))

    def muck(self, player: str) -> None:
        self._push((*self._showdown(), ev.Muck(player=self._at_showdown(player))))

    def apply(self, event: ev.Event) -> None:
        """One event of a log as its own step (a live PHH hand walked step by step, to
        compare what is offered with what the engine takes); raises the engine's error."""
        self._push((event,))

    def accepts(self, *events: ev.Event) -> HandError | None:
        """The engine's refusal of ``events`` after the hand so far, or None."""
        return self._accepts(*events)

    def undo(self) -> bool:
        """Take back the last step (never the forced bets); False if there is none."""
        if not self.can_undo:
            return False
        self._steps.pop()
        self._play = self._build(self.events)
        self._options = None
        return True

    # -- the end --------------------------------------------------------------------------

    def finish(self) -> Recorded:
        """The hand as live PHH text, read back and replayed as the importer will.

        Raises the engine's error when the hand is not over (a player still to act, a
        board still to come, a correction still owed).
        """
        result, void = self._end(self.events)
        hand_id = self.setup.hand_id or self._make_id()
        text = self._text(hand_id, result)
        parsed = parse_phh(Source(f"{hand_id}.phh", 1, text))
        again, void_again = self._end_of(parsed)
        if (void is None) != (void_again is None) or _nets(result) != _nets(again):
            raise RecordingError(
                "the saved text does not replay as recorded: please report this hand\n" + text
            )
        return Recorded(site=self.setup.site, hand_id=hand_id, text=text, result=again,
                        void=void_again)  # fmt: skip

    # -- internals ------------------------------------------------------------------------

    def _build(self, events: Iterable[ev.Event]) -> HandReplay:
        """A fresh replay of ``events``; raises the engine's error at the first refused."""
        events = tuple(events)
        play = HandReplay(self._base, self.spec)
        # The engine locates a mistake found later (a premature board never taken back)
        # by finding its event in ``hand.events``: the events being applied must be there.
        play.hand = replace(self._base, events=events)
        for index, event in enumerate(events):
            play.apply(event, index)
        return play

    def _try(self, extra: Sequence[ev.Event]) -> HandReplay:
        return self._build((*self.events, *extra))

    def _accepts(self, *extra: ev.Event) -> HandError | None:
        try:
            self._try(extra)
        except HandError as error:
            return error
        return None

    def _push(self, events: tuple[ev.Event, ...], *, betting: bool = False) -> None:
        """Apply one step, or raise the engine's error and change nothing."""
        if not events:
            return
        play = self._try(events)
        if betting:
            events += self._uncalled(play)
            if len(events) > 1 and isinstance(events[-1], ev.UncalledBetReturned):
                play = self._try(events)
        self._steps.append(events)
        self._play = play
        self._options = None

    def _uncalled(self, play: HandReplay) -> tuple[ev.Event, ...]:
        """B11: a round over with a bet nobody matched: it goes back to its owner, as
        the PHH reader writes it when the round ends."""
        if play.next_to_act() is not None or play.pending is not None:
            return ()
        excess = uncalled_excess({a.name: a.bet for a in play.order})
        if excess is None:
            return ()
        return (ev.UncalledBetReturned(player=excess[0], amount=excess[1]),)

    def _forced(self) -> tuple[ev.Event, ...]:
        """Antes, then the blinds, as the PHH reader posts them (F1, F2; heads-up the
        button posts the small blind, D3)."""
        stacks = {s.name: s.stack for s in self.setup.seats}
        events: list[ev.Event] = []
        ante = self.setup.ante
        if ante:
            for name in self.players:
                amount = min(ante, stacks[name])
                stacks[name] -= amount
                events.append(ev.PostAnte(player=name, amount=amount, all_in=not stacks[name]))
        heads_up = len(self.players) == 2
        small = self.players[-1] if heads_up else self.players[0]
        big = self.players[0] if heads_up else self.players[1]
        for name, blind, kind in ((small, self.setup.small_blind, ev.Blind.SMALL),
                                  (big, self.setup.big_blind, ev.Blind.BIG)):  # fmt: skip
            amount = min(blind, stacks[name])
            if amount:
                stacks[name] -= amount
                events.append(
                    ev.PostBlind(player=name, amount=amount, blind=kind, all_in=not stacks[name])
                )
        return tuple(events)

    def _at_showdown(self, player: str) -> str:
        name = self.player(player)
        if name not in self.options().to_show:
            raise RecordingError(f"{name} has nothing to show: the showdown is after the "
                                 "betting and the board, for the players still in")  # fmt: skip
        return name

    def _stack(self, name: str) -> int:
        return next(s.stack for s in self.state().seats if s.name == name)

    def _to_act(self) -> LegalActions:
        legal = self.state().legal
        if legal is None:
            raise RecordingError(self._why_not("no player is to act"))
        return legal

    def _decide(self, make: Callable[[str, LegalActions], ev.Event]) -> None:
        legal = self._to_act()
        self._push((make(legal.player, legal),), betting=True)

    def _why_not(self, default: str) -> str:
        options = self.options()
        return options.required or options.board_problem or default

    def _next_board(self) -> str | None:
        streets = self.spec.streets
        for spec in streets[self._play.street_index + 1 :]:
            if spec.board_cards:
                return spec.name
        return None

    def _spare(self, count: int) -> tuple[Card, ...]:
        """Cards still in the deck, to try a step the person will give real cards for."""
        ledger = self._play.ledger
        named = {c for e in self.events for c in _cards_of(e)}
        free = [c for c in DECK if ledger.where(c) is None and c not in named]
        return tuple(free[:count])

    def _showdown(self) -> tuple[ev.Event, ...]:
        if any(isinstance(e, ev.ShowdownStart) for e in self.events):
            return ()
        return (ev.ShowdownStart(),)

    def _unshuffled(self) -> tuple[Card, ...]:
        """Cards taken out of play (E5-E7) that no reshuffle has put back yet."""
        cards: list[Card] = []
        for event in self.events:
            if isinstance(event, ev.BoardReturned):
                cards.extend(c for c in event.cards if c not in cards)
            elif isinstance(event, ev.Reshuffle):
                cards = [c for c in cards if c not in event.cards]
        return tuple(cards)

    def _misdeal_rule(self) -> str:
        pending = self._play.pending
        if pending is not None and ev.Misdeal in pending.allowed:
            return pending.rule
        return "E8"

    def _end(self, events: tuple[ev.Event, ...]) -> _Ending:
        try:
            return self._build(events).finish(), None
        except CancelledHand as void:
            return None, void

    @staticmethod
    def _end_of(hand: ParsedHand) -> _Ending:
        try:
            return replay(hand, record_states=True), None
        except CancelledHand as void:
            return None, void

    def _text(self, hand_id: str, result: ReplayResult | None) -> str:
        hand = replace(self._base, hand_id=hand_id, events=self.events)
        stacks = {p.name: p.final_stack for p in result.players} if result else None
        try:
            return write_phh(hand, stacks)
        except PhhWriteError as error:
            raise RecordingError(f"the hand cannot be written as PHH: {error}") from None

    def _make_id(self) -> str:
        """The time the hand started and a digest of its text: the same recording saved
        twice is the same hand, two hands never share a number."""
        body = self._text("", None)
        digest = hashlib.sha256(body.encode("utf-8")).hexdigest()[:8]
        started = self._base.started_at or datetime.now(UTC)
        return f"{started:%Y%m%d-%H%M%S}-{digest}"

    # -- the options ----------------------------------------------------------------------

    def _offer(self, kind: str) -> Correction | None:
        return next((c for c in self.options().corrections if c.kind == kind), None)

    def _compute_options(self) -> Options:
        play = self._play
        street = play.street
        if play.void is not None:
            return Options(phase=Phase.VOID, street=street, can_finish=True)
        state = play.snapshot()
        dealt = any(isinstance(e, ev.DealHole) for e in self.events)
        live = [s.name for s in state.seats if s.dealt_in and not s.folded]
        nxt = self._next_board()
        count = self.spec.street(nxt).board_cards if nxt else 0
        fields: dict[str, object] = {"next_board": nxt, "board_cards": count}
        if play.pending is not None:
            phase = Phase.CORRECTION
            # the engine marks amounts in its messages; spelled in the hand's money here
            message = spell(play.pending.message, play.hand)
            fields["required"] = f"[{play.pending.rule}] {message}"
        elif not dealt:
            phase = Phase.DEAL
        elif state.legal is not None:
            phase = Phase.BETTING
            name = state.legal.player
            if self._accepts(ev.Fold(player=name)) is None:
                fields["legal"] = state.legal
                fields["can_time_out"] = self._accepts(ev.TimeOut(player=name)) is None
        elif len(live) >= 2 and nxt is not None:
            phase = Phase.BOARD
            fields.update(self._board_options(nxt, count))
        elif len(live) >= 2:
            phase = Phase.SHOWDOWN
            fields["to_show"] = self._to_show(live)
        else:
            phase = Phase.OVER
        if phase is not Phase.BOARD and dealt:
            # A burn while the betting goes on: the dealer's mistake before a premature
            # street (E5: it stays), which the engine holds until that board comes.
            fields.update(self._early_burn())
        if phase in (Phase.SHOWDOWN, Phase.OVER):
            try:
                self._build(self.events).finish()
                fields["can_finish"] = True
            except HandError as error:
                fields["finish_problem"] = refusal(error)
        fields["corrections"] = self._corrections(phase, dealt, nxt, count)
        return Options(phase=phase, street=street, **fields)  # type: ignore[arg-type]

    def _board_options(self, street: str, count: int) -> dict[str, object]:
        board = ev.DealBoard(street=street, cards=self._spare(count))
        problem = self._accepts(board)
        live = self._play.live
        due = live.burn_due[0] if live is not None and live.burn_due else None
        burned = live is not None and live.burned
        burn = None if burned else self._accepts(ev.Burn(card=due))
        return {
            "can_deal_board": problem is None,
            "board_problem": refusal(problem) if problem else "",
            "can_burn": not burned and burn is None,
            "burn_card": due,
        }

    def _early_burn(self) -> dict[str, object]:
        live = self._play.live
        due = live.burn_due[0] if live is not None and live.burn_due else None
        return {"can_burn": self._accepts(ev.Burn(card=due)) is None, "burn_card": due}

    def _to_show(self, live: list[str]) -> tuple[str, ...]:
        done: set[str] = set()
        for event in self.events:
            if isinstance(event, ev.Show | ev.Muck):
                done.add(event.player)
        return tuple(n for n in live if n not in done)

    def _corrections(
        self, phase: Phase, dealt: bool, nxt: str | None, count: int
    ) -> tuple[Correction, ...]:
        """Every dealer error and correction the engine would apply now."""
        if phase is Phase.VOID:
            return ()
        play = self._play
        offers: list[Correction] = []
        first = self.players[0]
        probe = self._spare(count + 1 if count else 1)

        def offer(correction: Correction, event: ev.Event) -> None:
            if self._accepts(event) is None:
                offers.append(correction)

        offer(Correction(kind="exposed", label="the first card of the deal exposed",
                         rule="E1", player=first),
              ev.CardExposed(card=probe[0], player=first, first=True))  # fmt: skip
        offer(Correction(kind="exposed", label="a card exposed in the deal", rule="E2"),
              ev.CardExposed(card=probe[0]))  # fmt: skip
        offer(Correction(kind="extra", label=f"an extra card dealt to {first}",
                         rule="E3", player=first),
              ev.ExtraCard(player=first))  # fmt: skip
        if play.live is not None:
            for card, owner in play.live.exposed.items():
                who = owner or first
                offer(Correction(kind="replace", label=f"replace the exposed {card}",
                                 rule="E2", player=owner, card=card),
                      ev.CardReplaced(player=who, old=card))  # fmt: skip
        if dealt and phase in (Phase.BETTING, Phase.CORRECTION):
            # E5: the dealer burns before the betting ended, then turns the street early.
            due = play.live.burn_due[0] if play.live and play.live.burn_due else None
            offer(Correction(kind="burn", label="a card burned before the betting ended",
                             rule="E5", card=due),
                  ev.Burn(card=due))  # fmt: skip
        if nxt is not None and dealt and phase in (Phase.BETTING, Phase.CORRECTION):
            early = ev.DealBoard(street=nxt, cards=probe[:count])
            if self._accepts(early) is None:
                # The rule of its correction, as the engine applies it (E5-E7).
                rules = [c.rule for c in self._returns(early, (early,))] or ["B4"]
                label = f"{nxt} dealt before the betting ended"
                offers.append(Correction(kind="premature", rule=rules[0], street=nxt,
                                         label=label))  # fmt: skip
        if nxt is not None and phase is Phase.BOARD:
            offer(Correction(kind="too_many", label=f"{nxt} dealt with too many cards",
                             rule="E4", street=nxt),
                  ev.DealBoard(street=nxt, cards=probe[: count + 1]))  # fmt: skip
        held = play.pending.board if play.pending is not None else None
        if held is not None:
            offers.extend(self._returns(held))
        cards = self._unshuffled()
        if cards:
            # Whenever the engine takes it: E5 and E7 reshuffle at once or later, E6 only
            # once the turn's betting is over.
            returned = [e for e in self.events if isinstance(e, ev.BoardReturned)]
            offer(Correction(kind="reshuffle",
                             label=f"reshuffle the stub with {format_cards(cards)}",
                             rule=returned[-1].rule, cards=cards),
                  ev.Reshuffle(cards=cards))  # fmt: skip
        rule = self._misdeal_rule()
        offer(Correction(kind="misdeal", label="misdeal: the hand is void", rule=rule),
              ev.Misdeal(rule=rule))  # fmt: skip
        return tuple(offers)

    def _returns(self, held: ev.DealBoard, before: tuple[ev.Event, ...] = ()) -> list[Correction]:
        """Where the held board may go: the engine accepts one place; its rule is the one
        it then applies to the street dealt next (E4-E7)."""
        found = []
        for place in (ev.CardPlace.DECK, ev.CardPlace.SET_ASIDE):
            event = ev.BoardReturned(street=held.street, cards=held.cards, to=place)
            try:
                play = self._try((*before, event))
            except HandError:
                continue
            rule = play.live.no_burn[1] if play.live and play.live.no_burn else ""
            where = "set aside" if place is ev.CardPlace.SET_ASIDE else "back into the deck"
            found.append(Correction(kind="return", rule=rule, street=held.street,
                                    cards=held.cards, place=place,
                                    label=f"{held.street} {format_cards(held.cards)} "
                                          f"{where}"))  # fmt: skip
        return found


def _cards_of(event: ev.Event) -> tuple[Card, ...]:
    cards: list[Card] = []
    for name in ("cards", "up"):
        cards.extend(getattr(event, name, ()) or ())
    for name in ("card", "old", "new"):
        card = getattr(event, name, None)
        if isinstance(card, Card):
            cards.append(card)
    return tuple(cards)


def _nets(result: ReplayResult | None) -> dict[str, int]:
    return {p.name: p.net for p in result.players} if result else {}
