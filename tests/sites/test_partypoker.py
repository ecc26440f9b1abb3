"""PartyPoker: every corpus file imports, its hands replay, and the room's quirks (issue 10).

The corpus is FPDB's PartyPoker regression files (``../shared/corpora/sites/PartyPoker``),
read in place; the corpus tests skip when it is absent. The unit tests parse hands written
here (invented players and cards, Party's line formats).
"""

from __future__ import annotations

import sqlite3

import pytest

from analytics.ingest.importer import import_paths
from analytics.store import rawtext
from parser.formats import format_of, parse_hand, split_hands
from parser.kit.decode import decode
from parser.model import events as ev
from parser.model.errors import ReplayMismatch
from parser.model.hand import Source
from parser.rooms.partypoker.reader import party_amount
from replayer import replay
from tests.corpus import CORPORA

FOLDER = CORPORA / "sites" / "PartyPoker"

#: Every PartyPoker hand of the corpus that is not ``ok``, with its reason (each read by
#: hand): (status, problem kind, rule).
PARTY_QUARANTINED = {
    # "Double Hold'em" (three hole cards, one discarded): no GameSpec row.
    "11764881345": ("unsupported", "unsupported", None),
    # Every stack in the seat list is "1" (a double-or-nothing table's broken export).
    "12359566781": ("invalid", "replay_mismatch", "B1"),
    # Anonymised exports that renamed the seat list but not the actions: a name that is
    # not seated folds at a table of three ("holdem_AA") or acts at a full heads-up table.
    "14978808642": ("invalid", "replay_mismatch", "B4"),
    "14981802530": ("invalid", "parse_error", None),
    # 2021 tournament logs whose action amounts are a few chips short of the summary's own
    # figures ("bets (751624)", "lost 3079125"); "all-In" with 1 or 10 chips left.
    "16194828757579au6ou93d1": ("invalid", "replay_mismatch", "S2"),
    "161938625156465v9fyd47bg": ("invalid", "replay_mismatch", "B1"),
    "1618961225358jrdwo4ad458": ("invalid", "replay_mismatch", "B1"),
}


@pytest.fixture(scope="module")
def corpus_db(tmp_path_factory: pytest.TempPathFactory) -> sqlite3.Connection:
    if not FOLDER.is_dir():
        pytest.skip("corpora absent")
    db = tmp_path_factory.mktemp("party") / "party.sqlite"
    report = import_paths([str(FOLDER)], db)
    # Every file imports (the NUL-prefixed club files included): none refused.
    assert report.files_refused == []
    assert report.files_imported == 51
    conn = sqlite3.connect(db)
    rawtext.register(conn)  # raw_text(): the stored text (migration 0007 compresses it)
    return conn


@pytest.mark.corpus
def test_every_party_hand_is_ok_or_quarantined_for_a_stated_reason(corpus_db):
    hands = corpus_db.execute(
        "SELECT hand_id, site, status, problem_kind, problem_rule FROM hands"
    ).fetchall()
    assert len(hands) == 88
    assert {site for _, site, *_ in hands} == {"PartyPoker"}
    quarantined = {h: (s, k, r) for h, _, s, k, r in hands if s != "ok"}
    assert quarantined == PARTY_QUARANTINED
    ok = sum(1 for *_, s, _k, _r in hands if s == "ok")
    assert ok == 81
    assert ok / len(hands) >= 0.9


@pytest.mark.corpus
def test_party_ok_hands_conserve_chips(corpus_db):
    text = "SELECT raw_text(raw_dictionary, raw_z) FROM hands WHERE status = 'ok'"
    for (raw,) in corpus_db.execute(text):
        result = replay(parse_hand(Source("corpus", 1, raw)))
        assert result.chips_conserved, result.hand.hand_id


@pytest.mark.corpus
def test_every_party_file_is_read_as_partypoker():
    if not FOLDER.is_dir():
        pytest.skip("corpora absent")
    for path in sorted(FOLDER.rglob("*.txt")):
        text = decode(path.read_bytes(), str(path))
        if "Hand History" in text:
            assert format_of(text, str(path)).name == "partypoker", path


# -- the room's quirks, on hands written for the tests -----------------------------------

CLASSIC = """***** Hand History for Game 777 *****
$10 USD NL Texas Hold'em - Monday, March 03, 20:15:00 EST 2025
Table Lakeside (Real Money)
Seat 2 is the button
Total number of players : 3/6
Seat 1: Ann ( $10 USD )
Seat 2: Bob ( $12,50 USD )
Seat 4: Cid ( $8 USD )
Cid posts small blind [$0.05 USD].
Ann posts big blind [$0.10 USD].
** Dealing down cards **
Bob raises [$0.30 USD]
Cid folds
Ann calls [$0.20 USD]
** Dealing Flop ** [ Kh, 7c, 2d ]
Ann checks
Bob bets [$0.40 USD]
Ann raises [$1.20 USD]
Bob folds
Ann does not show cards.
Ann wins $2.18 USD
"""


def _hand(text: str):
    (raw,) = split_hands(text, "t.txt")
    return parse_hand(raw)


