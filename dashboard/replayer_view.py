"""The replayer on a page: one stored hand sent once to the client-side component
(``dashboard/replay_data.py``), shown in an ``st.iframe``; the Replay page and the Hands
page's preview both draw it here.

The document is built once per hand and display choice (cached by the database's stamp):
stepping, playing and jumping by street happen in the browser, with no rerun. The iframe
holds only our own document: the players' names are in its JSON, escaped, and its script
writes them as text (``replay_data``'s docs).
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from analytics.store.lookup import replay_stored
from dashboard import data, share
from dashboard.replay_data import hand_steps, replayer_html
from parser.model.errors import PokerhhError
from parser.rooms.phh.writer import PhhWriteError


@dataclass(frozen=True, slots=True)
class Replayer:
    """A hand ready to show and to share: the component's document without a start step
    (:func:`document` adds it), and the shared files (an error message where PHH cannot
    hold the hand)."""

    steps_json: dict[str, object]
    html: str
    text: str
    phh: str | None
    phh_error: str


@st.cache_data(show_spinner=False, max_entries=64)
def replayer(
    path: str, stamp: data.Stamp, site: str, hand_id: str, hero: str | None, mask: bool
) -> Replayer | str:
    """The hand replayed (names masked on demand), or why it cannot be."""
    stored = data.stored_hand(path, stamp, site, hand_id)
    if stored is None or stored.status != "ok":
        return "This hand is not stored, or is quarantined."
    try:
        result = replay_stored(stored)
    except PokerhhError as error:
        return f"This hand no longer replays with this version of pokerhh: {error}"
    if hero is None or all(p.name != hero for p in result.players):
        hero = share.guess_hero(result.hand)
    result, hero = share.prepared(result, hero, mask)
    try:
        phh, phh_error = share.share_phh(result), ""
    except PhhWriteError as error:
        phh, phh_error = None, str(error)
    steps = hand_steps(result, hero=hero)
    return Replayer(steps, replayer_html(steps), share.share_text(result, hero), phh, phh_error)


def show(
    shown: Replayer,
    *,
    step: int = 0,
    autofocus: bool = False,
    compact: bool = False,
    key: str = "replayer",
) -> None:
    """The component, opening at ``step``."""
    html = replayer_html(shown.steps_json, step=step, autofocus=autofocus, compact=compact)
    with st.container(key=key):  # as tall as its document, measured as it changes
        st.iframe(
            html,
            height="content",
            tab_index=0,
            alt="hand replayer: left and right arrows step, space plays",
        )


def share_buttons(shown: Replayer, name: str) -> None:
    """Download buttons: the HTML file that replays offline, the forum text, the PHH."""
    with st.container(horizontal=True, key="share"):
        st.download_button(
            "Share: HTML file",
            shown.html,
            file_name=f"{name}.html",
            mime="text/html",
            icon=":material/share:",
            key="share_html",
            help="One file with the replayer and the hand: opens offline",
        )
        st.download_button(
            "Share: forum text",
            shown.text,
            file_name=f"{name}.txt",
            mime="text/plain",
            key="share_text",
            help="The layout hand converters write for forums",
        )
        st.download_button(
            "Share: PHH",
            shown.phh or "",
            file_name=f"{name}.phh",
            mime="text/plain",
            key="share_phh",
            disabled=shown.phh is None,
            help=shown.phh_error or "Poker Hand History",
        )
