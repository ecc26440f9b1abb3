"""``hand_actions`` for the hands stored before migration 0015, from their stored text.

The rows are a pure function of the parsed hand (:func:`analytics.query.facts.action_facts`),
so a stored hand gets exactly the rows a fresh import gives it: its text is parsed again
(not replayed: the facts need the events alone), 500 hands at a time.
"""

from __future__ import annotations

import sqlite3

from analytics.ingest.pipeline import Stages
from analytics.query.facts import COLUMNS, action_facts
from analytics.store.rawtext import TextReader
from parser.model.errors import PokerhhError
from parser.model.hand import Source

_CHUNK = 500
_INSERT = f"INSERT INTO hand_actions (hand, {', '.join(COLUMNS)}) VALUES (?{', ?' * len(COLUMNS)})"


def fill(conn: sqlite3.Connection, stages: Stages | None = None) -> int:
    """Add the rows of every ``ok`` hand that has none; returns the hands filled. A stored
    hand this version no longer parses keeps no rows (it is found by no action query)."""
    parse_hand = (stages or Stages.default()).parse_hand
    reader = TextReader(conn)
    filled = 0
    last = 0
    while True:
        rows = conn.execute(
            """
            SELECT h.id, f.path, h.first_line, h.raw_dictionary, h.raw_z
            FROM hands h JOIN files f ON f.id = h.file_id
            WHERE h.status = 'ok' AND h.id > ?
              AND NOT EXISTS (SELECT 1 FROM hand_actions a WHERE a.hand = h.id)
            ORDER BY h.id LIMIT ?
            """,
            (last, _CHUNK),
        ).fetchall()
        if not rows:
            return filled
        batch: list[tuple[object, ...]] = []
        for key, path, first_line, dictionary, blob in rows:
            last = key
            try:
                parsed = parse_hand(Source(path, first_line, reader.text(dictionary, blob)))
            except PokerhhError:
                continue
            batch.extend((key, *row) for row in action_facts(parsed))
            filled += 1
        conn.executemany(_INSERT, batch)
