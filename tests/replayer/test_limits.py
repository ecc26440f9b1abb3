"""Hands beyond any real table or game are refused by rule before the replay (issue 23).

Item 1: an amount of 2**63 or more overflowed SQLite and aborted the import; the hand is
refused as L1 (``replayer.limits.MAX_AMOUNT``, docs/reliability.md), whichever rule it
broke first. Item 3: a 10,000-seat hand at a 9-max table was stored ``ok`` and its replay
(with the viewer's per-event snapshots) took 10 GB; it is refused as D6 before any event
is applied. Real tables are not: PokerStars' 3-max tables seat 1, 3 and 5, 888poker's
6-max tables number seats up to 9, PokerStars deals badugi 8-handed at an 8-max table and
Full Tilt without a size in its header.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from parser.formats import parse_hand
from parser.model import events as ev
from parser.model.errors import RuleViolation
from parser.model.games import GAME_SPECS
from parser.model.hand import ParsedHand, Seat, Source, Summary
from replayer import replay
from replayer.limits import MAX_AMOUNT, check_hand
from tests.corpus import replayed
from tests.handdsl import hand

HEADS_UP = """
A: posts small 1
B: posts big 2
A: calls 1
B: checks
flop 2c 7d 9h
B: checks
A: checks
turn Js
B: checks
A: checks
river Qd
B: checks
A: checks
showdown
A: shows Ah Kh
B: shows 3c 4d
A: collects 4
"""


def _heads_up(**changes: object) -> ParsedHand:
    return replace(hand(HEADS_UP, seats=[("A", 100), ("B", 100)], button=1), **changes)  # type: ignore[arg-type]


def _seated(
    count: int,
    *,
    numbers: list[int] | None = None,
    game: str = "NLHE",
    max_seats: int | None = None,
) -> ParsedHand:
    numbers = numbers or list(range(1, count + 1))
    seats = tuple(Seat(seat=n, name=f"P{n}", stack=100) for n in numbers)
    return replace(_heads_up(), seats=seats, game=game, max_seats=max_seats)  # fmt: skip


def _rule(parsed: ParsedHand) -> str | None:
    with pytest.raises(RuleViolation) as caught:
        replay(parsed, record_states=True)
    return caught.value.rule


def test_ten_thousand_seats_at_a_nine_max_table_are_refused_before_the_replay() -> None:
    """The issue's hand, as PokerStars text: D6, located at no event (nothing was applied:
    its first action, out of turn, would otherwise be the B3 error)."""
    seats = "\n".join(f"Seat {n}: P{n} ($1 in chips)" for n in range(1, 10_001))
    text = (
        "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 12:00:00 ET\n"
        "Table 'T' 9-max Seat #1 is the button\n"
        f"{seats}\n"
        "P2: posts small blind $0.01\nP3: posts big blind $0.02\n*** HOLE CARDS ***\n"
        "P3: folds\n*** SUMMARY ***\nTotal pot $0.03 | Rake $0\n"
    )
    parsed = parse_hand(Source("big.txt", 1, text))
    assert len(parsed.seats) == 10_000
    with pytest.raises(RuleViolation) as caught:
        replay(parsed, record_states=True)
    error = caught.value
    assert (error.rule, error.event_index) == ("D6", None)
    assert "10000 players seated, but a 9-max table seats at most 9" in str(error)


@pytest.mark.parametrize(
    ("parsed", "message"),
    [
        (_seated(11), "11 players seated, but Hold'em No Limit seats at most 10"),
        (_seated(7, max_seats=6), "7 players seated, but a 6-max table seats at most 6"),
        (_seated(9, game="FL7S"), "9 players seated, but 7 Card Stud Limit seats at most 8"),
        (_seated(2, numbers=[1, 11]), "P11 sits in seat 11: the table's seats are 1 to 10"),
        (_seated(2, numbers=[0, 1]), "P0 sits in seat 0: the table's seats are 1 to 10"),
        (_seated(2, numbers=[1, 10_000], max_seats=9), "seats are 1 to 10"),
    ],
    ids=["eleven", "beyond-max-seats", "stud-nine", "seat-11", "seat-0", "seat-10000"],
)
def test_tables_no_game_is_played_at_are_d6(parsed: ParsedHand, message: str) -> None:
    with pytest.raises(Exception, match="D6") as caught:
        check_hand(parsed, GAME_SPECS[parsed.game])
    assert message in str(caught.value)
    assert _rule(parsed) == "D6"


@pytest.mark.parametrize(
    "parsed",
    [
        _seated(3, numbers=[1, 3, 5], max_seats=3),  # PokerStars 3-max (Spin & Go)
        _seated(6, numbers=[1, 2, 4, 6, 7, 9], max_seats=6),  # 888poker 6-max
        _seated(8, game="FLBADUGI", max_seats=8),  # PokerStars badugi, 8-max
        _seated(8, game="FLBADUGI"),  # Full Tilt badugi, no size in the header
        _seated(7, game="NL27SD", max_seats=7),  # PokerStars 2-7 single draw
        _seated(10, max_seats=10),
        _seated(8, game="FL7S"),
    ],
    ids=["ps-3max", "888-6max", "ps-badugi", "ftp-badugi", "ps-27sd", "ten-max", "stud-8"],
)
def test_real_tables_fit(parsed: ParsedHand) -> None:
    check_hand(parsed, GAME_SPECS[parsed.game])


def test_a_stack_beyond_any_game_is_l1() -> None:
    parsed = _heads_up(
        seats=(Seat(seat=1, name="A", stack=2**63), Seat(seat=2, name="B", stack=100))
    )
    assert _rule(parsed) == "L1"


def test_the_limit_itself_is_allowed() -> None:
    parsed = _heads_up(
        seats=(Seat(seat=1, name="A", stack=MAX_AMOUNT), Seat(seat=2, name="B", stack=100))
    )
    assert replay(parsed).total_pot == 4


def test_a_bet_beyond_any_game_is_l1_not_b1() -> None:
    """The bet is above A's stack (B1 first), but the amount is the fault worth naming."""
    events = list(_heads_up().events)
    events[2] = ev.Call(player="A", amount=2**64, line=3)
    with pytest.raises(RuleViolation) as caught:
        replay(_heads_up(events=tuple(events)))
    assert (caught.value.rule, caught.value.event_index, caught.value.line) == ("L1", 2, 3)


