"""Americas Cardroom / WPN ("Winning"): every corpus file reads, in both of the client's
formats, and the quirks the reader reconciles (parser/rooms/winning/reader.py, docs/sites.md)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from parser.formats import format_of, parse_hand, split_hands
from parser.kit.decode import decode
from parser.model import events as ev
from parser.model.errors import ParseError, PokerhhError, UnsupportedGame
from parser.model.hand import Source
from parser.model.house import LIVE, Absent
from parser.rooms.winning.reader import parse_winning
from replayer import replay
from tests.corpus import CORPORA

ROOM = CORPORA / "sites" / "Winning"

#: Every corpus hand that is not ``ok``, with the reason (each read by hand).
NOT_OK = {
    # "Player  ante (20)": a player with an empty name acts, and no seat line names a
    # player without lines of his own (the button's seat is not listed): his stack and
    # seat cannot be told.
    "547441485": ("ParseError", None),
    # The file stops after the seat list.
    "693976187": ("IncompleteHand", None),
    # A garbled log: Player3 folds first, yet his "uncalled bet" is returned and he wins.
    "727152195": ("RuleViolation", "B3"),
    # Pot limit: "allin (402.40)" raises to the whole stack where the pot allows $54; the
    # room then returns $393.40 as uncalled. The raise itself breaks B6.
    "820605052": ("RuleViolation", "B6"),
}


def _outcomes() -> dict[str, tuple[str, str | None]]:
    found: dict[str, tuple[str, str | None]] = {}
    for path in sorted(ROOM.rglob("*.txt")):
        text = decode(path.read_bytes(), str(path))
        assert format_of(text, str(path)).name == "winning", path
        for raw in split_hands(text, str(path)):
            try:
                hand = parse_hand(raw)
                assert hand.site == "WPN"
                result = replay(hand)
            except PokerhhError as error:
                found[error.hand_id or f"{path}:{raw.first_line}"] = (
                    type(error).__name__,
                    error.rule,
                )
                continue
            assert result.chips_conserved, hand.hand_id
            found[hand.hand_id] = ("ok", None)
    return found


@pytest.mark.corpus
@pytest.mark.skipif(not ROOM.is_dir(), reason="corpora absent")
def test_every_hand_replays_ok_or_is_quarantined_for_a_stated_reason() -> None:
    outcomes = _outcomes()
    assert len(outcomes) == 117
    assert {h: o for h, o in outcomes.items() if o[0] != "ok"} == NOT_OK
    ok = Counter(o[0] for o in outcomes.values())["ok"]
    # 741631166: "is disconnected and ALL IN." is the room's all-in protection (its house
    # rules), no longer B12's fold: ok. 665312038, 665307190: the nameless player's lines
    # are the one seated player's who has none of his own.
    assert ok == 113
    assert ok / len(outcomes) >= 0.9


def _hand(text: str, path: str = "t.txt") -> Source:
    return Source(path, 1, text)


OLD = (
    "Game started at: 2016/8/2 10:53:49\n\nGame ID: 42 {stakes} Somewhere 2 (Hold'em)\n\n"
    "Seat 2 is the button\n\nSeat 1: Ann (20).\n\nSeat 2: Bob (80).\n\n"
    "Player Bob has small blind (1)\n\nPlayer Ann has big blind (2)\n\n"
    "Player Ann received card: [5h]\n\nPlayer Ann received card: [10s]\n\n"
    "Player Bob received a card.\n\nPlayer Bob received a card.\n\n"
    "Player Bob raises ({raise_})\n\nPlayer Ann calls ({call})\n\n"
    "*** FLOP ***: [Qc 2s 4c]\n\nPlayer Ann checks\n\nPlayer Bob bets (2)\n\n"
    "Player Ann folds\n\nUncalled bet (2) returned to Bob\n\nPlayer Bob mucks cards\n\n"
    "------ Summary ------\n\nPot: 7.85. Rake 0.15\n\nBoard: [Qc 2s 4c]\n\n"
    "Player Ann does not show cards.Bets: 4. Collects: 0. Loses: 4.\n\n"
    "*Player Bob mucks (does not show cards). Bets: 4. Collects: 7.85. Wins: 3.85.\n\n"
    "Game ended at: 2016/8/2 10:54:10\n"
)


def test_2016_amounts_are_added_chips_and_the_stakes_tell_fixed_limit() -> None:
    hand = parse_winning(_hand(OLD.format(stakes="2/4", raise_="3", call="2")))
    assert hand.game == "FLHE"  # "2/4" over a big blind of 2
    assert hand.currency == "USD"
    assert (hand.stakes.small, hand.stakes.big) == (200, 400)
    (raise_,) = [e for e in hand.events if isinstance(e, ev.RaiseTo)]
    assert (raise_.player, raise_.amount) == ("Bob", 400)  # "raises (3)" over his 1
    (deal,) = [e for e in hand.events if isinstance(e, ev.DealHole)]
    assert [str(c) for c in deal.cards] == ["5h", "Ts"]
    # "Pot: 7.85. Rake 0.15": the pot is written after the rake.
    assert (hand.summary.total_pot, hand.summary.rake) == (800, 15)
    result = replay(hand)
    assert result.player("Bob").net == 385
    assert result.rake == 15


def test_2016_no_limit_and_the_tournament_number_of_the_file_name() -> None:
    text = OLD.format(stakes="1/2", raise_="3", call="2").replace("7.85. Rake 0.15", "8")
    text = text.replace("Collects: 7.85. Wins: 3.85", "Collects: 8. Wins: 4")
    hand = parse_winning(_hand(text, "x/HH20160828 T5795043-G33949698.txt"))
    assert (hand.game, hand.tournament_id, hand.currency, hand.unit) == (
        "NLHE",
        "5795043",
        "CHIPS",
        1,
    )


NEW = (
    "Hand #779 - Omaha H/L(No Limit) - $3.00/$6.00 - 2021/04/16 19:14:14 UTC\n"
    "Parachute 6-max Seat #1 is the button\nSeat 1: Ann ($100.00)\nSeat 2: Bob ($100.00)\n"
    "Ann posts the small blind $3.00\nBob posts the big blind $6.00\n*** HOLE CARDS ***\n"
    "Ann raises $12.00 to $12.00\nBob folds\nUncalled bet ($6.00) returned to Ann\n"
    "Ann does not show\n*** SUMMARY ***\nTotal pot $11.40 | Rake $0.50 | JP Fee $0.10\n"
    "Seat 1: Ann (small blind) did not show and won $11.40\n"
    "Seat 2: Bob (big blind) folded on the Pre-Flop\n"
)


def test_2019_total_pot_is_after_rake_and_jackpot_and_the_summary_names_the_winner() -> None:
    hand = parse_winning(_hand(NEW))
    assert hand.game == "NLO8"
    assert (hand.summary.total_pot, hand.summary.rake, hand.summary.jackpot) == (1200, 50, 10)
    (collect,) = [e for e in hand.events if isinstance(e, ev.Collect)]
    assert (collect.player, collect.amount) == ("Ann", 1140)
    (raise_,) = [e for e in hand.events if isinstance(e, ev.RaiseTo)]
    assert raise_.by is None  # "$12.00 to $12.00" is not an increment
    result = replay(hand)
    assert result.player("Ann").net == 540
    assert result.rake == 50


def test_a_nameless_player_is_a_precise_parse_error() -> None:
    text = OLD.format(stakes="1/2", raise_="3", call="2").replace(
        "Player Ann has big blind", "Player  has big blind"
    )
    with pytest.raises(ParseError, match="no name"):
        parse_winning(_hand(text))


def test_nameless_lines_are_the_one_seated_player_without_lines() -> None:
    """The 2016 client may leave a player's name empty in his lines while his seat line
    names him (665312038, 665307190): Ann's lines here are nameless, and she is the only
    seated player with none of her own, so they are hers; the replay checks her turns."""
    text = OLD.format(stakes="1/2", raise_="3", call="2")
    for line in ("Player Ann has big blind", "Player Ann received card: [5h]",
                 "Player Ann received card: [10s]", "Player Ann calls", "Player Ann checks",
                 "Player Ann folds", "Player Ann does not show"):
        text = text.replace(line, line.replace("Player Ann", "Player "))
    hand = parse_winning(_hand(text))
    assert [e.player for e in hand.events if isinstance(e, ev.PostBlind)] == ["Bob", "Ann"]
    assert replay(hand).player("Ann").net == -400


def test_both_formats_are_recognised_from_the_text() -> None:
    assert format_of(NEW, "x.txt").name == "winning"
    assert format_of(OLD, "x.txt").name == "winning"
    assert format_of("PokerStars Hand #1: x\n", "x.txt").name == "pokerstars"


def test_game_names_are_written_only_for_games_pokerhh_plays():
    # parser.kit.vocabulary.game_names writes a room's game words with each betting word
    # only where GAME_SPECS has the row: WPN's stud is fixed limit, its 5-card Omaha pot
    # limit, its 6+ no limit, listed like hold'em.
    from parser.rooms.winning.reader import GAMES

    assert GAMES["7Stud(Fixed Limit)"] == "FL7S"
    assert GAMES["5Card Omaha H/L(Pot Limit)"] == "PLO58"
    assert GAMES["6+ Holdem(No Limit)"] == "NLHE6P"
    assert "7Stud(No Limit)" not in GAMES
    assert "5Card Omaha(Fixed Limit)" not in GAMES
    from parser.kit.vocabulary import game_names

    assert game_names("{betting} {game}", {"Razz": "RAZZ"}, ("NL", "PL", "FL")) == {
        "FL Razz": "FLRAZZ"
    }


#: Written for the test, in the 2016 format of 741631166 (PLO8, too long to copy): Ann
#: disconnects facing Bob's flop bet; the room keeps her in for the 2 she has put in.
DISCONNECTED = (
    "Game started at: 2016/10/2 21:0:42\nGame ID: 43 1/2 (PRR) Somewhere (Hold'em)\n"
    "Seat 3 is the button\nSeat 1: Ann (20).\nSeat 2: Bob (80).\nSeat 3: Cid (80).\n"
    "Player Ann has small blind (1)\nPlayer Bob has big blind (2)\n"
    "Player Ann received a card.\nPlayer Ann received a card.\n"
    "Player Bob received card: [Kh]\nPlayer Bob received card: [Kd]\n"
    "Player Cid received a card.\nPlayer Cid received a card.\n"
    "Player Cid calls (2)\nPlayer Ann calls (1)\nPlayer Bob checks\n"
    "*** FLOP ***: [Qc 2s 4c]\nPlayer Ann checks\nPlayer Bob bets (4)\nPlayer Cid calls (4)\n"
    "Player Ann is disconnected and ALL IN.\nPlayer Ann allin\n"
    "*** TURN ***: [Qc 2s 4c] [7d]\nPlayer Bob checks\nPlayer Cid checks\n"
    "*** RIVER ***: [Qc 2s 4c 7d] [9h]\nPlayer Bob checks\nPlayer Cid checks\n"
    "------ Summary ------\nPot: 14. Rake 0\nBoard: [Qc 2s 4c 7d 9h]\n"
    "*Player Ann shows: One pair. As [Ah Ad]. Bets: 2. Collects: 6. Wins: 4.\n"
    "*Player Bob shows: One pair. Ks [Kh Kd]. Bets: 6. Collects: 8. Wins: 2.\n"
    "*Player Cid shows: High card. Queen [5h 6h]. Bets: 6. Collects: 0. Loses: 6.\n"
    "Game ended at: 2016/10/2 21:4:9\n"
)


def test_a_disconnected_player_is_all_in_for_what_he_has_put_in() -> None:
    """WPN's all-in protection (ROOM.house.absent, 741631166): Ann, away at her turn facing
    Bob's bet, stays in for her 2 and wins the main pot of 6; Bob and Cid bet on into a side
    pot, Bob's. The rule book (B12, the live default) folds her: her claim then fails."""
    hand = parse_winning(_hand(DISCONNECTED))
    assert hand.house.absent is Absent.ALL_IN
    assert any(isinstance(e, ev.TimeOut) and e.player == "Ann" for e in hand.events)
    result = replay(hand)
    assert result.chips_conserved
    collected = [(p.name, p.collected) for p in result.players]
    assert collected == [("Ann", 600), ("Bob", 800), ("Cid", 0)]  # in cents
    assert result.player("Ann").net == 400
    with pytest.raises(PokerhhError):
        replay(replace(hand, house=LIVE))


