"""The compact ``seats`` row (migration ``0007_compact``): one row per seat of an ``ok``
hand holding what ``hand_players`` and ``player_hand_stats`` held, the yes/no statistics
packed into one integer and the per-street action counts into one integer per street.

Why: the two tables repeated the key, the player, the position, the net, the rake and the
showdown flag, and each 0/1 column costs a byte of record header even when it holds no
value; on the Pluribus corpus they took 150 bytes a seat with their two indexes. The views
``hand_players`` and ``player_hand_stats`` (made here) give back every old column under its
old name, so every reader (``analytics.stats.players``' SQL over ``s``, the explanations, the
exports, the tests) reads them unchanged.

The layout is frozen by migration 0007: a change is a new migration. Bits are ordered by
how often they are set (the pre-flop situations first), so most values fit in few bytes
(SQLite stores an integer in 0, 1, 2, 3, 4, 6 or 8 bytes by its size).
"""

from __future__ import annotations

import itertools
import operator
from typing import Any, Final

from analytics.stats import flag_fields as ff

#: The yes/no statistics in ``seats.flags``, bit 0 first. ``went_to_showdown`` is not here:
#: it is the seat's own column (the same fact as ``hand_players.went_to_showdown``).
FLAG_BITS: tuple[str, ...] = (
    "three_bet_chance", "steal_chance", "fold_to_steal_chance", "squeeze_chance",
    "vpip", "pfr", "fold_to_three_bet_chance", "four_bet_chance",
    "saw_flop", "won_when_saw_flop", "won_at_showdown", "saw_turn", "saw_river",
    "three_bet", "steal", "fold_to_steal", "squeeze", "fold_to_three_bet", "four_bet",
    "cbet_flop_chance", "cbet_flop", "fold_to_cbet_flop_chance", "fold_to_cbet_flop",
    "check_raise_flop_chance", "check_raise_flop",
    "cbet_turn_chance", "cbet_turn", "fold_to_cbet_turn_chance", "fold_to_cbet_turn",
    "check_raise_turn_chance", "check_raise_turn",
    "cbet_river_chance", "cbet_river", "fold_to_cbet_river_chance", "fold_to_cbet_river",
    "check_raise_river_chance", "check_raise_river",
    "walk",
)  # fmt: skip
#: The yes/no statistics in ``seats.flags2`` (migration 0016, issue 25 item 3), bit 0
#: first: frozen with it, as ``FLAG_BITS`` is with 0007; a later statistic adds a column
#: of its own (``flags3``) with its own migration.
FLAG_BITS_2: tuple[str, ...] = (
    "rfi_chance", "rfi", "limp_chance", "limp", "cold_call_chance", "cold_call",
    "fold_to_four_bet_chance", "fold_to_four_bet",
    "donk_flop_chance", "donk_flop", "donk_turn_chance", "donk_turn",
    "donk_river_chance", "donk_river", "probe_turn_chance", "probe_turn",
    "probe_river_chance", "probe_river", "float_turn_chance", "float_turn",
)  # fmt: skip
#: Each packed bit column and its bits, in the order of :func:`pack_stats`' output.
BIT_COLUMNS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("flags", FLAG_BITS), ("flags2", FLAG_BITS_2),
)  # fmt: skip
#: The counted actions in each street's integer, lowest byte first (the commonest first).
COUNT_ORDER = ("folds", "checks", "calls", "bets", "raises")
#: Bits per count: 255 actions of one kind by one player in one round is the limit; a hand
#: beyond it is refused by the table's CHECK and quarantined as ``store_error``.
COUNT_BITS: Final = 8
_COUNT_MAX = (1 << COUNT_BITS) - 1
#: One integer column per round: ``counts_preflop`` ... ``counts_river``.
COUNT_COLUMNS = tuple(f"counts_{street}" for street in ff.ROUND_NAMES)

#: The columns of a ``seats`` row as :func:`seat_row` makes it (the store puts the hand
#: and the player id first).
SEAT_COLUMNS: tuple[str, ...] = (
    "seat", "name", "position", "starting_stack", "hole_cards",
    "invested", "collected", "cashed_out", "rake_paid",
    "dealt_in", "folded", "folded_on", "went_to_showdown", "all_in",
    "flags", *COUNT_COLUMNS, "all_in_street", "flags2",
)  # fmt: skip

