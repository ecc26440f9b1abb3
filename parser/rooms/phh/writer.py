"""``ParsedHand`` -> PHH text that pokerkit's ``HandHistory`` loads and replays.

The writer turns events back into PHH's position-based fields and terse actions: players
ordered from the first seat left of the button (the last one has it), forced bets as the
``antes`` and ``blinds_or_straddles`` arrays (reversed heads-up, as the PHH spec says), each
bet as ``cbr`` *to* the player's total for the round, calls and checks as ``cc``. What PHH
leaves to the reader is left out: uncalled bets (returned by the rules), "collected" lines
(the reader computes the pots). Showdown actions go right after the last betting action,
before any board still to come: that is where PHH (and pokerkit) put them when players are
all-in. Live-game events become the ``_live`` extension (docs/live.md).

What PHH cannot say raises :class:`PhhWriteError` (the exporter skips the hand and reports
why): a game with no PHH variant code, dead blinds, a second board run, a cash-out, money
added to the pot. PHH has no rake either: a raked hand is written, and its rake is lost.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from datetime import UTC

from parser.model import events as ev
from parser.model.cards import Card
from parser.model.games import GAME_SPECS, Forced
from parser.model.hand import ParsedHand
from parser.rooms.phh.fields import CODES

_BETTING = (ev.Fold, ev.Check, ev.Call, ev.Bet, ev.RaiseTo, ev.Complete, ev.BringIn, ev.Draw)
_NOT_EXPRESSIBLE = {
    ev.CashOut: "an all-in cash-out",
    ev.PotAdded: "money added to the pot",
    ev.HandCancelled: "a cancelled hand",
}


class PhhWriteError(ValueError):
    """The hand cannot be written as PHH (the message says why)."""


def write_phhs(texts: Iterable[str]) -> str:
    """Several hands' PHH text as one ``.phhs`` file: tables ``[1]``, ``[2]`` ..."""
    return "\n".join(f"[{k}]\n{text}" for k, text in enumerate(texts, start=1))


def write_phh(hand: ParsedHand, finishing_stacks: Mapping[str, int] | None = None) -> str:
    """One hand as PHH; ``finishing_stacks`` (by player, minor units) adds that field."""
    return _Writer(hand).write(finishing_stacks)


