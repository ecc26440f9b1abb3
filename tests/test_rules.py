"""One or more tests per rule id of RULES.md, on hands built with the test DSL."""

from __future__ import annotations

import pytest

from parser.model.errors import CancelledHand, ReplayMismatch, RuleViolation
from replayer import replay
from tests.handdsl import hand

FOUR = [("Alice", 1000), ("Bob", 1000), ("Carol", 1000), ("Ted", 1000)]  # seat 1..4


def nets(result):
    return {p.name: p.net for p in result.players}


def violation(script, rule, **kw):
    with pytest.raises(RuleViolation) as info:
        replay(hand(script, **kw))
    assert info.value.rule == rule, str(info.value)
    return info.value


def mismatch(script, rule, **kw):
    with pytest.raises(ReplayMismatch) as info:
        replay(hand(script, **kw))
    assert info.value.rule == rule, str(info.value)
    return info.value


# Alice is the button; Bob SB, Carol BB, Ted UTG (RULES.md W1 seating).
W1_PRE = """
Bob: posts small 1
Carol: posts big 2
Ted: folds
Alice: calls 2
Bob: calls 1
Carol: checks
"""


# The same play is legal under no limit and under $2/$4 fixed limit (W1).
W1 = W1_PRE + """
flop 9c Kc 3h
Bob: checks
Carol: bets 2
Alice: raises to 4
Bob: calls 4
Carol: calls 2
turn 5s
Bob: checks
Carol: checks
Alice: checks
river 9d
Bob: bets 4
Carol: calls 4
Alice: folds
showdown
Bob: shows Qs 9h
Carol: shows Ks Jh
Bob: collects 26
"""


def test_w1_no_limit_nets():
    """W1: Bob +16, Carol -10, Alice -6 (no limit)."""
    result = replay(hand(W1, seats=FOUR, button=1, total_pot=26))
    assert nets(result) == {"Alice": -6, "Bob": 16, "Carol": -10, "Ted": 0}
    assert result.total_pot == 26
    assert sum(p.net for p in result.players) + result.rake == 0


def test_w1_fixed_limit_nets():
    """W1 under $2/$4 fixed limit (B7: small bet 2 on the flop, big bet 4 on the river)."""
    result = replay(hand(W1, seats=FOUR, button=1, game="FLHE", stakes=(2, 4)))
    assert nets(result) == {"Alice": -6, "Bob": 16, "Carol": -10, "Ted": 0}


def test_b1_folded_player_cannot_act():
    script = W1_PRE.replace("Carol: checks", "Carol: folds") + "Carol: checks\n"
    violation(script, "B1", seats=FOUR, button=1)


def test_b2_cannot_check_facing_a_bet():
    violation("Bob: posts small 1\nCarol: posts big 2\nTed: checks", "B2", seats=FOUR, button=1)


def test_b2_big_blind_option_check_is_legal():
    result = replay(hand(W1_PRE + "flop 9c Kc 3h\nBob: checks\nCarol: checks\nAlice: checks\n"
                         "turn 5s\nBob: bets 2\nCarol: folds\nAlice: folds\nBob: returned 2\n"
                         "Bob: collects 6", seats=FOUR, button=1))
    assert nets(result)["Bob"] == 4


def test_b3_out_of_turn():
    deal = "Alice: dealt 2c 2d\nBob: dealt 3c 3d\nCarol: dealt 4c 4d\nTed: dealt 5c 5d\n"
    error = violation(deal + "Bob: posts small 1\nCarol: posts big 2\nAlice: folds", "B3",
                      seats=FOUR, button=1)
    assert "Ted's turn" in error.message
    assert "event #6 (fold at test.txt:7)" in str(error)


def test_b3_heads_up_button_acts_first_preflop():
    """D3/B3: heads-up the button posts the small blind and acts first pre-flop."""
    two = [("Alice", 100), ("Bob", 100)]
    result = replay(hand("Alice: posts small 1\nBob: posts big 2\nAlice: folds\n"
                         "Bob: returned 1\nBob: collects 2", seats=two, button=1))
    assert nets(result) == {"Alice": -1, "Bob": 1}
    violation("Alice: posts small 1\nBob: posts big 2\nBob: checks", "B3", seats=two, button=1)


def test_b4_board_before_round_ends():
    violation("Bob: posts small 1\nCarol: posts big 2\nTed: calls 2\nflop 9c Kc 3h", "B4",
              seats=FOUR, button=1)


def test_b5_min_raise_is_last_increment():
    pre = "Bob: posts small 1\nCarol: posts big 2\nTed: raises to 6\n"
    violation(pre + "Alice: raises to 9", "B5", seats=FOUR, button=1)
    result = replay(hand(pre + "Alice: raises to 10\nBob: folds\nCarol: folds\nTed: folds\n"
                         "Alice: returned 4\nAlice: collects 15", seats=FOUR, button=1))
    assert nets(result)["Alice"] == 9


