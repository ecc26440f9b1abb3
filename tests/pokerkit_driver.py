"""Drive pokerkit's engine with our parsed actions: a second, independent rules oracle.

``tests/test_pokerkit_oracle.py`` lets pokerkit *read* the log, which it can only do for
no-limit hold'em. Here our parser reads it and pokerkit's ``State`` *replays* it: every
forced bet, action, draw and card of the ``ParsedHand`` becomes one pokerkit operation,
and pokerkit decides who acts next, what a call costs, who wins and how the pot is split.
Nothing here uses our replayer, so when the two agree on every player's result they agree
for independent reasons.

How a hand is mapped, and why:

- Players are pokerkit indices in its own order: blind games from the first seat left of
  the button (heads-up, index 0 is the big blind: pokerkit swaps the two blinds); stud in
  seat order. Only players who do something in the log are dealt in (README's rule).
- Antes, blinds and the bring-in amount come from the posts, per player; a second "posts
  big blind" is pokerkit's negative "post" (a newcomer's live bet, no position), or a
  straddle when it is larger than the blind (PokerMaster's, README).
- Cards the log never shows are pokerkit's unknown card ``??``; every burn is ``??``.
  A hand pokerkit must evaluate has to be fully known, else the hand is not comparable.
- Draws: pokerkit wants the thrown cards, which logs mostly hide. Only the final hand
  matters to it, so a showdown player is dealt a consistent made-up history ending in the
  hand he showed (:func:`_draw_plan`); everyone else draws unknown cards.
- Before each action pokerkit's actor must be the log's player and a call must cost what
  the log says: a mismatch is a :class:`Disagreement`, as is any action pokerkit refuses.
  Two places where pokerkit wants a step the rules make moot are bridged, and counted in
  ``Replay.notes``: a raise nobody can call beyond the current bet (pokerkit refuses it)
  is played as the call it amounts to, the rest being uncalled (B11); and a check pokerkit
  asks of a player who has matched the bet while everyone else is all-in or out (B4 ends
  the round there) is made for him.

Games pokerkit has as classes are used as they are, except one: pokerkit 0.7.7's
``FixedLimitOmahaHoldemHighLowSplitEightOrBetter`` inherits the *pot-limit* mixin (no cap,
pot-sized raises), so it is re-based on the fixed-limit mixin. Rows pokerkit has no class
for (pot-limit hold'em, the other omaha rows, 5-card draw) are composed from its own parts
(mixins, hand types, ``Street`` rows), the way its own game classes are.
"""

from __future__ import annotations

import warnings
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import pytest

from parser.model.cards import Card
from parser.model.events import (
    Bet,
    Blind,
    BringIn,
    Call,
    CashOut,
    Check,
    Complete,
    DealBoard,
    DealHole,
    Draw,
    Event,
    Fold,
    Muck,
    PlayerEvent,
    PostAnte,
    PostBlind,
    PotAdded,
    RaiseTo,
    Show,
    StreetStart,
)
from parser.model.games import GAME_SPECS, Forced, GameSpec
from parser.model.hand import ParsedHand

# A test-only dependency: without it the modules that use this one skip (so does its doctest).
pk = pytest.importorskip("pokerkit")
kit = pytest.importorskip("pokerkit.games")

UNKNOWN = "??"


class NotComparable(Exception):
    """pokerkit cannot express this hand (a documented rule choice or a log it cannot take).

    ``reason`` is a short stable key, so the test can count hands per reason.
    """

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason


class Disagreement(Exception):
    """pokerkit and the log (as our engine accepted it) part ways: to be read by hand."""


# -- pokerkit's games, one row per game code ------------------------------------------------


class _PotLimitTexasHoldem(kit.PotLimitPokerMixin, kit.TexasHoldemMixin, kit.UnfixedLimitHoldem):
    pass


class _NoLimitOmaha(kit.NoLimitPokerMixin, kit.OmahaHoldemMixin, kit.UnfixedLimitHoldem):
    hand_types = (pk.OmahaHoldemHand,)


