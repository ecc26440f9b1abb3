"""PartyPoker text -> :class:`ParsedHand`: the lark grammar, then one handler per kind of line.

``grammars/partypoker.lark`` has one terminal per kind of line; lark's contextual lexer
finds them (a Party hand is short, and files are a few hands: no dedicated lexer) and its
LALR parser checks which lines may appear in which section. :class:`_Builder` then turns
each line into the shared events, reading its fields from the same terminal's regex.

What Party writes differently, and how it is reconciled here (docs/sites.md, PartyPoker):

- Bets, calls and raises are written as what the action *adds* this street
  ("raises [$0.08 USD]"); the events want a raise's total, so the builder keeps every
  player's bet on the street. "is all-In [$x]" is a bet, call or raise of $x, told by
  the bet it faces.
- There is no "Uncalled bet" line and "X wins $N" includes the uncalled part of X's last
  bet: the builder computes that part at the end of each street (the engine returns it
  itself, B11) and takes it out of X's collected amount. Conversions ("(Poker Stars)",
  "(WPN)") write it as a separate "wins" line without a pot: the same arithmetic.
- The classic header names the table's buy-in ("$2 USD NL"), not the blinds: the blinds
  are the posted ones (a blind posted all-in for less is not the blind: then the
  small blind's usual partner). Tournament levels are in the body ("Blinds(20/40)",
  "Stakes-Antes(60/120-10)"); old tournament hands post no blinds at all, so the builder
  posts them for the two seats left of the button (the button and the next seat heads-up).
- The classic form has no SUMMARY: no total pot, no rake. The rake is what the pot holds
  beyond the "wins" lines. The 2012+ form's summary gives the pots after rake, the rake,
  each player's "collected" amount and the cards shown (there are no "shows" lines).
- A player who joins and posts a blind is not in the seat list: he gets the free seat his
  first action's place in the betting order implies, and (his stack unknown) the table's
  buy-in, or the deepest stack seated.
- Decimal commas ("$26,02 USD", the Mac client) and thousands commas ("$1,534.96").
- Lines glued together by the Mac client ("... is sitting outPlayer4 posts ...",
  "cards.Player2 wins ...") are split by :func:`split_party`; the lines after the glue
  are then one line later in the hand's text than in the file.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime
from functools import cache
from importlib.resources import files
from zoneinfo import ZoneInfo

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from parser.kit.amounts import localised_units
from parser.kit.errors import hand_error, line_error, translate, unsupported_game
from parser.kit.lexer import LineTooLong, refuse_long_lines
from parser.kit.money import MoneyError, to_units
from parser.kit.reading import first_group, hand_key, hand_text, header_near_start
from parser.kit.table import clockwise_between, table_hand
from parser.kit.vocabulary import game_codes
from parser.model import events as ev
from parser.model.cards import Card
from parser.model.errors import IncompleteHand, ParseError
from parser.model.games import GAME_SPECS, Forced, GameSpec
from parser.model.hand import ParsedHand, Seat, Source, Stakes, Summary

SITE = "PartyPoker"

#: A hand starts at this line (the 2012+ client writes "For").
HEADER_RE = re.compile(r"\*{5} Hand History [Ff]or Game (\w+) \*{5}")
#: Lines the client writes between hands; dropped (a blank keeps the line numbers).
_SEPARATOR = re.compile(r"(?:Game #\w+ starts\.|#Game No : \w+)")
#: Where the Mac client glues two lines into one.
_GLUE = re.compile(r"(?<=is sitting out)(?=\S)|(?<=\.)(?=[^\s.]+ (?:wins|posts) )")


def _unglued(line: str) -> list[str]:
    """``line`` split where the Mac client glued two lines into one. A dot glues only
    after words ("does not show cards.Bob wins"): a dot in the line's first word is a
    name's ("Ann.Lee posts ante [400]"), and the parts are joined back."""
    parts = _GLUE.split(line)
    kept = [parts[0]]
    for part in parts[1:]:
        if kept[-1].endswith(".") and not any(c.isspace() for c in kept[-1]):
            kept[-1] += part
        else:
            kept.append(part)
    return kept


#: (game, betting) as the game line names them -> GAME_SPECS code.
GAME_CODES: dict[tuple[str, str], str] = {
    **game_codes({"holdem": "HE", "omaha": "O", "omaha8": "O8"}, ("NL", "PL", "FL")),
    ("stud", "FL"): "FL7S",
    ("stud8", "FL"): "FL7S8",
    ("shortdeck", "NL"): "NLHE6P",
}
_GAMES = (
    (re.compile(r"Texas Hold'?em", re.I), "holdem"),
    (re.compile(r"Omaha Hi-?Lo", re.I), "omaha8"),
    (re.compile(r"Omaha(?: Hi)?", re.I), "omaha"),
    (re.compile(r"7 Card Stud Hi-Lo", re.I), "stud8"),
    (re.compile(r"7 Card Stud", re.I), "stud"),
    (re.compile(r"Short Deck", re.I), "shortdeck"),
)
_BETTING = re.compile(r"(?:^|[\s(])(NL|PL|FL)(?=[\s)])")
_UNKNOWN_GAME = re.compile(r"(?:NL|PL|FL)\s+([A-Z][\w' -]*?)(?:\s+-|$)")

