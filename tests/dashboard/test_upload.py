"""The browser upload path as a pure function on bytes: the same import as the CLI."""

from __future__ import annotations

import io
import sqlite3
import zipfile
from pathlib import Path

import pytest

from dashboard.upload import MAX_UPLOAD_MB, Upload, import_uploads
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
        return conn.execute("SELECT count(*) FROM hands").fetchone()[0]
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
    result = import_uploads([Upload("huge.txt", CHECK_RAISE * 10)], db, max_bytes=len(CHECK_RAISE))
    assert result.report is None
    assert _hands(db) == 0
    (refused,) = result.refused
    assert refused.kind == "too_large"
    assert f"upload limit of {len(CHECK_RAISE):,} bytes" in refused.message
    assert MAX_UPLOAD_MB == 200


def test_a_file_that_is_not_a_history_is_reported_and_nothing_stored(db: Path) -> None:
    result = import_uploads(
        [Upload("notes.txt", b"buy milk\nhello world\n"), Upload("photo.jpg", b"\xff\xd8")], db
    )
    assert {(r.path, r.kind) for r in result.refused} == {
        ("notes.txt", "not_history"),
        ("photo.jpg", "not_history"),
    }
    assert _hands(db) == 0


def test_a_file_name_cannot_choose_where_it_is_written(db: Path, tmp_path: Path) -> None:
    result = import_uploads([Upload("../../outside.txt", CHECK_RAISE)], db)
    assert result.stored == 1
    assert not (tmp_path.parent / "outside.txt").exists()
