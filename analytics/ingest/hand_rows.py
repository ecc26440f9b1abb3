"""The rows of one hand (:class:`HandRows`) and their columns: what a worker process sends
the importer, kept apart from the code that builds them (:mod:`analytics.ingest.rows`).

Why a module of its own: the row builders may be compiled with mypyc (``setup.py``,
issue 11), which would make a class defined there a native class, one that interpreted
code cannot patch (``tests/reliability`` replaces a property to inject a fault) and that
``parser.model.makers.positional`` cannot fill by slot. This module is never compiled:
``HandRows`` stays the plain slotted dataclass, built, pickled (``analytics.ingest.prepare``'s
reducers) and read the same way whichever build made it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from analytics.ingest.pipeline import Problem
from analytics.stats.flag_fields import FIELDS as STAT_FIELDS
from analytics.store.seat_layout import SEAT_COLUMNS

HAND_COLUMNS = (
    "site", "hand_id", "status",
    "problem_kind", "problem_rule", "problem_message", "problem_line", "problem_event",
    "first_line", "game", "game_name", "mixed", "betting", "currency", "unit",
    "small_blind", "big_blind", "ante", "small_bet", "big_bet", "cap",
    "started_at", "table_name", "max_seats", "button_seat", "tournament_id", "level",
    "players", "total_pot", "rake", "boards", "raw",
)  # fmt: skip
PLAYER_COLUMNS = (
    "seat", "name", "position", "starting_stack", "hole_cards",
    "invested", "collected", "cashed_out", "net", "rake_paid",
    "dealt_in", "folded", "folded_on", "went_to_showdown", "all_in",
)  # fmt: skip
ACTION_COLUMNS = ("idx", "kind", "street", "player", "amount", "cards", "line", "extra")
POT_COLUMNS = ("run", "idx", "amount", "eligible", "winners", "odd_chips_to")
#: ``player_hand_stats``: the statistics flags of ``analytics.stats.flags``, seat first.
STAT_COLUMNS = STAT_FIELDS
#: ``all_in_ev`` (migration 0003): one row per dealt-in seat of a hand with an all-in point.
ALL_IN_COLUMNS = ("seat", "all_in_ev_status", "all_in_ev", "street")
#: The ``hands`` columns of the SQLite table (migration 0007): ``raw`` stored compressed.
STORED_HAND_COLUMNS = (*HAND_COLUMNS[:-1], "raw_dictionary", "raw_z")
#: The ``seats`` row (``analytics.store.seat_layout``): one per seat, keyed like ``players``.
STORED_SEAT_COLUMNS = SEAT_COLUMNS

_STATUS = HAND_COLUMNS.index("status")
_PROBLEM = slice(HAND_COLUMNS.index("problem_kind"), HAND_COLUMNS.index("problem_event") + 1)

Row = tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class HandRows:
    """The rows of one hand: its ``hands`` row and (for an ``ok`` hand) its children."""

    hand: Row
    players: tuple[Row, ...] = ()
    actions: tuple[Row, ...] = ()
    pots: tuple[Row, ...] = ()
    #: One ``player_hand_stats`` row per player, keyed by seat like ``players``.
    stats: tuple[Row, ...] = ()
    #: ``all_in_ev`` rows, keyed by seat; empty unless the hand had an all-in point.
    all_in: tuple[Row, ...] = ()
    #: What the SQLite store writes (migration 0007), made here in the worker processes:
    #: the text compressed (``analytics.store.rawtext``) and the ``seats`` rows, which hold
    #: ``players`` and ``stats`` packed (``analytics.store.seat_layout``). ``actions`` is not
    #: stored in SQLite (the Parquet export writes it). ``raw_dictionary`` is the shipped
    #: dictionary, ``raw_reference`` the start of the file it was extended with (one
    #: object shared by the file's hands: pickled once): the store stores the pair as a
    #: derived dictionary and the hand's ``raw_dictionary`` as its id.
    raw_dictionary: int = 0
    raw_z: bytes = b""
    seats: tuple[Row, ...] = ()
    raw_reference: bytes = b""
    #: ``hand_actions`` rows (``analytics.query.facts``): the query language's betting
    #: decisions, one per action in order (issue 25 item 2).
    moves: tuple[Row, ...] = ()

    @property
    def site(self) -> str:
        return str(self.hand[0])

    @property
    def hand_id(self) -> str:
        return str(self.hand[1])

    @property
    def status(self) -> str:
        return str(self.hand[_STATUS])

    def quarantined(self, problem: Problem) -> HandRows:
        """The same hand as a quarantined record (header and raw text kept, no children)."""
        hand = list(self.hand)
        hand[_STATUS] = problem.status
        hand[_PROBLEM] = problem_fields(problem)
        return HandRows(
            tuple(hand), raw_dictionary=self.raw_dictionary, raw_z=self.raw_z,
            raw_reference=self.raw_reference,
        )  # fmt: skip

    @property
    def stored_hand(self) -> Row:
        """The ``hands`` row of the SQLite table, in ``STORED_HAND_COLUMNS`` order, its
        ``raw_dictionary`` the shipped one (the store puts the derived one's id there when
        the text has a reference)."""
        return (*self.hand[:-1], self.raw_dictionary, self.raw_z)

    def as_dicts(self) -> dict[str, Any]:
        return {
            "hand": dict(zip(HAND_COLUMNS, self.hand, strict=True)),
            "players": [dict(zip(PLAYER_COLUMNS, r, strict=True)) for r in self.players],
            "actions": [dict(zip(ACTION_COLUMNS, r, strict=True)) for r in self.actions],
            "pots": [dict(zip(POT_COLUMNS, r, strict=True)) for r in self.pots],
            "stats": [dict(zip(STAT_COLUMNS, r, strict=True)) for r in self.stats],
            "all_in": [dict(zip(ALL_IN_COLUMNS, r, strict=True)) for r in self.all_in],
        }


def problem_fields(problem: Problem) -> tuple[Any, ...]:
    """The ``problem_*`` columns of a quarantined hand."""
    return (problem.kind, problem.rule, problem.message, problem.line, problem.event_index)
