"""The dashboard's entry file (``pokerhh dashboard`` runs it with ``streamlit run``).

It builds the navigation over ``dashboard/app_pages/`` and draws the sidebar filters on
every page (so their state, the hero included, carries from page to page); the pages read
the filters from ``st.session_state["filters"]``. The database path comes from
``$POKERHH_DB`` (the launcher sets it); reads go through ``dashboard/data.py``.
"""

from __future__ import annotations

import streamlit as st

from dashboard import access, common

st.set_page_config(page_title="pokerhh", page_icon="♠", layout="wide")
access.require_password()  # served beyond 127.0.0.1: nothing runs before the password

PAGES = [
    st.Page("app_pages/overview.py", title="Overview", icon=":material/leaderboard:", default=True),
    st.Page("app_pages/player.py", title="Player", icon=":material/person:"),
    st.Page("app_pages/hands.py", title="Hands", icon=":material/list:"),
    st.Page("app_pages/leaks.py", title="Leaks", icon=":material/troubleshoot:"),
    st.Page("app_pages/table.py", title="Table", icon=":material/table_restaurant:"),
    st.Page("app_pages/replay.py", title="Replay", icon=":material/play_circle:"),
    st.Page("app_pages/tournaments.py", title="Tournaments", icon=":material/emoji_events:"),
    st.Page("app_pages/import_hands.py", title="Import", icon=":material/upload_file:"),
    st.Page("app_pages/record.py", title="Record", icon=":material/edit_note:"),
]

page = st.navigation(PAGES)
path, stamp, counts = common.database()
if sum(counts.values()):
    st.session_state["filters"] = common.sidebar_filters(path, stamp)
    st.sidebar.caption(f"{counts.get('ok', 0):,} hands · {sum(counts.values()):,} stored")
st.sidebar.text(f"Database: {path.name}")
page.run()
