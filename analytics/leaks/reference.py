"""The reference ranges of the leak finder: per statistic, game, table size and position, the
values winning regulars keep (docs/leaks.md says where they come from and how they were
chosen).

The table is keyed by the statistic's name in :data:`analytics.stats.players.STATS`: a
statistic added there (c-bet turn, check-raise, squeeze ...) is assessed as soon as a row
names it here, and a row naming a statistic this version does not compute is skipped (so
the table may run ahead of the statistics). Rates are in percent, the aggression factor
(``af``, a ratio) as the ratio itself.

Columns: ``stat``; ``game``, a family of :data:`FAMILIES` (or ``any``); ``table``, a size
class of :func:`table_class` (or ``any``); ``position``, a position, a group of
:data:`POSITION_GROUPS` or ``any`` (every position together); ``low`` and ``high``.
:func:`ranges_for` picks, for a statistic in a context, the most specific row.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

#: Where the rows come from (docs/leaks.md, "Sources").
SOURCE: Final = "published HUD ranges for winning regulars (TAG to LAG), widened; docs/leaks.md"

#: Game families: the stored game codes each covers. Stud, draw, short deck and the
#: hi/lo games have no reference yet: they are not assessed.
FAMILIES: Final[dict[str, tuple[str, ...]]] = {
    "holdem": ("NLHE", "PLHE", "PLNLHE"),
    "holdem_fl": ("FLHE",),
    "omaha": ("PLO", "NLO", "PLNLO", "PLO5", "PLO6"),
}
FAMILY_LABELS: Final[dict[str, str]] = {
    "holdem": "NL/PL hold'em",
    "holdem_fl": "limit hold'em",
    "omaha": "PL/NL omaha",
}
#: Position groups a row may name (besides single positions and ``any``).
POSITION_GROUPS: Final[dict[str, frozenset[str]]] = {
    "EP": frozenset({"UTG", "UTG+1", "UTG+2"}),
    "MP": frozenset({"MP", "MP+1", "LJ", "HJ"}),
    "blinds": frozenset({"SB", "BB"}),
}

# One row per line: stat, game, table, position, low, high. Rates in percent.
_ROWS = """
vpip               holdem     6-max      any      18   32
pfr                holdem     6-max      any      14   28
three_bet          holdem     6-max      any       5   12
fold_to_three_bet  holdem     6-max      any      45   68
cbet_flop          holdem     6-max      any      50   78
fold_to_cbet_flop  holdem     6-max      any      35   58
steal              holdem     6-max      any      25   48
steal              holdem     6-max      CO       22   40
steal              holdem     6-max      BTN      30   58
steal              holdem     6-max      SB       25   55
fold_to_steal      holdem     6-max      any      50   80
fold_to_steal      holdem     6-max      SB       60   90
fold_to_steal      holdem     6-max      BB       45   75
wtsd               holdem     6-max      any      22   33
wsd                holdem     6-max      any      46   58
af                 holdem     6-max      any     1.8  4.5
vpip               holdem     full-ring  any      12   24
pfr                holdem     full-ring  any       9   20
three_bet          holdem     full-ring  any       3    9
fold_to_three_bet  holdem     full-ring  any      45   72
cbet_flop          holdem     full-ring  any      55   80
fold_to_cbet_flop  holdem     full-ring  any      35   58
steal              holdem     full-ring  any      22   42
fold_to_steal      holdem     full-ring  any      55   82
wtsd               holdem     full-ring  any      21   31
wsd                holdem     full-ring  any      48   58
af                 holdem     full-ring  any     1.8  4.5
vpip               holdem     heads-up   any      55   90
pfr                holdem     heads-up   any      40   80
three_bet          holdem     heads-up   any      10   30
fold_to_three_bet  holdem     heads-up   any      25   55
cbet_flop          holdem     heads-up   any      55   85
fold_to_cbet_flop  holdem     heads-up   any      28   50
steal              holdem     heads-up   any      60   95
fold_to_steal      holdem     heads-up   any      25   55
wtsd               holdem     heads-up   any      28   45
wsd                holdem     heads-up   any      45   58
af                 holdem     heads-up   any     1.5  4.5
vpip               holdem_fl  any        any      20   35
pfr                holdem_fl  any        any      14   28
three_bet          holdem_fl  any        any       6   15
fold_to_three_bet  holdem_fl  any        any       5   35
cbet_flop          holdem_fl  any        any      65   92
fold_to_cbet_flop  holdem_fl  any        any      15   40
steal              holdem_fl  any        any      30   55
fold_to_steal      holdem_fl  any        any      35   65
wtsd               holdem_fl  any        any      27   40
wsd                holdem_fl  any        any      48   57
af                 holdem_fl  any        any     1.5  3.5
vpip               omaha      any        any      22   38
pfr                omaha      any        any      14   30
three_bet          omaha      any        any       4   12
fold_to_three_bet  omaha      any        any      30   60
cbet_flop          omaha      any        any      50   78
fold_to_cbet_flop  omaha      any        any      35   60
steal              omaha      any        any      30   55
fold_to_steal      omaha      any        any      40   70
wtsd               omaha      any        any      25   36
wsd                omaha      any        any      45   55
af                 omaha      any        any     1.5  3.5
"""


@dataclass(frozen=True, slots=True)
class Range:
    """One reference row: ``stat`` should lie in [low, high] (a proportion for a rate, the
    ratio itself for AF) in this game, table size and position."""

    stat: str
    game: str
    table: str
    position: str
    low: float
    high: float

    def covers(self, position: str) -> bool:
        """Whether a seat at ``position`` is among this row's (``any`` covers all)."""
        if self.position == "any":
            return True
        return position in POSITION_GROUPS.get(self.position, frozenset({self.position}))


