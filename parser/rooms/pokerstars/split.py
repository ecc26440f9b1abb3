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

from parser.model import makers as make
from parser.model.hand import Source

#: A hand's text and where it came from (``parser.model.hand.Source``).
RawHand = Source

HEADER_RE = re.compile(
    r"(?:PokerStars (?:Zoom |Home Game )?(?:Hand|Game)"
    r"|Full Tilt (?:Rush )?Hand|Run It Once Poker Hand|PokerMaster Hand|PokerBros Hand)"
    r" #\d+:",
    re.IGNORECASE,
)
_ZOOM_SEPARATOR = re.compile(r"\*+ # \d+ \*+")


def looks_like_pokerstars(text: str, path: str) -> bool:
    """A PokerStars(-format) hand header near the start of the text."""
    return HEADER_RE.search(text[:4096]) is not None


def split_hands(text: str, path: str) -> Iterator[RawHand]:
    """Split a decoded file into hands (see the module docstring).

    The lines are stripped in one pass and only those holding a "#" are looked at again
    (a header or a Zoom separator has one): the hands are then slices of the line list.
    """
    lines = [line.strip() for line in text.split("\n")]
    starts: list[tuple[int, int]] = []  # (line index, column) of each header
    for index in [i for i, line in enumerate(lines) if "#" in line]:
        line = lines[index]
        if _ZOOM_SEPARATOR.fullmatch(line):
            lines[index] = ""
            continue
        m = HEADER_RE.search(line)
        if m is not None:
            starts.append((index, m.start()))
    begin, column = 0, 0  # where the current hand starts: line index, column in it
    for index, at in [*starts, (len(lines), 0)]:
        chunk = lines[begin:index]
        if column:
            chunk[0] = chunk[0][column:]
        first = begin + 1
        if index < len(lines):
            fragment = lines[index][:at].rstrip()  # a cut line the next header is glued to
            if fragment:
                chunk.append(fragment)
        hand = _hand(path, first, chunk)
        if hand is not None:
            yield hand
        begin, column = index, at


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
