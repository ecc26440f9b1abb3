"""Bovada / Ignition / Bodog text -> :class:`ParsedHand` (``grammars/bovada.lark``).

The room's logs are anonymous: each line names a seat by its position at the table
("Big Blind", "UTG+2", "Dealer", stud's "Seat+3"), the hero's with " [ME]". Players are
named "Hero" (the ``[ME]`` seat) and "Seat N" (N as the log numbers the seat), as FPDB
does, so a cash session's seats keep their names from hand to hand.

What the room writes differently, and how it is reconciled here (docs/sites.md):

- No stakes in cash headers: the blinds are read from the forced bets (the Table Info
  line's "Stakes" when a blind is missing); fixed limit's small bet is the big blind.
- Raises: "Raises $X to $Y" (the amount added, then the total) and, in older logs,
  "Raises $Y" (the total only); both become ``RaiseTo(Y)``.
- "All-in $X" is the amount added, whatever the action: a bet, a call or a raise, decided
  from what the player and the table have in front of them on this street (tracked here).
  Before the deal it is an all-in blind or ante.
- Showdown lines show the best five cards, not the hole cards; ``Show`` carries the hole
  cards the deal lines gave ("Card dealt to a spot": every player's are in the log).
- "Hand result" lines are paid after rake; when the summary names no rake, the engine
  takes it as the total pot less the results (the room writes none in newer logs).
- Tournament seats are numbered by the room's own ids (103, 126, 58...), listed in table
  order: the seats are then renumbered 1..n in that order, and "Set dealer [6]" is the
  6th. Uncalled bets are often unlogged: the engine returns them (B11, with a note).
- Older logs deal the board as "Card dealt to table [..]" with no street markers.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from itertools import pairwise
from typing import ClassVar
from zoneinfo import ZoneInfo

from parser.kit.builder import Fail, check_board, dispatch, handlers_of
from parser.kit.errors import hand_error
from parser.kit.grammar import grammar
from parser.kit.keyed_lexer import RoomLexer
from parser.kit.lexer import LineToken
from parser.kit.money import MoneyError, to_units, to_units_floor
from parser.kit.reading import (
    first_group,
    hand_start,
    hand_text,
    header_near_start,
    read_lines,
    repeats_dropped,
)
from parser.kit.split import split_at_headers
from parser.kit.table import button_before_small_blind, table_hand
from parser.kit.vocabulary import UPPER_STUD_STREETS, game_codes
from parser.model import events as ev
from parser.model.cards import Card, parse_cards
from parser.model.games import GAME_SPECS, Forced, GameSpec
from parser.model.hand import ParsedHand, Seat, Source, Stakes, Summary

SITE = "Bovada"
#: A hand's first line (also inside a line glued to a truncated one).
HEADER_RE = re.compile(r"(Bovada|Ignition|Bodog[^\s#]*(?: UK| Canada)?) Hand #C?(\d+)")
_HEADER = re.compile(
    r"(?P<site>Bovada|Ignition|Bodog[^\s#]*(?: UK| Canada)?) Hand #C?(?P<id>\d+):?\s+"
    r"(?:Zone Poker ID#(?P<zone>\d+)\s+)?(?:TBL#(?P<table>\S+?),?\s+)?"
    r"(?P<game>HOLDEM(?:ZonePoker)?|OMAHA(?: HiLo)?|7CARD(?: HiLo)?)\s+"
    r"(?:Tournament #(?P<tid>[\w-]+)\s+TBL#(?P<ttable>\d+),?\s+)?"
    r"(?:1 on 1\s+)?(?P<limit>No Limit|Pot Limit|Fixed Limit|[A-Z][A-Za-z ]*?)?\s*-?\s*"
    r"(?:Level (?P<level>\d+) \((?P<sb>[\d,.]+)/(?P<bb>[\d,.]+)\))?\s*(?:\[[^\]]*\])?"
    r"\s+-\s+(?P<date>\d{4}-\d\d-\d\d) (?P<clock>\d\d:\d\d:\d\d)(?P<utc> UTC)?\s*$"
)
#: The room's game words and betting -> GAME_SPECS codes; "Normal", "Turbo" (tournament
#: speeds written where the betting would be) take the game's usual betting.
GAMES: dict[tuple[str, str], str] = {
    **game_codes(
        {"HOLDEM": "HE", "OMAHA": "O", "OMAHA HiLo": "O8"},
        ("No Limit", "Pot Limit", "Fixed Limit"),
    ),
    ("7CARD", "Fixed Limit"): "FL7S",
    ("7CARD HiLo", "Fixed Limit"): "FL7S8",
}
_USUAL = {"HOLDEM": "No Limit", "OMAHA": "Pot Limit", "OMAHA HiLo": "Pot Limit"}
_ET = ZoneInfo("America/New_York")
_STAKES_INFO = re.compile(r"Stakes: (\$?\d+(?:,\d{3})*(?:\.\d+)?)-(\$?\d+(?:,\d{3})*(?:\.\d+)?)")
_CARD_GROUP = re.compile(r"\[([^\]]*)\]")
#: A player's betting decisions (stud logs without street markers: one ends a deal).
_ACTIONS = (ev.Fold, ev.Check, ev.Call, ev.Bet, ev.RaiseTo, ev.BringIn, ev.Complete)
_STUD_STREETS = UPPER_STUD_STREETS


def looks_like_bovada(text: str, path: str) -> bool:
    """Is this Bovada text? A header in the first lines says so.

    >>> looks_like_bovada("Ignition Hand #3340409736 TBL#1 HOLDEM No Limit - x", "f")
    True
    """
    return header_near_start(HEADER_RE, text)


def identify_bovada(text: str) -> tuple[str, str] | None:
    """The room (Bovada, Ignition, Bodog) and hand number of a hand's text, even when it
    does not parse.

    >>> identify_bovada("Bodog UK Hand #C12: HOLDEM No Limit"), identify_bovada("x")
    (('Bodog', '12'), None)
    """
    m = HEADER_RE.match(hand_start(text))
    if m is None:
        return None
    return site_name(m[1]), m[2]


def site_name(site: str) -> str:
    """The room a header's site word names (every Bodog skin is Bodog)."""
    return "Ignition" if site == "Ignition" else "Bodog" if site.startswith("Bodog") else SITE


