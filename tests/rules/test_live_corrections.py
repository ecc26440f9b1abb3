"""The dealer's corrections exactly as RULES.md section E writes them (issue 24).

Each case is one the engine got wrong before: a misdeal accepted whatever it cited, E2's
replacement before the deal was over, a new flop or river without the reshuffle, E5's
burn card shuffled back in, the burn before a premature flop refused as D5, E3's extra
card on the board refused as D1. Hold'em, fixed limit, omaha and stud.
"""

from __future__ import annotations

import re

import pytest

from parser.model.errors import CancelledHand, HandError
from parser.model.hand import Source
from parser.rooms.phh.reader import parse_phh
from replayer import replay
from replayer.result import ReplayResult

HOLDEM = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [10000, 10000, 10000]
players = ["Ann", "Bob", "Cat"]
actions = [
  "d dh p1 AhKh", "d dh p2 QcJc", "d dh p3 TdTs",
  "p3 cc", "p1 cc", "p2 cc",
  "d db 2c7d9h",
  "p1 cc", "p2 cc", "p3 cc",
  "d db Qs",
  "p1 cc", "p2 cc", "p3 cc",
  "d db 3d",
  "p1 cc", "p2 cc", "p3 cc",
  "p1 sm AhKh", "p2 sm QcJc", "p3 sm TdTs",
]
"""

STUD = """\
variant = "F7S"
antes = [5, 5, 5]
bring_in = 10
small_bet = 20
big_bet = 40
starting_stacks = [1000, 1000, 1000]
players = ["Ann", "Bob", "Cat"]
actions = [
  "d dh p1 2h3hAc", "d dh p2 QcJc3d", "d dh p3 TdTs4s",
  "p2 pb", "p3 cc", "p1 cc",
  "d dh p1 Ad", "d dh p2 6d", "d dh p3 7h",
  "p1 cc", "p2 cc", "p3 cc",
  "d dh p1 Kc", "d dh p2 9d", "d dh p3 2c",
  "p1 cc", "p2 cc", "p3 cc",
  "d dh p1 Kd", "d dh p2 4d", "d dh p3 5h",
  "p1 cc", "p2 cc", "p3 cc",
  "d dh p1 8s", "d dh p2 Ah", "d dh p3 As",
  "p1 cc", "p2 cc", "p3 cc",
  "p1 sm 2h3hAcAdKcKd8s", "p2 sm QcJc3d6d9d4dAh", "p3 sm TdTs4s7h2c5hAs",
]
"""


def run(base: str, *live: str, swap: tuple[str, str] | None = None) -> ReplayResult:
    text = base if swap is None else base.replace(*swap)
    if live:
        text += "_live = [\n" + "".join(f'  "{item}",\n' for item in live) + "]\n"
    return replay(parse_phh(Source("live.phh", 1, text)))


def cut(base: str, count: int) -> str:
    """``base`` with only its first ``count`` actions (a void hand stops at the misdeal)."""
    head, _, rest = base.partition("actions = [")
    items = re.findall(r'"[^"]*"', rest)[:count]
    return head + "actions = [" + ", ".join(items) + "]\n"


def refused(base: str, *live: str, swap: tuple[str, str] | None = None) -> HandError:
    with pytest.raises(HandError) as caught:
        run(base, *live, swap=swap)
    assert caught.value.kind != "cancelled", str(caught.value)
    return caught.value


def nets(result: ReplayResult) -> dict[str, int]:
    return {p.name: p.net for p in result.players}


# -- what is a misdeal ---------------------------------------------------------------------


def test_one_exposed_card_is_no_misdeal_e2_says_deal_on() -> None:
    error = refused(HOLDEM, "@1 d exposed 5s p2", "@3 d misdeal E2 a card exposed")
    assert error.rule == "E2"
    assert "dealing continues" in str(error)
    error = refused(HOLDEM, "@1 d exposed 5s p2", "@3 d misdeal E8 a card exposed")
    assert error.rule == "E2"


def test_one_extra_card_is_no_misdeal_e3_says_burn_it() -> None:
    error = refused(HOLDEM, "@3 d extra p1 Kc", "@3 d misdeal E3 an extra card")
    assert error.rule == "E3"
    assert "next burn card" in str(error)


def test_a_misdeal_citing_a_fault_that_did_not_happen_is_refused_by_its_rule() -> None:
    assert refused(HOLDEM, "@3 d misdeal E1 first card exposed").rule == "E1"
    assert refused(HOLDEM, "@3 d misdeal E2 two cards exposed").rule == "E2"
    assert refused(HOLDEM, "@3 d misdeal E4 too many").rule == "E4"


def test_the_faults_that_make_a_misdeal_void_the_hand() -> None:
    for count, live in (
        (0, ("@0 d exposed 7c p1 first", "@0 d misdeal E1 first card exposed")),
        (2, ("@1 d exposed 5s p2", "@2 d exposed 6s p3", "@2 d misdeal E2 two exposed")),
        (3, ("@3 d extra p1 Kc", "@3 d extra p1 Kd", "@3 d misdeal E3 two extra cards")),
        (3, ("@3 d misdeal E8 a card face up in the deck",)),
    ):
        with pytest.raises(CancelledHand) as caught:
            run(cut(HOLDEM, count), *live)
        assert caught.value.rule == live[-1].split()[3]


def test_e1_first_card_is_the_first_players() -> None:
    error = refused(HOLDEM, "@0 d exposed 7c p2 first", "@0 d misdeal E1 first card")
    assert error.rule == "E1"


def test_e8_no_misdeal_after_substantial_action() -> None:
    """docs/live.md: a misdeal may be called until the first betting round has seen
    substantial action (TDA 36: two actions, one with chips, or any three)."""
    with pytest.raises(CancelledHand):
        run(cut(HOLDEM, 4), "@4 d misdeal E8 a card face up in the deck")  # one call
    error = refused(cut(HOLDEM, 5), "@5 d misdeal E8 a card face up in the deck")
    assert error.rule == "E8"
    assert "substantial action" in str(error)
    assert refused(cut(HOLDEM, 7), "@7 d misdeal E8 on the flop").rule == "E8"
    # three actions without chips are substantial too (a fold, a fold ... here two checks
    # and a fold cannot happen pre-flop; stud's bring-in is forced, not an action)
    with pytest.raises(CancelledHand):
        run(cut(STUD, 5), "@5 d misdeal E8 a card face up in the deck")
    assert refused(cut(STUD, 6), "@6 d misdeal E8 too late").rule == "E8"


# -- E2: the replacement after the deal --------------------------------------------------------


def test_e2_replacement_waits_for_the_end_of_the_deal() -> None:
    error = refused(HOLDEM, "@1 d exposed 5s p2", "@2 d replace p2 5s")
    assert error.rule == "E2"
    assert "after the deal" in str(error)
    result = run(HOLDEM, "@1 d exposed 5s p2", "@3 d replace p2 5s", "@6 d burn 5s")
    assert nets(result) == {"Ann": -100, "Bob": 200, "Cat": -100}


def test_e2_in_stud_the_exposed_card_burns_for_fourth_street() -> None:
    result = run(STUD, "@1 d exposed 9h p1", "@3 d replace p1 9h", "@6 d burn 9h")
    assert nets(result) == {"Ann": 30, "Bob": -15, "Cat": -15}
    assert refused(STUD, "@1 d exposed 9h p1", "@3 d replace p1 9h",
                   "@6 d burn 8h").rule == "E2"  # fmt: skip
    assert refused(STUD, "@1 d exposed 9h p1", "@3 d replace p1 9h",
                   swap=('"d dh p3 7h"', '"d dh p3 9h"')).rule == "E2"  # fmt: skip


# -- E4, E5, E7: the reshuffle before the new board ------------------------------------------


@pytest.mark.parametrize(
    ("live", "rule"),
    [
        (("@6 d db 2c7d9h4s", "@6 d return flop 2c7d9h4s deck E4"), "E4"),
        (("@5 d db 4s5s6s", "@5 d return flop 4s5s6s deck E5"), "E5"),
        (("@12 d db 8s", "@12 d return river 8s deck E7"), "E7"),
    ],
)
def test_the_new_board_comes_after_the_reshuffle(live: tuple[str, ...], rule: str) -> None:
    error = refused(HOLDEM, *live)
    assert error.rule == rule
    assert "reshuffled" in str(error)


# -- E5: the burn stays ------------------------------------------------------------------------


def test_e5_the_burn_before_a_premature_flop_stays() -> None:
    live = ("@5 d burn 8c", "@5 d db 4s5s6s", "@5 d return flop 4s5s6s deck E5",
            "@6 d reshuffle")  # fmt: skip
    result = run(HOLDEM, *live)
    assert nets(result) == {"Ann": -100, "Bob": 200, "Cat": -100}
    # a burn during the betting that no premature flop follows is still D5
    assert refused(HOLDEM, "@5 d burn 8c").rule == "D5"


def test_e5_the_burn_card_is_not_shuffled_back() -> None:
    live = ("@5 d burn 8c", "@5 d db 4s5s6s", "@5 d return flop 4s5s6s deck E5")
    error = refused(HOLDEM, *live, "@6 d reshuffle 8c")
    assert error.rule == "E5"
    error = refused(HOLDEM, *live, "@6 d reshuffle", swap=('"d db 2c7d9h"', '"d db 8c7d9h"'))
    assert error.rule == "E5"
    assert "burn card" in str(error)


# -- E3: the extra card never comes back -------------------------------------------------------


def test_e3_extra_card_on_the_board_cites_e3() -> None:
    error = refused(HOLDEM, "@3 d extra p1 Kc", "@6 d burn", swap=('"d db Qs"', '"d db Kc"'))
    assert error.rule == "E3"
    error = refused(HOLDEM, "@3 d extra p1 Kc", swap=('"d db 3d"', '"d db Kc"'))
    assert error.rule == "E3"


def test_e3_in_stud_the_extra_card_is_not_dealt_again() -> None:
    result = run(STUD, "@3 d extra p1 9h", "@6 d burn")
    assert nets(result) == {"Ann": 30, "Bob": -15, "Cat": -15}
    error = refused(STUD, "@3 d extra p1 9h", "@6 d burn", swap=('"d dh p1 Ad"', '"d dh p1 9h"'))
    assert error.rule == "E3"


# -- E8: what RULES.md leaves open (docs/live.md) ---------------------------------------------


def test_e8_the_redeal_is_this_hand_with_a_correction_or_the_next_hand() -> None:
    """RULES.md E8: the replay shows the void and the redeal as one hand with a
    correction. A log that deals again after the misdeal is that redeal: the void deal's
    cards go back, its forced bets stay (E1: same button and blinds), and the hand is the
    redeal's. A log that stops at the misdeal is the void hand alone (every chip back)."""
    void_deal = '"d dh p1 9c8c", "d dh p2 5h5d", "d dh p3 KdKs", "p3 cbr 300"'
    redeal = HOLDEM.replace('"d dh p1 AhKh"', f'{void_deal}, "d dh p1 AhKh"', 1)
    result = run(redeal, "@4 d misdeal E8 a card face up in the deck")
    assert nets(result) == nets(run(HOLDEM))  # Cat's 300 raise of the void deal went back
    assert any(d.startswith("E8: misdeal") for d in result.diagnostics)
    with pytest.raises(CancelledHand) as caught:
        run(cut(redeal, 4), "@4 d misdeal E8 a card face up in the deck")
    assert "every chip goes back" in str(caught.value)
    # The redeal is a new deal: play without it after the misdeal stays refused.
    first_deal = '"d dh p1 AhKh", "d dh p2 QcJc", "d dh p3 TdTs", '
    no_redeal = HOLDEM.replace(first_deal, f"{void_deal}, ", 1)
    error = refused(no_redeal, "@4 d misdeal E8 a card face up in the deck")
    assert error.rule == "E8"


