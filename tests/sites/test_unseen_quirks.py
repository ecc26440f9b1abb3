"""Quirks met in real files of the rooms that are not in ../shared/corpora (issue 22,
acceptance 2: "build to the formats, not to the files in front of you").

Each test writes a few lines of the pattern by hand (made-up players and amounts), not a
copy of the file it was found in, and asserts the hand now reads and replays as the rules
say. The measurements behind them are in the commit messages.
"""

from __future__ import annotations

import pytest

from parser.formats import parse_hand, split_hands
from parser.model import events as ev
from parser.model.errors import ParseError
from replayer import replay

# ruff: noqa: E501 - hand-history lines are as long as the room writes them


def _one(text: str, name: str = "t.txt"):
    (raw,) = split_hands(text, name)
    return parse_hand(raw)


# -- Full Tilt -----------------------------------------------------------------------


def _fulltilt(game: str, blinds: str = "$0.05/$0.10") -> str:
    return f"""Full Tilt Poker Game #5000000101: Table Alpha (6 max) - {blinds} - {game} - 12:00:00 ET - 2013/05/20
Seat 1: Ann ($5)
Seat 2: Bob ($5)
Ann posts the small blind of $0.05
Bob posts the big blind of $0.10
The button is in seat #1
*** HOLE CARDS ***
Ann folds
Uncalled bet of $0.05 returned to Bob
Bob mucks
Bob wins the pot ($0.10)
*** SUMMARY ***
Total pot $0.10 | Rake $0
Seat 1: Ann (small blind) folded before the Flop
Seat 2: Bob (big blind) collected ($0.10), mucked
"""


def test_fulltilt_2013_header_abbreviates_every_limit():
    """From 2013 the game is "NL Hold'em", "PL Omaha Hi", "FL Badugi", "CAP NL Hold'em":
    the short limit of every game the long form names (the table name may also carry a
    bracket, "(New to the Game)")."""
    for game, code in (
        ("FL Badugi", "FLBADUGI"),
        ("PL Omaha Hi", "PLO"),
        ("PL 5 Card Omaha Hi", "PLO5"),
        ("CAP NL Hold'em", "NLHE"),
        ("NL 2-7 Single Draw", "NL27SD"),
    ):
        hand = _one(_fulltilt(game).replace("(6 max)", "(New to the Game)"))
        assert hand.game == code, game
        assert hand.stakes.cap is None  # "CAP" names no cap amount
        assert replay(hand).chips_conserved


# -- WPN (Winning) -------------------------------------------------------------------


def test_winning_five_card_omaha_and_a_seat_that_sits_out_among_the_blinds():
    """Five-card Omaha ("5Card Omaha(Pot Limit)", "5Card Omaha H/L(Pot Limit)") and a
    seated player "sits out" between the blinds: out of the hand, not a parse error."""
    text = """Hand #900000001 - 5Card Omaha H/L(Pot Limit) - $1.00/$2.00 - 2022/12/04 05:00:00 UTC
Alpha 6-max Seat #2 is the button
Seat 1: Cat ($100.00)
Seat 2: Dan ($100.00)
Seat 5: Eve ($100.00)
Eve posts the small blind $1.00
Cat sits out
Dan posts the big blind $2.00
*** HOLE CARDS ***
Dealt to Eve [As Ks 7d 4c 2h]
Eve calls $1.00
Dan checks
*** FLOP *** [Qd 5d 3c]
Main pot $4.00 | Rake $0.00
Eve bets $2.00
Dan folds
Uncalled bet ($2.00) returned to Eve
Eve does not show
*** SUMMARY ***
Total pot $4.00
Board [Qd 5d 3c]
Seat 2: Dan (big blind) folded on the Flop
Seat 5: Eve did not show and won $4.00
"""
    hand = _one(text)
    assert hand.game == "PLO58"
    result = replay(hand)
    assert result.chips_conserved
    assert {p.name: p.net for p in result.players if p.net} == {"Eve": 200, "Dan": -200}
    plain = _one(text.replace("5Card Omaha H/L", "5Card Omaha"))
    assert plain.game == "PLO5"


