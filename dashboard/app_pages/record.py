"""Record: a live hand built step by step, each step offered only when the rules allow it.

A thin page over ``analytics.recording.Recorder``, kept in the session: the table is set
up once, then the page shows what the recorder offers (the player's legal actions, the
dealer's next step, the dealer's errors and the correction each requires), and each
button applies one step. A refused step shows the engine's rule and message; "Save"
stores the hand as live PHH through the normal import and links to its replay.
Names reach the browser escaped (``st.text``, ``html.escape``, the SVG), never as a
label or Markdown.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import streamlit as st

from analytics.output.format import Money
from analytics.output.narrate import describe
from analytics.recording.recorder import Correction, Phase, Recorder, RecordingError, refusal
from analytics.recording.save import save
from analytics.recording.shorthand import ShorthandError, read_cards, table_from_fields
from analytics.recording.table import CHIPS, RECORDABLE, SetupError
from dashboard import common, viewer
from dashboard.table_svg import TableView, table_svg
from parser.kit.money import MoneyError, to_units
from parser.model.cards import Card
from parser.model.errors import HandError

RECORDER = "recorder"
#: ("ok" | "refused", text): what the last step did, shown above the table.
MESSAGE = "record_message"
SAVED = "record_saved"
CURRENCIES = (CHIPS, "USD", "EUR", "GBP")
NOBODY = "(nobody's)"
#: What a correction asks for, by kind: the cards input's label.
CARDS_ASKED = {"exposed": "Card exposed", "extra": "Card (optional)", "burn": "Card (optional)",
               "replace": "New card (optional)", "premature": "Cards dealt",
               "too_many": "Cards dealt"}  # fmt: skip
DEFAULT_SEATS = "1 Ann 200\n2 Bob 200\n3 Cy 200"

st.title("Record")
path, stamp, counts = common.database()
SAFE = "background:{};padding:6px 10px;border-radius:6px;margin:4px 0"


def _box(text: str, colour: str = "#fff8e1") -> None:
    st.html(f'<div style="{SAFE.format(colour)}">{html.escape(text)}</div>')


def _say(kind: str, text: str) -> None:
    st.session_state[MESSAGE] = (kind, text)


# -- the table -----------------------------------------------------------------------------


def _start() -> None:
    s = st.session_state
    try:
        setup = table_from_fields(
            game=s["rec_game"],
            currency=s["rec_currency"],
            blinds=(s["rec_small"], s["rec_big"]),
            ante=s["rec_ante"],
            seats=s["rec_seats"],
            button=int(s["rec_button"]),
            hand_id=s["rec_hand"],
            table=s["rec_table"],
        )
        s[RECORDER] = Recorder(setup)
    except (SetupError, ShorthandError, MoneyError) as error:
        _say("refused", str(error))
        return
    s.pop(SAVED, None)
    _say("ok", "the blinds are posted: deal the hole cards")


recorder: Recorder | None = st.session_state.get(RECORDER)
if recorder is None:
    message = st.session_state.pop(MESSAGE, None)
    if message is not None:
        _box(message[1], "#ffebee")
    st.caption("Set up the table. Amounts in chips, or in the currency (0.50); one seat per "
               "line: seat number, name, stack.")  # fmt: skip
    with st.form("record_setup"):
        st.selectbox("Game", list(RECORDABLE), key="rec_game",
                     format_func=lambda code: RECORDABLE[code].name)  # fmt: skip
        st.selectbox("Currency", CURRENCIES, key="rec_currency")
        small, big, ante = st.columns(3)
        small.text_input("Small blind", value="1", key="rec_small")
        big.text_input("Big blind", value="2", key="rec_big")
        ante.text_input("Ante", value="0", key="rec_ante")
        st.text_area("Seats", value=DEFAULT_SEATS, key="rec_seats", height=160)
        st.number_input("Button on seat", min_value=1, max_value=10, value=3, step=1,
                        key="rec_button")  # fmt: skip
        number_column, table_column = st.columns(2)
        number_column.text_input("Hand number (empty: made from the time)", key="rec_hand")
        table_column.text_input("Table", key="rec_table")
        st.form_submit_button("Start recording", type="primary", key="start", on_click=_start)
    st.stop()

setup = recorder.setup
money = Money(setup.currency, setup.unit)


def _step(action: Callable[[], object]) -> None:
    """Apply one step; a refusal keeps the hand as it was and shows the rule."""
    assert recorder is not None
    before = len(recorder.events)
    try:
        action()
    except (HandError, RecordingError) as error:
        _say("refused", f"Refused: {refusal(error)}")
        return
    except (ShorthandError, MoneyError) as error:
        _say("refused", str(error))
        return
    done = "; ".join(describe(e, money) for e in recorder.events[before:])
    _say("ok", done or "done")


def _cards(key: str) -> tuple[Card, ...]:
    return read_cards(st.session_state.get(key) or "")


def _amount(key: str) -> int:
    value = st.session_state.get(key) or 0
    return int(value) if setup.unit == 1 else to_units(f"{value:.2f}", setup.unit)


def _keyed(action: Callable[..., object], *keys: str) -> Callable[[], None]:
    """A step whose arguments are the cards typed in the inputs ``keys`` (a callback)."""
    return lambda: _step(lambda: action(*(_cards(k) for k in keys)))


def _deal(keys: list[str]) -> None:
    assert recorder is not None
    players = recorder.players
    _step(lambda: recorder.deal({n: _cards(k) for n, k in zip(players, keys, strict=True)}))


def _raise(key: str) -> None:
    assert recorder is not None
    _step(lambda: recorder.bet(_amount(key)))


def _burn(key: str) -> None:
    assert recorder is not None
    _step(lambda: recorder.burn(next(iter(_cards(key)), None)))


def _show(name: str, key: str) -> None:
    assert recorder is not None
    _step(lambda: recorder.show(name, _cards(key)))


def _muck(name: str) -> None:
    assert recorder is not None
    _step(lambda: recorder.muck(name))


def _fix(fix: Correction, key: str) -> None:
    """A dealer's error or its correction, with what the person typed for it."""
    assert recorder is not None
    typed = st.session_state
    whose = typed.get(f"{key}_player")
    whose = None if whose in (None, NOBODY) else whose

    def apply() -> None:
        assert recorder is not None
        cards = _cards(f"{key}_cards")
        card = cards[0] if cards else None
        if fix.kind == "exposed":
            if card is None:
                raise RecordingError("which card was exposed?")
            recorder.expose(card, fix.player if fix.rule == "E1" else whose,
                            first=fix.rule == "E1")  # fmt: skip
        elif fix.kind == "extra":
            recorder.extra_card(card)
        elif fix.kind == "burn":
            recorder.burn(card or fix.card)
        elif fix.kind == "replace" and fix.card is not None:
            owner = fix.player or whose
            if owner is None:
                raise RecordingError(f"whose card was the exposed {fix.card}?")
            recorder.replace_card(owner, fix.card, card)
        elif fix.kind in ("premature", "too_many"):
            recorder.deal_board(cards)
        elif fix.kind == "return":
            recorder.return_board()
        elif fix.kind == "reshuffle":
            recorder.reshuffle()
        elif fix.kind == "misdeal":
            recorder.misdeal(typed.get(f"{key}_reason") or "")

    _step(apply)


