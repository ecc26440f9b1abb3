"""A parsed hand: what a log says happened, before the engine has checked any of it."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from parser.model.cards import Card
from parser.model.events import Event
from parser.model.house import LIVE, HouseRules


@dataclass(frozen=True, slots=True)
class Source:
    """Where a hand's text came from, so every error can point back at it."""

    path: str
    first_line: int
    text: str
    #: The ``parser.formats`` entry its file was recognised as (set by ``split_hands``, so
    #: ``parse_hand`` need not recognise every hand again); None: recognise the text.
    #: Not part of the value: the same text from the same place is the same source.
    format: str | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class Seat:
    seat: int
    name: str
    stack: int
    #: "is sitting out" in the seat list: seated, dealt no cards.
    sitting_out: bool = False
    #: "out of hand (moved from another table into small blind)"
    out_of_hand: bool = False
    bounty: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Summary:
    """The log's own account in its SUMMARY block, checked against the engine."""

    total_pot: int | None = None
    rake: int | None = None
    #: Main pot then side pots, when the summary splits them.
    pots: tuple[int, ...] = ()
    boards: tuple[tuple[Card, ...], ...] = ()
    jackpot: int = 0
    cash_out_fee: int = 0
    splash: int = 0
    #: Cards the SUMMARY seat lines reveal ("showed [..] and lost", "mucked [..]").
    revealed: tuple[tuple[str, tuple[Card, ...]], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Stakes:
    """The stakes from the header: blinds in blind games, small/big bet in fixed limit.

    ``small``/``big`` are the two numbers of ``($0.10/$0.20 USD)``; what they mean depends
    on the betting structure (RULES.md F1, B7), which ``GameSpec`` knows.
    """

    small: int
    big: int
    ante: int = 0
    #: capped no limit: the most a player can put in per hand
    cap: int | None = None
    #: Stud's bring-in (F4) when the format states it (PHH does, PokerStars' header does not:
    #: there the bring-in line gives the amount).
    bring_in: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Tournament:
    """What a tournament hand says of its tournament (issue 12; RULES.md T1-T8).

    Amounts are ints in the smallest unit of ``currency`` (cents; 1 for play chips, FPP
    and StarsCoin), like every amount: the hand's own chips are in ``ParsedHand.unit``.
    ``before`` holds what happened at the table between the previous hand and this one
    (T5 colour-up and its chip race, T6 moves): the engine never sees them.
    """

    tournament_id: str
    buy_in: int = 0
    bounty: int = 0
    fee: int = 0
    #: ISO code, "FPP", "SC" (StarsCoin) or "PLAY" (play chips, Home Games).
    currency: str = "PLAY"
    unit: int = 1
    freeroll: bool = False
    level: str | None = None
    #: Shootout round (T7, "Match Round II" -> 2), None outside shootouts.
    round: int | None = None
    #: A name the header gives the tournament ("Cub3d", "Zoom").
    name: str = ""
    before: tuple[Event, ...] = ()
    #: The hand-for-hand round of a live log's hand (T3, T6), None outside hand-for-hand.
    hand_for_hand: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ParsedHand:
    site: str
    hand_id: str
    #: Key into ``GAME_SPECS`` (e.g. "NLHE"); ``game_name`` as the header wrote it.
    game: str
    game_name: str
    #: The mixed game this hand belongs to ("8-Game", "HORSE"), if any.
    mixed: str | None = None
    stakes: Stakes
    #: ISO 4217 code, or "CHIPS" (tournament), "PLAY" (play money).
    currency: str
    #: How many minor units make one major unit (100 for cents, 1 for chips).
    unit: int = 100
    started_at: datetime | None = None
    table: str = ""
    max_seats: int | None = None
    button_seat: int | None = None
    tournament_id: str | None = None
    level: str | None = None
    #: The tournament's buy-in, level, round and between-hands events (issue 12).
    tournament: Tournament | None = None
    seats: tuple[Seat, ...] = ()
    events: tuple[Event, ...] = ()
    summary: Summary = field(default_factory=Summary)
    source: Source | None = None
    #: The room's practice where the rule book leaves room (odd chips of a split pot,
    #: issue 22): the reader sets its room's; every other hand keeps RULES.md's (``LIVE``).
    house: HouseRules = LIVE

    def seat_of(self, name: str) -> Seat | None:
        for seat in self.seats:
            if seat.name == name:
                return seat
        return None
