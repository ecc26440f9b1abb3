"""The long fuzzing run, by hand (issue 9): the parser and the whole pipeline, for minutes
or hours, printing executions, crashes and hangs (docs/reliability.md, "Fuzzing").

Two engines, the same targets and promise as the CI run (``tests/reliability/fuzzing.py``):

- ``--engine atheris`` (the default when ``pip install atheris`` works: 3.0.0 has a wheel
  for CPython 3.11): coverage-guided, libFuzzer mutating the bytes it is given; each input
  is read as a choice of seed hand plus a mutation seed (structured), or as raw bytes
  behind a real header (``--raw``). The parser, engine and analytics are instrumented.
- ``--engine random``: the same mutators driven by a seeded ``random.Random``, no coverage.

A crash is any exception but ``PokerhhError`` from the parser, an ``internal_error`` from
the pipeline, or rows that cannot be built; a hang is a hand over 2 s (SIGALRM). Both are
counted, not fatal, and the first input of each kind is written, minimised, to ``--out``.

    .venv/bin/python benchmarks/fuzz_long.py --seconds 600 [--engine random] [--seed 1]
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import re
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


class Tally:
    def __init__(self, out: Path) -> None:
        self.started = time.perf_counter()
        self.executions = self.hands = 0
        self.crashes: collections.Counter[str] = collections.Counter()
        self.hangs = 0
        self.known = 0
        self.out = out

    def record(self, crash: object, path: str) -> None:
        from tests.reliability.fuzzing import Hang, known_engine_bug, minimise

        what = crash.what  # type: ignore[attr-defined]
        if isinstance(crash, Hang):
            self.hangs += 1
        elif known_engine_bug(what):
            self.known += 1
            return
        key = re.sub(r"'[^']*'|\d+", "_", what)[:120]
        if key not in self.crashes:
            self.out.mkdir(parents=True, exist_ok=True)
            name = self.out / f"crash-{len(self.crashes) + 1:03d}.txt"
            text = crash.text  # type: ignore[attr-defined]
            small = minimise(text, path, what) if not isinstance(crash, Hang) else text
            name.write_text(f"{what}\n--- {path} ---\n{small}", encoding="utf-8",
                            errors="backslashreplace")  # fmt: skip
            print(f"\nnew crash: {what[:200]} -> {name}", flush=True)
        self.crashes[key] += 1

    def report(self) -> None:
        took = time.perf_counter() - self.started
        print(f"\nexecutions: {self.executions:,} in {took:,.0f} s"
              f" ({self.executions / max(took, 1e-9):,.0f}/s); hands: {self.hands:,}")  # fmt: skip
        new = sum(self.crashes.values()) - self.hangs
        print(f"crashes: {new} ({len(self.crashes)} distinct); hangs (> 2 s): {self.hangs};"
              f" known engine bugs hit: {self.known}")  # fmt: skip
        for key, count in self.crashes.most_common():
            print(f"  {count:6,}  {key}")


def run_random(tally: Tally, seconds: float, seed: int, raw: bool) -> None:
    from tests.reliability.fuzzing import (
        Crash,
        check_bytes,
        check_text,
        mutants,
        seed_hands,
        warm_up,
    )

    seeds = seed_hands()
    warm_up(seeds)
    rng = random.Random(seed)
    deadline = time.perf_counter() + seconds
    stream = mutants(rng, seeds)
    while time.perf_counter() < deadline:
        path, text = next(stream)
        tally.executions += 1
        try:
            if raw:
                header = text.split("\n", 1)[0]
                tally.hands += check_bytes((header + "\n").encode() + rng.randbytes(
                    rng.randrange(2000)), path)  # fmt: skip
            else:
                tally.hands += check_text(text, path)
        except Crash as crash:
            tally.record(crash, path)


def run_atheris(tally: Tally, seconds: float, seed: int, raw: bool) -> None:
    import atheris

    from tests.reliability.fuzzing import (
        Crash,
        check_bytes,
        check_text,
        mutate,
        seed_hands,
        warm_up,
    )

    seeds = seed_hands()
    warm_up(seeds)  # the rooms' modules load on first use: load them all before instrumenting
    atheris.instrument_all()  # every function loaded, the lazily loaded rooms included
    tally.started = time.perf_counter()
    deadline = time.perf_counter() + seconds

    def one_input(data: bytes) -> None:
        if time.perf_counter() > deadline:  # libFuzzer's exit skips atexit: report here
            tally.report()
            os._exit(0)
        fdp = atheris.FuzzedDataProvider(data)
        seed_hand = seeds[fdp.ConsumeIntInRange(0, len(seeds) - 1)]
        tally.executions += 1
        try:
            if raw:
                header = seed_hand.text.split("\n", 1)[0]
                body = fdp.ConsumeBytes(fdp.remaining_bytes())
                tally.hands += check_bytes((header + "\n").encode() + body, seed_hand.path)
            else:
                rng = random.Random(fdp.ConsumeInt(8))
                text = mutate(rng, seed_hand, seeds, rounds=fdp.ConsumeIntInRange(1, 6))
                tally.hands += check_text(text, seed_hand.path)
        except Crash as crash:
            tally.record(crash, seed_hand.path)

    # -timeout=0: the 2 s cap is our SIGALRM (libFuzzer's own would kill the process).
    argv = [sys.argv[0], f"-seed={seed}", "-timeout=0",
            "-rss_limit_mb=4096", "-print_final_stats=1"]  # fmt: skip
    atheris.Setup(argv, one_input)
    atheris.Fuzz()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--engine", choices=["atheris", "random"], default=None)
    parser.add_argument("--raw", action="store_true", help="raw bytes behind a real header")
    parser.add_argument("--out", type=Path, default=REPO / "test-artifacts" / "fuzz")
    args = parser.parse_args()
    engine = args.engine
    if engine is None:
        try:
            import atheris  # noqa: F401

            engine = "atheris"
        except ImportError:
            engine = "random"
    print(f"fuzzing with {engine} for {args.seconds:g} s, seed {args.seed}"
          f"{' (raw bytes)' if args.raw else ' (mutated hands)'}", flush=True)  # fmt: skip
    tally = Tally(args.out)
    if engine == "atheris":
        run_atheris(tally, args.seconds, args.seed, args.raw)
    else:
        run_random(tally, args.seconds, args.seed, args.raw)
        tally.report()
    return 0


if __name__ == "__main__":
    sys.exit(main())
