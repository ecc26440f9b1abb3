"""The hand-history formats pokerhh reads: one registry entry each, tried in order.

Each :class:`Format` knows how to recognise its text (and file name), split a file into
hands and parse one hand. The importer, the stored-hand replay and the export all go
through :func:`split_hands` and :func:`parse_hand` here, so a new room is a new module with
those three functions plus one line in ``FORMATS``; nothing else changes. PokerStars comes
last: it also reads the PokerStars-format text other sites' converters write, and text no
format recognises goes to it so that its errors say what was expected.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from parser.model import makers as make
from parser.model.hand import ParsedHand, Source
from parser.split import HEADER_RE


@dataclass(frozen=True, slots=True)
class Format:
    name: str
    #: File suffixes a folder or zip holds this format's files under (lower case).
    suffixes: tuple[str, ...]
    #: ``"module:function"`` of the recogniser (``(text, path)``: is this file, or one
    #: hand's text, in this format?), of the splitter and of the parser, each imported on
    #: first use (a room's module and grammar load only when a file may be in its format).
    recogniser: str
    splitter: str
    parser: str
    #: ``"module:function"`` of ``identify(text) -> (site, hand_id) | None``: the natural
    #: key of a hand that does not parse, read from the header by the room's own pattern.
    identifier: str
    #: Each hand is a run of whole lines from its header line on, readable alone, so a big
    #: file may be cut at hand boundaries (``analytics.ingest.ranges``). Not iPoker (every hand
    #: needs its XML session's header) nor PHH (TOML tables).
    cuttable: bool = True

    def identify(self, text: str) -> tuple[str, str] | None:
        return _load(self.identifier)(text)  # type: ignore[no-any-return]

    def recognise(self, text: str, path: str) -> bool:
        return _load(self.recogniser)(text, path)  # type: ignore[no-any-return]

    def split(self, text: str, path: str) -> Iterator[Source]:
        return _load(self.splitter)(text, path)  # type: ignore[no-any-return]

    def parse(self, raw: Source) -> ParsedHand:
        return _load(self.parser)(raw)  # type: ignore[no-any-return]


_LOADED: dict[str, Any] = {}


def _load(target: str) -> Any:
    """The function ``target`` names, imported once (this runs for every hand)."""
    found = _LOADED.get(target)
    if found is None:
        module, _, name = target.partition(":")
        found = _LOADED[target] = getattr(import_module(module), name)
    return found


def looks_like_pokerstars(text: str, path: str) -> bool:
    """A PokerStars(-format) hand header near the start of the text."""
    return HEADER_RE.search(text[:4096]) is not None


def _room(
    name: str,
    module: str,
    stem: str,
    suffixes: tuple[str, ...] = (".txt",),
    *,
    cuttable: bool = True,
) -> Format:
    """The entry of a module with ``looks_like_<stem>``, ``split_<stem>``, ``parse_<stem>``
    and ``identify_<stem>``."""
    return Format(
        name,
        suffixes,
        f"{module}:looks_like_{stem}",
        f"{module}:split_{stem}",
        f"{module}:parse_{stem}",
        f"{module}:identify_{stem}",
        cuttable,
    )


FORMATS: tuple[Format, ...] = (
    _room("phh", "parser.phh", "phh", (".phh", ".phhs"), cuttable=False),
    _room("ggpoker", "parser.rooms.ggpoker", "ggpoker"),
    _room("pacific", "parser.rooms.pacific", "pacific"),
    _room("winning", "parser.rooms.winning", "winning"),
    _room("winamax", "parser.rooms.winamax", "winamax"),
    _room("bovada", "parser.rooms.bovada", "bovada"),
    _room("fulltilt", "parser.rooms.fulltilt", "fulltilt"),
    _room("ipoker", "parser.rooms.ipoker", "ipoker", (".xml", ".txt"), cuttable=False),
    _room("partypoker", "parser.rooms.partypoker", "party"),
    Format(
        "pokerstars",
        (".txt",),
        "parser.formats:looks_like_pokerstars",
        "parser.split:split_hands",
        "parser.pokerstars:parse_hand",
        "parser.header:identify_pokerstars",
    ),
)
_BY_NAME: dict[str, Format] = {entry.name: entry for entry in FORMATS}
#: The order :func:`identify` asks in: PHH last, as its mark (``variant =``) may be on any
#: line of a text, where every room's header pattern is anchored at its start.
_IDENTIFY_ORDER: tuple[Format, ...] = (*FORMATS[1:], FORMATS[0])
#: Every suffix a folder or zip is searched for.
SUFFIXES: tuple[str, ...] = tuple(s for f in FORMATS for s in f.suffixes)
_FALLBACK = FORMATS[-1]
#: Tournament summaries (issue 12), which are not hands: ``(recognise, parse)`` as
#: ``"module:function"``, tried by the importer before the hand formats.
SUMMARY_FORMATS: tuple[tuple[str, str], ...] = (
    ("parser.pokerstars_summary:looks_like_summary", "parser.pokerstars_summary:parse_summary"),
    ("parser.rooms.fulltilt_summary:looks_like_fulltilt_summary",
     "parser.rooms.fulltilt_summary:parse_fulltilt_summary"),
    ("parser.rooms.winamax_summary:looks_like_winamax_summary",
     "parser.rooms.winamax_summary:parse_winamax_summary"),
    ("parser.rooms.pacific_summary:looks_like_pacific_summary",
     "parser.rooms.pacific_summary:parse_pacific_summary"),
)


def summary_parser(text: str, path: str) -> Callable[[str, str], Any] | None:
    """``parse(text, path)`` of the summary format ``text`` is in, None for other files."""
    for recognise, parse in SUMMARY_FORMATS:
        if _load(recognise)(text, path):
            return _load(parse)  # type: ignore[no-any-return]
    return None


def format_of(text: str, path: str) -> Format:
    """The first format that recognises ``text`` (PokerStars if none does).

    >>> format_of('variant = "NT"', "hand.txt").name, format_of("junk", "x.txt").name
    ('phh', 'pokerstars')
    """
    for entry in FORMATS:
        if entry.recognise(text, path):
            return entry
    return _FALLBACK


def split_hands(text: str, path: str) -> Iterator[Source]:
    """A decoded file's hands, split by the format it is in, each tagged with that format
    (``Source.format``): the file is recognised once, not every hand again."""
    entry = format_of(text, path)
    name = entry.name
    for raw in entry.split(text, path):
        if raw.format != name:  # built as Source(...) would, without its frozen __init__
            raw = make.Source(path=raw.path, first_line=raw.first_line, text=raw.text, format=name)
        yield raw


def parse_hand(raw: Source) -> ParsedHand:
    """One hand, parsed by the format its file was split as, else the one its text (or its
    file's name) is in."""
    entry = _BY_NAME.get(raw.format) if raw.format is not None else None
    if entry is None:
        entry = format_of(raw.text, raw.path)
    return entry.parse(raw)


def identify(text: str) -> tuple[str, str] | None:
    """The site and hand number a hand's text names, even when it does not parse (each room
    reads its own header); None when no format's header is there.

    >>> identify("PokerStars Zoom Hand #231: Hold'em No Limit ($0.02/$0.05)")
    ('PokerStars', '231')
    >>> identify("Poker Hand #RC42: Hold'em No Limit ($0.02/$0.05)"), identify("junk")
    (('GGPoker', 'RC42'), None)
    """
    for entry in _IDENTIFY_ORDER:
        found = entry.identify(text)
        if found is not None:
            return found
    return None
