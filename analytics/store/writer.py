"""The importer's hot path: write one file's hands in one transaction.

Why it looks like this:

- One ``BEGIN IMMEDIATE`` ... ``COMMIT`` per file, with the ``files`` row written last but
  in the same transaction: a killed import leaves either a whole file or nothing of it, and
  a ``files`` row always means every hand of that content is in the database. The
  importer writes a few thousand hands' files in one transaction (:meth:`HandWriter.begin`
  ... :meth:`HandWriter.commit`): each file is then a savepoint of it, still all or
  nothing, and the sums of all their hands are added once, before the one ``COMMIT``
  (issue 11: on Pluribus' files of about 109 hands, an import 11% faster than with a
  transaction per file).
- A ``SAVEPOINT`` per hand: if the database refuses one hand's rows (a ``CHECK`` or a
  duplicate seat that the engine let through), only that hand is rolled back, and it is
  stored again as a quarantined record (``store_error``) so nothing is lost.
- ``INSERT ... ON CONFLICT (site, hand_id) DO NOTHING``: a hand already stored (from this
  file or another) is a duplicate; ``rowcount`` tells which, and its children are skipped.
  One exception: a quarantined record gives way to the same hand when it now replays ok
  (a hand cut short at the end of one file and whole in the next, or a parser fix
  picked up with ``--rescan``); an ``ok`` record is never overwritten.
- A hand is refused (stored quarantined as ``store_error``, the rest of the file stored) when
  a value of its rows is beyond SQLite's 64-bit integers (``OverflowError``, caught on the
  rare path only), or an ``ok`` hand's pot or cash-out beyond :data:`MAX_AMOUNT` (RULES.md
  L1): with every amount at most that, no pre-aggregated sum can overflow (issue 23, item
  1; the bound in ``docs/reliability.md``).
- A duplicate (site, hand id) is compared with the stored hand (its text without whitespace
  and line ends): the same hand from another file is noted in ``hand_files`` (so deleting
  one file keeps what another still holds, issue 23 item 7), a different text is kept in
  ``hand_conflicts`` and reported, never dropped (item 6). Numeric hand ids are compared as
  numbers (:func:`normal_hand_id`).
- The connection's ``executemany`` with prepared SQL, not sqlite-utils' ``insert_all``
  (3-4x slower); sqlite-utils keeps the schema and the queries.
"""

from __future__ import annotations

import dataclasses
import hashlib
import sqlite3
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from itertools import islice

from analytics.ingest.pipeline import Problem, normal_hand_id
from analytics.ingest.rows import (
    ALL_IN_COLUMNS,
    HAND_COLUMNS,
    POT_COLUMNS,
    STORED_HAND_COLUMNS,
    STORED_SEAT_COLUMNS,
    HandRows,
    Row,
)
from analytics.query.facts import COLUMNS as MOVE_COLUMNS
from analytics.store import aggregates, rawtext
from analytics.store.db import write_transaction
from parser.model.money import Money


def _insert(table: str, columns: Sequence[str], suffix: str = "") -> str:
    names = ", ".join(columns)
    marks = ", ".join("?" * len(columns))
    return f"INSERT INTO {table} ({names}) VALUES ({marks}){suffix}"


