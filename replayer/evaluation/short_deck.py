"""Short-deck hold'em hand rankings: PokerStars' 6+ and the Triton rules PHH's "NS" uses.

The deck has no 2-5, so the ranking changes: a flush beats a full house; in 6+ three of a
kind also beats a straight, under Triton rules (pokerkit's, and the PHH examples') the
straight stays above three of a kind. The ace plays low in A-6-7-8-9, the lowest straight.
Few hands need it, so clarity beats speed here: the best of the 21 five-card subsets, each
scored as a tuple packed into an int (larger is better).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from parser.model.cards import Card

#: Categories, worst to best, in the 6+ order.
HIGH_CARD, PAIR, TWO_PAIR, STRAIGHT, TRIPS, FULL_HOUSE, FLUSH, QUADS, STRAIGHT_FLUSH = range(9)
#: Triton's order swaps straights and three of a kind back: category -> its strength.
TRITON = {STRAIGHT: TRIPS, TRIPS: STRAIGHT}


def _straight_top(values: list[int]) -> int | None:
    distinct = sorted(set(values), reverse=True)
    if len(distinct) != 5:
        return None
    if distinct[0] - distinct[4] == 4:
        return distinct[0]
    if distinct == [14, 9, 8, 7, 6]:
        return 9  # A-6-7-8-9: the ace plays low
    return None


def _score5(cards: Sequence[Card], order_of: dict[int, int] | None = None) -> int:
    values = [c.rank_value for c in cards]
    flush = len({c.suit for c in cards}) == 1
    top = _straight_top(values)
    counts = Counter(values)
    # Ranks ordered by (count, rank): the tie-break order of every category.
    order = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if top is not None:
        category, ranks = (STRAIGHT_FLUSH if flush else STRAIGHT), [top]
    elif shape[0] == 4:
        category, ranks = QUADS, order
    elif flush:
        category, ranks = FLUSH, sorted(values, reverse=True)
    elif shape[:2] == [3, 2]:
        category, ranks = FULL_HOUSE, order
    elif shape[0] == 3:
        category, ranks = TRIPS, order
    elif shape[:2] == [2, 2]:
        category, ranks = TWO_PAIR, order
    elif shape[0] == 2:
        category, ranks = PAIR, order
    else:
        category, ranks = HIGH_CARD, sorted(values, reverse=True)
    score = order_of.get(category, category) if order_of else category
    for value in (*ranks, 0, 0, 0, 0, 0)[:5]:
        score = score * 15 + value
    return score


def rank_short_deck(cards: Sequence[Card]) -> int:
    """Best five of 5-7 cards under 6+ rules (larger is better).

    >>> from parser.model.cards import parse_cards
    >>> flush = rank_short_deck(parse_cards("Ah Jh 9h 7h 6h"))
    >>> full = rank_short_deck(parse_cards("Ks Kd Kc 9s 9d"))
    >>> flush > full
    True
    >>> wheel = rank_short_deck(parse_cards("As 6d 7c 8h 9s"))
    >>> wheel < rank_short_deck(parse_cards("6d 7c 8h 9s Ts"))
    True
    >>> trips = rank_short_deck(parse_cards("9s 9d 9c Ah Kd"))
    >>> trips > rank_short_deck(parse_cards("Ts Jd Qc Kh As"))
    True
    """
    if len(cards) < 5:
        raise ValueError(f"6+ hold'em needs at least 5 cards, got {len(cards)}")
    return max(_score5(five) for five in combinations(cards, 5))


def rank_short_deck_triton(cards: Sequence[Card]) -> int:
    """Best five of 5-7 cards under Triton short-deck rules (larger is better).

    >>> from parser.model.cards import parse_cards
    >>> trips = rank_short_deck_triton(parse_cards("9s 9d 9c Ah Kd"))
    >>> trips < rank_short_deck_triton(parse_cards("Ts Jd Qc Kh As"))
    True
    >>> flush = rank_short_deck_triton(parse_cards("Ah Jh 9h 7h 6h"))
    >>> flush > rank_short_deck_triton(parse_cards("Ks Kd Kc 9s 9d"))
    True
    """
    if len(cards) < 5:
        raise ValueError(f"short-deck hold'em needs at least 5 cards, got {len(cards)}")
    return max(_score5(five, TRITON) for five in combinations(cards, 5))
