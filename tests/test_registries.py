"""Registries are complete: every event kind is documented, every game row is sound."""

from __future__ import annotations

from pathlib import Path

import pytest

from parser.model.events import EVENT_TYPES
from parser.model.games import GAME_SPECS, Betting

DOCS = Path(__file__).resolve().parents[1] / "docs"


@pytest.mark.parametrize("kind", sorted(EVENT_TYPES))
def test_every_event_kind_is_documented(kind):
    assert f"`{kind}`" in (DOCS / "events.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("code", sorted(GAME_SPECS))
def test_game_spec_rows_are_sound(code):
    spec = GAME_SPECS[code]
    assert spec.code == code
    assert len(set(spec.street_names)) == len(spec.streets)
    assert spec.hole_cards > 0
    if spec.betting is Betting.MIXED:
        covered = {name for name, _ in spec.street_betting}
        assert covered == set(spec.street_names), "a mixed structure names every street"
    if spec.betting is Betting.FIXED_LIMIT:
        assert spec.max_bets == 4, "B7: four bets per round"
