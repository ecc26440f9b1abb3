"""The SUMMARY block's own lines: the total pot and the per-seat results.

>>> read_total_pot("$3,000 Main pot $2,000. Side pot-1 $1,000. | Rake $0")
('$3,000', [('Main pot', '$2,000'), ('Side pot-1', '$1,000'), ('Rake', '$0')])
>>> revealed_cards("(big blind) showed [Jc Ac] and won ($11.59) with a pair of Aces")
'Jc Ac'
"""

from __future__ import annotations

import re

_TOTAL_POT = re.compile(
    r"(?P<total>[^ |]+)(?P<pots>(?: Main pot [^ |]+\.(?: Side pot(?:-\d+)? [^ |]+\.)*)?)"
    r"(?P<parts>(?: \| [^|]+)*)"
)
_OLD_POT = re.compile(r" (Main pot|Side pot(?:-\d+)?) ([^ |]+)\.")
#: The parts after "|": "Rake $1", "Jackpot $0.50", "Main pot €62.60", "STP €0.50" ...
_PART = re.compile(r"(Rake|Jackpot|Cash Out Fee|STP|Main pot|Side pot(?:-\d+| \d+)?) ([^ ]+)")
#: What follows the player's name on a summary seat line.
_SEAT_RESULT = re.compile(
    r"(?:\((?:button|small blind|big blind|button blind)\) ?)*"
    r"(?:(?:folded (?:before|on|after) [^\n]*?"
    r"|showed \[(?P<showed>[^\]]*)\] and (?:won|lost|folded|collected)[^\n]*"
    r"|mucked(?: \[(?P<mucked>[^\]]*)\])?(?: and (?:lost|won [^\n]*))?|mucked hand and won [^\n]*"
    r"|collected \(?[^ )]+\)?|won \([^ )]+\)|\(didn't bet\)|\([^)]* in chips\)(?: \[hero\])?)"
    r"(?: \(didn't bet\)| \(timeout\)| \(cashed out\)\.?"
    r"| \(pot not awarded as player cashed out\))?)?"
)


def read_total_pot(text: str) -> tuple[str, list[tuple[str, str]]]:
    """Split what follows "Total pot " into the total and its named parts (amounts as text).

    The 2007-2012 form writes "Main pot X. Side pot-1 Y." before the "|"; later ones and
    the converters write each part after a "|".
    """
    found = _TOTAL_POT.fullmatch(text)
    if found is None:
        raise ValueError("cannot read the total pot")
    parts = _OLD_POT.findall(found["pots"])
    for part in found["parts"].split(" | ")[1:]:
        named = _PART.fullmatch(part.strip())
        if named is None:
            raise ValueError(f"cannot read {part.strip()!r} of the total pot")
        parts.append((named[1], named[2]))
    return found["total"], parts


def revealed_cards(result: str) -> str | None:
    """The cards a summary seat line shows ("showed [..]", "mucked [..]"), or None.

    ``result`` is the line after "Seat N: <name> "; a form not seen in PokerStars text is a
    ``ValueError``.
    """
    found = _SEAT_RESULT.fullmatch(result)
    if found is None:
        raise ValueError("unrecognised summary seat line")
    return found["showed"] or found["mucked"]
