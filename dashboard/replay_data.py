"""The replayer's data: a replayed hand as every step's table, sent once to the browser.

The Replay page, the Hands page's preview and a shared hand's HTML file all draw the hand
with one client-side component (``dashboard/replayer_web/``: plain JavaScript and CSS, no
build step), which steps, plays and jumps by street without asking the server again
(issue 26, item 1: each click used to rerun the page, half a second a step). This module
makes what it draws, from the same replay the viewer reads (``viewer.table_states``: bets
gathered at the showdown, each "collected" line paid, the last step settled):

- :func:`hand_steps`: a JSON-ready dict, the hand's facts and one entry per event: seats
  (stack, bet, won, cards down and up, draws), pots, boards, the event in words, what the
  acting player could have done, the rule that applied, and what the next player may do;
  every sentence in money and in big blinds, so the component switches without the server;
- :func:`replayer_html`: one standalone HTML document (the component's script and style
  inlined, the steps embedded), for ``st.iframe`` and for a file that opens offline.

Names are the players' own text: the JSON is embedded with ``<``, ``>`` and ``&`` escaped
(no ``</script>`` can close the data block), and the script writes every name with
``textContent``, never as markup.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from typing import Any

from analytics.ingest.rows import blinds_and_bets
from analytics.output.format import CHIP_CURRENCIES, SYMBOLS, Money
from analytics.output.narrate import describe
from dashboard import viewer
from dashboard.table_svg import draw_text
from parser.model import events as ev
from parser.model.cards import Card
from parser.model.games import GAME_SPECS
from replayer.result import ReplayResult
from replayer.state import HandState, SeatState

#: The payload's layout version (a shared file says which it holds).
VERSION = 1
#: Street names as people write them (the engine's are identifiers: ``first_draw``).
STREET_LABELS = {
    "preflop": "Preflop",
    "predraw": "Pre-draw",
    "first_draw": "First draw",
    "second_draw": "Second draw",
    "third_draw": "Third draw",
    "third": "3rd street",
    "fourth": "4th street",
    "fifth": "5th street",
    "sixth": "6th street",
    "seventh": "7th street",
    "showdown": "Showdown",
}


def street_label(street: str) -> str:
    """A street as a button reads it: ``first_draw`` -> ``First draw``.

    >>> street_label("first_draw"), street_label("flop"), street_label("turn (run 2)")
    ('First draw', 'Flop', 'Turn (run 2)')
    """
    if street in STREET_LABELS:
        return STREET_LABELS[street]
    head, _, rest = street.partition(" ")
    head = STREET_LABELS.get(head, head.replace("_", " ").capitalize())
    return f"{head} {rest}" if rest else head


def money_format(money: Money) -> dict[str, Any]:
    """What the script needs to write an amount as :class:`Money` does."""
    return {
        "currency": money.currency,
        "unit": money.unit,
        "chips": money.chips or money.currency in CHIP_CURRENCIES,
        "decimals": money.decimals,
        "symbol": SYMBOLS.get(money.currency, ""),
    }


def _cards(cards: Sequence[Card | None]) -> list[str | None]:
    return [c.text if c is not None else None for c in cards]


def draw_hints(result: ReplayResult) -> list[dict[str, list[Card | None]]]:
    """Per step, the cards each player is known to hold then, from what the log showed by
    the end: his final cards, with each later draw undone (the cards he drew taken out, the
    ones he threw put back; unknown ones as None). Before a draw whose cards are unknown
    nothing can be said of which cards he held, so only backs (the issue 26 defect: the
    hand before the draw showed the cards drawn later)."""
    events = result.hand.events
    final = {p.name: tuple(p.hole_cards) for p in result.players if p.hole_cards}
    current: dict[str, list[Card | None]] = {name: list(cards) for name, cards in final.items()}
    hints: list[dict[str, list[Card | None]]] = [{} for _ in events]
    for step in range(len(events) - 1, -1, -1):
        hints[step] = {name: list(cards) for name, cards in current.items()}
        event = events[step]
        if not isinstance(event, ev.Draw) or event.player not in current or not event.count:
            continue
        held = current[event.player]
        drawn = list(event.drawn)
        if len(drawn) != event.count or any(c not in held for c in drawn):
            current[event.player] = [None] * len(held)  # which cards were drawn: unknown
            continue
        kept = [c for c in held if c not in drawn]
        thrown: list[Card | None] = list(event.discarded)
        thrown += [None] * (event.count - len(thrown))
        current[event.player] = kept + thrown[: event.count]
    return hints


def hand_steps(
    result: ReplayResult, *, hero: str | None = None, title: str | None = None
) -> dict[str, Any]:
    """The hand for the component (see the module docs). ``hero``: the seat drawn at the
    bottom (a name of the result: a masked hand's "Hero")."""
    hand = result.hand
    states = viewer.table_states(result)
    money = Money(hand.currency, hand.unit)
    small_blind, big_blind, small_bet, big_bet = blinds_and_bets(hand)
    unit = big_blind or small_bet or 0
    in_bb = viewer.big_blinds(unit)
    spec = GAME_SPECS.get(hand.game)
    if title is None:
        stakes = (
            money.stakes(small_bet, big_bet) if small_bet else money.stakes(small_blind, big_blind)
        )
        title = " · ".join(
            p
            for p in (
                f"{hand.site} #{hand.hand_id}",
                hand.game_name or hand.game,
                stakes,
                hand.table,
            )
            if p
        )
    is_draw = any(isinstance(e, ev.Draw) for e in hand.events)
    hints = draw_hints(result) if is_draw else None
    final_up = {s.name: set(s.up) for s in states[-1].seats} if states else {}
    revealed = {
        p.name: [c for c in p.hole_cards if c not in final_up.get(p.name, set())]
        for p in result.players
        if p.hole_cards
    }
    last = len(states) - 1
    steps = []
    for step, state in enumerate(states):
        event = hand.events[step] if step < len(hand.events) else None
        hint = hints[step] if hints is not None else revealed
        steps.append(_step(result, step, last, state, event, hint, money, in_bb))
    players = result.players
    return {
        "version": VERSION,
        "title": title,
        "site": hand.site,
        "hand_id": hand.hand_id,
        "game": hand.game,
        "max_seats": hand.max_seats or max((s.seat for s in hand.seats), default=9),
        "button": hand.button_seat,
        "hero": hero if any(p.name == hero for p in players) else None,
        "hole_cards": max((len(p.hole_cards) for p in players), default=2) or 2,
        "board_cards": spec.board_size if spec is not None else 5,
        "board_label": viewer.board_label(result),
        "money": money_format(money),
        "big_blind": unit,
        "sitting_out": [[p.seat, p.name] for p in players if not p.dealt_in],
        "streets": [
            {"label": street_label(m.label), "step": m.step} for m in viewer.street_marks(result)
        ],
        "steps": steps,
        "result": [viewer.outcome_lines(result, money), viewer.outcome_lines(result, in_bb)],
        "notes": [f"note: {d}" for d in result.diagnostics],
        "final": {p.name: p.final_stack for p in players},
    }


def _step(
    result: ReplayResult,
    step: int,
    last: int,
    state: HandState,
    event: ev.Event | None,
    hints: Mapping[str, Sequence[Card | None]],
    money: Money,
    in_bb: Callable[[int], str],
) -> dict[str, Any]:
    both = (money, in_bb)
    if isinstance(event, ev.StreetStart):  # "first_draw begins" reads "First draw begins"
        texts = [f"{street_label(event.street)} begins"] * 2
    else:
        texts = [describe(event, f) if event is not None else "" for f in both]  # type: ignore[arg-type]
    could = [viewer.decision(result, step, f) for f in both]
    actor = getattr(event, "player", None)
    legal = state.legal if step < last else None
    return {
        "street": street_label(state.street),
        "pot": state.pot,
        "awarded": state.awarded,
        "settled": state.settled,
        "pots": [
            {"amount": p.amount, "halves": [list(h) for h in p.halves]} for p in state.formed_pots
        ],
        "boards": [_cards(b) for b in state.boards],
        "to_act": state.to_act,
        "actor": actor,
        "text": texts,
        "could": [f"{actor} {c}" for c in could] if could[0] and actor else None,
        "rule": state.note,
        "next": (
            [f"Next: {legal.player} {viewer.may(legal, state.current_bet, f)}" for f in both]
            if legal is not None
            else None
        ),
        "seats": [_seat(s, hints.get(s.name, ())) for s in state.seats],
    }


def _seat(seat: SeatState, hint: Sequence[Card | None]) -> dict[str, Any]:
    return {
        "seat": seat.seat,
        "name": seat.name,
        "stack": seat.stack,
        "bet": seat.bet,
        "won": seat.won,
        "folded": seat.folded,
        "all_in": seat.all_in and not seat.stack,
        "in": seat.dealt_in,
        "down": _cards(seat.cards),
        "hint": _cards(hint) if not seat.cards else [],
        "up": _cards(seat.up),
        "count": seat.down_cards,
        "draw": (
            draw_text(seat.threw, seat.drew)
            if seat.threw is not None and seat.drew is not None
            else None
        ),
    }


# -- the document ----------------------------------------------------------------------------

#: The component's files, shipped as package data.
WEB = "replayer_web"


def _asset(name: str) -> str:
    return (resources.files("dashboard") / WEB / name).read_text(encoding="utf-8")


def embedded_json(data: object) -> str:
    """JSON safe inside a ``<script>`` element: no ``<``, ``>`` or ``&`` left to end it
    (nor the two line separators old parsers refused).

    >>> embedded_json({"name": "</script><b>"})
    '{"name": "\\\\u003c/script\\\\u003e\\\\u003cb\\\\u003e"}'
    """
    text = json.dumps(data, ensure_ascii=False)
    for char, escaped in (
        ("<", "\\u003c"),
        (">", "\\u003e"),
        ("&", "\\u0026"),
        ("\u2028", "\\u2028"),
        ("\u2029", "\\u2029"),
    ):
        text = text.replace(char, escaped)
    return text


def replayer_html(
    steps: Mapping[str, Any], *, autofocus: bool = False, step: int = 0, compact: bool = False
) -> str:
    """One standalone HTML document: the component (script and style inlined) and the
    hand. Nothing in it asks for any other file: it opens offline, from a file or in an
    ``st.iframe``. ``step``: where it opens; ``compact``: the table and controls only."""
    options = {"autofocus": autofocus, "step": step, "compact": compact}
    title = str(steps.get("title", "pokerhh replay"))
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_escape(title)}</title>"
        f"<style>{_asset('replayer.css')}</style></head>"
        '<body><div id="replayer" tabindex="0"></div>'
        f'<script type="application/json" id="hand-data">{embedded_json(steps)}</script>'
        f'<script type="application/json" id="replayer-options">{embedded_json(options)}'
        f"</script><script>{_asset('replayer.js')}</script></body></html>\n"
    )


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