def _undo() -> None:
    assert recorder is not None
    _say("ok", "the last step is taken back" if recorder.undo() else "nothing to undo")


def _new_hand() -> None:
    for key in (RECORDER, SAVED, MESSAGE):
        st.session_state.pop(key, None)


def _save() -> None:
    assert recorder is not None
    try:
        saved = save(recorder.finish(), path)
    except (HandError, RecordingError) as error:
        _say("refused", f"Not saved: {refusal(error)}")
        return
    st.session_state[SAVED] = saved.key
    again = "" if saved.stored else " (it was saved before: nothing new stored)"
    _say("ok", f"saved {saved.key} ({saved.status}){again}")


options = recorder.options()
state = recorder.state()
#: Inputs are keyed by the step, so each step's form starts empty (and a range that
#: changes with the step never meets a value of the step before).
step = len(recorder.events)
spec = recorder.spec
stakes = f"{money(setup.small_blind)}/{money(setup.big_blind)}"
st.text(f"{spec.name} · {stakes} · {setup.site}" + (f" · {setup.table}" if setup.table else ""))
message = st.session_state.get(MESSAGE)
if message is not None:
    _box(message[1], "#ffebee" if message[0] == "refused" else "#e8f5e9")
if options.required:
    _box(f"Correction required: {options.required}")

# Over: the table as it ends (the pot awarded), and who won, as the replay will show them.
finished = None
if options.can_finish and options.phase is not Phase.VOID:
    try:
        finished = recorder.finish().result
    except (HandError, RecordingError) as error:
        _box(f"This hand cannot be saved: {refusal(error)}", "#ffebee")
if finished is not None:
    state = viewer.table_states(finished)[-1]

view = TableView(
    title=f"{setup.site} · {spec.name} · {stakes}",
    max_seats=recorder.hand.max_seats or 9,
    button_seat=setup.button,
    amount=money,
    actor=options.legal.player if options.legal else None,
    hole_cards=spec.streets[0].hole_down,
    board_cards=spec.board_size,
)
st.image(table_svg(state, view), width="stretch")