class _FixedLimitOmaha(kit.FixedLimitPokerMixin, kit.OmahaHoldemMixin, kit.Holdem):
    hand_types = (pk.OmahaHoldemHand,)


class _FixedLimitOmahaHiLo(
    kit.FixedLimitPokerMixin, pk.FixedLimitOmahaHoldemHighLowSplitEightOrBetter
):
    """pokerkit's own class with the fixed-limit betting it was meant to have."""


class _PotLimitOmahaHiLo(kit.PotLimitPokerMixin, kit.OmahaHoldemMixin, kit.UnfixedLimitHoldem):
    hand_types = (pk.OmahaHoldemHand, pk.OmahaEightOrBetterLowHand)


class _NoLimitOmahaHiLo(kit.NoLimitPokerMixin, kit.OmahaHoldemMixin, kit.UnfixedLimitHoldem):
    hand_types = (pk.OmahaHoldemHand, pk.OmahaEightOrBetterLowHand)


class _PotLimitOmaha5(pk.PotLimitOmahaHoldem):
    hole_dealing_count = 5


class _PotLimitOmaha5HiLo(_PotLimitOmahaHiLo):
    hole_dealing_count = 5


class _PotLimitOmaha6(pk.PotLimitOmahaHoldem):
    hole_dealing_count = 6


class _FiveCardDrawMixin:
    deck = pk.Deck.STANDARD
    hand_types = (pk.StandardHighHand,)
    hole_dealing_count = 5


class _NoLimitFiveCardDraw(kit.NoLimitPokerMixin, _FiveCardDrawMixin, kit.SingleDraw):
    pass


class _PotLimitFiveCardDraw(kit.PotLimitPokerMixin, _FiveCardDrawMixin, kit.SingleDraw):
    pass


class _FixedLimitFiveCardDraw(kit.FixedLimitPokerMixin, _FiveCardDrawMixin, kit.Draw):
    """pokerkit's single draw bets one size; fixed limit bets the big bet after the draw (C1)."""

    def __init__(
        self,
        automations: tuple[pk.Automation, ...],
        ante_trimming_status: bool,
        raw_antes: Any,
        raw_blinds_or_straddles: Any,
        small_bet: int,
        big_bet: int,
        *,
        mode: pk.Mode = pk.Mode.TOURNAMENT,
    ) -> None:
        cap = self.max_completion_betting_or_raising_count
        super().__init__(
            automations,
            (
                pk.Street(False, (False,) * 5, 0, False, pk.Opening.POSITION, small_bet, cap),
                pk.Street(True, (), 0, True, pk.Opening.POSITION, big_bet, cap),
            ),
            ante_trimming_status,
            raw_antes,
            raw_blinds_or_straddles,
            0,
            mode=mode,
        )


#: How a row's constructor takes its stakes: stud (antes, bring-in, small, big bet), fixed
#: (antes, blinds, small, big bet) or unfixed (antes, blinds, minimum bet).
STUD, FIXED, UNFIXED = "stud", "fixed", "unfixed"


@dataclass(frozen=True, slots=True)
class Row:
    game: type
    stakes: str


#: Our game code -> the pokerkit game that replays it.
ROWS: dict[str, Row] = {
    "NLHE": Row(pk.NoLimitTexasHoldem, UNFIXED),
    "NLHESPLIT": Row(pk.NoLimitTexasHoldem, UNFIXED),
    "PLHE": Row(_PotLimitTexasHoldem, UNFIXED),
    "FLHE": Row(pk.FixedLimitTexasHoldem, FIXED),
    "NLHE6P": Row(pk.NoLimitShortDeckHoldem, UNFIXED),
    "PLO": Row(pk.PotLimitOmahaHoldem, UNFIXED),
    "NLO": Row(_NoLimitOmaha, UNFIXED),
    "FLO": Row(_FixedLimitOmaha, FIXED),
    "PLO8": Row(_PotLimitOmahaHiLo, UNFIXED),
    "NLO8": Row(_NoLimitOmahaHiLo, UNFIXED),
    "FLO8": Row(_FixedLimitOmahaHiLo, FIXED),
    "PLO5": Row(_PotLimitOmaha5, UNFIXED),
    "PLO58": Row(_PotLimitOmaha5HiLo, UNFIXED),
    "PLO6": Row(_PotLimitOmaha6, UNFIXED),
    "FL7S": Row(pk.FixedLimitSevenCardStud, STUD),
    "FL7S8": Row(pk.FixedLimitSevenCardStudHighLowSplitEightOrBetter, STUD),
    "FLRAZZ": Row(pk.FixedLimitRazz, STUD),
    "FL5CD": Row(_FixedLimitFiveCardDraw, FIXED),
    "NL5CD": Row(_NoLimitFiveCardDraw, UNFIXED),
    "PL5CD": Row(_PotLimitFiveCardDraw, UNFIXED),
    "NL27SD": Row(pk.NoLimitDeuceToSevenLowballSingleDraw, UNFIXED),
    "FL27TD": Row(pk.FixedLimitDeuceToSevenLowballTripleDraw, FIXED),
    "FLBADUGI": Row(pk.FixedLimitBadugi, FIXED),
}

