"""kill -9 during an import, then import again: the same database as a clean import.

How: an import runs in a subprocess; once the database shows some committed files the test
sends SIGKILL (no cleanup, no rollback by Python: the process just stops, maybe in the middle
of a transaction); it does that twice at different points, then runs the import to the end.
The content (hands, players, statistics, actions, pots and files, without surrogate ids and
import times) must equal a clean import's. In between, the killed database must be sound:
no file row without all of its hands, no hand without its rows.

The first test uses the fake stages slowed down per hand, so the kills surely land mid-way;
the second runs the real ``pokerhh import`` on Pluribus files (``corpus``).
"""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from analytics_fakes import FAKE_STAGES, file_text, hand_text

from analytics.ingest.importer import ImportReport, import_paths
from analytics.ingest.pipeline import Stages
from analytics.store import rawtext
from analytics.store.actions import stored_actions

ROOT = Path(__file__).resolve().parents[2]
FAKES = Path(__file__).with_name("analytics_fakes.py")

#: Content to compare, keyed by natural keys; ids and timestamps left out.
DUMPS = {
    "files": "SELECT path, sha256, size, hands FROM files ORDER BY sha256",
    "players": "SELECT site, name FROM players ORDER BY site, name",
    "hands": """SELECT site, hand_id, status, problem_kind, problem_rule, problem_message,
                problem_line, problem_event, f.path, first_line, game, game_name, mixed,
                betting, currency, unit, small_blind, big_blind, ante, small_bet, big_bet, cap,
                started_at, table_name, max_seats, button_seat, tournament_id, level, players,
                total_pot, rake, boards, raw_text(raw_dictionary, raw_z)
                FROM hands h JOIN files f ON f.id = h.file_id ORDER BY site, hand_id""",
    "hand_players": """SELECT h.site, h.hand_id, hp.seat, p.name, hp.name, position,
                starting_stack, hole_cards, invested, collected, cashed_out, net, rake_paid,
                dealt_in, folded, folded_on, went_to_showdown, all_in
                FROM hand_players hp JOIN hands h ON h.id = hp.hand
                JOIN players p ON p.id = hp.player_id ORDER BY h.site, h.hand_id, hp.seat""",
    "player_hand_stats": """SELECT h.site, h.hand_id, s.*
                FROM player_hand_stats s JOIN hands h ON h.id = s.hand
                ORDER BY h.site, h.hand_id, s.seat""",
    "pots": """SELECT h.site, h.hand_id, run, idx, amount, eligible, winners, odd_chips_to
                FROM pots p JOIN hands h ON h.id = p.hand ORDER BY h.site, h.hand_id, run, idx""",
}


def dump(db: Path, stages: Stages = FAKE_STAGES) -> dict[str, list[tuple]]:
    conn = sqlite3.connect(db)
    rawtext.register(conn)  # the texts are stored compressed (migration 0007)
    try:
        out = {name: conn.execute(sql).fetchall() for name, sql in DUMPS.items()}
        # The events are not stored since 0007: made again from each hand's stored text.
        keys = dict(conn.execute("SELECT id, site || ':' || hand_id FROM hands"))
        out["actions"] = sorted(
            (keys[row[0]], *row[1:]) for row in stored_actions(conn, stages=stages)
        )
        return out
    finally:
        conn.close()


def files_committed(db: Path) -> int:
    if not db.exists():
        return 0
    conn = sqlite3.connect(db, timeout=5)
    try:
        return conn.execute("SELECT count(*) FROM files").fetchone()[0]
    except sqlite3.OperationalError:  # tables not created yet
        return 0
    finally:
        conn.close()


def kill_after(command: list[str], db: Path, files: int, timeout: float = 60) -> None:
    """Run ``command``, SIGKILL it once ``db`` has ``files`` committed file rows."""
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + timeout
    try:
        while files_committed(db) < files:
            assert process.poll() is None, "the import ended before it could be killed"
            assert time.monotonic() < deadline, "the import made no progress"
            time.sleep(0.005)
        assert process.poll() is None, "the import ended before it could be killed"
        os.kill(process.pid, signal.SIGKILL)
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
    assert process.returncode == -signal.SIGKILL