def test_b5_min_bet_is_big_blind_but_all_in_for_less_allowed():
    seats = [("Alice", 1000), ("Bob", 1000), ("Carol", 3)]
    pre = "Bob: posts small 1\nCarol: posts big 2\nAlice: calls 2\nBob: calls 1\nCarol: checks\n"
    violation(pre + "flop 9c Kc 3h\nBob: bets 1", "B5", seats=seats, button=1)
    result = replay(hand(pre + "flop 9c Kc 3h\nBob: checks\nCarol: bets 1 all-in\n"
                         "Alice: folds\nBob: folds\nCarol: returned 1\nCarol: collects 6",
                         seats=seats, button=1))
    assert nets(result)["Carol"] == 4


def test_b6_pot_limit_maximum():
    """B6: 100 in the pot, A bets 50: B may raise to 250, not more."""
    seats = [("A", 10000), ("B", 10000), ("C", 10000)]
    pre = ("B: posts small 25\nC: posts big 50\nA: calls 50\nB: calls 25\nC: folds\n"
           "flop 9c Kc 3h\nB: checks\n")
    # pot is 150 after pre-flop; make it 100 with different blinds: use stakes 25/50.
    violation(pre + "A: bets 151", "B6", seats=seats, button=1, game="PLHE", stakes=(25, 50))
    ok = pre + "A: bets 150\nB: raises to 600\nA: folds\nB: returned 450\nB: collects 450"
    result = replay(hand(ok, seats=seats, button=1, game="PLHE", stakes=(25, 50)))
    assert nets(result)["B"] == 250


def test_b7_fixed_limit_cap_multiway():
    seats = [("A", 1000), ("B", 1000), ("C", 1000)]
    pre = "B: posts small 5\nC: posts big 10\nA: raises to 20\nB: raises to 30\nC: raises to 40\n"
    violation(pre + "A: raises to 50", "B7", seats=seats, button=1, game="FLHE", stakes=(10, 20))


def test_b7_heads_up_no_cap():
    seats = [("A", 1000), ("B", 1000), ("C", 1000)]
    script = ("B: posts small 5\nC: posts big 10\nA: folds\nB: raises to 20\nC: raises to 30\n"
              "B: raises to 40\nC: raises to 50\nB: raises to 60\nC: folds\nB: returned 10\n"
              "B: collects 100")
    result = replay(hand(script, seats=seats, button=1, game="FLHE", stakes=(10, 20)))
    assert nets(result)["B"] == 50


def test_b7_fixed_limit_bet_size():
    seats = [("A", 1000), ("B", 1000), ("C", 1000)]
    pre = "B: posts small 5\nC: posts big 10\nA: calls 10\nB: calls 5\nC: checks\nflop 9c Kc 3h\n"
    violation(pre + "B: bets 20", "B7", seats=seats, button=1, game="FLHE", stakes=(10, 20))


def test_b8_incomplete_raise_does_not_reopen():
    seats = [("A", 1000), ("B", 1000), ("C", 1000), ("D", 200)]
    script = ("B: posts small 25\nC: posts big 50\nD: calls 50\nA: raises to 150\nB: folds\n"
              "C: folds\nD: raises to 200 all-in\nA: raises to 500")
    error = violation(script, "B8", seats=seats, button=1, stakes=(25, 50))
    assert "reopened" in error.message
    # He may still call the short all-in.
    ok = script.replace("A: raises to 500", "A: calls 50\nA: dealt Ah Ad\nD: dealt 7c 2d\n"
                        "flop 9c Kc 3h\nturn 5s\nriver Jd\nA: collects 475")
    assert nets(replay(hand(ok, seats=seats, button=1, stakes=(25, 50))))["A"] == 275


def test_b8_two_short_all_ins_reopen():
    """100 -> 160 adds up to 60, a full raise of 50 or more: the betting reopens for A."""
    seats = [("A", 1000), ("B", 1000), ("C", 130), ("D", 160)]
    script = ("B: posts small 25\nC: posts big 50\nD: calls 50\nA: raises to 100\nB: folds\n"
              "C: raises to 130 all-in\nD: raises to 160 all-in\nA: raises to 400\n"
              "A: returned 240\nA: dealt Ah Ad\nC: dealt 7c 2d\nD: dealt 8c 3d\n"
              "flop 9c Kc 3h\nturn 5s\nriver Jd\nA: collects 475")
    result = replay(hand(script, seats=seats, button=1, stakes=(25, 50)))
    assert nets(result) == {"A": 315, "B": -25, "C": -130, "D": -160}
    assert [p.amount for p in result.pots] == [415, 60]


