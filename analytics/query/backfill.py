"""``hand_actions`` for the hands stored before migration 0015, from their stored text.

The rows are a pure function of the parsed hand (:func:`analytics.query.facts.action_facts`),
so a stored hand gets exactly the rows a fresh import gives it: its text is parsed again
(not replayed: the facts need the events alone), in worker processes, chunk by chunk,
each chunk committed when the migration gives a checkpoint (``analytics.store.refill``).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from analytics.ingest.pipeline import Stages
from analytics.query.facts import COLUMNS, action_facts
from analytics.store import refill
from parser.model.hand import ParsedHand

_INSERT = f"INSERT INTO hand_actions (hand, {', '.join(COLUMNS)}) VALUES (?{', ?' * len(COLUMNS)})"
#: The hands to fill: an ``ok`` hand without rows (every ``ok`` hand has a decision).
_WANTED = "NOT EXISTS (SELECT 1 FROM hand_actions a WHERE a.hand = h.id)"


def facts_of(stages: Stages, parsed: ParsedHand) -> list[tuple[object, ...]]:
    """The ``hand_actions`` rows of one stored hand (without its id), as the import makes
    them: parsed, not replayed."""
    return list(action_facts(parsed))


def _write(conn: sqlite3.Connection, results: list[refill.Result]) -> None:
    conn.executemany(
        _INSERT, [(key, *row) for key, rows in results if rows is not None for row in rows]
    )


def fill(
    conn: sqlite3.Connection,
    stages: Stages | None = None,
    *,
    progress: Callable[[int, int], None] | None = None,
    commit: Callable[[], None] | None = None,
    jobs: int | None = None,
    chunk: int | None = None,
    also: tuple[refill.Compute, refill.Writer] | None = None,
) -> int:
    """Add the rows of every ``ok`` hand that has none; returns the hands filled. A stored
    hand this version no longer parses keeps no rows (it is found by no action query).
    ``progress``, ``commit``, ``jobs``, ``chunk``, ``also``:
    :func:`analytics.store.refill.refill`'s."""
    return refill.refill(
        conn, _WANTED, facts_of, _write,
        progress=progress, commit=commit, stages=stages, jobs=jobs, chunk=chunk, also=also,
    )  # fmt: skip
