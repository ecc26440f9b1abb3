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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Protocol

from parser.kit.errors import line_error
from parser.kit.lexer import LineToken
from parser.kit.names import SeatNames, seat_names
from parser.model import events as ev
from parser.model.cards import Card
from parser.model.hand import Seat, Source

Handler = Callable[[Any, re.Match[str]], None]


class Fail(Exception):
    """A problem with the current line; :func:`dispatch` adds where it is."""


def check_board(board: Sequence[Card], shown: Sequence[Card]) -> None:
    """A board line repeats the cards dealt so far before its new ones ("*** TURN ***
    [Ad 7d 9d] [2s]"); some clients write them in another order ("[7d 9d Ad] [2s]",
    GGPoker's WSOP hands): the same cards are the same board, the order dealt is kept.
    Other cards are a ``Fail``."""
    if len(board) != len(shown) or sorted(board) != sorted(shown):
        raise Fail(f"the board so far is [{' '.join(map(str, board))}]")


def split_board(
    groups: Sequence[Sequence[Card]],
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A board line's card groups as (the cards so far, the new cards): the last group is
    new, the ones before it repeat the board ("[Ad 7d 9d] [2s]"; one group: all new)."""
    return tuple(c for g in groups[:-1] for c in g), tuple(groups[-1])


def run_board(boards: dict[int, list[Card]], run: int, shared: Sequence[Card]) -> list[Card]:
    """The board of run ``run`` (1, or 2 and 3 of a hand run twice or three times) that a
    line deals onto: a later run's first line starts it from the cards it repeats, which
    the first board must begin with."""
    board = boards.get(run)
    if board is None:
        if tuple(boards[1][: len(shared)]) != tuple(shared):
            raise Fail(f"run {run} does not share the first board's cards")
        board = boards[run] = list(shared)
    return board


def extend_board(
    board: list[Card], shown: Sequence[Card], new: Sequence[Card], street: str, run: int, line: int
) -> ev.DealBoard:
    """Deal ``new`` onto ``board`` (run ``run``'s) after the cards the line repeats
    (:func:`check_board`): the event of the ``street``'s board line."""
    check_board(board, shown)
    board.extend(new)
    return ev.DealBoard(street=street, cards=tuple(new), run=run, line=line)


def fill_draw(events: list[ev.Event], name: str, drawn: tuple[Card, ...]) -> bool:
    """Give ``name``'s discard of this draw round (his ``Draw`` with nothing drawn yet,
    after the round's ``StreetStart``) the cards ``drawn``, which the rooms write in a
    later "Dealt to" line. False when there is none (he stood pat)."""
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        if isinstance(event, ev.StreetStart):
            break
        if isinstance(event, ev.Draw) and event.player == name and not event.drawn:
            events[index] = replace(event, drawn=drawn)
            return True
    return False


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
