"""The ``pokerhh`` command line: arguments in, one library call, a report out."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from analytics.ingest.importer import ImportProgress
from analytics.ingest.pipeline import Stages
from dashboard import cli
from dashboard.progress import ProgressBar

ROOT = Path(__file__).resolve().parents[1]
PLURIBUS = ROOT.parent / "shared" / "corpora" / "pluribus"
sys.path.insert(0, str(ROOT / "tests" / "analytics"))
from analytics_fakes import FAKE_STAGES, file_text, hand_text  # noqa: E402


@pytest.fixture
def fakes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI's import runs the fake parser and engine, in this process: its workers are
    spawned fresh (``analytics.ingest.importer``) and would run the real ones, so the default
    ``--jobs`` (one per core) is made 1."""
    monkeypatch.setattr(Stages, "default", staticmethod(lambda: FAKE_STAGES))
    monkeypatch.setattr(os, "cpu_count", lambda: 1)


@pytest.fixture
def histories(tmp_path: Path) -> Path:
    folder = tmp_path / "hh"
    folder.mkdir()
    (folder / "a.txt").write_text(
        file_text(hand_text(1), hand_text(2, "invalid"), hand_text(3, "cancelled")),
        encoding="utf-8",
    )
    (folder / "b.txt").write_text(
        file_text(hand_text(4), hand_text(5, "parse_error"), hand_text(6, "incomplete")),
        encoding="utf-8",
    )
    return folder


