"""PHH action strings -> small records: the lark grammar ``phh_actions.lark`` and its Transformer.

One string of ``actions`` (``"p3 cbr 7000 # Dwan"``) becomes one record (:class:`Cbr`), one
string of the live extension ``_live`` (``"@5 d burn Ah"``) one :class:`LiveItem`. Records
still speak PHH (player indices, amounts as ``Decimal``, unknown cards as ``None``); turning
them into events needs the whole hand (who has bet what), which is :mod:`parser.rooms.phh.build`'s
job. The grammar is built once, with ``parser="lalr"``; a string that does not fit raises
:class:`ActionSyntaxError` with the column and the expected terminals, which the caller turns
into a ``ParseError`` naming the file line and the action index.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from importlib.resources import files
from typing import Literal, overload

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken, VisitError

from parser.model.cards import Card

#: A card as PHH writes it; ``None`` is "??", a card nobody saw.
PhhCard = Card | None


@dataclass(frozen=True, slots=True)
class DealBoard:
    cards: tuple[PhhCard, ...]


@dataclass(frozen=True, slots=True)
class DealHole:
    player: int
    cards: tuple[PhhCard, ...]


@dataclass(frozen=True, slots=True)
class StandOrDiscard:
    player: int
    #: The discarded cards; () stands pat.
    cards: tuple[PhhCard, ...]


@dataclass(frozen=True, slots=True)
class BringIn:
    player: int


@dataclass(frozen=True, slots=True)
class Fold:
    player: int


@dataclass(frozen=True, slots=True)
class CheckOrCall:
    player: int


@dataclass(frozen=True, slots=True)
class Cbr:
    """Complete, bet or raise *to* ``amount`` (the player's total for the round)."""

    player: int
    amount: Decimal


@dataclass(frozen=True, slots=True)
class ShowOrMuck:
    player: int
    #: None mucks; a tuple shows (some cards may be unknown).
    cards: tuple[PhhCard, ...] | None
    #: ``sm -``: show the cards dealt.
    as_dealt: bool = False


@dataclass(frozen=True, slots=True)
class NoOp:
    comment: str = ""


Action = (
    DealBoard | DealHole | StandOrDiscard | BringIn | Fold | CheckOrCall | Cbr | ShowOrMuck | NoOp
)


@dataclass(frozen=True, slots=True)
class LiveItem:
    """One event of the live extension, to be inserted before action index ``before``.

    ``kind`` names the event (``burn``, ``exposed``, ``replaced``, ``extra``, ``returned``,
    ``reshuffle``, ``misdeal``, ``board``, ``timeout``); the other fields are those it uses.
    """

    before: int
    kind: str
    player: int | None = None
    cards: tuple[PhhCard, ...] = ()
    first: bool = False
    street: str | None = None
    place: str | None = None
    rule: str | None = None
    reason: str = ""


class ActionSyntaxError(ValueError):
    """A string that does not fit the grammar: where (1-based column) and what would."""

    def __init__(self, message: str, column: int, expected: tuple[str, ...]) -> None:
        self.column = column
        self.expected = expected
        super().__init__(message)


@cache
def _lark() -> Lark:
    grammar = files("parser.rooms.phh").joinpath("phh_actions.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", start=["action", "live"], propagate_positions=True)


def parse_action(text: str) -> Action:
    """One string of ``actions``.

    >>> parse_action("p3 cbr 7000  # Dwan")
    Cbr(player=3, amount=Decimal('7000'))
    >>> parse_action("d dh p2 Ac??")
    DealHole(player=2, cards=(Card('Ac'), None))
    """
    return _parse(text, "action")


def parse_live(text: str) -> LiveItem:
    """One string of the live extension ``_live``.

    >>> parse_live("@12 d return turn Kh set_aside E6")
    LiveItem(before=12, kind='returned', player=None, cards=(Card('Kh'),), first=False, \
street='turn', place='set_aside', rule='E6', reason='')
    """
    return _parse(text, "live")


@overload
def _parse(text: str, start: Literal["action"]) -> Action: ...
@overload
def _parse(text: str, start: Literal["live"]) -> LiveItem: ...
def _parse(text: str, start: str) -> Action | LiveItem:
    """The grammar's rule ``start`` (its result is of that rule's type: hence the overloads)."""
    try:
        tree = _lark().parse(text, start=start)
        return _Records().transform(tree)
    except UnexpectedInput as error:
        raise _syntax_error(error, text) from None
    except VisitError as error:
        raise error.orig_exc from None


def _syntax_error(error: UnexpectedInput, text: str) -> ActionSyntaxError:
    column = getattr(error, "column", 0) or 0
    if isinstance(error, UnexpectedToken):
        expected = tuple(sorted(n for n in error.expected if n != "$END"))
        if error.token.type == "$END":
            what = f"{text!r} stops early"
            column = len(text) + 1
        else:
            what = f"unexpected {str(error.token)!r}"
    elif isinstance(error, UnexpectedCharacters):
        expected = tuple(sorted(n for n in error.allowed if n != "$END"))
        at = error.pos_in_stream or 0
        what = f"unexpected {text[at : at + 12]!r}"
    else:  # pragma: no cover - lalr raises one of the two above
        expected, what = (), "does not fit"
    wanted = ", ".join(expected) if expected else "the end of the action"
    return ActionSyntaxError(f"{what} (expected one of: {wanted})", column, expected)


def _cards(token: Token) -> tuple[PhhCard, ...]:
    text = str(token)
    return tuple(
        None if "?" in text[i : i + 2] else Card.parse(text[i : i + 2])
        for i in range(0, len(text), 2)
    )


def _player(token: Token) -> int:
    return int(str(token)[1:])


class _Records(Transformer[Token, Action | LiveItem]):
    """One method per alternative of the grammar; each returns its record."""

    # -- actions ---------------------------------------------------------------------------

    def action(self, children: list[object]) -> Action:
        act = next((c for c in children if not isinstance(c, Token)), None)
        if act is not None:
            return act  # type: ignore[return-value]
        comment = next((str(c) for c in children if isinstance(c, Token)), "")
        return NoOp(comment[1:].strip())

    @v_args(inline=True)
    def deal_board(self, _d: Token, _db: Token, cards: Token) -> DealBoard:
        return DealBoard(_cards(cards))

    @v_args(inline=True)
    def deal_hole(self, _d: Token, _dh: Token, player: Token, cards: Token) -> DealHole:
        return DealHole(_player(player), _cards(cards))

    def stand_or_discard(self, children: list[Token]) -> StandOrDiscard:
        cards = _cards(children[2]) if len(children) > 2 else ()
        return StandOrDiscard(_player(children[0]), cards)

    @v_args(inline=True)
    def bring_in(self, player: Token, _pb: Token) -> BringIn:
        return BringIn(_player(player))

    @v_args(inline=True)
    def fold(self, player: Token, _f: Token) -> Fold:
        return Fold(_player(player))

    @v_args(inline=True)
    def check_or_call(self, player: Token, _cc: Token) -> CheckOrCall:
        return CheckOrCall(_player(player))

    @v_args(inline=True)
    def complete_bet_or_raise(self, player: Token, _cbr: Token, amount: Token) -> Cbr:
        return Cbr(_player(player), Decimal(str(amount)))

    def show_or_muck(self, children: list[Token]) -> ShowOrMuck:
        player = _player(children[0])
        if len(children) == 2:
            return ShowOrMuck(player, None)
        if children[2].type == "SHOWN_AS_DEALT":
            return ShowOrMuck(player, (), as_dealt=True)
        return ShowOrMuck(player, _cards(children[2]))

    # -- the live extension ----------------------------------------------------------------

    def live(self, children: list[object]) -> LiveItem:
        at, item = children[0], children[1]
        assert isinstance(at, Token)
        assert isinstance(item, LiveItem)
        return LiveItem(int(str(at)[1:]), **{k: getattr(item, k) for k in _LIVE_FIELDS})

    def burn(self, children: list[Token]) -> LiveItem:
        return LiveItem(0, "burn", cards=tuple(_cards(c)[0] for c in children[2:]))

    def exposed(self, children: list[Token]) -> LiveItem:
        player = next((_player(c) for c in children if c.type == "PLAYER"), None)
        first = any(c.type == "FIRST" for c in children)
        return LiveItem(0, "exposed", player=player, cards=_cards(children[2]), first=first)

    def replaced(self, children: list[Token]) -> LiveItem:
        cards = tuple(_cards(c)[0] for c in children[3:])
        return LiveItem(0, "replaced", player=_player(children[2]), cards=cards)

    def extra(self, children: list[Token]) -> LiveItem:
        cards = tuple(_cards(c)[0] for c in children[3:])
        return LiveItem(0, "extra", player=_player(children[2]), cards=cards)

    def returned(self, children: list[object]) -> LiveItem:
        _d, _return, street, cards, place, rule = children
        assert isinstance(street, Token)
        assert isinstance(cards, Token)
        return LiveItem(
            0, "returned", street=str(street), cards=_cards(cards), place=str(place),
            rule=str(rule),
        )  # fmt: skip

    def place(self, children: list[Token]) -> str:
        return str(children[0])

    def reshuffle(self, children: list[Token]) -> LiveItem:
        cards = _cards(children[2]) if len(children) > 2 else ()
        return LiveItem(0, "reshuffle", cards=cards)

    def misdeal(self, children: list[Token]) -> LiveItem:
        reason = str(children[3]).strip() if len(children) > 3 else ""
        return LiveItem(0, "misdeal", rule=str(children[2]), reason=reason)

    def live_board(self, children: list[Token]) -> LiveItem:
        street = next((str(c) for c in children if c.type == "STREET"), None)
        return LiveItem(0, "board", street=street, cards=_cards(children[-1]))

    def timeout(self, children: list[Token]) -> LiveItem:
        return LiveItem(0, "timeout", player=_player(children[0]))


_LIVE_FIELDS = ("kind", "player", "cards", "first", "street", "place", "rule", "reason")
