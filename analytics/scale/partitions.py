"""The import's units of work: whole files, or byte ranges of a big file at hand boundaries.

A file larger than ``chunk_bytes`` is cut into ranges, each starting at a hand's header
line after a blank line, so each range splits into exactly the hands the whole file does.
The client reads the file once, in blocks (memory stays constant), to find the cuts, to
count the lines before each (so a hand's line numbers, and the messages that quote them,
are the file's), and to check that the file is UTF-8: a range of a cp1252 file could
decode as UTF-8 on its own, differently from the whole, so only UTF-8 files without NULs
(no UTF-16) are cut. Any other file, and every zip member, is one partition.

A plain file's partition is read by the worker from its path (so a cluster needs the
files on a shared file system); a zip member's bytes travel with the task.
"""

from __future__ import annotations

import codecs
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from analytics.pipeline import PHH_SITE, UNKNOWN_SITE, identify
from analytics.sources import ZIP_SEPARATOR as _ZIP
from analytics.sources import Listing, Refused, list_inputs

#: Files above this are cut into ranges of about this size.
CHUNK_BYTES = 64 * 1024 * 1024
_BLOCK = 16 * 1024 * 1024
#: A blank line (CRLF or LF, spaces allowed) and the start of the next line.
_BLANK = re.compile(rb"\n[ \t\r]*\n")
#: How much of a line is enough to tell a hand header.
_HEADER_BYTES = 300


@dataclass(frozen=True, slots=True)
class Partition:
    """One task's input: ``path`` read from ``start`` to ``end`` (``data`` for zip members)."""

    number: int
    path: str
    size: int
    start: int = 0
    end: int | None = None
    #: Lines of the file before ``start``: added to the hands' line numbers.
    lines_before: int = 0
    data: bytes | None = None

    def read(self) -> bytes:
        if self.data is not None:
            return self.data
        with open(self.path, "rb") as handle:
            handle.seek(self.start)
            if self.end is None:
                return handle.read()
            return handle.read(self.end - self.start)

    @property
    def whole(self) -> bool:
        return self.start == 0 and self.end is None


@dataclass(slots=True)
class Plan:
    partitions: list[Partition]
    refused: list[Refused]
    ignored: int
    files: int


def plan(paths: Iterable[str | os.PathLike[str]], chunk_bytes: int = CHUNK_BYTES) -> Plan:
    """The partitions of the files, folders and zips named, in the SQLite import's order."""
    listing: Listing = list_inputs(paths)
    partitions: list[Partition] = []
    refused = list(listing.refused)
    try:
        for item in listing.files:
            if _ZIP in item.path or not Path(item.path).is_file():
                try:
                    data = item.read()
                except Exception as error:  # the SQLite import's "unreadable"
                    refused.append(Refused(item.path, "unreadable", str(error)))
                    continue
                partitions.append(Partition(len(partitions), item.path, len(data), data=data))
                continue
            for start, end, lines in cuts(item.path, item.size, chunk_bytes):
                partitions.append(
                    Partition(len(partitions), item.path, item.size, start, end, lines)
                )
    finally:
        listing.close()
    return Plan(partitions, refused, listing.ignored, len(listing.files) + len(listing.refused))


def cuts(path: str, size: int, chunk_bytes: int = CHUNK_BYTES) -> list[tuple[int, int | None, int]]:
    """``(start, end, lines before start)`` of each range of the file; one for a small file,
    a file that is not UTF-8, or one with no hand header where a cut would go."""
    if size <= chunk_bytes:
        return [(0, None, 0)]
    found = list(_scan(path, chunk_bytes))
    if not found:
        return [(0, None, 0)]
    starts = [(0, 0), *found]
    return [
        (start, starts[i + 1][0] if i + 1 < len(starts) else None, lines)
        for i, (start, lines) in enumerate(starts)
    ]


def _scan(path: str, chunk_bytes: int) -> Iterator[tuple[int, int]]:
    """Each cut: the offset of a hand header at or after every multiple of ``chunk_bytes``,
    and the line ends before it. Yields nothing if the file must not be cut."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    cuts: list[tuple[int, int]] = []
    target = chunk_bytes
    offset = 0  # file offset of buffer[0]
    lines = 0  # line ends before buffer[0]
    buffer = b""
    with open(path, "rb") as handle:
        while True:
            block = handle.read(_BLOCK)
            final = not block
            if block:
                if b"\x00" in block:  # UTF-16, or NULs that decode drops: not cut
                    return
                try:
                    decoder.decode(block)
                except UnicodeDecodeError:
                    return
            buffer += block
            # Keep a tail long enough to hold a blank line and a header across blocks.
            limit = len(buffer) if final else max(0, len(buffer) - _HEADER_BYTES - 64)
            if limit and buffer[limit - 1 : limit] == b"\r":
                limit -= 1  # never count a CRLF split across two pieces as two line ends
            searched = 0
            while True:
                at = max(target - offset, searched)
                match = _BLANK.search(buffer, at, limit + _HEADER_BYTES) if at < limit else None
                if match is None:
                    break
                start = match.end()
                searched = start - 1
                if start >= limit and not final:
                    break
                head = buffer[start : start + _HEADER_BYTES].decode("latin-1")
                site, _ = identify(head)
                if site in (UNKNOWN_SITE, PHH_SITE):
                    continue
                cuts.append((offset + start, lines + _line_ends(buffer[:start])))
                while target <= offset + start:
                    target += chunk_bytes
            if final:
                break
            keep = buffer[limit:]
            lines += _line_ends(buffer[:limit])
            offset += limit
            buffer = keep
        try:
            decoder.decode(b"", final=True)
        except UnicodeDecodeError:
            return
    yield from cuts


def _line_ends(data: bytes) -> int:
    """Line ends as ``parser.decode`` counts them: LF, CRLF, and a CR alone."""
    return data.count(b"\n") + data.count(b"\r") - data.count(b"\r\n")
