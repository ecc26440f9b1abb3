"""Full Tilt Poker's own text ("Full Tilt Poker Game #") -> :class:`ParsedHand`.

Full Tilt closed in 2016, but its logs fill old databases. Its own format
(``grammars/fulltilt.lark``) differs from PokerStars' in every line: no colon after the
name ("Hero raises to $12"), "posts the small blind of $2", "Uncalled bet of $54.30
returned to X", winners as "X wins the pot ($3.47)", the button as its own line, the
stakes before or after the game name, and the clock before the date ("18:33:09 CET -
2012/11/06 [12:33:09 ET - 2012/11/06]"). PokerStars-format conversions of Full Tilt
hands ("Full Tilt Hand #") are not this format: the PokerStars room reads them, and
the registry (``parser/formats.py``) lists this reader first, recognising only the
native header.

Reconciled here (docs/sites.md): run it twice ("*** FLOP 2 ***", "wins pot 2") becomes
boards and collects of run 2; a draw's "Dealt to X [kept] [new]" fills in the draw the
discard line started; a newcomer's "posts $0.15" is his small and big blinds together;
play-money stakes may be written in thousands ("500k"); UTF-16 files with a stray odd
byte are decoded by :mod:`parser.kit.decode`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import ClassVar
from zoneinfo import ZoneInfo

from lark import Lark

from parser.kit.builder import (
    Fail,
    RoomBuilder,
    dispatch,
    extend_board,
    fill_draw,
    handlers_of,
    run_board,
    split_board,
)
from parser.kit.clock import TIME_ZONES
from parser.kit.errors import unsupported_game
from parser.kit.grammar import grammar
from parser.kit.keyed_lexer import RoomLexer
from parser.kit.lexer import LineToken
from parser.kit.money import CURRENCY_SIGNS, MoneyError, to_units, to_units_floor
from parser.kit.names import SeatNames
from parser.kit.reading import first_group, hand_text, id_at_start, read_lines
from parser.kit.split import split_at_headers
from parser.kit.table import table_hand
from parser.kit.vocabulary import UPPER_STUD_STREETS, game_names
from parser.model import events as ev
from parser.model.cards import Card, parse_cards
from parser.model.errors import IncompleteHand
from parser.model.games import GAME_SPECS, Forced, GameSpec
from parser.model.hand import ParsedHand, Seat, Source, Stakes, Summary

SITE = "Full Tilt"
HEADER_RE = re.compile(r"(?:Full Tilt Poker|FullTiltPoker) Game #(\d+)")
#: Full Tilt's game names -> GAME_SPECS codes.
GAMES: dict[str, str] = {
    **game_names(
        "{betting} {game}",
        {"Hold'em": "HE", "Omaha Hi": "O", "5 Card Draw": "5CD"},
        ("No Limit", "Pot Limit", "Limit"),
    ),
    "Pot Limit Omaha": "PLO",
    "Pot Limit Omaha H/L": "PLO8",
    "Pot Limit Omaha Hi/Lo": "PLO8",
    "Limit Omaha H/L": "FLO8",
    "Limit Omaha Hi/Lo": "FLO8",
    "No Limit Omaha H/L": "NLO8",
    "No Limit Omaha Hi/Lo": "NLO8",
    "PL 5 Card Omaha Hi": "PLO5",
    "Pot Limit 5 Card Omaha Hi": "PLO5",
    "PL 6 Card Omaha Hi": "PLO6",
    "Pot Limit 6 Card Omaha Hi": "PLO6",
    "Limit Stud Hi": "FL7S",
    "Limit Stud H/L": "FL7S8",
    "Limit Razz": "FLRAZZ",
    "Limit 2-7 Triple Draw": "FL27TD",
    "No Limit 2-7 Single Draw": "NL27SD",
    "Limit Badugi": "FLBADUGI",
    "Pot Limit Courchevel Hi": "PLCOUR",
    "Pot Limit Courchevel H/L": "PLCOUR8",
    "Pot Limit Courchevel Hi/Lo": "PLCOUR8",
}
#: From 2013 the header abbreviates the limit ("NL Hold'em", "PL Omaha Hi", "FL Badugi");
#: every game is written both ways, so the short names are derived, not listed.
_SHORT_LIMITS = (("No Limit ", "NL "), ("Pot Limit ", "PL "), ("Limit ", "FL "))
GAMES.update(
    {
        short + name[len(long) :]: code
        for name, code in list(GAMES.items())
        for long, short in _SHORT_LIMITS
        if name.startswith(long)
    }
)
_GAME_NAMES = "|".join(re.escape(g) for g in sorted(GAMES, key=len, reverse=True))
_HEADER = re.compile(r"(?:Full Tilt Poker|FullTiltPoker) Game #(?P<id>\d+): (?P<rest>.*)")
_TIME = re.compile(
    r" - (?P<clock>\d{1,2}:\d{2}(?::\d{2})?) (?P<tz>[A-Z]{1,5}) - "
    r"(?:(?P<date>\d{4}/\d{1,2}/\d{1,2})|\w+, (?P<month>\w+) (?P<day>\d{1,2}), (?P<year>\d{4}))"
    r"(?: \[(?P<clock2>\d{1,2}:\d{2}:\d{2}) ET - (?P<date2>\d{4}/\d{1,2}/\d{1,2})\])?"
    r"(?: \(partial\))?\s*$"
)
#: "$1 Cap" names the cap, and so does the 2010 bare "$400 Pot Limit Omaha Hi" (40 big
#: blinds at $5/$10: its players' "bets $295, and is capped" stop at $400 in all, B4);
#: the 2013 "CAP NL Hold'em" tables name none (the cap is left unset: the log's own bets
#: are replayed, and no capped table lets a bet beyond it).
_GAME = re.compile(
    rf"(?:(?P<cap>[$€£]?[\d,.]+) Cap |CAP |(?P<bare_cap>[$€£][\d,.]+) )?(?P<game>{_GAME_NAMES})"
)
_STAKES = re.compile(
    r"(?P<small>[$€£]?[\d,.]+[kK]?)/(?P<big>[$€£]?[\d,.]+[kK]?)"
    r"(?: Ante (?P<ante>[$€£]?[\d,.]+[kK]?))?"
)
_TABLE = re.compile(
    r"(?:(?P<tour>.*?)\((?P<tid>\d+)\),? )?(?:Table |Match )?(?P<table>.*?)"
    r"(?: \((?P<info>[^)]*)\))?$"
)
_MONTHS = {
    month: number
    for number, month in enumerate(
        (
            "January",
            "February",
            "March",
            "April",
            "May",
            "June",
            "July",
            "August",
            "September",
            "October",
            "November",
            "December",
        ),
        start=1,
    )
}
_TOTAL = re.compile(r"(?P<total>[$€£]?[\d,.]+[kK]?)(?P<rest>.*)")
_RAKE = re.compile(r"\| Rake (?P<rake>[$€£]?[\d,.]+[kK]?)")
_CARD_GROUP = re.compile(r"\[([^\]]*)\]")
#: a summary seat line glued to the next one (see ``_on_SUMMARY_SEAT_LINE``)
_GLUED_SEAT = re.compile(r" Seat (\d+): ")
_SUMMARY_WON = re.compile(r"(?:collected|won) \(([$€£]?\d+(?:,\d{3})*(?:\.\d+)?[kK]?)\)")
_STUD_STREETS = UPPER_STUD_STREETS
_DRAWS = {"FIRST DRAW": "first_draw", "SECOND DRAW": "second_draw", "THIRD DRAW": "third_draw"}
_BLINDS = {
    "small blind": ev.Blind.SMALL,
    "big blind": ev.Blind.BIG,
    "dead small blind": ev.Blind.DEAD,
}


def looks_like_fulltilt(text: str, path: str) -> bool:
    """Is this Full Tilt's own text (not a PokerStars-format conversion)?

    >>> looks_like_fulltilt("Full Tilt Poker Game #1: Table A - $1/$2 - x", "f")
    True
    >>> looks_like_fulltilt("Full Tilt Hand #1: Hold'em No Limit ($1/$2)", "f")
    False
    """
    return HEADER_RE.search(text[:4096]) is not None


def identify_fulltilt(text: str) -> tuple[str, str] | None:
    """The room and hand number of a hand's text, even when it does not parse."""
    return id_at_start(HEADER_RE, SITE, text)


