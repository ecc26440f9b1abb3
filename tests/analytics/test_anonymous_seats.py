"""Anonymous seats are not players (issue 22, item 4; migration 0012_anonymous_seats).

Bovada, Ignition and Bodog name no player: their reader calls the hero "Hero" and every
other seat "Seat N". Before 0012 "Seat 4" was one player of 586 hands of many people in
the shared corpus, listed by ``pokerhh stats`` and the overview. Now such a seat still
counts in its hand (the hand shows every seat, the hero's statistics count it as an
opponent) but is never a player of a list, a statistic or a search.

Written hands run always; the corpus test skips when ``../shared/corpora`` is absent.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from analytics.ingest.importer import import_paths
from analytics.stats import leaders, player_queries, queries
from analytics.stats.players import BadFilter, StatsQuery, checked_query, player_stats
from analytics.store.migrations import MIGRATIONS
from analytics.store.sqlite_utils_lean import Database
from dashboard import cli

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpora" / "sites" / "Bovada"

#: Three hands of one table, the hero in seat 3; "Seat 1" and "Seat 5" may be anyone.
HAND = """Bovada Hand #{number} TBL#1 HOLDEM No Limit - 2016-08-09 12:4{number_last}:00
Seat 1: Small Blind ($10 in chips)
Seat 3: Big Blind [ME] ($10 in chips)
Seat 5: Dealer ($10 in chips)
Dealer : Set dealer [5]
Small Blind : Small Blind $0.10
Big Blind  [ME] : Big blind $0.25
*** HOLE CARDS ***
Small Blind : Card dealt to a spot [9c Th]
Big Blind  [ME] : Card dealt to a spot [9d 9s]
Dealer : Card dealt to a spot [4c Kd]
{play}
*** SUMMARY ***
Total Pot({total})
"""
#: A walk to the hero (no VPIP chance: a walk), and two hands the dealer raises: the hero
#: calls the first (VPIP) and folds the second.
PLAYS = (
    ("Dealer : Folds\nSmall Blind : Folds\nBig Blind  [ME] : Hand result $0.35", "$0.35"),
    (
        "Dealer : Raises $0.75 to $0.75\nSmall Blind : Folds\nBig Blind  [ME] : Calls $0.50\n"
        "*** FLOP *** [2c 7d Jh]\nBig Blind  [ME] : Checks\nDealer : Bets $1\n"
        "Big Blind  [ME] : Folds\nDealer : Return uncalled portion of bet $1\n"
        "Dealer : Hand result $1.60",
        "$1.60",
    ),
    (
        "Dealer : Raises $0.75 to $0.75\nSmall Blind : Folds\nBig Blind  [ME] : Folds\n"
        "Dealer : Return uncalled portion of bet $0.50\nDealer : Hand result $0.60",
        "$0.60",
    ),
)


@pytest.fixture
def written(tmp_path: Path, write: Callable[[str, str], Path]) -> Path:
    """A database of the three written hands."""
    text = "\n\n".join(
        HAND.format(number=4000000001 + i, number_last=i, play=play, total=total)
        for i, (play, total) in enumerate(PLAYS)
    )
    db = tmp_path / "written.sqlite"
    report = import_paths([write("bovada.txt", text)], db)
    assert report.files_refused == []
    return db


def _open(db: Path) -> sqlite3.Connection:
    return sqlite3.connect(db)


def test_the_seats_are_stored_and_flagged_anonymous(written: Path) -> None:
    conn = _open(written)
    assert conn.execute("SELECT count(*), min(status), max(status) FROM hands").fetchone() == (
        3, "ok", "ok",
    )  # fmt: skip
    # A hand still shows all its seats, and counts them.
    for hand, players in conn.execute("SELECT id, players FROM hands"):
        names = [r[0] for r in conn.execute(
            "SELECT name FROM hand_players WHERE hand = ? ORDER BY seat", (hand,)
        )]  # fmt: skip
        assert names == ["Seat 1", "Hero", "Seat 5"]
        assert players == 3
    flags = dict(conn.execute("SELECT name, anonymous FROM players").fetchall())
    assert flags == {"Seat 1": 1, "Hero": 0, "Seat 5": 1}


@pytest.mark.parametrize("aggregated", [True, False])
def test_only_the_hero_is_listed_and_his_statistics_count_every_seat(
    written: Path, aggregated: bool
) -> None:
    conn = _open(written)
    everyone = queries.Filters()
    assert queries.filter_options(conn, aggregated=aggregated).players == ("Hero",)
    assert list(queries.player_table(conn, everyone, aggregated=aggregated)["player"]) == ["Hero"]
    chosen = leaders.leaders(conn, everyone, aggregated=aggregated)
    assert [player_queries.player_ids(conn, "Hero")] == [list(chosen.player_ids)]
    stats = player_stats(conn, StatsQuery(), aggregated=aggregated)
    assert list(stats["player"]) == ["Hero"]
    (hero,) = stats.to_dict("records")
    # Hand-counted: 3 hands, one a walk; he calls one raise of the two (VPIP 1/2), never
    # raises; went to the flop once and did not reach showdown.
    assert hero["hands"] == 3
    assert (hero["vpip_x"], hero["vpip_n"]) == (1, 2)
    assert (hero["pfr_x"], hero["pfr_n"]) == (0, 2)
    # The same as the seats' own rows give, which know nothing of anonymity.
    raw = conn.execute(
        "SELECT count(*), sum(vpip), count(*) - sum(walk) FROM player_hand_stats s"
        " JOIN players p ON p.id = s.player_id WHERE p.name = 'Hero'"
    ).fetchone()
    assert raw == (3, 1, 2)


def test_no_seat_is_found_by_the_hand_search_or_the_stats_command(
    written: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    conn = _open(written)
    everyone = queries.Filters()
    assert queries.hands_table(conn, everyone, queries.HandSearch(player="Seat")).empty
    assert len(queries.hands_table(conn, everyone, queries.HandSearch(player="hero"))) == 3
    assert queries.player_hands(conn, everyone, "Seat 1").empty
    assert player_queries.player_ids(conn, "Seat 1") == []
    assert player_stats(conn, StatsQuery(players=("Seat 1",))).empty
    with pytest.raises(BadFilter, match="no player 'Seat 1'"):
        checked_query(conn, StatsQuery(players=("Seat 1",)))
    assert cli.main(["stats", "--db", str(written)]) == 0
    out = capsys.readouterr().out
    assert "Hero (Bovada, USD) · 3 hands" in out
    assert "Seat" not in out
    assert cli.main(["stats", "--db", str(written), "--player", "Seat 5"]) != 0


def test_the_migration_flags_rows_stored_before_it(tmp_path: Path) -> None:
    """A database of schema 0011 holding "Seat 4": 0012 recognises the stored rows (a
    generated column), only at the anonymous rooms and only for "Seat" and digits."""
    db = Database(tmp_path / "old.sqlite")
    MIGRATIONS.apply(db, stop_before="0012_anonymous_seats")
    rows = [
        ("Bovada", "Seat 4"), ("Ignition", "Seat 1468"), ("Bodog", "Seat 9"),
        ("Bovada", "Hero"), ("Bovada", "Seat 4x"), ("Bovada", "Seat "),
        ("PokerStars", "Seat 4"),  # a real player's name at a room that writes names
    ]  # fmt: skip
    db.conn.executemany("INSERT INTO players (site, name) VALUES (?, ?)", rows)
    db.conn.commit()
    MIGRATIONS.apply(db)
    found = db.conn.execute("SELECT site, name, anonymous FROM players ORDER BY id").fetchall()
    assert [r[2] for r in found] == [1, 1, 1, 0, 0, 0, 0]


@pytest.mark.corpus
def test_the_corpus_lists_no_seat_and_keeps_the_heros_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two real files (Ignition cash, an Ignition MVS tournament with the room's own seat
    ids): no "Seat N" in ``pokerhh stats`` or the overview's tables, every seat of every
    hand kept, the hero's hands as many as his seats."""
    files = [
        CORPUS / "cash" / "NLHE-USD_-_0.25-0.50_-_201608.Ignition.txt",
        CORPUS / "tour" / "NLHE-9max-USD-MTT_-_25-2.50_-_202104.Ignititon.MVS.txt",
    ]
    if not all(f.is_file() for f in files):
        pytest.skip("../shared/corpora is absent")
    db = tmp_path / "corpus.sqlite"
    import_paths(files, db)
    conn = _open(db)
    named = conn.execute("SELECT name FROM players WHERE NOT anonymous").fetchall()
    anonymous = conn.execute("SELECT count(*) FROM players WHERE anonymous").fetchone()[0]
    assert named == [("Hero",)]
    assert anonymous >= 9
    everyone = queries.Filters()
    table = queries.player_table(conn, everyone)
    assert set(table["player"]) == {"Hero"}  # ...and never listed
    ids = leaders.leaders(conn, everyone).player_ids
    assert list(player_stats(conn, StatsQuery(player_ids=ids))["player"].unique()) == ["Hero"]
    # Every hand keeps all its seats.
    assert conn.execute(
        "SELECT count(*) FROM hands h WHERE status = 'ok' AND players <>"
        " (SELECT count(*) FROM hand_players p WHERE p.hand = h.id AND p.dealt_in)"
    ).fetchone() == (0,)
    hero_seats = conn.execute(
        "SELECT count(*) FROM hand_players hp JOIN players p ON p.id = hp.player_id"
        " WHERE p.name = 'Hero' AND hp.dealt_in"
    ).fetchone()[0]
    assert int(table["hands"].sum()) == hero_seats
    assert cli.main(["stats", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "Hero (Ignition" in out
    assert "Seat" not in out
