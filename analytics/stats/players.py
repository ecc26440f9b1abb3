"""Player statistics over any filter: VPIP, PFR, 3-bet ... bb/100 and all-in EV, each rate
with its sample and a 95% Wilson interval (issue 3).

Every figure is a ratio of sums over the per-hand rows the importer stored
(``player_hand_stats``, one per player and hand, with ``all_in_ev`` joined in and ``hands``
for dates, games and stakes), so each can be traced back to the hands behind it
(:mod:`analytics.stats.explain`). One table drives everything: :data:`STATS`, each stat with its
per-row numerator and denominator as SQL over ``s`` (``player_hand_stats``), ``h``
(``hands``) and ``e`` (``all_in_ev``, may be NULL). The aggregate sums them in SQL,
grouped by player and currency (money in different currencies is never added), and by
position, stakes or month if asked; pandas derives the rates and intervals.

``docs/stats.md`` ("Aggregates") defines every name in :data:`STAT_NAMES`; a test checks it.

Why a rate carries ``x``, ``n`` and an interval: 1 of 1 is not "100%". The Wilson score
interval (:func:`wilson`) stays inside [0, 1] and is honest for small samples and for
rates near 0 or 1, where the textbook ``p ± z·√(p(1−p)/n)`` is not.
"""

from __future__ import annotations

import difflib
import json
import math
import os
import re
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from analytics.lazy_modules import LazyModule
from analytics.stats.catalog import STATS, Kind, Stat
from analytics.stats.queries import NO_POSITION, POSITION_ORDER, Filters, stakes_label
from analytics.store.db import connect

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd
else:  # loaded when a frame is built: the importer never needs them (issue 11)
    np, pd = LazyModule("numpy"), LazyModule("pandas")

__all__ = [
    "GROUPINGS",
    "STATS",
    "STAT_NAMES",
    "BadFilter",
    "Kind",
    "Stat",
    "StatsQuery",
    "UnknownStat",
    "checked_query",
    "player_stats",
    "records",
    "stat",
    "stats",
    "wilson",
]

#: z for a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson(x: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``x / n`` (95% by default).

    One hand in one is not 100%: the interval says "somewhere above 21%". With no sample
    at all the interval is the whole of [0, 1].

    >>> [round(v, 4) for v in wilson(1, 1)]
    [0.2065, 1.0]
    >>> [round(v, 4) for v in wilson(50, 100)]
    [0.4038, 0.5962]
    >>> [round(v, 4) for v in wilson(0, 20)]
    [0.0, 0.1611]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n <= 0:
        return (0.0, 1.0)
    p = x / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    # At x = 0 (x = n) the bound is 0 (1) exactly; rounding would leave 1e-17 there.
    low = 0.0 if x <= 0 else max(0.0, centre - half)
    high = 1.0 if x >= n else min(1.0, centre + half)
    return (low, high)


def wilson_arrays(x: Any, n: Any, z: float = Z95) -> tuple[np.ndarray, np.ndarray]:
    """:func:`wilson` over arrays (NaN-free: ``n = 0`` gives [0, 1])."""
    x = np.asarray(x, dtype=float)
    n = np.asarray(n, dtype=float)
    safe = np.where(n > 0, n, 1.0)
    p = np.clip(x / safe, 0.0, 1.0)
    z2 = z * z
    denominator = 1 + z2 / safe
    centre = (p + z2 / (2 * safe)) / denominator
    half = z * np.sqrt(p * (1 - p) / safe + z2 / (4 * safe * safe)) / denominator
    low = np.where((n > 0) & (x > 0), np.maximum(0.0, centre - half), 0.0)
    high = np.where((n > 0) & (x < n), np.minimum(1.0, centre + half), 1.0)
    return low, high


# -- the stats ----------------------------------------------------------------------------
# Defined once, in the catalog (``analytics.stats.catalog``: issue 25, item 1).
#: Every stat name this module exposes (documented in docs/stats.md, "Aggregates").
STAT_NAMES: tuple[str, ...] = tuple(s.name for s in STATS)
_BY_NAME = {s.name: s for s in STATS}


