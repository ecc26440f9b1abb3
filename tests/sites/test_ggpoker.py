"""GGPoker: every corpus file imports, its hands replay, and the room's quirks (issue 10).

The corpus is FPDB's GGPoker regression files (``../shared/corpora/sites/GGPoker``), read in
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
from parser.model.hand import Source
from replayer import replay
from tests.corpus import CORPORA

FOLDER = CORPORA / "sites" / "GGPoker"

#: Every GGPoker hand of the corpus that is not ``ok``, with its reason (each read by
#: hand): (status, problem kind, rule).
GGPOKER_QUARANTINED: dict[str, tuple[str, str, str | None]] = {
    # None: GGPoker's Short Deck (a straight above three of a kind: hand
    # 1171217378123557259) is the Triton row NLSD, and "Omaha (NL postflop)" (TM2697462)
    # the PLNLO row.
}


@pytest.fixture(scope="module")
def corpus_db(tmp_path_factory: pytest.TempPathFactory) -> sqlite3.Connection:
    if not FOLDER.is_dir():
        pytest.skip("corpora absent")
    db = tmp_path_factory.mktemp("gg") / "gg.sqlite"
    report = import_paths([str(FOLDER)], db)
    # Every file imports: none refused, every one read (18 files).
    assert report.files_refused == []
    assert report.files_imported == 18
    conn = sqlite3.connect(db)
    rawtext.register(conn)  # raw_text(): the stored text (migration 0007 compresses it)
    return conn


@pytest.mark.corpus
def test_every_ggpoker_hand_is_ok_or_quarantined_for_a_stated_reason(corpus_db):
    hands = corpus_db.execute(
        "SELECT hand_id, site, status, problem_kind, problem_rule FROM hands"
    ).fetchall()
    assert len(hands) == 157
    assert {site for _, site, *_ in hands} == {"GGPoker"}
    quarantined = {h: (s, k, r) for h, _, s, k, r in hands if s != "ok"}
    assert quarantined == GGPOKER_QUARANTINED
    ok = sum(1 for *_, s, _k, _r in hands if s == "ok")
    assert ok == 157
    assert ok / len(hands) >= 0.9


@pytest.mark.corpus
def test_ggpoker_ok_hands_conserve_chips(corpus_db):
    text = "SELECT raw_text(raw_dictionary, raw_z) FROM hands WHERE status = 'ok'"
    for (raw,) in corpus_db.execute(text):
        result = replay(parse_hand(Source("corpus", 1, raw)))
        assert result.chips_conserved, result.hand.hand_id


@pytest.mark.corpus
def test_every_ggpoker_file_is_read_as_ggpoker():
    if not FOLDER.is_dir():
        pytest.skip("corpora absent")
    for path in sorted(FOLDER.rglob("*.txt")):
        assert format_of(path.read_text(encoding="utf-8"), str(path)).name == "ggpoker", path


# -- the room's quirks, on hands written for the tests -----------------------------------

HEAD = """Poker Hand #RC1000001: Omaha Pot Limit ($0.01/$0.02) - 2021/04/12 07:43:21
Table 'RushAndCash1' 6-max Seat #1 is the button
Seat 1: Ann ($2 in chips)
Seat 2: Bo b ($2 in chips)
Seat 3: Cy: 1 ($2 in chips)
"""


NL_HEAD = HEAD.replace("Omaha Pot Limit", "Hold'em No Limit")


def _hand(body: str, head: str = HEAD):
    (raw,) = split_hands(head + body, "gg.txt")
    return parse_hand(raw)


def test_header_site_id_time_and_stakes():
    hand = _hand("*** HOLE CARDS ***\n*** SUMMARY ***\nTotal pot $0\n")
    assert (hand.site, hand.hand_id, hand.game, hand.currency) == (
        "GGPoker",
        "RC1000001",
        "PLO",
        "USD",
    )
    assert (hand.stakes.small, hand.stakes.big, hand.unit) == (1, 2, 100)
    # No zone is written: read as US Eastern time (EDT in April).
    assert hand.started_at == datetime(2021, 4, 12, 11, 43, 21, tzinfo=UTC)


def test_cash_drop_dealt_without_cards_and_fees():
    hand = _hand(
        "Cash Drop to Pot : total $0.2\n"
        "Bo b: posts small blind $0.01\nCy: 1: posts big blind $0.02\n*** HOLE CARDS ***\n"
        "Dealt to Ann\nDealt to Bo b \nDealt to Cy: 1 [Ah Ad Kc Kd]\n"
        "Ann: folds\nBo b: folds\nUncalled bet ($0.01) returned to Cy: 1\n*** SHOWDOWN ***\n"
        "Cy: 1 collected $0.21 from pot\n*** SUMMARY ***\n"
        "Total pot $0.22 | Rake $0 | Jackpot $0.01 | Bingo $0 | Fortune $0 | Tax $0\n"
        "Seat 3: Cy: 1 (big blind) collected ($0.21)\n"
    )
    assert [type(e) for e in hand.events][:1] == [ev.PotAdded]
    assert [e.player for e in hand.events if isinstance(e, ev.DealHole)] == ["Cy: 1"]
    assert hand.summary.jackpot == 1
    result = replay(hand)
    assert result.chips_conserved
    assert result.added == 20
    assert result.player("Cy: 1").collected == 21


def test_straddle_states_the_new_total():
    hand = _hand(
        "Bo b: posts small blind $0.01\nCy: 1: posts big blind $0.02\nAnn: straddle $0.04\n"
        "Ann: straddle $0.08\n*** HOLE CARDS ***\n*** SUMMARY ***\nTotal pot $0\n"
    )
    straddles = [
        e.amount
        for e in hand.events
        if isinstance(e, ev.PostBlind) and e.blind is ev.Blind.STRADDLE
    ]
    assert straddles == [4, 4]


def test_run_three_times_and_ev_cashout():
    hand = _hand(
        "Bo b: posts small blind $0.01\nCy: 1: posts big blind $0.02\n*** HOLE CARDS ***\n"
        "Ann: folds\nBo b: raises $1.98 to $2 and is all-in\nCy: 1: calls $1.98 and is all-in\n"
        "Bo b: shows [As Ah]\nCy: 1: shows [2c 3d]\n"
        "Cy: 1: Chooses to EV Cashout\nCy: 1: Receives Cashout ($0.5)\n"
        "*** FIRST FLOP *** [2d 4h Qc]\n*** FIRST TURN *** [2d 4h Qc] [7c]\n"
        "*** FIRST RIVER *** [2d 4h Qc 7c] [Js]\n*** SECOND FLOP ***  [Td Qd 2s]\n"
        "*** SECOND TURN *** [Td Qd 2s] [Kc]\n*** SECOND RIVER *** [Td Qd 2s Kc] [Ac]\n"
        "*** THIRD FLOP *** [5c 6c 9d]\n*** THIRD TURN *** [5c 6c 9d] [3h]\n"
        "*** THIRD RIVER *** [5c 6c 9d 3h] [Jd]\n"
        "*** FIRST SHOWDOWN ***\nBo b collected $1.34 from pot\n"
        "*** SECOND SHOWDOWN ***\nBo b collected $1.33 from pot\n"
        "*** THIRD SHOWDOWN ***\nBo b collected $1.33 from pot\n*** SUMMARY ***\n"
        "Total pot $4 | Rake $0\nHand was run three times\nFIRST\nBoard [2d 4h Qc 7c Js]\n"
        "SECOND Board [Td Qd 2s Kc Ac]\nTHIRD Board [5c 6c 9d 3h Jd]\n",
        NL_HEAD,
    )
    assert [e.amount for e in hand.events if isinstance(e, ev.CashOut)] == [50]
    assert len(hand.summary.boards) == 3
    result = replay(hand)
    assert len(result.boards) == 3
    assert result.player("Bo b").collected == 400
    assert result.player("Cy: 1").net == 50 - 200  # the cash-out is paid by the site


def test_cashout_risk_is_paid_to_the_site():
    hand = _hand(
        "Bo b: posts small blind $0.01\nCy: 1: posts big blind $0.02\n*** HOLE CARDS ***\n"
        "Ann: folds\nBo b: raises $1.98 to $2 and is all-in\nCy: 1: calls $1.98 and is all-in\n"
        "Bo b: shows [As Ah]\nCy: 1: shows [2c 3d]\n*** FLOP *** [2d 4h Qc]\n"
        "Bo b: Chooses to EV Cashout\n*** TURN *** [2d 4h Qc] [7c]\n"
        "Bo b: Pays Cashout Risk ($0.3)\n*** RIVER *** [2d 4h Qc 7c] [Js]\n"
        "*** SHOWDOWN ***\nBo b collected $4 from pot\n*** SUMMARY ***\nTotal pot $4 | Rake $0\n",
        NL_HEAD,
    )
    result = replay(hand)
    assert result.chips_conserved
    assert result.player("Bo b").net == 400 - 30 - 200


def test_tournament_header_level_and_posted_blinds():
    head = (
        "Poker Hand #TM5: Tournament #77, Daily $5 Hold'em No Limit - Level3 (80/160)"
        " - 2020/06/02 19:25:21\nTable '6' 8-max Seat #1 is the button\n"
        "Seat 1: Ann (1,000 in chips)\nSeat 2: Bo b (1,000 in chips)\n"
    )
    hand = _hand(
        "Ann: posts the ante 10\nBo b: posts the ante 10\nAnn: posts small blind 60\n"
        "Bo b: posts big blind 120\n*** HOLE CARDS ***\nAnn: raises 180 to 300\nBo b: folds\n"
        "Uncalled bet (180) returned to Ann\n*** SHOWDOWN ***\nAnn collected 260 from pot\n"
        "*** SUMMARY ***\nTotal pot 260 | Rake 0 | Jackpot 0 | Bingo 0\n",
        head,
    )
    assert (hand.tournament_id, hand.level, hand.currency, hand.unit) == ("77", "3", "CHIPS", 1)
    # The header names level 3 (80/160); the hand is played at the posted 60/120 (B5).
    assert (hand.stakes.small, hand.stakes.big) == (60, 120)
    assert replay(hand).chips_conserved
