"""Hand-history text -> ``replayer`` vocabulary.

The flow: :func:`decode` (bytes -> text), :func:`split_hands` (text -> one
:class:`RawHand` per hand), :func:`parse_hand` (``RawHand`` -> ``ParsedHand``);
:func:`parse_file` chains them for one file and yields an error per bad hand instead of
stopping.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from parser.decode import decode
from parser.pokerstars import parse_hand
from parser.split import RawHand, split_hands
from replayer.errors import PokerhhError
from replayer.hand import ParsedHand

__all__ = ["RawHand", "decode", "parse_file", "parse_hand", "split_hands"]


def parse_file(path: str | Path) -> Iterator[ParsedHand | PokerhhError]:
    """Every hand of a file, parsed; a hand that fails yields its error and the file goes on.

    A file that cannot be decoded yields one ``DecodeError``.
    """
    name = str(path)
    try:
        text = decode(Path(path).read_bytes(), name)
    except PokerhhError as error:
        yield error
        return
    for raw in split_hands(text, name):
        try:
            yield parse_hand(raw)
        except PokerhhError as error:
            yield error
