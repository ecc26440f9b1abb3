"""What the rooms' builders share: the driver that hands each line to its handler, and the
handlers of lines every room writes alike.

A builder has one ``_on_<TERMINAL>`` method per kind of line, reading the fields from the
line token's regex groups (:func:`handlers_of` collects them); :func:`dispatch` calls them
in order, keeping the absolute file line, and turns a handler's problem (:class:`Fail`, a
bad amount ...) into a ``ParseError`` naming that line. :class:`RoomBuilder` holds what every
room's hand has (its source, events and seats) with the handlers and helpers that read the
same in each room.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from parser.kit.errors import line_error
from parser.kit.lexer import LineToken
from parser.kit.names import SeatNames, seat_names
from parser.model import events as ev
from parser.model.hand import Seat, Source

Handler = Callable[[Any, re.Match[str]], None]


class Fail(Exception):
    """A problem with the current line; :func:`dispatch` adds where it is."""


class _Lined(Protocol):
    raw: Source
    hand_id: str | None
    offset: int
    line: int


def handlers_of(cls: type, prefix: str = "_on_") -> dict[str, Handler]:
    """``cls``'s line handlers by terminal: ``_on_FOLD_LINE`` handles ``FOLD_LINE``."""
    return {
        name[len(prefix) :]: getattr(cls, name)
        for name in dir(cls)
        if name.startswith(prefix) and name[len(prefix) :].isupper()
    }


def dispatch(
    builder: _Lined,
    tokens: list[LineToken],
    handlers: Mapping[str, Handler],
    failures: tuple[type[Exception], ...],
) -> None:
    """Each line token to its handler, in order; a problem of ``failures``' kinds becomes
    the ``ParseError`` of its line."""
    for token in tokens:
        builder.line = builder.offset + token.line
        try:
            handlers[token.type](builder, token.match)
        except failures as problem:
            raise line_error(problem, token, builder.raw, builder.line, builder.hand_id) from None


class RoomBuilder:
    """One hand's events and seats as its lines are read; a room subclasses it."""

    def __init__(self, raw: Source, hand_id: str | None) -> None:
        self.raw = raw
        self.hand_id = hand_id
        self.offset = raw.first_line - 1
        self.line = 0
        self.events: list[ev.Event] = []
        self.seats: dict[str, Seat] = {}
        self.names: SeatNames | None = None

    def _add(self, event: ev.Event) -> None:
        self.events.append(event)

    def _seated(self, m: re.Match[str], group: int = 1) -> tuple[str, re.Match[str]]:
        """The seated player the line's ``group`` names (a name with spaces or one cut
        short resolved against the seat list), and the line's match with that name."""
        names = self.names
        if names is None:
            names = self.names = seat_names(self.seats)
        if m[group] in names.trusted:
            return m[group], m
        found = names.resolve(m, group)
        if found is None:
            raise Fail(f"{m[group]!r} is not in the seat list")
        return found

    def _on_FOLD_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self._add(ev.Fold(player=name, line=self.line))

    def _on_CHECK_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self._add(ev.Check(player=name, line=self.line))
