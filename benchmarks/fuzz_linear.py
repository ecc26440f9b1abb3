"""Long and pathological lines cost time linear in the input, in every room (issue 23
items 2 and 5).

For each input kind and size (10 KB, 100 KB, 1 MB) it prints the time per KB, which
should stay flat as the size grows (a quadratic path shows as a column growing 10x a
step). The inputs:

* PokerStars: one line of a repeated word ("  wins ", ": shows [", digits, spaces,
  brackets ...) inside a real hand (parsed: refused as too long past ``MAX_LINE``), the
  same words as lines of 50 KB each (under the limit, so every terminal's regex reads
  them), and a file of short "ab" lines with a header after it (split);
* every room: a valid hand of that room (``sample_histories/<room>/``) with lines of 50 KB
  of a word its grammar backtracks on ("X: shows [" with no "]", 'X said, "' with no
  closing quote, " - Table " ...), alone, after a player's name, or in front of one of the
  hand's own lines; the row shows the worst of the room's words. ``--words`` prints
  every word's row;
* the lines a hand holds once (a header, a table line, a dealt card: ``long_lines.LINES``)
  with a long run of a word their terminal used to read lazily, at 10, 30 and 60 KB.

Before the card and description groups were capped (``{0,255}``) and PokerStars' chat
line made atomic, GGPoker's 50 KB line of ": shows [" took ~17 s and PokerStars' 32 KB of
' said, "' before a summary line 6.7 s; 64 KB of 888's "Tournament #1 " + " - Table "
took 111 s and WPN 2016's "Game ID: .." + spaces 131 s.

    POKERHH_PURE=1 .venv/bin/python benchmarks/fuzz_linear.py [--words]
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from contextlib import suppress
from functools import partial
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from parser.model.errors import PokerhhError  # noqa: E402
from parser.rooms.pokerstars.reader import parse_hand  # noqa: E402
from parser.rooms.pokerstars.split import split_hands  # noqa: E402
from tests.reliability import long_lines  # noqa: E402

SAMPLES = REPO / "sample_histories"
WALK = (SAMPLES / "pokerstars/nlhe/walk.txt").read_text(encoding="utf-8")
HEADER = "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02) - 2019/07/12 03:46:40 ET\n"
WORDS = (" wins ", ": shows [", ' said, "', " [", " (", "1,", " ", "x", "a: ", "Seat 1: ")
SIZES = (10_000, 100_000, 1_000_000)
#: The length of each pathological line in a room's hand (under ``MAX_LINE``).
LINE = 50_000


def _fill(word: str, size: int) -> str:
    return (word * (size // len(word) + 1))[:size]


def _one_line(word: str, size: int) -> str:
    lines = WALK.split("\n")
    return "\n".join([*lines[:3], _fill(word, size), *lines[3:]])


def _lines_of_50kb(word: str, size: int) -> str:
    lines = WALK.split("\n")
    junk = [_fill(word, LINE)] * max(1, size // LINE)
    return "\n".join([*lines[:3], *junk, *lines[3:]])


def _parse(text: str) -> None:
    for raw in split_hands(text, "fuzz.txt"):
        with suppress(PokerhhError):
            parse_hand(raw)


def _time(run: Callable[[], None]) -> float:
    started = time.perf_counter()
    run()
    return time.perf_counter() - started


def _row(name: str, figures: list[float]) -> None:
    print(f"{name:44}" + "".join(f"{ms:13.3f}" for ms in figures), flush=True)


def _room_hand(room: str, form: str, word: str, size: int) -> tuple[str, str]:
    """The room's hand with ``size`` characters of ``word`` as lines of at most 50 KB."""
    path, text = long_lines.hand_with(room, form, word, min(size, LINE))
    if size > LINE:  # the same line again, up to the size (each read: under MAX_LINE)
        junk = long_lines.fill(word, LINE)
        at = text.index(junk)
        text = text[:at] + (junk + "\n") * (size // LINE - 1) + text[at:]
    return path, text


def _per_kb(path: str, text: str) -> float:
    return _time(partial(long_lines.read, path, text)) * 1000 / (len(text) / 1000)


def main() -> None:
    every_word = "--words" in sys.argv
    _parse(WALK)  # build the grammar first
    print(f"{'input':44}" + "".join(f"{size // 1000:>10,} KB" for size in SIZES) + "   (ms/KB)")
    cases: list[tuple[str, Callable[[int], str]]] = [
        *((f"one line of {w!r}", lambda n, w=w: _one_line(w, n)) for w in WORDS),
        *((f"50 KB lines of {w!r}", lambda n, w=w: _lines_of_50kb(w, n)) for w in WORDS),
        ("split: 'ab' lines, then a hand", lambda n: "ab\n" * (n // 3) + WALK),
        ("split: a hand, then 'ab' lines", lambda n: WALK + "ab\n" * (n // 3)),
    ]
    for name, make in cases:
        _row(
            name,
            [
                _time(partial(_parse, text := make(size))) * 1000 / (len(text) / 1000)
                for size in SIZES
            ],
        )
    print("\nevery room: 50 KB lines of its words in a hand of its own (the worst word)")
    for room, case in long_lines.ROOMS.items():
        long_lines.read(*long_lines.hand_with(room, "alone", "x", 10))  # build its grammar
        worst = [0.0] * len(SIZES)
        worst_case = [""] * len(SIZES)
        for word in (*long_lines.GENERIC, *case.words):
            for form in ("alone", "named", "before"):
                row = [_per_kb(*_room_hand(room, form, word, size)) for size in SIZES]
                if every_word:
                    _row(f"  {room} {form} {word!r}", row)
                for i, ms in enumerate(row):
                    if ms > worst[i]:
                        worst[i], worst_case[i] = ms, f"{form} {word!r}"
        _row(room, worst)
        print(f"{'':44}" + "  ".join(f"{c:>11}" for c in worst_case), flush=True)
    print("\nlines a hand holds once, at 10 KB, 30 KB and 60 KB (one line: under MAX_LINE)")
    for room, index, start, new, word in long_lines.LINES:
        row = [
            _per_kb(*long_lines.hand_with_line(room, index, start, new, word, size))
            for size in (10_000, 30_000, 60_000)
        ]
        _row(f"{room} {new.strip()!r} + {word!r}", row)


if __name__ == "__main__":
    main()
