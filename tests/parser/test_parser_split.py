"""Text -> hands, each knowing the file line it starts on."""

from __future__ import annotations

from parser import split_hands
from parser.rooms.pokerstars.split import RawHand

H1 = "PokerStars Hand #1: Hold'em No Limit (50/100) - 2019/07/12 03:46:40 ET"
H2 = "PokerStars Game #2: Hold'em No Limit (50/100) - 2019/07/12 03:46:41 ET"


def split(text: str) -> list[tuple[int, str]]:
    return [(h.first_line, h.text) for h in split_hands(text, "f.txt")]


def test_hands_and_their_first_lines() -> None:
    text = f"\n\n{H1}\nA\nB\n\n\n\n{H2}\nC\n\n"
    assert split(text) == [(3, f"{H1}\nA\nB\n"), (9, f"{H2}\nC\n")]


def test_raw_hand_is_the_source_type() -> None:
    (hand,) = split_hands(f"{H1}\nA\n", "f.txt")
    assert hand == RawHand("f.txt", 1, f"{H1}\nA\n")


def test_every_header_kind_starts_a_hand() -> None:
    headers = [
        "PokerStars Hand #1:",
        "PokerStars Game #2:",
        "PokerStars Zoom Hand #3:",
        "PokerStars Home Game Hand #4:",
        "POKERSTARS GAME #5:",
        "Full Tilt Hand #6:",
        "Full Tilt Rush Hand #7:",
        "Run It Once Poker Hand #8:",
        "PokerMaster Hand #9:",
        "PokerBros Hand #10:",
    ]
    text = "".join(f"{h} x\nbody\n" for h in headers)
    assert [first for first, _ in split(text)] == list(range(1, 2 * len(headers), 2))


def test_header_glued_to_a_truncated_line() -> None:
    text = f"{H1}\n*** RIVER *** [4d Kh J{H2}\nC\nPlayer25: {H1}\nD\n"
    assert split(text) == [
        (1, f"{H1}\n*** RIVER *** [4d Kh J\n"),
        (2, f"{H2}\nC\nPlayer25:\n"),
        (4, f"{H1}\nD\n"),
    ]


def test_zoom_archive_separators_and_indentation() -> None:
    text = f"*********** # 1 **************\n {H1}\n A\n\n*********** # 2 ***\n {H2}\n B\n"
    assert split(text) == [(2, f"{H1}\nA\n"), (6, f"{H2}\nB\n")]


def test_trailing_whitespace_is_stripped() -> None:
    assert split(f"{H1}   \nA \t\n") == [(1, f"{H1}\nA\n")]


def test_blank_lines_inside_a_hand_keep_line_numbers() -> None:
    # A blank line inside a hand stays, so line k of the text is file line first + k - 1.
    assert split(f"{H1}\nA\n\nB\n") == [(1, f"{H1}\nA\n\nB\n")]


def test_text_before_the_first_header_is_a_hand_of_its_own() -> None:
    assert split(f"\nsome junk\nmore\n\n{H1}\nA\n") == [(2, "some junk\nmore\n"), (5, f"{H1}\nA\n")]


def test_blank_text_yields_nothing() -> None:
    assert split("") == []
    assert split("\n \n\t\n") == []


def test_a_chat_line_naming_a_hand_without_number_is_not_a_header() -> None:
    text = f'{H1}\nBob said, "PokerStars Hand # is nice"\n'
    assert len(split(text)) == 1
