"""Live tournament logs: the ``_between`` field of a PHH hand (issue 12, RULES.md T5, T6).

A live tournament log is a ``.phhs`` file of the tournament's hands, table by table, in the
order they were played; ``_tournament`` names the tournament and ``table`` the table. What
happens at a table between two hands (a colour-up and its chip race, T5; players moved in
to balance the tables, T6) is written in the next hand at that table, in ``_between``::

    _between = ["colour_up 25 100", 'race "Ann" Kh', 'race "Bob" 2c',
                'move "Dee" from "1" seat 5 to "2" seat 3']

They become events of ``Tournament.before``, never of the hand: the engine replays hands,
and ``analytics.tournaments.live`` checks what happens between them. ``_buy_in``, ``_bounty``
and ``_fee`` (integers of the smallest unit of ``_buy_in_currency``, default play chips)
give the tournament's price; ``_hand_for_hand = N`` marks a hand of round N of
hand-for-hand play (T3, T6). Errors name the line and the string, as ``_live``'s do.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from typing import Any

from lark import Lark, Token, Tree, UnexpectedInput

from parser.kit.tournament import WHOLE_UNITS
from parser.model import events as ev
from parser.model.cards import Card
from parser.model.errors import ParseError
from parser.model.hand import Source, Tournament

BETWEEN_FIELD = "_between"


@cache
def _parser() -> Lark:
    grammar = files("parser.rooms.phh").joinpath("tournament_between.lark").read_text("utf-8")
    return Lark(grammar, parser="lalr")


def parse_between(text: str, line: int = 0) -> ev.Event:
    """One ``_between`` string -> its event; ``ValueError`` with lark's reason if it does
    not fit.

    >>> parse_between('move "Dee" from "1" seat 5 to "2" seat 3')
    TableMove(line=0, player='Dee', from_table='1', from_seat=5, to_table='2', to_seat=3)
    """
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as problem:
        expected = sorted(getattr(problem, "expected", None) or ())
        want = f" (expected one of: {', '.join(expected)})" if expected else ""
        token = getattr(problem, "token", None)
        what = f"unexpected {str(token)!r}" if token is not None else "unexpected text"
        raise ValueError(f"{what}{want}") from None
    node = tree.children[0]
    assert isinstance(node, Tree)
    parts = [str(c) for c in node.children if isinstance(c, Token)]
    if node.data == "colour_up":
        old, new = int(parts[0]), int(parts[1])
        if new <= old or new % old:
            raise ValueError(f"[T5] the new smallest chip {new} must be a multiple of {old}")
        return ev.ColourUp(old_chip=old, new_chip=new, line=line)
    if node.data == "race":
        return ev.ChipRaceCard(player=_name(parts[0]), card=Card.parse(parts[1]), line=line)
    names = [p for p in parts if p.startswith('"')]
    seats = [int(p) for p in parts if not p.startswith('"')]
    return ev.TableMove(player=_name(names[0]), from_table=_name(names[1]),
                        from_seat=seats[0] if len(seats) == 2 else None,
                        to_table=_name(names[2]), to_seat=seats[-1], line=line)  # fmt: skip


def _name(quoted: str) -> str:
    value = json.loads(quoted)
    assert isinstance(value, str)
    return value


def tournament_of_phh(
    raw: Source, doc: dict[str, Any], level: str | None, lines: list[int]
) -> Tournament:
    """The :class:`Tournament` of a PHH hand with a ``_tournament`` field; ``lines`` are the
    file lines of the ``_between`` strings."""
    strings = doc.get(BETWEEN_FIELD, [])
    if not isinstance(strings, list) or not all(isinstance(s, str) for s in strings):
        raise ParseError(f"{BETWEEN_FIELD} must be a list of strings", path=raw.path,
                         line=raw.first_line)  # fmt: skip
    before: list[ev.Event] = []
    for k, text in enumerate(strings):
        line = lines[k] if k < len(lines) else raw.first_line
        try:
            before.append(parse_between(text, line))
        except ValueError as problem:
            raise ParseError(f"{BETWEEN_FIELD} #{k} {text!r}: {problem}", path=raw.path,
                             line=line, text=text) from None  # fmt: skip
    currency = str(doc.get("_buy_in_currency", "PLAY"))

    def amount(key: str) -> int:
        value = doc.get(key, 0)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ParseError(f"{key} must be a whole number of the smallest unit",
                             path=raw.path, line=raw.first_line)  # fmt: skip
        return value

    return Tournament(
        tournament_id=str(doc["_tournament"]),
        buy_in=amount("_buy_in"),
        bounty=amount("_bounty"),
        fee=amount("_fee"),
        currency=currency,
        unit=1 if currency in WHOLE_UNITS else 100,
        level=level,
        before=tuple(before),
        hand_for_hand=_hand_for_hand(raw, doc),
    )


def _hand_for_hand(raw: Source, doc: dict[str, Any]) -> int | None:
    """``_hand_for_hand = N``: the hand is round N of hand-for-hand play (T3, T6)."""
    value = doc.get("_hand_for_hand")
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ParseError("_hand_for_hand must be a round number from 1", path=raw.path,
                         line=raw.first_line)  # fmt: skip
    return value
