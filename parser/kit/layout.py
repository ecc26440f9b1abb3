"""From a hand's line tokens to a :class:`ParsedHand`: one method per kind of line.

Each ``_on_<TERMINAL>`` method receives the token and the match of that terminal's regex
(the groups are documented next to each terminal in ``grammars/pokerstars.lark``). Amounts
become ints of the hand's smallest unit, cards become :class:`Card` values, and every
player name is checked against the seat list: the regex's guess is kept when it is a seated
name (and no seated name is a prefix of another), otherwise each seated name is tried in
its place, longest first. Lines that only note something (chat, joins) may name players
who are not seated.

Speed (issue 11): the lines come as ``(terminal, match, line)`` triples
(:func:`parser.kit.lexer.line_matches`, no token object per line), the events and the hand are
made by :mod:`parser.model.makers` (the frozen ``__init__`` cost a third of a parse), and
what repeats across hands is remembered: card groups, amounts (an :class:`Amounts` map:
``amounts[text]``), each game's streets, a seat list's :class:`parser.kit.names.SeatNames`, seat
lines' ``Seat`` values and total-pot lines (:func:`forget` drops what is remembered). The
handlers of the most frequent lines check the seated name inline and build their events
with positional makers.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from parser.compiled import mypyc_attr
from parser.kit.builder import Fail, check_board, fill_draw
from parser.kit.hand_summary import read_total_pot, revealed_cards
from parser.kit.lexer import Line, LineToken, forget_lines
from parser.kit.money import Amounts, MoneyError, to_units, to_units_floor
from parser.kit.names import SeatNames, seat_names
from parser.kit.tournament import tournament_of_header
from parser.model import events as ev
from parser.model import makers as make
from parser.model.cards import Card, parse_cards
from parser.model.errors import ParseError
from parser.model.games import Forced
from parser.model.hand import ParsedHand, Seat, Source, Stakes
from parser.model.header import Header, HeaderError
from parser.model.house import LIVE, HouseRules

if TYPE_CHECKING:
    from parser.model.games import GameSpec

_UNKNOWN_CARDS = frozenset({"XX", "xx", "X", "x", "??"})
#: Remembered conversions hold at most this many texts (then start again).
_CACHE_LIMIT = 50_000


class _CardGroups(dict[str | None, tuple[Card, ...]]):
    """A line's card group ("Ah Kd", or None when the line has none) -> its cards."""

    __slots__ = ()

    def __missing__(self, text: str | None) -> tuple[Card, ...]:
        # Tracker exports write a card the player did not show as "XX": keep the known.
        cards = (
            tuple(Card.parse(c) for c in text.split() if c not in _UNKNOWN_CARDS) if text else ()
        )
        if len(self) > _CACHE_LIMIT:
            self.clear()
        self[text] = cards
        return cards


#: Amount text -> int, by unit (a cache: amounts repeat a lot).
_AMOUNTS: dict[int, Amounts] = {1: Amounts(1), 100: Amounts(100)}
_CARDS = _CardGroups()
#: Seat line -> its seat, by how amounts are read (a room's ``Amounts`` class, the unit):
#: a session's seat list repeats while no stack changes, and a ``Seat`` is a value
#: (frozen, no line number), so hands may share one.
_SEATS: dict[tuple[type[Amounts], int], dict[str, Seat]] = {}
#: "Total pot" text -> its total and named parts (``read_total_pot``).
_TOTALS: dict[str, tuple[str, tuple[tuple[str, str], ...]]] = {}


def forget() -> None:
    """Forget what earlier hands taught the lexer and the builder (lines, seats, totals):
    a benchmark times a first pass over its hands with it, not a replay of the same."""
    forget_lines()
    _SEATS.clear()
    _TOTALS.clear()


