"""PHH fields and actions -> events: amounts, positions, forced bets, and the errors."""

from __future__ import annotations

import pytest

from parser.model import events as ev
from parser.model.errors import ParseError
from parser.model.hand import Source
from parser.rooms.phh.reader import parse_phh, split_phh
from replayer import replay

HEADS_UP = """\
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [0.5, 1]
min_bet = 1
starting_stacks = [100, 80.25]
actions = [
  "d dh p1 AhKh",
  "d dh p2 ????",
  "p2 cbr 3",      # the button raises
  "p1 cbr 9",
  "p2 cc",
  "d db 2c7d9h",
  "p1 cbr 10",
  "p2 f",
]
players = ["Ann", "Bob"]
seats = [3, 5]
hand = 42
currency = "EUR"
"""


def hand(text: str, path: str = "h.phh", first_line: int = 1):
    return parse_phh(Source(path, first_line, text))


def test_heads_up_positions_blinds_and_amounts_in_cents() -> None:
    h = hand(HEADS_UP)
    assert (h.unit, h.currency, h.hand_id, h.button_seat) == (100, "EUR", "42", 5)
    kinds = [(type(e).__name__, getattr(e, "player", None), getattr(e, "amount", None))
             for e in h.events]  # fmt: skip
    assert kinds[:2] == [("PostBlind", "Bob", 50), ("PostBlind", "Ann", 100)]
    assert ("RaiseTo", "Bob", 300) in kinds
    assert ("RaiseTo", "Ann", 900) in kinds
    assert ("Call", "Bob", 600) in kinds
    assert ("Bet", "Ann", 1000) in kinds
    assert kinds[-1] == ("UncalledBetReturned", "Ann", 1000)
    result = replay(h)
    net = {p.name: p.collected - p.invested for p in result.players}
    assert net == {"Ann": 900, "Bob": -900}


def test_events_carry_the_file_line_of_their_action() -> None:
    h = hand(HEADS_UP, first_line=10)
    raise_ = next(e for e in h.events if isinstance(e, ev.RaiseTo))
    assert raise_.line == 10 + 8  # "p2 cbr 3" is line 9 of the text


def test_an_unknown_action_names_file_line_and_action_index() -> None:
    text = HEADS_UP.replace('"p2 cc"', '"p2 chekcs"')
    with pytest.raises(ParseError) as error:
        hand(text, "hh/x.phh", first_line=20)
    message = str(error.value)
    assert message.startswith("hh/x.phh:30:")  # line 11 of the text
    assert "action #4 'p2 chekcs': unexpected 'chekcs'" in message
    assert "CHECK_OR_CALL" in message
    assert error.value.line == 30
    assert error.value.hand_id == "42"


def test_a_player_beyond_the_table_is_an_error_at_its_action() -> None:
    with pytest.raises(ParseError, match=r"h\.phh:13: action #6 'p3 cbr 10': p3: the hand has 2"):
        hand(HEADS_UP.replace('"p1 cbr 10"', '"p3 cbr 10"'))


def test_amounts_finer_than_a_cent_are_refused_not_rounded() -> None:
    finer = r"h\.phh:5: starting_stacks: 80\.255 is finer than a cent"
    with pytest.raises(ParseError, match=finer):
        hand(HEADS_UP.replace("80.25", "80.255"))


def test_missing_field_and_bad_toml_are_parse_errors() -> None:
    with pytest.raises(ParseError, match="NT needs the field 'min_bet'"):
        hand(HEADS_UP.replace("min_bet = 1\n", ""))
    with pytest.raises(ParseError, match=r"h\.phh:4: not valid TOML"):
        hand(HEADS_UP.replace("min_bet = 1", "min_bet = = 1"))


def test_chips_without_decimals_and_a_hash_id_without_hand() -> None:
    text = HEADS_UP.replace("0.5", "1").replace(
        "[0, 0]\nblinds_or_straddles = [1, 1]", "[0, 0]\nblinds_or_straddles = [1, 2]"
    )
    text = text.replace("80.25", "80").replace('currency = "EUR"\n', "").replace("hand = 42\n", "")
    h = hand(text)
    assert (h.unit, h.currency) == (1, "CHIPS")
    assert h.hand_id.startswith("phh-")
    assert h.hand_id == hand(text).hand_id


def test_phhs_splits_into_hands_with_their_first_lines() -> None:
    body = HEADS_UP.replace("hand = 42\n", "")
    text = f"# a set\n[1]\n{body}\n[2]\n{body.replace('AhKh', 'AsKs')}"
    raws = list(split_phh(text, "s.phhs"))
    assert [r.first_line for r in raws] == [2, 2 + body.count(chr(10)) + 2]
    hands = [parse_phh(r) for r in raws]
    assert hands[0].hand_id != hands[1].hand_id
    assert hands[1].events[2].line == raws[1].first_line + 7


def test_straddle_and_antes_post_in_order() -> None:
    text = """\
variant = "NT"
antes = [1, 1, 1, 1]
blinds_or_straddles = [1, 2, 4, 0]
min_bet = 2
starting_stacks = [100, 100, 100, 100]
actions = ["p4 f", "p1 f", "p2 f"]
"""
    events = hand(text).events
    assert [type(e).__name__ for e in events[:4]] == ["PostAnte"] * 4
    assert [e.blind for e in events[4:7]] == [ev.Blind.SMALL, ev.Blind.BIG, ev.Blind.STRADDLE]
    assert events[-1] == ev.UncalledBetReturned(player="p3", amount=2, line=6)
