"""The steps every line-grammar room takes to read a hand, from its file's text to its
line tokens, written once.

Each room's ``looks_like_*``, ``identify_*`` and ``parse_*`` did the same few things in
its own copy: look for its header near the top of a file, read a hand's id from the
header at its start (after a byte-order mark or blank lines), end the text with a newline
(every line terminal ends with one) and turn lark's error into pokerhh's. A room now says
only what is its own: its header pattern, its grammar and its summary line.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from lark import Lark
from lark.exceptions import UnexpectedInput

from parser.kit.errors import translate
from parser.kit.lexer import LineToken, line_tokens
from parser.model.hand import Source

#: How far into a file its room's header is looked for: a file starts with a hand (or,
#: for some rooms, a line or two before it), so a few KiB tell without reading it all.
HEAD = 4096


def header_near_start(pattern: re.Pattern[str], text: str) -> bool:
    """Whether ``pattern`` (a room's header) is found in the first :data:`HEAD`
    characters of ``text``: the ``looks_like_*`` of a room whose header says it all.

    >>> header_near_start(re.compile("Game #"), "\\n\\nGame #1")
    True
    """
    return pattern.search(text[:HEAD]) is not None


def hand_start(text: str) -> str:
    """``text`` from its first visible character: a hand's text may open with a UTF-8
    byte-order mark and blank lines the splitter kept, before its header."""
    return text.lstrip("\ufeff").lstrip()


def first_group(found: re.Match[str] | None, group: int | str = 1) -> str | None:
    """``group`` of a header pattern's match, or None when it did not match: a hand's id
    as the reader passes it on, None when the header is too broken to hold one.

    >>> first_group(re.match(r"#(\\d+)", "#7")), first_group(None)
    ('7', None)
    """
    return found[group] if found else None


def hand_key(site: str, found: re.Match[str] | None) -> tuple[str, str] | None:
    """``(site, hand id)`` from a header pattern's match (the id its group 1), or None:
    the natural key a room's ``identify_*`` gives the store for a hand that does not
    parse."""
    return (site, found[1]) if found else None


def recogniser(pattern: re.Pattern[str]) -> Callable[[str, str], bool]:
    """The ``looks_like_*(text, path)`` of a room whose header near the start of a file
    (:func:`header_near_start`) says the file is its: the room's record names it."""

    def looks_like(text: str, path: str) -> bool:
        return header_near_start(pattern, text)

    looks_like.__doc__ = f"Is ``pattern`` {pattern.pattern!r} near the start of the text?"
    return looks_like


def identifier(pattern: re.Pattern[str], site: str) -> Callable[[str], tuple[str, str] | None]:
    """The ``identify_*(text)`` of a room whose hand id is in the header a hand starts
    with (:func:`id_at_start`)."""

    def identify(text: str) -> tuple[str, str] | None:
        return id_at_start(pattern, site, text)

    identify.__doc__ = f"``({site!r}, id)`` from a hand's header {pattern.pattern!r}."
    return identify


def id_at_start(pattern: re.Pattern[str], site: str, text: str) -> tuple[str, str] | None:
    """``(site, hand id)`` when ``pattern`` matches the header at the start of a hand's
    ``text`` (its group 1 is the id), else None: the ``identify_*`` of a room whose hand
    id is on its first line, so that a hand that does not parse still has its key.

    >>> id_at_start(re.compile(r"Hand #(\\d+)"), "Room", "\\ufeff\\nHand #12: x")
    ('Room', '12')
    """
    return hand_key(site, pattern.match(hand_start(text)))


#: The summary line of PokerStars' format, which GGPoker, Winamax, Bovada and WPN copy: a
#: hand that ends before it was cut (``read_lines``' ``summary`` unless the room says).
SUMMARY_LINE = "*** SUMMARY ***"


def hand_text(raw: Source) -> str:
    """A hand's text ending with a newline, as the line grammars want it: every line
    terminal ends with "\\n", and the last hand of a file often has none."""
    return raw.text if raw.text.endswith("\n") else raw.text + "\n"


def read_lines(
    lark: Lark,
    raw: Source,
    text: str,
    hand_id: str | None,
    *,
    summary: str = SUMMARY_LINE,
    whole_line: bool = False,
    named: str | None = None,
) -> list[LineToken]:
    """The line tokens of ``text`` (:func:`hand_text` of ``raw``) by the room's grammar
    ``lark``; lark's error becomes the ``ParseError`` or ``IncompleteHand`` of
    :func:`parser.kit.errors.translate` (``summary``, ``whole_line`` and ``named`` as
    there), naming the hand's file and absolute line."""
    try:
        return line_tokens(lark, text)
    except UnexpectedInput as error:
        raise translate(
            error, raw, text, hand_id, summary=summary, whole_line=whole_line, named=named
        ) from None


def repeats_dropped(tokens: list[LineToken]) -> list[LineToken]:
    """``tokens`` without any line that repeats the line before it word for word.

    A client that loses its connection may write what it is sent again (Bovada's files
    hold an action, a blind or a "Hand result" two to eleven times in a row). A room
    whose two consecutive lines are never the same event (each names its seat, and a seat
    never acts, posts or is paid twice in a row: a second pot has its own words) reads
    such a run once; the replay still checks every chip against the log's totals."""
    kept: list[LineToken] = []
    for token in tokens:
        if kept and token.type == kept[-1].type and token.value == kept[-1].value:
            continue
        kept.append(token)
    return kept
