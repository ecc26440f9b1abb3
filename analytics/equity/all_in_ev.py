"""All-in EV: what each player would net, on average, if the hand were dealt out from the
moment no more betting could happen, by exact enumeration of the cards to come.

The **all-in point** is the first state of the replay where two or more players have not
folded, at most one of them can still act (the others are all-in), nobody faces a bet
(``to_act`` is None) and the board is incomplete. From there the hand can only be dealt
out. A hand that never reaches such a point (everyone but one folded, or the last all-in
was called on the river) has no all-in EV: :func:`all_in_ev` returns None.

At that point every pot of the replay (main pot first, then each side pot, with the players
eligible for it; uncalled bets already returned; one entry per board run when the hand is run
more than once, split as the engine split it) is shared by equity:

    EV = Σ over pots and runs (equity in the pot × pot) × (1 − rake share) − invested

where a player's equity in a pot is his exact share of it among the pot's eligible players
over every completion of the board at the all-in point (:func:`analytics.equity.exact.outcomes`;
known cards of players out of the hand are dead; a heads-up pre-flop spot without them is
looked up in a table of exact counts), and the rake share is the hand's rake and
jackpot fee as a fraction of the pots, so that EV compares with the net the player actually
won after rake. All runs of a hand share one set of equities: each run's board is a uniform
completion of the board at the all-in point. Σ EV over the players = −(rake + jackpot fee)
(+ money added to the pot). Folded players' EV is what they put in, negated.

EV is an exact ``Fraction`` of the smallest money unit; ``float()`` it to store or plot.
The **all-in EV adjusted winnings** of a hand are :attr:`PlayerEV.adjusted`: the EV when it
was computed, the actual net otherwise.

When a contender's hole cards are unknown (he mucked or the log never showed them) the
equities cannot be computed: the result says so (``EVStatus.UNKNOWN_CARDS`` with the
players' names) and the hand stays out of the EV line; its adjusted winnings are the actual
net, as for games with no equity evaluator yet (``EVStatus.UNSUPPORTED_GAME``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction

from parser.model.cards import Card
from parser.model.games import GAME_SPECS, GameSpec
from replayer.result import ReplayResult
from replayer.state import HandState

__all__ = ["AllInEV", "EVStatus", "PlayerEV", "PotEquity", "all_in_ev", "all_in_point"]


class EVStatus(StrEnum):
    COMPUTED = "computed"
    #: Some contender's hole cards are unknown: no equity, the hand is left out.
    UNKNOWN_CARDS = "unknown_cards"
    #: No equity evaluator for this game yet (stud, draw, 6+ hold'em).
    UNSUPPORTED_GAME = "unsupported_game"


@dataclass(frozen=True, slots=True, kw_only=True)
class PotEquity:
    """One pot on one run (as in ``ReplayResult.pots``) and its eligible players' shares."""

    index: int
    run: int
    amount: int
    eligible: tuple[str, ...]
    #: Each eligible player's exact share of this pot, in ``eligible`` order; sums to 1.
    equities: tuple[Fraction, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerEV:
    name: str
    invested: int
    #: What the player actually netted (collected + cashed out − invested).
    net: int
    #: Σ equity × pot over his pots and runs, before rake; None when not computed.
    expected: Fraction | None = None
    #: His expected part of the rake and jackpot fee; None when not computed.
    expected_rake: Fraction | None = None

    @property
    def ev(self) -> Fraction | None:
        """Expected net after rake, in the smallest unit; None when not computed."""
        if self.expected is None or self.expected_rake is None:
            return None
        return self.expected - self.expected_rake - self.invested

    @property
    def adjusted(self) -> Fraction:
        """All-in EV adjusted winnings: the EV when computed, else the actual net."""
        ev = self.ev
        return Fraction(self.net) if ev is None else ev


@dataclass(frozen=True, slots=True, kw_only=True)
class AllInEV:
    status: EVStatus
    #: Index of the event after which no more betting could happen.
    event_index: int
    #: The street of that event, and the common board at that point.
    street: str
    board: tuple[Card, ...]
    #: Boards enumerated per run (0 unless computed).
    boards: int = 0
    pots: tuple[PotEquity, ...] = ()
    #: Every dealt-in player, in seat order.
    players: tuple[PlayerEV, ...] = ()
    #: Contenders whose hole cards the log never showed (``EVStatus.UNKNOWN_CARDS``).
    unknown: tuple[str, ...] = ()

    def player(self, name: str) -> PlayerEV:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)


