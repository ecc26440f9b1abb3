"""Error messages are greppable and pinned: file:line:col, the line, the terminals expected."""

from __future__ import annotations

from pathlib import Path

import pytest

from parser import parse_file, parse_hand
from parser.model.errors import DecodeError, IncompleteHand, ParseError, PokerhhError
from parser.model.hand import ParsedHand
from parser.rooms.pokerstars.split import RawHand
from tests.parser.conftest import hand_text, parse_text

PLAY_EXPECTED = (
    "BET_LINE, BOARD_LINE, BOUNTY_LINE, BRING_IN_LINE, CALL_LINE, CASH_OUT_LINE, CHAT_LINE, "
    "CHECK_LINE, COLLECT_LINE, COMMENT_LINE, COMPLETE_LINE, CONNECTION_LINE, DEALER_LINE, "
    "DEALT_LINE, DEPOSIT_LINE, DISCARD_LINE, DOESNT_SHOW_LINE, FINISHED_LINE, FOLD_LINE, "
    "HAND_CANCELLED_LINE, JOIN_LINE, LEAVE_LINE, MUCKS_LINE, RAISE_LINE, REBUY_LINE, "
    "RETURNS_LINE, SHOWDOWN_LINE, SHOWS_FOR_LINE, SHOWS_LINE, SITS_OUT_LINE, STAND_PAT_LINE, "
    "STP_LINE, STREET_LINE, SUMMARY_LINE, TIMED_OUT_LINE, UNCALLED_LINE"
)


def test_unknown_line_message_is_pinned() -> None:
    with pytest.raises(ParseError) as caught:
        parse_text(hand_text("Bob: chekcs"), path="hh.txt", first_line=4)
    error = caught.value
    assert (
        str(error)
        == f"hh.txt:12:1: unexpected line 'Bob: chekcs' (expected one of: {PLAY_EXPECTED})"
    )
    assert (error.path, error.line, error.column, error.text) == ("hh.txt", 12, 1, "Bob: chekcs")
    assert error.expected == tuple(PLAY_EXPECTED.split(", "))
    assert error.hand_id == "1001"
    assert error.kind == "parse_error"
    assert "__ANON" not in str(error)


def test_a_known_line_in_the_wrong_section_names_its_kind() -> None:
    text = hand_text("Carol: folds").replace(
        "*** HOLE CARDS ***", "Seat 4: Dave ($1 in chips)\n*** HOLE CARDS ***"
    )
    with pytest.raises(ParseError) as caught:
        parse_text(text)
    assert str(caught.value).startswith(
        "hh.txt:8:1: unexpected SEAT_LINE 'Seat 4: Dave ($1 in chips)' "
        "(expected one of: ANTE_LINE, BLIND_LINE,"
    )
    assert "HOLE_CARDS_LINE" in caught.value.expected


def test_text_that_is_no_hand() -> None:
    with pytest.raises(ParseError) as caught:
        parse_hand(RawHand("hh.txt", 3, "some junk\nmore junk\n"))
    assert (
        str(caught.value)
        == "hh.txt:3:1: unexpected line 'some junk' (expected one of: HEADER_LINE)"
    )
    assert caught.value.hand_id is None


def test_a_field_error_points_at_its_line() -> None:
    with pytest.raises(ParseError) as caught:
        parse_text(hand_text("Carol: calls $0.105"))
    assert str(caught.value) == (
        "hh.txt:9:1: amount '$0.105' has a fraction of the smallest unit (1/100) "
        "in line 'Carol: calls $0.105'"
    )


def test_a_bad_card_points_at_its_line() -> None:
    with pytest.raises(ParseError, match=r"hh\.txt:9:1: invalid card '1d': rank must be one of"):
        parse_text(hand_text("Dealt to Alice [1d Ah]"))


@pytest.mark.parametrize(
    ("cut", "line", "text"),
    [
        ("Carol: folds\nAlice: raises $0.20 to $0.30", 10, "Alice: raises $0.20 to $0.30"),
        ("Carol: folds\n*** FLOP *** [Js 3d", 10, "*** FLOP *** [Js 3d"),
        ("Carol: folds\nPlayer0", 10, "Player0"),
    ],
)
def test_a_hand_that_stops_before_its_summary_is_incomplete(cut: str, line: int, text: str) -> None:
    body = hand_text(cut, summary="")
    with pytest.raises(IncompleteHand) as caught:
        parse_text(body)
    error = caught.value
    assert str(error) == (
        f"hand 1001: hh.txt:{line}: the hand stops at line {line} ({text!r}) before its "
        "*** SUMMARY ***"
    )
    assert (error.hand_id, error.path, error.line, error.kind) == (
        "1001",
        "hh.txt",
        line,
        "incomplete",
    )


def test_a_hand_cut_inside_its_header() -> None:
    with pytest.raises(IncompleteHand, match="stops at line 1"):
        parse_hand(RawHand("hh.txt", 1, "PokerStars Hand #77: Hold'em No Li\n"))


def test_parse_file_yields_one_error_per_bad_hand(tmp_path: Path) -> None:
    good = hand_text("Carol: folds")
    bad = hand_text("Bob: chekcs")
    path = tmp_path / "hh.txt"
    path.write_text(f"junk\n\n{good}\n\n{bad}\n\n{good}\n\n{good.split('*** SUMMARY')[0]}")
    results = list(parse_file(path))
    kinds = [type(r).__name__ for r in results]
    assert kinds == ["ParseError", "ParsedHand", "ParseError", "ParsedHand", "IncompleteHand"]
    assert all(isinstance(r, ParsedHand | PokerhhError) for r in results)
    assert results[2].line == 3 + 11 + 1 + 9  # junk, blank, first hand, blank, then line 9


def test_parse_file_reports_an_undecodable_file(tmp_path: Path) -> None:
    path = tmp_path / "x.bin"
    path.write_bytes(b"\x00\x01\x02\x03\xff")
    (error,) = list(parse_file(path))
    assert isinstance(error, DecodeError)
    assert error.path == str(path)