class _Writer:
    def __init__(self, hand: ParsedHand) -> None:
        self.hand = hand
        variant = CODES.get(hand.game)
        spec = GAME_SPECS.get(hand.game)
        if variant is None or spec is None:
            raise PhhWriteError(f"PHH has no variant for {hand.game_name or hand.game}")
        self.variant, self.spec = variant, spec
        self.stud = spec.forced is Forced.BRING_IN
        involved = {e.player for e in hand.events if isinstance(e, ev.PlayerEvent)}
        seats = sorted(hand.seats, key=lambda s: s.seat)
        dealt = [s for s in seats if (s.name in involved if hand.events else not s.sitting_out)]
        if len(dealt) < 2:
            raise PhhWriteError("fewer than two players are dealt in")
        button = hand.button_seat if hand.button_seat is not None else dealt[-1].seat
        after = [s for s in dealt if s.seat > button]
        self.players = after + [s for s in dealt if s.seat <= button]
        self.index = {s.name: i for i, s in enumerate(self.players)}
        self.n = len(self.players)

    def write(self, finishing_stacks: Mapping[str, int] | None) -> str:
        hand, n = self.hand, self.n
        antes, blinds = [0] * n, [0] * n
        for event in hand.events:
            if isinstance(event, ev.PostAnte):
                antes[self._i(event.player)] += event.amount
            elif isinstance(event, ev.PostBlind):
                self._blind(event, blinds)
        actions, live = self._actions()
        fields: list[tuple[str, str]] = [("variant", _string(self.variant))]
        heads_up = n == 2
        fields.append(("antes", self._amounts(antes[::-1] if heads_up else antes)))
        fields.append(("blinds_or_straddles", self._amounts(blinds[::-1] if heads_up else blinds)))
        stakes = hand.stakes
        if self.stud:
            fields.append(("bring_in", self._amount(self._bring_in_amount())))
        if self.spec.betting.value == "fixed_limit":
            fields += [("small_bet", self._amount(stakes.small)),
                       ("big_bet", self._amount(stakes.big))]  # fmt: skip
        else:
            fields.append(("min_bet", self._amount(stakes.big)))
        fields.append(("starting_stacks", self._amounts([s.stack for s in self.players])))
        fields.append(("actions", _array(actions)))
        fields += self._optional()
        if finishing_stacks is not None:
            stacks = [finishing_stacks[s.name] for s in self.players]
            fields.append(("finishing_stacks", self._amounts(stacks)))
        if live:
            fields.append(("_live", _array(live)))
        return "".join(f"{key} = {value}\n" for key, value in fields)

    # -- helpers -------------------------------------------------------------------------

    def _i(self, name: str) -> int:
        return self.index[name]

    def _p(self, name: str) -> str:
        return f"p{self.index[name] + 1}"

    def _amount(self, amount: int) -> str:
        if self.hand.unit == 1:
            return str(amount)
        whole, part = divmod(amount, self.hand.unit)
        return f"{whole}.{part:0{len(str(self.hand.unit)) - 1}d}"

    def _amounts(self, amounts: list[int]) -> str:
        return "[" + ", ".join(self._amount(a) for a in amounts) + "]"

    def _blind(self, event: ev.PostBlind, blinds: list[int]) -> None:
        i, n = self._i(event.player), self.n
        kind = event.blind
        if kind in (ev.Blind.DEAD, ev.Blind.SMALL_AND_BIG):
            raise PhhWriteError(f"{event.player} posts a dead blind, which PHH cannot write")
        if blinds[i]:
            raise PhhWriteError(f"{event.player} posts two blinds, which PHH cannot write")
        # PHH's blinds are by position: pokerkit starts the action left of the largest.
        small, big = (1, 0) if n == 2 else (0, 1)
        expected = {ev.Blind.SMALL: small, ev.Blind.BIG: big, ev.Blind.BUTTON: n - 1}
        if kind in expected and i != expected[kind]:
            raise PhhWriteError(f"{event.player} posts the {kind} blind out of position")
        blinds[i] = event.amount
        if event.all_in:
            # PHH writes the blind's size; a player who cannot cover it posts his stack.
            stakes, fixed = self.hand.stakes, self.spec.betting.value == "fixed_limit"
            big = stakes.small if fixed else stakes.big
            nominal = {ev.Blind.SMALL: stakes.small // 2 if fixed else stakes.small,
                       ev.Blind.BIG: big}.get(kind, event.amount)  # fmt: skip
            blinds[i] = max(event.amount, nominal)

    def _cards(self, cards: Iterable[Card], count: int) -> str:
        known = "".join(str(c) for c in cards)
        unknown = count - len(known) // 2
        if unknown < 0:
            raise PhhWriteError(f"more than {count} cards for one player")
        return known + "??" * unknown

    def _known_hole(self) -> dict[str, list[Card]]:
        """Each player's starting cards, as far as anything in the log reveals them."""
        known: dict[str, list[Card]] = {}
        first_street = True

        def add(name: str, cards: Iterable[Card]) -> None:
            have = known.setdefault(name, [])
            have.extend(c for c in cards if c not in have)

        for event in self.hand.events:
            if isinstance(event, ev.StreetStart | ev.DealBoard):
                first_street = False
            if isinstance(event, ev.DealHole) and first_street:
                add(event.player, event.cards + event.up)
            elif isinstance(event, ev.Show | ev.Muck | ev.Fold) and not self._draws():
                add(event.player, event.cards)
        if not self._draws():
            for name, cards in self.hand.summary.revealed:
                if name in self.index:
                    add(name, cards)
        return known

    def _draws(self) -> bool:
        return any(s.draw for s in self.spec.streets)

    def _bring_in_amount(self) -> int:
        stated = self.hand.stakes.bring_in
        if stated is not None:
            return stated
        posted = [e for e in self.hand.events if isinstance(e, ev.BringIn)]
        if posted and not posted[0].all_in:
            return posted[0].amount
        raise PhhWriteError("the bring-in's size is not in the log")

    def _stud_deals(self, start: int, street: int, folded: set[str]) -> list[str]:
        """Every live player's cards of a stud street, in player order: the log's
        ``DealHole`` lines of the street where it has them (the hero's, the up cards),
        ``??`` for the rest (PHH deals every card, known or not)."""
        spec = self.spec.streets[street]
        given: dict[str, ev.DealHole] = {}
        for event in self.hand.events[start:]:
            if isinstance(event, ev.DealHole):
                given.setdefault(event.player, event)
            elif not isinstance(event, ev.Note):
                break
        lines = []
        for seat in self.players:
            if seat.name in folded:
                continue
            deal = given.get(seat.name)
            known_down = [str(c) for c in deal.cards] if deal else []
            known_up = [str(c) for c in deal.up] if deal else []
            down = _fill(known_down, spec.hole_down)
            up = _fill(known_up, spec.hole_up)
            lines.append(f"d dh {self._p(seat.name)} {''.join(down + up)}")
        return lines

    def _actions(self) -> tuple[list[str], list[str]]:
        hand, spec = self.hand, self.spec
        hole = spec.streets[0].hole_down
        known = self._known_hole()
        bets = [0] * self.n
        for event in hand.events:
            if isinstance(event, ev.PostBlind):
                bets[self._i(event.player)] += event.amount
        actions: list[str] = []
        live: list[tuple[int, bool, str]] = []  # (index, after the shows, text)
        shows: list[str] = []
        last_bet = 0
        dealt = False
        live_count = len(self.players)
        folded: set[str] = set()
        returned = _returned_boards(hand.events)

        dealt_to: set[str] = set()

        def deal(name: str | None = None) -> None:
            """``name``'s hole cards (a DealHole event), or everyone's not dealt yet (the
            first action): in the log's order, so live events between deals keep theirs."""
            nonlocal dealt
            if dealt:
                return
            for seat in self.players:
                if seat.name not in dealt_to and name in (None, seat.name):
                    dealt_to.add(seat.name)
                    cards = self._cards(known.get(seat.name, ()), hole)
                    actions.append(f"d dh p{self._i(seat.name) + 1} {cards}")
            dealt = name is None

        drawn: list[str] = []  # a draw round's deals: after every player has discarded
        stud_street, stud_street_dealt = 0, False
        for index, event in enumerate(hand.events):
            if drawn and not isinstance(event, ev.Draw):
                actions.extend(drawn)
                drawn.clear()
            kind = type(event)
            if kind in _NOT_EXPRESSIBLE:
                raise PhhWriteError(f"PHH cannot write {_NOT_EXPRESSIBLE[kind]}")
            if isinstance(event, ev.PostAnte | ev.PostBlind | ev.UncalledBetReturned):
                continue
            if isinstance(event, ev.DealHole):
                if self.stud:
                    if not stud_street_dealt:
                        actions.extend(self._stud_deals(index, stud_street, folded))
                        stud_street_dealt = True
                    continue
                deal(event.player)
                continue
            if isinstance(event, ev.Note | ev.Collect | ev.ShowdownStart):
                continue
            if _is_live(event) or id(event) in returned:
                live.append((len(actions), bool(shows), _live_text(event, self._p)))
                continue
            if isinstance(event, ev.Show | ev.Muck):
                if event.player not in folded:
                    shows.append(self._show(event, known))
                continue
            if not self.stud:
                deal()
            if isinstance(event, ev.DealBoard):
                if self.stud:
                    raise PhhWriteError("PHH cannot write stud's community card (S7)")
                if event.run != 1:
                    raise PhhWriteError("PHH cannot write a second board run (run it twice)")
                bets = [0] * self.n
                actions.append("d db " + "".join(str(c) for c in event.cards))
                continue
            if isinstance(event, ev.StreetStart):
                bets = [0] * self.n
                if self.stud:
                    stud_street += 1
                    stud_street_dealt = False
                    nxt = hand.events[index + 1] if index + 1 < len(hand.events) else None
                    if not isinstance(nxt, ev.DealHole):  # no line names the cards: deal ??
                        actions.extend(self._stud_deals(index + 1, stud_street, folded))
                        stud_street_dealt = True
                continue
            assert isinstance(event, ev.PlayerEvent)
            p, i = self._p(event.player), self._i(event.player)
            if isinstance(event, ev.Fold):
                actions.append(f"{p} f")
                folded.add(event.player)
                live_count -= 1
            elif isinstance(event, ev.Check | ev.Call):
                bets[i] += event.amount if isinstance(event, ev.Call) else 0
                actions.append(f"{p} cc")
            elif isinstance(event, ev.Bet):
                bets[i] += event.amount
                actions.append(f"{p} cbr {self._amount(bets[i])}")
            elif isinstance(event, ev.RaiseTo | ev.Complete):
                bets[i] = event.amount
                actions.append(f"{p} cbr {self._amount(event.amount)}")
            elif isinstance(event, ev.BringIn):
                bets[i] += event.amount
                actions.append(f"{p} pb")
            elif isinstance(event, ev.Draw):
                discarded = self._cards(event.discarded, event.count)
                actions.append(f"{p} sd {discarded}".rstrip())
                if event.count:
                    drawn.append(f"d dh {p} {self._cards(event.drawn, event.count)}")
            else:
                raise PhhWriteError(f"PHH cannot write a {event.kind} event")
            if isinstance(event, _BETTING):
                last_bet = len(actions)
        actions.extend(drawn)
        if live_count >= 2:
            shown = {s.split()[0] for s in shows}
            for seat in self.players:
                p = self._p(seat.name)
                if seat.name not in folded and p not in shown:
                    cards = () if self.stud else known.get(seat.name, ())
                    count = self.spec.hole_cards if self.stud else hole
                    shows.append(f"{p} sm {self._cards(cards, count)}")
            if self.stud:
                last_bet = len(actions)  # stud: every card is dealt before the shows
            actions[last_bet:last_bet] = shows
        else:
            shows = []
        placed = [
            f"@{k + len(shows) if k > last_bet or (k == last_bet and late) else k} {text}"
            for k, late, text in live
        ]
        return actions, placed

    def _show(self, event: ev.Show | ev.Muck, known: dict[str, list[Card]]) -> str:
        p = self._p(event.player)
        if isinstance(event, ev.Muck):
            return f"{p} sm"
        cards = list(event.cards) or known.get(event.player, [])
        return f"{p} sm {self._cards(cards, len(cards) or self.spec.hole_cards)}"

    def _optional(self) -> list[tuple[str, str]]:
        hand = self.hand
        fields = [("hand", _string(hand.hand_id))]
        if hand.site != "PHH":
            fields.append(("_site", _string(hand.site)))
        if hand.table:
            fields.append(("table", _string(hand.table)))
        if hand.max_seats:
            fields.append(("seat_count", str(hand.max_seats)))
        fields.append(("seats", "[" + ", ".join(str(s.seat) for s in self.players) + "]"))
        fields.append(("players", _array([s.name for s in self.players])))
        if hand.currency not in ("CHIPS", "PLAY"):
            fields.append(("currency", _string(hand.currency)))
        if hand.started_at is not None:
            when = hand.started_at.astimezone(UTC)
            fields += [("year", str(when.year)), ("month", str(when.month)),
                       ("day", str(when.day)), ("time", when.strftime("%H:%M:%S")),
                       ("time_zone", _string("UTC"))]  # fmt: skip
        if hand.level and hand.level.isdigit():
            fields.append(("level", hand.level))
        if hand.tournament_id:
            fields.append(("_tournament", _string(hand.tournament_id)))
        return fields


