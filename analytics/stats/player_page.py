"""Everything the Player page draws for one player and currency, from his hands or from the
pre-aggregated sums (issue 11, acceptance 4).

A player with at most :data:`PER_HAND_LIMIT` hands under the filters is read hand by hand
(:func:`analytics.stats.player_queries.page_hands`, a fraction of a second). Past it, and
when the filters have no dates, the page reads the sums kept at import instead
(:mod:`analytics.store.page_sums`; the player table's ``player_sums`` for positions): the
same metrics, all-in counts, results by position, starting-hand grid and sessions, and the
net won over hands with one point per day (each point exact: the running totals after the
day's last hand). Dates need the hands: the grid and the sessions are kept without days,
and a session may cross midnight.

Both paths give :class:`PageFigures`; ``tests/dashboard/test_player_page_sums.py`` checks
that they agree.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

import numpy as np
import pandas as pd

from analytics.stats import player_queries as pq
from analytics.stats import queries
from analytics.store import aggregates, page_sums

#: Past this many hands under the filters a page reads the sums, not the hands.
PER_HAND_LIMIT = 10_000
_LINES = ("net won", "all-in EV", "showdown", "non-showdown")


@dataclass(frozen=True, slots=True)
class PageFigures:
    """The page's figures for one currency."""

    currency: str | None
    hands: int
    #: Net won in major units; in big blinds (bb/100's unit) over ``bb_hands`` hands.
    net_won: float
    net_bb: float
    bb_hands: int
    showdowns: int
    #: :func:`analytics.stats.player_queries.results_over_hands`' long form, in major units
    #: and in big blinds.
    lines: pd.DataFrame
    lines_bb: pd.DataFrame
    all_ins: pq.AllInCounts
    positions: pd.DataFrame
    grid: pd.DataFrame
    sessions: pd.DataFrame
    #: The lines have a point per day (from the sums), not per hand.
    per_day: bool


# -- from his hands -----------------------------------------------------------------------------


def figures_from_hands(hands: pd.DataFrame, currency: str | None) -> PageFigures:
    """The figures of :func:`analytics.stats.player_queries.page_hands`' frame, one
    currency's rows (``currency``) or all of them."""
    if currency is not None and not hands.empty:
        hands = hands[hands["currency"] == currency].reset_index(drop=True)
    unit = pq.bet_unit(hands) if not hands.empty else pd.Series(dtype=float)
    money = hands["unit"].where(hands["unit"] > 0, 1) if not hands.empty else unit
    return PageFigures(
        currency=currency,
        hands=len(hands),
        net_won=float((hands["net"] / money).sum()) if not hands.empty else 0.0,
        net_bb=float((hands["net"] / unit).sum()) if not hands.empty else 0.0,
        bb_hands=int(unit.notna().sum()),
        showdowns=int(hands["went_to_showdown"].astype(bool).sum()) if not hands.empty else 0,
        lines=pq.results_over_hands(hands),
        lines_bb=pq.results_over_hands(hands, in_big_blinds=True),
        all_ins=pq.all_in_counts(hands),
        positions=queries.results_by_position(hands.assign(big_blind=unit)),
        grid=pq.starting_hand_grid(hands),
        sessions=pq.sessions(hands),
        per_day=False,
    )


# -- from the sums --------------------------------------------------------------------------


def sums_answer(conn: sqlite3.Connection, filters: queries.Filters) -> bool:
    """Whether the sums can give this page: the tables are there and no date is set."""
    return (
        filters.date_from is None
        and filters.date_to is None
        and not filters.hands_sql  # a hand query (analytics.query): the sums know none
        and aggregates.available(conn)
        and page_sums.available(conn)
    )


def _where(filters: queries.Filters, ids: list[int], alias: str = "a") -> tuple[str, list[object]]:
    where, params = aggregates.filters_where(filters, days=True, alias=alias)
    marks = ", ".join("?" * len(ids))
    return f"{alias}.player_id IN ({marks}) AND {where}", [*ids, *params]