def test_e8_a_stud_redeal_brings_in_again() -> None:
    """Stud's antes stay posted; the bring-in, after the deal, is made again (F4)."""
    void_deal = '"d dh p1 9c8c7c", "d dh p2 5h5d2d", "d dh p3 KdKsQh"'
    redeal = STUD.replace('"d dh p1 2h3hAc"', f'{void_deal}, "d dh p1 2h3hAc"', 1)
    result = run(redeal, "@3 d misdeal E8 a card face up in the deck")
    assert nets(result) == nets(run(STUD))


DRAW = """\
variant = "N2L1D"
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [10000, 10000, 10000]
players = ["Ann", "Bob", "Cat"]
actions = [
  "d dh p1 2h3h4h5c8d", "d dh p2 QcJcTc9c7d", "d dh p3 TdTs4s6h7h",
  "p3 cc", "p1 cc", "p2 cc",
  "p1 sd 8d", "d dh p1 7c", "p2 sd", "p3 sd TdTs", "d dh p3 2c3c",
  "p1 cc", "p2 cc", "p3 cc",
  "p1 sm 2h3h4h5c7c", "p2 sm QcJcTc9c7d", "p3 sm 4s6h7h2c3c",
]
"""


def test_draw_the_exposed_and_extra_cards_burn_before_the_draw() -> None:
    assert nets(run(DRAW, "@1 d exposed 9h p1", "@3 d replace p1 9h", "@6 d burn 9h")) == {
        "Ann": 200, "Bob": -100, "Cat": -100}  # fmt: skip
    assert refused(DRAW, "@3 d extra p1 9h", "@6 d burn 8s").rule == "E3"
    # the extra card drawn later is E3's fault, not a card dealt twice
    error = refused(DRAW, "@3 d extra p1 9h",
                    swap=('"d dh p1 7c"', '"d dh p1 9h"'))  # fmt: skip
    assert error.rule == "E3"


