"""Americas Cardroom / Winning Poker Network (WPN) text -> :class:`ParsedHand`.

The client has written two formats, each with its grammar (lexed by
:class:`parser.kit.keyed_lexer.RoomLexer`):

- since about 2019, ``grammars/winning.lark``: "Hand #N - Holdem(No Limit) - $0.02/$0.05 -
  2021/04/20 18:42:26 UTC", close to PokerStars. Its "Total pot" is written after the rake
  and the jackpot fee ("Total pot $246.00 | Rake $2.76 | JP Fee $0.24" of a $249 pot), so
  the summary's total is the three added; "raises $X to $Y" repeats the total where
  PokerStars writes the increment, so the increment is not kept; "caps $X" puts in the
  chips that reach a capped table's cap, and the cap (which no line states) is the
  player's total for the hand then.
- 2015-2017, ``grammars/winning_2016.lark``: "Game started at:", "Player X raises (60)".
  Every amount is the chips the action ADDS (the builder keeps each round's bets, see
  :class:`parser.kit.bets.Bets`, to write the ``RaiseTo`` total); "allin (X)" is a call, bet
  or raise by what it adds; hole cards come one "received card" line at a time; no
  "collected" lines: the summary's "Collects: X" per player are the claims, its "Pot:"
  is after rake and jackpot fee; the header names no betting structure (Hold'em is no
  limit, Omaha pot limit, stud fixed limit, and a Hold'em or Omaha table whose second
  stake is twice its big blind is fixed limit); the stud streets are named one too early
  ("*** Third street ***" deals the fourth card); no tournament number in the text (the
  client's file name has it: "HH20160828 T5795043-G33949698.txt"); no currency (USD, "PM"
  tables play money); times have no zone and are read as US Eastern time.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime
from typing import ClassVar
from zoneinfo import ZoneInfo

from parser.kit.amounts import localised_units
from parser.kit.bets import Bets
from parser.kit.builder import Fail, RoomBuilder, handlers_of
from parser.kit.errors import line_error, unsupported_game
from parser.kit.grammar import grammar
from parser.kit.keyed_lexer import Markers, RoomLexer, betting_markers
from parser.kit.lexer import LineToken
from parser.kit.money import MoneyError
from parser.kit.reading import (
    SUMMARY_LINE,
    first_group,
    hand_key,
    hand_start,
    hand_text,
    read_lines,
)
from parser.kit.split import split_at_starts
from parser.kit.table import table_hand
from parser.kit.tournament import tournament_named
from parser.kit.vocabulary import game_names
from parser.model import events as ev
from parser.model.cards import Card, parse_cards
from parser.model.games import GAME_SPECS, Betting, Forced, GameSpec
from parser.model.hand import ParsedHand, Seat, Source, Stakes, Summary
from parser.rooms.winning import ROOM

SITE = "WPN"
#: "Holdem(No Limit)" and the other game names of the 2019 format -> ``GAME_SPECS`` codes.
GAMES: dict[str, str] = game_names(
    "{game}({betting})",
    {
        "Holdem": "HE",
        "Omaha": "O",
        "Omaha H/L": "O8",
        "7Stud": "7S",
        "7Stud H/L": "7S8",
        "6+ Holdem": "HE6P",
        "5Card Omaha": "O5",
        "5Card Omaha H/L": "O58",
    },
    ("No Limit", "Pot Limit", "Fixed Limit"),
)
#: The 2016 format's game names -> (code, the fixed-limit code when the stakes say so).
GAMES_2016: dict[str, tuple[str, str | None]] = {
    "Hold'em": ("NLHE", "FLHE"),
    "Omaha": ("PLO", "FLO"),
    "Omaha HiLow": ("PLO8", "FLO8"),
    "Seven Cards Stud": ("FL7S", None),
    "Seven Cards Stud HiLow": ("FL7S8", None),
    "Six Plus Hold'em": ("NLHE6P", None),
}
ZONE_2016 = ZoneInfo("America/New_York")

_HAND = re.compile(r"^(?:Game )?Hand #(\d+) - ", re.M)
_STARTED = re.compile(r"^Game started at: \d{4}/", re.M)
_GAME_ID = re.compile(r"^Game ID: (\d+) ", re.M)
#: A tournament hand's "<name> Tournament #<id> - " before the game.
_TOURNAMENT_PART = r"(?:(?P<tname>[^\n]*?)\s*Tournament #(?P<tid>\d+) - )?"
#: A tournament level's blinds ("Level 5 (25/50)"), or a cash table's ("0.02/0.05").
_STAKES_PART = (
    r"(?:Level (?P<level>\S+) \((?P<lsmall>[^/]+)/(?P<lbig>[^)]+)\)|(?P<small>[^/ ]+)/(?P<big>\S+))"
)
_HEADER = re.compile(
    rf"{_TOURNAMENT_PART}(?P<game>[^()]+\([^)]+\)) - {_STAKES_PART}"
    r"\s*- (?P<when>\d{4}/\d\d/\d\d \d\d:\d\d:\d\d) UTC"
)
_TOURNAMENT_FILE = re.compile(r"T(\d+)-G\d+")
_PART = re.compile(r"(Rake|JP Fee) (\S+)")
_STUD_2016 = {"Third": "fourth", "Fourth": "fifth", "Fifth": "sixth", "Sixth": "seventh"}
_STUD = {"4th": "fourth", "5th": "fifth", "6th": "sixth", "7th": "seventh"}
_BOARD = {"FLOP": "flop", "TURN": "turn", "RIVER": "river"}
#: A hand's betting actions: a blind written after "*** HOLE CARDS ***" (2021 tournaments)
#: is one only before the first of them.
_BETTING = (ev.Fold, ev.Check, ev.Call, ev.Bet, ev.RaiseTo, ev.Complete, ev.BringIn)
_GROUP = re.compile(r"\[([^\]]*)\]")
_WON = re.compile(r"^[^\[]*?did not show and won (\S+)")


class WinningLexer(RoomLexer):
    MARKERS: ClassVar[Markers] = (
        *betting_markers(" "),
        (r"^Dealt to ", ("DEALT_LINE",)),
        (r"^(?:Main|Side) pot", ("POT_LINE",)),
        (r"^\*\*\* ", ("BOARD_LINE", "STREET_LINE", "SHOWDOWN_LINE", "SUMMARY_LINE")),
        (r"^Seat \d+: ", ("SEAT_LINE", "WAITING_LINE", "SUMMARY_SEAT_LINE")),
        (r" posts ", ("ANTE_LINE", "BLIND_LINE", "DEAD_LINE")),
        (r" collected ", ("COLLECT_LINE",)),
        (r" shows \[", ("SHOWS_LINE",)),
    )


class Winning2016Lexer(RoomLexer):
    MARKERS: ClassVar[Markers] = (
        (r"^Player  ", ("NAMELESS_LINE",)),
        # a card dealt face down ("received a card.") or to the hero ("received card: [")
        (r" received (?:a card\.$|card: \[)", ("RECEIVED_LINE", "CARD_LINE")),
        (r"^\*?Player .*Bets: ", ("RESULT_LINE",)),
        (r"^Seat \d+: ", ("SEAT_LINE",)),
        (r"^\*\*\* ", ("BOARD_LINE", "STREET_LINE")),
        *betting_markers(r" \("),
    )


def looks_like_winning(text: str, path: str) -> bool:
    """A WPN header near the start: "Hand #N - " / "Game Hand #N - " at a line's start,
    or "Game started at:" followed by "Game ID:".

    >>> looks_like_winning("Game started at: 2016/8/2 10:50:44\\nGame ID: 1 1/2 (Hold'em)", "")
    True
    """
    head = text[:4096]
    return _HAND.search(head) is not None or (
        _STARTED.search(head) is not None and _GAME_ID.search(head) is not None
    )


def split_winning(text: str, path: str) -> Iterator[Source]:
    """One ``Source`` per hand, from each header line to the next; blank lines inside a
    hand are kept (line k of a hand is file line ``first_line + k - 1``), text before the
    first header is yielded too, to be reported."""
    lines = text.split("\n")
    starts = [
        i
        for i, line in enumerate(lines)
        if line.startswith("Game started at: ") or _HAND.match(line)
    ]
    return split_at_starts(path, lines, starts)


def identify_winning(text: str) -> tuple[str, str] | None:
    """The room and hand number of a hand's text, even when it does not parse: the new
    header's "Hand #", or the old one's "Game ID" on the line after "Game started at"."""
    head = hand_start(text)
    m = _HAND.match(head)
    if m is None and head.startswith("Game started at: "):
        m = _GAME_ID.match(head.partition("\n")[2].lstrip())
    return hand_key(SITE, m)


def hand_id_of(text: str) -> str | None:
    return first_group(_HAND.match(text) or _GAME_ID.search(text[:400]))


def parse_winning(raw: Source) -> ParsedHand:
    """Parse one hand's text (a ``Source`` from :func:`split_winning`), either format."""
    text = hand_text(raw)
    hand_id = hand_id_of(text)
    old = text.startswith("Game started at: ")
    if old:
        text = _name_the_nameless(text)
    name, lexer, summary = (
        ("winning_2016", Winning2016Lexer, "------ Summary ------")
        if old
        else ("winning", WinningLexer, SUMMARY_LINE)
    )
    lark = grammar("parser.rooms.winning", name, lexer)
    tokens = read_lines(lark, raw, text, hand_id, summary=summary, named=f"{summary!r} line")
    return _Builder(raw, hand_id).build(tokens)


