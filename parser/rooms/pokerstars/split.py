"""Text -> one :class:`RawHand` per hand, each knowing the file line it starts on.

A hand starts at a header ("PokerStars Hand #", "PokerStars Game #", "PokerStars Zoom
Hand #", "PokerStars Home Game Hand #", and the converted "Full Tilt Hand #", "Full Tilt
Rush Hand #", "Run It Once Poker Hand #", "PokerMaster Hand #", "PokerBros Hand #"), also
when the header is glued to the end of a truncated line: the fragment before it stays with
the previous hand (which is then incomplete) and the new hand starts on the same line.

Lines are stripped of surrounding whitespace (tracker exports leave trailing blanks, the
Zoom archive format indents every line), Zoom-archive separators ("*** # 1 ***") are
dropped, and blank lines between hands are skipped. Blank lines *inside* a hand are kept
so that line ``k`` of ``RawHand.text`` is always file line ``first_line + k - 1``.

Text before the first header that is not blank is yielded as a hand of its own, so that
``parse_hand`` reports it instead of it vanishing.

>>> [(h.first_line, h.text) for h in split_hands("junk\\n\\nPokerStars Hand #1: x\\nA\\n\\n", "f")]
[(1, 'junk\\n'), (3, 'PokerStars Hand #1: x\\nA\\n')]
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from parser.kit.split import MAX_HAND
from parser.model import makers as make
from parser.model.hand import Source

#: A hand's text and where it came from (``parser.model.hand.Source``).
RawHand = Source

#: What a hand's header starts with, before `` #<number>:``: PokerStars' own, and the
#: clients and converters that write its format (in any case).
HEADER_NAMES = (
    "PokerStars Hand", "PokerStars Game", "PokerStars Zoom Hand", "PokerStars Zoom Game",
    "PokerStars Home Game Hand", "PokerStars Home Game Game", "Full Tilt Hand",
    "Full Tilt Rush Hand", "Run It Once Poker Hand", "PokerMaster Hand", "PokerBros Hand",
)  # fmt: skip
HEADER_RE = re.compile(
    "(?:" + "|".join(re.escape(name) for name in sorted(HEADER_NAMES, key=len, reverse=True))
    + r") #\d+:",
    re.IGNORECASE,
)
#: How far before its " #" a header can start, longest first.
_NAME_LENGTHS = tuple(sorted({len(name) for name in HEADER_NAMES}, reverse=True))
#: The last word of every name (``Hand``, ``Game``), lower case: a " #" after anything else
#: ("Seat #1 is the button") is no header.
_LAST_WORDS = frozenset(name.rsplit(" ", 1)[1].lower() for name in HEADER_NAMES)
_ZOOM_SEPARATOR = re.compile(r"\*+ # \d+ \*+")


def looks_like_pokerstars(text: str, path: str) -> bool:
    """A PokerStars(-format) hand header near the start of the text."""
    return HEADER_RE.search(text[:4096]) is not None


def split_hands(text: str, path: str) -> Iterator[RawHand]:
    """Split a decoded file into hands (see the module docstring).

    Streaming (issue 23 item 5: 50 MB of "ab\\n" cost 1.7 GB as one list of lines): the
    headers are found by one regex search over the text, one per line, and only one hand's
    lines are ever split at a time; the line numbers are counted between headers.
    """
    begin, number, junk = 0, 1, True  # where the current hand starts; before any header?
    for line_start, at in _headers(text):
        fragment = text[line_start:at].strip()  # a cut line the header is glued to
        hand = _segment(text, path, begin, line_start, number, fragment, junk)
        if hand is not None:
            yield hand
        number += text.count("\n", begin, line_start)
        begin, junk = at, False
    hand = _segment(text, path, begin, len(text), number, "", junk)
    if hand is not None:
        yield hand


def _headers(text: str) -> Iterator[tuple[int, int]]:
    """(line start, header start) of each line's first header, in file order.

    Why not one regex search over the text: a case-insensitive alternation has no literal
    prefix for the regex engine to skip to, so it tried a match at every character (about
    60 us of a 900-character hand, eight times the rest of the split). ``str.find`` skips
    to each " #" (two a hand: the header and "Seat #N is the button"), and the header is
    matched where it must start, one anchored match per name length: linear in the text,
    however many marks a hostile line holds.
    """
    match = HEADER_RE.match
    find = text.find
    pos = 0
    line_start, line_end = 0, -1  # the line of the last mark looked at
    while (mark := find(" #", pos)) >= 0:
        pos = mark + 2
        if text[mark - 4 : mark].lower() not in _LAST_WORDS:
            continue
        if mark > line_end:  # a new line: its start found once, not at every mark in it
            line_start = text.rfind("\n", 0, mark) + 1
            line_end = find("\n", mark)
            line_end = len(text) if line_end < 0 else line_end
        for length in _NAME_LENGTHS:
            at = mark - length
            if at >= line_start and match(text, at) is not None:
                yield line_start, at
                pos = find("\n", mark)
                if pos < 0:
                    return
                break


def _segment(
    text: str, path: str, begin: int, end: int, number: int, fragment: str, junk: bool
) -> RawHand | None:
    """The hand of ``text[begin:end]`` (file line ``number`` on), ``fragment`` after it.

    A hand over :data:`MAX_HAND` characters keeps its lines up to that many (what follows
    is junk no parser would read); text before the first header that long is junk, and
    only its first line is kept, which the parser reports as not a hand.
    """
    whole = end < len(text)  # text[begin:end] ends where the next header's line starts
    if end - begin > MAX_HAND:
        if junk:  # text before the first header
            return _first_line(text, path, end)
        cut = text.rfind("\n", begin, begin + MAX_HAND)
        end = cut if cut > begin else text.find("\n", begin)
        end, fragment, whole = (len(text) if end < 0 else end), "", False
    lines = [line.strip() for line in text[begin:end].split("\n")]
    if whole:  # the "" after its last "\n" (or of an empty text) is no line
        lines.pop()
    for index, line in enumerate(lines):
        if "#" in line and _ZOOM_SEPARATOR.fullmatch(line):
            lines[index] = ""
    if fragment:
        lines.append(fragment)
    return _hand(path, number, lines)


_NOT_BLANK = re.compile(r"\S")


def _first_line(text: str, path: str, end: int) -> RawHand | None:
    """The first line of ``text[:end]`` that is not blank (nor a Zoom separator)."""
    pos = 0
    while (m := _NOT_BLANK.search(text, pos, end)) is not None:
        start = text.rfind("\n", 0, m.start()) + 1
        stop = text.find("\n", m.start(), end)
        stop = end if stop < 0 else stop
        line = text[start:stop].strip()
        if line and not _ZOOM_SEPARATOR.fullmatch(line):
            number = text.count("\n", 0, start) + 1
            return make.Source(path=path, first_line=number, text=line + "\n")
        pos = stop
    return None


def _hand(path: str, first: int, chunk: list[str]) -> RawHand | None:
    """The hand of ``chunk`` (file line ``first`` on), without blank lines around it."""
    while chunk and not chunk[-1]:
        chunk.pop()
    if not chunk:
        return None
    skip = 0
    while not chunk[skip]:
        skip += 1
    if skip:
        del chunk[:skip]
    return make.Source(path=path, first_line=first + skip, text="\n".join(chunk) + "\n")
