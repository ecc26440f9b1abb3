"""Find one stored hand and replay it again from its stored text.

The database keeps each hand's original text, not a serialised replay: replaying is cheap
(about ten thousand hands a second), and a replay from the text always reflects the current
parser and engine. ``pokerhh replay`` and the dashboard's hand viewer both start here.

The engine is imported when a hand is looked up, not with this module: the statistics'
queries import :class:`StoredHand`, and loading the engine (its evaluator tables) with them
cost every command's start-up (issue 25 acceptance 2).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

from analytics.store.db import connect
from analytics.store.rawtext import TextReader
from parser.model.hand import Source

if TYPE_CHECKING:
    from analytics.ingest.pipeline import Stages
    from replayer.result import ReplayResult

_FIND = """
    SELECT h.site, h.hand_id, h.status, h.problem_kind, h.problem_rule, h.problem_message,
           h.problem_line, f.path, h.first_line, h.raw_dictionary, h.raw_z
    FROM hands h JOIN files f ON f.id = h.file_id
    WHERE h.hand_id = ?
"""


class HandNotFound(LookupError):
    def __init__(self, key: str, candidates: tuple[str, ...] = ()) -> None:
        self.key = key
        self.candidates = candidates
        if candidates:
            message = f"{key} is ambiguous: {', '.join(candidates)} (give SITE:NUMBER)"
        else:
            message = f"no stored hand {key}"
        super().__init__(message)


@dataclass(frozen=True, slots=True, kw_only=True)
class StoredHand:
    site: str
    hand_id: str
    status: str
    problem_kind: str | None
    problem_rule: str | None
    problem_message: str | None
    problem_line: int | None
    path: str
    first_line: int
    raw: str

    @property
    def source(self) -> Source:
        return Source(self.path, self.first_line, self.raw)


def find_hand(db_path: str | os.PathLike[str], key: str) -> StoredHand:
    """The hand ``key``: its number (``"100000"``) or ``SITE:NUMBER`` when sites share one.

    Raises :class:`HandNotFound` when there is no such hand, or more than one.
    """
    from analytics.ingest.pipeline import normal_hand_id  # the engine: only when looking

    site, _, number = key.rpartition(":")
    number = normal_hand_id(number)  # stored so: 030000 is hand 30000 (issue 23)
    db = connect(db_path, create=False)
    try:
        if site:
            sql = _FIND + " AND lower(h.site) = lower(?)"
            rows = db.execute(sql, (number, site)).fetchall()
        else:
            rows = db.execute(_FIND, (number,)).fetchall()
        # The text, decompressed with this database's copy of its dictionary (0007).
        reader = TextReader(db.conn)
        rows = [(*row[:-2], reader.text(row[-2], row[-1])) for row in rows]
    finally:
        db.close()
    if len(rows) != 1:
        raise HandNotFound(key, tuple(f"{row[0]}:{row[1]}" for row in rows))
    fields = ("site", "hand_id", "status", "problem_kind", "problem_rule", "problem_message",
              "problem_line", "path", "first_line", "raw")  # fmt: skip
    return StoredHand(**dict(zip(fields, rows[0], strict=True)))


def replay_stored(hand: StoredHand, stages: Stages | None = None) -> ReplayResult:
    """Parse the stored text again and replay it, keeping the state after every event.

    Raises the parser's or the engine's error if this version no longer accepts the hand.
    """
    from analytics.ingest.pipeline import Stages
    from replayer import replay

    parsed = (stages or Stages.default()).parse_hand(hand.source)
    return replay(parsed, record_states=True)