def all_in_point(result: ReplayResult, spec: GameSpec) -> tuple[int, HandState] | None:
    """The first (event index, state) after which no more betting can happen while cards are
    still to come, or None. ``result`` must carry its states (``record_states=True``)."""
    for index, state in enumerate(result.states):
        if state.to_act is not None:
            continue
        live = [s for s in state.seats if s.dealt_in and not s.folded]
        if len(live) < 2 or sum(1 for s in live if not s.all_in) > 1:
            continue
        if spec.board_size:
            to_come = len(state.boards[0]) < spec.board_size
        else:
            to_come = state.street != spec.streets[-1].name
        return (index, state) if to_come else None
    return None


def all_in_ev(result: ReplayResult, *, preflop_table: bool = True) -> AllInEV | None:
    """The hand's all-in EV (see the module docs), or None when it has no all-in point.

    The point is the one the engine noted as it replayed (``ReplayResult.all_in_point``,
    the same as :func:`all_in_point` finds in the states): no second replay, with or
    without states. A heads-up pre-flop hold'em spot with no dead card takes its counts
    from the shipped table and any other pre-flop spot is counted by board rank multiset
    (:func:`analytics.equity.exact.outcomes`): the same numbers as ranking every board one
    by one, which ``preflop_table=False`` does (the reference the tests compare with).
    """
    live = [p for p in result.players if p.dealt_in and not p.folded]
    if len(live) < 2 or not any(p.all_in for p in live):
        return None
    point = result.all_in_point
    if point is None:
        return None
    spec = GAME_SPECS[result.hand.game]
    index, street, board = point
    nets = tuple(
        PlayerEV(name=p.name, invested=p.invested, net=p.net) for p in result.players if p.dealt_in
    )
    base = AllInEV(
        status=EVStatus.COMPUTED,
        event_index=index,
        street=street,
        board=board,
        players=nets,
    )
    # Here, not at the top: numpy and the equity tables are loaded by the first hand that
    # needs them, so an import worker that meets no all-in never loads them (issue 11).
    from analytics.equity.exact import equity_evaluator, outcomes

    evaluator = equity_evaluator(spec)
    if evaluator is None:
        return replace(base, status=EVStatus.UNSUPPORTED_GAME)
    # Contenders: the players in a pot someone else can win too (every live player is in
    # the main pot); a pot with one eligible player is his uncalled bet, whatever the log.
    contenders = [
        p
        for p in result.players
        if any(p.name in pot.eligible for pot in result.pots if len(pot.eligible) > 1)
    ]
    unknown = tuple(p.name for p in contenders if len(p.hole_cards) != spec.hole_cards)
    if unknown:
        return replace(base, status=EVStatus.UNKNOWN_CARDS, unknown=unknown)
    place = {p.name: i for i, p in enumerate(contenders)}
    dead = [c for p in result.players if p.name not in place for c in p.hole_cards]
    spots = outcomes(
        [p.hole_cards for p in contenders], board, dead, evaluator=evaluator, table=preflop_table
    )
    shares_of: dict[tuple[str, ...], tuple[Fraction, ...]] = {}
    pots = []
    expected = dict.fromkeys(place, Fraction(0))
    for pot in result.pots:
        if pot.eligible not in shares_of:
            shares_of[pot.eligible] = (
                spots.shares([place[n] for n in pot.eligible])
                if len(pot.eligible) > 1
                else (Fraction(1),) * len(pot.eligible)
            )
        shares = shares_of[pot.eligible]
        for name, share in zip(pot.eligible, shares, strict=True):
            expected[name] = expected.get(name, Fraction(0)) + share * pot.amount
        pots.append(
            PotEquity(
                index=pot.index,
                run=pot.run,
                amount=pot.amount,
                eligible=pot.eligible,
                equities=shares,
            )
        )
    total = sum(pot.amount for pot in pots)
    rake_rate = Fraction(result.rake + result.hand.summary.jackpot, total) if total else 0
    players = tuple(
        replace(
            p,
            expected=expected.get(p.name, Fraction(0)),
            expected_rake=expected.get(p.name, Fraction(0)) * rake_rate,
        )
        for p in nets
    )
    return replace(base, boards=spots.count, pots=tuple(pots), players=players)
