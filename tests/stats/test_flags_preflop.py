"""Pre-flop flags, one test per stat and edge: VPIP, PFR, walks, steals, the raise ladder.

Seats are named after their positions (button on seat 6): sb, bb, utg, mp, co, btn; the
big blind is 2. Pre-flop action goes utg, mp, co, btn, sb, bb.
"""

from __future__ import annotations

from tests.stats.play import blinds, flags

FOLD_TO_CO = blinds() + "utg: folds\nmp: folds\n"


def test_vpip_is_a_call_or_raise_not_a_blind_or_a_check():
    """A limp and a completed small blind are VPIP; the big blind who checks is not."""
    f = flags(
        blinds() + "utg: calls 2\nmp: folds\nco: folds\nbtn: folds\nsb: calls 1\nbb: checks\n"
        "flop 2c 7d Jh\nsb: checks\nbb: checks\nutg: bets 4\nsb: folds\nbb: folds"
    )
    assert f["utg"].vpip
    assert f["sb"].vpip
    assert not f["bb"].vpip
    assert not f["bb"].walk
    assert not any(x.pfr for x in f.values())
    assert (f["utg"].calls_preflop, f["sb"].calls_preflop, f["bb"].checks_preflop) == (1, 1, 1)
    assert (f["mp"].folds_preflop, f["utg"].bets_flop, f["bb"].folds_flop) == (1, 1, 1)


def test_limped_pot_has_no_raise_ladder_and_no_cbet():
    f = flags(
        blinds() + "utg: calls 2\nmp: calls 2\nco: folds\nbtn: folds\nsb: folds\n"
        "bb: checks\nflop 2c 7d Jh\nbb: bets 2\nutg: folds\nmp: folds"
    )
    for x in f.values():
        assert not x.three_bet_chance
        assert not x.squeeze_chance
        assert not x.steal
        assert not x.cbet_flop_chance
        assert not x.fold_to_cbet_flop_chance
    # The limps opened the pot: nobody after them had a steal chance.
    assert f["utg"].steal_chance is f["co"].steal_chance is f["btn"].steal_chance is False


def test_walk_goes_to_the_big_blind_only():
    f = flags(FOLD_TO_CO + "co: folds\nbtn: folds\nsb: folds")
    assert f["bb"].walk
    assert not f["bb"].vpip
    assert [n for n, x in f.items() if x.walk] == ["bb"]
    # Everyone folded to them in a steal position: a chance each, not taken.
    assert f["co"].steal_chance
    assert f["btn"].steal_chance
    assert f["sb"].steal_chance
    assert not f["utg"].steal_chance
    assert not f["mp"].steal_chance
    assert not any(x.steal for x in f.values())
    assert f["sb"].folds_preflop == 1
    assert f["bb"].net == 1


def test_a_straddle_is_a_blind_the_straddler_wins_the_walk():
    f = flags(
        blinds() + "utg: posts straddle 4\nmp: folds\nco: folds\nbtn: folds\nsb: folds\nbb: folds"
    )
    assert f["utg"].walk
    assert not f["bb"].walk
    assert not f["utg"].vpip
    assert f["utg"].net == 3


def test_straddled_pot_first_raise_is_an_open_not_a_three_bet():
    """The straddle is a blind: a raise over it is the first raise, the next is the 3-bet."""
    f = flags(
        blinds() + "utg: posts straddle 4\nmp: raises to 12\nco: raises to 36\n"
        "btn: folds\nsb: folds\nbb: folds\nutg: folds\nmp: folds"
    )
    assert f["mp"].pfr
    assert not f["mp"].three_bet_chance
    assert not f["mp"].three_bet
    assert f["co"].three_bet_chance
    assert f["co"].three_bet
    assert f["mp"].fold_to_three_bet_chance
    assert f["mp"].fold_to_three_bet
    # The straddler faced the 3-bet: a 4-bet chance, no fold-to-3-bet chance (he never raised).
    assert f["utg"].four_bet_chance
    assert not f["utg"].fold_to_three_bet_chance
    assert not f["utg"].vpip


