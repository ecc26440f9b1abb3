"""Constructors of the frozen value classes for the parsers' hot path (issue 11).

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__`` (a name
lookup and a frozen-check bypass per field): about 0.3 us a field, a third of a parse. The
parsers build tens of events a hand, so :func:`maker` generates, once per class, a function
taking the same keyword arguments with the same defaults that fills the slots itself,
through a mutable twin of the class's layout (:func:`_twin`). It gives the very object
``cls(...)`` gives: same type, fields, equality, hash, repr and immutability (the class is
untouched; only how this one caller fills the slots differs), which
``tests/parser/test_parser_makers.py`` checks for every class it is used on.

Only for slotted dataclasses without ``__post_init__`` (nothing would run it): the others
are refused, so a class that gains a check cannot silently lose it here. The engine's
results use :func:`positional`, the same generator without keywords.

Compiled (``setup.py``), ``parser.model.events`` and ``hand`` are mypyc native classes:
their attributes are the compiled class's own descriptors, not slots, and no Python class
shares their layout, so they have no twin. This module is compiled with them, and fills
them through :class:`_Fill`, whose ``object.__setattr__`` is then the C setattr (no frozen
``__setattr__``, no Python call per field): about what a twin costs. Every record of the
two modules pickles by its fields through :func:`positional`, in both modes (mypyc's own
``__setstate__`` would assign through the frozen ``__setattr__``; the dataclasses' own
state is a list that ``fields()`` is called again for, per value).
"""

from __future__ import annotations

import copyreg
from collections.abc import Callable
from dataclasses import MISSING, fields, is_dataclass
from typing import Any, TypeVar

from parser.model import events as ev
from parser.model import hand

T = TypeVar("T")
#: What a field with a default factory gets when the call leaves it out (None may be a value).
_UNSET = object()


def _field_names(cls: type[Any]) -> list[str]:
    """Each ``__init__`` field's name, after refusing a class the generated constructors
    would build wrongly (no slots, or a ``__post_init__`` they would skip). A compiled
    class has no ``__slots__`` but no ``__dict__`` either: its attributes are its slots."""
    if not is_dataclass(cls) or cls.__dictoffset__ != 0:
        raise TypeError(f"{cls.__name__} is not a slotted dataclass")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__ that a maker would skip")
    out = []
    for field in fields(cls):
        if not field.init:  # pragma: no cover - no value class here has one
            raise TypeError(f"{cls.__name__}.{field.name} is not an __init__ field")
        out.append(field.name)
    return out


class _Fill:
    """Values of ``cls`` without its ``__init__``: the fields set, in order, to the values
    given. For the classes without a twin (the compiled ones: see the module's docstring)."""

    def __init__(self, cls: Any) -> None:
        self.cls = cls
        self.new = cls.__new__
        self.names = tuple(_field_names(cls))

    def __call__(self, *values: object) -> Any:
        names = self.names
        if len(values) != len(names):
            raise TypeError(f"{self.cls.__name__} takes {len(names)} fields, {len(values)} given")
        value = self.new(self.cls)
        for i in range(len(names)):
            object.__setattr__(value, names[i], values[i])
        return value


def _twin(cls: type[Any]) -> type[Any] | None:
    """A mutable class of ``cls``'s layout: a maker fills the twin, whose attribute stores
    the interpreter does inline (a descriptor call is a C call per field), then gives the
    object its real class (``__class__`` assignment, which Python allows, and checks,
    between classes of the same slot layout). A class without a base gets a plain slotted
    twin; an event (which inherits ``line`` and ``player``) a sibling: a subclass of its
    base adding the same slots, with ``object``'s ``__setattr__``, ``__delattr__`` (both,
    or Python keeps the frozen base's slot) and ``__init__``. 2-3x faster on a ``Seat`` or
    a ``ParsedHand``; on a ``Fold``, 70 ns a value against 140 through the descriptors
    (measured: ``timeit`` of the generated makers). None for a class whose layout the
    twin would not have (several bases, or a compiled class: no ``__slots__``):
    ``__class__`` assignment is tried once here."""
    if "__slots__" not in cls.__dict__:
        return None
    slots = tuple(cls.__dict__["__slots__"])
    bases = cls.__bases__
    own = [f.name for f in fields(cls) if f.name in slots]
    if len(bases) != 1 or slots != tuple(own):
        return None
    namespace: dict[str, Any] = {"__slots__": slots}
    if bases != (object,):
        namespace.update(
            __setattr__=object.__setattr__,
            __delattr__=object.__delattr__,
            __init__=object.__init__,
        )
    twin = type(f"_{cls.__name__}Twin", bases, namespace)
    try:
        twin().__class__ = cls
    except TypeError:  # pragma: no cover - "object layout differs"
        return None
    return twin


