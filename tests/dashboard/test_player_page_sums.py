"""The Player page from the sums kept at import (``analytics.store.page_sums``, issue 11,
acceptance 4) gives the figures the page draws from his hands.

- the starting-hand label in SQL is ``starting_hand_label`` for every two-card value;
- sessions merged per key, or hand by hand in any batches, are the sessions of all the hands;
- on the samples and on Pluribus, every player's metrics, all-in counts, positions, grid and
  sessions from the sums equal those from his hands, under several filters; the lines'
  daily points are the per-hand running totals after each day's last hand;
- the tables an import keeps equal a rebuild from scratch, also after a delete;
- the page itself, with the limit at 0, draws from the sums and waits for a stat.
"""

from __future__ import annotations

import datetime as dt
import itertools
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import streamlit as st
from hypothesis import given, settings
from hypothesis import strategies as hs
from streamlit.testing.v1 import AppTest

from analytics.stats import player_page, player_queries, queries
from analytics.store import page_sums
from analytics.store.delete import delete_hands, select_hands
from tests.dashboard.conftest import APP
from tests.databases import copy_database

RANKS = "AKQJT98765432"
SUITS = "cdhs"
FILTERS = (
    queries.Filters(),
    queries.Filters(kind="cash"),
    queries.Filters(games=("NLHE",)),
    queries.Filters(sites=("PokerStars",)),
)


def test_the_sql_label_is_the_python_one() -> None:
    cards = [r + s for r in RANKS for s in SUITS]
    values = [f"{a} {b}" for a, b in itertools.permutations(cards, 2)]
    # The writer joins the cards with one space: the SQL reads only that form (the grid
    # comparisons below hold on every value stored from the samples and Pluribus).
    values += ["Ah", "Ah Kh Qh Jh", "?? ??", "Xh Kd", "", "1h 2d", "Ah Kd Qs"]
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE hp (hole_cards TEXT)")
    conn.executemany("INSERT INTO hp VALUES (?)", [(v,) for v in values] + [(None,)])
    found = conn.execute(f"SELECT hole_cards, {page_sums.STARTING_HAND} FROM hp").fetchall()
    assert len(found) == len(values) + 1
    for value, label in found:
        assert label == player_queries.starting_hand_label(value), value


def _session_rows(times: list[int]) -> list[tuple[int, int, float]]:
    """Sessions of hands at these minutes as (start, end, hands) by the page's own rule."""
    frame = pd.DataFrame(
        {
            "started_at": [_iso(t) for t in times],
            "currency": "USD",
            "unit": 100,
            "net": [t % 7 - 3 for t in times],
            "big_blind": 100,
        }
    )
    table = player_queries.sessions(frame)
    return sorted(
        (int(r.start.timestamp()), int(r.end.timestamp()), int(r.hands)) for r in table.itertuples()
    )


def _iso(minute: int) -> str:
    return (dt.datetime(2026, 1, 1) + dt.timedelta(minutes=minute)).isoformat() + "Z"


def _stamp(minute: int) -> int:
    return int(dt.datetime.fromisoformat(_iso(minute)).timestamp())


def _merged_rows(sessions: list[page_sums.Session]) -> list[tuple[int, int, float]]:
    return sorted((s.start, s.end, s.hands) for s in sessions)


@settings(max_examples=80, deadline=None)
@given(
    times=hs.lists(hs.integers(0, 600), min_size=1, max_size=40),
    keys=hs.lists(hs.integers(0, 2), min_size=40, max_size=40),
    batches=hs.lists(hs.integers(1, 6), min_size=1, max_size=20),
)
def test_sessions_merged_per_key_or_batch_are_the_hands_sessions(
    times: list[int], keys: list[int], batches: list[int]
) -> None:
    expected = _session_rows(times)
    hands = [page_sums.Session(_stamp(t), _stamp(t), 1, t % 7 - 3, 0.0) for t in times]
    # per key (hands of a key merged), then the keys merged: the page's read
    per_key: list[page_sums.Session] = []
    for key in range(3):
        per_key += page_sums.merge_sessions(
            h for h, k in zip(hands, keys, strict=False) if k == key
        )
    assert _merged_rows(page_sums.merge_sessions(per_key)) == expected
    # batch by batch into the stored sessions: the import's add
    stored: list[page_sums.Session] = []
    start = 0
    for size in itertools.cycle(batches):
        if start >= len(hands):
            break
        stored = page_sums.merge_sessions([*stored, *hands[start : start + size]])
        start += size
    assert _merged_rows(stored) == expected
    assert sum(s.net for s in stored) == sum(t % 7 - 3 for t in times)


def _full_lines(hands: pd.DataFrame, in_bb: bool) -> pd.DataFrame:
    lines = player_queries.results_over_hands(hands, in_big_blinds=in_bb, max_points=None)
    return lines.pivot(index="hand", columns="line", values="net")