def test_winning_2016_ante_may_be_written_posts_ante():
    """The 2016 format writes an ante "Player X ante (10)" and also "Player X posts ante
    (10)": the name is the seat's, not "X posts"."""
    text = """Game started at: 2016/9/14 18:00:00
Game ID: 700000001 50/100 Freeroll - On Demand, Table 3 (Hold'em)
Seat 2 is the button
Seat 1: Ann (1500).
Seat 2: Bob (1500).
Player Ann posts ante (10)
Player Bob posts ante (10)
Player Bob has small blind (50)
Player Ann has big blind (100)
Player Bob received a card.
Player Bob received a card.
Player Ann received card: [Kd]
Player Ann received card: [9d]
Player Bob folds
Uncalled bet (50) returned to Ann
Player Ann mucks cards
------ Summary ------
Pot: 120
Player Bob does not show cards. Bets: 60. Collects: 0. Loses: 60.
*Player Ann mucks (does not show cards). Bets: 60. Collects: 120. Wins: 60.
Game ended at: 2016/9/14 18:00:30
"""
    hand = _one(text)
    antes = {e.player for e in hand.events if isinstance(e, ev.PostAnte)}
    assert antes == {"Ann", "Bob"}
    result = replay(hand)
    assert result.chips_conserved
    assert {p.name: p.net for p in result.players} == {"Ann": 60, "Bob": -60}


# -- GGPoker -------------------------------------------------------------------------


def test_ggpoker_board_so_far_may_be_written_in_another_order():
    """After an all-in the turn may repeat the flop's cards in another order ("[Kc 8d
    8s]" then "[8d 8s Kc] [3h]"): the same board. A card that is not on it still fails."""
    text = """Poker Hand #TM900000001: Tournament #9000001, Daily Hold'em No Limit - Level5 (100/200) - 2020/08/30 15:00:00
Table '7' 8-max Seat #1 is the button
Seat 1: Ann (5,000 in chips)
Seat 2: Bob (3,000 in chips)
Ann: posts small blind 100
Bob: posts big blind 200
*** HOLE CARDS ***
Dealt to Ann [As Ks]
Dealt to Bob
Ann: raises 4,800 to 5,000 and is all-in
Bob: calls 2,800 and is all-in
Uncalled bet (2,000) returned to Ann
Ann: shows [As Ks] (Ace-High)
Bob: shows [7c 7h] (Pair of Sevens)
*** FLOP *** [Kc 8d 8s]
*** TURN *** [8d 8s Kc] [3h]
*** RIVER *** [8d 8s Kc 3h] [2c]
*** SHOWDOWN ***
Ann collected 6,000 from pot
*** SUMMARY ***
Total pot 6,000
Board [8d 8s Kc 3h 2c]
Seat 1: Ann (button) (small blind) showed [As Ks] and won (6,000) with Two Pair, Kings and Eights
Seat 2: Bob (big blind) showed [7h 7c] and lost with Two Pair, Eights and Sevens
"""
    hand = _one(text)
    boards = [e.cards for e in hand.events if isinstance(e, ev.DealBoard)]
    assert [" ".join(map(str, b)) for b in boards] == ["Kc 8d 8s", "3h", "2c"]
    result = replay(hand)
    assert result.chips_conserved
    assert {p.name: p.net for p in result.players} == {"Ann": 3000, "Bob": -3000}
    with pytest.raises(ParseError, match="the board so far"):
        _one(text.replace("*** TURN *** [8d 8s Kc]", "*** TURN *** [8d 8s Kh]"))


# -- 888poker (Pacific) --------------------------------------------------------------


def _pacific(stakes_line: str, flop: str = "[ 9s, Jh, 2s ]", shows: str = "[ 2d, Ad ]") -> str:
    return f"""#Game No : 900000001
***** 888poker Hand History for Game 900000001 *****
{stakes_line}
Table Alpha (Real Money)
Seat 1 is the button
Total number of players : 2
Seat 1: Ann ( $10 )
Seat 2: Bob ( $10 )
Ann posts small blind [$0.02]
Bob posts big blind [$0.04]
** Dealing down cards **
Ann calls [$0.02]
Bob checks
** Dealing flop ** {flop}
Bob checks
Ann checks
** Dealing turn ** [ 5h ]
Bob checks
Ann checks
** Dealing river ** [ 7c ]
Bob checks
Ann checks
** Summary **
Ann shows {shows}
Bob shows [ 8c, 8d ]
Bob collected [ $0.08 ]
"""