#: pokerkit deals, shows and bets only when told; it posts, collects, kills and pays itself.
AUTOMATIONS = (
    pk.Automation.ANTE_POSTING,
    pk.Automation.BET_COLLECTION,
    pk.Automation.BLIND_OR_STRADDLE_POSTING,
    pk.Automation.RUNOUT_COUNT_SELECTION,
    pk.Automation.HAND_KILLING,
    pk.Automation.CHIPS_PUSHING,
    pk.Automation.CHIPS_PULLING,
)

_ACTIONS = (Fold, Check, Call, Bet, RaiseTo, Complete, BringIn)


# -- what the log knows ---------------------------------------------------------------------


def _dealt_in(hand: ParsedHand) -> list[str]:
    """Players who do something in the log, in seat order (README: who is dealt in)."""
    active = {e.player for e in hand.events if isinstance(e, PlayerEvent) and e.affects_play}
    return [s.name for s in sorted(hand.seats, key=lambda s: s.seat) if s.name in active]


def _order(hand: ParsedHand, spec: GameSpec) -> list[str]:
    names = _dealt_in(hand)
    if spec.forced is Forced.BRING_IN:
        return names
    if hand.button_seat is None:
        raise NotComparable("no button", "a blind game's log without a button seat")
    seat = {s.name: s.seat for s in hand.seats}
    # Clockwise from the first seat after the button; the button (or the seat before an
    # empty button) is last.
    return sorted(names, key=lambda n: (seat[n] <= hand.button_seat, seat[n]))


def _revealed(hand: ParsedHand) -> dict[str, tuple[Card, ...]]:
    """Each player's whole hand as the log last showed it (shows, mucks, SUMMARY)."""
    known: dict[str, tuple[Card, ...]] = {}
    for name, cards in hand.summary.revealed:
        known[name] = cards
    for e in hand.events:
        if isinstance(e, Show | Muck | Fold) and e.cards:
            known[e.player] = e.cards
    return known


def _draw_plan(final: tuple[str, ...], counts: list[int]) -> tuple[list[str], list[list[str]]]:
    """A card history ending in ``final`` that throws ``counts[i]`` unknown cards at draw i.

    Keep ``M_i = max(counts[i:])`` unknown cards in hand before draw i (so there are always
    enough to throw) and draw ``M_{i+1} - M_i + counts[i]`` unknown cards at it, the rest
    known: every card of ``final`` arrives exactly once and the hand ends fully known.

    >>> _draw_plan(("2c", "3d", "4h", "5s", "7c"), [0, 3, 1])
    (['2c', '3d', '??', '??', '??'], [[], ['4h', '5s', '??'], ['7c']])
    """
    maxima = [max(counts[i:], default=0) for i in range(len(counts) + 1)]
    cards = list(final)
    start = cards[: len(cards) - maxima[0]] + [UNKNOWN] * maxima[0]
    cursor = len(cards) - maxima[0]
    drawn = []
    for i, count in enumerate(counts):
        unknown = maxima[i + 1] - maxima[i] + count
        known = count - unknown
        drawn.append(cards[cursor : cursor + known] + [UNKNOWN] * unknown)
        cursor += known
    return start, drawn


