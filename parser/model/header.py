"""What a hand's first line says, in every room: the record each room's header reader fills."""

from __future__ import annotations

from datetime import datetime
from typing import NamedTuple

from parser.model.games import GameSpec


class HeaderError(ValueError):
    """The header line does not fit (the message says which part)."""


class Header(NamedTuple):
    """What the header says; amounts still as text (the unit depends on the table line).

    A named tuple, not a frozen dataclass: one is made for every hand, and a tuple is
    built in a tenth of the time (issue 11).
    """

    site: str
    hand_id: str
    spec: GameSpec
    game_name: str
    mixed: str | None
    small: str
    big: str
    ante: str | None
    cap: str | None
    #: ISO code named by the header (code or sign), None when it names none.
    currency: str | None
    tournament_id: str | None
    level: str | None
    started_at: datetime | None
