"""888poker / Pacific (Cassava): every corpus file reads, and the quirks the reader
reconciles (parser/rooms/pacific/reader.py, docs/sites.md)."""

from __future__ import annotations

from collections import Counter

import pytest

from parser.formats import format_of, parse_hand, split_hands
from parser.kit.amounts import localised_units
from parser.kit.decode import decode
from parser.model import events as ev
from parser.model.errors import ParseError, PokerhhError
from parser.model.hand import Source
from parser.rooms.pacific.reader import card, parse_pacific
from replayer import replay
from tests.corpus import CORPORA

ROOM = CORPORA / "sites" / "PacificPoker"

#: Every corpus hand that is not ``ok``, with the reason (each read by hand).
NOT_OK = {
    # "Player1 folds" instead of posting the big blind heads-up: nobody is dealt a card
    # and the small blind "collected" his own $5 back: void (E8).
    "414375633": ("CancelledHand", "E8"),
    # Both seats' names are blank: the actions cannot be told apart.
    "315882986": ("ParseError", None),
    # The main pot is paid to a K-9 while the A-Q that mucked holds T-T-8-8-A (S2).
    "190631995": ("ReplayMismatch", "S2"),
}


def _outcomes() -> dict[str, tuple[str, str | None]]:
    found: dict[str, tuple[str, str | None]] = {}
    for path in sorted(ROOM.rglob("*.txt")):
        if "summaries" in path.parts:
            continue
        text = decode(path.read_bytes(), str(path))
        assert format_of(text, str(path)).name == "pacific", path
        for raw in split_hands(text, str(path)):
            try:
                hand = parse_hand(raw)
                assert hand.site == "888poker"
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
    assert len(outcomes) == 257
    assert {h: o for h, o in outcomes.items() if o[0] != "ok"} == NOT_OK
    ok = Counter(o[0] for o in outcomes.values())["ok"]
    # 190625798: the small blind's call of the full blind against a short all-in big
    # blind is the 25 that can be called, the 75 "collected" back its excess (B10).
    assert ok == 254
    assert ok / len(outcomes) >= 0.9


@pytest.mark.corpus
@pytest.mark.skipif(not ROOM.is_dir(), reason="corpora absent")
def test_tournament_summaries_are_not_read_as_hands() -> None:
    for path in sorted((ROOM / "summaries").glob("*.txt")):
        text = decode(path.read_bytes(), str(path))
        assert format_of(text, str(path)).name != "pacific", path


def _hand(text: str) -> Source:
    return Source("t.txt", 1, text)


HEADER = (
    "#Game No : 7\n***** 888poker Hand History for Game 7 *****\n"
    "{stakes} Blinds No Limit Holdem - *** 05 05 2014 21:32:10\n"
    "Table Nowhere 6 Max (Real Money)\nSeat 1 is the button\nTotal number of players : 3\n"
)


def test_raises_are_the_chips_added_and_the_uncalled_bet_is_returned() -> None:
    hand = parse_pacific(
        _hand(
            HEADER.format(stakes="$1/$2")
            + (
                "Seat 1: Ann ( $100 )\nSeat 2: Bob ( $100 )\nSeat 3: Cy ( $100 )\n"
                "Bob posts small blind [$1]\nCy posts big blind [$2]\n** Dealing down cards **\n"
                "Ann raises [$6]\nBob folds\nCy raises [$16]\nAnn folds\n** Summary **\n"
                "Cy did not show his hand\nCy collected [ $13 ]\n"
            )
        )
    )
    raises = [e for e in hand.events if isinstance(e, ev.RaiseTo)]
    assert [(e.player, e.amount) for e in raises] == [("Ann", 600), ("Cy", 1800)]
    returned = [e for e in hand.events if isinstance(e, ev.UncalledBetReturned)]
    assert [(e.player, e.amount) for e in returned] == [("Cy", 1200)]
    result = replay(hand)
    assert result.rake == 0
    assert result.player("Cy").net == 700


def test_an_uncalled_bet_paid_back_in_the_collected_line_is_taken_out() -> None:
    hand = parse_pacific(
        _hand(
            HEADER.format(stakes="$1/$2")
            + (
                "Seat 1: Ann ( $100 )\nSeat 2: Bob ( $100 )\nSeat 3: Cy ( $100 )\n"
                "Bob posts small blind [$1]\nCy posts big blind [$2]\n** Dealing down cards **\n"
                "Ann raises [$10]\nBob folds\nCy folds\n** Summary **\nAnn collected [ $13 ]\n"
            )
        )
    )
    (collect,) = [e for e in hand.events if isinstance(e, ev.Collect)]
    assert collect.amount == 500  # $13 less the $8 nobody called
    assert replay(hand).player("Ann").net == 300


