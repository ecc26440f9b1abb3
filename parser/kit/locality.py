"""Whether a line terminal's regex can only ever see its own line.

The line lexer remembers, across hands, which terminal a line's text is and where the walk
goes next (:mod:`parser.kit.lexer`, issue 11): that is only right when the answer depends on
the line alone, not on the text after it. It does when nothing in the regex but its final
``\\n`` can match a newline (no ``\\s``, no DOTALL ``.``, every negated class excludes
``\\n``) and nothing looks around (anchors, lookahead, lookbehind): the match is then
decided by ``line + "\\n"``, wherever that line sits.

The check reads the regex's parse (``re._parser``, the standard library's own); anything
it does not know, or a parser it cannot import, answers False, which only costs speed.

>>> line_local(re.compile(r"(.+): folds(?: \\[([^\\]\\n]*)\\])?\\n"))
True
>>> line_local(re.compile(r"Total pot ([^|]*)\\n")), line_local(re.compile(r"(\\s+)\\n"))
(False, False)
>>> line_local(re.compile(r"(?s)(.+)\\n")), line_local(re.compile(r"(.+)$\\n"))
(False, False)
"""

from __future__ import annotations

import re
from typing import Any

_NEWLINE = 10
#: Class categories that hold "\n".
_NEWLINE_CATEGORIES = frozenset(
    {"CATEGORY_SPACE", "CATEGORY_NOT_DIGIT", "CATEGORY_NOT_WORD", "CATEGORY_LINEBREAK"}
)
#: Class categories that do not.
_OTHER_CATEGORIES = frozenset(
    {"CATEGORY_NOT_SPACE", "CATEGORY_DIGIT", "CATEGORY_WORD", "CATEGORY_NOT_LINEBREAK"}
)


def line_local(pattern: re.Pattern[str]) -> bool:
    """Is a match of ``pattern`` decided by the line it starts (see the module docstring)?"""
    try:
        from re import _parser

        items = list(_parser.parse(pattern.pattern, pattern.flags))
    except Exception:  # pragma: no cover - another Python's private module
        return False
    if not items or (str(items[-1][0]), items[-1][1]) != ("LITERAL", _NEWLINE):
        return False
    return _no_newline(items[:-1], dotall=bool(pattern.flags & re.DOTALL))


def _no_newline(items: Any, dotall: bool) -> bool:
    """Can no item of a parsed (sub)pattern match a newline or look around?"""
    for op, arg in items:
        kind = str(op)
        if kind == "LITERAL":
            if arg == _NEWLINE:
                return False
        elif kind == "NOT_LITERAL":
            if arg != _NEWLINE:
                return False
        elif kind == "ANY":
            if dotall:
                return False
        elif kind == "IN":
            if not _class_without_newline(arg):
                return False
        elif kind == "SUBPATTERN":
            if not _no_newline(arg[-1], dotall):
                return False
        elif kind in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            if not _no_newline(arg[2], dotall):
                return False
        elif kind == "BRANCH":
            if not all(_no_newline(branch, dotall) for branch in arg[1]):
                return False
        elif kind == "ATOMIC_GROUP":
            if not _no_newline(arg, dotall):
                return False
        elif kind != "GROUPREF":  # anchors, lookarounds, conditionals: not known local
            return False
    return True


def _class_without_newline(members: Any) -> bool:
    """Does a character class (``[...]`` as parsed) leave out "\\n"?"""
    negated = bool(members) and str(members[0][0]) == "NEGATE"
    if negated:  # "\n" must be one of the members, for certain
        return any(_holds_newline(op, arg) is True for op, arg in members[1:])
    return all(_holds_newline(op, arg) is False for op, arg in members)


def _holds_newline(op: Any, arg: Any) -> bool | None:
    """Does one member of a class hold "\\n" (None: not known)?"""
    kind = str(op)
    if kind == "LITERAL":
        return bool(arg == _NEWLINE)
    if kind == "RANGE":
        return bool(arg[0] <= _NEWLINE <= arg[1])
    if kind == "CATEGORY":
        name = str(arg)
        if name in _NEWLINE_CATEGORIES:
            return True
        if name in _OTHER_CATEGORIES:
            return False
    return None
