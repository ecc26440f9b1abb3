"""Stud and draw flags, one test per stat on hands built with the test DSL.

Stud (``docs/stats.md``, "Stud and draw games"): the bring-in is a forced bet like a blind;
the completion is the first bet of 3rd street (B7), the big blind's rung of the ladder, so a
raise of it is the 2-bet and the next raise the 3-bet (as FPDB counts); no steals, no
positions. Draw games read as hold'em, the rounds after each draw as flop, turn and river.
"""

from __future__ import annotations

import pytest

from analytics.stats.flags import PlayerFlags, player_flags
from tests.stats.play import flags, play

#: Four stud players; nobody's up card is known before the script deals it.
STUD = [("ann", 1000), ("bob", 1000), ("cy", 1000), ("dee", 1000)]
ANTES = "".join(f"{name}: posts ante 1\n" for name, _ in STUD)
#: 3rd street: bob's 2c is the lowest up card, he brings in; action goes cy, dee, ann, bob.
THIRD = (
    ANTES + "ann: dealt | Kh\nbob: dealt | 2c\ncy: dealt | Qs\ndee: dealt | 9d\nbob: brings in 2\n"
)


def stud(script: str) -> dict[str, PlayerFlags]:
    """Flags of a 7-card stud hand at 4/8 (small bet 4, big bet 8), antes 1, bring-in 2."""
    return flags(THIRD + script, seats=STUD, button=None, game="FL7S", stakes=(4, 8))


#: Completion, 2-bet, 3-bet by the bring-in, 4-bet (the cap: four bets, B7), then four
#: more streets with the 7th played out to a showdown dee wins.
LADDER = """
cy: calls 2
dee: completes 4
ann: raises to 8
bob: raises to 12
cy: folds
dee: raises to 16
ann: calls 8
bob: calls 4
street fourth
ann: dealt | 7d
bob: dealt | 5h
dee: dealt | 8c
ann: checks
bob: checks
dee: bets 4
ann: folds
bob: calls 4
street fifth
bob: dealt | 6s
dee: dealt | Jh
dee: bets 8
bob: calls 8
street sixth
bob: dealt | 3d
dee: dealt | 4c
dee: checks
bob: bets 8
dee: calls 8
street seventh
dee: checks
bob: bets 8
dee: raises to 16
bob: calls 8
showdown
bob: shows As Ah 2c 5h 6s 3d 7c
dee: shows Jd Js 9d 8c Jh 4c Tc
"""


@pytest.fixture(scope="module")
def ladder() -> dict[str, PlayerFlags]:
    return stud(LADDER)


def test_stud_vpip_is_a_call_of_the_bring_in_or_more_never_the_bring_in(ladder):
    assert all(ladder[name].vpip for name in ("ann", "bob", "cy", "dee"))
    f = stud("cy: calls 2\ndee: calls 2\nann: calls 2\nstreet fourth\n"
             "ann: dealt | 7d\nbob: dealt | 5h\ncy: dealt | 3s\ndee: dealt | 8c\n"
             "ann: bets 4\nbob: folds\ncy: folds\ndee: folds")  # fmt: skip
    # Everyone called the bring-in: the round is over, bob never acted (F4: no option).
    assert (f["cy"].vpip, f["dee"].vpip, f["ann"].vpip) == (True, True, True)
    assert not f["bob"].vpip
    assert not f["bob"].walk
    assert not any(x.pfr for x in f.values())
    assert f["bob"].calls_preflop == 0  # the bring-in is no action of the counts


def test_stud_pfr_is_the_completion_or_a_raise(ladder):
    assert (ladder["dee"].pfr, ladder["ann"].pfr, ladder["bob"].pfr) == (True, True, True)
    assert not ladder["cy"].pfr


@pytest.mark.parametrize("wording", ["completes 4", "bets 4", "raises to 4"])
def test_a_completion_is_the_first_bet_however_the_log_words_it(wording):
    """PokerStars writes the completion "bets $0.04" or "raises $0.02 to $0.04"."""
    f = stud(f"cy: folds\ndee: {wording}\nann: folds\nbob: folds")
    assert f["dee"].pfr
    assert f["dee"].vpip
    assert (f["dee"].bets_preflop, f["dee"].raises_preflop) == (1, 0)
    # Facing the completion alone is facing the first bet, not a raise: no 3-bet chance.
    assert not f["ann"].three_bet_chance
    assert not f["bob"].three_bet_chance
    assert not f["dee"].walk