# The tables of migration 0007_compact: ``hands`` with its text compressed, one ``seats`` row
# per seat (``hand_players`` and ``player_hand_stats`` are views of it), no ``actions``.
_INSERT_HAND = _insert(
    "hands", ("file_id", *STORED_HAND_COLUMNS), " ON CONFLICT (site, hand_id) DO NOTHING"
)
#: A quarantined record gives way to the same hand replayed ok (e.g. a hand cut short in one
#: file and whole in the next); an ok record is never touched.
_REPLACE_HAND = (
    f"UPDATE hands SET ({', '.join(('file_id', *STORED_HAND_COLUMNS))})"
    f" = ({', '.join('?' * (len(STORED_HAND_COLUMNS) + 1))})"
    " WHERE site = ? AND hand_id = ? AND status <> 'ok' RETURNING id"
)
_INSERT_HAND_WITH_ID = _insert("hands", ("id", "file_id", *STORED_HAND_COLUMNS))
_INSERT_SEAT = _insert("seats", ("hand", "player_id", *STORED_SEAT_COLUMNS))
_INSERT_POT = _insert("pots", ("hand", *POT_COLUMNS))
_INSERT_ALL_IN = _insert("all_in_ev", ("hand", *ALL_IN_COLUMNS))
#: The query language's betting decisions (``analytics.query.facts``, migration 0015).
_INSERT_MOVE = _insert("hand_actions", ("hand", *MOVE_COLUMNS))
_INSERT_FILE = (
    "INSERT INTO files (path, sha256, size, hands, imported_at) VALUES (?, ?, ?, ?, ?)"
    " ON CONFLICT (sha256) DO UPDATE SET hands = max(hands, excluded.hands) RETURNING id"
)
#: A growing file's row follows its content; OR IGNORE: when that content is already
#: another row's, this one keeps its shorter content (the hands are stored either way).
_EXTEND_FILE = (
    "UPDATE OR IGNORE files SET sha256 = ?, size = ?, hands = ?, imported_at = ? WHERE id = ?"
)
#: The file's hand count, known once its hands are written (a content imported before under
#: another path keeps the larger count).
_FILE_HANDS = "UPDATE files SET hands = max(hands, ?) WHERE id = ?"
#: Hands written per ``executemany`` round (and held in memory at once by a streamed file).
BATCH_HANDS = 500
_NEW_PLAYER = (
    "INSERT INTO players (site, name) VALUES (?, ?) ON CONFLICT (site, name) DO NOTHING"
    " RETURNING id"
)
_PLAYER_ID = "SELECT id FROM players WHERE site = ? AND name = ?"
#: A derived dictionary (a shipped one extended by a file's start, ``analytics.store.rawtext``,
#: migration 0009): found by (base, sha256 of the reference), else added, numbered from
#: ``rawtext.FIRST_DERIVED_ID`` up so shipped ids never meet derived ones.
_DERIVED_ID = "SELECT id FROM raw_dictionaries WHERE base = ? AND sha256 = ?"
_NEW_DERIVED = (
    "INSERT INTO raw_dictionaries (id, name, site, sha256, base, dictionary)"
    " SELECT max(coalesce(max(id), 0) + 1, ?), ?, ?, ?, ?, ? FROM raw_dictionaries"
    " RETURNING id"
)
Key = tuple[str, str]
#: Kind of the problem stored when the database refuses a replayed hand's rows.
STORE_ERROR = "store_error"
#: Kind of the problem reported for a copy of a stored hand whose text differs (kept in
#: ``hand_conflicts``, the stored hand unchanged).
CONFLICT = "conflict"
#: The largest amount a stored ``ok`` hand may hold, in the smallest unit (RULES.md L1:
#: beyond any real game). The engine's rule refuses such hands first; the writer checks
#: again whatever reaches it: an ``ok`` hand whose pot or a cash-out is larger is stored
#: quarantined (``store_error``, rule L1). Every seat's invested, collected and net is then
#: at most the pot, so a sum of them overflows SQLite's 64-bit integer only after
#: 2**63 / 10**12 = 9,223,372 hands of one player each at the limit (issue 23, item 1).
MAX_AMOUNT = 10**12
#: SQLite's INTEGER: a Python int beyond it cannot be bound (``OverflowError``).
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
_TOTAL_POT = HAND_COLUMNS.index("total_pot")
_CASHED_OUT = STORED_SEAT_COLUMNS.index("cashed_out")
_FIRST_LINE = HAND_COLUMNS.index("first_line")
_CURRENCY = HAND_COLUMNS.index("currency")
_UNIT = HAND_COLUMNS.index("unit")
_HAND_FILE = (
    "INSERT INTO hand_files (hand, file_id, first_line) VALUES (?, ?, ?)"
    " ON CONFLICT (hand, file_id) DO NOTHING"
)
_CONFLICT = (
    "INSERT INTO hand_conflicts"
    " (hand, file_id, first_line, sha256, raw_dictionary, raw_z, found_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (hand, sha256) DO NOTHING"
)
#: A stored hand a duplicate is compared with: its id, then :class:`StoredCopy`'s fields.
_STORED_COPY = (
    "SELECT h.hand_id, h.id, h.file_id, h.status, h.raw_dictionary, h.raw_z, f.path, h.first_line"
    " FROM hands h JOIN files f ON f.id = h.file_id"
)


