"""iPoker XML -> :class:`ParsedHand`: expat for the document, a lark grammar for its text.

An iPoker file is a ``<session>`` (the table, the hero, the tournament) holding one
``<game>`` per hand: players with their stack, what they bet and won; rounds of
``<action>`` and ``<cards>`` elements. The document is read with the standard library's
expat parser (it gives each element's line, so every event points back at its file line);
the one free-text field, ``<gametype>``, is parsed by ``grammars/ipoker.lark``. Files are
XML whatever their name (``.xml`` or ``.txt``), with or without the ``<?xml?>`` line.

What iPoker writes differently, and how it is reconciled here (docs/sites.md, iPoker):

- Actions are not in order inside a round: they are sorted by their ``no``.
- A call's, bet's, all-in's and flat raise's ("6") ``sum`` is what the action adds, a
  raise's ("23") the raise's total this street: the builder keeps each player's bet on
  the street, and tells an all-in ("7") bet, call or raise by the bet it faces.
- There is no uncalled-bet line, no pot, no rake and no collected line: a player's
  ``win`` is what he was paid. The engine returns uncalled bets itself (B11); when the
  wins add up to more than the pot without them, they include the uncalled part (the
  tournament client), which is taken back out. The rake is what the pot holds beyond
  the wins.
- The stakes may be missing from ``<gametype>`` (tournaments, some cash files): then the
  posted blinds (a blind posted all-in for less does not count) set them; stud's bets
  are its first full bet, the bring-in its bring-in.
- ``<gametype>`` may name no game ("PL €0,50/€1"): the hole cards dealt tell hold'em from
  4-, 5- or 6-card Omaha. Cards are written suit first ("C10", "DA"), unknown ones "X".
- Times carry no zone: read as UTC. Decimal commas ("€4,87") and thousands commas
  ("1,440" chips) are told apart by the hand's unit.
- Seats "sitting out" (type 8, 9) are notes: such a player is not dealt in. One who
  put chips in first (his ante) is in the hand and away: he folds at his turn (B12).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from importlib.resources import files
from xml.parsers import expat

from lark import Lark, Token, Tree
from lark.exceptions import LarkError

from parser.kit.errors import unsupported_game
from parser.kit.money import MoneyError, to_units
from parser.kit.table import button_before_small_blind, clockwise_between
from parser.model import events as ev
from parser.model.cards import Card
from parser.model.errors import IncompleteHand, ParseError
from parser.model.games import GAME_SPECS, Betting, Forced, GameSpec
from parser.model.hand import ParsedHand, Seat, Source, Stakes, Summary

SITE = "iPoker"

_GAME_START = re.compile(r"<game\s+gamecode=\"(\w+)\"")
_GAME_END = re.compile(r"</game\s*>")
_GENERAL = re.compile(r"<general>.*?</general>", re.S)

#: (game, betting, hole cards) -> GAME_SPECS code; a game of None is told by the cards.
_CODES: dict[tuple[str, str], str] = {
    ("holdem", "no_limit"): "NLHE",
    ("holdem", "pot_limit"): "PLHE",
    ("holdem", "fixed_limit"): "FLHE",
    ("sixplus", "no_limit"): "NLHE6P",
    ("omaha", "pot_limit"): "PLO",
    ("omaha", "no_limit"): "NLO",
    ("omaha", "fixed_limit"): "FLO",
    ("omaha5", "pot_limit"): "PLO5",
    ("omaha6", "pot_limit"): "PLO6",
    ("omaha8", "pot_limit"): "PLO8",
    ("omaha8", "no_limit"): "NLO8",
    ("omaha8", "fixed_limit"): "FLO8",
    ("stud", "fixed_limit"): "FL7S",
    ("stud8", "fixed_limit"): "FL7S8",
}
_GAME_WORDS = {
    "Holdem": "holdem",
    "Six Plus Holdem": "sixplus",
    "Omaha": "omaha",
    "Omaha Hi-Lo": "omaha8",
    "Omaha HiLow": "omaha8",
    "7 Card Stud": "stud",
    "7 Card Stud Hi-Lo": "stud8",
    "7 Card Stud HiLow": "stud8",
    "5 Card Stud": "stud5",
}
_LIMITS = {
    "NL": "no_limit",
    "SL": "no_limit",
    "LZ": "no_limit",
    "БЛ": "no_limit",
    "No limit": "no_limit",
    "PL": "pot_limit",
    "LP": "pot_limit",
    "Pot limit": "pot_limit",
    "L": "fixed_limit",
    "Limit": "fixed_limit",
}
_SIGNS = {"$": "USD", "€": "EUR", "£": "GBP"}
_SUITS = {"C": "c", "D": "d", "H": "h", "S": "s"}
_STUD_STREETS = {
    "Third Street": "third",
    "Fourth Street": "fourth",
    "Fifth Street": "fifth",
    "Sixth Street": "sixth",
    "Seventh Street": "seventh",
    "River": "seventh",
}
_BOARD = {"Flop": "flop", "Turn": "turn", "River": "river"}
#: Action types that are not a player's choice: small and big blind, ante, bring-in, and
#: the sitting-out marks (8, 9).
_FORCED = frozenset({"1", "2", "15", "16", "8", "9"})
_SITS_OUT = frozenset({"8", "9"})
#: Action types that put chips in: blinds, ante, bring-in, call, bet, raises, all-in.
_PUTS_CHIPS = frozenset({"1", "2", "15", "16", "3", "5", "23", "6", "7"})
_MONTHS = {
    m: i
    for i, m in enumerate(
        ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), 1
    )
}
_DATES = (
    (re.compile(r"(\d{4})-(\d{2})-(\d{2}) (\d{1,2}):(\d{2}):(\d{2})"), "ymd"),
    (re.compile(r"(\d{4})/(\d{2})/(\d{2}) (\d{1,2}):(\d{2}):(\d{2})"), "ymd"),
    (re.compile(r"(\d{2})[./](\d{2})[./](\d{4}) (\d{1,2}):(\d{2}):(\d{2})"), "dmy"),
    (re.compile(r"(\d{2})-([A-Z][a-z]{2})-(\d{4}) (\d{1,2}):(\d{2}):(\d{2})"), "dMy"),
)


# -- recognise and split --------------------------------------------------------------------


def looks_like_ipoker(text: str, path: str) -> bool:
    """An iPoker session (or one game of it) near the start of the text."""
    head = text[:4096]
    return "<session" in head or _GAME_START.search(head) is not None


def split_ipoker(text: str, path: str) -> Iterator[Source]:
    """One ``Source`` per ``<game>``: the game's own lines first (so that line k of the
    text is file line ``first_line + k - 1``), then the session's ``<general>`` (the
    table, the currency, the tournament), which every hand needs and the file gives once.
    A game cut off before ``</game>`` is yielded as it is (see :func:`_closed`)."""
    first_game = _GAME_START.search(text)
    if first_game is None:
        stripped = text.strip()
        if stripped:
            yield Source(path, 1, text)
        return
    general = _GENERAL.search(text, 0, first_game.start())
    session = general[0] if general else ""
    pos = first_game.start()
    while True:
        start = _GAME_START.search(text, pos)
        if start is None:
            return
        opened = text.rfind("<session", pos, start.start())
        if opened >= 0:
            # A file of several sessions (an archive): each game is of the last one opened.
            general = _GENERAL.search(text, opened, start.start())
            session = general[0] if general else ""
        end = _GAME_END.search(text, start.end())
        stop = end.end() if end else len(text)
        if end is not None:
            following = _GAME_START.search(text, start.end())
            if following is not None and following.start() < end.start():
                stop = following.start()  # a game cut off and the next one glued on
        line = text.count("\n", 0, start.start()) + 1
        body = text[start.start() : stop]
        yield Source(
            path,
            line,
            body.rstrip()
            + "\n"
            + ("<session_general>" + session + "</session_general>\n" if session else ""),
        )
        pos = stop


def ended_ipoker(text: str) -> bool:
    """A game's end mark: the ``</game>`` closing the last ``<game>`` the text opens
    (``Room.ended``; the XML is written inside the session, so nothing else ends it)."""
    starts = list(_GAME_START.finditer(text))
    return bool(starts) and _GAME_END.search(text, starts[-1].end()) is not None


def identify_ipoker(text: str) -> tuple[str, str] | None:
    m = _GAME_START.search(text[:400])
    return (SITE, m[1]) if m else None


# -- the document -----------------------------------------------------------------------------


@dataclass
class _Element:
    tag: str
    attrs: dict[str, str]
    line: int
    children: list[_Element] = field(default_factory=list)
    text: str = ""

    def find(self, tag: str) -> _Element | None:
        return next((c for c in self.children if c.tag == tag), None)

    def iter(self, tag: str) -> Iterator[_Element]:
        for child in self.children:
            if child.tag == tag:
                yield child
            yield from child.iter(tag)

    def value(self, tag: str) -> str | None:
        found = next(self.iter(tag), None)
        return found.text.strip() if found is not None else None


def _closed(body: str) -> str | None:
    """A game cut off right after a ``</round>``, with its end tag written back.

    Nothing follows a game's last round but ``</game>`` (the players' ``win`` and ``bet``
    come first, in ``<players>``), so such a game lacks only the tag when its play reached
    its end: the builder checks that (``_Builder.cut``), the replay the wins. A game cut
    inside an element gives None: what it lost cannot be told."""
    game, mark, session = body.partition("<session_general>")
    if not game.rstrip().endswith("</round>"):
        return None
    return game.rstrip() + "\n</game>\n" + mark + session


def _read_xml(raw: Source, hand_id: str | None) -> tuple[_Element, bool]:
    """The game's element tree, and whether its ``</game>`` was written back (cut)."""
    root = _Element("root", {}, 0)
    stack = [root]
    parser = expat.ParserCreate()

    def start(tag: str, attrs: dict[str, str]) -> None:
        element = _Element(tag, attrs, raw.first_line + parser.CurrentLineNumber - 1)
        stack[-1].children.append(element)
        stack.append(element)

    def end(tag: str) -> None:
        stack.pop()

    def data(text: str) -> None:
        stack[-1].text += text

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = data
    body = re.sub(r"<\?xml[^>]*\?>", "", raw.text)
    closed = _closed(body) if "</game>" not in body else None
    body = closed or body
    try:
        parser.Parse("<root>" + body + "</root>", True)
    except expat.ExpatError as error:
        line = raw.first_line + error.lineno - 1
        text = (
            raw.text.split("\n")[error.lineno - 1] if error.lineno <= raw.text.count("\n") else ""
        )
        if "</game>" not in raw.text:
            raise IncompleteHand(
                f"the game stops at line {line} before its </game>",
                hand_id=hand_id,
                path=raw.path,
                line=line,
            ) from None
        raise ParseError(
            f"not well-formed XML: {expat.ErrorString(error.code)}",
            path=raw.path,
            line=line,
            column=error.offset + 1,
            text=text.strip(),
            hand_id=hand_id,
        ) from None
    return root.children[0], closed is not None


