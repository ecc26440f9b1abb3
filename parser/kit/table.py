"""The ``ParsedHand`` a room's builder returns, from what it read of the table.

Every builder keeps the same facts about the table as it reads a hand's header (its
currency and unit, when it started, the table's name and size, the button, the
tournament and level) and ended by copying them, one keyword a line, into a
``ParsedHand``: the same fifteen lines in each room. :func:`table_hand` copies them once;
a room passes only what it reads its own way (the game's name, the stakes, the seats'
order and the summary).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Protocol

from parser.model.events import Event
from parser.model.games import GameSpec
from parser.model.hand import ParsedHand, Seat, Source, Stakes, Summary
from parser.model.house import LIVE, HouseRules


class TableFacts(Protocol):
    """What a builder has read of the table by the end of a hand (read-only here)."""

    @property
    def raw(self) -> Source: ...
    @property
    def hand_id(self) -> str | None: ...
    @property
    def currency(self) -> str: ...
    @property
    def unit(self) -> int: ...
    @property
    def started_at(self) -> datetime | None: ...
    @property
    def table(self) -> str: ...
    @property
    def max_seats(self) -> int | None: ...
    @property
    def button(self) -> int | None: ...
    @property
    def tournament_id(self) -> str | None: ...
    @property
    def level(self) -> str | None: ...
    @property
    def events(self) -> Sequence[Event]: ...


def table_hand(
    facts: TableFacts,
    site: str,
    spec: GameSpec,
    game_name: str,
    stakes: Stakes,
    seats: Iterable[Seat],
    summary: Summary,
    *,
    events: Iterable[Event] | None = None,
    house: HouseRules = LIVE,
) -> ParsedHand:
    """The hand ``facts`` (a room's builder) has read: the table's facts as it kept them,
    the game ``spec`` (its code) and the room's own ``game_name``, ``stakes``, ``seats``
    (in the order the room lists them), ``summary``, and the builder's events unless the
    room gives others (``events``), under the room's ``house`` rules. A hand whose header
    gave no id has ``""``, as the readers that allow one wrote it before."""
    return ParsedHand(
        site=site,
        hand_id=facts.hand_id or "",
        game=spec.code,
        game_name=game_name,
        stakes=stakes,
        currency=facts.currency,
        unit=facts.unit,
        started_at=facts.started_at,
        table=facts.table,
        max_seats=facts.max_seats,
        button_seat=facts.button,
        tournament_id=facts.tournament_id,
        level=facts.level,
        seats=tuple(seats),
        events=tuple(facts.events if events is None else events),
        summary=summary,
        source=facts.raw,
        house=house,
    )


def button_before_small_blind(seats: Sequence[Seat], small: str | None) -> int | None:
    """The button of a hand whose log marks none: the seat before the small blind's (in
    ``seats``' seat order), so that the small blind acts first after the flop (B3);
    heads-up the small blind's own (D3). None when nobody posted a small blind."""
    at = next((i for i, s in enumerate(seats) if s.name == small), None)
    if at is None:
        return None
    return seats[at].seat if len(seats) == 2 else seats[at - 1].seat


def clockwise_between(a: int, s: int, b: int) -> bool:
    """Whether seat ``s`` comes strictly between seats ``a`` and ``b`` going clockwise (up
    the seat numbers, round the table): the turn going from ``a`` to ``b`` passes ``s``.
    With ``a == b`` (the turn goes round the whole table) every other seat is between."""
    if a < b:
        return a < s < b
    return s > a or s < b
