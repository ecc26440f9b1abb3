"""Every cached read of the dashboard, in one place.

Each ``@st.cache_data`` function takes the database path and its *version* (the
modification times of the file and of its write-ahead log: an import commits into the
``-wal`` file first, so the main file's time alone would miss it) and opens its own
read-only connection for the one query. No connection is ever cached or shared: sqlite3
objects cannot cross Streamlit's session threads. The SQL is in :mod:`analytics.stats.queries`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd
import streamlit as st

from analytics.stats import explain, leaders, people, player_page, player_queries, queries
from analytics.stats import players as stats
from analytics.store.db import open_read_only, resolve_db_path
from analytics.store.lookup import StoredHand
from analytics.tournaments import queries as tq
from parser.model.errors import PokerhhError

#: The database version (see :func:`version`).
Stamp = tuple[int, ...]
#: The repository's own sample hands, offered on an empty database.
SAMPLES = Path(__file__).resolve().parents[1] / "sample_histories"


def db_path() -> Path:
    """``$POKERHH_DB`` (the launcher sets it), else the default database."""
    return resolve_db_path().resolve()


def version(path: Path) -> tuple[int, ...]:
    """Changes whenever a write is committed (``()`` when the file does not exist)."""
    stamp: tuple[int, ...] = ()
    for candidate in (path, path.with_name(path.name + "-wal")):
        try:
            info = candidate.stat()
        except FileNotFoundError:
            continue
        stamp += (info.st_mtime_ns, info.st_size)
    return stamp


#: SQLite's default build caps memory-mapped reads at 2 GB (``SQLITE_MAX_MMAP_SIZE``).
MMAP_BYTES = 2**31


@contextmanager
def read_only(path: Path | str) -> Iterator[sqlite3.Connection]:
    """A read-only connection for one query (``mode=ro``: the dashboard never writes
    through it, and a missing file is an error rather than a new empty database; a WAL
    database in a folder this user cannot write is read too: ``db.open_read_only``)."""
    conn = open_read_only(Path(path))
    # Pages read through the OS cache, not copied into SQLite's own (which this short-lived
    # connection would throw away): a player's 45,000 hands of 1,000,000 in 0.8 s, not 1.25.
    conn.execute(f"PRAGMA mmap_size = {MMAP_BYTES}")
    try:
        yield conn
    finally:
        conn.close()


@st.cache_data(show_spinner=False, max_entries=16)
def status_counts(path: str, stamp: Stamp) -> dict[str, int]:
    if not Path(path).is_file():
        return {}
    with read_only(path) as conn:
        return queries.status_counts(conn)


@st.cache_data(show_spinner=False, max_entries=16)
def filter_options(path: str, stamp: Stamp) -> queries.Options:
    with read_only(path) as conn:
        return queries.filter_options(conn)


@dataclass(frozen=True)
class Overview:
    """The overview's two tables, of the players :mod:`analytics.stats.leaders` chose."""

    table: pd.DataFrame
    statistics: pd.DataFrame
    #: Who they are and how many there were to choose from.
    chosen: leaders.Leaders


def read_overview(
    path: str,
    filters: queries.Filters,
    *,
    min_hands: int = 0,
    hero: str | None = None,
    limit: int | None = None,
) -> Overview:
    """The overview's two tables, the player table (:func:`analytics.stats.queries.player_table`)
    and the statistics (:func:`analytics.stats.players.player_stats`: VPIP, PFR, 3-bet... each
    rate with its x / n), of the ``limit`` (None: :data:`analytics.stats.leaders.OVERVIEW_PLAYERS`,
    :data:`~analytics.stats.leaders.EVERY`: all) players with the most hands (a row of at
    least ``min_hands``) and the hero.

    Both read the pre-aggregated sums (:mod:`analytics.store.aggregates`: a few rows per player,
    stakes and position, per day when dates are set), or every row of the filtered hands
    in a database without them; they run at the same time, each in its own thread with its
    own read-only connection (opened and closed in that thread: nothing crosses threads),
    since SQLite lets go of the GIL while it steps through the rows. On 100,000 hands and
    two cores, from the rows: 1.8 s instead of 0.8 s + 1.7 s one after the other.
    """
    with read_only(path) as conn:
        chosen = leaders.leaders(
            conn,
            filters,
            limit=leaders.OVERVIEW_PLAYERS if limit is None else limit,
            min_hands=min_hands,
            always=(hero,) if hero else (),
        )
    ids = chosen.player_ids

    def table() -> pd.DataFrame:
        with read_only(path) as conn:
            return queries.player_table(conn, filters, player_ids=ids)

    def statistics() -> pd.DataFrame:
        # The stats the page shows (statistics_table's), not all of them: on 1,000,000
        # hands fetching and converting the sums is most of the table's time.
        query = stats.StatsQuery(filters=filters, stats=player_queries.TABLE_STATS, player_ids=ids)
        with read_only(path) as conn:
            return stats.player_stats(conn, query)

    with ThreadPoolExecutor(max_workers=2, thread_name_prefix="pokerhh-overview") as pool:
        first, second = pool.submit(table), pool.submit(statistics)
        return Overview(first.result(), second.result(), chosen)


