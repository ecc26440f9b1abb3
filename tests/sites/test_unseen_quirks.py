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


# -- issue 22 acceptance 2, second pass: public test files of other trackers -------------
# (benchmarks/unseen_rooms.py measures them; each test below writes the pattern anew.)


def test_winamax_board_groups_may_be_spaced():
    """Winamax writes "[4c 9h 8c][As]" and, in 2013 cash files, "[4c 9h 8c] [As]": the
    same board line (the kit's split: cards so far, then the new card)."""
    text = """Winamax Poker - CashGame - HandId: #900-1-1383822101 - Holdem no limit (1€/2€) - 2013/11/07 11:01:41 UTC
Table: 'Alpha' 5-max (real money) Seat #1 is the button
Seat 1: Ann (100€)
Seat 2: Bob (100€)
*** ANTE/BLINDS ***
Ann posts small blind 1€
Bob posts big blind 2€
*** PRE-FLOP ***
Ann calls 1€
Bob checks
*** FLOP *** [2c 7d Ks]
Bob checks
Ann checks
*** TURN *** [2c 7d Ks] [9h]
Bob checks
Ann bets 4€
Bob folds
Ann collected 8€ from pot
*** SUMMARY ***
Total pot 8€ | No rake
Board: [2c 7d Ks 9h]
Seat 1: Ann (small blind) (button) won 8€
"""
    hand = _one(text)
    boards = [" ".join(map(str, e.cards)) for e in hand.events if isinstance(e, ev.DealBoard)]
    assert boards == ["2c 7d Ks", "9h"]
    assert replay(hand).chips_conserved
    with pytest.raises(ParseError):  # the cards so far must still be the board's
        _one(text.replace("*** TURN *** [2c 7d Ks] [9h]", "*** TURN *** [2c 7d Kh] [9h]"))


def test_fulltilt_hole_cards_marker_written_twice():
    """2011 Full Tilt cash files write "*** HOLE CARDS ***" twice in a row: read once."""
    text = _fulltilt("No Limit Hold'em").replace(
        "*** HOLE CARDS ***\n", "*** HOLE CARDS ***\n*** HOLE CARDS ***\n"
    )
    hand = _one(text)
    assert [e.player for e in hand.events if isinstance(e, ev.Fold)] == ["Ann"]
    assert replay(hand).chips_conserved
    # only right after itself: a third marker, or one later in the hand, is not read
    with pytest.raises(ParseError):
        _one(text.replace("Ann folds\n", "Ann folds\n*** HOLE CARDS ***\n"))


def test_pacific_file_cut_after_a_game_number_is_888s_cut_hand():
    """A file that ends with the next game's "#Game No : N" line alone (the client was
    writing it) holds a cut hand of 888's: stored as 888poker's, incomplete."""
    from parser.formats import identify
    from parser.model.errors import IncompleteHand

    text = _pacific("$0.02/$0.04 Blinds No Limit Holdem - *** 04 07 2016 02:30:27")
    raws = list(split_hands(text + "\n#Game No : 900000002\n", "t.txt"))
    assert len(raws) == 2
    assert identify(raws[1].text) == ("888poker", "900000002")
    with pytest.raises(IncompleteHand):
        parse_hand(raws[1])
    assert replay(parse_hand(raws[0])).chips_conserved


def test_pacific_thousands_space_through_a_wrong_decoder():
    """888's thousands separator is a no-break space; a file that went through a wrong
    decoder carries its UTF-8 bytes read as cp1252 ("3Â\\xa0023,50 $"). Between two digits
    that is the separator (the kit's decode); anywhere else the text is left alone."""
    from parser.kit.decode import decode

    text = _pacific("$0.02/$0.04 Blinds No Limit Holdem - *** 04 07 2016 02:30:27").replace(
        "Seat 2: Bob ( $10 )", "Seat 2: Bob ( 1\u00c2\u00a0010,50 $ )"
    )
    hand = _one(decode(text.encode("utf-8"), "t.txt"))
    assert {s.name: s.stack for s in hand.seats} == {"Ann": 1000, "Bob": 101050}
    assert replay(hand).chips_conserved
    assert decode("Ante\u00c2\u00a0".encode(), "t.txt") == "Ante\u00c2 "