_CARD_GROUP = re.compile(r"\[([^\]]*)\]")
_STREETS = {
    "4th STREET": "fourth",
    "5th STREET": "fifth",
    "6th STREET": "sixth",
    "RIVER": "seventh",
    "FIRST DRAW": "first_draw",
    "SECOND DRAW": "second_draw",
    "THIRD DRAW": "third_draw",
}
_BOARD_STREETS = {"PRE-FLOP": "preflop", "FLOP": "flop", "TURN": "turn", "RIVER": "river"}
_RUNS = {None: 1, "FIRST": 1, "SECOND": 2}
_BLINDS = {
    "small blind": ev.Blind.SMALL,
    "big blind": ev.Blind.BIG,
    "small & big blinds": ev.Blind.SMALL_AND_BIG,
    "button blind": ev.Blind.BUTTON,
    "straddle": ev.Blind.STRADDLE,
    "dead blind": ev.Blind.DEAD,
}


#: Positional makers of the events of the most frequent lines (keyword arguments cost
#: more than the slots they fill; the fields' order is the class's: ``line`` first).
_fold = make.positional(ev.Fold)
_check = make.positional(ev.Check)
_call = make.positional(ev.Call)
_bet = make.positional(ev.Bet)
_raise_to = make.positional(ev.RaiseTo)
_deal_hole = make.positional(ev.DealHole)
_deal_board = make.positional(ev.DealBoard)
_post_blind = make.positional(ev.PostBlind)
_post_ante = make.positional(ev.PostAnte)
_uncalled = make.positional(ev.UncalledBetReturned)
_collect = make.positional(ev.Collect)

_BOARD_GROUPS: dict[str, tuple[Card, ...]] = {}


def _board_group(text: str) -> tuple[Card, ...]:
    """``parse_cards`` of a board's card group, remembered (boards repeat across hands)."""
    cards = _BOARD_GROUPS.get(text)
    if cards is None:
        cards = parse_cards(text)
        if len(_BOARD_GROUPS) > 50_000:
            _BOARD_GROUPS.clear()
        _BOARD_GROUPS[text] = cards
    return cards


_Shape = tuple[bool, bool, frozenset[str], frozenset[str]]
_SHAPES: dict[str, _Shape] = {}


def _shape(spec: GameSpec) -> _Shape:
    """What the builder asks of a game, per game: stud (a bring-in), draw, its streets, and
    the streets that deal board cards."""
    shape = _SHAPES.get(spec.code)
    if shape is None:
        shape = _SHAPES[spec.code] = (
            spec.forced is Forced.BRING_IN,
            any(street.draw for street in spec.streets),
            frozenset(street.name for street in spec.streets),
            frozenset(street.name for street in spec.streets if street.board_cards),
        )
    return shape


