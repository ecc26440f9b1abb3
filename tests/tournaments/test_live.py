"""Between hands in live tournament logs: T5 colour-ups, T6 moves, stacks carried over, and
the T7 shootout round from the header (issue 12, acceptance 2)."""

from __future__ import annotations

import pytest

from analytics.tournaments.live import LoggedHand, check, colour_up
from parser.kit.tournament import tournament_of_header
from parser.model import events as ev
from parser.model.cards import Card
from parser.model.hand import Source
from parser.rooms.phh.reader import parse_phh
from parser.rooms.phh.tournament import parse_between


def _race(*pairs: tuple[str, str]) -> list[ev.ChipRaceCard]:
    return [ev.ChipRaceCard(player=p, card=Card.parse(c)) for p, c in pairs]


def test_t5_colour_up_leaves_a_player_without_chips() -> None:
    # 25s go, 100 is the smallest chip. A 1025 (odd 25), B 75 (only odd chips), C 1050 (50),
    # D 1000. Pool 150 -> one chip, and the 50 left is half a chip: rounds up: 2 chips.
    # B would have nothing: he gets one chip first, the other is raced by A and C (seat
    # order), C's Kd beats A's Kc (suits: c < d < h < s).
    result = colour_up(
        [("A", 1025), ("B", 75), ("C", 1050), ("D", 1000)],
        ev.ColourUp(old_chip=25, new_chip=100),
        _race(("A", "Kc"), ("C", "Kd")),
    )
    assert result.given == ("B",)
    assert result.raced == 1
    assert result.winners == ("C",)
    assert result.stacks == {"A": 1000, "B": 100, "C": 1100, "D": 1000}


def test_t5_less_than_half_a_chip_is_removed() -> None:
    result = colour_up([("A", 1020), ("B", 1020)], ev.ColourUp(old_chip=5, new_chip=100),
                       _race(("A", "2c"), ("B", "3c")))  # fmt: skip
    assert (result.raced, result.stacks) == (0, {"A": 1000, "B": 1000})


def test_t5_race_cards_out_of_seat_order_are_refused() -> None:
    with pytest.raises(ValueError, match=r"\[T5\] the race cards go to A, C from seat 1"):
        colour_up([("A", 1025), ("C", 1050)], ev.ColourUp(old_chip=25, new_chip=100),
                  _race(("C", "Kd"), ("A", "Kc")))  # fmt: skip


def _hand(hand_id: str, table: str, start: dict[str, int], end: dict[str, int],
          **kw: object) -> LoggedHand:  # fmt: skip
    seats = kw.pop("seats", {n: k + 1 for k, n in enumerate(start)})
    dealt = kw.pop("dealt_in", frozenset(start))
    return LoggedHand(
        hand_id=hand_id,
        table=table,
        seats=seats,
        dealt_in=dealt,
        start=start,
        end=end,
        live=True,
        **kw,
    )  # type: ignore[arg-type]


def test_colour_up_explains_the_next_stacks_and_a_wrong_one_is_reported() -> None:
    up = (ev.ColourUp(old_chip=25, new_chip=100), *_race(("A", "Kc"), ("C", "Kd")))
    first = _hand("1", "T", {"A": 1000, "B": 100, "C": 1000}, {"A": 1025, "B": 75, "C": 1050})
    good = _hand("2", "T", {"A": 1000, "B": 100, "C": 1100}, {"A": 1000, "B": 100, "C": 1100},
                 before=up)  # fmt: skip
    assert check([first, good]) == []
    wrong = _hand("2", "T", {"A": 1100, "B": 100, "C": 1000}, {"A": 1100, "B": 100, "C": 1000},
                  before=up)  # fmt: skip
    problems = check([first, wrong])
    assert [p.kind for p in problems] == ["stack_continuity", "stack_continuity"]
    assert "A ends hand 1 with 1025 and starts hand 2 with 1100" in problems[0].message


