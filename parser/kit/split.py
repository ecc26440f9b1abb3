"""A decoded file cut into hands, each a :class:`Source` that knows its first file line.

Two ways rooms mark a hand's start: a header found anywhere in a stripped line (it may be
glued to the cut line before it), or a line index the room picks (888poker's "#Game No",
WPN's headers). Either way blank lines inside a hand are kept, so line k of a hand's text is
file line ``first_line + k - 1``, and text before the first header is yielded too, so that
parsing reports it rather than losing it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from itertools import pairwise

from parser.model.hand import Source

#: The most characters a hand's text may hold (1 MiB; real hands are a few KB): the lines
#: after that are not kept, and text before the first header that long is reported by its
#: first line only (issue 23 item 5).
MAX_HAND = 1 << 20


def split_at_headers(
    text: str,
    path: str,
    header: re.Pattern[str],
    marker: str,
    dropped: Callable[[str], bool] | None = None,
) -> Iterator[Source]:
    """The hands of ``text``, each starting where ``header`` is found in a line (searched
    only in lines holding ``marker``, for speed).

    As PokerStars' splitter: lines are stripped, blank lines between hands
    dropped and kept inside one, and a header glued to a cut line starts a new hand there,
    the fragment staying with the hand before it. A line ``dropped`` says is a separator
    counts as blank. Lines are read a block at a time (:func:`lines_of`), and a hand keeps
    at most :data:`MAX_HAND` characters (junk before the first header: its first line).
    """
    lines: list[str] = []
    first = 0
    size, full, started = 0, False, False  # the hand's characters; over MAX_HAND; a header?
    for number, line in enumerate(lines_of(text), start=1):
        line = line.strip()
        if dropped is not None and dropped(line):
            line = ""
        m = header.search(line) if marker in line else None
        if m is not None:
            fragment = line[: m.start()].rstrip()
            if fragment and not full:
                if not lines:
                    first = number
                lines.append(fragment)
            hand = _flush(path, first, lines)
            if hand is not None:
                yield hand
            lines, first = [line[m.start() :]], number
            size, full, started = len(line), False, True
            continue
        if not lines:
            if not line:
                continue
            first = number
        if full:
            continue
        size += len(line) + 1
        if size > MAX_HAND:  # junk: kept up to the cap, only its first line before a header
            full = True
            if not started:
                del lines[1:]
                continue
        lines.append(line)
    hand = _flush(path, first, lines)
    if hand is not None:
        yield hand


def lines_of(text: str, block: int = 1 << 16) -> Iterator[str]:
    """``text.split("\\n")``, a block of about ``block`` characters split at a time (the
    list of a file's lines cost 34 times its size: 1.7 GB for 50 MB of "ab\\n").

    >>> [list(lines_of(t, 2)) == t.split("\\n") for t in ("", "a", "a\\n", "ab\\ncd\\n\\ne")]
    [True, True, True, True]
    """
    start, end = 0, len(text)
    while start < end:
        stop = text.find("\n", min(start + block, end))
        stop = end if stop < 0 else stop
        yield from text[start:stop].split("\n")
        start = stop + 1
    if start == end:
        yield ""


def _flush(path: str, first: int, lines: list[str]) -> Source | None:
    while lines and not lines[-1]:
        lines.pop()
    return Source(path, first, "\n".join(lines) + "\n") if lines else None


def split_at_starts(path: str, lines: list[str], starts: list[int]) -> Iterator[Source]:
    """The hands of a file's ``lines``, one from each index in ``starts`` to the next
    (lines right-stripped, blank lines around a hand dropped)."""
    bounds = [*starts, len(lines)]
    if not starts or any(line.strip() for line in lines[: starts[0]]):
        bounds = [0, *bounds]
    for begin, end in pairwise(bounds):
        chunk = [line.rstrip() for line in lines[begin:end]]
        while chunk and not chunk[-1]:
            chunk.pop()
        first = begin
        while chunk and not chunk[0]:
            chunk.pop(0)
            first += 1
        if chunk:
            yield Source(path, first + 1, "\n".join(chunk) + "\n")


#: The line that opens the summary section of the rooms writing the PokerStars layout.
_SUMMARY = "*** SUMMARY ***"
_BLANK_LINE = re.compile(r"\n[ \t]*\n")


def ends_after_summary(text: str) -> bool:
    """The hand's end mark in the PokerStars layout (PokerStars, GGPoker, Winamax, WPN
    since 2019, Bovada): a blank line after its ``*** SUMMARY ***`` section, whose lines
    have none between them (not Full Tilt: its UTF-16 files put a blank line after every
    line, so it has no reliable mark). The section is written last, so without that blank line the
    summary may still be being written (the next hand's header ends a hand too, which the
    splitter sees; ``Room.ended`` says who asks).

    >>> ends_after_summary("H #1\\n*** SUMMARY ***\\nSeat 1: A won\\n\\n")
    True
    >>> ends_after_summary("H #1\\n*** SUMMARY ***\\nSeat 1: A won\\n")
    False
    """
    at = text.find(_SUMMARY)
    if at < 0:
        return False
    line_end = text.find("\n", at)
    return line_end >= 0 and _BLANK_LINE.search(text, line_end) is not None
