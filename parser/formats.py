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

from parser.model.hand import ParsedHand, Source
from parser.split import HEADER_RE


@dataclass(frozen=True, slots=True)
class Format:
    name: str
    #: File suffixes a folder or zip holds this format's files under (lower case).
    suffixes: tuple[str, ...]
    #: ``recognise(text, path)``: is this file (or one hand's text) in this format?
    recognise: Callable[[str, str], bool]
    #: ``"module:function"`` of the splitter and the parser, imported on first use (the
    #: grammars load only when a hand of that format is met).
    splitter: str
    parser: str

    def split(self, text: str, path: str) -> Iterator[Source]:
        return _load(self.splitter)(text, path)  # type: ignore[no-any-return]

    def parse(self, raw: Source) -> ParsedHand:
        return _load(self.parser)(raw)  # type: ignore[no-any-return]


def _load(target: str) -> Any:
    module, _, name = target.partition(":")
    return getattr(import_module(module), name)


def _is_phh(text: str, path: str) -> bool:
    from parser.phh import looks_like_phh

    return looks_like_phh(text, path)


def _is_pokerstars(text: str, path: str) -> bool:
    return HEADER_RE.search(text[:4096]) is not None


FORMATS: tuple[Format, ...] = (
    Format("phh", (".phh", ".phhs"), _is_phh, "parser.phh:split_phh", "parser.phh:parse_phh"),
    Format("ggpoker", (".txt",), lambda t, p: _load("parser.ggpoker:looks_like_ggpoker")(t, p), "parser.ggpoker:split_ggpoker", "parser.ggpoker:parse_ggpoker"),  # noqa: E501
    Format("pacific", (".txt",), lambda t, p: _load("parser.pacific:looks_like_pacific")(t, p), "parser.pacific:split_pacific", "parser.pacific:parse_pacific"),  # noqa: E501
    Format("winning", (".txt",), lambda t, p: _load("parser.winning:looks_like_winning")(t, p), "parser.winning:split_winning", "parser.winning:parse_winning"),  # noqa: E501
    Format("winamax", (".txt",), lambda t, p: _load("parser.winamax:looks_like_winamax")(t, p), "parser.winamax:split_winamax", "parser.winamax:parse_winamax"),  # noqa: E501
    Format("bovada", (".txt",), lambda t, p: _load("parser.bovada:looks_like_bovada")(t, p), "parser.bovada:split_bovada", "parser.bovada:parse_bovada"),  # noqa: E501
    Format("fulltilt", (".txt",), lambda t, p: _load("parser.fulltilt:looks_like_fulltilt")(t, p), "parser.fulltilt:split_fulltilt", "parser.fulltilt:parse_fulltilt"),  # noqa: E501
    Format("ipoker", (".xml", ".txt"), lambda t, p: _load("parser.ipoker:looks_like_ipoker")(t, p), "parser.ipoker:split_ipoker", "parser.ipoker:parse_ipoker"),  # noqa: E501
    Format("partypoker", (".txt",), lambda t, p: _load("parser.partypoker:looks_like_party")(t, p), "parser.partypoker:split_party", "parser.partypoker:parse_party"),  # noqa: E501
    Format(
        "pokerstars",
        (".txt",),
        _is_pokerstars,
        "parser.split:split_hands",
        "parser.pokerstars:parse_hand",
    ),
)
#: Every suffix a folder or zip is searched for.
SUFFIXES: tuple[str, ...] = tuple(s for f in FORMATS for s in f.suffixes)
_FALLBACK = FORMATS[-1]
#: Tournament summaries (issue 12), which are not hands: ``(recognise, parse)`` as
#: ``"module:function"``, tried by the importer before the hand formats.
SUMMARY_FORMATS: tuple[tuple[str, str], ...] = (
    ("parser.pokerstars_summary:looks_like_summary", "parser.pokerstars_summary:parse_summary"),
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
    """A decoded file's hands, split by the format it is in."""
    return format_of(text, path).split(text, path)


def parse_hand(raw: Source) -> ParsedHand:
    """One hand, parsed by the format its text (or its file's name) is in."""
    return format_of(raw.text, raw.path).parse(raw)
