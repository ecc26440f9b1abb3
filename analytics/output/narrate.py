"""A replayed hand told step by step, for the terminal (``pokerhh replay HAND_ID``).

It reads a :class:`ReplayResult` made with ``record_states=True``: each event becomes a
line with the pot after it; before a player's action it can say what the rules allowed
(from the same checks the engine enforces); each street ends with the pots and side pots
as they stand, and the hand ends with each pot's winners and every player's result. The
engine's notes (a straddle, a side pot formed, an uncalled bet) are shown under the event.
"""

from __future__ import annotations

from collections.abc import Iterator

from analytics.ingest.rows import blinds_and_bets, iso_utc
from analytics.output.format import Money, cards, names
from parser.model import events as ev
from parser.model.games import GAME_SPECS
from replayer.result import ReplayResult
from replayer.state import HandState, LegalActions, Pot

_BLIND_NAMES = {
    ev.Blind.SMALL: "the small blind",
    ev.Blind.BIG: "the big blind",
    ev.Blind.SMALL_AND_BIG: "small & big blinds",
    ev.Blind.STRADDLE: "a straddle",
    ev.Blind.DEAD: "a dead blind",
    ev.Blind.BUTTON: "the button blind",
}


def narrate(result: ReplayResult) -> Iterator[str]:
    """The lines of the step-by-step replay."""
    hand = result.hand
    money = Money(hand.currency, hand.unit)
    yield from _header(result, money)
    states = result.states
    street = GAME_SPECS[hand.game].streets[0].name if hand.game in GAME_SPECS else "preflop"
    yield ""
    yield f"*** {street.upper()} ***"
    shown_pots: tuple[Pot, ...] = ()
    for index, event in enumerate(hand.events):
        before = states[index - 1] if 0 < index <= len(states) else None
        if isinstance(event, ev.DealBoard | ev.StreetStart | ev.ShowdownStart):
            if before is not None and before.pots != shown_pots:
                yield from _pots(before.pots, money, f"after {street}")
                shown_pots = before.pots
            street = "showdown" if isinstance(event, ev.ShowdownStart) else event.street
            yield ""
            yield _street_header(event, index, states)
            continue
        after = states[index] if index < len(states) else None
        text = describe(event, money)
        if after is not None:
            text = f"{text:<52} pot {money(after.pot + sum(s.bet for s in after.seats))}"
        yield f"  #{index:<3} {text}"
        could = _could(before, event, money)
        if could:
            yield f"        could have: {could}"
        if after is not None and after.note and not _restates(after.note, text):
            yield f"        note: {after.note}"
    if states and states[-1].pots != shown_pots:
        yield from _pots(states[-1].pots, money, f"after {street}")
    yield from _result(result, money)


def _restates(note: str, text: str) -> bool:
    """The engine's note says what the event line already says ("uncalled bet of ...")."""
    return note.lower().split()[:3] == text.lower().split()[:3]


def _header(result: ReplayResult, money: Money) -> Iterator[str]:
    hand = result.hand
    small_blind, big_blind, small_bet, big_bet = blinds_and_bets(hand)
    stakes = money.stakes(small_bet, big_bet) if small_bet else money.stakes(small_blind, big_blind)
    when = iso_utc(hand.started_at)
    parts = [f"{hand.site} hand #{hand.hand_id}", hand.game_name or hand.game, stakes]
    if hand.tournament_id:
        parts.append(
            f"tournament #{hand.tournament_id}" + (f" level {hand.level}" if hand.level else "")
        )
    if when:
        parts.append(when.replace("T", " ").replace("Z", " UTC"))
    yield " · ".join(p for p in parts if p)
    table = f"Table '{hand.table}'" if hand.table else "Table"
    if hand.max_seats:
        table += f" ({hand.max_seats}-max)"
    if hand.button_seat is not None:
        table += f" · button on seat {hand.button_seat}"
    yield table
    for player in result.players:
        position = player.position or ("—" if not player.dealt_in else "")
        shown = f" {cards(player.hole_cards)}" if player.hole_cards else ""
        yield (
            f"  seat {player.seat:<2} {player.name:<20} {position:<6} "
            f"{money(player.starting_stack):>12}{shown}"
        )


