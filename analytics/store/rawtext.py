"""A hand's original text, stored compressed: raw DEFLATE with a preset dictionary per room,
extended by the start of the hand's own file.

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

Why the file's start as well (migration ``0009_file_references``): the hands of one file
share far more than a room's samples do (the table, the players, the stakes, the client's
wording), so the room's dictionary followed by the first :data:`REFERENCE_BYTES` of the
file's text takes a Pluribus hand from 273 to about 100 bytes. Such a *derived* dictionary
is a ``raw_dictionaries`` row too, with ``base`` naming the shipped dictionary it extends
and ``dictionary`` holding the reference (itself compressed with the base), so every blob
still decompresses alone from its row and one shared row, and ``hands.raw_dictionary``
keeps its meaning: the dictionary the blob was made with. The reference is the file's
start rather than the first hand of a batch because every worker of a file cut in byte
ranges can read it (``analytics.ingest.prepare``), so the ranged import stores the blobs
the whole-file import does. Shipped dictionaries have ids below :data:`FIRST_DERIVED_ID`;
derived ones are numbered by the database from there, kept while any hand may use them.

The text is the decoded text of the hand exactly as the parser got it (``Source.text``),
encoded as UTF-8: reading it back gives the same string, character for character.
"""

from __future__ import annotations

import hashlib
import sqlite3
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources

#: Raw DEFLATE (no zlib header or checksum: six bytes a hand; SQLite's page checksums and
#: the text's own structure are the integrity checks), at the default level. Blobs are
#: inflated with DEFLATE's whole 32 KiB window, whatever window made them.
_WBITS = -15
#: The window texts are compressed with: 16 KiB, the last half of the preset dictionary
#: (the end of the room's dictionary and the file's first 8 KiB). Each hand's compressor
#: is a copy of its file's primed one, and the window and its hash chains are most of what
#: is copied: 72 KB a hand instead of 136 KB, about 20% less time compressing (issue 11),
#: for blobs 0.4% larger (994 against 990 KB on the Pluribus corpus: a hand refers back
#: mostly to its own file's start). The stream stays valid for the 32 KiB inflater: its
#: distances reach at most 16 KiB back, into the same last bytes of the same dictionary,
#: so blobs made before and after read back alike.
_COMPRESS_WBITS = -14
_LEVEL = 6
#: zlib's memory level: 4, not the default 8. Each hand's compressor is a copy of its
#: file's primed one, and the copy is the hash table (``2 ** (MEM_LEVEL + 8)`` bytes) and
#: pending buffer as well as the window: at a 32 KiB window, 140 KB a hand instead of
#: 330 KB, which no longer evicts the parser's and engine's data from the CPU's cache
#: between two hands (about 10 us a hand in the import). The blobs are as small (991
#: against 990 KB on the Pluribus corpus: a 900-byte text never fills the smaller table),
#: and inflating does not depend on it (``benchmarks/db_size.py``).
_MEM_LEVEL = 4
#: DEFLATE's window: a preset dictionary is its last 32 KiB.
WINDOW = 1 << 15
#: How much of a file's text (UTF-8 bytes) a derived dictionary appends to its room's:
#: on the Pluribus corpus 1 KiB gives 153 + 3 B/hand (text + reference), 4 KiB 116 + 7,
#: 8 KiB 99 + 11, 16 KiB 85 + 18 (``benchmarks/db_size.py``); the room's dictionary keeps
#: the rest of the window, for the hands unlike the file's first ones.
REFERENCE_BYTES = 8192
#: Ids below this are shipped dictionaries (:data:`DICTIONARIES`), chosen by pokerhh; from
#: it up, derived dictionaries, numbered by each database.
FIRST_DERIVED_ID = 1024


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


assert all(d.id < FIRST_DERIVED_ID for d in DICTIONARIES)


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


