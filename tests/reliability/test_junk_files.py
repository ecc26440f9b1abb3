"""Fault 6 of issue 9: junk is reported, not stored as hands; long messages are cut.

A file with text but no hand header (a PDF, notes) named on the command line used to be
stored as a quarantined hand ``unknown sha256:...`` that ``replay`` could not find by that
id. Now it is listed as not a hand history and nothing of it is stored (so it is not
remembered either). A parse error quoting a huge line is cut to a readable length in the
problem list and in the database (the line itself is stored once, in the hand's text).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.reliability.conftest import SAMPLES, Run, query

PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n%%EOF\n"
#: "a readable length" (analytics.ingest.prepare.MAX_MESSAGE)
MAX_MESSAGE = 300
NOTES = "Session notes\n\nVillain 3-bets light from the button.\nPlay tighter.\n"


@pytest.mark.parametrize(("name", "content"), [("hand.pdf", PDF), ("notes.txt", NOTES.encode())])
def test_a_file_without_a_hand_header_is_not_stored(
    run: Run, tmp_path: Path, name: str, content: bytes
) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    db = tmp_path / "db.sqlite"
    code, out, _ = run("import", "--quiet", "--db", db, path)
    assert code == 1
    assert f"  not read: {path}: not_a_hand_history: not a hand history" in out
    assert "stored:      0 (0 ok)" in out
    assert query(db, "SELECT count(*) FROM hands") == [(0,)]
    assert query(db, "SELECT count(*) FROM files") == [(0,)]


def test_junk_beside_hands_does_not_refuse_the_file(run: Run, tmp_path: Path) -> None:
    """Text before the first hand of a real history is still kept, quarantined."""
    path = tmp_path / "mixed.txt"
    walk = (SAMPLES / "pokerstars/nlhe/walk.txt").read_text(encoding="utf-8")
    path.write_text("garbage before the first hand\n\n" + walk, encoding="utf-8")
    code, out, _ = run("import", "--quiet", "--db", tmp_path / "db.sqlite", path)
    assert code == 0
    assert "stored:      2 (1 ok)" in out


def test_a_huge_line_is_cut_in_the_problem_list_and_the_database(run: Run, tmp_path: Path) -> None:
    lines = (SAMPLES / "pokerstars/nlhe/walk.txt").read_text(encoding="utf-8").split("\n")
    lines.insert(5, "x" * 60_000)  # under the lexer's MAX_LINE (65,536): a parse error quotes it
    path = tmp_path / "long.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    db = tmp_path / "db.sqlite"
    code, out, _ = run("import", "--quiet", "--db", db, path)
    assert code == 0
    (problem,) = [line for line in out.splitlines() if "parse_error: unexpected line" in line]
    assert len(problem.split(": parse_error: ", 1)[1]) <= MAX_MESSAGE + 40
    assert "characters cut]" in problem
    text = "raw_text(raw_dictionary, raw_z)"  # the stored text, decompressed (0007)
    ((message, raw),) = query(db, f"SELECT problem_message, {text} FROM hands")
    assert len(message) <= MAX_MESSAGE + 40
    assert raw.count("x" * 60_000) == 1


def test_shorten_keeps_both_ends() -> None:
    from analytics.ingest.prepare import shorten

    text = "start " + "y" * 10_000 + " (expected one of: calls, checks)"
    cut = shorten(text)
    assert cut.startswith("start yyy")
    assert cut.endswith(" (expected one of: calls, checks)")
    assert len(cut) <= MAX_MESSAGE + 40
    assert shorten("short") == "short"
