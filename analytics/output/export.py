"""The machine-readable export: one JSON object per stored hand (JSON Lines).

The field names are a contract other tools read: never rename one, only add (and only
with a note in the CHANGELOG). They are pinned by ``tests/analytics/test_export_jsonl.py``.

    site, hand_id, status, problem, game, betting, currency, small_blind, big_blind, ante,
    started_at, table, tournament_id, boards, total_pot, rake,
    players: [{name, seat, position, starting_stack, hole_cards, invested, collected, net,
               stats}]

- ``status``: ``ok`` | ``invalid`` | ``cancelled`` | ``incomplete`` | ``unsupported``;
  ``problem`` is null for ``ok``, else ``{kind, rule, message, file, line}``.
- Amounts are integers in the smallest unit of ``currency`` (cents; chips for ``CHIPS``
  and ``PLAY``). ``small_blind``/``big_blind`` are the blinds even in fixed limit, where
  the header gives the bets (RULES.md F1); null in stud.
- ``collected`` is everything paid to the player after rake (pots won, plus an all-in
  cash-out), so ``net = collected - invested`` always holds.
- ``boards``: one list of card strings per run (``[["7d","5h","9d","7c","Qh"]]``; a hand
  over before the flop has ``[[]]``); ``hole_cards``: the cards the log revealed, or ``[]``.
- ``stats``: the player's statistics flags for the hand (``docs/stats.md``): the yes/no
  flags as ``true``/``false`` (``vpip``, ``three_bet_chance``, ``three_bet`` ...), the
  per-street action counts, ``walk``, ``all_in_street``, ``net``, ``rake_paid``, and
  ``all_in_ev`` (the EV-adjusted result in the smallest unit, a float, when an all-in with
  known cards was computed; else null) with ``all_in_ev_status`` (``computed``,
  ``unknown_cards``, ``unsupported_game``; null when the hand had no all-in with cards to
  come). Null for a hand stored before the statistics existed.
- A quarantined hand has what the parser could read (maybe nothing) and ``players: []``,
  ``boards: []``, ``total_pot``/``rake`` null.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any, TextIO

from analytics.ingest.rows import parse_boards
from analytics.stats.flag_fields import FIELDS, IS_FLAG
from analytics.store.db import connect

#: The keys of every exported hand, in order.
HAND_FIELDS = (
    "site", "hand_id", "status", "problem", "game", "betting", "currency",
    "small_blind", "big_blind", "ante", "started_at", "table", "tournament_id",
    "boards", "total_pot", "rake", "players",
)  # fmt: skip
#: The keys of every exported player.
PLAYER_FIELDS = (
    "name", "seat", "position", "starting_stack", "hole_cards", "invested", "collected", "net",
    "stats",
)  # fmt: skip
#: The keys of a player's ``stats`` object as they shipped: the ``player_hand_stats``
#: columns of the day (but the seat and position, already in the player) and the all-in EV.
_SHIPPED_STATS_FIELDS = (
    "vpip", "pfr", "three_bet_chance", "three_bet", "four_bet_chance", "four_bet",
    "fold_to_three_bet_chance", "fold_to_three_bet", "squeeze_chance", "squeeze",
    "steal_chance", "steal", "fold_to_steal_chance", "fold_to_steal",
    "cbet_flop_chance", "cbet_flop", "cbet_turn_chance", "cbet_turn",
    "cbet_river_chance", "cbet_river",
    "fold_to_cbet_flop_chance", "fold_to_cbet_flop", "fold_to_cbet_turn_chance",
    "fold_to_cbet_turn", "fold_to_cbet_river_chance", "fold_to_cbet_river",
    "check_raise_flop_chance", "check_raise_flop", "check_raise_turn_chance",
    "check_raise_turn", "check_raise_river_chance", "check_raise_river",
    "saw_flop", "saw_turn", "saw_river", "went_to_showdown", "won_at_showdown",
    "won_when_saw_flop",
    "bets_preflop", "raises_preflop", "calls_preflop", "checks_preflop", "folds_preflop",
    "bets_flop", "raises_flop", "calls_flop", "checks_flop", "folds_flop",
    "bets_turn", "raises_turn", "calls_turn", "checks_turn", "folds_turn",
    "bets_river", "raises_river", "calls_river", "checks_river", "folds_river",
    "walk", "all_in_street", "net", "rake_paid", "all_in_ev", "all_in_ev_status",
)  # fmt: skip
_ALL_IN = ("all_in_ev", "all_in_ev_status")
#: The keys of a player's ``stats`` object: the shipped ones, then every later per-hand
#: fact of the statistics catalog (``analytics.stats.catalog``, stored by the flags'
#: fields), in their order: a key is never renamed or moved, only added at the end.
STATS_FIELDS = (
    *_SHIPPED_STATS_FIELDS,
    *(name for name in FIELDS[2:] if name not in _SHIPPED_STATS_FIELDS),
)
#: The stored flags among them (the others are the all-in EV).
_FLAG_COLUMNS = tuple(name for name in STATS_FIELDS if name not in _ALL_IN)
_IS_FLAG = dict(zip(FIELDS, IS_FLAG, strict=True))
_BOOLS = tuple(_IS_FLAG[name] for name in _FLAG_COLUMNS)
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
_PLAYERS = f"""
    SELECT hp.hand, hp.name, hp.seat, hp.position, hp.starting_stack, hp.hole_cards,
           hp.invested, hp.collected + hp.cashed_out, hp.net, s.hand IS NOT NULL,
           {", ".join(f"s.{name}" for name in _FLAG_COLUMNS)}, e.all_in_ev, e.all_in_ev_status
    FROM hand_players hp
    LEFT JOIN player_hand_stats s ON s.hand = hp.hand AND s.seat = hp.seat
    LEFT JOIN all_in_ev e ON e.hand = hp.hand AND e.seat = hp.seat
    ORDER BY hp.hand, hp.seat
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
    _, name, seat, position, stack, cards, invested, collected, net, has_stats = row[:10]
    hole_cards = cards.split() if cards else []
    stats = _stats(row[10:]) if has_stats else None
    values = (name, seat, position, stack, hole_cards, invested, collected, net, stats)
    return dict(zip(PLAYER_FIELDS, values, strict=True))


def _stats(values: tuple[Any, ...]) -> dict[str, Any]:
    stored, all_in = values[: len(_BOOLS)], values[len(_BOOLS) :]
    # A flag a hand has no value for (a stored hand a later version could not replay
    # again for a migration's new statistic) stays null, never false.
    out: dict[str, Any] = {
        name: bool(v) if is_flag and v is not None else v
        for name, v, is_flag in zip(_FLAG_COLUMNS, stored, _BOOLS, strict=True)
    }
    out.update(zip(_ALL_IN, all_in, strict=True))
    return {name: out[name] for name in STATS_FIELDS}
