"""The event vocabulary: everything that can happen in a hand, one frozen type per kind.

Every parser (PokerStars today; PHH, other sites and live-game logs later) produces these,
and the engine consumes nothing else. Each class has a stable ``kind`` string (given by
``EVENT_TYPES``): it is what the database stores and what the docs list, so never rename
one.

Events record what the log *says*; the engine decides whether it was legal. Amounts are
``int`` in the smallest unit (cents or chips). ``line`` is the 1-based line of the source
file the event came from (0 when an event is synthetic), so every error can point at it.

Corrections (misdeals, exposed cards, a premature board: RULES.md E1-E8) are new events
that refer back; a correction never edits an earlier event.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from parser.model.cards import Card


class Blind(StrEnum):
    """The forced bets that are posted before the deal (RULES.md F1-F3)."""

    SMALL = "small"
    BIG = "big"
    #: "posts small & big blinds": the big part is live, the small part is dead.
    SMALL_AND_BIG = "small_and_big"
    STRADDLE = "straddle"
    #: A dead blind goes into the pot without counting toward the player's bet.
    DEAD = "dead"
    #: 6+ Hold'em's button blind: a live blind posted by the button.
    BUTTON = "button"


class EventClass:
    """What an event's class says of all its events. Declared here, not in ``Event``'s
    body, and set by the tables at the end of this module, not in each class's: compiled
    (``setup.py``), mypyc hands a dataclass's ``ClassVar`` to ``@dataclass`` as a field
    (mypyc/mypyc#1122), which every event would then carry and take in its ``__init__``."""

    __slots__ = ()
    #: The stable name (``EVENT_TYPES``).
    kind: ClassVar[str] = "event"
    #: Whether the event moves chips or cards; notes (chat, joins) do not.
    affects_play: ClassVar[bool] = True


@dataclass(frozen=True, slots=True, kw_only=True)
class Event(EventClass):
    line: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerEvent(Event):
    player: str


# -- forced bets --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class PostAnte(PlayerEvent):
    amount: int
    all_in: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class PostBlind(PlayerEvent):
    amount: int
    blind: Blind
    all_in: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class BringIn(PlayerEvent):
    """Stud's forced opening bet on 3rd street (RULES.md F4)."""

    amount: int
    all_in: bool = False


# -- dealing ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class DealHole(PlayerEvent):
    """Cards dealt to one player, as far as the log knows them.

    ``cards`` are face down, ``up`` face up (stud). An unknown hand simply has no
    ``DealHole`` event: the engine deals every player in the hand implicitly.
    """

    cards: tuple[Card, ...] = ()
    up: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class DealBoard(Event):
    """New community cards for ``street`` (flop, turn, river) on board ``run`` (1, 2 ...).

    ``cards`` are the new cards only. A run-it-twice hand deals a second board for the
    streets that were still to come when the betting ended.
    """

    street: str
    cards: tuple[Card, ...]
    run: int = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class StreetStart(Event):
    """A betting round that deals no community cards (stud streets, draw rounds)."""

    street: str


# -- betting ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Fold(PlayerEvent):
    #: Cards the log showed with the fold ("folds [Ac 7c]"), if any.
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Check(PlayerEvent):
    """Nothing to call, nothing put in (B2)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Call(PlayerEvent):
    amount: int
    all_in: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Bet(PlayerEvent):
    amount: int
    all_in: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class RaiseTo(PlayerEvent):
    """A raise to ``amount`` in total this round; ``by`` is the increment the log claims."""

    amount: int
    by: int | None = None
    all_in: bool = False
    #: "and has reached the $5 cap" (capped no limit)
    capped: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Complete(PlayerEvent):
    """Stud: completing the bring-in to a full small bet."""

    amount: int
    all_in: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Draw(PlayerEvent):
    """Draw games: ``discarded`` cards thrown, ``drawn`` received (known ones only)."""

    count: int
    discarded: tuple[Card, ...] = ()
    drawn: tuple[Card, ...] = ()


# -- the end of the hand ------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class UncalledBetReturned(PlayerEvent):
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ShowdownStart(Event):
    run: int = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class Show(PlayerEvent):
    cards: tuple[Card, ...]
    description: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Muck(PlayerEvent):
    """The player did not show; ``cards`` are known when the log reveals them anyway."""

    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Collect(PlayerEvent):
    """The log's claim that ``player`` collected ``amount`` (after rake).

    The engine does not pay from this: it computes the awards itself and checks the claim.
    ``pot`` is 0 for "main pot", k for "side pot-k", None for a plain "pot". ``whole`` is
    False when the log wrote a fraction of the smallest unit (``amount`` is then rounded
    down), which no legal split can produce (RULES.md S4).
    """

    amount: int
    pot: int | None = None
    run: int = 1
    whole: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class CashOut(PlayerEvent):
    """"cashed out the hand for $N | Cash Out Fee $M": an all-in insurance payout."""

    amount: int
    fee: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class PotAdded(Event):
    """Money entering the pot from outside the players (splash the pot)."""

    amount: int
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class HandCancelled(Event):
    """The site voided the hand (E8)."""


# -- live games: the dealer's procedures and their corrections (RULES.md D5, E1-E8, B12) ----
#
# Online logs never show these; live logs (PHH with pokerhh's live extension, docs/live.md)
# do. Each event records what happened at the table; the engine's card ledger checks that
# the correction is the one the rule requires, and rejects the log with that rule's id if
# not. None edits an earlier event.


class CardPlace(StrEnum):
    """Where a card taken out of play goes (the card ledger's places)."""

    DECK = "deck"
    BURN = "burn"
    SET_ASIDE = "set_aside"
    MUCK = "muck"


@dataclass(frozen=True, slots=True, kw_only=True)
class Burn(Event):
    """The dealer burns a card before a street or a draw (D5); ``card`` when known."""

    card: Card | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CardExposed(Event):
    """A card was exposed by the dealer while dealing ``player``'s hand (E1, E2).

    ``first`` marks the first card of the deal (E1: misdeal); any other exposed card is
    replaced after the deal and becomes the burn card of the first board (E2).
    """

    card: Card
    player: str | None = None
    first: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ExtraCard(PlayerEvent):
    """The first player was dealt a card too many once every player had his cards (E3).

    The card goes back to the deck and is the next burn card; a second one is a misdeal.
    """

    card: Card | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CardReplaced(PlayerEvent):
    """After the deal, the exposed card of ``player`` is replaced from the deck (E2)."""

    old: Card
    new: Card | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardReturned(Event):
    """Board ``cards`` of ``street`` taken back: too many (E4) or turned too early (E5-E7).

    ``to`` is where they go: the deck (flop E4/E5, river E7) or set aside (turn E6).
    """

    street: str
    cards: tuple[Card, ...]
    to: CardPlace = CardPlace.DECK
    rule: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Reshuffle(Event):
    """The stub is reshuffled (and cut) with the cards set aside or returned (E5-E7)."""

    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Misdeal(Event):
    """The hand is void and will be redealt (E1, E2, E3, E8): every chip goes back.

    The redeal is the next hand; this one keeps its log and is stored void.
    """

    rule: str
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class TimeOut(PlayerEvent):
    """The player ran out of time (B12): he checks if he can, else folds.

    The engine applies the check or the fold itself; the log need not write it.
    """



# -- tournaments: between hands (never in a hand's events) ------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ColourUp(Event):
    """T5: at a level change the ``old_chip`` chips leave play for ``new_chip``, the next
    level's smallest chip; odd chips are pooled and raced (:class:`ChipRaceCard`)."""

    old_chip: int
    new_chip: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipRaceCard(PlayerEvent):
    """T5: one card of the chip race dealt to ``player`` (from seat 1, round by round)."""

    card: Card


@dataclass(frozen=True, slots=True, kw_only=True)
class TableMove(PlayerEvent):
    """T6: ``player`` moves, with his chips, to ``to_seat`` of ``to_table`` (balancing, or
    a table broken up)."""

    from_table: str
    from_seat: int | None = None
    to_table: str
    to_seat: int


# -- notes that move nothing --------------------------------------------------------------


class NoteKind(StrEnum):
    CHAT = "chat"
    JOINS = "joins"
    LEAVES = "leaves"
    SITS_OUT = "sits_out"
    RETURNS = "returns"
    DISCONNECTED = "disconnected"
    CONNECTED = "connected"
    TIMED_OUT = "timed_out"
    FINISHED = "finished"
    BOUNTY = "bounty"
    REBUY = "rebuy"
    OTHER = "other"


@dataclass(frozen=True, slots=True, kw_only=True)
class Note(Event):
    """A line that moves no chips and no cards: chat, joins, leaves, timeouts..."""

    note: NoteKind
    player: str | None = None
    text: str = ""


def _named(types: dict[str, type[Event]]) -> dict[str, type[Event]]:
    """``types``, each class given its kind (the event classes' own bodies cannot:
    ``EventClass``)."""
    for kind, cls in types.items():
        cls.kind = kind
    return types


#: Every event type by its stable kind name (docs and the database use these), which is
#: its class's ``kind`` (see ``EventClass``).
EVENT_TYPES: dict[str, type[Event]] = _named({
    "post_ante": PostAnte,
    "post_blind": PostBlind,
    "bring_in": BringIn,
    "deal_hole": DealHole,
    "deal_board": DealBoard,
    "street_start": StreetStart,
    "fold": Fold,
    "check": Check,
    "call": Call,
    "bet": Bet,
    "raise_to": RaiseTo,
    "complete": Complete,
    "draw": Draw,
    "uncalled_bet_returned": UncalledBetReturned,
    "showdown_start": ShowdownStart,
    "show": Show,
    "muck": Muck,
    "collect": Collect,
    "cash_out": CashOut,
    "pot_added": PotAdded,
    "hand_cancelled": HandCancelled,
    "burn": Burn,
    "card_exposed": CardExposed,
    "extra_card": ExtraCard,
    "card_replaced": CardReplaced,
    "board_returned": BoardReturned,
    "reshuffle": Reshuffle,
    "misdeal": Misdeal,
    "time_out": TimeOut,
    "note": Note,
})
#: The between-hands tournament events by kind (``Tournament.before``; the engine and the
#: hand's rows never see them, so they are not in ``EVENT_TYPES``).
TOURNAMENT_EVENT_TYPES: dict[str, type[Event]] = _named({
    "colour_up": ColourUp,
    "chip_race_card": ChipRaceCard,
    "table_move": TableMove,
})
PlayerEvent.kind = "player_event"
# The notes and the between-hands events move nothing in a hand.
Note.affects_play = False
ColourUp.affects_play = False
ChipRaceCard.affects_play = False
TableMove.affects_play = False
