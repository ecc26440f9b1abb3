"""Time exact all-in equity (analytics.equity.exact) and all-in EV of a replayed hand.

Run from the repository root:  .venv/bin/python benchmarks/all_in_ev.py [repeats]
Prints the table build time (cold, in this process), then the median time per spot over
``repeats`` runs (default 15) of random hands: heads-up pre-flop (1,712,304 boards), flop
(990), turn (44), three-way pre-flop, omaha pre-flop, pre-flop spots with dead cards (as
Pluribus shows every folded hand) counted by board rank multiset and board by board, and
``all_in_ev`` on a replayed hand.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from analytics.equity import tables as equity_tables
from analytics.equity.all_in_ev import all_in_ev
from analytics.equity.exact import (
    HOLDEM_HIGH,
    OMAHA_HIGH,
    OMAHA_HIGH_LOW8,
    EquityEvaluator,
    equities,
    outcomes,
)
from parser.model.cards import DECK, Card
from replayer.engine import replay
from tests.handdsl import hand

Spot = tuple[list[tuple[Card, ...]], tuple[Card, ...]]


def spots(rng: random.Random, count: int, players: int, hole: int, board: int) -> list[Spot]:
    out = []
    for _ in range(count):
        deck = rng.sample(DECK, players * hole + board)
        holes = [tuple(deck[i * hole : (i + 1) * hole]) for i in range(players)]
        out.append((holes, tuple(deck[players * hole :])))
    return out


def median_ms(
    cases: Sequence[Spot], evaluator: EquityEvaluator | None = None
) -> tuple[float, float]:
    """(median, max) milliseconds per spot."""
    times = []
    for holes, board in cases:
        start = time.perf_counter()
        if evaluator is None:
            equities(holes, board)
        else:
            equities(holes, board, evaluator=evaluator)
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times), max(times)


def timed(func: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        func()
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


HEADS_UP = """
A: posts small 5
B: posts big 10
A: raises to 1000 all-in
B: calls 990 all-in
A: dealt As Ks
B: dealt Qd Qc
flop 2c 7d 9s
turn 3h
river 4c
showdown
B: collects 2000
"""


def main(repeats: int = 15) -> None:
    build = equity_tables.build_all()
    print(f"table build (cold): {build * 1e3:.0f} ms")
    rng = random.Random(20240601)
    first = spots(rng, 1, 2, 2, 0)[0]
    start = time.perf_counter()
    equities(*first)
    print(
        f"first heads-up pre-flop spot in the process: {(time.perf_counter() - start) * 1e3:.0f} ms"
    )
    rows = [
        ("heads-up pre-flop (1,712,304 boards)", spots(rng, repeats, 2, 2, 0), None),
        ("heads-up flop (990 boards)", spots(rng, repeats * 10, 2, 2, 3), None),
        ("heads-up turn (44 boards)", spots(rng, repeats * 10, 2, 2, 4), None),
        ("three-way pre-flop (1,370,754 boards)", spots(rng, repeats, 3, 2, 0), None),
        ("six-way pre-flop (658,008 boards)", spots(rng, repeats, 6, 2, 0), None),
        ("omaha heads-up pre-flop (1,086,008 boards)", spots(rng, repeats, 2, 4, 0), OMAHA_HIGH),
        ("omaha hi/lo heads-up pre-flop", spots(rng, repeats, 2, 4, 0), OMAHA_HIGH_LOW8),
        ("omaha heads-up flop (820 boards)", spots(rng, repeats * 10, 2, 4, 3), OMAHA_HIGH),
    ]
    for name, cases, evaluator in rows:
        median, worst = median_ms(cases, evaluator)
        print(f"{name}: median {median:.1f} ms, max {worst:.1f} ms ({len(cases)} spots)")
    dead_rows = [
        ("heads-up pre-flop, 8 dead (Pluribus, 658,008 boards)", 2, 2, 8, HOLDEM_HIGH),
        ("heads-up pre-flop, 2 dead (1,370,754 boards)", 2, 2, 2, HOLDEM_HIGH),
        ("three-way pre-flop, 6 dead", 3, 2, 6, HOLDEM_HIGH),
        ("omaha hi/lo heads-up pre-flop, 4 dead", 2, 4, 4, OMAHA_HIGH_LOW8),
    ]
    for name, players, size, dead, evaluator in dead_rows:
        cases = spots(rng, repeats, players, size, dead)
        grouped = [
            timed(lambda h=h, d=d, e=evaluator: outcomes(h, (), d, evaluator=e), 1)
            for h, d in cases
        ]
        every = [
            timed(lambda h=h, d=d, e=evaluator: outcomes(h, (), d, evaluator=e, table=False), 1)
            for h, d in cases[:5]
        ]
        print(
            f"{name}: by rank multiset median {statistics.median(grouped):.1f} ms, "
            f"board by board {statistics.median(every):.1f} ms"
        )
    parsed = hand(HEADS_UP, seats=[("A", 1000), ("B", 1000)], button=1, stakes=(5, 10))
    with_states = replay(parsed, record_states=True)
    without = replay(parsed)
    ms = timed(lambda: all_in_ev(with_states), repeats)
    print(f"all_in_ev, heads-up pre-flop hand with states: {ms:.1f} ms")
    print(
        f"all_in_ev, same hand replayed without states (the engine's all-in point): "
        f"{timed(lambda: all_in_ev(without), repeats):.1f} ms"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 15)
