"""Issue 23, item 16: nothing an import is given passes in silence, and a stray file that
is no hand history does not fail every import of its folder.

An unreadable folder is refused (exit 1, as the README says), not skipped by ``os.walk``;
an empty folder and a 0-byte file named are refused; under a folder, a 0-byte file and a
room's web page (Winamax's tournament page saved as ``.txt``) are listed as skipped,
exit 0, import after import; "not read" names the path once; ``--db`` in a folder that
does not exist creates nothing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from dashboard import cli
from tests.reliability.conftest import SAMPLES, Run, query

WALK = SAMPLES / "pokerstars/nlhe/walk.txt"
#: The start of the tournament web page Winamax offers beside its summaries (written for
#: the test: the head that makes it recognisable).
WEB_PAGE = (
    '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN">\n'
    '<html xmlns="http://www.w3.org/1999/xhtml" lang="fr">\n<head>\n'
    '<link rel="canonical" href="https://www.winamax.fr/poker/tournament.php?ID=17045686" />\n'
    "</head><body>Starting Block</body></html>\n"
)


def _folder_with(tmp_path: Path, **files: str | bytes) -> Path:
    folder = tmp_path / "histories"
    folder.mkdir()
    for name, content in files.items():
        data = content.encode() if isinstance(content, str) else content
        (folder / name.replace("__", ".")).write_bytes(data)
    return folder


def test_an_unreadable_folder_is_not_read_exit_1(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _folder_with(tmp_path, walk__txt=WALK.read_bytes())
    locked = folder / "locked"
    locked.mkdir()
    (locked / "more.txt").write_bytes(WALK.read_bytes())
    scandir = os.scandir

    def refusing(path: str | os.PathLike[str] = ".") -> object:
        if Path(path) == locked:  # as chmod 000 does to anyone but root
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return scandir(path)

    monkeypatch.setattr(os, "scandir", refusing)
    code, out, _ = run("import", "--quiet", "--db", tmp_path / "x.sqlite", folder)
    assert f"  not read: {locked}: unreadable: folder not read: Permission denied" in out
    assert code == 1


def test_an_empty_folder_is_not_read(run: Run, tmp_path: Path) -> None:
    folder = _folder_with(tmp_path, notes__md="# not a history")
    code, out, _ = run("import", "--quiet", "--db", tmp_path / "x.sqlite", folder)
    assert code == 1
    assert f"  not read: {folder}: empty: no hand history in this folder (no .phh" in out
    assert "1 other file(s) ignored" in out


def test_a_0_byte_file_named_is_not_read_under_a_folder_skipped(
    run: Run, tmp_path: Path
) -> None:
    folder = _folder_with(tmp_path, walk__txt=WALK.read_bytes(), new__txt=b"")
    db = tmp_path / "x.sqlite"
    code, out, _ = run("import", "--quiet", "--db", db, folder / "new.txt")
    assert code == 1
    assert f"  not read: {folder / 'new.txt'}: empty: an empty file (0 bytes)" in out
    for _ in range(2):
        code, out, _ = run("import", "--quiet", "--db", db, folder)
        assert code == 0, out
        assert f"  skipped:  {folder / 'new.txt'}: empty: an empty file (0 bytes)" in out
        assert "1 skipped (not hand histories)" in out
    assert query(db, "SELECT count(*) FROM files") == [(1,)]


def test_a_stray_web_page_does_not_fail_every_import_of_its_folder(
    run: Run, tmp_path: Path
) -> None:
    folder = _folder_with(tmp_path, walk__txt=WALK.read_bytes(), page__txt=WEB_PAGE)
    page = folder / "page.txt"
    db = tmp_path / "x.sqlite"
    for _ in range(2):  # the import, and every import after it
        code, out, _ = run("import", "--quiet", "--db", db, folder)
        assert code == 0, out
        assert f"  skipped:  {page}: not_a_summary: line 1: Winamax's web page" in out
    code, out, _ = run("import", "--quiet", "--db", db, page)  # named: not imported
    assert code == 1
    (line,) = [line for line in out.splitlines() if line.startswith("  not read:")]
    assert line.startswith(f"  not read: {page}: not_a_summary: line 1: Winamax's web page")
    assert line.count(str(page)) == 1  # the path once, not twice


def test_a_folder_of_nothing_but_skipped_files_is_exit_1(run: Run, tmp_path: Path) -> None:
    folder = _folder_with(tmp_path, page__txt=WEB_PAGE, empty__txt=b"")
    code, out, _ = run("import", "--quiet", "--db", tmp_path / "x.sqlite", folder)
    assert code == 1
    assert "nothing imported: every file found was skipped" in out


def test_db_in_a_missing_folder_creates_nothing(run: Run, tmp_path: Path) -> None:
    db = tmp_path / "typo" / "deeper" / "x.sqlite"
    code, _, err = run("import", "--quiet", "--db", db, WALK)
    assert code == 1
    assert err == (f"pokerhh: {db}: no such folder {db.parent} (create it first; only the"
                   " default database's folder is created)\n")  # fmt: skip
    assert not (tmp_path / "typo").exists()


def test_record_into_a_db_in_a_missing_folder_creates_nothing_and_plays_nothing(
    run: Run, tmp_path: Path
) -> None:
    """``pokerhh record`` saved into ``--db`` wherever it pointed, making the folders; it
    now refuses the path before the hand is played (a hand typed in would be lost)."""
    script = tmp_path / "hand.txt"
    script.write_text("game NT\n", encoding="utf-8")
    db = tmp_path / "typo" / "x.sqlite"
    code, _, err = run("record", "--script", script, "--db", db)
    assert code == 1
    assert f"no such folder {db.parent}" in err
    assert not (tmp_path / "typo").exists()


def test_help_and_summary_name_every_suffix_read(
    run: Run, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 23, item 20: ``.phh`` and ``.xml`` are read, so "*.txt" alone was wrong; the
    suffixes come from ``parser.formats.SUFFIXES``."""
    from parser.formats import SUFFIXES

    with pytest.raises(SystemExit):
        cli.main(["import", "--help"])
    import_help = " ".join(capsys.readouterr().out.split())
    for suffix in (*SUFFIXES, ".zip"):
        assert f"*{suffix}" in import_help
    folder = _folder_with(tmp_path, walk__txt=WALK.read_bytes(), photo__png=b"\x89PNG")
    code, out, _ = run("import", "--quiet", "--db", tmp_path / "x.sqlite", folder)
    assert code == 0
    assert f"1 ignored (not {', '.join(SUFFIXES)}, .zip)" in out
