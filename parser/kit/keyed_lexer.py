"""The one line lexer of the room grammars: a line's kind found by its prefix, verb or marker.

:class:`parser.kit.lexer.LineLexer` finds a PokerStars line's terminal by its start ("Seat ",
"*** ") or by the first known verb in it, and falls back to trying every allowed terminal
in priority order (exactly what lark's own lexer does), so the tokens are lark's. The other
rooms have their own terminals, so :class:`RoomLexer` takes its tables from the room's
subclass; each room fills the tables that fit how its lines are told apart:

* ``PREFIXES``, ``COLON_VERBS``, ``VERBS`` and ``HEADER``: PokerStars' own scheme with the
  room's words (GGPoker, Winamax);
* ``MARKERS``: regexes searched in order, the first that hits names the candidates
  (888poker, WPN);
* ``KEYS`` and :meth:`RoomLexer.key`: the room picks the word that tells a line's kind
  ("Fold", "***", "Seat" ...) (Bovada, Full Tilt).

The grammar stays the definition of the format: the tables only choose which terminals to
try first, and a line none of them fits is tried against every allowed terminal.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from lark.common import LexerConf

from parser.kit.lexer import LineLexer

_NEVER = re.compile(r"(?!)")


def _alternation(keys: Any) -> re.Pattern[str]:
    return re.compile("|".join(re.escape(k) for k in sorted(keys, key=len, reverse=True)))


#: ``RoomLexer.MARKERS``' type: (regex searched in the line, its candidate terminals).
Markers = tuple[tuple[str, tuple[str, ...]], ...]


def betting_markers(opening: str) -> Markers:
    """The markers of the five betting lines as the marker rooms write them: " folds" and
    " checks" ending the line, " calls", " bets" and " raises" before the amount's
    ``opening`` (a regex: 888poker's " \\[", WPN's " " and its 2016 format's " \\(")."""
    return (
        (r" folds$", ("FOLD_LINE",)),
        (r" checks$", ("CHECK_LINE",)),
        (rf" calls{opening}", ("CALL_LINE",)),
        (rf" bets{opening}", ("BET_LINE",)),
        (rf" raises{opening}", ("RAISE_LINE",)),
    )


class RoomLexer(LineLexer):
    """A :class:`LineLexer` driven by the subclass's tables instead of PokerStars' own."""

    #: Line starts -> the terminals that begin with that text.
    PREFIXES: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: The first word after "<name>: " -> the terminals with that verb.
    COLON_VERBS: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: Verbs found anywhere in the line (the first one wins) -> the terminals with that verb.
    VERBS: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: (regex searched in the line, the terminals that kind of line may be), first hit wins.
    MARKERS: ClassVar[Markers] = ()
    #: A line's key word (:meth:`key`) -> the terminals that can have it.
    KEYS: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: The header line's start, and its terminals.
    HEADER: ClassVar[re.Pattern[str]] = _NEVER
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
        rank = self.rank

        def ordered(names: tuple[str, ...]) -> tuple[str, ...]:
            return tuple(sorted((n for n in names if n in rank), key=rank.__getitem__))

        self.prefixes = {k: ordered(v) for k, v in self.PREFIXES.items()}
        self.colon_verbs = {k: ordered(v) for k, v in self.COLON_VERBS.items()}
        self.verbs = {k: ordered(v) for k, v in self.VERBS.items()}
        self.markers = [(re.compile(p), ordered(names)) for p, names in self.MARKERS]
        self.keys = {k: ordered(v) for k, v in self.KEYS.items()}
        self._prefix_re = _alternation(self.PREFIXES) if self.PREFIXES else None
        self._verb_re = _alternation(self.VERBS) if self.VERBS else None
        self._check_locality()

    def key(self, line: str) -> str:
        """The word of ``line`` that :attr:`KEYS` is looked up by (rooms with ``KEYS``)."""
        raise NotImplementedError

    def _candidates(self, line: str) -> tuple[str, ...]:
        if self._prefix_re is not None:
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
        if self._verb_re is not None:
            m = self._verb_re.search(line)
            if m is not None:
                return self.verbs[m.group()]
        for pattern, names in self.markers:
            if pattern.search(line):
                return names
        if self.keys:
            return self.keys.get(self.key(line), ())
        return self.HEADER_TERMINALS if self.HEADER.match(line) else ()
