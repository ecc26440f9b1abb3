"""Every cached read of the dashboard, in one place.

Each ``@st.cache_data`` function takes the database path and its *version* (the
modification times of the file and of its write-ahead log: an import commits into the
``-wal`` file first, so the main file's time alone would miss it) and opens its own
read-only connection for the one query. No connection is ever cached or shared: sqlite3
objects cannot cross Streamlit's session threads. The SQL is in :mod:`analytics.queries`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pandas as pd
import streamlit as st

from analytics import player_queries, queries, stats
from analytics.db import resolve_db_path
from analytics.lookup import StoredHand

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


@contextmanager
def read_only(path: Path | str) -> Iterator[sqlite3.Connection]:
    """A read-only connection for one query (``mode=ro``: the dashboard never writes
    through it, and a missing file is an error rather than a new empty database)."""
    conn = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)
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


@st.cache_data(show_spinner=False, max_entries=32)
def player_table(path: str, stamp: Stamp, filters: queries.Filters) -> pd.DataFrame:
    with read_only(path) as conn:
        return queries.player_table(conn, filters)


@st.cache_data(show_spinner=False, max_entries=32)
def player_stats(path: str, stamp: Stamp, filters: queries.Filters) -> pd.DataFrame:
    """VPIP, PFR, 3-bet... per player (analytics.stats), each rate with its x / n."""
    with read_only(path) as conn:
        return stats.player_stats(conn, stats.StatsQuery(filters=filters))


@st.cache_data(show_spinner=False, max_entries=32)
def player_hands(path: str, stamp: Stamp, filters: queries.Filters, player: str) -> pd.DataFrame:
    with read_only(path) as conn:
        return queries.player_hands(conn, filters, player)


def _one_currency(hands: pd.DataFrame, currency: str | None) -> pd.DataFrame:
    if currency is None or hands.empty:
        return hands
    return hands[hands["currency"] == currency].reset_index(drop=True)


# The Player page's grid and sessions are built from the cached ``player_hands`` frame
# (no second query), and cached again themselves: a rerun draws them without any work.
@st.cache_data(show_spinner=False, max_entries=32)
def starting_hand_grid(
    path: str, stamp: Stamp, filters: queries.Filters, player: str, currency: str | None
) -> pd.DataFrame:
    hands = _one_currency(player_hands(path, stamp, filters, player), currency)
    return player_queries.starting_hand_grid(hands)


@st.cache_data(show_spinner=False, max_entries=32)
def sessions(
    path: str, stamp: Stamp, filters: queries.Filters, player: str, currency: str | None
) -> pd.DataFrame:
    hands = _one_currency(player_hands(path, stamp, filters, player), currency)
    return player_queries.sessions(hands)


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
