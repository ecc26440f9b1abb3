"""Each kind of line becomes the right event, with its absolute file line."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from parser.model import events as ev
from parser.model.cards import parse_cards
from parser.model.errors import ParseError
from parser.model.hand import Seat, Summary
from tests.parser.conftest import hand_text, parse_text

Play = Callable[..., list[ev.Event]]


def cards(text: str) -> tuple:
    return parse_cards(text)


# -- forced bets ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "event"),
    [
        (
            "Alice: posts small blind $0.05",
            ev.PostBlind(player="Alice", amount=5, blind=ev.Blind.SMALL),
        ),
        ("Bob: posts big blind $0.10", ev.PostBlind(player="Bob", amount=10, blind=ev.Blind.BIG)),
        (
            "Bob: posts big blind $0.10 and is all-in",
            ev.PostBlind(player="Bob", amount=10, blind=ev.Blind.BIG, all_in=True),
        ),
        (
            "Carol: posts small & big blinds $0.15",
            ev.PostBlind(player="Carol", amount=15, blind=ev.Blind.SMALL_AND_BIG),
        ),
        (
            "Carol: posts button blind $0.25",
            ev.PostBlind(player="Carol", amount=25, blind=ev.Blind.BUTTON),
        ),
        (
            "Carol: posts straddle $0.20",
            ev.PostBlind(player="Carol", amount=20, blind=ev.Blind.STRADDLE),
        ),
        (
            "Carol: posts dead blind $0.05",
            ev.PostBlind(player="Carol", amount=5, blind=ev.Blind.DEAD),
        ),
        ("Carol: posts the ante $0.01", ev.PostAnte(player="Carol", amount=1)),
        (
            "Carol: posts the ante $0.01 and is all-in",
            ev.PostAnte(player="Carol", amount=1, all_in=True),
        ),
    ],
)
def test_forced_bets(line: str, event: ev.Event) -> None:
    hand = parse_text(hand_text("Carol: folds", forced=line))
    assert hand.events[0] == replace(event, line=6)


def test_a_second_big_blind_post_is_a_big_blind(play: Play) -> None:
    # PokerMaster writes a straddle, and PokerStars a new player posting in, this way: the
    # log says "big blind", and the engine tells the two apart by the amount.
    hand = parse_text(
        hand_text(
            "Carol: folds",
            forced="Alice: posts small blind $0.05\nBob: posts big blind $0.10\n"
            "Carol: posts big blind $0.20",
        )
    )
    assert [e.blind for e in hand.events if isinstance(e, ev.PostBlind)] == [
        ev.Blind.SMALL,
        ev.Blind.BIG,
        ev.Blind.BIG,
    ]


# -- dealing and betting ----------------------------------------------------------------


def test_a_whole_hand_with_lines() -> None:
    hand = parse_text(
        hand_text(
            """
        Dealt to Alice [Ah Kd]
        Dealt to Bob [2c 2d]
        Carol: folds [Qs Qh]
        Alice: raises $0.20 to $0.30
        Bob: calls $0.20
        *** FLOP *** [7d 5h 9d]
        Alice: bets $0.50
        Bob: raises $1 to $1.50
        Alice: calls $1
        *** TURN *** [7d 5h 9d] [7c]
        Alice: checks
        Bob: bets $8.20 and is all-in
        Alice: calls $8.20 and is all-in
        *** RIVER *** [7d 5h 9d 7c] [Qh]
        *** SHOW DOWN ***
        Bob: shows [2c 2d] (two pair, Sevens and Deuces)
        Alice: shows [Ah Kd] (a pair of Sevens)
        Bob collected $19.95 from pot
    """,
            summary="*** SUMMARY ***\nTotal pot $20.05 | Rake $0.10\nBoard [7d 5h 9d 7c Qh]",
        )
    )
    assert hand.events[2:] == (
        ev.DealHole(player="Alice", cards=cards("Ah Kd"), line=9),
        ev.DealHole(player="Bob", cards=cards("2c 2d"), line=10),
        ev.Fold(player="Carol", cards=cards("Qs Qh"), line=11),
        ev.RaiseTo(player="Alice", amount=30, by=20, line=12),
        ev.Call(player="Bob", amount=20, line=13),
        ev.DealBoard(street="flop", cards=cards("7d 5h 9d"), line=14),
        ev.Bet(player="Alice", amount=50, line=15),
        ev.RaiseTo(player="Bob", amount=150, by=100, line=16),
        ev.Call(player="Alice", amount=100, line=17),
        ev.DealBoard(street="turn", cards=cards("7c"), line=18),
        ev.Check(player="Alice", line=19),
        ev.Bet(player="Bob", amount=820, all_in=True, line=20),
        ev.Call(player="Alice", amount=820, all_in=True, line=21),
        ev.DealBoard(street="river", cards=cards("Qh"), line=22),
        ev.ShowdownStart(line=23),
        ev.Show(
            player="Bob", cards=cards("2c 2d"), description="two pair, Sevens and Deuces", line=24
        ),
        ev.Show(player="Alice", cards=cards("Ah Kd"), description="a pair of Sevens", line=25),
        ev.Collect(player="Bob", amount=1995, line=26),
    )
    assert hand.summary == Summary(total_pot=2005, rake=10, boards=(cards("7d 5h 9d 7c Qh"),))
    assert hand.seats[0] == Seat(seat=1, name="Alice", stack=1000)


def test_lines_are_absolute_file_lines() -> None:
    hand = parse_text(hand_text("Carol: folds"), first_line=101)
    assert [e.line for e in hand.events] == [106, 107, 109]


@pytest.mark.parametrize(
    ("line", "event"),
    [
        ("Carol: folds", ev.Fold(player="Carol")),
        ("Carol: folds (disconnect)", ev.Fold(player="Carol")),
        ("Carol: folds [Ac 7c]", ev.Fold(player="Carol", cards=cards("Ac 7c"))),
        ("Carol: calls $0.10", ev.Call(player="Carol", amount=10)),
        (
            "Carol: calls $1,646.95 and is all-in",
            ev.Call(player="Carol", amount=164695, all_in=True),
        ),
        ("Carol: raises $4 to $6", ev.RaiseTo(player="Carol", amount=600, by=400)),
        ("Carol: raises $6 to $6", ev.RaiseTo(player="Carol", amount=600, by=600)),
        (
            "Carol: raises $9.90 to $10 and is all-in",
            ev.RaiseTo(player="Carol", amount=1000, by=990, all_in=True),
        ),
        (
            "Carol: raises $6.50 to $10 and has reached the $10 cap",
            ev.RaiseTo(player="Carol", amount=1000, by=650, capped=True),
        ),
        ("Carol: bets $2", ev.Bet(player="Carol", amount=200)),
        ("Carol: bets $2 and has reached the $5 cap", ev.Bet(player="Carol", amount=200)),
    ],
)
def test_betting_lines(play: Play, line: str, event: ev.Event) -> None:
    assert play(line)[0] == replace(event, line=9)


def test_uncalled_bet(play: Play) -> None:
    assert play("Carol: bets $1\nUncalled bet ($1) returned to Carol")[1] == ev.UncalledBetReturned(
        player="Carol", amount=100, line=10
    )


@pytest.mark.parametrize(
    ("line", "event"),
    [
        ("Carol collected $0.20 from pot", ev.Collect(player="Carol", amount=20, pot=None)),
        ("Carol collected $0.20 from main pot", ev.Collect(player="Carol", amount=20, pot=0)),
        ("Carol collected $0.20 from side pot", ev.Collect(player="Carol", amount=20, pot=1)),
        ("Carol collected $0.20 from side pot-2", ev.Collect(player="Carol", amount=20, pot=2)),
        ("Carol collected $0.20 from side pot 1", ev.Collect(player="Carol", amount=20, pot=1)),
        ("Carol collected $0.205 from pot", ev.Collect(player="Carol", amount=20, whole=False)),
        (
            "Carol cashed out the hand for $22.77 | Cash Out Fee $0.46",
            ev.CashOut(player="Carol", amount=2277, fee=46),
        ),
        (
            "Carol: shows [Qs Js] (a full house, Queens full of Aces)",
            ev.Show(
                player="Carol",
                cards=cards("Qs Js"),
                description="a full house, Queens full of Aces",
            ),
        ),
        ("Carol: shows [Qs]", ev.Show(player="Carol", cards=cards("Qs"))),
        ("Carol: shows [XX Qs] ()", ev.Show(player="Carol", cards=cards("Qs"))),
        (
            "Carol shows [4s 4d] for Three of Kind [Qc 8s 4s 4d 4c]",
            ev.Show(
                player="Carol", cards=cards("4s 4d"), description="Three of Kind [Qc 8s 4s 4d 4c]"
            ),
        ),
        ("Carol: mucks hand", ev.Muck(player="Carol")),
        ("Carol: doesn't show hand", ev.Muck(player="Carol")),
        ("STP added: €0.50", ev.PotAdded(amount=50, reason="STP")),
        ("Hand cancelled", ev.HandCancelled()),
    ],
)
def test_end_of_hand_lines(play: Play, line: str, event: ev.Event) -> None:
    assert play(line)[0] == replace(event, line=9)


def test_showdown_spellings_and_runs(play: Play) -> None:
    events = play("""
        *** SHOW DOWN ***
        *** SHOWDOWN ***
        *** FIRST SHOW DOWN ***
        Carol collected $1 from pot
        *** SECOND SHOW DOWN ***
        Carol collected $1 from pot
    """)
    assert events == [
        ev.ShowdownStart(run=1, line=9),
        ev.ShowdownStart(run=1, line=10),
        ev.ShowdownStart(run=1, line=11),
        ev.Collect(player="Carol", amount=100, run=1, line=12),
        ev.ShowdownStart(run=2, line=13),
        ev.Collect(player="Carol", amount=100, run=2, line=14),
    ]


def test_boards_deal_only_the_new_cards(play: Play) -> None:
    # Pluribus writes the river as three groups; the engine gets the new card only.
    events = play("""
        *** FLOP *** [7d 5h 9d]
        *** TURN *** [7d 5h 9d] [7c]
        *** RIVER *** [7d 5h 9d] [7c] [Qh]
    """)
    assert [(e.street, e.cards) for e in events] == [
        ("flop", cards("7d 5h 9d")),
        ("turn", cards("7c")),
        ("river", cards("Qh")),
    ]


def test_run_it_twice_boards(play: Play) -> None:
    events = play("""
        *** FLOP *** [Js 9h Jh]
        *** FIRST TURN *** [Js 9h Jh] [Qs]
        *** FIRST RIVER *** [Js 9h Jh Qs] [2d]
        *** SECOND TURN *** [Js 9h Jh] [8c]
        *** SECOND RIVER *** [Js 9h Jh 8c] [5h]
    """)
    assert [(e.street, e.cards, e.run) for e in events] == [
        ("flop", cards("Js 9h Jh"), 1),
        ("turn", cards("Qs"), 1),
        ("river", cards("2d"), 1),
        ("turn", cards("8c"), 2),
        ("river", cards("5h"), 2),
    ]


def test_a_board_that_does_not_continue_is_an_error() -> None:
    with pytest.raises(ParseError, match=r"hh\.txt:10:1: the board so far is \[7d 5h 9d\]"):
        parse_text(hand_text("*** FLOP *** [7d 5h 9d]\n*** TURN *** [7d 5h 9s] [7c]"))


def test_notes(play: Play) -> None:
    events = play("""
        Bob said, "nice hand: folds [Ah]"
        Dave joins the table at seat #4
        Dave leaves the table
        Dave was removed from the table for failing to post
        Carol: sits out
        Carol: is sitting out
        Carol is sitting out
        Carol has returned
        Dave will be allowed to play after the button
        Carol is disconnected
        Carol is connected
        Carol has timed out
        Carol has timed out while disconnected
        Carol has timed out while being disconnected
        Carol finished the tournament in 3rd place and received $1.60.
        Carol wins the tournament and receives $5 - congratulations!
        Alice wins the $5 bounty for eliminating Carol
        Alice, Bob split the $50 bounty for eliminating Carol
        Alice re-buys and receives 1500 chips for $1
        Betting is capped
        Pair on board - a double bet is allowed
        # {"gt":"PLO"}
    """)
    kinds = [(e.note, e.player) for e in events]
    N = ev.NoteKind
    assert kinds == [
        (N.CHAT, "Bob"),
        (N.JOINS, "Dave"),
        (N.LEAVES, "Dave"),
        (N.LEAVES, "Dave"),
        (N.SITS_OUT, "Carol"),
        (N.SITS_OUT, "Carol"),
        (N.SITS_OUT, "Carol"),
        (N.RETURNS, "Carol"),
        (N.RETURNS, "Dave"),
        (N.DISCONNECTED, "Carol"),
        (N.CONNECTED, "Carol"),
        (N.TIMED_OUT, "Carol"),
        (N.TIMED_OUT, "Carol"),
        (N.TIMED_OUT, "Carol"),
        (N.FINISHED, "Carol"),
        (N.FINISHED, "Carol"),
        (N.BOUNTY, "Alice"),
        (N.BOUNTY, None),
        (N.REBUY, "Alice"),
        (N.OTHER, None),
        (N.OTHER, None),
        (N.OTHER, None),
    ]
    assert events[0].text == "nice hand: folds [Ah]"
    assert events[1].text == "Dave joins the table at seat #4"
    assert not any(e.affects_play for e in events)


# -- seats --------------------------------------------------------------------------------


def test_seat_line_forms() -> None:
    text = hand_text("Carol: folds").replace(
        "Seat 3: Carol ($10 in chips)",
        "Seat 3: Carol ($1.50 in chips, $0.25 bounty)\n"
        "Seat 4: Dave ($5 in chips) is sitting out\n"
        "Seat 5: Eve ($5 in chips) out of hand (moved from another table into small blind)",
    )
    seats = parse_text(text).seats
    assert seats[2:] == (
        Seat(seat=3, name="Carol", stack=150, bounty=25),
        Seat(seat=4, name="Dave", stack=500, sitting_out=True),
        Seat(seat=5, name="Eve", stack=500, out_of_hand=True),
    )


def test_a_seat_listed_twice_is_an_error() -> None:
    text = hand_text("Carol: folds").replace("Seat 3: Carol", "Seat 2: Carol")
    with pytest.raises(ParseError, match="seat 2 is listed twice"):
        parse_text(text)


# -- summary ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "summary"),
    [
        ("Total pot $0.20 | Rake $0", Summary(total_pot=20, rake=0)),
        (
            "Total pot $27.21 | Rake $1.25 | Jackpot $0.50",
            Summary(total_pot=2721, rake=125, jackpot=50),
        ),
        (
            "Total pot $3,000 Main pot $2,000. Side pot-1 $1,000. | Rake $0",
            Summary(total_pot=300000, rake=0, pots=(200000, 100000)),
        ),
        (
            "Total pot $30 Main pot $20. Side pot $10. | Rake $0",
            Summary(total_pot=3000, rake=0, pots=(2000, 1000)),
        ),
        (
            "Total pot €83.58 | Main pot €62.60 | Side pot €20.98 | Rake €2.00",
            Summary(total_pot=8358, rake=200, pots=(6260, 2098)),
        ),
        (
            "Total pot €0.75 | Main pot €0.25 | STP €0.50 | Rake €0.04",
            Summary(total_pot=75, rake=4, pots=(25,), splash=50),
        ),
        (
            "Total pot $9 | Rake $0.10 | Cash Out Fee $0.46",
            Summary(total_pot=900, rake=10, cash_out_fee=46),
        ),
    ],
)
def test_total_pot_forms(line: str, summary: Summary) -> None:
    assert (
        parse_text(hand_text("Carol: folds", summary=f"*** SUMMARY ***\n{line}")).summary == summary
    )


def test_summary_boards_and_revealed_cards() -> None:
    hand = parse_text(
        hand_text(
            "Carol: folds",
            summary="""*** SUMMARY ***