def test_amounts_are_what_the_action_adds_and_wins_include_the_uncalled_bet():
    hand = _hand(CLASSIC)
    assert hand.site == "PartyPoker"
    assert hand.hand_id == "777"
    raises = [e for e in hand.events if isinstance(e, ev.RaiseTo)]
    assert [r.amount for r in raises] == [30, 120]  # "raises [$1.20]" on top of nothing
    (collect,) = [e for e in hand.events if isinstance(e, ev.Collect)]
    assert collect.amount == 218 - 80  # the uncalled $0.80 taken out of "wins $2.18"
    result = replay(hand)
    assert result.rake == 7
    assert result.chips_conserved
    assert hand.started_at is not None
    assert hand.started_at.hour == 1


def test_decimal_and_thousands_commas():
    assert party_amount("$12,50 USD", 100) == 1250
    assert party_amount("$1,534.96 USD", 100) == 153496
    assert party_amount("2,560", 1) == 2560


def test_old_tournament_hands_post_implied_blinds():
    text = """***** Hand History for Game 778 *****
NL Texas Hold'em Trny: 5 Level: 7  Blinds(300/600) - Friday, April 01, 11:44:00 CEST 2011
Table Turbo #1 (Real Money)
Seat 5 is the button
Total number of players : 2/6
Seat 5: Ann ( 4,520 )
Seat 4: Bob ( 7,480 )
Trny: 5 Level: 7
Blinds(300/600)
** Dealing down cards **
Ann folds
Bob does not show cards.
Bob wins 900 chips
"""
    hand = _hand(text)
    posts = [(e.player, e.amount) for e in hand.events if isinstance(e, ev.PostBlind)]
    assert posts == [("Ann", 300), ("Bob", 600)]  # heads-up: the button posts the small blind
    assert hand.tournament_id == "5"
    assert hand.currency == "CHIPS"
    assert replay(hand).player("Bob").net == 300


def test_stud_completes_to_the_amount_added_and_wins_include_the_uncalled_bet():
    text = """***** Hand History for Game 779 *****
$10/$20 USD FL 7 Card Stud Hi-Lo - Monday, February 27, 09:51:26 EST 2012
Table Table  1 (Real Money)
Seat 0 is the button
Total number of players : 2/8
Seat 1: Ann ( $390 USD )
Seat 3: Bob ( $510 USD )
Ann posts ante [$1 USD]
Bob posts ante [$1 USD]
** Dealing **
Dealt to Ann [  Ah 4h 4d ]
Ann opens
Ann bring-ins [$3 USD]
Bob completes [$10 USD]
Ann calls [$7 USD]
** Dealing Fourth street **
Dealt to Ann [  Td ]
Bob opens
Bob bets [$10 USD]
Ann folds
Bob does not show cards.
Bob wins $32 USD
"""
    hand = _hand(text)
    assert [e.amount for e in hand.events if isinstance(e, ev.Complete)] == [1000]
    assert replay(hand).player("Bob").collected == 2200  # $32 less the uncalled $10


def test_glued_mac_lines_are_split():
    text = CLASSIC.replace("Ann does not show cards.\nAnn wins", "Ann does not show cards.Ann wins")
    assert replay(_hand(text)).player("Ann").collected == 138


def test_nul_prefixed_lines_decode():
    data = "\x00".join(CLASSIC.split("\n")).encode()
    assert "Hand History" in decode(data, "club.txt")


SECOND_SMALL_BLIND = """***** Hand History for Game 778 *****
$4/$8 USD Texas Hold'em - Tuesday, May 10, 21:05:00 BST 2011
Table Harbour (Real Money)
Seat 1 is the button
Total number of players : 4/6
Seat 1: Ann ( $100 USD )
Seat 2: Bob ( $100 USD )
Seat 3: Cid ( $100 USD )
Seat 4: Dee ( $100 USD )
Bob posts small blind [$2 USD].
Cid posts big blind [$4 USD].
Dee posts small blind [$2 USD].
** Dealing down cards **
Dee calls [$2 USD]
Ann folds
Bob folds
Cid checks
** Dealing Flop ** [ Kh, 7c, 2d ]
Cid bets [$4 USD]
Dee folds
Cid does not show cards.
Cid wins $14 USD
"""


def test_a_second_small_blind_from_a_newcomer_counts_toward_his_bet():
    # Dee comes in posting a small blind after the big blind, then calls $2 to the $4
    # blind: Party counts the post toward his bet, so it is a live blind, not a dead one.
    hand = _hand(SECOND_SMALL_BLIND)
    posts = [(e.player, e.blind, e.amount) for e in hand.events if isinstance(e, ev.PostBlind)]
    assert posts == [
        ("Bob", ev.Blind.SMALL, 200),
        ("Cid", ev.Blind.BIG, 400),
        ("Dee", ev.Blind.BIG, 200),
    ]
    result = replay(hand)
    assert result.chips_conserved
    assert {p.name: p.net for p in result.players if p.invested} == {
        "Bob": -200,
        "Cid": 600,
        "Dee": -400,
    }


def test_a_second_small_blind_called_in_full_is_still_refused():
    # The same post followed by a call of the whole blind puts in more than he owes: not
    # read as a dead blind behind the log's back, the replay refuses it (B1).
    text = SECOND_SMALL_BLIND.replace("Dee calls [$2 USD]", "Dee calls [$4 USD]")
    with pytest.raises(ReplayMismatch, match="B1"):
        replay(_hand(text))
