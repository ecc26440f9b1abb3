"""Lark's errors -> pokerhh's, for every line grammar (PokerStars' and the rooms').

A line no terminal matches, or a line in the wrong section, is a ``ParseError`` naming the
file, line, column, the line's text and the terminals that would fit there; a hand that
stops before its summary line is an ``IncompleteHand`` (the file was cut). A line the
grammar accepts but the builder cannot read is a ``ParseError`` too (:func:`line_error`).
"""

from __future__ import annotations

from lark import Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from parser.kit.lexer import MAX_LINE, LineTooLong
from parser.model.errors import IncompleteHand, ParseError, UnsupportedGame
from parser.model.hand import Source


def translate(
    error: UnexpectedInput,
    raw: Source,
    text: str,
    hand_id: str | None,
    *,
    summary: str,
    whole_line: bool = False,
    named: str | None = None,
) -> Exception:
    """The ``ParseError`` (or ``IncompleteHand``) for lark's ``error`` on ``text``.

    ``summary`` is the start of the room's summary line (the whole line when
    ``whole_line``): a hand without one that ends early was cut. ``named`` is how the
    message names that line (``summary`` itself by default).
    """
    if isinstance(error, LineTooLong):  # refused unread (issue 23 item 2)
        start = text[error.at : error.at + 80]
        return ParseError(
            f"line too long: {error.length:,} characters (at most {MAX_LINE:,})",
            path=raw.path,
            line=raw.first_line + error.number - 1,
            column=1,
            text=start,
            hand_id=hand_id,
        )
    lines = text.split("\n")
    last = len(lines) - 1  # the text ends with "\n": the last element is ""
    while last > 1 and not lines[last - 1]:
        last -= 1
    if isinstance(error, UnexpectedEOF) or (
        isinstance(error, UnexpectedToken) and error.token.type == "$END"
    ):
        at_end, number, expected = True, last, sorted(error.expected)
    elif isinstance(error, UnexpectedToken):
        number = error.token.line
        at_end, expected = False, sorted(error.expected)
    else:
        assert isinstance(error, UnexpectedCharacters)
        number = error.line
        at_end, expected = number >= last, sorted(error.allowed)
    expected = [name for name in expected if name not in ("BLANK", "$END")]
    line_text = lines[number - 1] if 0 < number <= len(lines) else ""
    absolute = raw.first_line + number - 1
    if whole_line:
        has_summary = summary in lines
    else:
        has_summary = any(line.startswith(summary) for line in lines)
    if at_end and hand_id is not None and not has_summary:
        return IncompleteHand(
            f"the hand stops at line {absolute} ({line_text!r}) before its {named or summary}",
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


def line_error(
    problem: Exception, token: Token, raw: Source, line: int, hand_id: str | None
) -> ParseError:
    """The ``ParseError`` for a ``problem`` the builder met reading ``token``'s line."""
    text = str(token).rstrip("\n")
    return ParseError(
        f"{problem} in line {text!r}",
        path=raw.path,
        line=line,
        column=1,
        text=text,
        hand_id=hand_id,
    )


def unsupported_game(
    site: str, game: str, raw: Source, hand_id: str | None, line: int | None = None
) -> UnsupportedGame:
    """A game the room names that has no ``GameSpec`` row ("5 Card Stud", "Omaha(All-in
    or Fold Limit)"): the hand is stored as unsupported, not lost and not invalid; at
    ``line`` (the hand's first line when None)."""
    return UnsupportedGame(
        f"{site}'s {game!r} is not a game pokerhh knows (no GameSpec row)",
        hand_id=hand_id,
        path=raw.path,
        line=raw.first_line if line is None else line,
    )


def hand_error(message: str, raw: Source, hand_id: str | None) -> ParseError:
    """A problem of the whole hand, no one line at fault (its stakes cannot be told from
    its header or its blinds): the ``ParseError`` at the hand's first line."""
    return ParseError(message, path=raw.path, line=raw.first_line, hand_id=hand_id)
