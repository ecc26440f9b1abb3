"""The replay: apply a parsed hand's events one by one under the rules of its GameSpec.

The engine never trusts the log. It moves the chips itself (forced bets, bets, returns,
pots, awards), checks each action against the betting rules as it is applied, and only at
the end compares the log's own claims (collected amounts, total pot, rake) with what it
computed (``claims.py``). Anything it cannot apply is an error naming the rule, the event
index and the source line; it never repairs a log silently.

This module holds the hand's state and the questions every phase asks (whose turn, what
is owed); the handlers of each phase live beside it: ``forced.py`` (antes, blinds,
bring-in), ``dealing.py`` (hole cards, boards, streets, draws), ``actions.py`` (fold,
check, call, bet, raise, complete), ``ending.py`` (returns, showdown, claims) and
``corrections.py`` (the dealer's errors of live games, RULES.md E1-E8).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from operator import attrgetter

from parser.model import events as ev
from parser.model.cards import Card
from parser.model.errors import HandError, ReplayMismatch, RuleViolation, UnsupportedGame
from parser.model.games import GAME_SPECS, BetSize, Betting, Forced, GameSpec
from parser.model.hand import ParsedHand, Seat
from replayer import corrections, limits, order
from replayer.amounts import spell
from replayer.betting import Actor, Illegal, Mismatch, Round, chips, may_raise, to_call
from replayer.handlers import HandlerTable
from replayer.ledger import CardLedger
from replayer.positions import blind_positions, clockwise_from
from replayer.result import AllInPoint, Decision, ReplayResult
from replayer.settlement.settle import settle
from replayer.snapshot import snapshot
from replayer.state import HandState

#: Enum members read once: reading one from its class goes through the enum's metaclass
#: (about 0.35 us), and the hot path asks for them at every event.
_BLINDS = Forced.BLINDS
_FIXED_LIMIT = Betting.FIXED_LIMIT
_SMALL_BET = BetSize.SMALL


def replay(
    hand: ParsedHand, spec: GameSpec | None = None, *, record_states: bool = False
) -> ReplayResult:
    """Replay ``hand`` and check it; raise a ``HandError`` subclass if it breaks a rule.

    ``record_states`` keeps a ``HandState`` after every event for the replay viewer; the
    importer leaves it off, since snapshots cost more than the replay itself.
    """
    spec = spec or GAME_SPECS.get(hand.game)
    path = hand.source.path if hand.source else None
    if spec is None or not spec.supported:
        raise UnsupportedGame(
            f"the engine does not replay {hand.game_name or hand.game} yet",
            hand_id=hand.hand_id,
            path=path,
            line=hand.source.first_line if hand.source else None,
        )
    try:
        return HandReplay(hand, spec, record_states).run()
    except HandError as error:
        beyond = limits.over_limit(hand) if error.rule != "L1" else None
        if beyond is not None:
            # L1: an amount no real game holds is the fault, whatever rule it broke first.
            index, event = beyond
            limit = chips(limits.MAX_AMOUNT, grouped=True)
            message = f"the {event.kind} amount is beyond any real game (L1: at most {limit})"
            error = RuleViolation(
                spell(message, hand),
                rule="L1",
                event_index=index,
                event_kind=event.kind,
                line=event.line,
            )
        raise error.located(hand_id=hand.hand_id, path=path) from None


class HandReplay:
    """A hand being replayed, one event at a time.

    ``replay()`` runs it over a whole log; the viewer and tests that build hands move by
    ``apply`` and read ``snapshot()`` and ``next_to_act()`` between events. The events
    applied are those of ``hand.events``; ``apply`` may be given further ones.
    """

    # Slots: the phases read and write the hand's state at every event, and a slot is
    # faster to reach than an entry of an instance dictionary this large.
    __slots__ = (
        "able_count",
        "actors",
        "added",
        "all_in_point",
        "all_in_seen",
        "anchor",
        "auto_returned",
        "big_blind",
        "big_posted",
        "board_size",
        "boards",
        "cash_out_fees",
        "cash_outs",
        "collect_events",
        "collects",
        "dead_blinds",
        "decisions",
        "diagnostics",
        "disconnected",
        "drawing",
        "drawn",
        "draws",
        "event",
        "folded_on",
        "fractional",
        "hand",
        "hole_up",
        "index",
        "last_actor",
        "ledger",
        "live",
        "live_count",
        "mucked",
        "note",
        "opener_unknown",
        "order",
        "owed",
        "pending",
        "place",
        "positions",
        "pot",
        "record",
        "ring",
        "rnd",
        "round_opener",
        "seated",
        "showdown",
        "spec",
        "starting",
        "states",
        "street_index",
        "time_out",
        "void",
    )

    def __init__(self, hand: ParsedHand, spec: GameSpec, record_states: bool = False) -> None:
        self.hand = hand
        self.index = -1
        self.event: ev.Event | None = None
        try:
            # D6, L1 first: a hand beyond any real table costs nothing more (issue 23).
            limits.check_hand(hand, spec)
        except Illegal as problem:
            raise self.error(RuleViolation, problem.rule, problem.message) from None
        self.spec = spec
        self.record = record_states
        # A seated player is dealt in when the log shows him doing anything at all: a dealt-in
        # player always posts, acts or is dealt cards, while seat lists keep players who sat
        # out without saying so. A hand built live (no events yet) deals everyone seated.
        events = hand.events
        player_event = ev.PlayerEvent
        # The seated players the log has not shown yet, read up to the event that shows
        # the last of them (the hole cards, as a rule, near the start).
        unseen = {s.name for s in hand.seats}
        for e in events:
            if isinstance(e, player_event):
                unseen.discard(e.player)
                if not unseen:
                    break
        actors: dict[str, Actor] = {}
        for seat in sorted(hand.seats, key=_seat_number):
            dealt = seat.name not in unseen if events else not seat.sitting_out
            actors[seat.name] = Actor(seat.name, seat.seat, seat.stack, dealt)
        self.actors = actors
        self.starting = {s.name: s.stack for s in hand.seats}
        by_seat = {a.seat: a for a in actors.values() if a.dealt_in}
        dealt_seats = tuple(sorted(by_seat))
        button = hand.button_seat
        if button is None:
            button = dealt_seats[-1] if dealt_seats else 0
        clockwise, positions = _seating(dealt_seats, button, spec.forced is _BLINDS)
        #: Dealt-in players clockwise from the first seat left of the button (S4, B3).
        self.order: list[Actor] = [by_seat[s] for s in clockwise]
        #: ``order`` twice over: the players after seat ``i`` are one slice of it, where
        #: the turn questions would otherwise count modulo the table at each step.
        self.ring: list[Actor] = self.order * 2
        self.place = {a.name: i for i, a in enumerate(self.order)}
        #: The dealt-in players by seat number, as the results list them.
        self.seated: list[Actor] = [by_seat[s] for s in dealt_seats]
        #: Players not folded, and of those the ones not all-in, kept as counts because the
        #: next-to-act question is asked at every event.
        self.live_count = len(self.order)
        self.able_count = len(self.order)
        #: Position names by seat (shared between hands of the same seating: read only).
        self.positions = positions
        stakes = hand.stakes
        fixed = spec.betting is _FIXED_LIMIT
        self.big_blind = stakes.small if fixed else stakes.big
        self.street_index = 0
        #: Whether this street is a draw (C1): asked before every action.
        self.drawing = spec.streets[0].draw
        self.pot = 0
        self.added = 0
        #: Dead blinds by player (F1: a returning player's dead small blind): in the
        #: pot from the start, for whoever wins the main pot; never a level of his
        #: own in the side pots (B10), unlike an ante every player posts alike.
        self.dead_blinds: dict[str, int] = {}
        self.rnd = self.new_round(spec.streets[0].name)
        #: The player the action starts after: the big blind, a straddle, the bring-in.
        self.anchor: Actor | None = None
        self.big_posted = False
        self.last_actor: Actor | None = None
        #: The first to act this round, once known (stud's best showing hand, F4), and
        #: whether the log lacks the up cards that decide it (its first actor then opens).
        self.round_opener: tuple[int, Actor | None] | None = None
        self.opener_unknown = False
        runs = spec.boards
        self.boards: list[list[Card]] = [[]] if runs == 1 else [[] for _ in range(runs)]
        #: The community cards of a complete board (0 in stud and draw games).
        self.board_size = _board_size(spec)
        self.ledger = CardLedger()
        first = spec.streets[0]
        #: Up cards dealt on the first street (stud): asked at every hole-card line.
        self.hole_up = first.hole_up
        first_cards = first.hole_down + first.hole_up
        # Each one's ``grow``: ``place`` has every name of ``order``, in order.
        self.ledger.hand_size = dict.fromkeys(self.place, first_cards)
        self.mucked: set[str] = set()
        self.showdown = False
        self.folded_on: dict[str, str] = {}
        #: Draw rounds: who has drawn this round, and what each threw and drew (C1).
        self.drawn: set[str] = set()
        self.draws: dict[str, list[tuple[int, int]]] = {}
        #: Players whose connection is lost (a note): their draw is made for them (C2).
        self.disconnected: set[str] = set()
        self.collects: dict[str, int] = {}
        self.collect_events: dict[str, ev.Collect] = {}
        self.fractional: list[ev.Collect] = []
        self.cash_outs: dict[str, int] = {}
        self.cash_out_fees = 0
        self.diagnostics: list[str] = []
        #: Uncalled bets the engine returned because the log printed no line for them.
        self.auto_returned: dict[str, int] = {}
        self.states: list[HandState] = []
        #: The all-in point (``AllInPoint``) once the betting first closes with two or more
        #: players left; ``all_in_seen`` says that moment has come (with cards to come or not).
        self.all_in_point: AllInPoint | None = None
        self.all_in_seen = False
        #: One record per betting decision, for statistics (who could raise, what it cost).
        self.decisions: list[Decision] = []
        #: Live games: the dealer's procedure in progress (corrections.py), and a void hand.
        self.pending: corrections.Pending | None = None
        self.void: ev.Misdeal | None = None
        self.live: corrections.LiveState | None = None
        #: B12: a time-out waiting for its check or fold.
        self.time_out: tuple[ev.TimeOut, type[ev.Check] | type[ev.Fold]] | None = None
        self.note = ""
        self.owed = 0

    # -- the loop ----------------------------------------------------------------------

    def run(self) -> ReplayResult:
        """Apply every event of the log, then finish. One place applies an event
        (:meth:`apply`: the corrections, the rule checks, the all-in point), for the log
        and for the live recorder alike."""
        apply = self.apply
        for index, event in enumerate(self.hand.events):
            apply(event, index)
        return self.finish()

    def apply(self, event: ev.Event, index: int | None = None) -> None:
        """Apply one event; raise ``RuleViolation``/``ReplayMismatch`` if it cannot be."""
        self.index = self.index + 1 if index is None else index
        self.event, self.note = event, ""
        handler = HANDLERS.get(type(event))
        if handler is None:
            message = f"{event.kind} events are not replayed yet"
            raise self.error(UnsupportedGame, None, message)
        try:
            if self.pending is not None or self.void is not None or self.time_out:
                corrections.check_pending(self, event)
            handler(self, event)
        except Illegal as problem:
            raise self.error(RuleViolation, problem.rule, problem.message) from None
        except Mismatch as mismatch:  # its own name: one name, one type (mypyc)
            raise self.error(ReplayMismatch, mismatch.rule, mismatch.message) from None
        if not self.all_in_seen and self.able_count <= 1 and self.live_count >= 2:
            self._all_in_check()
        if self.record:
            self.states.append(self.snapshot())

    def _all_in_check(self) -> None:
        """Note the all-in point if this event reached it (see ``AllInPoint``): asked only
        when the counts say at most one live player can still act."""
        live = [a for a in self.order if not a.folded]
        if len(live) < 2 or sum(1 for a in live if not a.all_in) > 1:
            return
        if self.next_to_act() is not None:
            return
        self.all_in_seen = True
        spec = self.spec
        board = self.boards[0] if self.boards else []
        street = self.rnd.street
        if self.board_size:
            to_come = len(board) < self.board_size
        else:
            to_come = street != spec.streets[-1].name
        if to_come:
            self.all_in_point = AllInPoint(self.index, street, tuple(board))

    def finish(self) -> ReplayResult:
        """End the hand: form the pots, award them, and check the log's claims."""
        self.index, self.event = len(self.hand.events), None
        if self.pending is not None or self.void is not None or self.time_out:
            try:
                corrections.check_finished(self)
            except Illegal as problem:
                raise self.error(RuleViolation, problem.rule, problem.message) from None
        return settle(self)

    def error(
        self, cls: type[HandError], rule: str | None, message: str, about: object = None
    ) -> HandError:
        """The error located at ``about`` if given (an earlier event), else the current one,
        its amounts spelled in the hand's money (``amounts.py``: ``$2.10``, not ``210``)."""
        event = about if isinstance(about, ev.Event) else self.event
        index = self.index
        if isinstance(about, ev.Event):
            # An earlier event of the log; a hand driven by ``apply`` (the live recorder)
            # may hold it only in its own list, so the current index is the fallback.
            index = next((i for i, e in enumerate(self.hand.events) if e is about), index)
        return cls(
            spell(message, self.hand),
            rule=rule,
            hand_id=self.hand.hand_id,
            event_index=index if event is not None else None,
            event_kind=event.kind if event is not None else None,
            line=event.line if event is not None else None,
        )

    # -- what the phases share -----------------------------------------------------------

    @property
    def cards(self) -> dict[str, tuple[Card, ...]]:
        """Each player's known cards (the ledger's), for the showdown and the viewer."""
        return self.ledger.hands

    @property
    def street(self) -> str:
        return self.spec.streets[self.street_index].name

    def new_round(self, street: str) -> Round:
        spec = self.spec
        betting = spec.betting_on(street) if spec.street_betting else spec.betting
        stakes = self.hand.stakes
        if betting is _FIXED_LIMIT:
            size = spec.street(street).bet_size
            unit = stakes.small if size is _SMALL_BET else stakes.big
        else:
            unit = self.big_blind
        # Round's fields in order: street, betting, bet_unit, current_bet, min_increment,
        # level, bets, max_bets, capped, pot (the keywords cost a third more, per round).
        return Round(
            street,
            betting,
            unit,
            0,
            unit,
            0,
            0,
            spec.max_bets if betting is _FIXED_LIMIT else None,
            False,
            self.pot,
        )

    def actor_named(self, name: str) -> Actor:
        actor = self.actors.get(name)
        if actor is None:
            raise Mismatch("D2", f"{name} is not seated at this table")
        return actor

    def live_actors(self) -> list[Actor]:
        return [a for a in self.order if not a.folded]

    def pay(self, actor: Actor, amount: int, *, live: bool) -> None:
        stack = actor.stack
        if amount > stack:
            raise Mismatch(
                "B1", f"{actor.name} puts in {chips(amount)} but has only {chips(stack)}"
            )
        stack -= amount
        actor.stack = stack
        actor.invested += amount
        if live:
            actor.bet += amount
            self.rnd.table_bets += amount
        else:
            self.pot += amount
            self.rnd.pot += amount
        if stack == 0 and not actor.all_in:
            actor.all_in = True
            if actor.dealt_in and not actor.folded:
                self.able_count -= 1

    def fold(self, actor: Actor) -> None:
        actor.folded = True
        self.live_count -= 1
        if not actor.all_in:
            self.able_count -= 1
        self.folded_on[actor.name] = self.rnd.street
        self.ledger.fold(actor.name)

    def next_to_act(self) -> Actor | None:
        """Who the rules say acts next (B3, B4), or None when the round is over."""
        live_count = self.live_count
        able_count = self.able_count
        if live_count < 2 or able_count == 0 or self.void is not None:
            return None
        if self.drawing and len(self.drawn) < live_count:
            return None  # the draw comes first (C1)
        order_ = self.order
        # Everyone in ``order`` is dealt in, so "can act" is "neither folded nor all-in".
        if able_count == 1:
            only = next(a for a in order_ if not a.folded and not a.all_in)
            if not self._owes(only):
                return None
        return self._scan()

    def _scan(self) -> Actor | None:
        """``next_to_act`` once its early answers are ruled out (two live players, one of
        them able to act, no draw or void pending): the first player clockwise after the
        last to act who has not acted or owes chips. ``act`` comes here directly."""
        # No one has acted this round: the seat *before* the first to act (B3, F4).
        start = self.last_actor or order.opener(self)
        # The seats after ``start`` clockwise, each once (every seat from the first left of
        # the button when the round has no opener).
        order_ = self.order
        i = self.place[start.name] + 1 if start is not None else 0
        current = self.rnd.current_bet
        for actor in self.ring[i : i + len(order_)]:
            if actor.folded or actor.all_in:
                continue
            if not actor.acted:
                return actor
            if actor.bet < current and self._owes(actor):
                return actor
        return None

    def _option(self, actor: Actor) -> bool:
        """B4: the big blind (or straddle) who has not acted still has his option to check,
        even when everyone else has called all-in for less."""
        return (
            actor is self.anchor
            and self.street_index == 0
            and self.big_posted
            and not actor.acted
            and self.able_count == 1
            and self.live_count >= 2
            and not self._owes(actor)
        )

    def _owes(self, actor: Actor) -> bool:
        if actor.bet >= self.rnd.current_bet:
            return False
        self.set_cover(actor)
        return to_call(self.rnd, actor) > 0

    def act(self, event: ev.PlayerEvent) -> Actor:
        actor = self.actors.get(event.player)
        if actor is None:
            raise Mismatch("D2", f"{event.player} is not seated at this table")
        if self.live_count < 2:
            raise Illegal("B1", f"{actor.name} cannot act: the hand is over")
        if actor.folded:
            raise Illegal("B1", f"{actor.name} has folded and cannot act again")
        if actor.all_in:
            raise Illegal("B1", f"{actor.name} is all-in and cannot act")
        if self.drawing and len(self.drawn) < self.live_count:
            waiting = [a.name for a in self.live_actors() if a.name not in self.drawn]
            raise Illegal("C1", f"{actor.name} acts before the draw ({', '.join(waiting)} to draw)")
        # ``next_to_act``: with two live players (above), no draw due (above) and no void,
        # its early answers leave only the scan when two or more can act.
        expected = self._scan() if self.able_count > 1 and self.void is None else self.next_to_act()
        if expected is not actor:
            if expected is None and isinstance(event, ev.Check) and self._option(actor):
                # B4: the big blind has not acted, so his check is legal (and the log may
                # omit it: it decides nothing when every opponent is all-in for less).
                expected = actor
            elif expected is None:
                raise Illegal("B4", f"{actor.name} cannot act: the betting round is over")
            elif self.opener_unknown and self.last_actor is None and actor.can_act:
                self.last_actor = self.order[(self.place[actor.name] - 1) % len(self.order)]
                self.note = f"the up cards are not in the log: {actor.name} opens the round"
            else:
                raise Illegal(
                    "B3", f"{actor.name} acts out of turn: it is {expected.name}'s turn"
                )
        rnd = self.rnd
        current = rnd.current_bet
        owed = 0
        bet = actor.bet
        if bet < current:
            self.set_cover(actor)
            # ``to_call`` (betting.py), inlined: the cover just set caps the bet, the
            # stack caps the call.
            cover = rnd.cover
            owed = (cover if cover is not None and cover < current else current) - bet
            if owed > actor.stack:
                owed = actor.stack
            if owed < 0:
                owed = 0
        #: What calling costs, for ``on_check``/``on_call``: nothing moves between here
        #: and their checks, so ``to_call`` would give the same again.
        self.owed = owed
        # Decision's fields in order (index, street, player, kind, to_call, current_bet,
        # could_raise, full_raise), built as the tuple it is: a NamedTuple's ``_make`` and
        # keyword constructor are Python calls on this hot path.
        self.decisions.append(
            _tuple_new(
                Decision,
                (
                    self.index,
                    rnd.street,
                    actor.name,
                    event.kind,
                    owed,
                    current,
                    may_raise(rnd, actor) is None,
                    None,
                ),
            )
        )
        return actor

    def set_cover(self, actor: Actor) -> None:
        """Note the most an opponent of ``actor`` can match, when it is below the bet."""
        rnd = self.rnd
        current = rnd.current_bet
        best = 0
        for other in self.order:
            if other is not actor and not other.folded:
                # all in: what he has in (a protected player keeps chips he cannot bet)
                reach = other.bet if other.all_in else other.bet + other.stack
                if reach >= current:
                    rnd.cover = None  # someone can match the whole bet: nothing to cap
                    return
                if reach > best:
                    best = reach
        rnd.cover = best

    def acted(self, actor: Actor) -> None:
        actor.acted = True
        actor.acted_at = self.rnd.current_bet
        actor.acted_bets = self.rnd.bets
        self.last_actor = actor

    def know(self, name: str, cards: tuple[Card, ...]) -> None:
        self.ledger.know(name, cards)

    def give_back(self, actor: Actor, amount: int) -> None:
        actor.bet -= amount
        actor.invested -= amount
        actor.stack += amount
        if actor.all_in:
            actor.all_in = False
            if not actor.folded:
                self.able_count += 1
        self.rnd.table_bets -= amount
        self.rnd.current_bet = max([a.bet for a in self.order])
        self.note = f"uncalled bet of {chips(amount)} returned to {actor.name} (B11)"

    def end_round(self) -> None:
        """Return any uncalled bet the log did not print (B11), gather bets into the pot."""
        order = self.order
        rnd = self.rnd
        # ``table_bets`` is the sum of the bets (none is negative): 0, nobody has one.
        bets = rnd.table_bets
        if bets:
            # ``uncalled_excess`` over the bets, without building their dict: the first
            # largest bet, and by how much it tops the next one.
            top_actor, top, second = None, 0, 0
            for actor in order:
                bet = actor.bet
                if bet > top:
                    top_actor, second, top = actor, top, bet
                elif bet > second:
                    second = bet
            if top_actor is not None and top != second:
                name, amount = top_actor.name, top - second
                self.give_back(self.actors[name], amount)
                self.auto_returned[name] = self.auto_returned.get(name, 0) + amount
                self.diagnostics.append(
                    f"B11: the log has no 'Uncalled bet' line for {chips(amount)} to {name}; "
                    "returned"
                )
        pot = self.pot
        # Nobody has acted this round (only ``acted`` sets ``acted``, and ``last_actor``
        # with it) and nobody has a bet: there is nothing to reset.
        if bets or self.last_actor is not None:
            for actor in order:
                # Only what is set is reset: a player who has not acted has ``acted_at``
                # and ``acted_bets`` at 0 already (only ``acted`` sets them).
                bet = actor.bet
                if bet:
                    pot += bet
                    actor.bet = 0
                if actor.acted:
                    actor.acted = False
                    actor.acted_at = 0
                    actor.acted_bets = 0
        self.pot = pot
        rnd.table_bets = 0
        rnd.pot = pot

    def next_street(self, index: int) -> None:
        """Close the round and open street ``index``'s betting."""
        self.end_round()
        self.street_index = index
        self.drawing = self.spec.streets[index].draw
        self.rnd = self.new_round(self.spec.streets[index].name)
        self.last_actor = None
        self.round_opener = None
        self.opener_unknown = False
        self.drawn = set()

    # -- the viewer's snapshot --------------------------------------------------------------

    def snapshot(self) -> HandState:
        """The state now, with the legal actions of the player to act (for the viewer)."""
        return snapshot(self)