class UnknownStat(KeyError):
    def __init__(self, name: str) -> None:
        self.name = name
        wanted = name.casefold()
        close = difflib.get_close_matches(wanted, STAT_NAMES, n=3, cutoff=0.6)
        # Equally close names in the catalog's order (cbet_flop before cbet_turn).
        close.sort(key=lambda n: (-difflib.SequenceMatcher(None, wanted, n).ratio(),
                                  STAT_NAMES.index(n)))  # fmt: skip
        hint = f"; did you mean: {', '.join(close)}?" if close else ""
        super().__init__(f"no stat {name!r} (one of: {', '.join(STAT_NAMES)}){hint}")

    def __str__(self) -> str:
        return str(self.args[0])


def stat(name: str) -> Stat:
    """The stat called ``name`` (its label works too: ``"3-bet"``, ``"W$SD"``)."""
    found = _BY_NAME.get(name)
    if found is None:
        wanted = name.strip().lower()
        found = next((s for s in STATS if s.label.lower() == wanted), None)
    if found is None:
        raise UnknownStat(name)
    return found


# -- the query ----------------------------------------------------------------------------

#: ``by``: the extra grouping, its output columns and SQL.
GROUPINGS: dict[str, tuple[tuple[str, str], ...]] = {
    "position": (("position", "s.position"),),
    "stakes": (("game", "h.game"), ("small_blind", "h.small_blind"), ("big_blind", "h.big_blind")),
    "month": (("month", "substr(h.started_at, 1, 7)"),),
}


@dataclass(frozen=True, slots=True, kw_only=True)
class StatsQuery:
    """What to aggregate: the dashboard's :class:`~analytics.stats.queries.Filters` (dates, games,
    stakes, cash or tournament) plus the filters that need a player's row."""

    filters: Filters = field(default_factory=Filters)
    #: Player names (any site); empty for every player.
    players: tuple[str, ...] = ()
    #: Player ids (the overview's chosen ones, :mod:`analytics.stats.leaders`); None for
    #: every player.
    player_ids: tuple[int, ...] | None = None
    #: ``BTN``, ``SB`` ...; empty for all.
    positions: tuple[str, ...] = ()
    #: Table sizes (the header's ``6-max``: ``hands.max_seats``); empty for all.
    table_sizes: tuple[int, ...] = ()
    #: Stakes levels as stored (:func:`stakes_matching`): (game, currency, small blind,
    #: big blind, small bet, big bet), None where the hand has none (stud has no blinds);
    #: empty for all. Unlike ``filters.stakes`` (blinds only), they name stud and fixed
    #: limit levels as ``--by stakes`` prints them (issue 23, item 17).
    levels: tuple[Level, ...] = ()
    #: None, ``position``, ``stakes`` or ``month``.
    by: str | None = None
    #: Leave out the groups with fewer hands.
    min_hands: int = 0
    #: The stats to compute (names in :data:`STATS`; ``hands`` always); empty for all. A
    #: page that shows a few reads a few: on 1,000,000 hands the overview's statistics
    #: spend most of their time fetching and converting sums it never shows.
    stats: tuple[str, ...] = ()
    #: Sum every chosen player's rows as one group (a person's accounts, issue 25 item 5:
    #: :mod:`analytics.stats.people`), per currency (and ``by``), not one per player.
    together: bool = False

    def __post_init__(self) -> None:
        if self.by is not None and self.by not in GROUPINGS:
            raise ValueError(f"cannot group by {self.by!r} (one of: {', '.join(GROUPINGS)})")
        for name in self.stats:
            stat(name)  # UnknownStat for a name that is not one

    def chosen(self) -> tuple[Stat, ...]:
        """The stats to compute, in :data:`STATS`' order."""
        if not self.stats:
            return STATS
        return tuple(s for s in STATS if s.name == "hands" or s.name in self.stats)

    def where(self) -> tuple[str, list[object]]:
        """The SQL condition over ``h``, ``s`` and ``p`` (players), and its parameters.

        >>> StatsQuery(players=("Pluribus",), table_sizes=(6,)).where()[1]
        ['Pluribus', 6]

        Players are picked by id (``s.player_id IN (SELECT id ...)``), so that SQLite can
        seek a player's rows in the ``player_id`` index instead of testing every row's name.
        """
        where, params = self.filters.where("h")
        clauses = [where]
        if self.levels:
            clauses.append(levels_clause("h", self.levels, params, sentinel=False))
        if self.players:
            marks = ", ".join("?" * len(self.players))
            clauses.append(f"s.player_id IN (SELECT id FROM players WHERE name IN ({marks}))")
            params.extend(self.players)
        if self.player_ids is not None:
            clauses.append("s.player_id IN (SELECT value FROM json_each(?))")
            params.append(json.dumps(self.player_ids))
        for column, values in (
            ("s.position", self.positions),
            ("h.max_seats", self.table_sizes),
        ):
            if values:
                clauses.append(f"{column} IN ({', '.join('?' * len(values))})")
                params.extend(values)
        return " AND ".join(clauses), params


