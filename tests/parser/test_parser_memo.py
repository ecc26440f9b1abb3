"""What the parser remembers across hands (issue 11) changes no answer: the lexer's
remembered lines, the builder's seats and totals, the header read by slicing, amounts
looked up in an ``Amounts`` map, and the twin-filled value classes."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from parser import decode
from parser.formats import parse_hand, split_hands
from parser.kit.layout import forget
from parser.kit.lexer import _walker_of, line_matches
from parser.kit.locality import line_local
from parser.kit.money import Amounts, MoneyError
from parser.model.errors import ParseError, PokerhhError
from parser.rooms.pokerstars.header import _SITE, _site, parse_header
from parser.rooms.pokerstars.reader import _parser
from parser.rooms.winamax.reader import _Amounts
from tests.parser.conftest import hand_text


def _lines(text: str) -> list[tuple[str, tuple[str | None, ...], int]]:
    """A hand's lines as the builder sees them: terminal, the match's groups, number."""
    return [
        (name, (m[0], *m.groups()), number) for name, m, number in line_matches(_parser(), text)
    ]


def test_every_pokerstars_terminal_sees_only_its_line() -> None:
    lark = _parser()
    line_matches(lark, hand_text("Carol: folds") + "\n")
    walker = _walker_of(lark)
    assert walker is not False
    assert walker[0].line_local  # so the walk remembers lines


@pytest.mark.parametrize(
    ("pattern", "local"),
    [
        (r"(.+): folds(?: \[([^\]\n]*)\])?\n", True),
        (r"Seat (\d+): ([^\n]*)\n", True),
        (r"(\S+) \d+\n", True),
        (r"Total pot ([^|]*)\n", False),  # a class that takes "\n": the next line
        (r"(.+)\s+\n", False),
        (r"(?s)(.+)\n", False),
        (r"(.+)$\n", False),  # anchors
        (r"(.+)(?=x)\n", False),  # lookahead
        (r"a\nb\n", False),  # a newline inside
        (r"(.+)", False),  # no final newline: the match need not end with the line
    ],
)
def test_line_locality_is_read_from_the_regex(pattern: str, local: bool) -> None:
    assert line_local(re.compile(pattern)) is local


def test_a_remembered_line_gives_the_same_groups_as_a_fresh_one() -> None:
    text = hand_text("Carol: raises $0.20 to $0.30\nAlice: folds\nBob: calls $0.20") + "\n"
    forget()
    first = _lines(text)
    second = _lines(text)  # every line now remembered, from its second sighting on
    third = _lines(text)
    assert first == second == third
    remembered = line_matches(_parser(), text)
    assert all(m.start() == 0 and m.string == m[0] for _, m, _ in remembered)


def test_a_hand_parses_alike_before_and_after_the_parser_has_seen_it() -> None:
    raw = next(split_hands(hand_text("Carol: folds\nAlice: folds"), "t.txt"))
    forget()
    cold = parse_hand(raw)
    assert parse_hand(raw) == cold
    assert parse_hand(raw) == cold
    assert repr(parse_hand(raw)) == repr(cold)


def test_a_remembered_line_in_the_wrong_section_is_the_same_error() -> None:
    """Lines are remembered per parser configuration: one that fits after the deal does
    not fit in the seat list for having been seen before."""
    good = hand_text("Carol: folds")
    bad = good.replace("Seat 2: Bob ($10 in chips)\n", "Seat 2: Bob ($10 in chips)\nCarol: folds\n")

    def error() -> str:
        with pytest.raises(ParseError) as caught:
            parse_hand(next(split_hands(bad, "t.txt")))
        return f"{caught.value} line={caught.value.line}"

    forget()
    cold = error()
    parse_hand(next(split_hands(good, "t.txt")))
    assert error() == cold
    assert "line=5" in cold


def test_a_bad_remembered_line_is_the_same_error() -> None:
    """A builder's error names the line's text: a remembered match holds the same text."""
    text = hand_text("Alice: folds\nNobody: calls $0.10")

    def error() -> str:
        with pytest.raises(ParseError) as caught:
            parse_hand(next(split_hands(text, "t.txt")))
        return f"{caught.value} line={caught.value.line}"

    forget()
    assert error() == error() == error()
    assert "'Nobody' is not in the seat list in line 'Nobody: calls $0.10'" in error()


def test_the_remembered_lines_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    import parser.kit.lexer as lexer

    monkeypatch.setattr(lexer, "MEMO_LIMIT", 5)
    forget()
    text = hand_text("Carol: folds\nAlice: folds") + "\n"
    before = _lines(text)
    assert _lines(text) == before
    walker = _walker_of(_parser())
    assert walker is not False
    _, automaton = walker
    assert 0 < sum(len(lines) for lines in automaton.lines) <= 5
    forget()


def test_shared_seats_are_equal_values_of_each_hand() -> None:
    forget()
    first = parse_hand(next(split_hands(hand_text("Carol: folds"), "a.txt")))
    second = parse_hand(next(split_hands(hand_text("Alice: folds"), "b.txt")))
    assert first.seats == second.seats
    assert [s.stack for s in first.seats] == [1000, 1000, 1000]


@pytest.mark.parametrize(
    "line",
    [
        "PokerStars Hand #12: Hold'em",
        "PokerStars Hand #12:\u00a0\tHold'em",  # Unicode blanks, as \s takes them
        "PokerStars Hand #\u0661\u0662: x",  # Unicode digits, as \d takes them
        "PokerStars Hand #12 : x",
        "PokerStars Hand #: x",
        "PokerStars Hand #12",
        "PokerStars Hand #1x2: x",
        "PokerStars Zoom Hand #5: x",
        "POKERSTARS HAND #7: x",
        "Full Tilt Hand #9: x",
        "Poker Hand #9: x",
    ],
)
def test_the_sliced_header_start_is_the_regex_answer(line: str) -> None:
    m = _SITE.match(line)
    found = _site(line)
    if m is None:
        assert found is None
        return
    assert found is not None
    site, number, end = found
    assert number == m["id"]
    assert line[end:].lstrip() == line[m.end() :]
    assert site in ("PokerStars", "Full Tilt")


@pytest.mark.parametrize(
    ("tail", "when"),
    [
        (" - 2019/07/12 03:46:40 ET", datetime(2019, 7, 12, 7, 46, 40, tzinfo=UTC)),
        ("  -  2019/07/12 03:46:40 ET", datetime(2019, 7, 12, 7, 46, 40, tzinfo=UTC)),
        (" - 2007/10/15 - 12:33:44 (ET)", datetime(2007, 10, 15, 16, 33, 44, tzinfo=UTC)),
        (
            " - 2025/08/02 11:24:53 CET [2025/08/02 5:24:53 ET]",
            datetime(2025, 8, 2, 9, 24, 53, tzinfo=UTC),
        ),
        (
            " - 2019/06/27 00:47 UTC [2019/06/27 01:47 CET]",
            datetime(2019, 6, 27, 0, 47, tzinfo=UTC),
        ),
        ("\t-\t2019/07/12 03:46:40 ET", datetime(2019, 7, 12, 7, 46, 40, tzinfo=UTC)),
    ],
)
def test_the_time_read_at_the_last_dash_is_the_searched_time(tail: str, when: datetime) -> None:
    header = parse_header("PokerStars Hand #1: Hold'em No Limit (50/100)" + tail)
    assert header.started_at == when
    assert header.started_at is not None
    assert header.started_at.tzinfo is UTC
    assert header.game_name == "Hold'em No Limit"
    assert (header.small, header.big) == ("50", "100")


def test_an_amounts_map_converts_once_and_raises_as_to_units() -> None:
    cents = Amounts(100, limit=2)
    assert cents["$1.50"] == 150
    assert cents["1,500"] == 150000
    assert cents["$2"] == 200  # past the limit: started again
    assert len(cents) == 1
    with pytest.raises(MoneyError, match="fraction of the smallest unit"):
        cents["$0.005"]
    assert "$0.005" not in cents


def test_winamax_amounts_read_its_spelling() -> None:
    euros = _Amounts(100)
    assert euros["0,50€"] == 50
    assert euros["2417.80€"] == 241780
    assert euros["0.50"] == 50


@pytest.mark.corpus
def test_pluribus_parses_alike_cold_and_warm(corpora: Path) -> None:
    """The real corpus, every hand: parsed with nothing remembered, then again with
    everything remembered, equal hand for hand (errors too)."""
    raws = []
    for path in sorted((corpora / "pluribus").glob("*.txt"))[:6]:
        raws += list(split_hands(decode(path.read_bytes(), str(path)), str(path)))
    assert len(raws) > 300

    def parse_all() -> list[object]:
        out: list[object] = []
        for raw in raws:
            try:
                out.append(parse_hand(raw))
            except PokerhhError as error:
                out.append(f"{type(error).__name__}: {error}")
        return out

    forget()
    cold = parse_all()
    assert parse_all() == cold
