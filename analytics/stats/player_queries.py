"""The Player page's further reads: the net won over hands with its all-in EV line, the
starting-hand grid and the sessions.

Like :mod:`analytics.stats.queries`: pure functions, no Streamlit, no caching. The builders
(:func:`starting_hand_grid`, :func:`sessions`) take the player's hands as
:func:`analytics.stats.queries.player_hands` returns them (one row per hand, oldest first), so
the page can build them from the frame it already has; :func:`player_grid` and
:func:`player_sessions` are the same from a connection and the sidebar's filters (the
dashboard caches those in ``dashboard/data.py``).

Money is for display here (``float``): net won in big blinds for the grid, in the
currency's major unit and in big blinds for the sessions. "Big blinds" are the unit of
bb/100 (:func:`bet_unit`): the big bet in fixed limit, stud included, as in
:mod:`analytics.stats.players`.
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from analytics.lazy_modules import LazyModule
from analytics.stats import catalog, queries
from parser.model.games import GAME_SPECS

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd
else:  # loaded when a frame is built: pokerhh import never needs them (issue 23 item 21)
    np, pd = LazyModule("numpy"), LazyModule("pandas")

#: Ranks from the highest: the grid's rows and columns, in this order.
RANKS = "AKQJT98765432"
_RANK_INDEX = {rank: index for index, rank in enumerate(RANKS)}
#: Games whose hands fit the 13×13 grid: two hole cards and a five-card board.
HOLDEM_GAMES = frozenset(
    code for code, spec in GAME_SPECS.items() if spec.hole_cards == 2 and spec.board_size == 5
)
GRID_COLUMNS = ["hand", "row", "col", "kind", "hands", "net_bb", "bb_per_hand", "frequency_pct"]
SESSION_COLUMNS = ["currency", "start", "end", "minutes", "hands", "net_won", "net_bb",
                   "bb_per_100"]  # fmt: skip
#: The columns of :func:`analytics.stats.queries.player_hands` the builders read.
_HAND_COLUMNS = ["started_at", "game", "currency", "unit", "big_blind", "hole_cards", "net"]
#: A pause longer than this between a player's consecutive hands starts a new session.
SESSION_GAP = dt.timedelta(minutes=30)


# -- the unit of bb/100 ---------------------------------------------------------------------


def bet_unit(hands: pd.DataFrame) -> pd.Series:
    """Per hand, what "bb" counts in (``float``, NaN when unknown): the big bet in fixed
    limit (``betting``, ``big_bet`` columns; stud has no big blind, only its bets), the big
    blind otherwise, as ``bb_per_100`` in :mod:`analytics.stats.players`. A frame without those
    columns is read in big blinds.
    """
    big_blind = hands["big_blind"].astype(float)
    if "betting" not in hands.columns or "big_bet" not in hands.columns:
        unit = big_blind
    else:
        fixed = hands["betting"].eq("fixed_limit")
        big_bet = hands["big_bet"].astype(float).fillna(2 * big_blind)
        unit = big_bet.where(fixed, big_blind)
    return unit.where(unit > 0)


# -- the statistics as text ---------------------------------------------------------------

#: The rates the dashboard's statistics tables show, with their column labels. The c-bet
#: is the second round's: the flop, 4th street in stud, after the (first) draw.
SHOWN_RATES = tuple(
    (s.name, s.table_label) for s in catalog.STATS if s.table_label is not None
)
#: The stats :func:`statistics_table` shows (a :class:`~analytics.stats.players.StatsQuery`
#: of these alone fills it).
TABLE_STATS = ("hands", *(name for name, _ in SHOWN_RATES), "af", "bb_per_100",
               "all_in_adjusted_bb_per_100")  # fmt: skip
#: A rate without a sample: no hand in its denominator (steal in stud: not applicable).
NO_SAMPLE = "–"


def rate_cell(x: int, n: int, low: float, high: float) -> str:
    """``50.0% · 1/2 (9–91)``: the rate, its sample and its 95% interval in percent.

    >>> rate_cell(1, 2, 0.0945, 0.9055), rate_cell(0, 0, 0.0, 1.0)
    ('50.0% · 1/2 (9–91)', '–')
    """
    if not n:
        return NO_SAMPLE
    return f"{100 * x / n:.1f}% · {x}/{n} ({100 * low:.0f}–{100 * high:.0f})"


def statistics_table(frame: pd.DataFrame, first: dict[str, str]) -> pd.DataFrame:
    """The statistics of :func:`analytics.stats.players.player_stats` as text cells: the ``first``
    columns (frame column -> label), then each rate of :data:`SHOWN_RATES` as
    :func:`rate_cell`, AF (text too), bb/100 and the all-in adjusted bb/100 (``bb/100`` counts big
    bets in fixed limit)."""
    if frame.empty:
        return pd.DataFrame(columns=[*first.values(), *(label for _, label in SHOWN_RATES)])
    table = pd.DataFrame({label: frame[column] for column, label in first.items()})
    for name, label in SHOWN_RATES:
        table[label] = [
            rate_cell(int(x), int(n), low, high)
            for x, n, low, high in zip(
                frame[f"{name}_x"], frame[f"{name}_n"], frame[f"{name}_low"],
                frame[f"{name}_high"], strict=True,
            )
        ]  # fmt: skip
    # AF is bets and raises over calls: no call, no AF. Written as the rates are (text, "–"
    # for no sample), not as a number column, whose missing value Streamlit shows "None".
    table["AF"] = [NO_SAMPLE if pd.isna(af) else f"{af:.2f}" for af in frame["af"]]
    table["bb/100"] = frame["bb_per_100"].round(2)
    table["All-in adj. bb/100"] = frame["all_in_adjusted_bb_per_100"].round(2)
    return table.reset_index(drop=True)


# -- net won over hands, with the all-in EV line --------------------------------------------

#: The lines of the "net won over hands" chart, in the legend's order.
RESULT_LINES = ("net won", "all-in EV", "showdown", "non-showdown")
#: The chart's points per line, at most: a line of 100,000 hands is drawn from every k-th
#: hand (the running totals there are exact), not sent to the browser whole. A chart about a
#: thousand pixels wide shows no more, and each point is a tooltip box of the page's picture
#: (dashboard/line_chart.py; issue 26 item 4).
MAX_CHART_POINTS = 400


@dataclass(frozen=True, slots=True)
class AllInCounts:
    """The player's hands with an all-in point with cards to come, by EV status."""

    #: EV computed: the all-in EV line counts the EV instead of the net.
    computed: int = 0
    #: A contender's cards never shown: left out of the EV line (the net counts).
    unknown_cards: int = 0
    #: No equity evaluator for the game yet: left out likewise.
    unsupported_game: int = 0

    @property
    def left_out(self) -> int:
        return self.unknown_cards + self.unsupported_game