def _fill(known: list[str], count: int) -> list[str]:
    """``count`` cards of a street: the known ones (the last ones, when a line repeats
    earlier cards), ``??`` for each card the log does not show.

    >>> _fill([], 2), _fill(["Ah"], 1), _fill(["Ah", "Kd"], 0)
    (['??', '??'], ['Ah'], [])
    """
    if count == 0:
        return []
    return (["??"] * count + known)[-count:]


def _string(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's, for everything json.dumps writes)."""
    return json.dumps(text, ensure_ascii=False)


def _array(items: list[str]) -> str:
    if not items:
        return "[]"
    return "[\n" + "".join(f"  {_string(item)},\n" for item in items) + "]"


def _returned_boards(events: Iterable[ev.Event]) -> set[int]:
    """The ids of board deals a later ``BoardReturned`` takes back: live-extension deals
    (a premature or too-large board), not the board as finally played."""
    boards: list[ev.DealBoard] = []
    taken: set[int] = set()
    for event in events:
        if isinstance(event, ev.DealBoard):
            boards.append(event)
        elif isinstance(event, ev.BoardReturned):
            for board in reversed(boards):
                if board.street == event.street and id(board) not in taken:
                    taken.add(id(board))
                    break
    return taken


def _is_live(event: ev.Event) -> bool:
    return isinstance(
        event,
        ev.Burn
        | ev.CardExposed
        | ev.ExtraCard
        | ev.CardReplaced
        | ev.BoardReturned
        | ev.Reshuffle
        | ev.Misdeal
        | ev.TimeOut,
    )


def _live_text(event: ev.Event, p: object) -> str:
    """The live extension's string for one event (docs/live.md), without its ``@k``."""
    assert callable(p)
    match event:
        case ev.Burn(card=card):
            return f"d burn {card}" if card else "d burn"
        case ev.CardExposed(card=card, player=player, first=first):
            who = f" {p(player)}" if player else ""
            return f"d exposed {card}{who}{' first' if first else ''}"
        case ev.CardReplaced(player=player, old=old, new=new):
            return f"d replace {p(player)} {old}{f' {new}' if new else ''}"
        case ev.ExtraCard(player=player, card=card):
            return f"d extra {p(player)}{f' {card}' if card else ''}"
        case ev.BoardReturned(street=street, cards=cards, to=to, rule=rule):
            return f"d return {street} {''.join(map(str, cards))} {to} {rule}"
        case ev.Reshuffle(cards=cards):
            return f"d reshuffle {''.join(map(str, cards))}".rstrip()
        case ev.Misdeal(rule=rule, reason=reason):
            return f"d misdeal {rule} {reason}".rstrip()
        case ev.TimeOut(player=player):
            return f"{p(player)} timeout"
        case ev.DealBoard(street=street, cards=cards):
            return f"d db {street} {''.join(map(str, cards))}"
    raise PhhWriteError(f"PHH cannot write a {event.kind} event")  # pragma: no cover
