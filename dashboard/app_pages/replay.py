"""Replay viewer: one hand, event by event, drawn as a table from the replay's states.

The stored text is parsed and replayed again (``analytics.store.lookup.replay_stored``), so the
picture always reflects the current engine. Step ``i`` shows the state after event ``i``,
with the pot's end applied (``viewer.table_states``: bets gathered at the showdown, each
"collected" line paid, the last step settled).
Every name on this page reaches the browser escaped (``table_svg``, ``_html_lines``).
"""

from __future__ import annotations

import html
import time

import streamlit as st

from analytics.ingest.rows import blinds_and_bets
from analytics.output.format import Money
from analytics.store.lookup import replay_stored
from dashboard import common, data, viewer
from dashboard.table_svg import TableView, table_svg
from parser.model.errors import PokerhhError
from parser.model.games import GAME_SPECS

STEP = "step"
PLAYING = "autoplay"  # not a widget's key: the Play/Pause button and the timer set it
PLAYED_AT = "autoplay_at"
SPEEDS = (0.5, 1.0, 2.0)  # events per second

st.title("Replay")
path, stamp, counts = common.database()
if not counts.get("ok") and not sum(counts.values()):
    common.offer_samples(path)
    st.stop()

filters = common.filters()
hero = common.hero()
#: A number typed or linked that several rooms hold: (what was asked, the hands) until
#: the user picks one (issue 23, item 15: it used to be the current room's, or PokerStars').
CHOICES = "hand_choices"


def _look_up(key: str) -> None:
    """Go to the hand ``key`` (a number, or SITE:NUMBER) names in any room; ask when it
    names several; say so when none."""
    found = data.hands_numbered(str(path), stamp, key)
    st.session_state.pop(CHOICES, None)
    if len(found) == 1:
        st.session_state["hand"] = found[0]
    elif found:
        st.session_state[CHOICES] = (key, found)
    else:
        st.session_state["hand_missing"] = key


if "hand" in st.query_params:  # a link: ?hand=PokerStars:9000000001&step=12 (read once)
    _look_up(st.query_params["hand"])
    step_q = st.query_params.get("step", "0")
    st.session_state[STEP] = int(step_q) if step_q.isdigit() else 0
    st.query_params.clear()


def _picked(rooms: dict[str, tuple[str, str]]) -> None:
    """A room chosen for a number several hold: that hand, and the question gone."""
    picked = st.session_state.pop("hand_room", None)
    if picked in rooms:
        st.session_state.pop(CHOICES, None)
        st.session_state["hand"] = rooms[picked]
        st.session_state[STEP] = 0


if CHOICES in st.session_state:
    asked, found = st.session_state[CHOICES]
    st.info(f"Hand {asked} is stored in {len(found)} rooms: which one?")
    rooms = {f"{room}:{number}": (room, number) for room, number in found}
    st.radio("Room", list(rooms), index=None, key="hand_room", horizontal=True,
             on_change=_picked, args=(rooms,))  # fmt: skip
    st.stop()
if "hand_missing" in st.session_state:
    missing = st.session_state.pop("hand_missing")
    st.warning(f"No room has a stored hand {missing}.")
if "hand" not in st.session_state:
    first = data.first_hand(str(path), stamp, filters, hero)
    if first is None:
        st.info("No hand matches the filters.")
        st.stop()
    st.session_state["hand"] = first
site, hand_id = st.session_state["hand"]


def _go(key: tuple[str, str] | None) -> None:
    if key is not None:
        st.session_state["hand"] = key
        st.session_state[STEP] = 0
        st.session_state[PLAYING] = False


def _typed(box: str, shown: str) -> None:
    """The hand box changed: look the text up in every room (a callback, so the box can be
    set back to the hand shown when nothing is found)."""
    typed = str(st.session_state.get(box, "")).strip()
    if not typed or typed == shown:
        return
    _look_up(typed)
    if "hand_missing" in st.session_state:
        st.session_state[box] = shown
    st.session_state[STEP] = 0
    st.session_state[PLAYING] = False


def _step_to(step: int) -> None:
    st.session_state[STEP] = step


