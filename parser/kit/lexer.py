"""A contextual line lexer for the PokerStars grammar: one token per line, found fast.

Lark's own contextual lexer tries, for every line, the terminals the parser state allows
in priority order, as one big regex alternation; with some forty line kinds most of the
time went into failing alternatives (each one scanning the whole line for its ": verb").
This lexer gives the same answer faster: it first looks at the line's start ("Seat ",
"*** ", "Dealt to " ...) or, for lines that start with a player's name, at the first known
verb in it (": folds", " collected " ...), and tries only the terminals that can have that
shape, in priority order, among those the parser state allows. When none of them matches
(a name that contains another line's verb), or when the line ends in free text that a
terminal lark would try first might also fit, it tries every allowed terminal in priority
order, which is exactly what lark's lexer does.

Tokens carry the regex match (:class:`LineToken`), so the builder does not match again;
:func:`line_matches` gives the same lines as ``(terminal, match, line)`` triples, without
building a token per line (the PokerStars parser's path), and remembers across hands, per
parser configuration, what each line's text turned out to be (a session repeats most of
its lines: "MrBlue: folds", "*** HOLE CARDS ***"): a line seen before costs one dict lookup.
That is right only because every terminal's match depends on its line alone
(:func:`parser.kit.locality.line_local` checks each regex; a grammar with one that does not is
never remembered), and the memory is bounded (:data:`MEMO_LIMIT` lines, about 8 MB).
Errors are lark's own: ``UnexpectedCharacters`` for a line no allowed terminal matches,
``UnexpectedToken`` for a line that fits a terminal this section does not allow, and
:class:`LineTooLong` (an ``UnexpectedCharacters``) for a line over :data:`MAX_LINE`
characters, refused before any regex sees it (issue 23 item 2): no real hand-history line
is near that, and a terminal's regex is linear in the line only up to the number of places
its name may end, so the limit bounds each line's cost (each line is read in time linear in
its length: ``benchmarks/fuzz_linear.py`` prints it).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, ClassVar, Literal, NoReturn, cast

from lark import Lark, Token
from lark.common import LexerConf
from lark.exceptions import UnexpectedCharacters, UnexpectedToken
from lark.lexer import Lexer, LexerState

from parser.compiled import mypyc_attr
from parser.kit.automaton import FAIL, Automaton, collects_lines
from parser.kit.locality import line_local

#: Line starts PokerStars' format shares with the rooms that copy it (GGPoker): the hole
#: cards, the uncalled bet, the summary's pot and boards.
SHARED_PREFIXES: dict[str, tuple[str, ...]] = {
    "Dealt to ": ("DEALT_LINE",),
    "Uncalled bet (": ("UNCALLED_LINE",),
    "Total pot ": ("TOTAL_POT_LINE",),
    "Board [": ("SUMMARY_BOARD_LINE",),
    "FIRST Board [": ("SUMMARY_BOARD_LINE",),
    "SECOND Board [": ("SUMMARY_BOARD_LINE",),
}
#: Line starts -> the terminals that begin with that text.
_PREFIXES: dict[str, tuple[str, ...]] = {
    "Seat ": ("SEAT_LINE", "SUMMARY_SEAT_LINE"),
    "*** ": (
        "BOARD_LINE",
        "STREET_LINE",
        "SHOWDOWN_LINE",
        "SUMMARY_LINE",
        "HOLE_CARDS_LINE",
        "DEALING_HANDS_LINE",
        "THIRD_STREET_LINE",
    ),
    **SHARED_PREFIXES,
    "STP added: ": ("STP_LINE",),
    "Hand cancelled": ("HAND_CANCELLED_LINE",),
    "Hand was run twice": ("RUN_TWICE_LINE",),
    "# ": ("COMMENT_LINE",),
    "Table ": ("TABLE_LINE", "DEALER_LINE"),
    "Betting is capped": ("DEALER_LINE",),
    "Pair on board": ("DEALER_LINE",),
    "The deck is reshuffled": ("DEALER_LINE",),
    "No low hand qualified": ("DEALER_LINE",),
}
#: The betting and forced-bet verbs after "<name>: " that PokerStars' format shares with
#: the rooms that copy it (GGPoker).
SHARED_COLON_VERBS: dict[str, tuple[str, ...]] = {
    "folds": ("FOLD_LINE",),
    "checks": ("CHECK_LINE",),
    "calls": ("CALL_LINE",),
    "bets": ("BET_LINE",),
    "raises": ("RAISE_LINE",),
    "posts": ("ANTE_LINE", "BLIND_LINE"),
}
#: The first word after a player's name and ": " -> the terminals with that verb.
_COLON_VERBS: dict[str, tuple[str, ...]] = {
    **SHARED_COLON_VERBS,
    "shows": ("SHOWS_LINE",),
    "mucks": ("MUCKS_LINE",),
    "doesn't": ("DOESNT_SHOW_LINE",),
    "discards": ("DISCARD_LINE",),
    "stands": ("STAND_PAT_LINE",),
    "brings": ("BRING_IN_LINE",),
    "completes": ("COMPLETE_LINE",),
    "sits": ("SITS_OUT_LINE",),
    "is": ("SITS_OUT_LINE",),
    "Table": ("DEPOSIT_LINE",),
}
#: Verbs after a player's name and a space -> the terminals with that verb.
_VERBS: dict[str, tuple[str, ...]] = {
    " collected ": ("COLLECT_LINE",),
    ' said, "': ("CHAT_LINE",),
    " joins the table": ("JOIN_LINE",),
    " leaves the table": ("LEAVE_LINE",),
    " was removed from the table": ("LEAVE_LINE",),
    " has returned": ("RETURNS_LINE",),
    " will be allowed to play": ("RETURNS_LINE",),
    " is connected": ("CONNECTION_LINE",),
    " is disconnected": ("CONNECTION_LINE",),
    " has timed out": ("TIMED_OUT_LINE",),
    " is sitting out": ("SITS_OUT_LINE",),
    " finished the tournament": ("FINISHED_LINE",),
    " wins ": ("FINISHED_LINE", "BOUNTY_LINE"),
    " split ": ("BOUNTY_LINE",),
    " re-buys ": ("REBUY_LINE",),
    " takes the add-on": ("REBUY_LINE",),
    " cashed out the hand": ("CASH_OUT_LINE",),
    " shows [": ("SHOWS_FOR_LINE",),
}
#: Terminals whose line ends in free text ("X said, "...": folds"), so a line they match
#: may also fit a terminal lark would try first: for these, lark's order decides.
_FREE_TEXT = frozenset(
    {"CHAT_LINE", "FINISHED_LINE", "BOUNTY_LINE", "REBUY_LINE", "SHOWS_FOR_LINE", "LEAVE_LINE"}
)
_PREFIX = re.compile("|".join(re.escape(p) for p in sorted(_PREFIXES, key=len, reverse=True)))
_PREFIX_FIRST = frozenset(p[0] for p in _PREFIXES)
_VERB = re.compile("|".join(re.escape(v) for v in sorted(_VERBS, key=len, reverse=True)))
_HEADER = re.compile("(?i:pokerstars |full tilt |run it once poker |pokermaster |pokerbros )")


_HEADER_CANDIDATES = ("HEADER_LINE",)
#: One line of a hand as a walk finds it: its terminal, that terminal's match (the line's
#: fields; ``match.start()`` is where the line starts) and its 1-based line number.
Line = tuple[str, re.Match[str], int]
#: A line a walk remembers, per configuration and line text: its terminal, a match of the
#: line alone (the same groups; None until the line is seen a second time) and the
#: configuration after it.
Seen = tuple[str, re.Match[str] | None, int]
#: Lines remembered per grammar at most (then they are forgotten and learnt again).
MEMO_LIMIT = 50_000
#: The longest line a hand may hold, in characters (64 KiB; issue 23 item 2): a longer one
#: is refused as :class:`LineTooLong` before any terminal's regex is tried on it.
MAX_LINE = 65_536


class LineTooLong(UnexpectedCharacters):
    """A line over :data:`MAX_LINE` characters: refused unread (a ``ParseError`` naming
    the file, the line and the hand, once :func:`parser.kit.errors.translate` has it)."""

    def __init__(self, text: str, pos: int, line: int, length: int) -> None:
        super().__init__(text, pos, line, 1)  # type: ignore[no-untyped-call]
        self.at, self.number, self.length = pos, line, length

    def __str__(self) -> str:
        return f"line {self.number} is {self.length:,} characters long (at most {MAX_LINE:,})"


def refuse_long_lines(text: str) -> None:
    """Raise :class:`LineTooLong` for the first line over :data:`MAX_LINE`: for a reader
    lexing with lark's own lexer (PartyPoker's), which the line lexer's check never sees."""
    if len(text) <= MAX_LINE:
        return
    pos = 0
    for number, line in enumerate(text.split("\n"), start=1):
        if len(line) > MAX_LINE:
            raise LineTooLong(text, pos, number, len(line))
        pos += len(line) + 1