def test_stud_three_bet_is_the_second_raise_over_the_completion(ladder):
    # ann's raise of the completion is the 2-bet: bob faces exactly one raise and 3-bets.
    assert not ladder["ann"].three_bet_chance
    assert ladder["bob"].three_bet_chance
    assert ladder["bob"].three_bet
    assert ladder["bob"].reasons["three_bet"] == (
        "3-bet chance: faced exactly one raise on 3rd street (ann to 8) and could re-raise"
    )
    # The 3-bet faced: cy and dee may 4-bet, dee does (the cap); ann then may only call.
    assert ladder["cy"].four_bet_chance
    assert not ladder["cy"].four_bet
    assert ladder["dee"].four_bet_chance
    assert ladder["dee"].four_bet
    assert not ladder["ann"].four_bet_chance
    assert (ladder["dee"].bets_preflop, ladder["dee"].raises_preflop) == (1, 1)


def test_stud_fold_to_three_bet(ladder):
    """cy called the bring-in and dee completed before the 3-bet: each faced it next; ann's
    next decision faced the 4-bet already, the bring-in had put in nothing voluntarily."""
    assert ladder["cy"].fold_to_three_bet_chance
    assert ladder["cy"].fold_to_three_bet
    assert ladder["dee"].fold_to_three_bet_chance
    assert not ladder["dee"].fold_to_three_bet
    assert not ladder["ann"].fold_to_three_bet_chance
    assert not ladder["bob"].fold_to_three_bet_chance


def test_stud_has_no_steals_and_no_positions(ladder):
    f = stud("cy: folds\ndee: folds\nann: completes 4\nbob: folds")
    for x in (*ladder.values(), *f.values()):
        assert x.position is None
        assert not x.steal_chance
        assert not x.fold_to_steal_chance


def test_everyone_folding_to_the_bring_in_is_his_walk():
    f = stud("cy: folds\ndee: folds\nann: folds")
    assert [name for name, x in f.items() if x.walk] == ["bob"]
    assert not f["bob"].vpip
    assert f["bob"].net == 3  # the three other antes


def test_stud_cbet_follows_the_third_street_aggressor(ladder):
    dee = ladder["dee"]
    assert dee.cbet_flop_chance
    assert dee.cbet_flop
    assert dee.cbet_turn_chance
    assert dee.cbet_turn
    # 6th street: dee shows the best hand and acts first; he checks his chance away.
    assert dee.cbet_river_chance
    assert not dee.cbet_river
    assert dee.reasons["cbet_flop"] == (
        "4th street c-bet chance: made the last bet or raise on 3rd street and nobody bet"
        " before him on 4th street"
    )
    assert ladder["ann"].fold_to_cbet_flop_chance
    assert ladder["ann"].fold_to_cbet_flop
    assert ladder["bob"].fold_to_cbet_flop_chance
    assert not ladder["bob"].fold_to_cbet_flop
    assert ladder["ann"].check_raise_flop_chance
    assert not ladder["ann"].check_raise_flop


def test_completer_not_raised_has_the_cbet_chance():
    f = stud(
        "cy: calls 2\ndee: completes 4\nann: folds\nbob: folds\ncy: calls 2\nstreet fourth\n"
        "cy: dealt | Ks\ndee: dealt | 2d\ncy: checks\ndee: bets 4\ncy: folds"
    )
    assert f["dee"].cbet_flop_chance
    assert f["dee"].cbet_flop
    assert f["cy"].fold_to_cbet_flop_chance
    assert f["cy"].fold_to_cbet_flop


def test_stud_streets_seen_and_showdown(ladder):
    assert [n for n, x in ladder.items() if x.saw_flop] == ["ann", "bob", "dee"]  # 4th
    assert [n for n, x in ladder.items() if x.saw_river] == ["bob", "dee"]  # 6th
    assert [n for n, x in ladder.items() if x.went_to_showdown] == ["bob", "dee"]
    assert ladder["dee"].won_at_showdown
    assert not ladder["bob"].won_at_showdown
    assert ladder["dee"].won_when_saw_flop


