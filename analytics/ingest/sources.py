"""What to import: the files named, the hand histories under folders, the members of zips.

Listing comes before reading so the progress bar knows the total size up front. A file
named on the command line is always read; under a folder or inside a zip only the files of
a registered format are (every room's suffix, ``parser.formats.SUFFIXES``: ``.txt``,
iPoker's ``.xml``, PHH's ``.phh``/``.phhs``; a folder of histories also holds images and
``.DS_Store``), the others are counted as ignored. A zip is read in memory, member by
member, and a member whose name would escape the archive (``../x.txt``, ``/etc/x.txt``,
``C:\\x.txt``) is refused, not read: such a name is the mark of a crafted archive, and it
would be stored and reported as a path outside the archive the user gave us. A zip inside
a zip is read too (``outer.zip!inner.zip!member.txt``), up to :data:`MAX_ZIP_DEPTH` deep;
deeper ones, and inner zips that cannot be read, are refused by path: never skipped
without a word.

Only regular files are read (issue 23, item 8): a FIFO named ``x.txt`` would block the
import (and ``watch``) for ever on its ``open``, and a symlink to ``/dev/zero`` would be read
until memory runs out. Whatever a path is, it is ``stat``-ed after its symlinks are followed
and anything but a regular file is refused with what it is; it is then opened with
``O_NONBLOCK`` (a FIFO swapped in after the listing fails the same check instead of blocking)
and read no further than its size at opening plus :data:`GROWTH_MARGIN`, so a file that
never ends (a device or pseudo-file passing as a regular one) is refused, not read.

Nothing passes in silence (issue 23, item 16): a folder that cannot be listed (itself or
one under it) is refused, as is a folder given with no file of those suffixes in it and a
0-byte file named on the command line. Found by walking a folder, a 0-byte file (a client
creates the file before writing its first hand) is *skipped*: listed, but not an error,
since it would otherwise fail every import of that folder until the client writes to it.
"""

from __future__ import annotations

import io
import os
import re
import stat
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from parser.formats import SUFFIXES as FORMAT_SUFFIXES

#: Suffixes imported from folders and zips (case-insensitive): every registered format's
#: (``parser.formats``: ``.txt``, iPoker's ``.xml``, PHH's ``.phh``/``.phhs``); the
#: dashboard's uploads take the same (``dashboard.upload.SUFFIXES``).
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
#: 10:1), once it is over :data:`RATIO_FREE_BYTES`; so is an archive whose members under
#: that size together inflate more than that many times once over it (issue 23: 200
#: members of 1 MB in a 226 KB zip); and an archive whose members add up to more
#: than :data:`MAX_ARCHIVE_BYTES` once inflated is refused whole, nothing read.
#: zipfile never inflates a member past its declared size, so the declared sizes bind.
MAX_RATIO = 100
RATIO_FREE_BYTES = 1024 * 1024
MAX_ARCHIVE_BYTES = 2 * 1024 * 1024 * 1024

#: How much a file may grow between the ``fstat`` at opening and the end of its read (a
#: client appending a hand meanwhile: a few KB). More, and the file is refused as one that
#: does not end (issue 23, item 8) instead of being read until memory runs out.
GROWTH_MARGIN = 1024 * 1024
#: Read after the expected end, a block at a time, while looking for the file's real end.
_GROWTH_BLOCK = 64 * 1024
#: Not regular files, by ``stat`` type, as a refusal names them.
_FILE_TYPES = (
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISDIR, "a folder"),
)
#: ``os.open`` flags: never block on opening (a FIFO without a writer) nor leak the
#: descriptor to a child; binary on Windows (which has no O_NONBLOCK, nor FIFOs in folders).
_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)

_DRIVE = re.compile(r"^[A-Za-z]:")


class NotRegularFile(OSError):
    """A path that is not a regular file once its symlinks are followed (a FIFO, a
    device, a socket), or one that grew past its size while read: never read whole.

    An ``OSError``, so the importer and the watcher report it as a file not read."""

    def __init__(self, path: str | os.PathLike[str], message: str) -> None:
        super().__init__(message)
        self.path = os.fspath(path)
        self.message = message

    def __str__(self) -> str:
        return self.message


def not_regular_reason(path: str | os.PathLike[str], mode: int) -> str | None:
    """Why a file of ``stat`` mode ``mode`` is not read (None: a regular file).

    >>> not_regular_reason("x.txt", stat.S_IFIFO | 0o644)
    'a FIFO (named pipe), not a regular file: only regular files are read (issue 23)'
    >>> not_regular_reason("x.txt", stat.S_IFREG | 0o644) is None
    True
    """
    if stat.S_ISREG(mode):
        return None
    what = next((name for test, name in _FILE_TYPES if test(mode)), "not a regular file")
    target = os.path.realpath(path) if os.path.islink(path) else None
    shown = f"{what} (a symlink to {target})" if target else what
    return f"{shown}, not a regular file: only regular files are read (issue 23)"


def open_regular(path: str | os.PathLike[str]) -> io.FileIO:
    """``path`` opened for reading, unbuffered, if it is a regular file once its symlinks
    are followed; :class:`NotRegularFile` otherwise. Opened with ``O_NONBLOCK`` and checked
    with ``fstat`` on the descriptor, so a FIFO or device put there after a listing's
    ``stat`` is refused rather than waited on; blocking is restored for the read."""
    descriptor = os.open(path, _OPEN_FLAGS)
    try:
        reason = not_regular_reason(path, os.fstat(descriptor).st_mode)
        if reason is not None:
            raise NotRegularFile(path, reason)
        if hasattr(os, "set_blocking"):
            os.set_blocking(descriptor, True)
        return io.FileIO(descriptor, "rb", closefd=True)
    except BaseException:
        os.close(descriptor)
        raise