#: Time-zone abbreviations Party writes (the player's own zone), and the zone each names.
TIME_ZONES: dict[str, str] = {
    "ET": "America/New_York",
    "EST": "America/New_York",
    "EDT": "America/New_York",
    "CT": "America/Chicago",
    "CST": "America/Chicago",
    "CDT": "America/Chicago",
    "PT": "America/Los_Angeles",
    "PST": "America/Los_Angeles",
    "PDT": "America/Los_Angeles",
    "GMT": "Europe/London",
    "BST": "Europe/London",
    "UTC": "UTC",
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "MEZ": "Europe/Berlin",
    "MESZ": "Europe/Berlin",
    "EET": "Europe/Helsinki",
    "EEST": "Europe/Helsinki",
    "MSK": "Europe/Moscow",
    "MSKS": "Europe/Moscow",
    "YEKT": "Asia/Yekaterinburg",
    "YEKST": "Asia/Yekaterinburg",
    "ICT": "Asia/Bangkok",
    "IST": "Asia/Kolkata",
    "AEST": "Australia/Sydney",
    "AEDT": "Australia/Sydney",
}
_MONTHS = {
    m: i
    for i, m in enumerate(
        ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1
    )
}
# "Monday, August 30, 16:08:09 EDT 2010", "Wednesday,August 31, ...", "Mon Jul 20 11:01:17
# EDT 2026"; what precedes it is the game part.
_DATE = re.compile(
    r"\s*-?\s*(?:[A-Z][a-z]+, ?(?P<month>[A-Z][a-z]+) (?P<day>\d{1,2}),"
    r"|[A-Z][a-z]{2} (?P<month2>[A-Z][a-z]{2}) (?P<day2>\d{1,2}))"
    r" (?P<clock>\d{1,2}:\d{2}:\d{2}) (?:(?P<tz>[A-Z]{2,5}) | )(?P<year>\d{4})\s*$"
)
#: The zone of a header that names none ("21:01:39  2013", two spaces where the zone was):
#: US Eastern, the zone of PartyPoker's own (US) servers; a player's own zone is not known.
NO_ZONE = "America/New_York"
_STAKES = re.compile(r"^[$€£]?([\d.,]+)/[$€£]?([\d.,]+)(?=\s)")
_BUY_IN = re.compile(r"^[$€£]([\d.,]+)\s+(?:USD|EUR|GBP)?")
_TOURNEY = re.compile(r"Trny:? ?(\d+)|Tournament #(\d+)|Tourney|Buy-?in", re.I)
_HEADER_TRNY = re.compile(r"Trny: ?(\d+) Level: ?(\d+)\s+(?:Blinds|Stakes)(?:-Antes)?\(")
_CURRENCY = re.compile(r"\b(USD|EUR|GBP|CAD)\b|([$€£])")
_SIGNS = {"$": "USD", "€": "EUR", "£": "GBP"}
_DECIMAL_COMMA = re.compile(r"\d+,\d{1,2}")
_NOT_AMOUNT = re.compile(r"[$€£\s]|USD|EUR|GBP|CAD|chips")
_CARD_TEXT = re.compile(r"[2-9TJQKA][cdhs]")
_POSTS = {
    "small blind": ev.Blind.SMALL,
    "big blind": ev.Blind.BIG,
    "big blind + dead": ev.Blind.SMALL_AND_BIG,
    "button blind": ev.Blind.BUTTON,
}
_STUD_STREETS = {
    "Fourth street": "fourth",
    "Fifth street": "fifth",
    "Sixth street": "sixth",
    "River": "seventh",
}
_SUMMARY_CARDS = re.compile(r"\[ *([^\]]*?) *\]")
_COLLECTED = re.compile(r"collected ([^,\[]+)")


class _Fail(Exception):
    """A problem with the current line; the builder adds where it is."""


# -- recognise and split ------------------------------------------------------------------


def looks_like_party(text: str, path: str) -> bool:
    """Is this PartyPoker text? Its hand header, near the start of the file."""
    return header_near_start(HEADER_RE, text)


def split_party(text: str, path: str) -> Iterator[Source]:
    """A decoded file's hands: each starts at its "***** Hand History for Game" line.

    Lines are stripped of blanks and NUL characters; the "Game #N starts." and
    "#Game No : N" lines between hands are dropped; text before the first header that is
    not blank is a hand of its own (so that its error is reported, not lost).
    """
    lines: list[str] = []
    first = 0

    def flush() -> Source | None:
        while lines and not lines[-1]:
            lines.pop()
        if not lines:
            return None
        return Source(path, first, "\n".join(lines) + "\n")

    for number, line in enumerate(text.split("\n"), start=1):
        line = line.replace("\x00", "").strip()
        if _SEPARATOR.fullmatch(line):
            line = ""
        if HEADER_RE.match(line):
            hand = flush()
            if hand is not None:
                yield hand
            lines, first = [], number
        elif not lines and not line:
            continue
        elif not lines:
            first = number
        lines.extend(_unglued(line) if "." in line or "sitting out" in line else [line])
    hand = flush()
    if hand is not None:
        yield hand


def identify_party(text: str) -> tuple[str, str] | None:
    """The room and hand number of a hand's text, even when it does not parse."""
    return hand_key(SITE, HEADER_RE.search(text[:200]))