@cache
def _gametype_parser() -> Lark:
    grammar = files("parser.rooms.ipoker").joinpath("ipoker.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr")


@dataclass(frozen=True)
class GameType:
    game: str | None
    betting: str
    blinds: tuple[str, str] | None
    ante: str | None
    #: the two amounts name a fixed-limit game's bets ("Holdem L $5/$10" posts $2.50/$5
    #: blinds), not its blinds as "LH 20/40 x2 Limit $10.00/$20.00" does
    bets: bool = False


def read_gametype(text: str) -> GameType:
    """The ``<gametype>`` text, by the grammar.

    >>> read_gametype("Holdem NL £0.05/£0.10")
    GameType(game='holdem', betting='no_limit', blinds=('£0.05', '£0.10'), ante=None, bets=False)
    >>> read_gametype("PL €0,50/€1").game is None
    True
    """
    tree = _gametype_parser().parse(text.strip())
    game = betting = None
    blinds = ante = None
    named_by_bets = False
    for child in tree.children:
        if isinstance(child, Token) and child.type == "GAME":
            game = _GAME_WORDS[str(child)]
        elif isinstance(child, Tree) and child.data == "limit":
            tokens = [str(t) for t in child.children]
            betting = _LIMITS[tokens[-1]]
            if tokens[0].startswith("LH"):
                game = "holdem"
            named_by_bets = betting == "fixed_limit" and len(tokens) == 1
        elif isinstance(child, Tree) and child.data == "blinds":
            blinds = (str(child.children[0]), str(child.children[1]))
        elif isinstance(child, Tree) and child.data == "ante":
            ante = str(child.children[0])
    assert betting is not None
    return GameType(game, betting, blinds, ante, named_by_bets and blinds is not None)