#: One stakes level as stored: (game, currency, small blind, big blind, small bet, big bet).
Level = tuple[str, str, "int | None", "int | None", "int | None", "int | None"]
_LEVEL_COLUMNS = ("game", "currency", "small_blind", "big_blind", "small_bet", "big_bet")


def levels_clause(alias: str, levels: Sequence[Level], params: list[object], *,
                  sentinel: bool) -> str:  # fmt: skip
    """The SQL condition "one of these levels" on ``alias``'s columns (added to ``params``):
    the hands' NULLs read as the sums' sentinel -1 (``sentinel``: the columns hold it)."""

    def column(name: str) -> str:
        if name in ("game", "currency") or sentinel:
            return f"{alias}.{name}"
        return f"coalesce({alias}.{name}, -1)"

    one = " AND ".join(f"{column(name)} = ?" for name in _LEVEL_COLUMNS)
    for level in levels:
        params.extend(-1 if value is None else value for value in level)
    return "(" + " OR ".join(f"({one})" for _ in levels) + ")"


def stats(db_path: str | os.PathLike[str], query: StatsQuery | None = None) -> pd.DataFrame:
    """:func:`player_stats` on the database at ``db_path`` (which must exist)."""
    db = connect(db_path, create=False)
    try:
        return player_stats(db.conn, query or StatsQuery())
    finally:
        db.close()


#: The FROM clause every aggregate and explanation reads, a player's rows first
#: (``CROSS JOIN`` fixes the order: left to itself, SQLite walked every hand in date order
#: for an explanation's ``ORDER BY``, 7.5 s for a player in 45,000 of 1,000,000 hands).
FROM = """
    FROM player_hand_stats s
    CROSS JOIN hands h ON h.id = s.hand
    JOIN players p ON p.id = s.player_id
    LEFT JOIN all_in_ev e ON e.hand = s.hand AND e.seat = s.seat
"""
#: The same rows read hands first (``CROSS JOIN`` fixes the order in SQLite): each hand's
#: ``player_hand_stats`` rows are then one range of that WITHOUT ROWID table, in the order
#: it is stored. Reading a player's rows through the ``player_id`` index instead costs a
#: lookup in ``player_hand_stats`` and one in ``hands`` per row: on 100,000 hands
#: (600,000 rows) 3.1 s for everyone against 1.6 s hands first, 1.1 s against 0.4 s for a
#: player in every hand.
FROM_HANDS_FIRST = """
    FROM hands h
    CROSS JOIN player_hand_stats s ON s.hand = h.id
    JOIN players p ON p.id = s.player_id
    LEFT JOIN all_in_ev e ON e.hand = s.hand AND e.seat = s.seat
"""
#: Below this share of all the rows, a player's rows are read through the index.
INDEX_SHARE = 1 / 50


def from_clause(conn: sqlite3.Connection, query: StatsQuery) -> str:
    """:data:`FROM_HANDS_FIRST`, or :data:`FROM` for players with few rows (measured: a
    lookup by the index costs about as much as reading 50 rows in order). Both give the
    same rows; only the time differs."""
    if not query.players:
        return FROM_HANDS_FIRST
    from analytics.store import aggregates

    marks = ", ".join("?" * len(query.players))
    # Counted in the pre-aggregated sums when there are: a count(*) of every row is itself
    # a scan of millions of index entries.
    table, rows = ("player_sums", "sum(stat_rows)") if aggregates.available(conn) else (
        "player_hand_stats", "count(*)")  # fmt: skip
    (mine,) = conn.execute(
        f"SELECT coalesce({rows}, 0) FROM {table} WHERE player_id IN "
        f"(SELECT id FROM players WHERE name IN ({marks}))",
        query.players,
    ).fetchone()
    (every,) = conn.execute(f"SELECT coalesce({rows}, 0) FROM {table}").fetchone()
    return FROM if mine < every * INDEX_SHARE else FROM_HANDS_FIRST


