"""The tables being played now and what the database knows of their players.

A table is *live* when it has a hand that started in the last ``minutes`` minutes (the
hands' own times, UTC, compared with this machine's clock). Its latest hand gives the
seats; each opponent's figures are :func:`analytics.stats.players.player_stats`' for him
(the very function ``pokerhh stats`` prints, with no filter), his row of the table's room
and currency, so the page and the command line cannot disagree.

Why two steps (:func:`window` then :func:`table_view`): the page looks for new hands every
second, and that look must be cheap on a database of millions of hands. :func:`window`
reads only the hands of the last minutes, through the ``hands_started_at`` index (a few
rows per table), and gives each table's latest hand id; only a table whose latest hand
changed is read again (seats, statistics, notes), by :func:`table_view`.

The hero of a table is the name chosen in the sidebar when he sits there; otherwise the
player whose hole cards are known in most of the table's recent hands (the room shows the
hero his own cards every hand, the others' only at a showdown); when two tie (one hand,
both at showdown), no one is taken for the hero and every seat is listed.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass, field

from analytics.hud.types import PlayerType, Sample, type_label
from analytics.stats.players import StatsQuery, player_stats

__all__ = [
    "HUD_STATS",
    "Figure",
    "LiveHand",
    "Opponent",
    "Seat",
    "TableView",
    "figures_of",
    "latest_by_table",
    "opponent_figures",
    "players_of",
    "since",
    "table_view",
    "table_views",
    "window",
]

#: The stats the table shows for each opponent, in order (names of ``pokerhh stats``).
HUD_STATS: tuple[str, ...] = (
    "vpip", "pfr", "three_bet", "fold_to_three_bet", "cbet_flop", "fold_to_cbet_flop",
    "af", "wtsd",
)  # fmt: skip
#: Minutes without a hand after which a table is no longer shown.
DEFAULT_MINUTES = 10


@dataclass(frozen=True, slots=True)
class LiveHand:
    """One hand of the window: its row id, room, table, number and time."""

    id: int
    site: str
    table_name: str
    hand_id: str
    started_at: str


def since(minutes: float, now: dt.datetime | None = None) -> str:
    """The window's start as the hands store their times (``2026-12-03T07:40:00Z``).

    >>> since(10, dt.datetime(2026, 12, 3, 7, 50, tzinfo=dt.UTC))
    '2026-12-03T07:40:00Z'
    """
    moment = (now or dt.datetime.now(dt.UTC)).astimezone(dt.UTC) - dt.timedelta(minutes=minutes)
    return moment.replace(tzinfo=None).isoformat(timespec="seconds") + "Z"


def window(conn: sqlite3.Connection, start: str) -> list[LiveHand]:
    """The ok hands that started at ``start`` or later, oldest first (the cheap query the
    page runs every second: an index range of the last minutes' hands)."""
    rows = conn.execute(
        "SELECT id, site, coalesce(table_name, ''), hand_id, started_at FROM hands"
        " WHERE started_at >= ? AND status = 'ok' ORDER BY started_at, id",
        (start,),
    )
    return [LiveHand(*row) for row in rows]


def latest_by_table(hands: list[LiveHand]) -> dict[tuple[str, str], LiveHand]:
    """Each table's latest hand (the last started; of two at the same second, the last
    stored), tables in the order their latest hands started, newest first."""
    latest: dict[tuple[str, str], LiveHand] = {}
    for hand in hands:  # oldest first: the last one seen is the latest
        latest[(hand.site, hand.table_name)] = hand
    ordered = sorted(latest.items(), key=lambda item: (item[1].started_at, item[1].id),
                     reverse=True)  # fmt: skip
    return dict(ordered)


def players_of(conn: sqlite3.Connection, hands: list[int]) -> set[tuple[str, str]]:
    """``(site, name)`` of every seat of ``hands``: the players whose figures these hands
    changed (a table whose latest hand is older, but who seats one of them, is read again)."""
    found: set[tuple[str, str]] = set()
    for start in range(0, len(hands), 500):
        chunk = hands[start : start + 500]
        marks = ", ".join("?" * len(chunk))
        found.update(
            (str(site), str(name)) for site, name in conn.execute(
                f"SELECT h.site, hp.name FROM hand_players hp JOIN hands h ON h.id = hp.hand"
                f" WHERE hp.hand IN ({marks})", chunk,
            )
        )  # fmt: skip
    return found


@dataclass(frozen=True, slots=True)
class Figure:
    """One stat of one player: ``x`` of ``n`` and the value (None without a sample); for a
    rate, its 95% Wilson interval."""

    x: int
    n: int
    value: float | None
    low: float | None = None
    high: float | None = None


@dataclass(frozen=True, slots=True)
class Opponent:
    """An opponent's figures over every stored hand of his, in the table's currency."""

    hands: int
    figures: dict[str, Figure]
    label: PlayerType | None


@dataclass(frozen=True, slots=True)
class Seat:
    seat: int
    name: str
    position: str | None
    stack: int
    #: Known to the viewer (the hero's own, or shown at the showdown).
    hole_cards: str | None
    net: int
    anonymous: bool
    is_hero: bool = False
    #: None for the hero and for anonymous seats.
    opponent: Opponent | None = None


@dataclass(frozen=True, slots=True)
class TableView:
    site: str
    table_name: str
    hand: int
    hand_id: str
    started_at: str
    game: str | None
    currency: str | None
    unit: int | None
    small_blind: int | None
    big_blind: int | None
    hero: str | None
    seats: list[Seat] = field(default_factory=list)
    #: Hands of this table in the window.
    recent_hands: int = 0


def figures_of(
    conn: sqlite3.Connection, names: Collection[str]
) -> dict[tuple[str, str, str], Opponent]:
    """Each named player's figures of :data:`HUD_STATS`, by (site, currency, name): his
    rows of ``player_stats``, one call for every table being read (the call's cost is
    mostly pandas' fixed overhead: about 0.1 s, whatever the number of players)."""
    if not names:
        return {}
    frame = player_stats(conn, StatsQuery(players=tuple(sorted(names)), stats=HUD_STATS))
    out: dict[tuple[str, str, str], Opponent] = {}
    for row in frame.to_dict("records"):
        figures: dict[str, Figure] = {}
        for name in HUD_STATS:
            value = row[name]
            number = None if value is None or value != value else float(value)  # NaN: none
            low = row.get(f"{name}_low")
            high = row.get(f"{name}_high")
            figures[name] = Figure(
                int(row[f"{name}_x"]), int(row[f"{name}_n"]), number,
                None if low is None else float(low), None if high is None else float(high),
            )  # fmt: skip
        vpip, pfr, af = figures["vpip"], figures["pfr"], figures["af"]
        sample = Sample(
            int(row["hands"]), vpip.low or 0.0, 1.0 if vpip.high is None else vpip.high,
            pfr.low or 0.0, 1.0 if pfr.high is None else pfr.high, af.value, af.n,
        )  # fmt: skip
        key = (str(row["site"]), str(row["currency"]), str(row["player"]))
        out[key] = Opponent(int(row["hands"]), figures, type_label(sample))
    return out


def opponent_figures(
    conn: sqlite3.Connection, site: str, currency: str | None, names: list[str]
) -> dict[str, Opponent]:
    """Each named player's figures in ``site`` and ``currency`` (:func:`figures_of`)."""
    return {
        name: opponent for (s, c, name), opponent in figures_of(conn, names).items()
        if s == site and (currency is None or c == currency)
    }  # fmt: skip


_HAND = """
    SELECT h.site, coalesce(h.table_name, ''), h.id, h.hand_id, h.started_at, h.game,
           h.currency, h.unit, h.small_blind, h.big_blind
    FROM hands h WHERE h.id = ?
"""
_SEATS = """
    SELECT hp.seat, hp.name, hp.position, hp.starting_stack, hp.hole_cards, hp.net,
           p.anonymous
    FROM hand_players hp JOIN players p ON p.id = hp.player_id
    WHERE hp.hand = ? ORDER BY hp.seat
"""


def _guess_hero(conn: sqlite3.Connection, hands: list[int]) -> str | None:
    """The player whose hole cards are known in most of ``hands``; None on a tie."""
    if not hands:
        return None
    marks = ", ".join("?" * len(hands))
    known = Counter(
        str(name) for (name,) in conn.execute(
            f"SELECT name FROM hand_players WHERE hand IN ({marks}) AND hole_cards IS NOT NULL",
            hands,
        )
    )  # fmt: skip
    top = known.most_common(2)
    if not top or (len(top) == 2 and top[0][1] == top[1][1]):
        return None
    return top[0][0]


def table_view(
    conn: sqlite3.Connection,
    latest: LiveHand,
    table_hands: list[int],
    hero: str | Collection[str] | None = None,
) -> TableView:
    """The table of ``latest`` as it is now: its seats, the hero (``hero``, or one of the
    names of a person's accounts, if he sits there; else guessed from ``table_hands``, the
    table's hand ids in the window), and each opponent's figures."""
    return table_views(conn, [(latest, table_hands)], hero)[0]


def table_views(
    conn: sqlite3.Connection,
    tables: list[tuple[LiveHand, list[int]]],
    hero: str | Collection[str] | None = None,
) -> list[TableView]:
    """:func:`table_view` of several tables, their opponents' figures read in one call."""
    heroes = {hero} if isinstance(hero, str) else set(hero or ())
    bare = []
    for latest, table_hands in tables:
        head = conn.execute(_HAND, (latest.id,)).fetchone()
        site, table_name, hand, hand_id, started_at, game, currency, unit, small, big = head
        rows = conn.execute(_SEATS, (hand,)).fetchall()
        seated = next((str(r[1]) for r in rows if r[1] in heroes), None)
        chosen = seated if seated is not None else _guess_hero(conn, table_hands or [hand])
        view = TableView(
            site, table_name, int(hand), str(hand_id), str(started_at), game, currency, unit,
            small, big, chosen, [], len(table_hands),
        )  # fmt: skip
        bare.append((view, rows))
    names = {str(r[1]) for view, rows in bare for r in rows if r[1] != view.hero and not r[6]}
    figures = figures_of(conn, names)
    out = []
    for view, rows in bare:
        for seat, name, position, stack, cards, net, anonymous in rows:
            mine = name == view.hero
            opponent = None if mine or anonymous else figures.get(
                (view.site, str(view.currency), str(name)))  # fmt: skip
            view.seats.append(Seat(int(seat), str(name), position, int(stack), cards, int(net),
                                   bool(anonymous), is_hero=mine, opponent=opponent))  # fmt: skip
        out.append(view)
    return out
