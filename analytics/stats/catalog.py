"""The statistics catalog (issue 25, item 1): one row per statistic, and everything else
derived from it.

A statistic used to be defined in eight places (the flags, the stored bits, ``STATS``,
explain's texts, the export's keys, the player page's labels, the docs); a new one reached
some of them. Each :class:`Stat` row here says, once: its name and label, what it means in
words, the per-hand facts it counts (``x``, the numerator, and ``n``, the chance it is out
of, as SQL over the per-hand rows, whose ``s.NAME`` terms are the facts), the games and
streets it applies to, the ``docs/stats.md`` section that defines it, and how "explain this
stat" words a hand. From the rows come:

- :data:`STATS` (``analytics.stats.players`` re-exports it), so the pre-aggregated sums'
  columns (``analytics.store.aggregates``: ``x_NAME``, ``n_NAME``), the CLI's stats, the
  overview and the player page;
- the per-hand facts (:data:`FACTS`), which ``analytics.stats.flag_fields.PlayerFlags``
  must hold, stored as bits of ``seats`` (``analytics.store.seat_layout``) and exported
  (``analytics.output.export.STATS_FIELDS``);
- the player page's statistics table (``table_label``), explain's texts, the docs test.

Why this module sits below the store: the store sums the statistics (its tables have a
column per stat), so it needs their SQL; the statistics' queries read the store. The
catalog imports nothing of either (``tests/stats/test_catalog.py`` checks the direction).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

__all__ = [
    "FACTS",
    "PLAYER_AGGREGATES",
    "STATS",
    "Kind",
    "Stat",
    "facts_of",
]


class Kind(StrEnum):
    #: x of n hands: a proportion, with a Wilson interval.
    RATE = "rate"
    #: x ÷ n, not a proportion (AF): no interval.
    RATIO = "ratio"
    #: Σ x in the smallest unit, shown in major units.
    MONEY = "money"
    #: Σ x ÷ Σ n × 100, x in big blinds (big bets in fixed limit), n hands.
    PER_100 = "per_100"
    #: Σ x, a count of hands.
    COUNT = "count"


#: Where a statistic applies: every game, or the games with blinds and a button (hold'em,
#: omaha, draw: not stud, which has neither).
ALL_GAMES = "all"
BLIND_GAMES = "blind games"


@dataclass(frozen=True, slots=True)
class Stat:
    """One statistic: per-row numerator ``x`` and denominator ``n`` (SQL expressions over
    ``s`` = the per-hand statistics row, ``h`` = hands, ``e`` = all-in EV) and its words."""

    name: str
    label: str
    kind: Kind
    x: str
    n: str = "1"
    #: The key of ``PlayerFlags.reasons`` that says why a hand is in the denominator.
    reason: str | None = None
    #: The flags that say whether a hand is in the denominator and numerator, for
    #: :func:`analytics.stats.explain.explain_hand` (``None``: every hand).
    chance_flag: str | None = None
    done_flag: str | None = None
    #: The definition in words (one sentence; ``docs/stats.md`` has the whole of it).
    definition: str = ""
    #: :data:`ALL_GAMES` or :data:`BLIND_GAMES`.
    games: str = ALL_GAMES
    #: The betting rounds it reads (``preflop`` ... ``river``, hold'em's names).
    streets: tuple[str, ...] = ()
    #: The heading of its section in ``docs/stats.md`` (without the ``#``).
    doc: str = ""
    #: Explain's words for a hand not in the numerator and one in it.
    done_text: tuple[str, str] | None = None
    #: Explain's words for a hand with no chance.
    no_chance: str = "not in the situation"
    #: Only the hands where the player sat here (``SB``, ``BB``): a split of another stat.
    position: str | None = None
    #: The header of its column in the player page's statistics table (None: not there).
    table_label: str | None = None

    @property
    def facts(self) -> tuple[str, ...]:
        """The per-hand facts (``PlayerFlags`` fields) its SQL reads."""
        return facts_of(f"{self.x} {self.n}")


_FACT = re.compile(r"\bs\.([a-z_0-9]+)")


def facts_of(sql: str) -> tuple[str, ...]:
    """The ``s.NAME`` terms of an SQL expression, in order, once each."""
    return tuple(dict.fromkeys(_FACT.findall(sql)))


#: The "big blind" of bb/100: the big bet in fixed limit (twice the big blind in hold'em
#: and draw; stud has no blinds, only its bets), the big blind otherwise.
_BIG = (
    "(CASE WHEN h.betting = 'fixed_limit' THEN coalesce(h.big_bet, 2 * h.big_blind)"
    " ELSE h.big_blind END)"
)
#: bb/100 counts the hands that have that unit (every hand the importer stores ok).
_HAS_BIG = f"coalesce({_BIG} > 0, 0)"
_ADJUSTED = "coalesce(e.all_in_ev, s.net)"
_POST = ("flop", "turn", "river")
_AGGRESSIVE = " + ".join(f"s.bets_{st} + s.raises_{st}" for st in _POST)
_CALLS = " + ".join(f"s.calls_{st}" for st in _POST)
_FOLDS = " + ".join(f"s.folds_{st}" for st in _POST)
_PREFLOP = ("preflop",)


def _rate(
    name: str,
    label: str,
    definition: str,
    doc: str,
    done_text: tuple[str, str],
    *,
    streets: tuple[str, ...] = _PREFLOP,
    games: str = ALL_GAMES,
    table_label: str | None = None,
) -> Stat:
    """A done ÷ chance stat of the flags (whose ``reasons`` say why the chance was there)."""
    return Stat(
        name, label, Kind.RATE, f"s.{name}", f"s.{name}_chance",
        reason=name, chance_flag=f"{name}_chance", done_flag=name, definition=definition,
        games=games, streets=streets, doc=doc, done_text=done_text, table_label=table_label,
    )  # fmt: skip


def _by_blind(position: str) -> Stat:
    """Fold to steal in one blind: the same flags, the hands where he sat there."""

    # CASE, not a product: the Parquet statistics (DuckDB) keep the flags as booleans.
    def when(flag: str) -> str:
        return f"CASE WHEN s.position = '{position}' AND s.{flag} THEN 1 ELSE 0 END"

    return Stat(
        f"fold_to_steal_{position.lower()}", f"fold to steal ({position})", Kind.RATE,
        when("fold_to_steal"), when("fold_to_steal_chance"),
        reason="fold_to_steal", chance_flag="fold_to_steal_chance", done_flag="fold_to_steal",
        definition=f"In the {position}, folded to a steal nobody else called or raised.",
        games=BLIND_GAMES, streets=_PREFLOP, doc="Fold to steal — `fold_to_steal_chance`,"
        " `fold_to_steal`", done_text=("he did not fold to the steal", "he folded to the steal"),
        no_chance=f"not in the {position} facing a steal alone", position=position,
    )  # fmt: skip


_CBET = "C-bet — `cbet_flop_chance`, `cbet_flop`, `cbet_turn_chance`, `cbet_turn`, " \
    "`cbet_river_chance`, `cbet_river`"  # fmt: skip
_FOLD_CBET = (
    "Fold to c-bet — `fold_to_cbet_flop_chance`, `fold_to_cbet_flop`, "
    "`fold_to_cbet_turn_chance`, `fold_to_cbet_turn`, `fold_to_cbet_river_chance`, "
    "`fold_to_cbet_river`"
)
_CHECK_RAISE = (
    "Check-raise — `check_raise_flop_chance`, `check_raise_flop`, `check_raise_turn_chance`, "
    "`check_raise_turn`, `check_raise_river_chance`, `check_raise_river`"
)
_DONK = "Donk bet — `donk_flop_chance`, `donk_flop`, `donk_turn_chance`, `donk_turn`, " \
    "`donk_river_chance`, `donk_river`"  # fmt: skip
_PROBE = "Probe bet — `probe_turn_chance`, `probe_turn`, `probe_river_chance`, `probe_river`"


def _cbet(street: str) -> Stat:
    return _rate(
        f"cbet_{street}", f"c-bet {street}",
        "Bet first on the street as the last aggressor of every round before it"
        + (" (the pre-flop raiser)." if street == "flop" else " (a c-bet chain)."),
        _CBET, (f"he did not bet the {street}", f"he c-bet the {street}"), streets=(street,),
        table_label="C-bet" if street == "flop" else None,
    )  # fmt: skip


def _fold_cbet(street: str) -> Stat:
    return _rate(
        f"fold_to_cbet_{street}", f"fold to c-bet {street}",
        f"Folded to the {street} c-bet, facing it with no raise after it.", _FOLD_CBET,
        ("he did not fold to the c-bet", "he folded to the c-bet"), streets=(street,),
        table_label="Fold to c-bet" if street == "flop" else None,
    )  # fmt: skip


def _check_raise(street: str) -> Stat:
    return _rate(
        f"check_raise_{street}", f"check-raise {street}",
        f"Checked the {street}, faced a bet and raised it.", _CHECK_RAISE,
        ("he did not raise after his check", "he check-raised"), streets=(street,),
    )  # fmt: skip


def _donk(street: str) -> Stat:
    before = "pre-flop raiser" if street == "flop" else "previous street's aggressor"
    return _rate(
        f"donk_{street}", f"donk bet {street}",
        f"Bet the {street} first, out of position to the {before}.", _DONK,
        ("he did not lead", f"he led into the {before}"), streets=(street,),
    )  # fmt: skip


def _probe(street: str) -> Stat:
    return _rate(
        f"probe_{street}", f"probe bet {street}",
        f"Bet the {street} first after the aggressor checked his c-bet chance and the "
        "street before went checked through.", _PROBE,
        ("he did not bet", "he made the probe bet"), streets=(street,),
    )  # fmt: skip


#: Every statistic, in display order: the first 22 as they shipped (their order is the
#: order of the aggregate tables' columns of migration 0008), the later ones after them.
STATS: Final[tuple[Stat, ...]] = (
    Stat("hands", "hands", Kind.COUNT, "1", definition="Hands dealt in.",
         doc="Aggregates"),
    Stat("vpip", "VPIP", Kind.RATE, "s.vpip", "1 - s.walk", done_flag="vpip",
         definition="Put money in voluntarily before the flop (a call or a raise).",
         streets=_PREFLOP, doc="VPIP — `vpip`", no_chance="a walk", table_label="VPIP",
         done_text=("he put no money in voluntarily pre-flop", "he called or raised pre-flop")),
    Stat("pfr", "PFR", Kind.RATE, "s.pfr", "1 - s.walk", done_flag="pfr",
         definition="Raised before the flop.", streets=_PREFLOP, doc="PFR — `pfr`",
         no_chance="a walk", table_label="PFR",
         done_text=("he did not raise pre-flop", "he raised pre-flop")),
    _rate("three_bet", "3-bet", "Re-raised a single raise before the flop.",
          "3-bet — `three_bet_chance`, `three_bet`", ("he did not 3-bet", "he 3-bet"),
          table_label="3-bet"),
    _rate("fold_to_three_bet", "fold to 3-bet",
          "Folded to a 3-bet after putting money in voluntarily before it.",
          "Fold to 3-bet — `fold_to_three_bet_chance`, `fold_to_three_bet`",
          ("he did not fold to the 3-bet", "he folded to the 3-bet"),
          table_label="Fold to 3-bet"),
    _rate("four_bet", "4-bet", "Re-raised a 3-bet before the flop.",
          "4-bet — `four_bet_chance`, `four_bet`", ("he did not 4-bet", "he 4-bet")),
    _cbet("flop"),
    _fold_cbet("flop"),
    _rate("steal", "steal", "Raised first in from the CO, button or small blind.",
          "Steal — `steal_chance`, `steal`", ("he did not raise", "he raised: a steal"),
          games=BLIND_GAMES, table_label="Steal"),
    _rate("fold_to_steal", "fold to steal",
          "In a blind, folded to a steal nobody else called or raised.",
          "Fold to steal — `fold_to_steal_chance`, `fold_to_steal`",
          ("he did not fold to the steal", "he folded to the steal"), games=BLIND_GAMES),
    Stat("af", "AF", Kind.RATIO, f"({_AGGRESSIVE})", f"({_CALLS})",
         definition="Bets and raises per call after the flop.", streets=_POST,
         doc="Action counts per street"),
    Stat("afq", "AFq", Kind.RATE, f"({_AGGRESSIVE})", f"({_AGGRESSIVE} + {_CALLS} + {_FOLDS})",
         definition="Bets and raises among the bets, raises, calls and folds after the flop.",
         streets=_POST, doc="Action counts per street"),
    Stat("wtsd", "WTSD", Kind.RATE, "s.went_to_showdown", "s.saw_flop",
         chance_flag="saw_flop", done_flag="went_to_showdown",
         definition="Went to showdown after seeing the flop.", streets=_POST,
         doc="Showdown — `went_to_showdown`, `won_at_showdown`, `won_when_saw_flop`",
         no_chance="he did not see the flop", table_label="WTSD",
         done_text=("he folded before the showdown", "he went to showdown")),
    Stat("wsd", "W$SD", Kind.RATE, "s.won_at_showdown", "s.went_to_showdown",
         chance_flag="went_to_showdown", done_flag="won_at_showdown",
         definition="Won something at showdown.", streets=_POST,
         doc="Showdown — `went_to_showdown`, `won_at_showdown`, `won_when_saw_flop`",
         no_chance="he did not go to showdown", table_label="W$SD",
         done_text=("he won nothing at showdown", "he won at showdown")),
    Stat("wwsf", "WWSF", Kind.RATE, "s.won_when_saw_flop", "s.saw_flop",
         chance_flag="saw_flop", done_flag="won_when_saw_flop",
         definition="Won something after seeing the flop.", streets=_POST,
         doc="Showdown — `went_to_showdown`, `won_at_showdown`, `won_when_saw_flop`",
         no_chance="he did not see the flop", table_label="WWSF",
         done_text=("he won nothing", "he won something after seeing the flop")),
    Stat("net_won", "net won", Kind.MONEY, "s.net", definition="Net won after rake.",
         doc="Identity and money"),
    Stat("bb_per_100", "bb/100", Kind.PER_100, f"s.net * 1.0 / {_BIG}", _HAS_BIG,
         definition="Big blinds (big bets in fixed limit) won per 100 hands.",
         doc="Identity and money"),
    Stat("all_in_adjusted", "all-in adj. won", Kind.MONEY, _ADJUSTED,
         definition="Net won with the all-in EV in place of the net where computed.",
         doc="All-in EV — `all_in_ev`, `all_in_ev_status`"),
    Stat("all_in_adjusted_bb_per_100", "all-in adj. bb/100", Kind.PER_100,
         f"{_ADJUSTED} * 1.0 / {_BIG}", _HAS_BIG,
         definition="bb/100 of the all-in adjusted net.",
         doc="All-in EV — `all_in_ev`, `all_in_ev_status`"),
    Stat("all_in_ev_hands", "all-in EV hands", Kind.COUNT,
         "coalesce(e.all_in_ev_status = 'computed', 0)",
         definition="Hands whose all-in EV was computed.",
         doc="All-in EV — `all_in_ev`, `all_in_ev_status`"),
    Stat("all_in_ev_left_out", "all-in EV left out", Kind.COUNT,
         "coalesce(e.all_in_ev_status <> 'computed', 0)",
         definition="All-in hands left out of the EV line (cards unknown, no evaluator).",
         doc="All-in EV — `all_in_ev`, `all_in_ev_status`"),
    Stat("rake_paid", "rake paid", Kind.MONEY, "s.rake_paid",
         definition="The player's share of the rake.", doc="Identity and money"),
    # -- issue 25, item 3 (migration 0016) -------------------------------------------------
    _cbet("turn"),
    _cbet("river"),
    _fold_cbet("turn"),
    _fold_cbet("river"),
    _check_raise("flop"),
    _check_raise("turn"),
    _check_raise("river"),
    _rate("squeeze", "squeeze", "Re-raised a single raise that somebody had called.",
          "Squeeze — `squeeze_chance`, `squeeze`", ("he did not squeeze", "he squeezed")),
    _rate("rfi", "RFI", "Raised first in: raised when everyone before him had folded.",
          "Raise first in (RFI) — `rfi_chance`, `rfi`",
          ("he did not raise first in", "he raised first in")),
    _donk("flop"),
    _donk("turn"),
    _donk("river"),
    _probe("turn"),
    _probe("river"),
    _rate("float_turn", "float", "Called the flop c-bet in position, then bet the turn when "
          "the c-bettor checked.", "Float — `float_turn_chance`, `float_turn`",
          ("he did not bet the turn", "he bet the turn: a float"), streets=("flop", "turn")),
    _rate("limp", "limp", "Called the big blind (or the bring-in) with no raise before him.",
          "Limp — `limp_chance`, `limp`", ("he did not limp", "he limped")),
    _rate("cold_call", "cold call", "Called a raise with no voluntary chip in before it.",
          "Cold call — `cold_call_chance`, `cold_call`",
          ("he did not cold call", "he cold called")),
    _by_blind("SB"),
    _by_blind("BB"),
    _rate("fold_to_four_bet", "fold to 4-bet",
          "Folded to a 4-bet after putting money in voluntarily before it.",
          "Fold to 4-bet — `fold_to_four_bet_chance`, `fold_to_four_bet`",
          ("he did not fold to the 4-bet", "he folded to the 4-bet")),
)  # fmt: skip

#: Every per-hand fact a statistic counts, in the catalog's order.
FACTS: Final[tuple[str, ...]] = tuple(
    dict.fromkeys(fact for s in STATS for fact in (*s.facts, s.chance_flag, s.done_flag)
                  if fact is not None)
)  # fmt: skip

#: (column, SQL aggregate) of the player table, over ``hand_players hp JOIN hands h``
#: (``analytics.stats.queries.player_table``; pre-summed as ``pt_NAME``).
PLAYER_AGGREGATES: Final[tuple[tuple[str, str], ...]] = (
    ("hands", "count(*)"),
    ("net", "sum(hp.net)"),
    ("net_bb", "sum(hp.net * 1.0 / h.big_blind)"),
    ("net_showdown", "sum(CASE WHEN hp.went_to_showdown THEN hp.net ELSE 0 END)"),
    ("net_no_showdown", "sum(CASE WHEN hp.went_to_showdown THEN 0 ELSE hp.net END)"),
    (
        "saw_flop",
        "sum(h.boards <> '' AND (hp.folded_on IS NULL OR hp.folded_on <> 'preflop'))",
    ),
    ("showdowns", "sum(hp.went_to_showdown)"),
    ("showdowns_won", "sum(hp.went_to_showdown AND hp.collected > 0)"),
    ("all_ins", "sum(hp.all_in)"),
    ("rake_paid", "sum(hp.rake_paid)"),
)
