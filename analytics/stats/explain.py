"""Explain a stat: the hands behind a player's figure, and why one hand counted.

:func:`explain` lists, for one player and one stat of :mod:`analytics.stats.players`, every hand in
its numerator or denominator, from the same per-row SQL the aggregate sums (so the list
adds up to the figure). :func:`explain_hand` says why one hand counted: it parses the
stored raw text again, replays it, and reads the flags' own reason
(``player_flags(result)[player].reasons[stat]``: "3-bet chance: faced exactly one raise
pre-flop (co to 6) and could re-raise"), with the done flag that put it in the numerator.
"""

from __future__ import annotations

import os
import re
import sqlite3
from dataclasses import fields, replace
from typing import TYPE_CHECKING

from analytics.equity.all_in_ev import all_in_ev
from analytics.ingest.pipeline import Stages
from analytics.lazy_modules import LazyModule
from analytics.stats.flags import player_flags
from analytics.stats.player_queries import player_ids
from analytics.stats.players import GROUPINGS, Kind, Stat, StatsQuery, from_clause, stat
from analytics.store.db import connect
from analytics.store.lookup import StoredHand, find_hand
from replayer.result import ReplayResult

if TYPE_CHECKING:
    import pandas as pd
else:  # loaded when a stat is explained: pokerhh import never needs it (issue 23 item 21)
    pd = LazyModule("pandas")

__all__ = [
    "NotInHand",
    "explain",
    "explain_groups",
    "explain_hand",
    "explain_hand_record",
    "explain_listing",
    "explain_parts",
    "explain_rows",
    "explain_stored",
]

#: A stat's SQL that reads more than the player's own statistics row (``s``).
_READS_OTHERS = re.compile(r"\b[hep]\.")
#: The columns of :func:`explain`.
COLUMNS = ["site", "hand_id", "started_at", "position", "x", "n", "in_numerator",
           "in_denominator", "net", "all_in_ev"]  # fmt: skip


class NotInHand(LookupError):
    """The player was not dealt into the hand, or the hand is not a replayed one."""


def explain(
    db_path: str | os.PathLike[str],
    player: str,
    name: str,
    query: StatsQuery | None = None,
) -> pd.DataFrame:
    """The player's hands in the numerator or the denominator of stat ``name``, oldest first.

    ``x`` and ``n`` are the hand's part of the sums (0/1 for a rate, counts for AF and
    AFq, the amount for money, big blinds for bb/100); ``Σ x ÷ Σ n`` over the rows is the
    figure :func:`analytics.stats.players.stats` shows for the same filters. Money and counts list
    the hands where ``x`` is not 0 (bb/100 every hand: each is in its denominator).
    """
    db = connect(db_path, create=False)
    try:
        return explain_rows(db.conn, player, name, query)
    finally:
        db.close()


def explain_rows(
    conn: sqlite3.Connection, player: str, name: str, query: StatsQuery | None = None
) -> pd.DataFrame:
    """:func:`explain` on an open connection (the dashboard's read-only one)."""
    query = replace(query or StatsQuery(), players=(player,), by=None)
    frame = _explained(conn, query, stat(name), ())
    return frame[COLUMNS].reset_index(drop=True)


def explain_parts(
    conn: sqlite3.Connection, player: str, name: str, query: StatsQuery | None = None
) -> pd.DataFrame:
    """The hands of :func:`explain_rows` as ``hand`` (``hands.id``), ``x`` and ``n`` only, in
    no particular order: what a page listing them needs to pick and sort its rows
    (:func:`analytics.stats.player_queries.explained_page` takes the rest from the page's
    frame of his hands, and room and hand number for the rows shown alone). The same
    per-row SQL, so the same hands and parts; on a million hands a fifth of the time of
    reading every row's texts in date order."""
    return _parts(conn, player, name, query, listing=False)


def explain_listing(
    conn: sqlite3.Connection, player: str, name: str, query: StatsQuery | None = None
) -> pd.DataFrame:
    """:func:`explain_parts` with each hand's ``started_at`` and ``currency``: ``hand``,
    ``x``, ``n``, ``started_at``, ``currency``, in no particular order.

    What "explain a stat" needs to count, order and page the hands behind a stat without
    reading his page's frame of every hand (50,000 hands of a heavy player: 0.6-1.6 s on
    a million hands); the columns shown are looked up for the page's hands alone
    (:func:`analytics.stats.player_queries.explained_rows_of`). The hands are those of
    ``explained_page(explain_parts(...), page_hands(...))``, which keeps the seats dealt
    in: a statistics row is made for a dealt-in seat only (``analytics.stats.flags``), so
    his statistics rows are those seats already.
    """
    return _parts(conn, player, name, query, listing=True)


