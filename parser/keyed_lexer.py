"""A one-token-per-line lexer for the rooms' grammars, keyed by a word of the line.

:class:`parser.lexer.LineLexer` finds PokerStars' lines by their start or verb, with
tables of PokerStars' terminal names. The other rooms' grammars (``bovada.lark``,
``fulltilt.lark``) have their own terminals, so this subclass takes its table from the
room: :meth:`KeyedLexer.key` picks the word that tells a line's kind ("Folds", "***",
"Seat" ...) and :attr:`KeyedLexer.KEYS` names the terminals with that word, tried in
priority order among those the parser state allows. A line whose word is not in the
table, or that none of its candidates matches, is tried against every allowed terminal
in priority order, which is what lark's own lexer does, so the tokens are the same.
"""

from __future__ import annotations

import re
from typing import ClassVar

from lark.common import LexerConf

from parser.lexer import LineLexer


class KeyedLexer(LineLexer):
    """A :class:`LineLexer` whose candidates come from :attr:`KEYS` by :meth:`key`."""

    #: A line's key word -> the terminals that can have it.
    KEYS: ClassVar[dict[str, tuple[str, ...]]] = {}

    def __init__(self, conf: LexerConf) -> None:
        terminals = sorted(
            conf.terminals,
            key=lambda t: (-t.priority, -t.pattern.max_width, -len(t.pattern.value), t.name),
        )
        self.ignore = frozenset(conf.ignore)
        self.rank = {t.name: i for i, t in enumerate(terminals)}
        self.order = [t.name for t in terminals if t.name not in self.ignore]
        self.patterns = {t.name: re.compile(t.pattern.to_regexp()) for t in terminals}
        self.terminals_by_name = conf.terminals_by_name
        rank = self.rank
        self.keys = {
            k: tuple(sorted((n for n in v if n in rank), key=rank.__getitem__))
            for k, v in self.KEYS.items()
        }

    def key(self, line: str) -> str:
        """The word of ``line`` that :attr:`KEYS` is looked up by."""
        raise NotImplementedError

    def _candidates(self, line: str) -> tuple[str, ...]:
        return self.keys.get(self.key(line), ())