def normal_text(text: str) -> str:
    """A hand's text as two copies are compared: its words, whatever the whitespace and
    line ends between them (a client's CRLF, a trailing blank, a re-wrapped export), and
    without the ``[N]`` table header a PHH set (``.phhs``) puts before each of its hands:
    the same hand alone in a ``.phh`` is the same hand."""
    words = text.split()
    if words and words[0].startswith("[") and words[0].endswith("]") and "\n" in text:
        first, _, rest = text.lstrip().partition("\n")
        if first.strip() == words[0]:
            words = rest.split()
    return " ".join(words)


def same_hand_text(mine: str, theirs: str) -> bool:
    """Whether two copies of a hand id are the same hand: the same words (whitespace and
    line ends aside), or one of the two the other cut short (a hand written while the
    client was still writing it)."""
    mine, theirs = normal_text(mine), normal_text(theirs)
    return mine.startswith(theirs) or theirs.startswith(mine)


def text_digest(text: str) -> str:
    """A conflicting copy's key in ``hand_conflicts``: one row per hand and text."""
    return hashlib.sha256(normal_text(text).encode("utf-8", "surrogatepass")).hexdigest()


def conflict_message(path: str, line: int) -> str:
    """What the report says of a conflicting copy (issue 23 item 6), both imports alike."""
    return (
        f"stored already from {path} line {line} with another text: this copy is kept"
        " apart (hand_conflicts), the stored hand unchanged"
    )


def beyond_limits(hand: HandRows) -> str | None:
    """Why an ``ok`` hand's amounts cannot be summed safely (pot or a cash-out beyond
    :data:`MAX_AMOUNT`), else None."""
    pot = hand.hand[_TOTAL_POT]
    unit = hand.hand[_UNIT]
    # In the hand's money, as the log writes it ("$10,000,000,000.01"), not its cents
    # (issue 23 item 14).
    money = Money(hand.hand[_CURRENCY], unit if isinstance(unit, int) else None, grouped=True)
    limit = f"at most {money(MAX_AMOUNT)}, L1"
    if pot is not None and not -MAX_AMOUNT <= pot <= MAX_AMOUNT:
        return f"total pot {money(pot)} is beyond any real game ({limit})"
    for row in hand.seats:
        cashed_out = row[_CASHED_OUT]
        if cashed_out and not -MAX_AMOUNT <= cashed_out <= MAX_AMOUNT:
            return f"cash-out {money(cashed_out)} is beyond any real game ({limit})"
    return None


def out_of_range(hand: HandRows) -> tuple[str, int] | None:
    """The first value of the hand's rows SQLite cannot store as an INTEGER (column, value),
    else None."""
    tables: tuple[tuple[Sequence[str], Iterable[Row]], ...] = (
        (STORED_HAND_COLUMNS, (hand.stored_hand,)),
        (STORED_SEAT_COLUMNS, hand.seats),
        (POT_COLUMNS, hand.pots),
        (ALL_IN_COLUMNS, hand.all_in),
    )
    for columns, rows in tables:
        for row in rows:
            for column, value in zip(columns, row, strict=False):
                if isinstance(value, int) and not INT64_MIN <= value <= INT64_MAX:
                    return column, value
    return None


def _in_range(row: Row) -> Row:
    """``row`` with every integer SQLite cannot store as NULL (a quarantined record keeps
    what can be kept; its text holds the rest)."""
    return tuple(
        None if isinstance(v, int) and not INT64_MIN <= v <= INT64_MAX else v for v in row
    )