def player_stats(
    conn: sqlite3.Connection, query: StatsQuery, *, aggregated: bool | None = None
) -> pd.DataFrame:
    """One row per player and currency (and position, stakes or month with ``by``).

    Read from the pre-aggregated sums (:mod:`analytics.store.aggregates`) when the database has
    them (``aggregated=None``), else, or with ``aggregated=False``, from the per-hand rows:
    every filter and grouping is a condition on the sums' keys, so both give the same
    figures (up to the order in which floats of bb/100 and EV are added).

    Columns: ``player``, ``site``, ``currency``, ``unit``, the grouping's columns (``stakes``
    as a label with ``by="stakes"``), then per stat: a rate ``r`` gives ``r`` (the
    proportion, NaN without a sample), ``r_x``, ``r_n``, ``r_low``, ``r_high``; a ratio
    ``r``, ``r_x``, ``r_n``; money in major units (``net_won``) and, exact, in the smallest
    unit (``net_won_units``); bb/100 stats a float; counts an int.
    """
    from analytics.store import aggregates

    if aggregated is None:  # the sums know no hand query (Filters.hands_sql)
        aggregated = aggregates.available(conn) and not query.filters.hands_sql
    if aggregated:
        sql, params = _aggregated_sql(query)
        cursor = conn.execute(sql, params)
        raw = pd.DataFrame.from_records(
            cursor.fetchall(), columns=[c[0] for c in cursor.description]
        )
        return _derive(raw, query.by, query.chosen())
    where, params = query.where()
    groups = GROUPINGS[query.by] if query.by else ()
    keys = [*([] if query.together else ["s.player_id"]), "h.currency",
            *(sql for _, sql in groups)]  # fmt: skip
    # Fixed limit is named by its bets (the blinds are half of them).
    sums = ["max(h.small_bet) AS small_bet", "max(h.big_bet) AS big_bet"] if groups else []
    for s in query.chosen():
        sums.append(f"sum({s.x}) AS {s.name}_x")
        if s.kind in (Kind.RATE, Kind.RATIO, Kind.PER_100):
            sums.append(f"sum({s.n}) AS {s.name}_n")
    sql = f"""
        SELECT min(p.name) AS player, min(p.site) AS site, h.currency AS currency,
               max(h.unit) AS unit {"".join(f", {sql} AS {name}" for name, sql in groups)},
               {", ".join(sums)}
        {from_clause(conn, query)}
        WHERE h.status = 'ok' AND NOT p.anonymous AND {where}
        GROUP BY {", ".join(keys)}
        HAVING count(*) >= ?
    """
    cursor = conn.execute(sql, [*params, max(query.min_hands, 1)])
    raw = pd.DataFrame.from_records(cursor.fetchall(), columns=[c[0] for c in cursor.description])
    return _derive(raw, query.by, query.chosen())


