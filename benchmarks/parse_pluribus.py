"""Hands per second of decode + split + parse over the Pluribus corpus (10,000 hands).

    .venv/bin/python benchmarks/parse_pluribus.py [--repeat N] [--profile]

Reads every file into memory first (disk time is not the parser's), then times
``decode`` -> ``split_hands`` -> ``parse_hand`` for all of them; prints the best of N runs
(other processes make single runs noisy) and the split into lexing+parsing and building.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from parser import decode, parse_hand, split_hands  # noqa: E402
from parser.lines import Builder  # noqa: E402
from parser.pokerstars import _parser  # noqa: E402

CORPUS = ROOT / ".." / "shared" / "corpora" / "pluribus"


def run(files: list[tuple[str, bytes]]) -> int:
    count = 0
    for path, data in files:
        for raw in split_hands(decode(data, path), path):
            parse_hand(raw)
            count += 1
    return count


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--repeat", type=int, default=3)
    options.add_argument("--profile", action="store_true")
    args = options.parse_args()
    paths = sorted(CORPUS.glob("*.txt"))
    if not paths:
        sys.exit(f"no corpus at {CORPUS}")
    files = [(str(p), p.read_bytes()) for p in paths]
    _parser()  # build the Lark object outside the timing, as a long-lived process would
    if args.profile:
        cProfile.runctx("run(files)", globals(), {"files": files}, "/tmp/parse_pluribus.prof")
        pstats.Stats("/tmp/parse_pluribus.prof").sort_stats("tottime").print_stats(20)
        return
    best = float("inf")
    for _ in range(args.repeat):
        start = time.perf_counter()
        count = run(files)
        best = min(best, time.perf_counter() - start)
    print(f"decode+split+parse: {count} hands in {best:.2f} s = {count / best:,.0f} hands/s")

    raws = [raw for path, data in files for raw in split_hands(decode(data, path), path)]
    lark = _parser()
    lexing = building = float("inf")
    for _ in range(args.repeat):
        start = time.perf_counter()
        tokens = [lark.parse(raw.text) for raw in raws[:2000]]
        lexing = min(lexing, time.perf_counter() - start)
        start = time.perf_counter()
        for raw, hand_tokens in zip(raws[:2000], tokens, strict=True):
            Builder(raw, None).build(hand_tokens)
        building = min(building, time.perf_counter() - start)
    print(
        f"  per hand: lex+parse {lexing / 2000 * 1e6:.0f} us, "
        f"build events {building / 2000 * 1e6:.0f} us"
    )


if __name__ == "__main__":
    main()