#: The columns of :func:`explain_parts`, and those :func:`explain_listing` adds.
_PARTS = ["hand", "x", "n"]
_LISTED = ["started_at", "currency"]


def _parts(
    conn: sqlite3.Connection, player: str, name: str, query: StatsQuery | None, *, listing: bool
) -> pd.DataFrame:
    """His hands behind stat ``name`` with their parts (and, ``listing``, time and
    currency), from the per-row SQL of the stat."""
    query = replace(query or StatsQuery(), players=(player,), by=None)
    found = stat(name)
    n = found.n if found.kind in (Kind.RATE, Kind.RATIO, Kind.PER_100) else "0"
    columns = [*_PARTS, *_LISTED] if listing else _PARTS
    unfiltered = replace(query, players=())
    if unfiltered.where()[0] == "1" and not _READS_OTHERS.search(f"{found.x} {n}"):
        # No filter and a stat of his own row only (every rate): his statistics rows alone,
        # by the ids' index, without a hand or player looked up for each but the listing's
        # time and currency (see player_queries.player_ids for why the ids are values).
        ids = player_ids(conn, player)
        if not ids:
            return pd.DataFrame(columns=columns)
        marks = ", ".join("?" * len(ids))
        params: list[object] = list(ids)
        source = "FROM player_hand_stats s"
        if listing:
            source += " CROSS JOIN hands h ON h.id = s.hand"
        where = f"s.player_id IN ({marks})"
    else:
        from analytics.stats.people import named

        query = named(conn, query)  # a person: his accounts' ids (issue 25, item 5)
        source = from_clause(conn, query)
        where, params = query.where()
    listed = ", h.started_at, h.currency" if listing else ""
    sql = f"""
        SELECT * FROM (
            SELECT s.hand AS hand, {found.x} AS x, {n} AS n{listed}
            {source}
            WHERE {where}
        ) WHERE x <> 0 OR n <> 0
    """
    rows = conn.execute(sql, params).fetchall()
    return pd.DataFrame.from_records(rows, columns=columns)


def explain_groups(conn: sqlite3.Connection, query: StatsQuery, name: str) -> pd.DataFrame:
    """The hands behind stat ``name`` for ``query`` (its players, filters and grouping),
    each with the keys of the group of :func:`analytics.stats.players.player_stats` it counts in:
    ``player``, ``currency`` and the ``by`` columns as ``group_<column>`` (``site`` is the
    hand's, which is the player's), then :data:`COLUMNS`. Rows come from the same SQL as
    the aggregate, so a group's ``Σ x`` and ``Σ n`` are its figure's."""
    groups = GROUPINGS[query.by] if query.by else ()
    keys = (
        ("player", "p.name"),
        ("currency", "h.currency"),
        *((f"group_{column}", sql) for column, sql in groups),
    )
    frame = _explained(conn, query, stat(name), keys)
    return frame[[key for key, _ in keys] + COLUMNS].reset_index(drop=True)


def _explained(
    conn: sqlite3.Connection,
    query: StatsQuery,
    found: Stat,
    keys: tuple[tuple[str, str], ...],
    hand: tuple[str, str] | None = None,
) -> pd.DataFrame:
    where, params = query.where()
    if hand is not None:
        where += " AND h.site = ? AND h.hand_id = ?"
        params.extend(hand)
    n = found.n if found.kind in (Kind.RATE, Kind.RATIO, Kind.PER_100) else "0"
    # No ``h.status = 'ok'``: only ok hands have statistics rows, and on a million hands
    # that condition made SQLite filter every hand first (1.0-1.5 s -> well under).
    extra = "".join(f"{sql} AS {name}, " for name, sql in keys)
    sql = f"""
        SELECT * FROM (
            SELECT {extra}h.site, h.hand_id, h.started_at, s.position,
                   {found.x} AS x, {n} AS n, s.net, e.all_in_ev
            {from_clause(conn, query)}
            WHERE {where}
            ORDER BY h.started_at, h.id
        ) WHERE x <> 0 OR n <> 0
    """
    cursor = conn.execute(sql, params)
    columns = [c[0] for c in cursor.description]
    frame = pd.DataFrame.from_records(cursor.fetchall(), columns=columns)
    if frame.empty:
        frame = pd.DataFrame(columns=columns)
    frame["in_numerator"] = frame["x"] != 0
    frame["in_denominator"] = frame["n"] != 0
    return frame


def explain_hand(db_path: str | os.PathLike[str], hand: str, player: str, name: str) -> str:
    """Why hand ``hand`` (``"100000"`` or ``"PokerStars:100000"``) counted, or did not,
    in ``player``'s stat ``name``, in one or two lines.

    Raises :class:`analytics.store.lookup.HandNotFound`, :class:`NotInHand`, or
    :class:`analytics.stats.players.UnknownStat`; the parser's or engine's error if this version
    no longer replays the stored text.
    """
    found = stat(name)
    return explain_stored(find_hand(db_path, hand), player, found.name)


