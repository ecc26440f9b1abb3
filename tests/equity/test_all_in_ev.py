"""All-in EV of replayed hands (analytics.equity.all_in_ev): the all-in point, every pot and run,
rake, unknown cards, and Σ EV = −rake."""

from __future__ import annotations

from fractions import Fraction

import pytest

from analytics.equity.all_in_ev import AllInEV, EVStatus, all_in_ev
from analytics.equity.exact import OMAHA_HIGH_LOW8, equities
from parser.model.cards import parse_cards
from replayer.engine import replay
from replayer.result import ReplayResult
from tests.equity.reference import reference_equities
from tests.handdsl import hand

AKS_V_QQ = Fraction(791_332, 1_712_304)  # A♠K♠ v Q♦Q♣ pre-flop


def play(script: str, seats: list[tuple[str, int]], **options) -> ReplayResult:
    options.setdefault("button", 1)
    options.setdefault("stakes", (5, 10))
    return replay(hand(script, seats=seats, **options), record_states=True)


def computed(result: ReplayResult) -> AllInEV:
    ev = all_in_ev(result)
    assert ev is not None
    assert ev.status is EVStatus.COMPUTED
    return ev


def evs(ev: AllInEV) -> dict[str, Fraction]:
    return {p.name: p.adjusted for p in ev.players}


HEADS_UP_PREFLOP = """
A: posts small 5
B: posts big 10
A: raises to 1000 all-in
B: calls 990 all-in
A: dealt As Ks
B: dealt Qd Qc
flop 2c 7d 9s
turn 3h
river 4c
showdown
B: collects 2000
"""


def test_heads_up_preflop_all_in():
    result = play(HEADS_UP_PREFLOP, [("A", 1000), ("B", 1000)])
    ev = computed(result)
    assert (ev.event_index, ev.street, ev.board, ev.boards) == (3, "preflop", (), 1_712_304)
    assert [(p.index, p.run, p.amount, p.eligible) for p in ev.pots] == [(0, 1, 2000, ("B", "A"))]
    assert ev.pots[0].equities == (1 - AKS_V_QQ, AKS_V_QQ)
    assert evs(ev) == {"A": 2000 * AKS_V_QQ - 1000, "B": 2000 * (1 - AKS_V_QQ) - 1000}
    assert round(float(ev.player("A").adjusted), 2) == -75.71
    assert ev.player("A").net == -1000  # what happened: the queens held
    assert sum(evs(ev).values()) == 0


def test_a_result_without_states_has_the_same_ev_without_a_second_replay():
    """Issue 11: the engine notes the all-in point as it replays (``all_in_point``), the
    same one the states show, so all-in EV never replays the hand again."""
    result = replay(
        hand(HEADS_UP_PREFLOP, seats=[("A", 1000), ("B", 1000)], button=1, stakes=(5, 10))
    )
    assert result.states == ()
    assert result.all_in_point == (3, "preflop", ())
    assert evs(computed(result)) == evs(
        computed(play(HEADS_UP_PREFLOP, [("A", 1000), ("B", 1000)]))
    )


def test_uncalled_part_of_a_shove_is_not_in_the_pot():
    """B calls 490 all-in: A's other 500 comes back; the all-in point is B's call."""
    script = HEADS_UP_PREFLOP.replace("B: calls 990 all-in", "B: calls 490 all-in\nA: returned 500")
    script = script.replace("B: collects 2000", "B: collects 1000")
    ev = computed(play(script, [("A", 1000), ("B", 500)]))
    assert ev.event_index == 3
    assert [(p.amount, p.eligible) for p in ev.pots] == [(1000, ("B", "A"))]
    assert evs(ev) == {"A": 1000 * AKS_V_QQ - 500, "B": 1000 * (1 - AKS_V_QQ) - 500}


def test_rake_is_charged_in_proportion_to_the_expected_winnings():
    script = HEADS_UP_PREFLOP.replace("B: collects 2000", "B: collects 1950")
    ev = computed(play(script, [("A", 1000), ("B", 1000)], rake=50))
    a, b = ev.player("A"), ev.player("B")
    assert a.expected_rake == 50 * AKS_V_QQ
    assert a.adjusted == 1950 * AKS_V_QQ - 1000
    assert b.net == 950
    assert sum(evs(ev).values()) == -50


def test_flop_all_in():
    script = """
    A: posts small 5
    B: posts big 10
    A: calls 5
    B: checks
    A: dealt Ah As
    B: dealt Kd Kc
    flop 2c 7d 9s
    B: bets 20
    A: raises to 990 all-in
    B: calls 970 all-in
    turn 3h
    river Kh
    showdown
    B: collects 2000
    """
    result = play(script, [("A", 1000), ("B", 1000)])
    ev = computed(result)
    assert (ev.street, ev.board, ev.boards) == ("flop", parse_cards("2c 7d 9s"), 990)
    assert result.hand.events[ev.event_index].kind == "call"
    assert ev.pots[0].equities == (Fraction(83, 990), Fraction(907, 990))  # B, A
    assert evs(ev)["A"] == 2000 * Fraction(907, 990) - 1000


