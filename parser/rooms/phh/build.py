"""PHH action records -> the events ``parser.rooms.pokerstars.reader`` produces for the same hand.

PHH writes what each player did (``cc``, ``cbr 300``); the event vocabulary writes what it
cost (``Check`` or ``Call(amount=...)``, ``Bet`` or ``RaiseTo``, ``Complete`` in stud) and
where the hand is (``DealBoard(street="flop")``, ``StreetStart("fourth")``). So the builder
follows the chips as the actions come: each player's stack and bet in the round, the bet to
match. It does not judge legality (the engine does, with the rule ids); it only needs enough
to name each action, and raises ``BuildError`` when an action cannot be named at all.

What PHH leaves implicit and the builder writes out, as PokerStars logs do: the forced bets
(antes, then blinds or straddles, from the fields; reversed heads-up, as the PHH spec says),
the return of an uncalled bet when a round ends (B11), the start of the showdown, and the
start of each stud street or draw round. Live-extension events (docs/live.md) are inserted
before the action index they name, and do not move the builder's own street.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from typing import NamedTuple

from parser.model import events as ev
from parser.model.cards import Card
from parser.model.games import Forced, GameSpec
from parser.rooms.phh import actions as act
from parser.rooms.phh.fields import Fields, to_units


class BuildError(ValueError):
    """An action the builder cannot turn into an event; ``index`` is the action's index
    (``live`` True when it is an index into ``_live``)."""

    def __init__(self, message: str, index: int | None, live: bool = False) -> None:
        self.index = index
        self.live = live
        super().__init__(message)


class _Table(NamedTuple):
    """The builder's view of the table the forced bets leave (a redeal starts from it)."""

    stacks: list[int]
    bets: list[int]
    current_bet: int
    out: set[int]
    street: int
    acted: bool
    dealt: set[int]
    drew: set[int]
    completed: bool
    showdown: bool
    hands: list[list[Card]]


