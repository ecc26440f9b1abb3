"""iPoker (XML): every corpus file imports, its hands replay, and the room's quirks (issue 10).

The corpus is FPDB's iPoker regression files (``../shared/corpora/sites/iPoker``; every one
is XML, whether named ``.xml`` or ``.txt``), read in place; the corpus tests skip when it
is absent. The unit tests parse games written here.
"""

from __future__ import annotations

import sqlite3

import pytest

from analytics.ingest.importer import import_paths
from analytics.store import rawtext
from parser.formats import format_of, parse_hand, split_hands
from parser.kit.decode import decode
from parser.model import events as ev
from parser.model.hand import Source
from parser.rooms.ipoker.reader import read_gametype
from replayer import replay
from tests.corpus import CORPORA

FOLDER = CORPORA / "sites" / "iPoker"

#: Every iPoker hand of the corpus that is neither ``ok`` nor one of the 31 games of the
#: partial export (``PLO-USD-5-10-201631.partial.format.xml``: blinds only, no result),
#: with its reason (each read by hand): (status, problem kind, rule). The six games cut
#: off after their last round (no </game>) are whole and ok. The partial export's games
#: hold the forced bets and nothing else (the next game's stacks show play went on): no
#: play to replay, damage of the export; 528 of 559 (94.5%) is the most iPoker can have.
IPOKER_QUARANTINED = {
    # 5 Card Stud: no GameSpec row.
    "3013529647": ("unsupported", "unsupported", None),
    # A stud tournament hand with no bring-in and no full bet (the first player all in for
    # 274 over his ante of 40, everyone folds): nothing in the hand tells the level's bets,
    # so the all-in cannot be checked against them (B7). Damage of the export? No: the
    # stakes are simply not in it (the next game's "300" bet is another hand's text).
    "4044980507": ("invalid", "rule_violation", "B7"),
}


@pytest.fixture(scope="module")
def corpus_db(tmp_path_factory: pytest.TempPathFactory) -> sqlite3.Connection:
    if not FOLDER.is_dir():
        pytest.skip("corpora absent")
    db = tmp_path_factory.mktemp("ipoker") / "ipoker.sqlite"
    report = import_paths([str(FOLDER)], db)
    assert report.files_refused == []
    assert report.files_imported == 33
    conn = sqlite3.connect(db)
    rawtext.register(conn)  # raw_text(): the stored text (migration 0007 compresses it)
    return conn


@pytest.mark.corpus
def test_every_ipoker_hand_is_ok_or_quarantined_for_a_stated_reason(corpus_db):
    hands = corpus_db.execute(
        "SELECT hand_id, site, status, problem_kind, problem_rule, problem_message FROM hands"
    ).fetchall()
    assert len(hands) == 559
    assert {site for _, site, *_ in hands} == {"iPoker"}
    partial = {h for h, _, s, _k, _r, m in hands if "partial export" in (m or "")}
    assert len(partial) == 31
    quarantined = {h: (s, k, r) for h, _, s, k, r, _m in hands if s != "ok" and h not in partial}
    assert quarantined == IPOKER_QUARANTINED
    ok = sum(1 for h in hands if h[2] == "ok")
    # 3056022611: a dead blind is the main pot's (F1, B10); 5338624766: a player who
    # antes then sits out folds at his turn (B12), not where his mark is written.
    assert ok == 526
    assert ok / len(hands) >= 0.9


@pytest.mark.corpus
def test_ipoker_ok_hands_conserve_chips(corpus_db):
    text = "SELECT raw_text(raw_dictionary, raw_z) FROM hands WHERE status = 'ok'"
    for (raw,) in corpus_db.execute(text):
        result = replay(parse_hand(Source("corpus", 1, raw)))
        assert result.chips_conserved, result.hand.hand_id


@pytest.mark.corpus
def test_every_ipoker_file_is_read_as_ipoker():
    if not FOLDER.is_dir():
        pytest.skip("corpora absent")
    for path in sorted(FOLDER.rglob("*.*")):
        text = decode(path.read_bytes(), str(path))
        assert format_of(text, str(path)).name == "ipoker", path


# -- the room's quirks ---------------------------------------------------------------------