def test_straddler_who_checks_is_not_vpip():
    f = flags(
        blinds() + "utg: posts straddle 4\nmp: calls 4\nco: folds\nbtn: folds\nsb: folds\n"
        "bb: folds\nutg: checks\nflop 2c 7d Jh\nutg: checks\nmp: checks\nturn 3s\n"
        "utg: checks\nmp: bets 4\nutg: folds"
    )
    assert f["mp"].vpip
    assert not f["utg"].vpip
    assert not f["utg"].walk
    assert f["utg"].saw_flop


def test_pfr_implies_vpip_and_counts_raises():
    f = flags(
        blinds() + "utg: raises to 6\nmp: raises to 18\nco: folds\nbtn: folds\nsb: folds\n"
        "bb: folds\nutg: raises to 54\nmp: folds"
    )
    assert f["utg"].pfr
    assert f["utg"].vpip
    assert f["utg"].raises_preflop == 2
    assert f["mp"].pfr
    assert f["mp"].raises_preflop == 1
    assert f["mp"].folds_preflop == 1


def test_three_bet_chance_and_fold_to_three_bet():
    f = flags(FOLD_TO_CO + "co: raises to 6\nbtn: raises to 18\nsb: folds\nbb: folds\nco: folds")
    assert f["btn"].three_bet_chance
    assert f["btn"].three_bet
    assert f["co"].fold_to_three_bet_chance
    assert f["co"].fold_to_three_bet
    # Facing the 3-bet and able to re-raise: a 4-bet chance for the blinds and the opener.
    assert f["sb"].four_bet_chance
    assert f["bb"].four_bet_chance
    assert f["co"].four_bet_chance
    assert not f["sb"].three_bet_chance
    assert f["btn"].reasons["three_bet"] == (
        "3-bet chance: faced exactly one raise pre-flop (co to 6) and could re-raise"
    )
    assert f["co"].reasons["fold_to_three_bet"] == (
        "fold to 3-bet chance: raised pre-flop, then faced a 3-bet (btn to 18)"
    )


def test_blinds_that_fold_to_a_raise_had_a_three_bet_chance():
    f = flags(blinds() + "utg: raises to 6\nmp: folds\nco: folds\nbtn: folds\nsb: folds\nbb: folds")
    for name in ("mp", "co", "btn", "sb", "bb"):
        assert (f[name].three_bet_chance, f[name].three_bet) == (True, False), name
    assert not f["utg"].three_bet_chance
    assert not f["utg"].fold_to_three_bet_chance
    assert not f["sb"].vpip
    assert f["sb"].folds_preflop == 1
    assert f["sb"].net == -1
    # UTG is no steal position, so the blinds faced no steal.
    assert not f["utg"].steal_chance
    assert not f["sb"].fold_to_steal_chance


def test_four_bet_by_the_opener():
    f = flags(
        blinds() + "utg: raises to 6\nmp: raises to 18\nco: folds\nbtn: folds\nsb: folds\n"
        "bb: folds\nutg: raises to 50\nmp: folds"
    )
    assert f["utg"].fold_to_three_bet_chance
    assert not f["utg"].fold_to_three_bet
    assert f["utg"].four_bet_chance
    assert f["utg"].four_bet
    assert f["mp"].three_bet
    assert not f["mp"].four_bet_chance
    assert f["utg"].reasons["four_bet"] == (
        "4-bet chance: faced a 3-bet pre-flop (mp to 18) and could re-raise"
    )


