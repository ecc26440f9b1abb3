"""Issue 23, item 10: a UTF-16 byte-order mark before UTF-8 text is still a hand history.

Some tools (an editor's "save as Unicode" undone, a merge script) leave ``FF FE`` in front
of a UTF-8 file. The decoder believed the mark and read the UTF-8 bytes as UTF-16: the
text became CJK noise and the file "not a hand history". UTF-16 text of a hand history is
mostly ASCII, so NUL bytes fill every other byte; a body after the mark with no NUL in its
first 4 KB that decodes as UTF-8 is UTF-8, and the mark is dropped.

The fix is in ``parser/kit/decode.py`` (``_decode_raw``'s UTF-16 BOM branch) and in
``analytics.ingest.growing.layout``, which reads the file's layout the same way.
"""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from analytics.ingest.importer import import_paths
from parser import decode
from tests.reliability.conftest import SAMPLES

WALK = SAMPLES / "pokerstars/nlhe/walk.txt"


@pytest.mark.parametrize("bom", [codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE])
def test_a_utf16_mark_before_utf8_text_decodes_as_utf8(bom: bytes) -> None:
    text = WALK.read_text(encoding="utf-8").replace("Rosa", "Jöns")
    assert decode(bom + text.encode("utf-8"), "walk.txt") == text


def test_a_utf16_mark_before_utf8_text_imports(tmp_path: Path) -> None:
    path = tmp_path / "walk.txt"
    path.write_bytes(codecs.BOM_UTF16_LE + WALK.read_bytes())
    report = import_paths([path], tmp_path / "db.sqlite")
    assert report.files_refused == []
    assert report.stored["ok"] == 1


def test_real_utf16_with_its_mark_still_decodes() -> None:
    """The guard the fix must keep: UTF-16 text (NULs every other byte) is UTF-16."""
    text = WALK.read_text(encoding="utf-8")
    assert decode(text.encode("utf-16"), "walk.txt") == text
