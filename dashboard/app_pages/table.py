"""Table: the tables being played now, their seats and what the database knows of each
opponent (issue 26 item 3; ``docs/hud.md``).

With ``pokerhh watch`` (or the Import page's watcher) importing the rooms' files, the
tables part of this page is a fragment that reruns alone every :data:`REFRESH_S` seconds,
with no page reload. Each rerun first compares the database's version (the file's and
its ``-wal``'s size and time: no query at all); only when it changed does it run the cheap
query (the hands of the last minutes, through the ``started_at`` index) and read again the
tables whose latest hand changed. What it drew last is kept in the session and drawn
again as it was.
"""

from __future__ import annotations

import sqlite3
import time

import streamlit as st

from analytics.hud import live
from analytics.store import notes as store
from analytics.store.db import BadDatabase
from dashboard import common, data, notes_widgets
from dashboard.table_html import STYLE, table_html

#: Seconds between two looks at the database (the page shows a hand at most this long
#: after the watcher stored it, plus the time to draw it).
REFRESH_S = 0.25
#: Seconds after which the window is read again even with no write (tables drop out of
#: it as time passes).
WINDOW_AGAIN_S = 30.0

st.title("Table")
path, stamp, counts = common.database()
if not stamp:
    st.info("No database yet: start `pokerhh watch` (or the Import page's watcher).")
    st.stop()
minutes = st.number_input("Tables with a hand in the last (minutes)", min_value=1,
                          max_value=24 * 60, value=live.DEFAULT_MINUTES, step=5,
                          key="table_minutes")  # fmt: skip
subject = common.hero_subject()
#: The hero's names: a person's accounts' (he may sit as any of them), an account's, a name.
hero = (() if subject is None else tuple(sorted({a.name for a in subject.accounts})) if
        subject.accounts else (subject.name,))  # fmt: skip


def _views(minutes: float, hero: tuple[str, ...]) -> tuple[list[str], list[tuple[str, str]]]:
    """The HTML of each live table, from the session's cache when nothing changed."""
    cache = st.session_state.setdefault("table_cache", {})
    now_stamp = data.version(path)
    state = (now_stamp, minutes, hero)
    fresh = time.monotonic() - cache.get("read_at", 0.0) < WINDOW_AGAIN_S
    if cache.get("state") == state and fresh:
        return cache["html"], cache["players"]
    views: dict[tuple[str, str], tuple[int, live.TableView]] = cache.setdefault("views", {})
    seen: set[int] = cache.setdefault("seen", set())
    with data.read_only(path) as conn:
        hands = live.window(conn, live.since(minutes))
        latest = live.latest_by_table(hands)
        # The players of the hands stored since the last look: their figures changed, at
        # whichever table they sit.
        touched = live.players_of(conn, [h.id for h in hands if h.id not in seen])
        cache["seen"] = {h.id for h in hands}  # the window's: bounded however long the session
        for gone in set(views) - set(latest):  # tables that left the window
            del views[gone]
        stale = []
        for key, hand in latest.items():
            known = views.get(key)
            if (
                known is None
                or known[0] != hand.id
                or cache.get("hero") != hero
                or any((known[1].site, s.name) in touched for s in known[1].seats)
            ):
                stale.append((hand, [h.id for h in hands if (h.site, h.table_name) == key]))
        # One read of the figures for every table read again (their cost is mostly fixed).
        for view in live.table_views(conn, stale, hero) if stale else []:
            views[(view.site, view.table_name)] = (view.hand, view)
        tables = [views[key][1] for key in latest]
        players = [(v.site, s.name) for v in tables for s in v.seats if not s.is_hero]
        notes = store.notes_for(conn, players)
    html = [table_html(view, notes, minutes) for view in tables]
    cache.update(state=state, read_at=time.monotonic(), html=html, players=players, hero=hero)
    return html, players


@st.fragment(run_every=REFRESH_S)
def live_tables() -> None:
    try:
        html, _ = _views(float(minutes), hero)
    except (sqlite3.Error, BadDatabase) as error:  # a migration or vacuum under way...
        html = st.session_state.get("table_cache", {}).get("html", [])
        st.text(f"The database could not be read just now ({error}); the last look is shown.")
    if not html:
        st.info(f"No table has a hand in the last {minutes:g} minutes. Start `pokerhh watch`"
                " (or the Import page's watcher) while you play: each table appears here"
                " with its first hand.")  # fmt: skip
        return
    st.html(STYLE + "".join(html))


live_tables()

st.subheader("Notes")
players = st.session_state.get("table_cache", {}).get("players", [])  # the look just drawn
if players:
    shown = list(dict.fromkeys(players))
    picked = st.selectbox("Player", shown, format_func=lambda p: f"{p[1]} ({p[0]})",
                          key="table_note_player")  # fmt: skip
    if picked is not None:
        notes_widgets.player_notes(path, picked[0], picked[1], key="table_notes")
notes_widgets.notes_search(path, key="table_notes_search")