Total pot $225.32 | Rake $2.15
Hand was run twice
FIRST Board [Js 9h Jh Qs 2d]
SECOND Board [Js 9h Jh Qs 5h]
Seat 1: Alice (small blind) showed [Jc Ac] and won ($111.59) with three of a kind, Jacks, {and_won}
Seat 2: Bob (big blind) mucked [9s Ah]
Seat 3: Carol (button) folded before Flop (didn't bet)""".format(
                and_won="and won ($111.58) with three of a kind, Jacks"
            ),
        )
    )
    assert hand.summary.boards == (cards("Js 9h Jh Qs 2d"), cards("Js 9h Jh Qs 5h"))
    assert hand.summary.revealed == (("Alice", cards("Jc Ac")), ("Bob", cards("9s Ah")))


@pytest.mark.parametrize(
    "rest",
    [
        "folded before Flop (didn't bet)",
        "(button) folded on the Turn",
        "(small blind) folded after the 1st Draw",
        "(big blind) folded on the 3rd Street (didn't bet)",
        "(button) (small blind) collected ($0.94)",
        "collected $10",
        "(big blind) won ($9)",
        "showed [Ac Ad] and lost with a pair of Aces",
        "showed [Ac Ad] and won ($10) with a pair of Aces",
        "(big blind) showed [6h Qd] and folded before Flop",
        "showed [Ac Ad] and lost with a pair of Aces (cashed out).",
        "showed [Ac Ad] and won ($71.68) with two pair (pot not awarded as player cashed out)",
        "mucked [2s 7c] and lost",
        "(big blind) mucked hand and won €0.65",
        "(button) (small blind) mucked",
        "(didn't bet)",
        "(button blind) folded before Flop",
    ],
)
def test_summary_seat_line_forms(rest: str) -> None:
    summary = f"*** SUMMARY ***\nSeat 3: Carol {rest}"
    parse_text(hand_text("Carol: folds", summary=summary))


def test_summary_seat_line_must_name_the_seated_player() -> None:
    with pytest.raises(ParseError, match="seat 3 is 'Carol'"):
        parse_text(
            hand_text("Carol: folds", summary="*** SUMMARY ***\nSeat 3: Dave folded before Flop")
        )


def test_unrecognised_summary_seat_line() -> None:
    with pytest.raises(ParseError, match="unrecognised summary seat line"):
        parse_text(hand_text("Carol: folds", summary="*** SUMMARY ***\nSeat 3: Carol danced"))
