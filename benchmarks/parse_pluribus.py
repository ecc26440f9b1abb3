"""Hands per second of decode + split + parse over the Pluribus corpus (10,000 hands),
against a plain regex line classifier on the same text.

    .venv/bin/python benchmarks/parse_pluribus.py [--repeat N] [--profile] [--corpus DIR]

Reads every file into memory first (disk time is not the parser's), then times
``decode`` -> ``split_hands`` -> ``parse_hand`` for all of them. The baseline (issue 11: the
parser within 2x of it) decodes the same files and classifies every line with one compiled
alternation of the PokerStars line kinds, extracting no field: the least any reader of
these files does. Prints the best of N runs of each (other processes make single runs
noisy), their ratio, and the parser's split into splitting, lexing+parsing (the grammar's
line tokens) and building the events.

The lexer and the builder remember what repeats across hands (a line's kind, a seat, a
total pot: ``parser.kit.layout.forget``); every timed run starts with that forgotten, so it
times a first pass over the corpus, as an import sees it, not a second look at text the
parser has already seen.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from parser import decode, parse_hand, split_hands  # noqa: E402
from parser.kit.layout import Builder, forget  # noqa: E402
from parser.kit.lexer import line_matches  # noqa: E402
from parser.model.hand import Source  # noqa: E402
from parser.rooms.pokerstars.reader import _parser  # noqa: E402

CORPUS = ROOT / ".." / "shared" / "corpora" / "pluribus"

#: One alternation of the line kinds of a PokerStars hand, most frequent shapes first.
_LINE_KINDS = re.compile(
    "|".join(
        f"(?P<{kind}>{pattern})"
        for kind, pattern in (
            ("fold", r".+: folds"),
            ("check", r".+: checks"),
            ("call", r".+: calls \S+"),
            ("raise", r".+: raises \S+ to \S+"),
            ("bet", r".+: bets \S+"),
            ("post", r".+: posts .+"),
            ("seat", r"Seat \d+: .+"),
            ("dealt", r"Dealt to .+ \[.+\]"),
            ("street", r"\*\*\* .+ \*\*\*.*"),
            ("header", r"PokerStars (?:Hand|Game) #\d+: .+"),
            ("table", r"Table '.+'.*"),
            ("uncalled", r"Uncalled bet \(\S+\) returned to .+"),
            ("collect", r".+ collected \S+ from .+"),
            ("shows", r".+: (?:shows|mucks) .+"),
            ("doesnt_show", r".+: doesn't show hand"),
            ("total", r"Total pot .+"),
            ("board", r"Board \[.+\]"),
            ("note", r".+ (?:said, |joins |leaves |is (?:dis)?connected|has timed out).*"),
        )
    )
)


def run(files: list[tuple[str, bytes]]) -> int:
    count = 0
    for path, data in files:
        for raw in split_hands(decode(data, path), path):
            parse_hand(raw)
            count += 1
    return count


def classify(files: list[tuple[str, bytes]]) -> int:
    """The baseline: every line of every file given its kind (or None); returns the hands."""
    match = _LINE_KINDS.match
    hands = 0
    for path, data in files:
        for line in decode(data, path).split("\n"):
            found = match(line)
            if found is not None and found.lastgroup == "header":
                hands += 1
    return hands


def best(repeat: int, work: Callable[[], object]) -> float:
    fastest = float("inf")
    for _ in range(repeat):
        forget()  # a first pass each time (the module docstring)
        start = time.perf_counter()
        work()
        fastest = min(fastest, time.perf_counter() - start)
    return fastest


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--repeat", type=int, default=5)
    options.add_argument("--profile", action="store_true")
    options.add_argument("--corpus", type=Path, default=CORPUS)
    args = options.parse_args()
    paths = sorted(p for p in args.corpus.rglob("*.txt") if p.name != "MANIFEST.md")
    if not paths:
        sys.exit(f"no corpus at {args.corpus}")
    files = [(str(p), p.read_bytes()) for p in paths]
    _parser()  # build the Lark object outside the timing, as a long-lived process would
    run(files)  # and every other format's, and warm the caches
    if args.profile:
        forget()
        cProfile.runctx("run(files)", globals(), {"files": files}, "/tmp/parse_pluribus.prof")
        pstats.Stats("/tmp/parse_pluribus.prof").sort_stats("tottime").print_stats(25)
        return
    count = run(files)
    hands = classify(files)
    parsing = best(args.repeat, lambda: run(files))
    baseline = best(args.repeat, lambda: classify(files))
    print(f"decode+split+parse: {count} hands in {parsing:.3f} s = {count / parsing:,.0f} hands/s")
    print(
        f"regex line classifier: {hands} hands in {baseline:.3f} s = "
        f"{hands / baseline:,.0f} hands/s; the parser takes {parsing / baseline:.2f}x its time"
    )

    texts = [(path, decode(data, path)) for path, data in files]
    raws: list[Source] = [raw for path, text in texts for raw in split_hands(text, path)]
    lark = _parser()
    inputs = [(raw, raw.text if raw.text.endswith("\n") else raw.text + "\n") for raw in raws]
    tokens = [line_matches(lark, text) for _, text in inputs]
    pairs = list(zip(inputs, tokens, strict=True))

    # Each part drops its results as it goes: keeping 10,000 hands' worth alive would time
    # the garbage collector walking them, not the parser.
    def split_all() -> None:
        for path, text in texts:
            for _ in split_hands(text, path):
                pass

    def lex_all() -> None:
        for _, text in inputs:
            line_matches(lark, text)

    def build_all() -> None:
        for (raw, _), hand_tokens in pairs:
            Builder(raw, None).build_lines(hand_tokens)

    splitting = best(args.repeat, split_all)
    lexing = best(args.repeat, lex_all)
    building = best(args.repeat, build_all)
    per = 1e6 / len(raws)
    print(
        f"  per hand: split {splitting * per:.1f} us, lex+parse {lexing * per:.1f} us, "
        f"build events {building * per:.1f} us (decode+split+parse {parsing * per:.1f} us, "
        f"classifier {baseline * per:.1f} us)"
    )


if __name__ == "__main__":
    main()
