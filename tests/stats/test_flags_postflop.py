"""Flags after the flop: c-bets, folds to them, check-raises, streets seen, showdown, money.

Seats are named after their positions (button on seat 6): sb, bb, utg, mp, co, btn; the
big blind is 2. After the flop the action goes sb, bb, utg, mp, co, btn.
"""

from __future__ import annotations

from tests.stats.play import blinds, flags, play

# utg raises, co and bb call: a three-way flop, utg the pre-flop raiser.
THREE_WAY = blinds() + (
    "utg: raises to 6\nmp: folds\nco: calls 6\nbtn: folds\nsb: folds\nbb: calls 4\nflop 9c Kc 3h\n"
)
CARDS = "utg: dealt Ah Ad\nco: dealt Qh Qd\nbb: dealt 7s 2d\n"


def test_multiway_cbet_and_folds_to_it():
    f = flags(THREE_WAY + "bb: checks\nutg: bets 10\nco: folds\nbb: folds")
    assert f["utg"].cbet_flop_chance
    assert f["utg"].cbet_flop
    # Both faced the c-bet: bb after checking to it, co directly.
    assert f["co"].fold_to_cbet_flop_chance
    assert f["co"].fold_to_cbet_flop
    assert f["bb"].fold_to_cbet_flop_chance
    assert f["bb"].fold_to_cbet_flop
    assert not f["utg"].fold_to_cbet_flop_chance
    assert f["utg"].reasons["cbet_flop"] == (
        "flop c-bet chance: made the last raise pre-flop and nobody bet before him on the flop"
    )
    assert f["co"].reasons["fold_to_cbet_flop"] == (
        "fold to flop c-bet chance: faced utg's c-bet with no raise after it"
    )
    assert all(x.saw_flop for n, x in f.items() if n in ("utg", "co", "bb"))
    assert not f["sb"].saw_flop
    assert not f["utg"].saw_turn
    assert f["utg"].won_when_saw_flop
    assert not f["bb"].won_when_saw_flop


def test_a_donk_bet_takes_the_cbet_chance_away():
    f = flags(THREE_WAY + "bb: bets 6\nutg: raises to 20\nco: folds\nbb: folds")
    assert not f["utg"].cbet_flop_chance
    assert not f["co"].fold_to_cbet_flop_chance


def test_the_last_raiser_is_the_one_with_the_cbet_chance():
    f = flags(
        blinds() + "utg: raises to 6\nmp: raises to 18\nco: folds\nbtn: folds\nsb: folds\n"
        "bb: folds\nutg: calls 12\nflop 9c Kc 3h\nutg: checks\nmp: checks\n"
        "turn 5s\nutg: bets 20\nmp: folds"
    )
    assert f["mp"].cbet_flop_chance
    assert not f["mp"].cbet_flop
    assert not f["utg"].cbet_flop_chance
    # utg's turn bet after a checked flop is no c-bet: the chain broke on the flop.
    assert not f["utg"].cbet_turn_chance
    assert not f["mp"].fold_to_cbet_turn_chance


def test_turn_cbet_only_after_a_flop_cbet():
    checked = flags(
        THREE_WAY + "bb: checks\nutg: checks\nco: checks\nturn 5s\nbb: checks\n"
        "utg: bets 10\nco: folds\nbb: folds"
    )
    assert checked["utg"].cbet_flop_chance
    assert not checked["utg"].cbet_flop
    assert not checked["utg"].cbet_turn_chance
    assert not checked["co"].fold_to_cbet_turn_chance
    bet = flags(
        THREE_WAY + "bb: checks\nutg: bets 10\nco: calls 10\nbb: folds\nturn 5s\n"
        "utg: bets 20\nco: calls 20\nriver 8d\nutg: bets 40\nco: folds"
    )
    assert bet["utg"].cbet_turn_chance
    assert bet["utg"].cbet_turn
    assert bet["co"].fold_to_cbet_turn_chance
    assert not bet["co"].fold_to_cbet_turn
    assert bet["utg"].cbet_river_chance
    assert bet["utg"].cbet_river
    assert bet["co"].fold_to_cbet_river_chance
    assert bet["co"].fold_to_cbet_river
    assert bet["co"].saw_river
    assert bet["bb"].saw_flop
    assert not bet["bb"].saw_turn