_AT = {name: i for i, name in enumerate(ff.FIELDS)}
_FLAG_AT = tuple(_AT[name] for name in FLAG_BITS)
_FLAG2_AT = tuple(_AT[name] for name in FLAG_BITS_2)
_COUNT_AT = tuple(
    tuple(_AT[f"{action}_{street}"] for action in COUNT_ORDER) for street in ff.ROUND_NAMES
)
_HP_FLAGS = ("dealt_in", "folded", "went_to_showdown", "all_in")
_FLAG_VALUES = operator.itemgetter(*_FLAG_AT)
_FLAG2_VALUES = operator.itemgetter(*_FLAG2_AT)
_FLAG_WEIGHTS = tuple(1 << bit for bit in range(len(_FLAG_AT)))
_FLAG2_WEIGHTS = tuple(1 << bit for bit in range(len(_FLAG2_AT)))
_COUNTS_BY_STREET = tuple(operator.itemgetter(*street) for street in _COUNT_AT)
#: The flags, last bit first, then every street's counts: one read of the row, one
#: ``bytes`` (which refuses a value outside 0..255) for the fast path of :func:`pack_stats`.
_PACKED_VALUES: Final = operator.itemgetter(
    *reversed(_FLAG_AT), *reversed(_FLAG2_AT), *(at for street in _COUNT_AT for at in street)
)
_FLAGS_END: Final = len(_FLAG_AT)
_FLAGS2_END: Final = _FLAGS_END + len(_FLAG2_AT)
#: Bytes 0 and 1 as the digits of a binary number, every other byte as a non-digit.
_AS_BINARY_DIGITS: Final = bytes(ord("0") + b if b < 2 else ord("x") for b in range(256))
_STREET_BYTES: Final = len(COUNT_ORDER)
_STREET_MASK: Final = (1 << (COUNT_BITS * _STREET_BYTES)) - 1
_NO_STATS: Final[tuple[Any, ...]] = (None, None, None, None, None, None, None)
assert len(COUNT_COLUMNS) == 4, "pack_stats makes one integer for each of four rounds"
#: The slice of a statistics row that its packed columns depend on (all of them, and
#: neither the seat, the position nor the money): the key of :data:`_PACKED`.
_PACKED_KEY: Final = slice(ff.POSITION + 1, ff.NET)
assert all(
    _PACKED_KEY.start <= at < _PACKED_KEY.stop
    for at in (*_FLAG_AT, *_FLAG2_AT, *(a for street in _COUNT_AT for a in street),
               ff.ALL_IN_STREET)
)
#: Packed statistics by :data:`_PACKED_KEY` (cleared at :data:`_PACKED_SIZE`): most seats
#: of a hand fold before the flop and pack alike, and a slice looked up costs a third of a
#: packing (the wide read of the row is what costs).
_PACKED: Final[dict[tuple[Any, ...], tuple[Any, ...]]] = {}
_PACKED_SIZE: Final = 4096


def seat_row(player: tuple[Any, ...], stats: tuple[Any, ...] | None) -> tuple[Any, ...]:
    """The ``seats`` row of one seat: its ``hand_players`` row (``analytics.ingest.rows``'
    ``PLAYER_COLUMNS``) and its statistics row (``STAT_COLUMNS``, None for a seat without).

    A count beyond :data:`COUNT_BITS` packs as -1, which the table's CHECK refuses.
    """
    (seat, name, position, stack, cards, invested, collected, cashed_out, _net, rake,
     dealt_in, folded, folded_on, showdown, all_in) = player  # fmt: skip
    return (
        seat, name, position, stack, cards, invested, collected, cashed_out, rake,
        dealt_in, folded, folded_on, showdown, all_in, *pack_stats(stats),
    )  # fmt: skip


def pack_stats(stats: tuple[Any, ...] | None) -> tuple[Any, ...]:
    """The statistics columns of a ``seats`` row (``flags``, the four ``counts_*``,
    ``all_in_street``, ``flags2``) from a statistics row (``STAT_COLUMNS``; None: all NULL),
    remembered by the part of the row they depend on (:data:`_PACKED`).
    """
    if stats is None:
        return _NO_STATS
    key = stats[_PACKED_KEY]
    packed = _PACKED.get(key)
    if packed is None:
        if len(_PACKED) >= _PACKED_SIZE:
            _PACKED.clear()
        packed = _PACKED[key] = _pack(stats)
    return packed


