"""Storage of the flags: migration 0002, the rows, and both write paths of the importer."""

from __future__ import annotations

import sqlite3
import typing
from pathlib import Path

import pytest
from sqlite_utils import Database

from analytics.ingest.importer import import_paths
from analytics.ingest.rows import STAT_COLUMNS, rows
from analytics.stats.flag_fields import FIELDS, IS_FLAG, PlayerFlags
from analytics.stats.flags import flag_rows, player_flags
from analytics.store.db import connect
from analytics.store.migrations import MIGRATIONS
from analytics.store.seat_layout import FLAG_BITS, FLAG_BITS_2, SEAT_COLUMNS, seat_row
from analytics.store.writer import HandWriter
from tests.stats.play import blinds, play

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"


@pytest.fixture
def fresh_db(tmp_path: Path) -> Path:
    return tmp_path / "db" / "pokerhh.sqlite"


def test_the_stats_view_has_a_column_per_stored_field(fresh_db: Path) -> None:
    """Migration 0002's table is, since 0007, a view over ``seats`` with the same columns."""
    db = connect(fresh_db)
    assert "0002_player_stats" in [m.name for m in MIGRATIONS.applied(db)]
    view = db.view("player_hand_stats")
    assert [c.name for c in view.columns] == ["hand", "seat", "player_id", *FIELDS[1:]]
    table = db.table("seats")
    assert table.strict
    assert table.pks == ["hand", "seat"]
    assert "seats_player" in {i.name for i in table.indexes}
    # every yes/no field is one bit of ``flags`` or ``flags2`` (or the seat's own showdown
    # column), never two
    flags = [name for name, flag in zip(FIELDS, IS_FLAG, strict=True) if flag]
    assert sorted(FLAG_BITS + FLAG_BITS_2) == sorted(set(flags) - {"went_to_showdown"})
    sql = table.schema
    assert f"CHECK ({_bit('three_bet')} <= {_bit('three_bet_chance')})" in sql
    assert f"CHECK ({_bit('pfr')} <= {_bit('vpip')})" in sql
    assert f"CHECK ({_bit('won_at_showdown')} <= went_to_showdown)" in sql


def _bit(name: str) -> str:
    return f"((flags >> {FLAG_BITS.index(name)}) & 1)"


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
    columns = ["hand", "player_id", *SEAT_COLUMNS]
    player = (1, "p", "BTN", 100, None, 0, 0, 0, 0, 0, 1, 1, "preflop", 0, 0)
    stats = dict.fromkeys(FIELDS, 0) | {"position": "BTN", "all_in_street": None}

    def values(seat: int, **flags: int) -> dict[str, object]:
        fields = stats | {"seat": seat} | flags
        row = seat_row((seat, *player[1:]), tuple(fields[f] for f in FIELDS))
        return dict(zip(columns, (1, 1, *row), strict=True))

    marks = ", ".join(":" + c for c in columns)
    insert = f"INSERT INTO seats ({', '.join(columns)}) VALUES ({marks})"
    db.execute(insert, values(1))
    with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
        db.execute(insert, values(2, three_bet=1))
    with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
        db.execute(insert, values(3, pfr=1))  # a raise pre-flop is VPIP
    with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
        db.execute(insert, values(4, folds_preflop=256))  # beyond 8 bits: refused, not wrapped
    with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
        db.execute(insert, values(6, vpip=2))  # a flag is 0 or 1, as 0002's CHECK had it
    db.execute(insert, values(5, vpip=1, pfr=1, folds_river=255))
    (row,) = db.execute(
        "SELECT vpip, pfr, three_bet, folds_river, folds_preflop FROM player_hand_stats"
        " WHERE seat = 5"
    ).fetchall()
    assert row == (1, 1, 0, 255, 0)
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
