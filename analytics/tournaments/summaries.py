"""A site's summary merged with what the hands say (issue 12).

The summary is the site's word for the whole field: where it states a place or a prize,
that is the place and the prize. The hands are checked against it: a place the hands give
(a "finished the tournament in 3rd place" line, or T3 standings of a whole field) that
differs is reported, as is a different buy-in. Nothing is silently preferred: every
difference is a problem row, shown with the tournament.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from analytics.tournaments.live import Problem


@dataclass(frozen=True, slots=True)
class Placed:
    place: int | None
    prize: int | None = None
    prize_text: str = ""
    entries: int = 1
    source: str = "hands"


def merge_places(
    summary: Mapping[str, Placed],
    hands: Mapping[str, Placed],
    hand_id: str = "",
    money: Callable[[int], str] = str,
) -> tuple[dict[str, Placed], list[Problem]]:
    """Places by player: the summary's, else the hands'; each disagreement a problem, its
    prizes written by ``money`` (the tournament's currency: "$30.00", not 3000).

    >>> merged, problems = merge_places({"A": Placed(1, 500, source="summary")},
    ...                                 {"A": Placed(2), "B": Placed(3)})
    >>> merged["A"].place, merged["A"].source, merged["B"].source, len(problems)
    (1, 'both', 'hands', 1)
    """
    merged: dict[str, Placed] = {}
    problems: list[Problem] = []
    for name in sorted(set(summary) | set(hands)):
        s, h = summary.get(name), hands.get(name)
        if s is None:
            assert h is not None
            merged[name] = h
            continue
        if h is None:
            merged[name] = s
            continue
        if s.place is not None and h.place is not None and s.place != h.place:
            problems.append(Problem("summary_differs", "T3", hand_id,
                f"{name}: the summary says place {s.place}, the hands {h.place}"))  # fmt: skip
        if s.prize is not None and h.prize is not None and s.prize != h.prize:
            problems.append(Problem("summary_differs", "T4", hand_id,
                f"{name}: the summary says a prize of {money(s.prize)}, the hands"
                f" {money(h.prize)}"))  # fmt: skip
        merged[name] = Placed(
            s.place if s.place is not None else h.place,
            s.prize if s.prize is not None else h.prize,
            s.prize_text or h.prize_text,
            max(s.entries, h.entries),
            "both",
        )
    return merged, problems
