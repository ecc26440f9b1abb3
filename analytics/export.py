"""The machine-readable export: one JSON object per stored hand (JSON Lines).

The field names are a contract other tools read: never rename one, only add (and only
with a note in the CHANGELOG). They are pinned by ``tests/analytics/test_export_jsonl.py``.

    site, hand_id, status, problem, game, betting, currency, small_blind, big_blind, ante,
    started_at, table, tournament_id, boards, total_pot, rake,
    players: [{name, seat, position, starting_stack, hole_cards, invested, collected, net}]

- ``status``: ``ok`` | ``invalid`` | ``cancelled`` | ``incomplete`` | ``unsupported``;
  ``problem`` is null for ``ok``, else ``{kind, rule, message, file, line}``.
- Amounts are integers in the smallest unit of ``currency`` (cents; chips for ``CHIPS``
  and ``PLAY``). ``small_blind``/``big_blind`` are the blinds even in fixed limit, where
  the header gives the bets (RULES.md F1); null in stud.
- ``collected`` is everything paid to the player after rake (pots won, plus an all-in
  cash-out), so ``net = collected - invested`` always holds.
- ``boards``: one list of card strings per run (``[["7d","5h","9d","7c","Qh"]]``; a hand
  over before the flop has ``[[]]``); ``hole_cards``: the cards the log revealed, or ``[]``.
- A quarantined hand has what the parser could read (maybe nothing) and ``players: []``,
  ``boards: []``, ``total_pot``/``rake`` null.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any, TextIO

from analytics.db import connect
from analytics.rows import parse_boards

#: The keys of every exported hand, in order.
HAND_FIELDS = (
    "site", "hand_id", "status", "problem", "game", "betting", "currency",
    "small_blind", "big_blind", "ante", "started_at", "table", "tournament_id",
    "boards", "total_pot", "rake", "players",
)  # fmt: skip
#: The keys of every exported player.
PLAYER_FIELDS = (
    "name", "seat", "position", "starting_stack", "hole_cards", "invested", "collected", "net",
)  # fmt: skip
#: The keys of a problem.
PROBLEM_FIELDS = ("kind", "rule", "message", "file", "line")

_HANDS = """
    SELECT h.id, h.site, h.hand_id, h.status,
           h.problem_kind, h.problem_rule, h.problem_message, f.path, h.problem_line,
           h.game, h.betting, h.currency, h.small_blind, h.big_blind, h.ante, h.started_at,
           h.table_name, h.tournament_id, h.boards, h.total_pot, h.rake
    FROM hands h JOIN files f ON f.id = h.file_id
    ORDER BY h.id
"""
_PLAYERS = """
    SELECT hand, name, seat, position, starting_stack, hole_cards,
           invested, collected + cashed_out, net
    FROM hand_players ORDER BY hand, seat
"""


def export_jsonl(db_path: str | os.PathLike[str], out: TextIO) -> int:
    """Write every stored hand to ``out``, one JSON object per line; return how many."""
    count = 0
    for record in hand_records(db_path):
        out.write(json.dumps(record, ensure_ascii=False))
        out.write("\n")
        count += 1
    return count


def hand_records(db_path: str | os.PathLike[str]) -> Iterator[dict[str, Any]]:
    """The export's objects, in import order, streamed (players merged in by hand id)."""
    db = connect(db_path, create=False)
    try:
        conn = db.conn
        players = conn.execute(_PLAYERS)
        pending = players.fetchone()
        for row in conn.execute(_HANDS):
            key = row[0]
            hand_players = []
            while pending is not None and pending[0] <= key:
                if pending[0] == key:
                    hand_players.append(_player(pending))
                pending = players.fetchone()
            yield _hand(row, hand_players)
    finally:
        db.close()


def _hand(row: tuple[Any, ...], players: list[dict[str, Any]]) -> dict[str, Any]:
    (_, site, hand_id, status, kind, rule, message, path, line, game, betting, currency,
     small_blind, big_blind, ante, started_at, table, tournament_id, boards, total_pot,
     rake) = row  # fmt: skip
    problem = None
    if kind is not None:
        problem = dict(zip(PROBLEM_FIELDS, (kind, rule, message, path, line), strict=True))
    values = (
        site, hand_id, status, problem, game, betting, currency, small_blind, big_blind, ante,
        started_at, table, tournament_id, parse_boards(boards), total_pot, rake, players,
    )  # fmt: skip
    return dict(zip(HAND_FIELDS, values, strict=True))


def _player(row: tuple[Any, ...]) -> dict[str, Any]:
    _, name, seat, position, stack, cards, invested, collected, net = row
    hole_cards = cards.split() if cards else []
    values = (name, seat, position, stack, hole_cards, invested, collected, net)
    return dict(zip(PLAYER_FIELDS, values, strict=True))