def test_squeeze_needs_a_caller_of_the_raise():
    f = flags(
        blinds() + "utg: raises to 6\nmp: calls 6\nco: raises to 24\nbtn: folds\nsb: folds\n"
        "bb: folds\nutg: folds\nmp: folds"
    )
    assert f["co"].squeeze_chance
    assert f["co"].squeeze
    assert f["co"].three_bet
    assert f["mp"].three_bet_chance
    assert not f["mp"].squeeze_chance
    # After the squeeze the others face a 3-bet: no squeeze chance.
    assert not f["btn"].squeeze_chance
    assert f["btn"].four_bet_chance
    assert f["utg"].fold_to_three_bet
    assert "1 caller(s)" in f["co"].reasons["squeeze"]
    # mp called the open raise, then faced the squeeze: his fold to 3-bet counts too.
    assert f["mp"].fold_to_three_bet_chance
    assert f["mp"].fold_to_three_bet
    assert not f["btn"].fold_to_three_bet_chance  # never put a chip in


def test_fold_to_three_bet_counts_the_callers_of_the_raise_not_the_cold_players():
    """Anyone who had put money in voluntarily faces the 3-bet (PT4); HM3 and FPDB count
    only the original raiser."""
    f = flags(
        FOLD_TO_CO + "co: raises to 6\nbtn: calls 6\nsb: calls 5\nbb: raises to 30\n"
        "co: calls 24\nbtn: folds\nsb: calls 24\nflop 2c 7d Jh\nsb: checks\nbb: checks\n"
        "co: checks\nturn 3s\nsb: checks\nbb: checks\nco: checks\nriver 4s\nsb: checks\n"
        "bb: checks\nco: checks\nsb: dealt Ah Ad\nbb: dealt Kh Kd\nco: dealt Qh Qd\nshowdown"
    )
    assert f["bb"].squeeze
    for name, folded in (("co", False), ("btn", True), ("sb", False)):
        assert f[name].fold_to_three_bet_chance, name
        assert f[name].fold_to_three_bet is folded, name
    assert f["co"].reasons["fold_to_three_bet"] == (
        "fold to 3-bet chance: raised pre-flop, then faced a 3-bet (bb to 30)"
    )
    assert f["btn"].reasons["fold_to_three_bet"] == (
        "fold to 3-bet chance: called pre-flop, then faced a 3-bet (bb to 30)"
    )
    assert not f["bb"].fold_to_three_bet_chance  # he made it
    assert not f["utg"].fold_to_three_bet_chance  # folded before any raise


def test_a_limper_faces_the_three_bet_a_cold_caller_of_it_does_not():
    f = flags(
        blinds() + "utg: calls 2\nmp: raises to 8\nco: raises to 24\nbtn: calls 24\n"
        "sb: folds\nbb: folds\nutg: folds\nmp: folds\n"
        "flop 2c 7d Jh\nco: bets 20\nbtn: folds"
    )
    assert f["utg"].fold_to_three_bet_chance
    assert f["utg"].fold_to_three_bet
    assert f["mp"].fold_to_three_bet_chance
    assert f["mp"].fold_to_three_bet
    # btn called the 3-bet cold; the blinds had only posted: none of them faced it after
    # putting money in voluntarily.
    for name in ("btn", "sb", "bb", "co"):
        assert not f[name].fold_to_three_bet_chance, name


def test_no_fold_to_three_bet_chance_when_a_four_bet_comes_first():
    f = flags(
        blinds() + "utg: raises to 6\nmp: calls 6\nco: raises to 18\nbtn: raises to 50\n"
        "sb: folds\nbb: folds\nutg: folds\nmp: folds\nco: folds"
    )
    assert f["btn"].four_bet
    assert f["utg"].vpip
    assert f["mp"].vpip
    for name in ("utg", "mp", "co"):
        assert not f[name].fold_to_three_bet_chance, name


def test_limpers_are_not_squeeze_callers_and_limp_reraise_is_a_three_bet():
    f = flags(
        blinds() + "utg: calls 2\nmp: folds\nco: raises to 8\nbtn: folds\nsb: folds\n"
        "bb: folds\nutg: raises to 24\nco: folds"
    )
    assert f["utg"].three_bet_chance
    assert f["utg"].three_bet
    assert not f["utg"].squeeze_chance
    assert f["co"].fold_to_three_bet_chance
    assert f["co"].fold_to_three_bet
    assert not f["co"].steal_chance  # the limp opened the pot