def test_turn_all_in_enumerates_44_rivers():
    script = """
    A: posts small 5
    B: posts big 10
    A: calls 5
    B: checks
    A: dealt As Ks
    B: dealt Qd Qc
    flop Qh 7s 2s
    B: checks
    A: checks
    turn 3d
    B: bets 100
    A: raises to 990 all-in
    B: calls 890
    river 8s
    showdown
    A: collects 2000
    """
    ev = computed(play(script, [("A", 1000), ("B", 2000)]))
    assert (ev.street, ev.boards) == ("turn", 44)
    assert ev.pots[0].eligible == ("B", "A")
    assert ev.pots[0].equities == (Fraction(37, 44), Fraction(7, 44))
    assert evs(ev) == {"A": 2000 * Fraction(7, 44) - 1000, "B": 2000 * Fraction(37, 44) - 1000}


THREE_WAY = """
B: posts small 5
C: posts big 10
A: raises to 100 all-in
B: raises to 300 all-in
C: calls 290
A: dealt Ah Ad
B: dealt Kh Kd
C: dealt Qs Qc
flop 2c 7d 9s
turn 3h
river 4c
showdown
A: collects 300
B: collects 400
"""
THREE_SEATS = [("A", 100), ("B", 300), ("C", 1000)]


def test_three_way_all_in_with_a_side_pot():
    ev = computed(play(THREE_WAY, THREE_SEATS, button=3))
    assert (ev.street, ev.boards) == ("preflop", 1_370_754)
    main, side = ev.pots
    assert (main.amount, main.eligible, side.amount, side.eligible) == (
        300,
        ("A", "B", "C"),
        400,
        ("B", "C"),
    )
    aa, kk, qq = (parse_cards(t) for t in ("Ah Ad", "Kh Kd", "Qs Qc"))
    assert list(main.equities) == equities([aa, kk, qq])
    assert list(side.equities) == equities([kk, qq], (), aa)  # A's aces are not in the deck
    # The short stack's aces take most of the main pot; in the side pot the kings are big.
    assert main.equities[1] < Fraction(1, 4) < Fraction(3, 4) < side.equities[0]
    expected = {
        "A": 300 * main.equities[0] - 100,
        "B": 300 * main.equities[1] + 400 * side.equities[0] - 300,
        "C": 300 * main.equities[2] + 400 * side.equities[1] - 300,
    }
    assert evs(ev) == expected
    assert sum(expected.values()) == 0  # no rake: the EVs sum to zero
    assert ev.player("C").net == -300


def test_unknown_hole_cards_leave_the_hand_out():
    script = THREE_WAY.replace("C: dealt Qs Qc\n", "").replace("showdown", "showdown\nC: mucks")
    result = play(script, THREE_SEATS, button=3)
    ev = all_in_ev(result)
    assert ev is not None
    assert (ev.status, ev.unknown, ev.pots) == (EVStatus.UNKNOWN_CARDS, ("C",), ())
    assert all(p.ev is None for p in ev.players)
    assert evs(ev) == {p.name: p.net for p in result.players}  # the actual results stand


def test_run_it_twice():
    """Each run has the all-in point's equity; the pot is split by run as the engine did
    (the odd chip of C's ante to the first run)."""
    script = """
    C: posts ante 1
    A: posts small 5
    B: posts big 10
    C: folds
    A: raises to 1000 all-in
    B: calls 990 all-in
    A: dealt As Ks
    B: dealt Qd Qc
    flop 2c 7d 9s
    turn 3h
    river 4c
    run2 flop Ah 8d Jc
    run2 turn 5s
    run2 river 6h
    showdown
    B: collects 1001
    A: collects 1000
    """
    ev = computed(play(script, [("A", 1000), ("B", 1000), ("C", 1000)], button=3))
    assert [(p.index, p.run, p.amount) for p in ev.pots] == [(0, 1, 1001), (0, 2, 1000)]
    assert ev.pots[0].equities == ev.pots[1].equities == (AKS_V_QQ, 1 - AKS_V_QQ)
    assert evs(ev) == {"A": 2001 * AKS_V_QQ - 1000, "B": 2001 * (1 - AKS_V_QQ) - 1000, "C": -1}
    assert [p.net for p in ev.players] == [0, 1, -1]


def test_run_it_twice_from_the_turn_after_a_flop_all_in():
    script = """
    A: posts small 5
    B: posts big 10
    A: calls 5
    B: checks
    A: dealt Ah As
    B: dealt Kd Kc
    flop 2c 7d 9s
    B: bets 20
    A: raises to 990 all-in
    B: calls 970 all-in
    turn 3h
    river Kh
    run2 turn Ad
    run2 river 5c
    showdown
    B: collects 1000
    A: collects 1000
    """
    ev = computed(play(script, [("A", 1000), ("B", 1000)]))
    assert [(p.run, p.amount, p.equities) for p in ev.pots] == [
        (run, 1000, (Fraction(83, 990), Fraction(907, 990))) for run in (1, 2)
    ]
    assert ev.player("A").net == 0
    assert ev.player("A").adjusted == 2000 * Fraction(907, 990) - 1000


