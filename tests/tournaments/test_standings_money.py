"""T3 standings, T4 payouts, ICM, and ROI/ITM/profit on a built example (issue 12,
acceptance 2 and 3): every expected figure below is worked out by hand in the comments."""

from __future__ import annotations

from fractions import Fraction

from analytics.tournaments.icm import icm_equities
from analytics.tournaments.money import (
    Entry,
    place_prizes,
    prize_pool,
    rule_book_payouts,
    totals,
)
from analytics.tournaments.standings import HandStacks, eliminations, standings


def _places(hands: list[HandStacks], entrants: int) -> dict[str, tuple[int | None, int]]:
    return {s.name: (s.place, s.tied) for s in standings(hands, entrants)}


def test_t3_two_out_in_one_hand_rank_by_starting_stack() -> None:
    # 5 players; C out in hand 1; in hand 2 D (started 300) and E (started 200) both bust:
    # D is 3rd, E 4th, C 5th; A and B still in: no winner yet, no places for them.
    hands = [
        HandStacks("1", "T", {"A": 500, "B": 500, "C": 100, "D": 300, "E": 200},
                   {"A": 600, "B": 500, "C": 0, "D": 300, "E": 200}),
        HandStacks("2", "T", {"A": 600, "B": 500, "D": 300, "E": 200},
                   {"A": 1100, "B": 500, "D": 0, "E": 0}),
    ]  # fmt: skip
    assert _places(hands, 5) == {"A": (None, 1), "B": (None, 1), "D": (3, 1), "E": (4, 1),
                                 "C": (5, 1)}  # fmt: skip


def test_t3_three_out_in_one_hand_with_equal_stacks_tie() -> None:
    # 4 players, one hand: A wins everything; B and C started with 400 (tied for 2nd),
    # D with 200 (4th). The winner is placed 1st.
    hands = [HandStacks("9", "T", {"A": 1000, "B": 400, "C": 400, "D": 200},
                        {"A": 2000, "B": 0, "C": 0, "D": 0})]  # fmt: skip
    assert _places(hands, 4) == {"A": (1, 1), "B": (2, 2), "C": (2, 2), "D": (4, 1)}
    # T3 + T4: tied players share their places' prizes: (3000 + 2000) / 2 each.
    assert place_prizes((5000, 3000, 2000), [1, 2, 2, 4]) == {1: 5000, 2: 2500, 4: 0}


def test_t3_no_places_without_the_whole_field() -> None:
    hands = [HandStacks("1", "T", {"A": 100, "B": 100}, {"A": 200, "B": 0})]
    # The field had 9: these hands are one table of it, so no place is made up.
    assert _places(hands, 9) == {"A": (None, 1), "B": (None, 1)}
    assert _places(hands, None) == {"A": (None, 1), "B": (None, 1)}  # type: ignore[arg-type]


def test_a_bust_player_seen_again_re_entered() -> None:
    hands = [
        HandStacks("1", "T", {"A": 100, "B": 100}, {"A": 200, "B": 0}),
        HandStacks("2", "T", {"A": 200, "B": 100}, {"A": 300, "B": 0}),
    ]
    outs, entries = eliminations(hands)
    assert entries == {"A": 1, "B": 2}
    assert [(e.hand_id, e.players) for e in outs] == [("2", (("B", 100),))]


def test_t4_rule_book_examples() -> None:
    # "10 players 50/30/20; 6 players 75/25": $10 buy-ins, the fee is the room's.
    assert prize_pool(10, 1000) == 10000
    assert rule_book_payouts(10, 10000) == (5000, 3000, 2000)
    assert rule_book_payouts(6, prize_pool(6, 1000)) == (4500, 1500)
    # 7 x 333 = 2331: 50/30/20 is 1165.5, 699.3, 466.2 -> 1165, 699, 466, the odd unit to 1st.
    assert rule_book_payouts(7, 2331) == (1166, 699, 466)
    assert rule_book_payouts(50, 50000) is None  # beyond the examples: the site's payouts


def test_icm_three_players_by_hand() -> None:
    # Stacks 50/30/20, payouts 70/30.
    # A: 1st 50/100 -> 35; 2nd = .3 x 50/70 + .2 x 50/80 = 19/56 -> 30 x 19/56 = 285/28;
    #    35 + 285/28 = 1265/28 (45.18).
    # B: .3 x 70 = 21; 2nd = .5 x 30/50 + .2 x 30/80 = .375 -> 11.25; 32.25 = 129/4.
    # C: .2 x 70 = 14; 2nd = .5 x 20/50 + .3 x 20/70 = 2/7 -> 60/7; 158/7 (22.57).
    assert icm_equities([50, 30, 20], [70, 30]) == [
        Fraction(1265, 28),
        Fraction(129, 4),
        Fraction(158, 7),
    ]
    assert sum(icm_equities([50, 30, 20], [70, 30])) == 100
    assert icm_equities([0, 10], [70, 30])[0] == 0


def test_roi_itm_profit_with_re_entries_and_a_bounty() -> None:
    # Tournament 1: $10 + $5 bounty + $1 fee, entered twice (one re-entry): cost 2 x 16 = 32;
    #   finished 2nd for $40 and won one $5 bounty: won 45, profit +13.
    # Tournament 2: $10 + $1, one rebuy of $10: cost 21; out of the money: profit -21.
    # Tournament 3: a freeroll: cost 0, won a $2 prize: profit +2, in the money.
    # Totals: cost 53, won 47, profit -6, ROI -6/53, ITM 2 of 3.
    ko = Entry(buy_in=1000, bounty=500, fee=100, entries=2, prize=4000, bounties_won=500,
               in_the_money=True)  # fmt: skip
    rebuy = Entry(buy_in=1000, fee=100, extra_cost=1000)
    free = Entry(buy_in=0, prize=200, in_the_money=True)
    assert (ko.cost, ko.won, ko.profit) == (3200, 4500, 1300)
    assert (rebuy.cost, rebuy.profit) == (2100, -2100)
    assert free.profit == 200
    result = totals([ko, rebuy, free])
    assert (result.cost, result.won, result.profit) == (5300, 4700, -600)
    assert result.roi == Fraction(-600, 5300)
    assert result.itm == Fraction(2, 3)
