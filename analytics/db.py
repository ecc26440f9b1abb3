"""Where the database lives, how a connection is set up, and how a writer starts.

Why each setting:

- ``journal_mode=WAL``: the dashboard can read while an import writes.
- ``synchronous=NORMAL``: in WAL mode a commit survives a crash or ``kill -9`` of the
  process; only a power loss can lose the last commits (never delete or move a source
  file on the strength of a commit).
- ``busy_timeout``: a second writer waits for the first instead of failing at once.
- ``temp_store=MEMORY``: the per-hand savepoints of the importer journal their pages in
  memory rather than in a temporary file (measured: about 25% of the store time).
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
from pathlib import Path

import platformdirs
from sqlite_utils import Database

from analytics.migrations import MIGRATIONS

#: The environment variable that overrides the default database path.
ENV_VAR = "POKERHH_DB"
#: Seconds a writer waits for another writer's transaction to end.
BUSY_TIMEOUT_S = 60.0


class NoDatabase(FileNotFoundError):
    """Raised when a command that only reads is pointed at a database that does not exist."""

    def __init__(self, path: Path) -> None:
        self.path = path
        super().__init__(f"no pokerhh database at {path} (run `pokerhh import` first)")


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
    """Open (and, with ``create``, create and migrate) the database at ``path``.

    With ``create=False`` a missing file raises :class:`NoDatabase` instead of leaving an
    empty database behind; an existing one is still migrated, so old databases keep working.
    """
    path = Path(path)
    if not create and not path.exists():
        raise NoDatabase(path)
    if create:
        path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_S)
    db = Database(conn, strict=True, execute_plugins=False)
    db.enable_wal()
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("PRAGMA temp_store=MEMORY")
    conn.execute("PRAGMA foreign_keys=ON")
    migrate(db)
    return db


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
    """``BEGIN IMMEDIATE`` ... ``COMMIT``, rolled back if the block raises."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
