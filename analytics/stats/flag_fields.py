"""The statistics flags' schema: ``PlayerFlags``, its stored fields and their indexes.

Kept apart from the walk that computes them (``analytics.stats.flags``) so the storage and the docs
test can read the field list without it. ``FIELDS`` is the column order of the
``player_hand_stats`` view (migration ``0002_player_stats``, the fields of 0016 before the
money): a new field needs a new migration, and a test compares the two. The statistics that
count the fields are the rows of ``analytics.stats.catalog``; ``tests/stats/test_catalog.py``
checks each of their facts is a field here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Final

#: Positions that can steal: an open raise from here when everybody before folded.
STEAL_POSITIONS: Final = frozenset({"CO", "BTN", "SB"})
#: Positions that face a steal.
BLIND_POSITIONS: Final = frozenset({"SB", "BB"})
#: The names the four betting rounds take in the field names (hold'em's; see the docstring).
ROUND_NAMES: Final = ("preflop", "flop", "turn", "river")
#: What is counted per round, in field order.
COUNTED_ACTIONS: Final = ("bets", "raises", "calls", "checks", "folds")


@dataclass(frozen=True, slots=True)
class PlayerFlags:
    """One player's statistics flags for one hand; ``docs/stats.md`` defines each field.

    ``*_chance`` says the player was in the situation, the field without the suffix that he
    took it (always False when the chance is). Counts are ints, money is in the hand's
    smallest unit. ``reasons`` maps each stat whose chance was True to a one-line why.
    """

    seat: int
    #: BTN, SB, BB, UTG ... CO (PlayerResult.position).
    position: str | None
    vpip: bool
    pfr: bool
    three_bet_chance: bool
    three_bet: bool
    four_bet_chance: bool
    four_bet: bool
    fold_to_three_bet_chance: bool
    fold_to_three_bet: bool
    squeeze_chance: bool
    squeeze: bool
    steal_chance: bool
    steal: bool
    fold_to_steal_chance: bool
    fold_to_steal: bool
    cbet_flop_chance: bool
    cbet_flop: bool
    cbet_turn_chance: bool
    cbet_turn: bool
    cbet_river_chance: bool
    cbet_river: bool
    fold_to_cbet_flop_chance: bool
    fold_to_cbet_flop: bool
    fold_to_cbet_turn_chance: bool
    fold_to_cbet_turn: bool
    fold_to_cbet_river_chance: bool
    fold_to_cbet_river: bool
    check_raise_flop_chance: bool
    check_raise_flop: bool
    check_raise_turn_chance: bool
    check_raise_turn: bool
    check_raise_river_chance: bool
    check_raise_river: bool
    saw_flop: bool
    saw_turn: bool
    saw_river: bool
    went_to_showdown: bool
    won_at_showdown: bool
    won_when_saw_flop: bool
    bets_preflop: int
    raises_preflop: int
    calls_preflop: int
    checks_preflop: int
    folds_preflop: int
    bets_flop: int
    raises_flop: int
    calls_flop: int
    checks_flop: int
    folds_flop: int
    bets_turn: int
    raises_turn: int
    calls_turn: int
    checks_turn: int
    folds_turn: int
    bets_river: int
    raises_river: int
    calls_river: int
    checks_river: int
    folds_river: int
    walk: bool
    #: The street on which the player was all-in (his stack at 0 at the end), else None.
    all_in_street: str | None
    # -- issue 25, item 3 (migration 0016: the bits of ``seats.flags2``)
    rfi_chance: bool
    rfi: bool
    limp_chance: bool
    limp: bool
    cold_call_chance: bool
    cold_call: bool
    fold_to_four_bet_chance: bool
    fold_to_four_bet: bool
    donk_flop_chance: bool
    donk_flop: bool
    donk_turn_chance: bool
    donk_turn: bool
    donk_river_chance: bool
    donk_river: bool
    probe_turn_chance: bool
    probe_turn: bool
    probe_river_chance: bool
    probe_river: bool
    float_turn_chance: bool
    float_turn: bool
    net: int
    rake_paid: int
    reasons: dict[str, str] = field(default_factory=dict, hash=False)


#: The stored fields, in column order (``reasons`` is explanation, not a column).
FIELDS: tuple[str, ...] = tuple(f.name for f in fields(PlayerFlags) if f.name != "reasons")
_AT: dict[str, int] = {name: i for i, name in enumerate(FIELDS)}

#: Every stat that has a chance, by the name ``reasons`` uses: (chance field, done field).
CHANCE_STATS: dict[str, tuple[str, str]] = {
    name: (f"{name}_chance", name)
    for name in (
        "three_bet", "four_bet", "fold_to_three_bet", "squeeze", "steal", "fold_to_steal",
        "cbet_flop", "cbet_turn", "cbet_river",
        "fold_to_cbet_flop", "fold_to_cbet_turn", "fold_to_cbet_river",
        "check_raise_flop", "check_raise_turn", "check_raise_river",
        "rfi", "limp", "cold_call", "fold_to_four_bet", "donk_flop", "donk_turn", "donk_river",
        "probe_turn", "probe_river", "float_turn",
    )
}  # fmt: skip

# Each index annotated (``Final``), not unpacked from one tuple: the store's modules import
# this one inside an import cycle, where mypy (and so mypyc, compiling the row builders)
# cannot infer a name it has not reached yet.
SEAT: Final = _AT["seat"]
POSITION: Final = _AT["position"]
VPIP: Final = _AT["vpip"]
PFR: Final = _AT["pfr"]
THREE_BET_CHANCE: Final = _AT["three_bet_chance"]
THREE_BET: Final = _AT["three_bet"]
FOUR_BET_CHANCE: Final = _AT["four_bet_chance"]
FOUR_BET: Final = _AT["four_bet"]
FOLD_3B_CHANCE: Final = _AT["fold_to_three_bet_chance"]
FOLD_3B: Final = _AT["fold_to_three_bet"]
SQUEEZE_CHANCE: Final = _AT["squeeze_chance"]
SQUEEZE: Final = _AT["squeeze"]
STEAL_CHANCE: Final = _AT["steal_chance"]
STEAL: Final = _AT["steal"]
FOLD_STEAL_CHANCE: Final = _AT["fold_to_steal_chance"]
FOLD_STEAL: Final = _AT["fold_to_steal"]
SAW_FLOP: Final = _AT["saw_flop"]
WENT_TO_SHOWDOWN: Final = _AT["went_to_showdown"]
WON_AT_SHOWDOWN: Final = _AT["won_at_showdown"]
WON_WHEN_SAW_FLOP: Final = _AT["won_when_saw_flop"]
WALK: Final = _AT["walk"]
ALL_IN_STREET: Final = _AT["all_in_street"]
NET: Final = _AT["net"]
RAKE_PAID: Final = _AT["rake_paid"]
RFI_CHANCE: Final = _AT["rfi_chance"]
RFI: Final = _AT["rfi"]
LIMP_CHANCE: Final = _AT["limp_chance"]
LIMP: Final = _AT["limp"]
COLD_CALL_CHANCE: Final = _AT["cold_call_chance"]
COLD_CALL: Final = _AT["cold_call"]
FOLD_4B_CHANCE: Final = _AT["fold_to_four_bet_chance"]
FOLD_4B: Final = _AT["fold_to_four_bet"]
FLOAT_CHANCE: Final = _AT["float_turn_chance"]
FLOAT: Final = _AT["float_turn"]
#: Index of ``bets_preflop``; round r, action k is at COUNTS + 5 * r + k.
COUNTS: Final = _AT["bets_preflop"]
#: By round index (1 = flop ...): the chance and done indexes; index 0 unused.
_POSTFLOP: tuple[str, ...] = ROUND_NAMES[1:]
CBET_AT: tuple[tuple[int, int] | None, ...] = (
    None,
    *((_AT[f"cbet_{s}_chance"], _AT[f"cbet_{s}"]) for s in _POSTFLOP),
)
FOLD_CBET_AT: tuple[tuple[int, int] | None, ...] = (
    None,
    *((_AT[f"fold_to_cbet_{s}_chance"], _AT[f"fold_to_cbet_{s}"]) for s in _POSTFLOP),
)
CHECK_RAISE_AT: tuple[tuple[int, int] | None, ...] = (
    None,
    *((_AT[f"check_raise_{s}_chance"], _AT[f"check_raise_{s}"]) for s in _POSTFLOP),
)
DONK_AT: tuple[tuple[int, int] | None, ...] = (
    None,
    *((_AT[f"donk_{s}_chance"], _AT[f"donk_{s}"]) for s in _POSTFLOP),
)
#: Probe bets on the turn and river (index 2 and 3); none on the flop.
PROBE_AT: tuple[tuple[int, int] | None, ...] = (
    None,
    None,
    *((_AT[f"probe_{s}_chance"], _AT[f"probe_{s}"]) for s in _POSTFLOP[1:]),
)
SAW_AT: tuple[int | None, ...] = (None, _AT["saw_flop"], _AT["saw_turn"], _AT["saw_river"])

_TYPES: dict[str, str] = {f.name: str(f.type) for f in fields(PlayerFlags)}
#: By field: whether it is a yes/no flag (``bool`` in PlayerFlags, 0/1 in rows and columns).
IS_FLAG: tuple[bool, ...] = tuple(_TYPES[name] == "bool" for name in FIELDS)
#: A fresh player's values: 0 for flags, counts and money, None for the strings.
DEFAULTS: list[Any] = [None if "None" in _TYPES[name] else 0 for name in FIELDS]