def test_the_2023_header_may_space_the_betting_and_an_unknown_game_is_unsupported() -> None:
    """Real files not in ../shared (fpdb-chaz's "added.space", ALO, "Reshuffle"): the 2023
    client writes "Omaha H/L (No Limit)"; a game with no GameSpec row is stored as
    unsupported, not as a parse error."""
    assert parse_winning(_hand(NEW.replace("H/L(No Limit)", "H/L (No Limit)"))).game == "NLO8"
    for game in ("Omaha(All-in or Fold Limit)", "5Card Omaha Reshuffle (Pot Limit)"):
        with pytest.raises(UnsupportedGame, match="not a game pokerhh knows"):
            parse_winning(_hand(NEW.replace("Omaha H/L(No Limit)", game)))


def test_a_data_mining_tools_copy_of_the_2016_format() -> None:
    """A real file not in ../shared (fpdb-chaz's "data.mined.format", 2018): the header adds
    the table size ("(Hold'em) 8-max") and the results read "doesn't show cards. Bets: 0.
    Collects: 0. Wins: 0" with no full stop; the hand reads and replays as the client's."""
    text = OLD.format(stakes="2/4", raise_="3", call="2").replace("(Hold'em)", "(Hold'em) 8-max")
    text = text.replace("Ann does not show cards.Bets: 4. Collects: 0. Loses: 4.",
                        "Ann doesn't show cards. Bets: 4. Collects: 0. Loses: 4")
    hand = parse_winning(_hand(text))
    assert hand.game == "FLHE"
    assert replay(hand).player("Bob").net == 385