# -- parse ----------------------------------------------------------------------------------


@cache
def _parser() -> tuple[Lark, dict[str, re.Pattern[str]]]:
    grammar = files(__package__).joinpath("partypoker.lark").read_text(encoding="utf-8")
    lark = Lark(grammar, parser="lalr", lexer="contextual")
    patterns = {t.name: re.compile(t.pattern.to_regexp()) for t in lark.terminals}
    return lark, patterns


def parse_party(raw: Source) -> ParsedHand:
    """Parse one PartyPoker hand (a ``Source`` from :func:`split_party`)."""
    lark, patterns = _parser()
    text = hand_text(raw)
    hand_id = first_group(HEADER_RE.match(text))
    try:
        refuse_long_lines(text)  # lark's lexer would try every terminal on it (issue 23 item 2)
        tree = lark.parse(text)
    except LineTooLong as error:
        raise translate(error, raw, text, hand_id, summary="") from None
    except UnexpectedInput as error:
        raise _translate(error, raw, text, hand_id) from None
    tokens = [t for t in tree.scan_values(lambda v: isinstance(v, Token))]
    return _Builder(raw, hand_id or "", patterns).build(tokens)


def _translate(error: UnexpectedInput, raw: Source, text: str, hand_id: str | None) -> Exception:
    lines = text.split("\n")
    if (isinstance(error, UnexpectedToken) and error.token.type == "$END") or (
        isinstance(error, UnexpectedInput)
        and not isinstance(error, UnexpectedCharacters | UnexpectedToken)
    ):
        last = len([line for line in lines if line]) or 1
        return IncompleteHand(
            "the hand stops before its first deal",
            hand_id=hand_id,
            path=raw.path,
            line=raw.first_line + last - 1,
        )
    number = error.line if isinstance(error, UnexpectedCharacters) else error.token.line
    expected = sorted(
        name
        for name in (getattr(error, "expected", None) or getattr(error, "allowed", None) or ())
        if name.isupper() and name != "BLANK"
    )
    line_text = lines[number - 1] if 0 < number <= len(lines) else ""
    return ParseError(
        f"unexpected line {line_text!r} (expected one of: {', '.join(expected)})",
        path=raw.path,
        line=raw.first_line + number - 1,
        column=1,
        text=line_text,
        expected=tuple(expected),
        hand_id=hand_id,
    )


def party_amount(text: str, unit: int) -> int:
    """An amount as Party writes it -> int of the smallest unit.

    >>> party_amount("$26,02 USD", 100), party_amount("$1,534.96", 100), party_amount("2,560", 1)
    (2602, 153496, 2560)
    """
    bare = _NOT_AMOUNT.sub("", text)
    if _DECIMAL_COMMA.fullmatch(bare):
        bare = bare.replace(",", ".")
    return to_units(bare, unit)


