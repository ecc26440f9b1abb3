"""Stud, draw, Courchevel and split-board hands become the same kind of events."""

from __future__ import annotations

import pytest

from parser.model import events as ev
from parser.model.cards import parse_cards
from parser.model.errors import ParseError
from tests.parser.conftest import parse_text

STUD = (
    "PokerStars Game #35874004239:  7 Card Stud Limit ($0.04/$0.08 USD)"
    " - 2009/11/26 10:08:43 ET\n"
    """Table 'Atalante II' 8-max
Seat 1: Hero ($1.60 in chips)
Seat 3: Nikolay Zem ($1.84 in chips)
Hero: posts the ante $0.01
Nikolay Zem: posts the ante $0.01
*** 3rd STREET ***
Dealt to Hero [3d Th As]
Dealt to Nikolay Zem [2c]
Nikolay Zem: brings in for $0.02
Hero: completes it to $0.04
Nikolay Zem: calls $0.02
*** 4th STREET ***
Dealt to Hero [3d Th As] [Qc]
Dealt to Nikolay Zem [2c] [6h]
Hero: checks
Nikolay Zem: checks
*** 5th STREET ***
Dealt to Hero [3d Th As Qc] [7s]
Dealt to Nikolay Zem [2c 6h] [8h]
Hero: checks
Nikolay Zem: checks
*** 6th STREET ***
Dealt to Hero [3d Th As Qc 7s] [Ts]
Dealt to Nikolay Zem [2c 6h 8h] [5d]
Hero: checks
Nikolay Zem: checks
*** RIVER ***
Dealt to Hero [3d Th As Qc 7s Ts] [Kh]
Hero: bets $0.08
Nikolay Zem: folds
Uncalled bet ($0.08) returned to Hero
Hero collected $0.10 from pot
*** SUMMARY ***
Total pot $0.10 | Rake $0
Seat 1: Hero collected ($0.10)
Seat 3: Nikolay Zem folded on the River
"""
)


def test_stud_streets_and_cards() -> None:
    hand = parse_text(STUD)
    assert hand.game == "FL7S"
    dealt = [(e.line, e.player, e.cards, e.up) for e in hand.events if isinstance(e, ev.DealHole)]
    c = parse_cards
    assert dealt == [
        (8, "Hero", c("3d Th"), c("As")),  # 3rd street: two down, one up
        (9, "Nikolay Zem", (), c("2c")),
        (14, "Hero", (), c("Qc")),  # 4th-6th: the new card, up
        (15, "Nikolay Zem", (), c("6h")),
        (19, "Hero", (), c("7s")),
        (20, "Nikolay Zem", (), c("8h")),
        (24, "Hero", (), c("Ts")),
        (25, "Nikolay Zem", (), c("5d")),
        (29, "Hero", c("Kh"), ()),  # 7th street: down
    ]
    streets = [e.street for e in hand.events if isinstance(e, ev.StreetStart)]
    assert streets == ["fourth", "fifth", "sixth", "seventh"]
    assert ev.BringIn(player="Nikolay Zem", amount=2, line=10) in hand.events
    assert ev.Complete(player="Hero", amount=4, line=11) in hand.events


def test_stud_community_card_when_the_deck_runs_out() -> None:
    text = STUD.replace(
        "*** RIVER ***\nDealt to Hero [3d Th As Qc 7s Ts] [Kh]", "*** RIVER *** [6h]"
    )
    hand = parse_text(text)
    assert ev.DealBoard(street="seventh", cards=parse_cards("6h"), line=28) in hand.events


SINGLE_DRAW = (
    "PokerStars Game #35838989654:  5 Card Draw Limit ($0.10/$0.20 USD)"
    " - 2009/11/25 14:12:43 ET\n"
    """Table 'Laodica IV' 6-max Seat #2 is the button
Seat 2: vatt110 ($2.41 in chips)
Seat 3: dantho ($1.76 in chips)
Seat 4: Hero ($4 in chips)
dantho: posts small blind $0.05
Hero: posts big blind $0.10
*** DEALING HANDS ***
Dealt to Hero [Td Th 6h 4h 2s]
vatt110: raises $0.10 to $0.20
dantho: folds
Hero: calls $0.10
Hero: discards 1 card [2s]
Dealt to Hero [Td Th 6h 4h] [Ks]
vatt110: discards 3 cards
Hero: checks
vatt110: stands pat
*** SHOW DOWN ***
Hero: shows [Td Th 6h 4h Ks] (a pair of Tens)
vatt110: mucks hand
Hero collected $0.43 from pot
*** SUMMARY ***
Total pot $0.45 | Rake $0.02
"""
)


