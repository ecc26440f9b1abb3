"""Random legal hands of every game the engine replays, played by the engine's own rules.

At every decision the player picks one of the actions ``LegalActions`` offers (the checks
the engine enforces); the dealer deals from a shuffled deck what the game's row says: blinds
or antes and the bring-in, hole cards down and up, boards (two in Split Hold'em, one flop
card before the betting in Courchevel), stud streets and the S7 community card, draws. Every
card is known (as in the Pluribus logs), so the showdown is decided by the evaluator; the
"collected" lines are the engine's own awards. The same seed gives the same hand.
"""

from __future__ import annotations

import random
from dataclasses import replace

from parser.model import events as ev
from parser.model.cards import DECK, Card
from parser.model.games import GAME_SPECS, Betting, Forced, GameSpec
from parser.model.hand import ParsedHand, Seat, Stakes, Summary
from parser.model.house import HouseRules
from parser.rooms.pokerstars import ROOM as POKERSTARS
from replayer import order, replay
from replayer.betting import Actor
from replayer.engine import HandReplay
from replayer.settlement.pots import uncalled_excess

#: Stakes per structure, in cents: blinds 5/10 in bet-sized games, small/big bet 10/20 in
#: fixed limit (blinds 5/10), antes 2 and a bring-in of 5 in stud.
_BLINDS = Stakes(small=5, big=10)
_LIMIT = Stakes(small=10, big=20)
_STUD = Stakes(small=10, big=20, ante=2, bring_in=5)


def stakes_for(spec: GameSpec) -> Stakes:
    if spec.forced is Forced.BRING_IN:
        return _STUD
    return _LIMIT if spec.betting is Betting.FIXED_LIMIT else _BLINDS


class _Dealer:
    """The hand being built: the engine applying each event, the deck, the events so far."""

    def __init__(self, rng: random.Random, hand: ParsedHand, spec: GameSpec) -> None:
        self.rng = rng
        self.spec = spec
        self.play = HandReplay(hand, spec)
        self.events: list[ev.Event] = []
        deck = list(DECK)
        rng.shuffle(deck)
        self.deck = deck

    def add(self, event: ev.Event) -> None:
        self.play.apply(event)
        self.events.append(event)

    def cards(self, count: int) -> tuple[Card, ...]:
        taken, self.deck = tuple(self.deck[:count]), self.deck[count:]
        return taken


def play_hand(
    rng: random.Random, game: str, hand_id: str = "1", players: int = 0,
    house: HouseRules = POKERSTARS.house,
) -> ParsedHand:
    """One complete random hand of ``game`` (a ``GAME_SPECS`` code), with its claims.

    The hand is PokerStars' (it is written as PokerStars text), so its odd chips follow
    PokerStars' house rules unless ``house`` says otherwise (PHH, a live log: S4).
    """
    spec = GAME_SPECS[game]
    n = players or rng.randint(2, min(spec.max_players, 8 if spec.hole_cards < 5 else 6))
    names = [f"P{i}" for i in range(1, n + 1)]
    stacks = [rng.choice((1, 20, 60, 200, 500, 1000, 2000)) * 5 for _ in range(n)]
    stakes = stakes_for(spec)
    hand = ParsedHand(
        site="PokerStars", hand_id=hand_id, game=game, game_name=spec.name, stakes=stakes,
        currency="USD", unit=100, table="Generated", max_seats=max(n, 6),
        button_seat=None if spec.forced is Forced.BRING_IN else n,
        seats=tuple(Seat(seat=i + 1, name=names[i], stack=stacks[i]) for i in range(n)),
        summary=Summary(), house=house,
    )  # fmt: skip
    dealer = _Dealer(rng, hand, spec)
    _forced_and_deal(dealer, names, stakes)
    _play_out(dealer)
    return _with_claims(replace(hand, events=tuple(dealer.events)))


def _forced_and_deal(dealer: _Dealer, names: list[str], stakes: Stakes) -> None:
    play, spec = dealer.play, dealer.spec
    first = spec.streets[0]
    if spec.forced is Forced.BRING_IN:
        for actor in play.order:
            dealer.add(ev.PostAnte(player=actor.name, amount=min(stakes.ante, actor.stack),
                                   all_in=stakes.ante >= actor.stack))
        for actor in play.order:
            down, up = dealer.cards(first.hole_down), dealer.cards(first.hole_up)
            dealer.add(ev.DealHole(player=actor.name, cards=down, up=up))
        due = order.bring_in(play)
        if due is not None:
            amount = min(stakes.bring_in or 0, due.stack)
            dealer.add(ev.BringIn(player=due.name, amount=amount, all_in=amount == due.stack))
        return
    heads_up = len(play.order) == 2
    small, big = (play.order[-1], play.order[0]) if heads_up else (play.order[0], play.order[1])
    sb, bb = (5, 10)
    for actor, amount, kind in ((small, sb, ev.Blind.SMALL), (big, bb, ev.Blind.BIG)):
        dealer.add(ev.PostBlind(player=actor.name, amount=min(amount, actor.stack), blind=kind,
                                all_in=amount >= actor.stack))
    for actor in play.order:
        dealer.add(ev.DealHole(player=actor.name, cards=dealer.cards(first.hole_down)))
    if first.board_cards:  # Courchevel
        dealer.add(ev.DealBoard(street=first.name, cards=dealer.cards(first.board_cards)))