@pytest.mark.parametrize(
    "extra",
    [
        ev.Collect(player="B", amount=2**63, line=20),
        ev.PotAdded(amount=2**63, line=20),
        ev.CashOut(player="B", amount=2**63, line=20),
    ],
    ids=lambda e: e.kind,
)
def test_amounts_no_stack_bounds_are_l1(extra: ev.Event) -> None:
    parsed = _heads_up()
    assert _rule(replace(parsed, events=(*parsed.events, extra))) == "L1"


@pytest.mark.parametrize(
    "summary",
    [Summary(total_pot=10**13), Summary(rake=10**13), Summary(jackpot=10**13),
     Summary(splash=10**13), Summary(pots=(4, 10**13))],
    ids=["total_pot", "rake", "jackpot", "splash", "pots"],
)  # fmt: skip
def test_summary_totals_beyond_any_game_are_l1(summary: Summary) -> None:
    assert _rule(_heads_up(summary=summary)) == "L1"


@pytest.mark.corpus
@pytest.mark.parametrize("name", ["pokerstars", "pluribus"])
def test_no_real_hand_is_d6_or_l1(name: str) -> None:
    hands = replayed(name)
    if not hands:
        pytest.skip("corpora absent")
    refused = [
        r.hand.hand_id
        for r in hands
        if r.error is not None and r.error.rule in {"D6", "L1"} and r.hand
    ]
    assert refused == []
