"""The end of a hand: pots formed, awarded by the showdown rules, claims checked.

Separate from the event loop (``engine.py``) because it runs once per hand and reads the
whole of its state; it returns the ``ReplayResult`` everything downstream uses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parser.model.errors import ReplayMismatch
from replayer.betting import Mismatch
from replayer.claims import Claims, check_claims
from replayer.pots import side_pots
from replayer.result import PlayerResult, PotResult, ReplayResult
from replayer.showdown import award_pots
from replayer.state import Pot

if TYPE_CHECKING:
    from replayer.engine import HandReplay


def settle(play: HandReplay) -> ReplayResult:
    """End the hand: form the pots, award them, check the log's claims, build the result."""
    waiting = play.next_to_act()
    if waiting is not None:
        raise play._error(
            ReplayMismatch, "B4", f"the log ends while {waiting.name} is still to act"
        )
    play._end_round()
    live = play._live()
    boards = [tuple(b) for b in play.boards]
    if len(live) > 1 and any(len(b) < play.spec.board_size for b in boards):
        raise play._error(
            ReplayMismatch, "S1", "two or more players remain but the board is not complete"
        )
    contributions = {a.name: a.invested for a in play.order}
    pots = list(side_pots(contributions, {a.name for a in live}))
    if play.added:
        # Money from outside (splash the pot) goes to the main pot.
        first = pots[0] if pots else None
        eligible = first.eligible if first else tuple(a.name for a in live)
        pots[0:1] = [Pot(amount=(first.amount if first else 0) + play.added, eligible=eligible)]
    for name, cards in play.hand.summary.revealed:
        if name in play.actors:
            try:
                play._know(name, cards)
            except Mismatch as problem:
                raise play._error(ReplayMismatch, problem.rule, problem.message) from None
    claimants = (
        [a.name for a in live if a.name not in play.mucked]
        if len(live) > 1
        else [a.name for a in live]
    )
    awards = award_pots(
        play.spec,
        pots,
        boards,
        play.cards,
        claimants,
        [a.name for a in play.order],
        set(play.collects),
    )
    total = sum(contributions.values()) + play.added
    try:
        claims = check_claims(
            play.hand,
            awards,
            Claims(
                collects=play.collects,
                fractional=play.fractional,
                cash_outs=play.cash_outs,
                auto_returned=play.auto_returned,
                collect_events=play.collect_events,
            ),
            total,
        )
    except Mismatch as problem:
        raise play._error(
            ReplayMismatch, problem.rule, problem.message, problem.about
        ) from None
    went = len(live) > 1
    players = tuple(
        PlayerResult(
            name=a.name,
            seat=a.seat,
            position=play.positions.get(a.seat),
            starting_stack=play.starting[a.name],
            hole_cards=play.cards.get(a.name, ()),
            invested=a.invested,
            collected=claims.collects.get(a.name, 0),
            rake_paid=claims.rake_paid.get(a.name, 0),
            dealt_in=True,
            folded=a.folded,
            all_in=a.stack == 0,
            folded_on=play.folded_on.get(a.name),
            went_to_showdown=went and not a.folded,
            cashed_out=play.cash_outs.get(a.name, 0),
        )
        for a in sorted(play.order, key=lambda a: a.seat)
    )
    pot_results = tuple(
        PotResult(
            index=aw.pot_index,
            run=aw.run,
            amount=aw.amount,
            eligible=aw.eligible,
            winners=tuple(aw.shares.items()),
            odd_chips_to=aw.odd_chips_to,
            descriptions=aw.descriptions,
        )
        for aw in awards
    )
    return ReplayResult(
        hand=play.hand,
        players=players,
        pots=pot_results,
        boards=tuple(boards),
        total_pot=total,
        rake=claims.rake,
        unawarded=claims.unawarded,
        added=play.added,
        taken=play.hand.summary.jackpot + play.hand.summary.cash_out_fee,
        states=tuple(play.states),
        decisions=tuple(play.decisions),
        diagnostics=(*play.diagnostics, *claims.notes),
    )