def _play_out(dealer: _Dealer) -> None:
    play, spec = dealer.play, dealer.spec
    while True:
        actor = play.next_to_act()
        if actor is not None:
            _decide(dealer, actor)
            continue
        live = [a for a in play.order if not a.folded]
        if play.street_index + 1 >= len(spec.streets) or len(live) < 2:
            break
        excess = uncalled_excess({a.name: a.bet for a in play.order})
        if excess:
            dealer.add(ev.UncalledBetReturned(player=excess[0], amount=excess[1]))
        _next_street(dealer)
    excess = uncalled_excess({a.name: a.bet for a in play.order})
    if excess:
        dealer.add(ev.UncalledBetReturned(player=excess[0], amount=excess[1]))
    live = [a for a in play.order if not a.folded]
    if len(live) > 1:
        dealer.add(ev.ShowdownStart())
        for a in live:
            dealer.add(ev.Show(player=a.name, cards=play.cards[a.name]))


def _next_street(dealer: _Dealer) -> None:
    play, spec = dealer.play, dealer.spec
    street = spec.streets[play.street_index + 1]
    live = [a for a in play.order if not a.folded]
    if street.board_cards:
        for run in range(1, spec.boards + 1):
            dealer.add(ev.DealBoard(street=street.name, cards=dealer.cards(street.board_cards),
                                    run=run))
        return
    if street.hole_up or street.hole_down:
        # S7: the stub (less this street's burn) cannot give every live player a card.
        if play.ledger.stub(len(play.boards[0])) - 1 < len(live):
            dealer.add(ev.DealBoard(street=street.name, cards=dealer.cards(1)))
            return
        dealer.add(ev.StreetStart(street=street.name))
        for a in live:
            new = dealer.cards(street.hole_down + street.hole_up)
            down, up = (new, ()) if street.hole_down else ((), new)
            dealer.add(ev.DealHole(player=a.name, cards=down, up=up))
        return
    dealer.add(ev.StreetStart(street=street.name))
    for a in live:  # C1: in turn from the first seat left of the button
        held = play.cards[a.name]
        most = min(len(held), len(dealer.deck) - len(live))
        count = dealer.rng.choice([0, 0, 1, 2, 3][: most + 1] or [0])
        thrown = tuple(dealer.rng.sample(list(held), count))
        dealer.add(ev.Draw(player=a.name, count=count, discarded=thrown,
                           drawn=dealer.cards(count)))


def _decide(dealer: _Dealer, actor: Actor) -> None:
    play, rng = dealer.play, dealer.rng
    legal = play.snapshot().legal
    assert legal is not None
    assert legal.player == actor.name
    options = ["fold", "call", "call"] if legal.call_amount else ["check", "check", "fold"]
    if legal.min_raise_to is not None:
        options += ["raise"]
    choice = rng.choice(options)
    name, stack_total = actor.name, actor.bet + actor.stack
    if choice == "fold":
        dealer.add(ev.Fold(player=name))
    elif choice == "check":
        dealer.add(ev.Check(player=name))
    elif choice == "call":
        amount = legal.call_amount
        dealer.add(ev.Call(player=name, amount=amount, all_in=amount == actor.stack))
    else:
        assert legal.min_raise_to is not None
        assert legal.max_raise_to is not None
        low, high = legal.min_raise_to, max(legal.min_raise_to, legal.max_raise_to)
        total = rng.choice(sorted({low, high, (low + high) // 2}))
        all_in = total == stack_total
        rnd = play.rnd
        if rnd.current_bet and rnd.bets == 0 and play.anchor is not None and not play.big_posted:
            dealer.add(ev.Complete(player=name, amount=total, all_in=all_in))
        elif rnd.current_bet:
            dealer.add(ev.RaiseTo(player=name, amount=total, all_in=all_in))
        else:
            dealer.add(ev.Bet(player=name, amount=total - actor.bet, all_in=all_in))


def _with_claims(hand: ParsedHand) -> ParsedHand:
    """The 'collected' lines and total a site prints, from the engine's own awards."""
    result = replay(hand)
    collects = tuple(
        ev.Collect(player=p.name, amount=p.collected) for p in result.players if p.collected
    )
    return replace(
        hand,
        events=hand.events + collects,
        summary=Summary(total_pot=result.total_pot, rake=0, boards=result.boards),
    )
