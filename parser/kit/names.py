"""Player names resolved against the seat list (the seat list is the truth).

Names can contain spaces, colons, brackets, parentheses, accents, CJK and HTML, so a line's
regex can only guess where a name ends: "A: B: calls 5" is "A: B" calling if "A: B" is
seated, "A" calling "B: calls 5" otherwise. The guess is kept when it is a seated name and
no seated name is a prefix of another; otherwise each seated name, longest first, is put in
the place of the regex's name group, and the first that makes the whole line match wins.

>>> import re
>>> names = SeatNames(["A", "A: B", "C"])
>>> name, m = names.resolve(re.compile(r"(.+): calls (\\S+)\\n").match("A: B: calls 5\\n"))
>>> name, m[2]
('A: B', '5')
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import pairwise

#: How the grammar writes a name group (greedy where a fixed text follows, lazy before cards).
NAME_GROUPS = ("(.+?)", "(.+)")
_FIXED: dict[tuple[str, str], re.Pattern[str]] = {}


class SeatNames:
    """The seated names of one hand."""

    __slots__ = ("longest_first", "trusted")

    def __init__(self, names: Iterable[str]) -> None:
        names = list(names)
        self.longest_first = sorted(names, key=len, reverse=True)
        ordered = sorted(names)  # a prefix sorts right before the names that start with it
        prefixes = any(b.startswith(a) for a, b in pairwise(ordered))
        #: Names a regex's guess may be taken as is (none when one is a prefix of another).
        self.trusted = frozenset() if prefixes else frozenset(names)

    def resolve(self, match: re.Match[str], group: int = 1) -> tuple[str, re.Match[str]] | None:
        """The seated name ``match``'s line names, and the line's match with that name."""
        name = match[group]
        if name in self.trusted:
            return name, match
        line = match[0]
        for name in self.longest_first:
            if name in line:
                fixed = with_name(match.re.pattern, name).match(match.string, match.start())
                if fixed is not None:
                    return name, fixed
        return None


def with_name(pattern: str, name: str) -> re.Pattern[str]:
    """``pattern`` with its (first) name group replaced by exactly ``name``.

    >>> with_name(r"Dealt to (.+?) \\[(.*)\\]\\n", "PC [x]").pattern
    'Dealt to (PC\\\\ \\\\[x\\\\]) \\\\[(.*)\\\\]\\\\n'
    """
    key = (pattern, name)
    compiled = _FIXED.get(key)
    if compiled is None:
        at, group = min((pattern.find(g), g) for g in NAME_GROUPS if pattern.find(g) >= 0)
        fixed = pattern[:at] + "(" + re.escape(name) + ")" + pattern[at + len(group) :]
        if len(_FIXED) > 10_000:
            _FIXED.clear()
        compiled = _FIXED[key] = re.compile(fixed)
    return compiled


_SHARED: dict[tuple[str, ...], SeatNames] = {}


def seat_names(names: Iterable[str]) -> SeatNames:
    """``SeatNames(names)``, shared by every hand with the same seat list (a table's hands
    mostly seat the same players; a ``SeatNames`` is never changed once built).

    >>> seat_names(["A", "B"]) is seat_names(["A", "B"])
    True
    """
    key = tuple(names)
    found = _SHARED.get(key)
    if found is None:
        if len(_SHARED) > 10_000:
            _SHARED.clear()
        found = _SHARED[key] = SeatNames(key)
    return found
