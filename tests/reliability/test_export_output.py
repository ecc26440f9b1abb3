"""Issue 23, item 20: exports get the mode the umask gives a new file (``mkstemp``'s 0600
was kept by the rename), and a PHH export's skipped hands are grouped by reason (a few
examples each) under one count, not one line a hand."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.reliability.conftest import Run


@pytest.fixture
def umask_027() -> Iterator[None]:
    before = os.umask(0o027)
    try:
        yield
    finally:
        os.umask(before)


@pytest.mark.usefixtures("umask_027")
def test_exports_get_the_umask_s_mode(run: Run, samples_db: Path, tmp_path: Path) -> None:
    jsonl, phhs, folder = tmp_path / "hands.jsonl", tmp_path / "hands.phhs", tmp_path / "phh"
    assert run("export", "--db", samples_db, "--format", "jsonl", "--out", jsonl)[0] == 0
    assert run("export", "--db", samples_db, "--format", "phh", "--out", phhs)[0] == 0
    assert run("export", "--db", samples_db, "--format", "phh", "--out", f"{folder}/")[0] == 0
    written = [jsonl, phhs, *folder.iterdir()]
    assert len(written) > 10
    for path in written:
        assert stat.S_IMODE(path.stat().st_mode) == 0o640, path


def test_phh_skips_are_grouped_by_reason(run: Run, samples_db: Path, tmp_path: Path) -> None:
    code, _, err = run("export", "--db", samples_db, "--format", "phh", "--out",
                       tmp_path / "x.phhs")  # fmt: skip
    assert code == 0
    lines = err.splitlines()
    assert lines[0].startswith("exported ")
    skipped = int(lines[1].removeprefix("skipped ").split(" ", 1)[0])
    assert lines[1] == f"skipped {skipped} hands PHH cannot hold:"
    groups = lines[2:]
    assert len(groups) < skipped  # one line a reason, not one a hand
    assert sum(int(line.split()[0]) for line in groups) == skipped
    assert all("(e.g. " in line for line in groups)
    (dead,) = [line for line in groups if "posts a dead blind" in line]
    assert "a player posts a dead blind, which PHH cannot write" in dead
    (variant,) = [line for line in groups if "PHH has no variant for their game" in line]
    assert "Omaha Limit" in variant
    assert "more)" in variant
