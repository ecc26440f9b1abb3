"""The all-in point the engine notes as it replays (``ReplayResult.all_in_point``, issue 11)
is the one ``analytics.equity.all_in_ev.all_in_point`` finds in the states after every event, on
real hands of every game: all-in EV relies on it instead of replaying the hand again."""

from __future__ import annotations

import pytest

from analytics.equity.all_in_ev import all_in_point
from parser.model.errors import PokerhhError
from parser.model.games import GAME_SPECS
from parser.model.hand import ParsedHand
from replayer import replay
from tests.corpus import replayed

pytestmark = pytest.mark.corpus


def _hands(corpus: str, every: int) -> list[ParsedHand]:
    """The hands that parse, from the session's one parse of the corpus (tests/corpus.py)."""
    return [r.hand for r in replayed(corpus) if r.hand is not None][::every]


@pytest.mark.parametrize(("corpus", "every"), [("pokerstars", 1), ("pluribus", 4)])
def test_the_engine_notes_the_all_in_point_the_states_show(corpus, every):
    hands = _hands(corpus, every)
    if not hands:
        pytest.skip(f"corpus {corpus} is absent")
    points = 0
    for hand in hands:
        try:
            fast = replay(hand)
        except PokerhhError:
            continue  # quarantined by an import: no EV
        recorded = replay(hand, record_states=True)
        found = all_in_point(recorded, GAME_SPECS[hand.game])
        expected = None if found is None else (found[0], found[1].street, found[1].boards[0])
        assert fast.all_in_point == recorded.all_in_point == expected, hand.hand_id
        points += expected is not None
    assert points > 0  # the corpora have all-in hands: the check compared some points
