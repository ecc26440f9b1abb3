"""New per-hand statistics for the hands already stored (issue 25, item 1).

A statistic added to the catalog (``analytics.stats.catalog``) comes with a migration that
adds its stored bits; the hands stored before it have none. The bits are a pure function
of the replayed hand (``analytics.stats.flags.flag_rows``), so each stored ``ok`` hand's
text is parsed and replayed again, 500 hands at a time, and its seats get exactly the bits a
fresh import gives them (tests/stats/test_new_stat_migration.py compares the two).

A stored hand this version no longer replays keeps NULL bits: its seats count in none of
the new statistics (every sum skips a NULL), rather than as a chance not taken.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from analytics.ingest.pipeline import Stages
from analytics.stats.flags import flag_rows
from analytics.store.rawtext import TextReader
from analytics.store.seat_layout import pack_stats
from parser.model.errors import PokerhhError
from parser.model.hand import Source

__all__ = ["fill_flags2"]

_CHUNK = 500
_UPDATE = "UPDATE seats SET flags2 = ? WHERE hand = ? AND seat = ? AND flags IS NOT NULL"


def fill_flags2(
    conn: sqlite3.Connection,
    progress: Callable[[int, int], None] | None = None,
    stages: Stages | None = None,
) -> int:
    """Fill ``seats.flags2`` (migration 0016) of every ``ok`` hand whose seats have
    statistics and no ``flags2`` yet; ``progress(done, total)`` after each chunk of hands.
    Returns the hands filled."""
    stages = stages or Stages.default()
    reader = TextReader(conn)
    wanted = (
        "FROM hands h WHERE h.status = 'ok' AND h.id > ? AND EXISTS (SELECT 1 FROM seats s"
        " WHERE s.hand = h.id AND s.flags IS NOT NULL AND s.flags2 IS NULL)"
    )
    (total,) = conn.execute(f"SELECT count(*) {wanted}", (0,)).fetchone()
    done = filled = last = 0
    if progress is not None:
        progress(0, total)
    while True:
        rows = conn.execute(
            "SELECT h.id, f.path, h.first_line, h.raw_dictionary, h.raw_z"
            f" {wanted.replace('FROM hands h', 'FROM hands h JOIN files f ON f.id = h.file_id')}"
            " ORDER BY h.id LIMIT ?",
            (last, _CHUNK),
        ).fetchall()
        if not rows:
            return filled
        updates = []
        for key, path, first_line, dictionary, blob in rows:
            last = key
            done += 1
            try:
                source = Source(path, first_line, reader.text(dictionary, blob))
                result = stages.replay(stages.parse_hand(source))
            except PokerhhError:
                continue
            for row in flag_rows(result):
                updates.append((pack_stats(row)[-1], key, row[0]))
            filled += 1
        conn.executemany(_UPDATE, updates)
        if progress is not None:
            progress(done, total)