def test_seventh_street_counts_with_the_river(ladder):
    """6th street: dee checks and calls, bob bets; 7th: dee checks and raises, bob bets
    and calls. No 7th-street columns: both rounds are in the river's."""
    dee, bob = ladder["dee"], ladder["bob"]
    assert (dee.bets_river, dee.raises_river, dee.calls_river, dee.checks_river) == (0, 1, 1, 2)
    assert (bob.bets_river, bob.raises_river, bob.calls_river, bob.checks_river) == (2, 0, 1, 0)
    assert (dee.bets_flop, dee.bets_turn, bob.calls_flop, bob.calls_turn) == (1, 1, 1, 1)
    # AF for dee after 3rd street: bets 4th, 5th, raise 7th over one call (6th).
    aggressive = sum(getattr(dee, f"{k}_{s}") for k in ("bets", "raises")
                     for s in ("flop", "turn", "river"))  # fmt: skip
    calls = dee.calls_flop + dee.calls_turn + dee.calls_river
    assert (aggressive, calls) == (3, 1)


def test_razz_and_stud_hi_lo_read_the_same():
    """Razz brings in the highest up card (F4); the flags do not care which game it is."""
    script = ANTES + (
        "ann: dealt | 2h\nbob: dealt | Kc\ncy: dealt | 5s\ndee: dealt | 3d\nbob: brings in 2\n"
        "cy: calls 2\ndee: completes 4\nann: raises to 8\nbob: folds\ncy: folds\n"
        "dee: raises to 12\nann: folds"
    )
    f = player_flags(play(script, seats=STUD, button=None, game="FLRAZZ", stakes=(4, 8)))
    assert f["ann"].pfr
    assert not f["ann"].three_bet_chance
    assert f["dee"].three_bet_chance
    assert f["dee"].three_bet
    assert f["cy"].vpip
    assert not f["cy"].pfr
    assert not f["bob"].vpip


# -- draw ------------------------------------------------------------------------------------

#: Four seats, button on seat 4: SB, BB, CO, BTN.
DRAW = [("sb", 1000), ("bb", 1000), ("co", 1000), ("btn", 1000)]
TRIPLE = """
sb: posts small 1
bb: posts big 2
co: raises to 4
btn: raises to 6
sb: folds
bb: folds
co: calls 2
street first_draw
co: draws 2
btn: draws 1
co: checks
btn: bets 2
co: calls 2
street second_draw
co: draws 1
btn: stands pat
co: checks
btn: bets 4
co: folds
"""


@pytest.fixture(scope="module")
def triple() -> dict[str, PlayerFlags]:
    """2-7 triple draw at 2/4 (blinds 1/2)."""
    return flags(TRIPLE, seats=DRAW, button=4, game="FL27TD", stakes=(2, 4))


def test_draw_positions_steal_and_ladder_as_in_holdem(triple):
    assert {n: x.position for n, x in triple.items()} == {
        "sb": "SB", "bb": "BB", "co": "CO", "btn": "BTN"
    }  # fmt: skip
    assert triple["co"].steal_chance
    assert triple["co"].steal
    assert triple["co"].vpip
    assert triple["co"].pfr
    assert triple["btn"].three_bet_chance
    assert triple["btn"].three_bet
    assert triple["sb"].four_bet_chance
    assert triple["bb"].four_bet_chance
    assert triple["co"].fold_to_three_bet_chance
    assert not triple["co"].fold_to_three_bet
    # btn's 3-bet ended the steal's "alone": the blinds had no fold-to-steal chance.
    assert not triple["sb"].fold_to_steal_chance
    assert not triple["bb"].fold_to_steal_chance


def test_draw_rounds_are_flop_and_turn(triple):
    btn, co = triple["btn"], triple["co"]
    assert btn.cbet_flop_chance
    assert btn.cbet_flop
    assert btn.cbet_turn_chance
    assert btn.cbet_turn
    # FPDB's c-bet (issue 25): the last bettor or raiser of the round before, who drew.
    assert btn.reasons["cbet_turn"] == (
        "second draw c-bet chance: made the last bet or raise after the first draw and drew"
        " after the second draw"
    )
    assert co.fold_to_cbet_flop_chance
    assert not co.fold_to_cbet_flop
    assert co.fold_to_cbet_turn_chance
    assert co.fold_to_cbet_turn
    assert co.check_raise_flop_chance
    assert not co.check_raise_flop
    assert (co.saw_flop, co.saw_turn, co.saw_river) == (True, True, False)
    assert not triple["sb"].saw_flop
    assert (btn.bets_flop, btn.bets_turn, co.calls_flop, co.folds_turn) == (1, 1, 1, 1)
    # A draw is no betting action.
    assert co.checks_flop == 1
    assert co.checks_turn == 1


