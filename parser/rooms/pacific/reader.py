"""888poker / Pacific Poker (Cassava) text -> :class:`ParsedHand`.

``grammars/pacific.lark`` has one terminal per kind of line (lexed by
:class:`parser.kit.keyed_lexer.RoomLexer`); :class:`_Builder` turns each line into the events
PokerStars text gives, reconciling what this room writes differently (docs/sites.md):

- a raise is written as the chips it *adds* ("raises [$0.40]"): the event is the
  ``RaiseTo`` total, the player's bet so far plus that;
- no "Uncalled bet" line: the bet nobody matched is returned by an
  ``UncalledBetReturned`` event at the end of its round (B11), which the engine checks;
- no rake and no total pot: the "collected" lines are after rake, so the engine's rake is
  what went in less what came out;
- no showdown marker: the first "shows" of the summary starts the showdown;
- the seats that fold before "** Dealing down cards **" sit out: their fold is a note, so
  they are not dealt in; a hand with no deal and one player posting is void (E8);
- amounts in every locale ("$1,500", "0,55 $", "$ 3.243", "6 749 $") and localised card
  ranks and suits (Dutch "H"/"V"/"B", Swedish "Kn"/"D"/"E", "Pik", "p", "t");
- the header's stakes are the blinds: in fixed limit they are the small bet and half of
  it, so ``Stakes`` is (big blind, twice the big blind) there, as PokerStars writes it.

Times are read as US Eastern time (the room writes no zone; FPDB reads them so too).
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
from parser.kit.builder import Fail, RoomBuilder, dispatch, handlers_of
from parser.kit.grammar import grammar
from parser.kit.keyed_lexer import Markers, RoomLexer, betting_markers
from parser.kit.lexer import LineToken
from parser.kit.money import MoneyError
from parser.kit.reading import (
    first_group,
    hand_key,
    hand_start,
    hand_text,
    header_near_start,
    read_lines,
)
from parser.kit.split import split_at_starts
from parser.kit.table import table_hand
from parser.kit.vocabulary import game_names
from parser.model import events as ev
from parser.model.cards import Card
from parser.model.games import GAME_SPECS, Betting, GameSpec
from parser.model.hand import ParsedHand, Seat, Source, Stakes, Summary

SITE = "888poker"
_SUMMARY = "** Summary **"
#: The room's game names -> ``GAME_SPECS`` codes.
GAMES: dict[str, str] = game_names(
    "{betting} {game}",
    {"Holdem": "HE", "Omaha": "O", "OmahaHL": "O8"},
    ("No Limit", "Pot Limit", "Fix Limit"),
)
#: Localised ranks and suits the client writes (Dutch, Swedish, German, Romanian).
RANKS = {"H": "K", "V": "Q", "B": "J", "Kn": "J", "D": "Q", "E": "A", "10": "T"}
SUITS = {"Pik": "s", "p": "s", "t": "c", "Kreuz": "c", "Herz": "h", "Karo": "d"}
#: Russian ranks (Валет, Дама, Король, Туз). The Russian client writes cp1251, which
#: decode.py reads as cp1252 (a single-byte file does not say which): the same letters
#: then arrive as their cp1252 readings ("Âh" for "Вh"), taken too.
_RUSSIAN = {"В": "J", "Д": "Q", "К": "K", "Т": "A"}
RANKS.update(_RUSSIAN)
RANKS.update({c.encode("cp1251").decode("cp1252"): r for c, r in _RUSSIAN.items()})
ZONE = ZoneInfo("America/New_York")

_HEADER = re.compile(r"^\*{5} (?:Cassava|888[^\n]*?) Hand History for Game (\d+) \*{5}", re.M)
_GAME_NO = re.compile(r"#Game No : (\d+)")
_LOCAL_CARD = re.compile(
    rf"(10|Kn|[2-9TJQKA{''.join(k for k in RANKS if len(k) == 1)}])([A-Za-z]+)"
)
_SIGNS = {"$": "USD", "€": "EUR", "£": "GBP"}


class PacificLexer(RoomLexer):
    MARKERS: ClassVar[Markers] = (
        *betting_markers(r" \["),
        (r"^Seat \d+: ", ("SEAT_LINE",)),
        (r"^\*\* Dealing (?:flop|turn|river)", ("BOARD_LINE",)),
        (r"^Dealt to ", ("DEALT_LINE",)),
        (r" posts (?:small|big) blind \[", ("BLIND_LINE",)),
        (r" posts ante \[", ("ANTE_LINE",)),
        (r" posts dead blind \[", ("DEAD_BLIND_LINE",)),
        (r" collected \[ ", ("COLLECT_LINE",)),
        (r" shows \[ ", ("SHOWS_LINE",)),
        (r" mucks \[ ", ("MUCKS_LINE",)),
        (r" did not show his hand$", ("NO_SHOW_LINE",)),
    )


def looks_like_pacific(text: str, path: str) -> bool:
    """An 888 header ("***** 888poker Hand History for Game N *****") near the start.

    >>> looks_like_pacific("#Game No : 1\\n***** Cassava Hand History for Game 1 *****", "")
    True
    """
    return header_near_start(_HEADER, text)


def split_pacific(text: str, path: str) -> Iterator[Source]:
    """One ``Source`` per hand: each starts at its "#Game No" line (or at its header when
    that line is missing). Blank lines inside a hand are kept, so line k of a hand's text
    is file line ``first_line + k - 1``; text before the first hand is yielded too, so
    that it is reported rather than lost."""
    lines = text.split("\n")
    starts: list[int] = []
    for index, line in enumerate(lines):
        # A header right after its "#Game No" line belongs to the same hand.
        header = line.startswith("***** ") and _HEADER.match(line) is not None
        if line.startswith("#Game No : ") or (header and not (starts and starts[-1] == index - 1)):
            starts.append(index)
    return split_at_starts(path, lines, starts)


def identify_pacific(text: str) -> tuple[str, str] | None:
    """The room and hand number of a hand's text (its "Hand History for Game" line, maybe
    after a "#Game No" line), even when it does not parse. A file cut right after a
    hand's "#Game No" line (the next hand's first line, and nothing else) is still 888's:
    only its client writes that line, so the stub is stored as its hand, incomplete."""
    head = hand_start(text)
    game_no = _GAME_NO.match(head)
    if game_no is not None:
        rest = head[game_no.end() :].lstrip()
        if not rest.strip():
            return (SITE, game_no[1])
        head = rest
    return hand_key(SITE, _HEADER.match(head))


def hand_id_of(text: str) -> str | None:
    return first_group(_GAME_NO.match(text) or _HEADER.search(text[:400]))


def parse_pacific(raw: Source) -> ParsedHand:
    """Parse one hand's text (a ``Source`` from :func:`split_pacific`)."""
    text = hand_text(raw)
    hand_id = hand_id_of(text)
    lark = grammar("parser.rooms.pacific", "pacific", PacificLexer)
    named = f"{_SUMMARY!r} line"
    return _Builder(raw, hand_id).build(
        read_lines(lark, raw, text, hand_id, summary=_SUMMARY, named=named)
    )


