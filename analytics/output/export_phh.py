"""Export stored hands as PHH: one ``.phhs`` file of many hands, or a folder of ``.phh``.

The database keeps each hand's original text, so a hand is parsed again with the format
registry (``parser.formats``), replayed for its final stacks, and written by
``parser.rooms.phh.writer``. Only hands stored ``ok`` are exported (a quarantined hand has no
replay to vouch for it); a hand PHH cannot express (no PHH variant, dead blinds, run it
twice...) is skipped and reported with the reason. Files are written to a temporary name
beside the target and renamed at the end, so an interrupted export leaves no partial file.

In a folder, every hand gets a file of its own (issue 23, item 10): a hand id is any text
(PHH's ``hand`` field), and two ids made the same by the characters a file name cannot hold
(``a_b``, ``a b``, ``a/b``) or by a file system that ignores case (``A_B``) used to share one
file, the last overwriting the others while the report counted them all
(:func:`phh_file_names`).
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from analytics.output.atomic import replaced
from analytics.store.db import connect
from analytics.store.rawtext import TextReader
from parser.formats import parse_hand
from parser.model.errors import PokerhhError
from parser.model.hand import ParsedHand, Source
from parser.rooms.phh.writer import PhhWriteError, write_phh, write_phhs
from replayer.result import ReplayResult

_OK_HANDS = """
    SELECT h.site, h.hand_id, f.path, h.first_line, h.raw_dictionary, h.raw_z
    FROM hands h JOIN files f ON f.id = h.file_id
    WHERE h.status = 'ok'
    ORDER BY h.id
"""
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
#: The longest ``SITE-HANDID`` kept whole in a file name (a name stops at 255 bytes); a
#: longer one is cut and told apart by its digest.
MAX_STEM = 120


_NO_VARIANT = "PHH has no variant for "
_NO_VARIANT_REASON = "PHH has no variant for their game"


@dataclass(slots=True)
class PhhExport:
    """What an export wrote and what it left out (site, hand id, why)."""

    written: int = 0
    skipped: list[tuple[str, str, str]] = field(default_factory=list)
    paths: list[Path] = field(default_factory=list)
    #: The skipped hands by reason, the players' names taken out ("a player posts a dead
    #: blind ..."), so hundreds of skips read as a few lines (issue 23, item 20).
    reasons: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    #: What varies within a reason: the games PHH has no variant for.
    details: dict[str, set[str]] = field(default_factory=dict)

    def skip(self, site: str, hand_id: str, message: str, reason: str) -> None:
        self.skipped.append((site, hand_id, message))
        if reason.startswith(_NO_VARIANT):
            self.details.setdefault(_NO_VARIANT_REASON, set()).add(reason[len(_NO_VARIANT) :])
            reason = _NO_VARIANT_REASON
        self.reasons.setdefault(reason, []).append((site, hand_id))

    def grouped(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """(reason, its hands), the commonest first."""
        return sorted(self.reasons.items(), key=lambda item: (-len(item[1]), item[0]))


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
        names: list[str] = []
        try:
            parsed = parse_hand(Source(path, first_line, raw))
            names = [seat.name for seat in parsed.seats]
            texts.append((site, hand_id, hand_phh(parsed, replay(parsed))))
        except PhhWriteError as error:
            report.skip(site, hand_id, str(error), _without_names(str(error), names))
        except PokerhhError as error:  # stored ok by an older version; this one disagrees
            rule = getattr(error, "rule", None)
            reason = f"{error.kind} [{rule}]" if rule else error.kind
            report.skip(site, hand_id, str(error), f"no longer replays: {reason}")
    return texts


def hand_phh(parsed: ParsedHand, result: ReplayResult) -> str:
    """One hand's PHH text, with the finishing stacks of its replay (``pokerhh share``
    writes one hand so); raises ``PhhWriteError`` for a hand PHH cannot hold."""
    final = {
        p.name: p.starting_stack - p.invested + p.collected + p.cashed_out for p in result.players
    }
    return write_phh(parsed, final)


def _without_names(message: str, names: Iterable[str]) -> str:
    """``message`` with each player's name as "a player" (longest first: a name inside
    another is not cut out of it).

    >>> _without_names("Bob posts a dead blind, which PHH cannot write", ["Bo", "Bob"])
    'a player posts a dead blind, which PHH cannot write'
    """
    for name in sorted(set(names), key=len, reverse=True):
        if name:
            message = message.replace(name, "a player")
    return message


def export_phh(db_path: str | os.PathLike[str], out: str | os.PathLike[str]) -> PhhExport:
    """Write the stored hands to ``out``: a ``.phhs`` file, or (an existing folder, or a
    path ending in ``/``) one ``SITE-HANDID.phh`` per hand."""
    report = PhhExport()
    texts = phh_texts(db_path, report)
    target = Path(out)
    if target.is_dir() or str(out).endswith(("/", os.sep)):
        target.mkdir(parents=True, exist_ok=True)
        names = phh_file_names((site, hand_id) for site, hand_id, _ in texts)
        for name, (_site, _hand_id, text) in zip(names, texts, strict=True):
            path = target / name
            _replace(path, text)
            report.paths.append(path)
    else:
        _replace(target, write_phhs(text for _, _, text in texts))
        report.paths.append(target)
    report.written = len(texts)
    return report


def phh_file_names(keys: Iterable[tuple[str, str]]) -> list[str]:
    """A ``.phh`` file name for each (site, hand id), no two alike even where the file
    system ignores case: ``SITE-HANDID.phh`` when the key needs no change and is free, else
    the key made safe (and cut to :data:`MAX_STEM`) with the first 10 hex digits of its
    sha256, and a counter after that for a crafted id that spells another's name. The same
    keys in the same order give the same names (an export again replaces its own files).

    >>> phh_file_names([("PHH", "a_b"), ("PHH", "a b"), ("PHH", "A_B")])
    ['PHH-a_b.phh', 'PHH-a_b-904091e50b.phh', 'PHH-A_B-a16cd7c6a5.phh']
    """
    names: list[str] = []
    used: set[str] = set()
    for site, hand_id in keys:
        stem = f"{_UNSAFE.sub('_', site)}-{_UNSAFE.sub('_', hand_id)}"
        digest = hashlib.sha256(f"{site}\0{hand_id}".encode()).hexdigest()[:10]
        hashed = f"{stem[:MAX_STEM]}-{digest}"
        exact = stem == f"{site}-{hand_id}" and len(stem) <= MAX_STEM
        candidates = [stem, hashed] if exact else [hashed]
        name = next((c for c in candidates if c.casefold() not in used), None)
        count = 1
        while name is None or name.casefold() in used:
            count += 1
            name = f"{hashed}-{count}"
        used.add(name.casefold())
        names.append(f"{name}.phh")
    return names


def _replace(path: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path``, then rename it over ``path``
    (with the mode a new file gets: :mod:`analytics.output.atomic`)."""
    with replaced(path) as stream:
        stream.write(text)