@dataclass(frozen=True, slots=True)
class StoredCopy:
    """The stored hand a duplicate is compared with."""

    id: int
    file_id: int
    status: str
    raw_dictionary: int
    raw_z: bytes
    path: str
    first_line: int


@dataclass(frozen=True, slots=True)
class FileMeta:
    path: str
    sha256: str
    size: int
    #: The hands of that content when they are not all the hands written: a watched
    #: file's held-back last hand is written after the content it follows
    #: (``analytics/ingest/watch.py``). None: ``len(hands)``.
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
    #: The (site, hand id) of each refused hand, for a caller that kept no note of it.
    refused_keys: dict[int, Key] = field(default_factory=dict)
    #: Copies of a stored hand with a different text, index -> the problem reported
    #: (counted as duplicates in ``written``: the stored hand is unchanged; the copy is
    #: kept in ``hand_conflicts``).
    conflicts: dict[int, Problem] = field(default_factory=dict)
    conflict_keys: dict[int, Key] = field(default_factory=dict)

    @property
    def duplicates(self) -> int:
        """Hands stored already (the conflicting copies found now left out)."""
        return self.written.count(Written.DUPLICATE) - len(self.conflicts)

    @property
    def replaced(self) -> int:
        return self.written.count(Written.REPLACED)