@mypyc_attr(allow_interpreted_subclasses=True)  # the GGPoker and Winamax builders
class Builder:
    """Builds one hand; create one per hand (it holds that hand's state)."""

    __slots__ = (
        "_add",
        "amounts",
        "boards",
        "button",
        "cash_out_fee",
        "currency",
        "draw",
        "events",
        "hand_id",
        "header",
        "house",
        "jackpot",
        "line",
        "max_seats",
        "names",
        "offset",
        "pots",
        "rake",
        "raw",
        "read_header",
        "revealed",
        "run",
        "seat_numbers",
        "seats",
        "spec",
        "splash",
        "stakes",
        "street",
        "stud",
        "summary_boards",
        "table",
        "total_pot",
        "unit",
    )

    def __init__(
        self,
        raw: Source,
        hand_id: str | None,
        read_header: Callable[[str], Header] | None = None,
        house: HouseRules = LIVE,
    ) -> None:
        self.raw = raw
        #: The room's house rules, given to the hand (``ParsedHand.house``).
        self.house = house
        #: The room's header reader (the layout's header line differs by room).
        self.read_header = read_header
        self.hand_id = hand_id
        self.offset = raw.first_line - 1
        self.header: Header | None = None
        self.spec: GameSpec | None = None
        self.unit = 1
        self.currency = "CHIPS"
        self.stakes: Stakes | None = None
        self.table = ""
        self.max_seats: int | None = None
        self.button: int | None = None
        self.seats: dict[str, Seat] = {}
        self.seat_numbers: dict[int, Seat] = {}
        #: Built when the seat list is complete.
        self.names: SeatNames | None = None
        #: Amount text -> int of the hand's unit (``amounts[text]``, converted on a miss).
        self.amounts: Amounts = _AMOUNTS[1]
        self.events: list[ev.Event] = []
        self._add = self.events.append
        self.stud = self.draw = False
        self.street = ""
        #: The showdown section a collect belongs to (run-it-twice writes one per board).
        self.run = 1
        self.boards: dict[int, list[Card]] = {1: []}
        # summary
        self.total_pot: int | None = None
        self.rake: int | None = None
        self.pots: list[int] = []
        self.summary_boards: dict[int, tuple[Card, ...]] = {}
        self.jackpot = 0
        self.cash_out_fee = 0
        self.splash = 0
        self.revealed: list[tuple[str, tuple[Card, ...]]] = []
        self.line = 0

    # -- driver ------------------------------------------------------------------------

    def build(self, tokens: list[LineToken]) -> ParsedHand:
        """The hand of its line tokens (:func:`parser.kit.lexer.line_tokens`)."""
        return self.build_lines([(t.type, t.match, t.line) for t in tokens])

    def build_lines(self, lines: list[Line]) -> ParsedHand:
        """The hand of its lines, as :func:`parser.kit.lexer.line_matches` gives them (no token
        objects: the fast path, issue 11)."""
        handlers = _HANDLERS
        offset = self.offset
        for name, match, number in lines:
            self.line = offset + number
            try:
                handlers[name](self, match)
            except (Fail, HeaderError, MoneyError, ValueError) as problem:
                start = match.start()
                text = match.string[start : match.string.find("\n", start)]
                raise ParseError(
                    f"{problem} in line {text!r}",
                    path=self.raw.path,
                    line=self.line,
                    column=1,
                    text=text,
                    hand_id=self.hand_id,
                ) from None
        try:
            return self._hand()
        except MoneyError as problem:  # the buy-in of a tournament header, read last (fuzzing)
            header_line = self.raw.text.split("\n", 1)[0]
            raise ParseError(
                f"{problem} in the tournament buy-in of line {header_line!r}",
                path=self.raw.path,
                line=self.raw.first_line,
                column=1,
                text=header_line,
                hand_id=self.hand_id,
            ) from None

    def _hand(self) -> ParsedHand:
        header, spec, stakes = self.header, self.spec, self.stakes
        assert header is not None
        assert spec is not None
        assert stakes is not None
        runs = self.summary_boards
        boards = tuple(runs.values()) if len(runs) < 2 else tuple(runs[r] for r in sorted(runs))
        return make.ParsedHand(
            site=header.site,
            hand_id=header.hand_id,
            game=spec.code,
            game_name=header.game_name,
            mixed=header.mixed,
            stakes=stakes,
            currency=self.currency,
            unit=self.unit,
            started_at=header.started_at,
            table=self.table,
            max_seats=self.max_seats,
            button_seat=self.button,
            tournament_id=header.tournament_id,
            level=header.level,
            tournament=(
                tournament_of_header(self.raw.text[:600], header.tournament_id, header.level)
                if header.tournament_id is not None
                else None
            ),
            seats=tuple(self.seats.values()),
            events=tuple(self.events),
            summary=make.Summary(
                total_pot=self.total_pot,
                rake=self.rake,
                pots=tuple(self.pots),
                boards=boards,
                jackpot=self.jackpot,
                cash_out_fee=self.cash_out_fee,
                splash=self.splash,
                revealed=tuple(self.revealed),
            ),
            source=self.raw,
            house=self.house,
        )

    # -- helpers -----------------------------------------------------------------------

    def _money(self, text: str) -> int:
        return self.amounts[text]

    @staticmethod
    def _cards(text: str | None) -> tuple[Card, ...]:
        return _CARDS[text]

    def _seated(self, match: re.Match[str], group: int = 1) -> tuple[str, re.Match[str]]:
        """The seated player a line names, and the line's match with that name."""
        name = match[group]
        names = self.names
        if names is None:
            names = self.names = seat_names(self.seats)
        if name in names.trusted:  # the common case
            return name, match
        found = names.resolve(match, group)
        if found is None:
            raise Fail(f"{match[group]!r} is not in the seat list")
        return found

    def _anyone(self, match: re.Match[str]) -> tuple[str, re.Match[str]]:
        """A note's player (a seated name if one fits, else the name as written), and the
        line's match with that name."""
        names = self.names
        if names is None:
            names = self.names = seat_names(self.seats)
        return names.resolve(match) or (match[1], match)

    # -- header, table, seats ------------------------------------------------------------

    def _on_HEADER_LINE(self, m: re.Match[str]) -> None:
        read_header = self.read_header
        if read_header is None:
            raise Fail("this room's builder reads no header")
        self.header = read_header(m.group(0).rstrip("\n"))
        self.spec = spec = self.header.spec
        self.stud, self.draw, _, _ = _shape(spec)
        if self.header.tournament_id is not None:
            self.currency, self.unit = "CHIPS", 1
        elif self.header.currency is not None:
            self.currency, self.unit = self.header.currency, 100
        else:  # no currency named: play chips (Home Games, Pluribus, play-money conversions)
            self.currency, self.unit = "PLAY", 1
        self.amounts = _AMOUNTS[self.unit]

    def _on_TABLE_LINE(self, m: re.Match[str]) -> None:
        header = self.header
        assert header is not None
        name, max_seats, play, button = m.groups()
        self.table = name
        self.max_seats = int(max_seats) if max_seats else None
        self.button = int(button) if button else None
        if play and header.tournament_id is None:
            self.currency, self.unit = "PLAY", 1
            self.amounts = _AMOUNTS[1]
        small, big = self._money(header.small), self._money(header.big)
        ante = self._money(header.ante) if header.ante else 0
        cap = self._money(header.cap) if header.cap else None
        self.stakes = make.Stakes(small=small, big=big, ante=ante, cap=cap)

    def _on_SEAT_LINE(self, m: re.Match[str]) -> None:
        amounts = self.amounts
        kind = (type(amounts), amounts.unit)
        seen = _SEATS.get(kind)
        if seen is None:
            seen = _SEATS[kind] = {}
        line = m[0]
        seat = seen.get(line)
        if seat is None:
            number, name, stack, bounty, flag = m.groups()
            seat = make.Seat(
                seat=int(number),
                name=name,
                stack=amounts[stack],
                sitting_out=flag == " is sitting out",
                out_of_hand=flag is not None and flag.startswith(" out of hand"),
                bounty=to_units(bounty, 100) if bounty else None,
            )
            if len(seen) > _CACHE_LIMIT:
                seen.clear()
            seen[line] = seat
        name = seat.name
        numbers = self.seat_numbers
        if seat.seat in numbers:
            raise Fail(f"seat {seat.seat} is listed twice")
        seats = self.seats
        if name in seats:
            raise Fail(f"{name!r} is seated twice")
        seats[name] = seat
        numbers[seat.seat] = seat
        self.names = None

    # -- forced bets -------------------------------------------------------------------

    def _on_ANTE_LINE(self, m: re.Match[str]) -> None:
        names, name = self.names, m[1]
        if names is None or name not in names.trusted:
            name, m = self._seated(m)
        self._add(_post_ante(self.line, name, self.amounts[m[2]], bool(m[3])))

    def _on_BLIND_LINE(self, m: re.Match[str]) -> None:
        names, name = self.names, m[1]
        if names is None or name not in names.trusted:
            name, m = self._seated(m)
        self._posts_blind(name, self.amounts[m[3]], _BLINDS[m[2]], bool(m[4]))

    def _posts_blind(self, name: str, amount: int, blind: ev.Blind, all_in: bool) -> None:
        """``name`` posts ``blind`` (the rooms' own blind lines read it their way)."""
        self._add(_post_blind(self.line, name, amount, blind, all_in))

    # -- dealing -----------------------------------------------------------------------

    def _deal(self, mark: str, fits: bool) -> None:
        assert self.spec is not None
        if not fits:
            raise Fail(f"{self.spec.name} deals no {mark}")
        self.street = self.spec.streets[0].name

    def _on_HOLE_CARDS_LINE(self, m: re.Match[str]) -> None:
        self._deal("hole cards before a flop", not self.stud and not self.draw)

    def _on_DEALING_HANDS_LINE(self, m: re.Match[str]) -> None:
        self._deal("hands to draw to", self.draw)

    def _on_THIRD_STREET_LINE(self, m: re.Match[str]) -> None:
        self._deal("stud streets", self.stud)

    def _on_STREET_LINE(self, m: re.Match[str]) -> None:
        assert self.spec is not None
        street = _STREETS[m[1]]
        if street not in _shape(self.spec)[2]:
            raise Fail(f"{self.spec.name} has no {m[1].lower()}")
        self.street = street
        self._add(make.StreetStart(street=street, line=self.line))

    def _on_BOARD_LINE(self, m: re.Match[str]) -> None:
        assert self.spec is not None
        run, street = _RUNS[m[1]], _BOARD_STREETS[m[2]]
        if self.stud and street == "river":
            # Stud with too few cards left for 7th street: one card face up for everyone.
            street = "seventh"
        elif street not in _shape(self.spec)[3]:
            raise Fail(f"{self.spec.name} deals no board cards on the {street}")
        groups = [_board_group(g) for g in _CARD_GROUP.findall(m[3])]
        board = self.boards.get(run)
        if len(groups) == 1:
            old_cards: tuple[Card, ...] = groups[0][: len(board)] if board is not None else ()
            new = groups[0][len(old_cards) :]
        else:
            # "[7d 5h 9d] [7c]": the cards so far are the first group (one before the new)
            old_cards = groups[0] if len(groups) == 2 else tuple(c for g in groups[:-1] for c in g)
            new = groups[-1]
        if board is None:  # a second run starts from the cards the runs share
            if tuple(self.boards[1][: len(old_cards)]) != old_cards:
                raise Fail("the second board does not share the first board's cards")
            board = self.boards[run] = list(old_cards)
        check_board(board, old_cards)
        board.extend(new)
        self.street = street
        self._add(_deal_board(self.line, street, new, run))

    def _on_DEALT_LINE(self, m: re.Match[str]) -> None:
        names, name = self.names, m[1]
        if names is None or name not in names.trusted:
            name, m = self._seated(m)
        first = _CARDS[m[2]]
        if not (self.stud or self.draw) and m[3] is None:  # hole cards before a flop
            self._add(_deal_hole(self.line, name, first, ()))
            return
        second = _CARDS[m[3]]
        street = self.street
        if self.stud:
            new = second if m[3] is not None else first
            if street == "third" and m[3] is None:
                if len(new) == 3:
                    self._add(make.DealHole(player=name, cards=new[:2], up=new[2:], line=self.line))
                    return
                if len(new) != 1:
                    raise Fail(f"{len(new)} cards dealt on 3rd street")
            if street == "seventh":
                self._add(make.DealHole(player=name, cards=new, line=self.line))
            else:
                self._add(make.DealHole(player=name, up=new, line=self.line))
            return
        if self.draw and street != "predraw":
            if fill_draw(self.events, name, second if m[3] is not None else first):
                return
            raise Fail(f"{name} is dealt cards in a draw round without discarding")
        if m[3] is not None:
            raise Fail("two groups of hole cards")
        self._add(make.DealHole(player=name, cards=first, line=self.line))

    # -- betting -----------------------------------------------------------------------

    def _on_FOLD_LINE(self, m: re.Match[str]) -> None:
        names, name = self.names, m[1]
        if names is None or name not in names.trusted:
            name, m = self._seated(m)
        self._add(_fold(self.line, name, _CARDS[m[2]]))

    def _on_CHECK_LINE(self, m: re.Match[str]) -> None:
        names, name = self.names, m[1]
        if names is None or name not in names.trusted:
            name, m = self._seated(m)
        self._add(_check(self.line, name))

    def _on_CALL_LINE(self, m: re.Match[str]) -> None:
        names, name = self.names, m[1]
        if names is None or name not in names.trusted:
            name, m = self._seated(m)
        self._add(_call(self.line, name, self.amounts[m[2]], "all-in" in m[3]))

    def _on_BET_LINE(self, m: re.Match[str]) -> None:
        names, name = self.names, m[1]
        if names is None or name not in names.trusted:
            name, m = self._seated(m)
        self._add(_bet(self.line, name, self.amounts[m[2]], "all-in" in m[3]))

    def _on_RAISE_LINE(self, m: re.Match[str]) -> None:
        names, name = self.names, m[1]
        if names is None or name not in names.trusted:
            name, m = self._seated(m)
        amounts = self.amounts
        amount, by, suffix = amounts[m[3]], amounts[m[2]], m[4]
        self._add(_raise_to(self.line, name, amount, by, "all-in" in suffix, " cap" in suffix))

    def _on_BRING_IN_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self._add(
            make.BringIn(player=name, amount=self._money(m[2]), all_in=bool(m[3]), line=self.line)
        )

    def _on_COMPLETE_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self._add(
            make.Complete(player=name, amount=self._money(m[2]), all_in=bool(m[3]), line=self.line)
        )

    def _on_DISCARD_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        discarded = _CARDS[m[3]]
        count = int(m[2])
        if discarded and len(discarded) != count:
            raise Fail(f"{count} cards discarded but {len(discarded)} shown")
        self._draw_round()
        self._add(make.Draw(player=name, count=count, discarded=discarded, line=self.line))

    def _on_STAND_PAT_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self._draw_round()
        self._add(make.Draw(player=name, count=0, line=self.line))

    def _draw_round(self) -> None:
        """Single-draw games print no "*** DRAW ***" line: the first discard (or "stands
        pat") starts the draw round, and gets a ``StreetStart`` at its own line."""
        if not self.draw:
            raise Fail(f"{self.spec.name if self.spec else 'this game'} has no draw")
        if self.street.endswith("_draw"):
            return
        assert self.spec is not None
        draws = [s.name for s in self.spec.streets if s.draw]
        if len(draws) != 1:
            raise Fail("a draw before the first draw round")
        self.street = draws[0]
        self._add(make.StreetStart(street=self.street, line=self.line))

    # -- the end of the hand -------------------------------------------------------------

    def _on_UNCALLED_LINE(self, m: re.Match[str]) -> None:
        names, name = self.names, m[2]
        if names is None or name not in names.trusted:
            name, m = self._seated(m, group=2)
        self._add(_uncalled(self.line, name, self.amounts[m[1]]))

    def _on_SHOWDOWN_LINE(self, m: re.Match[str]) -> None:
        self.run = _RUNS[m[1]]
        self._add(make.ShowdownStart(run=self.run, line=self.line))

    def _on_SHOWS_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self._add(
            make.Show(player=name, cards=_CARDS[m[2]], description=m[3] or "", line=self.line)
        )

    def _on_SHOWS_FOR_LINE(self, m: re.Match[str]) -> None:
        """A SHOWS_LINE's groups ("shows [..] for <text>"). A method, not an alias
        (``_on_SHOWS_FOR_LINE = _on_SHOWS_LINE``): compiled by mypyc, a class body's
        alias of a method fails when the class is built (so ``_on_RUN_TWICE_LINE`` too)."""
        self._on_SHOWS_LINE(m)

    def _on_MUCKS_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self._add(make.Muck(player=name, cards=_CARDS[m[2]], line=self.line))

    def _on_DOESNT_SHOW_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self._add(make.Muck(player=name, line=self.line))

    def _on_COLLECT_LINE(self, m: re.Match[str]) -> None:
        names, name = self.names, m[1]
        if names is None or name not in names.trusted:
            name, m = self._seated(m)
        amount, whole = to_units_floor(m[2], self.unit)
        where = m[3]
        if where == "pot":
            pot = None
        elif where == "main pot":
            pot = 0
        else:
            number = where[len("side pot") :].lstrip("- ")
            pot = int(number) if number else 1
        self._add(_collect(self.line, name, amount, pot, self.run, whole))

    def _on_CASH_OUT_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        fee = self._money(m[3]) if m[3] else 0
        self._add(make.CashOut(player=name, amount=self._money(m[2]), fee=fee, line=self.line))

    def _on_STP_LINE(self, m: re.Match[str]) -> None:
        self._add(make.PotAdded(amount=self._money(m[1]), reason="STP", line=self.line))

    def _on_HAND_CANCELLED_LINE(self, m: re.Match[str]) -> None:
        self._add(make.HandCancelled(line=self.line))

    # -- summary -----------------------------------------------------------------------

    def _on_SUMMARY_LINE(self, m: re.Match[str]) -> None:
        return

    def _on_RUN_TWICE_LINE(self, m: re.Match[str]) -> None:
        return

    def _on_TOTAL_POT_LINE(self, m: re.Match[str]) -> None:
        text = m[1]
        found = _TOTALS.get(text)
        if found is None:
            total, named = read_total_pot(text)
            found = (total, tuple(named))
            if len(_TOTALS) > _CACHE_LIMIT:
                _TOTALS.clear()
            _TOTALS[text] = found
        total, parts = found
        self.total_pot = self._money(total)
        for key, text in parts:
            amount = self._money(text)
            if key == "Rake":
                self.rake = amount
            elif key == "Jackpot":
                self.jackpot = amount
            elif key == "Cash Out Fee":
                self.cash_out_fee = amount
            elif key == "STP":
                self.splash = amount
            else:  # main pot, side pots
                self.pots.append(amount)

    def _on_SUMMARY_BOARD_LINE(self, m: re.Match[str]) -> None:
        self.summary_boards[_RUNS[m[1]]] = _CARDS[m[2]]

    def _on_SUMMARY_SEAT_LINE(self, m: re.Match[str]) -> None:
        seat = self.seat_numbers.get(int(m[1]))
        if seat is None:
            raise Fail(f"seat {m[1]} is not in the seat list")
        rest = m[2]
        if not rest.startswith(seat.name):
            raise Fail(f"seat {seat.seat} is {seat.name!r}")
        cards = revealed_cards(rest[len(seat.name) :].lstrip())
        if cards:
            self.revealed.append((seat.name, _CARDS[cards]))

    # -- notes -------------------------------------------------------------------------

    def _note(self, kind: ev.NoteKind, m: re.Match[str], text_group: int = 0) -> None:
        name, m = self._anyone(m)
        text = m[text_group].rstrip("\n")
        self._add(make.Note(note=kind, player=name, text=text, line=self.line))

    def _on_CONNECTION_LINE(self, m: re.Match[str]) -> None:
        kind = ev.NoteKind.DISCONNECTED if m[2] else ev.NoteKind.CONNECTED
        self._note(kind, m)

    def _on_BOUNTY_LINE(self, m: re.Match[str]) -> None:
        text = m[1]
        winner = next((n for n in self.seats if text.startswith(n + " wins ")), None)
        self._add(make.Note(note=ev.NoteKind.BOUNTY, player=winner, text=text, line=self.line))

    def _on_DEALER_LINE(self, m: re.Match[str]) -> None:
        self._add(make.Note(note=ev.NoteKind.OTHER, text=m[1], line=self.line))

    def _on_COMMENT_LINE(self, m: re.Match[str]) -> None:
        self._add(make.Note(note=ev.NoteKind.OTHER, text=m[0].rstrip("\n"), line=self.line))