@st.cache_data(show_spinner=False, max_entries=32)
def overview(
    path: str,
    stamp: Stamp,
    filters: queries.Filters,
    min_hands: int,
    hero: str | None,
    limit: int | None = None,
) -> Overview:
    """:func:`read_overview`, cached."""
    return read_overview(path, filters, min_hands=min_hands, hero=hero, limit=limit)


@st.cache_data(show_spinner=False, max_entries=32)
def ok_hands(path: str, stamp: Stamp, filters: queries.Filters) -> int:
    """The ``ok`` hands under the sidebar's filters (:func:`analytics.stats.queries.ok_hands`)."""
    with read_only(path) as conn:
        return queries.ok_hands(conn, filters)


@st.cache_data(show_spinner=False, max_entries=32)
def page_hands(path: str, stamp: Stamp, filters: queries.Filters, player: str) -> pd.DataFrame:
    """The Player page's columns of his hands (:func:`analytics.stats.player_queries.page_hands`:
    a third of ``player_hands``' columns, the same figures)."""
    with read_only(path) as conn:
        return player_queries.page_hands(conn, filters, player)


def _one_currency(hands: pd.DataFrame, currency: str | None) -> pd.DataFrame:
    if currency is None or hands.empty:
        return hands
    return hands[hands["currency"] == currency].reset_index(drop=True)


@st.cache_data(show_spinner=False, max_entries=32)
def player_rooms(path: str, stamp: Stamp, filters: queries.Filters, player: str) -> list[str]:
    """The rooms where a player of this name played (under the rooms filter): one name in
    two rooms is two people, never added together (issue 23 item 14)."""
    with read_only(path) as conn:
        rooms = [site for (site,) in conn.execute(
            "SELECT site FROM players WHERE name = ? AND NOT anonymous ORDER BY site",
            (player,))]  # fmt: skip
    return [r for r in rooms if not filters.sites or r in filters.sites]


@st.cache_data(show_spinner=False, max_entries=32)
def player_source(
    path: str, stamp: Stamp, filters: queries.Filters, player: str
) -> tuple[dict[str | None, int], bool]:
    """His hands per currency (most first; None for hands without one) and whether the
    page reads the pre-aggregated sums (past ``PER_HAND_LIMIT`` hands, no dates:
    :mod:`analytics.stats.player_page`) rather than his hands."""
    with read_only(path) as conn:
        if player_page.sums_answer(conn, filters):
            counts = player_page.summed_hands(conn, filters, player)
            if sum(counts.values()) > player_page.PER_HAND_LIMIT:
                return {(c or None): n for c, n in counts.items()}, True
    hands = page_hands(path, stamp, filters, player)
    found = hands["currency"].value_counts(dropna=False, sort=True)
    return {(c if isinstance(c, str) else None): int(n) for c, n in found.items()}, False


@st.cache_data(show_spinner=False, max_entries=32)
def player_figures(
    path: str, stamp: Stamp, filters: queries.Filters, player: str, currency: str | None
) -> player_page.PageFigures:
    """What the Player page draws for one currency: from the sums for a heavy player, else
    from the cached ``page_hands`` frame (no second query). Cached: a rerun draws them
    without any work."""
    _, summed = player_source(path, stamp, filters, player)
    if summed:
        with read_only(path) as conn:
            return player_page.figures_from_sums(conn, filters, player, currency)
    return player_page.figures_from_hands(page_hands(path, stamp, filters, player), currency)


# -- explain a stat (Player page) ---------------------------------------------------------


