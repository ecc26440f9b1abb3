"""Shared helpers for the parser tests: a small hand builder and the corpora's location."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from parser import parse_hand
from parser.model import events as ev
from parser.model.hand import ParsedHand
from parser.rooms.pokerstars.split import RawHand

#: ``../shared/corpora`` next to the repository (read-only inputs; absent in some checkouts).
CORPORA = Path(__file__).parents[2] / ".." / "shared" / "corpora"

HEADER = (
    "PokerStars Hand #1001: Hold'em No Limit ($0.05/$0.10 USD) - 2025/08/02 11:24:53 CET"
    " [2025/08/02 5:24:53 ET]"
)
TABLE = "Table 'Wezen' 6-max Seat #3 is the button"
SEATS = ("Alice", "Bob", "Carol")
FORCED = "{0}: posts small blind $0.05\n{1}: posts big blind $0.10"
SUMMARY = "*** SUMMARY ***\nTotal pot $0.20 | Rake $0"


def hand_text(
    play: str = "",
    *,
    seats: tuple[str, ...] = SEATS,
    header: str = HEADER,
    table: str = TABLE,
    forced: str | None = None,
    summary: str = SUMMARY,
) -> str:
    """A small hold'em hand: seats with $10 each, blinds by the first two, ``play`` after
    ``*** HOLE CARDS ***`` (blank lines and indentation of ``play`` are removed)."""
    lines = [header, table]
    lines += [f"Seat {i}: {name} ($10 in chips)" for i, name in enumerate(seats, start=1)]
    lines.append(FORCED.format(*seats) if forced is None else forced)
    lines.append("*** HOLE CARDS ***")
    lines += [line.strip() for line in play.strip().splitlines() if line.strip()]
    lines.append(summary)
    return "\n".join(line for line in lines if line) + "\n"


def parse_text(text: str, path: str = "hh.txt", first_line: int = 1) -> ParsedHand:
    return parse_hand(RawHand(path, first_line, text))


@pytest.fixture
def play() -> Callable[..., list[ev.Event]]:
    """``play("Alice: folds", ...)`` -> the events after the blinds of a small hold'em hand."""

    def run(lines: str, **options: object) -> list[ev.Event]:
        hand = parse_text(hand_text(lines, **options))  # type: ignore[arg-type]
        return [e for e in hand.events if not isinstance(e, ev.PostBlind)]

    return run


@pytest.fixture
def corpora() -> Path:
    if not CORPORA.is_dir():
        pytest.skip(f"corpora not found at {CORPORA}")
    return CORPORA
