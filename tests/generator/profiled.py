"""Generated NL hold'em hands whose hero plays by a profile of frequencies (issue 25, item 4).

``tests/generator/play.py`` picks every action at random, so no player of it has the
statistics of a regular. Here one seat, the hero, decides by a :class:`Profile`: how often
he opens, steals, 3-bets, folds to a 3-bet, c-bets, folds to a c-bet, folds to a steal,
bets and raises after the flop; the others by a fixed tight-aggressive-ish profile of their
own. The hands are 6-max, the button moving each hand, written as PokerStars text
(:func:`tests.generator.render.pokerstars_text`) and read back by the importer, so the
statistics are the project's own. The same seed gives the same hands.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace

from parser.model import events as ev
from parser.model.cards import DECK
from parser.model.games import GAME_SPECS
from parser.model.hand import ParsedHand, Seat, Stakes, Summary
from parser.rooms.pokerstars import ROOM as POKERSTARS
from replayer import replay
from replayer.betting import Actor
from replayer.engine import HandReplay
from replayer.positions import blind_positions
from replayer.settlement.pots import uncalled_excess
from tests.generator.render import pokerstars_text

STEALS = ("CO", "BTN", "SB")


@dataclass(frozen=True, slots=True)
class Profile:
    """A player's frequencies, each the chance of the action in its spot."""

    open: float = 0.18  # first in, not a steal position
    steal: float = 0.38  # first in from the CO, BTN or SB
    call_raise: float = 0.12  # facing one raise (not a steal faced in the blinds)
    three_bet: float = 0.08  # facing one raise
    fold_to_steal: float = 0.68  # in a blind facing a lone steal
    fold_to_three_bet: float = 0.55  # his open 3-bet
    four_bet: float = 0.08  # his open 3-bet
    cbet: float = 0.65  # preflop aggressor, the flop unbet to him
    fold_to_cbet: float = 0.45  # facing the preflop aggressor's flop bet
    bet: float = 0.5  # postflop, unbet to him (not a c-bet)
    fold_to_bet: float = 0.5  # postflop, facing a bet
    raise_bet: float = 0.15  # postflop, facing a bet


#: The other seats: tight and aggressive, never limping.
VILLAIN = Profile(open=0.2, steal=0.35, call_raise=0.15, three_bet=0.06, fold_to_steal=0.65,
                  fold_to_three_bet=0.55, four_bet=0.05, cbet=0.6, fold_to_cbet=0.45,
                  bet=0.35, fold_to_bet=0.4, raise_bet=0.1)  # fmt: skip


class _Hand:
    """One hand being played: the engine, the deck, the events, and who did what."""

    def __init__(self, rng: random.Random, hand: ParsedHand, profiles: dict[str, Profile]):
        self.rng = rng
        self.profiles = profiles
        self.play = HandReplay(hand, GAME_SPECS["NLHE"])
        self.events: list[ev.Event] = []
        deck = list(DECK)
        rng.shuffle(deck)
        self.deck = deck
        seats = {s.name: s.seat for s in hand.seats}
        by_seat = blind_positions(sorted(seats.values()), hand.button_seat)
        self.position = {name: by_seat.get(seat, "") for name, seat in seats.items()}
        self.raises = 0  # raises of the current street (the big blind not counted)
        self.raisers: list[str] = []  # pre-flop, in order
        self.callers = 0  # pre-flop calls before the current raise
        self.bettor: str | None = None  # the first bettor of the current postflop street
        self.street = "preflop"

    def add(self, event: ev.Event) -> None:
        self.play.apply(event)
        self.events.append(event)

    def deal(self, count: int) -> tuple:
        taken, self.deck = tuple(self.deck[:count]), self.deck[count:]
        return taken


def _chance(rng: random.Random, p: float) -> bool:
    return rng.random() < p


def _decide(h: _Hand, actor: Actor) -> None:
    legal = h.play.snapshot().legal
    assert legal is not None
    me, p, rng = actor.name, h.profiles[actor.name], h.rng
    can_raise = legal.min_raise_to is not None
    facing = legal.call_amount > 0
    action = "fold" if facing else "check"
    if h.street == "preflop":
        if not h.raisers:
            steal = h.position[me] in STEALS
            action = "raise" if _chance(rng, p.steal if steal else p.open) else "fold"
            if not facing and action == "fold":
                action = "check"
        elif len(h.raisers) == 1:
            stolen = (h.position[h.raisers[0]] in STEALS and h.callers == 0
                      and h.position[me] in ("SB", "BB"))  # fmt: skip
            roll = rng.random()
            if stolen:
                fold = p.fold_to_steal
                action = "fold" if roll < fold else "raise" if roll < fold + p.three_bet else "call"
            elif roll < p.three_bet:
                action = "raise"
            elif roll < p.three_bet + p.call_raise:
                action = "call"
        elif h.raisers[0] == me and len(h.raisers) == 2:
            roll = rng.random()
            fold = p.fold_to_three_bet
            action = "fold" if roll < fold else "raise" if roll < fold + p.four_bet else "call"
        else:
            action = "call" if _chance(rng, 0.3) else "fold"
    else:
        aggressor = h.raisers[-1] if h.raisers else None
        if not facing:
            cbet = h.street == "flop" and aggressor == me
            action = "raise" if _chance(rng, p.cbet if cbet else p.bet) else "check"
        else:
            cbet_faced = h.street == "flop" and h.bettor == aggressor and h.raises == 1
            fold = p.fold_to_cbet if cbet_faced else p.fold_to_bet
            roll = rng.random()
            action = "fold" if roll < fold else "raise" if roll < fold + p.raise_bet else "call"
            if h.raises >= 2 and action == "raise":
                action = "call"
    if action == "raise" and not can_raise:
        action = "call" if facing else "check"
    _act(h, actor, action, legal.call_amount, legal.min_raise_to, legal.max_raise_to)


