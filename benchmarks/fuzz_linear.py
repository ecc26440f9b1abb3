"""Long and pathological lines cost time linear in the input (issue 23 items 2 and 5).

For each input kind and size (10 KB, 100 KB, 1 MB) it prints the time per KB, which
should stay flat as the size grows (a quadratic path shows as a column growing 10x a
step). The inputs: one line of a repeated word ("  wins ", ": shows [", digits, spaces,
brackets ...) inside a real PokerStars hand (parsed: refused as too long past
``MAX_LINE``), the same words as lines of 50 KB each (under the limit, so every terminal's
regex reads them), and a file of short "ab" lines with a header after it (split).

    POKERHH_PURE=1 .venv/bin/python benchmarks/fuzz_linear.py
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

WALK = (REPO / "sample_histories/pokerstars/nlhe/walk.txt").read_text(encoding="utf-8")
HEADER = "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02) - 2019/07/12 03:46:40 ET\n"
WORDS = (" wins ", ": shows [", ' said, "', " [", " (", "1,", " ", "x", "a: ", "Seat 1: ")
SIZES = (10_000, 100_000, 1_000_000)


def _fill(word: str, size: int) -> str:
    return (word * (size // len(word) + 1))[:size]


def _one_line(word: str, size: int) -> str:
    lines = WALK.split("\n")
    return "\n".join([*lines[:3], _fill(word, size), *lines[3:]])


def _lines_of_50kb(word: str, size: int) -> str:
    lines = WALK.split("\n")
    junk = [_fill(word, 50_000)] * max(1, size // 50_000)
    return "\n".join([*lines[:3], *junk, *lines[3:]])


def _parse(text: str) -> None:
    for raw in split_hands(text, "fuzz.txt"):
        with suppress(PokerhhError):
            parse_hand(raw)


def _time(run: Callable[[], None]) -> float:
    started = time.perf_counter()
    run()
    return time.perf_counter() - started


def main() -> None:
    _parse(WALK)  # build the grammar first
    print(f"{'input':34}" + "".join(f"{size // 1000:>10,} KB" for size in SIZES) + "   (ms/KB)")
    cases: list[tuple[str, Callable[[int], str]]] = [
        *((f"one line of {w!r}", lambda n, w=w: _one_line(w, n)) for w in WORDS),
        *((f"50 KB lines of {w!r}", lambda n, w=w: _lines_of_50kb(w, n)) for w in WORDS),
        ("split: 'ab' lines, then a hand", lambda n: "ab\n" * (n // 3) + WALK),
        ("split: a hand, then 'ab' lines", lambda n: WALK + "ab\n" * (n // 3)),
    ]
    for name, make in cases:
        row = []
        for size in SIZES:
            text = make(size)
            row.append(_time(partial(_parse, text)) * 1000 / (len(text) / 1000))
        print(f"{name:34}" + "".join(f"{ms:13.3f}" for ms in row), flush=True)


if __name__ == "__main__":
    main()