def reference_of(text: str) -> bytes:
    """The reference a file's text gives its hands: its first :data:`REFERENCE_BYTES`
    bytes of UTF-8 (a byte string; it may end inside a character).

    >>> reference_of("PokerStars Hand #1") == b"PokerStars Hand #1"
    True
    """
    return text.encode()[:REFERENCE_BYTES]


def preset(base: bytes, reference: bytes) -> bytes:
    """The preset dictionary of a derived dictionary: its base followed by its reference,
    the last :data:`WINDOW` bytes of them (all DEFLATE can refer back to)."""
    return (base + reference)[-WINDOW:]


@lru_cache(maxsize=16)
def _compressor(dictionary_id: int, reference: bytes) -> zlib._Compress:
    # Primed once per (room, file); each text gets a copy (four times cheaper than priming
    # a new one). ``reference`` is the same object for every hand of a file, whose hash
    # Python keeps, so the lookup costs nothing per hand.
    return zlib.compressobj(
        _LEVEL, zlib.DEFLATED, _COMPRESS_WBITS, _MEM_LEVEL, zlib.Z_DEFAULT_STRATEGY,
        preset(shipped_bytes(dictionary_id), reference),
    )  # fmt: skip


def compress(site: str, text: str, reference: bytes = b"") -> tuple[int, bytes]:
    """(shipped dictionary id, blob) for a text, compressed with that dictionary followed by
    ``reference`` (:func:`reference_of` its file's text; ``b""``: the dictionary alone).
    The store turns the pair (dictionary, reference) into the id of its derived dictionary.

    >>> text = "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD)\\n"
    >>> dictionary, blob = compress("PokerStars", text)
    >>> dictionary, len(blob) < len(text) // 2
    (1, True)
    >>> decompress(blob, shipped_bytes(dictionary)) == text
    True
    >>> _, small = compress("PokerStars", text, reference_of(text))
    >>> len(small) < len(blob), decompress(small, preset(shipped_bytes(1), text.encode()))
    (True, "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD)\\n")
    """
    dictionary_id = dictionary_for(site)
    packer = _compressor(dictionary_id, reference).copy()
    return dictionary_id, packer.compress(text.encode()) + packer.flush()


def decompress(blob: bytes, dictionary: bytes) -> str:
    """The text of ``blob``, made with ``dictionary`` (the database's copy of it)."""
    return _inflate(blob, dictionary).decode()


def _inflate(blob: bytes, dictionary: bytes) -> bytes:
    try:
        unpacker = zlib.decompressobj(_WBITS, zdict=dictionary)
        data = unpacker.decompress(blob) + unpacker.flush()
    except zlib.error as error:
        raise RawTextError(f"corrupt stored text: {error}") from None
    if not unpacker.eof:
        raise RawTextError("corrupt stored text: the blob ends before its text does")
    return data


def derived_row(dictionary_id: int, reference: bytes) -> tuple[str, str | None, str, int, bytes]:
    """The ``raw_dictionaries`` row of the shipped dictionary ``dictionary_id`` extended by
    ``reference``, without its id: (name, site, sha256 of the reference, base, the
    reference compressed with the base). The store inserts it once, keyed by (base, sha256).
    """
    base = _BY_ID[dictionary_id]
    digest = reference_sha256(reference)
    packer = _compressor(dictionary_id, b"").copy()
    packed = packer.compress(reference) + packer.flush()
    return f"{base.name}+{digest[:16]}", base.site, digest, dictionary_id, packed


def reference_sha256(reference: bytes) -> str:
    """The key of a derived dictionary's row beside its base (``raw_dictionaries.sha256``)."""
    return hashlib.sha256(reference).hexdigest()


def _base(conn: sqlite3.Connection) -> str:
    """``raw_dictionaries.base`` as SQL: NULL in a database before migration 0009 (opened
    read-only, not migrated), where every dictionary is shipped."""
    columns = {row[1] for row in conn.execute("PRAGMA table_info(raw_dictionaries)")}
    return "base" if "base" in columns else "NULL"


