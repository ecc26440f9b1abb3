"""The replay viewer's words and steps, from a replay's states and events (no Streamlit).

The viewer shows ``table_states(result)[step]``, the table after event ``step``: the
engine's state (``result.states``) with the end of the hand applied, which the engine
leaves to the result (it pays from its own awards, not from the log's "collected" lines):

- while the betting goes on, the pot is the chips of closed rounds and the bets lie in
  front of the players; side pots appear only once a player is all-in and the round that
  made them is closed (``HandState.formed_pots``, ``replayer/snapshot.py``);
- from the showdown (or the first "collected" line, when nobody shows) the betting is over:
  the bets are gathered into the pot and the pots are formed (B10);
- each "collected" line moves its amount from the pot to the player's stack, a cash-out
  pays the player from outside the pot;
- the last step is the hand settled: every stack is the result's final stack, no bet is
  left on the table, and the pot reads awarded (what remains is the rake the site kept).

In hi/lo games every pot is shown with both halves (S3, the odd chip to the high half).
Everything here reads the states and events generically (streets by name, boards by run,
the legal options the engine computed), so stud up-cards, draws and Split Hold'em's boards
show up as the engine and ``narrate.describe`` learn them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from analytics.output.format import Money
from parser.model import events as ev
from parser.model.games import GAME_SPECS, Evaluator
from replayer.result import ReplayResult
from replayer.snapshot import formed_pots
from replayer.state import HandState, LegalActions, Pot

_DECISIONS = (ev.Fold, ev.Check, ev.Call, ev.Bet, ev.RaiseTo, ev.Complete)


#: Games whose every pot is split in two, and the names of the halves (S3).
HALVES: dict[Evaluator, tuple[str, str]] = {
    Evaluator.HIGH_LOW8: ("hi", "lo"),
    Evaluator.OMAHA_HIGH_LOW8: ("hi", "lo"),
}
#: Events after which the betting is over and the pot is being awarded.
_ENDING = (ev.ShowdownStart, ev.Collect, ev.CashOut)


def halve(pot: Pot, labels: tuple[str, str]) -> Pot:
    """The pot with its two halves, the odd chip to the first (S3: to the high half).

    >>> halve(Pot(amount=301, eligible=("A", "B")), ("hi", "lo")).halves
    (('hi', 151), ('lo', 150))
    """
    low = pot.amount // 2
    return replace(pot, halves=((labels[0], pot.amount - low), (labels[1], low)))


def table_states(result: ReplayResult) -> tuple[HandState, ...]:
    """The table after each event as the viewer draws it (see the module docs)."""
    states, events = result.states, result.hand.events
    spec = GAME_SPECS.get(result.hand.game)
    labels = HALVES.get(spec.evaluator) if spec is not None else None
    if spec is not None and spec.boards == 2:
        labels = ("board 1", "board 2")  # Split Hold'em: half the pot per board
    won: dict[str, int] = {}
    cashed: dict[str, int] = {}
    ending = False
    shown: list[HandState] = []
    for step, state in enumerate(states):
        event = events[step] if step < len(events) else None
        if isinstance(event, ev.Collect):
            won[event.player] = won.get(event.player, 0) + event.amount
        elif isinstance(event, ev.CashOut):
            cashed[event.player] = cashed.get(event.player, 0) + event.amount
        ending = ending or isinstance(event, _ENDING)
        if step == len(states) - 1:
            state = _settled(state, result)
        elif ending:
            state = _gathered(state, won, cashed)
        if labels is not None and state.formed_pots:
            state = replace(state, formed_pots=tuple(halve(p, labels) for p in state.formed_pots))
        shown.append(state)
    return tuple(shown)


def _gathered(state: HandState, won: Mapping[str, int], cashed: Mapping[str, int]) -> HandState:
    """The betting is over: bets into the pot, pots formed, the collects so far paid."""
    total = state.pot + sum(s.bet for s in state.seats)
    paid = sum(won.values())
    seats = tuple(
        replace(
            s,
            stack=s.stack + won.get(s.name, 0) + cashed.get(s.name, 0),
            bet=0,
            won=won.get(s.name, 0),
            all_in=s.all_in and not (won.get(s.name) or cashed.get(s.name)),
        )
        for s in state.seats
    )
    live = {s.name for s in state.seats if not s.folded}
    pots: tuple[Pot, ...] = ()
    if not paid:
        invested = {s.name: s.invested for s in state.seats}
        all_in = any(s.all_in for s in state.seats if s.name in live)
        pots = formed_pots(invested, live, total, all_in)
    return replace(state, seats=seats, pot=total - paid, formed_pots=pots, awarded=paid)


def _settled(state: HandState, result: ReplayResult) -> HandState:
    """The hand over: the result's final stacks; the pot awarded but the site's part.

    The pot is the result's (bets the log left uncalled are back with their owners)."""
    total = result.total_pot
    players = {p.name: p for p in result.players}
    seats = []
    for seat in state.seats:
        player = players.get(seat.name)
        if player is None:  # not in the result: nothing to apply
            seats.append(replace(seat, bet=0))
            continue
        stack = player.final_stack
        seats.append(replace(seat, stack=stack, bet=0, won=player.collected,
                             all_in=seat.all_in and stack == 0))  # fmt: skip
    paid = sum(p.collected for p in result.players)
    return replace(state, seats=tuple(seats), pot=total - paid, formed_pots=(), awarded=paid,
                   settled=True, to_act=None, legal=None)  # fmt: skip