def test_a_call_of_the_full_blind_against_a_short_all_in_blind_is_the_bet_to_call() -> None:
    """The room lets the small blind call the full big blind against a big blind all in
    for less, and pays the excess back in his "collected" line (190625798: 100 called
    over 125 all in, 75 collected): only what can be matched is called (B10)."""
    hand = parse_pacific(
        _hand(
            HEADER.format(stakes="$1/$2")
            + (
                "Seat 1: Ann ( $100 )\nSeat 2: Bob ( $100 )\nSeat 3: Cy ( $1.50 )\n"
                "Bob posts small blind [$1]\nCy posts big blind [$1.50]\n"
                "** Dealing down cards **\nAnn folds\nBob calls [$1]\n"
                "** Dealing flop ** [ 8c, 2d, 8d ]\n** Dealing turn ** [ 5c ]\n"
                "** Dealing river ** [ Js ]\n** Summary **\nBob shows [ Ah, Ad ]\n"
                "Cy shows [ Kd, Kc ]\nBob collected [ $3 ]\nBob collected [ $0.50 ]\n"
            )
        )
    )
    (call,) = [e for e in hand.events if isinstance(e, ev.Call)]
    assert call.amount == 50
    collects = [(e.player, e.amount) for e in hand.events if isinstance(e, ev.Collect)]
    assert collects == [("Bob", 300)]
    result = replay(hand)
    assert result.chips_conserved
    assert result.player("Bob").net == 150


def test_a_call_matched_later_in_the_round_stands_as_written() -> None:
    hand = parse_pacific(
        _hand(
            HEADER.format(stakes="$1/$2")
            + (
                "Seat 1: Ann ( $100 )\nSeat 2: Bob ( $100 )\nSeat 3: Cy ( $1.50 )\n"
                "Bob posts small blind [$1]\nCy posts big blind [$1.50]\n"
                "** Dealing down cards **\nAnn calls [$2]\nBob calls [$1]\n"
                "** Dealing flop ** [ 8c, 2d, 8d ]\n** Summary **\n"
            )
        )
    )
    # Bob matches Ann's full 2: both calls put their chips in (a side pot of theirs).
    calls = [(e.player, e.amount) for e in hand.events if isinstance(e, ev.Call)]
    assert calls == [("Ann", 200), ("Bob", 100)]


def test_amounts_and_cards_in_every_locale() -> None:
    assert localised_units("$ 3.243", 100) == 324_300
    assert localised_units("552,72 $", 100) == 55_272
    assert localised_units("6 749 $", 100) == 674_900
    assert localised_units("1.183.764 $", 1) == 1_183_764
    assert [str(card(c)) for c in ("Hc", "Vs", "Bh", "Knd", "Dd", "Ec", "QPik", "7p", "8t")] == [
        "Kc",
        "Qs",
        "Jh",
        "Jd",
        "Qd",
        "Ac",
        "Qs",
        "7s",
        "8c",
    ]


def test_a_fixed_limit_header_names_the_blinds() -> None:
    text = HEADER.format(stakes="$5/$10").replace("No Limit Holdem", "Fix Limit Holdem")
    hand = parse_pacific(
        _hand(
            text
            + (
                "Seat 1: Ann ( $100 )\nSeat 2: Bob ( $100 )\n"
                "Ann posts small blind [$5]\nBob posts big blind [$10]\n** Dealing down cards **\n"
                "Ann folds\n** Summary **\nBob collected [ $15 ]\n"
            )
        )
    )
    assert (hand.game, hand.stakes.small, hand.stakes.big) == ("FLHE", 1000, 2000)


def test_a_blank_name_is_a_precise_parse_error() -> None:
    with pytest.raises(ParseError, match="no player name"):
        parse_pacific(
            _hand(
                HEADER.format(stakes="$1/$2")
                + (
                    "Seat 1:  ( $100 )\nSeat 2: Bob ( $100 )\n"
                    " posts small blind [$1]\nBob posts big blind [$2]\n** Summary **\n"
                )
            )
        )


def test_a_hand_cut_before_its_summary_is_incomplete() -> None:
    from parser.model.errors import IncompleteHand

    with pytest.raises(IncompleteHand):
        parse_pacific(
            _hand(
                HEADER.format(stakes="$1/$2")
                + (
                    "Seat 1: Ann ( $100 )\nSeat 2: Bob ( $100 )\n"
                    "Ann posts small blind [$1]\nBob posts big blind [$2]\n"
                    "** Dealing down cards **\n"
                )
            )
        )


def test_the_room_is_recognised_from_its_text() -> None:
    text = HEADER.format(stakes="$1/$2")
    assert format_of(text, "x.txt").name == "pacific"
    assert format_of("***** Hand History for Game 1 *****\n", "x.txt").name != "pacific"
