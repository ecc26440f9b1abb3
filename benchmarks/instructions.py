"""Instructions per hand, pokerhh's import against pokerkit's parse + replay: a figure that
does not move with the machine's load.

Why: on a shared virtual machine the same import runs at 2,000 to 3,400 hands/s from one
minute to the next (docs/scale.md), and pokerkit's rate in the same run moves too, so the
ratio of two rates is a noisy figure. The number of instructions each executes for the
same hands is not: valgrind's cachegrind counts them, with the first-level cache misses of
its simulated caches (the part of the time that depends on the memory system, which a
loaded host's neighbours make slower). Each side runs twice under valgrind, with its first
files and with none after the same warm-up (modules, tables and one file imported first),
and the difference is divided by the hands: start-up is left out, as in
``import_pluribus.py``'s timed runs.

``--stages`` adds pokerhh's per-stage split in instructions, each stage run alone on the
previous one's output as ``import_pluribus.py``'s split does.

    .venv/bin/python benchmarks/instructions.py [--corpus DIR] [--files N]
                                                [--pokerkit-files M] [--stages]

It needs valgrind (Debian's ``valgrind``); about 5 minutes with the defaults, 10 with
``--stages``.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import re
import shutil
import subprocess
import sys
import tempfile
import warnings
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

_STAGES = ("decode + split", "parse", "replay", "rows", "store")
_COUNTS = {
    "instructions": re.compile(r"I\s+refs:\s+([\d,]+)"),
    "I1 misses": re.compile(r"I1\s+misses:\s+([\d,]+)"),
    "D1 misses": re.compile(r"D1\s+misses:\s+([\d,]+)"),
}


def _pluribus_files(corpus: Path) -> list[Path]:
    return sorted(corpus.glob("*.txt"))


# -- what runs under valgrind ----------------------------------------------------------------


def _drive_pokerhh(files: list[Path], warm: Path) -> int:
    from analytics.ingest.importer import import_paths

    with tempfile.TemporaryDirectory() as tmp:
        import_paths([str(warm)], Path(tmp) / "warm.sqlite", jobs=1)
        if not files:
            return 0
        report = import_paths([str(f) for f in files], Path(tmp) / "bench.sqlite", jobs=1)
        return report.hands_seen


def _drive_pokerkit(files: list[Path], warm: Path) -> int:
    from pokerkit import HandHistory

    warnings.simplefilter("ignore")

    def replay(path: Path) -> int:
        hands = 0
        for history in HandHistory.from_pokerstars(path.read_text(encoding="utf-8")):
            for _state in history:
                pass
            hands += 1
        return hands

    replay(warm)
    return sum(replay(f) for f in files)


def _drive_stage(files: list[Path], warm: Path, stage: str) -> int:
    """The inputs of every stage computed first, then ``stage`` run once ("none": none)."""
    from import_pluribus import store_rows  # the split's store stage, the same code

    from analytics.ingest.pipeline import Stages, process
    from analytics.ingest.prepare import GC_THRESHOLD
    from analytics.ingest.rows import outcome_rows
    from analytics.store import rawtext

    stages = Stages.default()

    def inputs(paths: list[Path]) -> tuple[Any, ...]:
        datas = [(str(f), f.read_bytes()) for f in paths]
        texts = [(path, stages.decode(data, path)) for path, data in datas]
        raws = [list(stages.split_hands(text, path)) for path, text in texts]
        parsed = [[stages.parse_hand(raw) for raw in file] for file in raws]
        refs = {path: rawtext.reference_of(text) for path, text in texts}
        outcomes = [[(process(raw, stages), refs[raw.path]) for raw in file] for file in raws]
        rows = [
            [outcome_rows(o, actions=False, reference=ref, sqlite=True) for o, ref in file]
            for file in outcomes
        ]
        return datas, raws, parsed, outcomes, rows

    inputs([warm])
    datas, raws, parsed, outcomes, rows = inputs(files)
    gc.set_threshold(*GC_THRESHOLD)
    gc.freeze()
    with tempfile.TemporaryDirectory() as tmp:
        if stage == "decode + split":
            for path, data in datas:
                list(stages.split_hands(stages.decode(data, path), path))
        elif stage == "parse":
            for file in raws:
                [stages.parse_hand(raw) for raw in file]
        elif stage == "replay":
            for file in parsed:
                for hand in file:
                    with contextlib.suppress(Exception):
                        stages.replay(hand)
        elif stage == "rows":
            for file in outcomes:
                [outcome_rows(o, actions=False, reference=r, sqlite=True) for o, r in file]
        elif stage == "store":
            store_rows(rows, Path(tmp) / "store.sqlite")
    return sum(len(file) for file in raws)


def _driver(argv: list[str]) -> None:
    what, corpus, count = argv[0], Path(argv[1]), int(argv[2])
    every = _pluribus_files(corpus)
    files, warm = every[:count], every[-1]
    if what == "pokerhh":
        hands = _drive_pokerhh(files, warm)
    elif what == "pokerkit":
        hands = _drive_pokerkit(files, warm)
    else:  # a stage, or "none": the same inputs made, no stage run (the stages' baseline)
        hands = _drive_stage(files, warm, what)
    print(f"hands={hands}", file=sys.stderr)
    sys.stderr.flush()
    os._exit(0)  # the interpreter's tear-down is not part of anybody's figure


# -- the parent: runs the drivers under valgrind ------------------------------------------------


def _counted(what: str, corpus: Path, count: int) -> tuple[dict[str, int], int]:
    command = [
        "valgrind", "--tool=cachegrind", "--cache-sim=yes", "--cachegrind-out-file=/dev/null",
        sys.executable, __file__, "--driver", what, str(corpus), str(count),
    ]  # fmt: skip
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    out = done.stderr
    counts = {}
    for name, pattern in _COUNTS.items():
        found = pattern.search(out)
        if found is None:
            raise SystemExit(f"valgrind gave no {name} for {what}:\n{out[-2000:]}")
        counts[name] = int(found.group(1).replace(",", ""))
    hands = re.search(r"hands=(\d+)", out)
    return counts, int(hands.group(1)) if hands else 0


def _per_hand(what: str, corpus: Path, count: int) -> tuple[dict[str, float], int]:
    """``what``'s counts per hand: its run on ``count`` files less its run on none (a stage:
    less the run that makes the same inputs and runs no stage)."""
    base, _ = (
        _counted(what, corpus, 0)
        if what in ("pokerhh", "pokerkit")
        else _counted("none", corpus, count)
    )
    full, hands = _counted(what, corpus, count)
    if not hands:
        raise SystemExit(f"{what}: no hands in the first {count} files of {corpus}")
    return {name: (full[name] - base[name]) / hands for name in full}, hands


def _line(label: str, figures: dict[str, float]) -> str:
    return (
        f"  {label:24s} {figures['instructions'] / 1e6:8.3f} M instructions/hand"
        f"  {figures['I1 misses'] / 1e3:7.1f} k I1 misses  {figures['D1 misses'] / 1e3:7.1f} k D1"
    )


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--driver":
        _driver(sys.argv[2:])
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--corpus", type=Path, default=REPO.parent / "shared/corpora/pluribus")
    options.add_argument("--files", type=int, default=20, help="pokerhh: the first N files")
    options.add_argument("--pokerkit-files", type=int, default=3, help="pokerkit: first M files")
    options.add_argument("--stages", action="store_true", help="pokerhh's split by stage too")
    args = options.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    if not _pluribus_files(args.corpus):
        raise SystemExit(f"no *.txt files in {args.corpus}")
    from parser import native

    print(f"pokerhh's core: {'compiled' if native.STATUS.used else 'pure Python'}")
    ours, hands = _per_hand("pokerhh", args.corpus, args.files)
    print(f"pokerhh import, one core ({hands} hands):")
    print(_line("end to end", ours))
    if args.stages:
        total: dict[str, float] = dict.fromkeys(ours, 0.0)
        for stage in _STAGES:
            figures, _ = _per_hand(stage, args.corpus, args.files)
            print(_line(stage, figures))
            total = {name: total[name] + figures[name] for name in total}
        print(_line("sum of the stages", total))
    theirs, their_hands = _per_hand("pokerkit", args.corpus, args.pokerkit_files)
    print(f"pokerkit parse + replay ({their_hands} hands):")
    print(_line("end to end", theirs))
    for name in ours:
        print(f"ratio pokerkit / pokerhh, {name} per hand: {theirs[name] / ours[name]:.1f}x")


if __name__ == "__main__":
    main()