# -- which hand ------------------------------------------------------------------------
with st.container(horizontal=True, vertical_alignment="bottom", key="which_hand"):
    box = f"hand_input_{site}_{hand_id}"
    st.text_input("Hand number", value=hand_id, key=box, width=200, on_change=_typed,
                  args=(box, hand_id), help="in every room; SITE:NUMBER for one")  # fmt: skip
    previous = data.neighbour_hand(str(path), stamp, filters, site, hand_id, False, hero)
    following = data.neighbour_hand(str(path), stamp, filters, site, hand_id, True, hero)
    st.button("Previous hand", icon=":material/skip_previous:", on_click=_go, args=(previous,),
              disabled=previous is None, key="prev_hand")  # fmt: skip
    st.button("Next hand", icon=":material/skip_next:", on_click=_go, args=(following,),
              disabled=following is None, key="next_hand")  # fmt: skip
with st.container(horizontal=True, key="display"):
    in_bb = st.toggle("Stacks in big blinds", key="in_bb")
    mask = st.toggle("Mask names", key="mask")
    reveal = st.toggle("Show known cards from the start", key="reveal", value=True)

stored = data.stored_hand(str(path), stamp, site, hand_id)
if stored is None:
    st.warning("There is no stored hand with this number.")
    st.stop()
if stored.status != "ok":
    st.error(f"This hand is quarantined ({stored.status}); it cannot be replayed.")
    st.text(f"{stored.problem_kind}: [{stored.problem_rule or '-'}] {stored.problem_message}")
    st.text(f"{stored.path}:{stored.problem_line or stored.first_line}")
    st.code(stored.raw, language=None)
    st.stop()
try:
    result = replay_stored(stored)
except PokerhhError as error:
    st.error("This hand no longer replays with this version of pokerhh.")
    st.text(str(error))
    st.stop()

hand = result.hand
events, states = hand.events, viewer.table_states(result)
if not states:
    st.warning("This hand has no events to show.")
    st.stop()
money = Money(hand.currency, hand.unit)
small_blind, big_blind, small_bet, big_bet = blinds_and_bets(hand)
amount = viewer.big_blinds(big_blind or 0) if in_bb else money
names = viewer.masked_names(result, hero) if mask else {}


def rename(name: str) -> str:
    return names.get(name, name)


last = len(states) - 1


def _tick_due() -> bool:
    """Autoplay: has a tick's time (at the chosen speed) passed since the last move?"""
    speed: float = st.session_state.get("autoplay_speed") or 1.0
    played_at: float = st.session_state.get(PLAYED_AT, 0.0)
    return time.monotonic() - played_at >= 0.8 / speed


# Autoplay moves here, before the slider that shows the step is drawn (its state can only
# be set before); the timer below only asks for the rerun.
if st.session_state.get(PLAYING) and _tick_due():
    st.session_state[PLAYED_AT] = time.monotonic()
    st.session_state[STEP] = min(int(st.session_state.get(STEP, 0)) + 1, last)
    if st.session_state[STEP] >= last:
        st.session_state[PLAYING] = False
step = min(max(int(st.session_state.get(STEP, 0)), 0), last)
st.session_state[STEP] = step

# -- stepping --------------------------------------------------------------------------
marks = viewer.street_marks(result)
with st.container(horizontal=True, key="steps"):
    st.button("First", icon=":material/first_page:", on_click=_step_to, args=(0,), key="first")
    st.button("Back", icon=":material/chevron_left:", on_click=_step_to,
              args=(max(step - 1, 0),), key="back", disabled=step == 0)  # fmt: skip
    st.button("Forward", icon=":material/chevron_right:", on_click=_step_to,
              args=(min(step + 1, last),), key="forward", disabled=step == last,
              type="primary")  # fmt: skip
    st.button("Last", icon=":material/last_page:", on_click=_step_to, args=(last,), key="end")
    for mark in marks:
        st.button(mark.label.capitalize(), on_click=_step_to, args=(mark.step,),
                  key=f"street_{mark.label}", type="tertiary")  # fmt: skip
if last > 0:
    st.slider("Event", 0, last, key=STEP)


# -- autoplay ----------------------------------------------------------------------------
def _play_pause(last: int) -> None:
    playing = not st.session_state.get(PLAYING, False)
    st.session_state[PLAYING] = playing
    st.session_state[PLAYED_AT] = time.monotonic()
    if playing and st.session_state.get(STEP, 0) >= last:
        st.session_state[STEP] = 0  # Play at the end: from the start again


