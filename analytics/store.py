"""The importer's hot path: write one file's hands in one transaction.

Why it looks like this:

- One ``BEGIN IMMEDIATE`` ... ``COMMIT`` per file, with the ``files`` row written last but
  in the same transaction: a killed import leaves either a whole file or nothing of it, and
  a ``files`` row always means every hand of that content is in the database.
- A ``SAVEPOINT`` per hand: if the database refuses one hand's rows (a ``CHECK`` or a
  duplicate seat that the engine let through), only that hand is rolled back, and it is
  stored again as a quarantined record (``store_error``) so nothing is lost.
- ``INSERT ... ON CONFLICT (site, hand_id) DO NOTHING``: a hand already stored (from this
  file or another) is a duplicate; ``rowcount`` tells which, and its children are skipped.
  One exception: a quarantined record gives way to the same hand when it now replays ok
  (a hand cut short at the end of one file and whole in the next, or a parser fix
  picked up with ``--rescan``); an ``ok`` record is never overwritten.
- The connection's ``executemany`` with prepared SQL, not sqlite-utils' ``insert_all``
  (3-4x slower); sqlite-utils keeps the schema and the queries.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum

from analytics.db import write_transaction
from analytics.pipeline import Problem
from analytics.rows import (
    ACTION_COLUMNS,
    ALL_IN_COLUMNS,
    HAND_COLUMNS,
    PLAYER_COLUMNS,
    POT_COLUMNS,
    STAT_COLUMNS,
    HandRows,
    Row,
)


def _insert(table: str, columns: Sequence[str], suffix: str = "") -> str:
    names = ", ".join(columns)
    marks = ", ".join("?" * len(columns))
    return f"INSERT INTO {table} ({names}) VALUES ({marks}){suffix}"


_INSERT_HAND = _insert(
    "hands", ("file_id", *HAND_COLUMNS), " ON CONFLICT (site, hand_id) DO NOTHING"
)
#: A quarantined record gives way to the same hand replayed ok (e.g. a hand cut short in one
#: file and whole in the next); an ok record is never touched.
_REPLACE_HAND = (
    f"UPDATE hands SET ({', '.join(('file_id', *HAND_COLUMNS))})"
    f" = ({', '.join('?' * (len(HAND_COLUMNS) + 1))})"
    " WHERE site = ? AND hand_id = ? AND status <> 'ok' RETURNING id"
)
_INSERT_HAND_WITH_ID = _insert("hands", ("id", "file_id", *HAND_COLUMNS))
_INSERT_PLAYER = _insert("hand_players", ("hand", "player_id", *PLAYER_COLUMNS))
_INSERT_ACTION = _insert("actions", ("hand", *ACTION_COLUMNS))
_INSERT_POT = _insert("pots", ("hand", *POT_COLUMNS))
# The flags' row as it comes (seat first), then the hand and the player id appended.
_INSERT_STATS = _insert("player_hand_stats", (*STAT_COLUMNS, "hand", "player_id"))
_INSERT_ALL_IN = _insert("all_in_ev", ("hand", *ALL_IN_COLUMNS))
_INSERT_FILE = (
    "INSERT INTO files (path, sha256, size, hands, imported_at) VALUES (?, ?, ?, ?, ?)"
    " ON CONFLICT (sha256) DO UPDATE SET hands = max(hands, excluded.hands) RETURNING id"
)
#: A growing file's row follows its content; OR IGNORE: when that content is already
#: another row's, this one keeps its shorter content (the hands are stored either way).
_EXTEND_FILE = (
    "UPDATE OR IGNORE files SET sha256 = ?, size = ?, hands = ?, imported_at = ? WHERE id = ?"
)
_NEW_PLAYER = (
    "INSERT INTO players (site, name) VALUES (?, ?) ON CONFLICT (site, name) DO NOTHING"
    " RETURNING id"
)
_PLAYER_ID = "SELECT id FROM players WHERE site = ? AND name = ?"
Key = tuple[str, str]
#: Kind of the problem stored when the database refuses a replayed hand's rows.
STORE_ERROR = "store_error"


@dataclass(frozen=True, slots=True)
class FileMeta:
    path: str
    sha256: str
    size: int
    #: The hands of that content when they are not all the hands written: a watched
    #: file's held-back last hand is written after the content it follows
    #: (``analytics/watch.py``). None: ``len(hands)``.
    hands: int | None = None
    #: Extend this ``files`` row (a growing file's longer content) instead of adding one;
    #: a row since deleted is added again.
    file_id: int | None = None


class Written(StrEnum):
    """What became of one hand."""

    NEW = "new"
    #: It replaced a quarantined record of the same hand.
    REPLACED = "replaced"
    DUPLICATE = "duplicate"


@dataclass(slots=True)
class FileWrite:
    """What happened to each of a file's hands (same order as given)."""

    file_id: int
    written: list[Written] = field(default_factory=list)
    #: Hands stored (new or replacing a quarantined record), by status.
    by_status: Counter[str] = field(default_factory=Counter)
    #: Hands the database refused, index -> the problem they were quarantined with.
    refused: dict[int, Problem] = field(default_factory=dict)

    @property
    def duplicates(self) -> int:
        return self.written.count(Written.DUPLICATE)

    @property
    def replaced(self) -> int:
        return self.written.count(Written.REPLACED)


