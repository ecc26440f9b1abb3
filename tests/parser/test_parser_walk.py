"""The fast path of issue 11 gives lark's answers: the table walk, the per-file format, the
splitter, the header's clock and the rooms' ``identify``."""

from __future__ import annotations

import contextlib
import re
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from lark import Lark
from lark.exceptions import UnexpectedInput

from parser import decode
from parser.formats import SUFFIXES, identify, parse_hand, split_hands
from parser.kit.automaton import FAIL, Automaton, collects_lines
from parser.kit.clock import TIME_ZONES, local_time
from parser.kit.lexer import _walkers, line_tokens
from parser.model.errors import PokerhhError
from parser.model.hand import Source
from parser.rooms import ROOMS
from parser.rooms.pokerstars.reader import _parser
from parser.rooms.pokerstars.split import HEADER_RE
from parser.rooms.pokerstars.split import split_hands as split_pokerstars
from tests.parser.conftest import hand_text


def lark_tokens(lark: Lark, text: str) -> list[tuple[str, int, str]] | str:
    """What lark's own parser loop gives (the walk is not used by ``lark.parse``)."""
    try:
        return [(t.type, t.line, str(t)) for t in lark.parse(text)]
    except UnexpectedInput as error:
        return f"{type(error).__name__} at line {error.line}"


def walked(lark: Lark, text: str) -> list[tuple[str, int, str]] | None:
    line_tokens(lark, hand_text("Carol: folds") + "\n")  # builds the walker
    walker = _walkers[lark]
    assert walker is not False
    lexer, automaton = walker
    tokens = lexer.walk(text, automaton)
    return None if tokens is None else [(t.type, t.line, str(t)) for t in tokens]


def test_the_pokerstars_grammar_is_walked() -> None:
    lark = _parser()
    assert collects_lines(lark)
    line_tokens(lark, hand_text("Carol: folds"))
    assert _walkers[lark] is not False


def test_a_grammar_that_builds_a_tree_is_not_walked() -> None:
    tree = Lark('start: A B\nA: "a"\nB: "b"', parser="lalr")
    assert not collects_lines(tree)


@pytest.mark.parametrize(
    "play",
    [
        "Carol: folds\nAlice: raises $0.20 to $0.30\nBob: folds",
        'Bob: calls: folds\nSeat 9: checks\nAl said, "x: checks',
        "Carol wins the $5 bounty for: folds",
    ],
)
def test_the_walk_gives_lark_tokens(play: str) -> None:
    lark = _parser()
    seats = ("Alice", "Bob", "Carol", "Bob: calls", "Seat 9", 'Al said, "x', "Carol wins the $5")
    text = hand_text(play, seats=seats) + "\n"
    assert walked(lark, text) == lark_tokens(lark, text)


@pytest.mark.parametrize(
    "play",
    [
        "Carol: chekcs",  # a line no terminal matches
        "Seat 1: Alice ($10 in chips)",  # a known line in the wrong section
    ],
)
def test_a_text_the_walk_rejects_gets_lark_error(play: str) -> None:
    lark = _parser()
    text = hand_text(play) + "\n"
    assert walked(lark, text) is None
    with pytest.raises(UnexpectedInput) as walked_error:
        line_tokens(lark, text)
    error = walked_error.value
    assert error.line == 9  # the line after the hole cards
    assert lark_tokens(lark, text) == f"{type(error).__name__} at line {error.line}"


def test_a_hand_cut_before_its_summary_is_rejected_at_the_end() -> None:
    lark = _parser()
    text = hand_text("Carol: folds", summary="") + "\n"
    assert walked(lark, text) is None
    assert isinstance(lark_tokens(lark, text), str)


def test_a_move_the_tables_refuse_is_remembered_as_no_move() -> None:
    automaton = Automaton(_parser())
    assert automaton.move(automaton.start, "FOLD_LINE") == FAIL
    header = automaton.move(automaton.start, "HEADER_LINE")
    assert header != FAIL
    assert automaton.moves[automaton.start]["HEADER_LINE"] == header
    assert not automaton.can_end(header)