@dataclass
class _Cards:
    """The cards to deal each player, street by street, in pokerkit's order per street."""

    hole: dict[str, list[list[str]]] = field(default_factory=dict)
    boards: dict[tuple[int, int], list[str]] = field(default_factory=dict)
    #: Draw games: the cards each player throws and receives at each of his draws.
    thrown: dict[str, list[list[str]]] = field(default_factory=dict)
    drawn: dict[str, list[list[str]]] = field(default_factory=dict)
    known: dict[str, bool] = field(default_factory=dict)


def _stud_cards(hand: ParsedHand, spec: GameSpec, names: list[str]) -> _Cards:
    street = spec.streets[0].name
    down: dict[str, dict[str, list[Card]]] = defaultdict(lambda: defaultdict(list))
    up: dict[str, dict[str, list[Card]]] = defaultdict(lambda: defaultdict(list))
    for e in hand.events:
        if isinstance(e, StreetStart):
            street = e.street
        elif isinstance(e, DealHole):
            down[e.player][street] += e.cards
            up[e.player][street] += e.up
        elif isinstance(e, DealBoard):
            raise NotComparable(
                "S7 community card", "pokerkit deals one only when its own deck runs out"
            )
    revealed = _revealed(hand)
    out = _Cards()
    for name in names:
        seen = {c for s in (*down[name].values(), *up[name].values()) for c in s}
        spare = [c for c in revealed.get(name, ()) if c not in seen]
        streets = []
        for s in spec.streets:
            cards = [c.text for c in down[name][s.name]]
            while len(cards) < s.hole_down:
                cards.append(spare.pop(0).text if spare else UNKNOWN)
            ups = [c.text for c in up[name][s.name]]
            ups += [UNKNOWN] * (s.hole_up - len(ups))
            streets.append(cards + ups)
        out.hole[name] = streets
        out.known[name] = all(UNKNOWN not in cards for cards in streets)
    return out


def _board_cards(hand: ParsedHand, spec: GameSpec) -> dict[tuple[int, int], list[str]]:
    index = {s.name: i for i, s in enumerate(spec.streets)}
    boards: dict[tuple[int, int], list[str]] = {}
    for e in hand.events:
        if isinstance(e, DealBoard):
            if e.run > spec.boards:
                raise NotComparable("run it twice", "pokerkit's players choose runouts")
            key = (index[e.street], e.run - 1)
            boards[key] = boards.get(key, []) + [c.text for c in e.cards]
    return boards


def _flop_cards(hand: ParsedHand, spec: GameSpec, names: list[str]) -> _Cards:
    revealed = _revealed(hand)
    dealt = {e.player: e.cards for e in hand.events if isinstance(e, DealHole) and e.cards}
    out = _Cards(boards=_board_cards(hand, spec))
    count = spec.hole_cards
    for name in names:
        cards = revealed.get(name) or dealt.get(name, ())
        known = len(cards) == count
        out.hole[name] = [[c.text for c in cards] if known else [UNKNOWN] * count]
        out.known[name] = known
    return out


def _draw_cards(hand: ParsedHand, spec: GameSpec, names: list[str]) -> _Cards:
    revealed = _revealed(hand)
    counts: dict[str, list[int]] = defaultdict(list)
    for e in hand.events:
        if isinstance(e, Draw):
            counts[e.player].append(e.count)
    out = _Cards()
    size = spec.hole_cards
    for name in names:
        final = revealed.get(name)
        if final is not None and len(final) == size:
            start, drawn = _draw_plan(tuple(c.text for c in final), counts[name])
            out.known[name] = True
        else:
            start = [UNKNOWN] * size
            drawn = [[UNKNOWN] * n for n in counts[name]]
            out.known[name] = False
        out.hole[name] = [start]
        out.thrown[name] = [[UNKNOWN] * n for n in counts[name]]
        out.drawn[name] = drawn
    return out


# -- forced bets ----------------------------------------------------------------------------