def _street_header(event: ev.Event, index: int, states: tuple[HandState, ...]) -> str:
    if isinstance(event, ev.ShowdownStart):
        run = f" (run {event.run})" if event.run > 1 else ""
        return f"*** SHOWDOWN{run} ***"
    assert isinstance(event, ev.DealBoard | ev.StreetStart)
    title = f"*** {event.street.upper()}"
    if isinstance(event, ev.DealBoard):
        if event.run > 1:
            title += f" (run {event.run})"
        title += f" *** {cards(event.cards)}"
        if index < len(states):
            board = states[index].boards[event.run - 1] if states[index].boards else ()
            if len(board) > len(event.cards):
                title += f"  board {cards(board)}"
        return title
    return title + " ***"


def _pots(pots: tuple[Pot, ...], money: Money, when: str) -> Iterator[str]:
    if not pots:
        return
    if len(pots) == 1:
        yield f"        pot {when}: {money(pots[0].amount)}"
        return
    yield f"        pots {when}:"
    for number, pot in enumerate(pots):
        label = "main pot" if number == 0 else f"side pot {number}"
        yield f"          {label}: {money(pot.amount)} ({names(list(pot.eligible))})"


def _could(before: HandState | None, event: ev.Event, money: Money) -> str:
    if before is None or not isinstance(event, ev.Fold | ev.Check | ev.Call | ev.Bet | ev.RaiseTo):
        return ""
    legal = before.legal
    if legal is None or legal.player != event.player:
        return ""
    return legal_text(legal, before.current_bet, money)


def legal_text(legal: LegalActions, current_bet: int, money: Money) -> str:
    """``fold · call 100 · raise to 200–10000``."""
    options = ["fold"] if legal.can_fold else []
    if legal.can_check:
        options.append("check")
    elif legal.call_amount:
        options.append(f"call {money(legal.call_amount)}")
    if legal.min_raise_to is not None and legal.max_raise_to is not None:
        verb = "raise to" if current_bet else "bet"
        span = money(legal.min_raise_to)
        if legal.max_raise_to != legal.min_raise_to:
            span += f"–{money(legal.max_raise_to)}"
        options.append(f"{verb} {span}")
    return " · ".join(options)


