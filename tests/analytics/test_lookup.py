"""find_hand / replay_stored: a stored hand found by number and replayed from its text."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from analytics_fakes import FAKE_STAGES, file_text, hand_text, parse_hand

from analytics.ingest.importer import import_paths
from analytics.store.lookup import HandNotFound, find_hand


def test_find_by_number_or_site_and_number(fresh_db: Path, write) -> None:
    def full_tilt(raw):
        return dataclasses.replace(parse_hand(raw), site="Full Tilt")

    import_paths([write("a.txt", file_text(hand_text(7), hand_text(8)))], fresh_db,
                 stages=FAKE_STAGES)  # fmt: skip
    import_paths([write("b.txt", file_text(hand_text(7)))], fresh_db,
                 stages=dataclasses.replace(FAKE_STAGES, parse_hand=full_tilt))  # fmt: skip
    hand = find_hand(fresh_db, "8")
    assert (hand.site, hand.hand_id, hand.status, hand.raw) == ("PokerStars", "8", "ok",
                                                                hand_text(8))  # fmt: skip
    assert hand.source.first_line == 15
    assert find_hand(fresh_db, "full tilt:7").site == "Full Tilt"
    with pytest.raises(HandNotFound, match="7 is ambiguous: PokerStars:7, Full Tilt:7"):
        find_hand(fresh_db, "7")
    with pytest.raises(HandNotFound, match="no stored hand 9"):
        find_hand(fresh_db, "9")
