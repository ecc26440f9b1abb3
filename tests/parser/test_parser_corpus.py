"""The real-world corpora (../shared/corpora): every hand parses, or fails for a known reason."""

from __future__ import annotations

import collections
from pathlib import Path

import pytest

from parser import parse_file
from parser.model import events as ev
from parser.model.cards import Card
from parser.model.errors import IncompleteHand, ParseError, PokerhhError
from parser.model.hand import ParsedHand
from tests.parser.conftest import CORPORA

pytestmark = pytest.mark.corpus

HOLDEM = {"NLHE", "FLHE", "PLHE", "PLNLHE", "NLHE6P", "NLHESPLIT"}

#: (file under corpora/pokerstars, hand id) -> (error type, why; checked by reading the hand)
EXPECTED_FAILURES: dict[tuple[str, str], tuple[type[PokerhhError], str]] = {
    # hold'em
    ("tour/flop/NLHE-9max-Freeroll-MTT-201209.concatenated.partial.txt", "86564040647"): (
        IncompleteHand,
        "cut in the river line: '*** RIVER *** [4d Kh J' is glued to the next hand's header",
    ),
    ("tour/flop/NLHE-9max-Freeroll-MTT-201209.concatenated.partial.txt", "86568539580"): (
        IncompleteHand,
        "cut after 'Player25: ', which is glued to the next hand's header",
    ),
    # not hold'em
    ("cash/flop/PLO-6max-USD-2.00-4.00-201403.2.partial.txt", "112824228684"): (
        IncompleteHand,
        "partial file: the hand stops in its flop line '*** FLOP *** [Js 3d'",
    ),
    ("cash/flop/PLO-6max-USD-2.00-4.00-201403.2.partial.txt", "112824184047"): (
        IncompleteHand,
        "partial file: the hand stops at 'Player0' on the flop",
    ),
    ("cash/flop/PLO-6max-USD-200-400-201510.partial.observed.txt", "142624277978"): (
        IncompleteHand,
        'partial file: the hand stops in its table line "Table \'Owa III"',
    ),
    ("cash/flop/258753941248_anon5.txt", "258753941248"): (
        ParseError,
        "the anonymiser renamed seat 5 in the summary ('Seat 5: Player6 (didn't bet)'; "
        "the seat list and the play call him Player5)",
    ),
    ("cash/flop/PL-Courchevel-6max-USD-0.50-1.00-201604.weird.board.txt", "151933331674"): (
        ParseError,
        "garbled section lines: '*** HOLE CARDS *** [2s]*** HOLE CARDSPRE-FLOP *** [2s]'",
    ),
    ("tour/stud/Triple-Stud-USD-2.00-0.20-MTT-201301.txt", "91733835979"): (
        ParseError,
        "Hero's 7th-street card is written '[of]', not a card",
    ),
}

#: Hands whose play lines and summary disagree about the board (the parser keeps what each
#: line says; the engine reports the difference).
BOARD_EXCEPTIONS = {
    # "*** TURN *** [3c Jd 6d] []": the turn line has no card; the summary says Jh
    ("cash/flop/6-Card-PLO-6max-USD-0.10-0.25-202208.empty.turncard.txt", "238296909420"),
}

#: Hands that parse, by game code (hold'em and the rest), to notice any regression.
PARSED = {
    "NLHE": 1071,
    "FLHE": 71,
    "NLHE6P": 4,
    "NLHESPLIT": 1,
    "PLNLHE": 1,
    "FLBADUGI": 186,
    "NLO8": 74,
    "FL27TD": 38,
    "FL5CD": 35,
    "FL7S": 29,
    "FLRAZZ": 29,
    "FL7S8": 28,
    "PLO": 21,
    "PLO8": 18,
    "FLO8": 17,
    "PLO5": 6,
    "PLO6": 6,
    "NL27SD": 4,
    "PLO58": 3,
    "PLCOUR8": 2,
    "NL5CD": 1,
    "PL5CD": 1,
    "PLCOUR": 1,
    "FLO": 1,
}


Parsed = tuple[list[tuple[str, ParsedHand]], list[tuple[str, PokerhhError]]]


def parse_folder(folder: Path) -> Parsed:
    hands: list[tuple[str, ParsedHand]] = []
    errors: list[tuple[str, PokerhhError]] = []
    for path in sorted(folder.rglob("*.txt")):
        name = path.relative_to(folder).as_posix()
        for result in parse_file(path):
            if isinstance(result, ParsedHand):
                hands.append((name, result))
            else:
                errors.append((name, result))
    return hands, errors


@pytest.fixture(scope="module")
def pokerstars() -> Parsed:
    folder = CORPORA / "pokerstars"
    if not folder.is_dir():
        pytest.skip(f"corpora not found at {CORPORA}")
    return parse_folder(folder)


def test_pokerstars_failures_are_the_known_ones(pokerstars: Parsed) -> None:
    _, errors = pokerstars
    found = {(name, e.hand_id): type(e) for name, e in errors}
    assert found == {key: kind for key, (kind, _) in EXPECTED_FAILURES.items()}


def test_pokerstars_hands_that_parse(pokerstars: Parsed) -> None:
    hands, _ = pokerstars
    assert dict(collections.Counter(h.game for _, h in hands)) == PARSED
    holdem = sum(n for code, n in PARSED.items() if code in HOLDEM)
    assert (holdem, sum(PARSED.values()) - holdem) == (1148, 500)


def test_pokerstars_hands_are_consistent(pokerstars: Parsed) -> None:
    hands, _ = pokerstars
    for name, hand in hands:
        where = (name, hand.hand_id)
        assert hand.source is not None
        first = hand.source.first_line
        last = first + hand.source.text.count("\n")
        lines = [e.line for e in hand.events]
        assert lines == sorted(lines), where
        assert all(first < line <= last for line in lines), where
        seated = {s.name for s in hand.seats}
        assert all(e.player in seated for e in hand.events if isinstance(e, ev.PlayerEvent)), where
        # the boards dealt are the boards the summary shows (a later run shares the cards
        # dealt before it started)
        dealt: dict[int, list[Card]] = collections.defaultdict(list)
        for e in hand.events:
            if isinstance(e, ev.DealBoard):
                dealt[e.run].extend(e.cards)
        boards = [dealt[1]]
        for run in sorted(dealt)[1:]:
            boards.append(dealt[1][: len(dealt[1]) - len(dealt[run])] + dealt[run])
        if hand.summary.boards and (name, hand.hand_id) not in BOARD_EXCEPTIONS:
            assert [tuple(b) for b in boards] == list(hand.summary.boards), where
        assert hand.started_at is not None, where
        assert hand.started_at.utcoffset() is not None, where


@pytest.fixture(scope="module")
def pluribus() -> Parsed:
    folder = CORPORA / "pluribus"
    if not folder.is_dir():
        pytest.skip(f"corpora not found at {CORPORA}")
    return parse_folder(folder)


def test_every_pluribus_hand_parses(pluribus: Parsed) -> None:
    hands, errors = pluribus
    assert errors == []
    assert len(hands) == 10_000
    assert len({name for name, _ in hands}) == 92
    assert {h.game for _, h in hands} == {"NLHE"}
    assert {(h.currency, h.unit) for _, h in hands} == {("PLAY", 1)}
    assert all(sum(isinstance(e, ev.DealHole) for e in h.events) == 6 for _, h in hands)
    # the converter's half-chip collects ("674.5") are kept, rounded down and flagged
    halves = [
        h for _, h in hands if any(isinstance(e, ev.Collect) and not e.whole for e in h.events)
    ]
    assert len(halves) == 8
