"""All-in EV on real hands is the same with the heads-up pre-flop table as with full
enumeration (issue 11), and the table's rows agree with enumeration on real matchups.

The Pluribus logs show every player's cards, the folders' too, and those are dead (out of
the deck): none of its heads-up pre-flop spots can use the table. The PokerStars corpus has
such spots without dead cards, where the lookup replaces the enumeration.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import pytest

from analytics.equity import tables as tb
from analytics.equity.all_in_ev import all_in_ev
from analytics.equity.exact import HOLDEM_HIGH, equity_evaluator, runouts
from parser.model.games import GAME_SPECS
from replayer.result import ReplayResult
from tests.corpus import replayed

pytestmark = pytest.mark.corpus


@cache  # each corpus read and replayed once for the session (tests/corpus.py)
def _hold_em_all_ins(corpus: str) -> list[ReplayResult]:
    """The corpus's hands with an all-in point in games ranked by ``HOLDEM_HIGH``."""
    results = []
    for hand in replayed(corpus):
        result = hand.result
        if result is None:
            continue  # refused by the parser or the engine
        evaluator = equity_evaluator(GAME_SPECS[result.hand.game])
        if result.all_in_point is not None and evaluator is HOLDEM_HIGH:
            results.append(result)
    return results


@pytest.mark.parametrize(("corpus", "lookups"), [("pluribus", 0), ("pokerstars", 30)])
def test_every_all_in_ev_is_the_same_with_the_table(corpus, lookups, monkeypatch):
    results = _hold_em_all_ins(corpus)
    if not results:
        pytest.skip(f"corpus {corpus} is absent")
    looked_up = []
    counts = tb.heads_up_preflop_counts

    def counting(first: Sequence[int], second: Sequence[int]) -> tuple[int, int, int]:
        looked_up.append((first, second))
        return counts(first, second)

    monkeypatch.setattr(tb, "heads_up_preflop_counts", counting)
    computed = 0
    for result in results:
        fast = all_in_ev(result)
        exact = all_in_ev(result, preflop_table=False)
        assert fast == exact, result.hand.hand_id
        computed += fast is not None and fast.boards > 0
    assert computed >= 80 if corpus == "pluribus" else computed >= 100
    # Pluribus: 0 lookups (dead cards in every spot); PokerStars: 35 of its spots.
    assert (len(looked_up) == 0) if lookups == 0 else (len(looked_up) >= lookups)


def test_the_table_agrees_with_enumeration_on_pluribus_matchups():
    """Each heads-up pre-flop matchup of the corpus, without its dead cards."""
    matchups = set()
    for result in _hold_em_all_ins("pluribus"):
        assert result.all_in_point is not None
        board = result.all_in_point[2]
        live = [p for p in result.players if p.dealt_in and not p.folded]
        if not board and len(live) == 2:
            matchups.add(tuple(p.hole_cards for p in live))
    if not matchups:
        pytest.skip("corpus pluribus is absent")
    assert len(matchups) >= 40
    for first, second in sorted(matchups, key=str):
        mine, theirs = runouts([first, second]).high
        expected = (int((mine > theirs).sum()), int((mine < theirs).sum()),
                    int((mine == theirs).sum()))  # fmt: skip
        found = tb.heads_up_preflop_counts([c.index for c in first], [c.index for c in second])
        assert found == expected, (first, second)
