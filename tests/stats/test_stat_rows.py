"""Storage of the flags: migration 0002, the rows, and both write paths of the importer."""

from __future__ import annotations

import sqlite3
import typing
from pathlib import Path

import pytest
from sqlite_utils import Database

from analytics.db import connect
from analytics.flag_fields import FIELDS, IS_FLAG, PlayerFlags
from analytics.flags import flag_rows, player_flags
from analytics.importer import import_paths
from analytics.migrations import MIGRATIONS
from analytics.rows import STAT_COLUMNS, rows
from analytics.store import HandWriter
from tests.stats.play import blinds, play

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"


@pytest.fixture
def fresh_db(tmp_path: Path) -> Path:
    return tmp_path / "db" / "pokerhh.sqlite"


def test_migration_0002_has_a_column_per_stored_field(fresh_db: Path) -> None:
    db = connect(fresh_db)
    assert "0002_player_stats" in [m.name for m in MIGRATIONS.applied(db)]
    table = db.table("player_hand_stats")
    assert table.strict
    assert [c.name for c in table.columns] == ["hand", "seat", "player_id", *FIELDS[1:]]
    assert table.pks == ["hand", "seat"]
    assert "player_hand_stats_player" in {i.name for i in table.indexes}
    sql = table.schema
    for name, flag in zip(FIELDS, IS_FLAG, strict=True):
        assert (f"CHECK ({name} IN (0, 1))" in sql) == flag, name
    assert "CHECK (three_bet <= three_bet_chance)" in sql
    assert "CHECK (pfr <= vpip)" in sql


def test_stored_fields_are_the_dataclass_fields() -> None:
    hints = typing.get_type_hints(PlayerFlags)
    assert tuple(hints) == (*FIELDS, "reasons")
    assert STAT_COLUMNS == FIELDS
    assert FIELDS[0] == "seat"
    for name, flag in zip(FIELDS, IS_FLAG, strict=True):
        assert (hints[name] is bool) == flag, name


def test_a_done_without_its_chance_is_refused(fresh_db: Path) -> None:
    db = connect(fresh_db)
    db.execute("PRAGMA foreign_keys = OFF")
    columns = ["hand", "seat", "player_id", *FIELDS[1:]]
    values = dict.fromkeys(columns, 0) | {"position": "BTN", "all_in_street": None}
    insert = (
        f"INSERT INTO player_hand_stats ({', '.join(columns)}) "
        f"VALUES ({', '.join(':' + c for c in columns)})"
    )
    db.execute(insert, values)
    with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
        db.execute(insert, values | {"seat": 2, "three_bet": 1})
    with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
        db.execute(insert, values | {"seat": 3, "vpip": 2})
    db.conn.rollback()


def test_rows_carry_the_flags_as_ints_in_field_order() -> None:
    result = play(
        blinds() + "utg: raises to 6\nmp: folds\nco: folds\nbtn: folds\nsb: folds\nbb: folds"
    )
    stats = rows(result).stats
    assert stats == tuple(flag_rows(result))
    flags = player_flags(result)
    for row in stats:
        (name,) = [n for n, f in flags.items() if f.seat == row[0]]
        expected = [getattr(flags[name], field) for field in FIELDS]
        assert list(row) == expected
        # sqlite3 binds exact ints far faster than bools: flags are 0/1 in rows.
        assert all(type(v) is int for v, flag in zip(row, IS_FLAG, strict=True) if flag)
    by_name = rows(result).as_dicts()["stats"]
    assert [r["seat"] for r in by_name] == [1, 2, 3, 4, 5, 6]
    assert by_name[2]["pfr"] == 1
    assert by_name[2]["position"] == "UTG"


def _stored(db_path: Path) -> tuple[list[tuple], list[tuple]]:
    db = Database(sqlite3.connect(db_path))
    players = db.execute(
        "SELECT hand, seat, player_id, position, net, rake_paid, went_to_showdown"
        " FROM hand_players ORDER BY hand, seat"
    ).fetchall()
    stats = db.execute(
        "SELECT hand, seat, player_id, position, net, rake_paid, went_to_showdown"
        " FROM player_hand_stats ORDER BY hand, seat"
    ).fetchall()
    return players, stats


@pytest.mark.parametrize("path", ["bulk", "per_hand"])
def test_import_writes_a_stats_row_per_player(
    fresh_db: Path, monkeypatch: pytest.MonkeyPatch, path: str
) -> None:
    if path == "per_hand":
        monkeypatch.setattr(HandWriter, "_write_bulk", lambda *args: False)
    report = import_paths([SAMPLES], fresh_db)
    assert report.stored["ok"] > 10
    players, stats = _stored(fresh_db)
    assert players == stats
    db = Database(sqlite3.connect(fresh_db))
    (vpip,) = db.execute("SELECT sum(vpip) FROM player_hand_stats").fetchone()
    assert vpip > 0
    # A second import stores nothing again.
    again = import_paths([SAMPLES], fresh_db, rescan=True)
    assert again.stored_total == 0
    assert _stored(fresh_db) == (players, stats)
