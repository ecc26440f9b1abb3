"""Files uploaded in the browser -> the same import as ``pokerhh import`` (no Streamlit).

:func:`import_uploads` takes (name, bytes) pairs, refuses what must not be read (too large,
not ``.txt``/``.zip``), writes the rest to a private temporary folder and runs
:func:`analytics.ingest.importer.import_paths` on it: the same listing (zip members whose names
escape the archive are refused there), parsing, replay and storage as the command line.

One difference, on purpose: a file with no hand-history header at all (notes, a tournament
summary, a CSV renamed ``.txt``) is refused as ``not_history`` with nothing stored, where
the command line would store it as one quarantined hand. In the browser such a file is
nearly always a wrong pick, and a record of it would only clutter the quarantine.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from analytics.ingest.importer import ImportReport, Progress, import_paths
from analytics.ingest.pipeline import Stages
from analytics.ingest.sources import Refused
from parser.model.errors import PokerhhError
from parser.model.hand import Source
from parser.split import HEADER_RE

#: The importer's ``Stages.split_hands``: (text, path) -> the hands' sources.
SplitHands = Callable[[str, str], Iterable[Source]]

#: The largest file accepted, in megabytes (also the launcher's ``server.maxUploadSize``).
MAX_UPLOAD_MB = 200
MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024
SUFFIXES = (".txt", ".zip")
#: What the temporary folder's name starts with (it shows in the stored file paths).
FOLDER_PREFIX = "pokerhh-upload-"


class NotHandHistory(PokerhhError):
    kind = "not_history"

    def __init__(self, path: str) -> None:
        self.path = path
        self.reason = "no hand history in it (no line like 'PokerStars Hand #…')"
        super().__init__(f"{path}: {self.reason}")


@dataclass(frozen=True, slots=True)
class Upload:
    name: str
    data: bytes


@dataclass(slots=True)
class UploadResult:
    #: Uploads refused before the import (too large, wrong kind) and by it (unsafe zip
    #: member, unreadable zip, not a hand history), with paths as the user named them.
    refused: list[Refused]
    report: ImportReport | None

    @property
    def stored(self) -> int:
        return self.report.stored_total if self.report else 0


def safe_name(name: str) -> str:
    """The file name alone, without folders or characters a file system may refuse.

    >>> safe_name("../../etc/passwd.txt"), safe_name("C:\\\\hh\\\\a b.txt"), safe_name("..")
    ('passwd.txt', 'a b.txt', 'upload')
    """
    base = re.split(r"[\\/]", name)[-1]
    base = re.sub(r"[\x00-\x1f<>:\"|?*]", "_", base).strip(" .")
    return base or "upload"


def _strict_split(split: SplitHands) -> SplitHands:
    """``split_hands`` that refuses text with no hand header instead of yielding it."""

    def split_hands(text: str, path: str) -> Iterator[Source]:
        if not any(HEADER_RE.search(line) for line in text.splitlines() if "#" in line):
            raise NotHandHistory(path)
        return iter(split(text, path))

    return split_hands


def import_uploads(
    uploads: Iterable[Upload],
    db_path: str | os.PathLike[str],
    *,
    progress: Progress | None = None,
    max_bytes: int = MAX_UPLOAD_BYTES,
) -> UploadResult:
    """Import the uploads into ``db_path``; refuse what cannot or must not be imported."""
    refused: list[Refused] = []
    with tempfile.TemporaryDirectory(prefix=FOLDER_PREFIX) as folder:
        paths: list[Path] = []
        taken: set[str] = set()
        for upload in uploads:
            name = safe_name(upload.name)
            if len(upload.data) > max_bytes:
                refused.append(Refused(upload.name, "too_large", _too_large(len(upload.data),
                                                                           max_bytes)))  # fmt: skip
                continue
            if not name.lower().endswith(SUFFIXES):
                refused.append(
                    Refused(upload.name, "not_history", "only .txt and .zip files are imported")
                )
                continue
            unique, number = name, 1
            while unique.lower() in taken:
                number += 1
                stem, dot, suffix = name.rpartition(".")
                unique = f"{stem} ({number}){dot}{suffix}"
            taken.add(unique.lower())
            path = Path(folder) / unique
            path.write_bytes(upload.data)
            paths.append(path)
        if not paths:
            return UploadResult(refused, None)
        default = Stages.default()
        stages = replace(default, split_hands=_strict_split(default.split_hands))
        report = import_paths(paths, db_path, progress=progress, stages=stages)
    prefix = str(Path(folder).absolute()) + os.sep
    refused += [replace(r, path=r.path.removeprefix(prefix)) for r in report.files_refused]
    return UploadResult(refused, report)


def _too_large(size: int, limit: int) -> str:
    return f"{_size(size)} is over the upload limit of {_size(limit)}"


def _size(n: int) -> str:
    """
    >>> _size(200 * 1024 * 1024), _size(1500), _size(3 * 1024 * 1024 + 1)
    ('200 MB', '1,500 bytes', '3.0 MB')
    """
    if n < 1024 * 1024:
        return f"{n:,} bytes"
    mb = n / 1024 / 1024
    return f"{mb:,.0f} MB" if n % (1024 * 1024) == 0 else f"{mb:,.1f} MB"


def shown_path(path: str) -> str:
    """A stored path without the temporary folder (``pokerhh-upload-x1y2/a.txt`` -> ``a.txt``).

    >>> shown_path("/tmp/pokerhh-upload-abc123/hh.zip!x/a.txt")
    'hh.zip!x/a.txt'
    """
    match = re.search(re.escape(FOLDER_PREFIX) + r"[^/\\]+[/\\]", path)
    return path[match.end() :] if match else path