def _card(text: str) -> Card | None:
    """ "C10" -> Tc; a data miner's copy writes the suit in lower case ("c10", "hK")."""
    text = text.strip().upper()
    if not text or text[0] not in _SUITS:
        return None
    rank = text[1:].replace("10", "T")
    return Card.parse(rank + _SUITS[text[0]])


def _cards(text: str) -> list[Card | None]:
    return [_card(t) for t in text.split()]


# -- the hand -----------------------------------------------------------------------------------


def _last_line(raw: Source) -> int:
    """The file line of the game's last line (before the session's general, appended)."""
    game = raw.text.partition("<session_general>")[0].rstrip()
    return raw.first_line + game.count("\n")


def parse_ipoker(raw: Source) -> ParsedHand:
    """Parse one ``<game>`` (a ``Source`` from :func:`split_ipoker`)."""
    found = _GAME_START.search(raw.text)
    hand_id = found[1] if found else None
    root, cut = _read_xml(raw, hand_id)
    game = next(root.iter("game"), None)
    if game is None or hand_id is None:
        raise ParseError("no <game> element", path=raw.path, line=raw.first_line)
    builder = _Builder(raw, hand_id, root, game)
    builder.cut = cut
    return builder.build()


class _Fail(Exception):
    pass


class _Builder:
    def __init__(self, raw: Source, hand_id: str, root: _Element, game: _Element) -> None:
        self.raw = raw
        self.hand_id = hand_id
        self.root = root
        self.game = game
        self.session = root.find("session_general") or _Element("none", {}, 0)
        self.unit = 100
        self.events: list[ev.Event] = []
        self.bets: dict[str, int] = {}
        self.posted: dict[str, int] = {}
        self.uncalled: dict[str, int] = {}
        self.seats: dict[str, Seat] = {}
        self.stud = False
        #: the game was cut off after a whole round (its ``</game>`` written back)
        self.cut = False

    def _fail(self, message: str, line: int) -> ParseError:
        return ParseError(message, path=self.raw.path, line=line, hand_id=self.hand_id)

    def _money(self, text: str) -> int:
        bare = re.sub(r"[^\d.,]", "", text)
        if self.unit == 1 and re.fullmatch(r"\d{1,3}(?:\.\d{3})+", bare):
            # Whole tournament chips grouped with dots (the Italian client's "1.500"):
            # a chip count in whole chips has no three-digit fraction.
            bare = bare.replace(".", "")
        elif self.unit == 100 and re.fullmatch(r"\d+,\d{1,2}", bare):
            bare = bare.replace(",", ".")
        elif "," in bare and "." not in bare and self.unit == 100 and re.search(r",\d{1,2}$", bare):
            bare = bare.replace(".", "").replace(",", ".")
        else:
            bare = bare.replace(",", "")
        return to_units(bare or "0", self.unit)

    def build(self) -> ParsedHand:
        try:
            return self._build()
        except (MoneyError, _Fail, LarkError, ValueError) as problem:
            raise ParseError(
                str(problem).split("\n")[0],
                path=self.raw.path,
                line=self.game.line,
                hand_id=self.hand_id,
            ) from None

    def _build(self) -> ParsedHand:
        general = self.game.find("general")
        if general is None:
            raise _Fail("the game has no <general>")
        session = self.session
        tournament = session.value("tournamentcode") or (
            "tour"
            if session.value("tournamentname") or session.value("place") is not None
            else None
        )
        gametype_text = session.value("gametype") or ""
        if not gametype_text:
            raise _Fail("the session names no <gametype>")
        gametype = read_gametype(gametype_text)
        currency = session.value("tablecurrency") or session.value("currency") or "USD"
        if gametype.blinds and gametype.blinds[0][:1] in _SIGNS:
            currency = _SIGNS[gametype.blinds[0][:1]]
        if tournament is not None:
            # Tournament chips; in hundredths when the game has fractional amounts
            # ("2,507.50" after a level with antes of 12.50).
            fraction = re.search(r'(?:sum|chips|win|bet)="[^"]*\.\d{1,2}"', self.raw.text)
            self.unit, currency = (100 if fraction else 1), "CHIPS"
            if tournament == "tour":
                name = session.value("tournamentname") or ""
                digits = re.search(r"(\d{5,})\s*$", name)
                tournament = digits[1] if digits else name or None
        # players
        button = None
        wins: dict[str, int] = {}
        for player in general.iter("player"):
            a = player.attrs
            name = a.get("name", "")
            if not name:  # an empty seat, listed by some exports ("name='' chips='$0'")
                if a.get("dealer") == "1":
                    button = int(a["seat"])  # a dead button
                continue
            seat = Seat(seat=int(a["seat"]), name=name, stack=self._money(a.get("chips", "0")))
            self.seats[name] = seat
            if a.get("dealer") == "1":
                button = seat.seat
            win = self._money(a.get("win", "0"))
            if win:
                wins[name] = win
        if not self.seats:
            raise _Fail("the game lists no players")
        unclaimed = all("win" not in p.attrs for p in general.iter("player"))
        if unclaimed and all(a.attrs.get("type") in _FORCED for a in self.game.iter("action")):
            # The client's partial export: the blinds of each game and nothing else (the
            # stacks of the next game show that play went on), no date, no result.
            raise IncompleteHand(
                "the game has no result and no action after the forced bets "
                "(iPoker's partial export: no player's win, no start date)",
                hand_id=self.hand_id,
                path=self.raw.path,
                line=self.game.line,
            )
        rounds = sorted(self.game.iter("round"), key=lambda r: int(r.attrs.get("no", "0")))
        hole = max(
            (
                len(c.text.split())
                for c in self.game.iter("cards")
                if c.attrs.get("type") == "Pocket"
            ),
            default=2,
        )
        spec = self._spec(gametype, hole)
        self.stud = spec.forced is Forced.BRING_IN
        streets = [s.name for s in spec.streets]
        street_no = 0
        in_order = [
            sorted(
                (c for c in rnd.children if c.tag == "action"),
                key=lambda c: int(c.attrs.get("no", "0")),
            )
            for rnd in rounds
        ]
        if not self.stud:
            in_order = self._absent_folds(rounds, in_order, button)
        for rnd, actions in zip(rounds, in_order, strict=True):
            number = int(rnd.attrs.get("no", "0"))
            cards = [c for c in rnd.children if c.tag == "cards"]
            if number >= 2 and not self.stud:
                board = [c for c in cards if c.attrs.get("type") in _BOARD]
                if board:
                    self._close()
                    street = _BOARD[board[0].attrs["type"]]
                    new = tuple(c for c in _cards(board[0].text) if c is not None)
                    self.events.append(ev.DealBoard(street=street, cards=new, line=board[0].line))
            if self.stud and cards:
                kinds = {c.attrs.get("type") for c in cards}
                stud_street = next((_STUD_STREETS[k] for k in kinds if k in _STUD_STREETS), None)
                if stud_street is not None and stud_street != "third":
                    self._close()
                    self.events.append(ev.StreetStart(street=stud_street, line=cards[0].line))
                for c in cards:
                    self._stud_deal(c, stud_street or "third")
            elif not self.stud:
                for c in cards:
                    if c.attrs.get("type") == "Pocket":
                        known = tuple(x for x in _cards(c.text) if x is not None)
                        if known and c.attrs.get("player") in self.seats:
                            self.events.append(
                                ev.DealHole(player=c.attrs["player"], cards=known, line=c.line)
                            )
            for action in actions:
                self._action(action, spec)
            street_no += 1
        self._close()
        del streets, street_no
        if self.cut and not self._play_ended(spec):
            last = _last_line(self.raw)
            raise IncompleteHand(
                f"the game stops at line {last} before its </game>, its play unfinished",
                hand_id=self.hand_id,
                path=self.raw.path,
                line=last,
            )
        # claims
        pot = sum(self.posted.values()) - sum(self.uncalled.values())
        if sum(wins.values()) > pot:
            for name, back in self.uncalled.items():
                if name in wins:
                    wins[name] -= min(back, wins[name])
        else:
            # The cash client writes a player's returned bet as his "win" when it is all
            # he gets back (FPDB's "uncalled 2nd winner": £0.46 over an all-in's call):
            # it is the return (B11), not a share of the pot.
            for name, back in self.uncalled.items():
                if wins.get(name) == back:
                    del wins[name]
        for name, amount in wins.items():
            if amount:
                self.events.append(ev.Collect(player=name, amount=amount, line=self.game.line))
        # A game with its actions but no ``win`` attribute makes no claim about the result
        # (as PT4/HM3 import it): no Collect, no rake, and the engine settles the pots by
        # the rules (claims.py's unclaimed log). Cut actions still fail there (B4, S1).
        summary = Summary() if unclaimed else Summary(rake=0 if tournament is not None else None)
        seats = tuple(sorted(self.seats.values(), key=lambda s: s.seat))
        if button is None and not self.stud:
            # no player marked dealer="1" (some tournament exports)
            small = next(
                (
                    e.player
                    for e in self.events
                    if isinstance(e, ev.PostBlind) and e.blind is ev.Blind.SMALL
                ),
                None,
            )
            button = button_before_small_blind(seats, small)
        started = self._when(general.value("startdate") or "")
        max_seats = session.value("tablesize")
        return ParsedHand(
            site=SITE,
            hand_id=self.hand_id,
            game=spec.code,
            game_name=gametype_text.strip(),
            stakes=self._stakes(gametype, spec),
            currency=currency,
            unit=self.unit,
            started_at=started,
            table=session.value("tablename") or "",
            max_seats=int(max_seats) if max_seats and max_seats.isdigit() else None,
            button_seat=button,
            tournament_id=tournament,
            seats=seats,
            events=tuple(self.events),
            summary=summary,
            source=self.raw,
        )

    def _absent_folds(
        self, rounds: list[_Element], in_order: list[list[_Element]], button: int | None
    ) -> list[list[_Element]]:
        """A player marked sitting out (8, 9) after he put chips in (his ante, a blind)
        is in the hand and away from the table: he folds when his turn comes (B12), and
        the mark, written when he left, is not at his turn. His fold is put where the turn
        passes his seat: before the first action, after the mark, of a player beyond him
        clockwise from the last to act (each street's betting starts left of the button)."""
        seat_of = {name: s.seat for name, s in self.seats.items()}
        put: set[str] = set()
        out: set[str] = set()
        away: dict[str, _Element] = {}
        last: int | None = None
        result: list[list[_Element]] = []
        for rnd, actions in zip(rounds, in_order, strict=True):
            if int(rnd.attrs.get("no", "0")) >= 2 and button is not None:
                last = button
            now: list[_Element] = []
            for action in actions:
                name, kind = action.attrs.get("player", ""), action.attrs.get("type", "")
                seat = seat_of.get(name)
                if seat is None:
                    now.append(action)
                    continue
                if kind in _SITS_OUT and name in put and name not in out:
                    away[name] = action  # the mark stays, a note; the fold comes at his turn
                    now.append(action)
                    continue
                if kind not in _FORCED and last is not None:
                    for absent, mark in list(away.items()):
                        if clockwise_between(last, seat_of[absent], seat):
                            attrs = {"player": absent, "type": "0", "sum": "0", "no": "0"}
                            now.append(_Element("action", attrs, mark.line))
                            out.add(absent)
                            del away[absent]
                now.append(action)
                if kind in _PUTS_CHIPS:
                    put.add(name)
                if kind == "0":
                    out.add(name)
                if kind != "15" and kind not in _SITS_OUT:  # antes go in seat order
                    last = seat
            result.append(now)
        return result

    def _play_ended(self, spec: GameSpec) -> bool:
        """Whether a cut game's rounds reach the end of its play: one player left, or the
        last street dealt (its round is whole: the cut came after its ``</round>``)."""
        out = {
            e.player
            for e in self.events
            if isinstance(e, ev.Fold) or (isinstance(e, ev.Note) and e.note is ev.NoteKind.SITS_OUT)
        }
        if len(set(self.seats) - out) <= 1:
            return True
        last = spec.streets[-1].name
        return any(
            isinstance(e, ev.DealBoard | ev.StreetStart) and e.street == last for e in self.events
        )

    def _spec(self, gametype: GameType, hole: int) -> GameSpec:
        game = gametype.game
        if game is None:
            game = {2: "holdem", 4: "omaha", 5: "omaha5", 6: "omaha6"}.get(hole, "omaha")
        elif game == "omaha" and hole in (5, 6):
            game = f"omaha{hole}"
        code = _CODES.get((game, gametype.betting))
        if code is None:
            named = f"{game} ({gametype.betting.replace('_', ' ')})"
            raise unsupported_game(SITE, named, self.raw, self.hand_id, self.game.line)
        return GAME_SPECS[code]

    def _stud_deal(self, c: _Element, street: str) -> None:
        name = c.attrs.get("player", "")
        if name not in self.seats:
            return
        cards = _cards(c.text)
        if street == "third":
            down = tuple(x for x in cards[:2] if x is not None)
            up = tuple(x for x in cards[2:] if x is not None)
            self.events.append(ev.DealHole(player=name, cards=down, up=up, line=c.line))
        elif street == "seventh":
            known = tuple(x for x in cards if x is not None)
            if known:
                self.events.append(ev.DealHole(player=name, cards=known, line=c.line))
        else:
            up = tuple(x for x in cards if x is not None)
            self.events.append(ev.DealHole(player=name, up=up, line=c.line))

    def _close(self) -> None:
        if self.bets:
            ranked = sorted(self.bets.values(), reverse=True)
            top = max(self.bets, key=self.bets.__getitem__)
            second = ranked[1] if len(ranked) > 1 else 0
            if ranked[0] > second:
                self.uncalled[top] = self.uncalled.get(top, 0) + ranked[0] - second
        self.bets = {}

    def _put(self, name: str, amount: int) -> bool:
        self.bets[name] = self.bets.get(name, 0) + amount
        self.posted[name] = self.posted.get(name, 0) + amount
        seat = self.seats[name]
        return self.posted[name] >= seat.stack and amount > 0

    def _action(self, action: _Element, spec: GameSpec) -> None:
        a = action.attrs
        name, kind, line = a.get("player", ""), a.get("type", ""), action.line
        if name not in self.seats:
            raise self._fail(f"{name!r} acts but is not among the players", line)
        amount = self._money(a.get("sum", "0"))
        facing = max(self.bets.values(), default=0)
        before = self.bets.get(name, 0)
        add = self.events.append
        if kind == "15":
            self.posted[name] = self.posted.get(name, 0) + amount
            add(
                ev.PostAnte(
                    player=name,
                    amount=amount,
                    all_in=self.posted[name] >= self.seats[name].stack,
                    line=line,
                )
            )
        elif kind in ("1", "2"):
            blind = ev.Blind.SMALL if kind == "1" else ev.Blind.BIG
            first_big = next(
                (
                    e.amount
                    for e in self.events
                    if isinstance(e, ev.PostBlind) and e.blind is ev.Blind.BIG
                ),
                None,
            )
            small = next(
                (
                    e.amount
                    for e in self.events
                    if isinstance(e, ev.PostBlind) and e.blind is ev.Blind.SMALL
                ),
                0,
            )
            live = amount
            if kind == "2" and first_big is not None and amount > first_big:
                blind, live = ev.Blind.SMALL_AND_BIG, amount - small
            all_in = self._put(name, live)
            self.posted[name] += amount - live
            add(ev.PostBlind(player=name, amount=amount, blind=blind, all_in=all_in, line=line))
        elif kind == "0":
            add(ev.Fold(player=name, line=line))
        elif kind == "4":
            add(ev.Check(player=name, line=line))
        elif kind in ("8", "9"):
            add(
                ev.Note(
                    note=ev.NoteKind.SITS_OUT, player=name, line=line, text=f"{name} is sitting out"
                )
            )
        elif kind == "3":
            add(ev.Call(player=name, amount=amount, all_in=self._put(name, amount), line=line))
        elif kind == "5":
            all_in = self._put(name, amount)
            if (
                self.stud
                and facing
                and any(isinstance(e, ev.BringIn) for e in self.events[-12:])
                and not any(
                    isinstance(e, ev.Complete | ev.RaiseTo | ev.Bet) for e in self._this_street()
                )
            ):
                add(ev.Complete(player=name, amount=before + amount, all_in=all_in, line=line))
            else:
                add(ev.Bet(player=name, amount=amount, all_in=all_in, line=line))
        elif kind == "16":
            add(ev.BringIn(player=name, amount=amount, all_in=self._put(name, amount), line=line))
        elif kind == "23":  # a raise to ``sum`` in all this street
            all_in = self._put(name, amount - before)
            add(ev.RaiseTo(player=name, amount=amount, all_in=all_in, line=line))
        elif kind == "6":  # a raise adding ``sum`` (the flat format: "Raise", $10 in, $30)
            all_in = self._put(name, amount)
            add(ev.RaiseTo(player=name, amount=before + amount, all_in=all_in, line=line))
        elif kind == "7":
            self._put(name, amount)
            total = before + amount
            if total <= facing:
                add(ev.Call(player=name, amount=amount, all_in=True, line=line))
            elif facing == 0:
                add(ev.Bet(player=name, amount=amount, all_in=True, line=line))
            elif self.stud and self._bring_in_only():
                add(ev.Complete(player=name, amount=total, all_in=True, line=line))
            else:
                add(ev.RaiseTo(player=name, amount=total, all_in=True, line=line))
        else:
            raise self._fail(f"unknown action type {kind!r}", line)

    def _this_street(self) -> list[ev.Event]:
        out: list[ev.Event] = []
        for event in reversed(self.events):
            if isinstance(event, ev.StreetStart | ev.DealBoard):
                break
            out.append(event)
        return out

    def _bring_in_only(self) -> bool:
        street = self._this_street()
        return any(isinstance(e, ev.BringIn) for e in street) and not any(
            isinstance(e, ev.Complete | ev.RaiseTo | ev.Bet) for e in street
        )

    def _stakes(self, gametype: GameType, spec: GameSpec) -> Stakes:
        ante = max((e.amount for e in self.events if isinstance(e, ev.PostAnte)), default=0)
        if self.stud:
            bring_in = next((e.amount for e in self.events if isinstance(e, ev.BringIn)), None)
            # the small bet: a full bet on 3rd or 4th street, else half one from 5th on
            street = "third"
            sizes: list[int] = []
            for e in self.events:
                if isinstance(e, ev.StreetStart):
                    street = e.street
                elif isinstance(e, ev.Complete | ev.Bet) and not e.all_in:
                    sizes.append(e.amount if street in ("third", "fourth") else e.amount // 2)
            small = min(sizes or [4 * (bring_in or 1)])
            return Stakes(small=small, big=2 * small, ante=ante, bring_in=bring_in)
        if gametype.bets and gametype.blinds is not None and self._money(gametype.blinds[1]):
            # the small bet is the big blind (F1)
            return Stakes(
                small=self._money(gametype.blinds[0]),
                big=self._money(gametype.blinds[1]),
                ante=ante,
            )
        if gametype.blinds is not None and self._money(gametype.blinds[1]) > 0:
            small, big = self._money(gametype.blinds[0]), self._money(gametype.blinds[1])
        else:
            posts = [e for e in self.events if isinstance(e, ev.PostBlind) and not e.all_in]
            smalls = [e.amount for e in posts if e.blind is ev.Blind.SMALL]
            bigs = [e.amount for e in posts if e.blind is ev.Blind.BIG]
            big_ = bigs[0] if bigs else (2 * smalls[0] if smalls else None)
            if big_ is None:
                if self._all_in_from_the_antes():
                    # no bet can follow: the stakes size nothing (a shootout's ante hands)
                    return Stakes(small=ante, big=ante, ante=ante)
                raise _Fail("the blinds cannot be told: none is posted in full")
            small, big = (smalls[0] if smalls else big_ // 2), big_
        if spec.betting is Betting.FIXED_LIMIT:
            return Stakes(small=big, big=2 * big, ante=ante)
        return Stakes(small=small, big=big, ante=ante)

    def _all_in_from_the_antes(self) -> bool:
        """Every player put all his chips in as an ante, no blind was posted and nobody
        bet (a "Gold Rush" shootout deals such hands: each seat all in for its ante)."""
        antes = [e for e in self.events if isinstance(e, ev.PostAnte)]
        acted = (ev.PostBlind, ev.Bet, ev.RaiseTo, ev.Call, ev.Complete, ev.BringIn)
        return (
            len(antes) >= 2
            and all(e.all_in for e in antes)
            and len({e.player for e in antes}) == len(self.seats)
            and not any(isinstance(e, acted) for e in self.events)
        )

    def _when(self, text: str) -> datetime | None:
        for pattern, order in _DATES:
            m = pattern.search(text)
            if m is None:
                continue
            a, b, c, hour, minute, second = m.groups()
            if order == "ymd":
                year, month, day = int(a), int(b), int(c)
            elif order == "dmy":
                year, month, day = int(c), int(b), int(a)
            else:
                year, month, day = int(c), _MONTHS[b], int(a)
            return datetime(year, month, day, int(hour), int(minute), int(second), tzinfo=UTC)
        return None