def split_bovada(text: str, path: str) -> Iterator[Source]:
    """One :class:`Source` per hand, each knowing its first file line
    (:func:`parser.kit.split.split_at_headers`)."""
    return split_at_headers(text, path, HEADER_RE, "Hand #")


class _Lexer(RoomLexer):
    KEYS: ClassVar[dict[str, tuple[str, ...]]] = {
        # the first four letters after " : "
        "Card": ("DEALT_LINE",),
        "Fold": ("FOLD_LINE",),
        "Chec": ("CHECK_LINE",),
        "Call": ("CALL_LINE",),
        "Bets": ("BET_LINE",),
        "D be": ("BET_LINE",),
        "Doub": ("BET_LINE", "NOTE_LINE"),
        "Rais": ("RAISE_LINE",),
        "All-": ("ALL_IN_RAISE_LINE", "ALL_IN_LINE"),
        "Retu": ("UNCALLED_LINE",),
        "Show": ("SHOWDOWN_LINE",),
        "Does": ("DOESNT_SHOW_LINE",),
        "Muck": ("MUCKS_LINE",),
        "Hand": ("RESULT_LINE",),
        "Set ": ("DEALER_LINE",),
        "Smal": ("SMALL_BLIND_LINE",),
        "Ante": ("SMALL_BLIND_LINE", "ANTE_LINE"),
        "Big ": ("BIG_BLIND_LINE",),
        "Post": ("POST_LINE", "DEAD_LINE"),
        "Brin": ("BRING_IN_LINE",),
        **{
            word: ("NOTE_LINE",)
            for word in (
                "Ente",
                "Leav",
                "Sit ",
                "Re-j",
                "Stan",
                "Sito",
                "Tabl",
                "Rank",
                "Priz",
                "BOUN",
                "Draw",
                "Rebu",
                "Addo",
            )
        },
        # lines that start with a fixed text: their first four letters
        "*** ": (
            "HOLE_CARDS_LINE",
            "THIRD_STREET_LINE",
            "BOARD_LINE",
            "STREET_LINE",
            "SUMMARY_LINE",
        ),
        "Tota": ("TOTAL_POT_LINE",),
        "Boar": ("SUMMARY_BOARD_LINE",),
        "Play": ("PLAYER_INFO_LINE",),
        "Seat": (
            "SEAT_LINE",
            "STUD_SEAT_LINE",
            "SUMMARY_SEAT_LINE",
            "PLAYER_INFO_LINE",
            "NOTE_LINE",
            "BARE_NOTE_LINE",
        ),
        "Bova": ("HEADER_LINE",),
        "Igni": ("HEADER_LINE",),
        "Bodo": ("HEADER_LINE",),
    }

    def key(self, line: str) -> str:
        at = line.find(" : ")
        if at > 0 and not line.startswith(("Seat ", "*** ")):
            return line[at + 3 : at + 7]
        return line[:4]