def read_regular(path: str | os.PathLike[str], *, margin: int = GROWTH_MARGIN) -> bytes:
    """The bytes of the regular file ``path``, read no further than its size when opened
    plus ``margin``: a file still growing past that (a pseudo-file whose ``stat`` size is
    0, a device behind a filesystem that calls it regular) raises :class:`NotRegularFile`
    instead of filling memory. One read for a file that does not grow."""
    with open_regular(path) as handle:
        expected = os.fstat(handle.fileno()).st_size
        limit = expected + margin
        parts: list[bytes] = []
        total = 0
        want = expected + 1  # the whole file and one byte more, to see its end
        while block := handle.read(min(want, limit + 1 - total)):
            parts.append(block)
            total += len(block)
            if total > limit:
                raise NotRegularFile(path, (
                    f"kept growing while read: more than {limit:,} bytes where its size was"
                    f" {expected:,} when opened (a device or a file without end?); not read"
                    " (issue 23)"))  # fmt: skip
            want = _GROWTH_BLOCK
    return b"".join(parts)


@dataclass(frozen=True, slots=True)
class InputFile:
    """One file to import, read lazily (zip members are read only when their turn comes)."""

    path: str
    size: int
    read: Callable[[], bytes]
    #: The file on disk, for one that can be read in ranges (None: a zip member).
    local: Path | None = None
    #: Found by walking a folder, not named nor in a zip: one that is not a hand history
    #: by its content (a web page, notes) is skipped, not refused (issue 23, item 16).
    walked: bool = False


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
    #: Files found under folders that hold nothing to import (0 bytes), with why: listed
    #: by the summary, not an error (issue 23, item 16).
    skipped: list[Refused] = field(default_factory=list)
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
            _add_folder(listing, path)
        elif not path.exists():
            listing.refused.append(Refused(str(path), "not_found", "no such file or folder"))
        elif not _regular(listing, path):
            continue
        elif _is_zip_name(path.name) or _is_zip_file(path):
            _add_zip(listing, path)
        else:
            _add_file(listing, path)
    return listing


def _add_folder(listing: Listing, folder: Path) -> None:
    """The hand histories and zips under ``folder``; a folder that cannot be listed is
    refused (``os.walk`` would skip it without a word), and so is ``folder`` itself when
    it holds nothing to import."""
    def counts() -> tuple[int, ...]:
        found = listing.files, listing.refused, listing.skipped, listing.archives
        return tuple(len(items) for items in found)

    before = counts()
    ignored = listing.ignored
    for found in _walk(folder, listing):
        if not (_is_zip_name(found.name) or found.name.lower().endswith(HISTORY_SUFFIXES)):
            listing.ignored += 1
        elif _regular(listing, found):
            if _is_zip_name(found.name):
                _add_zip(listing, found)
            else:
                _add_file(listing, found, walked=True)
    if counts() == before:
        others = listing.ignored - ignored
        besides = f"; {others:,} other file(s) ignored" if others else ""
        listing.refused.append(Refused(str(folder.absolute()), "empty", (
            f"no hand history in this folder (no {', '.join(HISTORY_SUFFIXES)} or .zip"
            f" file{besides})")))  # fmt: skip


def _regular(listing: Listing, path: Path) -> bool:
    """Whether ``path`` is a regular file once its symlinks are followed; if not, it is
    refused in ``listing`` with what it is (a FIFO, a device: issue 23, item 8)."""
    shown = str(path.absolute())
    try:
        mode = path.stat().st_mode
    except OSError as error:
        listing.refused.append(Refused(shown, "unreadable", error.strerror or str(error)))
        return False
    reason = not_regular_reason(path, mode)
    if reason is not None:
        listing.refused.append(Refused(shown, "not_a_file", reason))
    return reason is None


def _is_zip_file(path: Path) -> bool:
    """A regular file that holds a zip whatever its name (opened as :func:`open_regular`
    does: a FIFO put there since the listing's ``stat`` must not block)."""
    try:
        with open_regular(path) as handle:
            return zipfile.is_zipfile(handle)
    except OSError:
        return False  # read as a file, which reports why it cannot be


def _walk(folder: Path, listing: Listing) -> Iterator[Path]:
    def unreadable(error: OSError) -> None:
        where = str(Path(error.filename or folder).absolute())
        reason = f"folder not read: {error.strerror or error}"
        listing.refused.append(Refused(where, "unreadable", reason))

    for root, dirs, names in os.walk(folder, onerror=unreadable):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(names):
            if not name.startswith("."):
                yield Path(root) / name


def _is_zip_name(name: str) -> bool:
    return name.lower().endswith(".zip")


def _add_file(listing: Listing, path: Path, *, walked: bool = False) -> None:
    shown = str(path.absolute())
    try:
        size = path.stat().st_size
    except OSError as error:
        listing.refused.append(Refused(shown, "unreadable", error.strerror or str(error)))
        return
    if size == 0:
        empty = Refused(shown, "empty", "an empty file (0 bytes): nothing to import")
        (listing.skipped if walked else listing.refused).append(empty)
        return
    listing.files.append(InputFile(shown, size, lambda: read_regular(path), path, walked))


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
    # The members each under the free size, together (a bigger one is judged alone below).
    small = [m for m in members if m.file_size <= RATIO_FREE_BYTES]
    small_size = sum(m.file_size for m in small)
    packed = max(sum(m.compress_size for m in small), 1)
    if small_size > RATIO_FREE_BYTES and small_size > MAX_RATIO * packed:
        message = (f"{len(small):,} members of up to 1 MB inflate {small_size // packed:,}"
                   f" times in all ({packed:,} to {small_size:,} bytes), over the limit of"
                   f" {MAX_RATIO} times")  # fmt: skip
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
