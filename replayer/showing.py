"""Stud's order of action by the cards showing (RULES.md F4) and its odd chip (S4).

In stud nobody holds a button position that fixes the order: the up cards do. On 3rd
street the worst up card is forced to bring in; from 4th street the best showing hand
acts first; and the odd chip of a split pot goes to the winner holding the highest card by
suit. These are pure functions of the cards, so the engine, the replay viewer and the
tests ask the same question the same way. Suits rank clubs < diamonds < hearts < spades
(F4), the order of :class:`parser.model.cards.Suit` and of ``Card.index``.

The functions pick among the players they are given, who have not folded. An all-in
player still holds his cards: when he is the one who would bring in or act first, F4
passes the duty clockwise to the next player who can still act ("an all-in player is
skipped, the order is kept"), so the engine asks about every live player and moves on
from the answer with :func:`next_able`:
``next_able(first_to_act(live, low=...), seats_clockwise, all_in)``. pokerkit's engine
does the same (the opener is the best showing hand of all; all-in players are then
dropped from the clockwise order). Picking the best showing hand among the players who
can act is another reading; the corpus has one hand where the best showing hand is all-in
(PokerStars #60974484959, 5th to 7th street) and there both readings name the same
player.

>>> from parser.model.cards import parse_cards
>>> def up(**cards):
...     return {name: parse_cards(text) for name, text in cards.items()}

F4: the lowest up card brings in; the deuce of clubs is the lowest card of all.

>>> bring_in_player({k: v[0] for k, v in up(ann="2h", bob="2c", cy="As").items()}, low=False)
'bob'

Razz: the highest up card brings in, aces are low, the highest suit breaks a tie.

>>> bring_in_player({k: v[0] for k, v in up(ann="Kc", bob="Ks", cy="Ah").items()}, low=True)
'bob'

F4: from 4th street the best showing hand acts first: a pair beats any high cards, and
straights and flushes do not count.

>>> first_to_act(up(ann="Ah Kh Qh", bob="3c 3d 2s", cy="Js Tc 9h"), low=False)
'bob'

Razz: the best low showing acts first, pairs are bad.

>>> first_to_act(up(ann="Kh 2c", bob="3c 3d", cy="7s 6c"), low=True)
'cy'

S4: the odd chip goes to the winner holding the highest card by suit.

>>> odd_chip_to(up(ann="Ah Kd 5c 4c 3c 2d 7h", bob="As 8d 5h 4h 3d 2c 7c"))
'bob'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence

from parser.model.cards import Card

__all__ = ["bring_in_player", "first_to_act", "next_able", "odd_chip_to", "showing_key"]

# Card.index = 4 * rank + suit, rank 0 (deuce) .. 12 (ace), suit 0 (clubs) .. 3 (spades).


def _high(card: Card) -> int:
    """Rank with the ace high: 0 (deuce) .. 12 (ace)."""
    return card.index >> 2


def _low(card: Card) -> int:
    """Rank with the ace low: 0 (ace) .. 12 (king)."""
    return ((card.index >> 2) + 1) % 13


def _suit(card: Card) -> int:
    """0 clubs, 1 diamonds, 2 hearts, 3 spades (F4)."""
    return card.index & 3


def _check_distinct(cards_of: Mapping[str, Sequence[Card]], what: str) -> None:
    if not cards_of:
        raise ValueError(f"{what}: no players given")
    seen: dict[Card, str] = {}
    for player, cards in cards_of.items():
        for card in cards:
            if card in seen:
                raise ValueError(f"{what}: {card.text} is given twice ({seen[card]}, {player})")
            seen[card] = player


def bring_in_player(up: Mapping[str, Card], *, low: bool) -> str:
    """Who brings in on 3rd street, by each player's up card (F4).

    High games (stud, stud hi/lo): the lowest up card, the ace high; a tie goes to the
    lowest suit (clubs < diamonds < hearts < spades). Razz (``low=True``): the highest up
    card, the ace low (so a king is the highest); a tie goes to the highest suit, as every
    razz hand of PokerStars in ``../shared/corpora`` shows (Qh brings in before Qd and Qc,
    Qs before Qc). Cards are distinct, so exactly one player is named.

    >>> from parser.model.cards import Card
    >>> bring_in_player({"ann": Card.parse("5h"), "bob": Card.parse("5d")}, low=False)
    'bob'
    >>> bring_in_player({"ann": Card.parse("Ac"), "bob": Card.parse("2s")}, low=True)
    'bob'
    >>> bring_in_player({"ann": Card.parse("Qd"), "bob": Card.parse("Qh")}, low=True)
    'bob'
    """
    _check_distinct({p: (c,) for p, c in up.items()}, "bring_in_player")
    if low:
        return max(up, key=lambda p: (_low(up[p]), _suit(up[p])))
    return min(up, key=lambda p: (_high(up[p]), _suit(up[p])))


def showing_key(cards: Sequence[Card], *, low: bool) -> tuple[int, ...]:
    """A sort key for a partial showing hand of 1 to 4 up cards (F4); the larger key is the
    better showing hand, which acts first.

    High: quads > trips > two pair > pair > high card, then the ranks by group (the pair
    before its kickers), then the suit of the highest card (spades highest). Low (razz):
    the ace low, fewer and lower pairs better, then the lowest ranks from the top down, then
    the suit of the highest card. Straights and flushes never count.

    >>> from parser.model.cards import parse_cards
    >>> def key(text, low=False):
    ...     return showing_key(parse_cards(text), low=low)
    >>> key("9s 9h 4c") > key("Ac Kc Qc")  # a pair beats three to a royal flush
    True
    >>> key("Kd 9h") > key("Kc 9s")  # equal ranks: the suit of the highest card
    True
    >>> key("6d 4h Ac", low=True) > key("7c 2d Ah", low=True)
    True
    """
    if not 1 <= len(cards) <= 4:
        raise ValueError(
            f"showing_key takes 1 to 4 up cards, got {len(cards)}: "
            f"{' '.join(c.text for c in cards)!r}"
        )
    rank = _low if low else _high
    counts = Counter(rank(c) for c in cards)
    # Most significant first: bigger groups, then (high) higher or (low) higher ranks.
    groups = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    category = {1: 0, 2: 1, 3: 3, 4: 4}[shape[0]] + (shape[:2] == [2, 2])  # two pair: 2
    top = max(_suit(c) for c in cards if rank(c) == groups[0])
    if low:
        # Smaller is better for every field but the suit's: negate them.
        return (-category, *(-r for r in groups), top)
    return (category, *groups, top)


def first_to_act(showing: Mapping[str, Sequence[Card]], *, low: bool) -> str:
    """Who acts first from 4th street: the best showing hand (F4), by :func:`showing_key`.

    ``showing`` holds each live (not folded) player's up cards, 1 to 4; when the answer is
    all-in, :func:`next_able` passes the duty on (F4). Stud hi/lo uses the high rule
    (``low=False``); razz the best low (``low=True``). Equal showing hands are decided by
    the suit of the highest card, the highest suit first, in razz too (the corpus's razz
    hands: As 6s acts before Ac 6h, Qd 3d before Qc 3h).

    >>> from parser.model.cards import parse_cards
    >>> first_to_act({"ann": parse_cards("Kh 7c"), "bob": parse_cards("Ks 7d")}, low=False)
    'bob'
    >>> first_to_act({"ann": parse_cards("Ac 2c 3c 4c"), "bob": parse_cards("2d 2h 7s 9s")},
    ...              low=False)
    'bob'
    >>> first_to_act({"ann": parse_cards("Ac 2c 3c 4c"), "bob": parse_cards("2d 2h 7s 9s")},
    ...              low=True)
    'ann'
    """
    _check_distinct(showing, "first_to_act")
    keys = {p: showing_key(cards, low=low) for p, cards in showing.items()}
    return max(keys, key=keys.__getitem__)


def next_able(player: str, order: Sequence[str], cannot_act: Collection[str]) -> str:
    """``player`` if he can act, else the next player clockwise who can (F4: the duty to
    bring in passes clockwise from an all-in player). ``order`` is every player dealt in,
    clockwise (by seat).

    >>> next_able("cy", ["ann", "bob", "cy", "dee"], cannot_act={"cy", "dee"})
    'ann'
    """
    if player not in order:
        raise ValueError(f"next_able: {player!r} is not in the order {list(order)!r}")
    start = order.index(player)
    for i in range(len(order)):
        candidate = order[(start + i) % len(order)]
        if candidate not in cannot_act:
            return candidate
    raise ValueError("next_able: nobody can act")


def odd_chip_to(winners: Mapping[str, Sequence[Card]]) -> str:
    """S4 in stud: the odd chip of a split pot goes to the winner holding the highest card
    by suit: rank first (ace high), then spades > hearts > diamonds > clubs, among all the
    cards given for each winner (the engine gives his whole hand, down cards included).

    >>> from parser.model.cards import parse_cards
    >>> odd_chip_to({"ann": parse_cards("Kh Kd 9c"), "bob": parse_cards("Kc Ks 2d")})
    'bob'
    """
    _check_distinct(winners, "odd_chip_to")
    if any(not cards for cards in winners.values()):
        empty = [p for p, cards in winners.items() if not cards]
        raise ValueError(f"odd_chip_to: no cards given for {', '.join(empty)}")
    return max(winners, key=lambda p: max(c.index for c in winners[p]))
