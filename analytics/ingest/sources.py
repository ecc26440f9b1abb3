"""What to import: the files named, the hand histories under folders, the members of zips.

Listing comes before reading so the progress bar knows the total size up front. A file
named on the command line is always read; under a folder or inside a zip only the files of
a registered format are (``*.txt`` PokerStars, ``*.phh``/``*.phhs`` PHH; a folder of
histories also holds summaries, images and ``.DS_Store``), the others are counted as
ignored. A zip is read in memory, member by member, and a member whose name would escape
the archive (``../x.txt``, ``/etc/x.txt``, ``C:\\x.txt``) is refused, not read: such a
name is the mark of a crafted archive, and it would be stored and reported as a path
outside the archive the user gave us. A zip inside a zip is read too
(``outer.zip!inner.zip!member.txt``), up to :data:`MAX_ZIP_DEPTH` deep; deeper ones, and
inner zips that cannot be read, are refused by path: never skipped without a word.
"""

from __future__ import annotations

import io
import os
import re
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from parser.formats import SUFFIXES as FORMAT_SUFFIXES

#: Suffixes imported from folders and zips (case-insensitive): every registered format's
#: (``parser.formats``: ``.txt`` PokerStars, ``.phh``/``.phhs`` PHH).
HISTORY_SUFFIXES = FORMAT_SUFFIXES
#: A zip member, or a file that cannot be cut into ranges (``analytics.ingest.ranges``: not UTF-8),
#: larger than this is refused rather than read into memory. A bigger UTF-8 file is read
#: range by range, with no limit (issue 11).
MAX_FILE_BYTES = 512 * 1024 * 1024
#: How a zip member's display path is built: ``archive.zip!folder/member.txt``.
ZIP_SEPARATOR = "!"
#: Zips inside zips are read this many levels deep (the archive given is level 1).
MAX_ZIP_DEPTH = 3
#: Zip bombs (issue 9): a member that inflates more than this many times its compressed
#: size is refused (Apache POI's ZipSecureFile default, 1 %; hand histories deflate about
#: 10:1), once it is over :data:`RATIO_FREE_BYTES`; and an archive whose members add up to
#: more than :data:`MAX_ARCHIVE_BYTES` once inflated is refused whole, nothing read.
#: zipfile never inflates a member past its declared size, so the declared sizes bind.
MAX_RATIO = 100
RATIO_FREE_BYTES = 1024 * 1024
MAX_ARCHIVE_BYTES = 2 * 1024 * 1024 * 1024

_DRIVE = re.compile(r"^[A-Za-z]:")


@dataclass(frozen=True, slots=True)
class InputFile:
    """One file to import, read lazily (zip members are read only when their turn comes)."""

    path: str
    size: int
    read: Callable[[], bytes]
    #: The file on disk, for one that can be read in ranges (None: a zip member).
    local: Path | None = None


@dataclass(frozen=True, slots=True)
class Refused:
    """A file or member that cannot be imported, and why (reported, nothing stored)."""

    path: str
    kind: str
    message: str


@dataclass(slots=True)
class Listing:
    files: list[InputFile]
    refused: list[Refused]
    ignored: int = 0
    archives: list[_Archive] = field(default_factory=list)

    @property
    def total_bytes(self) -> int:
        return sum(f.size for f in self.files)

    def close(self) -> None:
        """Close the zip files opened while reading members."""
        for archive in self.archives:
            archive.close()


def list_inputs(paths: Iterable[str | os.PathLike[str]]) -> Listing:
    """Expand files, folders (recursively, sorted) and zips into the files to import."""
    listing = Listing([], [])
    for given in paths:
        path = Path(given)
        if path.is_dir():
            for found in _walk(path):
                if _is_zip_name(found.name):
                    _add_zip(listing, found)
                elif found.name.lower().endswith(HISTORY_SUFFIXES):
                    _add_file(listing, found)
                else:
                    listing.ignored += 1
        elif _is_zip_name(path.name) or (path.is_file() and zipfile.is_zipfile(path)):
            _add_zip(listing, path)
        elif path.exists():
            _add_file(listing, path)
        else:
            listing.refused.append(Refused(str(path), "not_found", "no such file or folder"))
    return listing


def _walk(folder: Path) -> Iterator[Path]:
    for root, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(names):
            if not name.startswith("."):
                yield Path(root) / name


def _is_zip_name(name: str) -> bool:
    return name.lower().endswith(".zip")


