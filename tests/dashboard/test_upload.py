"""The browser upload path as a function on bytes: the same import as the CLI (issue 22
item 5: every room, every suffix the importer reads, the same recognition and refusals)."""

from __future__ import annotations

import io
import sqlite3
import zipfile
from pathlib import Path

import pytest

from analytics.ingest.importer import import_paths
from dashboard.upload import MAX_UPLOAD_MB, SUFFIXES, Limits, Upload, import_uploads
from parser.formats import SUFFIXES as IMPORTER_SUFFIXES
from tests.dashboard.conftest import SAMPLES

CHECK_RAISE = (SAMPLES / "pokerstars" / "nlhe" / "check-raise.txt").read_bytes()
WALK = (SAMPLES / "pokerstars" / "nlhe" / "walk.txt").read_bytes()


def _zip(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def _hands(db: Path) -> int:
    if not db.exists():
        return 0
    conn = sqlite3.connect(db)
    try:
        return int(conn.execute("SELECT count(*) FROM hands").fetchone()[0])
    finally:
        conn.close()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "up.sqlite"


def test_a_file_is_imported_and_again_is_a_duplicate(db: Path) -> None:
    result = import_uploads([Upload("check-raise.txt", CHECK_RAISE)], db)
    assert result.refused == []
    assert result.report is not None
    assert result.report.stored["ok"] == 1
    again = import_uploads([Upload("check-raise.txt", CHECK_RAISE)], db)
    assert again.stored == 0
    assert again.report is not None
    assert again.report.duplicates == 1


def test_a_zip_is_imported(db: Path) -> None:
    data = _zip({"hh/check-raise.txt": CHECK_RAISE, "hh/walk.txt": WALK, "hh/x.png": b"\x89"})
    result = import_uploads([Upload("histories.zip", data)], db)
    assert result.refused == []
    assert result.stored == 2
    paths = {r[0] for r in sqlite3.connect(db).execute("SELECT path FROM files")}
    assert any(p.endswith("histories.zip!hh/walk.txt") for p in paths)


def test_a_zip_member_escaping_the_archive_is_refused(db: Path) -> None:
    data = _zip({"../evil.txt": CHECK_RAISE, "ok/walk.txt": WALK})
    result = import_uploads([Upload("crafted.zip", data)], db)
    assert [(r.path, r.kind) for r in result.refused] == [("crafted.zip!../evil.txt",
                                                           "unsafe_path")]  # fmt: skip
    assert result.stored == 1  # the safe member only
    assert _hands(db) == 1


def test_an_oversized_file_is_refused_with_the_limit(db: Path) -> None:
    limits = Limits(file_bytes=len(CHECK_RAISE))
    result = import_uploads([Upload("huge.txt", CHECK_RAISE * 10)], db, limits=limits)
    assert result.report is None
    assert _hands(db) == 0
    (refused,) = result.refused
    assert refused.kind == "too_large"
    assert f"upload limit of {len(CHECK_RAISE):,} bytes" in refused.message
    assert MAX_UPLOAD_MB == 200


def test_a_file_that_is_not_a_history_is_refused_as_the_importer_refuses_it(db: Path) -> None:
    """The importer's own recognition (every room's), not a PokerStars-only copy of it."""
    result = import_uploads(
        [Upload("notes.txt", b"buy milk\nhello world\n"), Upload("photo.jpg", b"\xff\xd8")], db
    )
    assert {(r.path, r.kind) for r in result.refused} == {
        ("notes.txt", "not_a_hand_history"),
        ("photo.jpg", "wrong_suffix"),
    }
    (photo,) = [r for r in result.refused if r.path == "photo.jpg"]
    assert ".phh" in photo.message
    assert ".xml" in photo.message
    assert ".zip" in photo.message
    assert _hands(db) == 0


def test_the_upload_takes_every_suffix_the_importer_reads() -> None:
    assert set(IMPORTER_SUFFIXES) | {".zip"} == set(SUFFIXES)
    assert {".txt", ".xml", ".phh", ".zip"} <= set(SUFFIXES)


#: One file of each kind the Import page once refused: a GGPoker ``.txt`` ("not_history"),
#: an iPoker ``.xml`` and a PHH ``.phh`` (which could not even be chosen); with their
#: sites and hand ids as the importer stores them.
OTHER_ROOMS = {
    "gg.txt": (SAMPLES / "ggpoker" / "straddle-run-it-twice.txt", "GGPoker"),
    "session.xml": (SAMPLES / "ipoker" / "actions-out-of-order.txt", "iPoker"),
    "short-deck.phh": (SAMPLES / "phh" / "short-deck-straight-beats-trips.phh", "PHH"),
}


def test_every_room_is_imported_as_the_command_line_imports_it(
    db: Path, tmp_path: Path
) -> None:
    uploads = [Upload(name, path.read_bytes()) for name, (path, _) in OTHER_ROOMS.items()]
    result = import_uploads(uploads, db)
    assert result.refused == []
    assert result.report is not None
    assert result.report.stored == {"ok": 3}
    assert _sites(db) == sorted(site for _, site in OTHER_ROOMS.values())
    # The same files through the command line's import: the same hands, the same report.
    for name, (path, _) in OTHER_ROOMS.items():
        (tmp_path / name).write_bytes(path.read_bytes())
    cli = import_paths([tmp_path / name for name in OTHER_ROOMS], tmp_path / "cli.sqlite")
    assert (cli.stored, cli.files_refused, cli.problems) == (
        result.report.stored, result.report.files_refused, result.report.problems)
    assert _sites(tmp_path / "cli.sqlite") == _sites(db)


def _sites(db: Path) -> list[str]:
    conn = sqlite3.connect(db)
    try:
        return sorted(site for (site,) in conn.execute("SELECT site FROM hands"))
    finally:
        conn.close()


def test_a_file_name_cannot_choose_where_it_is_written(db: Path, tmp_path: Path) -> None:
    result = import_uploads([Upload("../../outside.txt", CHECK_RAISE)], db)
    assert result.stored == 1
    assert not (tmp_path.parent / "outside.txt").exists()