_tuple_new = tuple.__new__


#: ``GameSpec.board_size`` (a sum over the streets) by spec, the spec kept with it so that
#: its id cannot be reused by another.
_BOARD_SIZES: dict[int, tuple[GameSpec, int]] = {}


def _board_size(spec: GameSpec) -> int:
    known = _BOARD_SIZES.get(id(spec))
    if known is None or known[0] is not spec:
        known = _BOARD_SIZES[id(spec)] = (spec, spec.board_size)
    return known[1]


#: A seat's number, the sort key of the seat list (a C call, not a Python one per seat).
_seat_number: Callable[[Seat], int] = attrgetter("seat")


@lru_cache(maxsize=4096)
def _seating(seats: tuple[int, ...], button: int, blinds: bool) -> tuple[list[int], dict[int, str]]:
    """The seats dealt in, clockwise from the first left of ``button``, and their position
    names in blind games: the same few seatings come back hand after hand (a six-max table
    has six), so they are worked out once. The results are shared: never modify them."""
    listed = list(seats)
    return clockwise_from(listed, button), blind_positions(listed, button) if blinds else {}


def _handlers() -> HandlerTable:
    from replayer import actions, dealing, forced
    from replayer.settlement import ending

    table: HandlerTable = {}
    for module in (forced, dealing, actions, ending, corrections):
        table.update(module.HANDLERS)
    return table


HANDLERS: HandlerTable = _handlers()
