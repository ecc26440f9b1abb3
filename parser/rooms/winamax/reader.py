"""Winamax text -> :class:`ParsedHand`: its lark grammar, and the events built from its lines.

Winamax's lines hold PokerStars' fields in other words (``grammars/winamax.lark``), so
where a line's groups are PokerStars' own, :class:`parser.kit.layout.Builder`'s handler builds
it; :class:`WinamaxBuilder` adds or replaces the others. What Winamax omits or writes
differently, and how it is reconciled here (docs/sites.md, "Winamax"):

* The header names the kind of game (``CashGame``, ``Go Fast "Buzau"``, ``Tournament
  "Freeroll 100€" buyIn: Free level: 2``), the hand id (``910116-28-1298310000``), the
  game in Winamax's words (mapped in ``GAMES``) and the stakes: ``(0.02€/0.05€)`` blinds;
  ``(140/600/1200)`` ante, blinds; stud ``(5€/25€/50€)`` ante, small bet, big bet; fixed
  limit hold'em and draw ``(0.05€/0.10€)`` small and big bet. Times are UTC as written.
  The tournament id is the number in the table's name (``'Freeroll 100€(13133717)#336'``).
* Amounts carry the euro sign after them (``0.02€``); a decimal comma is read as a point.
  Play-money tables ("(play money)") have cents too: currency ``PLAY``, unit 100.
* No "Uncalled bet" line: the uncalled part of a bet stays in the pot and its owner
  "collects" it back; and "Total pot" is written after the rake. The summary's total pot
  is therefore read as the written total plus the rake, and the engine returns the
  uncalled bet itself (B11) and takes it back out of the collect, with a note. A total
  written in thousands ("Total pot 6.02k") is rounded: it is not kept (the collects are
  still checked).
* Hole cards are dealt after the blinds and before ``*** PRE-FLOP ***``; stud's unknown
  cards are ``X``; draw games' rounds are ``*** FIRST-BET ***`` (the deal),
  ``*** FIRST-DRAW ***`` (a draw round, then its betting) and ``*** SECOND-BET ***`` (no
  event: the betting after a draw belongs to its round).
* Stud's completion of the bring-in is written ``raises 25€ to 25€``: a raise to at most
  the small bet while only the bring-in is in is a ``Complete``.
* ``posts small blind 2€ out of position``: a new player's small blind is dead (only the
  big blind a new player posts is live); ``denies big blind``: a note.
* ``collected 0.47 from pot (HI)``: hi/lo halves are separate collects of the same pot.
* ``Hold-up to Pot: total 2.50€`` (HOLD-UP tables, before the blinds): money the room
  adds to the pot, a ``PotAdded``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from typing import ClassVar
from zoneinfo import ZoneInfo

from parser.kit.builder import Fail, check_board, dispatch, handlers_of
from parser.kit.clock import TIME_ZONES
from parser.kit.grammar import grammar
from parser.kit.headers import uncapped_header
from parser.kit.keyed_lexer import RoomLexer
from parser.kit.layout import Builder
from parser.kit.lexer import LineToken
from parser.kit.money import Amounts, MoneyError, chip_unit, to_units, to_units_floor
from parser.kit.reading import first_group, hand_text, identifier, read_lines, recogniser
from parser.kit.split import split_at_headers
from parser.kit.vocabulary import game_names
from parser.model import events as ev
from parser.model.cards import parse_cards
from parser.model.games import GAME_SPECS, Forced
from parser.model.hand import ParsedHand, Seat, Source, Stakes
from parser.model.header import Header, HeaderError
from parser.rooms.winamax import ROOM

SITE = "Winamax"
#: Winamax's betting words, in lower case after the game's ("Holdem no limit").
_BETTINGS = ("no limit", "pot limit", "fixed limit")
#: Winamax's game names -> ``GAME_SPECS`` codes.
GAMES: dict[str, str] = {
    **game_names("{game} {betting}", {"Holdem": "HE", "Omaha": "O"}, _BETTINGS),
    "Omaha Hi/Lo pot limit": "PLO8",
    "Omaha8 pot limit": "PLO8",
    "Omaha5 pot limit": "PLO5",
    "5 Card Omaha pot limit": "PLO5",
    "5 Card Omaha Hi/Lo pot limit": "PLO58",
    "7-Card Stud fixed limit": "FL7S",
    "7stud fixed limit": "FL7S",
    "7-Card Stud Hi/Lo fixed limit": "FL7S8",
    "7stud8 fixed limit": "FL7S8",
    "Razz fixed limit": "FLRAZZ",
    "2-7 Triple Draw fixed limit": "FL27TD",
    "Lowball27 fixed limit": "FL27TD",
}

HEADER_RE = re.compile(r"Winamax Poker - [^\n]*?HandId: #")
_RECOGNISE = re.compile(
    r"^\s*Winamax Poker - (?:[^\n]*HandId: #|Tournament summary : )"
    r"|winamax\.fr/poker/tournament\.php",
    re.MULTILINE,
)
#: A tournament summary (text, or the tournament's web page): no hands in it.
_SUMMARY = re.compile(r"^\s*(?:Winamax Poker - Tournament summary : |<!DOCTYPE html)")
_ID = re.compile(r"Winamax Poker - [^\n]*?HandId: #([\d-]+)")
_TOURNAMENT = re.compile(
    r'Tournament "(?P<name>[^"]*)"(?: buyIn: (?P<buyin>.*?))?(?: level: (?P<level>\d+))?'
)
_TABLE_TOURNAMENT = re.compile(r"\((\d+)\)#\d+$")
_STREETS = {
    "FIRST-DRAW": "first_draw",
    "SECOND-DRAW": "second_draw",
    "THIRD-DRAW": "third_draw",
    "4th STREET": "fourth",
    "5th STREET": "fifth",
    "6th STREET": "sixth",
    "7th STREET": "seventh",
    "FOURTH": "fourth",
    "FIFTH": "fifth",
    "SIXTH": "sixth",
    "SEVENTH": "seventh",
}
#: Round markers that open the hand's first street.
_FIRST = frozenset({"PRE-FLOP", "FIRST-BET", "3rd STREET", "THIRD"})
_CARD_GROUP = re.compile(r"\[([^\]]*)\]")
_SHOWED = re.compile(r"(?:showed|mucked) \[([^\]]*)\]")


#: A Winamax file (or hand): a "Winamax Poker - ... HandId: #" header line.
looks_like_winamax = recogniser(_RECOGNISE)
#: The room and hand number of a hand's text, even when it does not parse.
identify_winamax = identifier(_ID, SITE)


def split_winamax(text: str, path: str) -> Iterator[Source]:
    """A decoded Winamax file's hands, each knowing its first file line
    (:func:`parser.kit.split.split_at_headers`); a tournament summary has none."""
    if _SUMMARY.match(text) and HEADER_RE.search(text) is None:
        return iter(())  # a summary: what the tournament issue reads, not hands
    return split_at_headers(text, path, HEADER_RE, "Winamax Poker - ")


def plain_amount(text: str) -> str:
    """An amount as :mod:`parser.kit.money` reads it: no euro sign, a decimal point.

    >>> plain_amount("0,50€"), plain_amount("2417.80€"), plain_amount("6110")
    ('0.50', '2417.80', '6110')
    """
    return text.rstrip("€").replace(",", ".")


def read_header(
    kind: str, hand_id: str, game: str, stakes: str, when: str, zone: str | None
) -> Header:
    """The header's fields (the HEADER_LINE groups), or :class:`HeaderError`."""
    code = GAMES.get(game.strip())
    if code is None:
        raise HeaderError(f"unknown game {game.strip()!r}")
    spec = GAME_SPECS[code]
    parts = stakes.split("/")
    ante = None
    if len(parts) == 3:
        ante, small, big = parts
    elif len(parts) == 2:
        small, big = parts
    else:
        raise HeaderError(f"cannot read the stakes {stakes!r}")
    tournament = _TOURNAMENT.fullmatch(kind)
    currency = None
    if tournament is None and any(p.endswith("€") for p in parts):
        currency = "EUR"
    tz = TIME_ZONES.get(zone or "UTC")
    if tz is None:
        raise HeaderError(f"unknown time zone {zone!r}")
    try:
        local = datetime.strptime(when, "%Y/%m/%d %H:%M:%S").replace(tzinfo=ZoneInfo(tz))
    except ValueError as exc:
        raise HeaderError(f"invalid time {when!r}") from exc
    # The tournament's number is in the table's name; the table line sets it.
    tour = ("", tournament["level"]) if tournament else (None, None)
    read, started = (small, big, ante), local.astimezone(UTC)
    return uncapped_header(SITE, hand_id, spec, game.strip(), read, currency, tour, started)


