"""Export stored hands as PHH: one ``.phhs`` file of many hands, or a folder of ``.phh``.

The database keeps each hand's original text, so a hand is parsed again with the format
registry (``parser.formats``), replayed for its final stacks, and written by
``parser.phh.writer``. Only hands stored ``ok`` are exported (a quarantined hand has no
replay to vouch for it); a hand PHH cannot express (no PHH variant, dead blinds, run it
twice...) is skipped and reported with the reason. Files are written to a temporary name
beside the target and renamed at the end, so an interrupted export leaves no partial file.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from analytics.store.db import connect
from analytics.store.rawtext import TextReader
from parser.formats import parse_hand
from parser.model.errors import PokerhhError
from parser.model.hand import Source
from parser.phh.writer import PhhWriteError, write_phh, write_phhs

_OK_HANDS = """
    SELECT h.site, h.hand_id, f.path, h.first_line, h.raw_dictionary, h.raw_z
    FROM hands h JOIN files f ON f.id = h.file_id
    WHERE h.status = 'ok'
    ORDER BY h.id
"""
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


@dataclass(slots=True)
class PhhExport:
    """What an export wrote and what it left out (site, hand id, why)."""

    written: int = 0
    skipped: list[tuple[str, str, str]] = field(default_factory=list)
    paths: list[Path] = field(default_factory=list)


def phh_texts(db_path: str | os.PathLike[str], report: PhhExport) -> list[tuple[str, str, str]]:
    """(site, hand id, PHH text) of every stored ``ok`` hand PHH can express."""
    from replayer import replay

    db = connect(db_path, create=False)
    try:
        reader = TextReader(db.conn)
        rows = [
            (site, hand_id, path, first, reader.text(dictionary, blob))
            for site, hand_id, path, first, dictionary, blob in db.execute(_OK_HANDS)
        ]
    finally:
        db.close()
    texts = []
    for site, hand_id, path, first_line, raw in rows:
        try:
            parsed = parse_hand(Source(path, first_line, raw))
            result = replay(parsed)
            final = {
                p.name: p.starting_stack - p.invested + p.collected + p.cashed_out
                for p in result.players
            }
            texts.append((site, hand_id, write_phh(parsed, final)))
        except (PhhWriteError, PokerhhError) as error:
            report.skipped.append((site, hand_id, str(error)))
    return texts


def export_phh(db_path: str | os.PathLike[str], out: str | os.PathLike[str]) -> PhhExport:
    """Write the stored hands to ``out``: a ``.phhs`` file, or (an existing folder, or a
    path ending in ``/``) one ``SITE-HANDID.phh`` per hand."""
    report = PhhExport()
    texts = phh_texts(db_path, report)
    target = Path(out)
    if target.is_dir() or str(out).endswith(("/", os.sep)):
        target.mkdir(parents=True, exist_ok=True)
        for site, hand_id, text in texts:
            path = target / f"{_UNSAFE.sub('_', site)}-{_UNSAFE.sub('_', hand_id)}.phh"
            _replace(path, text)
            report.paths.append(path)
    else:
        _replace(target, write_phhs(text for _, _, text in texts))
        report.paths.append(target)
    report.written = len(texts)
    return report


def _replace(path: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path``, then rename it over ``path``."""
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with open(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise
