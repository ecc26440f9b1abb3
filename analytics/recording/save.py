"""Saving a recorded hand: its live PHH file beside the database, then the normal import.

The recording goes through the same door as every other hand (``import_paths``): the
file is parsed, replayed and stored like any PHH file, so a recorded hand is searched,
counted and replayed like the others, and its text is kept. The file lives under the
database's folder (``recorded/SITE-NUMBER.phh``): the database stores each hand's file
path, and the recording should outlive the session that made it.

Saving the same recording again writes the same file and imports nothing new (the
importer knows the file's content). A *different* hand under the same number (a number
typed by hand twice) is refused rather than written over the first one's file.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from analytics.ingest.importer import ImportReport, import_paths
from analytics.recording.recorder import Recorded, RecordingError
from analytics.store.lookup import find_hand

#: The folder, beside the database file, that recorded hands are written to.
RECORDED_FOLDER = "recorded"


@dataclass(frozen=True, slots=True, kw_only=True)
class Saved:
    path: Path
    key: str
    report: ImportReport
    #: The stored hand's status: ``ok``, or ``cancelled`` for a void hand (a misdeal).
    status: str

    @property
    def stored(self) -> int:
        """Hands newly stored (0: it was saved before)."""
        return self.report.stored_total


def recorded_path(db_path: str | os.PathLike[str], recorded: Recorded) -> Path:
    return Path(db_path).resolve().parent / RECORDED_FOLDER / recorded.file_name


def save(recorded: Recorded, db_path: str | os.PathLike[str]) -> Saved:
    """Write ``recorded`` as a ``.phh`` file beside the database and import it."""
    path = recorded_path(db_path, recorded)
    if path.exists():
        if path.read_text(encoding="utf-8") != recorded.text:
            raise RecordingError(
                f"{path} holds another hand numbered {recorded.hand_id}: give this one "
                "another number"
            )
    else:
        _write(path, recorded.text)
    report = import_paths([path], db_path)
    if report.files_refused:
        refused = report.files_refused[0]
        raise RecordingError(f"{refused.path}: {refused.message}")
    status = find_hand(db_path, recorded.key).status
    return Saved(path=path, key=recorded.key, report=report, status=status)


def _write(path: Path, text: str) -> None:
    """Through a temporary file renamed into place: never half a hand under its name."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with open(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
