"""A hand's original text, stored compressed: raw DEFLATE with a preset dictionary per room.

Why a preset dictionary: one hand is about 900 bytes, too short for DEFLATE to find much to
refer back to on its own (it halves it); primed with 32 KB of the room's own histories (the
header, the seat lines, "folds", "*** FLOP ***", the summary) it finds most of each line
there and a hand shrinks to about a third of that (``benchmarks/db_size.py``).

Why versioned, and kept in the database: a blob is only readable with the exact dictionary
it was made with. Each dictionary has an id that never changes meaning; every database
holds a copy of each dictionary in ``raw_dictionaries`` (migration ``0007_compact``), and
readers decompress with the database's copy, so a database is self-describing and an old
blob decompresses whatever dictionaries a later pokerhh ships. A better dictionary is a new
id (a new file here and a migration that inserts it), never an edit of a shipped one: the
SHA-256 of each file is pinned below and checked when it is loaded.

The text is the decoded text of the hand exactly as the parser got it (``Source.text``),
encoded as UTF-8: reading it back gives the same string, character for character.
"""

from __future__ import annotations

import hashlib
import sqlite3
import zlib
from dataclasses import dataclass
from functools import cache
from importlib import resources

#: Raw DEFLATE (no zlib header or checksum: six bytes a hand; SQLite's page checksums and
#: the text's own structure are the integrity checks), the default level and memory.
_WBITS = -15
_LEVEL = 6


@dataclass(frozen=True, slots=True)
class Dictionary:
    """A shipped preset dictionary: its id in ``raw_dictionaries``, the rooms it serves."""

    id: int
    name: str
    #: The ``hands.site`` values it is used for; ``None``: every room without its own.
    site: str | None
    sha256: str


#: Every dictionary pokerhh has shipped, by id. Append only: an id keeps its bytes forever.
DICTIONARIES: tuple[Dictionary, ...] = (
    # The last 32 KB of sample_histories/pokerstars/**/*.txt (sorted paths), from a line start.
    Dictionary(
        1, "PokerStars-1", "PokerStars",
        "10c850ce8ee262c110cc88e82d4596600b5101a017db4351a7898fe78ace817f",
    ),
    # The other rooms' sample histories (not PHH), the last 32 KB of them.
    Dictionary(
        2, "generic-1", None,
        "ee3763d872ff73d413c627c269babfdb9da085a5b4f3926dbd60427e4a09dbb3",
    ),
)  # fmt: skip
_BY_ID = {d.id: d for d in DICTIONARIES}
_FOR_SITE = {d.site: d for d in DICTIONARIES}  # the last dictionary of a room wins


class RawTextError(ValueError):
    """A stored text that cannot be read back (unknown dictionary, corrupt blob)."""


@cache
def shipped_bytes(dictionary_id: int) -> bytes:
    """The bytes of a shipped dictionary, checked against its pinned SHA-256."""
    found = _BY_ID[dictionary_id]
    folder = resources.files("analytics.store").joinpath("dictionaries")
    data = folder.joinpath(f"{found.name}.txt").read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != found.sha256:
        raise RawTextError(
            f"dictionary {found.name}: SHA-256 {digest}, expected {found.sha256}:"
            " a shipped dictionary must never change (add a new one)"
        )
    return data


def dictionary_for(site: str) -> int:
    """The id of the dictionary new texts of ``site`` are compressed with."""
    return (_FOR_SITE.get(site) or _FOR_SITE[None]).id


@cache
def _compressor(dictionary_id: int) -> zlib._Compress:
    # Primed once; each text gets a copy (four times cheaper than priming a new one).
    return zlib.compressobj(
        _LEVEL, zlib.DEFLATED, _WBITS, 8, zlib.Z_DEFAULT_STRATEGY, shipped_bytes(dictionary_id)
    )


def compress(site: str, text: str) -> tuple[int, bytes]:
    """(dictionary id, blob): ``hands.raw_dictionary`` and ``hands.raw_z`` for a text.

    >>> text = "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD)\\n"
    >>> dictionary, blob = compress("PokerStars", text)
    >>> dictionary, len(blob) < len(text) // 2
    (1, True)
    >>> decompress(blob, shipped_bytes(dictionary)) == text
    True
    """
    dictionary_id = dictionary_for(site)
    packer = _compressor(dictionary_id).copy()
    return dictionary_id, packer.compress(text.encode()) + packer.flush()


def decompress(blob: bytes, dictionary: bytes) -> str:
    """The text of ``blob``, made with ``dictionary`` (the database's copy of it)."""
    try:
        unpacker = zlib.decompressobj(_WBITS, zdict=dictionary)
        data = unpacker.decompress(blob) + unpacker.flush()
    except zlib.error as error:
        raise RawTextError(f"corrupt stored text: {error}") from None
    if not unpacker.eof:
        raise RawTextError("corrupt stored text: the blob ends before its text does")
    return data.decode()


class TextReader:
    """Reads stored texts through one connection: every reader of ``hands.raw_z`` uses it.

    The dictionaries are read from the database (``raw_dictionaries``) once per reader.
    """

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn
        self._dictionaries: dict[int, bytes] = {}

    def text(self, dictionary_id: int, blob: bytes) -> str:
        dictionary = self._dictionaries.get(dictionary_id)
        if dictionary is None:
            row = self._conn.execute(
                "SELECT dictionary FROM raw_dictionaries WHERE id = ?", (dictionary_id,)
            ).fetchone()
            if row is None:
                raise RawTextError(
                    f"stored text uses dictionary {dictionary_id}, not in this database"
                )
            dictionary = self._dictionaries[dictionary_id] = bytes(row[0])
        return decompress(blob, dictionary)


def dictionary_rows() -> list[tuple[int, str, str | None, str, bytes]]:
    """The ``raw_dictionaries`` rows of every shipped dictionary (id, name, site, sha256,
    bytes), for the migration that adds them."""
    return [(d.id, d.name, d.site, d.sha256, shipped_bytes(d.id)) for d in DICTIONARIES]


#: The SQL function :func:`register` adds: ``raw_text(raw_dictionary, raw_z)``.
SQL_FUNCTION = "raw_text"


def register(conn: sqlite3.Connection) -> None:
    """Add ``raw_text(raw_dictionary, raw_z)`` to ``conn``'s SQL, the stored text as TEXT:
    for ad hoc queries and tests (``SELECT raw_text(raw_dictionary, raw_z) FROM hands``).

    The dictionaries are read once, now: a function must not query its own connection.
    """
    dictionaries = {
        int(key): bytes(data)
        for key, data in conn.execute("SELECT id, dictionary FROM raw_dictionaries")
    }

    def raw_text(dictionary_id: int, blob: bytes) -> str:
        return decompress(blob, dictionaries[dictionary_id])

    conn.create_function(SQL_FUNCTION, 2, raw_text, deterministic=True)