left, right = st.columns([3, 2])
with left:
    phase, legal = options.phase, options.legal
    if phase is Phase.DEAL:
        with st.form("deal_form"):
            st.caption("Each player's hole cards (AhKd), empty when unknown.")
            keys = [f"hole_{i}_{step}" for i in range(len(recorder.players))]
            for name, key in zip(recorder.players, keys, strict=True):
                seat = next(s.seat for s in setup.seats if s.name == name)
                st.text(f"Seat {seat}: {name}")
                st.text_input(f"Seat {seat} cards", key=key, label_visibility="collapsed")
            st.form_submit_button("Deal", type="primary", key="deal", on_click=_deal,
                                  args=(keys,))  # fmt: skip
    elif legal is not None:
        st.text(f"{legal.player} to act: {viewer.may(legal, state.current_bet, money)}")
        with st.container(horizontal=True, key="player_actions"):
            st.button("Fold", key="act_fold", on_click=_step, args=(recorder.fold,))
            if legal.can_check:
                st.button("Check", key="act_check", on_click=_step, args=(recorder.check,))
            else:
                st.button(f"Call {money(legal.call_amount)}", key="act_call", on_click=_step,
                          args=(recorder.call,))  # fmt: skip
            if options.can_time_out:
                st.button("Time-out (B12)", key="act_timeout", on_click=_step,
                          args=(recorder.time_out,))  # fmt: skip
        low, high = legal.min_raise_to, legal.max_raise_to
        if low is not None and high is not None:
            verb = "Raise to" if state.current_bet else "Bet"
            unit = setup.unit
            with st.form("raise_form", border=False):
                st.number_input(f"{verb} ({money(low)} to {money(high)})",
                                min_value=low if unit == 1 else low / unit,
                                max_value=high if unit == 1 else high / unit,
                                step=1 if unit == 1 else 1 / unit,
                                key=f"raise_{step}")  # fmt: skip
                st.form_submit_button(verb, key="act_raise", on_click=_raise,
                                      args=(f"raise_{step}",))  # fmt: skip
    elif phase is Phase.BOARD and options.next_board:
        street, count = options.next_board, options.board_cards
        if options.can_burn:
            with st.form("burn_form", border=False):
                st.text_input("Burn card (optional)", key=f"burn_{step}",
                              value=str(options.burn_card or ""))  # fmt: skip
                st.form_submit_button("Burn", key="burn", on_click=_burn, args=(f"burn_{step}",))
        if options.board_problem:
            _box(f"The {street} cannot be dealt yet: {options.board_problem}")
        with st.form("board_form", border=False):
            st.text_input(f"The {street}: {count} card(s)", key=f"board_{step}")
            deal = _keyed(recorder.deal_board, f"board_{step}")
            st.form_submit_button(f"Deal the {street}", type="primary", key="deal_board",
                                  disabled=not options.can_deal_board, on_click=deal)  # fmt: skip
    elif phase is Phase.SHOWDOWN:
        for i, name in enumerate(options.to_show):
            held = next((s.cards for s in state.seats if s.name == name), ())
            key = f"show_{i}_{step}"
            st.text(f"{name} shows or mucks")
            with st.container(horizontal=True, vertical_alignment="bottom", key=f"show_row_{i}"):
                st.text_input("Cards", value="".join(map(str, held)), key=key)
                st.button("Show", key=f"show_{i}", on_click=_show, args=(name, key))
                st.button("Muck", key=f"muck_{i}", on_click=_muck, args=(name,))
    if phase is Phase.VOID:
        _box("The hand is void (misdeal): every chip goes back. Save it, or undo.")
    elif phase is Phase.OVER and options.finish_problem:
        _box(options.finish_problem)
    with st.container(horizontal=True, key="record_controls"):
        st.button("Save", type="primary", key="save", disabled=not options.can_finish,
                  on_click=_save)  # fmt: skip
        st.button("Undo", key="undo", disabled=not recorder.can_undo, on_click=_undo)
        st.button("New hand", key="new_hand", on_click=_new_hand)
    if finished is not None:
        st.subheader("Result")
        outcome = viewer.outcome_lines(finished, money)
        st.html("".join(f"<div>{html.escape(line)}</div>" for line in outcome))
    saved = st.session_state.get(SAVED)
    if saved:
        st.page_link(common.REPLAY_PAGE, label="Open it in the replay viewer",
                     icon=":material/play_circle:", query_params={"hand": saved})  # fmt: skip
    if options.corrections:
        with st.expander("Dealer error", expanded=phase is Phase.CORRECTION):
            for i, fix in enumerate(options.corrections):
                key = f"fix_{i}_{step}"
                with st.form(f"{key}_form"):
                    st.text(f"{fix.label} ({fix.rule})")
                    if fix.kind in CARDS_ASKED:
                        st.text_input(CARDS_ASKED[fix.kind], key=f"{key}_cards")
                    if (fix.kind == "exposed" and fix.rule != "E1") or (
                        fix.kind == "replace" and fix.player is None
                    ):
                        st.selectbox("Whose card", [NOBODY, *recorder.players],
                                     key=f"{key}_player")  # fmt: skip
                    if fix.kind == "misdeal":
                        st.text_input("Reason (optional)", key=f"{key}_reason")
                    st.form_submit_button("Record it", key=f"fix_{fix.kind}_{i}", on_click=_fix,
                                          args=(fix, key))  # fmt: skip

with right:
    st.subheader("Steps")
    rows = "".join(
        f'<div style="padding:1px 4px">{k}. {html.escape(describe(e, money))}</div>'
        for k, e in enumerate(recorder.events, start=1)
    )
    st.html(
        '<div style="max-height:420px;overflow-y:auto;border:1px solid #ddd;'
        f'border-radius:6px;font-size:0.9em">{rows}</div>'
    )