class WinamaxLexer(RoomLexer):
    PREFIXES: ClassVar[dict[str, tuple[str, ...]]] = {
        "Seat ": ("SEAT_LINE", "EMPTY_SEAT_LINE", "SUMMARY_SEAT_LINE"),
        "*** ": ("ANTE_BLINDS_LINE", "STREET_LINE", "BOARD_LINE", "SHOWDOWN_LINE", "SUMMARY_LINE"),
        "Dealt to ": ("DEALT_LINE",),
        "Total pot ": ("TOTAL_POT_LINE",),
        "Board: ": ("SUMMARY_BOARD_LINE",),
        "Table": ("TABLE_LINE",),
        "Winamax Poker - ": ("HEADER_LINE",),
        "Hold-up to Pot": ("HOLD_UP_LINE",),
    }
    VERBS: ClassVar[dict[str, tuple[str, ...]]] = {
        " folds": ("FOLD_LINE",),
        " checks": ("CHECK_LINE",),
        " calls ": ("CALL_LINE",),
        " bets ": ("BET_LINE",),
        " raises ": ("RAISE_LINE",),
        " posts ": ("ANTE_LINE", "BLIND_LINE"),
        " shows ": ("SHOWS_LINE",),
        " mucks": ("MUCKS_LINE",),
        " collected ": ("COLLECT_LINE",),
        " discard ": ("DISCARD_LINE",),
        " stands pat": ("STAND_PAT_LINE",),
        " brings in ": ("BRING_IN_LINE",),
        " bring-in ": ("BRING_IN_LINE",),
        " denies ": ("DENIES_LINE",),
    }
    HEADER: ClassVar[re.Pattern[str]] = re.compile("Winamax Poker - ")


