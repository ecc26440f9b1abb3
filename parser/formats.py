"""Which room a text is in, and its hands split and parsed by that room.

The importer, the stored-hand replay, the upload page and the export all go through
:func:`split_hands` and :func:`parse_hand` here, asking :data:`parser.rooms.ROOMS` in its
order: the room is recognised from the text itself (and the file's name), once per file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from parser.kit.room import Room
from parser.model import makers as make
from parser.model.hand import ParsedHand, Source
from parser.rooms import ROOMS

_BY_NAME: dict[str, Room] = {room.name: room for room in ROOMS}
#: The order :func:`identify` asks in: PHH last, as its mark (``variant =``) may be on any
#: line of a text, where every room's header pattern is anchored at its start.
_IDENTIFY_ORDER: tuple[Room, ...] = (*ROOMS[1:], ROOMS[0])
#: Every suffix a folder or zip is searched for.
SUFFIXES: tuple[str, ...] = tuple(dict.fromkeys(s for room in ROOMS for s in room.suffixes))
_FALLBACK = ROOMS[-1]


def room_named(name: str) -> Room:
    """The room whose ``name`` is stored with its hands (``Source.format``)."""
    return _BY_NAME[name]


def room_of_site(site: str) -> Room | None:
    """The room whose hands carry ``site`` (``hands.site``), if one does."""
    for room in ROOMS:
        if room.site == site:
            return room
    return None


def summary_parser(text: str, path: str) -> Callable[[str, str], Any] | None:
    """``parse(text, path)`` of the tournament-summary format ``text`` is in, None for
    other files (a summary is not hands: the importer asks this first)."""
    for room in ROOMS:
        parse = room.summary_reader(text, path)
        if parse is not None:
            return parse
    return None


def format_of(text: str, path: str) -> Room:
    """The first room that recognises ``text`` (PokerStars if none does).

    >>> format_of('variant = "NT"', "hand.txt").name, format_of("junk", "x.txt").name
    ('phh', 'pokerstars')
    """
    for room in ROOMS:
        if room.recognises(text, path):
            return room
    return _FALLBACK


def split_hands(text: str, path: str) -> Iterator[Source]:
    """A decoded file's hands, split by the room it is in, each tagged with that room
    (``Source.format``): the file is recognised once, not every hand again."""
    room = format_of(text, path)
    name = room.name
    for raw in room.split_hands(text, path):
        if raw.format != name:  # built as Source(...) would, without its frozen __init__
            raw = make.Source(path=raw.path, first_line=raw.first_line, text=raw.text, format=name)
        yield raw


def parse_hand(raw: Source) -> ParsedHand:
    """One hand, parsed by the room its file was split as, else the one its text (or its
    file's name) is in."""
    room = _BY_NAME.get(raw.format) if raw.format is not None else None
    if room is None:
        room = format_of(raw.text, raw.path)
    return room.parse_hand(raw)


def identify(text: str) -> tuple[str, str] | None:
    """The site and hand number a hand's text names, even when it does not parse (each room
    reads its own header); None when no room's header is there.

    >>> identify("PokerStars Zoom Hand #231: Hold'em No Limit ($0.02/$0.05)")
    ('PokerStars', '231')
    >>> identify("Poker Hand #RC42: Hold'em No Limit ($0.02/$0.05)"), identify("junk")
    (('GGPoker', 'RC42'), None)
    """
    for room in _IDENTIFY_ORDER:
        found = room.identify_hand(text)
        if found is not None:
            return found
    return None