def card(text: str) -> Card:
    """A card as the client writes it, in any of its languages.

    >>> [str(card(t)) for t in ("Ah", "10c", "Knh", "Hc", "Vs", "Ec", "QPik", "7p", "8t")]
    ['Ah', 'Tc', 'Jh', 'Kc', 'Qs', 'Ac', 'Qs', '7s', '8c']
    """
    try:
        return Card.parse(text)
    except ValueError:
        found = _LOCAL_CARD.fullmatch(text)
        if found is None:
            raise
        rank, suit = found.groups()
        return Card.parse(RANKS.get(rank, rank) + SUITS.get(suit, suit))


def cards(text: str) -> tuple[Card, ...]:
    return tuple(card(c.strip()) for c in text.split(",") if c.strip())


class _Builder(RoomBuilder):
    """Builds one hand from its line tokens (one ``_on_<TERMINAL>`` method per kind)."""

    def __init__(self, raw: Source, hand_id: str | None) -> None:
        super().__init__(raw, hand_id)
        self.bets = Bets()
        self.unit = 100
        self.currency = "USD"
        self.spec: GameSpec | None = None
        self.game_name = ""
        self.small = self.big = ""
        self.started_at: datetime | None = None
        self.table = ""
        self.max_seats: int | None = None
        self.level: str | None = None  # the room writes no level in its hands
        self.button: int | None = None
        self.tournament_id: str | None = None
        self.board: list[Card] = []
        self.dealt = False
        self.summary = False
        self.showdown = False
        self.posted: set[str] = set()
        #: Every chip put in the pot (antes, blinds, bets), before any is returned.
        self.put_in = 0
        #: A call above the bet to call, while the round may still match it: (event index,
        #: caller, the chips over); and the over-calls nobody matched, by caller.
        self.over_call: tuple[int, str, int] | None = None
        self.over: dict[str, int] = {}

    def build(self, tokens: list[LineToken]) -> ParsedHand:
        # Folds before "** Dealing down cards **" are seats sitting out; a hand without
        # that line (an observed table) is dealt from its first action.
        types = {t.type for t in tokens}
        self.dealt = "DEALING_LINE" not in types and not types.isdisjoint(_PLAY)
        dispatch(self, tokens, _HANDLERS, (Fail, MoneyError, ValueError))
        assert self.spec is not None
        self._over_calls_out_of_collects()
        self._uncalled_in_collects()
        small, big = self._stake(self.small), self._stake(self.big)
        if self.spec.betting is Betting.FIXED_LIMIT:
            small, big = big, 2 * big  # the blinds -> the small and the big bet (B7)
        summary = Summary(boards=(tuple(self.board),))
        stakes = Stakes(small=small, big=big)
        seats = self.seats.values()
        return table_hand(self, SITE, self.spec, self.game_name, stakes, seats, summary)

    # -- helpers -----------------------------------------------------------------------

    def _money(self, text: str) -> int:
        return localised_units(text, self.unit)

    def _stake(self, text: str) -> int:
        """A header stake; BLAST lottery tournaments write fractions of a chip there
        ("42.797,60 $/0 $"), which are rounded down: every hand amount is still whole."""
        try:
            return self._money(text)
        except MoneyError:
            return localised_units(text, 100) * self.unit // 100

    def _uncalled_in_collects(self) -> None:
        """Until about 2015 the room paid an uncalled bet back in the bettor's "collected"
        line (a walk's big blind "collected [ $225 ]" with $75 of it his own bet). When the
        collected lines add up to more than the pot, the uncalled bets this parser
        returned are taken back out of their owners' collected amounts (B11)."""
        events = self.events
        returned = {e.player: e.amount for e in events if isinstance(e, ev.UncalledBetReturned)}
        if not returned:
            return
        pot = self.put_in - sum(returned.values())
        collected = sum(e.amount for e in events if isinstance(e, ev.Collect))
        if collected <= pot or collected - sum(returned.values()) > pot:
            return
        for index in range(len(events) - 1, -1, -1):
            event = events[index]
            if isinstance(event, ev.Collect) and returned.get(event.player):
                back = min(returned[event.player], event.amount)
                returned[event.player] -= back
                events[index] = replace(event, amount=event.amount - back)

    def _call_over(self, name: str, amount: int) -> int:
        """The chips a call puts in. The room lets a player call the full big blind
        against a short all-in big blind ("Hero calls [$100]" over his $100 small blind
        against $125 all in) and pays the excess back in his "collected" line: nobody can
        match it, so only the bet to call is put in (B10), and the excess comes off his
        collect at the end (:meth:`_over_calls_out_of_collects`); a later action of the
        round that puts chips in would match it, and the call then stands as written."""
        to_call = self.bets.current - self.bets.of(name)
        if 0 < to_call < amount:
            self.over_call = (len(self.events), name, amount - to_call)
            return to_call
        return amount

    def _matched_over_call(self) -> None:
        """A betting action after an over-call: the over-call was a real call after all."""
        if self.over_call is None:
            return
        index, name, excess = self.over_call
        self.over_call = None
        call = self.events[index]
        assert isinstance(call, ev.Call)
        self.events[index] = replace(call, amount=call.amount + excess)
        self.bets.add(name, excess)
        self.put_in += excess

    def _round_over(self) -> None:
        if self.over_call is not None:
            _, name, excess = self.over_call
            self.over[name] = self.over.get(name, 0) + excess
            self.over_call = None

    def _over_calls_out_of_collects(self) -> None:
        for name, excess in self.over.items():
            for index in range(len(self.events) - 1, -1, -1):
                event = self.events[index]
                if isinstance(event, ev.Collect) and event.player == name:
                    if event.amount <= excess:
                        del self.events[index]
                    else:
                        self.events[index] = replace(event, amount=event.amount - excess)
                    break

    def _return_uncalled(self) -> None:
        """The room prints no "Uncalled bet" line: return the bet nobody matched (B11)."""
        uncalled = self.bets.uncalled()
        if uncalled is not None:
            name, amount = uncalled
            self.bets.take_back(name, amount)
            self._add(ev.UncalledBetReturned(player=name, amount=amount, line=self.line))

    # -- header, table, seats ------------------------------------------------------------

    def _on_GAME_NO_LINE(self, m: re.Match[str]) -> None:
        self.hand_id = m[1]

    def _on_HEADER_LINE(self, m: re.Match[str]) -> None:
        if self.hand_id is not None and self.hand_id != m[2]:
            raise Fail(f"the header's game {m[2]} is not #Game No {self.hand_id}")
        self.hand_id = m[2]

    def _on_STAKES_LINE(self, m: re.Match[str]) -> None:
        self.small, self.big, self.game_name, date, clock = m.groups()
        # "No Limit Holdem Jackpot table": a table with a jackpot drop, the same game.
        self.game_name = self.game_name.removesuffix(" Jackpot table")
        code = GAMES.get(self.game_name)
        if code is None:
            raise Fail(f"unknown game {self.game_name!r}")
        self.spec = GAME_SPECS[code]
        sign = next((s for s in _SIGNS if s in self.small), None)
        if sign is not None:
            self.currency = _SIGNS[sign]
        if date:
            day, month, year = date.split()
            hour, minute, second = clock.split(":")
            local = datetime(
                int(year),
                int(month),
                int(day),
                int(hour),
                int(minute),
                int(second),
                tzinfo=ZONE,
            )
            self.started_at = local.astimezone(UTC)

    def _on_TABLE_LINE(self, m: re.Match[str]) -> None:
        tournament, _buy_in, table, max_seats, money = m.groups()
        self.table = table
        self.max_seats = int(max_seats) if max_seats else None
        if tournament is not None:
            self.tournament_id = tournament
            self.currency, self.unit = "CHIPS", 1
        elif money == "Practice Play":
            self.currency = "PLAY"  # play money in cents: "( 1,459.13 )"

    def _on_BUTTON_LINE(self, m: re.Match[str]) -> None:
        self.button = int(m[1])

    def _on_PLAYERS_LINE(self, m: re.Match[str]) -> None:
        return

    def _on_SEAT_LINE(self, m: re.Match[str]) -> None:
        number, name, stack = m.groups()
        if not name:
            raise Fail(
                f"seat {number} has no player name (the room blanks the names of some "
                "observed tables): the players' actions cannot be told apart"
            )
        if name in self.seats:
            raise Fail(f"{name!r} is seated twice")
        self.seats[name] = Seat(seat=int(number), name=name, stack=self._money(stack))
        self.names = None

    # -- forced bets -------------------------------------------------------------------

    def _on_ANTE_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        amount = self._money(m[2])
        self.put_in += amount
        self._add(ev.PostAnte(player=name, amount=amount, line=self.line))

    def _on_BLIND_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        amount = self._money(m[3])
        kind = ev.Blind.SMALL if m[2] == "small blind" else ev.Blind.BIG
        self.posted.add(name)
        self.put_in += amount
        self.bets.add(name, amount)
        self._add(ev.PostBlind(player=name, amount=amount, blind=kind, line=self.line))

    def _on_DEAD_BLIND_LINE(self, m: re.Match[str]) -> None:
        """ "posts dead blind [$0.01 + $0.02]": a newcomer's dead small blind and live big
        blind; "[$25 + $0]": the dead small blind alone."""
        name, m = self._seated(m)
        dead = self._money(m[2])
        live = self._money(m[3]) if m[3] else 0
        self.posted.add(name)
        self.put_in += dead + live
        if live:
            self.bets.add(name, live)
            blind = ev.PostBlind(
                player=name, amount=dead + live, blind=ev.Blind.SMALL_AND_BIG, line=self.line
            )
        else:
            blind = ev.PostBlind(player=name, amount=dead, blind=ev.Blind.DEAD, line=self.line)
        self._add(blind)

    # -- dealing and betting -------------------------------------------------------------

    def _on_DEALING_LINE(self, m: re.Match[str]) -> None:
        self.dealt = True

    def _on_DEALT_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self._add(ev.DealHole(player=name, cards=cards(m[2]), line=self.line))

    def _on_BOARD_LINE(self, m: re.Match[str]) -> None:
        self._round_over()
        self._return_uncalled()
        self.bets.new_round()
        new = cards(m[2])
        self.board.extend(new)
        self._add(ev.DealBoard(street=m[1], cards=new, line=self.line))

    def _on_FOLD_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        if not self.dealt:
            # Before the deal: a seat that sits this hand out (it is not dealt in).
            self._add(ev.Note(note=ev.NoteKind.SITS_OUT, player=name, line=self.line))
            return
        self._add(ev.Fold(player=name, line=self.line))

    def _on_CALL_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self._matched_over_call()
        amount = self._call_over(name, self._money(m[2]))
        self.put_in += amount
        self.bets.add(name, amount)
        self._add(ev.Call(player=name, amount=amount, line=self.line))

    def _on_BET_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self._matched_over_call()
        amount = self._money(m[2])
        self.put_in += amount
        self.bets.add(name, amount)
        self._add(ev.Bet(player=name, amount=amount, line=self.line))

    def _on_RAISE_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self._matched_over_call()
        added = self._money(m[2])
        self.put_in += added
        total = self.bets.add(name, added)
        self._add(ev.RaiseTo(player=name, amount=total, line=self.line))

    # -- summary -----------------------------------------------------------------------

    def _on_SUMMARY_LINE(self, m: re.Match[str]) -> None:
        if not self.dealt and len(self.posted) < 2:
            # Nobody was dealt a card: the site gave the lone blind back (E8).
            self._add(ev.HandCancelled(line=self.line))
            return
        self._round_over()
        self._return_uncalled()

    def _on_SHOWS_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        if not self.showdown:
            self.showdown = True
            self._add(ev.ShowdownStart(line=self.line))
        self._add(ev.Show(player=name, cards=cards(m[2]), line=self.line))

    def _on_MUCKS_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self._add(ev.Muck(player=name, cards=cards(m[2]), line=self.line))

    def _on_NO_SHOW_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self._add(ev.Muck(player=name, line=self.line))

    def _on_COLLECT_LINE(self, m: re.Match[str]) -> None:
        name, m = self._seated(m)
        self._add(ev.Collect(player=name, amount=self._money(m[2]), line=self.line))

    def _on_NAMELESS_LINE(self, m: re.Match[str]) -> None:
        raise Fail("a player with no name acts (the room blanked his name)")

    def _on_BEST_HAND_LINE(self, m: re.Match[str]) -> None:
        self._add(ev.Note(note=ev.NoteKind.OTHER, text=m[0].rstrip("\n"), line=self.line))


_PLAY = frozenset({"DEALT_LINE", "BOARD_LINE", "CHECK_LINE", "CALL_LINE", "BET_LINE", "RAISE_LINE"})
_HANDLERS = handlers_of(_Builder)
