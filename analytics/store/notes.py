"""Notes on players and tags on hands: what the user writes about the database's people
and hands (issue 26 item 3), stored beside them (migration ``0014_notes_tags``).

Why these shapes:

- **Natural keys.** A note belongs to ``(site, player name)`` and a tag to ``(site,
  hand_id)``, not to ``players.id`` or ``hands.id``: a hand deleted and imported again, or
  a database rebuilt from the same files, keeps what the user wrote (PokerTracker loses
  notes on a rebuild unless they are exported first).
- **Several notes per player**, each dated: a note written at the table ("calls 3-bets
  light") stays beside an older one instead of overwriting it; each can be edited or
  deleted.
- **Tags are words**, compared in any case: stored stripped, spaces collapsed and
  case-folded (``"Hero Call"`` and ``"hero call"`` are one tag), so a search by tag never
  misses a hand for a capital letter.
- **Search** is a case-insensitive substring search of the notes' text and the players'
  names (``LIKE`` with its wildcards escaped: a user searching for ``100%`` finds that text,
  not every note).

Every write runs in one ``BEGIN IMMEDIATE`` transaction
(:func:`analytics.store.db.write_transaction`) on a connection the caller opened with
:func:`analytics.store.db.open_writer`.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

from analytics.ingest.pipeline import normal_hand_id
from analytics.store.db import write_transaction
from analytics.store.lookup import HandNotFound

__all__ = [
    "MAX_NOTE",
    "MAX_TAG",
    "HandTag",
    "Note",
    "NoteError",
    "add_note",
    "delete_note",
    "hands_tagged",
    "normal_tag",
    "notes_for",
    "resolve_hand",
    "resolve_player",
    "search_notes",
    "tag_hand",
    "tags_for",
    "tags_of_hands",
    "tags_used",
    "untag_hand",
    "update_note",
]

#: The longest note, in characters (a note is read at the table, not an essay).
MAX_NOTE = 2000
#: The longest tag, in characters.
MAX_TAG = 40


class NoteError(ValueError):
    """A note or tag that cannot be stored (empty, too long), a note id that is not
    stored, or a player that is not stored; the message says which."""


@dataclass(frozen=True, slots=True)
class Note:
    id: int
    site: str
    player: str
    text: str
    created_at: str
    updated_at: str


@dataclass(frozen=True, slots=True)
class HandTag:
    site: str
    hand_id: str
    tag: str
    tagged_at: str
    #: The hand's time and table (None when the hand is no longer stored).
    started_at: str | None = None
    table_name: str | None = None


def _now() -> str:
    return dt.datetime.now(dt.UTC).replace(tzinfo=None).isoformat(timespec="seconds") + "Z"


def _note_text(text: str) -> str:
    cleaned = text.strip()
    if not cleaned:
        raise NoteError("a note needs some text")
    if len(cleaned) > MAX_NOTE:
        raise NoteError(f"a note holds at most {MAX_NOTE:,} characters ({len(cleaned):,} given)")
    return cleaned


def normal_tag(tag: str) -> str:
    """A tag as stored: stripped, spaces collapsed, case-folded.

    >>> normal_tag("  Hero   Call "), normal_tag("BLUFF")
    ('hero call', 'bluff')
    >>> normal_tag("  ")
    Traceback (most recent call last):
    analytics.store.notes.NoteError: a tag needs some text
    """
    cleaned = " ".join(tag.split()).casefold()
    if not cleaned:
        raise NoteError("a tag needs some text")
    if len(cleaned) > MAX_TAG:
        raise NoteError(f"a tag holds at most {MAX_TAG} characters ({len(cleaned)} given)")
    return cleaned


def _like(text: str) -> str:
    """``%text%`` for ``LIKE ... ESCAPE '\\'``, its own wildcards taken literally.

    >>> _like("100%_a")
    '%100\\\\%\\\\_a%'
    """
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


# -- players and hands by what the user types ------------------------------------------------


def resolve_player(conn: sqlite3.Connection, name: str, site: str | None = None) -> tuple[str, str]:
    """``(site, name)`` of the stored player called ``name`` (any case), in ``site`` if
    given (any case). Raises :class:`NoteError` when none or several rooms have one."""
    sql = "SELECT site, name FROM players WHERE NOT anonymous AND lower(name) = lower(?)"
    params: list[object] = [name.strip()]
    if site:
        sql += " AND lower(site) = lower(?)"
        params.append(site.strip())
    rows = conn.execute(sql, params).fetchall()
    exact = [r for r in rows if r[1] == name.strip()]
    rows = exact or rows
    if not rows:
        where = f" in {site}" if site else ""
        raise NoteError(f"no player {name!r}{where} is stored")
    if len({r[0] for r in rows}) > 1:
        rooms = ", ".join(sorted({r[0] for r in rows}))
        raise NoteError(f"{name!r} is a player of several rooms ({rooms}): give --site")
    return str(rows[0][0]), str(rows[0][1])


def resolve_hand(conn: sqlite3.Connection, key: str) -> tuple[str, str]:
    """``(site, hand_id)`` of the stored hand ``key``: its number, or ``SITE:NUMBER``.
    Raises :class:`analytics.store.lookup.HandNotFound` (none, or several rooms')."""
    site, _, number = key.strip().rpartition(":")
    number = normal_hand_id(number)
    sql = "SELECT site, hand_id FROM hands WHERE hand_id = ?"
    params: list[object] = [number]
    if site:
        sql += " AND lower(site) = lower(?)"
        params.append(site)
    rows = conn.execute(sql, params).fetchall()
    if len(rows) != 1:
        raise HandNotFound(key, tuple(f"{r[0]}:{r[1]}" for r in rows))
    return str(rows[0][0]), str(rows[0][1])


# -- notes -----------------------------------------------------------------------------------

_NOTE_COLUMNS = "id, site, player, text, created_at, updated_at"


def add_note(conn: sqlite3.Connection, site: str, player: str, text: str) -> Note:
    """Store a new note on ``player`` of ``site`` (as stored: :func:`resolve_player`)."""
    cleaned = _note_text(text)
    now = _now()
    with write_transaction(conn):
        cursor = conn.execute(
            "INSERT INTO player_notes (site, player, text, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?)",
            (site, player, cleaned, now, now),
        )
    return Note(int(cursor.lastrowid or 0), site, player, cleaned, now, now)


def update_note(conn: sqlite3.Connection, note_id: int, text: str) -> None:
    """Replace the text of note ``note_id``."""
    cleaned = _note_text(text)
    with write_transaction(conn):
        changed = conn.execute(
            "UPDATE player_notes SET text = ?, updated_at = ? WHERE id = ?",
            (cleaned, _now(), note_id),
        ).rowcount
    if not changed:
        raise NoteError(f"no note {note_id}")


def delete_note(conn: sqlite3.Connection, note_id: int) -> None:
    with write_transaction(conn):
        changed = conn.execute("DELETE FROM player_notes WHERE id = ?", (note_id,)).rowcount
    if not changed:
        raise NoteError(f"no note {note_id}")


def notes_for(
    conn: sqlite3.Connection, players: Sequence[tuple[str, str]]
) -> dict[tuple[str, str], list[Note]]:
    """The notes of each ``(site, name)``, oldest first (players without notes left out)."""
    found: dict[tuple[str, str], list[Note]] = {}
    wanted = list(dict.fromkeys(players))
    for start in range(0, len(wanted), 400):  # SQLite's limit on bound parameters
        chunk = wanted[start : start + 400]
        pairs = " OR ".join("(site = ? AND player = ?)" for _ in chunk)
        rows = conn.execute(
            f"SELECT {_NOTE_COLUMNS} FROM player_notes WHERE {pairs} ORDER BY created_at, id",
            [value for pair in chunk for value in pair],
        )
        for row in rows:
            note = Note(*row)
            found.setdefault((note.site, note.player), []).append(note)
    return found


def search_notes(conn: sqlite3.Connection, text: str = "", limit: int = 500) -> list[Note]:
    """Notes whose text or player's name holds ``text`` (any case); every note for an empty
    text. Newest first."""
    rows = conn.execute(
        f"SELECT {_NOTE_COLUMNS} FROM player_notes"
        " WHERE text LIKE ?1 ESCAPE '\\' OR player LIKE ?1 ESCAPE '\\'"
        " ORDER BY updated_at DESC, id DESC LIMIT ?2",
        (_like(text.strip()), limit),
    )
    return [Note(*row) for row in rows]


# -- tags ------------------------------------------------------------------------------------


def tag_hand(conn: sqlite3.Connection, site: str, hand_id: str, tag: str) -> bool:
    """Tag the hand (``site``, ``hand_id`` as stored); False when it had the tag already."""
    cleaned = normal_tag(tag)
    with write_transaction(conn):
        added = conn.execute(
            "INSERT INTO hand_tags (site, hand_id, tag, tagged_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (site, hand_id, tag) DO NOTHING",
            (site, hand_id, cleaned, _now()),
        ).rowcount
    return bool(added)


def untag_hand(conn: sqlite3.Connection, site: str, hand_id: str, tag: str) -> bool:
    """Take the tag off the hand; False when it did not have it."""
    cleaned = normal_tag(tag)
    with write_transaction(conn):
        removed = conn.execute(
            "DELETE FROM hand_tags WHERE site = ? AND hand_id = ? AND tag = ?",
            (site, hand_id, cleaned),
        ).rowcount
    return bool(removed)


def tags_for(conn: sqlite3.Connection, site: str, hand_id: str) -> list[str]:
    """The hand's tags, in alphabetical order."""
    rows = conn.execute(
        "SELECT tag FROM hand_tags WHERE site = ? AND hand_id = ? ORDER BY tag", (site, hand_id)
    )
    return [str(r[0]) for r in rows]


def tags_of_hands(
    conn: sqlite3.Connection, hands: Sequence[tuple[str, str]]
) -> dict[tuple[str, str], list[str]]:
    """The tags of each ``(site, hand_id)`` (untagged hands left out), for a list of hands."""
    found: dict[tuple[str, str], list[str]] = {}
    wanted = list(dict.fromkeys(hands))
    for start in range(0, len(wanted), 400):
        chunk = wanted[start : start + 400]
        pairs = " OR ".join("(site = ? AND hand_id = ?)" for _ in chunk)
        rows = conn.execute(
            f"SELECT site, hand_id, tag FROM hand_tags WHERE {pairs} ORDER BY tag",
            [value for pair in chunk for value in pair],
        )
        for site, hand_id, tag in rows:
            found.setdefault((site, hand_id), []).append(tag)
    return found


def tags_used(conn: sqlite3.Connection) -> list[tuple[str, int]]:
    """Every tag with its number of hands, most used first."""
    rows = conn.execute(
        "SELECT tag, count(*) FROM hand_tags GROUP BY tag ORDER BY count(*) DESC, tag"
    )
    return [(str(tag), int(count)) for tag, count in rows]


def hands_tagged(conn: sqlite3.Connection, tag: str, *, partial: bool = False) -> list[HandTag]:
    """The hands with ``tag`` (with ``partial``, any tag holding it), newest hand first;
    tagged hands no longer stored are listed too, without time or table."""
    if partial:
        condition, value = "t.tag LIKE ? ESCAPE '\\'", _like(" ".join(tag.split()).casefold())
    else:
        condition, value = "t.tag = ?", normal_tag(tag)
    rows = conn.execute(
        "SELECT t.site, t.hand_id, t.tag, t.tagged_at, h.started_at, h.table_name"
        " FROM hand_tags t LEFT JOIN hands h ON h.site = t.site AND h.hand_id = t.hand_id"
        f" WHERE {condition} ORDER BY h.started_at DESC, t.site, t.hand_id, t.tag",
        (value,),
    )
    return [HandTag(*row) for row in rows]
