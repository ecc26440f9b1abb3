"""The end of a hand: pots formed, awarded by the showdown rules, claims checked.

Separate from the event loop (``engine.py``) because it runs once per hand and reads the
whole of its state; it returns the ``ReplayResult`` everything downstream uses.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from parser.model.errors import ReplayMismatch
from replayer.amounts import spell_all
from replayer.betting import Actor, Mismatch
from replayer.result import ReplayResult, new_player_result, new_pot_result, new_replay_result
from replayer.settlement.claims import Claims, check_claims
from replayer.settlement.pots import side_pots
from replayer.settlement.showdown import award_pots
from replayer.state import Pot

if TYPE_CHECKING:
    from replayer.engine import HandReplay


def _seat_of(actors: dict[str, Actor]) -> Callable[[str], int]:
    """A player's seat number, for the odd-chip policies that go by seats (Winamax's):
    asked only of a split pot's winners, so no table of every seat is built per hand."""

    def seat_of(name: str) -> int:
        return actors[name].seat

    return seat_of


def settle(play: HandReplay) -> ReplayResult:
    """End the hand: form the pots, award them, check the log's claims, build the result."""
    waiting = play.next_to_act()
    if waiting is not None:
        raise play.error(
            ReplayMismatch, "B4", f"the log ends while {waiting.name} is still to act"
        )
    play.end_round()
    order = play.order
    live = [a for a in order if not a.folded]
    boards = [tuple(b) for b in play.boards]
    board_size = play.board_size
    if len(live) > 1 and board_size and any(len(b) < board_size for b in boards):
        raise play.error(
            ReplayMismatch, "S1", "two or more players remain but the board is not complete"
        )
    contributions = {a.name: a.invested for a in order}
    dead = play.dead_blinds
    if dead:  # F1: a dead blind is the main pot's, never its poster's own level (B10)
        levels = {n: amount - dead.get(n, 0) for n, amount in contributions.items()}
        pots = list(side_pots(levels, {a.name for a in live}, sum(dead.values())))
    else:
        pots = list(side_pots(contributions, {a.name for a in live}))
    if play.added:
        # Money from outside (splash the pot) goes to the main pot.
        first = pots[0] if pots else None
        eligible = first.eligible if first else tuple(a.name for a in live)
        pots[0:1] = [Pot(amount=(first.amount if first else 0) + play.added, eligible=eligible)]
    for name, cards in play.hand.summary.revealed:
        if name in play.actors:
            try:
                play.know(name, cards)
            except Mismatch as problem:
                raise play.error(ReplayMismatch, problem.rule, problem.message) from None
    claimants = (
        [a.name for a in live if a.name not in play.mucked]
        if len(live) > 1
        else [a.name for a in live]
    )
    awards = award_pots(
        play.spec,
        pots,
        boards,
        play.ledger.hands,  # ``play.cards``, without the property's call
        claimants,
        [a.name for a in order],
        play.collects.keys(),
        play.hand.house,
        _seat_of(play.actors),
    )
    total = sum(contributions.values()) + play.added
    try:
        claims = check_claims(
            play.hand,
            awards,
            Claims(
                play.collects,
                play.fractional,
                play.cash_outs,
                play.auto_returned,
                play.collect_events,
            ),
            total,
        )
    except Mismatch as problem:
        raise play.error(
            ReplayMismatch, problem.rule, problem.message, problem.about
        ) from None
    went = len(live) > 1
    positions, starting, known = play.positions, play.starting, play.ledger.hands
    collected, rake_paid = claims.collects, claims.rake_paid
    folded_on, cash_outs = play.folded_on, play.cash_outs
    player = new_player_result  # every field, in PlayerResult's order
    results = []
    for a in play.seated:  # by seat number
        name = a.name
        folded = a.folded
        # The dictionaries that are mostly empty (no rake share, no cash-out) are asked
        # only when they hold something: ``get`` is a call, a dictionary's truth is not.
        results.append(
            player(
                name,
                a.seat,
                positions.get(a.seat),
                starting[name],
                known.get(name, ()),
                a.invested,
                collected.get(name, 0) if collected else 0,
                rake_paid.get(name, 0) if rake_paid else 0,
                True,
                folded,
                a.stack == 0,
                folded_on.get(name) if folded else None,
                went and not folded,
                cash_outs.get(name, 0) if cash_outs else 0,
            )
        )
    players = tuple(results)
    pot = new_pot_result  # index, run, amount, eligible, winners, descriptions, odd_chips_to
    pot_results = tuple(
        [
            pot(
                aw.pot_index,
                aw.run,
                aw.amount,
                aw.eligible,
                tuple(aw.shares.items()),
                aw.descriptions,
                aw.odd_chips_to,
            )
            for aw in awards
        ]
    )
    summary = play.hand.summary
    diagnostics = (*play.diagnostics, *claims.notes)
    if diagnostics:  # most hands have none: no call then
        diagnostics = spell_all(diagnostics, play.hand)  # '$2.10', not '210'
    # ReplayResult's fields in order: hand, players, pots, boards, total_pot, rake, states,
    # decisions, diagnostics, unawarded, taken, added, all_in_point.
    return new_replay_result(
        play.hand,
        players,
        pot_results,
        tuple(boards),
        total,
        claims.rake,
        tuple(play.states),
        tuple(play.decisions),
        diagnostics,
        claims.unawarded,
        summary.jackpot + summary.cash_out_fee,
        play.added,
        play.all_in_point,
    )
