"""narrate(): a hand step by step for the terminal; Money: amounts for people."""

from __future__ import annotations

import dataclasses

import pytest

from analytics.output.format import Money
from analytics.output.narrate import describe, narrate
from parser.model import events as ev
from parser.model.cards import parse_cards
from parser.model.hand import ParsedHand, Seat, Source, Stakes
from replayer import replay

# B is all-in pre-flop; A and C build a side pot on the flop, A folds the turn.
EVENTS = (
    ev.PostBlind(player="A", amount=1, blind=ev.Blind.SMALL),
    ev.PostBlind(player="B", amount=2, blind=ev.Blind.BIG),
    ev.DealHole(player="B", cards=parse_cards("As Ad")),
    ev.DealHole(player="C", cards=parse_cards("Kh Kd")),
    ev.RaiseTo(player="C", amount=10),
    ev.Call(player="A", amount=9),
    ev.RaiseTo(player="B", amount=30, all_in=True),
    ev.Call(player="C", amount=20),
    ev.Call(player="A", amount=20),
    ev.DealBoard(street="flop", cards=parse_cards("2c 7d 9h")),
    ev.Check(player="A"),
    ev.Bet(player="C", amount=20),
    ev.Call(player="A", amount=20),
    ev.DealBoard(street="turn", cards=parse_cards("Js")),
    ev.Check(player="A"),
    ev.Bet(player="C", amount=20),
    ev.Fold(player="A"),
    ev.UncalledBetReturned(player="C", amount=20),
    ev.DealBoard(street="river", cards=parse_cards("3c")),
    ev.ShowdownStart(),
    ev.Show(player="B", cards=parse_cards("As Ad")),
    ev.Show(player="C", cards=parse_cards("Kh Kd")),
    ev.Collect(player="C", amount=40, pot=1),
    ev.Collect(player="B", amount=90, pot=0),
)


@pytest.fixture
def side_pot_hand() -> ParsedHand:
    return ParsedHand(
        site="PokerStars",
        hand_id="42",
        game="NLHE",
        game_name="Hold'em No Limit",
        stakes=Stakes(small=1, big=2),
        currency="USD",
        unit=100,
        table="T",
        max_seats=6,
        button_seat=3,
        seats=(
            Seat(seat=1, name="A", stack=100),
            Seat(seat=2, name="B", stack=30),
            Seat(seat=3, name="C", stack=100),
        ),
        events=tuple(dataclasses.replace(e, line=i + 5) for i, e in enumerate(EVENTS)),
        source=Source("x.txt", 1, "raw"),
    )


def test_the_hand_step_by_step(side_pot_hand: ParsedHand) -> None:
    text = "\n".join(narrate(replay(side_pot_hand, record_states=True)))
    assert text.startswith("PokerStars hand #42 · Hold'em No Limit · $0.01/$0.02")
    for line in (
        "*** PREFLOP ***",
        "B raises to $0.30 and is all-in",
        "could have: fold · call $0.08 · raise to $0.18–$0.30",
        "*** FLOP *** [2c 7d 9h]",
        "main pot: $0.90 (A, B and C)",  # after the flop: the side pot has formed
        "side pot 1: $0.40 (A and C)",
        "*** TURN *** [Js]  board [2c 7d 9h Js]",
        "uncalled bet of $0.20 returned to C",
        "*** SHOWDOWN ***",
        "B shows [As Ad]",
        "main pot $0.90 [B and C]: B wins $0.90",
        "side pot 1 $0.40 [C]: C wins $0.40",
        "board [2c 7d 9h Js 3c]",
        "total pot $1.30 · rake $0.00",
    ):
        assert line in text, line
    results = [line.split() for line in text.splitlines()[-3:]]
    assert [(r[0], r[6]) for r in results] == [("A", "-$0.50"), ("B", "+$0.60"), ("C", "-$0.10")]


def test_chips_are_whole_numbers() -> None:
    chips = Money("CHIPS", 1)
    assert describe(ev.RaiseTo(player="P", amount=1250, all_in=True), chips) == (
        "P raises to 1250 and is all-in"
    )
    assert describe(ev.PostAnte(player="P", amount=25), chips) == "P posts an ante of 25"


@pytest.mark.parametrize("kind", sorted(ev.EVENT_TYPES))
def test_every_event_kind_has_words(kind: str) -> None:
    cls = ev.EVENT_TYPES[kind]
    values = {
        "player": "P", "amount": 5, "blind": ev.Blind.DEAD, "cards": parse_cards("2c 3d"),
        "street": "turn", "count": 2, "note": ev.NoteKind.CHAT,
        "card": parse_cards("Kh")[0], "old": parse_cards("Qd")[0], "rule": "E1",
    }  # fmt: skip
    required = {
        f.name: values[f.name]
        for f in dataclasses.fields(cls)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    }
    text = describe(cls(**required), Money("EUR", 100))
    assert text
    assert not text.startswith(kind)  # a sentence, not the fallback


def test_money() -> None:
    assert Money("USD", 100)(0) == "$0.00"
    assert Money("EUR", 100)(123456) == "€1234.56"
    assert Money("GBP", 100).signed(-7) == "-£0.07"
    assert Money("PLAY", 1)(10000) == "10000"
    assert Money("INR", 100)(5) == "₹0.05"
    assert Money(None, None)(12) == "12"