def test_a_raised_cbet_ends_the_chain_and_is_a_check_raise():
    f = flags(
        THREE_WAY + "bb: checks\nutg: bets 10\nco: folds\nbb: raises to 30\nutg: calls 20\n"
        "turn 5s\nbb: bets 40\nutg: folds"
    )
    assert f["bb"].check_raise_flop_chance
    assert f["bb"].check_raise_flop
    assert f["bb"].fold_to_cbet_flop_chance
    assert not f["bb"].fold_to_cbet_flop
    assert not f["utg"].cbet_turn_chance
    assert f["bb"].reasons["check_raise_flop"] == (
        "check-raise chance: checked the flop, then faced a bet and could raise"
    )
    assert (f["bb"].checks_flop, f["bb"].raises_flop, f["bb"].bets_turn) == (1, 1, 1)
    assert (f["utg"].bets_flop, f["utg"].calls_flop, f["utg"].folds_turn) == (1, 1, 1)


def test_check_raise_chance_not_taken():
    f = flags(
        THREE_WAY + "bb: checks\nutg: checks\nco: bets 8\nbb: calls 8\nutg: folds\n"
        "turn 5s\nbb: checks\nco: checks\nriver 8d\nbb: checks\nco: checks\n"
        + "co: dealt Qh Qd\nbb: dealt 7s 2d\nshowdown"
    )
    assert f["bb"].check_raise_flop_chance
    assert not f["bb"].check_raise_flop
    assert f["utg"].check_raise_flop_chance
    assert not f["utg"].check_raise_flop
    assert not f["co"].check_raise_flop_chance
    # Checked turn and river with no bet after: no chance.
    assert not f["bb"].check_raise_turn_chance
    assert not f["bb"].check_raise_river_chance


def test_fixed_limit_cap_takes_the_check_raise_chance_away():
    """FLHE 2/4, five players on the flop: bet, raise, re-raise and cap before sb acts again."""
    script = blinds() + (
        "utg: calls 2\nmp: calls 2\nco: calls 2\nbtn: folds\nsb: calls 1\nbb: checks\n"
        "flop 9c Kc 3h\nsb: checks\nbb: bets 2\nutg: raises to 4\nmp: raises to 6\n"
        "co: raises to 8\nsb: folds\nbb: folds\nutg: folds\nmp: calls 2\n"
        "turn 5s\nmp: checks\nco: checks\nriver 8d\nmp: checks\nco: checks\n"
        "mp: dealt Ah Ad\nco: dealt Qh Qd\nshowdown"
    )
    f = flags(script, game="FLHE", stakes=(2, 4))
    assert not f["sb"].check_raise_flop_chance
    f = flags(
        script.replace("co: raises to 8\n", "co: calls 6\n").replace("mp: calls 2\nturn", "turn"),
        game="FLHE",
        stakes=(2, 4),
    )
    assert f["sb"].check_raise_flop_chance  # three bets: he could still make it four


def test_preflop_all_in_runout_sees_every_street_but_has_no_cbet_chance():
    seats = [("sb", 1000), ("bb", 100), ("utg", 1000), ("mp", 1000), ("co", 1000), ("btn", 1000)]
    f = flags(
        blinds() + "utg: raises to 100\nmp: folds\nco: folds\nbtn: folds\nsb: folds\n"
        "bb: calls 98 all-in\nutg: dealt Ah Ad\nbb: dealt Kh Kd\n"
        "flop 9c 2c 3h\nturn 5s\nriver 8d\nshowdown",
        seats=seats,
    )
    for name in ("utg", "bb"):
        x = f[name]
        assert (x.saw_flop, x.saw_turn, x.saw_river, x.went_to_showdown) == (True,) * 4, name
        assert (x.cbet_flop_chance, x.fold_to_cbet_flop_chance) == (False, False), name
    assert f["utg"].won_at_showdown
    assert not f["bb"].won_at_showdown
    assert f["bb"].all_in_street == "preflop"
    assert f["utg"].all_in_street is None
    assert f["bb"].net == -100
    assert f["utg"].net == 101