def test_import_prints_a_summary_and_the_problems(
    fakes: None, histories: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "x.sqlite"
    assert cli.main(["import", str(histories), "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert f"Imported into {db}" in out
    for line in (
        "files:       2 (2 imported)",
        "hands:       6 seen",
        "stored:      6 (2 ok)",
        "duplicates:  0",
        "cancelled:   1",
        "incomplete:  1",
        "invalid:     2 (rule_violation 1, parse_error 1)",
        f"{histories / 'a.txt'}:24: hand 2: rule_violation: [B2] a bet must be positive",
        f"{histories / 'b.txt'}:",
    ):
        assert line in out, line
    # invalid hands are listed before the expected ones (cancelled, incomplete)
    listed = out.split("Problems")[1]
    assert listed.index("rule_violation") < listed.index("cancelled:")

    assert cli.main(["import", str(histories), "--db", str(db)]) == 0
    again = capsys.readouterr().out
    assert "stored:      0 (0 ok)" in again
    assert "duplicates:  6" in again
    assert "2 unchanged since a previous import" in again

    assert cli.main(["import", "--rescan", str(histories), "--db", str(db)]) == 0
    rescanned = capsys.readouterr().out
    assert "files:       2 (2 imported)" in rescanned
    assert "duplicates:  6" in rescanned


def test_import_of_a_missing_path_fails_before_doing_anything(
    fakes: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "x.sqlite"
    assert cli.main(["import", str(tmp_path / "nope"), "--db", str(db)]) == 1
    assert "nope: no such file or folder" in capsys.readouterr().err
    assert not db.exists()


def test_undecodable_files_are_listed_and_exit_1(
    fakes: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One rule for every file not imported (issue 9, fault 7): listed, exit status 1."""
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\xff\xfe\xfa")
    assert cli.main(["import", str(bad), "--db", str(tmp_path / "x.sqlite")]) == 1
    assert f"not read: {bad}: decode_error:" in capsys.readouterr().out


def test_the_database_comes_from_the_environment(
    fakes: None, histories: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("POKERHH_DB", str(tmp_path / "env.sqlite"))
    assert cli.main(["import", "--quiet", str(histories)]) == 0
    assert (tmp_path / "env.sqlite").exists()


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(["import"])
    assert exit_.value.code == 2
    with pytest.raises(SystemExit) as exit_:
        cli.main(["export", "--format", "csv"])
    assert exit_.value.code == 2


def test_help_documents_the_exit_status() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "dashboard.cli", "import", "--help"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert "exit status:" in done.stdout
    assert "POKERHH_DB" in done.stdout


def test_export_jsonl(
    fakes: None, histories: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "x.sqlite"
    cli.main(["import", str(histories), "--db", str(db)])
    capsys.readouterr()
    out = tmp_path / "hands.jsonl"
    assert cli.main(["export", "--db", str(db), "--format", "jsonl", "--out", str(out)]) == 0
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["hand_id"] for r in records] == ["1", "2", "3", "4", "5", "6"]
    assert "exported 6 hands" in capsys.readouterr().err
    assert cli.main(["export", "--db", str(db), "--format", "jsonl"]) == 0
    assert capsys.readouterr().out.count("\n") == 6


def test_export_without_a_database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "none.sqlite"
    assert cli.main(["export", "--db", str(db), "--format", "jsonl"]) == 1
    assert "no pokerhh database at" in capsys.readouterr().err
    assert not db.exists()


def test_replay_of_a_quarantined_hand_shows_why_and_the_text(
    fakes: None, histories: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "x.sqlite"
    cli.main(["import", str(histories), "--db", str(db)])
    capsys.readouterr()
    assert cli.main(["replay", "2", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "PokerStars hand #2 is quarantined (invalid): rule_violation: [B2]" in out
    assert hand_text(2, "invalid") in out
    assert cli.main(["replay", "PokerStars:99", "--db", str(db)]) == 1
    assert "no stored hand PokerStars:99" in capsys.readouterr().err


@pytest.mark.corpus
def test_replay_a_pluribus_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if not PLURIBUS.is_dir():
        pytest.skip("../shared/corpora is absent")
    db = tmp_path / "x.sqlite"
    assert cli.main(["import", str(PLURIBUS / "pluribus_100.txt"), "--db", str(db)]) == 0
    capsys.readouterr()
    assert cli.main(["replay", "100000", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    for line in (
        "PokerStars hand #100000 · Hold'em No Limit · 50/100 · 2019-07-12 07:46:40 UTC",
        "MrPink raises to 210",
        "pot after preflop: 520",
        "*** RIVER *** [Qh]  board [7d 5h 9d 7c Qh]",
        "uncalled bet of 230 returned to MrBlue",
        "main pot 520 [MrBlue]: MrBlue wins 520",
    ):
        assert line in out, line


def test_dashboard_launches_streamlit_locked_down(
    fakes: None,
    histories: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    db = tmp_path / "x.sqlite"
    cli.main(["import", str(histories), "--db", str(db)])
    launched = {}

    def execvpe(program, command, env):
        assert program == command[0]
        launched.update(command=command, env=env)

    monkeypatch.setattr(cli.os, "execvpe", execvpe)
    # Whatever listens on this machine's ports (a dashboard the user runs on 8501) is not
    # this test's subject; the busy port's refusal is test_cli_edges'.
    monkeypatch.setattr(cli, "port_in_use", lambda *_: "")
    cli.main(["dashboard", "--db", str(db), "--port", "8765"])
    command = launched["command"]
    assert command[:4] == [sys.executable, "-m", "streamlit", "run"]
    assert command[4].endswith("dashboard/app.py")
    flags = dict(zip(command[5::2], command[6::2], strict=True))
    assert flags == {
        "--server.address": "127.0.0.1",
        "--server.port": "8765",
        "--server.headless": "true",
        # issue 9: pinned by flags, which beat config files (tests/reliability/test_exposure.py)
        "--server.enableXsrfProtection": "true",
        "--server.enableCORS": "true",
        "--server.corsAllowedOrigins": "http://127.0.0.1:8765",
        "--server.enableStaticServing": "false",
        "--server.enableAgentApi": "false",
        "--global.developmentMode": "false",
        "--browser.gatherUsageStats": "false",
        "--client.showErrorDetails": "none",
        "--client.toolbarMode": "viewer",
        "--server.maxUploadSize": "200",
        "--server.allowedHosts": "127.0.0.1",  # and localhost (a dict keeps the last)
    }
    assert launched["env"]["POKERHH_DB"] == str(db.resolve())
    # A first start creates an empty database: the dashboard offers the sample hands.
    fresh = tmp_path / "new" / "fresh.sqlite"
    cli.main(["dashboard", "--db", str(fresh)])
    assert fresh.is_file()
    assert launched["env"]["POKERHH_DB"] == str(fresh.resolve())


def test_progress_bar_draws_on_a_terminal_only() -> None:
    progress = ImportProgress(
        files_done=2, files_total=2, bytes_done=10, bytes_total=10, hands_seen=5, path="a"
    )
    stream = io.StringIO()
    bar = ProgressBar(stream)  # StringIO is not a terminal
    bar(progress)
    bar.close()
    assert stream.getvalue() == ""
    bar = ProgressBar(stream, enabled=True)
    bar(progress)
    bar.close()
    assert stream.getvalue().startswith("\r100% [####################] 2/2 files · 5 hands")
    assert stream.getvalue().endswith("\n")