def test_partypoker_a_dot_in_a_name_is_not_a_glued_line():
    """The Mac client's glued lines ("does not show cards.Bob wins $2 USD") are split at
    a dot after words; a dot inside the line's first word is a name's ("Ann.Lee posts
    ante [400]"), which stays one line."""
    text = """***** Hand History for Game 900000001 *****
NL Texas Hold'em $22 USD Buy-in Trny:900000002 Level:12  Blinds-Antes(1.200/2.400 -400) - Thursday, May 12, 17:41:57 EDT 2016
Table Test #081. (900000002) Table #41 (Real Money)
Seat 1 is the button
Total number of players : 3/6
Seat 1: Cid ( 20,000 )
Seat 2: Ann.Lee ( 30,000 )
Seat 3: Bob ( 40,000 )
Ann.Lee posts ante [400]
Bob posts ante [400]
Cid posts ante [400]
Ann.Lee posts small blind [1,200].
Bob posts big blind [2,400].
** Dealing down cards **
Cid folds
Ann.Lee folds
Bob does not show cards.Bob wins 4,800 chips
"""
    hand = _one(text)
    assert [e.player for e in hand.events if isinstance(e, ev.PostAnte)] == [
        "Ann.Lee",
        "Bob",
        "Cid",
    ]
    result = replay(hand)
    assert result.chips_conserved
    assert {p.name: p.net for p in result.players} == {"Cid": -400, "Ann.Lee": -1600, "Bob": 2000}


def _wpn_tournament(forced: str, after_hole_cards: str, seats: str = "") -> str:
    return f"""Game Hand #900000001 - Tournament #900000002 - Holdem(No Limit) - Level 1 (250.00/500.00)- 2021/01/22 18:30:07 UTC
Table '1' 9-max Seat #1 is the button
Seat 1: Ann (30000.00)
{seats}Seat 3: Bob (30000.00)
Seat 4: Cid (30000.00)
Ann posts ante 50.00
Bob posts ante 50.00
Cid posts ante 50.00
{forced}*** HOLE CARDS ***
Main pot 150.00
{after_hole_cards}Dealt to Ann [Ad 4d]
Ann raises 1250.00 to 1250.00
Bob folds
Cid folds
Uncalled bet (750.00) returned to Ann
Ann does not show
*** SUMMARY ***
Total pot 1400.00
Seat 1: Ann (button) did not show and won 1400.00
Seat 3: Bob (small blind) folded on the Pre-Flop
Seat 4: Cid (big blind) folded on the Pre-Flop
"""


def test_winning_tournament_blinds_after_the_hole_cards_marker():
    """2021 WPN tournaments post the antes, then "*** HOLE CARDS ***" and its "Main pot"
    line, then the blinds: the same hand as with the blinds before the marker."""
    blinds = "Bob posts the small blind 250.00\nCid posts the big blind 500.00\n"
    late = _one(_wpn_tournament("", blinds))
    early = _one(_wpn_tournament(blinds, ""))
    assert [type(e) for e in late.events] == [type(e) for e in early.events]
    assert (late.stakes.small, late.stakes.big) == (250, 500)
    assert replay(late).chips_conserved
    # a blind once the betting began is not a forced bet
    with pytest.raises(ParseError, match="blind is posted after the betting"):
        _one(_wpn_tournament("", blinds).replace("Bob folds\n", "Bob folds\n" + blinds))


