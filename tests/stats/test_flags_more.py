"""Golden hands, written by hand, for the statistics of issue 25 item 3 (``docs/stats.md``):
raise first in, limp, cold call, fold to 4-bet, donk and probe bets, float; each with a
hand that counts (chance and done) and one against (chance not taken, or no chance).

Seats are named after their positions (button on seat 6): sb, bb, utg, mp, co, btn; the
big blind is 2. After the flop the action goes sb, bb, utg, mp, co, btn.
"""

from __future__ import annotations

from tests.stats.play import blinds, flags

# utg raises, co and bb call: a three-way flop, utg the pre-flop raiser.
THREE_WAY = blinds() + (
    "utg: raises to 6\nmp: folds\nco: calls 6\nbtn: folds\nsb: folds\nbb: calls 4\nflop 9c Kc 3h\n"
)
# co raises, bb calls: heads-up, bb out of position.
HEADS_UP = blinds() + (
    "utg: folds\nmp: folds\nco: raises to 6\nbtn: folds\nsb: folds\nbb: calls 4\nflop 9c Kc 3h\n"
)


def test_raise_first_in():
    f = flags(blinds() + "utg: folds\nmp: raises to 6\nco: folds\nbtn: folds\nsb: folds\nbb: folds")
    assert f["utg"].rfi_chance
    assert not f["utg"].rfi
    assert f["mp"].rfi_chance
    assert f["mp"].rfi
    assert f["mp"].reasons["rfi"] == (
        "RFI chance: everyone before him folded pre-flop and he could raise"
    )
    # After the open raise nobody raises first in.
    assert not any(f[n].rfi_chance for n in ("co", "btn", "sb", "bb"))


def test_a_limp_takes_the_raise_first_in_chance_away():
    f = flags(blinds() + "utg: calls 2\nmp: raises to 8\nco: folds\nbtn: folds\nsb: folds\n"
              "bb: folds\nutg: folds")  # fmt: skip
    assert f["utg"].rfi_chance
    assert not f["utg"].rfi
    assert not f["mp"].rfi_chance


def test_limp():
    f = flags(
        blinds() + "utg: calls 2\nmp: calls 2\nco: folds\nbtn: folds\nsb: calls 1\n"
        "bb: checks\nflop 9c Kc 3h\nsb: bets 2\nbb: folds\nutg: folds\nmp: folds"
    )
    for name in ("utg", "mp", "sb"):
        assert f[name].limp_chance, name
        assert f[name].limp, name
    assert f["co"].limp_chance
    assert not f["co"].limp
    # The big blind's option has nothing to call: no limp chance.
    assert not f["bb"].limp_chance
    assert f["utg"].reasons["limp"] == "limp chance: faced the big blind and no raise pre-flop"


def test_no_limp_after_a_raise():
    f = flags(blinds() + "utg: raises to 6\nmp: calls 6\nco: folds\nbtn: folds\nsb: folds\n"
              "bb: folds\nflop 9c Kc 3h\nutg: bets 6\nmp: folds")  # fmt: skip
    assert f["utg"].limp_chance
    assert not f["utg"].limp
    assert not f["mp"].limp_chance


def test_cold_call():
    f = flags(
        blinds() + "utg: raises to 6\nmp: calls 6\nco: folds\nbtn: folds\nsb: folds\n"
        "bb: calls 4\nflop 9c Kc 3h\nbb: checks\nutg: bets 6\nmp: folds\nbb: folds"
    )
    assert f["mp"].cold_call_chance
    assert f["mp"].cold_call
    assert f["bb"].cold_call_chance
    assert f["bb"].cold_call
    assert f["co"].cold_call_chance
    assert not f["co"].cold_call
    assert not f["utg"].cold_call_chance


def test_a_limper_calling_a_raise_is_no_cold_call():
    f = flags(
        blinds() + "utg: calls 2\nmp: raises to 8\nco: folds\nbtn: folds\nsb: folds\n"
        "bb: folds\nutg: calls 6\nflop 9c Kc 3h\nutg: checks\nmp: bets 6\nutg: folds"
    )
    assert not f["utg"].cold_call_chance
    assert not f["utg"].cold_call


def test_fold_to_four_bet():
    f = flags(blinds() + "utg: folds\nmp: folds\nco: raises to 6\nbtn: raises to 18\n"
              "sb: folds\nbb: folds\nco: raises to 50\nbtn: folds")  # fmt: skip
    assert f["btn"].fold_to_four_bet_chance
    assert f["btn"].fold_to_four_bet
    assert not f["co"].fold_to_four_bet_chance
    assert f["btn"].reasons["fold_to_four_bet"] == (
        "fold to 4-bet chance: put money in pre-flop, then faced a 4-bet (co to 50)"
    )


