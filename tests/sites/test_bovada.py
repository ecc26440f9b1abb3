"""Bovada / Ignition / Bodog: every corpus file imports, its hands replay, and the room's
quirks (issue 10).

The corpus is FPDB's Bovada regression files (``../shared/corpora/sites/Bovada``), read in
place; the corpus tests skip when it is absent. The unit tests build hands from text.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

import pytest

from analytics.ingest.importer import import_paths
from analytics.store import rawtext
from parser.formats import format_of, parse_hand, split_hands
from parser.model import events as ev
from parser.model.errors import ParseError, RuleViolation
from parser.model.hand import Source
from replayer import replay
from tests.corpus import CORPORA

# ruff: noqa: E501 - hand-history lines are as long as the room writes them

FOLDER = CORPORA / "sites" / "Bovada"

#: Every Bovada hand of the corpus that is not ``ok``: (status, problem kind, rule), by
#: file, with the reason. (Twelve hands once listed here as out of turn or after the round
#: closed were the reader's: logs that seat no "Dealer" and write no board line. The 29 of
#: the MTT file "corrupted.lines", quarantined until the client's resent lines were read
#: once, all replay to the file's own totals: the repeats were the only damage.)
BOVADA_QUARANTINED = {
    # LHE-USD-8-16-201204.old.format.txt: The summary's total pot (57.50) is not what the
    # players put in (100): the log contradicts itself (B10).
    "2596806815": ("invalid", "replay_mismatch", "B10"),
    # NLHE-USD-5-10-201511.concatenated.partial.txt: Two hands concatenated: the first stops
    # mid-hand and the second's lines follow its summary.
    "3178646516": ("invalid", "parse_error", None),
    # NLHE-HU-USD-STT_-_20-1_-_201509.partial.hand.txt: The file stops in the middle of a line
    # ("Dealer : Rais").
    "3260004104": ("incomplete", "incomplete", None),
}


@pytest.fixture(scope="module")
def corpus_db(tmp_path_factory: pytest.TempPathFactory) -> sqlite3.Connection:
    if not FOLDER.is_dir():
        pytest.skip("corpora absent")
    db = tmp_path_factory.mktemp("bovada") / "bovada.sqlite"
    report = import_paths([str(FOLDER)], db)
    # Every file imports (42 files; two MTT files are byte-for-byte the same: one is
    # "unchanged", its 157 hands duplicates).
    assert report.files_refused == []
    assert (report.files, report.files_imported, report.files_unchanged) == (42, 41, 1)
    conn = sqlite3.connect(db)
    rawtext.register(conn)  # raw_text(): the stored text (migration 0007 compresses it)
    return conn


@pytest.mark.corpus
def test_every_bovada_hand_is_ok_or_quarantined_for_a_stated_reason(corpus_db):
    hands = corpus_db.execute(
        "SELECT hand_id, site, status, problem_kind, problem_rule FROM hands"
    ).fetchall()
    assert len(hands) == 1318
    sites = {site for _, site, *_ in hands}
    assert sites == {"Bovada", "Ignition", "Bodog"}  # no hand of an unknown site
    quarantined = {h: (s, k, r) for h, _, s, k, r in hands if s != "ok"}
    assert quarantined == BOVADA_QUARANTINED
    ok = sum(1 for *_, s, _k, _r in hands if s == "ok")
    assert ok == 1315
    assert ok / len(hands) >= 0.95


@pytest.mark.corpus
def test_bovada_ok_hands_conserve_chips(corpus_db):
    text = "SELECT raw_text(raw_dictionary, raw_z) FROM hands WHERE status = 'ok'"
    rows = corpus_db.execute(text).fetchall()
    assert len(rows) == 1315
    for (raw,) in rows:
        result = replay(parse_hand(Source("corpus", 1, raw)))
        assert result.chips_conserved, result.hand.hand_id


@pytest.mark.corpus
def test_every_bovada_file_is_read_as_bovada():
    if not FOLDER.is_dir():
        pytest.skip("corpora absent")
    for path in sorted(FOLDER.rglob("*.txt")):
        text = path.read_bytes().decode("utf-8-sig")
        assert format_of(text, str(path)).name == "bovada", path


# -- the room's quirks, on hands written for the tests -----------------------------------

HAND = """Bovada Hand #4000000001 TBL#1 HOLDEM No Limit - 2016-08-09 12:41:32
Seat 1: Small Blind ($10 in chips)
Seat 3: Big Blind [ME] ($10 in chips)
Seat 5: Dealer ($10 in chips)
Dealer : Set dealer [5]
Small Blind : Small Blind $0.10
Big Blind  [ME] : Big blind $0.25
*** HOLE CARDS ***
Small Blind : Card dealt to a spot [9c Th]
Big Blind  [ME] : Card dealt to a spot [9d 9s]
Dealer : Card dealt to a spot [4c Kd]
{play}
*** SUMMARY ***
Total Pot({total})
"""


def _hand(play: str, total: str = "$0"):
    text = HAND.format(play=play.strip(), total=total)
    (raw,) = split_hands(text, "t.txt")
    return parse_hand(raw)


def _acts(hand):
    return [e for e in hand.events if isinstance(e, ev.Call | ev.Bet | ev.RaiseTo)]


def test_anonymous_seats_are_hero_and_seat_numbers():
    hand = _hand(
        "Dealer : Folds\nSmall Blind : Folds\nBig Blind  [ME] : Hand result $0.35", "$0.35"
    )
    assert hand.site == "Bovada"
    assert [(s.seat, s.name) for s in hand.seats] == [(1, "Seat 1"), (3, "Hero"), (5, "Seat 5")]
    assert hand.button_seat == 5
    assert (hand.stakes.small, hand.stakes.big) == (10, 25)  # read from the blinds (F1)
    # Bovada's clock is ET unless the header says UTC.
    assert hand.started_at == datetime(2016, 8, 9, 16, 41, 32, tzinfo=UTC)


def test_a_walk_without_uncalled_line_returns_the_bet_out_of_the_result():
    hand = _hand(
        "Dealer : Folds\nSmall Blind : Folds\nBig Blind  [ME] : Hand result $0.35", "$0.35"
    )
    returned = [e for e in hand.events if isinstance(e, ev.UncalledBetReturned)]
    assert [(e.player, e.amount) for e in returned] == [("Hero", 15)]
    collects = [e for e in hand.events if isinstance(e, ev.Collect)]
    assert [(e.player, e.amount) for e in collects] == [("Hero", 20)]
    assert hand.summary.total_pot == 20
    result = replay(hand)
    assert result.chips_conserved
    assert {p.name: p.net for p in result.players if p.invested or p.collected} == {
        "Seat 1": -10,
        "Hero": 10,
    }


def test_a_line_written_again_right_after_itself_is_read_once():
    """The client's resent lines ("corrupted.lines": a raise written 16 times, a blind 4, a
    result 3): read once, the hand replays to its own total; a second pot of the same
    amount has its own words ("Hand result-Side pot"), so no real event is lost."""
    hand = _hand(
        "Dealer : Raises $1 to $1\nDealer : Raises $1 to $1\nDealer : Raises $1 to $1\n"
        "Small Blind : Folds\nBig Blind  [ME] : Call $0.75\nBig Blind  [ME] : Call $0.75\n"
        "*** FLOP *** [2d Ac 8h]\nBig Blind  [ME] : Checks\nDealer : Checks\n"
        "*** TURN *** [2d Ac 8h] [6s]\nBig Blind  [ME] : Checks\nDealer : Checks\n"
        "*** RIVER *** [2d Ac 8h 6s] [5c]\nBig Blind  [ME] : Checks\nDealer : Checks\n"
        "Big Blind  [ME] : Showdown [9d 9s Ac 8h 6s] (One pair)\n"
        "Dealer : Showdown [Ac Kd 8h 6s 5c] (High Card)\n"
        "Big Blind  [ME] : Hand result $2.10\nBig Blind  [ME] : Hand result $2.10",
        "$2.10",
    )
    assert [(e.player, e.amount) for e in _acts(hand)] == [("Seat 5", 100), ("Hero", 75)]
    collects = [(e.player, e.amount) for e in hand.events if isinstance(e, ev.Collect)]
    assert collects == [("Hero", 210)]
    result = replay(hand)
    assert result.chips_conserved
    assert result.player("Hero").net == 110


def test_raises_to_and_older_total_only_raises_are_both_raise_to():
    hand = _hand(
        "Dealer : Raises $0.75 to $0.75\nSmall Blind : Raises $2\nBig Blind  [ME] : Folds\n"
        "Dealer : Folds\nSmall Blind : Return uncalled portion of bet $1.25\n"
        "Small Blind : Hand result $1.75",
        "$1.75",
    )
    raises = [e for e in hand.events if isinstance(e, ev.RaiseTo)]
    assert [(e.player, e.amount) for e in raises] == [("Seat 5", 75), ("Seat 1", 200)]
    assert replay(hand).chips_conserved


def test_all_in_is_the_amount_added_a_call_or_a_raise():
    hand = _hand(
        "Dealer : Raises $1 to $1\nSmall Blind : All-in $0.90\nBig Blind  [ME] : All-in $9.75\n"
        "Dealer : Folds\nBig Blind  [ME] : Return uncalled portion of bet $9\n"
        "Small Blind : Showdown [9c Th 9h 4s 2d] (One pair)\n"
        "Big Blind  [ME] : Showdown [9d 9s 9h 4s 2d] (Three of a kind)\n"
        "Big Blind  [ME] : Hand result $3",
        "$3",
    )
    kinds = [(type(e).__name__, e.player, e.amount) for e in _acts(hand)]
    # SB had 0.10 in: + 0.90 = 1.00, a call of the raise to 1; the BB had 0.25: + 9.75 =
    # 10, a raise.
    assert kinds[1] == ("Call", "Seat 1", 90)
    assert kinds[2] == ("RaiseTo", "Hero", 1000)
    shows = [e for e in hand.events if isinstance(e, ev.Show)]
    # Show carries the hole cards dealt, not the best five the line prints.
    assert [str(c) for c in shows[1].cards] == ["9d", "9s"]


def test_renumbered_tournament_seats_keep_the_listed_order():
    text = """Ignition Hand #4000000002: HOLDEM Tournament #44843212 TBL#18, Normal- Level 10 (150/300) - 2021-10-13 22:15:04