def test_winning_side_pot_lines_and_a_seat_waiting_for_the_button():
    """ "Side pot(1) 14300.00" running totals beside "Main pot", "collected .. from side
    pot-1", and a seat whose player "will be allowed to play after the button" (no
    stack: not in the hand)."""
    text = """Game Hand #900000003 - Tournament #900000002 - Holdem(No Limit) - Level 13 (4500.00/9000.00)- 2020/12/15 22:05:21 UTC
Table '1' 9-max Seat #1 is the button
Seat 1: Ann (50000.00)
Seat 2: Eve will be allowed to play after the button
Seat 3: Bob (60000.00)
Seat 4: Cid (9000.00)
Seat 5: Dan (3000.00)
Bob posts the small blind 4500.00
Cid posts the big blind 9000.00 and is all-in
*** HOLE CARDS ***
Main pot 13500.00
Dan calls 3000.00 and is all-in
Ann folds
Bob raises 20000.00 to 24500.00
Uncalled bet (15500.00) returned to Bob
*** FLOP *** [6s 3d 5c]
Main pot 9000.00
Side pot(1) 12000.00
*** TURN *** [6s 3d 5c] [4d]
Main pot 9000.00
Side pot(1) 12000.00
*** RIVER *** [6s 3d 5c 4d] [Jh]
Main pot 9000.00
Side pot(1) 12000.00
*** SHOW DOWN ***
Main pot 9000.00
Side pot(1) 12000.00
Bob shows [2c 9s] (a straight, Six high)
Cid shows [Kd Kc] (a pair of Kings)
Dan shows [Tc 7h] (a straight, Seven high)
Dan collected 9000.00 from main pot
Bob collected 12000.00 from side pot-1
*** SUMMARY ***
Total pot 21000.00
Board [6s 3d 5c 4d Jh]
Seat 1: Ann (button) folded on the Pre-Flop
Seat 3: Bob (small blind) showed [2c 9s] and won 12000.00 with a straight, Six high
Seat 4: Cid (big blind) showed [Kd Kc] and lost with a pair of Kings
Seat 5: Dan showed [Tc 7h] and won 9000.00 with a straight, Seven high
"""
    hand = _one(text)
    assert "Eve" not in {s.name for s in hand.seats}
    collects = [(e.player, e.pot) for e in hand.events if isinstance(e, ev.Collect)]
    assert collects == [("Dan", 0), ("Bob", 1)]
    result = replay(hand)
    assert result.chips_conserved
    assert {p.name: p.net for p in result.players} == {
        "Ann": 0,
        "Bob": 3000,
        "Cid": -9000,
        "Dan": 6000,
    }


def test_winamax_a_seat_with_no_stack_written_is_not_in_the_hand():
    """ "Seat 1: Ann ()": a seated player away, his stack not written; the hand is played
    by the others (a note for him, no deal)."""
    text = """Winamax Poker - CashGame - HandId: #900-2-1000000000 - Omaha pot limit (1€/2€) - 2015/01/01 01:01:01 UTC
Table: 'Alpha' 5-max (real money) Seat #2 is the button
Seat 1: Ann ()
Seat 2: Bob (100€)
Seat 3: Cid (100€)
*** ANTE/BLINDS ***
Bob posts small blind 1€
Cid posts big blind 2€
*** PRE-FLOP ***
Bob folds
Cid collected 3€ from pot
*** SUMMARY ***
Total pot 3€ | No rake
Seat 3: Cid (big blind) won 3€
"""
    hand = _one(text)
    assert [s.name for s in hand.seats] == ["Bob", "Cid"]
    assert [e.player for e in hand.events if isinstance(e, ev.Note)] == ["Ann"]
    assert replay(hand).chips_conserved


_PARTY_STT = """***** Hand History for Game 900000001 *****
NL Texas Hold'em $1 USD Buy-in Trny:900000002 Level:7  Blinds-Antes(400/800 -25) - Thursday, March 01, 06:39:22 EST 2012
Table Turbo #900000003 (Real Money)
Seat 5 is the button
Total number of players : 2/6
Seat 5: Ann ( 9,495 )
Seat 6: Bob ( 2,505 )
Trny:900000002 Level:7
Blinds-Antes(400/800 -25)
Ann posts ante [25]
Bob posts ante [25]
** Dealing down cards **
Ann raises [2,000]
Bob is all-In  [1,680]
Ann calls [80]
** Dealing Flop ** [ 9c, Ks, 5c ]
** Dealing Turn ** [ 6c ]
** Dealing River ** [ 5s ]
Ann shows [ Qh, 6d ]two pairs, Sixes and Fives.
Bob shows [ 8c, Tc ]a flush, Ten high.
Bob wins 5,010 chips from the main pot with a flush, Ten high.
"""


