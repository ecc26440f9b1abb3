"""What the room readers share: their lexer, grammar loading, error translation, localised
amounts and the bets of the current round.

Each room (``parser/pacific.py``, ``parser/winning.py`` ...) has its own lark grammar with
one terminal per kind of line, lexed by :class:`RoomLexer`: the PokerStars line lexer
(:mod:`parser.lexer`), asked first about the terminals a line's *marker* names (a fixed
text the room writes in that kind of line: " folds", "** Dealing "), then, when none of
them fits, about every terminal the parser state allows, in priority order, which is what
lark's own lexer does. The room's builder then reads each line token's regex groups.

Rooms write less than PokerStars: amounts added by a raise instead of the total it raises
to, no "Uncalled bet" line, no all-in flag. :class:`Bets` keeps what each player has put in
the current round, so a builder can write the events the log implies (``RaiseTo``'s
total, the ``UncalledBetReturned`` of the bet nobody called) and the engine still checks
every one of them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from functools import cache
from importlib.resources import files
from typing import Any, ClassVar

from lark import Lark, Token, Transformer
from lark.common import LexerConf
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from parser.lexer import LineLexer, LineToken
from parser.model.errors import IncompleteHand, ParseError
from parser.model.hand import Source
from parser.money import MoneyError

__all__ = ["Bets", "LineToken", "RoomLexer", "grammar", "localised_units", "translate"]


class RoomLexer(LineLexer):
    """The line lexer with a room's own markers; subclass it and set ``MARKERS``."""

    #: (regex searched in the line, the terminals that kind of line may be), first hit wins.
    MARKERS: ClassVar[tuple[tuple[str, tuple[str, ...]], ...]] = ()

    def __init__(self, conf: LexerConf) -> None:
        # LineLexer.__init__ without its PokerStars dispatch tables.
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
        self.markers = [
            (re.compile(pattern), tuple(sorted(names, key=rank))) for pattern, names in self.MARKERS
        ]

    def _candidates(self, line: str) -> tuple[str, ...]:
        for pattern, names in self.markers:
            if pattern.search(line):
                return names
        return ()


class _Lines(Transformer[Token, list[Token]]):
    """Collect the hand's line tokens in order: every rule of a room grammar is a list of
    lines (left-recursive, one reduction per line), so each appends to its first child."""

    def __default__(self, data: Any, children: list[Any], meta: Any) -> list[Token]:
        out: list[Token]
        if children and type(children[0]) is list:
            out, rest = children[0], children[1:]
        else:
            out, rest = [], children
        for child in rest:
            if type(child) is list:
                out += child
            else:
                out.append(child)
        return out


@cache
def grammar(name: str, lexer: type[RoomLexer]) -> Lark:
    """The room's Lark parser (``parser/grammars/<name>.lark``), built once.

    Lark calls the inline transformer's methods by rule name; the room grammars' rules
    are all lists of lines, so each gets the one collecting method.
    """
    text = files("parser.grammars").joinpath(f"{name}.lark").read_text(encoding="utf-8")
    rules = set(re.findall(r"^\??([a-z_][a-z0-9_]*)\s*:", text, re.MULTILINE))
    collect = _Lines.__default__
    methods: dict[str, Callable[..., Any]] = {
        rule: (lambda self, children, _c=collect: _c(self, None, children, None)) for rule in rules
    }
    transformer = type(f"_{name}_lines", (_Lines,), methods)()
    lark = Lark(text, parser="lalr", lexer=lexer, transformer=transformer)
    for rule in lark.rules:
        rule.origin.name = str(rule.origin.name)  # see parser.pokerstars._parser
    return lark


