"""The automatic draw of a disconnected 5-card-draw player (RULES.md C2).

A player disconnected before or during the draw who has not come back by the timeout has
his draw made for him. C2 lists what he keeps, by priority; the first entry his hand fits
decides, and everything else is thrown:

1. two pair or better (a made hand),
2. an open royal draw (K-Q-J-T suited),
3. a high pair (AA to JJ),
4. a straight-flush or flush draw (four of one suit),
5. a low pair (TT and lower),
6. an open-ended straight draw,
7. a gutshot,
8. high cards (A, K, Q, J),
9. else nothing.

Where C2 is silent this module decides, and says so once here:

* A made hand keeps what makes it and throws what cannot help it: a straight, flush, full
  house, four of a kind or straight flush keeps all five (drawing to quads or a full house
  cannot improve it: stand pat); three of a kind keeps the three and draws two; two pair
  keeps the four pair cards and draws one (the kickers are the only cards that can improve
  either hand, and C2 protects the made hand, not a kicker).
* A pair keeps only the pair (no kicker), a draw only its four cards, and "high cards"
  keeps every ace, king, queen and jack held.
* Open-ended means four consecutive ranks that two ranks complete (2-3-4-5 up to
  T-J-Q-K; the ace plays low for 2-3-4-5). A gutshot is four ranks of one straight that
  only one rank completes: one gap inside (5-6-8-9), or an end the ace closes (A-K-Q-J,
  A-2-3-4). Of two gutshots, the higher four cards are kept (A-K-Q-J over K-Q-J-9).

A straight-flush draw is always four of one suit, so it and the flush draw are one entry,
as in C2. When several entries fit, the higher one wins: with Kh Qh Jh Th Kd the open
royal draw is kept, not the kings.

>>> from parser.model.cards import parse_cards
>>> def kept(text):
...     return " ".join(c.text for c in auto_draw(parse_cards(text)))
>>> kept("9c 9d 4h 4s Kc")            # two pair: draw one
'9c 9d 4h 4s'
>>> kept("Kh Qh Jh Th Kd")            # open royal draw beats the pair of kings
'Kh Qh Jh Th'
>>> kept("Jc Jd 2h 5h 8h")            # high pair
'Jc Jd'
>>> kept("Ac 8c 5c 2c Kd")            # flush draw
'Ac 8c 5c 2c'
>>> kept("Tc Td 4h 8s Ad"), kept("9c Td Jh Qs 3d"), kept("9c Td Jh Ks 3d")
('Tc Td', '9c Td Jh Qs', '9c Td Jh Ks')
>>> kept("Ac Kd 7h 4s 2c"), kept("9c 7d 6h 4s 2c")
('Ac Kd', '')
>>> auto_draw_count(parse_cards("9c 7d 6h 4s 2c"))
5
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations

from parser.model.cards import Card

__all__ = ["PRIORITIES", "auto_draw", "auto_draw_count", "auto_draw_priority"]

Hand = tuple[Card, ...]
Keep = Callable[[Hand], Hand | None]

# Ranks as Card.index >> 2: 0 (deuce) .. 12 (ace); suits as Card.index & 3.
_TEN, _JACK, _KING, _ACE = 8, 9, 11, 12
#: Every straight as a mask of rank bits, bit 13 standing for the ace played low.
_STRAIGHTS = (*(0b11111 << low for low in range(9)), 0b1111 | 1 << 13)  # ... 5-4-3-2-A


def _rank(card: Card) -> int:
    return card.index >> 2


def _suit(card: Card) -> int:
    return card.index & 3


def _mask(cards: Sequence[Card]) -> int:
    """The ranks held as bits, the ace also as bit 13 so it plays low in straights."""
    mask = 0
    for card in cards:
        mask |= 1 << _rank(card)
    return mask | 1 << 13 if mask >> _ACE & 1 else mask


def _made_hand(hand: Hand) -> Hand | None:
    """Two pair or better keeps the cards that make it (the module's first decision)."""
    counts = Counter(_rank(c) for c in hand)
    shape = sorted(counts.values(), reverse=True)
    flush = len({_suit(c) for c in hand}) == 1
    held = _mask(hand)
    straight = len(counts) == 5 and any(held & s == s for s in _STRAIGHTS)
    if flush or straight or shape[0] == 4 or shape == [3, 2]:
        return hand
    if shape[0] == 3 or shape[:2] == [2, 2]:  # trips, two pair: the kickers go
        return tuple(c for c in hand if counts[_rank(c)] >= 2)
    return None


def _open_royal_draw(hand: Hand) -> Hand | None:
    for suit in {_suit(c) for c in hand}:
        royal = tuple(c for c in hand if _suit(c) == suit and _TEN <= _rank(c) <= _KING)
        if len(royal) == 4:
            return royal
    return None


def _pair(low: int, high: int) -> Keep:
    def keep(hand: Hand) -> Hand | None:
        counts = Counter(_rank(c) for c in hand)
        pairs = [r for r, n in counts.items() if n == 2 and low <= r <= high]
        return tuple(c for c in hand if _rank(c) in pairs) if pairs else None

    return keep


def _flush_draw(hand: Hand) -> Hand | None:
    for suit, n in Counter(_suit(c) for c in hand).items():
        if n == 4:
            return tuple(c for c in hand if _suit(c) == suit)
    return None


def _straight_draws(hand: Hand, *, open_ended: bool) -> Hand | None:
    """Four cards of distinct ranks that a straight needs but one card; open-ended when
    two ranks complete them. Of several, the highest four (ace high) are kept."""
    best: Hand | None = None
    best_key: list[int] = []
    for four in combinations(hand, 4):
        held = _mask(four)
        if len({_rank(c) for c in four}) < 4:
            continue
        completing = 0
        for straight in _STRAIGHTS:
            if (held & straight).bit_count() == 4:
                completing |= straight & ~held
        # The ace counts once, as a card: bits 12 and 13 are the same rank.
        if completing >> 13 & 1:
            completing = (completing | 1 << _ACE) & ~(1 << 13)
        if completing and (completing.bit_count() >= 2) == open_ended:
            key = sorted((_rank(c) for c in four), reverse=True)
            if best is None or key > best_key:
                best, best_key = four, key
    return best


def _high_cards(hand: Hand) -> Hand | None:
    high = tuple(c for c in hand if _rank(c) >= _JACK)
    return high or None


#: C2's list, first to last: (name, the cards kept, or None when the hand does not fit).
PRIORITIES: tuple[tuple[str, Keep], ...] = (
    ("two pair or better", _made_hand),
    ("open royal draw", _open_royal_draw),
    ("high pair", _pair(_JACK, _ACE)),
    ("straight-flush or flush draw", _flush_draw),
    ("low pair", _pair(0, _TEN)),
    ("open-ended straight draw", lambda h: _straight_draws(h, open_ended=True)),
    ("gutshot", lambda h: _straight_draws(h, open_ended=False)),
    ("high cards", _high_cards),
)


def _decide(hand: Sequence[Card]) -> tuple[str, Hand]:
    cards = tuple(hand)
    if len(cards) != 5 or len(set(cards)) != 5:
        raise ValueError(
            f"[C2] the automatic draw takes five distinct cards, got "
            f"{' '.join(c.text for c in cards)!r}"
        )
    for name, keep in PRIORITIES:
        kept = keep(cards)
        if kept is not None:
            return name, kept
    return "nothing", ()


def auto_draw(hand: Sequence[Card]) -> tuple[Card, ...]:
    """The cards a disconnected 5-card-draw player keeps (C2), in the order of ``hand``;
    the others are discarded and replaced.

    >>> from parser.model.cards import parse_cards
    >>> auto_draw(parse_cards("2c 7h 7d 7s Qc"))  # three of a kind draws two
    (Card('7h'), Card('7d'), Card('7s'))
    """
    return _decide(hand)[1]


def auto_draw_count(hand: Sequence[Card]) -> int:
    """How many cards the automatic draw replaces (C2): 0 stands pat, 5 throws all.

    >>> from parser.model.cards import parse_cards
    >>> auto_draw_count(parse_cards("2c 3h 4d 5s 6c"))  # a straight stands pat
    0
    >>> auto_draw_count(parse_cards("Ac Ad 5h 8s 9c"))
    3
    """
    return 5 - len(auto_draw(hand))


def auto_draw_priority(hand: Sequence[Card]) -> str:
    """The entry of C2's list that decided, for the viewer and error messages: one of the
    names in :data:`PRIORITIES`, or ``"nothing"``.

    >>> from parser.model.cards import parse_cards
    >>> auto_draw_priority(parse_cards("Ac 2d 3h 4s 9c"))
    'gutshot'
    """
    return _decide(hand)[0]
