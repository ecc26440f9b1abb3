"""Fault 7 of issue 9: the command line's rough edges, each pinned.

``--version``; ``--db`` before or after the command; database errors that name the path
and the cause; ``export --out`` through a temporary file; one clear line for a bad or busy
dashboard port; ``--jobs 0`` refused; one exit-status rule for files not imported (an
unreadable zip and an undecodable file alike), documented in ``--help``; nested zips read;
``make dashboard`` on a demo database.
"""

from __future__ import annotations

import io
import socket
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from dashboard import cli
from tests.reliability.conftest import ROOT, SAMPLES, Run, query

WALK = SAMPLES / "pokerstars/nlhe/walk.txt"


def test_version(run: Run, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        cli.main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.startswith("pokerhh 0.")


def test_db_before_or_after_the_command(run: Run, samples_db: Path, tmp_path: Path) -> None:
    after = run("stats", "--db", samples_db, "--player", "Kai")
    before = run("--db", samples_db, "stats", "--player", "Kai")
    assert before == after
    assert after[0] == 0
    db = tmp_path / "before.sqlite"
    assert run("--db", db, "import", "--quiet", WALK)[0] == 0
    assert query(db, "SELECT count(*) FROM hands") == [(1,)]


def test_database_errors_name_the_path_and_the_cause(run: Run, tmp_path: Path) -> None:
    folder = tmp_path / "a-folder"
    folder.mkdir()
    assert (
        run("stats", "--db", folder)[2] == f"pokerhh: {folder}: is a folder, not a database file\n"
    )
    blocker = tmp_path / "file"
    blocker.write_text("")
    inside = blocker / "x.sqlite"
    code, _, err = run("import", "--quiet", "--db", inside, WALK)
    assert code == 1
    assert err == f"pokerhh: {inside}: cannot create its folder: {blocker} is a file\n"


def test_an_interrupted_export_leaves_no_partial_file(
    run: Run, samples_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "hands.jsonl"
    out.write_text("the previous export\n")

    def half_then_interrupted(db: object, stream: io.TextIOBase) -> int:
        stream.write('{"site": "PokerStars"}\n')
        raise KeyboardInterrupt

    import analytics.output.export

    monkeypatch.setattr(analytics.output.export, "export_jsonl", half_then_interrupted)
    code, _, _ = run("export", "--db", samples_db, "--format", "jsonl", "--out", out)
    assert code == 130
    assert out.read_text() == "the previous export\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hands.jsonl"]
    monkeypatch.undo()
    assert run("export", "--db", samples_db, "--format", "jsonl", "--out", out)[0] == 0
    assert out.read_text().count("\n") > 40
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hands.jsonl"]


def test_a_bad_port_is_one_line(samples_db: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "dashboard.cli", "dashboard", "--db", str(samples_db),
         "--port", "99999"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1].endswith("argument --port: invalid port value: '99999'")
    assert "Traceback" not in done.stderr


def test_a_busy_port_is_refused_before_saying_served(
    run: Run, samples_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    launched = []
    monkeypatch.setattr(cli.os, "execvpe", lambda *a: launched.append(a))
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code, out, err = run("dashboard", "--db", samples_db, "--port", port)
    assert (code, out, launched) == (1, "", [])
    assert err == (
        f"pokerhh: cannot serve the dashboard on 127.0.0.1:{port}: the port is in use"
        " (another dashboard?) (choose another with --port N)\n"
    )


def test_jobs_must_be_positive(run: Run, tmp_path: Path) -> None:
    for jobs in ("0", "-1"):
        with pytest.raises(SystemExit) as done:
            cli.main(["import", "--jobs", jobs, "--db", str(tmp_path / "x.sqlite"), str(WALK)])
        assert done.value.code == 2
    assert not (tmp_path / "x.sqlite").exists()


def test_one_exit_status_rule_for_files_not_imported(run: Run, tmp_path: Path) -> None:
    broken = tmp_path / "broken.zip"
    broken.write_bytes(b"PK\x03\x04 not really a zip")
    undecodable = tmp_path / "undecodable.txt"
    undecodable.write_bytes(b"PokerStars Hand #1: \x00\x01\x02\x00\x00\x03\xff\xfe")
    for path in (broken, undecodable):
        code, out, _ = run("import", "--quiet", "--db", tmp_path / "x.sqlite", path)
        assert code == 1, path
        assert f"not read: {path}:" in out
    assert run("import", "--quiet", "--db", tmp_path / "x.sqlite", WALK)[0] == 0
    done = subprocess.run(
        [sys.executable, "-m", "dashboard.cli", "import", "--help"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert "some file was not imported, whatever the reason" in done.stdout


def zipped(members: dict[str, bytes]) -> bytes:
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return data.getvalue()


def test_nested_zips_are_imported_or_reported(run: Run, tmp_path: Path) -> None:
    walk = WALK.read_bytes()
    deepest = zipped({"d.txt": walk})
    for _ in range(3):
        deepest = zipped({"deeper.zip": deepest})
    outer = tmp_path / "outer.zip"
    outer.write_bytes(zipped({"inner.zip": zipped({"walk.txt": walk}), "deep.zip": deepest,
                              "bad.zip": b"not a zip"}))  # fmt: skip
    db = tmp_path / "x.sqlite"
    code, out, _ = run("import", "--quiet", "--db", db, outer)
    assert query(db, "SELECT path FROM files") == [(f"{outer}!inner.zip!walk.txt",)]
    assert f"not read: {outer}!bad.zip: unreadable: not a readable zip file" in out
    assert f"not read: {outer}!deep.zip!deeper.zip!deeper.zip: nested_too_deep" in out
    assert code == 1


def test_make_dashboard_uses_a_demo_database() -> None:
    makefile = (ROOT / "Makefile").read_text()
    recipe = makefile.split("\ndashboard:", 1)[1].split("\n\n", 1)[0]
    commands = [line.strip() for line in recipe.splitlines()[1:] if line.startswith("\t")]
    assert any(" import " in c for c in commands)
    assert all("--db $(DEMO_DB)" in c for c in commands if "pokerhh" in c)
    assert "DEMO_DB ?= $(VENV)/demo.sqlite" in makefile