def test_b9_all_in_call_for_less():
    seats = [("A", 1000), ("B", 1000), ("C", 30)]
    script = ("B: posts small 5\nC: posts big 10\nA: raises to 100\nB: folds\n"
              "C: calls 20 all-in\nA: returned 70\nA: dealt Ah Ad\nC: dealt 7c 2d\n"
              "flop 9c Kc 3h\nturn 5s\nriver 9d\nshowdown\nA: collects 65")
    result = replay(hand(script, seats=seats, button=1, stakes=(5, 10)))
    assert nets(result) == {"A": 35, "B": -5, "C": -30}


def test_b10_side_pots_three_way():
    seats = [("A", 100), ("B", 300), ("C", 1000)]
    script = ("B: posts small 5\nC: posts big 10\nA: raises to 100 all-in\n"
              "B: raises to 300 all-in\nC: calls 290\n"
              "A: dealt Ah Ad\nB: dealt Kh Kd\nC: dealt Qh Qd\n"
              "flop 2c 7d 9s\nturn 3h\nriver 4c\nshowdown\nA: collects 300\nB: collects 400")
    result = replay(hand(script, seats=seats, button=3, stakes=(5, 10)))
    assert nets(result) == {"A": 200, "B": 100, "C": -300}
    assert [(p.amount, p.eligible) for p in result.pots] == [
        (300, ("A", "B", "C")), (400, ("B", "C"))]


def test_b11_uncalled_bet_returned_and_wrong_amount_caught():
    seats = [("A", 1000), ("B", 1000), ("C", 1000)]
    pre = "B: posts small 5\nC: posts big 10\nA: raises to 40\nB: folds\nC: folds\n"
    result = replay(hand(pre + "A: returned 30\nA: collects 25", seats=seats, button=1,
                         stakes=(5, 10)))
    assert nets(result)["A"] == 15
    mismatch(pre + "A: returned 40\nA: collects 15", "B11", seats=seats, button=1,
             stakes=(5, 10))


def test_b11_missing_uncalled_line_is_returned_with_a_diagnostic():
    seats = [("A", 1000), ("B", 1000), ("C", 1000)]
    result = replay(hand("B: posts small 5\nC: posts big 10\nA: raises to 40\nB: folds\n"
                         "C: folds\nA: collects 25", seats=seats, button=1, stakes=(5, 10)))
    assert nets(result)["A"] == 15
    assert any("B11" in d for d in result.diagnostics)


def test_f2_antes_go_to_the_pot():
    seats = [("A", 1000), ("B", 1000), ("C", 1000)]
    script = ("A: posts ante 5\nB: posts ante 5\nC: posts ante 5\nB: posts small 10\n"
              "C: posts big 20\nA: folds\nB: folds\nC: returned 10\nC: collects 35")
    result = replay(hand(script, seats=seats, button=1, stakes=(10, 20)))
    assert nets(result) == {"A": -5, "B": -15, "C": 20}


def test_f3_straddle_acts_last_preflop():
    seats = [("A", 1000), ("B", 1000), ("C", 1000), ("D", 1000)]
    script = ("B: posts small 5\nC: posts big 10\nD: posts straddle 20\nA: calls 20\n"
              "B: calls 15\nC: calls 10\nD: checks\nflop 9c Kc 3h\nB: bets 10\nC: folds\n"
              "D: folds\nA: folds\nB: returned 10\nB: collects 80")
    result = replay(hand(script, seats=seats, button=1, stakes=(5, 10)))
    assert nets(result) == {"A": -20, "B": 60, "C": -20, "D": -20}
    violation("B: posts small 5\nC: posts big 10\nD: posts straddle 20\nD: checks", "B3",
              seats=seats, button=1, stakes=(5, 10))
    # F3/B5: the straddle sets the minimum raise: to 40, not 30.
    violation("B: posts small 5\nC: posts big 10\nD: posts straddle 20\nA: raises to 30", "B5",
              seats=seats, button=1, stakes=(5, 10))


def test_s4_odd_chip_to_first_winner_left_of_button():
    seats = [("A", 1000), ("B", 1000), ("C", 1000)]
    script = ("A: posts ante 1\nB: posts ante 1\nC: posts ante 1\nB: posts small 5\n"
              "C: posts big 10\nA: calls 10\nB: calls 5\nC: checks\n"
              "A: dealt Qh 9c\nB: dealt Ah 3c\nC: dealt Ad 4c\n"
              "flop Ks Kd 7h\nB: checks\nC: checks\nA: checks\nturn 7c\nB: checks\nC: checks\n"
              "A: checks\nriver 2s\nB: checks\nC: checks\nA: checks\nshowdown\n"
              "B: collects 17\nC: collects 16")
    result = replay(hand(script, seats=seats, button=1, stakes=(5, 10)))
    assert nets(result) == {"A": -11, "B": 6, "C": 5}
    assert result.pots[0].odd_chips_to == "B"
    # Giving the odd chip to the other winner breaks S4.
    bad = script.replace("B: collects 17\nC: collects 16", "B: collects 16\nC: collects 17")
    error = mismatch(bad, "S4", seats=seats, button=1, stakes=(5, 10))
    # The error points at the wrong "collected" line, not at the end of the hand.
    assert error.line == script.splitlines().index("B: collects 17") + 1
    assert "(collect at test.txt:" in str(error)


