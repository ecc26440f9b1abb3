"""Texts compressed against their file's start (migration 0009_file_references, issue 11):
each text reads back identical and alone (its row, its derived dictionary and that one's
base), a range worker finds the reference the whole file gives, re-import and delete keep
the dictionaries consistent, and 0009 converts a database of schema 0008 in place."""

from __future__ import annotations

import dataclasses
import io
import sqlite3
from pathlib import Path

import pytest
from sqlite_utils import Database

from analytics.ingest.importer import import_paths
from analytics.ingest.pipeline import Stages
from analytics.ingest.prepare import file_reference
from analytics.store import rawtext
from analytics.store.db import connect
from analytics.store.delete import delete_hands, select_hands
from analytics.store.migrations import MIGRATIONS
from analytics.store.writer import FileMeta, HandWriter
from tests.analytics.test_compact_migration import _hands, dump
from tests.corpus import corpus_files

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "sample_histories").rglob("*.txt"))
TEXT = "raw_text(raw_dictionary, raw_z)"


def _sources(paths: list[Path]) -> dict[tuple[str, str], str]:
    """Each hand's text as the parser got it, by (site, hand id): the first copy, as stored."""
    out: dict[tuple[str, str], str] = {}
    for _, rows in _hands(paths):
        out.setdefault((rows.site, rows.hand_id), rows.hand[-1])
    return out


