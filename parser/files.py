"""One file's hands, parsed, with an error per bad hand instead of a stop."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from parser.formats import parse_hand, split_hands
from parser.kit.decode import decode
from parser.model.errors import PokerhhError
from parser.model.hand import ParsedHand


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