def split_fulltilt(text: str, path: str) -> Iterator[Source]:
    """One :class:`Source` per hand (:func:`parser.kit.split.split_at_headers`), archive
    separators "**** # 3 ****" and "BEGIN" dropped."""
    return split_at_headers(text, path, HEADER_RE, "Game #", _separator)


def _separator(line: str) -> bool:
    """An archive separator (FTP's "***** # 3 *****", Hold'em Manager's "BEGIN")."""
    return (line.startswith("*****") and " # " in line) or line == "BEGIN"


class _Lexer(RoomLexer):
    KEYS: ClassVar[dict[str, tuple[str, ...]]] = {
        "folds": ("FOLD_LINE",),
        "checks": ("CHECK_LINE",),
        "calls": ("CALL_LINE",),
        "bets": ("BET_LINE",),
        "raises": ("RAISE_LINE",),
        "antes": ("ANTE_LINE",),
        "posts": ("BLIND_LINE", "DEAD_BLIND_LINE"),
        "brings": ("BRING_IN_LINE",),
        "completes": ("COMPLETE_LINE",),
        "discards": ("DISCARD_LINE",),
        "stands": ("STAND_PAT_LINE", "NOTE_LINE"),
        "shows": ("SHOWS_LINE",),
        "mucks": ("MUCKS_LINE",),
        "wins": ("WINS_LINE", "NOTE_LINE"),
        "ties": ("WINS_LINE",),
        "***": (
            "HOLE_CARDS_LINE",
            "THIRD_STREET_LINE",
            "DEAL_LINE",
            "BOARD_LINE",
            "STREET_LINE",
            "DRAW_LINE",
            "SHOWDOWN_LINE",
            "SUMMARY_LINE",
        ),
        "Seat": ("SEAT_LINE", "SUMMARY_SEAT_LINE"),
        "Dealt": ("DEALT_LINE",),
        "Uncalled": ("UNCALLED_LINE",),
        "Total": ("TOTAL_POT_LINE",),
        "Board:": ("SUMMARY_BOARD_LINE",),
        "Pot": ("POT_LINE",),
        "The": ("BUTTON_LINE",),
        "Full": ("HEADER_LINE",),
        "FullTiltPoker": ("HEADER_LINE",),
    }
    _VERB = re.compile(
        r" (folds|checks|calls|bets|raises|antes|posts|brings|completes|discards|stands"
        r"|shows|mucks|wins|ties)\b"
    )

    def key(self, line: str) -> str:
        first = line.split(" ", 1)[0]
        if first in self.keys:
            return first
        found = self._VERB.search(line)
        return found[1] if found else ""


