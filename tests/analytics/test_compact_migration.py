"""Migration 0007_compact converts a database of the previous schema in place: every text,
every seat, every statistic, every all-in EV and every event reads back identical, and the
converted database equals a fresh import of the same files (issue 11)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlite_utils import Database

from analytics.ingest.importer import import_paths
from analytics.ingest.pipeline import Stages, process
from analytics.ingest.rows import (
    ACTION_COLUMNS,
    ALL_IN_COLUMNS,
    HAND_COLUMNS,
    PLAYER_COLUMNS,
    POT_COLUMNS,
    STAT_COLUMNS,
    HandRows,
    outcome_rows,
)
from analytics.store import rawtext
from analytics.store.actions import stored_actions
from analytics.store.db import connect
from analytics.store.migrations import _STATS_0002, MIGRATIONS
from tests.corpus import corpus_files

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_histories"

#: The statistics columns of the schema 0006 (0002's table): later migrations add theirs.
STATS_0002 = tuple(name for name, _ in _STATS_0002)
#: What must survive, keyed by natural keys (surrogate ids and import times left out).
DUMPS = {
    "hands": "SELECT site, hand_id, {hand} FROM hands ORDER BY site, hand_id",
    "hand_players": "SELECT h.site, h.hand_id, hp.* FROM hand_players hp"
    " JOIN hands h ON h.id = hp.hand ORDER BY h.site, h.hand_id, hp.seat",
    "player_hand_stats": "SELECT h.site, h.hand_id, s.hand, s.seat, s.player_id, "
    + ", ".join(f"s.{name}" for name in STATS_0002)
    + " FROM player_hand_stats s"
    " JOIN hands h ON h.id = s.hand ORDER BY h.site, h.hand_id, s.seat",
    "all_in_ev": "SELECT h.site, h.hand_id, e.* FROM all_in_ev e"
    " JOIN hands h ON h.id = e.hand ORDER BY h.site, h.hand_id, e.seat",
    "pots": "SELECT h.site, h.hand_id, p.* FROM pots p"
    " JOIN hands h ON h.id = p.hand ORDER BY h.site, h.hand_id, p.run, p.idx",
}


def _hands(paths: list[Path]) -> list[tuple[str, HandRows]]:
    stages = Stages.default()
    out = []
    for path in paths:
        text = stages.decode(path.read_bytes(), str(path))
        out += [(str(path), outcome_rows(process(raw, stages)))
                for raw in stages.split_hands(text, str(path))]  # fmt: skip
    return out


def _insert(conn: sqlite3.Connection, table: str, columns: tuple[str, ...], row: tuple) -> None:
    marks = ", ".join("?" * len(columns))
    conn.execute(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", row)


def old_database(path: Path, files: list[Path]) -> None:
    """A database of schema 0006, written the way the importer of that schema wrote it:
    the text in ``hands.raw``, ``hand_players``, ``actions`` and ``player_hand_stats``."""
    db = Database(sqlite3.connect(path))
    MIGRATIONS.apply(db, stop_before="0007_compact")
    conn = db.conn
    file_ids: dict[str, int] = {}
    players: dict[tuple[str, str], int] = {}
    for name, hand in _hands(files):
        if name not in file_ids:
            file_ids[name] = conn.execute(
                "INSERT INTO files (path, sha256, size, hands, imported_at)"
                " VALUES (?, ?, 0, 0, 't') RETURNING id", (name, name)
            ).fetchone()[0]  # fmt: skip
        cursor = conn.execute(
            f"INSERT INTO hands (file_id, {', '.join(HAND_COLUMNS)})"
            f" VALUES (?, {', '.join('?' * len(HAND_COLUMNS))})"
            " ON CONFLICT (site, hand_id) DO NOTHING",
            (file_ids[name], *hand.hand),
        )
        if cursor.rowcount != 1:
            continue  # a duplicate
        key = cursor.lastrowid
        by_seat = {}
        for row in hand.players:
            player = players.get((hand.site, row[1]))
            if player is None:
                player = conn.execute(
                    "INSERT INTO players (site, name) VALUES (?, ?) RETURNING id",
                    (hand.site, row[1]),
                ).fetchone()[0]
                players[(hand.site, row[1])] = player
            by_seat[row[0]] = player
            _insert(conn, "hand_players", ("hand", "player_id", *PLAYER_COLUMNS),
                    (key, player, *row))  # fmt: skip
        for row in hand.actions:
            _insert(conn, "actions", ("hand", *ACTION_COLUMNS), (key, *row))
        for row in hand.pots:
            _insert(conn, "pots", ("hand", *POT_COLUMNS), (key, *row))
        for row in hand.stats:
            values = dict(zip(STAT_COLUMNS, row, strict=True))
            _insert(conn, "player_hand_stats", ("hand", "player_id", "seat", *STATS_0002),
                    (key, by_seat[row[0]], row[0], *(values[n] for n in STATS_0002)))  # fmt: skip
        for row in hand.all_in:
            _insert(conn, "all_in_ev", ("hand", *ALL_IN_COLUMNS), (key, *row))
    conn.commit()
    db.close()


def dump(path: Path, *, text: str) -> dict[str, list[tuple]]:
    conn = sqlite3.connect(path)
    try:
        if "raw_text" in text:
            rawtext.register(conn)
        hand = ", ".join(text if c == "raw" else c for c in HAND_COLUMNS[2:])
        out = {name: conn.execute(sql.format(hand=hand)).fetchall() for name, sql in DUMPS.items()}
        keys = dict(conn.execute("SELECT id, site || ':' || hand_id FROM hands"))
        if "raw_text" in text:
            events = list(stored_actions(conn))
        else:
            events = conn.execute(f"SELECT hand, {', '.join(ACTION_COLUMNS)} FROM actions")
        out["actions"] = sorted((keys[row[0]], *row[1:]) for row in events)
        return out
    finally:
        conn.close()


def _converted(tmp_path: Path, files: list[Path]) -> tuple[dict, dict, Path]:
    old = tmp_path / "old.sqlite"
    old_database(old, files)
    before = dump(old, text="raw")
    connect(old).close()  # opening it for writing migrates it (after a backup)
    return before, dump(old, text="raw_text(raw_dictionary, raw_z)"), old


def test_0007_keeps_every_text_seat_statistic_and_event(tmp_path: Path) -> None:
    files = sorted(SAMPLES.rglob("*.txt"))
    before, after, old = _converted(tmp_path, files)
    assert len(before["hands"]) > 60
    for name in ("player_hand_stats", "all_in_ev", "actions"):
        assert before[name], name
    assert {s for (_, _, s, *_) in before["hands"]} > {"ok"}  # quarantined hands too
    for name in before:
        assert after[name] == before[name], name
    conn = sqlite3.connect(old)
    tables = {n for (n,) in conn.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")}
    views = {n for (n,) in conn.execute("SELECT name FROM sqlite_schema WHERE type = 'view'")}
    assert {"seats", "raw_dictionaries"} <= tables
    assert not {"actions", "hand_players", "player_hand_stats"} & tables
    assert {"hand_players", "player_hand_stats"} <= views
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    conn.close()
    # and the converted database equals a fresh import of the same files
    fresh = tmp_path / "fresh.sqlite"
    import_paths(files, fresh)
    again = dump(fresh, text="raw_text(raw_dictionary, raw_z)")
    assert again["actions"] == after["actions"]
    for name in ("hand_players", "player_hand_stats", "all_in_ev", "pots"):
        assert _natural(name, again[name]) == _natural(name, after[name]), name


def _natural(name: str, rows: list[tuple]) -> list[tuple]:
    """Rows without their surrogate keys (the hand's id, and the player's id)."""
    ids = (2, 4) if name in ("hand_players", "player_hand_stats") else (2,)
    return [tuple(v for i, v in enumerate(row) if i not in ids) for row in rows]


@pytest.mark.corpus
def test_0007_on_pluribus_files(tmp_path: Path) -> None:
    files = corpus_files("pluribus")[:3]
    if not files:
        pytest.skip("the Pluribus corpus is not here")
    before, after, _ = _converted(tmp_path, files)
    assert len(before["hands"]) > 250
    for name in before:
        assert after[name] == before[name], name