def test_steal_and_fold_to_steal():
    f = flags(
        FOLD_TO_CO + "co: folds\nbtn: raises to 5\nsb: folds\nbb: calls 3\n"
        "flop 2c 7d Jh\nbb: checks\nbtn: bets 4\nbb: folds"
    )
    assert f["btn"].steal_chance
    assert f["btn"].steal
    assert f["btn"].pfr
    assert f["co"].steal_chance
    assert not f["co"].steal
    assert f["sb"].fold_to_steal_chance
    assert f["sb"].fold_to_steal
    assert f["bb"].fold_to_steal_chance
    assert not f["bb"].fold_to_steal
    assert f["bb"].reasons["fold_to_steal"] == (
        "fold to steal chance: in the BB, faced btn's open raise from the BTN with no other "
        "caller or raiser"
    )


def test_no_fold_to_steal_once_another_player_called_or_raised():
    f = flags(
        FOLD_TO_CO + "co: raises to 5\nbtn: calls 5\nsb: folds\nbb: folds\n"
        "flop 2c 7d Jh\nco: bets 4\nbtn: folds"
    )
    assert f["co"].steal
    assert not f["sb"].fold_to_steal_chance
    assert not f["bb"].fold_to_steal_chance
    f = flags(FOLD_TO_CO + "co: folds\nbtn: raises to 5\nsb: raises to 15\nbb: folds\nbtn: folds")
    assert f["sb"].fold_to_steal_chance
    assert not f["sb"].fold_to_steal
    assert not f["bb"].fold_to_steal_chance


def test_small_blind_steal_and_the_big_blind_folding_to_it():
    f = flags(FOLD_TO_CO + "co: folds\nbtn: folds\nsb: raises to 6\nbb: folds")
    assert f["sb"].steal_chance
    assert f["sb"].steal
    assert f["bb"].fold_to_steal_chance
    assert f["bb"].fold_to_steal
    assert "from the SB" in f["bb"].reasons["fold_to_steal"]
    assert not f["bb"].walk


def test_small_blind_steal_heads_up():
    """Heads-up the button posts the small blind, acts first pre-flop and can steal."""
    seats = [("bb", 100), ("btn", 100)]
    f = flags(
        "btn: posts small 1\nbb: posts big 2\nbtn: raises to 6\nbb: folds", seats=seats, button=2
    )
    assert f["btn"].position == "BTN"
    assert f["btn"].steal_chance
    assert f["btn"].steal
    assert f["bb"].fold_to_steal_chance
    assert f["bb"].fold_to_steal


def test_incomplete_all_in_raise_is_not_a_raise_for_the_ladder():
    """B8: mp's all-in to 8 over a raise to 6 is short of a full raise (to 10)."""
    seats = [("sb", 1000), ("bb", 1000), ("utg", 1000), ("mp", 8), ("co", 1000), ("btn", 1000)]
    f = flags(
        blinds() + "utg: raises to 6\nmp: raises to 8 all-in\nco: raises to 24\n"
        "btn: folds\nsb: folds\nbb: folds\nutg: folds\n"
        "mp: dealt Ah Ad\nco: dealt Kh Kd\nflop 2c 7d Jh\nturn 3s\nriver 4s\nshowdown",
        seats=seats,
    )
    # mp raised (PFR) but his short all-in is no 3-bet; co's raise over it is the 3-bet,
    # a squeeze even, mp counting as a caller.
    assert f["mp"].pfr
    assert f["mp"].three_bet_chance
    assert not f["mp"].three_bet
    assert f["co"].three_bet
    assert f["co"].squeeze_chance
    assert f["co"].squeeze
    assert f["utg"].fold_to_three_bet_chance
    assert f["utg"].fold_to_three_bet
    assert not f["mp"].fold_to_three_bet_chance  # all-in: no decision after the 3-bet
    assert f["mp"].all_in_street == "preflop"