def parse_fulltilt(raw: Source) -> ParsedHand:
    """Parse one Full Tilt hand (a :class:`Source` from :func:`split_fulltilt`)."""
    text = hand_text(raw)
    hand_id = first_group(_HEADER.match(text.split("\n", 1)[0]), "id")
    _refuse_unknown_game(raw, text.split("\n", 1)[0], hand_id)
    _refuse_partial(raw, text, hand_id)
    tokens = read_lines(_grammar(), raw, text, hand_id, summary="*** SUMMARY")
    return _Builder(raw, hand_id).build(tokens)


#: A header part "<limit> <game>" naming a game GAMES does not ("Limit A-5 Triple Draw",
#: "No Limit Irish", "Limit 5 Card Stud").
_OTHER_GAME = re.compile(r"(?:CAP )?(?:No Limit|Pot Limit|Limit|NL|PL|FL) \S.*")


def _refuse_unknown_game(raw: Source, header: str, hand_id: str | None) -> None:
    """A game with no GameSpec row is ``UnsupportedGame``: the hand is stored as
    unsupported, not lost and not invalid. Checked before the lines are read, as those
    games' lines (Irish's discards after the flop, 5 Card Stud's 2nd street) are not the
    grammar's."""
    h = _HEADER.match(header)
    when = _TIME.search(h["rest"]) if h else None
    if h is None or when is None:
        return  # the builder says what is wrong with the header
    parts = h["rest"][: when.start()].split(" - ")
    if any(_GAME.fullmatch(p) for p in parts):
        return
    other = next((p for p in parts[1:] if _OTHER_GAME.fullmatch(p)), None)
    if other is not None:
        raise unsupported_game(SITE, other, raw, hand_id)


