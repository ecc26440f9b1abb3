"""The engine's handler tables: each event type and the function of a phase that applies it.

A table is keyed by the event's exact type, and the engine calls a handler only with an
event of its own type (``HANDLERS[type(event)]``), so pairing a handler of ``Fold`` with
``Fold`` through :func:`handles` is the one place the types are joined.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar, cast

from parser.model import events as ev

if TYPE_CHECKING:
    from replayer.engine import HandReplay

E = TypeVar("E", bound=ev.Event)
Handler = Callable[["HandReplay", ev.Event], None]
HandlerTable = dict[type[ev.Event], Handler]


def handles(
    kind: type[E], handler: Callable[[HandReplay, E], None]
) -> tuple[type[ev.Event], Handler]:
    """``(kind, handler)`` for a table: the handler of one event type."""
    return kind, cast(Handler, handler)
