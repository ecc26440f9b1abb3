"""Time ``replayer.evaluation.evaluator.rank_high`` on 7-card hands, next to pokerkit's evaluator.

Run from the repository root:  .venv/bin/python benchmarks/evaluator.py [hands]
(pokerkit is a test dependency; its timing is skipped when it is not installed).
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from parser.model.cards import DECK
from replayer.evaluation.evaluator import rank_high, rank_omaha_high


def _import_ms() -> dict[str, float]:
    """Cumulative import time (ms) per module of a fresh
    ``import replayer.evaluation.evaluator``, best
    of three, from ``python -X importtime``."""
    root = Path(__file__).resolve().parent.parent
    best: dict[str, float] = {}
    for _ in range(3):
        run = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", "import replayer.evaluation.evaluator"],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        )
        for line in run.stderr.splitlines():
            parts = [p.strip() for p in line.removeprefix("import time:").split("|")]
            if len(parts) == 3 and parts[2] in (
                "replayer",
                "replayer.evaluation.evaluator",
                "replayer.evaluation.tables",
            ):
                ms = int(parts[1]) / 1e3
                best[parts[2]] = min(best.get(parts[2], ms), ms)
    return best


def _per_call_us(func, hands, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for hand in hands:
            func(hand)
        best = min(best, time.perf_counter() - start)
    return best / len(hands) * 1e6


def main(n: int = 200_000) -> None:
    rng = random.Random(20240601)
    hands = [tuple(rng.sample(DECK, 7)) for _ in range(n)]
    ms = _import_ms()
    print(
        f"import: tables {ms['replayer.evaluation.tables']:.0f} ms, evaluator (with tables) "
        f"{ms['replayer.evaluation.evaluator']:.0f} ms,"
        f" whole replayer package {ms['replayer']:.0f} ms"
    )
    print(f"rank_high, 7 cards:  {_per_call_us(rank_high, hands):.2f} us/hand ({n:,} hands)")
    fives = [h[:5] for h in hands]
    print(f"rank_high, 5 cards:  {_per_call_us(rank_high, fives):.2f} us/hand")
    omaha = [(d[:4], d[4:]) for d in (tuple(rng.sample(DECK, 9)) for _ in range(n // 10))]
    us = _per_call_us(lambda hb: rank_omaha_high(*hb), omaha)
    print(f"rank_omaha_high, 4 + 5 cards: {us:.2f} us/hand ({len(omaha):,} hands)")
    try:
        from pokerkit import Card as PkCard
        from pokerkit import StandardHighHand
    except ImportError:
        print("pokerkit not installed: no comparison")
        return
    few = [("".join(c.text for c in h[:2]), "".join(c.text for c in h[2:])) for h in hands[:5_000]]
    us = _per_call_us(lambda hb: StandardHighHand.from_game(*hb), few, repeat=1)
    print(
        f"pokerkit StandardHighHand.from_game, 7 cards as text: {us:.2f} us/hand "
        f"(same first {len(few):,} hands)"
    )
    parsed = [(list(PkCard.parse(h)), list(PkCard.parse(b))) for h, b in few]
    us = _per_call_us(lambda hb: StandardHighHand.from_game(*hb), parsed, repeat=1)
    print(f"pokerkit StandardHighHand.from_game, 7 parsed cards: {us:.2f} us/hand")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200_000)