def _grammar() -> Lark:
    return grammar("parser.rooms.fulltilt", "fulltilt", _Lexer)


def _refuse_partial(raw: Source, text: str, hand_id: str | None) -> None:
    """A "partial" hand (the header, marked "(partial)" or not, then the summary: no seat
    list, no play) cannot be replayed: ``IncompleteHand``, as iPoker's partial exports are
    (docs/sites.md), not a parse error."""
    lines = [line for line in text.split("\n")[1:] if line.strip()]
    if lines and lines[0].startswith("*** SUMMARY"):
        raise IncompleteHand(
            "a partial hand: the header and the summary, no seat list and no play",
            hand_id=hand_id,
            path=raw.path,
            line=raw.first_line,
        )
    if lines and not any(line.startswith("Seat ") for line in lines[:2]) and any(
        line.startswith("*** SUMMARY") for line in lines
    ):
        # A 2006 observed hand written without its seat list ("Observed.No.player.stacks"):
        # its play is there, its stacks are not, and the rules need them (all-ins, B10).
        raise IncompleteHand(
            "a hand written without its seat list: the players' stacks are not in the file",
            hand_id=hand_id,
            path=raw.path,
            line=raw.first_line + 1,
        )


def _when(h: re.Match[str]) -> datetime:
    """The hand's start in UTC: the bracketed ET time when given, else the zone named."""
    if h["clock2"]:
        clock, date, zone = h["clock2"], h["date2"], "ET"
        year, month, day = (int(x) for x in date.split("/"))
    else:
        clock, zone = h["clock"], h["tz"]
        if h["date"]:
            year, month, day = (int(x) for x in h["date"].split("/"))
        else:
            year, month, day = int(h["year"]), _MONTHS[h["month"]], int(h["day"])
    name = TIME_ZONES.get(zone)
    if name is None:
        raise Fail(f"unknown time zone {zone!r}")
    hour, minute, *second = (int(x) for x in clock.split(":"))
    local = datetime(
        year, month, day, hour, minute, second[0] if second else 0, tzinfo=ZoneInfo(name)
    )
    return local.astimezone(UTC)