def _corpus_hands(corpora: Path, folder: str, step: int = 1) -> list[Source]:
    files = sorted(
        p for p in (corpora / folder).rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES
    )[::step]
    hands: list[Source] = []
    for path in files:
        if path.name == "MANIFEST.md":
            continue
        try:
            text = decode(path.read_bytes(), str(path))
        except PokerhhError:
            continue
        hands += split_hands(text, str(path))
    return hands


@pytest.mark.corpus
@pytest.mark.parametrize(("folder", "step"), [("pokerstars", 1), ("pluribus", 15)])
def test_the_walk_gives_lark_tokens_on_the_corpus(corpora: Path, folder: str, step: int) -> None:
    lark = _parser()
    hands = [h for h in _corpus_hands(corpora, folder, step) if h.format == "pokerstars"]
    rejected = 0
    for raw in hands:
        text = raw.text if raw.text.endswith("\n") else raw.text + "\n"
        mine = walked(lark, text)
        theirs = lark_tokens(lark, text)
        if mine is None:
            rejected += 1
            assert isinstance(theirs, str), (raw.path, raw.first_line)
        else:
            assert mine == theirs, (raw.path, raw.first_line)
    assert len(hands) > 500
    assert rejected < len(hands) / 10


@pytest.mark.corpus
def test_a_hand_tagged_with_its_format_parses_as_an_untagged_one(corpora: Path) -> None:
    """The per-file format (``Source.format``) changes nothing but the time it takes."""
    hands = _corpus_hands(corpora, "sites", 3) + _corpus_hands(corpora, "pokerstars", 5)
    assert {h.format for h in hands} >= {"pokerstars", "ggpoker", "winamax", "ipoker"}

    def outcome(raw: Source) -> str:
        try:
            return repr(parse_hand(raw))
        except Exception as error:  # the same error, message and place
            return f"{type(error).__name__}: {error} {vars(error)}"

    for raw in hands:
        untagged = Source(raw.path, raw.first_line, raw.text)
        assert untagged == raw
        assert outcome(untagged) == outcome(raw), (raw.path, raw.first_line)


@pytest.mark.corpus
def test_identify_names_every_parsed_hand_as_its_parser_does(corpora: Path) -> None:
    hands = _corpus_hands(corpora, "sites") + _corpus_hands(corpora, "pokerstars")
    checked = set()
    for raw in hands:
        try:
            parsed = parse_hand(raw)
        except Exception:
            continue
        if raw.format == "phh":
            continue
        assert identify(raw.text) == (parsed.site, parsed.hand_id), (raw.path, raw.first_line)
        checked.add(raw.format)
    assert checked >= {f.name for f in ROOMS} - {"phh", "fulltilt"}


def test_identify_reads_each_room_header() -> None:
    assert identify("Winamax Poker - CashGame - HandId: #1-2-3 - Holdem") == ("Winamax", "1-2-3")
    assert identify("Ignition Hand #C55: HOLDEM") == ("Ignition", "55")
    assert identify("Full Tilt Poker Game #77: Table X") == ("Full Tilt", "77")
    assert identify("#Game No : 9\n***** 888poker Hand History for Game 9 *****") == (
        "888poker",
        "9",
    )
    assert identify("Game started at: 2016/1/1 1:00:00\nGame ID: 42 0.01/0.02") == ("WPN", "42")
    assert identify('variant = "NT"\nhand = 3') is not None
    assert identify("notes, not a hand") is None


# -- the splitter ---------------------------------------------------------------------------


