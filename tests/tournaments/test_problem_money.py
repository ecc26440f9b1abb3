"""Issue 23 item 14: a tournament's problems write money as its currency does ("$30.00"),
never the stored cents (3000)."""

from __future__ import annotations

from analytics.output.format import Money
from analytics.tournaments.summaries import Placed, merge_places


def test_a_prize_difference_is_written_in_money() -> None:
    _, problems = merge_places({"A": Placed(1, 3000, source="summary")},
                               {"A": Placed(1, 2500)}, money=Money("USD", 100))  # fmt: skip
    (problem,) = problems
    assert problem.message == "A: the summary says a prize of $30.00, the hands $25.00"