def _compare(
    conn: sqlite3.Connection, players: list[str], filters_sets: tuple[queries.Filters, ...]
) -> int:
    """Each player's figures both ways under each filter set (about 0.1 s each: the per-hand
    builders are pandas); how many (player, filters, currency) were compared."""
    compared = 0
    for player, filters in itertools.product(players, filters_sets):
        hands = player_queries.page_hands(conn, filters, player)
        for currency in sorted(hands["currency"].dropna().unique()):
            mine = hands[hands["currency"] == currency].reset_index(drop=True)
            a = player_page.figures_from_hands(hands, currency)
            b = player_page.figures_from_sums(conn, filters, player, currency)
            where = (player, filters, currency)
            assert (a.hands, a.bb_hands, a.showdowns) == (b.hands, b.bb_hands, b.showdowns), where
            assert a.all_ins == b.all_ins, where
            assert np.isclose(a.net_won, b.net_won), where
            assert np.isclose(a.net_bb, b.net_bb), where
            for name in ("positions", "grid", "sessions"):
                pd.testing.assert_frame_equal(
                    getattr(a, name), getattr(b, name), check_dtype=False, atol=1e-9
                )
            assert not a.per_day
            assert b.per_day
            for in_bb, lines in ((False, b.lines), (True, b.lines_bb)):
                daily = lines.pivot(index="hand", columns="line", values="net")
                full = _full_lines(mine, in_bb)
                assert daily.index[-1] == len(mine), where
                assert np.allclose(full.loc[daily.index, daily.columns], daily), where
            compared += 1
    return compared


def test_the_sums_give_the_samples_figures(samples_import: Path) -> None:
    conn = sqlite3.connect(f"{samples_import.as_uri()}?mode=ro", uri=True)
    assert player_page.sums_answer(conn, queries.Filters())
    assert not player_page.sums_answer(conn, queries.Filters(date_from=dt.date(2020, 1, 1)))
    # The players with the most hands (most first) and every filter: rooms, currencies,
    # games and both kinds are among them.
    players = list(queries.filter_options(conn).players)[:12]
    assert _compare(conn, players, FILTERS[:3]) > 30


@pytest.mark.corpus
def test_the_sums_give_the_pluribus_figures(pluribus_import: Path) -> None:
    conn = sqlite3.connect(f"{pluribus_import.as_uri()}?mode=ro", uri=True)
    players = list(queries.filter_options(conn).players)
    assert len(players) > 10
    assert _compare(conn, players, FILTERS[:2]) == 2 * len(players)
    # Pluribus plays in one long session a day: the merge across batches (files) held
    sessions = player_page.figures_from_sums(conn, queries.Filters(), "Pluribus", "PLAY").sessions
    assert (
        sessions["hands"].sum()
        == player_page.summed_hands(conn, queries.Filters(), "Pluribus")["PLAY"]
    )


def _tables(db: Path) -> dict[str, list[tuple[object, ...]]]:
    conn = sqlite3.connect(db)
    try:
        return {
            name: sorted(
                tuple(round(v, 6) if isinstance(v, float) else v for v in row)
                for row in conn.execute(f"SELECT * FROM {name}")
            )
            for name in (*(t.name for t in page_sums.TABLES), page_sums.SESSION_TABLE)
        }
    finally:
        conn.close()


def _rebuilt(db: Path, folder: Path) -> dict[str, list[tuple[object, ...]]]:
    copy = copy_database(db, folder / "rebuilt.sqlite")
    conn = sqlite3.connect(copy)
    with conn:
        page_sums.rebuild(conn)
    conn.close()
    return _tables(copy)


def test_the_import_and_a_delete_keep_what_a_rebuild_gives(
    samples_import: Path, tmp_path: Path
) -> None:
    db = copy_database(samples_import, tmp_path / "samples.sqlite")
    kept = _tables(db)
    assert all(kept.values())
    assert kept == _rebuilt(db, tmp_path / "a")
    conn = sqlite3.connect(db)
    keys = [
        f"{site}:{number}"
        for site, number in conn.execute(
            "SELECT site, hand_id FROM hands WHERE status = 'ok' AND id % 3 = 0"
        )
    ]
    conn.close()
    assert len(keys) > 10
    delete_hands(db, select_hands(db, hand_ids=keys))
    after = _tables(db)
    assert after != kept
    assert after == _rebuilt(db, tmp_path / "b")


@pytest.fixture
def every_page_from_the_sums(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(player_page, "PER_HAND_LIMIT", 0)
    st.cache_data.clear()
    yield
    st.cache_data.clear()


@pytest.mark.usefixtures("app_env", "every_page_from_the_sums")
def test_the_page_draws_from_the_sums_and_waits_for_a_stat() -> None:
    app = AppTest.from_file(str(APP), default_timeout=30).run()
    app.sidebar.selectbox(key="hero").select("Dr:Who").run()
    app.switch_page("app_pages/player.py").run()
    assert not app.exception, [e.value for e in app.exception]
    assert any("one point a day" in c.value for c in app.caption)
    assert not app.get("vega_lite_chart")  # the net won, by position, the grid: HTML
    pictures = [h for h in app.get("html") if "pokerhh-table" not in h.proto.body]
    assert len(pictures) == 3
    choice = app.selectbox(key="explain_stat")
    assert choice.value is None
    assert not [d for d in app.dataframe if "in_numerator" in d.value.columns]
    choice.select("vpip").run()
    assert not app.exception
    assert [d for d in app.dataframe if "in_numerator" in d.value.columns]
