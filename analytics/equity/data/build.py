"""Build ``analytics/equity/data/holdem_heads_up_preflop.npy``: the exact counts (wins of
each hand, ties) of every heads-up pre-flop hold'em matchup over all C(48, 5) boards.

    nice -n 19 .venv/bin/python -m analytics.equity.data.build [--jobs N] [--out FILE]

Why a table: a heads-up pre-flop all-in enumerates 1,712,304 boards (20-100 ms), and the
matchups are few up to the suits' names and the players' order (47,008,
:func:`analytics.equity.tables.heads_up_key`). The counts come from pokerhh's own ranker,
``analytics.equity.exact.HOLDEM_HIGH.rank`` (the one every enumeration uses), so the table agrees
with enumeration by construction; ``tests/equity/test_preflop_table.py`` checks a sample of
rows against :func:`analytics.equity.exact.runouts`.

The canonical matchups share their first hand within 169 groups: each group's boards (the
five-card subsets of the 50 cards the first hand leaves) are ranked once for the first hand
and for every second hand of the group at once; a board holding one of a second hand's cards
is not one of that matchup's boards and is left out of its counts. Deterministic (the
rows are the sorted keys); prints its run time.
"""

from __future__ import annotations

import argparse
import time
from math import comb
from multiprocessing import Pool
from pathlib import Path

import numpy as np

from analytics.equity import tables as tb
from analytics.equity.exact import HOLDEM_HIGH, Boards

#: Boards ranked per pass, and second hands per pass (keeps the temporaries near 100 MB).
CHUNK = 1 << 15
BATCH = 128


def _cards(hand: int) -> tuple[int, int]:
    return hand >> 6, hand & 63


def group_counts(job: tuple[int, list[int]]) -> np.ndarray:
    """(wins first, wins second, ties) for one first hand against each of ``seconds``."""
    first, seconds = job
    a = _cards(first)
    rest = np.array([c for c in range(52) if c not in a], dtype=np.int64)
    table = tb.combinations_table(5)[:, : comb(len(rest), 5)]
    wins, ties, boards = (np.zeros(len(seconds), dtype=np.int64) for _ in range(3))
    for start in range(0, table.shape[1], CHUNK):
        part = Boards((), rest, table[:, start : start + CHUNK])
        # holds[c]: the boards holding card c.
        holds = np.zeros((52, part.count), dtype=bool)
        every = np.arange(part.count)
        for row in part.table:
            holds[rest[row], every] = True
        for lo in range(0, len(seconds), BATCH):
            batch = [_cards(h) for h in seconds[lo : lo + BATCH]]
            high, _ = HOLDEM_HIGH.rank([a, *batch], part)
            # A matchup's boards are those holding neither of the second hand's cards; its
            # values on the others are meaningless (a card twice) and left out.
            mine, theirs = high[0], high[1:]
            second = np.array(batch, dtype=np.int64)
            valid = ~(holds[second[:, 0]] | holds[second[:, 1]])
            rows = slice(lo, lo + len(batch))
            wins[rows] += np.count_nonzero((mine > theirs) & valid, axis=1)
            ties[rows] += np.count_nonzero((mine == theirs) & valid, axis=1)
            boards[rows] += np.count_nonzero(valid, axis=1)
    if not (boards == tb.HEADS_UP_PREFLOP_BOARDS).all():
        raise AssertionError(f"hand {a}: a matchup's boards do not number C(48, 5)")
    return np.stack([wins, boards - wins - ties, ties], axis=1)


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--jobs", type=int, default=1)
    options.add_argument("--out", type=Path, default=tb.HEADS_UP_PREFLOP_FILE)
    args = options.parse_args()
    start = time.perf_counter()
    keys = tb.every_heads_up_key()
    if len(keys) != tb.HEADS_UP_PREFLOP_MATCHUPS:
        raise AssertionError(f"{len(keys)} canonical matchups, expected "
                             f"{tb.HEADS_UP_PREFLOP_MATCHUPS}")  # fmt: skip
    firsts = keys >> 12
    jobs = [(int(f), (keys[firsts == f] & 0xFFF).tolist()) for f in np.unique(firsts)]
    jobs.sort(key=lambda job: -len(job[1]))  # largest first: the workers finish together
    counts: dict[int, np.ndarray] = {}
    with Pool(args.jobs) as pool:
        for done, ((first, _), rows) in enumerate(
            zip(jobs, pool.imap(group_counts, jobs), strict=True), 1
        ):
            counts[first] = rows
            print(f"  {done}/{len(jobs)} groups, {time.perf_counter() - start:.0f} s",
                  flush=True)  # fmt: skip
    table = np.zeros((len(keys), 4), dtype=np.uint32)
    table[:, 0] = keys
    for first, _ in jobs:
        table[firsts == first, 1:] = counts[first]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.save(args.out, table)
    print(f"{len(keys):,} matchups written to {args.out} ({args.out.stat().st_size:,} bytes) "
          f"in {time.perf_counter() - start:.0f} s")  # fmt: skip


if __name__ == "__main__":
    main()