def describe(event: ev.Event, money: Money) -> str:
    """One event as a sentence: ``MrPink raises to 210 and is all-in``."""
    player = getattr(event, "player", None) or ""
    all_in = " and is all-in" if getattr(event, "all_in", False) else ""
    match event:
        case ev.PostAnte(amount=amount):
            return f"{player} posts an ante of {money(amount)}{all_in}"
        case ev.PostBlind(amount=amount, blind=blind):
            return f"{player} posts {_BLIND_NAMES.get(blind, blind)} {money(amount)}{all_in}"
        case ev.BringIn(amount=amount):
            return f"{player} brings in for {money(amount)}{all_in}"
        case ev.DealBoard(street=street, cards=dealt, run=run):
            run_text = f" (run {run})" if run > 1 else ""
            return f"{street}{run_text} {cards(dealt)}"
        case ev.StreetStart(street=street):
            return f"{street} begins"
        case ev.ShowdownStart(run=run):
            return "showdown" + (f" (run {run})" if run > 1 else "")
        case ev.DealHole(cards=down, up=up):
            shown = " ".join(c for c in (cards(down) if down else "", cards(up) if up else "") if c)
            return f"{player} is dealt {shown or 'cards'}"
        case ev.Fold(cards=shown):
            return f"{player} folds" + (f" {cards(shown)}" if shown else "")
        case ev.Check():
            return f"{player} checks"
        case ev.Call(amount=amount):
            return f"{player} calls {money(amount)}{all_in}"
        case ev.Bet(amount=amount):
            return f"{player} bets {money(amount)}{all_in}"
        case ev.RaiseTo(amount=amount, capped=capped):
            capped_text = " and has reached the cap" if capped else ""
            return f"{player} raises to {money(amount)}{all_in}{capped_text}"
        case ev.Complete(amount=amount):
            return f"{player} completes to {money(amount)}{all_in}"
        case ev.Draw(count=count, discarded=discarded, drawn=drawn):
            text = f"{player} draws {count}" if count else f"{player} stands pat"
            if discarded:
                text += f", discards {cards(discarded)}"
            if drawn:
                text += f", receives {cards(drawn)}"
            return text
        case ev.UncalledBetReturned(amount=amount):
            return f"uncalled bet of {money(amount)} returned to {player}"
        case ev.Show(cards=shown, description=description):
            return f"{player} shows {cards(shown)}" + (f" ({description})" if description else "")
        case ev.Muck(cards=shown):
            return f"{player} mucks" + (f" {cards(shown)}" if shown else "")
        case ev.Collect(amount=amount, pot=pot, run=run):
            where = (
                "the pot" if pot is None else ("the main pot" if pot == 0 else f"side pot {pot}")
            )
            run_text = f" (run {run})" if run > 1 else ""
            return f"{player} collects {money(amount)} from {where}{run_text}"
        case ev.CashOut(amount=amount, fee=fee):
            fee_text = f" (fee {money(fee)})" if fee else ""
            return f"{player} cashes out for {money(amount)}{fee_text}"
        case ev.PotAdded(amount=amount, reason=reason):
            return f"{money(amount)} added to the pot" + (f" ({reason})" if reason else "")
        case ev.HandCancelled():
            return "the hand is cancelled"
        case ev.Burn(card=card):
            return f"the dealer burns {card if card else 'a card'} (D5)"
        case ev.CardExposed(card=card, first=first):
            whose = f" of {player}" if player else ""
            rule = "the first card: misdeal (E1)" if first else "replaced after the deal (E2)"
            return f"card {card}{whose} exposed in the deal, {rule}"
        case ev.CardReplaced(old=old, new=new):
            got = f" by {new}" if new else ""
            return f"{player}'s exposed {old} replaced{got}; it is the next burn card (E2)"
        case ev.ExtraCard(card=card):
            shown = f" {card}" if card else ""
            return f"{player} was dealt an extra card{shown}: back to the deck, next burn (E3)"
        case ev.BoardReturned(street=street, cards=dealt, to=to, rule=rule):
            where = "set aside" if to is ev.CardPlace.SET_ASIDE else "returned to the deck"
            rule_text = f" — {rule}" if rule else ""
            return f"premature {street} {cards(dealt)} {where}{rule_text}"
        case ev.Reshuffle(cards=dealt):
            with_cards = f" with {cards(dealt)}" if dealt else ""
            return f"the deck is reshuffled{with_cards} and cut"
        case ev.Misdeal(rule=rule, reason=reason):
            why = f": {reason}" if reason else ""
            return f"the dealer declares a misdeal{why}: the hand is void, chips go back ({rule})"
        case ev.TimeOut():
            return f"{player}'s time is up: he checks if he can, else folds (B12)"
        case ev.Note(note=note, text=text):
            who = f"{player}: " if player else ""
            return f"[{note}] {who}{text}".rstrip()
    return f"{event.kind} {player}".rstrip()


def _result(result: ReplayResult, money: Money) -> Iterator[str]:
    yield ""
    yield "*** RESULT ***"
    runs = {pot.run for pot in result.pots}
    for pot in result.pots:
        label = "main pot" if pot.index == 0 else f"side pot {pot.index}"
        if len(runs) > 1:
            label += f" (run {pot.run})"
        described = dict(pot.descriptions)
        won = [
            f"{name} wins {money(amount)}"
            + (f" with {described[name]}" if name in described else "")
            for name, amount in pot.winners
        ]
        yield f"  {label} {money(pot.amount)} [{names(list(pot.eligible))}]: " + "; ".join(won)
        if pot.odd_chips_to:
            yield f"        odd chip to {pot.odd_chips_to} (S4)"
    for number, board in enumerate(result.boards, start=1):
        if board:
            run = f" (run {number})" if len(result.boards) > 1 else ""
            yield f"  board{run} {cards(board)}"
    yield f"  total pot {money(result.total_pot)} · rake {money(result.rake)}"
    for player in result.players:
        if not player.dealt_in:
            continue
        yield (
            f"  {player.name:<20} invested {money(player.invested):>10}"
            f"  collected {money(player.collected + player.cashed_out):>10}"
            f"  net {money.signed(player.net):>11}  stack {money(player.final_stack)}"
        )
    for diagnostic in result.diagnostics:
        yield f"  note: {diagnostic}"