def all_in_counts(hands: pd.DataFrame) -> AllInCounts:
    """How many of ``hands`` (as :func:`analytics.stats.queries.player_hands` returns them) had
    an all-in point, by EV status."""
    if hands.empty or "all_in_ev_status" not in hands.columns:
        return AllInCounts()
    counts = hands["all_in_ev_status"].value_counts()
    return AllInCounts(
        computed=int(counts.get("computed", 0)),
        unknown_cards=int(counts.get("unknown_cards", 0)),
        unsupported_game=int(counts.get("unsupported_game", 0)),
    )


def all_in_adjusted(hands: pd.DataFrame) -> pd.Series:
    """Each hand's all-in EV adjusted result in the smallest unit (``float``): the EV where
    it was computed (status ``computed``), the actual net everywhere else (no all-in with
    cards to come, or cards unknown: such a hand is left out of the EV, not of the line)."""
    net = hands["net"].astype(float)
    if "all_in_ev" not in hands.columns:
        return net
    computed = hands["all_in_ev_status"].eq("computed") & hands["all_in_ev"].notna()
    return net.where(~computed, hands["all_in_ev"].astype(float))


def results_over_hands(
    hands: pd.DataFrame, *, in_big_blinds: bool = False, max_points: int | None = MAX_CHART_POINTS
) -> pd.DataFrame:
    """Long-form running totals for the chart, one row per hand and line of
    :data:`RESULT_LINES`: ``hand`` (1 = the oldest), ``line``, ``net`` (major units, or big
    blinds with ``in_big_blinds``).

    ``net won`` is the actual result, ``all-in EV`` the all-in EV adjusted one
    (:func:`all_in_adjusted`), ``showdown`` / ``non-showdown`` the actual result split by
    whether the player went to showdown. With more than ``max_points`` hands only every
    k-th hand (and the last) is kept (:func:`thin_lines`), so the running totals stay exact
    where drawn.
    """
    if hands.empty:
        return pd.DataFrame(columns=["hand", "line", "net"])
    if in_big_blinds:
        scale = bet_unit(hands)
    else:
        scale = hands["unit"].where(hands["unit"] > 0, 1).fillna(1).astype(float)
    value = (hands["net"] / scale).fillna(0.0).to_numpy(dtype=float)
    adjusted = (all_in_adjusted(hands) / scale).fillna(0.0).to_numpy(dtype=float)
    showdown = hands["went_to_showdown"].astype(bool).to_numpy()
    count = len(hands)
    wide = pd.DataFrame(
        {
            "hand": np.arange(1, count + 1),
            "net won": value.cumsum(),
            "all-in EV": adjusted.cumsum(),
            "showdown": np.where(showdown, value, 0.0).cumsum(),
            "non-showdown": np.where(showdown, 0.0, value).cumsum(),
        }
    )
    lines = wide.melt(id_vars="hand", var_name="line", value_name="net")
    return thin_lines(lines, max_points) if max_points else lines


