"""Byte ranges of a big history file, each starting at a hand: the unit of work that keeps
every core busy on one file and memory flat whatever its size (issue 11).

A range starts at a hand's header line after a blank line, so each range splits into
exactly the hands the whole file does. The file is read once, in blocks (memory stays
constant), to find the cuts, to count the lines before each (so a hand's line numbers,
and the messages that quote them, are the file's), and to check that the file is UTF-8:
a range of a cp1252 file could decode as UTF-8 on its own, differently from the whole, so
only UTF-8 files without NULs (no UTF-16) are cut; any other file is one range.

Both engines cut here: the SQLite import (``analytics.ingest.importer``, ranges of
:data:`analytics.ingest.importer.RANGE_BYTES` parsed by its worker processes and written in file
order) and the Dask import (``analytics.scale.partitions``, one task per range).
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator

from analytics.ingest.pipeline import PHH_SITE, UNKNOWN_SITE, identify
from parser.formats import format_of

_BLOCK = 16 * 1024 * 1024
#: A blank line (CRLF or LF, spaces allowed) and the start of the next line.
_BLANK = re.compile(rb"\n[ \t\r]*\n")
#: How much of a line is enough to tell a hand header.
_HEADER_BYTES = 300


def _cut_format(path: str) -> bool:
    """The file's format (told from its start, as the importer tells it) can be cut
    (``parser.formats.Format.cuttable``)."""
    with open(path, "rb") as handle:
        head = handle.read(64 * 1024).decode("utf-8", errors="replace")
    return format_of(head, path).cuttable


def cuts(path: str, size: int, chunk_bytes: int) -> list[tuple[int, int | None, int]]:
    """``(start, end, lines before start)`` of each range of the file; one for a small file,
    a file that is not UTF-8, or one with no hand header where a cut would go."""
    if size <= chunk_bytes or not _cut_format(path):
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
    """Line ends as ``parser.kit.decode`` counts them: LF, CRLF, and a CR alone."""
    return data.count(b"\n") + data.count(b"\r") - data.count(b"\r\n")