def test_single_draw_round_starts_at_the_first_discard() -> None:
    hand = parse_text(SINGLE_DRAW.replace("Hero: checks\nvatt110: stands pat\n", "Hero: checks\n"))
    events = [e for e in hand.events if isinstance(e, ev.StreetStart | ev.Draw | ev.DealHole)]
    c = parse_cards
    assert events == [
        ev.DealHole(player="Hero", cards=c("Td Th 6h 4h 2s"), line=9),
        ev.StreetStart(street="first_draw", line=13),
        ev.Draw(player="Hero", count=1, discarded=c("2s"), drawn=c("Ks"), line=13),
        ev.Draw(player="vatt110", count=3, line=15),
    ]


def test_draw_lines_outside_a_draw_game_are_errors() -> None:
    text = SINGLE_DRAW.replace("5 Card Draw Limit", "Hold'em Limit").replace(
        "DEALING HANDS", "HOLE CARDS"
    )
    text = text.replace("Dealt to Hero [Td Th 6h 4h 2s]", "Dealt to Hero [Td Th]")
    with pytest.raises(
        ParseError, match=r":13:1: Hold'em Limit has no draw in line 'Hero: discards"
    ):
        parse_text(text)


TRIPLE_DRAW = (
    "PokerStars Game #1:  Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD)"
    " - 2009/11/25 14:12:58 ET\n"
    """Table 'Theodora VI' 6-max Seat #2 is the button
Seat 1: Hero ($4 in chips)
Seat 2: Bob ($4.58 in chips)
Bob: posts small blind $0.05
Hero: posts big blind $0.10
*** DEALING HANDS ***
Dealt to Hero [8s Ts 8h 2s 3s]
Bob: calls $0.05
Hero: checks
*** FIRST DRAW ***
Hero: discards 2 cards [8s 8h]
Dealt to Hero [Ts 2s 3s] [4c 5d]
Bob: stands pat on [7c 6d 9c 4s 2c]
Hero: checks
Bob: checks
*** SECOND DRAW ***
Hero: stands pat
Bob: stands pat
Hero: checks
Bob: checks
*** THIRD DRAW ***
Hero: discards 1 card [Ts]
Dealt to Hero [2s 3s 4c 5d] [7h]
Bob: discards 5 cards
Hero: checks
Bob: checks
*** SHOW DOWN ***
Hero: shows [2s 3s 4c 5d 7h] (Lo: 7,5,4,3,2)
Bob: mucks hand
Hero collected $0.20 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0
Seat 1: Hero (big blind) showed [2s 3s 4c 5d 7h] and won ($0.20) with Lo: 7,5,4,3,2
Seat 2: Bob (small blind) mucked [7c 6d 9c 4s 2c]
"""
)


def test_triple_draw() -> None:
    hand = parse_text(TRIPLE_DRAW)
    c = parse_cards
    draws = [e for e in hand.events if isinstance(e, ev.StreetStart | ev.Draw)]
    assert draws == [
        ev.StreetStart(street="first_draw", line=11),
        ev.Draw(player="Hero", count=2, discarded=c("8s 8h"), drawn=c("4c 5d"), line=12),
        ev.Draw(player="Bob", count=0, line=14),
        ev.StreetStart(street="second_draw", line=17),
        ev.Draw(player="Hero", count=0, line=18),
        ev.Draw(player="Bob", count=0, line=19),
        ev.StreetStart(street="third_draw", line=22),
        ev.Draw(player="Hero", count=1, discarded=c("Ts"), drawn=c("7h"), line=23),
        ev.Draw(player="Bob", count=5, line=25),
    ]
    assert hand.summary.revealed == (("Hero", c("2s 3s 4c 5d 7h")), ("Bob", c("7c 6d 9c 4s 2c")))


def test_a_discard_count_that_disagrees_with_the_cards() -> None:
    with pytest.raises(ParseError, match="2 cards discarded but 1 shown"):
        parse_text(TRIPLE_DRAW.replace("discards 2 cards [8s 8h]", "discards 2 cards [8s]"))


COURCHEVEL = (
    "PokerStars Hand #97007286518:  Courchevel Hi/Lo Pot Limit ($1/$2 USD)"
    " - 2013/04/11 11:57:19 CT [2013/04/11 12:57:19 ET]\n"
    """Table 'Lagrangea IV' 6-max Seat #3 is the button
Seat 3: Player0 ($81.75 in chips)
Seat 4: Hero ($353.48 in chips)
Player0: posts small blind $1
Hero: posts big blind $2
*** HOLE CARDS ***
Dealt to Hero [As 4s Ks Ad Qh]
*** PRE-FLOP *** [7h]
Player0: calls $1
Hero: checks
*** FLOP *** [7h 5d 3s]
Hero: checks
Player0: checks
*** TURN *** [7h 5d 3s] [7s]
Hero: checks
Player0: checks
*** RIVER *** [7h 5d 3s 7s] [Ts]
Hero: checks
Player0: checks
*** SHOW DOWN ***
Hero: shows [As 4s Ks Ad Qh] (HI: a flush, Ace high; LO: 7,5,4,3,A)
Player0: mucks hand
Hero collected $2 from pot
Hero collected $1.90 from pot
*** SUMMARY ***
Total pot $4 | Rake $0.10
Board [7h 5d 3s 7s Ts]
"""
)