def _pack(stats: tuple[Any, ...]) -> tuple[Any, ...]:
    """In C, not bit by bit (this runs for every seat imported): the flags, last first, are
    one ``bytes`` read as the digits of a binary number, and each street's five counts
    five little-endian bytes of one integer. A flag other than 0/1 packs as -1, which the
    CHECK refuses (as 0002's CHECK refused it), and so does a street with a count beyond
    255 (it cannot be a byte); any such value sends the row to :func:`_pack_checked`.
    """
    try:
        values = bytes(_PACKED_VALUES(stats))
        flags = int(values[:_FLAGS_END].translate(_AS_BINARY_DIGITS), 2)
        flags2 = int(values[_FLAGS_END:_FLAGS2_END].translate(_AS_BINARY_DIGITS), 2)
    except ValueError:
        return _pack_checked(stats)
    counts = int.from_bytes(values[_FLAGS2_END:], "little")
    mask, width = _STREET_MASK, COUNT_BITS * _STREET_BYTES
    return (
        flags, counts & mask, (counts >> width) & mask, (counts >> 2 * width) & mask,
        counts >> 3 * width, stats[ff.ALL_IN_STREET], flags2,
    )  # fmt: skip


def _pack_checked(stats: tuple[Any, ...]) -> tuple[Any, ...]:
    """:func:`pack_stats` of a row with a value the fast path refuses, column by column:
    -1 for the flags or for each street that cannot be packed."""
    packed = []
    for getter, weights in ((_FLAG_VALUES, _FLAG_WEIGHTS), (_FLAG2_VALUES, _FLAG2_WEIGHTS)):
        values = getter(stats)
        bits = sum(itertools.compress(weights, values)) if max(values) < 2 else -1
        packed.append(-1 if min(values) < 0 else bits)
    flags, flags2 = packed
    counts = []
    for street in _COUNTS_BY_STREET:
        try:
            counts.append(int.from_bytes(bytes(street(stats)), "little"))
        except ValueError:
            counts.append(-1)
    return (flags, *counts, stats[ff.ALL_IN_STREET], flags2)


def _bool(column: str) -> str:
    return f"{column} INTEGER NOT NULL CHECK ({column} IN (0, 1))"


def _flag(name: str, source: str | None = None) -> str:
    """The SQL of one stored yes/no statistic (0/1), from the seat's columns (``source``:
    another name for its bit column, as ``pack_sql`` reads)."""
    if name == "went_to_showdown":
        return "went_to_showdown"
    for column, bits in BIT_COLUMNS:
        if name in bits:
            return f"(({source or column} >> {bits.index(name)}) & 1)"
    raise KeyError(f"{name} is no stored bit")


def _count(name: str) -> str:
    action, street = name.split("_")
    shift = COUNT_BITS * COUNT_ORDER.index(action)
    return f"((counts_{street} >> {shift}) & {_COUNT_MAX})"


def _implies() -> list[str]:
    from analytics.store.migrations import STATS_0002_IMPLIES

    return [f"CHECK ({_flag(done)} <= {_flag(chance)})" for chance, done in STATS_0002_IMPLIES]


def create_table() -> str:
    """``CREATE TABLE seats``: the statistics columns are NULL together for a seat that has
    no statistics row (not dealt in, or stored before migration 0002)."""
    counts = [f"{c} INTEGER CHECK ({c} BETWEEN 0 AND {(1 << (COUNT_BITS * 5)) - 1})"
              for c in COUNT_COLUMNS]  # fmt: skip
    parts = [
        "hand INTEGER NOT NULL REFERENCES hands (id)",
        "seat INTEGER NOT NULL",
        "player_id INTEGER NOT NULL REFERENCES players (id)",
        "name TEXT NOT NULL",
        "position TEXT",
        "starting_stack INTEGER NOT NULL",
        "hole_cards TEXT",
        "invested INTEGER NOT NULL",
        "collected INTEGER NOT NULL",
        "cashed_out INTEGER NOT NULL",
        "rake_paid INTEGER NOT NULL",
        *(_bool(c) for c in _HP_FLAGS[:3]),
        "folded_on TEXT",
        _bool("all_in"),
        f"flags INTEGER CHECK (flags BETWEEN 0 AND {(1 << len(FLAG_BITS)) - 1})",
        *counts,
        "all_in_street TEXT",
        "PRIMARY KEY (hand, seat)",
        "CHECK ((flags IS NULL) = (counts_preflop IS NULL)"
        " AND (flags IS NULL) = (counts_flop IS NULL)"
        " AND (flags IS NULL) = (counts_turn IS NULL)"
        " AND (flags IS NULL) = (counts_river IS NULL))",
        *_implies(),
    ]
    body = ",\n    ".join(parts)
    return f"CREATE TABLE seats (\n    {body}\n) STRICT, WITHOUT ROWID"


