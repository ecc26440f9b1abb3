"""PokerStars text -> :class:`ParsedHand`: the lark grammar, and the events built from its lines.

``grammars/pokerstars.lark`` has one terminal per kind of line; :mod:`parser.kit.lexer` finds
them (one regex match per line) and lark's LALR parser checks which lines may appear in
which section. The Transformer passed to ``Lark`` only hands back the line tokens (no tree
is built); :class:`parser.kit.layout.Builder` then turns each line into events, taking its fields
apart with the same terminal's regex groups, resolving every player name against the seat
list (:mod:`parser.kit.names`), and giving every event its absolute file line.

Errors are translated here, at the boundary (:func:`parser.kit.errors.translate`, which
every room's grammar shares): a line no terminal matches, or a line in the
wrong section, is a ``ParseError`` naming the file, line, column, the line's text and the
terminals that would fit there; a hand that stops before its SUMMARY is an
``IncompleteHand``.

Performance (issue 11): a hand that fits the grammar is not run through lark's parser
loop: :func:`parser.kit.lexer.line_matches` walks the grammar's own LALR tables on the line
kinds (:mod:`parser.kit.automaton`), which gives the same lines at half the cost (as
``(terminal, match, line)`` triples: no token object per line); a hand the walk finds does
not fit goes through ``lark.parse`` for lark's own error; a line whose text the walk met
before in the same place is not lexed again (:mod:`parser.kit.lexer`). The events are built by
:mod:`parser.model.makers`, not the frozen dataclasses' ``__init__``.
`benchmarks/parse_pluribus.py` prints the split (split, lex+parse, build) and the ratio to
a plain regex line classifier.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import TYPE_CHECKING

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedInput, VisitError

from parser.kit.errors import translate
from parser.kit.layout import Builder
from parser.kit.lexer import LineLexer, line_matches
from parser.rooms.pokerstars import ROOM
from parser.rooms.pokerstars.header import hand_id_of, parse_header

if TYPE_CHECKING:
    from parser.model.hand import ParsedHand, Source

_SUMMARY = "*** SUMMARY ***"
_PACKAGE = "parser.rooms.pokerstars"


class _Lines(Transformer[Token, list[Token]]):
    """Collect the hand's line tokens in order; each list rule appends one line (no tree)."""

    def start(self, children: list[Token | list[Token]]) -> list[Token]:
        lines: list[Token] = []
        for child in children:
            if type(child) is list:
                lines += child
            else:
                lines.append(child)  # type: ignore[arg-type]
        return lines

    def _append(self, children: list[Token | list[Token]]) -> list[Token]:
        first = children[0]
        if type(first) is list:
            first.append(children[1])  # type: ignore[arg-type]
            return first
        return children  # type: ignore[return-value]

    seats = forced = play = summary = _append


@cache
def _parser(lexer: type[LineLexer] | str = LineLexer) -> Lark:
    """The Lark object, built once.

    ``lexer="contextual"`` builds the same parser with lark's own lexer (for tests: its
    tokens must be the same, only slower to find).
    """
    grammar = files(_PACKAGE).joinpath("pokerstars.lark").read_text(encoding="utf-8")
    lark = Lark(grammar, parser="lalr", lexer=lexer, transformer=_Lines())
    for rule in lark.rules:
        # lark keeps rule names as Token objects: every reduction's parse-table lookup by
        # name then runs Token.__eq__ in Python. Plain strings hash and compare the same.
        rule.origin.name = str(rule.origin.name)
    return lark


def parse_hand(raw: Source) -> ParsedHand:
    """Parse one hand's text (a ``RawHand`` from :func:`.split.split_hands`)."""
    lark = _parser()
    text = raw.text if raw.text.endswith("\n") else raw.text + "\n"
    hand_id = hand_id_of(text)
    try:
        lines = line_matches(lark, text)
    except UnexpectedInput as error:
        raise translate(error, raw, text, hand_id, summary=_SUMMARY, whole_line=True) from None
    except VisitError as error:  # pragma: no cover - _Lines.start cannot fail
        raise error.orig_exc from None
    return Builder(raw, hand_id, parse_header, ROOM.house).build_lines(lines)