def translate(
    error: UnexpectedInput, raw: Source, text: str, hand_id: str | None, summary: str
) -> Exception:
    """Lark's error as a ``ParseError`` naming the file line, or an ``IncompleteHand`` when
    the hand stops before the room's ``summary`` line (the file was cut)."""
    lines = text.split("\n")
    last = len(lines) - 1
    while last > 1 and not lines[last - 1].strip():
        last -= 1
    if isinstance(error, UnexpectedEOF) or (
        isinstance(error, UnexpectedToken) and error.token.type == "$END"
    ):
        at_end, number, expected = True, last, sorted(error.expected)
    elif isinstance(error, UnexpectedToken):
        number, at_end, expected = error.token.line, False, sorted(error.expected)
    else:
        assert isinstance(error, UnexpectedCharacters)
        number = error.line
        at_end, expected = number >= last, sorted(error.allowed)
    expected = [name for name in expected if name not in ("BLANK", "$END")]
    line_text = lines[number - 1] if 0 < number <= len(lines) else ""
    absolute = raw.first_line + number - 1
    if at_end and hand_id is not None and not any(line.startswith(summary) for line in lines):
        return IncompleteHand(
            f"the hand stops at line {absolute} ({line_text!r}) before its {summary!r} line",
            hand_id=hand_id,
            path=raw.path,
            line=absolute,
        )
    wanted = ", ".join(expected) if expected else "the end of the hand"
    if isinstance(error, UnexpectedToken) and error.token.type != "$END":
        what = f"unexpected {error.token.type} {line_text!r}"
    elif at_end and isinstance(error, UnexpectedToken | UnexpectedEOF):
        what = f"the hand ends after line {line_text!r}"
    else:
        what = f"unexpected line {line_text!r}"
    return ParseError(
        f"{what} (expected one of: {wanted})",
        path=raw.path,
        line=absolute,
        column=1,
        text=line_text,
        expected=tuple(expected),
        hand_id=hand_id,
    )


_NOT_DIGITS = re.compile(r"[^\d.,]")


def localised_units(text: str, unit: int) -> int:
    """An amount as a room writes it, in any locale, as an int of the smallest unit.

    Currency signs and codes go, spaces (a no-break space is a thousands separator in
    Swedish) go; then the last "." or "," is the decimal point when one or two digits
    follow it, else every separator groups thousands (chips and cents never have three
    decimals).

    >>> [localised_units(t, 100) for t in ("$1,646.95", "0,55 $", "$ 3.243", "6 749 $")]
    [164695, 55, 324300, 674900]
    >>> localised_units("1.183.764 $", 1), localised_units("2,669", 1)
    (1183764, 2669)
    """
    digits = _NOT_DIGITS.sub("", text)
    if not digits or not digits[0].isdigit() or not digits[-1].isdigit():
        raise MoneyError(f"invalid amount {text!r}: expected a number like 1,500 or $0.25")
    point = max(digits.rfind("."), digits.rfind(","))
    if point >= 0 and len(digits) - point - 1 in (1, 2):
        whole, fraction = digits[:point], digits[point + 1 :]
    else:
        whole, fraction = digits, ""
    whole = whole.replace(".", "").replace(",", "")
    value = Decimal(f"{whole or 0}.{fraction or 0}") * unit
    if value != value.to_integral_value():
        raise MoneyError(f"amount {text!r} has a fraction of the smallest unit (1/{unit})")
    return int(value)


class Bets:
    """What each player has bet in the current betting round (live chips only).

    Rooms that write the chips a raise *adds* need the player's bet so far to name the
    total it raises to; rooms that print no "Uncalled bet" line need the round's bets to
    say which bet nobody called.
    """

    __slots__ = ("current", "put")

    def __init__(self) -> None:
        self.put: dict[str, int] = {}
        self.current = 0

    def new_round(self) -> None:
        self.put = {}
        self.current = 0

    def of(self, name: str) -> int:
        return self.put.get(name, 0)

    def add(self, name: str, amount: int) -> int:
        """``name`` puts ``amount`` more in; returns his bet in the round now."""
        total = self.put.get(name, 0) + amount
        self.put[name] = total
        if total > self.current:
            self.current = total
        return total

    def uncalled(self) -> tuple[str, int] | None:
        """The bettor nobody matched and how much of his bet is over the next highest."""
        if not self.put:
            return None
        top = max(self.put, key=self.put.__getitem__)
        others = max((v for n, v in self.put.items() if n != top), default=0)
        excess = self.put[top] - others
        return (top, excess) if excess > 0 else None

    def take_back(self, name: str, amount: int) -> None:
        self.put[name] = self.put.get(name, 0) - amount
        self.current = max(self.put.values(), default=0)
