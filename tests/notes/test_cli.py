"""``pokerhh notes`` (dashboard/cli_notes.py): add, list, search, edit and delete notes;
tag, untag and list hands by tag."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dashboard.cli import main


def run(db: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["--db", str(db), "notes", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_notes_are_added_listed_searched_edited_and_deleted(
    notes_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(notes_db, capsys, "add", "jon", "calls down light") == (
        0, "note 1 on Jon (PokerStars) stored\n", "")  # fmt: skip
    assert run(notes_db, capsys, "add", "Kat", "never bluffs the river")[0] == 0
    status, out, _ = run(notes_db, capsys, "list", "JON")
    assert status == 0
    assert "[1] Jon (PokerStars)" in out
    assert out.endswith(": calls down light\n1 note(s)\n")
    status, out, _ = run(notes_db, capsys, "search", "BLUFF", "--format", "json")
    assert [(n["player"], n["text"]) for n in json.loads(out)] == [
        ("Kat", "never bluffs the river")]  # fmt: skip
    assert run(notes_db, capsys, "edit", "1", "calls down very light")[0] == 0
    assert run(notes_db, capsys, "delete", "2") == (0, "note 2 deleted\n", "")
    status, out, _ = run(notes_db, capsys, "list", "--format", "json")
    assert [n["text"] for n in json.loads(out)] == ["calls down very light"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("add", "Nobody", "x"), "pokerhh: no player 'Nobody' is stored\n"),
        (("add", "Jon", "   "), "pokerhh: a note needs some text\n"),
        (("edit", "7", "text"), "pokerhh: no note 7\n"),
        (("delete", "7"), "pokerhh: no note 7\n"),
        (("tag", "1234", "review"), "pokerhh: no stored hand 1234\n"),
    ],
)
def test_refusals_exit_1_with_the_reason(
    notes_db: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    assert run(notes_db, capsys, *args) == (1, "", message)


def test_hands_are_tagged_listed_by_tag_and_untagged(
    notes_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(notes_db, capsys, "tag", "9000000031", "Hero Call", "review")
    assert (status, out) == (0, "PokerStars:9000000031 tagged: hero call, review\n")
    status, out, _ = run(notes_db, capsys, "tag", "PokerStars:9000000014", "REVIEW", "review")
    assert out == "PokerStars:9000000014 tagged: review (1 unchanged)\n"
    status, out, _ = run(notes_db, capsys, "tagged", "review", "--format", "json")
    assert sorted(h["hand_id"] for h in json.loads(out)) == ["9000000014", "9000000031"]
    status, out, _ = run(notes_db, capsys, "tagged", "hero", "--partial")
    assert out.startswith("PokerStars:9000000031 [hero call] 2026-11-01T17:29:00Z Xamidimura\n")
    assert out.endswith("1 hand(s)\n")
    assert run(notes_db, capsys, "tags")[1] == "     2  review\n     1  hero call\n2 tag(s)\n"
    status, out, _ = run(notes_db, capsys, "untag", "9000000031", "review")
    assert out == "PokerStars:9000000031 untagged: review\n"
    assert run(notes_db, capsys, "tagged", "review")[1].endswith("1 hand(s)\n")


def test_a_missing_database_is_not_created(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "none.sqlite"
    status, _, err = run(missing, capsys, "add", "Jon", "text")
    assert status == 1
    assert "no pokerhh database" in err
    assert not missing.exists()
