"""Issue 23, the store's side of items 1, 6, 7 and 9: a hostile or broken file must not hurt
anything else.

1. An amount of 2**63 or more aborted the whole import (``OverflowError`` in the writer):
   now that hand is quarantined and the rest stored, whatever layer catches it (the
   engine's rule L1 first; the writer again, for any value SQLite cannot hold, and for an
   ``ok`` hand beyond ``MAX_AMOUNT``, which keeps every sum within 64 bits).
6. The same hand id with another text was dropped as a duplicate, and ``#030000`` and
   ``#30000`` were two hands: the copy is kept in ``hand_conflicts`` and reported; numeric
   ids are compared as numbers.
7. ``delete --file A`` removed hands file B also held: now a hand goes only when no stored
   file holds it.
9. A WAL database in a folder the user cannot write could not be read by ``stats``,
   ``export`` or ``replay``.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import sqlite3
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest

from analytics.ingest.hand_rows import HAND_COLUMNS, STORED_SEAT_COLUMNS, HandRows
from analytics.ingest.prepare import PreparedFile, prepare_file
from analytics.store import aggregates
from analytics.store.db import connect
from analytics.store.writer import INT64_MAX, MAX_AMOUNT, FileMeta, HandWriter
from tests.reliability.conftest import SAMPLES, Run, query

WALK = (SAMPLES / "pokerstars/nlhe/walk.txt").read_text(encoding="utf-8")
WALK_ID = "9000000003"
#: 2**63 cents: the first amount SQLite's INTEGER cannot hold.
HUGE = "$92233720368547758.08"


def walk(number: int | str, **changes: str) -> str:
    text = WALK.replace(f"#{WALK_ID}", f"#{number}")
    for old, new in changes.items():
        assert old in text, old
        text = text.replace(old, new)
    return text


def histories(*hands: str) -> str:
    return "\n\n\n".join(hands) + "\n"


# -- item 1: amounts beyond any real game ---------------------------------------------------


def test_an_amount_of_2_63_quarantines_its_hand_and_the_rest_is_stored(
    run: Run, tmp_path: Path
) -> None:
    first = tmp_path / "a.txt"
    first.write_text(histories(walk(1), walk(2)), encoding="utf-8")
    hostile = tmp_path / "b.txt"
    stack = {"Seat 1: Mr Pink ($10 in chips)": f"Seat 1: Mr Pink ({HUGE} in chips)"}
    hostile.write_text(histories(walk(3), walk(4, **stack), walk(5)), encoding="utf-8")
    last = tmp_path / "c.txt"
    last.write_text(histories(walk(6)), encoding="utf-8")
    db = tmp_path / "db.sqlite"
    code, out, err = run("import", "--quiet", "--db", db, first, hostile, last)
    # README: exit 0 when every file was imported, quarantined hands included.
    assert (code, err) == (0, "")
    assert "stored:      6 (5 ok)" in out
    rows = query(db, "SELECT hand_id, status, problem_rule FROM hands ORDER BY id")
    assert rows == [(str(n), "ok", None) for n in (1, 2, 3)] + [("4", "invalid", "L1")] + [
        (str(n), "ok", None) for n in (5, 6)
    ]
    assert query(db, "PRAGMA integrity_check") == [("ok",)]
    # Every re-run goes on from there: nothing left to do, nothing stops it.
    assert run("import", "--quiet", "--db", db, first, hostile, last)[0] == 0


def _rows(*texts: str) -> PreparedFile:
    prepared = prepare_file("forged.txt", histories(*texts).encode(), sqlite=True)
    assert isinstance(prepared, PreparedFile)
    return prepared


def _with(hand: HandRows, column: str, value: object) -> HandRows:
    row = list(hand.hand)
    row[HAND_COLUMNS.index(column)] = value
    return dataclasses.replace(hand, hand=tuple(row))


def _with_seat(hand: HandRows, column: str, value: object) -> HandRows:
    index = STORED_SEAT_COLUMNS.index(column)
    seats = tuple((*row[:index], value, *row[index + 1 :]) for row in hand.seats)
    return dataclasses.replace(hand, seats=seats)


def test_the_writer_quarantines_what_sqlite_or_the_sums_cannot_hold(tmp_path: Path) -> None:
    """Whatever reaches the writer (here ``ok`` rows forged past the engine's rule L1): a
    value beyond 64 bits, a pot or a cash-out beyond ``MAX_AMOUNT``, and a quarantined
    record whose header holds such a value. Before: ``OverflowError`` out of
    ``executemany``, the file rolled back and the import stopped."""
    good = _rows(walk(1), walk(2), walk(3), walk(4), walk(5), walk(6)).rows
    assert all(hand.status == "ok" for hand in good)
    beyond_int64 = _with_seat(good[1], "starting_stack", 2**63)
    beyond_pot = _with(good[2], "total_pot", MAX_AMOUNT + 1)
    beyond_cash_out = _with_seat(good[3], "cashed_out", MAX_AMOUNT * 2)
    quarantined = _rows(walk(7, **{"Mr Pink: folds": "Mr Pink: dances"})).rows[0]
    assert quarantined.status == "invalid"
    quarantined = _with(quarantined, "big_blind", -(2**64))
    hands = [good[0], beyond_int64, beyond_pot, beyond_cash_out, quarantined, good[4]]
    db = connect(tmp_path / "db.sqlite")
    try:
        writer = HandWriter(db.conn)
        writer.begin()
        written = writer.write_file(FileMeta("forged.txt", "0" * 64, 1), hands)
        writer.commit()
        stored = db.execute(
            "SELECT hand_id, status, problem_kind, problem_rule, problem_message, big_blind"
            " FROM hands ORDER BY id"
        ).fetchall()
        sums = db.execute("SELECT sum(hands) FROM hand_sums").fetchone()[0]
    finally:
        db.close()
    assert [row[:4] for row in stored] == [
        ("1", "ok", None, None),
        ("2", "invalid", "store_error", "L1"),
        ("3", "invalid", "store_error", "L1"),
        ("4", "invalid", "store_error", "L1"),
        ("7", "invalid", "parse_error", None),  # its own problem kept
        ("5", "ok", None, None),
    ]
    assert "starting_stack = 9,223,372,036,854,775,808" in stored[1][4]
    # In the hand's money, as the log writes it (issue 23 item 14), limit included.
    assert "total pot $10,000,000,000.01 is beyond any real game" in stored[2][4]
    assert "(at most $10,000,000,000.00, L1)" in stored[2][4]
    assert "cash-out $20,000,000,000.00" in stored[3][4]
    assert stored[4][5] is None  # the header value SQLite cannot hold, left out
    assert sorted(written.refused) == [1, 2, 3]
    assert sums == 2  # the sums hold the ok hands only


def test_sums_of_amounts_within_the_limit_cannot_overflow() -> None:
    """The bound behind ``MAX_AMOUNT``, and SQLite's behaviour it relies on: ``sum()``
    raises on an integer overflow (so every figure must stay within 64 bits: a seat's net
    is at most the pot, so 9,223,372 hands of one player at the limit), while ``x + y`` in
    the sums' upserts would turn into a REAL rather than fail an import."""
    assert MAX_AMOUNT * 9_223_372 <= INT64_MAX < MAX_AMOUNT * 9_223_373
    conn = sqlite3.connect(":memory:")
    with pytest.raises(sqlite3.OperationalError, match="integer overflow"):
        conn.execute("SELECT sum(x) FROM (SELECT ? AS x UNION ALL SELECT 1)", (INT64_MAX,))
    assert conn.execute("SELECT typeof(? + 1)", (INT64_MAX,)).fetchone() == ("real",)
    # A batch's delta (the largest grouped sum at import: 2,000 hands of 10 seats) is far
    # inside the bound.
    assert 2_000 * 10 * MAX_AMOUNT < INT64_MAX
    assert aggregates.TABLES  # the tables these sums are kept in


# -- item 6: the same hand id, another text --------------------------------------------------


def test_a_conflicting_copy_is_kept_and_reported_and_ids_compare_as_numbers(
    run: Run, tmp_path: Path
) -> None:
    db = tmp_path / "db.sqlite"
    stored = tmp_path / "a.txt"
    stored.write_text(histories(walk(30000), walk(30001)), encoding="utf-8")
    assert run("import", "--quiet", "--db", db, stored)[0] == 0
    # The same hands again: CRLF line ends and trailing blanks (the same text), and hand
    # 030000 (hand 30000 to PokerStars) with other hole cards (another text).
    copy = tmp_path / "b.txt"
    same = walk(30001).replace("\n", "  \r\n")
    other = walk("030000", **{"[7d 2c]": "[Ah Ad]"})
    copy.write_bytes(histories(same, other).encode())
    code, out, _ = run("import", "--quiet", "--db", db, copy)
    assert code == 0
    assert "stored:      0 (0 ok)" in out
    assert "duplicates:  1" in out
    assert "conflicts:   1" in out
    assert f"{copy}:32: hand 30000: conflict: stored already from {stored} line 1" in out
    assert query(db, "SELECT hand_id FROM hands ORDER BY id") == [("30000",), ("30001",)]
    (conflict,) = query(
        db,
        "SELECT h.hand_id, f.path, c.first_line, raw_text(c.raw_dictionary, c.raw_z)"
        " FROM hand_conflicts c JOIN hands h ON h.id = c.hand JOIN files f ON f.id = c.file_id",
    )
    assert conflict[:3] == ("30000", str(copy), 32)
    assert "Dealt to Dana [Ah Ad]" in conflict[3]
    # The copy is kept once, however often it is read again.
    code, out, _ = run("import", "--quiet", "--rescan", "--db", db, copy)
    assert (code, "conflicts:" in out) == (0, False)
    assert query(db, "SELECT count(*) FROM hand_conflicts") == [(1,)]
    # The user's 030000 is hand 30000 too.
    code, out, _ = run("replay", "--db", db, "030000")
    assert code == 0
    assert "30000" in out


# -- item 7: delete --file keeps what another file holds -------------------------------------


def test_delete_a_file_keeps_the_hands_another_stored_file_holds(
    run: Run, tmp_path: Path
) -> None:
    a, b = tmp_path / "A.txt", tmp_path / "B.txt"
    a.write_text(histories(walk(1), walk(2)), encoding="utf-8")
    b.write_text(histories(walk(2), walk(3)), encoding="utf-8")
    db = tmp_path / "db.sqlite"
    assert run("import", "--quiet", "--db", db, a, b)[0] == 0
    code, out, _ = run("delete", "--db", db, "--yes", "--file", a)
    assert code == 0
    assert out.startswith("deleted 1 hand (PokerStars:1) and 1 file (1 more hand kept")
    assert query(
        db, "SELECT h.hand_id, f.path, h.first_line FROM hands h JOIN files f ON f.id = h.file_id"
    ) == [("2", str(b), 1), ("3", str(b), 32)]
    code, out, _ = run("import", "--quiet", "--db", db, b)
    assert "1 unchanged since a previous import" in out
    assert query(db, "SELECT count(*) FROM hands") == [(2,)]
    # B deleted too: nothing holds them any more.
    assert run("delete", "--db", db, "--yes", "--file", b)[0] == 0
    assert query(db, "SELECT count(*) FROM hands") == [(0,)]
    assert query(db, "SELECT count(*) FROM hand_files") == [(0,)]
    assert query(db, "PRAGMA foreign_key_check") == []
    assert query(db, "SELECT sum(hands) FROM hand_sums") == [(None,)]


# -- item 9: a WAL database in a folder this user cannot write ------------------------------


def _as_unprivileged(action: Callable[[], int]) -> int:
    """``action()``'s result run by a user the folder's permissions apply to: this process
    if it is not root (root ignores them), else a forked child as ``nobody``."""
    if os.geteuid() != 0:
        return action()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        code = 99
        try:
            os.setgid(65534)
            os.setuid(65534)
            code = action()
        except BaseException as error:
            os.write(2, f"as nobody: {type(error).__name__}: {error}\n".encode())
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_wal_database_in_a_read_only_folder_is_read(run: Run, samples_db: Path) -> None:
    # Not under tmp_path: pytest's base folder is its user's alone (0700).
    top = Path(tempfile.mkdtemp(prefix="pokerhh-ro-"))
    os.chmod(top, 0o755)
    folder = top / "mount"
    folder.mkdir()
    db = folder / "pokerhh.sqlite"
    shutil.copy(samples_db, db)
    assert query(db, "PRAGMA journal_mode") == [("wal",)]
    reads = (("stats",), ("export", "--format", "jsonl"), ("replay", "9000000001"))
    # Each command once here first, so the forked child has every module loaded already
    # (the unprivileged user may not read this Python's own files).
    for argv in reads:
        assert run(*argv, "--db", db)[0] == 0, argv
    for name in os.listdir(folder):  # a closed WAL database: an empty log, or none
        if name != db.name:
            assert name.endswith("-shm") or os.path.getsize(folder / name) == 0, name
            os.unlink(folder / name)
    os.chmod(db, stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
    os.chmod(folder, stat.S_IRUSR | stat.S_IXUSR | stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH
             | stat.S_IXOTH)  # fmt: skip
    try:
        for argv in reads:
            assert _as_unprivileged(lambda argv=argv: run(*argv, "--db", db)[0]) == 0, argv
        assert sorted(os.listdir(folder)) == [db.name]  # nothing written beside it
    finally:
        os.chmod(folder, 0o755)
        shutil.rmtree(top)