def test_partypoker_blinds_antes_level_line_names_the_unposted_blinds():
    """Old tournament hands post the antes but not the blinds; the level line
    "Blinds-Antes(400/800 -25)" (a space before the ante, chips grouped by dots or
    commas: "1.200/2.400") names them, and the seats left of the button post them
    (heads-up, the button the small blind)."""
    hand = _one(_PARTY_STT)
    blinds = [(e.player, e.amount) for e in hand.events if isinstance(e, ev.PostBlind)]
    assert blinds == [("Ann", 400), ("Bob", 800)]
    result = replay(hand)
    assert result.chips_conserved
    assert {p.name: p.net for p in result.players} == {"Ann": -2505, "Bob": 2505}
    dotted = _PARTY_STT.replace("400/800 -25", "1.200/2.400 -25").replace("[2,000]", "[3,200]")
    dotted = dotted.replace("[1,680]", "[80]").replace("[80]\n**", "[800]\n**")
    assert [e.amount for e in _one(dotted).events if isinstance(e, ev.PostBlind)] == [1200, 2400]


def test_partypoker_header_without_a_time_zone_is_us_eastern():
    """ "Sunday, July 28, 21:01:39  2013": no zone between the clock and the year (two
    spaces): read as US Eastern."""
    text = _PARTY_STT.replace("06:39:22 EST 2012", "06:39:22  2012")
    assert _one(text).started_at == _one(_PARTY_STT).started_at


def test_partypoker_a_player_with_no_line_is_not_dealt_in_when_blinds_are_implied():
    """A tournament player moved to the table after the deal is seated but has no line
    in the hand: the unposted blinds go to the next seats that play, and he sits out."""
    text = """***** Hand History for Game 900000004 *****
NL Texas Hold'em  Trny: 900000002 Level: 3  Blinds(30/60) - Wednesday, May 16, 17:59:37 EDT 2012
Table Freeroll (900000002) Table #15 (Real Money)
Seat 3 is the button
Total number of players : 4/10
Seat 3: Ann ( 1,000 )
Seat 4: Dan ( 3,000 )
Seat 6: Bob ( 2,000 )
Seat 7: Cid ( 1,500 )
Trny: 900000002 Level: 3
Blinds(30/60)
** Dealing down cards **
Ann calls [60]
Bob calls [30]
Cid checks
** Dealing Flop ** [ 7d, 4s, 9c ]
Bob checks
Cid checks
Ann checks
** Dealing Turn ** [ 8c ]
Bob checks
Cid checks
Ann checks
** Dealing River ** [ 3c ]
Bob checks
Cid checks
Ann checks
Bob shows [ Qh, 4c ]a pair of Fours.
Cid shows [ 6h, 8h ]a pair of Eights.
Ann shows [ 2h, 2d ]a pair of Twos.
Cid wins 180 chips from the main pot with a pair of Eights.
"""
    hand = _one(text)
    blinds = [(e.player, e.amount) for e in hand.events if isinstance(e, ev.PostBlind)]
    assert blinds == [("Bob", 30), ("Cid", 60)]
    result = replay(hand)
    assert result.chips_conserved
    # Dan is seated but not dealt in: no result of his
    assert {p.name: p.net for p in result.players} == {"Ann": -60, "Bob": -60, "Cid": 120}


