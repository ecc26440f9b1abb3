"""Fault 7 of issue 9: ``pokerhh delete``, by hand id or by file, only with ``--yes``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.reliability.conftest import SAMPLES, Run, query

NLHE = SAMPLES / "pokerstars" / "nlhe"
#: The stored tables and the views over them (the actions are not stored since 0007).
TABLES = ("hands", "hand_players", "seats", "pots", "player_hand_stats", "all_in_ev")


@pytest.fixture
def db(run: Run, tmp_path: Path) -> Path:
    path = tmp_path / "x.sqlite"
    assert run("import", "--quiet", "--db", path, NLHE)[0] in (0, 1)
    return path


def counts(db: Path) -> dict[str, int]:
    return {table: query(db, f"SELECT count(*) FROM {table}")[0][0] for table in TABLES}


def test_without_yes_nothing_is_deleted(run: Run, db: Path) -> None:
    before = counts(db)
    code, out, _ = run("delete", "--db", db, "9000000001")
    assert code == 1
    assert out == (
        f"would delete 1 hand (PokerStars:9000000001) from {db}; nothing deleted: run again"
        " with --yes to delete\n"
    )
    assert counts(db) == before


def test_delete_hands_by_id(run: Run, db: Path) -> None:
    before = counts(db)
    players = query(db, "SELECT count(*) FROM hand_players hp JOIN hands h ON h.id = hp.hand"
                        " WHERE h.hand_id = '9000000001'")[0][0]  # fmt: skip
    code, out, _ = run("delete", "--db", db, "--yes", "PokerStars:9000000001")
    assert (code, out) == (0, f"deleted 1 hand (PokerStars:9000000001) from {db}\n")
    after = counts(db)
    assert after["hands"] == before["hands"] - 1
    assert after["hand_players"] == before["hand_players"] - players
    assert query(db, "SELECT count(*) FROM hands WHERE hand_id = '9000000001'") == [(0,)]
    assert query(db, "PRAGMA foreign_key_check") == []
    # the file is still known: a plain import leaves the hand deleted, --rescan restores it
    assert run("import", "--quiet", "--db", db, NLHE)[1].count("stored:      0 (0 ok)") == 1
    assert "stored:      1 (1 ok)" in run("import", "--quiet", "--rescan", "--db", db, NLHE)[1]
    code, _, err = run("delete", "--db", db, "--yes", "123")
    assert (code, err) == (1, "pokerhh: no stored hand 123\n")


def test_delete_a_files_hands(run: Run, db: Path, tmp_path: Path) -> None:
    walk = NLHE / "walk.txt"
    (n,) = query(db, f"SELECT hands FROM files WHERE path = '{walk}'")[0]
    before = counts(db)
    code, out, _ = run("delete", "--db", db, "--file", walk, "--yes")
    assert code == 0
    assert out.startswith(f"deleted {n} hand")
    assert out.endswith(f"and 1 file from {db}\n")
    assert counts(db)["hands"] == before["hands"] - n
    assert query(db, f"SELECT count(*) FROM files WHERE path = '{walk}'") == [(0,)]
    # forgotten with its file: importing it again stores its hands again
    assert f"stored:      {n} " in run("import", "--quiet", "--db", db, walk)[1]
    moved = tmp_path / "moved.txt"
    shutil.copy(walk, moved)  # the same content elsewhere is found by its sha256
    assert run("delete", "--db", db, "--file", moved, "--yes")[0] == 0
    code, _, err = run("delete", "--db", db, "--file", tmp_path / "never.txt", "--yes")
    assert (code, err) == (1, f"pokerhh: no stored file {tmp_path / 'never.txt'}\n")