_SEATED_2016 = re.compile(r"^Seat \d+: (.+) \([\d.,]+\)\.$", re.M)
_NAMED_2016 = re.compile(r"^\*?Player (\S.*?) (?:has |sitting|is |received|posts |ante |bring |"
                         r"bets|checks|calls|raises|folds|allin|caps|straddle|mucks|shows|"
                         r"does not show|wait BB)", re.M)
_NAMELESS_2016 = re.compile(r"^(\*?Player) (?= )|(?<=returned to)(?=\n)", re.M)


def _name_the_nameless(text: str) -> str:
    """The 2016 client may write a player's name empty in his lines ("Player  has big blind
    (2)", "Player  folds", "Uncalled bet (10.18) returned to") while the seat list names
    him: when exactly one seated player has no line of his own, the nameless lines are his
    (his seat is where the blinds' order puts the nameless player; the replay checks his
    turns and chips). Otherwise they stay nameless, a parse error."""
    if "\nPlayer  " not in text and "\n*Player  " not in text:
        return text
    seated = set(_SEATED_2016.findall(text))
    named = set(_NAMED_2016.findall(text))
    silent = seated - named
    if len(silent) != 1:
        return text
    (name,) = silent
    return _NAMELESS_2016.sub(lambda m: f"{m[1]} {name}" if m[1] else f" {name}", text)