class Builder:
    """Builds one hand's events; create one per hand."""

    def __init__(self, fields: Fields, spec: GameSpec, lines: list[int], forced_line: int) -> None:
        self.f = fields
        self.spec = spec
        #: The file line of each action (same index as ``fields.actions``).
        self.lines = lines
        self.forced_line = forced_line
        n = len(fields.stacks)
        self.n = n
        self.names = fields.players
        self.stacks = list(fields.stacks)
        self.bets = [0] * n
        self.current_bet = 0
        #: Players who folded: their chips no longer cap what a call costs.
        self.out: set[int] = set()
        self.street = 0
        #: A betting action happened on this street (a later deal or draw starts the next).
        self.acted = False
        self.dealt: set[int] = set()
        self.drew: set[int] = set()
        self.completed = False
        self.showdown = False
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.events: list[ev.Event] = []
        self.line = forced_line
        self.index: int | None = None
        #: A misdeal was the last item (E8): a hole card next is the redeal's first.
        self.misdealt = False
        self.forced_table = self._table()
        self.stud = spec.forced is Forced.BRING_IN
        self.draw = any(s.draw for s in spec.streets)

    # -- driver ------------------------------------------------------------------------

    def build(
        self, records: list[act.Action], live: list[tuple[int, act.LiveItem, int]]
    ) -> tuple[ev.Event, ...]:
        """``live`` holds (index in ``_live``, item, file line), in ``_live`` order."""
        self._forced()
        self.forced_table = self._table()
        pending = sorted(live, key=lambda item: item[1].before)
        for k, record in enumerate(records):
            while pending and pending[0][1].before <= k:
                self._live(*pending.pop(0))
            self.index, self.line = k, self.lines[k]
            self._action(record)
        for j, item, _ in pending:
            if item.before > len(records):
                raise BuildError(
                    f"@{item.before} is past the last action (#{len(records) - 1})", j, live=True
                )
        while pending:
            self._live(*pending.pop(0))
        self.index = len(records) - 1 if records else None
        self._end_round()
        return tuple(self.events)

    def _table(self) -> _Table:
        """What the deal and the betting change, as after the forced bets."""
        return _Table(list(self.stacks), list(self.bets), self.current_bet, set(self.out),
                      self.street, self.acted, set(self.dealt), set(self.drew),
                      self.completed, self.showdown, [list(h) for h in self.hands])  # fmt: skip

    def _redeal_from(self, table: _Table) -> None:
        """E8: after a misdeal the log may deal again in the same hand (the redeal, with
        the same forced bets): the actions from its first card on read from the table the
        forced bets left, as the engine replays them (replayer/redeal.py)."""
        self.stacks, self.bets = list(table.stacks), list(table.bets)
        self.current_bet, self.street, self.acted = table.current_bet, table.street, table.acted
        self.out, self.dealt, self.drew = set(table.out), set(table.dealt), set(table.drew)
        self.completed, self.showdown = table.completed, table.showdown
        self.hands = [list(h) for h in table.hands]

    def _player(self, index: int) -> int:
        if not 1 <= index <= self.n:
            raise BuildError(f"p{index}: the hand has {self.n} players", self.index)
        return index - 1

    # -- forced bets (F1-F4) -----------------------------------------------------------

    def _forced(self) -> None:
        f, n, line = self.f, self.n, self.forced_line
        heads_up = n == 2
        # PHH: antes and blinds are per position, reversed heads-up (the button, p2, posts
        # the small blind and p1 the big one).
        antes = f.antes[::-1] if heads_up else f.antes
        blinds = f.blinds[::-1] if heads_up else f.blinds
        for i in range(n):
            amount = min(antes[i], self.stacks[i])
            if amount:
                self.stacks[i] -= amount
                self.events.append(
                    ev.PostAnte(
                        player=self.names[i], amount=amount, all_in=self.stacks[i] == 0, line=line
                    )
                )
        order = [1, 0] if heads_up else list(range(n))
        posted = [i for i in range(n) if f.blinds[i]]
        for i in order:
            nominal = blinds[i]
            amount = min(nominal, self.stacks[i])
            if not amount:
                continue
            slot = (1 - i) if heads_up else i  # the index in blinds_or_straddles
            if slot == 0:
                kind = ev.Blind.SMALL
            elif slot == 1:
                kind = ev.Blind.BIG
            elif posted == [n - 1]:
                kind = ev.Blind.BUTTON  # short-deck's button blind, the only blind
            else:
                kind = ev.Blind.STRADDLE
            self.stacks[i] -= amount
            self.bets[i] = amount
            # A blind posted short (all-in) is still owed in full by the others (F1, as
            # the engine reads it): the round's bet is the blind's size.
            owed = nominal if kind is not ev.Blind.SMALL else amount
            self.current_bet = max(self.current_bet, owed)
            self.events.append(
                ev.PostBlind(
                    player=self.names[i],
                    amount=amount,
                    blind=kind,
                    all_in=self.stacks[i] == 0,
                    line=line,
                )
            )

    # -- actions -------------------------------------------------------------------------

    def _action(self, record: act.Action) -> None:
        if self.misdealt:  # the first action after a misdeal: a redeal starts with a card
            self.misdealt = False
            if isinstance(record, act.DealHole):
                self._redeal_from(self.forced_table)
        match record:
            case act.DealBoard(cards):
                self._board(cards)
            case act.DealHole(player, cards):
                self._hole(self._player(player), cards)
            case act.StandOrDiscard(player, cards):
                self._discard(self._player(player), cards)
            case act.BringIn(player):
                self._bring_in(self._player(player))
            case act.Fold(player):
                i = self._player(player)
                self.acted = True
                self.out.add(i)
                self.events.append(ev.Fold(player=self.names[i], line=self.line))
            case act.CheckOrCall(player):
                self._check_or_call(self._player(player))
            case act.Cbr(player, amount):
                self._cbr(self._player(player), amount)
            case act.ShowOrMuck(player, cards, as_dealt):
                self._show(self._player(player), cards, as_dealt)
            case act.NoOp():
                return

    def _board(self, cards: tuple[act.PhhCard, ...]) -> None:
        known = _known(cards)
        if len(known) != len(cards):
            raise BuildError("board cards must be known (no '??')", self.index)
        nxt = self._next_board_street()
        if nxt is None:
            raise BuildError(f"{self.spec.name} has no street left to deal a board", self.index)
        self._end_round()
        self.street = nxt
        self._new_street()
        self.events.append(
            ev.DealBoard(street=self.spec.streets[nxt].name, cards=known, line=self.line)
        )

    def _next_board_street(self) -> int | None:
        streets = self.spec.streets
        return next(
            (i for i in range(self.street + 1, len(streets)) if streets[i].board_cards), None
        )

    def _hole(self, i: int, cards: tuple[act.PhhCard, ...]) -> None:
        name = self.names[i]
        if self.stud:
            if i in self.dealt or self.acted:
                self._advance()
            self.dealt.add(i)
            street = self.spec.streets[self.street]
            down, up = street.hole_down, street.hole_up
            if len(cards) != down + up:
                raise BuildError(
                    f"p{i + 1} is dealt {len(cards)} cards on {street.name} street; "
                    f"{self.spec.name} deals {down + up} (D7)",
                    self.index,
                )
            event = ev.DealHole(player=name, cards=_known(cards[:down]), up=_known(cards[down:]),
                                line=self.line)  # fmt: skip
            self.hands[i] += [*event.cards, *event.up]
            self.events.append(event)
            return
        if self.draw and self.street > 0:
            for k in range(len(self.events) - 1, -1, -1):
                earlier = self.events[k]
                if isinstance(earlier, ev.StreetStart):
                    break
                if isinstance(earlier, ev.Draw) and earlier.player == name and not earlier.drawn:
                    drawn = _known(cards)
                    self.events[k] = replace(earlier, drawn=drawn)
                    self.hands[i] += drawn
                    return
            raise BuildError(f"p{i + 1} is dealt cards in a draw round without discarding",
                             self.index)  # fmt: skip
        self.dealt.add(i)
        known = _known(cards)
        self.hands[i] += known
        self.events.append(ev.DealHole(player=name, cards=known, line=self.line))

    def _discard(self, i: int, cards: tuple[act.PhhCard, ...]) -> None:
        if not self.draw:
            raise BuildError(f"{self.spec.name} has no draw ('sd')", self.index)
        if not self.spec.streets[self.street].draw or i in self.drew or self.acted:
            self._advance()
            if not self.spec.streets[self.street].draw:
                raise BuildError(f"{self.spec.streets[self.street].name} has no draw",
                                 self.index)  # fmt: skip
        self.drew.add(i)
        known = _known(cards)
        self.hands[i] = [c for c in self.hands[i] if c not in known]
        self.events.append(
            ev.Draw(player=self.names[i], count=len(cards), discarded=known, line=self.line)
        )

    def _advance(self) -> None:
        """The next stud street or draw round (StreetStart, as PokerStars writes them)."""
        if self.street + 1 >= len(self.spec.streets):
            raise BuildError(f"{self.spec.name} has no street after the "
                             f"{self.spec.streets[self.street].name}", self.index)  # fmt: skip
        self._end_round()
        self.street += 1
        self._new_street()
        name = self.spec.streets[self.street].name
        self.events.append(ev.StreetStart(street=name, line=self.line))

    def _new_street(self) -> None:
        self.acted = False
        self.dealt.clear()
        self.drew.clear()

    def _bring_in(self, i: int) -> None:
        if self.f.bring_in is None:
            raise BuildError(f"{self.spec.name} has no bring-in ('pb')", self.index)
        amount = min(self.f.bring_in, self.stacks[i])
        self._put(i, amount)
        self.events.append(
            ev.BringIn(
                player=self.names[i], amount=amount, all_in=self.stacks[i] == 0, line=self.line
            )
        )

    def _check_or_call(self, i: int) -> None:
        # Nobody calls more than an opponent still in the hand has put in or can put in.
        cover = max(
            (self.bets[j] + self.stacks[j] for j in range(self.n) if j != i and j not in self.out),
            default=0,
        )
        owed = min(self.current_bet, cover) - self.bets[i]
        name = self.names[i]
        if owed <= 0:
            self.acted = True
            self.events.append(ev.Check(player=name, line=self.line))
            return
        amount = min(owed, self.stacks[i])
        self._put(i, amount)
        self.events.append(
            ev.Call(player=name, amount=amount, all_in=self.stacks[i] == 0, line=self.line)
        )

    def _cbr(self, i: int, value: Decimal) -> None:
        to = to_units(value, self.f.unit)
        if to is None:
            raise BuildError(f"{value} is finer than the hand's smallest unit", self.index)
        add = to - self.bets[i]
        if add <= 0:
            raise BuildError(f"p{i + 1} already has {self.bets[i]} in: cannot bet or raise to "
                             f"{to}", self.index)  # fmt: skip
        before = self.current_bet
        self._put(i, add)
        name, all_in = self.names[i], self.stacks[i] == 0
        if self.stud and self.street == 0 and not self.completed:
            self.completed = True
            event: ev.Event = ev.Complete(player=name, amount=to, all_in=all_in, line=self.line)
        elif before == 0:
            event = ev.Bet(player=name, amount=add, all_in=all_in, line=self.line)
        else:
            event = ev.RaiseTo(player=name, amount=to, by=to - before, all_in=all_in,
                               line=self.line)  # fmt: skip
        self.events.append(event)

    def _put(self, i: int, amount: int) -> None:
        self.acted = True
        self.stacks[i] -= amount
        self.bets[i] += amount
        self.current_bet = max(self.current_bet, self.bets[i])

    def _show(self, i: int, cards: tuple[act.PhhCard, ...] | None, as_dealt: bool) -> None:
        if not self.showdown:
            self._end_round()
            self.showdown = True
            self.events.append(ev.ShowdownStart(line=self.line))
        name = self.names[i]
        if cards is None:
            self.events.append(ev.Muck(player=name, line=self.line))
            return
        shown = tuple(self.hands[i]) if as_dealt else _known(cards)
        self.events.append(ev.Show(player=name, cards=shown, line=self.line))

    def _end_round(self) -> None:
        """Return the part of the top bet nobody matched (B11) and start a new round."""
        top = max(range(self.n), key=lambda k: self.bets[k])
        second = max((b for k, b in enumerate(self.bets) if k != top), default=0)
        excess = self.bets[top] - second
        if excess > 0:
            self.stacks[top] += excess
            self.events.append(
                ev.UncalledBetReturned(player=self.names[top], amount=excess, line=self.line)
            )
        self.bets = [0] * self.n
        self.current_bet = 0

    # -- the live extension ----------------------------------------------------------------

    def _live(self, j: int, item: act.LiveItem, line: int) -> None:
        def who() -> str:
            assert item.player is not None
            if not 1 <= item.player <= self.n:
                raise BuildError(f"p{item.player}: the hand has {self.n} players", j, live=True)
            return self.names[item.player - 1]

        first = item.cards[0] if item.cards else None
        second = item.cards[1] if len(item.cards) > 1 else None
        event: ev.Event
        match item.kind:
            case "burn":
                event = ev.Burn(card=first, line=line)
            case "exposed":
                assert first is not None
                player = who() if item.player is not None else None
                event = ev.CardExposed(card=first, player=player, first=item.first, line=line)
            case "replaced":
                assert first is not None
                event = ev.CardReplaced(player=who(), old=first, new=second, line=line)
            case "extra":
                event = ev.ExtraCard(player=who(), card=first, line=line)
            case "returned":
                assert item.street is not None
                assert item.place is not None
                cards = _known(item.cards)
                if len(cards) != len(item.cards):
                    raise BuildError("returned board cards must be known", j, live=True)
                event = ev.BoardReturned(street=item.street, cards=cards,
                                         to=ev.CardPlace(item.place), rule=item.rule or "",
                                         line=line)  # fmt: skip
            case "reshuffle":
                event = ev.Reshuffle(cards=_known(item.cards), line=line)
            case "misdeal":
                event = ev.Misdeal(rule=item.rule or "", reason=item.reason, line=line)
                self.misdealt = True
            case "board":
                street = item.street
                if street is None:
                    nxt = self._next_board_street()
                    if nxt is None:
                        raise BuildError("no board street is left to deal", j, live=True)
                    street = self.spec.streets[nxt].name
                cards = _known(item.cards)
                if len(cards) != len(item.cards):
                    raise BuildError("board cards must be known (no '??')", j, live=True)
                event = ev.DealBoard(street=street, cards=cards, line=line)
            case "timeout":
                event = ev.TimeOut(player=who(), line=line)
            case _:  # pragma: no cover - the grammar has no other kind
                raise AssertionError(item.kind)
        self.events.append(event)


def _known(cards: tuple[act.PhhCard, ...]) -> tuple[Card, ...]:
    return tuple(c for c in cards if c is not None)
