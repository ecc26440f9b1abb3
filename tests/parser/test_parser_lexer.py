"""parser/kit/lexer.py finds the same tokens as lark's own contextual lexer, faster."""

from __future__ import annotations

from pathlib import Path

import pytest
from lark.exceptions import UnexpectedInput

from parser import decode, split_hands
from parser.kit.layout import _HANDLERS
from parser.kit.lexer import _COLON_VERBS, _PREFIXES, _VERBS
from parser.rooms.pokerstars.reader import _parser
from tests.parser.conftest import hand_text

NAMES = ("Bob: calls", "Seat 9", "Dealt to", 'Al said, "x', "Carol wins the $5 bounty for")


def tokens(text: str, lexer: str | type) -> list[tuple[str, int]] | str:
    lark = _parser(lexer) if lexer != "line" else _parser()
    try:
        return [(t.type, t.line) for t in lark.parse(text)]
    except UnexpectedInput as error:
        return f"{type(error).__name__} at line {error.line}"


def same_tokens(text: str) -> None:
    assert tokens(text, "line") == tokens(text, "contextual")


def test_every_terminal_has_a_handler() -> None:
    lark = _parser()
    names = {t.name for t in lark.terminals} - {"BLANK"}
    assert names == set(_HANDLERS)


def test_the_shortcuts_name_real_terminals() -> None:
    lark = _parser()
    names = {t.name for t in lark.terminals}
    groups = (*_PREFIXES.values(), *_COLON_VERBS.values(), *_VERBS.values())
    used = {n for group in groups for n in group}
    assert used <= names
    # every terminal but the header has a shortcut (the header is found by its own test)
    assert names - used == {"HEADER_LINE", "BLANK"}


@pytest.mark.parametrize(
    "play",
    [
        "Carol: folds\nAlice: raises $0.20 to $0.30\nBob: folds",
        # names that contain another line's verb: the shortcut fails, the fallback decides
        'Bob: calls: folds\nSeat 9: checks\nDealt to: folds\nAl said, "x: checks',
        "Carol wins the $5 bounty for: folds",
        'Carol said, "I finished the tournament"\nCarol said, "Bob shows [Ah] for fun"',
        # a line no terminal matches, and a known line in the wrong section
        "Carol: chekcs",
        "Seat 1: Alice ($10 in chips)",
    ],
)
def test_same_tokens_as_lark(play: str) -> None:
    same_tokens(hand_text(play, seats=("Alice", "Bob", "Carol", *NAMES)))


@pytest.mark.corpus
@pytest.mark.parametrize("folder", ["pokerstars", "pluribus"])
def test_same_tokens_on_the_corpus(corpora: Path, folder: str) -> None:
    files = sorted((corpora / folder).rglob("*.txt"))
    if folder == "pluribus":
        files = files[::15]  # a sample: ~700 hands, same shapes as the rest
    checked = 0
    for path in files:
        for raw in split_hands(decode(path.read_bytes(), str(path)), str(path)):
            text = raw.text if raw.text.endswith("\n") else raw.text + "\n"
            assert tokens(text, "line") == tokens(text, "contextual"), (path, raw.first_line)
            checked += 1
    assert checked > 500
