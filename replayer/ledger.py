"""The card ledger: where every known card is, from the deal to the showdown.

One ledger serves every family of games and the live corrections, because they all ask the
same question — can this card be *here*, given where it was? A card is in the deck until
the log puts it somewhere: a player's hand (face down or face up), a board, the burn pile,
the muck (a draw's discards, a folded hand), or set aside (a premature turn, RULES.md E6).
A card seen in two places at once is dealt twice (D1); a player who shows cards he was not
holding contradicts the log (S1). Cards can go back: a draw replaces cards (C1), and the
corrections return board cards to the deck (E4-E7).

Unknown cards are not tracked one by one (most logs show only the hero's), but every
player's hand size is, so the stub's size is known (S7: the stud community card).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from parser.model.cards import Card, format_cards
from replayer.betting import Mismatch


class Place(StrEnum):
    HAND = "hand"
    BOARD = "board"
    BURN = "burn"
    MUCK = "muck"
    SET_ASIDE = "set_aside"


#: Where a card is: its place and, for a hand or a board, whose (player name, or run).
Spot = tuple[Place, str]

#: Enum members read once: reading one from its class goes through the enum's metaclass
#: (about 0.35 us), and the hot path asks for them at every event.
_HAND, _MUCK, _BOARD, _BURN = Place.HAND, Place.MUCK, Place.BOARD, Place.BURN


class CardLedger:
    """Every known card's spot, every player's known cards and hand size."""

    __slots__ = ("burned", "hand_size", "hands", "spots", "up")

    def __init__(self) -> None:
        self.spots: dict[Card, Spot] = {}
        #: Each player's known cards, in the order they were dealt or drawn.
        self.hands: dict[str, tuple[Card, ...]] = {}
        #: The face-up cards (stud), a subset of the hands' cards.
        self.up: set[Card] = set()
        #: How many cards each player holds, known or not.
        self.hand_size: dict[str, int] = {}
        self.burned = 0

    # -- questions -----------------------------------------------------------------------

    def where(self, card: Card) -> Spot | None:
        return self.spots.get(card)

    def up_cards(self, name: str) -> tuple[Card, ...]:
        return tuple(c for c in self.hands.get(name, ()) if c in self.up)

    def down_cards(self, name: str) -> tuple[Card, ...]:
        return tuple(c for c in self.hands.get(name, ()) if c not in self.up)

    def stub(self, board_cards: int) -> int:
        """Cards left in the deck: 52 less every hand's cards, the boards and the burns."""
        return 52 - sum(self.hand_size.values()) - board_cards - self.burned

    # -- moves ---------------------------------------------------------------------------

    def deal(self, name: str, cards: Iterable[Card], *, up: bool = False) -> None:
        """Known cards arrive in ``name``'s hand; his hand size is kept by ``grow``."""
        given = _distinct(tuple(cards), name)
        dealt = tuple(c for c in given if c not in self.hands.get(name, ()))
        for card in dealt:
            self._place(card, (_HAND, name))
            if up:
                self.up.add(card)
        if dealt:
            self.hands[name] = self.hands.get(name, ()) + dealt
            self.hand_size[name] = max(self.hand_size.get(name, 0), len(self.hands[name]))

    def grow(self, name: str, count: int) -> None:
        """``name`` is dealt ``count`` cards, known or not (the stub gets smaller)."""
        self.hand_size[name] = self.hand_size.get(name, 0) + count

    def know(self, name: str, cards: Iterable[Card]) -> None:
        """The log reveals cards ``name`` holds (a hero's hand line, a show, a muck).

        The cards he is known to hold must be among them, or they among his: a site may
        show part of a hand ("shows [Ah]"), or all of it after showing part.
        """
        shown = cards if isinstance(cards, tuple) else tuple(cards)
        count = len(shown)
        if len(set(shown)) != count:
            _distinct(shown, name)  # raises D1, naming the card written twice
        hands = self.hands
        known = hands.get(name, ())
        if not known:
            # The usual case, a hand line: every card is new to this hand.
            new = shown
        else:
            if shown and not set(shown) <= set(known) and not set(known) <= set(shown):
                raise Mismatch(
                    "S1",
                    f"{name} shows [{format_cards(shown)}] but holds [{format_cards(known)}]",
                )
            new = tuple(c for c in shown if c not in known)
            count = len(known) + len(new)
        if not new:
            return
        spot = (_HAND, name)
        spots = self.spots
        for card in new:
            if card in spots:
                self._place(card, spot)  # D1 unless a reshuffled discard (C1)
            else:
                spots[card] = spot
        hands[name] = known + new
        hand_size = self.hand_size
        if count > hand_size.get(name, 0):  # ``max``: the size may count cards not known yet
            hand_size[name] = count

    def discard(self, name: str, cards: Iterable[Card], count: int) -> None:
        """``name`` throws ``count`` cards (``cards`` the known ones) into the muck (C1)."""
        thrown = tuple(cards)
        held = self.hands.get(name, ())
        for card in thrown:
            if card not in held and self.spots.get(card) is not None:
                raise Mismatch("D1", f"{name} discards {card}, which is {self._describe(card)}")
            self.spots[card] = (_MUCK, name)
            self.up.discard(card)
        self.hands[name] = tuple(c for c in held if c not in thrown)
        self.hand_size[name] = max(0, self.hand_size.get(name, 0) - count)

    def fold(self, name: str) -> None:
        """A folded hand goes to the muck; its cards stay out of play (known ones tracked)."""
        cards = self.hands.get(name)
        if cards:
            spot = (_MUCK, name)
            spots = self.spots
            for card in cards:
                spots[card] = spot

    def board(self, cards: Iterable[Card], run: int = 1) -> None:
        """New board cards: none may be anywhere yet, the board itself included (D1)."""
        spot = (_BOARD, str(run))
        spots = self.spots
        for card in _distinct(tuple(cards), "the board"):
            if card in spots:
                where = self._describe(card)
                raise Mismatch("D1", f"{card} is dealt twice ({where} and board)")
            spots[card] = spot  # ``_place`` of a card in no spot

    def burn(self, card: Card | None = None) -> None:
        self.burned += 1
        if card is not None:
            self._place(card, (_BURN, ""))

    def set_aside(self, cards: Iterable[Card]) -> None:
        for card in cards:
            self.spots[card] = (Place.SET_ASIDE, "")

    def to_deck(self, cards: Iterable[Card]) -> None:
        """Cards go back into the deck (a returned board, a reshuffle): unplaced again."""
        for card in cards:
            spot = self.spots.pop(card, None)
            if spot is not None and spot[0] is _HAND:
                owner = spot[1]
                self.hands[owner] = tuple(c for c in self.hands[owner] if c != card)
                self.hand_size[owner] -= 1
            self.up.discard(card)

    def _place(self, card: Card, spot: Spot) -> None:
        current = self.spots.get(card)
        if current is not None and current != spot:
            if current[0] is _MUCK and spot[0] is _HAND and current[1] != spot[1]:
                # Draw games reshuffle the discards when the stub runs out (C1): another
                # player's discard may be dealt again. A player never gets his own back.
                self.spots[card] = spot
                return
            where, there = self._describe(card), _spot_text(spot)
            raise Mismatch("D1", f"{card} is dealt twice ({where} and {there})")
        self.spots[card] = spot

    def _describe(self, card: Card) -> str:
        return _spot_text(self.spots.get(card))


def _distinct(cards: tuple[Card, ...], whose: str) -> tuple[Card, ...]:
    """``cards``, refused when one of them is written twice (D1: one deck, each card once)."""
    if len(set(cards)) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        raise Mismatch("D1", f"{twice} appears twice in the cards of {whose}")
    return cards


def _spot_text(spot: Spot | None) -> str:
    if spot is None:
        return "in the deck"
    place, owner = spot
    if place is _HAND:
        return owner
    if place is _BOARD:
        return "board" if owner == "1" else f"board {owner}"
    return {_BURN: "burned", _MUCK: f"in the muck ({owner})"}.get(place, "set aside")
