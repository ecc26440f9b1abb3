"""What every page shares: the database's state, the sidebar filters, the sample loader.

Names of players and tables are attacker-controlled: never pass them to ``st.markdown``,
``st.write``, ``st.caption`` or a widget label (those render Markdown: links, images).
Tables (``st.dataframe``), ``st.text``, ``st.code`` and escaped HTML are safe.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import streamlit as st

from analytics.stats import people, queries
from dashboard import data
from dashboard.upload import UploadStopped, run_worker

NO_HERO = "(no hero)"
KINDS = {"All games": queries.ALL, "Cash": queries.CASH, "Tournaments": queries.TOURNAMENT}
REPLAY_PAGE = "app_pages/replay.py"
#: Players a player chooser lists, most hands first; any other is typed in (the choosers
#: take new options). Each option costs the browser when it draws the chooser again, on
#: every load of a page (Streamlit's selectbox builds its list anew): 3,200 players were
#: about 1 s of Chromium's CPU a reload on 100,000 hands (issue 26 item 4).
LISTED = 100


def database() -> tuple[Path, data.Stamp, dict[str, int]]:
    """The database path, its version and its hands by status (empty: nothing imported)."""
    path = data.db_path()
    stamp = data.version(path)
    return path, stamp, data.status_counts(str(path), stamp)


def load_samples(path: Path) -> None:
    """In the uploads' worker process, never the server's (issue 23 item 2): an import
    holds the interpreter lock every other session's page needs."""
    with st.spinner("Importing the sample hands…"):
        try:
            report = run_worker([str(data.SAMPLES)], str(path))
        except UploadStopped as stopped:
            st.error(stopped.refused.message)
            return
    st.session_state["samples_loaded"] = report.stored_total


def offer_samples(path: Path) -> None:
    """On an empty database: say so, and offer the repository's sample hands."""
    st.info(
        "This database has no hands yet. Upload your hand histories on the Import page, "
        "or load the sample hands that come with pokerhh."
    )
    if data.SAMPLES.is_dir():
        st.button(
            "Load the sample hands",
            type="primary",
            key="load_samples",
            on_click=load_samples,
            args=(path,),
        )


def sidebar_filters(path: Path, stamp: data.Stamp) -> queries.Filters:
    """The sidebar: hero, dates, rooms, games, stakes, cash/tournament in a popover, the
    choices made listed under it (state kept across pages, since the entry file draws them
    on every page)."""
    options = data.filter_options(str(path), stamp)
    # In a popover: Chromium draws its widgets only when it is opened, not on every load of
    # every page (a reload 0.2-0.4 s faster; issue 26 item 4). The choices made are listed
    # under it as plain text (names are the players' own: never Markdown, never a label).
    sidebar = st.sidebar.popover("Hero and filters", icon=":material/filter_alt:",
                                 width="stretch")  # fmt: skip
    # A person or one account, with its room: never one bare "Hero" per room (issue 25).
    heroes = dict(hero_choices(str(path), stamp))
    typed = st.session_state.get("hero")
    if isinstance(typed, str) and typed != NO_HERO:
        heroes.setdefault(typed, typed)  # a hero typed in stays a choice
    sidebar.selectbox(
        "Hero", [NO_HERO, *heroes], key="hero", format_func=lambda v: heroes.get(v, v),
        accept_new_options=True,
        help="You: a person (pokerhh alias) or one account, its room beside its name. The"
        f" {LISTED} players with the most hands are listed; type another's name",
    )  # fmt: skip
    date_from = date_to = None
    if options.first_date and options.last_date:
        picked = sidebar.date_input(
            "Dates (UTC)",
            value=(options.first_date, options.last_date),
            min_value=options.first_date,
            max_value=options.last_date,
            # No key on purpose: when an import widens the range, the widget is a new one
            # and starts from the whole range again, so new hands are not filtered out.
        )
        if isinstance(picked, tuple) and len(picked) == 2:
            date_from, date_to = picked
        elif isinstance(picked, tuple) and len(picked) == 1:
            date_from = picked[0]
        elif isinstance(picked, dt.date):
            date_from = date_to = picked
        if (date_from, date_to) == (options.first_date, options.last_date):
            date_from = date_to = None  # the whole range: no filter (keeps undated hands)
    sites = sidebar.multiselect("Rooms", options.sites, key="sites", placeholder="All rooms")
    games = sidebar.multiselect("Games", options.games, key="games", placeholder="All games")
    labels = {s[:3]: queries.stakes_label(*s) for s in options.stakes}
    stakes = sidebar.multiselect(
        "Stakes",
        list(labels),
        format_func=lambda s: labels.get(s, str(s)),
        key="stakes",
        placeholder="All stakes",
    )
    kind = sidebar.radio("Kind", list(KINDS), key="kind", horizontal=True)
    chosen = st.session_state.get("hero")
    shown = [f"Hero: {heroes.get(chosen, chosen)}" if chosen not in (None, NO_HERO) else "",
             f"Dates: {date_from or '…'} to {date_to or '…'}" if date_from or date_to else "",
             f"Rooms: {', '.join(sites)}" if sites else "",
             f"Games: {', '.join(games)}" if games else "",
             f"Stakes: {', '.join(labels.get(s, str(s)) for s in stakes)}" if stakes else "",
             f"Kind: {kind}" if kind != next(iter(KINDS)) else ""]  # fmt: skip
    st.sidebar.text("\n".join(line for line in shown if line) or "No hero, no filter")
    return queries.Filters(
        date_from=date_from,
        date_to=date_to,
        games=tuple(games),
        stakes=tuple(stakes),
        kind=KINDS.get(kind, queries.ALL),
        sites=tuple(sites),
    )


@st.cache_data(show_spinner=False, max_entries=8)
def hero_choices(path: str, stamp: data.Stamp) -> list[tuple[str, str]]:
    """(value, label) of each person and of the ``LISTED`` accounts with the most hands
    (:func:`analytics.stats.people.choices`)."""
    with data.read_only(path) as conn:
        return people.choices(conn, max_players=LISTED)


def hero_subject() -> people.Subject | None:
    """The hero chosen in the sidebar: a person (his accounts) or one account."""
    chosen = st.session_state.get("hero")
    if chosen in (None, NO_HERO):
        return None
    with data.read_only(data.db_path()) as conn:
        return people.subject_from_choice(conn, str(chosen))


@st.cache_data(show_spinner=False, max_entries=8)
def person_names(path: str, stamp: data.Stamp) -> list[str]:
    """Every person's name (:func:`analytics.store.people.people`)."""
    from analytics.store.people import people as stored_people

    with data.read_only(path) as conn:
        return list(stored_people(conn))


def hero_person() -> str | None:
    """The hero's name when he is a person, else None."""
    subject = hero_subject()
    return subject.name if subject is not None and subject.kind == "person" else None


def hero() -> str | None:
    """The hero's player name, for the pages that look players up by name: a name's (every
    room's), an account's, a person's first account's (his accounts often share a name)."""
    subject = hero_subject()
    if subject is None or subject.kind == "name":
        return None if subject is None else subject.name
    return subject.accounts[0].name if subject.accounts else None


def filters() -> queries.Filters:
    """The filters the entry file read from the sidebar on this rerun."""
    return st.session_state.get("filters") or queries.Filters()


def open_hand(site: str, hand_id: str) -> None:
    """Show this hand in the replay viewer (from the first event)."""
    st.session_state["hand"] = (site, hand_id)
    st.session_state["step"] = 0
    st.switch_page(REPLAY_PAGE)
