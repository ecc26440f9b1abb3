"""GGPoker text -> :class:`ParsedHand`: its lark grammar, and the events built from its lines.

GGPoker writes PokerStars' layout with its own words (``grammars/ggpoker.lark`` lists
them), so the lines both rooms write alike are built by :class:`parser.kit.layout.Builder`'s
own handlers, and :class:`GGBuilder` adds or replaces the others. What GGPoker omits or
writes differently, and how it is reconciled here (docs/sites.md, "GGPoker"):

* The header ``Poker Hand #RC58843003: Omaha Pot Limit ($0.01/$0.02) - 2021/04/12 07:43:21``
  names no site and no time zone: the time is read as US Eastern time, as FPDB does. The
  letter prefix of the hand number stays part of the hand id (``RC58843003``).
* "Dealt to X" without cards for each other player: no event (the engine deals every
  seated player implicitly).
* Cards are shown right after the all-in, before the rest of the board is dealt: the
  ``Show`` events are kept where the log puts them (the engine only learns the cards).
* ``Cash Drop to Pot : total $0.2`` (Rush & Cash) is money the site adds: ``PotAdded``.
* ``straddle $0.5`` (no "posts"); a second straddle line by the same player restates his
  new total (an over-straddle), so it posts only the difference.
* ``posts missed blind $2`` is a dead blind posted beside the live big blind.
* Run it twice or three times: ``*** THIRD TURN ***``, ``*** SECOND SHOWDOWN ***``; the
  summary's later boards list only the cards after the runs part, or put the run name on
  a line of its own ("FIRST" / "Board [..]"); the summary boards are completed from the
  shared cards.
* ``Total pot $327.8 | Rake $7.5 | Jackpot $5 | Bingo $0 | Fortune $0 | Tax $0``: every
  part but the rake is a fee taken from the pot beside it (``Summary.jackpot``).
* EV Cashout: ``Receives Cashout ($X)`` is paid by the site (``CashOut`` of X),
  ``Pays Cashout Risk ($X)`` is paid to it (``CashOut`` of -X); the pot itself is paid as
  the collect lines say. All-in insurance: ``pay premium of all-in insurance ($X)`` is a
  ``CashOut`` of -X; the purchase line is a note.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime
from typing import ClassVar
from zoneinfo import ZoneInfo

from parser.kit.builder import Fail, dispatch, extend_board, handlers_of, run_board, split_board
from parser.kit.grammar import grammar
from parser.kit.headers import uncapped_header
from parser.kit.keyed_lexer import RoomLexer
from parser.kit.layout import Builder
from parser.kit.lexer import SHARED_COLON_VERBS, SHARED_PREFIXES, LineToken
from parser.kit.money import Amounts, MoneyError
from parser.kit.reading import first_group, hand_text, identifier, read_lines, recogniser
from parser.kit.split import split_at_headers
from parser.kit.vocabulary import game_names
from parser.model import events as ev
from parser.model.cards import parse_cards
from parser.model.games import GAME_SPECS, Forced
from parser.model.hand import ParsedHand, Source, Stakes
from parser.model.header import Header, HeaderError

SITE = "GGPoker"
#: GGPoker's game names (cash headers and tournament headers) -> ``GAME_SPECS`` codes: the
#: betting's words (no limit, pot limit, fixed limit) after the game's.
GAMES: dict[str, str] = {
    **game_names(
        "{game} {betting}", {"Hold'em": "HE", "Omaha": "O"}, ("No Limit", "Pot Limit", "Limit")
    ),
    "Hold'em Fixed Limit": "FLHE",
    "Omaha Hi/Lo Pot Limit": "PLO8",
    "PLO": "PLO",
    "PLO-5": "PLO5",
    "PLO5": "PLO5",
    "PLO-6": "PLO6",
    "PLO6": "PLO6",
    "PLO Hi/Lo": "PLO8",
    "PLO-5 Hi/Lo": "PLO58",
    # GGPoker pays a straight over three of a kind (hand 1171217378123557259): Triton's
    # short deck, not PokerStars' 6+.
    "ShortDeck No Limit": "NLSD",
    "Omaha (NL postflop)": "PLNLO",
}
#: GGPoker writes no zone; FPDB reads its times as US Eastern, and so do we.
ZONE = ZoneInfo("America/New_York")

HEADER_RE = re.compile(r"Poker Hand #[A-Z]{0,3}\d+: ")
_RECOGNISE = re.compile(r"^\s*Poker Hand #[A-Z]{0,3}\d+: ", re.MULTILINE)
_ID = re.compile(r"Poker Hand #([A-Z]{0,3}\d+):")
_NAMES = "|".join(re.escape(n) for n in sorted(GAMES, key=len, reverse=True))
_TIME = re.compile(r"\s+-\s+(\d{4})/(\d{1,2})/(\d{1,2})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*$")
_CASH = re.compile(rf"(?P<game>{_NAMES})\s*\((?P<stakes>[^)]*)\)")
_TOURNAMENT = re.compile(
    rf"Tournament #(?P<tid>\d+),\s*(?P<name>.*?)\s*(?P<game>{_NAMES})\s*-\s*"
    r"Level\s*(?P<level>\d+)\s*\((?P<stakes>[^)]*)\)"
)
_RUNS = {None: 1, "FIRST": 1, "SECOND": 2, "THIRD": 3}
_BLINDS = {
    "small blind": ev.Blind.SMALL,
    "big blind": ev.Blind.BIG,
    "button blind": ev.Blind.BUTTON,
    "missed blind": ev.Blind.DEAD,
}
_CARD_GROUP = re.compile(r"\[([^\]]*)\]")
_POT_PART = re.compile(r"(?P<key>[A-Za-z][A-Za-z ]*?) (?P<amount>[$¥]?\d[\d,]*(?:\.\d+)?)")


#: A GGPoker file (or hand): a "Poker Hand #" header at the start of a line.
looks_like_ggpoker = recogniser(_RECOGNISE)
#: The room and hand number of a hand's text, even when it does not parse.
identify_ggpoker = identifier(_ID, SITE)


def split_ggpoker(text: str, path: str) -> Iterator[Source]:
    """A decoded GGPoker file's hands, each knowing its first file line
    (:func:`parser.kit.split.split_at_headers`)."""
    return split_at_headers(text, path, HEADER_RE, "Poker Hand #")


def read_header(hand_id: str, rest: str) -> Header:
    """The header after "Poker Hand #<id>: " (cash or tournament), or :class:`HeaderError`."""
    time_m = _TIME.search(rest)
    started_at = None
    if time_m is not None:
        y, mo, d, h, mi, s = (int(g) if g else 0 for g in time_m.groups())
        try:
            started_at = datetime(y, mo, d, h, mi, s, tzinfo=ZONE).astimezone(UTC)
        except ValueError as exc:
            raise HeaderError(f"invalid time {time_m.group().strip()!r}") from exc
        rest = rest[: time_m.start()]
    rest = rest.strip()
    tournament = _TOURNAMENT.fullmatch(rest)
    cash = None if tournament else _CASH.fullmatch(rest)
    found = tournament or cash
    if found is None:
        raise HeaderError(f"unknown game or stakes in {rest!r}")
    game = found["game"]
    code = GAMES[game]
    if code not in GAME_SPECS:
        raise HeaderError(f"GGPoker's {game!r} ({code}) has no game specification")
    stakes = found["stakes"].replace(" ", "")
    if "/" in stakes:
        small, big = stakes.split("/", 1)
        ante = None
    else:  # Short Deck: one amount, the ante; the button blind equals it
        small = big = ante = stakes
    currency = None
    if tournament is None:
        currency = "CNY" if small.startswith("¥") else "USD" if small.startswith("$") else None
    tour = (tournament["tid"], tournament["level"]) if tournament else (None, None)
    spec, read = GAME_SPECS[code], (small, big, ante)
    return uncapped_header(SITE, hand_id, spec, game, read, currency, tour, started_at)


class GGLexer(RoomLexer):
    PREFIXES: ClassVar[dict[str, tuple[str, ...]]] = {
        "Seat ": ("SEAT_LINE", "SUMMARY_SEAT_LINE"),
        "*** ": ("BOARD_LINE", "SHOWDOWN_LINE", "SUMMARY_LINE", "HOLE_CARDS_LINE"),
        **SHARED_PREFIXES,
        "THIRD Board [": ("SUMMARY_BOARD_LINE",),
        "Hand was run ": ("RUN_TIMES_LINE",),
        "Cash Drop to Pot": ("CASH_DROP_LINE",),
        "Table '": ("TABLE_LINE",),
    }
    COLON_VERBS: ClassVar[dict[str, tuple[str, ...]]] = {
        **SHARED_COLON_VERBS,
        "straddle": ("STRADDLE_LINE",),
        "shows": ("SHOWS_LINE",),
        "mucks": ("MUCKS_LINE",),
        "Chooses": ("CASH_OUT_LINE",),
        "Receives": ("CASH_OUT_LINE",),
        "Pays": ("CASH_OUT_LINE",),
        "get": ("INSURANCE_LINE",),
        "pay": ("INSURANCE_LINE",),
        "receive": ("INSURANCE_LINE",),
    }
    VERBS: ClassVar[dict[str, tuple[str, ...]]] = {" collected ": ("COLLECT_LINE",)}
    HEADER: ClassVar[re.Pattern[str]] = re.compile("Poker Hand #")
    HEADER_TERMINALS: ClassVar[tuple[str, ...]] = ("HEADER_LINE",)


class GGBuilder(Builder):
    """Builds one GGPoker hand; the lines PokerStars writes alike use ``Builder``'s handlers."""

    __slots__ = ("straddled", "summary_run")

    def __init__(self, raw: Source, hand_id: str | None) -> None:
        super().__init__(raw, hand_id)
        #: Each player's live blinds and straddle so far: a straddle line states his new
        #: total (a big blind who straddles, an over-straddle), so it posts the difference.
        self.straddled: dict[str, int] = {}
        #: "FIRST" on its own line: the run of the next summary board.
        self.summary_run = 1

    def build(self, tokens: list[LineToken]) -> ParsedHand:
        dispatch(self, tokens, _HANDLERS, (Fail, HeaderError, MoneyError, ValueError))
        self._complete_summary_boards()
        self._stakes_as_posted()
        return self._hand()

    def _stakes_as_posted(self) -> None:
        """A tournament header may name the next level while the hand is still played at
        the blinds posted (hand TM247773056: "Level3 (80/160)", blinds 60 and 120): the
        posted (not all-in) blinds are the stakes the betting rules use (B5)."""
        stakes = self.stakes
        if stakes is None or self.header is None or self.header.tournament_id is None:
            return
        posted = {
            e.blind: e.amount
            for e in self.events
            if isinstance(e, ev.PostBlind)
            and not e.all_in
            and e.blind in (ev.Blind.SMALL, ev.Blind.BIG)
        }
        big = posted.get(ev.Blind.BIG)
        if big is not None and big != stakes.big:
            small = posted.get(ev.Blind.SMALL, stakes.small * big // stakes.big)
            self.stakes = replace(stakes, small=small, big=big)

    # -- header, table -----------------------------------------------------------------

    def _on_HEADER_LINE(self, m: re.Match[str]) -> None:
        self.header = header = read_header(m[1], m[2])
        self.spec = spec = header.spec
        self.stud = spec.forced is Forced.BRING_IN
        self.draw = any(street.draw for street in spec.streets)
        if header.tournament_id is not None:
            self.currency, self.unit = "CHIPS", 1
        elif header.currency is not None:
            self.currency, self.unit = header.currency, 100
        else:
            self.currency, self.unit = "PLAY", 1
        self.amounts = Amounts(self.unit)

    def _on_TABLE_LINE(self, m: re.Match[str]) -> None:
        header = self.header
        assert header is not None
        name, max_seats, button = m.groups()
        self.table = name
        self.max_seats = int(max_seats) if max_seats else None
        self.button = int(button) if button else None
        ante = self._money(header.ante) if header.ante else 0
        self.stakes = Stakes(
            small=self._money(header.small), big=self._money(header.big), ante=ante
        )

    # -- forced bets -------------------------------------------------------------------

    def _on_BLIND_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        amount, blind = self._money(m[3]), _BLINDS[m[2]]
        if blind is not ev.Blind.DEAD:
            self.straddled[name] = self.straddled.get(name, 0) + amount
        self._posts_blind(name, amount, blind, bool(m[4]))

    def _on_STRADDLE_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        total = self._money(m[2])
        before = self.straddled.get(name, 0)
        if total <= before:
            raise Fail(f"{name}'s straddle of {m[2]} is not more than his {before}")
        self.straddled[name] = total
        self._add(
            ev.PostBlind(
                player=name,
                amount=total - before,
                blind=ev.Blind.STRADDLE,
                all_in=bool(m[3]),
                line=self.line,
            )
        )

    def _on_CASH_DROP_LINE(self, m: re.Match[str]) -> None:
        self._add(ev.PotAdded(amount=self._money(m[1]), reason="Cash Drop", line=self.line))

    # -- dealing -----------------------------------------------------------------------

    def _on_DEALT_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        if m[2] is not None:
            self._add(ev.DealHole(player=name, cards=self._cards(m[2]), line=self.line))

    def _on_BOARD_LINE(self, m: re.Match[str]) -> None:
        assert self.spec is not None
        run, street = _RUNS[m[1]], m[2].lower()
        if street not in self.spec.street_names:
            raise Fail(f"{self.spec.name} deals no board cards on the {street}")
        self.street = street
        shared, new = split_board([parse_cards(g) for g in _CARD_GROUP.findall(m[3])])
        board = run_board(self.boards, run, shared)
        self._add(extend_board(board, shared, new, street, run, self.line))

    # -- the end of the hand -------------------------------------------------------------

    def _on_SHOWDOWN_LINE(self, m: re.Match[str]) -> None:
        self.run = _RUNS[m[1]]
        self._add(ev.ShowdownStart(run=self.run, line=self.line))

    def _on_CASH_OUT_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        what, amount = m[2], m[3]
        if what == "Chooses to EV Cashout":
            self._add(ev.Note(note=ev.NoteKind.OTHER, player=name, text=what, line=self.line))
            return
        if amount is None:
            raise Fail(f"{what} without an amount")
        paid = self._money(amount)
        self._add(
            ev.CashOut(
                player=name, amount=paid if what == "Receives Cashout" else -paid, line=self.line
            )
        )

    def _on_INSURANCE_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        what, terms = m[2], m[3]
        if what == "pay premium of all-in insurance":
            self._add(ev.CashOut(player=name, amount=-self._money(terms), line=self.line))
        elif what.startswith("receive"):
            self._add(ev.CashOut(player=name, amount=self._money(terms), line=self.line))
        else:
            text = f"{what} ({terms})"
            self._add(ev.Note(note=ev.NoteKind.OTHER, player=name, text=text, line=self.line))

    # -- summary -----------------------------------------------------------------------

    def _on_TOTAL_POT_LINE(self, m: re.Match[str]) -> None:
        first, *parts = (p.strip() for p in m[1].split("|"))
        self.total_pot = self._money(first)
        fees = 0
        for part in parts:
            found = _POT_PART.fullmatch(part)
            if found is None:
                raise Fail(f"cannot read {part!r} of the total pot")
            amount = self._money(found["amount"])
            if found["key"] == "Rake":
                self.rake = amount
            else:  # Jackpot, Bingo, Fortune, Tax: taken from the pot beside the rake
                fees += amount
        self.jackpot = fees

    def _on_RUN_TIMES_LINE(self, m: re.Match[str]) -> None:
        return

    def _on_RUN_NAME_LINE(self, m: re.Match[str]) -> None:
        self.summary_run = _RUNS[m[1]]

    def _on_SUMMARY_BOARD_LINE(self, m: re.Match[str]) -> None:
        run = _RUNS[m[1]] if m[1] else self.summary_run
        self.summary_run = 1
        self.summary_boards[run] = self._cards(m[2])

    def _complete_summary_boards(self) -> None:
        """Later runs' summary boards list only the cards after the runs part: prefix the
        shared cards, so every summary board is a whole board."""
        first = self.summary_boards.get(1, ())
        for run, cards in list(self.summary_boards.items()):
            dealt = self.boards.get(run)
            if run > 1 and dealt is not None and len(cards) < len(dealt):
                self.summary_boards[run] = (*first[: len(dealt) - len(cards)], *cards)

    # -- notes -------------------------------------------------------------------------

    def _on_NOTE_LINE(self, m: re.Match[str]) -> None:
        name, m = self._anyone(m)
        text = m[2].strip()
        kind = ev.NoteKind.SITS_OUT if "sit" in text else ev.NoteKind.OTHER
        if "connected" in text:
            kind = ev.NoteKind.DISCONNECTED if "disconnected" in text else ev.NoteKind.CONNECTED
        self._add(ev.Note(note=kind, player=name, text=m[0].rstrip("\n"), line=self.line))


_HANDLERS = handlers_of(GGBuilder)


def parse_ggpoker(raw: Source) -> ParsedHand:
    """Parse one GGPoker hand (a ``Source`` from :func:`split_ggpoker`)."""
    text = hand_text(raw)
    hand_id = first_group(_ID.match(text))
    lark = grammar("parser.rooms.ggpoker", "ggpoker", GGLexer)
    return GGBuilder(raw, hand_id).build(read_lines(lark, raw, text, hand_id, whole_line=True))


__all__ = ["GAMES", "SITE", "looks_like_ggpoker", "parse_ggpoker", "split_ggpoker"]