def test_single_draw_walk_and_showdown():
    walk = flags("sb: posts small 1\nbb: posts big 2\nco: folds\nbtn: folds\nsb: folds",
                 seats=DRAW, button=4, game="NL5CD", stakes=(1, 2))  # fmt: skip
    assert [n for n, x in walk.items() if x.walk] == ["bb"]
    f = flags(
        "sb: posts small 1\nbb: posts big 2\nco: calls 2\nbtn: folds\nsb: folds\nbb: checks\n"
        "street first_draw\nbb: stands pat\nco: draws 3\nbb: checks\nco: checks\nshowdown\n"
        "bb: shows 2c 3d 4h 5s 7c\nco: shows Ah Ad Kc Qs Jh",
        seats=DRAW, button=4, game="NL27SD", stakes=(1, 2),
    )  # fmt: skip
    assert f["co"].vpip
    assert not f["bb"].vpip
    assert not f["bb"].walk
    assert f["bb"].saw_flop
    assert f["co"].saw_flop
    assert f["bb"].went_to_showdown
    assert f["bb"].won_at_showdown
    assert f["co"].went_to_showdown
    assert not f["co"].won_at_showdown


# -- FPDB's c-bet in stud and draw (issue 25, item 3) -------------------------------------------


def test_stud_turn_cbet_is_the_last_bettor_of_4th_street_even_without_a_4th_street_cbet():
    """FPDB: the chance on each street is the last bettor or raiser of the street before
    (not a chain of c-bets, as in hold'em): bob bets 4th street after dee checked his c-bet
    chance away, so bob has the 5th street chance."""
    f = stud(
        "cy: folds\ndee: completes 4\nann: folds\nbob: calls 2\nstreet fourth\nbob: dealt | 5h\n"
        "dee: dealt | 8c\ndee: checks\nbob: bets 4\ndee: calls 4\nstreet fifth\nbob: dealt | 6s\n"
        "dee: dealt | Jh\ndee: checks\nbob: bets 8\ndee: folds"
    )
    assert f["dee"].cbet_flop_chance
    assert not f["dee"].cbet_flop
    assert f["bob"].cbet_turn_chance
    assert f["bob"].cbet_turn
    assert not f["dee"].cbet_turn_chance


def test_stud_cbet_needs_nobody_betting_before_him():
    f = stud(
        "cy: folds\ndee: completes 4\nann: folds\nbob: calls 2\nstreet fourth\nbob: dealt | Ah\n"
        "dee: dealt | 8c\nbob: bets 4\ndee: folds"
    )
    assert not f["dee"].cbet_flop_chance
    assert f["bob"].donk_flop_chance
    assert f["bob"].donk_flop


def test_draw_cbet_chance_survives_a_lead_and_a_raise_of_it_is_the_cbet():
    """FPDB lists each round's draws before its bets, so "nobody bet before his first
    action" always holds for the player who drew: a lead (co's bet) takes nothing away, and
    btn's raise of it is his c-bet (the two FPDB rows of the 2009 triple draw file, hands
    35839118248 and 35839360555, read this way)."""
    f = flags(
        "sb: posts small 1\nbb: posts big 2\nco: raises to 4\nbtn: folds\nsb: folds\n"
        "bb: calls 2\nstreet first_draw\nbb: draws 2\nco: draws 1\nbb: bets 2\nco: raises to 4\n"
        "bb: folds",
        seats=DRAW, button=4, game="FL27TD", stakes=(2, 4),
    )  # fmt: skip
    assert f["co"].cbet_flop_chance
    assert f["co"].cbet_flop
    g = flags(
        "sb: posts small 1\nbb: posts big 2\nco: raises to 4\nbtn: folds\nsb: folds\n"
        "bb: calls 2\nstreet first_draw\nbb: draws 2\nco: draws 1\nbb: bets 2\nco: folds",
        seats=DRAW, button=4, game="FL27TD", stakes=(2, 4),
    )  # fmt: skip
    assert g["co"].cbet_flop_chance
    assert not g["co"].cbet_flop