def _aggregated_sql(query: StatsQuery) -> tuple[str, list[object]]:
    """:func:`player_stats`'s query over the sums: the per-day table for dates or months,
    the all-time one otherwise; the same filters as :meth:`StatsQuery.where` on the keys."""
    from analytics.store import aggregates

    table = aggregates.player_table_for(
        query.filters, by_day=query.by == "month",
        positions=bool(query.positions) or query.by == "position",
    )  # fmt: skip
    where, params = aggregates.filters_where(query.filters, days=table is aggregates.DAY_TABLE)
    # Anonymous seats (migration 0012) are no player's: never a row of their own.
    clauses = [where, "a.stat_rows > 0", "NOT p.anonymous"]
    if query.levels:
        clauses.append(levels_clause("a", query.levels, params, sentinel=True))
    if query.players:
        marks = ", ".join("?" * len(query.players))
        clauses.append(f"a.player_id IN (SELECT id FROM players WHERE name IN ({marks}))")
        params.extend(query.players)
    if query.player_ids is not None:
        clauses.append("a.player_id IN (SELECT value FROM json_each(?))")
        params.append(json.dumps(query.player_ids))
    for column, values in (("a.position", query.positions), ("a.max_seats", query.table_sizes)):
        if values:
            clauses.append(f"{column} IN ({', '.join('?' * len(values))})")
            params.extend(values)
    groups: tuple[tuple[str, str], ...] = ()
    if query.by == "month":
        groups = (("month", f"substr({table.key('day')}, 1, 7)"),)
    elif query.by is not None:
        groups = tuple((name, table.key(name)) for name, _ in GROUPINGS[query.by])
    keys = [*([] if query.together else ["a.player_id"]), "a.currency",
            *(sql for _, sql in groups)]  # fmt: skip
    sums = [f"max({table.key('small_bet')}) AS small_bet",
            f"max({table.key('big_bet')}) AS big_bet"] if groups else []  # fmt: skip
    for s in query.chosen():
        sums.append(f"sum(a.x_{s.name}) AS {s.name}_x")
        if s.kind in (Kind.RATE, Kind.RATIO, Kind.PER_100):
            sums.append(f"sum(a.n_{s.name}) AS {s.name}_n")
    sql = f"""
        SELECT min(p.name) AS player, min(p.site) AS site,
               {table.key("currency")} AS currency, max({table.key("unit")}) AS unit
               {"".join(f", {sql} AS {name}" for name, sql in groups)},
               {", ".join(sums)}
        FROM {table.name} a JOIN players p ON p.id = a.player_id
        WHERE {" AND ".join(clauses)}
        GROUP BY {", ".join(keys)}
        HAVING sum(a.stat_rows) >= ?
    """
    return sql, [*params, max(query.min_hands, 1)]


def _derive(raw: pd.DataFrame, by: str | None, chosen: tuple[Stat, ...] = STATS) -> pd.DataFrame:
    """The rates, intervals and money columns from the sums (of the ``chosen`` stats)."""
    out: dict[str, Any] = {"player": raw["player"], "site": raw["site"],
                           "currency": raw["currency"], "unit": raw["unit"]}  # fmt: skip
    if by == "stakes":
        out["stakes"] = [_stakes(*values) for values in zip(
            raw["game"], raw["currency"], raw["unit"], raw["small_blind"], raw["big_blind"],
            raw["small_bet"], raw["big_bet"], strict=True,
        )]  # fmt: skip
        for column in ("game", "small_blind", "big_blind"):
            out[column] = raw[column]
        # Sorted by the amount the label shows, as a number ($2 before $10; stud by bets).
        out["_big"] = raw["big_bet"].where(raw["big_bet"].notna(), raw["big_blind"])
    elif by == "position":
        out[by] = raw[by].fillna(NO_POSITION)
    elif by is not None:
        out[by] = raw[by]
    unit = raw["unit"].fillna(1).where(raw["unit"].fillna(1) > 0, 1).astype(float)
    for s in chosen:
        x = raw[f"{s.name}_x"].fillna(0)
        if s.kind is Kind.COUNT:
            out[s.name] = x.astype(int)
        elif s.kind is Kind.MONEY:
            out[s.name] = x.astype(float) / unit
            # Exact in the smallest unit: an int for net and rake, a float for EV.
            out[f"{s.name}_units"] = x
        else:
            n = raw[f"{s.name}_n"].fillna(0)
            value = x.astype(float) / n.where(n > 0).astype(float)
            if s.kind is Kind.PER_100:
                out[s.name] = value * 100
                continue
            out[s.name] = value
            out[f"{s.name}_x"] = x.astype(int)
            out[f"{s.name}_n"] = n.astype(int)
            if s.kind is Kind.RATE:
                out[f"{s.name}_low"], out[f"{s.name}_high"] = wilson_arrays(x, n)
    frame = pd.DataFrame(out)
    return _sorted(frame, by).reset_index(drop=True)


def _stakes(game: Any, currency: str, unit: Any, *amounts: Any) -> str:
    """``NLHE 50/100 play``, ``FLHE $0.10/$0.20`` (fixed limit by its bets)."""
    small_blind, big_blind, small_bet, big_bet = amounts
    small, big = (small_bet, big_bet) if pd.notna(big_bet) else (small_blind, big_blind)
    if pd.isna(small) or pd.isna(big):
        return f"{game} ?"
    return f"{game} {stakes_label(currency, int(small), int(big), int(unit or 1))}"