def test_courchevel_deals_one_board_card_before_the_flop() -> None:
    hand = parse_text(COURCHEVEL)
    boards = [(e.street, e.cards) for e in hand.events if isinstance(e, ev.DealBoard)]
    c = parse_cards
    assert boards == [
        ("preflop", c("7h")),
        ("flop", c("5d 3s")),
        ("turn", c("7s")),
        ("river", c("Ts")),
    ]
    assert hand.game == "PLCOUR8"
    # hi/lo: one "collected" line per half, the same player may collect twice
    assert [e.amount for e in hand.events if isinstance(e, ev.Collect)] == [200, 190]


def test_split_holdem_deals_two_boards_from_the_flop() -> None:
    text = COURCHEVEL.replace("Courchevel Hi/Lo Pot Limit", "Split Hold'em No Limit")
    text = text.replace(
        "Dealt to Hero [As 4s Ks Ad Qh]\n*** PRE-FLOP *** [7h]", "Dealt to Hero [As 4s]"
    )
    text = text.replace(
        "*** FLOP *** [7h 5d 3s]", "*** FIRST FLOP *** [7h 5d 3s]\n*** SECOND FLOP *** [8h 8d 2c]"
    )
    text = text.replace(
        "*** TURN *** [7h 5d 3s] [7s]",
        "*** FIRST TURN *** [7h 5d 3s] [7s]\n*** SECOND TURN *** [8h 8d 2c] [Kc]",
    )
    text = text.replace(
        "*** RIVER *** [7h 5d 3s 7s] [Ts]",
        "*** FIRST RIVER *** [7h 5d 3s 7s] [Ts]\n*** SECOND RIVER *** [8h 8d 2c Kc] [Kd]",
    )
    text = text.replace(
        "Hero: shows [As 4s Ks Ad Qh] (HI: a flush, Ace high; LO: 7,5,4,3,A)", "Hero: shows [As 4s]"
    )
    hand = parse_text(text)
    boards = [(e.street, e.run, len(e.cards)) for e in hand.events if isinstance(e, ev.DealBoard)]
    assert boards == [
        ("flop", 1, 3),
        ("flop", 2, 3),
        ("turn", 1, 1),
        ("turn", 2, 1),
        ("river", 1, 1),
        ("river", 2, 1),
    ]


def test_hand_cancelled() -> None:
    text = (
        "PokerStars Game #20349633663: Triple Draw 2-7 Lowball Limit ($1/$2 USD)"
        " - 2008/09/12 14:09:41 ET\n"
        """Table 'Miriam III' 6-max Seat #5 is the button
Seat 5: Hero ($32.75 in chips)
Hero: posts small blind $0.50
VillainA: is sitting out
Hand cancelled
*** SUMMARY ***
Seat 5: Hero (button) collected ($0)
"""
    )
    hand = parse_text(text)
    assert hand.events[-1] == ev.HandCancelled(line=6)
    assert hand.summary.total_pot is None


def test_2007_format_tournament() -> None:
    # No "Uncalled bet" lines in 2007: the unmatched part of a bet is simply left out of the
    # pot and of "collected" (the engine returns it and says so).
    text = (
        "PokerStars Game #12621411133: Tournament #61234567, $5+$0.50 Hold'em No Limit"
        " - Level XIX (100/200) - 2007/10/15 - 12:33:44 (ET)\n"
        """Table '61234567 12' 9-max Seat #3 is the button
Seat 1: A (5,000 in chips)
Seat 3: B (1,500 in chips)
B: posts small blind 100
A: posts big blind 200
*** HOLE CARDS ***
B: raises 1,300 to 1,500 and is all-in
A: calls 1,300
*** FLOP *** [2c 3d 4h]
*** TURN *** [2c 3d 4h] [5s]
*** RIVER *** [2c 3d 4h 5s] [6c]
*** SHOW DOWN ***
A: shows [Ac Ad] (a straight, Deuce to Six)
B: shows [Kc Kd] (a straight, Deuce to Six)
A collected 1,500 from pot
B collected 1,500 from pot
*** SUMMARY ***
Total pot 3,000 | Rake 0
Board [2c 3d 4h 5s 6c]
Seat 1: A (big blind) showed [Ac Ad] and won (1,500) with a straight, Deuce to Six
Seat 3: B (button) (small blind) showed [Kc Kd] and won (1,500) with a straight, Deuce to Six
"""
    )
    hand = parse_text(text)
    assert (hand.currency, hand.unit, hand.tournament_id, hand.level) == (
        "CHIPS",
        1,
        "61234567",
        "XIX",
    )
    assert hand.seats[0].stack == 5000
    assert ev.RaiseTo(player="B", amount=1500, by=1300, all_in=True, line=8) in hand.events
    assert hand.summary.total_pot == 3000
