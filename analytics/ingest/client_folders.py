"""Where the poker clients write their hand histories, per platform: a table, not code.

The table is the rooms' own (each ``parser.rooms`` record lists its clients' folders);
this module applies it to this machine.

``pokerhh watch`` with no folder watches the rows of this machine's platform whose folder
exists; ``pokerhh watch --list-defaults`` prints them all. Each client writes one folder
per account under these (``HandHistory/<screen name>/``), so a folder is watched with
everything under it.

Rows name the Windows folders with the environment variables Windows sets
(``%LOCALAPPDATA%``, ``%USERPROFILE%``, ``%PROGRAMFILES%``); on Linux those clients run
under Wine, whose ``drive_c`` holds the same folders, so the Linux rows are derived from
the Windows ones (:data:`WINE_ROOTS`) rather than written twice. The folders are each
client's default at install time (a player may have moved his: give it as an argument);
Bovada and Ignition write histories only when the option is on in the client.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PureWindowsPath

from parser.rooms import ROOMS

WINDOWS, MACOS, LINUX = "windows", "macos", "linux"
PLATFORMS = (WINDOWS, MACOS, LINUX)


@dataclass(frozen=True, slots=True, kw_only=True)
class ClientFolder:
    """One client's default folder on one platform (``platform`` windows or macos; the
    Linux/Wine row of a Windows one is :func:`wine_path` of it)."""

    client: str
    #: ``hands.site`` of the hands the client writes (the room's name in pokerhh).
    room: str
    platform: str
    folder: str


def _rows() -> tuple[ClientFolder, ...]:
    """The rows of every room's ``client_folders`` (``parser.rooms``: a room's folders are
    part of its record, so a new room brings its own)."""
    return tuple(
        ClientFolder(client=entry.client, room=entry.site or room.site, platform=platform, folder=f)
        for room in ROOMS
        for entry in room.client_folders
        for platform, folders in ((WINDOWS, entry.windows), (MACOS, entry.macos))
        for f in folders
    )


#: Every client's default hand-history folders (Windows and macOS; Linux is Wine's copy).
CLIENT_FOLDERS: tuple[ClientFolder, ...] = _rows()

#: Where Windows' folders are inside a Wine prefix (``$WINEPREFIX``, else ``~/.wine``).
#: Wine's user folders are ``drive_c/users/<user>``, its profile's Documents usually a link
#: to ``~/Documents``.
WINE_ROOTS: Mapping[str, str] = {
    "LOCALAPPDATA": "drive_c/users/{user}/AppData/Local",
    "APPDATA": "drive_c/users/{user}/AppData/Roaming",
    "USERPROFILE": "drive_c/users/{user}",
    "PROGRAMFILES": "drive_c/Program Files",
    "PROGRAMFILES(X86)": "drive_c/Program Files (x86)",
}
_VARIABLE = re.compile(r"%([A-Z()0-9_]+)%")


def current_platform() -> str:
    """windows, macos or linux (any other Unix counts as linux: Wine runs there too)."""
    if sys.platform.startswith("win"):
        return WINDOWS
    if sys.platform == "darwin":
        return MACOS
    return LINUX


def windows_path(folder: str, environ: Mapping[str, str]) -> str | None:
    """A Windows row with its variables filled in (None when one is not set).

    >>> windows_path(r"%LOCALAPPDATA%\\PokerStars", {"LOCALAPPDATA": r"C:\\U\\a\\Local"})
    'C:\\\\U\\\\a\\\\Local\\\\PokerStars'
    >>> windows_path(r"%LOCALAPPDATA%\\PokerStars", {}) is None
    True
    """
    missing = [name for name in _VARIABLE.findall(folder) if not environ.get(name)]
    if missing:
        return None
    return _VARIABLE.sub(lambda m: environ[m.group(1)], folder)


def wine_path(folder: str, prefix: Path, user: str) -> Path:
    """Where a Windows row's folder is inside the Wine prefix ``prefix``.

    >>> wine_path(r"%LOCALAPPDATA%\\PokerStars\\HandHistory", Path("/h/.wine"), "al").as_posix()
    '/h/.wine/drive_c/users/al/AppData/Local/PokerStars/HandHistory'
    >>> wine_path(r"C:\\ACR Poker\\handHistory", Path("/h/.wine"), "al").as_posix()
    '/h/.wine/drive_c/ACR Poker/handHistory'
    """
    match = _VARIABLE.match(folder)
    if match:
        root = prefix / WINE_ROOTS[match.group(1)].format(user=user)
        rest = PureWindowsPath(folder[match.end() :].lstrip("\\")).parts
    else:
        root = prefix / "drive_c"
        rest = PureWindowsPath(folder).parts[1:]  # after "C:\"
    return root.joinpath(*rest)


@dataclass(frozen=True, slots=True, kw_only=True)
class DefaultFolder:
    """A row of the table as it applies here: the folder on this machine, if it exists."""

    client: str
    room: str
    platform: str
    #: The row as written (``%LOCALAPPDATA%\\PokerStars\\HandHistory``).
    folder: str
    #: Where that is on this machine (None: a variable it needs is not set).
    path: Path | None
    exists: bool


def default_folders(
    platform: str | None = None,
    *,
    environ: Mapping[str, str] | None = None,
    home: Path | None = None,
) -> list[DefaultFolder]:
    """Every client's default folders for ``platform`` (this machine's by default), each
    resolved here (``environ`` and ``home`` for tests)."""
    platform = platform or current_platform()
    if platform not in PLATFORMS:
        raise ValueError(f"unknown platform {platform!r} (one of: {', '.join(PLATFORMS)})")
    environ = os.environ if environ is None else environ
    home = home or Path.home()
    found: list[DefaultFolder] = []
    for row in CLIENT_FOLDERS:
        wanted = WINDOWS if platform == LINUX else platform
        if row.platform != wanted:
            continue
        path: Path | None
        if platform == WINDOWS:
            filled = windows_path(row.folder, environ)
            path = Path(filled) if filled else None
        elif platform == MACOS:
            path = home / row.folder.removeprefix("~/")
        else:
            prefix = Path(environ.get("WINEPREFIX") or home / ".wine")
            user = environ.get("USER") or home.name
            path = wine_path(row.folder, prefix, user)
        found.append(
            DefaultFolder(
                client=row.client,
                room=row.room,
                platform=platform,
                folder=row.folder if platform != LINUX else f"Wine: {row.folder}",
                path=path,
                exists=path is not None and path.is_dir(),
            )
        )
    return found
