"""The replay: apply a parsed hand's events one by one under the rules of its GameSpec.

The engine never trusts the log. It moves the chips itself (forced bets, bets, returns,
pots, awards), checks each action against the betting rules as it is applied, and only at
the end compares the log's own claims (collected amounts, total pot, rake) with what it
computed (``claims.py``). Anything it cannot apply is an error naming the rule, the event
index and the source line; it never repairs a log silently.
"""

from __future__ import annotations

from collections.abc import Callable

from parser.model import events as ev
from parser.model.cards import Card, format_cards
from parser.model.errors import (
    CancelledHand,
    HandError,
    ReplayMismatch,
    RuleViolation,
    UnsupportedGame,
)
from parser.model.games import GAME_SPECS, BetSize, Betting, GameSpec, Opener
from parser.model.hand import ParsedHand
from replayer.betting import (
    Actor,
    Illegal,
    Mismatch,
    Round,
    check_call,
    check_check,
    check_raise_to,
    may_raise,
    to_call,
)
from replayer.positions import blind_positions, clockwise_from
from replayer.pots import uncalled_excess
from replayer.result import Decision, ReplayResult
from replayer.settle import settle
from replayer.snapshot import snapshot
from replayer.state import HandState


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
        raise error.located(hand_id=hand.hand_id, path=path) from None


