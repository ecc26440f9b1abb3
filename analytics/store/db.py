"""Where the database lives, how a connection is set up, and how a writer starts.

Why each setting:

- ``journal_mode=WAL``: the dashboard can read while an import writes.
- ``synchronous=NORMAL``: in WAL mode a commit survives a crash or ``kill -9`` of the
  process; only a power loss can lose the last commits (never delete or move a source
  file on the strength of a commit).
- ``busy_timeout``: a second writer waits for the first instead of failing at once.
- ``temp_store=MEMORY``: the per-hand savepoints of the importer journal their pages in
  memory rather than in a temporary file (measured: about 25% of the store time).
- Read commands (``stats``, ``export``, ``replay``, ``explain``) open the file with
  SQLite's ``mode=ro`` (:func:`read_only`): a read never writes, migrates or switches the
  journal mode, and works on a read-only file. Only ``import`` and ``migrate`` write
  (:func:`open_writer`), after copying an older schema beside the file.
- Writers start with ``BEGIN IMMEDIATE`` (:func:`write_transaction`): a deferred
  transaction that reads first and writes later fails with "database is locked" at once
  when a reader holds the database, whatever the timeout.

The path is ``--db`` if given, else ``$POKERHH_DB``, else
``platformdirs.user_data_dir("pokerhh")/pokerhh.sqlite``.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from analytics.store import migrations
from analytics.store.migrations import MIGRATIONS
from analytics.store.sqlite_utils_lean import Database

#: The environment variable that overrides the default database path.
ENV_VAR = "POKERHH_DB"
#: Seconds a writer waits for another writer's transaction to end.
BUSY_TIMEOUT_S = 60.0


class NoDatabase(FileNotFoundError):
    """Raised when a command that only reads is pointed at a database that does not exist."""

    def __init__(self, path: Path) -> None:
        self.path = path
        super().__init__(f"no pokerhh database at {path} (run `pokerhh import` first)")


class BadDatabase(Exception):
    """The file at ``path`` cannot be used as a pokerhh database, and why: not an SQLite
    file, someone else's database, a schema older than this version (for a reader) or
    newer, a folder, a permission. The message always names the path."""

    def __init__(self, path: Path, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"{path}: {reason}")


def default_db_path() -> Path:
    return Path(platformdirs.user_data_dir("pokerhh")) / "pokerhh.sqlite"


def resolve_db_path(explicit: str | os.PathLike[str] | None = None) -> Path:
    """``--db`` beats ``$POKERHH_DB``, which beats the user data directory."""
    if explicit:
        return Path(explicit)
    from_env = os.environ.get(ENV_VAR)
    if from_env:
        return Path(from_env)
    return default_db_path()


def connect(path: str | os.PathLike[str], *, create: bool = True) -> Database:
    """Open the database at ``path`` for writing (:func:`open_writer`).

    ``create=False`` is :func:`read_only` (the read commands' connection): it never
    creates, migrates or switches the journal mode.
    """
    if not create:
        return read_only(path)
    return open_writer(path)[0]


@dataclass(frozen=True, slots=True)
class Upgrade:
    """What opening a database for writing did to its schema."""

    before: str
    after: str
    applied: tuple[str, ...]
    #: The copy made before migrating an older schema (None: new or current database).
    backup: Path | None


def open_writer(path: str | os.PathLike[str]) -> tuple[Database, Upgrade]:
    """Open (creating it if needed) the database at ``path`` for writing and bring its
    schema up to date; only ``import`` and ``migrate`` call this.

    An older schema is first copied beside the file (:func:`backup_path`); a file that is
    not SQLite, someone else's database and a newer pokerhh's are refused
    (:class:`BadDatabase`), untouched.
    """
    path = Path(path)
    if path.is_dir():
        raise BadDatabase(path, "is a folder, not a database file")
    folder = next((p for p in path.parents if p.exists()), None)
    if folder is not None and not folder.is_dir():
        raise BadDatabase(path, f"cannot create its folder: {folder} is a file")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise BadDatabase(path, f"cannot create its folder: {error.strerror or error}") from None
    conn = _open(path, f"{path.resolve().as_uri()}?mode=rwc")
    try:
        db = Database(conn, strict=True, execute_plugins=False)
        state = schema_state(db)
        if state.foreign:
            raise BadDatabase(
                path, f"not a pokerhh database ({state.foreign}); refusing to write to it"
            )
        if state.unknown:
            raise BadDatabase(
                path,
                f"made by a newer pokerhh (it has migration {state.unknown[-1]}; this version"
                f" knows up to {MIGRATIONS_NAMES[-1]}): upgrade pokerhh",
            )
        db.enable_wal()
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA temp_store=MEMORY")
        conn.execute("PRAGMA foreign_keys=ON")
        copy = backup(db, path, state.version) if state.applied and state.pending else None
        applied = migrate(db)
    except (sqlite3.DatabaseError, UnicodeDecodeError) as error:
        conn.close()
        raise BadDatabase(path, _cause(path, error)) from None
    except BaseException:
        conn.close()
        raise
    after = schema_state(db).version
    return db, Upgrade(state.version, after, tuple(applied), copy)


def read_only(path: str | os.PathLike[str]) -> Database:
    """The read commands' connection (``stats``, ``export``, ``replay``, ``explain``):
    SQLite's ``mode=ro``, so nothing can be written, no migration, no journal-mode switch.

    Raises :class:`NoDatabase` for a missing file and :class:`BadDatabase` for a file that
    is not a pokerhh database or has an older schema (``pokerhh migrate`` brings it up to
    date, after a backup).
    """
    path = Path(path)
    if not path.exists():
        raise NoDatabase(path)
    if path.is_dir():
        raise BadDatabase(path, "is a folder, not a database file")
    conn = open_read_only(path)
    try:
        db = Database(conn, strict=True, execute_plugins=False)
        state = schema_state(db)
        if state.foreign or not state.applied:
            what = state.foreign or "an empty database"
            raise BadDatabase(path, f"not a pokerhh database ({what})")
        if state.pending:
            raise BadDatabase(
                path,
                f"schema {state.version} is older than this pokerhh's ({MIGRATIONS_NAMES[-1]}):"
                f" run `pokerhh migrate --db {path}` (it backs the file up first)",
            )
    except (sqlite3.DatabaseError, UnicodeDecodeError) as error:
        conn.close()
        raise BadDatabase(path, _cause(path, error)) from None
    except BaseException:
        conn.close()
        raise
    return db


def open_read_only(path: Path) -> sqlite3.Connection:
    """A ``mode=ro`` connection to ``path``, also where its folder cannot be written.

    Why: a WAL database is read through its ``-shm`` index, which SQLite creates beside the
    file on first use; on a read-only mount, or in a folder this user cannot write, it
    cannot ("attempt to write a readonly database", "unable to open database file"), and
    every read command failed though nothing was to be written (issue 23, item 9). Then,
    when no ``-wal`` file holds changes (a closed database checkpoints and removes it),
    the file alone is the database, and it is opened ``immutable=1``: SQLite reads it
    without any locking or index. A ``-wal`` with changes is needed, and nothing can read it
    here without its index: that is refused with what to do.
    """
    uri = path.resolve().as_uri()
    try:
        return _open(path, f"{uri}?mode=ro")
    except BadDatabase as error:
        if not any(word in error.reason for word in ("readonly", "unable to open")):
            raise
        wal = path.with_name(f"{path.name}-wal")
        if wal.exists() and wal.stat().st_size > 0:
            raise BadDatabase(
                path,
                f"{error.reason}; its log {wal.name} holds changes not yet in the file, and"
                " they cannot be read here: open it once where its folder can be written"
                " (any pokerhh command does), or copy the file and its -wal there",
            ) from None
    return _open(path, f"{uri}?mode=ro&immutable=1")


def _open(path: Path, uri: str) -> sqlite3.Connection:
    try:
        conn = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_S)
        # Opening is lazy: read the header now, so "not a database" is raised here.
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except (sqlite3.DatabaseError, UnicodeDecodeError) as error:
        raise BadDatabase(path, _cause(path, error)) from None
    return conn


def _cause(path: Path, error: sqlite3.Error | UnicodeDecodeError) -> str:
    """SQLite's message, with the likely cause when SQLite gives none.

    A ``UnicodeDecodeError`` is SQLite's message that Python could not decode: it names a
    schema object whose stored name is not UTF-8, so the schema text itself is damaged
    (issue 23, item 10); the message is shown with the bad bytes replaced."""
    if isinstance(error, UnicodeDecodeError):
        said = bytes(error.object).decode("utf-8", errors="replace")
        return (f"the database file is damaged: its schema text is not UTF-8 (SQLite says"
                f" {said!r}); restore it from a backup")  # fmt: skip
    message = str(error)
    if "file is not a database" in message:
        return "not an SQLite database file"
    if "unable to open" in message or "readonly" in message or "disk I/O" in message:
        folder = path.parent if str(path.parent) else Path(".")
        if not folder.exists():
            return f"{message} (the folder {folder} does not exist)"
        if path.exists() and not os.access(path, os.W_OK):
            return f"{message} (the file is not writable)"
        if not os.access(folder, os.W_OK):
            return f"{message} (the folder {folder} is not writable)"
    return message


#: The names of this version's migrations, oldest first.
MIGRATIONS_NAMES: tuple[str, ...] = tuple(m.name for m in MIGRATIONS.pending(Database(memory=True)))


@dataclass(frozen=True, slots=True)
class SchemaState:
    """What a database holds, as far as pokerhh is concerned."""

    #: pokerhh migrations applied, oldest first; pending ones of this version.
    applied: tuple[str, ...]
    pending: tuple[str, ...]
    #: Applied pokerhh migrations this version does not know (a newer pokerhh's).
    unknown: tuple[str, ...]
    #: Why the file is someone else's database ("" when it is not).
    foreign: str

    @property
    def version(self) -> str:
        """The schema version: the number of the last migration applied (``0003``)."""
        return self.applied[-1].split("_", 1)[0] if self.applied else "none"


def schema_state(db: Database) -> SchemaState:
    """Read (never write) which pokerhh migrations ``db`` has had.

    A database with tables but no pokerhh migrations is foreign: pokerhh neither reads it
    nor adds its tables to it.
    """
    tables = [t for t in db.table_names() if not t.startswith("sqlite_")]
    applied = tuple(migrations.applied(db))
    if not applied:
        others = [t for t in tables if t != "_sqlite_migrations"]
        foreign = f"it has other tables: {', '.join(others[:5])}" if others else ""
        return SchemaState((), MIGRATIONS_NAMES, (), foreign)
    known = set(MIGRATIONS_NAMES)
    return SchemaState(
        applied=applied,
        pending=tuple(n for n in MIGRATIONS_NAMES if n not in applied),
        unknown=tuple(n for n in applied if n not in known),
        foreign="",
    )


def backup_path(path: Path, version: str) -> Path:
    """Where the copy of a database of schema ``version`` goes before it is migrated:
    beside it, ``pokerhh.sqlite.schema-0003.bak`` (``.schema-0003.2.bak`` if taken)."""
    candidate = path.with_name(f"{path.name}.schema-{version}.bak")
    number = 1
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{path.name}.schema-{version}.{number}.bak")
    return candidate


def backup(db: Database, path: Path, version: str) -> Path:
    """Copy the database (WAL content included, through SQLite's backup API) beside it."""
    target = backup_path(path, version)
    copy = sqlite3.connect(target)
    try:
        db.conn.backup(copy)
    finally:
        copy.close()
    return target


def migrate(db: Database) -> list[str]:
    """Apply pending migrations in one ``BEGIN IMMEDIATE`` transaction; return their names.

    Holding the write lock from the check to the last migration means two processes that
    open a new database at the same time cannot both try to create the tables.
    """
    if not MIGRATIONS.pending(db):
        return []
    with write_transaction(db.conn):
        pending = [m.name for m in MIGRATIONS.pending(db)]
        MIGRATIONS.apply(db)
    return pending


@contextmanager
def write_transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """``BEGIN IMMEDIATE`` ... ``COMMIT``, rolled back if the block raises.

    Inside a transaction the caller holds already (the importer's batch of files,
    ``HandWriter.begin``), a savepoint of it instead: the block is still all or nothing,
    and the caller's ``COMMIT`` makes it durable.
    """
    begin, commit, rollback = _NESTED if conn.in_transaction else _OUTER
    conn.execute(begin)
    try:
        yield conn
    except BaseException:
        # A full disk may have rolled the whole transaction back already (SQLite's
        # automatic rollback): then there is nothing left to roll back to.
        if conn.in_transaction:
            for statement in rollback:
                conn.execute(statement)
        raise
    conn.execute(commit)


#: What :func:`write_transaction` runs to begin, to commit and to roll back: a transaction
#: of its own, or a savepoint of the caller's.
_OUTER: tuple[str, str, tuple[str, ...]] = ("BEGIN IMMEDIATE", "COMMIT", ("ROLLBACK",))
_NESTED: tuple[str, str, tuple[str, ...]] = (
    "SAVEPOINT nested", "RELEASE nested", ("ROLLBACK TO nested", "RELEASE nested"),
)


def compact(conn: sqlite3.Connection) -> bool:
    """``VACUUM``: rewrite the file with every page full, what PokerTracker's and Hold'em
    Manager's "housekeeping" does. An import fills B-tree pages in key order of several
    indexes at once, so its file has about a tenth of each page unused (the Pluribus corpus:
    922 B/hand as imported, 850 compacted; ``benchmarks/db_size.py``). The importer compacts
    after filling an empty database, ``pokerhh vacuum`` whenever asked.

    False, the database untouched, if SQLite could not (another writer holds the lock, no
    room for the temporary copy): compacting is never needed for correctness.
    """
    # The copy VACUUM builds goes to a temporary file, never memory (the writer's
    # ``temp_store=MEMORY`` would hold a whole copy of the database: issue 11's memory bound).
    (store,) = conn.execute("PRAGMA temp_store").fetchone()
    conn.execute("PRAGMA temp_store=FILE")
    try:
        conn.execute("VACUUM")
    except sqlite3.OperationalError:
        return False
    finally:
        conn.execute(f"PRAGMA temp_store={int(store)}")
    return True


def refresh_statistics(conn: sqlite3.Connection) -> None:
    """The query planner's statistics (``sqlite_stat1``) for every table and index, from a
    sample of about a thousand rows of each: milliseconds on a million hands.

    Not ``PRAGMA optimize`` alone: it analyzes only the tables this connection's queries
    touched, and the import's touch ``seats`` but not ``hands``. With ``seats`` counted and
    ``hands`` not, SQLite took ``hands`` for the larger and built a Bloom filter over every
    seat for the hand search's join: 600 ms instead of 3 on a million hands
    (``benchmarks/dashboard_1m.py``).

    Best effort, like :func:`compact`: the hands are committed by then, and statistics only
    guide the planner, so a locked or full disk leaves the old ones and the import stands.
    """
    try:
        conn.execute("PRAGMA analysis_limit=1000")
        conn.execute("ANALYZE")
    except sqlite3.OperationalError:
        pass
