"""Statistics of a person or of one account (issue 25, item 5).

``--player NAME`` names, in this order: a person (``pokerhh alias add``,
:mod:`analytics.store.people`), whose accounts' rows are summed as one group per currency;
an account ``SITE:NAME``, one room's player alone; or, as before, a player name, one group
per room that has it. A person's figures are :func:`analytics.stats.players.player_stats`
over his accounts' ids with ``together`` set: the same SQL summed over more rows, so a
person's counts and sums are exactly the sums of his accounts' (tests/people).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from analytics.lazy_modules import LazyModule
from analytics.stats.players import StatsQuery, checked_query, player_stats
from analytics.store.db import read_only
from analytics.store.people import Account, account_ids, find_person, people, stored_account

if TYPE_CHECKING:
    import pandas as pd
else:  # loaded when a frame is built
    pd = LazyModule("pandas")

__all__ = [
    "Subject",
    "choices",
    "named",
    "resolve",
    "stats_report",
    "subject_from_choice",
    "subject_query",
    "subjects_stats",
]


@dataclass(frozen=True, slots=True)
class Subject:
    """Whose statistics: a person, one account, or a name (every room's player of it)."""

    #: ``person``, ``account`` or ``name``.
    kind: str
    #: The person's name, the account's screen name, or the name as typed.
    name: str
    #: The accounts (a person's; the account itself), empty for a name.
    accounts: tuple[Account, ...] = ()

    @property
    def label(self) -> str:
        """``Me (person: PokerStars, Bovada)``, ``Hero (PokerStars)``, or the name."""
        if self.kind == "person":
            rooms = ", ".join(dict.fromkeys(a.site for a in self.accounts))
            return f"{self.name} (person: {rooms})"
        if self.kind == "account":
            return self.accounts[0].label
        if len(self.accounts) > 1:
            return f"{self.name} (every room: {', '.join(a.site for a in self.accounts)})"
        return self.name

    @property
    def sites(self) -> str:
        """The rooms of the accounts, ``+``-joined (the ``site`` column of a person's row)."""
        return "+".join(dict.fromkeys(a.site for a in self.accounts))


def resolve(conn: sqlite3.Connection, text: str) -> Subject:
    """What ``--player text`` names: a person first, then ``SITE:NAME`` when SITE is a
    stored room, else a player name (checked later, as ``pokerhh stats`` always did)."""
    found = find_person(conn, text)
    if found is not None:
        return Subject("person", found[0], tuple(found[1]))
    site, colon, _ = text.partition(":")
    if colon:
        sites = {r[0].casefold() for r in conn.execute("SELECT DISTINCT site FROM players")}
        if site.strip().casefold() in sites:
            return Subject("account", text, (stored_account(conn, text),))
    return Subject("name", text.strip())


def subject_query(conn: sqlite3.Connection, query: StatsQuery, subject: Subject) -> StatsQuery:
    """``query`` narrowed to ``subject``'s rows: a person's accounts summed ``together``,
    an account's own id, a name's players as ``players``."""
    if subject.kind == "name":
        return replace(query, players=(subject.name,), player_ids=None, together=False)
    ids = tuple(account_ids(conn, subject.accounts))
    return replace(query, players=(), player_ids=ids, together=subject.kind == "person")


def named(conn: sqlite3.Connection, query: StatsQuery) -> StatsQuery:
    """``query`` with its one player resolved when he is a person (his accounts summed
    ``together``), else ``query`` itself: the Player page's statistics of a person."""
    if len(query.players) != 1:
        return query
    subject = resolve(conn, query.players[0])
    return subject_query(conn, query, subject) if subject.kind == "person" else query


def subjects_stats(
    conn: sqlite3.Connection, query: StatsQuery, stakes: Sequence[str] = ()
) -> pd.DataFrame:
    """:func:`analytics.stats.players.player_stats` for ``query.players`` resolved
    (:func:`resolve`): each person one group per currency, named by him, his rooms in
    ``site``; plain names as before (several in one query). Raises
    :class:`analytics.stats.players.BadFilter` or
    :class:`analytics.store.people.AliasError` (usage errors)."""
    subjects = [resolve(conn, text) for text in query.players]
    names = tuple(s.name for s in subjects if s.kind == "name")
    frames = []
    if names or not subjects:
        checked = checked_query(conn, replace(query, players=names), stakes)
        frames.append(player_stats(conn, checked))
    for subject in subjects:
        if subject.kind == "name":
            continue
        checked = checked_query(conn, subject_query(conn, query, subject), stakes)
        frame = player_stats(conn, checked)
        if subject.kind == "person":
            frame = frame.assign(player=subject.name, site=subject.sites)
        frames.append(frame)
    frames = [f for f in frames if len(f)] or frames[:1]
    return pd.concat(frames, ignore_index=True) if len(frames) > 1 else frames[0]


def stats_report(
    db_path: str | os.PathLike[str],
    query: StatsQuery,
    fmt: str = "table",
    stakes: Sequence[str] = (),
) -> str:
    """``pokerhh stats``: :func:`analytics.stats.report.stats_report` with ``--player``
    naming people and accounts too."""
    from analytics.stats.report import render

    db = read_only(db_path)
    try:
        frame = subjects_stats(db.conn, query, stakes)
    finally:
        db.close()
    return render(frame, fmt)


def choices(conn: sqlite3.Connection, max_players: int = 5000) -> list[tuple[str, str]]:
    """The hero choice's options as (value, label), most hands first; never one bare
    "Hero" per room (issue 25, item 5):

    - each person: value his name, label ``Me (person: Bovada, PokerStars)``;
    - each name: value the name, label ``Dr:Who (PokerStars)``, or for a name in several
      rooms ``Hero (every room: Bovada, Full Tilt)`` (the pages' old meaning of a name),
      followed by each of its accounts, value ``SITE:NAME``, label ``Hero (Bovada)``.

    Anonymous seats are nobody's (migration 0012)."""
    from analytics.store import aggregates

    table, rows = ("player_totals", "sum(seats)") if aggregates.available(conn) else (
        "hand_players", "sum(dealt_in)")  # fmt: skip
    counted = conn.execute(
        f"SELECT p.site, p.name, c.hands FROM (SELECT player_id, {rows} AS hands FROM {table}"
        " GROUP BY player_id) c JOIN players p ON p.id = c.player_id WHERE NOT p.anonymous"
        " AND c.hands > 0 ORDER BY c.hands DESC, p.name, p.site LIMIT ?",
        (max_players,),
    ).fetchall()
    hands = {Account(site, name): int(count) for site, name, count in counted}
    groups: list[tuple[int, str, list[tuple[str, str]]]] = []
    persons = people(conn)
    for name, accounts in persons.items():
        label = Subject("person", name, tuple(accounts)).label
        groups.append((sum(hands.get(a, 0) for a in accounts), name, [(name, label)]))
    by_name: dict[str, list[Account]] = {}
    for account in hands:  # most hands first
        by_name.setdefault(account.name, []).append(account)
    taken = {name.casefold() for name in persons}
    for name, accounts in by_name.items():
        total = sum(hands[a] for a in accounts)
        if len(accounts) == 1 and name.casefold() not in taken:
            groups.append((total, name, [(name, accounts[0].label)]))
            continue
        options = [(str(a), a.label) for a in accounts]
        if name.casefold() not in taken:
            rooms = ", ".join(sorted(a.site for a in accounts))
            options.insert(0, (name, f"{name} (every room: {rooms})"))
        groups.append((total, name, options))
    groups.sort(key=lambda group: (-group[0], group[1]))
    return [option for _, _, options in groups for option in options]


def subject_from_choice(conn: sqlite3.Connection, value: str) -> Subject:
    """The :class:`Subject` of a value of :func:`choices`: a person, a name (one account,
    or every room's), or an account ``SITE:NAME``."""
    found = find_person(conn, value)
    if found is not None:
        return Subject("person", found[0], tuple(found[1]))
    named = [Account(site, name) for site, name in conn.execute(
        "SELECT site, name FROM players WHERE name = ? AND NOT anonymous ORDER BY site",
        (value,))]  # fmt: skip
    if len(named) == 1:
        return Subject("account", value, tuple(named))
    if named:
        return Subject("name", value, tuple(named))
    site, _, name = value.partition(":")
    return Subject("account", name, (Account(site, name),))