class HandReplay:
    """A hand being replayed, one event at a time.

    ``replay()`` runs it over a whole log; the viewer and tests that build hands move by
    ``apply`` and read ``snapshot()`` and ``next_to_act()`` between events. The events
    applied are those of ``hand.events``; ``apply`` may be given further ones.
    """

    def __init__(self, hand: ParsedHand, spec: GameSpec, record_states: bool = False) -> None:
        self.hand = hand
        self.spec = spec
        self.record = record_states
        # A seated player is dealt in when the log shows him doing anything at all: a dealt-in
        # player always posts, acts or is dealt cards, while seat lists keep players who sat
        # out without saying so. A hand built live (no events yet) deals everyone seated.
        involved = {e.player for e in hand.events if isinstance(e, ev.PlayerEvent)}
        self.actors: dict[str, Actor] = {}
        for seat in sorted(hand.seats, key=lambda s: s.seat):
            dealt = seat.name in involved if hand.events else not seat.sitting_out
            self.actors[seat.name] = Actor(seat.name, seat.seat, seat.stack, dealt)
        self.starting = {s.name: s.stack for s in hand.seats}
        dealt = [a.seat for a in self.actors.values() if a.dealt_in]
        button = hand.button_seat if hand.button_seat is not None else (dealt[-1] if dealt else 0)
        by_seat = {a.seat: a for a in self.actors.values() if a.dealt_in}
        #: Dealt-in players clockwise from the first seat left of the button (S4, B3).
        self.order: list[Actor] = [by_seat[s] for s in clockwise_from(sorted(by_seat), button)]
        self.place = {a.name: i for i, a in enumerate(self.order)}
        #: Players not folded, and of those the ones not all-in, kept as counts because the
        #: next-to-act question is asked at every event.
        self.live_count = len(self.order)
        self.able_count = len(self.order)
        self.positions = blind_positions(sorted(by_seat), button)
        stakes = hand.stakes
        fixed = spec.betting is Betting.FIXED_LIMIT
        self.big_blind = stakes.small if fixed else stakes.big
        self.street_index = 0
        self.pot = 0
        self.added = 0
        self.rnd = self._new_round(spec.streets[0].name)
        self.anchor: Actor | None = None
        self.big_posted = False
        self.last_actor: Actor | None = None
        self.boards: list[list[Card]] = [[]]
        self.cards: dict[str, tuple[Card, ...]] = {}
        self.seen: dict[Card, str] = {}
        self.mucked: set[str] = set()
        self.showdown = False
        self.folded_on: dict[str, str] = {}
        self.collects: dict[str, int] = {}
        self.collect_events: dict[str, ev.Collect] = {}
        self.fractional: list[ev.Collect] = []
        self.cash_outs: dict[str, int] = {}
        self.cash_out_fees = 0
        self.diagnostics: list[str] = []
        #: Uncalled bets the engine returned because the log printed no line for them.
        self.auto_returned: dict[str, int] = {}
        self.states: list[HandState] = []
        #: One record per betting decision, for statistics (who could raise, what it cost).
        self.decisions: list[Decision] = []
        self.note = ""
        self.index = -1
        self.event: ev.Event | None = None

    # -- the loop ----------------------------------------------------------------------

    def run(self) -> ReplayResult:
        for index, event in enumerate(self.hand.events):
            self.apply(event, index)
        return self.finish()

    def apply(self, event: ev.Event, index: int | None = None) -> None:
        """Apply one event; raise ``RuleViolation``/``ReplayMismatch`` if it cannot be."""
        self.index = self.index + 1 if index is None else index
        self.event, self.note = event, ""
        handler = _HANDLERS.get(type(event))
        if handler is None:
            message = f"{event.kind} events are not replayed yet"
            raise self._error(UnsupportedGame, None, message)
        try:
            handler(self, event)
        except Illegal as problem:
            raise self._error(RuleViolation, problem.rule, problem.message) from None
        except Mismatch as problem:
            raise self._error(ReplayMismatch, problem.rule, problem.message) from None
        if self.record:
            self.states.append(self.snapshot())

    def finish(self) -> ReplayResult:
        """End the hand: form the pots, award them, and check the log's claims."""
        self.index, self.event = len(self.hand.events), None
        return self._finish()

    def _error(
        self, cls: type[HandError], rule: str | None, message: str, about: object = None
    ) -> HandError:
        """The error located at ``about`` if given (an earlier event), else the current one."""
        event = about if isinstance(about, ev.Event) else self.event
        index = self.index
        if isinstance(about, ev.Event):
            index = next(i for i, e in enumerate(self.hand.events) if e is about)
        return cls(
            message,
            rule=rule,
            hand_id=self.hand.hand_id,
            event_index=index if event is not None else None,
            event_kind=event.kind if event is not None else None,
            line=event.line if event is not None else None,
        )

    # -- helpers -----------------------------------------------------------------------

    def _new_round(self, street: str) -> Round:
        spec = self.spec
        betting = spec.betting_on(street)
        if betting is Betting.FIXED_LIMIT:
            size = spec.street(street).bet_size
            unit = self.hand.stakes.small if size is BetSize.SMALL else self.hand.stakes.big
        else:
            unit = self.big_blind
        return Round(
            street=street,
            betting=betting,
            bet_unit=unit,
            min_increment=unit,
            max_bets=spec.max_bets if betting is Betting.FIXED_LIMIT else None,
            pot=self.pot,
        )

    def _actor(self, name: str) -> Actor:
        actor = self.actors.get(name)
        if actor is None:
            raise Mismatch("D2", f"{name} is not seated at this table")
        return actor

    def _live(self) -> list[Actor]:
        return [a for a in self.order if not a.folded]

    def _pay(self, actor: Actor, amount: int, *, live: bool) -> None:
        if amount > actor.stack:
            raise Mismatch("B1", f"{actor.name} puts in {amount} but has only {actor.stack}")
        actor.stack -= amount
        actor.invested += amount
        if live:
            actor.bet += amount
            self.rnd.table_bets += amount
        else:
            self.pot += amount
            self.rnd.pot += amount
        if actor.stack == 0 and not actor.all_in:
            actor.all_in = True
            if actor.dealt_in and not actor.folded:
                self.able_count -= 1

    def next_to_act(self) -> Actor | None:
        """Who the rules say acts next (B3, B4), or None when the round is over."""
        if self.live_count < 2 or self.able_count == 0:
            return None
        order = self.order
        if self.able_count == 1:
            only = next(a for a in order if a.can_act)
            if not self._owes(only):
                return None
        start = self.last_actor or self._opener()
        i = self.place[start.name] if start is not None else -1
        n = len(order)
        for step in range(1, n + 1):
            actor = order[(i + step) % n]
            if actor.can_act and (not actor.acted or self._owes(actor)):
                return actor
        return None

    def _owes(self, actor: Actor) -> bool:
        if actor.bet >= self.rnd.current_bet:
            return False
        self._set_cover(actor)
        return to_call(self.rnd, actor) > 0

    def _opener(self) -> Actor | None:
        """The seat *before* the first to act: the big blind (or straddle) pre-flop (B3)."""
        opener = self.spec.streets[self.street_index].opener
        if opener is Opener.LEFT_OF_BIG_BLIND:
            if self.anchor is None and len(self.order) >= 2:
                # Nobody posted the big blind (its player was all-in on the ante): the big
                # blind's seat still anchors the action (D3: the second seat, heads-up the
                # first, left of the button) and its amount is still owed.
                self.anchor = self.order[0] if len(self.order) == 2 else self.order[1]
                self.rnd.current_bet = max(self.rnd.current_bet, self.big_blind)
            if self.anchor is not None:
                return self.anchor
        return self.order[-1] if self.order else None

    def _act(self, event: ev.PlayerEvent) -> Actor:
        actor = self._actor(event.player)
        if self.live_count < 2:
            raise Illegal("B1", f"{actor.name} cannot act: the hand is over")
        if actor.folded:
            raise Illegal("B1", f"{actor.name} has folded and cannot act again")
        if actor.all_in:
            raise Illegal("B1", f"{actor.name} is all-in and cannot act")
        expected = self.next_to_act()
        if expected is None:
            raise Illegal("B4", f"{actor.name} cannot act: the betting round is over")
        if expected is not actor:
            raise Illegal("B3", f"{actor.name} acts out of turn: it is {expected.name}'s turn")
        rnd = self.rnd
        owed = 0
        if actor.bet < rnd.current_bet:
            self._set_cover(actor)
            owed = to_call(rnd, actor)
        self.decisions.append(
            Decision(
                index=self.index,
                street=rnd.street,
                player=actor.name,
                kind=event.kind,
                to_call=owed,
                current_bet=rnd.current_bet,
                could_raise=may_raise(rnd, actor) is None,
                full_raise=None,
            )
        )
        return actor

    def _set_cover(self, actor: Actor) -> None:
        """Note the most an opponent of ``actor`` can match, when it is below the bet."""
        rnd = self.rnd
        current = rnd.current_bet
        best = 0
        for other in self.order:
            if other is not actor and not other.folded:
                reach = other.bet + other.stack
                if reach >= current:
                    rnd.cover = None  # someone can match the whole bet: nothing to cap
                    return
                best = max(best, reach)
        rnd.cover = best

    def _acted(self, actor: Actor) -> None:
        actor.acted = True
        actor.acted_at = self.rnd.current_bet
        self.last_actor = actor

    def _see(self, name: str, cards: tuple[Card, ...]) -> None:
        for card in cards:
            owner = self.seen.get(card)
            if owner is None:
                self.seen[card] = name
            elif owner != name:
                raise Mismatch("D1", f"{card} is dealt twice ({owner} and {name})")

    def _know(self, name: str, cards: tuple[Card, ...]) -> None:
        known = self.cards.get(name, ())
        if known and cards and not set(cards) <= set(known) and not set(known) <= set(cards):
            raise Mismatch(
                "S1",
                f"{name} shows [{format_cards(cards)}] but was dealt [{format_cards(known)}]",
            )
        self._see(name, cards)
        if len(cards) > len(known):
            self.cards[name] = cards

    # -- forced bets -------------------------------------------------------------------

    def on_ante(self, event: ev.PostAnte) -> None:
        actor = self._actor(event.player)
        self._pay(actor, event.amount, live=False)

    def on_blind(self, event: ev.PostBlind) -> None:
        actor = self._actor(event.player)
        rnd = self.rnd
        if self.street_index or self.last_actor is not None:
            raise Illegal("F1", f"{actor.name} posts a blind after the betting started")
        kind = event.blind
        if kind is ev.Blind.SMALL and self.big_posted:
            # A small blind posted after the big blind is a newcomer's dead blind: it goes
            # to the pot and does not count toward his bet (he still owes the big blind).
            kind = ev.Blind.DEAD
        if kind is ev.Blind.DEAD:
            self._pay(actor, event.amount, live=False)
            return
        if kind is ev.Blind.SMALL_AND_BIG:
            live = min(event.amount, self.big_blind)
            self._pay(actor, event.amount - live, live=False)
            self._pay(actor, live, live=True)
        else:
            self._pay(actor, event.amount, live=True)
        previous = rnd.current_bet
        if kind is ev.Blind.BUTTON and not self.big_posted:
            # 6+ Hold'em: the button's blind is the only blind; action starts to its left.
            self.big_posted = True
            self.anchor = actor
            rnd.current_bet = max(previous, actor.bet)
            rnd.bets = 1
        elif kind is ev.Blind.BIG and not self.big_posted:
            self.big_posted = True
            self.anchor = actor
            rnd.current_bet = max(previous, actor.bet, self.big_blind)
            rnd.bets = 1
        elif kind is ev.Blind.STRADDLE or (self.big_posted and actor.bet > previous):
            # F3: a straddle (or a big blind posted above the blind, as PokerMaster writes
            # straddles) is a blind raise: action starts left of it, raises double it.
            self.anchor = actor
            rnd.current_bet = actor.bet
            rnd.min_increment = actor.bet
            rnd.bets += 1
            self.note = f"{actor.name} straddles: action starts to his left (F3)"
        else:
            rnd.current_bet = max(previous, actor.bet)

    # -- dealing -----------------------------------------------------------------------

    def on_hole(self, event: ev.DealHole) -> None:
        self._actor(event.player)
        self._know(event.player, event.cards + event.up)

    def on_board(self, event: ev.DealBoard) -> None:
        spec = self.spec
        if event.run == 1:
            if self.next_to_act() is not None:
                waiting = self.next_to_act()
                assert waiting is not None
                raise Illegal(
                    "B4",
                    f"the {event.street} is dealt before the betting round ended "
                    f"({waiting.name} still to act)",
                )
            nxt = self.street_index + 1
            if nxt >= len(spec.streets) or spec.streets[nxt].name != event.street:
                expected = spec.streets[nxt].name if nxt < len(spec.streets) else "nothing"
                raise Mismatch("D5", f"{event.street} dealt where the {expected} was due")
            street = spec.streets[nxt]
            if len(event.cards) != street.board_cards:
                count = len(event.cards)
                raise Mismatch(
                    "E4", f"the {event.street} has {count} cards, not {street.board_cards}"
                )
            self._end_round()
            self.street_index = nxt
            self.rnd = self._new_round(street.name)
            self.last_actor = None
            self._see("board", event.cards)
            self.boards[0].extend(event.cards)
            return
        if self.able_count > 1 and self.next_to_act() is not None:
            raise Illegal("B4", "a second board is dealt while players can still bet")
        self._end_round()
        while len(self.boards) < event.run:
            self.boards.append([])
        before = sum(s.board_cards for s in spec.streets[: spec.street_names.index(event.street)])
        board = self.boards[event.run - 1]
        if not board:
            board.extend(self.boards[0][:before])
        if len(board) != before:
            raise Mismatch("D5", f"run {event.run}: {event.street} dealt out of order")
        self._see("board", event.cards)
        board.extend(event.cards)
        self.note = f"the board is run again: run {event.run}"

    # -- betting -----------------------------------------------------------------------

    def on_fold(self, event: ev.Fold) -> None:
        forced = self._actor(event.player)
        if forced.all_in and not forced.acted and not forced.folded and self.street_index == 0:
            # A player all-in on his blind or ante who sits out is folded by the site: he
            # gives up the pot, his chips stay in it (PokerStars logs this as a fold).
            forced.folded = True
            self.live_count -= 1
            self.folded_on[forced.name] = self.rnd.street
            self.note = f"{forced.name}, all-in on a forced bet, is folded: his chips stay in"
            return
        actor = self._act(event)
        actor.folded = True
        self.live_count -= 1
        self.able_count -= 1
        self.folded_on[actor.name] = self.rnd.street
        if event.cards:
            self._know(actor.name, event.cards)
        self._acted(actor)

    def on_check(self, event: ev.Check) -> None:
        actor = self._act(event)
        check_check(self.rnd, actor)
        self._acted(actor)

    def on_call(self, event: ev.Call) -> None:
        actor = self._act(event)
        check_call(self.rnd, actor, event.amount)
        self._pay(actor, event.amount, live=True)
        self._check_all_in_flag(actor, event.all_in)
        self._acted(actor)

    def on_bet(self, event: ev.Bet) -> None:
        actor = self._act(event)
        if self.rnd.current_bet:
            raise Illegal(
                "B1", f"{actor.name} cannot bet: there is already a bet of {self.rnd.current_bet}"
            )
        self._raise(actor, actor.bet + event.amount, event.all_in)

    def on_raise(self, event: ev.RaiseTo) -> None:
        actor = self._act(event)
        if not self.rnd.current_bet:
            raise Illegal("B1", f"{actor.name} cannot raise: nothing has been bet (bet instead)")
        if event.by is not None and event.by != event.amount - self.rnd.current_bet:
            self.diagnostics.append(
                f"event #{self.index}: raise increment written as {event.by}, "
                f"engine computes {event.amount - self.rnd.current_bet}"
            )
        self._raise(actor, event.amount, event.all_in or event.capped)

    def _raise(self, actor: Actor, total: int, all_in: bool) -> None:
        rnd = self.rnd
        cap = self.hand.stakes.cap
        if cap is not None and actor.invested - actor.bet + total >= cap:
            # Capped no limit: reaching the cap is like going all-in for the hand.
            actor.stack = min(actor.stack, total - actor.bet)
        full = check_raise_to(rnd, actor, total, all_in=all_in)
        self.decisions[-1] = self.decisions[-1]._replace(full_raise=full)
        previous = rnd.current_bet
        self._pay(actor, total - actor.bet, live=True)
        self._check_all_in_flag(actor, all_in)
        if full:
            if rnd.betting is not Betting.FIXED_LIMIT:
                rnd.min_increment = max(total - previous, rnd.bet_unit)
            rnd.bets += 1
            if rnd.max_bets is not None and rnd.bets >= rnd.max_bets and not rnd.capped:
                heads_up = sum(1 for a in self._live() if not a.all_in) <= 2
                rnd.capped = not heads_up
                self.note = (
                    "the pot is heads-up: no cap on raises (B7)"
                    if heads_up
                    else f"the betting is capped at {rnd.max_bets} bets (B7)"
                )
        else:
            self.note = (
                f"{actor.name}'s all-in is not a full raise: players who already acted "
                "may only call or fold (B8)"
            )
        rnd.current_bet = total
        self._acted(actor)

    def _check_all_in_flag(self, actor: Actor, claimed: bool) -> None:
        if claimed and actor.stack:
            raise Mismatch("B1", f"{actor.name} is said to be all-in but has {actor.stack} left")

    # -- end of rounds and hand -----------------------------------------------------------

    def on_uncalled(self, event: ev.UncalledBetReturned) -> None:
        actor = self._actor(event.player)
        excess = uncalled_excess({a.name: a.bet for a in self.order})
        if excess is None or excess != (actor.name, event.amount):
            what = f"{excess[1]} to {excess[0]}" if excess else "nothing"
            raise Mismatch(
                "B11", f"{event.amount} returned to {actor.name}, but the uncalled bet is {what}"
            )
        self._return(actor, event.amount)

    def _return(self, actor: Actor, amount: int) -> None:
        actor.bet -= amount
        actor.invested -= amount
        actor.stack += amount
        if actor.all_in:
            actor.all_in = False
            if not actor.folded:
                self.able_count += 1
        self.rnd.table_bets -= amount
        self.rnd.current_bet = max(a.bet for a in self.order)
        self.note = f"uncalled bet of {amount} returned to {actor.name} (B11)"

    def _end_round(self) -> None:
        """Return any uncalled bet the log did not print (B11), gather bets into the pot."""
        excess = uncalled_excess({a.name: a.bet for a in self.order})
        if excess is not None:
            name, amount = excess
            self._return(self.actors[name], amount)
            self.auto_returned[name] = self.auto_returned.get(name, 0) + amount
            self.diagnostics.append(
                f"B11: the log has no 'Uncalled bet' line for {amount} to {name}; returned"
            )
        for actor in self.order:
            self.pot += actor.bet
            actor.bet = 0
            actor.acted = False
            actor.acted_at = 0
        self.rnd.table_bets = 0
        self.rnd.pot = self.pot

    def on_showdown(self, event: ev.ShowdownStart) -> None:
        self.showdown = True

    def on_show(self, event: ev.Show) -> None:
        self._actor(event.player)
        self._know(event.player, event.cards)
        self.mucked.discard(event.player)

    def on_muck(self, event: ev.Muck) -> None:
        self._actor(event.player)
        if event.cards:
            self._know(event.player, event.cards)
        self.mucked.add(event.player)

    def on_collect(self, event: ev.Collect) -> None:
        self._actor(event.player)
        self.collects[event.player] = self.collects.get(event.player, 0) + event.amount
        self.collect_events.setdefault(event.player, event)
        if not event.whole:
            self.fractional.append(event)

    def on_cash_out(self, event: ev.CashOut) -> None:
        self._actor(event.player)
        self.cash_outs[event.player] = self.cash_outs.get(event.player, 0) + event.amount
        self.cash_out_fees += event.fee

    def on_pot_added(self, event: ev.PotAdded) -> None:
        self.added += event.amount
        self.pot += event.amount
        self.rnd.pot += event.amount

    def on_cancelled(self, event: ev.HandCancelled) -> None:
        raise CancelledHand(
            "the site cancelled the hand: no chips change hands",
            rule="E8",
            hand_id=self.hand.hand_id,
            event_index=self.index,
            event_kind=event.kind,
            line=event.line,
        )

    def on_note(self, event: ev.Note) -> None:
        return

    def _finish(self) -> ReplayResult:
        return settle(self)

    # -- the viewer's snapshot --------------------------------------------------------------

    def snapshot(self) -> HandState:
        """The state now, with the legal actions of the player to act (for the viewer)."""
        return snapshot(self)


_HANDLERS: dict[type, Callable[[HandReplay, ev.Event], None]] = {
    ev.PostAnte: HandReplay.on_ante,
    ev.PostBlind: HandReplay.on_blind,
    ev.DealHole: HandReplay.on_hole,
    ev.DealBoard: HandReplay.on_board,
    ev.Fold: HandReplay.on_fold,
    ev.Check: HandReplay.on_check,
    ev.Call: HandReplay.on_call,
    ev.Bet: HandReplay.on_bet,
    ev.RaiseTo: HandReplay.on_raise,
    ev.UncalledBetReturned: HandReplay.on_uncalled,
    ev.ShowdownStart: HandReplay.on_showdown,
    ev.Show: HandReplay.on_show,
    ev.Muck: HandReplay.on_muck,
    ev.Collect: HandReplay.on_collect,
    ev.CashOut: HandReplay.on_cash_out,
    ev.PotAdded: HandReplay.on_pot_added,
    ev.HandCancelled: HandReplay.on_cancelled,
    ev.Note: HandReplay.on_note,
}  # type: ignore[dict-item]
