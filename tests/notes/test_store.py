"""Notes on players and tags on hands in the database (issue 26 item 3;
analytics/store/notes.py, migration 0014_notes_tags)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from analytics.ingest.importer import import_paths
from analytics.store import notes
from analytics.store.db import open_writer
from analytics.store.delete import delete_hands, select_hands
from analytics.store.lookup import HandNotFound
from analytics.store.sqlite_utils_lean import Database

NLHE = Path(__file__).resolve().parents[2] / "sample_histories" / "pokerstars" / "nlhe"
SHOWDOWN = NLHE / "kicker-decides.txt"


@pytest.fixture
def db(notes_db: Path) -> Iterator[Database]:
    database, _ = open_writer(notes_db)
    yield database
    database.close()


def test_a_note_is_stored_edited_and_deleted(db: Database) -> None:
    site, player = notes.resolve_player(db.conn, "jon")  # any case: stored as Jon
    assert (site, player) == ("PokerStars", "Jon")
    first = notes.add_note(db.conn, site, player, "  calls three streets with top pair  ")
    second = notes.add_note(db.conn, site, player, "3-bets light from the button")
    found = notes.notes_for(db.conn, [(site, player)])[(site, player)]
    assert [n.text for n in found] == ["calls three streets with top pair",
                                      "3-bets light from the button"]  # fmt: skip
    notes.update_note(db.conn, first.id, "folds to river bets")
    notes.delete_note(db.conn, second.id)
    (only,) = notes.notes_for(db.conn, [(site, player)])[(site, player)]
    assert (only.id, only.text) == (first.id, "folds to river bets")
    assert notes.notes_for(db.conn, [("PokerStars", "Kat")]) == {}


@pytest.mark.parametrize(
    ("text", "message"),
    [("   ", "a note needs some text"), ("x" * (notes.MAX_NOTE + 1), "at most 2,000")],
)
def test_an_empty_or_overlong_note_is_refused(db: Database, text: str, message: str) -> None:
    with pytest.raises(notes.NoteError, match=message):
        notes.add_note(db.conn, "PokerStars", "Jon", text)
    assert notes.search_notes(db.conn) == []


def test_unknown_notes_and_players_are_refused(db: Database) -> None:
    with pytest.raises(notes.NoteError, match="no note 99"):
        notes.update_note(db.conn, 99, "text")
    with pytest.raises(notes.NoteError, match="no note 99"):
        notes.delete_note(db.conn, 99)
    with pytest.raises(notes.NoteError, match="no player 'Nobody' is stored"):
        notes.resolve_player(db.conn, "Nobody")


def test_search_finds_text_and_names_in_any_case_with_wildcards_taken_literally(
    db: Database,
) -> None:
    notes.add_note(db.conn, "PokerStars", "Jon", "Overbets 100% of the pot")
    notes.add_note(db.conn, "PokerStars", "Kat", "over 50_percent folds")
    notes.add_note(db.conn, "PokerStars", "Leo", "nit")
    assert [n.player for n in notes.search_notes(db.conn, "OVERBETS")] == ["Jon"]
    assert [n.player for n in notes.search_notes(db.conn, "100%")] == ["Jon"]
    assert [n.player for n in notes.search_notes(db.conn, "50_p")] == ["Kat"]
    assert notes.search_notes(db.conn, "0%_") == []  # % and _ are not wildcards
    assert [n.player for n in notes.search_notes(db.conn, "leo")] == ["Leo"]  # by name
    assert len(notes.search_notes(db.conn, "")) == 3


def test_tags_are_case_folded_listed_and_taken_off(db: Database) -> None:
    site, hand = notes.resolve_hand(db.conn, "PokerStars:9000000031")
    assert notes.tag_hand(db.conn, site, hand, "Hero  Call")
    assert not notes.tag_hand(db.conn, site, hand, "hero call")  # the same tag
    assert notes.tag_hand(db.conn, site, hand, "review")
    assert notes.tag_hand(db.conn, *notes.resolve_hand(db.conn, "9000000014"), "review")
    assert notes.tags_for(db.conn, site, hand) == ["hero call", "review"]
    assert notes.tags_used(db.conn) == [("review", 2), ("hero call", 1)]
    tagged = notes.hands_tagged(db.conn, "REVIEW")
    assert {t.hand_id for t in tagged} == {"9000000031", "9000000014"}
    assert all(t.table_name for t in tagged)
    assert [t.tag for t in notes.hands_tagged(db.conn, "hero", partial=True)] == ["hero call"]
    assert notes.tags_of_hands(db.conn, [(site, hand), ("PokerStars", "1")]) == {
        (site, hand): ["hero call", "review"]
    }
    assert notes.untag_hand(db.conn, site, hand, "Review")
    assert not notes.untag_hand(db.conn, site, hand, "review")
    assert notes.tags_for(db.conn, site, hand) == ["hero call"]
    with pytest.raises(notes.NoteError, match="at most 40"):
        notes.tag_hand(db.conn, site, hand, "x" * 41)


def test_an_unknown_hand_is_refused(db: Database) -> None:
    with pytest.raises(HandNotFound, match="no stored hand 1234"):
        notes.resolve_hand(db.conn, "1234")


def test_tags_and_notes_outlive_a_deleted_and_reimported_hand(notes_db: Path) -> None:
    """Keyed by (site, hand_id) and (site, name): a hand deleted and imported again keeps
    its tags, its players their notes."""
    db, _ = open_writer(notes_db)
    try:
        notes.tag_hand(db.conn, "PokerStars", "9000000031", "review")
        notes.add_note(db.conn, "PokerStars", "Mr Pink", "slowplays aces")
    finally:
        db.close()
    delete_hands(notes_db, select_hands(notes_db, ["PokerStars:9000000031"], []))
    db, _ = open_writer(notes_db)
    try:
        assert notes.hands_tagged(db.conn, "review")[0].started_at is None  # gone, still tagged
    finally:
        db.close()
    import_paths([SHOWDOWN], notes_db, rescan=True)
    db, _ = open_writer(notes_db)
    try:
        (tagged,) = notes.hands_tagged(db.conn, "review")
        assert tagged.started_at is not None
        assert notes.search_notes(db.conn, "slowplays")[0].player == "Mr Pink"
    finally:
        db.close()