GAME = """<session sessioncode="1">
  <general>
    <gametype>{gametype}</gametype>
    <tablename>Rivoli, 7</tablename>
    <currency>EUR</currency>
  </general>
  <game gamecode="555">
    <general>
      <startdate>03-Mar-2025 20:15:00</startdate>
      <players>
        <player seat="1" name="Ann" chips="€10" dealer="0" win="€1,38" bet="€0,70" />
        <player seat="3" name="Bob" chips="€12,50" dealer="1" win="€0" bet="€0,70" />
        <player seat="5" name="Cid" chips="€8" dealer="0" win="€0" bet="€0,05" />
      </players>
    </general>
    <round no="0">
      <action no="2" player="Ann" type="2" sum="€0,10" />
      <action no="1" player="Cid" type="1" sum="€0,05" />
    </round>
    <round no="1">
      <cards type="Pocket" player="Ann">HA D10</cards>
      <action no="3" player="Bob" type="23" sum="€0,30" />
      <action no="5" player="Ann" type="3" sum="€0,20" />
      <action no="4" player="Cid" type="0" sum="€0" />
    </round>
    <round no="2">
      <cards type="Flop" player="">HK C7 D2</cards>
      <action no="8" player="Ann" type="23" sum="€1,20" />
      <action no="6" player="Ann" type="4" sum="€0" />
      <action no="9" player="Bob" type="0" sum="€0" />
      <action no="7" player="Bob" type="5" sum="€0,40" />
    </round>
  </game>
</session>
"""


def _hand(gametype: str = "Holdem NL €0,05/€0,10"):
    (raw,) = split_hands(GAME.format(gametype=gametype), "s.xml")
    return parse_hand(raw)


def test_actions_sorted_raises_are_totals_cards_suit_first():
    hand = _hand()
    assert hand.site == "iPoker"
    assert hand.hand_id == "555"
    assert hand.currency == "EUR"
    kinds = [e.kind for e in hand.events if isinstance(e, ev.PlayerEvent)]
    assert kinds[:2] == ["post_blind", "post_blind"]  # Cid's small blind first (no="1")
    assert [e.amount for e in hand.events if isinstance(e, ev.RaiseTo)] == [30, 120]
    (deal,) = [e for e in hand.events if isinstance(e, ev.DealHole)]
    assert [str(c) for c in deal.cards] == ["Ah", "Td"]
    result = replay(hand)
    assert result.rake == 7
    assert result.chips_conserved
    assert hand.started_at is not None
    assert hand.started_at.month == 3


def test_gametype_grammar():
    assert read_gametype("Holdem БЛ €0.25/€0.50").betting == "no_limit"
    assert read_gametype("LH 20/40 x2 Limit $10.00/$20.00").game == "holdem"
    assert read_gametype("Omaha Pot limit $100.00/$200.00 Ante $0.00").ante == "$0.00"
    # a currency code before the amount (the Serbian client's dinars)
    assert read_gametype("Holdem NL RSD1/RSD2").blinds == ("RSD1", "RSD2")


def test_a_game_without_its_name_is_told_by_its_hole_cards():
    assert _hand("NL €0,05/€0,10").game == "NLHE"


def test_a_cut_off_game_is_incomplete():
    from parser.model.errors import IncompleteHand

    text = GAME.format(gametype="Holdem NL €0,05/€0,10").split('<round no="2">')[0]
    (raw,) = split_hands(text, "s.xml")
    with pytest.raises(IncompleteHand):
        parse_hand(raw)


def test_a_game_cut_after_its_last_round_lacks_only_its_end_tag():
    # Nothing follows a game's last round but </game>: cut there, with one player left
    # (Bob folds on the flop), the game is whole and replays to its wins (the FPDB files
    # "post.both", "new.date.format", cut at the end of their one game).
    text = GAME.format(gametype="Holdem NL €0,05/€0,10").split("</game>")[0]
    (raw,) = split_hands(text, "s.xml")
    result = replay(parse_hand(raw))
    assert result.rake == 7
    assert result.chips_conserved


def test_a_game_cut_before_its_play_ends_stays_incomplete():
    from parser.model.errors import IncompleteHand

    # Bob does not fold on the flop: two players left before the turn and river.
    text = GAME.format(gametype="Holdem NL €0,05/€0,10").split("</game>")[0]
    text = text.replace('<action no="9" player="Bob" type="0" sum="€0" />', "")
    (raw,) = split_hands(text, "s.xml")
    with pytest.raises(IncompleteHand, match="play unfinished"):
        parse_hand(raw)


def test_a_fixed_limit_gametype_names_the_bets():
    # "Holdem L $5/$10" posts $2.50/$5 blinds (FPDB's LHE files): the bets are 5 and 10.
    assert read_gametype("Holdem L $5/$10").bets
    assert not read_gametype("LH 20/40 x2 Limit $10.00/$20.00").bets
    assert not read_gametype("Holdem NL $5/$10").bets
    text = GAME.format(gametype="Holdem L €0,10/€0,20").replace("€1,20", "€0,40")
    (raw,) = split_hands(text, "s.xml")
    hand = parse_hand(raw)
    assert (hand.stakes.small, hand.stakes.big) == (10, 20)


