"""The PokerStars line lexer, with another room's table of line shapes.

:class:`parser.lexer.LineLexer` finds a line's terminal by its start ("Seat ", "*** ")
or by the first known verb in it, and falls back to trying every allowed terminal in
priority order (exactly what lark's own lexer does). Rooms whose lines differ only in
their words (GGPoker, Winamax) reuse that machinery: a subclass names the room's prefixes
and verbs as class attributes, and the grammar stays the definition of the format.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from lark.common import LexerConf

from parser.lexer import LineLexer


def _alternation(keys: Any) -> re.Pattern[str]:
    return re.compile("|".join(re.escape(k) for k in sorted(keys, key=len, reverse=True)))


class RoomLexer(LineLexer):
    """A :class:`LineLexer` driven by the subclass's tables instead of PokerStars' own."""

    #: Line starts -> the terminals that begin with that text.
    PREFIXES: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: The first word after "<name>: " -> the terminals with that verb.
    COLON_VERBS: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: Verbs found anywhere in the line (the first one wins) -> the terminals with that verb.
    VERBS: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: The header line's start, and its terminal.
    HEADER: ClassVar[re.Pattern[str]] = re.compile(r"(?!)")
    HEADER_TERMINALS: ClassVar[tuple[str, ...]] = ("HEADER_LINE",)

    def __init__(self, conf: LexerConf) -> None:
        # LineLexer.__init__ with the subclass's tables (its own name PokerStars' terminals).
        terminals = sorted(
            conf.terminals,
            key=lambda t: (-t.priority, -t.pattern.max_width, -len(t.pattern.value), t.name),
        )
        self.ignore = frozenset(conf.ignore)
        self.rank = {t.name: i for i, t in enumerate(terminals)}
        self.order = [t.name for t in terminals if t.name not in self.ignore]
        self.patterns = {t.name: re.compile(t.pattern.to_regexp()) for t in terminals}
        self.terminals_by_name = conf.terminals_by_name
        rank = self.rank.__getitem__

        def ordered(table: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
            return {k: tuple(sorted(v, key=rank)) for k, v in table.items()}

        self.prefixes = ordered(self.PREFIXES)
        self.colon_verbs = ordered(self.COLON_VERBS)
        self.verbs = ordered(self.VERBS)
        self._prefix_re = _alternation(self.PREFIXES) if self.PREFIXES else re.compile("(?!)")
        self._verb_re = _alternation(self.VERBS) if self.VERBS else re.compile(r"(?!)")

    def _candidates(self, line: str) -> tuple[str, ...]:
        m = self._prefix_re.match(line)
        if m is not None:
            return self.prefixes[m.group()]
        if self.colon_verbs:
            colon = line.find(": ")
            if colon > 0:
                end = line.find(" ", colon + 2)
                word = line[colon + 2 : end] if end > 0 else line[colon + 2 :]
                found = self.colon_verbs.get(word)
                if found is not None:
                    return found
        m = self._verb_re.search(line)
        if m is not None:
            return self.verbs[m.group()]
        return self.HEADER_TERMINALS if self.HEADER.match(line) else ()