class _Builder:
    """Builds one hand; create one per hand."""

    def __init__(self, raw: Source, hand_id: str, patterns: dict[str, re.Pattern[str]]) -> None:
        self.raw = raw
        self.hand_id = hand_id
        self.patterns = patterns
        self.line = 0
        self.spec: GameSpec | None = None
        self.game_name = ""
        self.unit = 100
        self.currency = "USD"
        self.tournament_id: str | None = None
        self.level: str | None = None
        self.started_at: datetime | None = None
        self.header_stakes: tuple[int, int] | None = None
        self.level_stakes: tuple[int, int, int] | None = None
        self.buy_in: int | None = None
        self.table = ""
        self.button: int | None = None
        self.max_seats: int | None = None
        self.seats: dict[str, Seat] = {}
        self.events: list[ev.Event] = []
        self.posted: dict[str, int] = {}
        self.stud = False
        # the street being bet: each player's bet on it, the bet to match
        self.street = ""
        self.bets: dict[str, int] = {}
        self.folded: set[str] = set()
        self.uncalled: dict[str, int] = {}
        self.showdown = False
        self.wins: dict[str, int] = {}
        self.win_line: dict[str, int] = {}
        self.summary_collects: dict[str, int] = {}
        self.summary_shows: list[ev.Event] = []
        self.pots: int | None = None
        self.rake: int | None = None
        self.board: list[Card] = []
        self.joined: list[str] = []
        self.strangers: dict[str, int] = {}
        self.broke: set[str] = set()
        self.pending_folds: list[int] = []
        #: Index of the first event after the forced bets (for blinds posted silently).
        self.deal_index = 0
        #: Stud: the index after which each street's cards are dealt.
        self.street_index: dict[str, int] = {}
        self.dealt: set[str] = set()

    # -- driver ----------------------------------------------------------------------------

    def build(self, tokens: list[Token]) -> ParsedHand:
        for token in tokens:
            assert token.line is not None  # lark's lexer gives every token its line
            self.line = self.raw.first_line + token.line - 1
            m = self.patterns[token.type].match(token)
            assert m is not None
            try:
                _HANDLERS[token.type](self, m)
            except (_Fail, MoneyError, ValueError, KeyError) as problem:
                raise line_error(problem, token, self.raw, self.line, self.hand_id) from None
        return self._hand()

    def _money(self, text: str) -> int:
        return party_amount(text, self.unit)

    def _player(self, name: str) -> str:
        if name in self.seats:
            return name
        # The seat list cuts long names ("Hero" seated, "Hero Name" acting).
        for seated in sorted(self.seats, key=len, reverse=True):
            if name.startswith(seated + " "):
                return seated
        if ": " in name or " " in name:
            raise _Fail(f"{name!r} is not in the seat list")
        # A player who joined (the line may be missing) and acts: seated at the end.
        self.strangers.setdefault(name, self.line)
        return name

    def _stack_left(self, name: str) -> int | None:
        seat = self.seats.get(name)
        if seat is None:
            return None
        return seat.stack - self.posted.get(name, 0)

    def _put(self, name: str, amount: int) -> bool:
        """Record ``amount`` put in by ``name`` on this street; is he all-in?"""
        self.bets[name] = self.bets.get(name, 0) + amount
        self.posted[name] = self.posted.get(name, 0) + amount
        left = self._stack_left(name)
        return left is not None and left <= 0 and amount > 0

    def _close_street(self) -> None:
        """The street's uncalled bet (Party prints none): the engine returns it (B11); the
        amount is noted so that the winner's "wins" line can be read without it."""
        if len(self.bets) >= 1:
            ranked = sorted(self.bets.items(), key=lambda kv: kv[1], reverse=True)
            top, high = ranked[0]
            second = ranked[1][1] if len(ranked) > 1 else 0
            if high > second:
                self.uncalled[top] = self.uncalled.get(top, 0) + high - second
        self.bets = {}

    # -- header ------------------------------------------------------------------------------

    def on_HEADER_LINE(self, m: re.Match[str]) -> None:
        self.hand_id = m[1]

    def on_GAME_LINE(self, m: re.Match[str]) -> None:
        text = m[1].strip()
        date = _DATE.search(text)
        if date is None:
            raise _Fail("no date in the game line")
        self.started_at = _when(date)
        game = text[: date.start()].strip().rstrip("-").strip()
        game = re.sub(r"\s+", " ", game)
        tourney = _TOURNEY.search(game)
        if tourney is not None:
            self.unit, self.currency = 1, "CHIPS"
            self.tournament_id = tourney[1] or tourney[2]
            header = _HEADER_TRNY.search(game)
            if header is not None:
                self.level = header[2]
        else:
            found = _CURRENCY.search(game)
            if found is not None:
                self.currency = found[1] or _SIGNS[found[2]]
        code = self._game_code(game)
        if code is None:
            unknown = _UNKNOWN_GAME.search(game)
            name = unknown[1] if unknown else game
            raise unsupported_game(SITE, name, self.raw, self.hand_id, self.line)
        self.spec = GAME_SPECS[code]
        self.stud = self.spec.forced is Forced.BRING_IN
        self.game_name = game
        if self.tournament_id is None:
            stakes = _STAKES.match(game)
            if stakes is not None:
                self.header_stakes = (self._money(stakes[1]), self._money(stakes[2]))
            else:
                buy_in = _BUY_IN.match(game)
                if buy_in is not None:
                    self.buy_in = self._money(buy_in[1])

    def _game_code(self, game: str) -> str | None:
        kind = next((k for pattern, k in _GAMES if pattern.search(game)), None)
        if kind is None:
            return None
        betting = _BETTING.search(game)
        # The classic client names no structure for fixed limit ("$15/$30 USD Texas Hold'em").
        return GAME_CODES.get((kind, betting[1] if betting else "FL"))

    def on_TABLE_LINE(self, m: re.Match[str]) -> None:
        self.table = m[1]
        if m[2] == "Play" and self.tournament_id is None:
            self.currency, self.unit = "PLAY", 1
        if m[3]:
            self.button = int(m[3])

    def on_BUTTON_LINE(self, m: re.Match[str]) -> None:
        self.button = int(m[1])

    def on_PLAYERS_LINE(self, m: re.Match[str]) -> None:
        self.max_seats = int(m[2]) if m[2] else None

    def on_SEAT_LINE(self, m: re.Match[str]) -> None:
        number, name = int(m[1]), m[2]
        if name in self.seats:
            raise _Fail(f"{name!r} is seated twice")
        if any(s.seat == number for s in self.seats.values()):
            raise _Fail(f"seat {number} is listed twice")
        stack = self._money(m[3])
        if stack == 0:
            # Seated with nothing, yet he posts: he bought in again after the list was taken.
            self.broke.add(name)
        self.seats[name] = Seat(seat=number, name=name, stack=stack)

    def on_TRNY_LINE(self, m: re.Match[str]) -> None:
        self.tournament_id, self.level = m[1], m[2]

    def on_BLINDS_LINE(self, m: re.Match[str]) -> None:
        """The level ("Blinds-Antes(1.200/2.400 -400)"): its chips may be grouped by dots
        or commas, which the kit's reader of every locale tells from a decimal point."""
        ante = localised_units(m[3], self.unit) if m[3] else 0
        self.level_stakes = (
            localised_units(m[1], self.unit),
            localised_units(m[2], self.unit),
            ante,
        )

    # -- forced bets ---------------------------------------------------------------------------

    def on_POST_LINE(self, m: re.Match[str]) -> None:
        name, kind, amount = self._player(m[1]), m[2], self._money(m[3])
        self._rebuy(name)
        if kind.startswith("ante"):
            self.posted[name] = self.posted.get(name, 0) + amount
            left = self._stack_left(name)
            all_in = left is not None and left <= 0
            self.events.append(
                ev.PostAnte(player=name, amount=amount, all_in=all_in, line=self.line)
            )
            return
        blind = _POSTS[kind]
        posts = {e.blind for e in self.events if isinstance(e, ev.PostBlind)}
        if blind is ev.Blind.SMALL and {ev.Blind.SMALL, ev.Blind.BIG} <= posts:
            # A second "small blind" after the big blind (a player coming in): Party counts
            # it toward his bet, as his call of the rest shows ("posts small blind [$10]",
            # then "calls [$5]" to the $15 blind). The engine's live post after the big
            # blind is Blind.BIG (a small blind there is dead, F1).
            blind = ev.Blind.BIG
        live = amount
        if blind is ev.Blind.SMALL_AND_BIG:
            live = amount - self._posted_small(amount)
        self.bets[name] = self.bets.get(name, 0) + live
        self.posted[name] = self.posted.get(name, 0) + amount
        left = self._stack_left(name)
        all_in = left is not None and left <= 0
        self.events.append(
            ev.PostBlind(player=name, amount=amount, blind=blind, all_in=all_in, line=self.line)
        )

    def _rebuy(self, name: str) -> None:
        if name in self.broke:
            self.broke.discard(name)
            stack = self.buy_in or max(s.stack for s in self.seats.values())
            self.seats[name] = Seat(seat=self.seats[name].seat, name=name, stack=stack)

    def _posted_small(self, both: int) -> int:
        small = [
            e.amount
            for e in self.events
            if isinstance(e, ev.PostBlind) and e.blind is ev.Blind.SMALL
        ]
        return small[0] if small else both // 3

    # -- dealing -----------------------------------------------------------------------------

    def on_DEAL_LINE(self, m: re.Match[str]) -> None:
        assert self.spec is not None
        self.street = self.spec.streets[0].name
        self.deal_index = len(self.events)
        self.street_index[self.street] = len(self.events)
        if (
            self.tournament_id is not None
            and self.level_stakes
            and not self.stud
            and not any(isinstance(e, ev.PostBlind) for e in self.events)
        ):
            self._implied_blinds()

    def _implied_blinds(self) -> None:
        """Old tournament hands post no blinds: the two seats left of the button post them
        (heads-up, the button posts the small blind), each at most his stack; a seat whose
        player has no line in the hand is passed over."""
        assert self.level_stakes is not None
        small, big, _ = self.level_stakes
        if self.spec is not None and self.spec.betting.value == "fixed_limit":
            small, big = small // 2, small  # the level names the bets; the blinds are below
        seats = sorted(s.seat for s in self.seats.values())
        by_seat = {s.seat: s.name for s in self.seats.values()}
        if len(seats) < 2 or self.button is None:
            return
        # A player seated with no line of his own in the whole hand (moved to the table
        # after the deal) was not dealt in: he posts nothing and sits this hand out.
        silent = [
            name
            for name in by_seat.values()
            if re.search(rf"^{re.escape(name)}[ :]", self.raw.text, re.M) is None
        ]
        if silent and len(seats) - len(silent) >= 2:
            for name in silent:
                self.events.append(
                    ev.Note(
                        note=ev.NoteKind.SITS_OUT,
                        player=name,
                        text=f"{name} has no line in the hand: not dealt in",
                        line=self.line,
                    )
                )
            seats = [s for s in seats if by_seat[s] not in silent]
        after = [s for s in seats if s > self.button] + [s for s in seats if s <= self.button]
        order = [after[-1], after[0]] if len(seats) == 2 else after[:2]
        for seat, amount, blind in zip(
            order, (small, big), (ev.Blind.SMALL, ev.Blind.BIG), strict=True
        ):
            name = by_seat[seat]
            left = self._stack_left(name) or 0
            paid = min(amount, left)
            self.bets[name] = self.bets.get(name, 0) + paid
            self.posted[name] = self.posted.get(name, 0) + paid
            self.events.append(
                ev.PostBlind(
                    player=name, amount=paid, blind=blind, all_in=paid == left, line=self.line
                )
            )

    def on_BOARD_LINE(self, m: re.Match[str]) -> None:
        self._order_folds()
        street = m[1].lower()
        cards = _cards(m[2])
        self._close_street()
        self.street = street
        self.board.extend(cards)
        self.events.append(ev.DealBoard(street=street, cards=cards, line=self.line))

    def on_STREET_LINE(self, m: re.Match[str]) -> None:
        if not self.stud:
            raise _Fail("a stud street in a flop game")
        self._close_street()
        self.street = _STUD_STREETS[m[1]]
        self.events.append(ev.StreetStart(street=self.street, line=self.line))
        self.street_index[self.street] = len(self.events)

    def on_DEALT_LINE(self, m: re.Match[str]) -> None:
        name = self._player(m[1])
        cards = _cards(m[2])
        self.dealt.add(name)
        if not self.stud:
            self.events.append(ev.DealHole(player=name, cards=cards, line=self.line))
        elif self.street == "third":
            self.events.append(
                ev.DealHole(player=name, cards=cards[:2], up=cards[2:], line=self.line)
            )
        elif self.street == "seventh":
            self.events.append(ev.DealHole(player=name, cards=cards, line=self.line))
        else:
            self.events.append(ev.DealHole(player=name, up=cards, line=self.line))

    # -- betting -------------------------------------------------------------------------------

    def on_ACTION_LINE(self, m: re.Match[str]) -> None:
        name, verb = self._player(m[1]), m[2]
        line = self.line
        if verb == "folds":
            self.folded.add(name)
            self.events.append(ev.Fold(player=name, line=line))
            if self.street == "preflop" and not self.stud:
                self.pending_folds.append(len(self.events) - 1)
            return
        self._order_folds()
        if verb == "checks":
            owed = max(self.bets.values(), default=0) - self.bets.get(name, 0)
            if owed > 0 and self.street == "preflop" and name not in self.posted:
                self._silent_blind(name, owed)
            self.events.append(ev.Check(player=name, line=line))
            return
        if m[3] is None:
            if verb == "is all-In":  # 2012+: "X is all-In." says the action before it was
                for index in range(len(self.events) - 1, -1, -1):
                    last = self.events[index]
                    if isinstance(last, ev.Bet | ev.Call | ev.RaiseTo) and last.player == name:
                        self.events[index] = replace(last, all_in=True)
                        break
                self.events.append(
                    ev.Note(note=ev.NoteKind.OTHER, player=name, text=m[0].rstrip("\n"), line=line)
                )
                return
            raise _Fail(f"{verb} without an amount")
        amount = self._money(m[3])
        facing = max(self.bets.values(), default=0)
        before = self.bets.get(name, 0)
        all_in = self._put(name, amount)
        total = before + amount
        if verb == "calls":
            self.events.append(ev.Call(player=name, amount=amount, all_in=all_in, line=line))
        elif verb in ("bets", "double bets"):
            self.events.append(ev.Bet(player=name, amount=amount, all_in=all_in, line=line))
        elif verb == "raises":
            self.events.append(ev.RaiseTo(player=name, amount=total, all_in=all_in, line=line))
        elif verb == "bring-ins":
            self.events.append(ev.BringIn(player=name, amount=amount, all_in=all_in, line=line))
        elif verb == "completes":
            self.events.append(ev.Complete(player=name, amount=total, all_in=all_in, line=line))
        elif total <= facing:  # "is all-In": a call of what is left
            self.events.append(ev.Call(player=name, amount=amount, all_in=True, line=line))
        elif facing == 0 or (self.stud and self._only_bring_in(facing)):
            self.events.append(ev.Bet(player=name, amount=amount, all_in=True, line=line))
        else:
            self.events.append(ev.RaiseTo(player=name, amount=total, all_in=True, line=line))

    def _order_folds(self) -> None:
        """Folds chosen in advance are written when clicked, not in turn: a run of folds
        before the flop is put back in clockwise order from the last player who acted
        (or from the big blind), which is where the engine expects them (B3)."""
        run, self.pending_folds = self.pending_folds, []
        if len(run) < 2 or run != list(range(run[0], run[0] + len(run))):
            return
        seat_of = {n: s.seat for n, s in self.seats.items()}
        folds = [self.events[i] for i in run]
        if any(getattr(f, "player", None) not in seat_of for f in folds):
            return
        before = [
            e
            for e in self.events[: run[0]]
            if isinstance(e, ev.PlayerEvent)
            and not isinstance(e, ev.PostAnte | ev.DealHole)
            and e.player in seat_of
        ]
        if not before:
            return
        start = seat_of[before[-1].player]
        top = max(self.max_seats or 0, *seat_of.values())
        folds.sort(key=lambda f: (seat_of[f.player] - start) % (top + 1))  # type: ignore[attr-defined]
        for i, fold in zip(run, folds, strict=True):
            self.events[i] = fold

    def _only_bring_in(self, facing: int) -> bool:
        return False

    def _silent_blind(self, name: str, owed: int) -> None:
        """A player who checks before the flop facing a bet, having posted nothing, posted
        both blinds without the log saying so ("silent post both"): the big blind live, the
        small blind dead. They are added with the other forced bets."""
        dead = next(
            (
                e.amount
                for e in self.events
                if isinstance(e, ev.PostBlind) and e.blind is ev.Blind.SMALL
            ),
            0,
        )
        self.bets[name] = self.bets.get(name, 0) + owed
        self.posted[name] = self.posted.get(name, 0) + owed + dead
        self.events.insert(
            self.deal_index,
            ev.PostBlind(
                player=name, amount=owed + dead, blind=ev.Blind.SMALL_AND_BIG, line=self.line
            ),
        )
        self.deal_index += 1
        for street in self.street_index:
            self.street_index[street] += 1

    def on_RAISE_TO_LINE(self, m: re.Match[str]) -> None:
        name = self._player(m[1])
        total = self._money(m[3])
        before = self.bets.get(name, 0)
        all_in = self._put(name, total - before)
        self.events.append(ev.RaiseTo(player=name, amount=total, all_in=all_in, line=self.line))

    # -- the end of the hand -----------------------------------------------------------------

    def _start_showdown(self) -> None:
        self._order_folds()
        if not self.showdown:
            self._close_street()
            self.showdown = True
            self.events.append(ev.ShowdownStart(line=self.line))

    def on_SHOW_LINE(self, m: re.Match[str]) -> None:
        name = self._player(m[1])
        cards = _cards(m[3])
        if name in self.folded:
            self._note(m)
            return
        self._start_showdown()
        description = m[4].strip().rstrip(".")
        if self.stud and len(cards) == 7 and name not in self.dealt:
            self._stud_cards(name, cards)
        if m[2] == "shows":
            self.events.append(
                ev.Show(player=name, cards=cards, description=description, line=self.line)
            )
        else:
            self.events.append(ev.Muck(player=name, cards=cards, line=self.line))

    def _stud_cards(self, name: str, cards: tuple[Card, ...]) -> None:
        """Party prints only the hero's stud cards street by street; a player's seven
        cards at the showdown are in the order dealt (2 down, 4 up, 1 down), so his up cards
        are dealt on their streets, which the engine needs to find each street's opener (F4)."""
        deals = {
            "third": ev.DealHole(player=name, cards=cards[:2], up=cards[2:3]),
            "fourth": ev.DealHole(player=name, up=cards[3:4]),
            "fifth": ev.DealHole(player=name, up=cards[4:5]),
            "sixth": ev.DealHole(player=name, up=cards[5:6]),
            "seventh": ev.DealHole(player=name, cards=cards[6:]),
        }
        for street in sorted(self.street_index, key=self.street_index.__getitem__, reverse=True):
            if street in deals:
                self.events.insert(self.street_index[street], deals[street])
        for street in self.street_index:
            later = [
                s
                for s in self.street_index
                if self.street_index[s] <= self.street_index[street] and s in deals
            ]
            self.street_index[street] += len(later)

    def on_NO_SHOW_LINE(self, m: re.Match[str]) -> None:
        name = self._player(m[1])
        if name in self.folded or name not in self._involved():
            self._note(m)
            return
        self._start_showdown()
        self.events.append(ev.Muck(player=name, line=self.line))

    def _involved(self) -> set[str]:
        return {e.player for e in self.events if isinstance(e, ev.PlayerEvent)}

    def on_WIN_LINE(self, m: re.Match[str]) -> None:
        self._order_folds()
        name = self._player(m[1])
        self._close_street()
        self.wins[name] = self.wins.get(name, 0) + self._money(m[3])
        self.win_line.setdefault(name, self.line)

    # -- the 2012+ summary -------------------------------------------------------------------

    def on_SUMMARY_LINE(self, m: re.Match[str]) -> None:
        self._close_street()

    def on_POT_LINE(self, m: re.Match[str]) -> None:
        text = m[1]
        rake = re.search(r"Rake: *(\S+)", text)
        if rake is not None:
            self.rake = self._money(rake[1])
            text = text[: rake.start()]
        parts = re.split(r"Side Pot \d+:", text)
        self.pots = sum(self._money(p) for p in parts if p.strip())

    def on_SUMMARY_BOARD_LINE(self, m: re.Match[str]) -> None:
        return

    def on_BALANCE_LINE(self, m: re.Match[str]) -> None:
        name = self._player(m[1])
        rest = m[3]
        collected = _COLLECTED.search(rest)
        if collected is not None:
            self.summary_collects[name] = self._money(collected[1])
            self.win_line.setdefault(name, self.line)
        cards = _SUMMARY_CARDS.search(rest)
        if cards is not None and name not in self.folded and "folded" not in rest:
            shown = _cards(cards[1])
            if shown:
                self.summary_shows.append(ev.Show(player=name, cards=shown, line=self.line))

    # -- notes -------------------------------------------------------------------------------

    def _note(
        self, m: re.Match[str], kind: ev.NoteKind = ev.NoteKind.OTHER, player: str | None = None
    ) -> None:
        self.events.append(
            ev.Note(note=kind, player=player, text=m[0].rstrip("\n"), line=self.line)
        )

    def on_JOIN_LINE(self, m: re.Match[str]) -> None:
        if m[1] not in self.seats:
            self.joined.append(m[1])
        self._note(m, ev.NoteKind.JOINS, m[1])

    def on_LEAVE_LINE(self, m: re.Match[str]) -> None:
        self._note(m, ev.NoteKind.LEAVES, m[1])

    def on_SITS_OUT_LINE(self, m: re.Match[str]) -> None:
        self._note(m, ev.NoteKind.SITS_OUT, m[1])

    def on_CHAT_LINE(self, m: re.Match[str]) -> None:
        self._note(m, ev.NoteKind.CHAT, m[1])

    def on_NOTE_LINE(self, m: re.Match[str]) -> None:
        self._note(m)

    # -- the hand ------------------------------------------------------------------------------

    def _hand(self) -> ParsedHand:
        assert self.spec is not None
        if not self.street:
            raise IncompleteHand(
                "the hand has no deal", hand_id=self.hand_id, path=self.raw.path, line=self.line
            )
        self._close_street()
        self._seat_strangers()
        events = self.events
        if self.summary_shows:
            if len(self._involved() - self.folded) > 1:
                self._start_showdown()
                events = self.events
            events.extend(self.summary_shows)
        claims = self.summary_collects or self.wins
        for name, amount in claims.items():
            # "wins" includes the uncalled part of the winner's last bet (see the module doc).
            amount -= min(self.uncalled.get(name, 0), amount)
            if amount:
                events.append(ev.Collect(player=name, amount=amount, line=self.win_line[name]))
        total_pot = None
        if self.pots is not None:
            total_pot = self.pots + (self.rake or 0)
        rake = self.rake if self.rake is not None else (0 if self.tournament_id else None)
        seats = sorted(self.seats.values(), key=lambda s: s.seat)
        summary = Summary(total_pot=total_pot, rake=rake)
        game, stakes = self.spec, self._stakes()
        return table_hand(self, SITE, game, self.game_name, stakes, seats, summary, events=events)

    def _stakes(self) -> Stakes:
        assert self.spec is not None
        ante = max((e.amount for e in self.events if isinstance(e, ev.PostAnte)), default=0)
        bring_in = next((e.amount for e in self.events if isinstance(e, ev.BringIn)), None)
        small: int | None  # the blinds: the level's, the header's, or else the posts'
        big: int | None
        if self.level_stakes is not None:
            small, big, level_ante = self.level_stakes
            return Stakes(small=small, big=big, ante=level_ante or ante, bring_in=bring_in)
        if self.header_stakes is not None and (
            self.spec.forced is Forced.BRING_IN
            or self.spec.betting.value == "fixed_limit"
            or self.tournament_id is None
        ):
            small, big = self.header_stakes
            return Stakes(small=small, big=big, ante=ante, bring_in=bring_in)
        blinds = [e for e in self.events if isinstance(e, ev.PostBlind)]
        small_posts = [e.amount for e in blinds if e.blind is ev.Blind.SMALL and not e.all_in]
        big_posts = [
            e.amount for e in blinds if e.blind in (ev.Blind.BIG, ev.Blind.BUTTON) and not e.all_in
        ]
        small = small_posts[0] if small_posts else None
        big = max(big_posts) if big_posts else None
        if big is None and small is not None:
            big = small * 5 // 2 if small * 5 % 2 == 0 and small in (10, 1000) else small * 2
        if small is None and big is not None:
            small = big // 2 if big != 25 else 10
        if small is None or big is None:
            raise hand_error(
                "the blinds cannot be told: none is posted in full", self.raw, self.hand_id
            )
        return Stakes(small=small, big=big, ante=ante, bring_in=bring_in)

    def _seat_strangers(self) -> None:
        """Seat the players who joined and posted but are not in the seat list."""
        involved = self._involved()
        for name in self.strangers:
            for leaver in [
                e.player
                for e in self.events
                if isinstance(e, ev.Note)
                and e.note is ev.NoteKind.LEAVES
                and e.player in self.seats
                and e.player not in involved
            ]:
                del self.seats[leaver]  # his seat is free for the player who joined
            taken = {s.seat for s in self.seats.values()}
            top = self.max_seats or max(max(taken, default=0) + 1, 10)
            free = [s for s in range(1, top + 1) if s not in taken]
            if not free:
                raise ParseError(
                    f"{name!r} acts but no seat is free",
                    path=self.raw.path,
                    line=self.strangers[name],
                    hand_id=self.hand_id,
                )
            seat = self._seat_by_order(name, free, taken)
            stack = self.buy_in or max((s.stack for s in self.seats.values()), default=0)
            stack = max(stack, self.posted.get(name, 0))
            self.seats[name] = Seat(seat=seat, name=name, stack=stack)

    def _seat_by_order(self, name: str, free: list[int], taken: set[int]) -> int:
        """The free seat between the players who act just before and after ``name``'s
        first action before the flop (the betting goes clockwise)."""
        acts = [
            e
            for e in self.events
            if isinstance(e, ev.Fold | ev.Check | ev.Call | ev.Bet | ev.RaiseTo)
        ]
        seat_of = {n: s.seat for n, s in self.seats.items()}
        for i, event in enumerate(acts):
            if event.player != name:
                continue
            before = next(
                (seat_of[e.player] for e in reversed(acts[:i]) if e.player in seat_of), None
            )
            after = next((seat_of[e.player] for e in acts[i + 1 :] if e.player in seat_of), None)
            if before is None:  # the first to act: left of the big blind
                before = next(
                    (
                        seat_of[e.player]
                        for e in self.events
                        if isinstance(e, ev.PostBlind)
                        and e.blind is ev.Blind.BIG
                        and e.player in seat_of
                    ),
                    None,
                )
            if before is None or after is None:
                break
            between = [s for s in free if clockwise_between(before, s, after)]
            if between:
                return between[0]
            break
        return free[0]


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in _CARD_TEXT.findall(text))


def _when(m: re.Match[str]) -> datetime:
    month = (m["month"] or m["month2"])[:3].lower()
    day = int(m["day"] or m["day2"])
    hour, minute, second = (int(x) for x in m["clock"].split(":"))
    zone = TIME_ZONES.get(m["tz"]) if m["tz"] else NO_ZONE
    if zone is None:
        raise _Fail(f"unknown time zone {m['tz']!r}")
    local = datetime(
        int(m["year"]), _MONTHS[month], day, hour, minute, second, tzinfo=ZoneInfo(zone)
    )
    return local.astimezone(UTC)


_HANDLERS: dict[str, Callable[[_Builder, re.Match[str]], None]] = {
    name[len("on_") :]: getattr(_Builder, name) for name in dir(_Builder) if name.startswith("on_")
}