def explain_hand_record(
    db_path: str | os.PathLike[str], hand: str, player: str, name: str
) -> dict[str, object]:
    """:func:`explain_hand` for machines: the hand, the player, the stat, the hand's part
    of the sums (``x``, ``n``: the same SQL as the aggregate) and the explanation."""
    found = stat(name)
    stored = find_hand(db_path, hand)
    why = explain_stored(stored, player, found.name)
    db = connect(db_path, create=False)
    try:
        query = StatsQuery(players=(player,))
        rows = _explained(db.conn, query, found, (), (stored.site, stored.hand_id))
    finally:
        db.close()
    x, n = (rows["x"].iloc[0].item(), rows["n"].iloc[0].item()) if len(rows) else (0, 0)
    return {
        "hand": f"{stored.site}:{stored.hand_id}",
        "player": player,
        "stat": found.name,
        "x": x,
        "n": n,
        "in_numerator": x != 0,
        "in_denominator": n != 0,
        "why": why.split(": ", 1)[1] if ": " in why else why,
    }


def explain_stored(stored: StoredHand, player: str, name: str) -> str:
    """:func:`explain_hand` of a hand already read (``analytics.stats.queries.stored_hand``)."""
    found = stat(name)
    key = f"{stored.site}:{stored.hand_id}"
    if stored.status != "ok":
        raise NotInHand(f"hand {key} is quarantined ({stored.status}): it counts in no stat")
    stages = Stages.default()
    result = stages.replay(stages.parse_hand(stored.source))
    flags = player_flags(result).get(player)
    if flags is None:
        raise NotInHand(f"{player} was not dealt into hand {key}")
    values = {f.name: getattr(flags, f.name) for f in fields(flags) if f.name != "reasons"}
    if found.name.startswith("all_in_"):
        return f"{key} · {player} · {found.label}: {_why_all_in(result, player)}"
    return f"{key} · {player} · {found.label}: {_why(found, values, flags.reasons)}"


def _why_all_in(result: ReplayResult, player: str) -> str:
    found = all_in_ev(result)
    net = result.player(player).net
    if found is None:
        return f"no all-in with cards to come: his actual net, {net}, counts as it is"
    if found.status.value != "computed":
        return (
            f"all-in {_street(found.street)} but the EV was not computed ({found.status.value}:"
            f" {', '.join(found.unknown) or 'no evaluator'}): left out, his net {net} counts"
        )
    ev = found.player(player).ev
    assert ev is not None
    return (
        f"all-in {_street(found.street)}, {found.boards:,} boards enumerated: his EV "
        f"{float(ev):+.2f} counts instead of his actual net {net:+d}"
        f" (a difference of {float(ev) - net:+.2f}, smallest unit)"
    )


def _street(street: str) -> str:
    return "pre-flop" if street == "preflop" else f"on the {street}"


def _why(found: Stat, values: dict[str, object], reasons: dict[str, str]) -> str:
    """The explanation of one stat from the hand's flags."""
    if found.kind is Kind.RATE and found.done_flag is not None:
        if found.chance_flag is not None:
            chance = bool(values[found.chance_flag])
            if found.position is not None and values["position"] != found.position:
                chance = False
            because = reasons.get(found.reason or "") or _CHANCE_TEXT.get(
                found.chance_flag, found.chance_flag
            )
        else:  # VPIP, PFR: every hand but a walk
            chance = not values["walk"]
            because = "not a walk" if chance else "a walk: everyone folded to him in the big blind"
        if not chance:
            return f"not counted (no {found.label} chance: {found.no_chance})"
        done = bool(values[found.done_flag])
        verdict = "in the numerator" if done else "not in the numerator"
        texts = found.done_text or ("not done", "done")
        return f"in the denominator ({because}); {verdict} ({texts[done]})"
    if found.name in ("af", "afq"):
        streets = ("flop", "turn", "river")
        counts = {
            what: sum(int(values[f"{what}_{st}"]) for st in streets)  # type: ignore[call-overload]
            for what in ("bets", "raises", "calls", "folds")
        }
        return (
            "after the flop he bet {bets}, raised {raises}, called {calls} and folded {folds}"
            " time(s): (bets + raises) in the numerator, calls (AF) or all four (AFq) in the"
            " denominator"
        ).format(**counts)
    if found.name == "hands":
        return "dealt in: counts as one hand"
    return (
        f"every hand counts; his net here is {values['net']} and he paid {values['rake_paid']}"
        " in rake (smallest unit); bb/100 divides the net by the big blind (big bet in"
        " fixed limit)"
    )


_CHANCE_TEXT = {
    "saw_flop": "he saw the flop",
    "went_to_showdown": "he went to showdown",
}