def _sorted(frame: pd.DataFrame, by: str | None) -> pd.DataFrame:
    if frame.empty:
        return frame.drop(columns="_big", errors="ignore")
    total = frame.groupby(["player", "site", "currency"])["hands"].transform("sum")
    order: dict[str, Any] = {"_total": -total, "player": frame["player"]}
    if by == "position":
        place = {p: i for i, p in enumerate(POSITION_ORDER)}
        order["_group"] = frame["position"].map(lambda p: place.get(p, len(place)))
    elif by == "stakes":
        order["_game"] = frame["game"]
        order["_group"] = frame.pop("_big").astype(float)
    elif by == "month":
        order["_group"] = frame["month"]
    keys = pd.DataFrame(order)
    return frame.loc[keys.sort_values(list(keys.columns), na_position="last").index]


def records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """The frame as JSON-ready objects: a rate is ``{"x", "n", "value", "low", "high"}``,
    a ratio ``{"x", "n", "value"}``; money in major units and in the smallest (``_units``);
    NaN becomes None."""
    out = []
    for row in frame.to_dict("records"):
        record: dict[str, Any] = {}
        for key in ("player", "site", "currency", "unit", "position", "stakes", "game", "month"):
            if key in row:
                record[key] = _plain(row[key])
        for s in STATS:
            if s.name not in row:  # a query of some stats only
                continue
            if s.kind is Kind.RATE or s.kind is Kind.RATIO:
                value = {"x": _plain(row[f"{s.name}_x"]), "n": _plain(row[f"{s.name}_n"]),
                         "value": _plain(row[s.name])}  # fmt: skip
                if s.kind is Kind.RATE:
                    value["low"] = _plain(row[f"{s.name}_low"])
                    value["high"] = _plain(row[f"{s.name}_high"])
                record[s.name] = value
            elif s.kind is Kind.MONEY:
                record[s.name] = _plain(row[s.name])
                record[f"{s.name}_units"] = _plain(row[f"{s.name}_units"])
            else:
                record[s.name] = _plain(row[s.name])
        out.append(record)
    return out


def _plain(value: Any) -> Any:
    """numpy scalars as Python ones, NaN as None; whole floats of money stay floats."""
    if value is None:
        return None
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


# -- filters given as text ------------------------------------------------------------------


class BadFilter(ValueError):
    """A filter that could only match nothing by mistake: a value that names nothing stored
    (the message lists the stored ones), dates the wrong way round, stakes that are not two
    amounts. ``pokerhh stats`` used to print "no hands match" for these."""


def checked_query(
    conn: sqlite3.Connection, query: StatsQuery, stakes: Sequence[str] = ()
) -> StatsQuery:
    """``query`` with the values a user typed resolved to the stored ones: games,
    positions and players case-insensitively (``nlhe`` is ``NLHE``), ``stakes`` as money
    (:func:`stakes_matching`). Raises :class:`BadFilter`."""
    filters = query.filters
    if filters.date_from and filters.date_to and filters.date_from > filters.date_to:
        raise BadFilter(
            f"the dates are the wrong way round: from {filters.date_from} is after"
            f" to {filters.date_to}"
        )
    games = _stored_games(conn, filters.games)
    positions = _stored_values(
        "position", query.positions,
        "SELECT DISTINCT position FROM player_hand_stats WHERE position IS NOT NULL", conn,
    )  # fmt: skip
    sizes = query.table_sizes
    if sizes:
        stored = sorted(r[0] for r in conn.execute(
            "SELECT DISTINCT max_seats FROM hands WHERE status = 'ok' AND max_seats IS NOT NULL"
        ))  # fmt: skip
        for size in sizes:
            if size not in stored:
                raise BadFilter(
                    f"no hands at tables of {size} seats (stored: {_listed(map(str, stored))})"
                )
    sites = _stored_values(
        "room", filters.sites, "SELECT DISTINCT site FROM hands WHERE status = 'ok'", conn
    )
    levels = stakes_matching(conn, stakes) if stakes else query.levels
    filters = replace(filters, games=games, sites=sites)
    players = stored_players(conn, query.players)
    return replace(query, filters=filters, players=players, positions=positions, levels=levels)


