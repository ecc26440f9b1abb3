"""Cards as values.

A card is parsed strictly once, at the parser boundary, and is a tiny immutable value
everywhere after. The 52 cards are interned so equality and hashing are cheap on the
replay's hot path, and so an evaluator can index tables by ``Card.index``.
"""

from __future__ import annotations

from enum import StrEnum


class Rank(StrEnum):
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"


class Suit(StrEnum):
    """Suit order is clubs < diamonds < hearts < spades (RULES.md F4, stud tie-breaks)."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"


RANKS = "23456789TJQKA"
SUITS = "cdhs"
_RANK_VALUE = {r: i + 2 for i, r in enumerate(RANKS)}


class Card:
    """One of the 52 cards; ``Card.parse("Ah")``. Instances are interned."""

    __slots__ = ("index", "rank", "suit", "text")
    index: int
    rank: Rank
    suit: Suit
    text: str

    def __new__(cls, rank: Rank | str, suit: Suit | str) -> Card:
        return Card.parse(f"{rank}{suit}")

    @staticmethod
    def parse(text: str) -> Card:
        """Parse ``"Ah"``; ``"10h"`` is accepted for the ten (some converters write it).

        >>> Card.parse("Td").rank is Rank.TEN
        True
        >>> Card.parse("1d")
        Traceback (most recent call last):
        ...
        ValueError: invalid card '1d': rank must be one of 23456789TJQKA
        """
        card = _BY_TEXT.get(text)
        if card is not None:
            return card
        return _parse_slow(text)

    @property
    def rank_value(self) -> int:
        """2..14, ace high; lowball evaluators map the ace themselves."""
        return self.index // 4 + 2

    def __repr__(self) -> str:
        return f"Card({self.text!r})"

    def __str__(self) -> str:
        return self.text

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (self.text,))

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index


def _make(rank: str, suit: str, index: int) -> Card:
    card = object.__new__(Card)
    card.index = index
    card.rank = Rank(rank)
    card.suit = Suit(suit)
    card.text = rank + suit
    return card


#: The deck in index order: index = 4 * (rank value - 2) + suit index.
DECK: tuple[Card, ...] = tuple(
    _make(r, s, 4 * ri + si) for ri, r in enumerate(RANKS) for si, s in enumerate(SUITS)
)
_BY_TEXT: dict[str, Card] = {c.text: c for c in DECK}


def _parse_slow(text: str) -> Card:
    raw = text.strip()
    if raw[:2] == "10":
        raw = "T" + raw[2:]
    if len(raw) == 2:
        rank, suit = raw[0].upper(), raw[1].lower()
        if rank in RANKS and suit in SUITS:
            return _BY_TEXT[rank + suit]
        if rank not in RANKS:
            raise ValueError(f"invalid card {text!r}: rank must be one of {RANKS}")
        raise ValueError(f"invalid card {text!r}: suit must be one of {SUITS}")
    raise ValueError(f"invalid card {text!r}: expected a rank and a suit, like 'Ah'")


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse space-separated cards: ``"Ah Kd"`` -> two cards.

    >>> parse_cards("7d 5h 9d")
    (Card('7d'), Card('5h'), Card('9d'))
    """
    return tuple(Card.parse(t) for t in text.split())


def format_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    """The inverse of :func:`parse_cards`, the form stored in the database."""
    return " ".join(c.text for c in cards)