def parse_bovada(raw: Source) -> ParsedHand:
    """Parse one Bovada hand (a :class:`Source` from :func:`split_bovada`)."""
    text = hand_text(raw)
    hand_id = first_group(_HEADER.match(text.split("\n", 1)[0]), "id")
    lark = grammar("parser.rooms.bovada", "bovada", _Lexer)
    # A line written again right after itself (the client's resend) is read once.
    return _Builder(raw, hand_id).build(repeats_dropped(read_lines(lark, raw, text, hand_id)))


class _Builder:
    """Builds one hand; holds what each seat has put in on the current street."""

    def __init__(self, raw: Source, hand_id: str | None) -> None:
        self.raw = raw
        self.hand_id = hand_id
        self.offset = raw.first_line - 1
        self.line = 0
        self.spec: GameSpec = GAME_SPECS["NLHE"]
        self.site = SITE
        self.unit = 100
        self.currency = "USD"
        self.tournament_id: str | None = None
        self.level: str | None = None
        self.max_seats: int | None = None  # the room writes no table size
        self.started_at: datetime | None = None
        self.table = ""
        self.header_stakes: tuple[int, int] | None = None
        self.info_stakes: tuple[int, int] | None = None
        self.seat_rows: list[tuple[int, str, bool, int]] = []  # number, label, me, stack
        self.seats: list[Seat] = []
        self.by_label: dict[str, str] = {}
        self.button: int | None = None
        self.events: list[ev.Event] = []
        self.stud = False
        self.dealt = False
        self.street = ""
        self.put: dict[str, int] = {}
        self.dealt_here: set[str] = set()  # stud: the seats dealt a card this street
        self.top = 0
        self.holes: dict[str, tuple[Card, ...]] = {}
        self.board: list[Card] = []
        self.blinds: dict[ev.Blind, int] = {}
        self.antes = False
        self.ante = 0
        self.bring_in: int | None = None
        self.bets: list[int] = []  # stud: the first bets seen, for the stakes
        self.total_pot: int | None = None
        self.rake: int | None = None
        self.summary_board: tuple[Card, ...] | None = None
        self.board_line = 0
        # Older logs that print no board during the hand: the summary's board, dealt as
        # each betting round closes (None: the hand prints its board).
        self.unprinted: tuple[Card, ...] | None = None
        self.acted: set[str] = set()  # who has acted since the round's last bet or raise
        self.out: set[str] = set()  # folded or all in: no more decisions
        self.folded: set[str] = set()
        self.spent: dict[str, int] = {}  # chips put in over the hand

    # -- driver ------------------------------------------------------------------------

    def build(self, tokens: list[LineToken]) -> ParsedHand:
        self.unprinted = _unprinted_board(tokens)
        dispatch(self, tokens, _HANDLERS, (Fail, MoneyError, ValueError))
        return self._hand()

    def _hand(self) -> ParsedHand:
        assert self.hand_id is not None
        boards = (self.summary_board,) if self.summary_board is not None else ()
        self._run_out()
        self._return_uncalled()
        self._button_before_small_blind()
        summary = Summary(total_pot=self.total_pot, rake=self.rake, boards=boards)
        game = self.spec
        return table_hand(self, self.site, game, game.name, self._stakes(), self.seats, summary)

    def _button_before_small_blind(self) -> None:
        """Some tournament logs write no "Set dealer" line and seat no "Dealer" (the seat
        before the small blind is labelled "UTG+5"): the button is then the seat before the
        small blind's, so that the small blind acts first after the flop (B3, S4)."""
        if self.button is not None or self.stud or len(self.seats) < 3:
            return
        self.button = button_before_small_blind(self.seats, self.by_label.get("Small Blind"))

    def _run_out(self) -> None:
        """Older logs deal no board once the players are all in: the summary's board has
        the cards still to come; they are dealt before the showdown (S5)."""
        board = self.summary_board or ()
        if (
            self.stud
            or len(board) <= len(self.board)
            or tuple(board[: len(self.board)]) != tuple(self.board)
        ):
            return
        end = (ev.ShowdownStart, ev.Show, ev.Muck, ev.Collect)
        at = next((i for i, e in enumerate(self.events) if isinstance(e, end)), len(self.events))
        dealt: list[ev.Event] = []
        have = len(self.board)
        for street, upto in (("flop", 3), ("turn", 4), ("river", 5)):
            if have < upto <= len(board):
                dealt.append(
                    ev.DealBoard(street=street, cards=tuple(board[have:upto]), line=self.board_line)
                )
                have = upto
        self.events[at:at] = dealt

    def _return_uncalled(self) -> None:
        """Newer logs print no "Return uncalled portion of bet" line: the bet nobody
        called is then inside its owner's "Hand result". The return is made explicit
        (B11) and taken out of that result and of the total pot, so the result is what
        he won from the pot."""
        if any(isinstance(e, ev.UncalledBetReturned) for e in self.events) or not self.put:
            return
        ranked = sorted(self.put.items(), key=lambda item: item[1], reverse=True)
        name, top = ranked[0]
        excess = top - (ranked[1][1] if len(ranked) > 1 else 0)
        collects = [i for i, e in enumerate(self.events) if isinstance(e, ev.Collect)]
        mine = [i for i in collects if self.events[i].player == name]  # type: ignore[attr-defined]
        if excess <= 0 or not mine:
            return
        first = self.events[mine[0]]
        assert isinstance(first, ev.Collect)
        if first.amount < excess:
            return
        self.events[mine[0]] = ev.Collect(
            player=name,
            amount=first.amount - excess,
            pot=first.pot,
            whole=first.whole,
            line=first.line,
        )
        if self.total_pot is not None:  # the total counts the bet too
            self.total_pot -= excess
        end = (ev.ShowdownStart, ev.Show, ev.Muck, ev.Collect)
        at = next(i for i, e in enumerate(self.events) if isinstance(e, end))
        self.events.insert(at, ev.UncalledBetReturned(player=name, amount=excess, line=first.line))

    def _stakes(self) -> Stakes:
        """The stakes the header names (tournaments) or the blinds imply (cash, F1)."""
        small = self.blinds.get(ev.Blind.SMALL)
        big = self.blinds.get(ev.Blind.BIG)
        if self.header_stakes is not None:
            small, big = self.header_stakes
        elif small is None or big is None:
            if self.info_stakes is not None:
                small, big = self.info_stakes
            elif big is not None:
                small = big // 2
            elif small is not None:
                big = small * 2
        if self.stud:
            bet = self.bets[0] if self.bets else (big or 0)
            if not bet and self.tournament_id is not None and self.bring_in:
                # Nobody bet and "Level 8 (0/0)" names nothing: the room's tournament
                # levels bring in half the small bet (5/10, 40/80, 75/150 in the corpus).
                bet = 2 * self.bring_in
            return Stakes(small=bet, big=bet * 2, ante=self.ante, bring_in=self.bring_in)
        if small is None or big is None:
            raise hand_error(
                "no blinds posted and no stakes written: the stakes are unknown",
                self.raw,
                self.hand_id,
            )
        if self.spec.betting.value == "fixed_limit":
            # The blinds are half the small bet and the small bet; a tournament's "Level 6
            # (75/150)" names the blinds too (the flop is bet 150, the turn 300: B7).
            return Stakes(small=big, big=big * 2)
        return Stakes(small=small, big=big)

    # -- helpers -----------------------------------------------------------------------

    def _money(self, text: str) -> int:
        return to_units(text, self.unit)

    def _who(self, label: str) -> str:
        key = " ".join(label.replace("[ME]", "").split())
        name = self.by_label.get(key)
        if name is None:
            raise Fail(f"{key!r} is not in the seat list")
        return name

    def _new_round(self) -> None:
        self.put = {}
        self.top = 0
        self.dealt_here = set()
        self.acted = set()

    def _decided(self, event: ev.Event) -> None:
        """Add a player's betting decision; in a log that prints no board, deal the
        summary board's next street once the decision closes the round (B4, D6)."""
        self._add(event)
        name = getattr(event, "player", "")
        if isinstance(event, ev.Fold):
            self.folded.add(name)
            self.out.add(name)
        elif isinstance(event, ev.Bet | ev.RaiseTo):
            self.acted = set()
        if getattr(event, "all_in", False):
            self.out.add(name)
        self.acted.add(name)
        if self.unprinted is None or self.stud or self.street in ("", "river"):
            return
        live = [n for n in self.holes if n not in self.folded]
        able = [n for n in live if n not in self.out and self.spent.get(n, 0) < self._stack(n)]
        if len(live) < 2:
            return  # the hand is over: nothing more is dealt
        if len(able) == 1 and self.put.get(able[0], 0) >= self.top:
            closed = True  # the others all in: he has nobody left to bet against
        else:
            closed = all(n in self.acted and self.put.get(n, 0) == self.top for n in able)
        if not closed:
            return
        have = len(self.board)
        upto = 3 if have == 0 else have + 1
        if len(self.unprinted) < upto:
            return  # the summary shows no card for the next street: left to the replay
        self._deal_board(self.unprinted[have:upto])

    def _stack(self, name: str) -> int:
        return next((s.stack for s in self.seats if s.name == name), 0)

    def _acted_since_deal(self) -> bool:
        """Whether a player acted (a check or fold included) after the last card dealt."""
        for event in reversed(self.events):
            if isinstance(event, ev.DealHole | ev.StreetStart):
                return False
            if isinstance(event, _ACTIONS):
                return True
        return False

    def _pay(self, name: str, amount: int) -> int:
        """Record ``amount`` added by ``name`` this street; return his total this street."""
        self.spent[name] = self.spent.get(name, 0) + amount
        total = self.put.get(name, 0) + amount
        self.put[name] = total
        self.top = max(self.top, total)
        return total

    def _add(self, event: ev.Event) -> None:
        self.events.append(event)

    # -- header, seats -------------------------------------------------------------------

    def _on_HEADER_LINE(self, m: re.Match[str]) -> None:
        h = _HEADER.match(m[0].rstrip("\n"))
        if h is None:
            raise Fail("cannot read the header")
        self.site = site_name(h["site"])
        game = h["game"].removesuffix("ZonePoker")
        limit = h["limit"]
        if limit not in ("No Limit", "Pot Limit", "Fixed Limit"):
            limit = _USUAL.get(game, "Fixed Limit")
        code = GAMES.get((game, limit))
        if code is None:
            raise Fail(f"unknown game {game} {limit}")
        self.spec = GAME_SPECS[code]
        self.stud = self.spec.forced is Forced.BRING_IN
        self.table = h["ttable"] or h["table"] or h["zone"] or ""
        if h["tid"] is not None:
            self.tournament_id = h["tid"]
            self.level = h["level"]
            self.unit, self.currency = 1, "CHIPS"
            if h["sb"] is not None:
                self.header_stakes = (self._money(h["sb"]), self._money(h["bb"]))
        year, month, day = (int(x) for x in h["date"].split("-"))
        hour, minute, second = (int(x) for x in h["clock"].split(":"))
        zone = UTC if h["utc"] else _ET  # the room's clock is ET unless it says UTC
        local = datetime(year, month, day, hour, minute, second, tzinfo=zone)
        self.started_at = local.astimezone(UTC)

    def _on_TABLE_INFO_LINE(self, m: re.Match[str]) -> None:
        found = _STAKES_INFO.search(m[1])
        if found is not None and self.tournament_id is None:
            self.info_stakes = (self._money(found[1]), self._money(found[2]))

    def _on_PLAYER_INFO_LINE(self, m: re.Match[str]) -> None:
        return

    def _on_SEAT_LINE(self, m: re.Match[str]) -> None:
        number, label, stack = m.groups()
        self._seat(int(number), label, "[ME]" in label, stack)

    def _on_STUD_SEAT_LINE(self, m: re.Match[str]) -> None:
        number, me, stack = m.groups()
        self._seat(int(number), f"Seat+{number}", bool(me), stack)

    def _seat(self, number: int, label: str, me: bool, stack: str) -> None:
        key = " ".join(label.replace("[ME]", "").split())
        if key in (row[1] for row in self.seat_rows):
            raise Fail(f"{key!r} is seated twice")
        self.seat_rows.append((number, key, me, self._money(stack)))
        self._seat_list()

    def _seat_list(self) -> None:
        """Seats renumbered 1..n when the room's numbers are not table order (tournaments)."""
        numbers = [row[0] for row in self.seat_rows]
        in_order = all(a < b for a, b in pairwise(numbers))
        renumber = not in_order or max(numbers) > 10
        self.seats, self.by_label = [], {}
        for index, (number, key, me, stack) in enumerate(self.seat_rows, start=1):
            name = "Hero" if me else f"Seat {number}"
            seat = index if renumber else number
            self.seats.append(Seat(seat=seat, name=name, stack=stack))
            self.by_label[key] = name
            if key == "Dealer":
                self.button = seat

    # -- forced bets ---------------------------------------------------------------------

    def _on_DEALER_LINE(self, m: re.Match[str]) -> None:
        if m[2] is not None and "Dealer" not in self.by_label:
            self.button = int(m[2])

    def _blind(self, m: re.Match[str], blind: ev.Blind, all_in: bool = False) -> None:
        name = self._who(m[1])
        amount = self._money(m[2])
        self.blinds.setdefault(blind, amount)
        live = amount - (
            self.blinds.get(ev.Blind.SMALL, 0) if blind is ev.Blind.SMALL_AND_BIG else 0
        )
        self._pay(name, live)
        self._add(
            ev.PostBlind(player=name, amount=amount, blind=blind, all_in=all_in, line=self.line)
        )

    def _on_SMALL_BLIND_LINE(self, m: re.Match[str]) -> None:
        self._blind(m, ev.Blind.SMALL)

    def _on_BIG_BLIND_LINE(self, m: re.Match[str]) -> None:
        if self.stud:
            self._on_BRING_IN_LINE(m)
            return
        self._blind(m, ev.Blind.BIG)

    def _on_POST_LINE(self, m: re.Match[str]) -> None:
        self._blind(m, ev.Blind.BIG)

    def _on_DEAD_LINE(self, m: re.Match[str]) -> None:
        self._blind(m, ev.Blind.SMALL_AND_BIG)

    def _on_ANTE_LINE(self, m: re.Match[str]) -> None:
        self.antes = True
        name = self._who(m[1])
        amount = self._money(m[2])
        self.ante = self.ante or amount
        self.spent[name] = self.spent.get(name, 0) + amount
        self._add(ev.PostAnte(player=name, amount=amount, line=self.line))

    def _on_BRING_IN_LINE(self, m: re.Match[str]) -> None:
        name = self._who(m[1])
        amount = self._money(m[2])
        self.bring_in = self.bring_in or amount
        self._pay(name, amount)
        self._add(ev.BringIn(player=name, amount=amount, line=self.line))

    def _forced_all_in(self, m: re.Match[str]) -> None:
        """ "All-in $X" before the deal: the blind (or ante) a short stack could not cover."""
        label = " ".join(m[1].replace("[ME]", "").split())
        name = self._who(m[1])
        self.out.add(name)
        posted_ante = any(isinstance(e, ev.PostAnte) and e.player == name for e in self.events)
        # The antes are posted in seat order: a player before the first "Ante chip" line
        # who goes all in has not covered his ante either.
        antes = self.antes or " : Ante chip " in self.raw.text
        if antes and not posted_ante:
            self._add(
                ev.PostAnte(player=name, amount=self._money(m[2]), all_in=True, line=self.line)
            )
        elif label == "Big Blind":
            self._blind(m, ev.Blind.BIG, all_in=True)
        elif label == "Small Blind" or (label == "Dealer" and len(self.seats) == 2):
            self._blind(m, ev.Blind.SMALL, all_in=True)
        else:
            self._add(
                ev.PostAnte(player=name, amount=self._money(m[2]), all_in=True, line=self.line)
            )

    # -- dealing -------------------------------------------------------------------------

    def _on_HOLE_CARDS_LINE(self, m: re.Match[str]) -> None:
        self.dealt = True
        self.street = "third" if self.stud else "preflop"  # stud logs write either marker

    def _on_THIRD_STREET_LINE(self, m: re.Match[str]) -> None:
        if not self.stud:
            raise Fail(f"{self.spec.name} has no 3rd street")
        self.dealt = True
        self.street = "third"

    def _on_STREET_LINE(self, m: re.Match[str]) -> None:
        if not self.stud:
            raise Fail(f"{self.spec.name} has no {m[1].lower()}")
        self.street = _STUD_STREETS[m[1]]
        self._new_round()
        self._add(ev.StreetStart(street=self.street, line=self.line))

    def _deal_board(self, new: tuple[Card, ...]) -> None:
        street = {0: "flop", 3: "turn", 4: "river"}.get(len(self.board))
        if street is None:
            raise Fail(f"a board card after the river ({len(self.board)} on the board)")
        self.board.extend(new)
        self.street = street
        self._new_round()
        self._add(ev.DealBoard(street=street, cards=new, line=self.line))

    def _on_BOARD_LINE(self, m: re.Match[str]) -> None:
        groups = [parse_cards(g) for g in _CARD_GROUP.findall(m[2])]
        new = groups[-1][len(self.board) :] if len(groups) == 1 else groups[-1]
        if len(groups) > 1:
            check_board(self.board, tuple(c for g in groups[:-1] for c in g))
        self._deal_board(new)
        if self.street != m[1].lower():
            raise Fail(f"{m[1].lower()} dealt as the {self.street}")

    def _on_TABLE_CARDS_LINE(self, m: re.Match[str]) -> None:
        self._deal_board(parse_cards(m[1]))

    def _on_DEALT_LINE(self, m: re.Match[str]) -> None:
        name = self._who(m[1])
        cards = parse_cards(m[2])
        if not self.stud:
            self.holes[name] = cards
            self._add(ev.DealHole(player=name, cards=cards, line=self.line))
            return
        if self.street and (self.put or self._acted_since_deal() or name in self.dealt_here):
            # Some logs write no street markers: a deal after the betting (checks only, on
            # a street nobody bets) or a second card to one seat (nobody left to bet)
            # starts the next street (D7).
            names = self.spec.street_names
            at = names.index(self.street)
            if at + 1 >= len(names):
                raise Fail("cards dealt after the last street")
            self.street = names[at + 1]
            self._new_round()
            self._add(ev.StreetStart(street=self.street, line=self.line))
        self.holes[name] = self.holes.get(name, ()) + cards
        self.dealt_here.add(name)
        if self.street == "third":
            if len(cards) != 3:
                raise Fail(f"{len(cards)} cards dealt on 3rd street")
            self._add(ev.DealHole(player=name, cards=cards[:2], up=cards[2:], line=self.line))
        elif self.street == "seventh":
            self._add(ev.DealHole(player=name, cards=cards, line=self.line))
        else:
            self._add(ev.DealHole(player=name, up=cards, line=self.line))

    # -- betting -------------------------------------------------------------------------

    def _on_FOLD_LINE(self, m: re.Match[str]) -> None:
        name = self._who(m[1])
        shown = parse_cards(m[2]) if m[2] else ()
        self._decided(ev.Fold(player=name, cards=shown, line=self.line))

    def _on_CHECK_LINE(self, m: re.Match[str]) -> None:
        self._decided(ev.Check(player=self._who(m[1]), line=self.line))

    def _on_CALL_LINE(self, m: re.Match[str]) -> None:
        name = self._who(m[1])
        amount = self._money(m[2])
        self._pay(name, amount)
        self._decided(ev.Call(player=name, amount=amount, line=self.line))

    def _on_BET_LINE(self, m: re.Match[str]) -> None:
        name = self._who(m[1])
        amount = self._money(m[2])
        if self.stud and self.street == "third":
            # 3rd street's first bet completes the bring-in (F4, B7).
            total = self._pay(name, amount)
            self.bets.append(total)
            self._decided(ev.Complete(player=name, amount=total, line=self.line))
            return
        if self.top:
            # A "bet" into a bet (after a short all-in): a raise to the total.
            total = self._pay(name, amount)
            self._decided(ev.RaiseTo(player=name, amount=total, line=self.line))
            return
        self._pay(name, amount)
        if self.stud and not self.bets:
            # 4th street's first bet is the small bet; 5th street's and later ones are the
            # big bet, twice the small bet (B7: a tournament's "Level 7 (0/0)" names none).
            # "Double bets" is 4th street's big bet (an open pair showing, B7).
            double = "ouble bets" in m[0] or " D bets" in m[0]
            self.bets.append(amount if self.street == "fourth" and not double else amount // 2)
        self._decided(ev.Bet(player=name, amount=amount, line=self.line))

    def _raise(self, m: re.Match[str], all_in: bool) -> None:
        name = self._who(m[1])
        first = self._money(m[2])
        total = self._money(m[3]) if m[3] else first
        if m[3] and total != self.put.get(name, 0) + first:
            raise Fail(f"raises {first} to {total}, but {name} had {self.put.get(name, 0)} in")
        opens = not self.top
        self.spent[name] = self.spent.get(name, 0) + total - self.put.get(name, 0)
        self.put[name] = total
        self.top = max(self.top, total)
        if self.stud and self.street == "third" and not self.bets:
            # Tournament stud "Raises 80" over the bring-in of 40: the completion (F4, B7).
            self.bets.append(total)
            self._decided(ev.Complete(player=name, amount=total, all_in=all_in, line=self.line))
        elif opens:  # older logs "raise" a street nobody has bet yet: a bet
            self._decided(ev.Bet(player=name, amount=total, all_in=all_in, line=self.line))
        else:
            self._decided(ev.RaiseTo(player=name, amount=total, all_in=all_in, line=self.line))

    def _on_RAISE_LINE(self, m: re.Match[str]) -> None:
        self._raise(m, all_in=False)

    def _on_ALL_IN_RAISE_LINE(self, m: re.Match[str]) -> None:
        self._raise(m, all_in=True)

    def _on_ALL_IN_LINE(self, m: re.Match[str]) -> None:
        if not self.dealt:
            self._forced_all_in(m)
            return
        name = self._who(m[1])
        amount = self._money(m[2])
        top = self.top
        total = self._pay(name, amount)
        if not top:
            if self.stud and self.street == "third":
                self.bets.append(total)
                self._decided(ev.Complete(player=name, amount=total, all_in=True, line=self.line))
            else:
                self._decided(ev.Bet(player=name, amount=amount, all_in=True, line=self.line))
        elif total <= top:
            self._decided(ev.Call(player=name, amount=amount, all_in=True, line=self.line))
        else:
            self._decided(ev.RaiseTo(player=name, amount=total, all_in=True, line=self.line))

    # -- the end of the hand ---------------------------------------------------------------

    def _on_UNCALLED_LINE(self, m: re.Match[str]) -> None:
        name = self._who(m[1])
        amount = self._money(m[2])
        self.put[name] = self.put.get(name, 0) - amount
        self._add(ev.UncalledBetReturned(player=name, amount=amount, line=self.line))

    def _on_SHOWDOWN_LINE(self, m: re.Match[str]) -> None:
        name = self._who(m[1])
        cards = self.holes.get(name) or (parse_cards(m[2]) if m[2] else ())
        if not any(isinstance(e, ev.ShowdownStart) for e in self.events):
            self._add(ev.ShowdownStart(line=self.line))
        self._add(ev.Show(player=name, cards=cards, description=m[3] or "", line=self.line))

    def _on_DOESNT_SHOW_LINE(self, m: re.Match[str]) -> None:
        name = self._who(m[1])
        self._add(ev.Muck(player=name, cards=self.holes.get(name, ()), line=self.line))

    _on_MUCKS_LINE = _on_DOESNT_SHOW_LINE

    def _on_RESULT_LINE(self, m: re.Match[str]) -> None:
        name = self._who(m[1])
        amount, whole = to_units_floor(m[3], self.unit)
        pot = 1 if m[2] else None
        self._add(ev.Collect(player=name, amount=amount, pot=pot, whole=whole, line=self.line))

    # -- summary -------------------------------------------------------------------------

    def _on_SUMMARY_LINE(self, m: re.Match[str]) -> None:
        return

    def _on_TOTAL_POT_LINE(self, m: re.Match[str]) -> None:
        self.total_pot = self._money(m[1])
        if m[2] is not None:
            self.rake = self._money(m[2])

    def _on_SUMMARY_BOARD_LINE(self, m: re.Match[str]) -> None:
        self.summary_board = parse_cards(m[1]) if m[1].strip() else ()
        self.board_line = self.line

    def _on_SUMMARY_SEAT_LINE(self, m: re.Match[str]) -> None:
        return

    # -- notes ---------------------------------------------------------------------------

    def _on_NOTE_LINE(self, m: re.Match[str]) -> None:
        label = " ".join(m[1].replace("[ME]", "").split())
        player = self.by_label.get(label)
        text = m[2]
        kind = _NOTE_KINDS.get(text.split(" ")[0], ev.NoteKind.OTHER)
        self._add(ev.Note(note=kind, player=player, text=text, line=self.line))

    def _on_BARE_NOTE_LINE(self, m: re.Match[str]) -> None:
        self._add(ev.Note(note=ev.NoteKind.OTHER, text=m[1], line=self.line))


_NOTE_KINDS = {
    "Enter(Auto)": ev.NoteKind.JOINS,
    "Leave(Auto)": ev.NoteKind.LEAVES,
    "Sit": ev.NoteKind.SITS_OUT,
    "Sitout": ev.NoteKind.SITS_OUT,
    "Re-join": ev.NoteKind.RETURNS,
    "Rebuyin": ev.NoteKind.REBUY,
    "Addon": ev.NoteKind.REBUY,
    "Double": ev.NoteKind.REBUY,
    "Ranking": ev.NoteKind.FINISHED,
    "BOUNTY": ev.NoteKind.BOUNTY,
}


def _unprinted_board(tokens: list[LineToken]) -> tuple[Card, ...] | None:
    """The summary's board of a hold'em or Omaha hand that deals no board line during the
    hand (older logs: "Folded on the FLOP" and "Board [..]" only in the summary), else None."""
    board: tuple[Card, ...] | None = None
    for token in tokens:
        if token.type in ("BOARD_LINE", "TABLE_CARDS_LINE"):
            return None
        if token.type == "SUMMARY_BOARD_LINE" and token.match[1].strip():
            board = parse_cards(token.match[1])
    return board


_HANDLERS = handlers_of(_Builder)
