"""The one record a room folder gives: what the splitter, the importer, the upload page, the
watcher and the export ask of a room, and nothing else.

A room is a folder ``parser/rooms/<room>/`` whose ``__init__`` defines ``ROOM``, a
:class:`Room`; ``parser.rooms.ROOMS`` lists them in the order they are asked. The record
names its functions as ``"module:function"`` and imports them on first use, so that listing
the rooms (every import, the upload page's accepted suffixes) does not build eleven
grammars: a room's reader and grammar load only when a file may be in its format.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from parser.model.hand import ParsedHand, Source
from parser.model.house import LIVE, HouseRules


@dataclass(frozen=True, slots=True, kw_only=True)
class ClientFolders:
    """One poker client's default hand-history folders (as installed), per platform.

    Windows folders are written with the variables Windows sets (``%LOCALAPPDATA%`` ...);
    Linux is Wine's copy of them (``analytics.ingest.client_folders``).
    """

    client: str
    #: ``hands.site`` of the hands this client writes, when it is not the room's own (a
    #: network's skin: Ignition and Bodog in Bovada's folder).
    site: str | None = None
    windows: tuple[str, ...] = ()
    macos: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Room:
    """A room (or an open format such as PHH) as the rest of pokerhh sees it."""

    #: Short stable name (``Source.format``, stored in the database): ``"ggpoker"``.
    name: str
    #: ``hands.site`` of its hands; a network's skins may write other names in the header
    #: (their readers keep them), this is the room's own.
    site: str
    #: File suffixes a folder or zip holds its files under (lower case).
    suffixes: tuple[str, ...] = (".txt",)
    #: ``"module:function"`` of ``(text, path) -> bool``: is this file, or one hand's
    #: text, in this room's format?
    recognise: str
    #: ``"module:function"`` of ``(text, path) -> Iterator[Source]``.
    split: str
    #: ``"module:function"`` of ``(Source) -> ParsedHand``.
    parse: str
    #: ``"module:function"`` of ``(text) -> (site, hand id) | None``: the natural key of a
    #: hand that does not parse, read from its header by the room's own pattern.
    identify: str
    #: ``("module:recognise", "module:parse")`` of its tournament summaries, if it writes any.
    summary: tuple[str, str] | None = None
    #: Where the rule book leaves the room a choice (odd chips of a split pot): how its
    #: logs pay. Its reader gives every hand this record (``ParsedHand.house``); the live
    #: rules (RULES.md S4) unless the room's own logs show otherwise (docs/sites.md).
    house: HouseRules = LIVE
    #: Each hand is a run of whole lines from its header on, readable alone, so a big file
    #: may be cut at hand boundaries (``analytics.ingest.ranges``): not iPoker (every hand
    #: needs its XML session's header) nor PHH (TOML tables).
    cuttable: bool = True
    #: ``"module:function"`` of ``(text) -> bool``: has the hand whose text (from its first
    #: line to the end of what its file holds so far) begins here ended, by the room's own
    #: end mark? The watcher imports such a last hand at once instead of waiting for its file
    #: to be quiet (``analytics.ingest.watch``). None: no reliable mark, the file's quiet
    #: time decides. A mark must come after the hand's last line, never inside it.
    ended: str | None = None
    #: Where its clients write hand histories by default.
    client_folders: tuple[ClientFolders, ...] = field(default=())

    def recognises(self, text: str, path: str) -> bool:
        return _load(self.recognise)(text, path)  # type: ignore[no-any-return]

    def split_hands(self, text: str, path: str) -> Iterator[Source]:
        return _load(self.split)(text, path)  # type: ignore[no-any-return]

    def parse_hand(self, raw: Source) -> ParsedHand:
        return _load(self.parse)(raw)  # type: ignore[no-any-return]

    def identify_hand(self, text: str) -> tuple[str, str] | None:
        return _load(self.identify)(text)  # type: ignore[no-any-return]

    def hand_ended(self, text: str) -> bool:
        """``text`` (a hand's first line to the end of its file so far) holds the room's
        end mark after the hand: False for a room without one (see :attr:`ended`)."""
        return self.ended is not None and bool(_load(self.ended)(text))

    def summary_reader(self, text: str, path: str) -> Callable[[str, str], Any] | None:
        """``parse(text, path)`` of its summary format when ``text`` is one of its
        tournament summaries, else None."""
        if self.summary is None:
            return None
        recognise, parse = self.summary
        if _load(recognise)(text, path):
            return _load(parse)  # type: ignore[no-any-return]
        return None


_LOADED: dict[str, Any] = {}


def _load(target: str) -> Any:
    """The function ``target`` names, imported once (this runs for every hand)."""
    found = _LOADED.get(target)
    if found is None:
        module, _, name = target.partition(":")
        found = _LOADED[target] = getattr(import_module(module), name)
    return found


def reader_room(
    *,
    name: str,
    site: str,
    stem: str | None = None,
    summaries: bool = False,
    suffixes: tuple[str, ...] = (".txt",),
    house: HouseRules = LIVE,
    cuttable: bool = True,
    ended: str | None = None,
    client_folders: tuple[ClientFolders, ...] = (),
) -> Room:
    """The :class:`Room` of a folder laid out by the convention every room but PokerStars
    follows, so that its record says only what is its own (name, site, folders, rules).

    The convention: ``parser/rooms/<name>/reader.py`` defines ``looks_like_<stem>``,
    ``split_<stem>``, ``parse_<stem>`` and ``identify_<stem>`` (``stem`` defaults to the
    name); with ``summaries``, ``summary.py`` defines ``looks_like_<stem>_summary`` and
    ``parse_<stem>_summary``. Ten records spelling these targets out by hand were the same
    lines ten times, and a typo in one surfaced only when that room's file came in;
    ``tests/parser/test_layout.py`` imports every target, so a break shows at once.
    """
    stem = stem or name
    reader = f"parser.rooms.{name}.reader"
    summary = f"parser.rooms.{name}.summary"
    return Room(
        name=name,
        site=site,
        suffixes=suffixes,
        recognise=f"{reader}:looks_like_{stem}",
        split=f"{reader}:split_{stem}",
        parse=f"{reader}:parse_{stem}",
        identify=f"{reader}:identify_{stem}",
        summary=(
            (f"{summary}:looks_like_{stem}_summary", f"{summary}:parse_{stem}_summary")
            if summaries
            else None
        ),
        house=house,
        cuttable=cuttable,
        ended=ended,
        client_folders=client_folders,
    )