def _listed(values: Iterable[str]) -> str:
    return ", ".join(values) or "none"


def _stored_values(
    what: str, given: Sequence[str], sql: str, conn: sqlite3.Connection
) -> tuple[str, ...]:
    if not given:
        return ()
    stored = sorted(r[0] for r in conn.execute(sql))
    by_key = {value.casefold(): value for value in stored}
    resolved = []
    for value in given:
        found = by_key.get(value.strip().casefold())
        if found is None:
            raise BadFilter(f"unknown {what} {value!r} (stored: {_listed(stored)})")
        resolved.append(found)
    return tuple(dict.fromkeys(resolved))


def _stored_games(conn: sqlite3.Connection, given: Sequence[str]) -> tuple[str, ...]:
    """Each game as stored, by its code or its name in any case (``nlhe``; ``razz``,
    ``Razz Limit`` or ``RAZZ`` for ``FLRAZZ``: issue 23, item 17): the name without its
    betting structure, and the code without its ``FL``/``NL``/``PL`` prefix, name every
    stored game they fit (``omaha``: the stored PLO, NLO and FLO)."""
    if not given:
        return ()
    from parser.model.games import GAME_SPECS

    stored = sorted(r[0] for r in conn.execute(
        "SELECT DISTINCT game FROM hands WHERE status = 'ok' AND game IS NOT NULL"
    ))  # fmt: skip
    names: dict[str, list[str]] = {}
    for code in stored:
        spec = GAME_SPECS.get(code)
        aliases = {code, re.sub(r"^(PLNL|FL|NL|PL)(?=.)", "", code)}
        if spec is not None:
            aliases |= {spec.name, re.sub(r" (No |Pot )?Limit$", "", spec.name)}
        for alias in aliases:
            names.setdefault(" ".join(alias.casefold().split()), []).append(code)
    resolved: list[str] = []
    for value in given:
        found = names.get(" ".join(value.casefold().split()))
        if found is None:
            raise BadFilter(f"unknown game {value!r} (stored: {_listed(stored)})")
        resolved.extend(found)
    return tuple(dict.fromkeys(resolved))


def stored_players(conn: sqlite3.Connection, given: Sequence[str]) -> tuple[str, ...]:
    """Every stored spelling of each name, in any case (``hero`` is ``Hero`` and ``HERO``,
    never only a ``hero`` that happens to be stored: issue 23, item 17); a name stored in
    no case is a :class:`BadFilter` with the close ones."""
    resolved: list[str] = []
    names: list[str] | None = None
    for name in given:
        if names is None:
            names = [r[0] for r in conn.execute(
                "SELECT DISTINCT name FROM players WHERE NOT anonymous"
            )]  # fmt: skip
        wanted = name.strip().casefold()
        same = [stored for stored in names if stored.casefold() == wanted]
        if not same:
            close = difflib.get_close_matches(name, names, n=5, cutoff=0.6)
            hint = f"; did you mean: {', '.join(close)}?" if close else ""
            raise BadFilter(f"no player {name!r} among the {len(names):,} stored{hint}")
        resolved.extend(same)
    return tuple(dict.fromkeys(resolved))


#: One amount of a stakes text: an optional currency sign, then digits with an optional
#: decimal part, or a decimal part alone (``.05``); thousands separators allowed.
_AMOUNT = r"([$€£]?)\s*(\d[\d,]*(?:\.\d*)?|\.\d+)"
_STAKES = re.compile(rf"^\s*{_AMOUNT}\s*/\s*{_AMOUNT}\s*$")
_SIGNS = {"$": "USD", "€": "EUR", "£": "GBP"}