def _parsed(text: str, ratios: frozenset[str]) -> tuple[Range, ...]:
    rows = []
    for line in text.strip().splitlines():
        stat, game, table, position, low, high = line.split()
        scale = 1.0 if stat in ratios else 100.0
        rows.append(Range(stat, game, table, position, float(low) / scale, float(high) / scale))
    return tuple(rows)


#: Statistics whose rows are ratios, not percentages.
RATIOS: Final = frozenset({"af"})
#: Every row, as :class:`Range` objects (rates as proportions).
RANGES: Final[tuple[Range, ...]] = _parsed(_ROWS, RATIOS)


def family(game: str | None) -> str | None:
    """The family of a stored game code, or None (not assessed).

    >>> family("NLHE"), family("PLO5"), family("FL7S")
    ('holdem', 'omaha', None)
    """
    return next((name for name, codes in FAMILIES.items() if game in codes), None)


def table_class(max_seats: int | None) -> str:
    """``heads-up`` (2 seats), ``6-max`` (3 to 6), ``full-ring`` (7 and more) from the
    table's seats as the room wrote them (``hands.max_seats``): a 6-max table with two
    players left is still a 6-max game.

    >>> table_class(2), table_class(6), table_class(9), table_class(None)
    ('heads-up', '6-max', 'full-ring', '6-max')
    """
    if max_seats is None:
        return "6-max"
    if max_seats <= 2:
        return "heads-up"
    return "6-max" if max_seats <= 6 else "full-ring"


def ranges_for(stat: str, game: str, table: str) -> list[Range]:
    """The rows for ``stat`` in this game family and table class: for each position the
    row names, the most specific (the exact game and table before ``any``)."""
    rows = [r for r in RANGES if r.stat == stat and r.game in (game, "any")
            and r.table in (table, "any")]  # fmt: skip
    best: dict[str, Range] = {}
    for row in sorted(rows, key=lambda r: (r.game == "any", r.table == "any")):
        best.setdefault(row.position, row)
    return list(best.values())
