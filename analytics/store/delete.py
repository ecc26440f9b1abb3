"""Delete stored hands: ``pokerhh delete HAND_ID...`` or ``pokerhh delete --file PATH``.

Two steps, so the command line can say what would go before anything does:
:func:`select_hands` reads (read-only connection) and :func:`delete_hands` deletes, in one
``BEGIN IMMEDIATE`` transaction, the hands with every row that hangs off them (seats with
their statistics, pots, all-in EV).

What a later import does, by design:

- ``--file``: the file's row goes with its hands, so the file is forgotten and importing it
  again stores its hands again (the way to re-import one file from scratch). A hand another
  stored file also holds (``hand_files``, migration 0011) stays, moved to that file: a hand
  goes only when no stored file holds it any more (issue 23, item 7; before, the other
  file's next import said "unchanged" and the hand was gone until ``--rescan``). The
  conflicting copies found in the file (``hand_conflicts``) go with it.
- By hand id: the file's row stays (a plain re-import finds the file unchanged and leaves
  the hand deleted); ``import --rescan`` of the file brings it back.

Player rows are kept: a name is not a hand, and other hands may still point at it.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from analytics.ingest.pipeline import normal_hand_id
from analytics.ingest.sources import ZIP_SEPARATOR
from analytics.store import aggregates
from analytics.store.db import NoDatabase, connect, read_only, write_transaction
from analytics.store.lookup import HandNotFound

#: The tables that point at ``hands.id`` through a ``hand`` column, children first
#: (``seats`` holds what the views ``hand_players`` and ``player_hand_stats`` show; the
#: actions are not stored: migration 0007; the other files holding a hand and its
#: conflicting copies: 0011).
CHILD_TABLES = ("all_in_ev", "seats", "pots", "hand_files", "hand_conflicts", "hand_actions")


class FileNotStored(LookupError):
    """No stored hand came from the file given."""

    def __init__(self, path: str) -> None:
        self.path = path
        super().__init__(f"no stored file {path}")


@dataclass(frozen=True, slots=True)
class Selection:
    """Hands (``hands.id``) and files (``files.id``) to delete, and the keys to show."""

    hands: tuple[int, ...]
    files: tuple[int, ...]
    keys: tuple[str, ...]
    #: Hands of the files that another stored file also holds: kept, moved to it.
    kept: tuple[int, ...] = ()

    def describe(self) -> str:
        """``3 hands (PokerStars:1, PokerStars:2, PokerStars:3)`` ``and 1 file``
        ``(2 hands kept: other stored files hold them)``."""
        shown = ", ".join(self.keys[:5]) + (", ..." if len(self.keys) > 5 else "")
        text = f"{len(self.hands):,} hand{'s' * (len(self.hands) != 1)}"
        if shown:
            text += f" ({shown})"
        if self.files:
            text += f" and {len(self.files):,} file{'s' * (len(self.files) != 1)}"
        if self.kept:
            text += (f" ({len(self.kept):,} more hand{'s' * (len(self.kept) != 1)} kept:"
                     " other stored files hold them)")  # fmt: skip
        return text


def select_hands(
    db_path: str | os.PathLike[str], hand_ids: Sequence[str] = (), files: Sequence[str] = ()
) -> Selection:
    """What ``delete`` would remove: the hands named (a number, or ``SITE:NUMBER`` when
    sites share one) and every hand stored from each file (a zip: from its members).

    Raises :class:`analytics.store.lookup.HandNotFound` (no such hand, or ambiguous) and
    :class:`FileNotStored`."""
    db = read_only(db_path)
    try:
        conn = db.conn
        hands: dict[int, str] = {}
        for key in hand_ids:
            hand, shown = _one_hand(conn, key)
            hands[hand] = shown
        file_ids: list[int] = []
        for given in files:
            found = _file_ids(conn, given)
            if not found:
                raise FileNotStored(given)
            file_ids.extend(found)
        file_ids = list(dict.fromkeys(file_ids))
        kept: list[int] = []
        copies = _has_copies(conn)
        for start in range(0, len(file_ids), 500):
            chunk = file_ids[start : start + 500]
            marks = ", ".join("?" * len(chunk))
            # A hand another stored file holds too (not one being deleted) is kept.
            held = (
                f"EXISTS (SELECT 1 FROM hand_files c WHERE c.hand = h.id"
                f" AND c.file_id NOT IN ({', '.join('?' * len(file_ids))}))"
                if copies
                else "0"
            )
            rows = conn.execute(
                f"SELECT id, site || ':' || hand_id, {held} FROM hands h"
                f" WHERE file_id IN ({marks}) ORDER BY id",
                (*(file_ids if copies else ()), *chunk),
            )
            for hand, key, other in rows:
                if other and hand not in hands:
                    kept.append(hand)
                else:
                    hands[hand] = key
    finally:
        db.close()
    return Selection(tuple(hands), tuple(file_ids), tuple(hands.values()), tuple(kept))


def _has_copies(conn: sqlite3.Connection) -> bool:
    """Whether the database records the other files of a hand (migration 0011)."""
    found = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'hand_files'"
    ).fetchone()
    return found is not None


def _one_hand(conn: sqlite3.Connection, key: str) -> tuple[int, str]:
    # Ids are stored as the room means them: 030000 is hand 30000 (issue 23).
    rows = conn.execute(
        "SELECT id, site, hand_id FROM hands WHERE hand_id = ?", (normal_hand_id(key),)
    ).fetchall()
    if not rows and ":" in key:
        # SITE:NUMBER; the site is before the first colon ("unknown:sha256:..." too).
        site, _, number = key.partition(":")
        rows = conn.execute(
            "SELECT id, site, hand_id FROM hands WHERE hand_id = ? AND lower(site) = lower(?)",
            (normal_hand_id(number), site),
        ).fetchall()
    if len(rows) != 1:
        raise HandNotFound(key, tuple(f"{site}:{number}" for _, site, number in rows))
    hand, site, number = rows[0]
    return int(hand), f"{site}:{number}"


def _file_ids(conn: sqlite3.Connection, given: str) -> list[int]:
    """The ``files`` rows of a path as the importer stored it (absolute), its zip members,
    or the same content (the file moved since)."""
    path = Path(given)
    shown = str(path.absolute())
    rows = conn.execute(
        "SELECT id FROM files WHERE path = ? OR substr(path, 1, ?) = ? ORDER BY id",
        (shown, len(shown) + len(ZIP_SEPARATOR), shown + ZIP_SEPARATOR),
    ).fetchall()
    if not rows and path.is_file():
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        rows = conn.execute("SELECT id FROM files WHERE sha256 = ?", (digest,)).fetchall()
    return [int(r[0]) for r in rows]


def delete_hands(db_path: str | os.PathLike[str], selection: Selection) -> Selection:
    """Delete ``selection`` in one transaction; return what was deleted (hands deleted
    since the selection was read are left out, without error)."""
    path = Path(db_path)
    if not path.exists():
        raise NoDatabase(path)
    db = connect(path)
    try:
        with write_transaction(db.conn) as conn:
            present = []
            for start in range(0, len(selection.hands), 500):
                chunk = selection.hands[start : start + 500]
                marks = ", ".join("?" * len(chunk))
                present += [
                    r[0] for r in conn.execute(f"SELECT id FROM hands WHERE id IN ({marks})", chunk)
                ]
                aggregates.remove(conn, chunk)  # while their rows are still there
                for table in CHILD_TABLES:
                    conn.execute(f"DELETE FROM {table} WHERE hand IN ({marks})", chunk)
                conn.execute(f"DELETE FROM hands WHERE id IN ({marks})", chunk)
            file_marks = ", ".join("?" * len(selection.files))
            for hand in selection.kept:  # moved to another stored file that holds it
                moved = conn.execute(
                    "SELECT file_id, first_line FROM hand_files WHERE hand = ?"
                    f" AND file_id NOT IN ({file_marks}) ORDER BY file_id LIMIT 1",
                    (hand, *selection.files),
                ).fetchone()
                if moved is None:  # no longer held elsewhere (changed since the selection)
                    continue
                conn.execute(
                    "UPDATE hands SET (file_id, first_line) = (?, ?) WHERE id = ?", (*moved, hand)
                )
                conn.execute(
                    "DELETE FROM hand_files WHERE hand = ? AND file_id = ?", (hand, moved[0])
                )
            if selection.files and _has_copies(conn):
                # What the files held of hands stored from elsewhere, and their conflicts.
                for table in ("hand_files", "hand_conflicts"):
                    conn.execute(
                        f"DELETE FROM {table} WHERE file_id IN ({file_marks})", selection.files
                    )
            for file_id in selection.files:
                conn.execute(
                    "DELETE FROM files WHERE id = ? AND NOT EXISTS"
                    " (SELECT 1 FROM hands WHERE file_id = ?)",
                    (file_id, file_id),
                )
    finally:
        db.close()
    gone = set(present)
    keys = tuple(k for h, k in zip(selection.hands, selection.keys, strict=True) if h in gone)
    hands = tuple(h for h in selection.hands if h in gone)
    return Selection(hands, selection.files, keys, selection.kept)
