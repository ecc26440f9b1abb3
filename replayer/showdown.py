"""Who wins each pot (RULES.md S1-S6), per board run, with odd chips by S4.

The engine hands over the pots, the players who may still win them, the boards and the
cards it knows. When every claimant's cards are known, the evaluator decides; when some
are not (the log never showed them), the log's own "collected" lines name the winners and
the claims checker verifies the amounts. Either way the result says which it was.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from replayer import evaluator
from replayer.cards import Card
from replayer.games import Evaluator, GameSpec
from replayer.pots import split_evenly
from replayer.state import Pot

RankFn = Callable[[Sequence[Card], Sequence[Card]], int]


def _high(hole: Sequence[Card], board: Sequence[Card]) -> int:
    return evaluator.rank_high([*hole, *board])


def _omaha_high(hole: Sequence[Card], board: Sequence[Card]) -> int:
    return evaluator.rank_omaha_high(hole, board)


#: High-hand evaluators by GameSpec.evaluator (hi/lo and lowball games add theirs here).
EVALUATORS: dict[Evaluator, RankFn] = {
    Evaluator.HIGH: _high,
    Evaluator.OMAHA_HIGH: _omaha_high,
}


@dataclass(frozen=True, slots=True)
class Award:
    """One pot on one run: who won how much (before rake)."""

    pot_index: int
    run: int
    amount: int
    eligible: tuple[str, ...]
    shares: dict[str, int]
    #: True when the evaluator decided; False when the log's collect lines had to.
    evaluated: bool
    odd_chips_to: str | None


def split_runs(amount: int, runs: int) -> list[int]:
    """A pot run several times is split evenly; the first run takes the odd chip.

    >>> split_runs(22317, 2)
    [11159, 11158]
    """
    share, odd = divmod(amount, runs)
    return [share + (1 if i < odd else 0) for i in range(runs)]


def award_pots(
    spec: GameSpec,
    pots: Sequence[Pot],
    boards: Sequence[Sequence[Card]],
    cards: dict[str, tuple[Card, ...]],
    claimants: Sequence[str],
    seat_order: Sequence[str],
    collectors: set[str],
) -> list[Award]:
    """Award every pot on every run.

    ``claimants`` are the players who did not fold or muck (S6), ``seat_order`` the players
    clockwise from the first seat left of the button (S4), ``collectors`` who the log says
    collected (used only when cards are unknown).
    """
    rank: RankFn | None = EVALUATORS.get(spec.evaluator)
    awards: list[Award] = []
    runs = max(1, len(boards))
    claim = set(claimants)
    for index, pot in enumerate(pots):
        contenders = [n for n in pot.eligible if n in claim] or list(pot.eligible)
        for run, amount in enumerate(split_runs(pot.amount, runs), start=1):
            board = boards[run - 1] if boards else ()
            winners, evaluated = _winners(rank, spec, contenders, board, cards, collectors)
            ordered = [n for n in seat_order if n in winners]
            shares = split_evenly(amount, ordered) if ordered else {}
            odd = ordered[0] if ordered and amount % len(ordered) else None
            awards.append(
                Award(
                    pot_index=index,
                    run=run,
                    amount=amount,
                    eligible=pot.eligible,
                    shares=shares,
                    evaluated=evaluated,
                    odd_chips_to=odd,
                )
            )
    return awards


def _winners(
    rank: RankFn | None,
    spec: GameSpec,
    contenders: list[str],
    board: Sequence[Card],
    cards: dict[str, tuple[Card, ...]],
    collectors: set[str],
) -> tuple[list[str], bool]:
    if len(contenders) == 1:
        return contenders, True
    need = spec.hole_cards
    known = all(len(cards.get(n, ())) == need for n in contenders)
    if rank is None or not known or len(board) < spec.board_size:
        return [n for n in contenders if n in collectors], False
    ranks = {n: rank(cards[n], board) for n in contenders}
    best = max(ranks.values())
    return [n for n in contenders if ranks[n] == best], True