#: ``hand_players``' columns (migration 0001), in order, as SQL over ``seats``.
HAND_PLAYERS_COLUMNS: tuple[tuple[str, str], ...] = (
    ("hand", "hand"), ("seat", "seat"), ("player_id", "player_id"), ("name", "name"),
    ("position", "position"), ("starting_stack", "starting_stack"),
    ("hole_cards", "hole_cards"), ("invested", "invested"), ("collected", "collected"),
    ("cashed_out", "cashed_out"), ("net", "collected + cashed_out - invested"),
    ("rake_paid", "rake_paid"), ("dealt_in", "dealt_in"), ("folded", "folded"),
    ("folded_on", "folded_on"), ("went_to_showdown", "went_to_showdown"),
    ("all_in", "all_in"),
)  # fmt: skip


def stats_column(name: str) -> str:
    if name in ("position", "all_in_street", "rake_paid"):
        return name
    if name == "net":
        return "collected + cashed_out - invested"
    if ff.IS_FLAG[_AT[name]]:
        return _flag(name)
    return _count(name)


def create_views(stat_fields: tuple[str, ...]) -> tuple[str, ...]:
    """The views with the old tables' names and columns, in the old column order:
    ``player_hand_stats`` with ``stat_fields`` (the statistics fields of the migration that
    makes them, frozen there: 0007 those of 0002, 0016 its new ones too)."""
    players = ", ".join(
        sql if sql == name else f"{sql} AS {name}" for name, sql in HAND_PLAYERS_COLUMNS
    )
    stats = ", ".join(
        ["hand", "seat", "player_id"]
        + [
            sql if sql == name else f"{sql} AS {name}"
            for name, sql in ((n, stats_column(n)) for n in stat_fields)
        ]
    )
    return (
        f"CREATE VIEW hand_players AS SELECT {players} FROM seats",
        f"CREATE VIEW player_hand_stats AS SELECT {stats} FROM seats WHERE flags IS NOT NULL",
    )


def flags2_check() -> str:
    """The CHECK of ``seats.flags2`` (migration 0016): its bits only, and each done bit
    under its chance bit (NULL for a seat without statistics)."""
    top = (1 << len(FLAG_BITS_2)) - 1
    implied = [
        f"{_flag(name)} <= {_flag(f'{name}_chance')}"
        for name in FLAG_BITS_2 if not name.endswith("_chance")
    ]  # fmt: skip
    return f"CHECK (flags2 BETWEEN 0 AND {top} AND {' AND '.join(implied)})"


def flags2_sql(stats: str = "s") -> str:
    """SQL packing the ``flags2`` bits from a row with a column per flag (alias ``stats``)."""
    return " | ".join(f"({stats}.{name} << {bit})" for bit, name in enumerate(FLAG_BITS_2))


def pack_sql(stats: str = "s") -> dict[str, str]:
    """SQL packing an old ``player_hand_stats`` row (alias ``stats``) into the ``seats``
    statistics columns: the migration's conversion of an existing database."""
    flags = " | ".join(f"({stats}.{name} << {bit})" for bit, name in enumerate(FLAG_BITS))
    out = {"flags": flags}
    for street, column in zip(ff.ROUND_NAMES, COUNT_COLUMNS, strict=True):
        out[column] = " | ".join(
            f"({stats}.{action}_{street} << {COUNT_BITS * shift})"
            for shift, action in enumerate(COUNT_ORDER)
        )
    out["all_in_street"] = f"{stats}.all_in_street"
    return out