class _Builder(RoomBuilder):
    """Builds one hand."""

    def __init__(self, raw: Source, hand_id: str | None) -> None:
        super().__init__(raw, hand_id)
        self.spec: GameSpec = GAME_SPECS["NLHE"]
        self.unit = 100
        self.currency = "USD"
        self.tournament_id: str | None = None
        self.started_at: datetime | None = None
        self.table = ""
        self.max_seats: int | None = None
        self.level: str | None = None  # the room writes no level in its hands
        self.stakes = Stakes(small=0, big=0)
        self.button: int | None = None
        self.stud = self.draw = False
        self.street = ""
        self.total_pot: int | None = None
        self.rake: int | None = None
        self.boards: dict[int, list[Card]] = {1: []}
        self.summary_boards: list[tuple[Card, ...]] = []
        self.run = 1
        self.twice = False
        self.summary_wins: list[tuple[str, int, int]] = []

    # -- driver ------------------------------------------------------------------------

    def build(self, tokens: list[LineToken]) -> ParsedHand:
        dispatch(self, tokens, _HANDLERS, (Fail, MoneyError, ValueError, KeyError))
        assert self.hand_id is not None
        self._summary_collects()
        summary = Summary(
            total_pot=self.total_pot, rake=self.rake, boards=tuple(self.summary_boards)
        )
        return table_hand(
            self, SITE, self.spec, self.spec.name, self.stakes, self.seats.values(), summary
        )

    # -- helpers -----------------------------------------------------------------------

    def _money(self, text: str) -> int:
        if text[-1] in "kK":  # play money in thousands: "500k"
            return to_units(text[:-1], self.unit) * 1000
        return to_units(text, self.unit)

    # -- header, seats -------------------------------------------------------------------

    def _on_HEADER_LINE(self, m: re.Match[str]) -> None:
        h = _HEADER.match(m[0].rstrip("\n"))
        if h is None:  # the lexer's terminal only needs the first word (found by fuzzing)
            raise Fail("cannot read the header: expected 'Full Tilt Poker Game #N: ...'")
        rest = h["rest"]
        when = _TIME.search(rest)
        if when is None:
            raise Fail("cannot read the time")
        self.started_at = _when(when)
        parts = rest[: when.start()].split(" - ")
        game_at = next((i for i, p in enumerate(parts) if _GAME.fullmatch(p)), None)
        stakes_at = next((i for i, p in enumerate(parts) if _STAKES.fullmatch(p)), None)
        if game_at is None:
            raise Fail(f"unknown game in {rest[: when.start()]!r}")
        if stakes_at is None:
            raise Fail("no stakes in the header")
        game = _GAME.fullmatch(parts[game_at])
        assert game is not None
        self.spec = GAME_SPECS[GAMES[game["game"]]]
        self.stud = self.spec.forced is Forced.BRING_IN
        self.draw = any(s.draw for s in self.spec.streets)
        table = _TABLE.fullmatch(" - ".join(parts[: min(game_at, stakes_at)]))
        assert table is not None
        self.table = table["table"]
        info = table["info"] or ""
        if table["tid"]:
            self.tournament_id = table["tid"]
            self.unit, self.currency = 1, "CHIPS"
        stakes = _STAKES.fullmatch(parts[stakes_at])
        assert stakes is not None
        if self.tournament_id is None:
            sign = stakes["small"][0]
            if sign in CURRENCY_SIGNS:
                self.currency = CURRENCY_SIGNS[sign]
            else:
                self.unit, self.currency = 1, "PLAY"
        seats = re.match(r"(\d+) max", info)
        self.max_seats = int(seats[1]) if seats else 2 if "heads up" in info else None
        cap_text = game["cap"] or game["bare_cap"]
        cap = self._money(cap_text) if cap_text else None
        self.stakes = Stakes(
            small=self._money(stakes["small"]),
            big=self._money(stakes["big"]),
            ante=self._money(stakes["ante"]) if stakes["ante"] else 0,
            cap=cap,
        )

    def _on_SEAT_LINE(self, m: re.Match[str]) -> None:
        number, name, stack, out = m.groups()
        if name in self.seats:
            raise Fail(f"{name!r} is seated twice")
        self.seats[name] = Seat(
            seat=int(number), name=name, stack=self._money(stack), sitting_out=bool(out)
        )
        self.names = None

    def _on_BUTTON_LINE(self, m: re.Match[str]) -> None:
        self.button = int(m[1])

    # -- forced bets ---------------------------------------------------------------------

    def _on_ANTE_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self._add(
            ev.PostAnte(
                player=name, amount=self._money(m[2]), all_in="all in" in m[3], line=self.line
            )
        )

    def _on_BLIND_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self._add(
            ev.PostBlind(
                player=name,
                amount=self._money(m[3]),
                blind=_BLINDS[m[2]],
                all_in="all in" in m[4],
                line=self.line,
            )
        )

    def _on_DEAD_BLIND_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        amount = self._money(m[2])
        blind = ev.Blind.SMALL_AND_BIG if amount > self.stakes.big else ev.Blind.BIG
        self._add(
            ev.PostBlind(
                player=name, amount=amount, blind=blind, all_in="all in" in m[3], line=self.line
            )
        )

    # -- dealing -------------------------------------------------------------------------

    def _on_HOLE_CARDS_LINE(self, m: re.Match[str]) -> None:
        self.street = self.spec.streets[0].name

    _on_THIRD_STREET_LINE = _on_DEAL_LINE = _on_HOLE_CARDS_LINE

    def _on_BOARD_LINE(self, m: re.Match[str]) -> None:
        # Courchevel's "*** FLOPET *** [9h]": the first flop card, before the pre-flop
        # betting; its "*** FLOP *** [9s Kd]" then writes only the two new cards.
        self.street = street = "preflop" if m[1] == "FLOPET" else m[1].lower()
        run = int(m[2]) if m[2] else 1
        if run > 1:
            self.twice = True
        groups = [parse_cards(g) for g in _CARD_GROUP.findall(m[3])]
        if len(groups) > 1:
            old, new = split_board(groups)
            board = run_board(self.boards, run, old)
        else:  # one group: the whole board so far, or (Courchevel's flop) the new cards
            board = run_board(self.boards, run, ())
            cards = groups[0]
            whole = tuple(cards[: len(board)]) == tuple(board)
            old, new = tuple(board), tuple(cards[len(board) :] if whole else cards)
        self._add(extend_board(board, old, new, street, run, self.line))

    def _on_STREET_LINE(self, m: re.Match[str]) -> None:
        self.street = _STUD_STREETS[m[1]]
        self._add(ev.StreetStart(street=self.street, line=self.line))

    def _on_DRAW_LINE(self, m: re.Match[str]) -> None:
        if m[1] == "DRAW":
            draws = [s.name for s in self.spec.streets if s.draw]
            street = draws[0] if draws else "first_draw"
        else:
            street = _DRAWS[m[1]]
        if street not in self.spec.street_names:
            raise Fail(f"{self.spec.name} has no {m[1].lower()}")
        self.street = street
        self._add(ev.StreetStart(street=street, line=self.line))

    def _on_DEALT_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        first = parse_cards(m[2])
        second = parse_cards(m[3]) if m[3] is not None else None
        if self.stud:
            new = second if second is not None else first
            if self.street == "third" and second is None and len(new) == 3:
                self._add(ev.DealHole(player=name, cards=new[:2], up=new[2:], line=self.line))
            elif self.street == "seventh":
                self._add(ev.DealHole(player=name, cards=new, line=self.line))
            else:
                self._add(ev.DealHole(player=name, up=new, line=self.line))
            return
        if self.draw and self.street.endswith("_draw"):
            fill_draw(self.events, name, second if second is not None else first)
            return  # drawn, or stood pat: the same cards again
        self._add(ev.DealHole(player=name, cards=first, line=self.line))

    # -- betting -------------------------------------------------------------------------

    def _on_CALL_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self._add(
            ev.Call(player=name, amount=self._money(m[2]), all_in="all in" in m[3], line=self.line)
        )

    def _on_BET_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self._add(
            ev.Bet(player=name, amount=self._money(m[2]), all_in="all in" in m[3], line=self.line)
        )

    def _on_RAISE_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self._add(
            ev.RaiseTo(
                player=name, amount=self._money(m[2]), all_in="all in" in m[3], line=self.line
            )
        )

    def _on_BRING_IN_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self._add(
            ev.BringIn(
                player=name, amount=self._money(m[2]), all_in="all in" in m[3], line=self.line
            )
        )

    def _on_COMPLETE_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self._add(
            ev.Complete(
                player=name, amount=self._money(m[2]), all_in="all in" in m[3], line=self.line
            )
        )

    def _on_DISCARD_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        cards = parse_cards(m[3]) if m[3] else ()
        self._add(ev.Draw(player=name, count=int(m[2]), discarded=cards, line=self.line))

    def _on_STAND_PAT_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self._add(ev.Draw(player=name, count=0, line=self.line))

    def _on_DRAWN_LINE(self, m: re.Match[str]) -> None:
        return  # "X is dealt 2 cards": the discard line already said how many

    # -- the end of the hand ---------------------------------------------------------------

    def _on_UNCALLED_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m, group=2)
        self._add(ev.UncalledBetReturned(player=name, amount=self._money(m[1]), line=self.line))

    def _on_RUN_TWICE_LINE(self, m: re.Match[str]) -> None:
        self.twice = True

    def _on_SHOWDOWN_LINE(self, m: re.Match[str]) -> None:
        self.run = int(m[1]) if m[1] else 1
        self._add(ev.ShowdownStart(run=self.run, line=self.line))

    def _on_SHOWS_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        if m[2] is None:
            return  # a run's description of cards already shown
        self._add(
            ev.Show(player=name, cards=parse_cards(m[2]), description=m[3] or "", line=self.line)
        )

    def _on_MUCKS_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self._add(ev.Muck(player=name, cards=parse_cards(m[2]) if m[2] else (), line=self.line))

    def _on_WINS_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        amount, whole = to_units_floor(m[4].rstrip("kK"), self.unit)
        if m[4][-1] in "kK":
            amount *= 1000
        where = m[3]
        run = int(where.split()[-1]) if self.twice and where.startswith("pot ") else self.run
        pot = 0 if "main" in where else 1 if "side" in where else None
        self._add(
            ev.Collect(player=name, amount=amount, pot=pot, run=run, whole=whole, line=self.line)
        )

    def _on_HIGH_LOW_LINE(self, m: re.Match[str]) -> None:
        return  # the hi/lo description of a hand already shown

    # -- summary -------------------------------------------------------------------------

    def _on_SUMMARY_LINE(self, m: re.Match[str]) -> None:
        return

    _on_POT_LINE = _on_SUMMARY_LINE

    def _on_TOTAL_POT_LINE(self, m: re.Match[str]) -> None:
        found = _TOTAL.match(m[1])
        if found is None:
            raise Fail("cannot read the total pot")
        self.total_pot = self._money(found["total"])
        rake = _RAKE.search(found["rest"])
        if rake is not None:
            self.rake = self._money(rake["rake"])

    def _on_SUMMARY_BOARD_LINE(self, m: re.Match[str]) -> None:
        self.summary_boards.append(parse_cards(m[1]))

    def _on_SUMMARY_SEAT_LINE(self, m: re.Match[str]) -> None:
        number, text = int(m[1]), m[2]
        glued = _GLUED_SEAT.search(text)
        if glued is not None and not any(s.seat == number for s in self.seats.values()):
            # "Seat 3: Player4 Seat 4: Player1 (big blind) collected ($0.50), mucked": the
            # line of a seat that is not in the hand (no seat line, no action) is written
            # with no end, glued to the next seat's line, which is the one read.
            number, text = int(glued[1]), text[glued.end() :]
        won = _SUMMARY_WON.search(text)
        if won is not None:
            seat = next((s for s in self.seats.values() if s.seat == number), None)
            if seat is None:
                raise Fail(f"seat {m[1]} is not in the seat list")
            self.summary_wins.append((seat.name, self._money(won[1]), self.line))

    def _on_MAX_SEATS_LINE(self, m: re.Match[str]) -> None:
        self.max_seats = int(m[1])

    def _summary_collects(self) -> None:
        """Some logs (walks, tournaments) print no "wins the pot" line: the summary's
        "collected (40)" is then the log's only claim, and becomes the ``Collect``."""
        if any(isinstance(e, ev.Collect) for e in self.events):
            return
        for name, amount, line in self.summary_wins:
            self._add(ev.Collect(player=name, amount=amount, line=line))

    # -- notes ---------------------------------------------------------------------------

    def _on_NOTE_LINE(self, m: re.Match[str]) -> None:
        names = self.names or SeatNames(self.seats)
        found = names.resolve(m)
        player = found[0] if found else m[1]
        self._add(
            ev.Note(note=ev.NoteKind.OTHER, player=player, text=m[0].rstrip("\n"), line=self.line)
        )

    def _on_TEXT_LINE(self, m: re.Match[str]) -> None:
        self._add(ev.Note(note=ev.NoteKind.OTHER, text=m[1], line=self.line))

    def _on_CHAT_LINE(self, m: re.Match[str]) -> None:
        self._add(ev.Note(note=ev.NoteKind.CHAT, player=m[1], text=m[2], line=self.line))


_HANDLERS = handlers_of(_Builder)
