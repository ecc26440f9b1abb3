"""Hand-for-hand busts (T3), table balancing (T6) and the opening seat draw (T8) on live
logs (issue 12, items 2-4): each rule followed and broken, the break reported with its
rule id."""

from __future__ import annotations

import pytest

from analytics.tournaments.balancing import balance, draw_sizes, seat_draw
from analytics.tournaments.live import LoggedHand
from analytics.tournaments.standings import HandStacks, standings
from parser.model import events as ev
from parser.model.errors import ParseError
from parser.model.hand import Source
from parser.rooms.phh.reader import parse_phh


def test_t3_hand_for_hand_busts_at_two_tables_count_as_one_hand() -> None:
    # Five left, two tables, hand-for-hand round 5. Table 1: X (300 at the start of the
    # hand) busts. Table 2: Y (500) and Z (300) bust. One hand for the places: Y 3rd, X
    # and Z (300 each) tie for 4th; A and B play on.
    hands = [
        HandStacks("1-5", "1", {"A": 900, "X": 300}, {"A": 1200, "X": 0}, hand_for_hand=5),
        HandStacks("2-5", "2", {"B": 1000, "Y": 500, "Z": 300},
                   {"B": 1800, "Y": 0, "Z": 0}, hand_for_hand=5),
    ]  # fmt: skip
    placed = {s.name: (s.place, s.tied, s.hand_id) for s in standings(hands, 5)}
    assert placed == {"A": (None, 1, None), "B": (None, 1, None), "Y": (3, 1, "2-5"),
                      "X": (4, 2, "1-5"), "Z": (4, 2, "2-5")}  # fmt: skip
    # Not hand-for-hand, X went out first: 5th.
    plain = [HandStacks(h.hand_id, h.table, h.start, h.end) for h in hands]
    assert {s.name: s.place for s in standings(plain, 5)}["X"] == 5


def test_hand_for_hand_round_is_read_from_the_log() -> None:
    text = (
        'variant = "NT"\n_tournament = "t"\n_hand_for_hand = 3\ntable = "2"\nantes = [0, 0]\n'
        "blinds_or_straddles = [50, 100]\nmin_bet = 100\nstarting_stacks = [1000, 1000]\n"
        'players = ["Ann", "Bob"]\nactions = ["d dh p1 AhKh", "d dh p2 QcJc", "p2 f"]\n'
    )
    hand = parse_phh(Source("h.phh", 1, text))
    assert hand.tournament is not None
    assert hand.tournament.hand_for_hand == 3
    with pytest.raises(ParseError, match="_hand_for_hand must be a round number from 1"):
        parse_phh(Source("h.phh", 1, text.replace("= 3", "= 0")))


def _table(hand_id: str, table: str, names: list[str], *, busts: tuple[str, ...] = (),
           before: tuple[ev.Event, ...] = (), seats: dict[str, int] | None = None,
           h4h: int | None = None) -> LoggedHand:  # fmt: skip
    """A hand at a 10-seat table: seats 1.. in order, button seat 1, blinds seats 2, 3."""
    seats = seats or {n: k + 1 for k, n in enumerate(names)}
    start = dict.fromkeys(names, 1000)
    end = {n: 0 if n in busts else 1000 for n in names}
    return LoggedHand(hand_id=hand_id, table=table, seats=seats, dealt_in=frozenset(names),
                      start=start, end=end, before=before, button=1, small_blind=2,
                      big_blind=3, max_seats=10, live=True, hand_for_hand=h4h)  # fmt: skip


ONE = [f"a{k}" for k in range(1, 10)]  # table 1: nine players, seats 1-9
TWO = [f"b{k}" for k in range(1, 8)]  # table 2: seven, seats 1-7


def _move(player: str, seat: int, to_seat: int) -> ev.TableMove:
    return ev.TableMove(player=player, from_table="1", from_seat=seat, to_table="2",
                        to_seat=to_seat)  # fmt: skip


def _after(move: ev.TableMove, *, start_two: list[str] | None = None) -> list[LoggedHand]:
    moved = [n for n in ONE if n != move.player]
    seats = {n: k + 1 for k, n in enumerate(TWO)} | {move.player: move.to_seat}
    return [
        _table("1-1", "1", ONE),
        _table("2-1", "2", TWO),
        _table("2-2", "2", (start_two or TWO) + [move.player], before=(move,), seats=seats),
        _table("1-2", "1", moved, seats={n: int(n[1:]) for n in moved}),
    ]


