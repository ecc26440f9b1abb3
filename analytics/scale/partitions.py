"""The import's units of work: whole files, or byte ranges of a big file at hand boundaries.

A file larger than ``chunk_bytes`` is cut into ranges at hand boundaries
(:func:`analytics.ingest.ranges.cuts`, the SQLite import's cuts too). Every zip member is one
partition.

A plain file's partition is read by the worker from its path (so a cluster needs the
files on a shared file system); a zip member's bytes travel with the task.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from analytics.ingest.ranges import cuts
from analytics.ingest.sources import ZIP_SEPARATOR as _ZIP
from analytics.ingest.sources import Listing, Refused, list_inputs

#: Files above this are cut into ranges of about this size.
CHUNK_BYTES = 64 * 1024 * 1024


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

__all__ = ["CHUNK_BYTES", "Partition", "Plan", "cuts", "plan"]
