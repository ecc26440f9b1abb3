"""The engine's record constructors (``parser.model.makers.positional``) build the very objects
the classes' own constructors build: same type, fields, equality, hash, repr, pickling,
and still frozen. One case per record the engine builds this way (issue 11)."""

from __future__ import annotations

import pickle
from dataclasses import FrozenInstanceError, dataclass, fields
from typing import Any

import pytest

from parser.model.cards import Card
from parser.model.makers import positional as record
from replayer.result import PlayerResult, PotResult, new_player_result, new_pot_result
from replayer.settlement.showdown import Award
from replayer.state import Pot

#: A value for every field of each record, in declaration order.
CASES: list[tuple[type[Any], dict[str, Any]]] = [
    (PlayerResult, dict(name="Bob", seat=2, position="BB", starting_stack=10_000,
                        hole_cards=(Card.parse("Ah"), Card.parse("Kd")), invested=200,
                        collected=450, rake_paid=5, dealt_in=True, folded=False, all_in=True,
                        folded_on=None, went_to_showdown=True, cashed_out=0)),
    (PotResult, dict(index=1, run=2, amount=30, eligible=("A", "B"), winners=(("A", 30),),
                     descriptions=(("A", "a pair"),), odd_chips_to="A")),
    (Pot, dict(amount=550, eligible=("A", "B", "C"), halves=(("hi", 275), ("lo", 275)))),
    (Award, dict(pot_index=0, run=1, amount=550, eligible=("A", "B"), shares={"A": 550},
                 evaluated=True, odd_chips_to=None, descriptions=(("A", "a flush"),))),
]  # fmt: skip


@pytest.mark.parametrize(("cls", "values"), CASES, ids=lambda c: getattr(c, "__name__", ""))
def test_record_is_what_the_class_builds(cls: type[Any], values: dict[str, Any]) -> None:
    assert [f.name for f in fields(cls)] == list(values)  # the case covers every field
    made, built = record(cls)(*values.values()), cls(**values)
    assert type(made) is cls
    assert made == built
    assert repr(made) == repr(built)
    assert pickle.loads(pickle.dumps(made)) == built
    if cls.__hash__ is not None and cls is not Award:  # Award holds a dict: unhashable
        assert hash(made) == hash(built)
    first = fields(cls)[0].name
    with pytest.raises(FrozenInstanceError):
        setattr(made, first, None)
    with pytest.raises(TypeError):
        record(cls)(*list(values.values())[:2])  # every field must be given: no default


def test_the_engine_constructors_are_records() -> None:
    values = CASES[0][1]
    assert new_player_result(*values.values()) == PlayerResult(**values)
    assert new_player_result(*values.values()).net == 450 - 200
    pot = CASES[1][1]
    assert new_pot_result(*pot.values()) == PotResult(**pot)


def test_record_refuses_classes_it_would_build_wrongly() -> None:
    @dataclass(frozen=True)
    class Plain:  # no slots: nothing to fill in place
        x: int

    @dataclass(frozen=True, slots=True)
    class Checked:
        x: int

        def __post_init__(self) -> None:  # a check the record would skip
            raise ValueError

    for cls in (Plain, Checked):
        with pytest.raises(TypeError):
            record(cls)