def test_t6_nine_and_seven_move_the_player_nearest_the_big_blind() -> None:
    # 9/7 may go to 8/8 (closer balancing, 002). Table 1's big blind was seat 3: the next
    # to post it is a4 (seat 4). Table 2's big blind was seat 3, seats 8-10 are free: the
    # first free seat after it is 8.
    assert balance(_after(_move("a4", 4, 8))) == []


def test_t6_the_wrong_player_or_seat_is_reported() -> None:
    (who,) = balance(_after(_move("a6", 6, 8)))
    assert who.rule == "T6"
    assert who.hand_id == "2-2"
    assert "the player nearest the big blind there is a4 (seat 4" in who.message
    (where,) = balance(_after(_move("a4", 4, 10)))
    assert "moves to seat 10 of table 2, but the free seat nearest the big blind is seat 8" in (
        where.message
    )


def test_t6_a_move_between_balanced_tables_is_reported() -> None:
    # 8/8: nothing to balance.
    hands = [
        _table("1-1", "1", ONE[:8]),
        _table("2-1", "2", [*TWO, "b8"]),
        _table("2-2", "2", [*TWO, "b8", "a4"], before=(_move("a4", 4, 9),),
               seats={**{n: int(n[1:]) for n in [*TWO, "b8"]}, "a4": 9}),
        _table("1-2", "1", [n for n in ONE[:8] if n != "a4"]),
    ]  # fmt: skip
    problems = balance(hands)
    assert [p.rule for p in problems] == ["T6"]
    assert problems[0].message == (
        "a4 moves from table 1 (8 players) to table 2 (8): T6 moves a player only from a"
        " table with at least two players more, or one being broken up"
    )


def test_t6_a_table_three_above_another_must_not_start_a_hand() -> None:
    # Table 2 loses b7: 9 against 6. Table 1 starts its next hand with nine: reported.
    hands = [
        _table("1-1", "1", ONE),
        _table("2-1", "2", TWO, busts=("b7",)),
        _table("1-2", "1", ONE),
        _table("2-2", "2", TWO[:6]),
    ]
    (problem,) = balance(hands)
    assert (problem.rule, problem.hand_id) == ("T6", "1-2")
    assert "table 1 starts hand 1-2 with 9 players while table 2 has 6" in problem.message


def test_t6_breaking_a_table_moves_anyone_anywhere() -> None:
    three = ["c1", "c2"]
    moves = tuple(ev.TableMove(player=n, from_table="3", from_seat=k + 1, to_table="2",
                               to_seat=8 + k) for k, n in enumerate(three))  # fmt: skip
    hands = [
        _table("2-1", "2", TWO),
        _table("3-1", "3", three),
        _table("2-2", "2", TWO + three, before=moves,
               seats={**{n: k + 1 for k, n in enumerate(TWO)}, "c1": 8, "c2": 9}),
    ]  # fmt: skip
    assert balance(hands) == []


def test_t6_hand_for_hand_no_table_starts_before_every_table_finished() -> None:
    hands = [
        _table("1-5", "1", ONE[:5], h4h=1),
        _table("1-6", "1", ONE[:5], h4h=2),
        _table("2-5", "2", TWO[:5], h4h=1),
    ]
    (problem,) = balance(hands)
    assert (problem.kind, problem.rule, problem.hand_id) == ("hand_for_hand", "T6", "1-6")
    assert "table 1 starts hand-for-hand round 2 before table 2 finished round 1" in (
        problem.message
    )
    in_order = [hands[0], hands[2], hands[1]]
    assert balance(in_order) == []


def test_t8_thirteen_players_at_ten_seat_tables_draw_seven_and_six() -> None:
    assert draw_sizes(13, 10) == [7, 6]
    players = [f"p{k}" for k in range(13)]
    good = [_table("1-1", "1", players[:7]), _table("2-1", "2", players[7:])]
    assert seat_draw(good) == []
    uneven = [_table("1-1", "1", players[:8]), _table("2-1", "2", players[8:])]
    (problem,) = seat_draw(uneven)
    assert (problem.kind, problem.rule, problem.hand_id) == ("seat_draw", "T8", "1-1")
    assert problem.message == (
        "the opening draw seats 13 players at 2 tables (1: 8, 2: 5); T8 draws them to the"
        " fewest 10-seat tables, as evenly as possible: 2 of 7 and 6"
    )
    three = [_table("1-1", "1", players[:5]), _table("2-1", "2", players[5:9]),
             _table("3-1", "3", players[9:])]  # fmt: skip
    (problem,) = seat_draw(three)
    assert "at 3 tables (1: 5, 2: 4, 3: 4)" in problem.message