def _add_file(listing: Listing, path: Path) -> None:
    shown = str(path.absolute())
    try:
        size = path.stat().st_size
    except OSError as error:
        listing.refused.append(Refused(shown, "unreadable", error.strerror or str(error)))
        return
    listing.files.append(InputFile(shown, size, path.read_bytes, path))


def _add_zip(listing: Listing, path: Path) -> None:
    _add_archive(listing, str(path.absolute()), lambda: zipfile.ZipFile(path), depth=1)


def _add_archive(
    listing: Listing, shown: str, opener: Callable[[], zipfile.ZipFile], depth: int
) -> None:
    try:
        with opener() as opened:
            members = sorted(opened.infolist(), key=lambda m: m.filename)
    except (OSError, zipfile.BadZipFile, zlib.error, EOFError, RuntimeError) as error:
        listing.refused.append(Refused(shown, "unreadable", f"not a readable zip file: {error}"))
        return
    inflated = sum(m.file_size for m in members)
    if inflated > MAX_ARCHIVE_BYTES:
        message = f"the archive inflates to {inflated:,} bytes, over {MAX_ARCHIVE_BYTES:,}"
        listing.refused.append(Refused(shown, "zip_bomb", message))
        return
    archive = _Archive(opener)
    listing.archives.append(archive)
    for member in members:
        if member.is_dir():
            continue
        name = member.filename
        member_path = f"{shown}{ZIP_SEPARATOR}{name}"
        if not safe_member_name(name):
            listing.refused.append(
                Refused(member_path, "unsafe_path", "member name escapes the archive")
            )
        elif _hidden(name):
            listing.ignored += 1
        elif member.file_size > MAX_FILE_BYTES:
            listing.refused.append(Refused(member_path, "too_large", f"{member.file_size} bytes"))
        elif member.file_size > RATIO_FREE_BYTES and (
            member.file_size > MAX_RATIO * max(member.compress_size, 1)
        ):
            listing.refused.append(Refused(member_path, "zip_bomb", (
                f"inflates {member.file_size // max(member.compress_size, 1):,} times"
                f" ({member.compress_size:,} to {member.file_size:,} bytes), over the limit of"
                f" {MAX_RATIO} times")))  # fmt: skip
        elif _is_zip_name(name):
            _add_inner_zip(listing, member_path, archive, name, depth + 1)
        elif not name.lower().endswith(HISTORY_SUFFIXES):
            listing.ignored += 1
        else:
            listing.files.append(InputFile(member_path, member.file_size, archive.reader(name)))


def _add_inner_zip(
    listing: Listing, shown: str, outer: _Archive, name: str, depth: int
) -> None:
    """A zip member that is a zip: read into memory and listed like the outer one."""
    if depth > MAX_ZIP_DEPTH:
        listing.refused.append(
            Refused(shown, "nested_too_deep", f"a zip more than {MAX_ZIP_DEPTH} levels deep")
        )
        return
    try:
        data = outer.read(name)
    except (OSError, zipfile.BadZipFile, zlib.error, EOFError, RuntimeError) as error:
        listing.refused.append(Refused(shown, "unreadable", f"not a readable zip file: {error}"))
        return
    _add_archive(listing, shown, lambda: zipfile.ZipFile(io.BytesIO(data)), depth)


def safe_member_name(name: str) -> bool:
    """A zip member name that stays inside the archive.

    >>> [safe_member_name(n) for n in ("a/b.txt", "../evil.txt", "/etc/x.txt", "C:x.txt")]
    [True, False, False, False]
    """
    if not name or name.startswith(("/", "\\")) or _DRIVE.match(name):
        return False
    parts = PurePosixPath(name.replace("\\", "/")).parts
    return ".." not in parts


def _hidden(name: str) -> bool:
    parts = PurePosixPath(name).parts
    return any(p.startswith(".") for p in parts) or "__MACOSX" in parts


class _Archive:
    """A zip opened once, on the first member read, and closed by ``Listing.close``."""

    def __init__(self, opener: Callable[[], zipfile.ZipFile]) -> None:
        self.opener = opener
        self._zip: zipfile.ZipFile | None = None

    def reader(self, name: str) -> Callable[[], bytes]:
        return lambda: self.read(name)

    def read(self, name: str) -> bytes:
        if self._zip is None:
            self._zip = self.opener()
        with self._zip.open(name) as member:
            data = member.read(MAX_FILE_BYTES + 1)
        if len(data) > MAX_FILE_BYTES:  # the header lied about the size
            raise OSError(f"{name}: more than {MAX_FILE_BYTES} bytes once inflated")
        return data

    def close(self) -> None:
        if self._zip is not None:
            self._zip.close()
            self._zip = None