class _Builder(RoomBuilder):
    """Builds one hand of either format (one ``_on_<TERMINAL>`` method per kind of line)."""

    def __init__(self, raw: Source, hand_id: str | None) -> None:
        super().__init__(raw, hand_id)
        self.bets = Bets()
        #: What each player has left, and has put in the hand.
        self.left: dict[str, int] = {}
        self.invested: dict[str, int] = {}
        self.unit = 100
        self.currency = "USD"
        self.spec: GameSpec | None = None
        self.game_name = ""
        self.small = self.big = 0
        self.cap: int | None = None
        self.started_at: datetime | None = None
        self.table = ""
        self.max_seats: int | None = None
        self.button: int | None = None
        self.tournament_id: str | None = None
        #: The tournament's name, which may state its price ("$2.20 Turbo"; issue 23 item 12).
        self.tournament_name = ""
        self.level: str | None = None
        self.boards: dict[int, list[Card]] = {1: []}
        self.run = 1
        self.dealing = False
        self.street = ""
        #: 2016 format: cards dealt so far this street (down/up by their order) per player.
        self.pending: dict[str, list[Card | None]] = {}
        self.dealt_count: dict[str, int] = {}
        self.fixed_by_stakes: str | None = None
        self.summary = Summary()
        self.claims: list[ev.Event] = []
        self.showdown = False
        self.total_written: int | None = None
        self.parts: dict[str, int] = {}

    def build(self, tokens: list[LineToken]) -> ParsedHand:
        for token in tokens:
            self.line = self.offset + token.line
            try:
                if self.pending and token.type not in ("RECEIVED_LINE", "CARD_LINE"):
                    self._flush_cards()
                _HANDLERS[token.type](self, token.match)
            except (Fail, MoneyError, ValueError) as problem:
                raise line_error(problem, token, self.raw, self.line, self.hand_id) from None
        self.events += self.claims
        assert self.spec is not None
        rake = self.parts.get("Rake")
        jackpot = self.parts.get("JP Fee", 0)
        total = None
        if self.total_written is not None:
            # WPN writes the pot after rake and jackpot fee: the pot is the three added.
            total = self.total_written + (rake or 0) + jackpot
        boards = tuple(tuple(self.boards[r]) for r in sorted(self.boards))
        summary = Summary(total_pot=total, rake=rake, jackpot=jackpot, boards=boards)
        stakes = Stakes(small=self.small, big=self.big, cap=self.cap)
        seats = self.seats.values()
        hand = table_hand(
            self, SITE, self.spec, self.game_name, stakes, seats, summary, house=ROOM.house
        )
        if self.tournament_id is None:
            return hand
        named = tournament_named(self.tournament_name, self.tournament_id, self.level)
        return replace(hand, tournament=named)

    # -- helpers -----------------------------------------------------------------------

    def _money(self, text: str) -> int:
        return localised_units(text, self.unit)

    def _put(self, name: str, amount: int, live: bool = True) -> int:
        """``name`` puts ``amount`` in; returns his bet in the round (live chips)."""
        self.left[name] = self.left.get(name, 0) - amount
        self.invested[name] = self.invested.get(name, 0) + amount
        return self.bets.add(name, amount) if live else self.bets.of(name)

    def _new_round(self) -> None:
        self.bets.new_round()

    def _stud(self) -> bool:
        return self.spec is not None and self.spec.forced is Forced.BRING_IN

    def _wager(self, name: str, added: int, all_in: bool, capped: bool = False) -> None:
        """An action written as the chips it adds: a call, a bet, a raise or a completion."""
        current = self.bets.current
        only_bring_in = self._stud() and self.street == "third" and self._bring_in_only()
        total = self._put(name, added)
        if capped and self.cap is None:
            self.cap = self.invested[name]
        if total <= current:
            self._add(ev.Call(player=name, amount=added, all_in=all_in, line=self.line))
        elif current == 0:
            self._add(ev.Bet(player=name, amount=added, all_in=all_in, line=self.line))
        elif only_bring_in:
            self._add(ev.Complete(player=name, amount=total, all_in=all_in, line=self.line))
        else:
            self._add(
                ev.RaiseTo(
                    player=name,
                    amount=total,
                    all_in=all_in and not capped,
                    capped=capped,
                    line=self.line,
                )
            )

    def _bring_in_only(self) -> bool:
        for event in reversed(self.events):
            if isinstance(event, ev.BringIn):
                return True
            if isinstance(event, ev.RaiseTo | ev.Complete | ev.Bet):
                return False
        return False

    # -- the 2019 format: header, table, seats -------------------------------------------

    def _on_HEADER_LINE(self, m: re.Match[str]) -> None:
        self.hand_id = m[2]
        found = _HEADER.fullmatch(m[3])
        if found is None:
            raise Fail("cannot read the header")
        self.game_name = found["game"]
        # The 2023 client writes a space before the betting: "Omaha H/L (No Limit)".
        code = GAMES.get(re.sub(r"\s+\(", "(", self.game_name))
        if code is None:
            # A game the header names in its own form, "5Card Omaha Reshuffle (Pot
            # Limit)", "Omaha(All-in or Fold Limit)": stored as unsupported, not lost.
            raise unsupported_game(SITE, self.game_name, self.raw, self.hand_id, self.line)
        self.spec = GAME_SPECS[code]
        small, big = found["small"], found["big"]
        if found["tid"] is not None:
            self.tournament_id = found["tid"]
            self.tournament_name = (found["tname"] or "").strip(" -")
            self.level = found["level"]
            self.currency, self.unit = "CHIPS", 1
            small, big = found["lsmall"], found["lbig"]
        self.small, self.big = self._money(small), self._money(big)
        when = datetime.strptime(found["when"], "%Y/%m/%d %H:%M:%S")
        self.started_at = when.replace(tzinfo=UTC)

    def _on_TABLE_LINE(self, m: re.Match[str]) -> None:
        quoted, name, max_seats, button = m.groups()
        self.table = quoted if quoted is not None else name
        self.max_seats = int(max_seats)
        self.button = int(button) if button else None

    def _on_SEAT_LINE(self, m: re.Match[str]) -> None:
        number, name, stack = m[1], m[2], m[3]
        if name in self.seats:
            raise Fail(f"{name!r} is seated twice")
        sitting_out = m.re.groups >= 4 and bool(m[4])
        seat = Seat(seat=int(number), name=name, stack=self._money(stack), sitting_out=sitting_out)
        self.seats[name] = seat
        self.left[name] = seat.stack
        self.names = None

    def _on_WAITING_LINE(self, m: re.Match[str]) -> None:
        """A seat taken by a player who waits for the button to pass: not in the hand."""
        self._add(
            ev.Note(note=ev.NoteKind.OTHER, player=m[2], text=m[0].rstrip("\n"), line=self.line)
        )

    # -- forced bets -------------------------------------------------------------------

    def _on_ANTE_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        amount = self._money(m[2])
        self._put(name, amount, live=False)
        self._add(ev.PostAnte(player=name, amount=amount, line=self.line))

    def _on_BLIND_LINE(self, m: re.Match[str]) -> None:
        if self.dealing and any(isinstance(e, _BETTING) for e in self.events):
            raise Fail("a blind is posted after the betting began")
        name, m = self._seated(m)
        amount = self._money(m[3])
        kind = ev.Blind.SMALL if m[2] == "small blind" else ev.Blind.BIG
        self._put(name, amount)
        all_in = m.re.groups >= 4 and bool(m[4])
        if kind is ev.Blind.BIG and self.fixed_by_stakes and 2 * amount == self.big:
            # 2016 format: "2/4" over a big blind of 2 is a fixed-limit table.
            self.spec = GAME_SPECS[self.fixed_by_stakes]
        self._add(
            ev.PostBlind(player=name, amount=amount, blind=kind, all_in=all_in, line=self.line)
        )

    def _on_DEAD_LINE(self, m: re.Match[str]) -> None:
        """ "posts dead $0.07": a newcomer's small and big blind, the big part live."""
        name, m = self._seated(m)
        amount = self._money(m[2])
        big = (
            self.big
            if self.spec is None or self.spec.betting is not Betting.FIXED_LIMIT
            else (self.small)
        )
        self._put(name, min(amount, big))
        self._put(name, amount - min(amount, big), live=False)
        self._add(
            ev.PostBlind(player=name, amount=amount, blind=ev.Blind.SMALL_AND_BIG, line=self.line)
        )

    # -- the 2019 format: dealing and betting --------------------------------------------

    def _on_SITS_OUT_LINE(self, m: re.Match[str]) -> None:
        """ "Player0 sits out" among the blinds: seated, but out of this hand."""
        name, m = self._seated(m)
        self._add(ev.Note(note=ev.NoteKind.SITS_OUT, player=name, text="sits out", line=self.line))

    def _on_HOLE_CARDS_LINE(self, m: re.Match[str]) -> None:
        self.dealing = True
        self.street = "preflop"

    def _on_THIRD_STREET_LINE(self, m: re.Match[str]) -> None:
        self.dealing = True
        self.street = "third"

    def _on_STREET_LINE(self, m: re.Match[str]) -> None:
        street = _STUD_2016.get(m[1]) or _STUD[m[1]]
        self._new_round()
        self.street = street
        self._add(ev.StreetStart(street=street, line=self.line))

    def _on_RUN_TWICE_LINE(self, m: re.Match[str]) -> None:
        self._add(ev.Note(note=ev.NoteKind.OTHER, text="run it twice", line=self.line))

    def _on_BOARD_LINE(self, m: re.Match[str]) -> None:
        groups = _GROUP.findall(m.group(m.re.groups))
        if not groups:
            # 2016 format: a stray "*** FLOP ***:" with no cards, before the deal.
            self._add(ev.Note(note=ev.NoteKind.OTHER, text=m[0].rstrip("\n"), line=self.line))
            return
        street = _BOARD[m[1]]
        run = int(m[2]) if m.re.groups == 3 and m[2] else 1
        new = parse_cards(groups[-1])
        if run not in self.boards:
            self.boards[run] = list(parse_cards(groups[0])) if len(groups) > 1 else []
        self.boards[run].extend(new)
        self._new_round()
        self.street = street
        self._add(ev.DealBoard(street=street, cards=new, run=run, line=self.line))

    def _on_POT_LINE(self, m: re.Match[str]) -> None:
        if m.re.groups == 0:
            return  # 2019: the pot after a street, a running total
        total, rake, jackpot = m.groups()
        self.total_written = self._money(total)
        if rake is not None:
            self.parts["Rake"] = self._money(rake)
        if jackpot is not None:
            self.parts["JP Fee"] = self._money(jackpot)

    def _on_DEALT_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        if not self.dealing:
            # Before the deal: the cards dealt for the button at a tournament's start.
            self._add(ev.Note(note=ev.NoteKind.OTHER, player=name, text=m[0].rstrip("\n")))
            return
        first = parse_cards(m[2])
        if self._stud():
            new = parse_cards(m[3]) if m[3] else first
            if self.street == "third" and len(new) == 3:
                self._add(ev.DealHole(player=name, cards=new[:2], up=new[2:], line=self.line))
            elif self.street == "third":
                self._add(ev.DealHole(player=name, up=new, line=self.line))
            elif self.street == "seventh":
                self._add(ev.DealHole(player=name, cards=new, line=self.line))
            else:
                self._add(ev.DealHole(player=name, up=new, line=self.line))
            return
        self._add(ev.DealHole(player=name, cards=first, line=self.line))

    def _on_CALL_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        amount = self._money(m[2])
        all_in = m.re.groups >= 3 and bool(m[3])
        self._put(name, amount)
        self._add(ev.Call(player=name, amount=amount, all_in=all_in, line=self.line))

    def _on_BET_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        if m.re.groups < 3:  # 2016: the chips added
            self._wager(name, self._money(m[2]), all_in=False)
            return
        amount = self._money(m[2])
        self._put(name, amount)
        self._add(ev.Bet(player=name, amount=amount, all_in=bool(m[3]), line=self.line))

    def _on_RAISE_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        if m.re.groups < 4:  # 2016: the chips added
            self._wager(name, self._money(m[2]), all_in=False)
            return
        total = self._money(m[3])
        added = total - self.bets.of(name)
        self._put(name, added)
        if self._stud() and self.street == "third" and self._bring_in_only():
            self._add(ev.Complete(player=name, amount=total, all_in=bool(m[4]), line=self.line))
            return
        # "raises $120.00 to $120.00": the first amount is not the increment; not kept.
        self._add(ev.RaiseTo(player=name, amount=total, all_in=bool(m[4]), line=self.line))

    def _on_CAPS_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self._wager(name, self._money(m[2]), all_in=False, capped=True)

    def _on_BRING_IN_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        amount = self._money(m[2])
        self._put(name, amount)
        self._add(ev.BringIn(player=name, amount=amount, line=self.line))

    def _on_UNCALLED_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m, group=2)
        amount = self._money(m[1])
        self.bets.take_back(name, min(amount, self.bets.of(name)))  # the engine checks B11
        self.left[name] = self.left.get(name, 0) + amount
        self.invested[name] = self.invested.get(name, 0) - amount
        self._add(ev.UncalledBetReturned(player=name, amount=amount, line=self.line))

    def _on_SHOWDOWN_LINE(self, m: re.Match[str]) -> None:
        self.run = int(m[1]) if m[1] else 1
        self._add(ev.ShowdownStart(run=self.run, line=self.line))

    def _on_SHOWS_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self._add(
            ev.Show(player=name, cards=parse_cards(m[2]), description=m[3] or "", line=self.line)
        )

    def _on_MUCKS_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self._add(ev.Muck(player=name, line=self.line))

    _on_DOESNT_SHOW_LINE = _on_MUCKS_LINE

    def _on_COLLECT_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        where, number = m[3], m[4]
        pot: int | None = 0 if where == "main pot" else int(number or 1)
        run = self.run
        if where == "main pot" and number:
            pot, run = 0, int(number)  # "main pot 2": the second run's main pot
        self._add(
            ev.Collect(player=name, amount=self._money(m[2]), pot=pot, run=run, line=self.line)
        )

    # -- the 2019 format: summary ----------------------------------------------------------

    def _on_SUMMARY_LINE(self, m: re.Match[str]) -> None:
        if m[0].startswith("------"):
            self._flush_cards()

    def _on_TOTAL_POT_LINE(self, m: re.Match[str]) -> None:
        self.total_written = self._money(m[1])
        for key, amount in _PART.findall(m[2]):
            self.parts[key] = self._money(amount)

    def _on_SUMMARY_BOARD_LINE(self, m: re.Match[str]) -> None:
        if m.re.groups == 1:  # 2016: "Board: [..]"
            return
        run = int(m[1]) if m[1] else 1
        self.boards[run] = list(parse_cards(m[2]))

    def _on_SUMMARY_SEAT_LINE(self, m: re.Match[str]) -> None:
        """An uncontested winner has no "collected" line: "Seat 7: X did not show and won
        $0.36" is the claim then."""
        won = _WON.search(m[2])
        if won is None:
            return
        seat = next((s for s in self.seats.values() if s.seat == int(m[1])), None)
        if seat is None:
            raise Fail(f"seat {m[1]} is not in the seat list")
        if not any(isinstance(e, ev.Collect) and e.player == seat.name for e in self.events):
            self.claims.append(
                ev.Collect(player=seat.name, amount=self._money(won[1]), line=self.line)
            )

    # -- the 2016 format -------------------------------------------------------------------

    def _on_STARTED_LINE(self, m: re.Match[str]) -> None:
        local = datetime.strptime(m[1], "%Y/%m/%d %H:%M:%S").replace(tzinfo=ZONE_2016)
        self.started_at = local.astimezone(UTC)

    def _on_GAME_ID_LINE(self, m: re.Match[str]) -> None:
        self.hand_id, small, big, table, game = m.groups()
        codes = GAMES_2016.get(game)
        if codes is None:
            raise Fail(f"unknown game {game!r}")
        self.game_name = game
        self.spec = GAME_SPECS[codes[0]]
        self.fixed_by_stakes = codes[1]
        self.table = table
        path_id = _TOURNAMENT_FILE.search(self.raw.path.rsplit("/", 1)[-1])
        tournament = re.search(r"^(.*), Table (\d+)$", table)
        if path_id is not None or tournament is not None:
            self.tournament_id = path_id[1] if path_id else tournament[1] if tournament else None
            self.currency, self.unit = "CHIPS", 1
            if tournament is not None:
                self.tournament_name, self.table = tournament[1], tournament[2]
        elif "PM " in table:
            self.currency = "PLAY"
        self.small, self.big = self._money(small), self._money(big)

    def _on_BUTTON_LINE(self, m: re.Match[str]) -> None:
        self.button = int(m[1])

    def _on_POSTS_LINE(self, m: re.Match[str]) -> None:
        """ "posts (5)": a newcomer's post, live (it counts toward his call: "posts (5)",
        then "calls (5)" of a 10 big blind); a blind posted above nothing, as the engine
        reads a big blind posted after the big blind (F1)."""
        name, m = self._seated(m)
        amount = self._money(m[2])
        self._put(name, amount)
        self._add(ev.PostBlind(player=name, amount=amount, blind=ev.Blind.BIG, line=self.line))

    def _on_STRADDLE_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        amount = self._money(m[2])
        self._put(name, amount)
        self._add(ev.PostBlind(player=name, amount=amount, blind=ev.Blind.STRADDLE, line=self.line))

    def _on_RECEIVED_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self.pending.setdefault(name, []).append(None)

    def _on_CARD_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self.pending.setdefault(name, []).append(Card.parse(m[2]))

    def _flush_cards(self) -> None:
        """The cards each player received since the last action, as one ``DealHole``:
        in stud the first two of 3rd street and the 7th street card are face down."""
        pending, self.pending = self.pending, {}
        stud = self._stud()
        if stud and not self.street:
            self.street = "third"
        for name, got in pending.items():
            if not stud:
                known = tuple(c for c in got if c is not None)
                if known:
                    self._add(ev.DealHole(player=name, cards=known, line=self.line))
                continue
            down: list[Card] = []
            up: list[Card] = []
            for card in got:
                count = self.dealt_count.get(name, 0)
                self.dealt_count[name] = count + 1
                if card is None:
                    continue
                (down if count in (0, 1, 6) else up).append(card)
            if down or up:
                self._add(ev.DealHole(player=name, cards=tuple(down), up=tuple(up), line=self.line))

    def _on_ALL_IN_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        if m[2] is None:
            # A disconnected player "ALL IN" for what he has put in: away at his turn
            # (B12), kept in by the room's all-in protection (ROOM.house.absent).
            self._add(ev.Note(note=ev.NoteKind.DISCONNECTED, player=name, line=self.line))
            self._add(ev.TimeOut(player=name, line=self.line))
            return
        self._wager(name, self._money(m[2]), all_in=True)

    def _on_NOTE_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        what = m[2]
        kind = {
            "is timed out.": ev.NoteKind.TIMED_OUT,
            "sitting out": ev.NoteKind.SITS_OUT,
            "wait BB": ev.NoteKind.SITS_OUT,
        }.get(what, ev.NoteKind.OTHER)
        self._add(ev.Note(note=kind, player=name, text=what, line=self.line))

    def _on_RESULT_LINE(self, m: re.Match[str]) -> None:
        """ "*Player X shows: Two pairs. Js and 4s [Jh Jd]. Bets: 980. Collects: 2010.
        Wins: 1030.": the player's shown (or mucked) cards and what he collected."""
        if m[2] not in self.seats and not self._money(m[5]) and not self._money(m[6]):
            # A player the summary lists who is in no seat line and put nothing in.
            self._add(ev.Note(note=ev.NoteKind.OTHER, player=m[2], text="not seated"))
            return
        name, m = self._seated(m, group=2)
        mucked, shown, collects = m[3], m[4], self._money(m[6])
        if shown:
            if not self.showdown:
                self.showdown = True
                self._add(ev.ShowdownStart(line=self.line))
            cards = tuple(Card.parse(c) for c in shown.split())
            self._add(ev.Show(player=name, cards=cards, line=self.line))
        elif mucked:
            self._add(
                ev.Muck(
                    player=name, cards=tuple(Card.parse(c) for c in mucked.split()), line=self.line
                )
            )
        if collects:
            self.claims.append(ev.Collect(player=name, amount=collects, line=self.line))

    def _on_ENDED_LINE(self, m: re.Match[str]) -> None:
        return

    def _on_NAMELESS_LINE(self, m: re.Match[str]) -> None:
        raise Fail(
            "a player with no name acts and is in no seat line (the room left his name "
            "empty): his chips cannot be accounted for"
        )


_HANDLERS = handlers_of(_Builder)
