"""A stored hand's action rows, derived again from its text (migration 0007 dropped the table).

Why not stored: nothing in the product read the ``actions`` table (the viewer, the
explanations and the exports parse the stored text again), and it was the largest table
(870 bytes a hand on the Pluribus corpus, as large as the text itself). The rows are a pure
function of the text (``analytics.ingest.rows.action_rows`` of the parsed hand), so they are made
again here, exactly as the import made them; the Parquet export
(``pokerhh import --engine dask``) still writes them as a dataset.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence

from analytics.ingest.pipeline import Stages
from analytics.ingest.rows import ACTION_COLUMNS, Row, action_rows
from analytics.store.rawtext import TextReader
from parser.model.hand import Source

#: The derived rows' columns: the hand's surrogate id, then ``analytics.ingest.rows``' own.
COLUMNS = ("hand", *ACTION_COLUMNS)

_OK_HANDS = """
    SELECT h.id, f.path, h.first_line, h.raw_dictionary, h.raw_z
    FROM hands h JOIN files f ON f.id = h.file_id
    WHERE h.status = 'ok' {where}
    ORDER BY h.id
"""


def stored_actions(
    conn: sqlite3.Connection, hands: Sequence[int] | None = None, stages: Stages | None = None
) -> Iterator[Row]:
    """The action rows (``COLUMNS``) of the ``ok`` hands ``hands`` (``hands.id``; None:
    every one), hand by hand in id order, as the ``actions`` table held them; ``stages``:
    the parser the hands were imported with (default the real one).

    A quarantined hand has none, as before. Raises the parser's error if this version no
    longer parses a stored ``ok`` hand (it was parsed when stored).
    """
    parse_hand = (stages or Stages.default()).parse_hand
    reader = TextReader(conn)
    if hands is None:
        chunks: list[Sequence[int] | None] = [None]
    else:
        chunks = [hands[i : i + 500] for i in range(0, len(hands), 500)]
    for chunk in chunks:
        if chunk is None:
            cursor = conn.execute(_OK_HANDS.format(where=""))
        else:
            marks = ", ".join("?" * len(chunk))
            cursor = conn.execute(_OK_HANDS.format(where=f"AND h.id IN ({marks})"), chunk)
        for key, path, first_line, dictionary, blob in cursor.fetchall():
            parsed = parse_hand(Source(path, first_line, reader.text(dictionary, blob)))
            for row in action_rows(parsed):
                yield (key, *row)
