"""The same hand, whatever its encoding and line ends, parses to the same ParsedHand."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from parser import parse_file
from parser.model.hand import ParsedHand
from tests.parser.conftest import hand_text

TEXT = hand_text(
    """
    Dealt to Sr Radío [Ah Kd]
    Carol: folds
    Sr Radío: raises €0.20 to €0.30
    Bob: folds
    Uncalled bet (€0.20) returned to Sr Radío
    Sr Radío collected €0.20 from pot
    """,
    seats=("Sr Radío", "Bob", "Carol"),
    header="PokerStars Hand #7:  Hold'em No Limit (€0.05/€0.10 EUR) - 2009/11/20 7:12:10 ET",
    table="Table 'Lampland' 6-max Seat #3 is the button",
    forced="Sr Radío: posts small blind €0.05\nBob: posts big blind\xa0€0.10",
    summary="*** SUMMARY ***\nTotal pot €0.20 | Rake €0",
)
ENCODINGS = {
    "utf-8": TEXT.encode("utf-8"),
    "utf-8-sig": codecs.BOM_UTF8 + TEXT.encode("utf-8"),
    "utf-16": TEXT.encode("utf-16"),
    "utf-16-le-no-bom": TEXT.encode("utf-16-le"),
    "cp1252": TEXT.encode("cp1252"),
    "crlf": TEXT.replace("\n", "\r\n").encode("utf-8"),
    "cr": TEXT.replace("\n", "\r").encode("cp1252"),
    "mixed-line-ends": TEXT.replace("\n", "\r\n", 3).encode("utf-8"),
    "trailing-blanks": "\n".join(line + "  " for line in TEXT.split("\n")).encode("utf-8"),
}


def parse_bytes(data: bytes, tmp_path: Path) -> ParsedHand:
    path = tmp_path / "hh.txt"
    path.write_bytes(data)
    (hand,) = list(parse_file(path))
    assert isinstance(hand, ParsedHand), hand
    return hand


def test_reference_parses(tmp_path: Path) -> None:
    hand = parse_bytes(ENCODINGS["utf-8"], tmp_path)
    assert hand.seats[0].name == "Sr Radío"
    assert hand.currency == "EUR"
    assert hand.events[1].amount == 10  # "big blind\xa0€0.10": the no-break space is a space


@pytest.mark.parametrize("encoding", sorted(ENCODINGS))
def test_same_parsed_hand(encoding: str, tmp_path: Path) -> None:
    reference = parse_bytes(ENCODINGS["utf-8"], tmp_path)
    assert parse_bytes(ENCODINGS[encoding], tmp_path) == reference