def test_every_text_reads_back_alone_from_its_row_and_dictionaries(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite"
    import_paths(SAMPLES, db)
    conn = sqlite3.connect(db)
    rows = conn.execute("SELECT site, hand_id, raw_dictionary, raw_z FROM hands").fetchall()
    derived = dict(conn.execute("SELECT id, base FROM raw_dictionaries WHERE base IS NOT NULL"))
    expected = _sources(SAMPLES)
    assert len(rows) == len(expected) > 60
    assert derived
    assert min(derived) >= rawtext.FIRST_DERIVED_ID
    assert {d for _, _, d, _ in rows} <= set(derived)  # every text has its file's reference
    for site, hand_id, dictionary, blob in rows:
        # a reader of nothing but this hand: one fresh reader, its dictionaries read on demand
        assert rawtext.TextReader(conn).text(dictionary, blob) == expected[(site, hand_id)]
    # one reader of every hand, keeping two dictionaries: dropped ones are read again
    reader = rawtext.TextReader(conn)
    reader.KEPT = 2
    assert [reader.text(d, z) for _, _, d, z in rows] == [expected[k[:2]] for k in rows]
    assert len(reader._dictionaries) == 2
    rawtext.register(conn)
    assert [t for (t,) in conn.execute(f"SELECT {TEXT} FROM hands")] == [
        expected[k[:2]] for k in rows
    ]
    conn.close()


def test_the_reference_shrinks_the_text() -> None:
    """The file's start is worth having: a sample file's hands take less than with the
    room's dictionary alone."""
    path = ROOT / "sample_histories" / "pokerstars" / "nlhe"
    texts = [rows.hand[-1] for _, rows in _hands(sorted(path.glob("*.txt"))[:1])]
    reference = rawtext.reference_of("\n\n".join(texts))
    alone = sum(len(rawtext.compress("PokerStars", t)[1]) for t in texts)
    against = sum(len(rawtext.compress("PokerStars", t, reference)[1]) for t in texts)
    assert against < alone


def test_blobs_of_either_window_read_back_with_the_whole_dictionary() -> None:
    """Texts are compressed with a 16 KiB window (``rawtext._COMPRESS_WBITS``) and read with
    the 32 KiB one: a blob made before that change (32 KiB window, references up to 32 KiB
    back into the dictionary) and one made now both inflate against the same preset, and
    the smaller window reaches only the preset's last half."""
    import zlib

    path = ROOT / "sample_histories" / "pokerstars" / "nlhe"
    texts = [rows.hand[-1] for _, rows in _hands(sorted(path.glob("*.txt"))[:1])]
    reference = rawtext.reference_of("\n\n".join(texts))
    preset = rawtext.preset(rawtext.shipped_bytes(1), reference)
    assert len(preset) == rawtext.WINDOW
    assert rawtext._COMPRESS_WBITS == -14  # a 16 KiB window
    for text in texts:
        dictionary, blob = rawtext.compress("PokerStars", text, reference)
        assert dictionary == 1
        assert rawtext.decompress(blob, preset) == text
        old = zlib.compressobj(6, zlib.DEFLATED, -15, 8, zlib.Z_DEFAULT_STRATEGY, preset)
        assert rawtext.decompress(old.compress(text.encode()) + old.flush(), preset) == text
        # The first half of the preset is out of the new window: changing it changes nothing.
        other = b"x" * (rawtext.WINDOW // 2) + preset[rawtext.WINDOW // 2 :]
        assert rawtext.decompress(blob, other) == text


@pytest.mark.parametrize("size", [1, 5, 64, 4096])
def test_a_range_worker_reads_the_reference_the_whole_file_gives(
    monkeypatch: pytest.MonkeyPatch, size: int
) -> None:
    """From the file's first bytes alone, whatever they cut: a CRLF line end, a character
    of two, three or four bytes, a BOM."""
    monkeypatch.setattr(rawtext, "REFERENCE_BYTES", size)
    text = "\ufeffPokerStars Hand #1: é\r\nSeat 1: 名前 (100)\r\n🂡 x\xa0y\r\n" * 400
    data = text.encode()
    stages = Stages.default()
    whole = rawtext.reference_of(stages.decode(data, "f.txt"))
    assert len(whole) == size
    for cut in range(0, 40):  # a file whose bytes past the head are anything
        head = data[: 4 * size + cut]
        found = file_reference(io.BytesIO(head + b"\xff" * 8 * size), "f.txt", stages)
        assert found == whole
    assert file_reference(io.BytesIO(data), "f.txt", stages) == whole


def test_reimport_and_delete_keep_the_dictionaries(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite"
    files = SAMPLES[:6]
    import_paths(files, db)
    conn = sqlite3.connect(db)
    dictionaries = conn.execute("SELECT * FROM raw_dictionaries ORDER BY id").fetchall()
    hands = conn.execute("SELECT site, hand_id, raw_dictionary, raw_z FROM hands").fetchall()
    conn.close()
    again = import_paths(files, db, rescan=True)
    assert not again.stored
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT * FROM raw_dictionaries ORDER BY id").fetchall() == dictionaries
    conn.close()
    deleted = delete_hands(db, select_hands(db, files=[str(p) for p in files]))
    assert deleted.hands
    # the dictionaries outlive the hands (a few hundred bytes a file): the same ids again
    import_paths(files, db)
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT * FROM raw_dictionaries ORDER BY id").fetchall() == dictionaries
    rawtext.register(conn)
    texts = dict(conn.execute(f"SELECT site || hand_id, {TEXT} FROM hands"))
    assert sorted(texts) == sorted(site + hand_id for site, hand_id, _, _ in hands)
    assert texts == {site + h: text for (site, h), text in _sources(files).items()}
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    conn.close()


def database_0008(path: Path, files: list[Path]) -> None:
    """A database of schema 0008, written as its importer wrote it: every text compressed
    with its room's dictionary alone, no ``raw_dictionaries.base``, ``hands_options``."""
    db = Database(sqlite3.connect(path))
    MIGRATIONS.apply(db, stop_before="0009_file_references")
    # Today's writer writes today's columns (seats.flags2, the sums of later statistics):
    # each is added while writing and dropped after, so the tables are 0008's again.
    added = _todays_columns(db)
    writer = HandWriter(db.conn)
    by_file: dict[str, list] = {}
    for name, rows in _hands(files):  # reference b"": the dictionary alone
        by_file.setdefault(name, []).append(rows)
    for name, rows in by_file.items():
        # 0008's importer made no hand_actions rows (migration 0015)
        old = [dataclasses.replace(r, moves=()) for r in rows]
        writer.write_file(FileMeta(name, name, 0), old)
    for table, column in added:
        db.execute(f'ALTER TABLE "{table}" DROP COLUMN "{column}"')
    db.close()


def _todays_columns(db: Database) -> list[tuple[str, str]]:
    """Add to ``db``'s tables the columns today's schema has and they lack."""
    head = Database(sqlite3.connect(":memory:"))
    MIGRATIONS.apply(head)
    added = []
    for table in db.table_names():
        if table not in head.table_names():
            continue
        have = {c.name for c in db[table].columns}
        for column in head[table].columns:
            if column.name not in have:
                db.execute(f'ALTER TABLE "{table}" ADD COLUMN "{column.name}" ANY')
                added.append((table, column.name))
    head.close()
    return added


def _converted(tmp_path: Path, files: list[Path]) -> tuple[dict, dict, Path]:
    old = tmp_path / "old.sqlite"
    database_0008(old, files)
    conn = sqlite3.connect(old)
    options = "SELECT count(*) FROM sqlite_schema WHERE name = 'hands_options'"
    assert conn.execute(options).fetchone() == (1,)
    conn.close()
    before = dump(old, text=TEXT)
    connect(old).close()  # opening it for writing migrates it (after a backup)
    return before, dump(old, text=TEXT), old


def test_0009_keeps_every_text_statistic_pot_and_event(tmp_path: Path) -> None:
    before, after, old = _converted(tmp_path, SAMPLES)
    assert len(before["hands"]) > 60
    assert {s for (_, _, s, *_) in before["hands"]} > {"ok"}  # quarantined hands too
    for name in ("hand_players", "player_hand_stats", "all_in_ev", "pots", "actions"):
        assert before[name], name
    for name in before:
        assert after[name] == before[name], name
    conn = sqlite3.connect(old)
    assert conn.execute("SELECT name FROM sqlite_schema WHERE name LIKE 'hands_%'"
                        " AND type = 'index' ORDER BY name").fetchall() == [
        ("hands_quarantined",), ("hands_started_at",), ("hands_tournament",)
    ]  # fmt: skip
    bases = {b for (b,) in conn.execute(
        "SELECT DISTINCT d.base FROM hands h JOIN raw_dictionaries d ON d.id = h.raw_dictionary"
    )}  # fmt: skip
    assert bases
    assert None not in bases  # every text recompressed against its file's start
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    conn.close()


@pytest.mark.corpus
def test_0009_on_pluribus_files_and_what_it_saves(tmp_path: Path) -> None:
    files = corpus_files("pluribus")[:3]
    if not files:
        pytest.skip("the Pluribus corpus is not here")
    old = tmp_path / "old.sqlite"
    database_0008(old, files)
    stored = "SELECT sum(length(raw_z)) FROM hands"
    with sqlite3.connect(old) as conn:
        (size_0008,) = conn.execute(stored).fetchone()
    before = dump(old, text=TEXT)
    connect(old).close()
    after = dump(old, text=TEXT)
    assert len(before["hands"]) > 250
    for name in before:
        assert after[name] == before[name], name
    with sqlite3.connect(old) as conn:
        (size_0009,) = conn.execute(stored).fetchone()
    assert size_0009 < 0.6 * size_0008  # 273 -> about 100 bytes a hand
