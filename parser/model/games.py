"""The game-specification table: every variant's rules as data (one ``GameSpec`` row each).

The engine reads these fields and never asks "is this omaha?". Behaviour that differs by
field value lives in small maps of named functions in the rules modules
(``betting.MAX_RAISE_TO[Betting.POT_LIMIT]``, ``showdown.EVALUATORS[...]``). Adding a
variant is a row here, a sample history and its expected result.

``supported`` marks the rows the engine replays today; the others are declared so the
parser can name the game and the importer can store the hand as unsupported, not lost.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TypedDict


class Betting(StrEnum):
    NO_LIMIT = "no_limit"
    POT_LIMIT = "pot_limit"
    FIXED_LIMIT = "fixed_limit"
    #: PokerStars "Hold'em PL pre-flop/NL post-flop" and similar: per-street structure.
    MIXED = "mixed"


class Evaluator(StrEnum):
    """How a showdown ranks hands (RULES.md S1-S3)."""

    HIGH = "high"  # best 5 of hole + board (hold'em, stud)
    OMAHA_HIGH = "omaha_high"  # exactly 2 hole + 3 board
    HIGH_LOW8 = "high_low8"  # stud hi/lo
    OMAHA_HIGH_LOW8 = "omaha_high_low8"
    LOW_A5 = "low_a5"  # razz
    LOW_27 = "low_27"  # deuce-to-seven
    BADUGI = "badugi"
    SHORT_DECK_HIGH = "short_deck_high"  # 6+ hold'em: flush beats full house
    #: Triton short deck (PHH "NS", pokerkit): flush beats full house, straight beats trips.
    SHORT_DECK_TRITON = "short_deck_triton"


class Forced(StrEnum):
    BLINDS = "blinds"
    BRING_IN = "bring_in"


class Opener(StrEnum):
    """Who acts first in a betting round (RULES.md B3, F4)."""

    LEFT_OF_BIG_BLIND = "left_of_big_blind"
    LEFT_OF_BUTTON = "left_of_button"
    BRING_IN = "bring_in"
    BEST_SHOWING = "best_showing"


class OddChip(StrEnum):
    """Who gets the odd chip of a split pot (RULES.md S4)."""

    #: The first winner clockwise from the button (blind games).
    LEFT_OF_BUTTON = "left_of_button"
    #: Stud: the winner holding the highest card by suit.
    HIGH_CARD = "high_card"


class BetSize(StrEnum):
    """Fixed limit: which of the two stakes a round bets in (RULES.md B7)."""

    SMALL = "small"
    BIG = "big"


@dataclass(frozen=True, slots=True, kw_only=True)
class StreetSpec:
    name: str
    #: Community cards dealt at the start of the street.
    board_cards: int = 0
    hole_down: int = 0
    hole_up: int = 0
    #: A draw (discard and replace) precedes this street's betting.
    draw: bool = False
    bet_size: BetSize = BetSize.SMALL
    opener: Opener = Opener.LEFT_OF_BUTTON


@dataclass(frozen=True, slots=True, kw_only=True)
class GameSpec:
    code: str
    name: str
    betting: Betting
    streets: tuple[StreetSpec, ...]
    evaluator: Evaluator
    forced: Forced = Forced.BLINDS
    max_players: int = 10
    #: Fixed limit: bets per round including the opening bet (RULES.md B7).
    max_bets: int | None = None
    supported: bool = False
    #: Per-street structure for ``Betting.MIXED`` (street name -> betting).
    street_betting: tuple[tuple[str, Betting], ...] = ()
    #: Boards dealt on every street (Split Hold'em: two, the pot split between them).
    boards: int = 1
    #: Stud: the order of action reads the up cards as a low (razz, F4).
    low_showing: bool = False
    #: Fixed-limit stud: the street on which an open pair allows the big bet (B7).
    open_pair_street: str | None = None
    odd_chip: OddChip = OddChip.LEFT_OF_BUTTON

    @property
    def hole_cards(self) -> int:
        return sum(s.hole_down + s.hole_up for s in self.streets)

    @property
    def board_size(self) -> int:
        """Community cards a complete board has (0 in stud and draw games)."""
        return sum(s.board_cards for s in self.streets)

    @property
    def street_names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.streets)

    def street(self, name: str) -> StreetSpec:
        for spec in self.streets:
            if spec.name == name:
                return spec
        raise KeyError(f"{self.code} has no street {name!r}")

    def betting_on(self, street: str) -> Betting:
        for name, betting in self.street_betting:
            if name == street:
                return betting
        return self.betting


def _flop_streets(hole: int) -> tuple[StreetSpec, ...]:
    return (
        StreetSpec(name="preflop", hole_down=hole, opener=Opener.LEFT_OF_BIG_BLIND),
        StreetSpec(name="flop", board_cards=3),
        StreetSpec(name="turn", board_cards=1, bet_size=BetSize.BIG),
        StreetSpec(name="river", board_cards=1, bet_size=BetSize.BIG),
    )


def _stud_streets() -> tuple[StreetSpec, ...]:
    return (
        StreetSpec(name="third", hole_down=2, hole_up=1, opener=Opener.BRING_IN),
        StreetSpec(name="fourth", hole_up=1, opener=Opener.BEST_SHOWING),
        StreetSpec(name="fifth", hole_up=1, bet_size=BetSize.BIG, opener=Opener.BEST_SHOWING),
        StreetSpec(name="sixth", hole_up=1, bet_size=BetSize.BIG, opener=Opener.BEST_SHOWING),
        StreetSpec(name="seventh", hole_down=1, bet_size=BetSize.BIG, opener=Opener.BEST_SHOWING),
    )


def _draw_streets(hole: int, draws: int) -> tuple[StreetSpec, ...]:
    names = ("predraw", "first_draw", "second_draw", "third_draw")
    first = StreetSpec(name=names[0], hole_down=hole, opener=Opener.LEFT_OF_BIG_BLIND)
    rest = tuple(
        StreetSpec(
            name=names[i],
            draw=True,
            bet_size=BetSize.SMALL if i == 1 and draws == 3 else BetSize.BIG,
        )
        for i in range(1, draws + 1)
    )
    return (first, *rest)


_HOLDEM = _flop_streets(2)
_OMAHA = _flop_streets(4)
_OMAHA5 = _flop_streets(5)
_OMAHA6 = _flop_streets(6)
_COURCHEVEL = (
    StreetSpec(name="preflop", hole_down=5, board_cards=1, opener=Opener.LEFT_OF_BIG_BLIND),
    StreetSpec(name="flop", board_cards=2),
    StreetSpec(name="turn", board_cards=1, bet_size=BetSize.BIG),
    StreetSpec(name="river", board_cards=1, bet_size=BetSize.BIG),
)


# The fields a family of rows shares, spread into each row with ``**``; typed so the
# checker knows each key's type and that no row repeats one.
class _Limit(TypedDict):
    max_bets: int


class _Stud(TypedDict):
    forced: Forced
    max_players: int
    max_bets: int
    supported: bool
    open_pair_street: str | None
    odd_chip: OddChip


_LIMIT: _Limit = {"max_bets": 4}
_STUD: _Stud = {
    "forced": Forced.BRING_IN, "max_players": 8, "max_bets": 4, "supported": True,
    "open_pair_street": "fourth", "odd_chip": OddChip.HIGH_CARD,
}
_RAZZ: _Stud = {**_STUD, "open_pair_street": None}

_ROWS: tuple[GameSpec, ...] = (
    # hold'em (RULES.md D7: 2 down; S1: any 5 of 7)
    GameSpec(code="NLHE", name="Hold'em No Limit", betting=Betting.NO_LIMIT, streets=_HOLDEM,
             evaluator=Evaluator.HIGH, supported=True),
    GameSpec(code="PLHE", name="Hold'em Pot Limit", betting=Betting.POT_LIMIT, streets=_HOLDEM,
             evaluator=Evaluator.HIGH, supported=True),
    GameSpec(code="FLHE", name="Hold'em Limit", betting=Betting.FIXED_LIMIT, streets=_HOLDEM,
             evaluator=Evaluator.HIGH, supported=True, **_LIMIT),
    GameSpec(code="PLNLHE", name="Hold'em PL pre-flop/NL post-flop", betting=Betting.MIXED,
             streets=_HOLDEM, evaluator=Evaluator.HIGH, supported=True,
             street_betting=(("preflop", Betting.POT_LIMIT), ("flop", Betting.NO_LIMIT),
                             ("turn", Betting.NO_LIMIT), ("river", Betting.NO_LIMIT))),
    GameSpec(code="PLNLO", name="Omaha PL pre-flop/NL post-flop", betting=Betting.MIXED,
             streets=_OMAHA, evaluator=Evaluator.OMAHA_HIGH, supported=True,
             street_betting=(("preflop", Betting.POT_LIMIT), ("flop", Betting.NO_LIMIT),
                             ("turn", Betting.NO_LIMIT), ("river", Betting.NO_LIMIT))),
    GameSpec(code="NLHE6P", name="6+ Hold'em No Limit", betting=Betting.NO_LIMIT, streets=_HOLDEM,
             evaluator=Evaluator.SHORT_DECK_HIGH, max_players=9, supported=True),
    GameSpec(code="NLSD", name="Short Deck Hold'em No Limit", betting=Betting.NO_LIMIT,
             streets=_HOLDEM, evaluator=Evaluator.SHORT_DECK_TRITON, max_players=9,
             supported=True),
    # omaha (D7: 4 down; S1: exactly 2 + 3)
    GameSpec(code="PLO", name="Omaha Pot Limit", betting=Betting.POT_LIMIT, streets=_OMAHA,
             evaluator=Evaluator.OMAHA_HIGH, supported=True),
    GameSpec(code="NLO", name="Omaha No Limit", betting=Betting.NO_LIMIT, streets=_OMAHA,
             evaluator=Evaluator.OMAHA_HIGH, supported=True),
    GameSpec(code="FLO", name="Omaha Limit", betting=Betting.FIXED_LIMIT, streets=_OMAHA,
             evaluator=Evaluator.OMAHA_HIGH, supported=True, **_LIMIT),
    GameSpec(code="PLO8", name="Omaha Hi/Lo Pot Limit", betting=Betting.POT_LIMIT, streets=_OMAHA,
             evaluator=Evaluator.OMAHA_HIGH_LOW8, supported=True),
    GameSpec(code="NLO8", name="Omaha Hi/Lo No Limit", betting=Betting.NO_LIMIT, streets=_OMAHA,
             evaluator=Evaluator.OMAHA_HIGH_LOW8, supported=True),
    GameSpec(code="FLO8", name="Omaha Hi/Lo Limit", betting=Betting.FIXED_LIMIT, streets=_OMAHA,
             evaluator=Evaluator.OMAHA_HIGH_LOW8, supported=True, **_LIMIT),
    GameSpec(code="PLO5", name="5 Card Omaha Pot Limit", betting=Betting.POT_LIMIT,
             streets=_OMAHA5, evaluator=Evaluator.OMAHA_HIGH, supported=True),
    GameSpec(code="PLO58", name="5 Card Omaha Hi/Lo Pot Limit", betting=Betting.POT_LIMIT,
             streets=_OMAHA5, evaluator=Evaluator.OMAHA_HIGH_LOW8, supported=True),
    GameSpec(code="PLO6", name="6 Card Omaha Pot Limit", betting=Betting.POT_LIMIT,
             streets=_OMAHA6, evaluator=Evaluator.OMAHA_HIGH, supported=True),
    # Courchevel: omaha with 5 down and the first flop card dealt face up before the
    # pre-flop betting ("*** PRE-FLOP *** [7h]"); declared so the parser can name it.
    GameSpec(code="PLCOUR", name="Courchevel Pot Limit", betting=Betting.POT_LIMIT,
             streets=_COURCHEVEL, evaluator=Evaluator.OMAHA_HIGH, supported=True),
    GameSpec(code="PLCOUR8", name="Courchevel Hi/Lo Pot Limit", betting=Betting.POT_LIMIT,
             streets=_COURCHEVEL, evaluator=Evaluator.OMAHA_HIGH_LOW8, supported=True),
    # Split Hold'em: two boards from the flop on, half the pot each; the evaluator ranks
    # each board's hands as hold'em does (declared so the parser can name it).
    GameSpec(code="NLHESPLIT", name="Split Hold'em No Limit", betting=Betting.NO_LIMIT,
             streets=_HOLDEM, evaluator=Evaluator.HIGH, boards=2, supported=True),
    # stud (F4: fixed limit only, bring-in; D6: at most 8)
    GameSpec(code="FL7S", name="7 Card Stud Limit", betting=Betting.FIXED_LIMIT,
             streets=_stud_streets(), evaluator=Evaluator.HIGH, **_STUD),
    GameSpec(code="FL7S8", name="7 Card Stud Hi/Lo Limit", betting=Betting.FIXED_LIMIT,
             streets=_stud_streets(), evaluator=Evaluator.HIGH_LOW8, **_STUD),
    # Razz: the highest up card brings in, the best low showing acts first (F4); an open
    # pair is a bad hand there, so it gives no big-bet option.
    GameSpec(code="FLRAZZ", name="Razz Limit", betting=Betting.FIXED_LIMIT,
             streets=_stud_streets(), evaluator=Evaluator.LOW_A5, low_showing=True,
             **_RAZZ),
    # draw (C1; D6: 5-card draw at most 5... online tables seat 6)
    GameSpec(code="FL5CD", name="5 Card Draw Limit", betting=Betting.FIXED_LIMIT,
             streets=_draw_streets(5, 1), evaluator=Evaluator.HIGH, max_players=6, supported=True,
             **_LIMIT),
    GameSpec(code="NL5CD", name="5 Card Draw No Limit", betting=Betting.NO_LIMIT,
             streets=_draw_streets(5, 1), evaluator=Evaluator.HIGH, max_players=6,
             supported=True),
    GameSpec(code="PL5CD", name="5 Card Draw Pot Limit", betting=Betting.POT_LIMIT,
             streets=_draw_streets(5, 1), evaluator=Evaluator.HIGH, max_players=6,
             supported=True),
    GameSpec(code="NL27SD", name="Single Draw 2-7 Lowball No Limit", betting=Betting.NO_LIMIT,
             streets=_draw_streets(5, 1), evaluator=Evaluator.LOW_27, max_players=6,
             supported=True),
    GameSpec(code="FL27TD", name="Triple Draw 2-7 Lowball Limit", betting=Betting.FIXED_LIMIT,
             streets=_draw_streets(5, 3), evaluator=Evaluator.LOW_27, max_players=6,
             supported=True, **_LIMIT),
    GameSpec(code="FLBADUGI", name="Badugi Limit", betting=Betting.FIXED_LIMIT,
             streets=_draw_streets(4, 3), evaluator=Evaluator.BADUGI, max_players=6,
             supported=True, **_LIMIT),
)

#: Every variant by code.
GAME_SPECS: dict[str, GameSpec] = {row.code: row for row in _ROWS}
#: The same rows by the name a PokerStars header gives the game.
GAME_SPECS_BY_NAME: dict[str, GameSpec] = {row.name: row for row in _ROWS}