def board_label(result: ReplayResult) -> str:
    """What the viewer calls each of several boards: "board" when the game deals two from
    the start (Split Hold'em, ``GameSpec.boards``), else "run" (the board run again)."""
    spec = GAME_SPECS.get(result.hand.game)
    return "board" if spec is not None and spec.boards > 1 else "run"


def could_have(legal: LegalActions, current_bet: int, amount: Callable[[int], str]) -> str:
    """What the player to act was allowed, as a sentence (after he acted).

    >>> legal = LegalActions(player="Ann", can_fold=True, can_check=False, call_amount=20,
    ...                      min_raise_to=40, max_raise_to=1000)
    >>> could_have(legal, 20, Money("USD", 100))
    'could have folded, called $0.20 or raised to $0.40–$10.00'
    >>> legal = LegalActions(player="Ann", can_fold=True, can_check=True, call_amount=0,
    ...                      min_raise_to=10, max_raise_to=10)
    >>> could_have(legal, 0, str)
    'could have folded, checked or bet 10'
    """
    options = _options(legal, current_bet, amount, ("folded", "checked", "called", "raised to",
                                                    "bet"))  # fmt: skip
    if len(options) <= 1:
        return f"could only have {options[0]}" if options else ""
    return "could have " + _either(options)


def may(legal: LegalActions, current_bet: int, amount: Callable[[int], str]) -> str:
    """What the player to act may do now.

    >>> legal = LegalActions(player="Ann", can_fold=True, can_check=False, call_amount=5,
    ...                      min_raise_to=None, max_raise_to=None)
    >>> may(legal, 10, str)
    'may fold or call 5'
    """
    options = _options(legal, current_bet, amount, ("fold", "check", "call", "raise to", "bet"))
    if len(options) <= 1:
        return f"may only {options[0]}" if options else ""
    return "may " + _either(options)


def _options(
    legal: LegalActions, current_bet: int, amount: Callable[[int], str], verbs: tuple[str, ...]
) -> list[str]:
    fold, check, call, raise_to, bet = verbs
    options = [fold] if legal.can_fold else []
    if legal.can_check:
        options.append(check)
    elif legal.call_amount:
        options.append(f"{call} {amount(legal.call_amount)}")
    if legal.min_raise_to is not None and legal.max_raise_to is not None:
        span = amount(legal.min_raise_to)
        if legal.max_raise_to != legal.min_raise_to:
            span += f"–{amount(legal.max_raise_to)}"
        options.append(f"{raise_to} {span}" if current_bet else f"{bet} {span}")
    return options


def _either(options: list[str]) -> str:
    return ", ".join(options[:-1]) + " or " + options[-1]


def big_blinds(big_blind: int) -> Callable[[int], str]:
    """Amounts in big blinds, to one decimal: ``big_blinds(10)(125) == '12.5 bb'``.

    >>> big_blinds(10)(125), big_blinds(20)(7), big_blinds(0)(50)
    ('12.5 bb', '0.4 bb', '50')
    """
    if big_blind <= 0:
        return str

    def text(amount: int) -> str:
        value = round(Fraction(amount, big_blind), 1)
        return f"{float(value):,.1f} bb"

    return text


@dataclass(frozen=True, slots=True)
class StreetMark:
    label: str
    step: int


def street_marks(result: ReplayResult) -> list[StreetMark]:
    """The first step of each street (and each run of a run-it-twice board), in order."""
    marks: list[StreetMark] = []
    previous = None
    for step, (event, state) in enumerate(zip(result.hand.events, result.states, strict=False)):
        label = state.street
        if isinstance(event, ev.DealBoard) and event.run > 1:
            label = f"{event.street} (run {event.run})"
        elif isinstance(event, ev.ShowdownStart):
            label = "showdown"
        if label != previous and label not in {m.label for m in marks}:
            marks.append(StreetMark(label, step))
        previous = label
    return marks


def decision(result: ReplayResult, step: int, amount: Callable[[int], str]) -> str | None:
    """What the player acting at ``step`` could have done instead (None if not a decision)."""
    events = result.hand.events
    if not 0 < step < len(events) or not isinstance(events[step], _DECISIONS):
        return None
    before = result.states[step - 1]
    legal = before.legal
    if legal is None or legal.player != getattr(events[step], "player", None):
        return None
    return could_have(legal, before.current_bet, amount) or None


def outcome_lines(result: ReplayResult, money: Money | Callable[[int], str]) -> list[str]:
    """Who won each pot (and with what), each board run, each player's net."""
    lines = []
    runs = {pot.run for pot in result.pots}
    for pot in result.pots:
        label = "Main pot" if pot.index == 0 else f"Side pot {pot.index}"
        if len(runs) > 1:
            label += f" (run {pot.run})"
        described = dict(pot.descriptions)
        won = "; ".join(
            f"{name} wins {money(amount)}"
            + (f" with {described[name]}" if name in described else "")
            for name, amount in pot.winners
        )
        lines.append(f"{label} {money(pot.amount)}: {won}")
        if pot.odd_chips_to:
            lines.append(f"  odd chip to {pot.odd_chips_to} (S4)")
    lines.append(f"Rake {money(result.rake)}")
    for player in result.players:
        if player.dealt_in:
            signed = money(player.net)
            if player.net > 0:
                signed = "+" + signed
            lines.append(f"{player.name}: {signed}")
    return lines