def test_a_flat_format_raise_sums_what_it_adds():
    # The flat format's "Raise" (type 6): the small blind's $0,05 in, "sum" $0,25 more is a
    # raise to $0,30 (its players' ``bet`` totals say so), not a raise by $0,25.
    text = GAME.format(gametype="Holdem NL €0,05/€0,10").replace(
        '<action no="3" player="Bob" type="23" sum="€0,30" />',
        '<action no="3" player="Cid" type="6" sum="€0,25" />'
        '<action no="33" player="Bob" type="3" sum="€0,30" />',
    )
    (raw,) = split_hands(text, "s.xml")
    raises = [e for e in parse_hand(raw).events if isinstance(e, ev.RaiseTo)]
    assert (raises[0].player, raises[0].amount) == ("Cid", 30)


def test_empty_seats_listed_as_nameless_players_are_not_seated():
    # Some exports list every seat, the empty ones as name="" with no chips: they were one
    # nameless "player" (a 7-stud game seemed to seat 9 of 8, D6).
    empty = '<player seat="{n}" name="" chips="€0" dealer="0" win="€0" bet="€0" />'
    text = GAME.format(gametype="Holdem NL €0,05/€0,10").replace(
        "      </players>", "".join(empty.format(n=n) for n in (2, 4, 6)) + "\n      </players>"
    )
    (raw,) = split_hands(text, "s.xml")
    hand = parse_hand(raw)
    assert [s.name for s in hand.seats] == ["Ann", "Bob", "Cid"]
    assert replay(hand).chips_conserved
    # an empty seat may hold the (dead) button
    dead = text.replace('dealer="1"', 'dealer="0"').replace(
        'seat="2" name="" chips="€0" dealer="0"', 'seat="2" name="" chips="€0" dealer="1"'
    )
    (raw,) = split_hands(dead, "s.xml")
    assert parse_hand(raw).button_seat == 2


def test_a_game_with_no_dealer_mark_has_the_button_before_the_small_blind():
    # Some tournament exports mark no player dealer="1": the button is the seat before the
    # small blind's (parser.kit.table.button_before_small_blind), so that the small blind
    # acts first after the flop (B3); the engine's guess put it elsewhere.
    text = GAME.format(gametype="Holdem NL €0,05/€0,10").replace('dealer="1"', 'dealer="0"')
    (raw,) = split_hands(text, "s.xml")
    hand = parse_hand(raw)
    assert hand.button_seat == 3  # Cid (seat 5) posts the small blind
    assert replay(hand).chips_conserved


UNCALLED_WIN = """<session sessioncode="1">
  <general>
    <gametype>Holdem NL £0.05/£0.10</gametype>
    <tablename>Leeds, 9</tablename>
    <currency>GBP</currency>
  </general>
  <game gamecode="777">
    <general>
      <startdate>2013-07-30 18:26:02</startdate>
      <players>
        <player seat="1" name="Cid" chips="£10" dealer="0" win="£0" bet="£0.05" />
        <player seat="3" name="Ann" chips="£7.22" dealer="0" win="£0.46" bet="£6.50" />
        <player seat="5" name="Bob" chips="£6.04" dealer="1" win="£11.52" bet="£6.04" />
      </players>
    </general>
    <round no="0">
      <action no="1" player="Cid" type="1" sum="£0.05" />
      <action no="2" player="Ann" type="2" sum="£0.10" />
    </round>
    <round no="1">
      <cards type="Pocket" player="Ann">CA HQ</cards>
      <cards type="Pocket" player="Bob">DK SK</cards>
      <action no="3" player="Bob" type="23" sum="£1.20" />
      <action no="4" player="Cid" type="0" sum="£0" />
      <action no="5" player="Ann" type="23" sum="£6.50" />
      <action no="6" player="Bob" type="7" sum="£4.84" />
    </round>
    <round no="2"><cards type="Flop" player="">D5 C7 D9</cards></round>
    <round no="3"><cards type="Turn" player="">DJ</cards></round>
    <round no="4"><cards type="River" player="">DQ</cards></round>
  </game>
</session>
"""


def test_a_win_that_is_exactly_the_players_uncalled_bet_is_its_return():
    # FPDB's "uncalled 2nd winner": Ann's £0.46 over Bob's all-in call comes back to her,
    # and the cash client writes it as her "win": it is the return (B11), not a share of
    # the pot her A-Q does not win (it was an S2 mismatch).
    (raw,) = split_hands(UNCALLED_WIN, "s.xml")
    hand = parse_hand(raw)
    assert [(e.player, e.amount) for e in hand.events if isinstance(e, ev.Collect)] == [
        ("Bob", 1152)
    ]
    result = replay(hand)
    assert result.rake == 61
    assert {p.name: p.collected - p.invested for p in result.players} == {
        "Cid": -5,
        "Ann": -604,
        "Bob": 548,
    }


