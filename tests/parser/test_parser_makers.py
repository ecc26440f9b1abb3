"""The makers of ``parser.model.makers`` build exactly what the classes' own ``__init__``
builds (issue 11: the parser's events without the frozen dataclass ``__init__``)."""

from __future__ import annotations

import dataclasses
import pickle
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import pytest

from parser.model import events as ev
from parser.model import hand, makers
from parser.model.cards import Card
from parser.model.makers import maker

#: One value per field name, whatever the class (each made and built alike below), of the
#: field's type: compiled (``setup.py``), the classes check the types they declare.
_VALUES: dict[str, Any] = {
    "line": 7,
    "first_line": 3,
    "seat": 2,
    "stack": 500,
    "small": 1,
    "big": 2,
    "player": "Alice: B",
    "amount": 150,
    "all_in": True,
    "blind": ev.Blind.BIG,
    "cards": (Card.parse("Ah"), Card.parse("Kd")),
    "up": (Card.parse("2c"),),
    "street": "flop",
    "run": 2,
    "by": 100,
    "capped": True,
    "count": 2,
    "discarded": (Card.parse("3s"),),
    "drawn": (Card.parse("4s"),),
    "description": "a pair",
    "pot": 1,
    "whole": False,
    "fee": 3,
    "reason": "STP",
    "note": ev.NoteKind.CHAT,
    "text": "hello",
}

#: Every maker the module exports, with the class it stands for.
_MADE = [
    (getattr(makers, name), cls)
    for name, cls in {**vars(ev), **vars(hand)}.items()
    if isinstance(cls, type) and dataclasses.is_dataclass(cls) and hasattr(makers, name)
]


def test_every_maker_is_checked() -> None:
    assert len(_MADE) == 27  # 22 events, Seat, Stakes, Summary, ParsedHand, Source


@pytest.mark.parametrize(("make", "cls"), _MADE, ids=[cls.__name__ for _, cls in _MADE])
def test_a_made_value_is_the_built_value(make: Any, cls: type) -> None:
    required = {
        f.name: _VALUES.get(f.name, f.name)
        for f in dataclasses.fields(cls)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    }
    if cls is hand.ParsedHand:
        required["stakes"] = hand.Stakes(small=1, big=2)
    for kwargs in (required, {**required, **_given(cls)}):
        made: Any = make(**kwargs)
        built: Any = cls(**kwargs)
        assert made == built
        assert hash(made) == hash(built)
        assert repr(made) == repr(built)
        assert dataclasses.astuple(made) == dataclasses.astuple(built)
        assert pickle.loads(pickle.dumps(made)) == built
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(made, dataclasses.fields(cls)[0].name, 3)
        assert type(made) is cls


def _given(cls: type) -> dict[str, Any]:
    """Every optional field of ``cls`` that ``_VALUES`` knows, given (not defaulted)."""
    return {
        f.name: _VALUES[f.name]
        for f in dataclasses.fields(cls)
        if f.name in _VALUES
        and (f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING)
    }


def test_a_default_factory_runs_per_value_and_an_explicit_none_stays() -> None:
    @dataclass(frozen=True, slots=True, kw_only=True)
    class Box:
        items: list[int] | None = field(default_factory=list)

    make = maker(Box)
    first, second = make(), make()
    assert first.items == []
    assert first.items is not second.items
    assert make(items=None).items is None
    assert make(items=[1]) == Box(items=[1])


def test_an_unknown_or_missing_keyword_is_refused_as_by_the_class() -> None:
    with pytest.raises(TypeError):
        makers.Fold(player="A", colour="red")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        makers.Fold(line=1)  # type: ignore[call-arg]


def test_a_class_with_a_check_or_without_slots_gets_no_maker() -> None:
    @dataclass(frozen=True, slots=True)
    class Checked:
        amount: int

        def __post_init__(self) -> None:
            if self.amount < 0:
                raise ValueError("negative")

    @dataclass(frozen=True)
    class Loose:
        amount: int

    with pytest.raises(TypeError, match="__post_init__"):
        maker(Checked)
    with pytest.raises(TypeError, match="slotted"):
        maker(Loose)


def test_a_parsed_hand_made_by_the_parser_equals_one_built_again() -> None:
    from parser.formats import parse_hand, split_hands

    text = (
        "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 10:00:00 ET\n"
        "Table 'T' 6-max Seat #1 is the button\n"
        "Seat 1: A ($2 in chips)\nSeat 2: B ($2 in chips)\n"
        "A: posts small blind $0.01\nB: posts big blind $0.02\n"
        "*** HOLE CARDS ***\nA: folds\nUncalled bet ($0.01) returned to B\n"
        "B collected $0.02 from pot\n*** SUMMARY ***\nTotal pot $0.02 | Rake $0\n"
        "Seat 1: A (button) (small blind) folded before Flop\n"
        "Seat 2: B (big blind) collected ($0.02)\n"
    )
    parsed = parse_hand(next(split_hands(text, "t.txt")))
    assert parsed.started_at == datetime(2020, 1, 1, 15, 0, tzinfo=UTC)
    rebuilt = [dataclasses.replace(e) for e in parsed.events]  # through each __init__
    assert list(parsed.events) == rebuilt
    assert [hash(e) for e in parsed.events] == [hash(e) for e in rebuilt]
    assert dataclasses.replace(parsed) == parsed
