"""rows(): a replayed hand -> the hand, player, action and pot rows."""

from __future__ import annotations

import dataclasses
import json
from datetime import UTC, datetime, timedelta, timezone

import pytest

from analytics.ingest.pipeline import Problem
from analytics.ingest.rows import (
    ACTION_COLUMNS,
    HAND_COLUMNS,
    action_rows,
    blinds_and_bets,
    format_boards,
    iso_utc,
    parse_boards,
    quarantine_rows,
    rows,
)
from parser.model import events as ev
from parser.model.cards import parse_cards
from parser.model.hand import ParsedHand, Seat, Source, Stakes
from replayer.result import PlayerResult, PotResult, ReplayResult

TEXT = "PokerStars Hand #7: Hold'em No Limit ($0.01/$0.02 USD) - ...\n..."


def parsed(game: str = "NLHE", stakes: Stakes | None = None, events=(), **fields) -> ParsedHand:
    return ParsedHand(
        site="PokerStars",
        hand_id="7",
        game=game,
        game_name="Hold'em No Limit",
        stakes=stakes or Stakes(small=1, big=2),
        currency="USD",
        unit=100,
        started_at=datetime(2024, 1, 2, 3, 4, 5, tzinfo=timezone(timedelta(hours=-5))),
        table="Alpha",
        max_seats=6,
        button_seat=2,
        seats=(Seat(seat=1, name="Ann", stack=200), Seat(seat=2, name="Bo [x]: y", stack=300)),
        events=tuple(events),
        source=Source("hh.txt", 11, TEXT),
        **fields,
    )


EVENTS = (
    ev.PostBlind(player="Ann", amount=1, blind=ev.Blind.SMALL, line=14),
    ev.PostBlind(player="Bo [x]: y", amount=2, blind=ev.Blind.BIG, line=15),
    ev.DealHole(player="Ann", cards=parse_cards("Ah Kh"), line=17),
    ev.RaiseTo(player="Ann", amount=6, by=4, line=18),
    ev.Call(player="Bo [x]: y", amount=4, line=19),
    ev.DealBoard(street="flop", cards=parse_cards("9c Kc 3h"), line=20),
    ev.Bet(player="Ann", amount=194, all_in=True, line=21),
    ev.Fold(player="Bo [x]: y", line=22),
    ev.UncalledBetReturned(player="Ann", amount=194, line=23),
    ev.Collect(player="Ann", amount=12, line=24),
)


def result() -> ReplayResult:
    hand = parsed(events=EVENTS)
    # fmt: off
    return ReplayResult(
        hand=hand,
        players=(
            PlayerResult(name="Ann", seat=1, position="SB", starting_stack=200,
                         hole_cards=parse_cards("Ah Kh"), invested=6, collected=12, rake_paid=0,
                         dealt_in=True, folded=False, all_in=False),
            PlayerResult(name="Bo [x]: y", seat=2, position="BB", starting_stack=300,
                         hole_cards=(), invested=6, collected=0, rake_paid=0, dealt_in=True,
                         folded=True, folded_on="flop", all_in=False),
        ),
        pots=(
            PotResult(index=0, run=1, amount=12, eligible=("Ann",), winners=(("Ann", 12),),
                      descriptions=(("Ann", "a pair of Kings"),)),
        ),
        boards=(parse_cards("9c Kc 3h"),),
        total_pot=12,
        rake=0,
    )
    # fmt: on


def test_hand_row() -> None:
    hand = rows(result()).as_dicts()["hand"]
    assert hand == {
        "site": "PokerStars", "hand_id": "7", "status": "ok",
        "problem_kind": None, "problem_rule": None, "problem_message": None,
        "problem_line": None, "problem_event": None, "first_line": 11,
        "game": "NLHE", "game_name": "Hold'em No Limit", "mixed": None, "betting": "no_limit",
        "currency": "USD", "unit": 100, "small_blind": 1, "big_blind": 2, "ante": 0,
        "small_bet": None, "big_bet": None, "cap": None,
        "started_at": "2024-01-02T08:04:05Z", "table_name": "Alpha", "max_seats": 6,
        "button_seat": 2, "tournament_id": None, "level": None, "players": 2,
        "total_pot": 12, "rake": 0, "boards": "9c Kc 3h", "raw": TEXT,
    }  # fmt: skip


def test_player_rows() -> None:
    ann, bo = rows(result()).as_dicts()["players"]
    assert ann["hole_cards"] == "Ah Kh"
    assert (ann["invested"], ann["collected"], ann["net"]) == (6, 12, 6)
    assert bo["name"] == "Bo [x]: y"
    assert (bo["hole_cards"], bo["net"], bo["folded"], bo["folded_on"]) == (None, -6, 1, "flop")


def test_action_rows_have_the_street_and_the_rare_fields_as_json() -> None:
    actions = rows(result()).as_dicts()["actions"]
    assert [a["idx"] for a in actions] == list(range(len(EVENTS)))
    assert [a["kind"] for a in actions] == [e.kind for e in EVENTS]
    assert [a["line"] for a in actions] == [e.line for e in EVENTS]
    assert [a["street"] for a in actions] == ["preflop"] * 5 + ["flop"] * 5
    assert actions[0]["extra"] == '{"blind":"small"}'
    assert actions[3]["amount"] == 6
    assert json.loads(actions[3]["extra"]) == {"by": 4}
    assert json.loads(actions[6]["extra"]) == {"all_in": True}
    assert actions[4]["extra"] is None  # defaults are not repeated
    assert actions[5]["cards"] == "9c Kc 3h"
    assert actions[5]["player"] is None


