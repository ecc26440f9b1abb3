"""A room's lark parser, built once from ``<package>/<name>.lark`` with its lexer."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from importlib.resources import files
from typing import Any

from lark import Lark, Token, Transformer

from parser.kit.keyed_lexer import RoomLexer


def _collect(children: list[Any]) -> list[Token]:
    """A rule's line tokens in order: every rule of a room grammar is a list of lines
    (left-recursive, one reduction per line), so each appends to its first child."""
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
def grammar(package: str, name: str, lexer: type[RoomLexer]) -> Lark:
    """The room's Lark parser (``<package>/<name>.lark``), built once; ``parse``
    returns the hand's line tokens in order (no tree is built).

    Lark calls the inline transformer's methods by rule name; the room grammars' rules
    are all lists of lines, so each gets the one collecting method (but the ``_rules``
    lark inlines: their lines go to the rule that uses them).
    """
    text = files(package).joinpath(f"{name}.lark").read_text(encoding="utf-8")
    rules = set(re.findall(r"^\??([a-z_][a-z0-9_]*)\s*:", text, re.MULTILINE))
    methods: dict[str, Callable[..., Any]] = {
        # Not ``__default__``: lark would call it for the ``_rules`` and repetitions it
        # inlines too, which must stay trees for the rule that uses them to take apart.
        rule: (lambda self, children: _collect(children))
        for rule in rules
        if not rule.startswith("_")
    }
    transformer = type(f"_{name}_lines", (Transformer,), methods)()
    lark = Lark(text, parser="lalr", lexer=lexer, transformer=transformer)
    for rule in lark.rules:
        # lark keeps rule names as Token objects: every reduction's parse-table lookup by
        # name then runs Token.__eq__ in Python. Plain strings hash and compare the same.
        rule.origin.name = str(rule.origin.name)
    return lark