def test_ipoker_every_player_all_in_from_the_ante_needs_no_stakes():
    """A shootout deals hands where each seat's ante is all its chips (type 15 for all,
    no blind, no bet): the stakes size nothing there, and the ante stands for them; a
    hand with a bet still needs its blinds."""
    text = """<session sessioncode="900000001">
 <general>
  <mode>real</mode>
  <gametype>Holdem NL</gametype>
  <tablename>Shootout, 900000002</tablename>
  <startdate>2016-04-26 19:02:03</startdate>
  <currency>USD</currency>
  <tournamentcode>900000003</tournamentcode>
  <tournamentname>Shootout</tournamentname>
 </general>
 <game gamecode="900000004">
  <general>
   <startdate>2016-04-26 19:02:03</startdate>
   <players>
    <player seat="3" name="Ann" chips="1" dealer="1" win="2" bet="1"/>
    <player seat="8" name="Bob" chips="1" dealer="0" win="0" bet="1"/>
   </players>
  </general>
  <round no="0">
   <action no="1" player="Ann" type="15" sum="1" cards=""/>
   <action no="2" player="Bob" type="15" sum="1" cards=""/>
  </round>
  <round no="1">
   <cards type="Pocket" player="Ann">H7 DK</cards>
   <cards type="Pocket" player="Bob">C2 SQ</cards>
  </round>
  <round no="2"><cards type="Flop" player="">S9 S6 H6</cards></round>
  <round no="3"><cards type="Turn" player="">H8</cards></round>
  <round no="4"><cards type="River" player="">C6</cards></round>
 </game>
</session>
"""
    hand = _one(text, "t.xml")
    assert (hand.stakes.small, hand.stakes.big, hand.stakes.ante) == (1, 1, 1)
    result = replay(hand)
    assert result.chips_conserved
    assert {p.name: p.net for p in result.players} == {"Ann": 1, "Bob": -1}
    with pytest.raises(ParseError, match="blinds cannot be told"):
        _one(text.replace('chips="1" dealer="0"', 'chips="5" dealer="0"'), "t.xml")


def test_winamax_a_table_that_numbers_its_seats_from_zero():
    """ "Seat #0 is the button", "Seat 0: Ann": the seats are read one higher (seat 1 to
    the table's size, D6), the button on the same player; the play is unchanged."""
    text = """Winamax Poker - CashGame - HandId: #900-3-1000000000 - Omaha pot limit (1.00€/2.00€) - 2015/12/15 04:29:17 UTC
Table: 'Alpha' 5-max (real money) Seat #0 is the button
Seat 0: Ann (100€)
Seat 1: Bob (200€)
Seat 2: Cid (266€)
*** ANTE/BLINDS ***
Cid posts big blind 2.00€
Bob posts small blind 1.00€
*** PRE-FLOP ***
Ann folds
Bob folds
Cid collected 3€ from pot
*** SUMMARY ***
Total pot 3.00€ | No rake
Seat 2: Cid (big blind) won 3€
"""
    hand = _one(text)
    assert {s.name: s.seat for s in hand.seats} == {"Ann": 1, "Bob": 2, "Cid": 3}
    assert hand.button_seat == 1
    result = replay(hand)
    assert result.chips_conserved
    assert {p.name: p.net for p in result.players} == {"Ann": 0, "Bob": -100, "Cid": 100}


def test_fulltilt_no_limit_omaha_hi_lo():
    """Full Tilt dealt no-limit Omaha hi/lo ("NL Omaha H/L", "No Limit Omaha Hi/Lo"):
    the engine's NLO8, as other rooms name it."""
    for game in ("NL Omaha H/L", "No Limit Omaha Hi/Lo"):
        hand = _one(_fulltilt(game))
        assert hand.game == "NLO8", game
        assert replay(hand).chips_conserved


def test_ipoker_cards_with_the_suit_in_lower_case():
    """A data miner's copy of iPoker XML writes the suit in lower case ("c10 hK s5"):
    the same cards as "C10 HK S5"."""
    lower = (
        _IPOKER_SNG.replace(">SA HA<", ">sA hA<")
        .replace(">H10 S2 H6<", ">h10 s2 h6<")
        .replace(">HQ<", ">hQ<")
        .replace(">C3<", ">c3<")
    )
    assert lower != _IPOKER_SNG
    assert _one(lower, "t.xml").events == _one(_IPOKER_SNG, "t.xml").events