@mypyc_attr(native_class=False)  # a Token is a str: compiled, a plain Python class
class LineToken(Token):
    """A line token that keeps its terminal's regex match (the line's fields).

    A line token always spans its whole line, so the end and the column are computed when
    asked (lark asks only for an error) rather than stored for every line.
    """

    __slots__ = ("match",)
    match: re.Match[str]
    #: Always set (``Token`` allows None): builders add it to the hand's first line.
    line: int
    start_pos: int

    def __new__(
        cls, type: str, value: str, start_pos: int, line: int, match: re.Match[str]
    ) -> LineToken:
        # Token.__new__, without its checks for deprecated arguments (it is on the hot path).
        self = str.__new__(cls, value)
        self.type = type
        self.value = value
        self.start_pos = start_pos
        self.line = line
        self.match = match
        return self

    @property
    def column(self) -> int:  # type: ignore[override]
        return 1

    @property
    def end_line(self) -> int:  # type: ignore[override]
        return self.line + 1

    @property
    def end_column(self) -> int:  # type: ignore[override]
        return 1

    @property
    def end_pos(self) -> int:  # type: ignore[override]
        return self.start_pos + len(self.value)


@mypyc_attr(allow_interpreted_subclasses=True)  # parser.kit.keyed_lexer.RoomLexer
class LineLexer(Lexer):
    """See the module docstring. Lark builds it from the grammar's terminals."""

    __future_interface__: ClassVar[int] = 2

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
        rank = self.rank.__getitem__
        self.prefixes = {k: tuple(sorted(v, key=rank)) for k, v in _PREFIXES.items()}
        self.colon_verbs = {k: tuple(sorted(v, key=rank)) for k, v in _COLON_VERBS.items()}
        self.verbs = {k: tuple(sorted(v, key=rank)) for k, v in _VERBS.items()}
        self._check_locality()

    def _check_locality(self) -> None:
        """May walks remember lines (after ``patterns`` is set)?"""
        #: Every terminal's match is decided by its line alone, so walks may remember lines
        #: (in the automaton's ``lines``).
        self.line_local = all(line_local(p) for p in self.patterns.values())

    def _candidates(self, line: str) -> tuple[str, ...]:
        """The terminals a line's shape allows, in priority order (maybe none)."""
        m = _PREFIX.match(line) if line[0] in _PREFIX_FIRST else None  # most lines: a name
        if m is not None:
            return self.prefixes[m.group()]
        colon = line.find(": ")
        if colon > 0:
            end = line.find(" ", colon + 2)
            found = self.colon_verbs.get(line[colon + 2 : end] if end > 0 else line[colon + 2 :])
            if found is not None:
                return found
        m = _VERB.search(line)
        if m is not None:
            return self.verbs[m.group()]
        return _HEADER_CANDIDATES if _HEADER.match(line) else ()

    def choose(self, text: str, pos: int, line: str, accepts: Any) -> tuple[str, Any]:
        """The terminal of ``line`` (at ``pos`` of ``text``) among those ``accepts`` allows,
        and its match (None when none matches): the lark lexer's answer, found faster."""
        patterns = self.patterns
        for name in self._candidates(line):
            if name in accepts:
                found = patterns[name].match(text, pos)
                if found is not None:
                    if name in _FREE_TEXT:  # a higher-priority terminal may fit too
                        return self._fallback(text, pos, accepts)
                    return name, found
        return self._fallback(text, pos, accepts)

    def lex(self, lexer_state: LexerState, parser_state: Any) -> Iterator[Token]:
        text: str = lexer_state.text.text
        states = parser_state.parse_conf.states
        stack = parser_state.state_stack
        choose = self.choose
        pos = 0
        number = 0
        lines = text.split("\n")
        tail = lines.pop()  # after the last "\n": every terminal ends with one
        for line in lines:
            number += 1
            end = pos + len(line) + 1
            if not line:
                pos = end
                continue
            if len(line) > MAX_LINE:
                raise LineTooLong(text, pos, number, len(line))
            accepts = states[stack[-1]]
            name, found = choose(text, pos, line, accepts)
            if found is None:
                self._fail(text, pos, number, line, accepts, parser_state, lexer_state)
            token = LineToken(name, text[pos:end], pos, number, found)
            lexer_state.last_token = token
            yield token
            pos = end
        if tail:
            if len(tail) > MAX_LINE:
                raise LineTooLong(text, pos, number + 1, len(tail))
            accepts = states[stack[-1]]
            self._fail(text, pos, number + 1, tail, accepts, parser_state, lexer_state)

    def walk(self, text: str, automaton: Automaton) -> list[LineToken] | None:
        """The tokens ``lex`` gives for ``text`` with lark's parser driving it, found by
        walking ``automaton`` instead (:mod:`parser.kit.automaton`); None when the text does
        not fit the grammar (lark's parser then says where and why)."""
        lines = self.walk_lines(text, automaton, remember=False)
        if lines is None:
            return None
        find = text.find
        return [
            LineToken(name, text[m.start() : find("\n", m.start()) + 1], m.start(), number, m)
            for name, m, number in lines
        ]

    def walk_lines(
        self, text: str, automaton: Automaton, remember: bool = True
    ) -> list[Line] | None:
        """:meth:`walk`'s answer as ``(terminal, match, line number)`` triples, without
        building a token per line (a builder needs only these; issue 11).

        A line whose text was seen before in the same configuration (an earlier hand's
        "Pluribus: folds") is not lexed again: its terminal and the configuration after
        it are remembered and, from its second sighting on, a match of that line alone,
        whose groups are this line's (``match.start()`` is then 0 of ``match.string``,
        the line; ``remember=False`` gives every match on ``text`` itself, as tokens need).
        """
        accepts_of = automaton.accepts
        moves_of = automaton.moves
        candidates_of = self._candidates
        patterns = self.patterns
        fallback = self._fallback
        memo = automaton.lines if remember and self.line_local else None
        config = automaton.start
        found_lines: list[Line] = []
        append = found_lines.append
        pos = 0
        number = 0
        lines = text.split("\n")
        if lines.pop():  # text after the last "\n"
            return None
        for line in lines:
            number += 1
            if not line:
                pos += 1
                continue
            if len(line) > MAX_LINE:
                return None  # lark's parse then raises LineTooLong from lex
            if memo is not None:
                seen: Seen | None = memo[config].get(line)
                if seen is not None:  # this text, in this configuration, in an earlier hand
                    name, known, next_config = seen
                    if known is None:  # seen once: match the line alone, and keep that
                        known = patterns[name].match(line + "\n")
                        if known is not None:  # (always: the terminals are line-local)
                            memo[config][line] = (name, known, next_config)
                    if known is not None:
                        config = next_config
                        append((name, known, number))
                        pos += len(line) + 1
                        continue
            accepts = accepts_of[config]
            # self.choose, inlined (the hot path: a line of every hand)
            for name in candidates_of(line):
                if name in accepts:
                    found = patterns[name].match(text, pos)
                    if found is not None:
                        if name in _FREE_TEXT:
                            name, found = fallback(text, pos, accepts)
                        break
            else:
                name, found = fallback(text, pos, accepts)
            if found is None:
                return None
            after = moves_of[config].get(name)
            if after is None:
                after = automaton.move(config, name)
                if after == FAIL:
                    return None
            if memo is not None:
                automaton.remembered += 1
                if automaton.remembered > MEMO_LIMIT:
                    _forget(automaton)
                    automaton.remembered = 1
                memo[config][line] = (name, None, after)
            config = after
            append((name, found, number))
            pos += len(line) + 1
        return found_lines if automaton.can_end(config) else None

    def _fallback(self, text: str, pos: int, accepts: Any) -> tuple[str, re.Match[str] | None]:
        for name in self.order:
            if name in accepts:
                found = self.patterns[name].match(text, pos)
                if found is not None:
                    return name, found
        return "", None

    def _fail(
        self,
        text: str,
        pos: int,
        number: int,
        line: str,
        accepts: Any,
        parser_state: Any,
        lexer_state: LexerState,
    ) -> NoReturn:
        allowed = {name for name in accepts if name.isupper() and name not in self.ignore}
        for name in self.order:  # a known kind of line, in the wrong section?
            if self.patterns[name].match(text, pos) is not None:
                token = Token(name, line + "\n", pos, number, 1)
                raise UnexpectedToken(
                    token,
                    allowed,
                    state=parser_state,
                    token_history=[lexer_state.last_token],
                    terminals_by_name=self.terminals_by_name,
                )
        raise UnexpectedCharacters(
            text,
            pos,
            number,
            1,
            allowed=allowed,
            state=parser_state,
            token_history=lexer_state.last_token and [lexer_state.last_token],
            terminals_by_name=self.terminals_by_name,
        )