def test_e6_a_reshuffle_naming_no_card_takes_the_set_aside_turn() -> None:
    """E6's reshuffle is 'together with the removed card': written bare, it still is."""
    live = ("@8 d db 8s", "@8 d return turn 8s set_aside E6")
    assert nets(run(HOLDEM, *live, "@14 d reshuffle")) == {"Ann": -100, "Bob": 200, "Cat": -100}
    assert refused(HOLDEM, *live, "@11 d reshuffle").rule == "E6"  # before the turn's betting


def test_e5_a_burn_after_the_premature_flop_went_back_cites_e5() -> None:
    """Still in the pre-flop betting: the burn is for the new flop, which has none."""
    live = ("@5 d db 4s5s6s", "@5 d return flop 4s5s6s deck E5", "@5 d reshuffle")
    assert refused(HOLDEM, *live, "@5 d burn").rule == "E5"


def test_e1_the_hole_cards_may_be_written_before_the_misdeal() -> None:
    """The deal lines of a void hand may stand between the fault and the misdeal; no
    action may."""
    with pytest.raises(CancelledHand):
        run(cut(HOLDEM, 3), "@1 d exposed 7c p1 first", "@3 d misdeal E1 first card")
    assert refused(cut(HOLDEM, 4), "@1 d exposed 7c p1 first",
                   "@4 d misdeal E1 first card").rule == "E1"  # fmt: skip


@pytest.mark.parametrize(
    ("live", "rule"),
    [
        (("@5 d db 4s5s6s",), "E5"),
        (("@6 d db 2c7d9h4s",), "E4"),
        (("@8 d db 8s",), "E6"),
        (("@12 d db 8s",), "E7"),
    ],
)
def test_a_misdeal_for_a_board_dealt_wrong_cites_its_correction(
    live: tuple[str, ...], rule: str
) -> None:
    index = live[0].split()[0]
    error = refused(HOLDEM, *live, f"{index} d misdeal E8 the board came too early")
    assert error.rule == rule
