"""Hand-history text -> the shared vocabulary of ``parser.model``.

The flow: :func:`decode` (bytes -> text), :func:`split_hands` (text -> one
:class:`RawHand` per hand), :func:`parse_hand` (``RawHand`` -> ``ParsedHand``);
:func:`parse_file` chains them for one file and yields an error per bad hand instead of
stopping. Splitting and parsing go through the registry of formats (``parser.formats``):
the room is recognised from the text itself.

The parsers are loaded on first use (PEP 562): ``parser.model`` is imported by every other
package, and it should not pay for building the grammars; nor should a command that only
reads the database (``pokerhh hands --where``: the registry of rooms was a fifth of its
start-up, issue 25 acceptance 2).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from parser import native

native.choose(__path__)  # the compiled modules, or their sources (parser.native)

if TYPE_CHECKING:
    from parser.files import parse_file
    from parser.formats import parse_hand, split_hands
    from parser.kit.decode import decode
    from parser.rooms.pokerstars.split import RawHand

__all__ = ["RawHand", "decode", "parse_file", "parse_hand", "split_hands"]

_HOMES = {
    "parse_file": "parser.files",
    "parse_hand": "parser.formats",
    "split_hands": "parser.formats",
    "decode": "parser.kit.decode",
    "RawHand": "parser.rooms.pokerstars.split",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'parser' has no attribute {name!r}")
    return getattr(import_module(home), name)
