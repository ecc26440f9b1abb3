"""Where a growing file's complete lines end, in every layout the decoder reads."""

from __future__ import annotations

import codecs

import pytest

from analytics.ingest.growing import complete_end, layout, line_offset, lines_before, piece
from parser import decode

TEXT = "PokerStars Hand #1: x\nJöns: folds\nSam: checks\n"


@pytest.mark.parametrize(
    "encoding", ["utf-8", "utf-8-sig", "cp1252", "utf-16", "utf-16-le", "utf-16-be"]
)
def test_lines_are_found_in_every_encoding(encoding: str) -> None:
    data = TEXT.replace("\n", "\r\n").encode(encoding)
    assert decode(data, "f") == TEXT
    assert lines_before(data, len(data)) == 3
    second = line_offset(data, 0, 2)
    assert decode(piece(data, second, len(data)), "f") == "Jöns: folds\nSam: checks\n"
    assert lines_before(data, second) == 1
    assert complete_end(data) == len(data)


def test_a_line_being_written_is_left_out() -> None:
    data = TEXT.encode("utf-8")
    cut = data.index("ö".encode()) + 1  # between the two bytes of "ö"
    assert complete_end(data[:cut]) == data.index(b"J")
    # decoded on its own, the cut piece would fall back to cp1252 and garble the name
    assert "Jöns" not in decode(data[:cut], "f")


def test_a_cr_at_the_end_waits_for_its_lf() -> None:
    assert complete_end(b"a\r\nb\r") == 3
    assert complete_end(b"a\r\nb\r\n") == 6


def test_half_a_utf16_code_unit_is_not_complete() -> None:
    data = TEXT.encode("utf-16")
    assert complete_end(data[:-1]) == len(data) - len("Sam: checks\n".encode("utf-16-le"))
    assert complete_end(data[:-3]) < len(data)


def test_a_piece_from_the_middle_decodes_as_the_whole_file() -> None:
    data = TEXT.encode("utf-16")  # a byte-order mark, then little-endian units
    assert layout(data).bom == codecs.BOM_UTF16_LE
    start = line_offset(data, 0, 3)
    assert piece(data, start, len(data)).startswith(codecs.BOM_UTF16_LE)
    assert decode(piece(data, start, len(data)), "f") == "Sam: checks\n"


def test_asking_for_a_line_past_the_end_is_an_error() -> None:
    with pytest.raises(ValueError, match="fewer than 9 lines"):
        line_offset(TEXT.encode(), 0, 9)