class HandWriter:
    """Writes files' hands through one connection; caches player ids between files."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self._player_ids: dict[tuple[str, str], int] = {}

    def write_file(self, meta: FileMeta, hands: Sequence[HandRows]) -> FileWrite:
        """Store ``hands`` and the file's row in one transaction, or nothing if it fails."""
        try:
            with write_transaction(self.conn) as conn:
                # The file row goes first so the hands can point at it; a reader cannot see
                # it before the COMMIT, and a kill before the COMMIT leaves nothing.
                now = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
                count = len(hands) if meta.hands is None else meta.hands
                if meta.file_id is not None and conn.execute(
                    "SELECT 1 FROM files WHERE id = ?", (meta.file_id,)
                ).fetchone():
                    file_id = meta.file_id
                    conn.execute(_EXTEND_FILE, (meta.sha256, meta.size, count, now, file_id))
                else:
                    (file_id,) = conn.execute(
                        _INSERT_FILE, (meta.path, meta.sha256, meta.size, count, now)
                    ).fetchone()
                written = FileWrite(file_id)
                if not self._write_bulk(conn, file_id, hands, written):
                    for index, hand in enumerate(hands):
                        self._write_hand(conn, file_id, index, hand, written)
        except BaseException:
            # Ids handed out inside the rolled-back transaction no longer exist.
            self._player_ids.clear()
            raise
        return written

    def _write_bulk(
        self, conn: sqlite3.Connection, file_id: int, hands: Sequence[HandRows], out: FileWrite
    ) -> bool:
        """The fast path: the whole file in one ``executemany`` per table.

        It applies when no hand needs the per-hand treatment: none replaces a quarantined
        record and the database refuses none. Otherwise it rolls back and returns False,
        and the per-hand path (a savepoint each) does the work.
        """
        stored = self._stored(conn, hands)
        if any(status != "ok" for status in stored.values()):
            return False
        conn.execute("SAVEPOINT bulk")
        try:
            (next_id,) = conn.execute("SELECT coalesce(max(id), 0) + 1 FROM hands").fetchone()
            seen = set(stored)
            hand_rows: list[Row] = []
            player_rows: list[Row] = []
            action_rows: list[Row] = []
            pot_rows: list[Row] = []
            stat_rows: list[Row] = []
            all_in_rows: list[Row] = []
            written: list[Written] = []
            for hand in hands:
                key = (hand.site, hand.hand_id)
                if key in seen:
                    written.append(Written.DUPLICATE)
                    continue
                seen.add(key)
                written.append(Written.NEW)
                hand_key, next_id = next_id, next_id + 1
                hand_rows.append((hand_key, file_id, *hand.hand))
                ids = self._player_ids
                by_seat: dict[int, int] = {}
                for row in hand.players:
                    player_id = ids.get((hand.site, row[1]))
                    if player_id is None:
                        player_id = self._player_id(conn, hand.site, row[1])
                    player_rows.append((hand_key, player_id, *row))
                    by_seat[row[0]] = player_id
                action_rows.extend((hand_key, *row) for row in hand.actions)
                pot_rows.extend((hand_key, *row) for row in hand.pots)
                stat_rows.extend(_stat_row(hand_key, by_seat, row) for row in hand.stats)
                all_in_rows.extend((hand_key, *row) for row in hand.all_in)
            conn.executemany(_INSERT_HAND_WITH_ID, hand_rows)
            conn.executemany(_INSERT_PLAYER, player_rows)
            conn.executemany(_INSERT_ACTION, action_rows)
            conn.executemany(_INSERT_POT, pot_rows)
            conn.executemany(_INSERT_STATS, stat_rows)
            conn.executemany(_INSERT_ALL_IN, all_in_rows)
        except sqlite3.IntegrityError:
            conn.execute("ROLLBACK TO bulk")
            conn.execute("RELEASE bulk")
            self._player_ids.clear()
            return False
        conn.execute("RELEASE bulk")
        out.written.extend(written)
        for hand, what in zip(hands, written, strict=True):
            if what is Written.NEW:
                out.by_status[hand.status] += 1
        return True

    def _stored(self, conn: sqlite3.Connection, hands: Sequence[HandRows]) -> dict[Key, str]:
        """Status of those of ``hands`` already in the database, by (site, hand id)."""
        by_site: dict[str, list[str]] = {}
        for hand in hands:
            by_site.setdefault(hand.site, []).append(hand.hand_id)
        found: dict[Key, str] = {}
        for site, ids in by_site.items():
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                marks = ", ".join("?" * len(chunk))
                query = (
                    "SELECT hand_id, status FROM hands"
                    f" WHERE site = ? AND hand_id IN ({marks})"
                )
                for hand_id, status in conn.execute(query, (site, *chunk)):
                    found[(site, hand_id)] = status
        return found

    def _write_hand(
        self, conn: sqlite3.Connection, file_id: int, index: int, hand: HandRows, out: FileWrite
    ) -> None:
        conn.execute("SAVEPOINT hand")
        try:
            written = self._insert(conn, file_id, hand)
        except sqlite3.IntegrityError as error:
            conn.execute("ROLLBACK TO hand")
            self._player_ids.clear()
            problem = Problem(
                kind=STORE_ERROR,
                message=f"the database refused the hand's rows: {error}",
                line=hand.hand[HAND_COLUMNS.index("first_line")],
            )
            hand = hand.quarantined(problem)
            written = self._insert(conn, file_id, hand)
            out.refused[index] = problem
        conn.execute("RELEASE hand")
        out.written.append(written)
        if written is not Written.DUPLICATE:
            out.by_status[hand.status] += 1

    def _insert(self, conn: sqlite3.Connection, file_id: int, hand: HandRows) -> Written:
        values = (file_id, *hand.hand)
        cursor = conn.execute(_INSERT_HAND, values)
        if cursor.rowcount == 1:
            written, hand_key = Written.NEW, cursor.lastrowid
        elif hand.status == "ok":
            # A duplicate; only a quarantined record (which has no child rows) gives way.
            row = conn.execute(_REPLACE_HAND, (*values, hand.site, hand.hand_id)).fetchone()
            if row is None:
                return Written.DUPLICATE
            written, hand_key = Written.REPLACED, row[0]
        else:
            return Written.DUPLICATE
        if not hand.players:
            return written
        site = hand.site
        ids = self._player_ids
        players = []
        by_seat: dict[int, int] = {}
        for row in hand.players:
            player_id = ids.get((site, row[1]))
            if player_id is None:
                player_id = self._player_id(conn, site, row[1])
            players.append((hand_key, player_id, *row))
            by_seat[row[0]] = player_id
        conn.executemany(_INSERT_PLAYER, players)
        conn.executemany(_INSERT_ACTION, [(hand_key, *row) for row in hand.actions])
        if hand.pots:
            conn.executemany(_INSERT_POT, [(hand_key, *row) for row in hand.pots])
        if hand.stats:
            conn.executemany(
                _INSERT_STATS, [_stat_row(hand_key, by_seat, row) for row in hand.stats]
            )
        if hand.all_in:
            conn.executemany(_INSERT_ALL_IN, [(hand_key, *row) for row in hand.all_in])
        return written

    def _player_id(self, conn: sqlite3.Connection, site: str, name: str) -> int:
        row = conn.execute(_NEW_PLAYER, (site, name)).fetchone()
        if row is None:
            row = conn.execute(_PLAYER_ID, (site, name)).fetchone()
        player_id = int(row[0])
        self._player_ids[(site, name)] = player_id
        return player_id


def _stat_row(hand_key: int | None, player_ids: dict[int, int], row: Row) -> Row:
    """A ``player_hand_stats`` row: the flags (seat first), the hand, the seat's player id."""
    return (*row, hand_key, player_ids[row[0]])