def line_tokens(lark: Lark, text: str) -> list[LineToken]:
    """``lark.parse(text)`` for a grammar lexed by a :class:`LineLexer` whose transformer
    collects the lines: the hand's line tokens in order.

    The tokens come from a walk of the grammar's tables (:meth:`LineLexer.walk`) when the
    grammar's result is its tokens (:func:`parser.kit.automaton.collects_lines`); a text the
    walk finds does not fit, and any other grammar, goes through ``lark.parse``, which
    raises lark's own error. Lark types ``parse`` as returning a tree, but with a
    transformer given to ``Lark`` it returns what the start rule's method returns.
    """
    walker = _walker_of(lark)
    if walker is not False:
        lexer, automaton = walker
        tokens = lexer.walk(text, automaton)
        if tokens is not None:
            return tokens
    return cast("list[LineToken]", lark.parse(text))


def line_matches(lark: Lark, text: str) -> list[Line]:
    """:func:`line_tokens` as ``(terminal, match, line number)`` triples: the same lines,
    the same errors, no token objects (what :class:`parser.kit.layout.Builder` reads)."""
    walker = _walker_of(lark)
    if walker is not False:
        lexer, automaton = walker
        lines = lexer.walk_lines(text, automaton)
        if lines is not None:
            return lines
    return [(t.type, t.match, t.line) for t in cast("list[LineToken]", lark.parse(text))]


def _walker_of(lark: Lark) -> tuple[LineLexer, Automaton] | Literal[False]:
    walker = _walkers.get(lark)
    if walker is None:
        walker = _walkers[lark] = _walker(lark)
    return walker


def forget_lines() -> None:
    """Forget every walk's remembered lines (benchmarks time a first pass with it)."""
    for walker in _walkers.values():
        if walker is not False:
            _forget(walker[1])


def _forget(automaton: Automaton) -> None:
    for remembered in automaton.lines:
        remembered.clear()
    automaton.remembered = 0


#: Per Lark object: its lexer and automaton, or False when its result is not its tokens.
_walkers: dict[Lark, tuple[LineLexer, Automaton] | Literal[False]] = {}


def _walker(lark: Lark) -> tuple[LineLexer, Automaton] | Literal[False]:
    lexer = lark.parser.lexer
    if not isinstance(lexer, LineLexer) or not collects_lines(lark):
        return False
    return lexer, Automaton(lark, lark.options.start[0])
