"""A grammar's LALR tables, as lark built them, walked on the line kinds alone.

Every hand-history grammar here has one terminal per kind of line, and its rules are lists
of lines whose transformer methods only collect the tokens in order: the parse's result is
the line tokens themselves, and all the parser decides is whether this sequence of line
kinds fits the grammar. Lark's loop answers that at about 5 us a line (a dict lookup, a
shift or reductions with their callbacks, the value stack). The answer depends only on the
parser's configuration (its state stack) and the next terminal, and the grammars' lists are
left-recursive, so a hand only ever reaches a few dozen configurations: this module runs
lark's own tables once per (configuration, terminal) and remembers the configuration it
leads to, so a line costs one dict lookup.

The tables are lark's (``parse_table.states``), not a copy: what fits is what the grammar
says. Nothing here reports errors: a walk that fails says so, and the caller then runs
lark's own parser on the text, which raises lark's own exception for the same line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lark.parsers.lalr_analysis import Shift

if TYPE_CHECKING:
    from lark import Lark

#: Configurations kept per grammar at most (they are a few dozen: a grammar whose stack
#: grows without bound, with right recursion, stops being remembered, not being right).
_LIMIT = 10_000
#: A move that does not fit the grammar.
FAIL = -1


class Automaton:
    """The configurations of one grammar's LALR parser, numbered as they are reached.

    ``accepts[c]`` is the action table of configuration ``c``'s top state (the terminals
    a contextual lexer may choose from there); ``moves[c][terminal]`` is the configuration
    after that terminal, or :data:`FAIL`, filled in by :meth:`move` on first use.
    """

    __slots__ = (
        "_end",
        "_ids",
        "_stacks",
        "_states",
        "accepts",
        "ends",
        "lines",
        "moves",
        "remembered",
        "start",
    )

    def __init__(self, lark: Lark, start: str = "start") -> None:
        table = lark.parser.parser.parser.parse_table
        self._states: dict[int, dict[str, tuple[Any, Any]]] = table.states
        self._end: int = table.end_states[start]
        self._stacks: list[tuple[int, ...]] = []
        self._ids: dict[tuple[int, ...], int] = {}
        self.accepts: list[dict[str, tuple[Any, Any]]] = []
        self.moves: list[dict[str, int]] = []
        #: Per configuration: may the input end there (None until asked).
        self.ends: list[bool | None] = []
        #: Per configuration: line text -> what the lexer found it to be there, filled by
        #: :meth:`parser.kit.lexer.LineLexer.walk_lines` (a dict per configuration, made with
        #: it, so a walk that reaches a configuration finds its dict); ``remembered``
        #: counts the entries.
        self.lines: list[dict[str, Any]] = []
        self.remembered = 0
        self.start = self._number((table.start_states[start],))

    def _number(self, stack: tuple[int, ...]) -> int:
        found = self._ids.get(stack)
        if found is None:
            if len(self._stacks) >= _LIMIT:
                return FAIL
            found = self._ids[stack] = len(self._stacks)
            self._stacks.append(stack)
            self.accepts.append(self._states[stack[-1]])
            self.moves.append({})
            self.lines.append({})
            self.ends.append(None)
        return found

    def move(self, config: int, terminal: str) -> int:
        """The configuration after ``terminal`` (lark's ``feed_token`` on the state stack
        alone), remembered; :data:`FAIL` when the grammar does not allow it there."""
        stack = list(self._stacks[config])
        found = self._number(tuple(stack)) if self._feed(stack, terminal) else FAIL
        if found != FAIL:
            self.moves[config][terminal] = found
        return found

    def can_end(self, config: int) -> bool:
        """May the text end in ``config`` (lark's ``feed_token`` of ``$END``)?"""
        answer = self.ends[config]
        if answer is None:
            answer = self.ends[config] = self._feed(list(self._stacks[config]), "$END", end=True)
        return answer

    def _feed(self, stack: list[int], terminal: str, end: bool = False) -> bool:
        states = self._states
        while True:
            action = states[stack[-1]].get(terminal)
            if action is None:
                return False
            kind, arg = action
            if kind is Shift:
                if end:  # pragma: no cover - lark's tables never shift $END
                    return False
                stack.append(arg)
                return True
            size = len(arg.expansion)
            if size:
                del stack[-size:]
            _, state = states[stack[-1]][arg.origin.name]
            stack.append(state)
            if end and state == self._end:
                return True


def collects_lines(lark: Lark) -> bool:
    """Is ``lark``'s result its line tokens in order, as a walk gives them?

    True when no rule drops a token (filtered terminals, anonymous strings) and every rule
    is either inlined (``_rule``) or has a method on the transformer (the collecting
    methods the grammars' modules give every rule). A walk is used only then.
    """
    transformer = lark.options.transformer
    if transformer is None or lark.options.keep_all_tokens:
        return False
    for rule in lark.rules:
        name = str(rule.origin.name)
        if not name.startswith("_") and not callable(getattr(transformer, name, None)):
            return False
        if rule.options.keep_all_tokens:
            return False
        if any(getattr(symbol, "filter_out", False) for symbol in rule.expansion):
            return False
    return True