def maker(cls: type[T]) -> type[T]:
    """A function that builds ``cls`` from the keyword arguments ``cls`` takes.

    It is typed as ``cls`` so that mypy checks each call's keywords against the class's
    own fields; it is not a class (never ``isinstance`` against it).

    >>> stakes = maker(hand.Stakes)
    >>> stakes(small=1, big=2) == hand.Stakes(small=1, big=2), stakes(small=1, big=2)
    (True, Stakes(small=1, big=2, ante=0, cap=None, bring_in=None))
    """
    names = _field_names(cls)
    twin = _twin(cls)
    namespace: dict[str, Any] = {"cls": cls, "unset": _UNSET, "twin": twin}
    params: list[str] = []
    values: list[str] = []
    by_name = {f.name: f for f in fields(cls)} if is_dataclass(cls) else {}
    for index, name in enumerate(names):
        field = by_name[name]
        value = name
        if field.default is not MISSING:
            namespace[f"default{index}"] = field.default
            params.append(f"{name}=default{index}")
        elif field.default_factory is not MISSING:
            namespace[f"factory{index}"] = field.default_factory
            params.append(f"{name}=unset")
            value = f"factory{index}() if {name} is unset else {name}"
        else:
            params.append(name)
        values.append(value)
    if twin is None:
        namespace["fill"] = _Fill(cls)
        body = [f"    o = fill({', '.join(values)})"]
    else:
        body = ["    o = twin()", *(f"    o.{n} = {v}" for n, v in zip(names, values, strict=True))]
        body.append("    o.__class__ = cls")
    source = f"def make(*, {', '.join(params)}):\n" + "\n".join(body) + "\n    return o\n"
    exec(source, namespace)  # generated from the class's own field names
    made = namespace["make"]
    made.__qualname__ = made.__name__ = f"make_{cls.__name__}"
    made.__doc__ = f"``{cls.__name__}(...)``, built without the frozen ``__init__``."
    return made  # type: ignore[no-any-return]


def positional(cls: type[T]) -> Callable[..., T]:
    """A constructor of ``cls`` from its fields in declaration order, every one given: the
    engine's hot path (``replayer.result``, its pots and awards), where even keywords
    cost. Defaults are not applied, so a missing field is a ``TypeError`` rather than a
    silent default; a class is filled through its twin (:func:`_twin`), a compiled one
    by :func:`_Fill`.

    >>> make = positional(hand.Stakes)
    >>> make(1, 2, 0, None, None) == hand.Stakes(small=1, big=2)
    True
    """
    names = _field_names(cls)
    twin = _twin(cls)
    if twin is None:
        return _Fill(cls)
    lines = [f"def make({', '.join(names)}):", "    self = _twin()"]
    lines += [*(f"    self.{name} = {name}" for name in names), "    self.__class__ = _cls"]
    lines.append("    return self")
    scope: dict[str, Any] = {"_cls": cls, "_twin": twin}
    exec("\n".join(lines), scope)  # generated from the class's own field names
    make: Callable[..., T] = scope["make"]
    make.__qualname__ = make.__name__ = f"positional_{cls.__name__}"
    return make


def _rebuild(cls: type[Any], *values: Any) -> Any:
    """A model value from its pickle (:func:`_pickled`): its fields, in order."""
    return _REBUILD[cls](*values)


def _pickled(cls: type[Any]) -> Callable[[Any], tuple[Any, ...]]:
    """``cls``'s pickle reducer: the class and its fields' values, rebuilt by
    :func:`positional` (no state dict, no ``__setstate__``)."""
    names = _field_names(cls)
    scope: dict[str, Any] = {"_rebuild": _rebuild, "_cls": cls}
    values = "".join(f"o.{name}, " for name in names)
    exec(f"def reduce(o):\n    return _rebuild, (_cls, {values})\n", scope)
    _REBUILD[cls] = positional(cls)
    reduce: Callable[[Any], tuple[Any, ...]] = scope["reduce"]
    return reduce


#: Each record class's constructor from its pickled fields (:func:`_pickled`).
_REBUILD: dict[type[Any], Callable[..., Any]] = {}
# Registered here for every record of events and hand: the parser package imports this
# module (parser.formats), so no process holds a record without it.
for _module in (ev, hand):
    for _cls in vars(_module).values():
        if isinstance(_cls, type) and is_dataclass(_cls) and _cls.__module__ == _module.__name__:
            copyreg.pickle(_cls, _pickled(_cls))


# The makers the parsers use, typed as their classes (``new.Fold(player=..., line=...)``).

PostAnte = maker(ev.PostAnte)
PostBlind = maker(ev.PostBlind)
BringIn = maker(ev.BringIn)
DealHole = maker(ev.DealHole)
DealBoard = maker(ev.DealBoard)
StreetStart = maker(ev.StreetStart)
Fold = maker(ev.Fold)
Check = maker(ev.Check)
Call = maker(ev.Call)
Bet = maker(ev.Bet)
RaiseTo = maker(ev.RaiseTo)
Complete = maker(ev.Complete)
Draw = maker(ev.Draw)
UncalledBetReturned = maker(ev.UncalledBetReturned)
ShowdownStart = maker(ev.ShowdownStart)
Show = maker(ev.Show)
Muck = maker(ev.Muck)
Collect = maker(ev.Collect)
CashOut = maker(ev.CashOut)
PotAdded = maker(ev.PotAdded)
HandCancelled = maker(ev.HandCancelled)
Note = maker(ev.Note)
Seat = maker(hand.Seat)
Stakes = maker(hand.Stakes)
Summary = maker(hand.Summary)
ParsedHand = maker(hand.ParsedHand)
Source = maker(hand.Source)
