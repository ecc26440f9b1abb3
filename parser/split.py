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


def split_hands(text: str, path: str) -> Iterator[RawHand]:
    """Split a decoded file into hands (see the module docstring)."""
    lines: list[str] = []  # the current hand's lines
    first = 0  # its first file line; 0 while nothing has been collected

    def flush() -> RawHand | None:
        while lines and not lines[-1]:
            lines.pop()
        if not lines:
            return None
        return RawHand(path, first, "\n".join(lines) + "\n")

    for number, line in enumerate(text.split("\n"), start=1):
        line = line.strip()
        if "#" in line:
            if _ZOOM_SEPARATOR.fullmatch(line):
                line = ""
            else:
                m = HEADER_RE.search(line)
                if m is not None:
                    fragment = line[: m.start()].rstrip()
                    if fragment:
                        if not lines:
                            first = number
                        lines.append(fragment)
                    hand = flush()
                    if hand is not None:
                        yield hand
                    lines = [line[m.start() :]]
                    first = number
                    continue
        if not lines:
            if not line:
                continue
            first = number
        lines.append(line)
    hand = flush()
    if hand is not None:
        yield hand
