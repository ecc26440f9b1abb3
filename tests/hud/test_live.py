"""The live tables (analytics/hud/live.py) and their picture (dashboard/table_html.py):
the window of the last minutes, each table's latest hand, the hero, and opponents'
figures equal to ``pokerhh stats`` for them."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from analytics.hud import live
from analytics.ingest.importer import import_paths
from analytics.store.db import read_only
from analytics.store.notes import Note
from analytics.store.sqlite_utils_lean import Database
from dashboard.cli import main
from dashboard.table_html import table_html
from tests.hud.live_hands import OPPONENTS, hand_text

NOW = dt.datetime.now(dt.UTC).replace(microsecond=0)


@pytest.fixture(scope="module")
def live_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Table Alpha: 5 hands in the last minutes; Beta: 2, the latest newer than Alpha's;
    Old: one hand of yesterday."""
    folder = tmp_path_factory.mktemp("live")
    files = {
        "alpha.txt": [hand_text(7700000001 + i, "Alpha", NOW - dt.timedelta(minutes=5 - i), i % 2)
                      for i in range(5)],
        "beta.txt": [hand_text(7700000101 + i, "Beta", NOW - dt.timedelta(seconds=30 - i), i % 2)
                     for i in range(2)],
        "old.txt": [hand_text(7700000201, "Old", NOW - dt.timedelta(days=1), 0)],
    }  # fmt: skip
    for name, hands in files.items():
        (folder / name).write_text("".join(hands), encoding="utf-8")
    db = folder / "live.sqlite"
    report = import_paths(sorted(folder.glob("*.txt")), db)
    assert report.stored["ok"] == 8
    return db


@pytest.fixture
def db(live_db: Path) -> Iterator[Database]:
    database = read_only(live_db)
    yield database
    database.close()


def test_the_window_holds_the_last_minutes_and_each_tables_latest_hand(db: Database) -> None:
    hands = live.window(db.conn, live.since(10, NOW))
    assert {h.table_name for h in hands} == {"Alpha", "Beta"}  # not yesterday's table
    latest = live.latest_by_table(hands)
    assert [(k[1], h.hand_id) for k, h in latest.items()] == [
        ("Beta", "7700000102"), ("Alpha", "7700000005")]  # newest first  # fmt: skip
    assert len(live.window(db.conn, live.since(2.5, NOW))) == 2 + 2  # Alpha's last two, Beta


def _view(db: Database, table: str, hero: str | tuple[str, ...] | None = None) -> live.TableView:
    hands = live.window(db.conn, live.since(10, NOW))
    latest = live.latest_by_table(hands)[("PokerStars", table)]
    ids = [h.id for h in hands if h.table_name == table]
    return live.table_view(db.conn, latest, ids, hero)


def test_the_hero_is_the_player_whose_cards_are_known(db: Database) -> None:
    view = _view(db, "Alpha")
    assert (view.hero, view.hand_id, view.recent_hands) == ("Hero", "7700000005", 5)
    assert [(s.seat, s.name, s.is_hero) for s in view.seats] == [
        (1, "Hero", True), (2, "Ann", False), (3, "Bob", False), (4, "Cy", False)]  # fmt: skip
    assert view.seats[0].opponent is None
    assert all(s.opponent is not None for s in view.seats[1:])
    # The sidebar's hero, when he sits there, beats the guess: Hero gets figures.
    chosen = _view(db, "Alpha", hero="Ann")
    assert [s.name for s in chosen.seats if s.is_hero] == ["Ann"]
    assert chosen.seats[0].opponent is not None
    # A person's accounts: whichever of his names sits here.
    person = _view(db, "Alpha", hero=("Zed", "Bob"))
    assert [s.name for s in person.seats if s.is_hero] == ["Bob"]
    # None of them here: the guess.
    assert _view(db, "Alpha", hero=("Zed",)).hero == "Hero"


def test_no_hero_is_guessed_on_a_tie(samples_import: Path) -> None:
    """One hand, two players' cards shown at the showdown: no one is the hero."""
    database = read_only(samples_import)
    try:
        (hand,) = database.conn.execute(
            "SELECT id, site, table_name, hand_id, started_at FROM hands"
            " WHERE hand_id = '9000000031'"
        ).fetchall()
        view = live.table_view(database.conn, live.LiveHand(*hand), [hand[0]])
    finally:
        database.close()
    assert view.hero is None
    assert all(s.opponent is not None for s in view.seats)


def test_opponents_figures_equal_pokerhh_stats(
    db: Database, live_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    view = _view(db, "Beta")
    for seat in view.seats[1:]:
        assert seat.name in OPPONENTS
        assert main(["--db", str(live_db), "stats", "--player", seat.name, "--format", "json"]) == 0
        (row,) = json.loads(capsys.readouterr().out)
        opponent = seat.opponent
        assert opponent is not None
        assert opponent.hands == row["hands"] == 8
        for name in live.HUD_STATS:
            shown = opponent.figures[name]
            assert (shown.x, shown.n) == (row[name]["x"], row[name]["n"]), (seat.name, name)
            assert shown.value == pytest.approx(row[name]["value"], nan_ok=True)
            if "low" in row[name]:
                assert shown.low == pytest.approx(row[name]["low"])
                assert shown.high == pytest.approx(row[name]["high"])
        assert opponent.label is None  # 8 hands: too few for any label


def test_players_of_new_hands(db: Database) -> None:
    hands = live.window(db.conn, live.since(10, NOW))
    assert live.players_of(db.conn, [hands[-1].id]) == {
        ("PokerStars", name) for name in ("Hero", *OPPONENTS)}  # fmt: skip
    assert live.players_of(db.conn, []) == set()


def test_the_picture_escapes_names_and_notes_and_carries_the_samples(db: Database) -> None:
    view = _view(db, "Alpha")
    hostile = "<img src=x onerror=alert(1)>"
    seats = [*view.seats[:3], live.Seat(9, hostile, None, 1000, None, 0, False,
                                        opponent=view.seats[3].opponent)]  # fmt: skip
    picture = table_html(
        replace(view, seats=seats, table_name="<script>x</script>"),
        {("PokerStars", "Ann"): [Note(1, "PokerStars", "Ann", "<b>bluffs</b>", "t", "t")]},
        10,
    )
    for markup in ("<img", "<script>", "<b>"):
        assert markup not in picture
    assert "&lt;img src=x onerror=alert(1)&gt;" in picture
    assert "&lt;b&gt;bluffs&lt;/b&gt;" in picture
    ann = view.seats[1].opponent
    assert ann is not None
    vpip = ann.figures["vpip"]
    assert f'data-stat="vpip" data-x="{vpip.x}" data-n="{vpip.n}"' in picture
    assert "hand #7700000005" in picture
    assert "hero Hero" in picture
