"""Pathological long lines inside a valid hand of every room (issue 23 item 2): shared by
``tests/reliability/test_long_lines.py`` and ``benchmarks/fuzz_linear.py``.

Each room's words are the ones its grammar (or its reader) used to backtrack on: a
terminal reads a player's name up to the LAST (or first) place a verb fits, then scans
the rest of the line for cards, a description or a chat's closing quote; when that scan
fails at the line's end, the name gives back a few characters and the scan runs again,
once per place the verb fits. A line made of that verb repeated with no "]" (or no
closing quote) cost time quadratic in its length: 60 KB of GGPoker's ": shows [" was ~17
s. Each word is put in a hand three ways: a line alone, after a player's name, and in
front of one of the hand's own lines (which then ends it as a real line would).
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from parser.formats import parse_hand, split_hands
from parser.model.errors import PokerhhError

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"


@dataclass(frozen=True)
class Room:
    #: A valid hand of the room (its first hand is used).
    sample: str
    #: The junk line goes after this many of the hand's lines (in its betting).
    at: int
    #: A player's name as the room writes it before a verb ("Ann: ", "Ann ").
    name: str
    #: The index of a line of the hand that is put after the junk ("junk + line").
    before: int
    #: The room's own words (the verbs its terminals scan after).
    words: tuple[str, ...]


#: Words every grammar reads: the benchmark puts them in every room's hand too.
GENERIC = (" [", "[", " (", "(", " ", "1,")
ROOMS: dict[str, Room] = {
    "pokerstars": Room(
        "pokerstars/nlhe/walk.txt",
        12,
        "Evan: ",
        21,
        (
            ": shows [",
            ": shows [] (",
            ": folds [",
            ": mucks hand [",
            ': said, "',
            ' said, "',
            " wins ",
            ": discards 1 cards [",
        ),
    ),
    "ggpoker": Room(
        "ggpoker/straddle-run-it-twice.txt",
        15,
        "Ann: ",
        31,
        (
            ": shows [",
            ": shows [] (",
            ": folds [",
            ": mucks hand [",
            ' said, "',
            "Dealt to x [",
            ": receive all-in insurance (",
        ),
    ),
    "winamax": Room(
        "winamax/uncalled-bet-in-the-pot.txt",
        12,
        "Ann ",
        22,
        (" shows [", " shows [] (", " folds [", " mucks [", ' said: "', " - HandId: #1 - "),
    ),
    "pacific": Room(
        "pacific/dead-blind-added-raises-no-uncalled-line.txt",
        16,
        "Pim ",
        29,
        (" shows [ ", " [ ", " - Table ", " mucks [ ", "Dealt to x [ "),
    ),
    "winning": Room(
        "winning/both-formats-rake-added-chips.txt",
        12,
        "Walt ",
        32,
        (" shows [", " shows [] (", " folds [", " mucks [", "Dealt to x [", ' said, "'),
    ),
    "bovada": Room(
        "bovada/nlhe/anonymous-seats-no-rake-line.txt",
        15,
        "Dealer : ",
        29,
        (" : Folds & Shows [", " : Showdown [", " : Mucks [", "Seat+1: "),
    ),
    "fulltilt": Room(
        "fulltilt/nlhe/side-pot-uncalled-bet.txt",
        14,
        "Ann ",
        33,
        (" shows [", " mucks [", " wins the pot (", ": ", " adds "),
    ),
    "partypoker": Room(
        "partypoker/uncalled-bet-in-the-win.txt",
        13,
        "Bob ",
        20,
        (" shows [", " shows [] ", " wins ", " balance ", ": ", "Dealt to x ["),
    ),
}


def fill(word: str, size: int) -> str:
    """``word`` repeated to ``size`` characters (whole words)."""
    return word * max(1, size // len(word))


def hand_with(room: str, form: str, word: str, size: int) -> tuple[str, str]:
    """(the path, the text of) the room's sample hand with a ``size``-character line of
    ``word``: ``"alone"``, after a player's name (``"named"``) or in front of one of the
    hand's lines (``"before"``)."""
    case = ROOMS[room]
    path = SAMPLES / case.sample
    raw = next(split_hands(path.read_text(encoding="utf-8"), str(path)))
    lines = raw.text.split("\n")
    junk = fill(word, size)
    if form == "alone":
        lines.insert(case.at, junk)
    elif form == "named":
        lines.insert(case.at, case.name + junk)
    else:
        lines[case.before] = junk + lines[case.before]
    return str(path), "\n".join(lines)


#: Lines a hand holds once (a header, a table line, a dealt card) whose terminals read
#: two free-text fields, or spaces before a parenthesis, lazily: (room, the hand's index in
#: its sample, the start of the line replaced, the new line's start, the word repeated).
#: 64 KB of each took 8-130 s (888's "Tournament #1 " + " - Table ", WPN 2016's "Game ID:"
#: + spaces, PartyPoker's "Table " + spaces).
LINES: tuple[tuple[str, int, str, str, str], ...] = (
    ("pacific", 0, "Table ", "Tournament #1 ", " - Table "),
    ("winamax", 0, "Winamax Poker", "Winamax Poker - ", " - HandId: #1 - "),
    ("winning", 1, "Game ID:", "Game ID: 1 0.05/0.10 ", " "),
    ("winning", 1, "Player Abel received card: [Ah]", "Player Abel", " received card: [x"),
    ("partypoker", 0, "Table ", "Table ", "  "),
    ("partypoker", 0, "Bob raises", "Bob", " double bets["),
    ("partypoker", 0, "Ann wins", "Ann", ' balance "'),
)


def hand_with_line(
    room: str, index: int, start: str, new: str, word: str, size: int
) -> tuple[str, str]:
    """(the path, the text of) hand ``index`` of the room's sample with its first line
    starting with ``start`` replaced by ``new``, ``size`` characters of ``word`` and "x"."""
    path = SAMPLES / ROOMS[room].sample
    raws = split_hands(path.read_text(encoding="utf-8"), str(path))
    raw = next(r for i, r in enumerate(raws) if i == index)
    lines = raw.text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith(start))
    lines[at] = new + fill(word, size) + "x"  # (not blank at its end: lines are stripped)
    return str(path), "\n".join(lines)


def read(path: str, text: str) -> None:
    """Split and parse ``text`` as the importer does; its errors are expected."""
    for raw in split_hands(text, path):
        with suppress(PokerhhError):
            parse_hand(raw)