def test_run_it_twice_streets_seen_are_the_first_board():
    """All-in on the flop, run twice from the turn: each wins one run."""
    seats = [("sb", 1000), ("bb", 1000), ("utg", 100), ("mp", 1000), ("co", 1000), ("btn", 1000)]
    f = flags(
        blinds() + "utg: raises to 6\nmp: folds\nco: folds\nbtn: folds\nsb: folds\n"
        "bb: calls 4\nflop 9c 2c 3h\nbb: bets 20\nutg: raises to 94 all-in\n"
        "bb: calls 74\nutg: dealt Ah Ad\nbb: dealt Kh Kd\n"
        "turn 5s\nriver 8d\nrun2 turn Ks\nrun2 river 7d\nshowdown",
        seats=seats,
    )
    for name in ("utg", "bb"):
        x = f[name]
        assert (x.saw_flop, x.saw_turn, x.saw_river, x.went_to_showdown) == (True,) * 4, name
        assert (x.won_at_showdown, x.won_when_saw_flop) == (True, True), name
    assert f["utg"].all_in_street == "flop"
    assert f["bb"].all_in_street is None
    # bb led into the pre-flop raiser: no c-bet chance, nothing to fold to.
    assert not f["utg"].cbet_flop_chance
    assert not f["utg"].fold_to_cbet_flop_chance
    # The pot (201 with the small blind) is halved, the first run taking the odd chip.
    assert sorted((f["utg"].net, f["bb"].net)) == [0, 1]


def test_an_uncalled_all_in_leaves_no_all_in_street():
    f = flags(THREE_WAY + "bb: checks\nutg: bets 994 all-in\nco: folds\nbb: folds")
    assert f["utg"].all_in_street is None
    assert f["utg"].bets_flop == 1


def test_went_to_showdown_and_won_at_showdown():
    f = flags(
        THREE_WAY + "bb: checks\nutg: checks\nco: checks\nturn 5s\nbb: checks\nutg: checks\n"
        "co: checks\nriver 8d\nbb: checks\nutg: checks\nco: checks\n" + CARDS + "showdown"
    )
    assert all(f[n].went_to_showdown for n in ("utg", "co", "bb"))
    assert [n for n, x in f.items() if x.won_at_showdown] == ["utg"]
    assert not f["sb"].went_to_showdown
    assert not f["sb"].saw_flop
    assert f["utg"].net == 13
    assert f["co"].net == -6


def test_a_split_pot_is_won_at_showdown_by_both():
    f = flags(
        blinds() + "utg: folds\nmp: folds\nco: folds\nbtn: raises to 6\nsb: folds\n"
        "bb: calls 4\nflop Ac Kc Qh\nbb: checks\nbtn: checks\nturn Jd\nbb: checks\n"
        "btn: checks\nriver 2s\nbb: checks\nbtn: checks\nbtn: dealt Th 3d\nbb: dealt Ts 4d\n"
        "showdown"
    )
    assert f["btn"].won_at_showdown
    assert f["bb"].won_at_showdown
    assert f["btn"].cbet_flop_chance
    assert not f["btn"].cbet_flop


def test_net_and_rake_paid_come_from_the_result():
    result = play(THREE_WAY + "bb: checks\nutg: bets 10\nco: folds\nbb: folds", rake=2)
    from analytics.stats.flags import player_flags

    f = player_flags(result)
    assert f["utg"].rake_paid == 2
    assert f["utg"].net == result.player("utg").net == 11
    assert f["co"].rake_paid == 0
    assert f["co"].net == -6
    assert sum(x.net for x in f.values()) + result.rake == 0