class _Amounts(Amounts):
    """A hand's amounts as Winamax writes them ("0,50€"), read as :func:`plain_amount`."""

    __slots__ = ()

    def convert(self, text: str) -> int:
        return to_units(plain_amount(text), self.unit)


class WinamaxBuilder(Builder):
    """Builds one Winamax hand; lines with PokerStars' groups use ``Builder``'s handlers."""

    __slots__ = ("button_zero", "total_rounded")

    def __init__(self, raw: Source, hand_id: str | None) -> None:
        super().__init__(raw, hand_id, house=ROOM.house)
        #: "Total pot 6.02k", in chips (or euros) as written, else None.
        self.total_rounded: Decimal | None = None
        #: "Seat #0 is the button" (a table that numbers its seats from 0).
        self.button_zero = False

    def build(self, tokens: list[LineToken]) -> ParsedHand:
        dispatch(self, tokens, _HANDLERS, (Fail, HeaderError, MoneyError, ValueError))
        if 0 in self.seat_numbers:
            self._seats_from_one()
        if self.total_rounded is not None:
            self.total_pot = self._rounded_total(self.total_rounded)
        if self.total_pot is not None:
            # Winamax writes the pot after the rake (and with any uncalled bet in it).
            self.total_pot += self.rake or 0
        return self._hand()

    def _seats_from_one(self) -> None:
        """Some Winamax tables number their seats from 0 ("Seat 0: X", "Seat #0 is the
        button"): the seats are labels, so each is read one higher (the order, the
        button's place and every line stay as written)."""
        seats = {name: replace(seat, seat=seat.seat + 1) for name, seat in self.seats.items()}
        self.seats = seats
        self.seat_numbers = {seat.seat: seat for seat in seats.values()}
        if self.button_zero:
            self.button = 1
        elif self.button is not None:
            self.button += 1

    def _rounded_total(self, written: Decimal) -> int:
        """ "Total pot 2.42k": the pot after rake, to ten chips. Winamax's total is what
        it paid out, so the collects stand for it when they round to the written figure;
        otherwise the written figure stays, and the engine reports the difference (B10)."""
        paid = sum(e.amount for e in self.events if isinstance(e, ev.Collect))
        near = abs(Decimal(paid) - written * self.unit) <= 5 * self.unit
        return paid if near else int(written * self.unit)

    # -- header, table, seats ------------------------------------------------------------

    def _on_HEADER_LINE(self, m: re.Match[str]) -> None:
        kind, hand_id, game, stakes, when, zone = m.groups()
        self.header = header = read_header(kind, hand_id, game, stakes, when, zone)
        self.spec = spec = header.spec
        self.stud = spec.forced is Forced.BRING_IN
        self.draw = any(street.draw for street in spec.streets)
        if header.tournament_id is not None:
            # whole chips, or hundredths for a 2010 hand's half chips ("7410.50")
            self.currency, self.unit = "CHIPS", chip_unit(self.raw.text)
        else:  # real money (EUR) or play money: both in cents
            self.currency, self.unit = header.currency or "PLAY", 100
        self.amounts = _Amounts(self.unit)

    def _on_TABLE_LINE(self, m: re.Match[str]) -> None:
        header = self.header
        assert header is not None
        name, max_seats, money, button = m.groups()
        self.table = name
        self.max_seats = int(max_seats)
        self.button = int(button) if button and button != "0" else None
        self.button_zero = button == "0"
        if header.tournament_id is not None:
            number = _TABLE_TOURNAMENT.search(name)
            # Older tournament tables carry no number: the tournament's name stands in.
            tid = number[1] if number else name
            self.header = header = header._replace(tournament_id=tid)
        elif money == "play money":
            self.currency = "PLAY"
        ante = self._money(header.ante) if header.ante else 0
        self.stakes = Stakes(
            small=self._money(header.small), big=self._money(header.big), ante=ante
        )

    def _on_SEAT_LINE(self, m: re.Match[str]) -> None:
        number, name, stack, bounty = m.groups()
        seat = Seat(
            seat=int(number),
            name=name,
            stack=self._money(stack),
            bounty=to_units_floor(plain_amount(bounty), 100)[0] if bounty else None,
        )
        if seat.seat in self.seat_numbers:
            raise Fail(f"seat {seat.seat} is listed twice")
        if name in self.seats:
            raise Fail(f"{name!r} is seated twice")
        self.seats[name] = seat
        self.seat_numbers[seat.seat] = seat
        self.names = None

    def _on_EMPTY_SEAT_LINE(self, m: re.Match[str]) -> None:
        """ "Seat 1: Ann ()": a player away, no stack written; not dealt in (a note)."""
        self._add(
            ev.Note(note=ev.NoteKind.SITS_OUT, player=m[2], text=m[0].rstrip("\n"), line=self.line)
        )

    # -- forced bets -------------------------------------------------------------------

    def _on_ANTE_BLINDS_LINE(self, m: re.Match[str]) -> None:
        return

    def _on_HOLD_UP_LINE(self, m: re.Match[str]) -> None:
        """A HOLD-UP table's "Hold-up to Pot: total 2.50€": money the room puts in the
        pot, paid with it to the winners (as GGPoker's "Cash Drop")."""
        self._add(ev.PotAdded(amount=self._money(m[1]), reason="Hold-up", line=self.line))

    def _on_BLIND_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        kind, late = m[2], bool(m[4])
        amount = self._money(m[3])
        if kind == "big blind" and late and amount == 0:
            # "posts small blind 3€ out of position", "posts big blind 0€ out of position":
            # both blinds posted at once, the total on the first line (1€ dead, 2€ live).
            both = self._posted_dead(name)
            if both is None:
                raise Fail(f"{name} posts a big blind of 0")
            index, event = both
            self.events[index] = replace(event, blind=ev.Blind.SMALL_AND_BIG)
            return
        # A small blind after the player's post of both (below) is dead too.
        late_small = ev.Blind.DEAD if late or self._posted_both(name) else ev.Blind.SMALL
        blind = ev.Blind.BIG if kind == "big blind" else late_small
        self._posts_blind(name, amount, blind, bool(m[5]))

    def _posted_both(self, name: str) -> bool:
        return any(
            isinstance(e, ev.PostBlind) and e.player == name and e.blind is ev.Blind.SMALL_AND_BIG
            for e in self.events
        )

    def _posted_dead(self, name: str) -> tuple[int, ev.PostBlind] | None:
        for index in range(len(self.events) - 1, -1, -1):
            event = self.events[index]
            if isinstance(event, ev.PostBlind) and event.player == name:
                return (index, event) if event.blind is ev.Blind.DEAD else None
        return None

    def _on_DENIES_LINE(self, m: re.Match[str]) -> None:
        name, m = self._anyone(m)
        self._add(
            ev.Note(note=ev.NoteKind.SITS_OUT, player=name, text=m[0].rstrip("\n"), line=self.line)
        )

    # -- dealing -----------------------------------------------------------------------

    def _on_STREET_LINE(self, m: re.Match[str]) -> None:
        assert self.spec is not None
        marker = m[1]
        if marker in _FIRST:
            fits = {"PRE-FLOP": not self.stud and not self.draw, "FIRST-BET": self.draw}
            if not fits.get(marker, self.stud):
                raise Fail(f"{self.spec.name} has no {marker.lower()}")
            self.street = self.spec.streets[0].name
            return
        street = _STREETS.get(marker)
        if street is None:  # SECOND-BET ...: the betting after a draw, in its round
            if not self.draw:
                raise Fail(f"{self.spec.name} has no {marker.lower()}")
            return
        if street not in self.spec.street_names:
            raise Fail(f"{self.spec.name} has no {marker.lower()}")
        self.street = street
        self._add(ev.StreetStart(street=street, line=self.line))

    def _on_BOARD_LINE(self, m: re.Match[str]) -> None:
        assert self.spec is not None
        street = m[1].lower()
        if street not in self.spec.street_names:
            raise Fail(f"{self.spec.name} deals no board cards on the {street}")
        groups = [parse_cards(g) for g in _CARD_GROUP.findall(m[2])]
        board = self.boards[1]
        shared = tuple(c for g in groups[:-1] for c in g)
        check_board(board, shared)
        board.extend(groups[-1])
        self.street = street
        self._add(ev.DealBoard(street=street, cards=groups[-1], line=self.line))

    # -- betting -----------------------------------------------------------------------

    def _on_RAISE_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        total = self._money(m[3])
        by = None if m[2].startswith("-") else self._money(m[2])
        all_in = bool(m[4])
        if not self.street:
            # A raise among the forced bets, before the deal ("Player3 raises 1€ to 3€"
            # under *** ANTE/BLINDS ***, then "Player3 posts small blind 1€"): a returning
            # player posting the big blind live and the rest dead, as PokerStars' "posts
            # small & big blinds"; he then checks facing the big blind (FPDB's
            # "ante.raise": 4€ in, 2€ live, as the pot and the collects say).
            self._posts_blind(name, total, ev.Blind.SMALL_AND_BIG, all_in)
            return
        if self.stud and self.street == "third" and self._completes(total):
            self._add(ev.Complete(player=name, amount=total, all_in=all_in, line=self.line))
            return
        self._add(ev.RaiseTo(player=name, amount=total, by=by, all_in=all_in, line=self.line))

    def _completes(self, total: int) -> bool:
        """Stud: is a "raise" to ``total`` the completion of the bring-in (B7)?"""
        assert self.stakes is not None
        if total > self.stakes.small:
            return False
        for event in reversed(self.events):
            if isinstance(event, ev.Complete | ev.RaiseTo | ev.Bet):
                return False
            if isinstance(event, ev.BringIn):
                return True
        return False

    # -- the end of the hand -------------------------------------------------------------

    def _on_SHOWDOWN_LINE(self, m: re.Match[str]) -> None:
        self._add(ev.ShowdownStart(line=self.line))

    def _on_COLLECT_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        amount, whole = to_units_floor(plain_amount(m[2]), self.unit)
        where = m[3]
        pot = None if where == "pot" else 0 if where == "main pot" else int(where[9:] or 1)
        self._add(ev.Collect(player=name, amount=amount, pot=pot, whole=whole, line=self.line))

    # -- summary -----------------------------------------------------------------------

    def _on_TOTAL_POT_LINE(self, m: re.Match[str]) -> None:
        total, rake = m[1], m[2]
        self.rake = self._money(rake) if rake else 0
        if total.endswith("k"):  # rounded to ten chips: see _rounded_total
            try:
                self.total_rounded = Decimal(plain_amount(total[:-1])) * 1000
            except InvalidOperation as exc:
                raise Fail(f"cannot read the total pot {total!r}") from exc
            return
        self.total_pot = self._money(total)

    def _on_SUMMARY_BOARD_LINE(self, m: re.Match[str]) -> None:
        self.summary_boards[1] = self._cards(m[1])

    def _on_SUMMARY_SEAT_LINE(self, m: re.Match[str]) -> None:
        seat = self.seat_numbers.get(int(m[1]))
        if seat is None:
            raise Fail(f"seat {m[1]} is not in the seat list")
        if not m[2].startswith(seat.name):
            raise Fail(f"seat {seat.seat} is {seat.name!r}")
        shown = _SHOWED.search(m[2], len(seat.name))
        if shown is not None:
            self.revealed.append((seat.name, self._cards(shown[1])))

    # -- notes -------------------------------------------------------------------------

    def _on_NOTE_LINE(self, m: re.Match[str]) -> None:
        name, m = self._anyone(m)
        self._add(
            ev.Note(note=ev.NoteKind.OTHER, player=name, text=m[0].rstrip("\n"), line=self.line)
        )


_HANDLERS = handlers_of(WinamaxBuilder)


def parse_winamax(raw: Source) -> ParsedHand:
    """Parse one Winamax hand (a ``Source`` from :func:`split_winamax`)."""
    text = hand_text(raw)
    hand_id = first_group(_ID.match(text))
    lark = grammar("parser.rooms.winamax", "winamax", WinamaxLexer)
    tokens = read_lines(lark, raw, text, hand_id, whole_line=True)
    return WinamaxBuilder(raw, hand_id).build(tokens)


__all__ = ["GAMES", "SITE", "looks_like_winamax", "parse_winamax", "split_winamax"]
