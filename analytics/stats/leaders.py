"""The players the overview lists: the ones with the most hands under the filters.

Why a cut: a regular's database holds tens of thousands of opponents (a million six-max
hands meet 50,000 and more), and every row the overview lists is fetched from SQLite and
framed by pandas in Python, about 20 µs a row and table: seconds for every player, while
the rows a user reads on the overview are the ones with a sample. PokerTracker 4 and
Hold'em Manager 3 likewise list players above a minimum of hands. The choice is made in
SQL over the pre-aggregated sums (grouped, ordered, limited), so Python reads ``limit``
ids whatever the size of the database; the overview's two tables then read those players
alone (``player_ids``), and any other player is a search away on the Player page.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

from analytics.stats.queries import ANONYMOUS, Filters

#: How many players the overview lists at most (the hero is added when below the cut).
OVERVIEW_PLAYERS = 1_000
#: A ``limit`` of no limit: every player with enough hands.
EVERY = 0


@dataclass(frozen=True, slots=True)
class Leaders:
    """The chosen players and how many there were to choose from."""

    #: Player ids, most hands first (then the ``always`` ones below the cut).
    player_ids: tuple[int, ...]
    #: Rows (player and currency, as the overview counts them) with at least the minimum
    #: of hands under the filters.
    rows: int
    #: Players with such a row; more than ``len(player_ids)`` when some were left out.
    players: int

    @property
    def cut(self) -> bool:
        """Whether some players with enough hands are not listed."""
        return self.players > len(self.player_ids)

    def ids_json(self) -> str:
        """The ids as the JSON array the readers take (``json_each(?)``)."""
        return json.dumps(self.player_ids)


def leaders(
    conn: sqlite3.Connection,
    filters: Filters,
    *,
    limit: int = OVERVIEW_PLAYERS,
    min_hands: int = 0,
    always: Sequence[str] = (),
    aggregated: bool | None = None,
) -> Leaders:
    """The ``limit`` players (:data:`EVERY`: all) with the most hands (a row of at least
    ``min_hands``: one player and currency, as the player table's), ties by id, plus the
    players named in ``always`` (the hero) if they have a hand under the filters, whatever
    the minimum.

    From the sums (:mod:`analytics.store.aggregates`) when the database has them, else from
    the per-hand rows: the same hands counted either way (``player_table``'s ``hands``).
    """
    from analytics.store import aggregates as sums

    if aggregated is None:
        aggregated = sums.available(conn)
    if aggregated:
        table = sums.player_table_for(filters)
        where, params = sums.filters_where(filters, days=table is sums.DAY_TABLE)
        source = (
            f"FROM {table.name} a WHERE {where} AND a.player_id NOT IN ({ANONYMOUS}) "
            "GROUP BY a.player_id, a.currency"
        )
        rows_sql = f"SELECT a.player_id AS player, sum(a.pt_hands) AS hands {source}"
    else:
        where, params = filters.where()
        rows_sql = f"""
            SELECT hp.player_id AS player, count(*) AS hands
            FROM hands h CROSS JOIN hand_players hp ON hp.hand = h.id
            WHERE hp.dealt_in AND h.status = 'ok' AND {where}
              AND hp.player_id NOT IN ({ANONYMOUS})
            GROUP BY hp.player_id, h.currency"""
    # One grouped pass: every row with enough hands, then per player his best row's
    # hands (the order the player table sorts by), the counts over the whole window.
    sql = f"""
        WITH enough AS ({rows_sql}),
             kept AS (SELECT player, max(hands) AS hands, count(*) AS rows
                      FROM enough WHERE hands >= ? GROUP BY player)
        SELECT player, sum(rows) OVER (), count(*) OVER () FROM kept
        ORDER BY hands DESC, player LIMIT ?
    """
    found = conn.execute(sql, [*params, max(min_hands, 0), limit if limit > 0 else -1]).fetchall()
    ids = [player for player, _, _ in found]
    rows, players = (found[0][1], found[0][2]) if found else (0, 0)
    if always:
        ids += _present(conn, rows_sql, params, always, set(ids))
    return Leaders(player_ids=tuple(ids), rows=rows, players=players)


def _present(
    conn: sqlite3.Connection,
    rows_sql: str,
    params: Sequence[object],
    names: Sequence[str],
    chosen: set[int],
) -> list[int]:
    """The ids of ``names`` with a hand under the filters (whatever the minimum: the hero
    has his own table on the overview), not already ``chosen``."""
    marks = ", ".join("?" * len(names))
    sql = f"""
        SELECT DISTINCT player FROM ({rows_sql})
        WHERE player IN (SELECT id FROM players WHERE name IN ({marks}))
        ORDER BY player
    """
    found = conn.execute(sql, [*params, *names]).fetchall()
    return [player for (player,) in found if player not in chosen]