def test_s2_log_paying_the_worse_hand_is_a_mismatch():
    seats = [("A", 1000), ("B", 1000)]
    script = ("A: posts small 5\nB: posts big 10\nA: calls 5\nB: checks\n"
              "A: dealt Ah Ad\nB: dealt 7c 2d\nflop 9c Kc 3h\nB: checks\nA: checks\n"
              "turn 5s\nB: checks\nA: checks\nriver 8d\nB: checks\nA: checks\nshowdown\n"
              "B: collects 20")
    mismatch(script, "S2", seats=seats, button=1, stakes=(5, 10))


def test_e8_cancelled_hand():
    with pytest.raises(CancelledHand):
        replay(hand("Bob: posts small 1\ncancelled", seats=FOUR, button=1))


HILO = ("D: posts small 5\nB: posts big 10\nC: calls 10\nA: calls 10\nD: folds\nB: checks\n"
        "A: dealt Kc Ks 9h 9d\nB: dealt Ah 4c Qh Jd\nC: dealt 5h 6h Td Tc\n"
        "flop 2c 3d 8s\nB: checks\nC: checks\nA: checks\nturn Kh\nB: checks\nC: checks\n"
        "A: checks\nriver Kd\nB: checks\nC: checks\nA: checks\nshowdown\n")
HILO_SEATS = [("A", 1000), ("D", 1000), ("B", 1000), ("C", 1000)]


def test_s3_hi_lo_split_with_odd_chip_to_the_high_half():
    """S3: quads take the high half, 8-4-3-2-A beats 8-6-5-3-2 for low; S4: 35 -> 18 + 17."""
    result = replay(hand(HILO + "A: collects 18\nB: collects 17", seats=HILO_SEATS, button=1,
                         game="PLO8", stakes=(5, 10)))
    assert nets(result) == {"A": 8, "D": -5, "B": 7, "C": -10}
    mismatch(HILO + "A: collects 17\nB: collects 18", "S4", seats=HILO_SEATS, button=1,
             game="PLO8", stakes=(5, 10))


def test_s3_no_qualifying_low_high_scoops():
    script = HILO.replace("B: dealt Ah 4c Qh Jd", "B: dealt Ah Tc Qh Jd").replace(
        "C: dealt 5h 6h Td Tc", "C: dealt 9c 6h Td Ts")
    result = replay(hand(script + "A: collects 35", seats=HILO_SEATS, button=1, game="PLO8",
                         stakes=(5, 10)))
    assert nets(result)["A"] == 25


def test_s1_omaha_uses_exactly_two_hole_cards():
    """Four hearts on the board and one in hand is no flush in omaha (S1)."""
    seats = [("A", 1000), ("B", 1000)]
    script = ("A: posts small 5\nB: posts big 10\nA: calls 5\nB: checks\n"
              "A: dealt Ah Kc Kd 2s\nB: dealt Qc Qd 7s 7c\n"
              "flop 2h 5h 9h\nB: checks\nA: checks\nturn Th\nB: checks\nA: checks\n"
              "river Qs\nB: checks\nA: checks\nshowdown\nB: collects 20")
    result = replay(hand(script, seats=seats, button=1, game="PLO", stakes=(5, 10)))
    assert nets(result) == {"A": -10, "B": 10}


# B4, issue 7 (a): the small blind calls all-in for less than the big blind. The big blind
# has not acted, so his check is legal, and a log that leaves it out is accepted too.
SHORT_CALL = """
Ann: posts small 5
Bob: posts big 10
Ann: calls 3 all-in
Bob: returned 2
{check}flop 2c 7d 9s
turn 3h
river 4c
showdown
Ann: shows Ah Ad
Bob: shows Kc Kd
Ann: collects 16
"""


@pytest.mark.parametrize("check", ["Bob: checks\n", ""], ids=["checks", "check-omitted"])
def test_b4_big_blind_may_check_after_a_short_all_in_call(check):
    result = replay(hand(SHORT_CALL.format(check=check), seats=[("Ann", 8), ("Bob", 1000)],
                         button=1, stakes=(5, 10)))  # fmt: skip
    assert nets(result) == {"Ann": 8, "Bob": -8}


def test_b4_big_blind_cannot_check_twice():
    script = SHORT_CALL.format(check="Bob: checks\nBob: checks\n")
    violation(script, "B4", seats=[("Ann", 8), ("Bob", 1000)], button=1, stakes=(5, 10))