Seat 103: Dealer (24,902 in chips)
Seat 126: Small Blind [ME] (20,000 in chips)
Seat 58: Big Blind (24,874 in chips)
Dealer : Set dealer [1]
Small Blind  [ME] : Small blind 150
Big Blind : Big blind 300
*** HOLE CARDS ***
Dealer : Card dealt to a spot [3s 7s]
Small Blind  [ME] : Card dealt to a spot [8s 4c]
Big Blind : Card dealt to a spot [8c Ad]
Dealer : Folds
Small Blind  [ME] : Folds
Big Blind : Return uncalled portion of bet 150
Big Blind : Hand Result 300
*** SUMMARY ***
Total Pot(300)
"""
    (raw,) = split_hands(text, "t.txt")
    hand = parse_hand(raw)
    assert (hand.site, hand.tournament_id, hand.level, hand.currency) == (
        "Ignition",
        "44843212",
        "10",
        "CHIPS",
    )
    assert [(s.seat, s.name) for s in hand.seats] == [(1, "Seat 103"), (2, "Hero"), (3, "Seat 58")]
    assert hand.button_seat == 1
    assert replay(hand).chips_conserved


def test_an_unknown_line_is_a_parse_error_naming_it():
    text = HAND.format(play="Dealer : Juggles $5", total="$0")
    (raw,) = split_hands(text, "t.txt")
    with pytest.raises(ParseError) as caught:
        parse_hand(raw)
    assert caught.value.line == 12
    assert "Dealer : Juggles $5" in str(caught.value)


STUD = """Bovada Hand #4100000007: 7CARD Tournament #4100 TBL#3, Fixed Limit- Level 4 (0/0) - 2013-02-01 20:10:00
Seat+2: 1,000 in chips
Seat+4 [ME]: 1,000 in chips
Seat+6: 1,000 in chips
Seat+2 : Ante chip 10
Seat+4 [ME] : Ante chip 10
Seat+6 : Ante chip 10
*** HOLE CARDS ***
Seat+2 : Card dealt to a spot [As Ah 2c]
Seat+4 [ME] : Card dealt to a spot [Qd Qs Kd]
Seat+6 : Card dealt to a spot [6c 6d 9h]
Seat+2 : Big blind/Bring in 25
{play}
*** SUMMARY ***
Total Pot({total})
"""

#: No street marker: each deal after a betting action, checks included, starts a street.
STUD_PLAY = """
Seat+4 [ME] : Raises 50
Seat+6 : Folds
Seat+2 : Call 25
Seat+2 : Card dealt to a spot [3c]
Seat+4 [ME] : Card dealt to a spot [7s]
Seat+4 [ME] : Checks
Seat+2 : Checks
Seat+2 : Card dealt to a spot [2d]
Seat+4 [ME] : Card dealt to a spot [8h]
Seat+2 : Bets 100
Seat+4 [ME] : Call 100
Seat+2 : Card dealt to a spot [5s]
Seat+4 [ME] : Card dealt to a spot [Jc]
Seat+2 : Checks
Seat+4 [ME] : Checks
Seat+2 : Card dealt to a spot [4h]
Seat+4 [ME] : Card dealt to a spot [Th]
Seat+2 : Checks
Seat+4 [ME] : Checks
Seat+2 : Showdown [As Ah 2c 3c 2d 5s 4h] (Straight)
Seat+4 [ME] : Mucks [Qd Qs Kd 7s 8h Jc Th] (One pair)
Seat+2 : Hand Result 330
"""


def _stud(play: str, total: str):
    (raw,) = split_hands(STUD.format(play=play.strip(), total=total), "s.txt")
    return parse_hand(raw)


def test_stud_streets_without_markers_start_at_a_deal_after_checks():
    # A street of checks still ends the betting: the next deal is 5th street, not more
    # 4th street cards (D7), and 5th street's first bet is the big bet (B7).
    hand = _stud(STUD_PLAY, "330")
    starts = [e.street for e in hand.events if isinstance(e, ev.StreetStart)]
    assert starts == ["fourth", "fifth", "sixth", "seventh"]
    # "Raises 50" over the bring-in of 25 on 3rd street is the completion (F4).
    (complete,) = [e for e in hand.events if isinstance(e, ev.Complete)]
    assert (complete.player, complete.amount) == ("Hero", 50)
    assert (hand.stakes.small, hand.stakes.big, hand.stakes.bring_in) == (50, 100, 25)
    result = replay(hand)
    assert result.chips_conserved
    assert {p.name: p.net for p in result.players} == {"Seat 2": 170, "Hero": -160, "Seat 6": -10}


def test_stud_double_bet_on_fourth_street_is_the_big_bet():
    play = """