#: Note lines whose player is the name group: the kind, and the group that is the text.
_NOTES = {
    "CHAT_LINE": (ev.NoteKind.CHAT, 2),
    "JOIN_LINE": (ev.NoteKind.JOINS, 0),
    "LEAVE_LINE": (ev.NoteKind.LEAVES, 0),
    "SITS_OUT_LINE": (ev.NoteKind.SITS_OUT, 0),
    "RETURNS_LINE": (ev.NoteKind.RETURNS, 0),
    "TIMED_OUT_LINE": (ev.NoteKind.TIMED_OUT, 0),
    "FINISHED_LINE": (ev.NoteKind.FINISHED, 0),
    "REBUY_LINE": (ev.NoteKind.REBUY, 0),
    "DEPOSIT_LINE": (ev.NoteKind.OTHER, 0),
}


def _note_handler(kind: ev.NoteKind, group: int) -> Callable[[Builder, re.Match[str]], None]:
    return lambda builder, m: builder._note(kind, m, group)


_HANDLERS: dict[str, Callable[[Builder, re.Match[str]], None]] = {
    name[len("_on_") :]: getattr(Builder, name)
    for name in dir(Builder)
    if name.startswith("_on_") and name[len("_on_") :].isupper()
} | {name: _note_handler(kind, group) for name, (kind, group) in _NOTES.items()}
