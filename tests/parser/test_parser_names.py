"""Player names with spaces, colons, brackets, parentheses, accents, CJK and HTML."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from parser.model import events as ev
from parser.model.errors import ParseError
from tests.parser.conftest import hand_text, parse_text

NAMES = [
    "Ted the Mad",
    "A: B",
    "x: calls 5",
    "PC [Mittel]",
    "John (the Man)",
    "Sr Radío",
    "身轻如燕",
    "<b>bold</b> &amp;",
    "Seat 9",
    "Dealt to",
    "J.R.66350",
    'Dan said, "hi',
]


@pytest.mark.parametrize("name", NAMES)
def test_every_line_resolves_the_name(name: str) -> None:
    seats = ("Alice", "Bob", name)
    hand = parse_text(
        hand_text(
            f"""
        Dealt to {name} [Ah Kd]
        {name}: raises $0.20 to $0.30
        Alice: folds
        Bob: calls $0.20
        *** FLOP *** [7d 5h 9d]
        Bob: checks
        {name}: bets $1
        Bob: raises $2 to $3
        {name}: calls $2
        *** TURN *** [7d 5h 9d] [7c]
        Bob: bets $6.70 and is all-in
        {name}: folds
        Uncalled bet ($6.70) returned to Bob
        Bob collected $8.15 from pot
        {name} said, "nh"
    """,
            seats=seats,
        )
    )
    players = [e.player for e in hand.events if isinstance(e, ev.PlayerEvent)]
    assert players.count(name) == 5
    assert set(players) == {"Alice", "Bob", name}
    assert hand.events[-1] == ev.Note(note=ev.NoteKind.CHAT, player=name, text="nh", line=23)


def test_names_that_are_prefixes_of_each_other() -> None:
    hand = parse_text(
        hand_text(
            """
        Bob Jr: folds
        Bob: folds
        Bob Jr said, "bye"
    """,
            seats=("Bob", "Bob Jr", "Bo"),
        )
    )
    assert [e.player for e in hand.events[2:]] == ["Bob Jr", "Bob", "Bob Jr"]


def test_the_longest_seated_name_wins() -> None:
    # "A: B: calls 5" is "A: B" calling when both "A" and "A: B" are seated.
    hand = parse_text(hand_text("A: B: calls $0.10", seats=("A", "A: B", "C")))
    assert hand.events[-1] == ev.Call(player="A: B", amount=10, line=9)


def test_a_name_not_in_the_seat_list_is_an_error_on_its_line() -> None:
    with pytest.raises(ParseError) as caught:
        parse_text(hand_text("Carol: folds\nDave: folds"))
    error = caught.value
    assert str(error) == "hh.txt:10:1: 'Dave' is not in the seat list in line 'Dave: folds'"
    assert (error.line, error.text, error.hand_id) == (10, "Dave: folds", "1001")


def test_notes_may_name_players_who_are_not_seated() -> None:
    hand = parse_text(
        hand_text('Carol: folds\nKibitzer said, "gl"\nNewbie joins the table at seat #5')
    )
    assert [(e.player, e.note) for e in hand.events[-2:]] == [
        ("Kibitzer", ev.NoteKind.CHAT),
        ("Newbie", ev.NoteKind.JOINS),
    ]


# Characters, and pieces of other lines, that a name could contain.
_PIECES = st.sampled_from(
    [
        *"ab ÿé桌:[]()<>&\"'#$.,-_12",
        *(": ", " [", " (", ") ", "] ", " a", ": folds", ": calls 5", ' said, "', " wins "),
        *(" collected 1 from pot", " shows [Ah]", " is sitting out", "Seat 1:", " (5 in chips)"),
        *(": posts small blind 1", " [Ah Kd]"),
    ]
)
_NAME = st.lists(_PIECES, min_size=1, max_size=8).map(lambda pieces: "".join(pieces).strip())
_NAMES = st.lists(_NAME, min_size=3, max_size=3)


@settings(max_examples=200, deadline=None)
@given(_NAMES)
def test_any_seated_names_resolve(names: list[str]) -> None:
    assume(all(names) and len(set(names)) == 3)
    assume(not any(n.startswith(("Seat ", "Dealt to ", "Uncalled bet", "*** ")) for n in names))
    a, b, c = names
    hand = parse_text(
        hand_text(
            f"""
            Dealt to {a} [Ah Kd]
            {c}: folds
            {a}: raises $0.20 to $0.30
            {b}: calls $0.20
            *** FLOP *** [7d 5h 9d]
            {b}: checks
            {a}: bets $1
            {b}: folds
            Uncalled bet ($1) returned to {a}
            {a} collected $0.60 from pot
            {b} said, "gg"
            """,
            seats=(a, b, c),
        )
    )
    players = [e.player for e in hand.events if isinstance(e, ev.PlayerEvent)]
    assert players == [a, b, a, c, a, b, b, a, b, a, a]
    assert hand.events[-1].player == b  # type: ignore[attr-defined]
