"""The Leaks page's link to the Hands page (issue 25, item 4): "Show these hands" keeps the
leak's hands in the session and opens the Hands page, which lists those hands only until
the user asks for every hand again.

Names are attacker-controlled: the leak's label is shown with ``st.text``, never Markdown.
"""

from __future__ import annotations

from dataclasses import replace

import streamlit as st

from analytics.stats.queries import HandSearch

#: ``st.session_state`` key: (label, ((site, hand id), ...)).
KEY = "hands_only"
HANDS_PAGE = "app_pages/hands.py"


def show(label: str, hands: list[tuple[str, str]]) -> None:
    """Open the Hands page on ``hands`` (a leak's)."""
    st.session_state[KEY] = (label, tuple(hands))
    st.switch_page(HANDS_PAGE)


def _clear() -> None:
    st.session_state.pop(KEY, None)


def narrowed(search: HandSearch) -> HandSearch:
    """``search`` narrowed to the hands the Leaks page sent, with a line saying so and a
    button to see every hand again; ``search`` itself when none were sent."""
    sent = st.session_state.get(KEY)
    if not sent:
        return search
    label, hands = sent
    with st.container(border=True):
        st.text(f"The {len(hands):,} hands behind the leak: {label}")
        st.button("Show every hand", key="hands_only_clear", on_click=_clear)
    return replace(search, only=tuple(hands), limit=max(search.limit, len(hands)))
