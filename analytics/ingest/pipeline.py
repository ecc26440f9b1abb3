"""One hand through the pipeline: parse, replay, and turn any failure into a record.

This is the only place the importer calls the parser and the engine, so swapping them (or
faking them in tests) is one :class:`Stages` value. Library calls are strict and raise; here,
and only here, a hand's error is caught and becomes a :class:`Problem` so the rest of the
file goes on (python-chess's ``GameBuilder.handle_error`` plays the same role).

A hand that fails still needs a natural key to be stored under: the parser's hand id when
it got that far, else the one read from the header line by :func:`identify`, else a hash of
the text (``sha256:...``), so the same broken text imported twice is still one record.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache

from parser.formats import identify as identify_header
from parser.model.errors import HandError, PokerhhError
from parser.model.hand import ParsedHand, Source
from replayer.result import ReplayResult

#: ``hands.status`` for each error ``kind``; every other kind is ``invalid``.
STATUS_BY_KIND = {
    "incomplete": "incomplete",
    "cancelled": "cancelled",
    "unsupported": "unsupported",
}
#: The kind given to an exception that is not a ``PokerhhError``: a bug in pokerhh.
INTERNAL_ERROR = "internal_error"

UNKNOWN_SITE = "unknown"
#: The site of a PHH hand that names none (``parser.rooms.phh.DEFAULT_SITE``).
PHH_SITE = "PHH"


@dataclass(frozen=True, slots=True)
class Stages:
    """The four library calls the importer makes, as plain callables."""

    decode: Callable[[bytes, str], str]
    split_hands: Callable[[str, str], Iterable[Source]]
    parse_hand: Callable[[Source], ParsedHand]
    replay: Callable[[ParsedHand], ReplayResult]

    @staticmethod
    @cache
    def default() -> Stages:
        """The real parser and engine (imported on first use)."""
        from parser import decode
        from parser.formats import parse_hand, split_hands
        from replayer import replay

        return Stages(decode=decode, split_hands=split_hands, parse_hand=parse_hand, replay=replay)


@dataclass(frozen=True, slots=True, kw_only=True)
class Problem:
    """Why a hand is quarantined: what is stored in ``hands.problem_*`` and exported."""

    kind: str
    message: str
    rule: str | None = None
    #: The line of the source file the problem is at (the hand's first line if unknown).
    line: int | None = None
    event_index: int | None = None

    @property
    def status(self) -> str:
        return STATUS_BY_KIND.get(self.kind, "invalid")


@dataclass(frozen=True, slots=True, kw_only=True)
class HandOutcome:
    """One hand after the pipeline: a replayed result, or a problem (and maybe the parse)."""

    source: Source
    site: str
    hand_id: str
    result: ReplayResult | None = None
    parsed: ParsedHand | None = None
    problem: Problem | None = None

    @property
    def status(self) -> str:
        return "ok" if self.problem is None else self.problem.status


def process(raw: Source, stages: Stages | None = None) -> HandOutcome:
    """Parse and replay one hand; never raises for a problem with the hand itself."""
    stages = stages or Stages.default()
    parsed: ParsedHand | None = None
    try:
        parsed = stages.parse_hand(raw)
        result = stages.replay(parsed)
    except PokerhhError as error:
        return _quarantined(raw, parsed, _problem(error, raw))
    except Exception as error:  # a bug in pokerhh must not lose the hand or stop the import
        problem = Problem(
            kind=INTERNAL_ERROR,
            message=f"{type(error).__name__}: {error} (a bug in pokerhh: please report it)",
            line=raw.first_line,
        )
        return _quarantined(raw, parsed, problem)
    return HandOutcome(
        source=raw, site=parsed.site, hand_id=parsed.hand_id, result=result, parsed=parsed
    )


def _problem(error: PokerhhError, raw: Source) -> Problem:
    message = getattr(error, "message", None) or str(error)
    event_index = error.event_index if isinstance(error, HandError) else None
    return Problem(
        kind=error.kind,
        message=message,
        rule=error.rule,
        line=error.line or raw.first_line,
        event_index=event_index,
    )


def _quarantined(raw: Source, parsed: ParsedHand | None, problem: Problem) -> HandOutcome:
    if parsed is not None:
        site, hand_id = parsed.site, parsed.hand_id
    else:
        site, hand_id = identify(raw.text)
    return HandOutcome(source=raw, site=site, hand_id=hand_id, parsed=parsed, problem=problem)


def identify(text: str) -> tuple[str, str]:
    """The natural key of a hand's text, even when it does not parse.

    >>> identify("PokerStars Zoom Hand #231: Hold'em No Limit ($0.02/$0.05)")
    ('PokerStars', '231')
    >>> identify("garbage")
    ('unknown', 'sha256:795b6904e54f82411df4b0e27a373a55')
    """
    found = identify_header(text)  # each room reads its own header (a PHH hand: its hash)
    if found is not None:
        return found
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return UNKNOWN_SITE, f"sha256:{digest}"


def normal_hand_id(hand_id: str) -> str:
    """A hand id as its room means it: a numeric id is a number, so its leading zeros do
    not count (``030000`` is hand ``30000``); any other (GGPoker's ``RC123``, Winamax's
    ``123-45-678``, ``sha256:...``) as it is.

    >>> normal_hand_id("030000"), normal_hand_id("30000"), normal_hand_id("000")
    ('30000', '30000', '0')
    >>> normal_hand_id("RC0123"), normal_hand_id("0-12")
    ('RC0123', '0-12')
    """
    if len(hand_id) > 1 and hand_id[0] == "0" and hand_id.isascii() and hand_id.isdigit():
        return hand_id.lstrip("0") or "0"
    return hand_id