@st.cache_data(show_spinner=False, max_entries=32)
def player_rates(
    path: str, stamp: Stamp, filters: queries.Filters, player: str, currency: str | None
) -> dict[str, tuple[int, int]]:
    """The player's ``(x, n)`` of every rate of :data:`analytics.stats.players.STATS` (one
    currency's hands if ``currency``; his rows on several sites added together, as
    :func:`analytics.stats.explain.explain` lists them)."""
    with read_only(path) as conn:
        query = people.named(conn, stats.StatsQuery(filters=filters, players=(player,)))
        frame = stats.player_stats(conn, query)  # a person: his accounts together
    if currency is not None:
        frame = frame[frame["currency"] == currency]
    return {
        s.name: (int(frame[f"{s.name}_x"].sum()), int(frame[f"{s.name}_n"].sum()))
        for s in stats.STATS
        if s.kind is stats.Kind.RATE
    }


@st.cache_data(show_spinner=False, max_entries=32)
def player_statistics(
    path: str, stamp: Stamp, filters: queries.Filters, player: str, currency: str | None,
    by: str | None = None,
) -> pd.DataFrame:  # fmt: skip
    """The player's :func:`analytics.stats.players.player_stats` rows (one currency's if
    ``currency``), grouped ``by`` ``stakes`` (game and stakes) or not at all: the stats
    :func:`analytics.stats.player_queries.statistics_table` shows."""
    with read_only(path) as conn:
        query = stats.StatsQuery(filters=filters, players=(player,), by=by,
                                 stats=player_queries.TABLE_STATS)  # fmt: skip
        frame = stats.player_stats(conn, people.named(conn, query))  # a person: together
    if currency is not None:
        frame = frame[frame["currency"] == currency].reset_index(drop=True)
    return frame


@st.cache_data(show_spinner=False, max_entries=32)
def explain_stat(
    path: str, stamp: Stamp, filters: queries.Filters, player: str, name: str,
    currency: str | None,
) -> pd.DataFrame:  # fmt: skip
    """The hands behind the player's stat ``name``, numerator first, oldest first within
    (:func:`analytics.stats.player_queries.explained_listing`: hand, time, x and n, what the
    caption counts and the pages cut); :func:`explained_rows` gives a page of them as
    :func:`analytics.stats.explain.explain` lists them.

    Why not from his page's frame of every hand: a heavy player's 50,000 hands cost
    0.6-1.6 s to read on a million hands, and a page shows 500 of them."""
    with read_only(path) as conn:
        listing = explain.explain_listing(conn, player, name, stats.StatsQuery(filters=filters))
    return player_queries.explained_listing(listing, currency)


@st.cache_data(show_spinner=False, max_entries=64)
def explained_rows(
    path: str, stamp: Stamp, filters: queries.Filters, player: str, name: str,
    currency: str | None, page: int, rows: int = player_queries.EXPLAINED_PAGE_ROWS,
) -> pd.DataFrame:  # fmt: skip
    """Page ``page`` (from 0) of :func:`explain_stat`, ``rows`` at a time, with his position,
    cards, net won, room, hand number and key: only the hands shown are looked up."""
    listed = explain_stat(path, stamp, filters, player, name, currency)
    shown = listed.iloc[page * rows : (page + 1) * rows]
    with read_only(path) as conn:
        page_rows = player_queries.explained_rows_of(conn, shown, player)
        keys = player_queries.hand_keys(conn, page_rows["hand"])
    return player_queries.with_keys(page_rows, keys)


@st.cache_data(show_spinner=False, max_entries=256)
def explain_hand(path: str, stamp: Stamp, site: str, hand_id: str, player: str, name: str) -> str:
    """Why this hand counted in the player's stat (:func:`analytics.stats.explain.explain_hand`),
    or why it cannot be said."""
    hand = stored_hand(path, stamp, site, hand_id)
    if hand is None:
        return f"There is no stored hand {site}:{hand_id}."
    try:
        return explain.explain_stored(hand, player, name)
    except explain.NotInHand as error:
        return str(error)
    except PokerhhError as error:  # the parser's or the engine's refusal
        return f"{site}:{hand_id} no longer replays with this version of pokerhh ({error})."


@st.cache_data(show_spinner=False, max_entries=32)
def hands_table(
    path: str, stamp: Stamp, filters: queries.Filters, search: queries.HandSearch, hero: str | None
) -> pd.DataFrame:
    with read_only(path) as conn:
        return queries.hands_table(conn, filters, search, hero)


@st.cache_data(show_spinner=False, max_entries=16)
def quarantined(path: str, stamp: Stamp) -> pd.DataFrame:
    with read_only(path) as conn:
        return queries.quarantined(conn)


@st.cache_data(show_spinner=False, max_entries=64)
def stored_hand(path: str, stamp: Stamp, site: str, hand_id: str) -> StoredHand | None:
    with read_only(path) as conn:
        return queries.stored_hand(conn, site, hand_id)