def summed_hands(conn: sqlite3.Connection, filters: queries.Filters, player: str) -> dict[str, int]:
    """His hands under the filters per currency (``''`` for none), most first, from the
    sums."""
    ids = pq.player_ids(conn, player)
    if not ids:
        return {}
    where, params = _where(filters, ids)
    rows = conn.execute(
        f"SELECT a.currency, sum(a.hands) FROM {page_sums.CHART_TABLE.name} a"
        f" WHERE {where} GROUP BY a.currency ORDER BY 2 DESC, 1",
        params,
    ).fetchall()
    return {str(c): int(n) for c, n in rows}


def _frame(conn: sqlite3.Connection, sql: str, params: list[object]) -> pd.DataFrame:
    cursor = conn.execute(sql, params)
    columns = [c[0] for c in cursor.description]
    return pd.DataFrame.from_records(cursor.fetchall(), columns=columns)


def _currency(table: str, currency: str | None) -> tuple[str, list[object]]:
    if currency is None:
        return "1", []
    return f"{table}.currency = ?", [currency]


def figures_from_sums(
    conn: sqlite3.Connection, filters: queries.Filters, player: str, currency: str | None
) -> PageFigures:
    """:class:`PageFigures` from the sums (:func:`sums_answer` must hold); the lines have a
    point per day."""
    ids = pq.player_ids(conn, player)
    where, params = _where(filters, ids)
    in_currency, more = _currency("a", currency)
    days = _frame(
        conn,
        f"""SELECT a.day, sum(a.hands) AS hands,
                   sum(a.net * 1.0 / max(a.unit, 1)) AS net_won, total(a.net_bb) AS net_bb,
                   sum(a.bb_hands) AS bb_hands,
                   sum(a.adjusted / max(a.unit, 1)) AS adjusted,
                   total(a.adjusted_bb) AS adjusted_bb,
                   sum(a.showdown_net * 1.0 / max(a.unit, 1)) AS showdown,
                   total(a.showdown_bb) AS showdown_bb, sum(a.showdowns) AS showdowns,
                   sum(a.ev_computed) AS computed, sum(a.ev_unknown_cards) AS unknown_cards,
                   sum(a.ev_unsupported_game) AS unsupported_game
            FROM {page_sums.CHART_TABLE.name} a
            WHERE {where} AND {in_currency}
            GROUP BY a.day ORDER BY a.day""",
        [*params, *more],
    )
    return PageFigures(
        currency=currency,
        hands=int(days["hands"].sum()),
        net_won=float(days["net_won"].sum()),
        net_bb=float(days["net_bb"].sum()),
        bb_hands=int(days["bb_hands"].sum()),
        showdowns=int(days["showdowns"].sum()),
        lines=_lines(days, "net_won", "adjusted", "showdown"),
        lines_bb=_lines(days, "net_bb", "adjusted_bb", "showdown_bb"),
        all_ins=pq.AllInCounts(
            computed=int(days["computed"].sum()),
            unknown_cards=int(days["unknown_cards"].sum()),
            unsupported_game=int(days["unsupported_game"].sum()),
        ),
        positions=_positions(conn, filters, ids, currency),
        grid=_grid(conn, filters, ids, currency),
        sessions=_sessions(conn, filters, ids, currency),
        per_day=True,
    )


def _lines(days: pd.DataFrame, net: str, adjusted: str, showdown: str) -> pd.DataFrame:
    """The four running totals after each day's last hand (``hand`` = hands so far), at
    most the chart's points a line (``thin_lines``)."""
    if days.empty:
        return pd.DataFrame(columns=["hand", "line", "net"])
    won = days[net].to_numpy(dtype=float).cumsum()
    at_showdown = days[showdown].to_numpy(dtype=float).cumsum()
    wide = pd.DataFrame(
        {
            "hand": days["hands"].to_numpy().cumsum(),
            _LINES[0]: won,
            _LINES[1]: days[adjusted].to_numpy(dtype=float).cumsum(),
            _LINES[2]: at_showdown,
            _LINES[3]: won - at_showdown,
        }
    )
    return pq.thin_lines(wide.melt(id_vars="hand", var_name="line", value_name="net"))


