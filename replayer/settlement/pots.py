"""Main and side pots from what each player put in (RULES.md B10, B11)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Set

from parser.model.makers import positional
from replayer.state import Pot

#: ``Pot(amount=..., eligible=..., halves=...)``, fields in order, for the hot path.
_pot = positional(Pot)


def side_pots(
    contributions: Mapping[str, int], live: Set[str], dead: int = 0
) -> tuple[Pot, ...]:
    """Split the chips into a main pot and side pots (B10).

    ``contributions`` is every player's total for the hand in seat order (folded players
    included: their chips stay in the pot), ``live`` the players who have not folded. A
    player competes only for the part of each other player's chips he matched. Pots whose
    eligible players are the same are one pot. ``dead`` is money in the middle that is
    nobody's level (dead blinds, F1): it goes to the main pot, which every live player
    contests.

    Six players: A is all-in for 100, B for 300, C and D put in 500, E folded after 200,
    F folded after 50.

    >>> pots = side_pots({"A": 100, "B": 300, "C": 500, "D": 500, "E": 200, "F": 50},
    ...                  {"A", "B", "C", "D"})
    >>> [(p.amount, p.eligible) for p in pots]
    [(550, ('A', 'B', 'C', 'D')), (700, ('B', 'C', 'D')), (400, ('C', 'D'))]
    >>> sum(p.amount for p in pots) == 100 + 300 + 500 + 500 + 200 + 50
    True

    C posted a dead small blind of 5 with his big blind, then called all in for 95 more;
    B's 100 is matched. The dead 5 is the main pot's, not a side pot C alone contests:

    >>> [(p.amount, p.eligible) for p in side_pots({"B": 100, "C": 100}, {"B", "C"}, 5)]
    [(205, ('B', 'C'))]
    """
    pots = _side_pots(contributions, live)
    if dead:
        if pots:
            main = pots[0]
            return (_pot(main.amount + dead, main.eligible, ()), *pots[1:])
        return (_pot(dead, tuple(n for n in contributions if n in live), ()),)
    return pots


def _side_pots(contributions: Mapping[str, int], live: Set[str]) -> tuple[Pot, ...]:
    if not contributions:
        return ()
    amounts = {amount for name, amount in contributions.items() if name in live}
    if len(amounts) < 2:
        # No side pot (the usual hand: nobody live is all-in for less): one pot of every
        # chip, for the live players; everyone folded (a cancelled or void hand), one dead
        # pot with nobody eligible. What the loop below makes of one level, without it.
        total = sum(contributions.values())
        eligible = tuple([n for n in contributions if n in live]) if amounts else ()
        return (_pot(total, eligible, ()),) if total else ()
    levels = sorted(amounts)
    pots: list[Pot] = []
    previous = 0
    top = levels[-1]
    for level in levels:
        cap = level
        amount = 0
        for amount_in in contributions.values():
            amount += min(amount_in, cap) - min(amount_in, previous)
        if level == top:
            # Chips above the highest live level (folded players who put in more than any
            # live player could match after returns) stay in the last pot.
            amount += sum(max(0, a - top) for a in contributions.values())
        eligible = tuple(n for n, a in contributions.items() if n in live and a >= level)
        if amount:
            if pots and pots[-1].eligible == eligible:
                pots[-1] = _pot(pots[-1].amount + amount, eligible, ())
            else:
                pots.append(_pot(amount, eligible, ()))
        previous = level
    return tuple(pots)


def uncalled_excess(bets: Mapping[str, int]) -> tuple[str, int] | None:
    """The part of the largest bet of a round that nobody matched (B11).

    >>> uncalled_excess({"A": 200, "B": 50, "C": 0})
    ('A', 150)
    >>> uncalled_excess({"A": 200, "B": 200}) is None
    True
    """
    top_name, top, second = None, 0, 0
    for name, bet in bets.items():
        if bet > top:
            top_name, second, top = name, top, bet
        elif bet > second:
            second = bet
    if top_name is None or top == second:
        return None
    return top_name, top - second


def split_evenly(amount: int, winners: list[str]) -> dict[str, int]:
    """Split a pot among winners already ordered clockwise from the button (S4).

    The odd chip goes to the first winner clockwise from the button, as RULES.md S4 words
    it; when there are more odd chips than one (a three-way split), one chip each to the
    winners in that order, never two to one player: the engine's reading of S4 for live
    games (``OddChips.ONE_EACH``; the rooms' own practices are the functions below).

    >>> split_evenly(101, ["B", "A"])
    {'B': 51, 'A': 50}
    >>> split_evenly(260, ["C", "A", "B"])
    {'C': 87, 'A': 87, 'B': 86}
    """
    share, odd = divmod(amount, len(winners))
    result = dict.fromkeys(winners, share)
    for name in winners[:odd]:
        result[name] += 1
    return result


# The odd-chip policies of ``parser.model.house.OddChips``, one function each, looked up by
# ``replayer.settlement.showdown.ODD_CHIPS``. Each takes the part of a pot, its winners in
# S4's order (clockwise from the first seat left of the button; stud's high card first) and
# a player's seat number, and returns each winner's chips in that order with the winner of the
# first odd chip (None when the part divides evenly).


def one_each(
    amount: int, winners: list[str], seat_of: Callable[[str], int]
) -> tuple[dict[str, int], str | None]:
    """``OddChips.ONE_EACH``: one odd chip each, in S4's order (:func:`split_evenly`).

    >>> one_each(260, ["C", "A", "B"], len)
    ({'C': 87, 'A': 87, 'B': 86}, 'C')
    """
    split = split_evenly(amount, winners)
    return split, winners[0] if amount % len(winners) else None


def all_to_first(
    amount: int, winners: list[str], seat_of: Callable[[str], int]
) -> tuple[dict[str, int], str | None]:
    """``OddChips.ALL_TO_FIRST``: every odd chip to the first winner in S4's order (PokerStars).

    >>> all_to_first(4571, ["C", "A", "B"], len)
    ({'C': 1525, 'A': 1523, 'B': 1523}, 'C')
    """
    share, odd = divmod(amount, len(winners))
    result = dict.fromkeys(winners, share)
    if not odd:
        return result, None
    result[winners[0]] += odd
    return result, winners[0]


def one_each_high_seat_first(
    amount: int, winners: list[str], seat_of: Callable[[str], int]
) -> tuple[dict[str, int], str | None]:
    """``OddChips.ONE_EACH_HIGH_SEAT_FIRST``: one odd chip each, from the highest seat number
    down, whatever the button (Winamax); the result keeps S4's order.

    >>> one_each_high_seat_first(260, ["P2", "P5", "P6"], {"P2": 3, "P5": 7, "P6": 8}.__getitem__)
    ({'P2': 86, 'P5': 87, 'P6': 87}, 'P6')
    """
    share, odd = divmod(amount, len(winners))
    result = dict.fromkeys(winners, share)
    if not odd:
        return result, None
    by_seat = sorted(winners, key=seat_of, reverse=True)
    for name in by_seat[:odd]:
        result[name] += 1
    return result, by_seat[0]