def test_pacific_jackpot_table_is_the_same_game():
    """ "No Limit Holdem Jackpot table" names a table with a jackpot drop, not a game."""
    hand = _one(
        _pacific("$0.02/$0.04 Blinds No Limit Holdem Jackpot table - *** 04 07 2016 02:30:27")
    )
    assert hand.game == "NLHE"
    assert replay(hand).chips_conserved


def test_pacific_russian_ranks_in_a_cp1251_file():
    """The Russian client writes its ranks in Cyrillic (В, Д, К, Т: J, Q, K, A) in a
    cp1251 file, which the decoder, with nothing to tell it cp1251, reads as cp1252."""
    from parser.kit.decode import decode

    text = _pacific(
        "$0.02/$0.04 Blinds No Limit Holdem - *** 03 07 2011 00:50:21",
        flop="[ 9s, Вh, 2s ]",
        shows="[ 2d, Тd ]",
    )
    hand = _one(decode(text.encode("cp1251"), "t.txt"))
    boards = [" ".join(map(str, e.cards)) for e in hand.events if isinstance(e, ev.DealBoard)]
    assert boards == ["9s Jh 2s", "5h", "7c"]
    shown = [e.cards for e in hand.events if isinstance(e, ev.Show)]
    assert [" ".join(map(str, c)) for c in shown] == ["2d Ad", "8c 8d"]
    assert replay(hand).chips_conserved
    # The same letters read as Unicode (a UTF-8 file) are the same cards.
    assert _one(text).events == hand.events


# -- iPoker --------------------------------------------------------------------------

_IPOKER_SNG = """<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="900000001">
 <general>
  <mode>real</mode>
  <gametype>Holdem NL</gametype>
  <tablename>Torneo 2, 900000002</tablename>
  <startdate>30/01/2012 02:30</startdate>
  <currency>EUR</currency>
  <nickname>Ann</nickname>
  <tournamentname>Torneo 2</tournamentname><place>1</place><buyin>€1</buyin>
 </general>
 <game gamecode="900000003">
  <general>
   <startdate>30/01/2012 02:30</startdate>
   <players>
    <player seat="1" name="Ann" chips="2.500" dealer="1" win="5.020" bet="2.500"/>
    <player seat="2" name="Bob" chips="2.500" dealer="0" win="0" bet="2.500"/>
    <player seat="3" name="Cid" chips="2.500" dealer="0" win="0" bet="20"/>
   </players>
  </general>
  <round no="0">
   <action no="1" player="Bob" type="1" sum="10" cards="[cards]"/>
   <action no="2" player="Cid" type="2" sum="20" cards="[cards]"/>
  </round>
  <round no="1">
   <cards type="Pocket" player="Ann">SA HA</cards>
   <action no="3" player="Ann" type="23" sum="2.500" cards=""/>
   <cards type="Pocket" player="Bob">X X</cards>
   <action no="4" player="Bob" type="3" sum="2.490" cards=""/>
   <cards type="Pocket" player="Cid">X X</cards>
   <action no="5" player="Cid" type="0" sum="0" cards=""/>
  </round>
  <round no="2"><cards type="Flop" player="">H10 S2 H6</cards></round>
  <round no="3"><cards type="Turn" player="">HQ</cards></round>
  <round no="4"><cards type="River" player="">C3</cards></round>
 </game>
</session>
"""


def test_ipoker_tournament_chips_grouped_with_dots():
    """The Italian client groups tournament chips with dots ("2.500" is 2,500 chips):
    whole chips have no three-digit fraction, so the dots are grouping."""
    hand = _one(_IPOKER_SNG, "t.xml")
    assert (hand.unit, hand.currency) == (1, "CHIPS")
    assert {s.name: s.stack for s in hand.seats} == {"Ann": 2500, "Bob": 2500, "Cid": 2500}
    result = replay(hand)
    assert result.chips_conserved
    assert {p.name: p.net for p in result.players} == {"Ann": 2520, "Bob": -2500, "Cid": -20}


# -- Winamax -------------------------------------------------------------------------