def assert_sound(db: Path, stages: Stages = FAKE_STAGES) -> None:
    """What a killed import may leave: whole files only."""
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        # every committed file has all its hands (none of this test's hands is a duplicate)
        short = conn.execute(
            "SELECT f.path FROM files f LEFT JOIN hands h ON h.file_id = f.id"
            " GROUP BY f.id HAVING count(h.id) <> f.hands"
        ).fetchall()
        assert short == []
        # every ok hand has its players, its statistics and its events (made again from
        # its stored text since 0007)
        bare = conn.execute(
            "SELECT hand_id FROM hands h WHERE status = 'ok' AND (NOT EXISTS"
            " (SELECT 1 FROM hand_players WHERE hand = h.id) OR NOT EXISTS"
            " (SELECT 1 FROM player_hand_stats WHERE hand = h.id))"
        ).fetchall()
        assert bare == []
        ok = {key for (key,) in conn.execute("SELECT id FROM hands WHERE status = 'ok'")}
        assert {row[0] for row in stored_actions(conn, stages=stages)} == ok
    finally:
        conn.close()


@pytest.mark.slow
def test_kill_9_then_reimport_equals_a_clean_import(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    kinds = ("ok", "ok", "ok", "invalid", "ok", "parse_error", "cancelled", "ok")
    for number in range(40):
        hands = [hand_text(number * 100 + i, kinds[i % len(kinds)]) for i in range(25)]
        (folder / f"{number:02d}.txt").write_text(file_text(*hands), encoding="utf-8")
    clean = tmp_path / "clean.sqlite"
    import_paths([folder], clean, stages=FAKE_STAGES)

    killed = tmp_path / "killed.sqlite"
    command = [sys.executable, str(FAKES), str(killed), "0.003", str(folder)]
    kill_after(command, killed, files=5)
    assert_sound(killed)
    partial = files_committed(killed)
    assert 5 <= partial < 40
    kill_after(command, killed, files=partial + 5)
    assert_sound(killed)
    report = import_paths([folder], killed, stages=FAKE_STAGES)
    assert report.files_unchanged >= partial + 5
    assert report.duplicates == 25 * report.files_unchanged
    assert dump(killed) == dump(clean)


@pytest.mark.corpus
@pytest.mark.slow
def test_kill_9_during_pokerhh_import_of_pluribus(tmp_path: Path, pluribus: Path) -> None:
    folder = tmp_path / "pluribus"
    folder.mkdir()
    for path in sorted(pluribus.glob("*.txt"))[:16]:
        shutil.copy(path, folder / path.name)
    clean = tmp_path / "clean.sqlite"
    import_paths([folder], clean)

    killed = tmp_path / "killed.sqlite"
    command = [sys.executable, "-m", "dashboard.cli", "import", "--quiet", "--db", str(killed),
               str(folder)]  # fmt: skip
    kill_after(command, killed, files=2)
    assert_sound(killed, Stages.default())
    finished = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert finished.returncode == 0, finished.stderr
    assert "unchanged since a previous import" in finished.stdout
    assert dump(killed, Stages.default()) == dump(clean, Stages.default())


def test_parallel_import_equals_a_serial_one(
    tmp_path: Path, samples_imported: tuple[Path, ImportReport]
) -> None:
    """--jobs only changes who parses: the database is written in file order either way.
    The serial import (``jobs=1``, the default) is the session's (``tests/conftest.py``)."""
    samples = ROOT / "sample_histories"
    serial, one = samples_imported
    parallel = tmp_path / "parallel.sqlite"
    two = import_paths([samples], parallel, jobs=2)
    assert (one.stored, one.duplicates, one.problems) == (two.stored, two.duplicates, two.problems)
    assert one.stored_total > 40
    assert dump(parallel, Stages.default()) == dump(serial, Stages.default())
