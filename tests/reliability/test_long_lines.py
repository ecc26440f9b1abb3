"""Issue 23, items 2 and 5 (the parser's part): long and pathological lines are read in
time linear in their length, a line over ``MAX_LINE`` is refused unread, and splitting a
file streams (no list of every line of the file; junk before the first header is reported
by its first line).

The bounds below are generous (a loaded CI host): before the fixes the 60 KB line of
" wins " took 69 s (BOUNTY_LINE's backtracking) and splitting 3 MB of "ab\\n" held ~75 MB.
"""

from __future__ import annotations

import re
import time
import tracemalloc

import pytest

from parser.formats import parse_hand as parse_any
from parser.formats import split_hands as split_any
from parser.kit.lexer import MAX_LINE
from parser.kit.split import MAX_HAND, split_at_headers
from parser.model.errors import ParseError
from parser.rooms.pokerstars.reader import parse_hand
from parser.rooms.pokerstars.split import split_hands
from tests.reliability import long_lines
from tests.reliability.conftest import SAMPLES

WALK = SAMPLES / "pokerstars/nlhe/walk.txt"
HEADER = "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02) - 2019/07/12 03:46:40 ET\n"


def _with_line(junk: str, at: int = 3) -> str:
    lines = WALK.read_text(encoding="utf-8").split("\n")
    return "\n".join([*lines[:at], junk, *lines[at:]])


def _parse_error(text: str) -> tuple[ParseError, float]:
    (raw,) = split_hands(text, "long.txt")
    started = time.perf_counter()
    with pytest.raises(ParseError) as caught:
        parse_hand(raw)
    return caught.value, time.perf_counter() - started


@pytest.mark.parametrize("word", [" wins ", ' said, "', ": shows [", " [", "1,", " ("])
def test_a_pathological_line_under_the_limit_is_read_in_linear_time(word: str) -> None:
    junk = (word * (60_000 // len(word) + 1))[:60_000]
    error, took = _parse_error(_with_line(junk))
    assert error.line in (4, 5)
    assert error.path == "long.txt"
    assert took < 5, f"{took:.1f} s for a 60 KB line of {word!r}"


def test_a_line_over_the_limit_is_refused_unread() -> None:
    error, took = _parse_error(_with_line(" wins " * 16_666))
    assert "line too long: 99,994 characters" in str(error)  # stripped
    assert f"at most {MAX_LINE:,}" in str(error)
    assert (error.path, error.line, error.hand_id) == ("long.txt", 4, "9000000003")
    assert len(error.text) <= 80
    assert took < 1


def test_junk_before_the_first_header_is_reported_by_its_first_line() -> None:
    junk = "\n\n" + "ab\n" * 1_000_000  # 3 MB, over MAX_HAND
    assert len(junk) > MAX_HAND
    tracemalloc.start()
    hands = [(h.first_line, h.text) for h in split_hands(junk + HEADER + "A\n", "f.txt")]
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert hands == [(3, "ab\n"), (1_000_003, HEADER + "A\n")]
    assert peak < 10_000_000, f"{peak:,} bytes"  # the text is 3 MB; a line list was 75 MB


def test_a_hand_over_the_cap_keeps_its_first_mib_only() -> None:
    text = HEADER + "ab\n" * 1_000_000 + HEADER + "B\n"
    (first, second) = split_hands(text, "f.txt")
    assert first.text.startswith(HEADER)
    assert len(first.text) <= MAX_HAND
    assert (second.first_line, second.text) == (1_000_002, HEADER + "B\n")


def test_the_kit_splitter_streams_and_caps_junk_too() -> None:
    """``parser.kit.split.split_at_headers`` (GGPoker, Winamax, Bovada, Full Tilt)."""
    header = re.compile(r"Poker Hand #[A-Z]{0,3}\d+: ")
    text = "ab\n" * 1_000_000 + "Poker Hand #RC1: x\nA\n"
    tracemalloc.start()
    hands = [(h.first_line, h.text) for h in split_at_headers(text, "f", header, "Poker Hand #")]
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert hands == [(1, "ab\n"), (1_000_001, "Poker Hand #RC1: x\nA\n")]
    assert peak < 40_000_000, f"{peak:,} bytes"  # a hand's 1 MiB of lines; was 73 MB


#: A room's pathological line, in characters, and the time it may take at most: every
#: room reads 32 KB of its words in under 0.7 s here (linear: 15-20 us a character at
#: worst), where the quadratic terminals took 6-20 s (GGPoker's ": shows [" after a name,
@pytest.mark.parametrize("room", list(long_lines.ROOMS))
def test_every_room_refuses_a_line_over_the_limit(room: str) -> None:
    """The limit is the kit's, for every reader: PartyPoker's, lexed by lark's own lexer,
    tried its terminals on a 99 KB line before (its error named no length)."""
    path, text = long_lines.hand_with(room, "alone", "x ", 99_994)
    errors = []
    for raw in split_any(text, path):
        with pytest.raises(ParseError) as caught:
            parse_any(raw)
        errors.append(str(caught.value))
    assert any("line too long" in e and f"at most {MAX_LINE:,}" in e for e in errors), errors


#: PokerStars' 'said, "' before a summary line, ": folds [" with no "]"). The bound sits
#: between the two, generous for a loaded 2-core CI.
LONG = 32_000
BOUND = 4.0


@pytest.mark.parametrize("room", list(long_lines.ROOMS))
def test_every_rooms_pathological_lines_are_read_in_linear_time(room: str) -> None:
    """A room's own words (the verbs a terminal scans after for "]", ")" or a closing
    quote) on a 32 KB line: alone, after a player's name, before one of the hand's lines."""
    slow = []
    for word in long_lines.ROOMS[room].words:
        for form in ("alone", "named", "before"):
            path, text = long_lines.hand_with(room, form, word, LONG)
            started = time.perf_counter()
            long_lines.read(path, text)
            took = time.perf_counter() - started
            if took > BOUND:
                slow.append(f"{form} {word!r}: {took:.1f} s")
    assert not slow, slow


@pytest.mark.parametrize(
    "line", long_lines.LINES, ids=[f"{c[0]}-{c[3].strip()}{c[4].strip()}" for c in long_lines.LINES]
)
def test_a_rooms_header_and_once_a_hand_lines_are_read_in_linear_time(
    line: tuple[str, int, str, str, str],
) -> None:
    room, index, start, new, word = line
    path, text = long_lines.hand_with_line(room, index, start, new, word, LONG)
    started = time.perf_counter()
    long_lines.read(path, text)
    took = time.perf_counter() - started
    assert took < BOUND, f"{took:.1f} s for {new!r} + 32 KB of {word!r}"
