"""Replay viewer: one hand, every step's table sent once to the browser's replayer.

The stored text is parsed and replayed again (``analytics.store.lookup.replay_stored``), so the
picture always reflects the current engine; ``dashboard/replay_data.py`` makes each step's
table (``viewer.table_states``: bets gathered at the showdown, each "collected" line paid,
the last step settled) and ``dashboard/replayer_web/`` draws them, stepping, playing and
jumping by street in the browser without a rerun (issue 26, item 1). This page picks the
hand, masks names on demand, and offers the hand to share (issue 26, item 2). A link
``?hand=SITE:NUMBER&step=N`` opens a hand at a step.
"""

from __future__ import annotations

import streamlit as st

from dashboard import common, data, replayer_view

#: The step a link or the Hands page opens the hand at (the replayer steps in the browser).
STEP = "step"

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
    mask = st.toggle("Mask names", key="mask",
                     help="Hero, the others by position (BTN, SB...): here and shared")  # fmt: skip

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
shown = replayer_view.replayer(str(path), stamp, site, hand_id, hero, mask)
if isinstance(shown, str):
    st.error(shown)
    st.stop()
last = len(shown.steps_json["steps"]) - 1  # type: ignore[arg-type]
step = min(max(int(st.session_state.get(STEP, 0)), 0), last)
replayer_view.show(shown, step=step, autofocus=True)
replayer_view.share_buttons(shown, f"{site}-{hand_id}" + ("-masked" if mask else ""))
# Drawn only when opened (a rerun): a code block costs Chromium a few tenths of a second on
# every visit (issue 26 item 4).
original = st.expander("Original text", key="original_text", on_change="rerun")
if original.open and mask:
    original.caption("Hidden while names are masked: the log names every player.")
elif original.open:
    original.code(stored.raw, language=None)