def _forced(hand: ParsedHand, names: list[str]) -> tuple[list[int], list[int], int]:
    """Antes and blinds per pokerkit index, and the bring-in, from the log's posts."""
    at = {name: i for i, name in enumerate(names)}
    antes = [0] * len(names)
    blinds = [0] * len(names)
    bring_in = 0
    big_posted = 0
    for e in hand.events:
        if isinstance(e, CashOut):
            raise NotComparable("all-in cash-out", "the site's payout is outside the pot")
        if isinstance(e, PotAdded):
            raise NotComparable("splash the pot", "money from outside the players")
        if isinstance(e, PostAnte):
            antes[at[e.player]] += e.amount
        elif isinstance(e, BringIn):
            bring_in = bring_in or e.amount
        elif isinstance(e, PostBlind):
            i = at[e.player]
            if blinds[i]:
                raise NotComparable("two blinds from one player", e.player)
            if e.blind in (Blind.DEAD, Blind.SMALL_AND_BIG) or (
                e.blind is Blind.SMALL and big_posted
            ):
                # README: a small blind posted after the big blind is a newcomer's dead one.
                raise NotComparable("dead blind", "pokerkit has no dead money in the pot")
            if e.blind is Blind.BIG and big_posted and e.amount <= big_posted:
                blinds[i] = -e.amount  # a newcomer's live post, not a position
            else:
                # PokerMaster's second, larger "posts big blind" is a straddle (README, F3).
                blinds[i] = e.amount
            if e.blind in (Blind.BIG, Blind.BUTTON):
                big_posted = big_posted or e.amount
                if e.all_in and e.amount < hand.stakes.big:
                    raise NotComparable(
                        "short all-in big blind",
                        "PokerStars has the others call the full blind (README), "
                        "pokerkit the posted amount",
                    )
    if any(blinds) and not big_posted:
        raise NotComparable(
            "no big blind posted",
            "the big blind is all-in on the ante; PokerStars has the others call the full "
            "blind (README), pokerkit the bets on the table",
        )
    if len(names) == 2:
        blinds.reverse()  # heads-up pokerkit's index 0 posts blinds[1]
    return antes, blinds, bring_in


