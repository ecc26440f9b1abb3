"""The records of ``parser.model`` (events, the parsed hand) are the same values compiled
and pure (``setup.py`` compiles ``events`` and ``hand`` as mypyc native classes): each
event class's ``kind`` and ``affects_play`` (set from ``EVENT_TYPES``, not in the class
bodies), and every record pickling and copying back to an equal value of its class (by
``parser.model.makers``' reducers: mypyc's own would assign through the frozen
``__setattr__``)."""

from __future__ import annotations

import copy
import copyreg
import dataclasses
import pickle
from typing import Any

import pytest

from parser.model import events as ev
from parser.model import hand
from parser.model.cards import Card

#: A value for each field that has no default, of the field's type (compiled, the
#: classes check the types they declare).
_REQUIRED: dict[str, Any] = {
    "player": "Alice",
    "amount": 150,
    "blind": ev.Blind.BIG,
    "street": "flop",
    "cards": (Card.parse("Ah"), Card.parse("Kd")),
    "count": 2,
    "card": Card.parse("2c"),
    "old": Card.parse("3d"),
    "rule": "E4",
    "note": ev.NoteKind.CHAT,
    "old_chip": 5,
    "new_chip": 25,
    "from_table": "1",
    "to_table": "2",
    "to_seat": 3,
    "path": "h.txt",
    "first_line": 1,
    "text": "hand",
    "seat": 1,
    "name": "Alice",
    "stack": 500,
    "small": 1,
    "big": 2,
    "tournament_id": "T1",
    "site": "pokerstars",
    "hand_id": "1",
    "game": "NLHE",
    "game_name": "Hold'em No Limit",
    "stakes": hand.Stakes(small=1, big=2),
    "currency": "USD",
}

#: Every record class of the two modules (the abstract events too).
_RECORDS = [
    cls
    for module in (ev, hand)
    for cls in vars(module).values()
    if isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls.__module__ == module.__name__
]


def _value(cls: type[Any]) -> Any:
    return cls(**{
        f.name: _REQUIRED[f.name]
        for f in dataclasses.fields(cls)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    })  # fmt: skip


def test_every_event_class_has_its_kind() -> None:
    types = {**ev.EVENT_TYPES, **ev.TOURNAMENT_EVENT_TYPES}
    assert len(types) == 33
    for kind, cls in types.items():
        assert cls.kind == kind
        assert _value(cls).kind == kind
    assert (ev.Event.kind, ev.PlayerEvent.kind) == ("event", "player_event")


def test_only_the_notes_and_the_between_hands_events_leave_play_alone() -> None:
    quiet = {cls for cls in _RECORDS if issubclass(cls, ev.Event) and not cls.affects_play}
    assert quiet == {ev.Note, ev.ColourUp, ev.ChipRaceCard, ev.TableMove}
    assert not _value(ev.Note).affects_play
    assert _value(ev.Fold).affects_play


def test_the_class_constants_are_no_fields() -> None:
    for cls in _RECORDS:
        names = {f.name for f in dataclasses.fields(cls)}
        assert not names & {"kind", "affects_play"}, cls


@pytest.mark.parametrize("cls", _RECORDS, ids=lambda cls: cls.__name__)
def test_a_record_pickles_and_copies_back_to_itself(cls: type[Any]) -> None:
    value = _value(cls)
    assert cls in copyreg.dispatch_table
    for back in (
        pickle.loads(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)),
        pickle.loads(pickle.dumps(value, protocol=2)),
        copy.copy(value),
        copy.deepcopy(value),
    ):
        assert type(back) is cls
        assert back == value
        assert repr(back) == repr(value)
        assert dataclasses.astuple(back) == dataclasses.astuple(value)


def test_a_parsed_hand_pickles_with_its_events() -> None:
    events = (ev.PostBlind(player="A", amount=1, blind=ev.Blind.SMALL, line=3), ev.Fold(player="A"))
    parsed = dataclasses.replace(
        _value(hand.ParsedHand),
        seats=(hand.Seat(seat=1, name="A", stack=100),),
        events=events,
        source=hand.Source(path="h.txt", first_line=1, text="x", format="pokerstars"),
    )
    back = pickle.loads(pickle.dumps(parsed))
    assert back == parsed
    assert back.events == events
    assert back.source is not None
    assert back.source.format == "pokerstars"  # not compared, so checked here
