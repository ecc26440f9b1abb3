"""The engine's betting numbers, kept again while the flags walk a replayed hand.

A flag like "3-bet chance" needs what the engine knew at the moment of the action: the bet
to face, the size of the last full raise, the fixed-limit cap and the player's stack, so
that "could he re-raise?" is answered by the engine's own ``replayer.betting.may_raise``,
the check behind ``LegalActions.min_raise_to``. A replay with ``record_states`` would give
the legal actions directly, at five times the cost of the replay itself; so this class keeps
the same numbers on the engine's own ``Round`` and ``Actor`` types, repeating the few lines
of ``HandReplay`` that set them (``_new_round``, ``on_blind``, ``_raise``, ``_opener``).
The replay has already checked every action, so nothing here validates anything; a corpus
test holds :func:`analytics.flags.raise_options` against the recorded legal actions.
"""

from __future__ import annotations

from replayer import events as ev
from replayer.betting import MIN_RAISE_TO, Actor, Round, may_raise
from replayer.games import BetSize, Betting, GameSpec, Opener
from replayer.hand import Stakes

_FL = Betting.FIXED_LIMIT


class BettingNumbers:
    """The current round's ``Round`` and each player's ``Actor``, moved event by event.

    The methods that move chips return True when the player has just gone all-in.
    """

    def __init__(self, spec: GameSpec, stakes: Stakes, actors: list[Actor]) -> None:
        self.spec = spec
        self.stakes = stakes
        self.actors = actors
        self.big_blind = stakes.small if spec.betting is _FL else stakes.big
        self.street = spec.streets[0].name
        self.rnd = self._round(self.street)
        #: A big blind (or button blind) was posted / something anchors the action (F3).
        self.big_posted = False
        self.anchored = spec.streets[0].opener is not Opener.LEFT_OF_BIG_BLIND

    def _round(self, street: str) -> Round:
        """A betting round's numbers, as the engine's ``_new_round`` sets them."""
        spec = self.spec
        betting = spec.betting_on(street)
        if betting is _FL:
            size = spec.street(street).bet_size
            unit = self.stakes.small if size is BetSize.SMALL else self.stakes.big
        else:
            unit = self.big_blind
        return Round(
            street=street,
            betting=betting,
            bet_unit=unit,
            min_increment=unit,
            max_bets=spec.max_bets if betting is _FL else None,
        )

    def start_round(self, street: str) -> None:
        self.street = street
        self.rnd = self._round(street)
        for actor in self.actors:
            actor.bet = actor.acted_at = 0
            actor.acted = False

    def could_raise(self, actor: Actor) -> bool:
        """Whether ``actor``, to act now, may bet or raise (B7, B8, B9)."""
        if not self.anchored:
            # Nobody posted the big blind: its amount is still owed (the engine's _opener).
            self.rnd.current_bet = max(self.rnd.current_bet, self.big_blind)
            self.anchored = True
        return may_raise(self.rnd, actor) is None

    def is_full(self, actor: Actor, total: int) -> bool:
        """Whether a bet or raise to ``total`` is full and reopens the betting (B5, B7, B8)."""
        rnd = self.rnd
        if total >= MIN_RAISE_TO[rnd.betting](rnd, actor):
            return True
        if rnd.betting is _FL:
            return 2 * (total - rnd.current_bet) >= rnd.bet_unit
        return False

    def pay(self, actor: Actor, amount: int, live: bool) -> bool:
        actor.stack -= amount
        actor.invested += amount
        if live:
            actor.bet += amount
        if actor.stack <= 0 and not actor.all_in:
            actor.all_in = True
            return True
        return False

    def blind(self, actor: Actor, event: ev.PostBlind) -> bool:
        """The engine's ``on_blind``: which blind sets the bet and anchors the action (F1-F3)."""
        rnd, kind = self.rnd, event.blind
        if kind is ev.Blind.SMALL and self.big_posted:
            kind = ev.Blind.DEAD
        if kind is ev.Blind.DEAD:
            return self.pay(actor, event.amount, False)
        if kind is ev.Blind.SMALL_AND_BIG:
            live = min(event.amount, self.big_blind)
            all_in = self.pay(actor, event.amount - live, False)
            all_in = self.pay(actor, live, True) or all_in
        else:
            all_in = self.pay(actor, event.amount, True)
        previous = rnd.current_bet
        if kind is ev.Blind.BUTTON and not self.big_posted:
            self.big_posted = self.anchored = True
            rnd.current_bet = max(previous, actor.bet)
            rnd.bets = 1
        elif kind is ev.Blind.BIG and not self.big_posted:
            self.big_posted = self.anchored = True
            rnd.current_bet = max(previous, actor.bet, self.big_blind)
            rnd.bets = 1
        elif kind is ev.Blind.STRADDLE or (self.big_posted and actor.bet > previous):
            self.anchored = True
            rnd.current_bet = actor.bet
            rnd.min_increment = actor.bet
            rnd.bets += 1
        else:
            rnd.current_bet = max(previous, actor.bet)
        return all_in

    def bring_in(self, actor: Actor, amount: int) -> bool:
        """Stud's forced opening bet: a live bet, like a blind (F4)."""
        all_in = self.pay(actor, amount, True)
        self.rnd.current_bet = max(self.rnd.current_bet, actor.bet)
        return all_in

    def raise_to(self, actor: Actor, total: int, full: bool) -> bool:
        """The engine's ``_raise``: the bet, the minimum increment, the B7 cap."""
        rnd = self.rnd
        cap = self.stakes.cap
        if cap is not None and actor.invested - actor.bet + total >= cap:
            actor.stack = min(actor.stack, total - actor.bet)
        previous = rnd.current_bet
        all_in = self.pay(actor, total - actor.bet, True)
        if full:
            if rnd.betting is not _FL:
                rnd.min_increment = max(total - previous, rnd.bet_unit)
            rnd.bets += 1
            if rnd.max_bets is not None and rnd.bets >= rnd.max_bets and not rnd.capped:
                able = [a for a in self.actors if not (a.folded or a.all_in)]
                rnd.capped = len(able) > 2  # heads-up there is no cap (B7)
        rnd.current_bet = total
        return all_in

    def acted(self, actor: Actor) -> None:
        actor.acted = True
        actor.acted_at = self.rnd.current_bet

    @staticmethod
    def returned(actor: Actor, amount: int) -> None:
        """An uncalled bet given back (B11)."""
        actor.bet -= amount
        actor.invested -= amount
        actor.stack += amount
        actor.all_in = False