def _positions(
    conn: sqlite3.Connection, filters: queries.Filters, ids: list[int], currency: str | None
) -> pd.DataFrame:
    table = aggregates.player_table_for(filters, positions=True)
    where, params = aggregates.filters_where(filters, days=False)
    in_currency, more = _currency("a", currency)
    marks = ", ".join("?" * len(ids))
    frame = _frame(
        conn,
        f"""SELECT coalesce({table.key("position")}, '{queries.NO_POSITION}') AS position,
                   sum(a.seats) AS hands,
                   sum(a.pt_net * 1.0 / max(a.unit, 1)) AS net_won,
                   total(a.x_bb_per_100) AS bb
            FROM {table.name} a
            WHERE a.player_id IN ({marks}) AND {where} AND {in_currency}
            GROUP BY 1""",
        [*ids, *params, *more],
    )
    if frame.empty:
        return pd.DataFrame(columns=["position", "hands", "net_won", "bb_per_100"])
    frame["bb_per_100"] = frame["bb"] / frame["hands"] * 100
    order = {p: i for i, p in enumerate(queries.POSITION_ORDER)}
    frame["_order"] = frame["position"].map(lambda p: order.get(p, len(order)))
    frame = frame.sort_values(["_order", "position"]).drop(columns=["_order", "bb"])
    return frame.reset_index(drop=True)


def _grid(
    conn: sqlite3.Connection, filters: queries.Filters, ids: list[int], currency: str | None
) -> pd.DataFrame:
    where, params = _where(filters, ids, "g")
    in_currency, more = _currency("g", currency)
    cells = dict(
        (label, (int(hands), float(bb)))
        for label, hands, bb in conn.execute(
            f"""SELECT g.starting_hand, sum(g.hands), total(g.net_bb)
                FROM {page_sums.GRID_TABLE.name} g WHERE {where} AND {in_currency}
                GROUP BY g.starting_hand""",
            [*params, *more],
        )
    )
    every = pq.all_labels()
    grid = pd.DataFrame(
        {
            "hand": every,
            "hands": [cells.get(label, (0, 0.0))[0] for label in every],
            "net_bb": [cells.get(label, (0, 0.0))[1] for label in every],
        }
    )
    return pq.grid_frame(grid)


def _sessions(
    conn: sqlite3.Connection, filters: queries.Filters, ids: list[int], currency: str | None
) -> pd.DataFrame:
    where, params = _where(filters, ids, "s")
    in_currency, more = _currency("s", currency)
    rows = conn.execute(
        f"""SELECT s.currency, s.unit, s.first_at, s.last_at, s.hands, s.net, s.net_bb
            FROM {page_sums.SESSION_TABLE} s WHERE {where} AND {in_currency}""",
        [*params, *more],
    ).fetchall()
    if not rows:
        return pd.DataFrame(columns=pq.SESSION_COLUMNS)
    by_currency: dict[str, list[page_sums.Session]] = {}
    for cur, unit, first, last, hands, net, net_bb in rows:
        # Net won in major units here: keys of one currency may differ in unit.
        won = net / (unit if unit > 0 else 1)
        by_currency.setdefault(cur, []).append(page_sums.Session(first, last, hands, won, net_bb))
    merged = [
        (cur, s) for cur, found in by_currency.items() for s in page_sums.merge_sessions(found)
    ]
    frame = pd.DataFrame(
        {
            "currency": [None if cur == "" else cur for cur, _ in merged],
            "start": pd.to_datetime([s.start for _, s in merged], utc=True, unit="s"),
            "end": pd.to_datetime([s.end for _, s in merged], utc=True, unit="s"),
            "hands": np.array([s.hands for _, s in merged], dtype=np.int64),
            "net_won": [float(s.net) for _, s in merged],
            "net_bb": [s.net_bb for _, s in merged],
        }
    )
    frame["minutes"] = (frame["end"] - frame["start"]).dt.total_seconds() / 60
    frame["bb_per_100"] = frame["net_bb"] / frame["hands"] * 100
    frame = frame.sort_values("start", ascending=False, kind="stable").reset_index(drop=True)
    return frame[pq.SESSION_COLUMNS]
