"""The table of the poker clients' default folders, and ``pokerhh watch`` over it."""

from __future__ import annotations

from pathlib import Path, PureWindowsPath

import pytest

from analytics.ingest.client_folders import CLIENT_FOLDERS, MACOS, WINDOWS, default_folders
from dashboard import cli
from tests.watch.conftest import HAND_IDS, session_bytes, stored

#: The clients issue 10 names, each known on Windows (and so under Wine on Linux).
CLIENTS = {"PokerStars", "GGPoker", "Winamax", "iPoker", "PartyPoker", "888poker",
           "Americas Cardroom / WPN", "Bovada", "Ignition", "Full Tilt"}  # fmt: skip
WINDOWS_ENV = {
    "LOCALAPPDATA": r"C:\Users\al\AppData\Local",
    "APPDATA": r"C:\Users\al\AppData\Roaming",
    "USERPROFILE": r"C:\Users\al",
    "PROGRAMFILES": r"C:\Program Files",
    "PROGRAMFILES(X86)": r"C:\Program Files (x86)",
}


def test_every_client_has_a_windows_and_a_macos_folder() -> None:
    assert {row.client for row in CLIENT_FOLDERS if row.platform == WINDOWS} >= CLIENTS
    assert {row.client for row in CLIENT_FOLDERS if row.platform == MACOS} >= CLIENTS
    rows = [(row.client, row.platform, row.folder) for row in CLIENT_FOLDERS]
    assert len(rows) == len(set(rows))


def test_rooms_are_the_names_the_readers_store() -> None:
    from parser.rooms import ROOMS

    stored_names = {room.site for room in ROOMS} | {"Ignition", "Bodog"}
    assert {row.room for row in CLIENT_FOLDERS} <= stored_names
    # every room but PHH (a format, not a client) names its clients' folders
    assert {room.name for room in ROOMS if not room.client_folders} == {"phh"}


def test_windows_folders_fill_in_the_variables() -> None:
    rows = default_folders(WINDOWS, environ=WINDOWS_ENV, home=Path("/nowhere"))
    paths = {PureWindowsPath(str(row.path)) for row in rows}
    assert PureWindowsPath(r"C:\Users\al\AppData\Local\PokerStars\HandHistory") in paths
    assert PureWindowsPath(r"C:\ACR Poker\handHistory") in paths
    # without %LOCALAPPDATA% those rows have no path (never a folder named "%LOCALAPPDATA%")
    bare = default_folders(WINDOWS, environ={}, home=Path("/nowhere"))
    assert all(row.path is None for row in bare if row.folder.startswith("%"))


def test_linux_looks_inside_the_wine_prefix(tmp_path: Path) -> None:
    stars = tmp_path / "wine/drive_c/users/al/AppData/Local/PokerStars/HandHistory/Hero"
    stars.mkdir(parents=True)
    rows = default_folders("linux", environ={"WINEPREFIX": str(tmp_path / "wine"),
                                             "USER": "al"}, home=tmp_path)  # fmt: skip
    found = [row for row in rows if row.exists]
    assert [(row.client, row.path) for row in found] == [("PokerStars", stars.parent)]
    assert len(rows) == len([r for r in CLIENT_FOLDERS if r.platform == WINDOWS])


def test_macos_folders_are_under_home(tmp_path: Path) -> None:
    winamax = tmp_path / "Library/Application Support/winamax/documents/accounts"
    winamax.mkdir(parents=True)
    found = [r for r in default_folders(MACOS, environ={}, home=tmp_path) if r.exists]
    assert [(r.client, r.path) for r in found] == [("Winamax", winamax)]


def _run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_list_defaults_names_every_client_per_platform(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = _run(capsys, "watch", "--list-defaults")
    assert (code, err) == (0, "")
    for platform in ("windows", "macos", "linux"):
        assert f"\n{platform}" in f"\n{out}"
    for client in CLIENTS:
        assert out.count(client) >= 3, client  # once per platform at least


def test_watch_once_imports_what_the_folder_holds(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "hh"
    folder.mkdir()
    table = folder / "HH20261101 Electra.txt"
    data = session_bytes()[:-2]  # the last hand's blank lines (its end mark) not written
    table.write_bytes(data)
    db = tmp_path / "db.sqlite"
    code, out, err = _run(capsys, "watch", "--db", db, "--once", "--quiet-after", "60", folder)
    # Just written, without its end: the last hand waits for the file to be quiet, and
    # --once says so with exit 3, never a silent 0 (issue 23, item 10).
    assert (code, err) == (3, "")
    assert [h for h, _ in stored(db)] == list(HAND_IDS[:-1])
    assert "the last hand waits for the file to be quiet" in out
    assert "  held back:   1 hand(s) of 1 file(s) changed in the last 60 s" in out
    size = len(data) - data.index(b"PokerStars Hand #9000000003")
    assert f"    {table}: the last 1 hand ({size:,} bytes) held back\n" in out
    code, out, _ = _run(capsys, "watch", "--db", db, "--once", "--quiet-after", "0.01", folder)
    assert code == 0
    assert [h for h, _ in stored(db)] == list(HAND_IDS)
    assert f"{table}: 1 stored (1 ok)" in out
    assert "held back" not in out
    # A table just written whose last hand has ended (blank lines after its summary):
    # everything is imported at once, nothing held back (issue 26 item 3).
    (folder / "HH20261101 Deneb.txt").write_bytes(session_bytes())
    code, out, _ = _run(capsys, "watch", "--db", db, "--once", "--quiet-after", "60", folder)
    assert code == 0
    assert "held back" not in out


def test_watch_refuses_a_missing_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _out, err = _run(capsys, "watch", "--db", tmp_path / "db.sqlite", tmp_path / "none")
    assert code == 1
    assert err == f"pokerhh: {tmp_path / 'none'}: no such folder\n"
    with pytest.raises(SystemExit) as usage:
        cli.main(["watch", "--poll", "0", str(tmp_path)])
    assert usage.value.code == 2
    assert "argument --poll: invalid seconds value: '0'" in capsys.readouterr().err