def test_t6_a_move_between_button_and_small_blind_waits_for_the_button() -> None:
    # Table 2, 9 seats: button seat 3, small blind seat 5. Dee moves into seat 4, between
    # them: she may not be dealt in until the button reaches her.
    move = ev.TableMove(player="Dee", from_table="1", from_seat=5, to_table="2", to_seat=4)
    at_one = _hand("1", "1", {"Dee": 800, "X": 1000}, {"Dee": 800, "X": 1000})
    common = {"seats": {"Ann": 1, "Bob": 3, "Dee": 4, "Cy": 5}, "button": 3,
              "small_blind": 5, "max_seats": 9, "before": (move,)}  # fmt: skip
    start = {"Ann": 500, "Bob": 500, "Dee": 800, "Cy": 500}
    waited = _hand("2", "2", start, start, dealt_in=frozenset({"Ann", "Bob", "Cy"}), **common)
    assert check([at_one, waited]) == []
    dealt = _hand("2", "2", start, start, **common)
    (problem,) = check([at_one, dealt])
    assert problem.rule == "T6"
    assert "between the button (seat 3) and the small blind (seat 5)" in problem.message
    moved_short = _hand("2", "2", {**start, "Dee": 700}, {**start, "Dee": 700},
                        dealt_in=frozenset({"Ann", "Bob", "Cy"}), **common)  # fmt: skip
    (problem,) = check([at_one, moved_short])
    assert "Dee ends hand 1 with 800 and starts hand 2 with 700 (tables 1 and 2)" in (
        problem.message
    )


def test_between_strings_parse_and_errors_name_the_line() -> None:
    assert parse_between("colour_up 25 100") == ev.ColourUp(old_chip=25, new_chip=100)
    assert parse_between('race "Ann Lee" Kh') == ev.ChipRaceCard(
        player="Ann Lee", card=Card.parse("Kh")
    )
    text = (
        'variant = "NT"\n_tournament = "live-1"\ntable = "2"\nantes = [0, 0]\n'
        "blinds_or_straddles = [50, 100]\nmin_bet = 100\nstarting_stacks = [1000, 1000]\n"
        'players = ["Ann", "Bob"]\nactions = ["d dh p1 AhKh", "d dh p2 QcJc", "p2 f"]\n'
        '_between = ["colour_up 25 100",\n  "race Ann Kh"]\n'
    )
    from parser.model.errors import ParseError

    with pytest.raises(ParseError, match=r"h.phh:11: _between #1 'race Ann Kh'"):
        parse_phh(Source("h.phh", 1, text))
    hand = parse_phh(Source("h.phh", 1, text.replace("race Ann Kh", 'race \\"Ann\\" Kh')))
    assert hand.tournament is not None
    assert hand.tournament.before == (
        ev.ColourUp(old_chip=25, new_chip=100, line=10),
        ev.ChipRaceCard(player="Ann", card=Card.parse("Kh"), line=11),
    )


def test_t7_shootout_round_and_buy_in_from_the_header() -> None:
    line = ("PokerStars Hand #1: Tournament #734703906, $2.00+$0.20 USD Hold'em No Limit"
            " - Match Round II, Level I (10/20) - 2013/05/26 16:45:00 ET")  # fmt: skip
    t = tournament_of_header(line, "734703906", "I")
    assert (t.round, t.buy_in, t.fee, t.currency) == (2, 200, 20, "USD")
    ko = tournament_of_header("Tournament #5, $1.00+$0.25+$0.15 USD Hold'em", "5", None)
    assert (ko.buy_in, ko.bounty, ko.fee, ko.round) == (100, 25, 15, None)
    free = tournament_of_header("Tournament #6, Freeroll  Hold'em No Limit", "6", None)
    assert free.freeroll
    assert free.buy_in == 0
    fpp = tournament_of_header("Tournament #7, 50FPP Hold'em Limit", "7", None)
    assert (fpp.currency, fpp.buy_in, fpp.unit) == ("FPP", 50, 1)