def test_each_game_of_an_archive_of_sessions_has_its_own_session():
    # HEM's archive: two sessions in one file, "Holdem L $5/$10" then "Holdem L $10/$20".
    first = GAME.format(gametype="Holdem NL €0,05/€0,10")
    second = first.replace("Holdem NL", "Omaha PL").replace('gamecode="555"', 'gamecode="556"')
    hands = [parse_hand(raw) for raw in split_hands(first + second, "s.xml")]
    assert [(h.hand_id, h.game) for h in hands] == [("555", "NLHE"), ("556", "PLO")]


def _unclaimed(text: str):
    """The game with every ``win`` attribute taken out (the log claims no result)."""
    import re

    (raw,) = split_hands(re.sub(r' win="[^"]*"', "", text), "s.xml")
    return parse_hand(raw)


def test_a_game_without_wins_but_with_its_actions_is_settled_by_the_engine():
    # PT4/HM3 import such a game: the log makes no claim (no Collect, no rake), the
    # engine awards the pot by the rules. Ann's 0.80 bet on the flop comes back (B11).
    hand = _unclaimed(GAME.format(gametype="Holdem NL €0,05/€0,10"))
    assert not any(isinstance(e, ev.Collect) for e in hand.events)
    assert hand.summary.rake is None
    assert hand.summary.total_pot is None
    result = replay(hand)
    assert result.rake == 0
    assert result.chips_conserved
    net = {p.name: p.net for p in result.players}
    assert net == {"Ann": 75, "Bob": -70, "Cid": -5}


def test_a_game_without_wins_and_with_only_its_blinds_is_incomplete():
    # The partial export: each game's blinds and nothing after them (play went on: the
    # next game's stacks changed), so the actions are missing, not the result only.
    from parser.model.errors import IncompleteHand

    text = GAME.format(gametype="Holdem NL €0,05/€0,10").split('<round no="1">')[0]
    with pytest.raises(IncompleteHand, match="no action after the forced bets"):
        _unclaimed(text + "</game></session>")


def test_a_game_without_wins_that_stops_between_streets_is_not_ok():
    # Its actions stop before the flop while two players remain: the engine refuses it
    # (S1), it is never settled as if the board had been dealt.
    from parser.model.errors import HandError

    text = GAME.format(gametype="Holdem NL €0,05/€0,10").split('<round no="2">')[0]
    with pytest.raises(HandError, match=r"\[S1\]"):
        replay(_unclaimed(text + "</game></session>"))


AWAY = """<session sessioncode="2">
  <general>
    <gametype>Holdem NL $0.05/$0.10</gametype>
    <tablename>Lagos, 3</tablename>
    <currency>USD</currency>
  </general>
  <game gamecode="556">
    <general>
      <startdate>2013-12-19 20:00:35</startdate>
      <players>
        <player seat="3" name="Bob" chips="$10" dealer="1" win="$0.53" bet="$0.32" />
        <player seat="5" name="Cid" chips="$10" dealer="0" win="$0" bet="$0.07" />
        <player seat="6" name="Dan" chips="$10" dealer="0" win="$0" bet="$0.02" />
        <player seat="8" name="Ann" chips="$10" dealer="0" win="$0" bet="$0.12" />
      </players>
    </general>
    <round no="0">
      <action no="1" player="Cid" type="15" sum="$0.02" />
      <action no="5" player="Cid" type="1" sum="$0.05" />
      <action no="2" player="Dan" type="15" sum="$0.02" />
      <action no="3" player="Ann" type="15" sum="$0.02" />
      <action no="7" player="Ann" type="2" sum="$0.10" />
      <action no="4" player="Bob" type="15" sum="$0.02" />
    </round>
    <round no="1">
      <cards type="Pocket" player="Ann">HJ D4</cards>
      <action no="9" player="Cid" type="0" sum="$0" />
      <action no="6" player="Dan" type="9" sum="$0" />
      <action no="10" player="Ann" type="0" sum="$0" />
      <action no="8" player="Bob" type="23" sum="$0.30" />
    </round>
  </game>
</session>
"""


def test_a_player_who_antes_then_sits_out_folds_at_his_turn():
    # FPDB's "player.antes.then.sits.out": Dan's sitting-out mark (no 6) is written when he
    # leaves, before the big blind is posted; he put his ante in, so he is in the hand and
    # away: he folds when the turn reaches him (B12), after Cid and before Ann.
    (raw,) = split_hands(AWAY, "away.xml")
    hand = parse_hand(raw)
    play = [
        (e.kind, e.player)
        for e in hand.events
        if isinstance(e, ev.Fold | ev.RaiseTo | ev.Check | ev.Call)
    ]
    assert play == [("raise_to", "Bob"), ("fold", "Cid"), ("fold", "Dan"), ("fold", "Ann")]
    result = replay(hand)
    assert result.chips_conserved
    assert result.rake == 0