playing = bool(st.session_state.get(PLAYING)) and last > 0
with st.container(horizontal=True, vertical_alignment="bottom", key="autoplay_controls"):
    st.button("Pause" if playing else "Play", key="play",
              icon=":material/pause:" if playing else ":material/play_arrow:",
              on_click=_play_pause, args=(last,), disabled=last == 0)  # fmt: skip
    speed = st.selectbox("Speed", SPEEDS, index=1, key="autoplay_speed", width=160,
                         format_func=lambda v: f"{v:g} events/s")  # fmt: skip
interval = 1.0 / (speed or 1.0)


@st.fragment(run_every=interval if playing else None)
def _autoplay() -> None:
    """The timer: on each tick, a rerun of the whole page, which moves one step. The
    fragment also runs inline on every full rerun: then no tick is due (the page has just
    moved, or Play was just pressed) and it does nothing."""
    if st.session_state.get(PLAYING) and _tick_due():
        st.rerun()


if playing:
    _autoplay()

# -- the table and the words -----------------------------------------------------------
state = states[step]
event = events[step]
# Cards the log revealed by the end, hinted face down: those that were never dealt face up.
final_up = {s.name: set(s.up) for s in states[-1].seats}
revealed = {
    p.name: tuple(c for c in p.hole_cards if c not in final_up.get(p.name, set()))
    for p in result.players
    if p.hole_cards and reveal
}
spec = GAME_SPECS.get(hand.game)
title = f"{hand.site} #{hand.hand_id} · {hand.game_name or hand.game} · "
title += money.stakes(small_bet, big_bet) if small_bet else money.stakes(small_blind, big_blind)
if hand.table:
    title += f" · {hand.table}"
view = TableView(
    title=title,
    max_seats=hand.max_seats or max((s.seat for s in hand.seats), default=9),
    button_seat=hand.button_seat,
    amount=amount,
    names=names,
    hero=hero,
    revealed=revealed,
    sitting_out={p.seat: p.name for p in result.players if not p.dealt_in},
    actor=getattr(event, "player", None),
    hole_cards=max((len(p.hole_cards) for p in result.players), default=2) or 2,
    board_cards=spec.board_size if spec is not None else 5,
    board_label=viewer.board_label(result),
)
lines = viewer.event_lines(result, amount, rename if mask else None)


def _html_lines(items: list[str], css: str = "") -> str:
    return "".join(f'<div style="{css}">{html.escape(item)}</div>' for item in items)


# An <img> of the SVG (st.image): even a name that slipped through escaping could not run.
st.image(table_svg(state, view), width="stretch")
now_col, log_col = st.columns([1, 1])
with now_col:
    now = [f"Step {step + 1} of {last + 1} · {state.street}", lines[step]]
    could = viewer.decision(result, step, amount)
    actor = getattr(event, "player", "")
    parts = [_html_lines(now[:1], "color:#666;font-size:0.9em"),
             _html_lines(now[1:], "font-size:1.25em;font-weight:600;margin:4px 0")]  # fmt: skip
    if could:
        parts.append(_html_lines([f"{rename(actor)} {could}"],
                                 "background:#e3f2fd;padding:6px 8px;border-radius:6px;"
                                 "margin:4px 0"))  # fmt: skip
    if state.note:
        note = viewer.rename_in(state.note, rename, result) if mask else state.note
        parts.append(_html_lines([f"Rule: {note}"],
                                 "background:#fff8e1;padding:6px 8px;border-radius:6px;"
                                 "margin:4px 0"))  # fmt: skip
    if state.legal is not None and step < last:
        options = viewer.may(state.legal, state.current_bet, amount)
        parts.append(_html_lines([f"Next: {rename(state.legal.player)} {options}"],
                                 "color:#555;margin:4px 0"))  # fmt: skip
    st.html("".join(parts))
with log_col:
    log = []
    for index, text in enumerate(lines):
        style = "padding:1px 4px;"
        if index == step:
            style += "background:#ffe082;font-weight:600;"
        elif index > step:
            style += "color:#aaa;"
        log.append(f'<div style="{style}">{index + 1}. {html.escape(text)}</div>')
    st.html(
        '<div style="max-height:330px;overflow-y:auto;border:1px solid #ddd;'
        'border-radius:6px;font-size:0.9em">' + "".join(log) + "</div>"
    )

if step == last:
    st.subheader("Result")
    st.html(_html_lines(viewer.outcome_lines(result, amount, rename)))
    if result.diagnostics:
        st.html(_html_lines([f"note: {d}" for d in result.diagnostics], "color:#666"))
with st.expander("Original text"):
    st.code(stored.raw, language=None)