def parse_stakes(text: str) -> tuple[Decimal, Decimal, str | None]:
    """The blinds of a stakes text, in major units, exactly, and the currency its sign
    names (None without a sign).

    >>> parse_stakes(".05/.10"), parse_stakes("$0.05/$0.10"), parse_stakes("1,000/2,000")
    ((Decimal('0.05'), Decimal('0.10'), None), (Decimal('0.05'), Decimal('0.10'), 'USD'), \
(Decimal('1000'), Decimal('2000'), None))
    >>> parse_stakes("NL10")
    Traceback (most recent call last):
    analytics.stats.players.BadFilter: stakes 'NL10': expected two amounts, like 50/100, \
$0.05/$0.10 or .05/.10 (no letters)
    """
    match = _STAKES.match(text)
    if match is None:
        raise BadFilter(
            f"stakes {text!r}: expected two amounts, like 50/100, $0.05/$0.10 or .05/.10"
            " (no letters)"
        )
    sign_small, small, sign_big, big = match.groups()
    signs = {sign for sign in (sign_small, sign_big) if sign}
    if len(signs) > 1:
        raise BadFilter(f"stakes {text!r}: two different currencies")
    currency = _SIGNS[signs.pop()] if signs else None
    return Decimal(small.replace(",", "")), Decimal(big.replace(",", "")), currency


def stakes_matching(conn: sqlite3.Connection, texts: Sequence[str]) -> tuple[Level, ...]:
    """The stored stakes levels that ``texts`` name: a label as ``--by stakes`` prints it
    (``FLHE $10.00/$20.00``, ``FL7S $0.10/$0.20``, ``NLHE 50/100 chips``, with or without
    its game), or two amounts in major units, ``"50/100"``, ``"$0.05/$0.10"``,
    ``".05/.10"``: the amounts the label shows (a fixed-limit game's bets, as the rooms
    name it; stud has no blinds), compared exactly; a currency sign narrows to that
    currency.

    Raises :class:`BadFilter` (a ``ValueError``) naming the text that is not two amounts
    or matches no stored stakes, with the stored ones as ``--by stakes`` labels them."""
    stored = conn.execute(
        "SELECT DISTINCT game, currency, small_blind, big_blind, small_bet, big_bet, unit"
        " FROM hands WHERE status = 'ok' AND game IS NOT NULL AND currency IS NOT NULL"
        " AND ((small_blind IS NOT NULL AND big_blind IS NOT NULL)"
        " OR (small_bet IS NOT NULL AND big_bet IS NOT NULL))"
    ).fetchall()
    labelled = {row: _level_label(row) for row in stored}
    found: list[Level] = []
    for text in texts:
        wanted = " ".join(text.casefold().split())
        matches = [row[:6] for row, label in labelled.items()
                   if wanted in (label.casefold(), label.split(" ", 1)[1].casefold())]  # fmt: skip
        if not matches:
            small, big, currency = parse_stakes(text)
            matches = [
                (game, stored_currency, sb, bb, sbet, bbet)
                for game, stored_currency, sb, bb, sbet, bbet, unit in stored
                if currency in (None, stored_currency)
                and _named(sb, bb, sbet, bbet) == (small * (unit or 1), big * (unit or 1))
            ]  # fmt: skip
        if not matches:
            order = sorted(labelled, key=_level_order)
            labels = list(dict.fromkeys(labelled[row] for row in order))
            raise BadFilter(
                f"stakes {text!r}: no stored hands at these stakes (stored: {_listed(labels)})"
            )
        found.extend(matches)
    return tuple(dict.fromkeys(found))


def _named(*amounts: int | None) -> tuple[object, object]:
    """The two amounts a level is named by, as its label: the bets of fixed limit (and of
    stud, which has no blinds), else the blinds."""
    small_blind, big_blind, small_bet, big_bet = amounts
    return (small_bet, big_bet) if big_bet is not None else (small_blind, big_blind)


def _level_label(row: tuple[Any, ...]) -> str:
    """A stored level's ``--by stakes`` label (:func:`_stakes`)."""
    game, currency, small_blind, big_blind, small_bet, big_bet, unit = row
    return _stakes(game, currency, unit, small_blind, big_blind, small_bet, big_bet)


def _level_order(row: tuple[Any, ...]) -> tuple[Any, ...]:
    """Game, currency, then the amounts as numbers: $2/$4 before $10/$20."""
    game, currency, small_blind, big_blind, small_bet, big_bet, _unit = row
    big = big_bet if big_bet is not None else big_blind
    small = small_bet if big_bet is not None else small_blind
    return (game, currency, big if big is not None else -1, small if small is not None else -1)