def test_folded_players_known_cards_are_dead_and_their_ev_is_their_loss():
    script = """
    A: posts small 5
    B: posts big 10
    C: raises to 40
    A: raises to 1000 all-in
    B: calls 990 all-in
    C: folds
    A: dealt As Ks
    B: dealt Qd Qc
    C: dealt Ah Kh
    flop 2c 7d 9s
    turn 3h
    river 4c
    showdown
    B: collects 2040
    """
    ev = computed(play(script, [("A", 1000), ("B", 1000), ("C", 1000)], button=3))
    assert ev.event_index == 5  # C's fold: from there nobody can bet
    holes = [parse_cards("As Ks"), parse_cards("Qd Qc")]  # A, B: clockwise from the button
    shares = equities(holes, (), parse_cards("Ah Kh"))
    assert list(ev.pots[0].equities) == shares
    assert shares != equities(holes)
    assert evs(ev)["C"] == -40
    assert sum(evs(ev).values()) == 0


def test_no_all_in_ev_without_cards_to_come_or_without_a_contest():
    river = """
    A: posts small 5
    B: posts big 10
    A: calls 5
    B: checks
    flop 2c 7d 9s
    B: checks
    A: checks
    turn 3h
    B: checks
    A: checks
    river 4c
    B: bets 990 all-in
    A: calls 990 all-in
    A: dealt As Ks
    B: dealt Qd Qc
    showdown
    B: collects 2000
    """
    assert all_in_ev(play(river, [("A", 1000), ("B", 1000)])) is None
    fold = (
        "A: posts small 5\nB: posts big 10\nA: raises to 1000 all-in\nB: folds\n"
        "A: returned 990\nA: collects 20"
    )
    assert all_in_ev(play(fold, [("A", 1000), ("B", 1000)])) is None


def test_blinds_all_in_before_any_action():
    """The small blind's whole stack is its blind: nothing can be bet once the big blind posts."""
    script = """
    A: posts small 5 all-in
    B: posts big 10
    B: returned 5
    A: dealt 6h 5s
    B: dealt Ac Ad
    flop 2c 7d 9s
    turn 3h
    river 4c
    showdown
    A: collects 10
    """
    ev = computed(play(script, [("A", 5), ("B", 1000)]))
    assert (ev.event_index, ev.street) == (1, "preflop")
    assert [(p.amount, p.eligible) for p in ev.pots] == [(10, ("B", "A"))]
    assert sum(evs(ev).values()) == 0


def test_omaha_hi_lo_all_in():
    script = """
    A: posts small 5
    B: posts big 10
    A: raises to 30 all-in
    B: calls 20 all-in
    A: dealt Ah 2s Kd Jd
    B: dealt Kh 3c 4s 9s
    flop 5c 6h Qs
    turn 2d
    river 8c
    showdown
    B: collects 60
    """
    result = play(script, [("A", 30), ("B", 30)], game="PLO8")
    ev = computed(result)
    holes = [parse_cards("Kh 3c 4s 9s"), parse_cards("Ah 2s Kd Jd")]
    assert list(ev.pots[0].equities) == equities(holes, evaluator=OMAHA_HIGH_LOW8)
    assert sum(evs(ev).values()) == 0


def test_omaha_flop_all_in_matches_the_reference():
    script = """
    A: posts small 5
    B: posts big 10
    A: calls 5
    B: checks
    A: dealt Ah As Kd Jd
    B: dealt Kh Qc Ts 9s
    flop 2s 7s 9d
    B: bets 20
    A: raises to 80 all-in
    B: calls 60 all-in
    turn 3h
    river 4c
    showdown
    A: collects 180
    """
    ev = computed(play(script, [("A", 90), ("B", 90)], game="PLO"))
    holes = [parse_cards("Kh Qc Ts 9s"), parse_cards("Ah As Kd Jd")]
    assert list(ev.pots[0].equities) == reference_equities(
        holes, parse_cards("2s 7s 9d"), game="omaha"
    )


def test_games_without_an_equity_evaluator_say_so():
    script = """
    A: posts button 10
    B: raises to 1000 all-in
    A: calls 990 all-in
    A: dealt As Ks
    B: dealt Qd Qc
    flop 6c 7d 9s
    turn Th
    river Jc
    showdown
    B: collects 2000
    """
    result = play(script, [("A", 1000), ("B", 1000)], game="NLHE6P", button=1)
    ev = all_in_ev(result)
    assert ev is not None
    assert ev.status is EVStatus.UNSUPPORTED_GAME
    assert evs(ev) == {"A": -1000, "B": 1000}


@pytest.mark.parametrize("rake", [0, 7])
def test_ev_sums_to_minus_the_rake(rake):
    script = THREE_WAY.replace("B: collects 400", f"B: collects {400 - rake}")
    ev = computed(play(script, THREE_SEATS, button=3, rake=rake))
    assert sum(evs(ev).values()) == -rake