class HandWriter:
    """Writes files' hands through one connection; caches player ids between files."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self._player_ids: dict[tuple[str, str], int] = {}
        #: (shipped dictionary id, reference) -> the derived dictionary's id, for the file
        #: being written (each file has its own reference, of 8 KiB: not kept after it).
        self._dictionary_ids: dict[tuple[int, bytes], int] = {}
        #: Inside :meth:`begin` ... :meth:`commit`: the hands stored by the files written so
        #: far, whose sums :meth:`commit` adds (None: no batch, each file adds its own).
        self._unsummed: list[int] | None = None
        #: The file's new hands (new or replacing a quarantined record), for their sums.
        self._fresh: list[int] = []
        #: Reads stored texts, to compare a duplicate with its stored hand (made when the
        #: first duplicate is met; dropped with a rollback, which may drop dictionaries).
        self._reader: rawtext.TextReader | None = None
        #: The index in its file and the file's report of the hand :meth:`_insert` writes.
        self._at: tuple[int, FileWrite] = (0, FileWrite(0))

    def begin(self) -> None:
        """Open a transaction for several files (:meth:`write_file` each, a savepoint of
        it); :meth:`commit` adds their hands' sums and commits, :meth:`rollback` drops
        them all. A kill in between leaves none of them, never a part of one."""
        self.conn.execute("BEGIN IMMEDIATE")
        self._unsummed = []

    def commit(self) -> None:
        """The batch's sums, then ``COMMIT``."""
        unsummed, self._unsummed = self._unsummed, None
        try:
            if unsummed:
                aggregates.add(self.conn, unsummed)
        except BaseException:
            self.rollback()
            raise
        self.conn.execute("COMMIT")

    def rollback(self) -> None:
        """Undo the open batch (every file written since :meth:`begin`)."""
        self._unsummed = None
        self._forget()  # ids handed out in it no longer exist
        if self.conn.in_transaction:
            self.conn.execute("ROLLBACK")

    def _forget(self) -> None:
        """Drop what was cached from rows a rollback may have undone."""
        self._player_ids.clear()
        self._dictionary_ids.clear()
        self._reader = None

    def write_file(self, meta: FileMeta, hands: Iterable[HandRows]) -> FileWrite:
        """Store ``hands`` and the file's row in one transaction, or nothing if it fails.

        ``hands`` is consumed once, :data:`BATCH_HANDS` at a time, so a file of a million
        hands streams through with only one batch's rows in memory (issue 11); the
        transaction still spans the whole file, so a kill leaves all of it or none.
        """
        self._dictionary_ids.clear()
        fresh: list[int] = []
        self._fresh = fresh
        try:
            with write_transaction(self.conn) as conn:
                # The file row goes first so the hands can point at it; a reader cannot see
                # it before the COMMIT, and a kill before the COMMIT leaves nothing.
                now = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
                if meta.file_id is not None and conn.execute(
                    "SELECT 1 FROM files WHERE id = ?", (meta.file_id,)
                ).fetchone():
                    file_id = meta.file_id
                else:
                    (file_id,) = conn.execute(
                        _INSERT_FILE, (meta.path, meta.sha256, meta.size, 0, now)
                    ).fetchone()
                written = FileWrite(file_id)
                count = 0
                batches = map(_with_normal_id, hands)
                while batch := list(islice(batches, BATCH_HANDS)):
                    start = count
                    count += len(batch)
                    if not self._write_bulk(conn, file_id, batch, written):
                        for index, hand in enumerate(batch, start):
                            self._write_hand(conn, file_id, index, hand, written)
                    if self._unsummed is None and fresh:  # no batch: the sums as they go in
                        aggregates.add(conn, fresh)
                        fresh.clear()
                if meta.hands is not None:
                    count = meta.hands
                if meta.file_id == file_id:
                    conn.execute(_EXTEND_FILE, (meta.sha256, meta.size, count, now, file_id))
                else:
                    conn.execute(_FILE_HANDS, (count, file_id))
        except BaseException:
            # Ids handed out inside the rolled-back transaction no longer exist.
            self._forget()
            raise
        if self._unsummed is not None:  # the file is in; its sums come with the batch's
            self._unsummed.extend(fresh)
        return written

    def _write_bulk(
        self,
        conn: sqlite3.Connection,
        file_id: int,
        hands: Sequence[HandRows],
        out: FileWrite,
    ) -> bool:
        """The fast path: the whole file in one ``executemany`` per table.

        It applies when no hand needs the per-hand treatment: none replaces a quarantined
        record, none is beyond :data:`MAX_AMOUNT` and the database refuses none (nor
        SQLite's integers: ``OverflowError``). Otherwise it rolls back and returns False,
        and the per-hand path (a savepoint each) does the work.
        """
        stored = self._stored(conn, hands)
        if any(copy.status != "ok" for copy in stored.values()):
            return False
        if any(hand.status == "ok" and beyond_limits(hand) for hand in hands):
            return False
        conn.execute("SAVEPOINT bulk")
        found = FileWrite(file_id)  # the batch's conflicts, kept if it goes in
        try:
            (next_id,) = conn.execute("SELECT coalesce(max(id), 0) + 1 FROM hands").fetchone()
            seen = set(stored)
            hand_rows: list[Row] = []
            seat_rows: list[Row] = []
            pot_rows: list[Row] = []
            all_in_rows: list[Row] = []
            move_rows: list[Row] = []
            written: list[Written] = []
            duplicates: list[tuple[int, HandRows]] = []
            for offset, hand in enumerate(hands, len(out.written)):
                key = (hand.site, hand.hand_id)
                if key in seen:
                    written.append(Written.DUPLICATE)
                    duplicates.append((offset, hand))
                    continue
                seen.add(key)
                written.append(Written.NEW)
                hand_key, next_id = next_id, next_id + 1
                hand_rows.append(self._hand_values(conn, (hand_key, file_id), hand))
                site = hand.site
                ids = self._player_ids
                for row in hand.seats:
                    player_id = ids.get((site, row[1]))
                    if player_id is None:
                        player_id = self._player_id(conn, site, row[1])
                    seat_rows.append((hand_key, player_id, *row))
                for row in hand.pots:
                    pot_rows.append((hand_key, *row))
                for row in hand.all_in:
                    all_in_rows.append((hand_key, *row))
                for row in hand.moves:
                    move_rows.append((hand_key, *row))
            conn.executemany(_INSERT_HAND_WITH_ID, hand_rows)
            conn.executemany(_INSERT_SEAT, seat_rows)
            conn.executemany(_INSERT_POT, pot_rows)
            conn.executemany(_INSERT_ALL_IN, all_in_rows)
            if move_rows:  # an older schema's writer (a test's 0008 database) has no table
                conn.executemany(_INSERT_MOVE, move_rows)
            for index, hand in duplicates:  # the hands stored before, or earlier in the file
                copy = stored.get((hand.site, hand.hand_id)) or self._stored_copy(conn, hand)
                if copy is not None:
                    self._duplicate(conn, file_id, index, found, hand, copy)
        except (sqlite3.IntegrityError, OverflowError):
            conn.execute("ROLLBACK TO bulk")
            conn.execute("RELEASE bulk")
            self._forget()
            return False
        conn.execute("RELEASE bulk")
        self._fresh.extend(row[0] for row in hand_rows)
        out.written.extend(written)
        out.conflicts.update(found.conflicts)
        out.conflict_keys.update(found.conflict_keys)
        for hand, what in zip(hands, written, strict=True):
            if what is Written.NEW:
                out.by_status[hand.status] += 1
        return True

    def _stored(
        self, conn: sqlite3.Connection, hands: Sequence[HandRows]
    ) -> dict[Key, StoredCopy]:
        """Those of ``hands`` already in the database, by (site, hand id)."""
        by_site: dict[str, list[str]] = {}
        for hand in hands:
            by_site.setdefault(hand.site, []).append(hand.hand_id)
        found: dict[Key, StoredCopy] = {}
        for site, ids in by_site.items():
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                marks = ", ".join("?" * len(chunk))
                query = f"{_STORED_COPY} WHERE h.site = ? AND h.hand_id IN ({marks})"
                for hand_id, *row in conn.execute(query, (site, *chunk)):
                    found[(site, hand_id)] = StoredCopy(*row)
        return found

    def _stored_copy(self, conn: sqlite3.Connection, hand: HandRows) -> StoredCopy | None:
        row = conn.execute(
            f"{_STORED_COPY} WHERE h.site = ? AND h.hand_id = ?", (hand.site, hand.hand_id)
        ).fetchone()
        return None if row is None else StoredCopy(*row[1:])

    def _write_hand(
        self, conn: sqlite3.Connection, file_id: int, index: int, hand: HandRows, out: FileWrite
    ) -> None:
        self._at = (index, out)
        conn.execute("SAVEPOINT hand")
        try:
            beyond = beyond_limits(hand) if hand.status == "ok" else None
            if beyond is not None:
                raise _Refused(beyond, "L1")
            written = self._insert(conn, file_id, hand)
        except (sqlite3.IntegrityError, OverflowError, _Refused) as error:
            conn.execute("ROLLBACK TO hand")
            self._forget()
            out.conflicts.pop(index, None)
            out.conflict_keys.pop(index, None)
            problem = _refusal(hand, error)
            if problem is not None:
                hand = hand.quarantined(problem)
                out.refused[index] = problem
                out.refused_keys[index] = (hand.site, hand.hand_id)
            # What SQLite cannot store of a quarantined record's header is left NULL (its
            # text, stored whole, still has it).
            hand = dataclasses.replace(hand, hand=_in_range(hand.hand))
            written = self._insert(conn, file_id, hand)
        conn.execute("RELEASE hand")
        out.written.append(written)
        if written is not Written.DUPLICATE:
            out.by_status[hand.status] += 1

    def _insert(self, conn: sqlite3.Connection, file_id: int, hand: HandRows) -> Written:
        """Insert one hand (:meth:`_write_hand`'s, at the index and into the report it set)."""
        values = self._hand_values(conn, (file_id,), hand)
        cursor = conn.execute(_INSERT_HAND, values)
        if cursor.rowcount == 1:
            written, hand_key = Written.NEW, cursor.lastrowid
        else:
            copy = self._stored_copy(conn, hand)
            if copy is None:  # cannot be: the insert met it
                return Written.DUPLICATE
            if hand.status != "ok" or copy.status == "ok":
                self._duplicate(conn, file_id, *self._at, hand, copy)
                return Written.DUPLICATE
            # A quarantined record gives way to the same hand replayed ok; one whose text
            # differs (not the same hand cut short) is kept as a conflict, not dropped.
            if not self._same_text(conn, hand, copy):
                old = self._copy_text(conn, copy)
                self._keep_conflict(conn, copy.id, copy.file_id, copy.first_line,
                                    copy.raw_dictionary, copy.raw_z, old)  # fmt: skip
            row = conn.execute(_REPLACE_HAND, (*values, hand.site, hand.hand_id)).fetchone()
            if row is None:
                return Written.DUPLICATE
            written, hand_key = Written.REPLACED, row[0]
        if not hand.seats:
            return written
        site = hand.site
        ids = self._player_ids
        seats = []
        for row in hand.seats:
            player_id = ids.get((site, row[1]))
            if player_id is None:
                player_id = self._player_id(conn, site, row[1])
            seats.append((hand_key, player_id, *row))
        conn.executemany(_INSERT_SEAT, seats)
        if hand.pots:
            conn.executemany(_INSERT_POT, [(hand_key, *row) for row in hand.pots])
        if hand.all_in:
            conn.executemany(_INSERT_ALL_IN, [(hand_key, *row) for row in hand.all_in])
        if hand.moves:
            conn.executemany(_INSERT_MOVE, [(hand_key, *row) for row in hand.moves])
        if hand_key is not None:  # new, or replacing a quarantined record: its sums
            self._fresh.append(hand_key)
        return written

    # -- duplicates: the same hand from another file, or a conflicting copy ------------------

    def _duplicate(
        self,
        conn: sqlite3.Connection,
        file_id: int,
        index: int,
        out: FileWrite,
        hand: HandRows,
        copy: StoredCopy,
    ) -> None:
        """A hand already stored as ``copy``: the same text (or one of the two cut short)
        from another file is noted in ``hand_files``; a different text is kept in
        ``hand_conflicts`` and reported in ``out.conflicts`` (once: the same copy again is
        a plain duplicate)."""
        line = int(hand.hand[_FIRST_LINE])
        if self._same_text(conn, hand, copy):
            if copy.file_id != file_id:
                conn.execute(_HAND_FILE, (copy.id, file_id, line))
            return
        dictionary_id = self._dictionary_id(conn, hand)
        if self._keep_conflict(conn, copy.id, file_id, line, dictionary_id, hand.raw_z,
                               self._incoming_text(hand)):  # fmt: skip
            out.conflicts[index] = Problem(
                kind=CONFLICT, message=conflict_message(copy.path, copy.first_line), line=line
            )
            out.conflict_keys[index] = (hand.site, hand.hand_id)

    def _keep_conflict(
        self,
        conn: sqlite3.Connection,
        hand_key: int,
        file_id: int,
        line: int,
        dictionary_id: int,
        blob: bytes,
        text: str,
    ) -> bool:
        """Store a conflicting copy of the hand ``hand_key``; False if it was already."""
        digest = text_digest(text)
        now = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
        cursor = conn.execute(
            _CONFLICT, (hand_key, file_id, line, digest, dictionary_id, blob, now)
        )
        return cursor.rowcount == 1

    def _same_text(self, conn: sqlite3.Connection, hand: HandRows, copy: StoredCopy) -> bool:
        """Whether ``hand`` is the stored copy's hand: the same words (whitespace and line
        ends aside), or one of the two the other cut short (a hand written while the
        client was still writing it)."""
        if hand.raw_z == copy.raw_z and self._dictionary_id(conn, hand) == copy.raw_dictionary:
            return True
        return same_hand_text(self._incoming_text(hand), self._copy_text(conn, copy))

    def _copy_text(self, conn: sqlite3.Connection, copy: StoredCopy) -> str:
        if self._reader is None:
            self._reader = rawtext.TextReader(conn)
        return self._reader.text(copy.raw_dictionary, copy.raw_z)

    @staticmethod
    def _incoming_text(hand: HandRows) -> str:
        text = hand.hand[-1]
        if isinstance(text, str):
            return text
        preset = rawtext.preset(rawtext.shipped_bytes(hand.raw_dictionary), hand.raw_reference)
        return rawtext.decompress(hand.raw_z, preset)

    def _dictionary_id(self, conn: sqlite3.Connection, hand: HandRows) -> int:
        """The ``raw_dictionaries`` id of the hand's blob (a derived one's, made if new)."""
        if not hand.raw_reference:
            return hand.raw_dictionary
        key = (hand.raw_dictionary, hand.raw_reference)
        found = self._dictionary_ids.get(key)
        return self._derived_id(conn, *key) if found is None else found

    def _hand_values(self, conn: sqlite3.Connection, keys: Row, hand: HandRows) -> Row:
        """``keys`` (the file id, after the hand's own id on the bulk path) and
        ``STORED_HAND_COLUMNS`` of a hand (one copy of ``HandRows.stored_hand``, the keys
        in it), its ``raw_dictionary`` the derived dictionary's id when its text was
        compressed against a reference."""
        stored = hand.stored_hand
        if not hand.raw_reference:
            return (*keys, *stored)
        key = (hand.raw_dictionary, hand.raw_reference)
        dictionary_id = self._dictionary_ids.get(key)
        if dictionary_id is None:
            dictionary_id = self._derived_id(conn, *key)
        return (*keys, *stored[:-2], dictionary_id, stored[-1])

    def _derived_id(self, conn: sqlite3.Connection, base: int, reference: bytes) -> int:
        # Looked up by the reference's hash first: the row itself (the reference compressed,
        # 0.2 ms) is made only for a reference the database does not have yet.
        row = conn.execute(_DERIVED_ID, (base, rawtext.reference_sha256(reference))).fetchone()
        if row is None:
            name, site, sha256, base, packed = rawtext.derived_row(base, reference)
            row = conn.execute(
                _NEW_DERIVED, (rawtext.FIRST_DERIVED_ID, name, site, sha256, base, packed)
            ).fetchone()
        dictionary_id = int(row[0])
        self._dictionary_ids[(base, reference)] = dictionary_id
        return dictionary_id

    def _player_id(self, conn: sqlite3.Connection, site: str, name: str) -> int:
        row = conn.execute(_NEW_PLAYER, (site, name)).fetchone()
        if row is None:
            row = conn.execute(_PLAYER_ID, (site, name)).fetchone()
        player_id = int(row[0])
        self._player_ids[(site, name)] = player_id
        return player_id