def _presets(rows: Iterable[tuple[int, int | None, bytes]]) -> dict[int, bytes]:
    """Each ``raw_dictionaries`` row's preset dictionary, by id, from (id, base, dictionary):
    a shipped one's bytes as stored, a derived one's base followed by its reference."""
    rows = list(rows)
    shipped = {int(key): bytes(data) for key, base, data in rows if base is None}
    out = dict(shipped)
    for key, base, data in rows:
        if base is not None:
            if base not in shipped:
                raise RawTextError(f"dictionary {key} extends {base}, not in this database")
            out[int(key)] = preset(shipped[base], _inflate(bytes(data), shipped[base]))
    return out


class TextReader:
    """Reads stored texts through one connection: every reader of ``hands.raw_z`` uses it.

    The dictionaries are read from the database (``raw_dictionaries``) when first needed
    and the last :data:`KEPT` kept: a database holds one derived dictionary per file, 32 KiB
    each once built, and a reader of every hand meets them file after file.
    """

    #: Preset dictionaries kept per reader (the oldest is dropped first).
    KEPT = 64

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn
        self._dictionaries: dict[int, bytes] = {}

    def text(self, dictionary_id: int, blob: bytes) -> str:
        dictionary = self._dictionaries.get(dictionary_id)
        if dictionary is None:
            if len(self._dictionaries) >= self.KEPT:
                del self._dictionaries[next(iter(self._dictionaries))]
            dictionary = self._dictionaries[dictionary_id] = self._load(dictionary_id)
        return decompress(blob, dictionary)

    def _load(self, dictionary_id: int) -> bytes:
        row = self._conn.execute(
            f"SELECT id, {_base(self._conn)}, dictionary FROM raw_dictionaries WHERE id = ?",
            (dictionary_id,),
        ).fetchone()
        if row is None:
            raise RawTextError(f"stored text uses dictionary {dictionary_id}, not in this database")
        rows = [row]
        if row[1] is not None:
            base = self._conn.execute(
                "SELECT id, NULL, dictionary FROM raw_dictionaries WHERE id = ?", (row[1],)
            ).fetchone()
            rows += [base] if base is not None else []
        return _presets(rows)[dictionary_id]


def dictionary_rows() -> list[tuple[int, str, str | None, str, bytes]]:
    """The ``raw_dictionaries`` rows of every shipped dictionary (id, name, site, sha256,
    bytes), for the migration that adds them."""
    return [(d.id, d.name, d.site, d.sha256, shipped_bytes(d.id)) for d in DICTIONARIES]


#: The SQL function :func:`register` adds: ``raw_text(raw_dictionary, raw_z)``.
SQL_FUNCTION = "raw_text"


def register(conn: sqlite3.Connection) -> None:
    """Add ``raw_text(raw_dictionary, raw_z)`` to ``conn``'s SQL, the stored text as TEXT:
    for ad hoc queries and tests (``SELECT raw_text(raw_dictionary, raw_z) FROM hands``).

    The dictionaries are read once, now, as stored (a function must not query its own
    connection); a derived one's preset is built when first used, the last 64 kept.
    """
    rows = {
        int(key): (base, bytes(data))
        for key, base, data in conn.execute(
            f"SELECT id, {_base(conn)}, dictionary FROM raw_dictionaries"
        )
    }

    @lru_cache(maxsize=64)
    def preset_of(dictionary_id: int) -> bytes:
        base, data = rows[dictionary_id]
        stored = [(dictionary_id, base, data)]
        if base is not None and base in rows:  # else _presets names the missing base
            stored.append((base, None, rows[base][1]))
        return _presets(stored)[dictionary_id]

    def raw_text(dictionary_id: int, blob: bytes) -> str:
        return decompress(blob, preset_of(dictionary_id))

    conn.create_function(SQL_FUNCTION, 2, raw_text, deterministic=True)