def test_pot_rows() -> None:
    (pot,) = rows(result()).as_dicts()["pots"]
    assert json.loads(pot["eligible"]) == ["Ann"]
    assert json.loads(pot["winners"]) == [{"name": "Ann", "amount": 12, "hand": "a pair of Kings"}]


def _example(cls: type[ev.Event]) -> ev.Event:
    """An instance of any event class, its required fields filled with plausible values."""
    values = {
        "player": "Ann", "amount": 5, "blind": ev.Blind.DEAD, "cards": parse_cards("2c 3d"),
        "street": "turn", "count": 2, "note": ev.NoteKind.CHAT,
        "card": parse_cards("Kh")[0], "old": parse_cards("Qd")[0], "rule": "E1",
    }  # fmt: skip
    required = {
        f.name: values[f.name]
        for f in dataclasses.fields(cls)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    }
    return cls(**required)


@pytest.mark.parametrize("kind", sorted(ev.EVENT_TYPES))
def test_every_event_kind_becomes_a_row(kind: str) -> None:
    event = _example(ev.EVENT_TYPES[kind])
    (row,) = action_rows(parsed(events=(event,)))
    assert dict(zip(ACTION_COLUMNS, row, strict=True))["kind"] == kind
    assert row[-1] is None or isinstance(json.loads(row[-1]), dict)


def test_rare_fields_are_kept() -> None:
    events = (
        ev.DealHole(player="Ann", cards=parse_cards("Ah"), up=parse_cards("Kd")),
        ev.Note(note=ev.NoteKind.CHAT, player="Ann", text='gg "wp"'),
        ev.Collect(player="Ann", amount=3, pot=1, run=2, whole=False),
    )
    extras = [json.loads(r[-1]) for r in action_rows(parsed(events=events))]
    assert extras == [
        {"up": "Kd"},
        {"note": "chat", "text": 'gg "wp"'},
        {"pot": 1, "run": 2, "whole": False},
    ]


def test_fixed_limit_blinds_are_not_the_header_stakes() -> None:
    """RULES.md F1: in fixed limit the big blind is the small bet, the small blind half."""
    hand = parsed(game="FLHE", stakes=Stakes(small=10, big=20))
    assert blinds_and_bets(hand) == (5, 10, 10, 20)
    # PokerStars' $0.25/$0.50: the small blind posted is $0.10, not half of $0.25
    posted = (ev.PostBlind(player="Ann", amount=10, blind=ev.Blind.SMALL),)
    hand = parsed(game="FLHE", stakes=Stakes(small=25, big=50), events=posted)
    assert blinds_and_bets(hand) == (10, 25, 25, 50)
    assert blinds_and_bets(parsed(game="FL7S", stakes=Stakes(small=10, big=20))) == (
        None, None, 10, 20,
    )  # fmt: skip
    assert blinds_and_bets(parsed(game="PLHE", stakes=Stakes(small=5, big=10))) == (
        5, 10, None, None,
    )  # fmt: skip


def test_ante_comes_from_the_posts_when_the_header_has_none() -> None:
    antes = (
        ev.PostAnte(player="Ann", amount=25),
        ev.PostAnte(player="Bo [x]: y", amount=10, all_in=True),
    )
    result_ = dataclasses.replace(result(), hand=parsed(events=antes + EVENTS))
    assert rows(result_).as_dicts()["hand"]["ante"] == 25


def test_times_are_utc() -> None:
    assert iso_utc(datetime(2024, 1, 2, 3, 4, 5, tzinfo=UTC)) == "2024-01-02T03:04:05Z"
    assert iso_utc(datetime(2024, 1, 2, 3, 4, 5)) == "2024-01-02T03:04:05Z"
    assert iso_utc(None) is None


def test_boards_round_trip_with_runs() -> None:
    boards = (parse_cards("7d 5h 9d 7c Qh"), parse_cards("7d 5h 9d 2c 3s"))
    text = format_boards(boards)
    assert text == "7d 5h 9d 7c Qh | 7d 5h 9d 2c 3s"
    assert parse_boards(text) == [[c.text for c in b] for b in boards]
    assert format_boards(((),)) == ""
    assert parse_boards("") == [[]]


def test_quarantined_rows_keep_the_text_and_what_was_parsed() -> None:
    problem = Problem(kind="rule_violation", rule="B5", message="too small", line=19,
                      event_index=4)  # fmt: skip
    source = Source("hh.txt", 11, TEXT)
    with_header = quarantine_rows(source, "PokerStars", "7", problem, parsed(events=EVENTS))
    hand = with_header.as_dicts()["hand"]
    assert (hand["status"], hand["problem_kind"], hand["problem_rule"]) == (
        "invalid", "rule_violation", "B5",
    )  # fmt: skip
    assert (hand["problem_line"], hand["problem_event"], hand["raw"]) == (19, 4, TEXT)
    assert hand["game"] == "NLHE"
    assert hand["total_pot"] is None
    assert with_header.players == with_header.actions == with_header.pots == ()
    bare = quarantine_rows(source, "unknown", "sha256:x", Problem(kind="parse_error", message="?"))
    assert len(bare.hand) == len(HAND_COLUMNS)
    assert bare.as_dicts()["hand"]["game"] is None