class _Refused(Exception):
    """An ``ok`` hand the writer refuses before SQLite sees it (beyond a limit)."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule


def _refusal(hand: HandRows, error: Exception) -> Problem | None:
    """The problem a hand the database refused is stored with (None: a quarantined record
    keeps its own, only the values SQLite cannot hold left out)."""
    line = hand.hand[_FIRST_LINE]
    if isinstance(error, _Refused):
        return Problem(kind=STORE_ERROR, rule=error.rule, message=error.message, line=line)
    if isinstance(error, OverflowError):
        if hand.status != "ok":
            return None
        found = out_of_range(hand)
        where = f" ({found[0]} = {found[1]:,})" if found else ""
        return Problem(
            kind=STORE_ERROR,
            rule="L1",
            message=f"an amount beyond any real game and beyond SQLite's 64-bit integers{where}",
            line=line,
        )
    return Problem(
        kind=STORE_ERROR, message=f"the database refused the hand's rows: {error}", line=line
    )


def _with_normal_id(hand: HandRows) -> HandRows:
    """``hand`` keyed by :func:`normal_hand_id` (the same object when it already is)."""
    hand_id = hand.hand[1]
    normal = normal_hand_id(hand_id)
    if normal is hand_id:
        return hand
    return dataclasses.replace(hand, hand=(hand.hand[0], normal, *hand.hand[2:]))
