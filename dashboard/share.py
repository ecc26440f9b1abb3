"""Share a hand (issue 26, item 2): as one HTML file that replays it offline, as the text
players paste on forums, or as PHH; with the other players' names masked on demand.

``pokerhh share`` (``dashboard/cli_share.py``) and the Replay page's Share buttons both
start from a stored hand's replay:

- :func:`masked` renames every player of the parsed hand before it is replayed again, the
  hero "Hero" and everyone else by position (``BTN``, ``SB``...; ``Seat N`` where the game
  has none, as in stud). The names are replaced in the hand itself (seats, every event's
  player, the summary's shown cards, notes), so no output made from it (the HTML's JSON,
  the text, the PHH) can hold a real name: nothing renames text afterwards.
- :func:`share_html`: the replayer's standalone document (``replay_data.replayer_html``).
- :func:`share_text`: the layout the common hand converters write for forums (the
  2+2 / weaktight and PokerTracker converters): the game line, each seat's stack in money
  and big blinds, the hero's cards, each street with the pot at its start, its new cards
  and the players in it, the actions in order (folds in a row counted: "2 folds"), and the
  result: the pot and rake, the final board, who showed what and each one's net.
- :func:`share_phh`: the PHH export's text for this one hand (``export_phh.hand_phh``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from analytics.output.format import Money
from parser.model import events as ev
from parser.model.cards import Card
from parser.model.games import GAME_SPECS
from parser.model.hand import ParsedHand

if TYPE_CHECKING:
    from replayer.result import PlayerResult, ReplayResult

# The writers (the row builder, the PHH export, the replayer's page) are imported where
# they are used: the command line builds its ``share`` parser from :data:`FORMATS` alone,
# and importing them loaded the engine and its evaluator tables into every command's
# start-up (issue 25 acceptance 2).

FORMATS = ("html", "text", "phh")
#: The masked hero's name.
HERO = "Hero"
SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def guess_hero(hand: ParsedHand) -> str | None:
    """The one player dealt face-down cards the log names before the showdown (the room
    writes only its own player's: "Dealt to Ann [Ah Kd]"); None when it is not one player
    (a PHH log that knows everyone's cards, a hand the hero watched)."""
    dealt = {e.player for e in hand.events if isinstance(e, ev.DealHole) and e.cards}
    return next(iter(dealt)) if len(dealt) == 1 else None


def mask_names(result: ReplayResult, hero: str | None) -> dict[str, str]:
    """Each player's masked name: ``Hero`` for the hero, his position for everyone else
    (``Seat N`` in games without positions, and for a player not dealt in).

    Positions are unique in a hand, seats too; a position can't be "Hero"."""
    names = {}
    for player in result.players:
        if player.name == hero:
            names[player.name] = HERO
        elif player.position and player.dealt_in:
            names[player.name] = player.position
        else:
            names[player.name] = f"Seat {player.seat}"
    for seat in result.hand.seats:  # seated, not in the result (sitting out)
        names.setdefault(seat.name, HERO if seat.name == hero else f"Seat {seat.seat}")
    return names


def masked(hand: ParsedHand, names: Mapping[str, str]) -> ParsedHand:
    """``hand`` with every player renamed by ``names`` (see the module docs); its source
    text (the log, with the names) is left out."""

    def text(value: str) -> str:
        for name in sorted(names, key=len, reverse=True):  # "Bob" not inside "Bobby"
            if name and name in value:
                value = value.replace(name, names[name])
        return value

    def event(item: ev.Event) -> ev.Event:
        changes: dict[str, object] = {}
        for field in dataclasses.fields(item):
            value = getattr(item, field.name)
            if field.name == "player" and isinstance(value, str):
                changes[field.name] = names.get(value, text(value))
            elif field.name in {"text", "reason"} and isinstance(value, str) and value:
                changes[field.name] = text(value)
        return dataclasses.replace(item, **changes) if changes else item  # type: ignore[arg-type]

    seats = tuple(dataclasses.replace(s, name=names.get(s.name, s.name)) for s in hand.seats)
    summary = dataclasses.replace(
        hand.summary,
        revealed=tuple((names.get(n, n), cards) for n, cards in hand.summary.revealed),
    )
    tournament = hand.tournament
    if tournament is not None and tournament.before:
        tournament = dataclasses.replace(
            tournament, before=tuple(event(e) for e in tournament.before)
        )
    return dataclasses.replace(
        hand,
        seats=seats,
        events=tuple(event(e) for e in hand.events),
        summary=summary,
        tournament=tournament,
        source=None,
    )


def prepared(result: ReplayResult, hero: str | None, mask: bool) -> tuple[ReplayResult, str | None]:
    """The replay to share and its hero's name in it: with ``mask``, the hand renamed
    (:func:`masked`) and replayed again, with its states (the HTML draws them)."""
    from replayer import replay

    if hero is not None and all(p.name != hero for p in result.players):
        hero = None
    if not mask:
        return result, hero
    names = mask_names(result, hero)
    return replay(masked(result.hand, names), record_states=True), (HERO if hero else None)


def render(result: ReplayResult, hero: str | None, form: str) -> str:
    """The shared hand in ``form`` (one of :data:`FORMATS`)."""
    if form == "html":
        return share_html(result, hero)
    if form == "text":
        return share_text(result, hero)
    if form == "phh":
        return share_phh(result)
    raise ValueError(f"unknown share format {form!r}: one of {', '.join(FORMATS)}")


def share_html(result: ReplayResult, hero: str | None) -> str:
    """The hand's replayer as one file that opens in any browser, offline."""
    from dashboard.replay_data import hand_steps, replayer_html

    return replayer_html(hand_steps(result, hero=hero))


def share_phh(result: ReplayResult) -> str:
    """The hand as PHH (raises ``PhhWriteError`` for a hand PHH cannot hold)."""
    from analytics.output.export_phh import hand_phh

    return hand_phh(result.hand, result)


# -- the forum text ----------------------------------------------------------------------------


def card_text(cards: Sequence[Card]) -> str:
    """Cards as forums show them: ``A♠ 10♦``.

    >>> from parser.model.cards import parse_cards
    >>> card_text(parse_cards("As Td"))
    'A♠ T♦'
    """
    return " ".join(c.text[0] + SUITS.get(c.text[1], c.text[1]) for c in cards)


def in_units(amount: int, unit: int) -> str:
    """An amount in big blinds (or small bets), to one decimal, with no ".0".

    >>> in_units(1000, 10), in_units(125, 10), in_units(5, 10), in_units(7, 0)
    ('100', '12.5', '0.5', '7')
    """
    if unit <= 0:
        return str(amount)
    value = float(round(Fraction(amount, unit), 1))
    return f"{value:,.1f}".removesuffix(".0")


def share_text(result: ReplayResult, hero: str | None) -> str:
    """The forum layout (see the module docs)."""
    return "\n".join(_text_lines(result, hero)) + "\n"


def _text_lines(result: ReplayResult, hero: str | None) -> list[str]:
    hand = result.hand
    from analytics.ingest.rows import blinds_and_bets

    money = Money(hand.currency, hand.unit)
    small_blind, big_blind, small_bet, big_bet = blinds_and_bets(hand)
    unit = big_blind or small_bet or 0
    unit_name = "bb" if big_blind else "small bets"
    spec = GAME_SPECS.get(hand.game)
    players = [p for p in result.players if p.dealt_in]
    position = {p.name: p.position for p in result.players}

    def label(name: str) -> str:
        """The stack list's name: its position beside it when the name is not one."""
        shown = name
        where = position.get(name)
        return f"{shown} ({where})" if where and where != name else shown

    stakes = money.stakes(small_bet, big_bet) if small_bet else money.stakes(small_blind, big_blind)
    game = hand.game_name or (spec.name if spec is not None else hand.game)
    lines = [f"{hand.site} - {stakes} {game} - {len(players)} players"]
    lines.append(
        f"Hand #{hand.hand_id}"
        + (f" - {hand.table}" if hand.table else "")
        + " - shared by pokerhh"
    )
    lines.append("")
    for player in _stack_order(result):
        stack = money(player.starting_stack)
        lines.append(
            f"{label(player.name)}: {stack} ({in_units(player.starting_stack, unit)} {unit_name})"
        )
    lines += _streets(result, hero, money)
    lines += _results(result, hero, money)
    return lines


def _stack_order(result: ReplayResult) -> list[PlayerResult]:
    """Dealt-in players from the small blind round to the button (blind games), else by
    seat (stud)."""
    players = [p for p in result.players if p.dealt_in]
    if players and all(p.position in POSITION_ORDER for p in players):
        return sorted(players, key=lambda p: POSITION_ORDER.index(p.position or ""))
    return sorted(players, key=lambda p: p.seat)


#: Positions in the order converters list the stacks (``replayer.positions``' names).
POSITION_ORDER = (
    "SB",
    "BB",
    "UTG",
    "UTG+1",
    "UTG+2",
    "UTG+3",
    "UTG+4",
    "UTG+5",
    "MP",
    "MP+1",
    "LJ",
    "HJ",
    "CO",
    "BTN",
)


def _streets(result: ReplayResult, hero: str | None, money: Money) -> list[str]:
    """Each street: its header (pot, new cards, players), the up cards dealt (stud), the
    actions in order, folds in a row counted."""
    from dashboard.replay_data import street_label

    hand = result.hand
    spec = GAME_SPECS.get(hand.game)
    first = spec.streets[0].name if spec is not None else "preflop"
    lines = ["", f"{street_label(first)}:" + _hero_cards(result, hero)]
    actions: list[str] = []
    folders: list[str] = []
    dealt: list[str] = []

    def folded() -> None:
        if len(folders) == 1:
            actions.append(f"{folders[0]} folds")
        elif folders:
            actions.append(f"{len(folders)} folds")
        folders.clear()

    def flush() -> None:
        folded()
        if dealt:
            lines.append("Dealt: " + ", ".join(dealt))
            dealt.clear()
        if actions:
            lines.append(", ".join(actions))
            actions.clear()

    drawing = False
    started = False  # a street after the first has begun (stud: later up cards are news)
    events = hand.events
    for index, event in enumerate(events):
        if isinstance(event, ev.DealBoard | ev.StreetStart):
            previous = events[index - 1] if index else None
            if (
                isinstance(event, ev.DealBoard)
                and isinstance(previous, ev.DealBoard)
                and (previous.street, previous.run) == (event.street, event.run)
            ):
                continue  # one street's cards in several lines: one header
            flush()
            lines += ["", _street_header(event, index, result, money)]
            started = True
            continue
        if isinstance(event, ev.DealHole):
            if started and event.up:
                dealt.append(f"{event.player} {card_text(event.up)}")
            continue
        if isinstance(event, ev.Fold):
            folders.append(event.player)
            continue
        text = _action(event, money)
        if text is not None:
            folded()
            if drawing and not isinstance(event, ev.Draw) and actions:
                lines.append(", ".join(actions))  # the draws on a line, the betting on the next
                actions.clear()
            drawing = isinstance(event, ev.Draw)
            actions.append(text)
    flush()
    return lines


def _hero_cards(result: ReplayResult, hero: str | None) -> str:
    if hero is None:
        return ""
    player = next((p for p in result.players if p.name == hero), None)
    if player is None or not player.hole_cards:
        return ""
    where = player.position or f"Seat {player.seat}"
    cards = player.hole_cards
    first_draw = next(
        (
            i
            for i, e in enumerate(result.hand.events)
            if isinstance(e, ev.Draw) and e.player == hero
        ),
        None,
    )
    if first_draw is not None:  # draw games: the hand he was dealt, not the one he ended with
        state = result.states[first_draw - 1] if first_draw > 0 else None
        seat = next((s for s in state.seats if s.name == hero), None) if state else None
        if seat is not None and seat.cards:
            cards = seat.cards
    dealt = [e for e in result.hand.events if isinstance(e, ev.DealHole) and e.player == hero]
    if dealt and any(e.up for e in dealt):  # stud: the cards of the first street
        cards = (*dealt[0].cards, *dealt[0].up)
    return f" {hero} is {where} with {card_text(cards)}"


def _street_header(
    event: ev.DealBoard | ev.StreetStart, index: int, result: ReplayResult, money: Money
) -> str:
    """``Flop: ($0.75) A♠ 9♦ 6♣ (2 players)``: the pot as the street starts."""
    from dashboard.replay_data import street_label

    state = result.states[index - 1] if index > 0 else result.states[0]
    pot = state.pot + sum(s.bet for s in state.seats)
    live = [s for s in state.seats if s.dealt_in and not s.folded]
    all_in = sum(1 for s in live if s.all_in)
    count = f"{len(live)} players" + (f", {all_in} all-in" if all_in else "")
    name = street_label(event.street)
    if isinstance(event, ev.DealBoard):
        run = f" (run {event.run})" if event.run > 1 else ""
        return f"{name}{run}: ({money(pot)}) {card_text(_one_street(result, index))} ({count})"
    return f"{name}: ({money(pot)}) ({count})"


def _one_street(result: ReplayResult, index: int) -> list[Card]:
    """The board cards the street starting at ``index`` deals (its DealBoard lines in a row)."""
    events = result.hand.events
    first = events[index]
    assert isinstance(first, ev.DealBoard)
    cards: list[Card] = []
    for event in events[index:]:
        if (
            not isinstance(event, ev.DealBoard)
            or event.street != first.street
            or event.run != first.run
        ):
            break
        cards += event.cards
    return cards


def _action(event: ev.Event, money: Money) -> str | None:
    """One action as converters write it; None for what they leave out (antes, the
    blinds, dealing, the showdown's lines: the result says those)."""
    all_in = " (All-In)" if getattr(event, "all_in", False) else ""
    match event:
        case ev.PostBlind(player=player, amount=amount, blind=blind):
            if blind in (ev.Blind.SMALL, ev.Blind.BIG):
                return None
            kind = {
                ev.Blind.STRADDLE: "a straddle",
                ev.Blind.DEAD: "a dead blind",
                ev.Blind.SMALL_AND_BIG: "small & big blinds",
                ev.Blind.BUTTON: "a button blind",
            }.get(blind, "a blind")
            return f"{player} posts {kind} {money(amount)}{all_in}"
        case ev.BringIn(player=player, amount=amount):
            return f"{player} brings in for {money(amount)}{all_in}"
        case ev.Check(player=player):
            return f"{player} checks"
        case ev.Call(player=player, amount=amount):
            return f"{player} calls {money(amount)}{all_in}"
        case ev.Bet(player=player, amount=amount):
            return f"{player} bets {money(amount)}{all_in}"
        case ev.RaiseTo(player=player, amount=amount):
            return f"{player} raises to {money(amount)}{all_in}"
        case ev.Complete(player=player, amount=amount):
            return f"{player} completes to {money(amount)}{all_in}"
        case ev.Draw(player=player, count=count, discarded=discarded, drawn=drawn):
            if not count:
                return f"{player} stands pat"
            text = f"{player} draws {count}"
            if discarded and drawn:
                text += f" ({card_text(discarded)} for {card_text(drawn)})"
            return text
        case ev.PotAdded(amount=amount):
            return f"{money(amount)} added to the pot"
        case ev.HandCancelled():
            return "the hand is cancelled"
    return None


def _results(result: ReplayResult, hero: str | None, money: Money) -> list[str]:
    hand = result.hand
    lines = ["", f"Results: {money(result.total_pot)} pot ({money(result.rake)} rake)"]
    boards = [b for b in result.boards if b]
    for run, board in enumerate(boards, start=1):
        label = "Final Board" if len(boards) == 1 else f"Final Board {run}"
        lines.append(f"{label}: {card_text(board)}")
    shown = {e.player: e for e in hand.events if isinstance(e, ev.Show)}
    descriptions = {name: text for pot in result.pots for name, text in pot.descriptions}
    for player in result.players:
        if not player.dealt_in:
            continue
        net = money.signed(player.net)
        if player.name in shown or player.went_to_showdown:
            cards = shown[player.name].cards if player.name in shown else player.hole_cards
            described = descriptions.get(player.name) or getattr(
                shown.get(player.name), "description", ""
            )
            what = f" {card_text(cards)}" + (f" ({described})" if described else "")
            verb = "showed" if cards else "mucked"
            if player.collected:
                lines.append(
                    f"{player.name} {verb}{what if cards else ''} and won "
                    f"{money(player.collected)} ({net} net)"
                )
            else:
                lines.append(f"{player.name} {verb}{what if cards else ''} and lost ({net} net)")
        elif player.collected:
            lines.append(f"{player.name} won {money(player.collected)} ({net} net)")
        elif player.name == hero and player.net:
            lines.append(f"{player.name} lost ({net} net)")
    return lines