def _act(h: _Hand, actor: Actor, action: str, call: int, low: int | None,
         high: int | None) -> None:  # fmt: skip
    name = actor.name
    if action == "fold":
        h.add(ev.Fold(player=name))
    elif action == "check":
        h.add(ev.Check(player=name))
    elif action == "call":
        h.add(ev.Call(player=name, amount=call, all_in=call == actor.stack))
        if h.street == "preflop" and len(h.raisers) == 1:
            h.callers += 1
    else:
        assert low is not None
        assert high is not None
        current = h.play.rnd.current_bet
        target = min(max(low, 3 * current if current else low), max(low, high))
        all_in = target == actor.bet + actor.stack
        if current:
            h.add(ev.RaiseTo(player=name, amount=target, all_in=all_in))
        else:
            h.add(ev.Bet(player=name, amount=target - actor.bet, all_in=all_in))
        h.raises += 1
        if h.street == "preflop":
            h.raisers.append(name)
            h.callers = 0
        elif h.bettor is None:
            h.bettor = name


def profiled_hand(
    rng: random.Random, number: int, hero: str, profile: Profile, stack: int = 2000
) -> ParsedHand:
    """Hand ``number`` at a 6-max table of ``hero`` and five others (``V1``..), blinds
    $0.05/$0.10, stacks ``stack`` cents, the button on seat ``number % 6 + 1``."""
    names = [hero, "V1", "V2", "V3", "V4", "V5"]
    spec = GAME_SPECS["NLHE"]
    hand = ParsedHand(
        site="PokerStars", hand_id=str(number), game="NLHE", game_name=spec.name,
        stakes=Stakes(small=5, big=10), currency="USD", unit=100, table="Profiled",
        max_seats=6, button_seat=number % 6 + 1,
        seats=tuple(Seat(seat=i + 1, name=n, stack=stack) for i, n in enumerate(names)),
        summary=Summary(), house=POKERSTARS.house,
    )  # fmt: skip
    profiles = {n: VILLAIN for n in names} | {hero: profile}
    h = _Hand(rng, hand, profiles)
    play = h.play
    small, big = play.order[0], play.order[1]
    h.add(ev.PostBlind(player=small.name, amount=5, blind=ev.Blind.SMALL))
    h.add(ev.PostBlind(player=big.name, amount=10, blind=ev.Blind.BIG))
    for actor in play.order:
        h.add(ev.DealHole(player=actor.name, cards=h.deal(2)))
    while True:
        actor = play.next_to_act()
        if actor is not None:
            _decide(h, actor)
            continue
        live = [a for a in play.order if not a.folded]
        if play.street_index + 1 >= len(spec.streets) or len(live) < 2:
            break
        excess = uncalled_excess({a.name: a.bet for a in play.order})
        if excess:
            h.add(ev.UncalledBetReturned(player=excess[0], amount=excess[1]))
        street = spec.streets[play.street_index + 1]
        h.street, h.raises, h.bettor = street.name, 0, None
        h.add(ev.DealBoard(street=street.name, cards=h.deal(street.board_cards)))
    excess = uncalled_excess({a.name: a.bet for a in play.order})
    if excess:
        h.add(ev.UncalledBetReturned(player=excess[0], amount=excess[1]))
    live = [a for a in play.order if not a.folded]
    if len(live) > 1:
        h.add(ev.ShowdownStart())
        for a in live:
            h.add(ev.Show(player=a.name, cards=play.cards[a.name]))
    played = replace(hand, events=tuple(h.events))
    result = replay(played)
    collects = tuple(ev.Collect(player=p.name, amount=p.collected)
                     for p in result.players if p.collected)  # fmt: skip
    summary = Summary(total_pot=result.total_pot, rake=0, boards=result.boards)
    return replace(played, events=played.events + collects, summary=summary)


def profiled_text(seed: int, hands: int, hero: str, profile: Profile, first: int = 1) -> str:
    """``hands`` hands of ``hero`` playing ``profile``, as one PokerStars file's text."""
    rng = random.Random(seed)
    return "".join(
        pokerstars_text(profiled_hand(rng, number, hero, profile))
        for number in range(first, first + hands)
    )


def as_ggpoker(text: str) -> str:
    """The same hands as GGPoker writes them (``Poker Hand #HD...``, no time zone): the
    lines of the hands are the same in both rooms, so one player can have an account in
    each (tests/people)."""
    return re.sub(
        r"PokerStars Hand #(\d+):  (.*?) \(\$0\.05/\$0\.10 USD\) - (.*?) ET",
        r"Poker Hand #HD\1: \2 ($0.05/$0.1) - \3",
        text,
    )