Seat+4 [ME] : Call 25
Seat+6 : Folds
Seat+2 : Card dealt to a spot [3c]
Seat+4 [ME] : Card dealt to a spot [Ks]
Seat+4 [ME] : Double bets 100
Seat+2 : Folds
Seat+4 [ME] : Return uncalled portion of bet 100
Seat+4 [ME] : Does not show [Qd Qs Kd Ks] (Two pair)
Seat+4 [ME] : Hand Result 80
"""
    hand = _stud(play, "80")
    assert (hand.stakes.small, hand.stakes.big) == (50, 100)
    assert replay(hand).chips_conserved


def test_stud_tournament_hand_nobody_bets_has_the_small_bet_twice_the_bring_in():
    # "Level 4 (0/0)" names no stakes and no bet shows one: the room's levels bring in
    # half the small bet, so the bring-in stays below the small bet (F4).
    play = STUD_PLAY.replace("Seat+4 [ME] : Raises 50", "Seat+4 [ME] : Call 25")
    play = play.replace("Seat+2 : Call 25\n", "").replace(
        "Seat+2 : Bets 100\nSeat+4 [ME] : Call 100", "Seat+2 : Checks\nSeat+4 [ME] : Checks"
    )
    hand = _stud(play.replace("Hand Result 330", "Hand Result 80"), "80")
    assert (hand.stakes.small, hand.stakes.big) == (50, 100)
    result = replay(hand)
    assert result.chips_conserved


# -- older logs: no board line during the hand, no "Dealer" seat, tournament fixed limit ---

UNPRINTED = """Bovada Hand #4000000007 TBL#7 HOLDEM Fixed Limit - 2012-04-16 04:14:53
Seat 2: UTG ($300 in chips)
Seat 4: Dealer ($250 in chips)
Seat 6: Small Blind [ME] ($400 in chips)
Seat 8: Big Blind ($120 in chips)
Dealer : Set dealer/Bring in spot [4]
Small Blind  [ME] : Ante/Small Blind $5
Big Blind : Big blind/Bring in $10
*** HOLE CARDS ***
UTG : Card dealt to a spot [2c 7d]
Dealer : Card dealt to a spot [Ks Qs]
Small Blind  [ME] : Card dealt to a spot [Ah Ad]
Big Blind : Card dealt to a spot [8h 8c]
UTG : Folds
Dealer : Calls $10
Small Blind  [ME] : Raises $20
Big Blind : Calls $10
Dealer : Calls $10
Small Blind  [ME] : Bets $10
Big Blind : Calls $10
Dealer : Folds
Small Blind  [ME] : Bets $20
Big Blind : Calls $20
Small Blind  [ME] : Checks
Big Blind : Checks
Small Blind  [ME] : Showdown [Ah Ad 8h 8c Jd] (Two pair)
Big Blind : Showdown [8h 8c 8d Ah Ad] (Full House)
Big Blind : Hand result $118
*** SUMMARY ***
Total Pot($120) | Rake ($2)
Board [3s 8d 4c Jd 2h]
Seat+2: UTG Folded on the POCKET CARDS
Seat+4: Dealer Folded on the FLOP
Seat+6: Small Blind lose with Two pair [Ah Ad-Ah Ad 8h 8c Jd]
Seat+8: Big Blind $118 with Full House [8h 8c-8h 8c 8d Ah Ad]
"""


def _one(text: str):
    (raw,) = split_hands(text, "t.txt")
    return parse_hand(raw)


def test_a_log_without_board_lines_deals_the_summary_board_as_each_round_closes():
    # The board is only in the summary ("Folded on the FLOP"): each street's cards are
    # dealt when its betting round closes, so the flop's "Bets $10" opens the flop rather
    # than raising preflop's 20 (B4, D6).
    hand = _one(UNPRINTED)
    kinds = [
        (type(e).__name__, e.street if isinstance(e, ev.DealBoard) else e.player)
        for e in hand.events
        if isinstance(e, ev.DealBoard | ev.Bet | ev.RaiseTo | ev.Check | ev.Call | ev.Fold)
    ]
    assert kinds == [
        ("Fold", "Seat 2"),
        ("Call", "Seat 4"),
        ("RaiseTo", "Hero"),
        ("Call", "Seat 8"),
        ("Call", "Seat 4"),
        ("DealBoard", "flop"),
        ("Bet", "Hero"),
        ("Call", "Seat 8"),
        ("Fold", "Seat 4"),
        ("DealBoard", "turn"),
        ("Bet", "Hero"),
        ("Call", "Seat 8"),
        ("DealBoard", "river"),
        ("Check", "Hero"),
        ("Check", "Seat 8"),
    ]
    result = replay(hand)
    assert result.chips_conserved
    assert {p.name: p.net for p in result.players if p.invested} == {
        "Seat 4": -2000,  # cents
        "Hero": -5000,
        "Seat 8": 6800,
    }


def test_a_log_without_board_lines_still_breaks_b4_when_the_summary_lacks_a_street():
    # The summary shows the flop only, yet the betting goes on after the flop's round
    # closed: no card is made up for the turn, and the engine rejects the bet (B4).
    text = UNPRINTED.replace("Board [3s 8d 4c Jd 2h]", "Board [3s 8d 4c  ]")
    with pytest.raises(RuleViolation, match="B4"):
        replay(_one(text))


NO_DEALER = """Bovada Hand #4000000008 TBL#8 HOLDEM No Limit - 2012-09-02 13:53:18
Seat 1: UTG ($20 in chips)
Seat 2: UTG+1 ($15 in chips)
Seat 5: Small Blind ($25 in chips)
Seat 6: Big Blind [ME] ($40 in chips)
Small Blind : Ante/Small Blind $0.10
Big Blind  [ME] : Big blind/Bring in $0.25
*** HOLE CARDS ***
UTG : Card dealt to a spot [7c 8s]
UTG+1 : Card dealt to a spot [Qd Kd]
Small Blind : Card dealt to a spot [Ts 2h]
Big Blind  [ME] : Card dealt to a spot [3c Ad]
UTG : Folds
UTG+1 : Calls $0.25
Small Blind : Calls $0.15
Big Blind  [ME] : Checks
*** FLOP *** [9d 4c 6d]
Small Blind : Checks
Big Blind  [ME] : Checks
UTG+1 : Bets $0.50
Small Blind : Folds
Big Blind  [ME] : Folds
UTG+1 : Return uncalled portion of bet $0.50
UTG+1 : Does not show [Qd Kd] (High Card)
UTG+1 : Hand result $0.72
*** SUMMARY ***
Total Pot($0.75) | Rake ($0.03)
Board [9d 4c 6d  ]
"""


def test_a_hand_without_a_dealer_seat_has_the_button_before_the_small_blind():
    # No "Set dealer" line and no seat labelled "Dealer": the seat before the small blind
    # (here "UTG+1") has the button, so the blinds act first after the flop (B3, S4).
    hand = _one(NO_DEALER)
    assert hand.button_seat == 2
    result = replay(hand)
    assert result.chips_conserved
    assert {p.name: p.net for p in result.players if p.invested} == {
        "Seat 2": 47,
        "Seat 5": -25,
        "Hero": -25,
    }


def test_tournament_fixed_limit_level_names_the_blinds_not_the_bets():
    # "Fixed Limit- Level 6 (75/150)": the blinds are 75/150, the small bet 150 (B7).
    text = (
        "Bovada Hand #4000000009: OMAHA HiLo Tournament #1 TBL#1, Fixed Limit- Level 6 (75/150)"
        " - 2012-07-10 23:17:04\n"
        "Seat 2: Dealer (1,200 in chips)\nSeat 3: Small Blind [ME] (900 in chips)\n"
        "Seat 4: Big Blind (5,020 in chips)\n"
        "Dealer : Set dealer/Bring in spot [2]\n"
        "Small Blind [ME] : Ante/Small blind 75\nBig Blind : Big blind/Bring in 150\n"
        "*** HOLE CARDS ***\n"
        "Dealer : Card dealt to a spot [4s 8c Kd 9c]\n"
        "Small Blind [ME] : Card dealt to a spot [2s 4c 3c 5h]\n"
        "Big Blind : Card dealt to a spot [3s Jh Th 6d]\n"
        "Dealer : Folds\nSmall Blind [ME] : Raises 300\nBig Blind : Folds\n"
        "Small Blind [ME] : Return uncalled portion of bet 150\n"
        "Small Blind [ME] : Hand Result 300\n"
        "*** SUMMARY ***\nTotal Pot(300)\n"
    )
    hand = _one(text)
    assert (hand.stakes.small, hand.stakes.big) == (150, 300)
    assert replay(hand).chips_conserved


ANTE_ALL_IN = """Bovada Hand #2600000009: HOLDEM Tournament #1378 TBL#12, No Limit- Level 24 (24/48) - 2012-11-25 23:56:24
Seat 1: Big Blind [ME] (166 in chips)
Seat 5: Dealer (9,834 in chips)
Dealer : Set dealer/Bring in spot [5]
Big Blind [ME] : All-in 166
Dealer : Ante chip 240
Dealer : Return uncalled portion of bet 74
*** HOLE CARDS ***
Big Blind [ME] : Card dealt to a spot [8h Th]
Dealer : Card dealt to a spot [Kc 9d]
*** FLOP *** [9s 3h Ac]
*** TURN *** [9s 3h Ac] [Qd]
*** RIVER *** [9s 3h Ac Qd] [7c]
Big Blind [ME] : Showdown [Ac Qd Th 9s 8h] (High Card)
Dealer : Showdown [9s 9d Ac Kc Qd] (One pair)
Dealer : Hand Result 332
*** SUMMARY ***
Total Pot(332)
Board [9s 3h Ac Qd 7c]
Seat+1: Big Blind lose with High Card [8h Th-Ac Qd Th 9s 8h]
Seat+5: Dealer 332  with One pair [Kc 9d-9s 9d Ac Kc Qd]
"""


def test_an_all_in_before_the_first_ante_line_is_the_ante_he_could_not_cover():
    # The antes are posted in seat order: seat 1's "All-in 166" comes before the first
    # "Ante chip" line, of an ante of 240 (the 74 the dealer's ante is not matched by comes
    # back). It was read as his big blind, and the return as an uncalled bet (B11).
    hand = _one(ANTE_ALL_IN)
    (ante,) = [e for e in hand.events if isinstance(e, ev.PostAnte) and e.player == "Hero"]
    assert (ante.amount, ante.all_in) == (166, True)
    result = replay(hand)
    assert {p.name: p.collected - p.invested for p in result.players} == {
        "Hero": -166,
        "Seat 5": 166,
    }