def test_calling_a_four_bet_is_a_chance_not_taken():
    f = flags(blinds() + "utg: folds\nmp: folds\nco: raises to 6\nbtn: raises to 18\n"
              "sb: folds\nbb: folds\nco: raises to 50\nbtn: calls 32\nflop 9c Kc 3h\n"
              "co: bets 10\nbtn: folds")  # fmt: skip
    assert f["btn"].fold_to_four_bet_chance
    assert not f["btn"].fold_to_four_bet
    # The 3-bet's fold chance was co's, who 4-bet: not a fold to the 4-bet either.
    assert not f["co"].fold_to_four_bet_chance


def test_donk_bet_on_the_flop():
    f = flags(HEADS_UP + "bb: bets 6\nco: folds")
    assert f["bb"].donk_flop_chance
    assert f["bb"].donk_flop
    assert not f["co"].donk_flop_chance
    assert not f["co"].cbet_flop_chance
    assert f["bb"].reasons["donk_flop"] == (
        "donk bet chance: first to act on the flop with nobody betting, co (the last"
        " aggressor pre-flop) still to act"
    )


def test_a_check_to_the_raiser_is_a_donk_chance_not_taken():
    f = flags(HEADS_UP + "bb: checks\nco: bets 6\nbb: folds")
    assert f["bb"].donk_flop_chance
    assert not f["bb"].donk_flop
    assert not f["co"].donk_flop_chance  # he is the aggressor


def test_no_donk_chance_in_position_of_the_raiser():
    # Three-way: bb checks, utg (the raiser) checks, co bets: co acts after utg.
    f = flags(THREE_WAY + "bb: checks\nutg: checks\nco: bets 10\nbb: folds\nutg: folds")
    assert f["bb"].donk_flop_chance
    assert not f["bb"].donk_flop
    assert not f["co"].donk_flop_chance


def test_donk_bet_on_the_turn_into_the_flop_aggressor():
    f = flags(HEADS_UP + "bb: checks\nco: bets 6\nbb: calls 6\nturn 5s\nbb: bets 12\nco: folds")
    assert f["bb"].donk_turn_chance
    assert f["bb"].donk_turn
    assert not f["co"].cbet_turn_chance


def test_probe_bet_on_the_turn():
    f = flags(HEADS_UP + "bb: checks\nco: checks\nturn 5s\nbb: bets 6\nco: folds")
    assert f["bb"].probe_turn_chance
    assert f["bb"].probe_turn
    assert not f["co"].probe_turn_chance
    # The flop was checked through: nobody is the aggressor to donk into on the turn.
    assert not f["bb"].donk_turn_chance


def test_a_check_after_a_missed_cbet_is_a_probe_chance_not_taken():
    f = flags(HEADS_UP + "bb: checks\nco: checks\nturn 5s\nbb: checks\nco: bets 6\nbb: folds")
    assert f["bb"].probe_turn_chance
    assert not f["bb"].probe_turn


def test_no_probe_after_a_flop_cbet():
    f = flags(HEADS_UP + "bb: checks\nco: bets 6\nbb: calls 6\nturn 5s\nbb: checks\n"
              "co: checks\nriver 8d\nbb: bets 12\nco: folds")  # fmt: skip
    assert not f["bb"].probe_turn_chance
    # The turn c-bet was missed on a turn checked through: a river probe.
    assert f["bb"].probe_river_chance
    assert f["bb"].probe_river


def test_float():
    f = flags(blinds() + "utg: raises to 6\nmp: folds\nco: folds\nbtn: calls 6\nsb: folds\n"
              "bb: folds\nflop 9c Kc 3h\nutg: bets 8\nbtn: calls 8\nturn 5s\nutg: checks\n"
              "btn: bets 12\nutg: folds")  # fmt: skip
    assert f["btn"].float_turn_chance
    assert f["btn"].float_turn
    assert not f["utg"].float_turn_chance


def test_a_check_behind_is_a_float_chance_not_taken():
    f = flags(blinds() + "utg: raises to 6\nmp: folds\nco: folds\nbtn: calls 6\nsb: folds\n"
              "bb: folds\nflop 9c Kc 3h\nutg: bets 8\nbtn: calls 8\nturn 5s\nutg: checks\n"
              "btn: checks\nriver 8d\nutg: bets 10\nbtn: folds")  # fmt: skip
    assert f["btn"].float_turn_chance
    assert not f["btn"].float_turn


def test_calling_the_cbet_out_of_position_is_no_float():
    f = flags(HEADS_UP + "bb: checks\nco: bets 6\nbb: calls 6\nturn 5s\nbb: checks\n"
              "co: checks\nriver 8d\nbb: checks\nco: bets 10\nbb: folds")  # fmt: skip
    assert not f["bb"].float_turn_chance
