"""The all-in point the engine notes as it replays (``ReplayResult.all_in_point``, issue 11)
is the one ``analytics.equity.all_in_ev.all_in_point`` finds in the states after every event, on
real hands of every game: all-in EV relies on it instead of replaying the hand again."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest

from analytics.equity.all_in_ev import all_in_point
from parser import decode, parse_hand, split_hands
from parser.model.errors import PokerhhError
from parser.model.games import GAME_SPECS
from parser.model.hand import ParsedHand
from replayer import replay
from tests.corpus import corpus_files

pytestmark = pytest.mark.corpus


def _hands(files: list[Path], every: int) -> list[ParsedHand]:
    hands = []
    for path in files:
        with contextlib.suppress(PokerhhError):
            for raw in split_hands(decode(path.read_bytes(), str(path)), str(path)):
                with contextlib.suppress(PokerhhError):
                    hands.append(parse_hand(raw))
    return hands[::every]


@pytest.mark.parametrize(("corpus", "every"), [("pokerstars", 1), ("pluribus", 4)])
def test_the_engine_notes_the_all_in_point_the_states_show(corpus, every):
    hands = _hands(corpus_files(corpus), every)
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