def thin_lines(lines: pd.DataFrame, most: int = MAX_CHART_POINTS) -> pd.DataFrame:
    """``lines`` (long form: ``hand``, ``line``, ``net``, ascending hands) with at most
    ``most`` points a line: every k-th hand's and the last one's, each still the exact
    running total at its hand (never an average of several). The lines over hands and those
    over days (``player_page``) are thinned here alike."""
    hands = lines["hand"].drop_duplicates()
    if len(hands) <= most:
        return lines
    step = -(-(len(hands) - 1) // (most - 1))  # the last hand is kept besides
    kept = pd.concat([hands.iloc[:-1:step], hands.iloc[-1:]])
    return lines[lines["hand"].isin(kept)].reset_index(drop=True)


# -- explain a stat -------------------------------------------------------------------------

EXPLAINED_COLUMNS = ["site", "hand_id", "key", "started_at", "position", "hole_cards",
                     "in_numerator", "in_denominator", "x", "n", "currency", "net_won"]  # fmt: skip


def explained_hands(rows: pd.DataFrame, hands: pd.DataFrame) -> pd.DataFrame:
    """The hands behind a stat (``rows``: :func:`analytics.stats.explain.explain`'s frame) with
    the player's cards and net won in major units from ``hands``
    (:func:`analytics.stats.queries.player_hands`; only the hands in it are kept, so a frame of
    one currency keeps that currency's hands). Numerator first, then the rest of the
    denominator, oldest first within each.
    """
    if rows.empty or hands.empty:
        return pd.DataFrame(columns=EXPLAINED_COLUMNS)
    mine = hands[["site", "hand_id", "hole_cards", "currency", "unit", "net"]]
    frame = rows.drop(columns=["net"]).merge(mine, on=["site", "hand_id"], how="inner")
    frame["key"] = frame["site"] + ":" + frame["hand_id"]
    frame["net_won"] = frame["net"] / frame["unit"].where(frame["unit"] > 0, 1).fillna(1)
    frame = frame.sort_values("in_numerator", ascending=False, kind="stable")
    return frame[EXPLAINED_COLUMNS].reset_index(drop=True)


#: The columns of :func:`explained_page`: :data:`EXPLAINED_COLUMNS` with ``hand``
#: (``hands.id``) instead of the room, the hand number and the key.
EXPLAINED_PAGE_COLUMNS = ["hand", "started_at", "position", "hole_cards", "in_numerator",
                          "in_denominator", "x", "n", "currency", "net_won"]  # fmt: skip
#: Rows of "explain a stat" shown at a time (the rest a page away).
EXPLAINED_PAGE_ROWS = 500


def explained_page(parts: pd.DataFrame, hands: pd.DataFrame) -> pd.DataFrame:
    """:func:`explained_hands` from :func:`analytics.stats.explain.explain_parts` and
    :func:`page_hands`: the same rows in the same order (numerator first, oldest first
    within), with ``hand`` instead of room and hand number (:func:`with_keys` adds them to
    the rows shown)."""
    if parts.empty or hands.empty:
        return pd.DataFrame(columns=EXPLAINED_PAGE_COLUMNS)
    mine = hands[["hand", "started_at", "position", "hole_cards", "currency", "unit", "net"]]
    # An inner merge keeps the left frame's order: his hands, oldest first.
    frame = mine.merge(parts, on="hand", how="inner")
    frame["in_numerator"] = frame["x"] != 0
    frame["in_denominator"] = frame["n"] != 0
    frame["net_won"] = frame["net"] / frame["unit"].where(frame["unit"] > 0, 1).fillna(1)
    frame = frame.sort_values("in_numerator", ascending=False, kind="stable")
    return frame[EXPLAINED_PAGE_COLUMNS].reset_index(drop=True)


#: The columns of :func:`explained_listing`.
EXPLAINED_LISTING_COLUMNS = ["hand", "started_at", "currency", "x", "n", "in_numerator",
                             "in_denominator"]  # fmt: skip


def explained_listing(listing: pd.DataFrame, currency: str | None) -> pd.DataFrame:
    """The hands of :func:`analytics.stats.explain.explain_listing` (of ``currency``; None:
    all) in :func:`explained_page`'s order: numerator first, oldest first within
    (``started_at``, a missing time first, then ``hand``), with ``in_numerator`` and
    ``in_denominator``: what the caption counts and the pages cut, without his page's
    frame of every hand (:func:`explained_rows_of` fills in a page's rows)."""
    frame = listing
    if currency is not None and not frame.empty:
        frame = frame[frame["currency"] == currency]
    frame = frame.sort_values(["started_at", "hand"], na_position="first", kind="stable")
    frame = frame.assign(in_numerator=frame["x"] != 0, in_denominator=frame["n"] != 0)
    frame = frame.sort_values("in_numerator", ascending=False, kind="stable")
    return frame[EXPLAINED_LISTING_COLUMNS].reset_index(drop=True)


def explained_rows_of(conn: sqlite3.Connection, rows: pd.DataFrame, player: str) -> pd.DataFrame:
    """Rows of :func:`explained_listing` (a page of them) as :func:`explained_page` gives
    them: his position, cards and net won looked up for these hands alone."""
    ids = player_ids(conn, player)
    hands = [int(h) for h in rows["hand"]]
    found: list[tuple[object, ...]] = []
    if ids and hands:
        marks = ", ".join("?" * len(ids))
        found = conn.execute(
            f"""
            SELECT hp.hand, hp.position, hp.hole_cards, h.unit, hp.net
            FROM hand_players hp CROSS JOIN hands h ON h.id = hp.hand
            WHERE hp.hand IN (SELECT value FROM json_each(?)) AND hp.player_id IN ({marks})
              AND hp.dealt_in
            """,
            [json.dumps(hands), *ids],
        ).fetchall()
    columns = ["hand", "position", "hole_cards", "unit", "net"]
    looked_up = pd.DataFrame.from_records(found, columns=columns)
    # His frame's columns for these hands, in the rows' order: explained_page does the rest.
    mine = rows[["hand", "started_at", "currency"]].merge(looked_up, on="hand", how="left")
    return explained_page(rows[["hand", "x", "n"]], mine)


def with_keys(rows: pd.DataFrame, keys: pd.DataFrame) -> pd.DataFrame:
    """Rows of :func:`explained_page` as :func:`explained_hands` gives them, with ``keys``
    (:func:`hand_keys` of their ``hand``)."""
    frame = rows.merge(keys, on="hand", how="left")
    frame["key"] = frame["site"] + ":" + frame["hand_id"]
    return frame[EXPLAINED_COLUMNS].reset_index(drop=True)


# -- the starting-hand grid ----------------------------------------------------------------


@lru_cache(maxsize=4096)
def starting_hand_label(cards: str | None) -> str | None:
    """Two hole cards as the grid names them: pair, suited or offsuit, high rank first.

    None unless exactly two known cards (hidden, Omaha, a malformed value).

    >>> starting_hand_label("Kd Ah"), starting_hand_label("Ah Kh"), starting_hand_label("7c 7d")
    ('AKo', 'AKs', '77')
    >>> starting_hand_label("2s 7h"), starting_hand_label("Ts 9s")
    ('72o', 'T9s')
    >>> starting_hand_label(None), starting_hand_label("Ah Kh Qh Jh"), starting_hand_label("Ah")
    (None, None, None)
    """
    if not cards:
        return None
    parts = cards.split()
    if len(parts) != 2 or any(len(p) != 2 or p[0] not in _RANK_INDEX for p in parts):
        return None
    first, second = parts
    (r1, s1), (r2, s2) = (first[0], first[1]), (second[0], second[1])
    if _RANK_INDEX[r1] > _RANK_INDEX[r2]:
        r1, r2 = r2, r1
    if r1 == r2:
        return r1 + r2
    return r1 + r2 + ("s" if s1 == s2 else "o")


def grid_cell(label: str) -> tuple[int, int]:
    """(row, column) of a label in the grid: pairs on the diagonal, suited above it
    (row = the high card), offsuit below (column = the high card).

    >>> grid_cell("AA"), grid_cell("AKs"), grid_cell("AKo"), grid_cell("72o")
    ((0, 0), (0, 1), (1, 0), (12, 7))
    """
    high, low = _RANK_INDEX[label[0]], _RANK_INDEX[label[1]]
    if len(label) == 3 and label[2] == "o":
        return low, high
    return high, low


def all_labels() -> list[str]:
    """The 169 labels, row by row (``AA, AKs, AQs, … 32o, 22``)."""
    labels = []
    for row, high in enumerate(RANKS):
        for col, other in enumerate(RANKS):
            if row == col:
                labels.append(high + high)
            elif col > row:
                labels.append(high + other + "s")
            else:
                labels.append(other + high + "o")
    return labels


def starting_hand_grid(hands: pd.DataFrame) -> pd.DataFrame:
    """169 rows, one per starting hand (also those never dealt, with 0 hands): ``hand``
    (``AKs``), ``row``/``col`` (0 = ace), ``kind`` (pair/suited/offsuit), ``hands``,
    ``net_bb`` (net won in big blinds), ``bb_per_hand`` and ``frequency_pct`` (share of the
    player's hold'em hands with two known cards).

    Only hold'em hands (:data:`HOLDEM_GAMES`) whose two hole cards are known count.
    """
    frame = hands if not hands.empty else pd.DataFrame(columns=_HAND_COLUMNS)
    if "game" in frame.columns:
        frame = frame[frame["game"].isin(HOLDEM_GAMES)]
    # Each distinct pair of cards labelled once (at most 1,326 of them), not each hand: a
    # heavy player's 50,000 hands are mostly repeats.
    codes, distinct = pd.factorize(frame["hole_cards"])
    named = np.array([starting_hand_label(c) for c in distinct] + [None], dtype=object)
    labels = pd.Series(named[codes], index=frame.index, dtype=object)
    bb = (frame["net"] / bet_unit(frame)).astype(float)
    known = pd.DataFrame({"hand": labels, "bb": bb.fillna(0.0)}).dropna(subset=["hand"])
    grouped = known.groupby("hand").agg(hands=("bb", "size"), net_bb=("bb", "sum"))
    every = all_labels()
    grid = grouped.reindex(every).fillna({"hands": 0, "net_bb": 0.0})
    return grid_frame(grid.reset_index(drop=True).assign(hand=every))


def grid_frame(grid: pd.DataFrame) -> pd.DataFrame:
    """The grid's columns (:data:`GRID_COLUMNS`) from ``hand``, ``hands`` and ``net_bb``
    of every label in :func:`all_labels`' order (from the hands or from the sums)."""
    every = list(grid["hand"])
    grid = grid.copy()
    grid["hands"] = grid["hands"].astype(int)
    cells = [grid_cell(label) for label in every]
    grid["row"] = [r for r, _ in cells]
    grid["col"] = [c for _, c in cells]
    grid["kind"] = [
        "pair" if len(label) == 2 else ("suited" if label[2] == "s" else "offsuit")
        for label in every
    ]
    total = int(grid["hands"].sum())
    grid["bb_per_hand"] = grid["net_bb"] / grid["hands"].where(grid["hands"] > 0)
    grid["frequency_pct"] = grid["hands"] * 100.0 / total if total else 0.0
    return grid[GRID_COLUMNS]


def player_grid(
    conn: sqlite3.Connection, filters: queries.Filters, player: str, currency: str | None = None
) -> pd.DataFrame:
    """:func:`starting_hand_grid` of the player's hands under the filters (one currency's
    hands if ``currency``)."""
    return starting_hand_grid(_hands(conn, filters, player, currency))


# -- sessions ------------------------------------------------------------------------------


def sessions(hands: pd.DataFrame, gap: dt.timedelta = SESSION_GAP) -> pd.DataFrame:
    """The player's play split into sessions, newest first: a new session starts when more
    than ``gap`` passes between two consecutive hands of the same currency (cash and
    tournament chips are never one session). Hands without a time are left out.

    Columns: ``currency``, ``start`` and ``end`` (UTC timestamps of the first and last
    hand), ``minutes``, ``hands``, ``net_won`` (major units), ``net_bb`` and ``bb_per_100``.
    """
    if hands.empty or "started_at" not in hands.columns:
        return pd.DataFrame(columns=SESSION_COLUMNS)
    started = pd.to_datetime(hands["started_at"], utc=True, errors="coerce", format="ISO8601")
    frame = hands.assign(_at=started)[started.notna()]
    if frame.empty:
        return pd.DataFrame(columns=SESSION_COLUMNS)
    frame = frame.sort_values(["currency", "_at"], kind="stable")
    unit = frame["unit"].where(frame["unit"] > 0, 1).fillna(1)
    frame = frame.assign(
        _won=frame["net"] / unit,
        _bb=(frame["net"] / bet_unit(frame)).fillna(0.0),
    )
    pause = frame.groupby("currency")["_at"].diff()
    new = pause.isna() | (pause > pd.Timedelta(gap))
    frame = frame.assign(_session=new.cumsum())
    out = frame.groupby("_session").agg(
        currency=("currency", "first"),
        start=("_at", "min"),
        end=("_at", "max"),
        hands=("_at", "size"),
        net_won=("_won", "sum"),
        net_bb=("_bb", "sum"),
    )
    out["minutes"] = (out["end"] - out["start"]).dt.total_seconds() / 60
    out["bb_per_100"] = out["net_bb"] / out["hands"] * 100
    out = out.sort_values("start", ascending=False, kind="stable").reset_index(drop=True)
    return out[SESSION_COLUMNS]


def player_sessions(
    conn: sqlite3.Connection,
    filters: queries.Filters,
    player: str,
    currency: str | None = None,
    gap: dt.timedelta = SESSION_GAP,
) -> pd.DataFrame:
    """:func:`sessions` of the player's hands under the filters."""
    return sessions(_hands(conn, filters, player, currency), gap)


# -- the page's own read of his hands ---------------------------------------------------------

#: The columns of :func:`page_hands`.
PAGE_HAND_COLUMNS = ["hand", "started_at", "game", "currency", "unit", "big_blind", "position",
                     "hole_cards", "net", "went_to_showdown", "all_in_ev_status",
                     "all_in_ev"]  # fmt: skip


def page_hands(conn: sqlite3.Connection, filters: queries.Filters, player: str) -> pd.DataFrame:
    """What the Player page draws from his hands, one row per ``ok`` hand he was dealt
    into, oldest first (``started_at``, then ``hands.id``, as
    :func:`analytics.stats.queries.player_hands`): :data:`PAGE_HAND_COLUMNS`.

    Why not ``player_hands``: the page needs a third of its columns, and on a million hands
    his 50,000 rows cost as much in Python objects as in SQLite. ``hand`` (the integer
    ``hands.id``) replaces room and hand number, read only for the few rows a table shows
    (:func:`hand_keys`); ``big_blind`` is already the unit of bb/100 (:func:`bet_unit`: the
    big bet in fixed limit), so every builder of this module reads the frame as it reads
    ``player_hands``' and gives the same figures.
    """
    ids = player_ids(conn, player)
    if not ids:
        return pd.DataFrame(columns=PAGE_HAND_COLUMNS)
    where, params = filters.where()
    sql = f"""
        SELECT hp.hand, h.started_at, h.game, h.currency, h.unit,
               CASE WHEN h.betting = 'fixed_limit' THEN coalesce(h.big_bet, 2 * h.big_blind)
                    ELSE h.big_blind END,
               hp.position, hp.hole_cards, hp.net, hp.went_to_showdown,
               e.all_in_ev_status, e.all_in_ev
        FROM hand_players hp CROSS JOIN hands h ON h.id = hp.hand
        LEFT JOIN all_in_ev e ON e.hand = hp.hand AND e.seat = hp.seat
        WHERE hp.player_id IN ({", ".join("?" * len(ids))}) AND hp.dealt_in AND {where}
    """
    rows = conn.execute(sql, [*ids, *params]).fetchall()
    frame = pd.DataFrame.from_records(rows, columns=PAGE_HAND_COLUMNS)
    # Sorted here rather than by SQLite's ORDER BY, whose sorter copies every row (a third
    # of the read). The same order: a missing time first, as SQLite sorts NULL, then text
    # order (UTF-8 bytes, as SQLite's BINARY collation), then the id.
    frame = frame.sort_values(["started_at", "hand"], na_position="first", kind="stable")
    return frame.reset_index(drop=True)


def player_ids(conn: sqlite3.Connection, player: str) -> list[int]:
    """The ``players.id`` of every room's player of that name.

    Why the ids as values and not ``IN (SELECT id ...)``: without table statistics SQLite
    cannot tell how many rows a subquery's players have, and for a read of his seats alone
    it then prefers a scan of every seat (2.4 s on 1,000,000 hands) to their index.

    A person's name (``pokerhh alias``, issue 25 item 5) gives his accounts' ids: the
    Player page then draws him whole."""
    from analytics.store.people import account_ids, find_person

    person = find_person(conn, player)
    if person is not None:
        return account_ids(conn, person[1])
    sql = "SELECT id FROM players WHERE name = ? AND NOT anonymous"  # no "Seat 4" (0012)
    return [r[0] for r in conn.execute(sql, (player,))]


def hand_keys(conn: sqlite3.Connection, hands: Iterable[int]) -> pd.DataFrame:
    """``hand`` (``hands.id``), ``site`` and ``hand_id`` of the given hands, in their order."""
    ids = [int(h) for h in hands]
    found = dict.fromkeys(ids, ("", ""))
    for start in range(0, len(ids), 500):  # under SQLite's bound on a statement's variables
        chunk = ids[start : start + 500]
        marks = ", ".join("?" * len(chunk))
        for key, site, hand_id in conn.execute(
            f"SELECT id, site, hand_id FROM hands WHERE id IN ({marks})", chunk
        ):
            found[key] = (site, hand_id)
    return pd.DataFrame(
        {"hand": ids, "site": [found[h][0] for h in ids], "hand_id": [found[h][1] for h in ids]}
    )


def _hands(
    conn: sqlite3.Connection, filters: queries.Filters, player: str, currency: str | None
) -> pd.DataFrame:
    hands = queries.player_hands(conn, filters, player)
    if currency is not None and not hands.empty:
        hands = hands[hands["currency"] == currency].reset_index(drop=True)
    return hands