def test_short_all_in_does_not_reopen_the_raiser_has_no_three_bet_chance():
    seats = [("sb", 1000), ("bb", 1000), ("utg", 1000), ("mp", 1000), ("co", 1000), ("btn", 8)]
    f = flags(
        blinds() + "utg: raises to 6\nmp: folds\nco: folds\nbtn: raises to 8 all-in\n"
        "sb: folds\nbb: folds\nutg: calls 2\n"
        "utg: dealt Ah Ad\nbtn: dealt Kh Kd\nflop 2c 7d Jh\nturn 3s\nriver 4s\nshowdown",
        seats=seats,
    )
    assert not f["utg"].three_bet_chance
    assert not f["utg"].fold_to_three_bet_chance
    # Everyone after btn still faced one full raise and could re-raise.
    assert f["sb"].three_bet_chance
    assert f["bb"].three_bet_chance
    assert f["sb"].squeeze_chance  # btn's short all-in counts as a caller


def test_fixed_limit_cap_takes_the_raise_chance_away():
    """FLHE 2/4 with a straddle: blind, straddle, open and 3-bet make four bets (B7)."""
    f = flags(
        blinds() + "utg: posts straddle 4\nmp: raises to 6\nco: raises to 8\nbtn: calls 8\n"
        "sb: folds\nbb: folds\nutg: folds\nmp: calls 2\n"
        "flop 2c 7d Jh\nmp: checks\nco: bets 2\nbtn: calls 2\nmp: calls 2\n"
        "turn 3s\nmp: checks\nco: checks\nbtn: checks\nriver 4s\nmp: checks\nco: checks\n"
        "btn: checks\nmp: dealt Ah Ad\nco: dealt Kh Kd\nbtn: dealt Qh Qd\nshowdown",
        game="FLHE",
        stakes=(2, 4),
    )
    assert f["co"].three_bet
    # Facing the 3-bet at the cap: no 4-bet chance for btn, the blinds or mp.
    for name in ("btn", "sb", "bb", "utg", "mp"):
        assert not f[name].four_bet_chance, name
    assert f["mp"].fold_to_three_bet_chance
    assert not f["mp"].fold_to_three_bet


def test_fixed_limit_heads_up_has_no_cap():
    """B7: heads-up there is no cap, so the 3-bet faced at four bets can still be raised."""
    seats = [("bb", 100), ("btn", 100)]
    f = flags(
        "btn: posts small 1\nbb: posts big 2\nbtn: raises to 4\nbb: raises to 6\n"
        "btn: raises to 8\nbb: raises to 10\nbtn: folds",
        seats=seats,
        button=2,
        game="FLHE",
        stakes=(2, 4),
    )
    assert f["btn"].four_bet_chance
    assert f["btn"].four_bet
    assert f["bb"].three_bet
    assert f["btn"].fold_to_three_bet_chance


def test_a_player_with_no_chips_behind_the_call_has_no_three_bet_chance():
    """B9: bb's 4 chips cover no more than the call of a raise to 6."""
    seats = [("sb", 1000), ("bb", 6), ("utg", 1000), ("mp", 1000), ("co", 1000), ("btn", 1000)]
    f = flags(
        blinds() + "utg: raises to 6\nmp: folds\nco: folds\nbtn: folds\nsb: folds\n"
        "bb: calls 4 all-in\nutg: dealt Ah Ad\nbb: dealt Kh Kd\n"
        "flop 2c 7d Jh\nturn 3s\nriver 4s\nshowdown",
        seats=seats,
    )
    assert not f["bb"].three_bet_chance
    assert f["bb"].vpip
    assert f["sb"].three_bet_chance
