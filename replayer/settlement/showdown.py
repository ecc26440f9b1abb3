"""Who wins each pot (RULES.md S1-S6), per board run, with odd chips by S4.

The engine hands over the pots, the players who may still win them, the boards and the
cards it knows. When every claimant's cards are known, the evaluator decides; when some
are not (the log never showed them), the log's own "collected" lines name the winners and
the claims checker verifies the amounts. Either way the result says which it was.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence, Set
from dataclasses import dataclass

from parser.compiled import mypyc_attr
from parser.model.cards import Card
from parser.model.games import Evaluator, GameSpec, OddChip
from parser.model.house import HiLoOddChip, HouseRules, OddChips
from parser.model.makers import positional
from replayer.evaluation import evaluator
from replayer.evaluation.short_deck import rank_short_deck, rank_short_deck_triton
from replayer.settlement.pots import all_to_first, one_each, one_each_high_seat_first
from replayer.showing import odd_chip_to
from replayer.state import Pot

RankFn = Callable[[Sequence[Card], Sequence[Card]], int]


def _high(hole: Sequence[Card], board: Sequence[Card]) -> int:
    return evaluator.rank_high([*hole, *board])


def _omaha_high(hole: Sequence[Card], board: Sequence[Card]) -> int:
    return evaluator.rank_omaha_high(hole, board)


def _short_deck(hole: Sequence[Card], board: Sequence[Card]) -> int:
    return rank_short_deck([*hole, *board])


def _short_deck_triton(hole: Sequence[Card], board: Sequence[Card]) -> int:
    return rank_short_deck_triton([*hole, *board])


def _low8(hole: Sequence[Card], board: Sequence[Card]) -> int | None:
    return evaluator.rank_low8([*hole, *board])


def _omaha_low8(hole: Sequence[Card], board: Sequence[Card]) -> int | None:
    return evaluator.rank_omaha_low8(hole, board)


def _low_a5(hole: Sequence[Card], board: Sequence[Card]) -> int:
    return evaluator.rank_low_a5([*hole, *board])


def _low_27(hole: Sequence[Card], board: Sequence[Card]) -> int:
    return evaluator.rank_low_27([*hole, *board])


def _badugi(hole: Sequence[Card], board: Sequence[Card]) -> int:
    return evaluator.rank_badugi([*hole, *board])


#: The hand that wins the pot (or its high half), by GameSpec.evaluator; lowball games
#: rank their lows so that larger is better too (razz, 2-7, badugi).
EVALUATORS: dict[Evaluator, RankFn] = {
    Evaluator.HIGH: _high,
    Evaluator.OMAHA_HIGH: _omaha_high,
    Evaluator.HIGH_LOW8: _high,
    Evaluator.OMAHA_HIGH_LOW8: _omaha_high,
    Evaluator.SHORT_DECK_HIGH: _short_deck,
    Evaluator.SHORT_DECK_TRITON: _short_deck_triton,
    Evaluator.LOW_A5: _low_a5,
    Evaluator.LOW_27: _low_27,
    Evaluator.BADUGI: _badugi,
}
#: How a rank reads, per evaluator ("a full house, Kings full of Nines", "Lo: 9,8,7,6,3").
DESCRIBE: dict[Evaluator, Callable[[int], str]] = {
    Evaluator.HIGH: evaluator.describe_high,
    Evaluator.OMAHA_HIGH: evaluator.describe_high,
    Evaluator.HIGH_LOW8: evaluator.describe_high,
    Evaluator.OMAHA_HIGH_LOW8: evaluator.describe_high,
    Evaluator.LOW_A5: evaluator.describe_low_a5,
    Evaluator.LOW_27: evaluator.describe_low_27,
    Evaluator.BADUGI: evaluator.describe_badugi,
}
#: Hi/lo games: the qualifying low that wins the other half (S3); None when none qualifies.
LOW_EVALUATORS: dict[Evaluator, Callable[[Sequence[Card], Sequence[Card]], int | None]] = {
    Evaluator.HIGH_LOW8: _low8,
    Evaluator.OMAHA_HIGH_LOW8: _omaha_low8,
}


#: A split of one part of a pot among its winners in S4's order, given their seats: each
#: winner's chips (in that order) and who took the first odd chip (``pots.one_each``).
SplitFn = Callable[[int, list[str], Callable[[str], int]], tuple[dict[str, int], str | None]]

#: The odd-chip policy of a hand's house rules (``ParsedHand.house``, issue 22), by name:
#: rules as data, one function each, so a room's practice is a row, never a branch.
ODD_CHIPS: dict[OddChips, SplitFn] = {
    OddChips.ONE_EACH: one_each,
    OddChips.ALL_TO_FIRST: all_to_first,
    OddChips.ONE_EACH_HIGH_SEAT_FIRST: one_each_high_seat_first,
}


# Compiled (setup.py), a plain Python class: a native one could not be filled by slot
# (``positional`` below), and the claims and tests read it as the dataclass it is.
@mypyc_attr(native_class=False)
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
    #: What each winner won with ("three of a kind, Jacks"), when the evaluator decided.
    descriptions: tuple[tuple[str, str], ...] = ()


_award = positional(Award)

#: Enum members read once: reading one from its class goes through the enum's metaclass
#: (about 0.35 us), and the hot path asks for them at every event.
_HIGH_CARD = OddChip.HIGH_CARD
_LOW_HALF = HiLoOddChip.LOW


def split_runs(amount: int, runs: int) -> list[int]:
    """A pot run several times is split evenly; the first run takes the odd chip.

    >>> split_runs(22317, 2)
    [11159, 11158]
    """
    if runs == 1:
        return [amount]
    share, odd = divmod(amount, runs)
    return [share + (1 if i < odd else 0) for i in range(runs)]


def award_pots(
    spec: GameSpec,
    pots: Sequence[Pot],
    boards: Sequence[Sequence[Card]],
    cards: dict[str, tuple[Card, ...]],
    claimants: Sequence[str],
    seat_order: Sequence[str],
    collectors: Set[str],
    house: HouseRules,
    seat_of: Callable[[str], int],
) -> list[Award]:
    """Award every pot on every run (and, in hi/lo games, each half).

    ``claimants`` are the players who did not fold or muck (S6), ``seat_order`` the players
    clockwise from the first seat left of the button (S4), ``collectors`` who the log says
    collected (used only when cards are unknown). ``house`` says how odd chips are paid
    (``ODD_CHIPS``), ``seat_of`` a player's seat number, for the policies that ask it.
    """
    awards: list[Award] = []
    runs = max(1, len(boards))
    claim = set(claimants)
    high_card_odd_chip = spec.odd_chip is _HIGH_CARD
    split = ODD_CHIPS[house.odd_chips]
    low_first = house.hi_lo_odd_chip is _LOW_HALF
    for index, pot in enumerate(pots):
        contenders = [n for n in pot.eligible if n in claim] or list(pot.eligible)
        if runs == 1 and len(contenders) == 1:
            # The usual pot: one board, one player left to win it, nothing to evaluate
            # (what the loop below gives for it, without the loop).
            amount = pot.amount
            awards.append(
                _award(index, 1, amount, pot.eligible, {contenders[0]: amount}, True, None, ())
            )
            continue
        for run, amount in enumerate(split_runs(pot.amount, runs), start=1):
            board = boards[run - 1] if boards else ()
            evaluated, halves, said = _halves(
                spec, amount, contenders, board, cards, collectors, low_first
            )
            shares: dict[str, int] = {}
            odd = None
            for half, winners in halves:
                if len(winners) == 1:
                    # One winner takes the part whole (the usual pot): no order to find.
                    name = winners[0]
                    shares[name] = shares.get(name, 0) + half
                    continue
                ordered = [n for n in seat_order if n in winners]
                if ordered and half % len(ordered) and high_card_odd_chip:
                    # S4, stud: the odd chip to the winner with the highest card by suit.
                    known = {n: cards.get(n, ()) for n in ordered}
                    if all(known.values()):
                        first = odd_chip_to(known)
                        ordered = [first, *(n for n in ordered if n != first)]
                if not ordered:
                    continue
                won, first_odd = split(half, ordered, seat_of)
                for name, chips in won.items():
                    shares[name] = shares.get(name, 0) + chips
                if odd is None:
                    odd = first_odd
            # Award's fields in order: pot_index, run, amount, eligible, shares, evaluated,
            # odd_chips_to, descriptions.
            awards.append(
                _award(
                    index, run, amount, pot.eligible, shares, evaluated, odd, tuple(said.items())
                )
            )
    return awards


def _halves(
    spec: GameSpec,
    amount: int,
    contenders: list[str],
    board: Sequence[Card],
    cards: dict[str, tuple[Card, ...]],
    collectors: Set[str],
    low_first: bool = False,
) -> tuple[bool, list[tuple[int, list[str]]], dict[str, str]]:
    """The parts a pot is split into and who wins each: one part, or high and low (S3);
    ``low_first``: the house gives an odd pot's odd chip to the low half, not the high."""
    if len(contenders) == 1:
        return True, [(amount, contenders)], {}
    rank = EVALUATORS.get(spec.evaluator)
    # Stud's S7 community card stands for each player's last card.
    board_size = spec.board_size  # a sum over the streets: asked once
    needed = spec.hole_cards + board_size - len(board)
    known = all(len(cards.get(n, ())) == needed for n in contenders)
    if rank is None or not known or len(board) < board_size:
        return False, [(amount, [n for n in contenders if n in collectors])], {}
    ranks = {n: rank(cards[n], board) for n in contenders}
    high = _best(ranks)
    describe = DESCRIBE.get(spec.evaluator)
    said = {n: describe(ranks[n]) for n in high} if describe else {}
    low_rank = LOW_EVALUATORS.get(spec.evaluator)
    if low_rank is None:
        return True, [(amount, high)], said
    lows = {n: low_rank(cards[n], board) for n in contenders}
    qualified = {n: r for n, r in lows.items() if r is not None}
    if not qualified:
        # S3: no qualifying low, the high hand takes the whole pot.
        return True, [(amount, high)], said
    # S3/S4: the pot is halved, the odd chip going to the high half (or, by the house's
    # rules, the low half).
    low_half = amount - amount // 2 if low_first else amount // 2
    best_low = _best(qualified)
    for name in best_low:
        low = f"low {evaluator.describe_low8(qualified[name])}"
        said[name] = f"{said[name]} and {low}" if name in said else low
    return True, [(amount - low_half, high), (low_half, best_low)], said


def _best(ranks: dict[str, int]) -> list[str]:
    best = max(ranks.values())
    return [n for n, r in ranks.items() if r == best]
