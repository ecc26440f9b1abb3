"""A recorded hand is saved as live PHH beside the database and imported like any other:
it replays ``ok`` from the database, and saving it again stores nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from analytics.recording.recorder import Recorder, RecordingError
from analytics.recording.save import save
from analytics.store.lookup import find_hand, replay_stored
from tests.phh.helpers import pokerkit_stacks
from tests.record.tables import cards, e6_hand, table

#: By hand (tests/record/tables.py, e6_hand): Bob's queens win the 36 chips.
E6_STACKS = {"Ann": 188, "Bob": 224, "Cy": 188}


def test_a_hand_with_an_e6_correction_saves_imports_and_replays_ok(tmp_path: Path) -> None:
    db = tmp_path / "hands.sqlite"
    recorded = e6_hand().finish()
    assert recorded.result is not None
    assert {p.name: p.final_stack for p in recorded.result.players} == E6_STACKS
    saved = save(recorded, db)
    assert saved.path == tmp_path / "recorded" / "Live_e6-1.phh"
    assert (saved.stored, saved.status, saved.key) == (1, "ok", "Live:e6-1")
    stored = find_hand(db, "Live:e6-1")
    assert stored.status == "ok"
    assert stored.raw == recorded.text
    assert '"@8 d return turn Kc set_aside E6"' in stored.raw
    again = replay_stored(stored)
    assert {p.name: p.final_stack for p in again.players} == E6_STACKS
    notes = [s.note for s in again.states if s.note]
    assert "premature turn Kc set aside — E6" in notes
    # Saved again: the same file, nothing new in the database.
    twice = save(recorded, db)
    assert (twice.stored, twice.report.duplicates, twice.status) == (0, 1, "ok")


def test_plain_phh_readers_replay_the_hand_as_played() -> None:
    pytest.importorskip("pokerkit")
    recorded = e6_hand().finish()
    assert pokerkit_stacks(recorded.text, 1) == [188, 224, 188]


def test_a_void_hand_is_stored_cancelled(tmp_path: Path) -> None:
    r = Recorder(table(200, 200, 200))
    r.deal()
    r.extra_card(cards("Kc")[0])
    r.extra_card(cards("Qd")[0])  # a second extra card: misdeal (E3)
    assert r.options().required.startswith("[E3]")
    r.misdeal("two extra cards")
    saved = save(r.finish(), tmp_path / "hands.sqlite")
    assert (saved.stored, saved.status) == (1, "cancelled")
    assert find_hand(tmp_path / "hands.sqlite", saved.key).problem_rule == "E3"


def test_another_hand_under_a_saved_number_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "hands.sqlite"
    save(e6_hand("same").finish(), db)
    other = Recorder(table(200, 200, 200, hand_id="same"))
    other.deal()
    other.fold()
    other.fold()
    with pytest.raises(RecordingError, match="holds another hand numbered same"):
        save(other.finish(), db)
    assert find_hand(db, "Live:same").raw == e6_hand("same").finish().text