def _state(hand: ParsedHand, spec: GameSpec, names: list[str]) -> pk.State:
    row = ROWS.get(hand.game)
    if row is None:
        raise NotComparable("no pokerkit game", hand.game)
    antes, blinds, bring_in = _forced(hand, names)
    stacks = [hand.seat_of(n).stack for n in names]  # type: ignore[union-attr]
    small, big = hand.stakes.small, hand.stakes.big
    mode: dict[str, Any] = {"mode": pk.Mode.CASH_GAME}
    if spec.boards > 1:
        mode["starting_board_count"] = spec.boards
    if row.stakes == STUD:
        # A hand whose first player completes shows no bring-in: any legal one will do.
        bring_in = bring_in or max(small // 2, 1)
        game = row.game(AUTOMATIONS, False, antes, bring_in, small, big, **mode)
    elif row.stakes == FIXED:
        game = row.game(AUTOMATIONS, False, antes, blinds, small, big, **mode)
    else:
        if not any(blinds) and not any(antes):
            raise NotComparable("no forced bet", "pokerkit needs an ante or a blind")
        game = row.game(AUTOMATIONS, False, antes, blinds, big, **mode)
    return game(stacks, len(names))


# -- the replay -----------------------------------------------------------------------------


@dataclass
class _Driver:
    """One hand's replay in pokerkit, event by event; ``notes`` counts the mappings used."""

    hand: ParsedHand
    spec: GameSpec
    names: list[str]
    cards: _Cards
    state: pk.State
    notes: list[str] = field(default_factory=list)
    draws_done: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    #: Fixed limit: this round's high bet is an all-in short of a full bet (B7).
    short_all_in: bool = False
    street: int | None = None

    def where(self, e: Event) -> str:
        return f"hand {self.hand.hand_id} line {e.line} ({e.kind})"

    def who(self, index: int | None) -> str:
        return "nobody" if index is None else self.names[index]

    def deal(self) -> None:
        """Everything pokerkit asks for before the next decision: burns, cards, showdown."""
        s = self.state
        while s.status:
            if s.showdown_index is not None:
                name = self.names[s.showdown_index]
                if not self.cards.known[name]:
                    raise NotComparable("unknown showdown hand", name)
                s.show_or_muck_hole_cards(True)
            elif s.can_burn_card(UNKNOWN):
                s.burn_card(UNKNOWN)
            elif s.hole_dealee_index is not None:
                self.deal_hole(s.hole_dealee_index)
            elif s.board_dealing_count is not None:
                self.deal_board()
            else:
                break
        if s.street_index != self.street:
            self.street, self.short_all_in = s.street_index, False

    def deal_hole(self, i: int) -> None:
        name = self.names[i]
        street = self.state.street_index
        assert street is not None
        if self.spec.streets[street].draw:
            cards = self.cards.drawn[name][self.draws_done[name] - 1]
        elif self.spec.forced is Forced.BRING_IN:
            cards = self.cards.hole[name][street]
        else:
            cards = self.cards.hole[name][0]
        self.state.deal_hole("".join(cards), player_index=i)

    def deal_board(self) -> None:
        s = self.state
        street = s.street_index
        assert street is not None
        board = next(i for i, n in enumerate(s.board_dealing_counts) if n)
        cards = self.cards.boards.get((street, board))
        if not cards:
            raise Disagreement(
                f"hand {self.hand.hand_id}: pokerkit deals board {board + 1} of "
                f"{self.spec.streets[street].name}, the log does not"
            )
        s.deal_board("".join(cards))

    def idle_check(self, player: int | None) -> None:
        """pokerkit asks for a check nobody could answer; the log (B4) rightly has none.

        A player who has matched the bet while everyone else has folded or is all-in has
        nothing to decide: pokerkit still wants his check, our rules end the round.
        """
        s = self.state
        while (
            s.actor_index is not None
            and s.actor_index != player
            and s.checking_or_calling_amount == 0
            and not s.can_complete_bet_or_raise_to()
        ):
            s.check_or_call()
            self.notes.append("idle check")
            self.deal()

    def act(self, e: PlayerEvent) -> None:
        s = self.state
        i = self.names.index(e.player)
        self.idle_check(None if isinstance(e, Draw) else i)
        if isinstance(e, Draw):
            if s.stand_patter_or_discarder_index != i:
                drawer = self.who(s.stand_patter_or_discarder_index)
                raise Disagreement(f"{self.where(e)} by {e.player}: pokerkit's drawer is {drawer}")
            n = self.draws_done[e.player]
            self.draws_done[e.player] += 1
            s.stand_pat_or_discard("".join(self.cards.thrown[e.player][n]))
            return
        if s.actor_index != i:
            if isinstance(e, Fold) and s.statuses[i] and not s.stacks[i]:
                raise NotComparable(
                    "all-in player folded by the site",
                    "README: a sitting-out player all-in on his ante is folded",
                )
            actor = self.who(s.actor_index)
            raise Disagreement(f"{self.where(e)} by {e.player}: pokerkit's actor is {actor}")
        if isinstance(e, BringIn):
            if s.effective_bring_in_amount != e.amount:
                raise Disagreement(
                    f"{self.where(e)} {e.amount}: pokerkit's bring-in is "
                    f"{s.effective_bring_in_amount}"
                )
            s.post_bring_in()
        elif isinstance(e, Fold):
            s.fold()
        elif isinstance(e, Check | Call):
            expected = e.amount if isinstance(e, Call) else 0
            if s.checking_or_calling_amount != expected:
                raise Disagreement(
                    f"{self.where(e)} {expected}: pokerkit's call costs "
                    f"{s.checking_or_calling_amount}"
                )
            s.check_or_call()
        elif isinstance(e, Bet):
            self.raise_to(e, s.bets[i] + e.amount)
        elif isinstance(e, RaiseTo | Complete):
            self.raise_to(e, e.amount)

    def raise_to(self, e: Bet | RaiseTo | Complete, amount: int) -> None:
        s = self.state
        street = s.street
        assert street is not None
        assert s.street_index is not None
        fixed = s.betting_structure is pk.BettingStructure.FIXED_LIMIT
        cap = street.max_completion_betting_or_raising_count
        live = sum(1 for i, status in enumerate(s.statuses) if status and s.stacks[i])
        if s.completion_betting_or_raising_count == cap and live == 2:
            raise NotComparable("B7 heads-up cap", "we lift the cap heads-up, pokerkit does not")
        if not s.can_complete_bet_or_raise_to(s.min_completion_betting_or_raising_to_amount):
            if s.checking_or_calling_amount is not None and not self._anyone_can_call_more():
                # B11: a raise nobody can call beyond the current bet is a call plus an
                # uncalled part that goes back; pokerkit refuses the raise itself.
                s.check_or_call()
                self.notes.append("raise nobody could call")
                return
            if fixed and self.short_all_in:
                raise NotComparable("B7 limit short all-in", "a full bet on top of it, or not")
        low = s.min_completion_betting_or_raising_to_amount
        high = s.max_completion_betting_or_raising_to_amount
        if fixed and high is not None and amount > high:
            name = self.spec.streets[s.street_index].name
            if name == self.spec.open_pair_street:
                raise NotComparable("B7 open pair", "pokerkit has no big-bet option on 4th street")
        if fixed and low is not None and amount < low and self.short_all_in:
            raise NotComparable("B7 limit short all-in", "completing it is not a pokerkit raise")
        previous = max(s.bets)
        try:
            s.complete_bet_or_raise_to(amount)
        except ValueError as error:
            raise Disagreement(
                f"{self.where(e)} to {amount} (pokerkit: {low}-{high}): {error}"
            ) from None
        full = street.min_completion_betting_or_raising_amount
        self.short_all_in = fixed and e.all_in and amount - previous < full

    def _anyone_can_call_more(self) -> bool:
        s = self.state
        actor = s.actor_index
        return any(
            i != actor and s.statuses[i] and s.stacks[i] + s.bets[i] > max(s.bets)
            for i in range(len(self.names))
        )


@dataclass(frozen=True, slots=True)
class Replay:
    """pokerkit's result: each dealt-in player's payoff, and the mappings it needed."""

    payoffs: dict[str, int]
    notes: tuple[str, ...]
    #: Hands pokerkit turned face up and ranked (0 when one player was left).
    shown: int


def replay(hand: ParsedHand) -> Replay:
    """Every dealt-in player's result in pokerkit's replay of our parsed ``hand``.

    Raises :class:`NotComparable` for a hand pokerkit cannot express and
    :class:`Disagreement` where pokerkit refuses what the log did.
    """
    spec = GAME_SPECS[hand.game]
    names = _order(hand, spec)
    if len(names) < 2:
        raise NotComparable("fewer than two players")
    if spec.forced is Forced.BRING_IN:
        cards = _stud_cards(hand, spec, names)
    elif any(s.draw for s in spec.streets):
        cards = _draw_cards(hand, spec, names)
    else:
        cards = _flop_cards(hand, spec, names)
    with warnings.catch_warnings():
        # pokerkit warns about unknown cards and folds with nothing to call: both expected.
        warnings.simplefilter("ignore")
        driver = _Driver(hand, spec, names, cards, _state(hand, spec, names))
        for e in hand.events:
            if isinstance(e, (*_ACTIONS, Draw)):
                assert isinstance(e, PlayerEvent)
                driver.deal()
                if not driver.state.status:
                    raise Disagreement(f"{driver.where(e)}: pokerkit's hand is already over")
                driver.act(e)
        driver.deal()
        driver.idle_check(None)
        if driver.state.status:
            raise Disagreement(f"hand {hand.hand_id}: pokerkit's hand is not over at the log's end")
    shown = sum(1 for op in driver.state.operations if isinstance(op, pk.HoleCardsShowingOrMucking))
    return Replay(
        payoffs=dict(zip(names, driver.state.payoffs, strict=True)),
        notes=tuple(driver.notes),
        shown=shown,
    )
