"""The schema, its migrations and the connection settings."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from analytics.store import db as dbmod
from analytics.store.db import NoDatabase, connect, migrate, resolve_db_path, write_transaction
from analytics.store.migrations import MIGRATIONS, STATUSES, applied

TABLES = ("files", "players", "hands", "seats", "pots", "all_in_ev", "raw_dictionaries")


def test_a_new_database_gets_every_migration_once(fresh_db: Path) -> None:
    db = connect(fresh_db)
    names = [m.name for m in MIGRATIONS._migrations]
    assert applied(db) == names
    db.close()
    db = connect(fresh_db)
    assert applied(db) == names
    assert migrate(db) == []
    assert db.execute("SELECT count(*) FROM _sqlite_migrations").fetchone()[0] == len(names)


def test_every_table_is_strict(fresh_db: Path) -> None:
    db = connect(fresh_db)
    for table in TABLES:
        assert db[table].strict, table


def test_connection_settings(fresh_db: Path) -> None:
    db = connect(fresh_db)
    assert db.journal_mode == "wal"
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
    assert db.execute("PRAGMA temp_store").fetchone()[0] == 2  # MEMORY
    assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1


def test_money_columns_refuse_anything_but_integers(fresh_db: Path) -> None:
    db = connect(fresh_db)
    db.execute(
        "INSERT INTO files (path, sha256, size, hands, imported_at) VALUES ('f', 'x', 1, 1, 't')"
    )
    insert = (
        "INSERT INTO hands (site, hand_id, status, file_id, first_line, raw_dictionary, raw_z,"
        " total_pot)"
    )
    with pytest.raises(sqlite3.IntegrityError, match="cannot store REAL value"):
        db.execute(f"{insert} VALUES ('S', '1', 'ok', 1, 1, 1, x'00', 1.5)")
    with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
        db.execute(f"{insert} VALUES ('S', '2', 'lost', 1, 1, 1, x'00', 1)")
    # ok <=> no problem
    with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
        db.execute(f"{insert} VALUES ('S', '3', 'invalid', 1, 1, 1, x'00', 1)")
    # the compressed text is a BLOB (migration 0007), never text
    with pytest.raises(sqlite3.IntegrityError, match="cannot store TEXT value"):
        db.execute(f"{insert} VALUES ('S', '4', 'ok', 1, 1, 1, 'raw', 1)")
    db.conn.rollback()


def test_statuses_are_the_exported_ones() -> None:
    assert STATUSES == ("ok", "invalid", "cancelled", "incomplete", "unsupported")


def test_net_is_collected_plus_cash_out_minus_invested(fresh_db: Path) -> None:
    """0001 checked it on every row; since 0007 the view computes it, so it always holds."""
    db = connect(fresh_db)
    sql = db["hand_players"].schema
    assert "collected + cashed_out - invested AS net" in sql
    assert "net" not in db["seats"].columns_dict


def test_a_later_migration_applies_on_top(fresh_db: Path) -> None:
    """A new migration is a new function: old databases get exactly the new ones."""
    connect(fresh_db).close()
    later = Migrations("pokerhh")
    for migration in MIGRATIONS._migrations:
        later(name=migration.name)(migration.fn)

    @later(name="9999_example")
    def add_column(db: Database) -> None:
        db.execute("ALTER TABLE players ADD COLUMN note TEXT")

    db = Database(sqlite3.connect(fresh_db))
    assert [m.name for m in later.pending(db)] == ["9999_example"]
    later.apply(db)
    assert "note" in db["players"].columns_dict


def test_read_only_commands_do_not_create_a_database(tmp_path: Path) -> None:
    with pytest.raises(NoDatabase, match="no pokerhh database at"):
        connect(tmp_path / "missing.sqlite", create=False)
    assert not (tmp_path / "missing.sqlite").exists()


def test_db_path_precedence(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(dbmod.platformdirs, "user_data_dir", lambda app: str(tmp_path / app))
    monkeypatch.delenv(dbmod.ENV_VAR, raising=False)
    assert resolve_db_path() == tmp_path / "pokerhh" / "pokerhh.sqlite"
    monkeypatch.setenv(dbmod.ENV_VAR, str(tmp_path / "env.sqlite"))
    assert resolve_db_path() == tmp_path / "env.sqlite"
    assert resolve_db_path(tmp_path / "flag.sqlite") == tmp_path / "flag.sqlite"


def test_write_transaction_rolls_back_on_error(fresh_db: Path) -> None:
    db = connect(fresh_db)

    def insert_then_fail() -> None:
        with write_transaction(db.conn) as conn:
            conn.execute("INSERT INTO players (site, name) VALUES ('S', 'A')")
            raise RuntimeError

    with pytest.raises(RuntimeError):
        insert_then_fail()
    assert db.execute("SELECT count(*) FROM players").fetchone()[0] == 0
    assert not db.conn.in_transaction


def test_a_writer_is_not_blocked_by_a_reader(fresh_db: Path) -> None:
    """WAL + BEGIN IMMEDIATE: an import can write while the dashboard holds a read."""
    writer = connect(fresh_db)
    reader = sqlite3.connect(fresh_db, timeout=0)
    reader.execute("BEGIN")
    assert reader.execute("SELECT count(*) FROM players").fetchone() == (0,)
    with write_transaction(writer.conn) as conn:
        conn.execute("INSERT INTO players (site, name) VALUES ('S', 'A')")
    assert reader.execute("SELECT count(*) FROM players").fetchone() == (0,)  # its snapshot
    reader.execute("COMMIT")
    assert reader.execute("SELECT count(*) FROM players").fetchone() == (1,)
