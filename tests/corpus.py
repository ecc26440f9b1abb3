"""Where the shared corpora live, for tests that read real hand histories in place.

They sit beside the checkout (``../shared/corpora``); a user's clone without them skips
those tests cleanly. ``POKERHH_CORPORA`` points elsewhere.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from parser.model.errors import PokerhhError
    from parser.model.hand import ParsedHand
    from parser.rooms.pokerstars.split import RawHand
    from replayer.result import ReplayResult

REPO = Path(__file__).resolve().parents[1]
CORPORA = Path(os.environ.get("POKERHH_CORPORA", REPO.parent / "shared" / "corpora"))
T = TypeVar("T")
#: ``POKERHH_FULL_CORPUS=1``: the oracle tests that replay a whole corpus in pokerkit (about
#: 60 ms a hand) take every hand; by default they take a deterministic sample
#: (``sampled``), so that the suite stays well under 15 minutes (docs/testing.md).
FULL_CORPUS = os.environ.get("POKERHH_FULL_CORPUS", "") not in ("", "0")


def corpus_files(name: str) -> list[Path]:
    """The hand-history files of one corpus, sorted, or [] when it is absent."""
    root = CORPORA / name
    if not root.is_dir():
        return []
    return sorted(p for p in root.rglob("*.txt") if p.name != "MANIFEST.md")


def sampled(items: Sequence[T], every: int, hard: Callable[[T], bool]) -> list[T]:
    """Every ``every``-th item and every item ``hard`` picks, in order; all of them with
    ``POKERHH_FULL_CORPUS=1``. The same items on every run (no randomness): a failure
    found by the sample is found again."""
    if FULL_CORPUS:
        return list(items)
    return [item for number, item in enumerate(items) if number % every == 0 or hard(item)]


@dataclass(frozen=True, slots=True)
class Replayed:
    """One hand of a corpus as the parser and the engine saw it: ``hand`` is None when the
    parser refused it, ``result`` None when the parser or the engine did (``error`` says
    why)."""

    path: Path
    raw: RawHand
    hand: ParsedHand | None
    result: ReplayResult | None
    error: PokerhhError | None


@cache
def replayed(name: str) -> tuple[Replayed, ...]:
    """Every hand of a corpus, decoded, split, parsed and replayed once for the session, in
    file order: several test modules read the same replays (Pluribus: 10,000 hands, 5-8 s
    and about 100 MB kept). The objects are frozen; a test must not change them. A file
    that does not decode raises, as it did in each module before."""
    from parser import decode, parse_hand, split_hands
    from parser.model.errors import PokerhhError
    from replayer import replay

    out: list[Replayed] = []
    for path in corpus_files(name):
        for raw in split_hands(decode(path.read_bytes(), str(path)), str(path)):
            try:
                hand = parse_hand(raw)
            except PokerhhError as error:
                out.append(Replayed(path, raw, None, None, error))
                continue
            try:
                out.append(Replayed(path, raw, hand, replay(hand), None))
            except PokerhhError as error:
                out.append(Replayed(path, raw, hand, None, error))
    return tuple(out)
