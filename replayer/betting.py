"""Betting rules: what a player may bet or raise, per betting structure (RULES.md B1-B9).

Each check is a small pure function over a ``Round`` and a ``Seat``-like player. The
engine calls the same checks to enforce an action and to build ``LegalActions`` for the
viewer, so "could have raised 0.40-10.00" always comes from the code that enforces it.
Behaviour that differs by structure lives in the ``MIN_RAISE_TO``/``MAX_RAISE_TO`` maps.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from parser.model.games import Betting

#: Enum members read once: reading one from its class goes through the enum's metaclass
#: (about 0.35 us), and the hot path asks for them at every event.
_FIXED_LIMIT = Betting.FIXED_LIMIT


#: The brackets around an amount in a message (issue 23 item 14): characters no log, name
#: or rule text uses, so a player called "[210]" is never taken for an amount.
MARK_OPEN: Final = "⟦"
MARK_CLOSE: Final = "⟧"


def chips(amount: int, *, grouped: bool = False) -> str:
    """``amount`` (smallest unit) marked in a message, for ``replayer.amounts.spell`` to
    write in the hand's money where the message leaves the engine (``$2.10``, not ``210``).
    ``grouped``: with thousands separators (a limit, not a hand's amount).

    Here, beside the ``Illegal`` and ``Mismatch`` whose messages carry the marks, because
    this module is compiled: notes are built for events of every hand (an uncalled bet's),
    and a compiled call costs nothing next to a call into a pure-Python module.

    >>> chips(210), chips(10**12, grouped=True)
    ('⟦210⟧', '⟦1000000000000,⟧')
    """
    if grouped:
        return f"{MARK_OPEN}{amount},{MARK_CLOSE}"
    return f"{MARK_OPEN}{amount}{MARK_CLOSE}"


class Illegal(Exception):
    """An action breaks ``rule``; the engine adds the hand, event and line."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.message = message
        super().__init__(f"[{rule}] {message}")


class Mismatch(Exception):
    """The log's own numbers contradict each other (a call of the wrong amount...).

    ``about`` is the event the contradiction is in, when it is not the one being applied
    (a "collected" line found wrong at the end of the hand), so the error can name its line.
    """

    def __init__(self, rule: str, message: str, *, about: object | None = None) -> None:
        self.rule = rule
        self.message = message
        self.about = about
        super().__init__(f"[{rule}] {message}")


class Actor:
    """A player's betting position in the hand; mutable, internal to the engine."""

    __slots__ = (
        "acted",
        "acted_at",
        "acted_bets",
        "all_in",
        "bet",
        "dealt_in",
        "folded",
        "invested",
        "name",
        "seat",
        "stack",
    )

    def __init__(self, name: str, seat: int, stack: int, dealt_in: bool) -> None:
        self.name = name
        self.seat = seat
        self.stack = stack
        self.bet = 0
        self.invested = 0
        self.folded = False
        self.all_in = False
        self.dealt_in = dealt_in
        self.acted = False
        #: The round's current bet when this player last acted (B8 reopening).
        self.acted_at = 0
        #: Fixed limit: the round's count of full bets when he last acted (B7, B8).
        self.acted_bets = 0

    @property
    def can_act(self) -> bool:
        return self.dealt_in and not self.folded and not self.all_in


@dataclass(slots=True)
class Round:
    """One betting round's running numbers (``HandReplay.new_round`` builds it from its
    fields in order: keep that call in step when adding or moving one)."""

    street: str
    betting: Betting
    #: Smallest legal bet: the big blind (B5) or, in fixed limit, the round's bet size (B7).
    bet_unit: int
    current_bet: int = 0
    #: Size of the last full bet or raise: the minimum raise increment (B5).
    min_increment: int = 0
    #: Fixed limit: the level the full bets have reached (the big blind counts, a stud
    #: bring-in does not); a raise goes one bet above it (B7).
    level: int = 0
    #: Fixed limit: bets made this round, the big blind counting as the first (B7).
    bets: int = 0
    max_bets: int | None = None
    capped: bool = False
    #: Chips in the pot from earlier rounds, antes and dead blinds (for pot limit, B6).
    pot: int = 0
    #: Sum of all players' bets this round.
    table_bets: int = 0
    #: The most any opponent of the player to act has in or can still put in this round;
    #: nobody has to call more than can be matched (a short all-in big blind, B10).
    cover: int | None = None


def to_call(rnd: Round, actor: Actor) -> int:
    """What calling costs: up to the bet, no more than an opponent can match, all-in at most.

    The big blind is owed in full even when the blind was posted short (PokerStars), but
    never more than the largest amount an opponent has put in or can still put in.
    """
    # ``max(0, min(min(current, cover) - bet, stack))``, without the builtins' calls: it
    # is asked before every action.
    target = rnd.current_bet
    cover = rnd.cover
    if cover is not None and cover < target:
        target = cover
    owed = target - actor.bet
    if owed > actor.stack:
        owed = actor.stack
    return owed if owed > 0 else 0


def _min_raise_to_nl(rnd: Round, actor: Actor) -> int:
    if rnd.current_bet == 0:
        return rnd.bet_unit
    return rnd.current_bet + max(rnd.min_increment, rnd.bet_unit)


def _max_raise_to_nl(rnd: Round, actor: Actor) -> int:
    return actor.bet + actor.stack


def _max_raise_to_pl(rnd: Round, actor: Actor) -> int:
    """B6: the raise may be the whole pot after the raiser's call, all bets counted.

    100 in the pot, A bets 50: B calls 50 (pot then 200) and raises by 200, to 250.

    >>> r = Round(street="flop", betting=Betting.POT_LIMIT, bet_unit=10, current_bet=50,
    ...           pot=100, table_bets=50)
    >>> _max_raise_to_pl(r, Actor("B", 2, 10_000, True))
    250
    """
    call = rnd.current_bet - actor.bet
    pot_after_call = rnd.pot + rnd.table_bets + call
    return min(rnd.current_bet + pot_after_call, actor.bet + actor.stack)


def _min_raise_to_fl(rnd: Round, actor: Actor) -> int:
    """B7: one bet above the level; over a bring-in of 1 at 4/8, the completion is to 4.

    After a short all-in that counted as a full bet (at least half a bet, B7) the level is
    above the bet: the next player may complete to the level, as the rooms let him.

    >>> r = Round(street="third", betting=Betting.FIXED_LIMIT, bet_unit=4, current_bet=1)
    >>> _min_raise_to_fl(r, Actor("A", 1, 100, True))
    4
    >>> r = Round(street="pre", betting=Betting.FIXED_LIMIT, bet_unit=300, current_bet=550,
    ...           level=600, bets=2)
    >>> _min_raise_to_fl(r, Actor("A", 1, 1000, True))
    600
    """
    if rnd.current_bet < rnd.level:
        return rnd.level
    return rnd.level + rnd.bet_unit


def _max_raise_to_fl(rnd: Round, actor: Actor) -> int:
    return rnd.level + rnd.bet_unit


MIN_RAISE_TO: dict[Betting, Callable[[Round, Actor], int]] = {
    Betting.NO_LIMIT: _min_raise_to_nl,
    Betting.POT_LIMIT: _min_raise_to_nl,
    Betting.FIXED_LIMIT: _min_raise_to_fl,
}
MAX_RAISE_TO: dict[Betting, Callable[[Round, Actor], int]] = {
    Betting.NO_LIMIT: _max_raise_to_nl,
    Betting.POT_LIMIT: _max_raise_to_pl,
    Betting.FIXED_LIMIT: _max_raise_to_fl,
}


def may_raise(rnd: Round, actor: Actor) -> str | None:
    """Why ``actor`` may not bet or raise now, or None if he may.

    B8: a player who has acted may raise again only if the bets since his action add up to
    a full raise (several short all-ins together can). B7: the fixed-limit cap.
    """
    if rnd.current_bet - actor.bet >= actor.stack:
        return "B9: his stack does not cover more than a call"
    if rnd.betting is _FIXED_LIMIT:
        if actor.acted and rnd.bets <= actor.acted_bets:
            return "B8: the betting was not reopened by a full bet since he acted"
    elif actor.acted and rnd.current_bet - actor.acted_at < max(rnd.min_increment, 1):
        return "B8: the betting was not reopened by a full raise since he acted"
    if rnd.max_bets is not None and rnd.bets >= rnd.max_bets and rnd.capped:
        return f"B7: the betting is capped at {rnd.max_bets} bets"
    return None


def check_check(rnd: Round, actor: Actor) -> None:
    if to_call(rnd, actor) > 0:
        raise Illegal("B2", f"{actor.name} cannot check: {chips(to_call(rnd, actor))} to call")


def check_call(rnd: Round, actor: Actor, amount: int) -> None:
    owed = to_call(rnd, actor)
    if owed <= 0:
        raise Illegal("B2", f"{actor.name} cannot call: nothing to call (check instead)")
    if amount != owed:
        raise Mismatch(
            "B1", f"{actor.name} calls {chips(amount)} but the amount to call is {chips(owed)}"
        )


def check_raise_to(rnd: Round, actor: Actor, total: int, *, all_in: bool) -> bool:
    """Check a bet (``current_bet`` 0) or raise to ``total``; return whether it is full.

    A full bet or raise reopens the betting (B8); a short all-in does not.
    """
    verb = "bet" if rnd.current_bet == 0 else "raise to"
    stack_total = actor.bet + actor.stack
    if total > stack_total:
        raise Mismatch(
            "B5",
            f"{actor.name} cannot {verb} {chips(total)}: only {chips(stack_total)} in his stack",
        )
    if total <= rnd.current_bet:
        raise Illegal(
            "B9",
            f"{actor.name} cannot {verb} {chips(total)}: "
            f"the bet is already {chips(rnd.current_bet)}",
        )
    reason = may_raise(rnd, actor)
    if reason is not None:
        rule, text = reason.split(": ", 1)
        raise Illegal(rule, f"{actor.name} cannot {verb} {chips(total)}: {text}")
    betting = rnd.betting
    low = MIN_RAISE_TO[betting](rnd, actor)
    high = MAX_RAISE_TO[betting](rnd, actor)
    is_all_in = total == stack_total
    if total > high:
        rule = {Betting.POT_LIMIT: "B6", Betting.FIXED_LIMIT: "B7"}.get(betting, "B5")
        raise Illegal(rule, f"{actor.name} cannot {verb} {chips(total)}: maximum is {chips(high)}")
    if total < low:
        if not is_all_in:
            rule = "B7" if betting is _FIXED_LIMIT else "B5"
            raise Illegal(
                rule, f"{actor.name} cannot {verb} {chips(total)}: minimum is {chips(low)}"
            )
        if betting is _FIXED_LIMIT:
            # B7: a limit all-in of at least half a bet counts as a full bet (standard).
            return 2 * (total - rnd.level) >= rnd.bet_unit
        return False
    return True