@st.cache_data(show_spinner=False, max_entries=256)
def hands_numbered(path: str, stamp: Stamp, key: str) -> list[tuple[str, str]]:
    """Every stored hand a typed number or ``SITE:NUMBER`` names, in every room."""
    with read_only(path) as conn:
        return queries.hands_numbered(conn, key)


@st.cache_data(show_spinner=False, max_entries=256)
def neighbour_hand(
    path: str,
    stamp: Stamp,
    filters: queries.Filters,
    site: str,
    hand_id: str,
    forward: bool,
    player: str | None,
) -> tuple[str, str] | None:
    with read_only(path) as conn:
        return queries.neighbour_hand(conn, filters, site, hand_id, forward=forward, player=player)


@st.cache_data(show_spinner=False, max_entries=32)
def first_hand(
    path: str, stamp: Stamp, filters: queries.Filters, player: str | None
) -> tuple[str, str] | None:
    with read_only(path) as conn:
        return queries.first_hand(conn, filters, player)


# -- tournaments (Tournaments page) -------------------------------------------------------


@st.cache_data(show_spinner=False, max_entries=8)
def tournament_list(path: str, stamp: Stamp) -> list[dict[str, Any]]:
    """Every tournament (:func:`analytics.tournaments.queries.tournament_list`), cached: it
    reads every tournament's players, 0.1 s on 64 tournaments, on every rerun before."""
    with read_only(path) as conn:
        return tq.tournament_list(conn)


@st.cache_data(show_spinner=False, max_entries=32)
def tournament_entries(path: str, stamp: Stamp, player: str) -> list[dict[str, Any]]:
    """The player's tournaments (:func:`analytics.tournaments.queries.player_entries`)."""
    with read_only(path) as conn:
        return tq.player_entries(conn, player)


@dataclass(frozen=True)
class Tournament:
    """What the Tournaments page draws of one tournament, read in one visit."""

    #: The player followed (the hero, else the tournament's own hero) and his stack per hand.
    player: str | None
    stack: pd.DataFrame
    eliminations: pd.DataFrame
    spots: pd.DataFrame
    icm: pd.DataFrame
    currency: str
    unit: int
    problems: pd.DataFrame
    named: frozenset[str]


@st.cache_data(show_spinner=False, max_entries=32)
def tournament(path: str, stamp: Stamp, site: str, tid: str, hero: str | None) -> Tournament:
    """One tournament's stack, eliminations, all-ins by ICM and problems."""
    with read_only(path) as conn:
        (key,) = conn.execute("SELECT id FROM tournaments WHERE site = ? AND tournament_id = ?",
                              (site, tid)).fetchone()  # fmt: skip
        who = hero or conn.execute("SELECT hero FROM tournaments WHERE id = ?",
                                   (key,)).fetchone()[0]  # fmt: skip
        stack = pd.read_sql_query(
            "SELECT h.hand_id, h.started_at, h.level, h.big_blind,"
            " p.starting_stack + p.net AS chips FROM hands h JOIN hand_players p"
            " ON p.hand = h.id WHERE h.site = ? AND h.tournament_id = ? AND p.name = ?"
            " ORDER BY h.started_at, h.id", conn, params=(site, tid, who),
        )  # fmt: skip
        outs = pd.read_sql_query(
            "SELECT place, name, eliminated_hand AS hand, knockouts, prize"
            " FROM tournament_players WHERE tournament = ? AND eliminated_hand IS NOT NULL"
            " ORDER BY place DESC, name", conn, params=(key,),
        )  # fmt: skip
        spots = pd.DataFrame(tq.all_in_spots(conn, key))
        icm = pd.read_sql_query(
            "SELECT name, all_in_ev_diff AS \"chip EV - net\","
            " icm_ev_diff AS \"ICM EV - result\" FROM tournament_players"
            " WHERE tournament = ? AND icm_ev_diff IS NOT NULL ORDER BY icm_ev_diff DESC, name",
            conn, params=(key,),
        )  # fmt: skip
        currency, unit = conn.execute("SELECT currency, unit FROM tournaments WHERE id = ?",
                                      (key,)).fetchone()  # fmt: skip
        problems = pd.read_sql_query(
            "SELECT hand_id AS hand, rule, kind, message FROM tournament_problems"
            " WHERE tournament = ? ORDER BY idx", conn, params=(key,),
        )  # fmt: skip
        named = frozenset(tq.named_players(conn, key))
    return Tournament(who, stack, outs, spots, icm, currency, unit, problems, named)