def reference_split(text: str, path: str) -> list[tuple[int, str]]:
    """The line-by-line splitter the one-pass one replaced (the reference it must match)."""
    separator = re.compile(r"\*+ # \d+ \*+")
    out: list[tuple[int, str]] = []
    lines: list[str] = []
    first = 0

    def flush() -> None:
        while lines and not lines[-1]:
            lines.pop()
        if lines:
            out.append((first, "\n".join(lines) + "\n"))

    for number, line in enumerate(text.split("\n"), start=1):
        line = line.strip()
        if "#" in line:
            if separator.fullmatch(line):
                line = ""
            else:
                m = HEADER_RE.search(line)
                if m is not None:
                    fragment = line[: m.start()].rstrip()
                    if fragment:
                        if not lines:
                            first = number
                        lines.append(fragment)
                    flush()
                    lines = [line[m.start() :]]
                    first = number
                    continue
        if not lines:
            if not line:
                continue
            first = number
        lines.append(line)
    flush()
    return out


H = "PokerStars Hand #{}: Hold'em No Limit (1/2)"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "\n\n",
        "junk\n\n" + H.format(1) + "\nA\n\n",
        "  \n" + H.format(1) + "\r\nA  \n\n\n" + H.format(2) + "\nB\n",
        H.format(1) + "\nSeat #3 is the button\ncut" + H.format(2) + "\nB\n\n",
        "cut only" + H.format(2) + "\nB",
        "\n\n*** # 1 ***\n"
        + H.format(1)
        + "\n\n*** # 2 ***\n\n"
        + H.format(2)
        + "\nx\n*** # 3 ***",
        H.format(1) + "\n\nA\n\n\nB\n   \n",
    ],
)
def test_the_splitter_matches_the_line_by_line_reference(text: str) -> None:
    mine = [(h.first_line, h.text) for h in split_pokerstars(text, "f")]
    assert mine == reference_split(text, "f")


@pytest.mark.corpus
def test_the_splitter_matches_the_reference_on_the_corpus(corpora: Path) -> None:
    files = sorted((corpora / "pokerstars").rglob("*.txt"))
    assert files
    for path in files:
        text = decode(path.read_bytes(), str(path))
        mine = [(h.first_line, h.text) for h in split_pokerstars(text, str(path))]
        assert mine == reference_split(text, str(path)), path


# -- the header's clock -----------------------------------------------------------------------


@pytest.mark.parametrize("tz", ["ET", "CET", "NT", "AEST", "UTC", "BRT"])
@pytest.mark.parametrize(
    "date",
    # DST changes (US, EU, Newfoundland at 00:01 before 2011, Sydney, Brazil) and plain days
    [
        "2019/03/10",
        "2019/11/03",
        "2019/03/31",
        "2019/10/27",
        "2009/03/08",
        "2019/04/07",
        "2018/11/04",
        "2019/07/12",
        "2020/02/29",
    ],
)
@pytest.mark.parametrize(
    "clock", ["00:00:30", "00:30", "01:30:00", "02:30:00", "12:00:00", "23:59:59"]
)
def test_the_day_offset_shortcut_gives_zoneinfo_time(tz: str, date: str, clock: str) -> None:
    year, month, day = map(int, date.split("/"))
    hour, minute, *second = map(int, clock.split(":"))
    local = datetime(
        year, month, day, hour, minute, second[0] if second else 0, tzinfo=ZoneInfo(TIME_ZONES[tz])
    )
    assert local_time(date, clock, tz) == local.astimezone(UTC)
    assert local_time(date, clock, tz).tzinfo is UTC


@pytest.mark.corpus
def test_every_room_grammar_is_walked(corpora: Path) -> None:
    """Each room's grammar that ``line_tokens`` parses collects its lines, so it is walked."""
    for raw in _corpus_hands(corpora, "sites", 7):
        with contextlib.suppress(PokerhhError):
            parse_hand(raw)
    walkers = {lark.options.lexer.__name__: walker for lark, walker in _walkers.items()}
    assert len(walkers) >= 6
    assert all(walker is not False for walker in walkers.values()), walkers
