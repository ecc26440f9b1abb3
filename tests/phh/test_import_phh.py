"""``pokerhh import`` reads PHH: .phh and .phhs files, in folders and zips; again: nothing new.
``pokerhh export --format phh`` writes them back."""

from __future__ import annotations

import zipfile
from pathlib import Path

from analytics.ingest.importer import import_paths
from analytics.output.export_phh import export_phh
from dashboard.cli import main
from tests.phh.test_live import BASE

SET = "".join(f"[{k}]\n{BASE.replace('AhKh', cards)}\n" for k, cards in
              enumerate(("AhKh", "AsKs", "AdKd"), start=1))  # fmt: skip


def test_a_phhs_file_imported_twice_adds_nothing_the_second_time(tmp_path: Path) -> None:
    path = tmp_path / "set.phhs"
    path.write_text(SET, encoding="utf-8")
    db = tmp_path / "db.sqlite"
    first = import_paths([path], db)
    assert (first.stored["ok"], first.stored_total, first.duplicates) == (3, 3, 0)
    again = import_paths([path], db, rescan=True)  # parsed again, not just skipped by sha
    assert (again.stored_total, again.duplicates) == (0, 3)


def test_folders_and_zips_are_searched_for_phh(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "one.phh").write_text(BASE, encoding="utf-8")
    with zipfile.ZipFile(folder / "more.zip", "w") as archive:
        archive.writestr("hands/set.phhs", SET)
    report = import_paths([folder], tmp_path / "db.sqlite")
    # BASE is also the first hand of SET (same text, same id): a duplicate
    assert (report.files_imported, report.stored["ok"], report.duplicates) == (2, 3, 1)


def test_a_broken_hand_is_quarantined_and_the_rest_imports(tmp_path: Path) -> None:
    path = tmp_path / "set.phhs"
    path.write_text(SET.replace('"p3 cc",\n  "d db Qs"', '"p3 chekcs",\n  "d db Qs"', 1),
                    encoding="utf-8")  # fmt: skip
    report = import_paths([path], tmp_path / "db.sqlite")
    assert (report.stored["ok"], report.stored["invalid"]) == (2, 1)
    (problem,) = report.problems
    assert (problem.site, problem.kind, problem.line) == ("PHH", "parse_error", 11)
    assert "action #9 'p3 chekcs'" in problem.message


def test_export_writes_a_set_and_a_folder_that_import_again(tmp_path: Path) -> None:
    source = tmp_path / "set.phhs"
    source.write_text(SET, encoding="utf-8")
    db = tmp_path / "db.sqlite"
    import_paths([source], db)
    out = tmp_path / "out.phhs"
    assert main(["export", "--db", str(db), "--format", "phh", "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith('[1]\nvariant = "NT"\n')
    assert not list(tmp_path.glob(".out.phhs.*.tmp"))
    report = export_phh(db, f"{tmp_path / 'each'}/")
    assert report.written == 3
    assert len(list((tmp_path / "each").glob("PHH-phh-*.phh"))) == 3
    again = import_paths([out], tmp_path / "again.sqlite")
    assert again.stored["ok"] == 3
    assert main(["export", "--db", str(db), "--format", "phh"]) == 2  # --out is needed