def test_winamax_half_chips_of_a_2010_tournament_are_hundredths():
    # A 2010 tournament's stacks carry half chips ("(2507.50)"): the hand's unit is a
    # hundredth of a chip (parser.kit.money.chip_unit), not a parse error; whole-chip
    # tournament hands keep unit 1.
    text = """Winamax Poker - Tournament "Test" buyIn: 0.90€ + 0.10€ level: 8 - HandId: #100-71-1288124090 - Holdem no limit (15/75/150) - 2010/10/26 21:14:50 UTC
Table: 'Test(1468666)#118' 9-max (real money) Seat #1 is the button
Seat 1: Ann (2507.50)
Seat 2: Bob (3000)
Seat 3: Cid (2000)
*** ANTE/BLINDS ***
Bob posts small blind 75
Cid posts big blind 150
*** PRE-FLOP ***
Ann raises 150 to 300
Bob folds
Cid folds
Ann collected 375 from pot
*** SUMMARY ***
Total pot 375 | No rake
Seat 1: Ann (button) won 375
"""
    hand = _one(text)
    assert (hand.unit, hand.seats[0].stack) == (100, 250750)
    result = replay(hand)
    assert {p.name: p.collected - p.invested for p in result.players} == {
        "Ann": 22500,
        "Bob": -7500,
        "Cid": -15000,
    }
    whole = _one(text.replace("2507.50", "2507"))
    assert whole.unit == 1


# -- the kit ------------------------------------------------------------------------------


def test_the_board_so_far_in_another_order_is_the_same_board_in_every_room():
    # parser.kit.builder.check_board, asked by PokerStars' layout, GGPoker, Winamax, Full
    # Tilt and Bovada alike (GGPoker's WSOP "[7d 9d Ad] [2s]" after "[Ad 7d 9d]").
    from parser.kit.builder import Fail, check_board
    from parser.model.cards import parse_cards

    board = parse_cards("Ad 7d 9d")
    check_board(board, parse_cards("7d 9d Ad"))
    for other in ("7d 9d Ac", "7d 9d", "7d 9d Ad 2s"):
        with pytest.raises(Fail, match="the board so far"):
            check_board(board, parse_cards(other))


def test_fulltilt_courchevel_deals_the_flopet_before_the_betting():
    # "PL Courchevel Hi": omaha with five down and the first flop card ("*** FLOPET ***")
    # face up before the pre-flop betting; the flop line then writes its two new cards.
    text = """Full Tilt Poker Game #5000000301: Table Beta (6 max) - 25/50 - PL Courchevel Hi - 14:04:16 ET - 2013/05/11
Seat 1: Ann (1,000)
Seat 2: Bob (1,000)
Ann posts the small blind of 25
Bob posts the big blind of 50
The button is in seat #1
*** HOLE CARDS ***
Dealt to Ann [8s Ac 9c 7c 5h]
*** FLOPET *** [9h] (Total Pot: 75, 2 Players)
Ann calls 25
Bob checks
*** FLOP *** [9s Kd] (Total Pot: 100, 2 Players)
Bob checks
Ann checks
*** TURN *** [9h 9s Kd] [7h] (Total Pot: 100, 2 Players)
Bob checks
Ann bets 100
Bob folds
Uncalled bet of 100 returned to Ann
Ann mucks
Ann wins the pot (100)
*** SUMMARY ***
Total pot 100 | Rake 0
Board: [9h 9s Kd 7h]
Seat 1: Ann (small blind) collected (100), mucked
Seat 2: Bob (big blind) folded on the Turn
"""
    hand = _one(text)
    assert hand.game == "PLCOUR"
    boards = [(e.street, len(e.cards)) for e in hand.events if isinstance(e, ev.DealBoard)]
    assert boards == [("preflop", 1), ("flop", 2), ("turn", 1)]
    result = replay(hand)
    assert {p.name: p.collected - p.invested for p in result.players} == {"Ann": 50, "Bob": -50}


def test_a_whole_hands_problem_is_at_its_first_line():
    # parser.kit.errors.hand_error: Bovada's and PartyPoker's "the stakes cannot be told".
    from parser.kit.errors import hand_error
    from parser.model.hand import Source

    error = hand_error("the blinds cannot be told", Source("f.txt", 7, "..."), "42")
    assert isinstance(error, ParseError)
    assert (error.path, error.line, error.hand_id) == ("f.txt", 7, "42")
