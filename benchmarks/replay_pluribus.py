"""Per-hand cost of the engine's stages on a corpus: replay, statistics flags, all-in EV.

    .venv/bin/python benchmarks/replay_pluribus.py [--corpus DIR] [--repeat N] [--profile STAGE]

Parses every hand first (not timed: ``benchmarks/parse_pluribus.py`` times the parser),
then times, best of ``--repeat`` runs, each stage over every hand: ``replayer.replay``
(the importer's call, no states), ``analytics.stats.flags.flag_rows`` and
``analytics.equity.all_in_ev.all_in_ev`` behind the importer's gate
(``analytics.ingest.rows.cards_to_come_when_all_in``), and prints µs/hand and hands/s of each and
of the three together. The best of several runs, because this machine is shared: a single
run measures the neighbours too. ``--profile replay|flags|ev`` prints a cProfile of one
stage instead. ``--corpus`` takes any folder of PokerStars histories (the PLO-rich
``pokerstars`` corpus prints the omaha EV cost); hands that do not replay are left out.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import gc
import pstats
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from analytics.equity.all_in_ev import all_in_ev  # noqa: E402
from analytics.ingest.rows import cards_to_come_when_all_in  # noqa: E402
from analytics.stats.flags import flag_rows  # noqa: E402
from parser import decode, parse_hand, split_hands  # noqa: E402
from parser.model.errors import PokerhhError  # noqa: E402
from parser.model.hand import ParsedHand  # noqa: E402
from replayer import replay  # noqa: E402
from replayer.result import ReplayResult  # noqa: E402


def parsed_and_replayed(root: Path) -> tuple[list[ParsedHand], list[ReplayResult]]:
    """Every hand that parses and replays (the others are quarantined by an import)."""
    hands, results = [], []
    for path in sorted(root.rglob("*.txt")):
        try:
            text = decode(path.read_bytes(), str(path))
        except PokerhhError:
            continue
        for raw in split_hands(text, str(path)):
            with contextlib.suppress(PokerhhError):
                parsed = parse_hand(raw)
                results.append(replay(parsed))
                hands.append(parsed)
    return hands, results


def each(stage: Callable[[Any], object], items: list[Any]) -> None:
    """Run a stage on every item, keeping nothing: an import drops each hand's objects
    once its rows are written (keeping them all would time the garbage collector)."""
    for item in items:
        stage(item)


def best(repeat: int, run: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()  # this process's CPU: the neighbours' load counts less
        run()
        times.append(time.process_time() - start)
    return min(times)


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--corpus", type=Path, default=REPO.parent / "shared/corpora/pluribus")
    options.add_argument("--repeat", type=int, default=5)
    options.add_argument("--profile", choices=("replay", "flags", "ev"))
    args = options.parse_args()
    hands, results = parsed_and_replayed(args.corpus)
    if not hands:
        sys.exit(f"no replayable hands in {args.corpus}")
    gc.freeze()  # the parsed corpus is long-lived: keep the collector off it
    stats = [tuple(flag_rows(r)) for r in results]
    gated = [r for r, s in zip(results, stats, strict=True) if cards_to_come_when_all_in(r, s)]
    stages: dict[str, Callable[[], object]] = {
        "replay": lambda: each(replay, hands),
        "flags": lambda: each(flag_rows, results),
        "ev": lambda: each(all_in_ev, gated),
    }
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(stages[args.profile])
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)
        return
    count = len(hands)
    spots = sum(1 for r in gated if (found := all_in_ev(r)) is not None and found.boards)
    print(f"{args.corpus.name}: {count} hands, {len(gated)} past the all-in gate, "
          f"{spots} all-in spots enumerated; best of {args.repeat}")  # fmt: skip
    total = 0.0
    for name, run in stages.items():
        seconds = best(args.repeat, run)
        total += seconds
        print(f"  {name:<7} {seconds / count * 1e6:8.1f} µs/hand  {count / seconds:10,.0f} hands/s")
    print(f"  {'total':<7} {total / count * 1e6:8.1f} µs/hand  {count / total:10,.0f} hands/s")


if __name__ == "__main__":
    main()
