"""``pokerhh hands --where``, saved filters and ``pokerhh stats --where`` (issue 25
item 2), on a copy of the session's sample database."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from analytics.query import backfill
from dashboard.cli import main
from tests.databases import copy_database

EXAMPLE = (
    "pot is 3bet and hero called preflop and hero is oop and turn: villain bets and hero calls"
)


@pytest.fixture
def db(samples_import: Path, tmp_path: Path) -> Path:
    return copy_database(samples_import, tmp_path / "query.sqlite")


def run(db: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["--db", str(db), *args])
    out, err = capsys.readouterr()
    return status, out, err


def _busiest(db: Path) -> str:
    conn = sqlite3.connect(db)
    try:
        (name,) = conn.execute(
            "SELECT p.name FROM seats s JOIN players p ON p.id = s.player_id WHERE s.dealt_in"
            " GROUP BY p.name ORDER BY count(*) DESC, p.name LIMIT 1"
        ).fetchone()
    finally:
        conn.close()
    return str(name)


def test_a_malformed_query_exits_2_with_its_column(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for command in ("hands", "stats"):
        status, out, err = run(db, capsys, command, "--where", "pot is 3bet and hero flopps")
        assert status == 2
        assert out == ""
        assert "column 22: unknown word 'flopps'" in err
        assert err.splitlines()[-2:] == [
            "  pot is 3bet and hero flopps",
            "  " + " " * 21 + "^",
        ]


def test_the_example_and_pot_is_3bet_run_as_written(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    player = _busiest(db)
    for query in (EXAMPLE, "pot is 3bet"):
        status, out, err = run(db, capsys, "hands", "--player", player, "--where", query)
        assert (status, err) == (0, "")
        assert out.endswith(" hands\n") or out == "no hands match\n"


def test_hands_lists_the_heros_hands_the_query_selects(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    player = _busiest(db)
    status, out, _ = run(db, capsys, "hands", "--player", player.upper(), "--where",
                         "pot > 2bb", "--format", "json", "--limit", "1000")  # fmt: skip
    assert status == 0
    listed = json.loads(out)
    conn = sqlite3.connect(db)
    try:
        expected = conn.execute(
            "SELECT h.site || ':' || h.hand_id, h.started_at FROM hands h"
            " JOIN seats s ON s.hand = h.id JOIN players p ON p.id = s.player_id"
            " WHERE p.name = ? AND s.dealt_in AND h.status = 'ok'"
            " AND h.total_pot > 2 * coalesce(h.big_blind, h.small_bet)"
            " ORDER BY h.started_at DESC, h.id DESC",
            (player,),
        ).fetchall()
    finally:
        conn.close()
    assert expected
    assert [(r["hand"], r["started_at"]) for r in listed] == [tuple(e) for e in expected]
    assert set(listed[0]) >= {"hand", "site", "started_at", "stakes", "hero_cards", "board",
                              "net", "net_bb"}  # fmt: skip
    status, out, _ = run(db, capsys, "hands", "--player", player, "--where", "pot > 2bb",
                         "--limit", "2")  # fmt: skip
    assert out.splitlines()[0].split()[:3] == ["hand", "room", "time"]
    assert len(out.splitlines()) == 4  # the head, two hands, the count
    assert out.splitlines()[-1].startswith("2 hands (the first 2")


def test_a_saved_filter_is_used_by_name_here_and_in_stats(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    player = _busiest(db)
    status, _, _ = run(db, capsys, "hands", "--player", player, "--save", "big pots",
                       "--where", "pot > 2bb")  # fmt: skip
    assert status == 0
    assert run(db, capsys, "hands", "--saved") == (0, "big pots: pot > 2bb\n", "")
    by_name = run(db, capsys, "hands", "--player", player, "--filter", "big pots")
    by_text = run(db, capsys, "hands", "--player", player, "--where", "pot > 2bb")
    assert by_name == by_text
    status, out, _ = run(db, capsys, "stats", "--player", player, "--filter", "big pots",
                         "--format", "json")  # fmt: skip
    assert status == 0
    assert sum(r["hands"] for r in json.loads(out)) == len(by_text[1].splitlines()) - 2
    status, _, err = run(db, capsys, "hands", "--filter", "nothing")
    assert status == 2
    assert "no saved filter 'nothing' (saved: big pots)" in err
    # a query that cannot be read is not saved
    status, _, err = run(db, capsys, "hands", "--save", "bad", "--where", "pot is huge")
    assert status == 2
    assert run(db, capsys, "hands", "--saved")[1] == "big pots: pot > 2bb\n"


def test_stats_where_counts_only_the_selected_hands(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    player = _busiest(db)
    status, out, _ = run(db, capsys, "stats", "--player", player, "--format", "json")
    everything = sum(r["hands"] for r in json.loads(out))
    status, out, _ = run(db, capsys, "stats", "--player", player, "--where", "hero won",
                         "--format", "json")  # fmt: skip
    assert status == 0
    won = sum(r["hands"] for r in json.loads(out))
    conn = sqlite3.connect(db)
    (expected,) = conn.execute(
        "SELECT count(*) FROM hand_players hp JOIN players p ON p.id = hp.player_id"
        " WHERE p.name = ? AND hp.dealt_in AND hp.net > 0",
        (player,),
    ).fetchone()
    conn.close()
    assert 0 < won == expected < everything


def test_an_unknown_player_is_a_usage_error(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(db, capsys, "hands", "--player", "Nobody At All", "--where", "pot > 1bb")
    assert status == 2
    assert "no player is called 'Nobody At All'" in err


def test_the_migration_fills_the_actions_of_hands_stored_before_it(db: Path) -> None:
    """0015's backfill, from the stored texts, gives the rows the import wrote."""
    conn = sqlite3.connect(db)
    try:
        written = conn.execute("SELECT * FROM hand_actions ORDER BY hand, n").fetchall()
        assert len(written) > 500
        conn.execute("DELETE FROM hand_actions")
        filled = backfill.fill(conn)
        assert (
            filled == conn.execute("SELECT count(*) FROM hands WHERE status = 'ok'").fetchone()[0]
        )
        assert conn.execute("SELECT * FROM hand_actions ORDER BY hand, n").fetchall() == written
    finally:
        conn.close()


def test_the_hero_may_be_an_account_or_a_person(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--player`` as ``pokerhh stats`` reads it: SITE:NAME, or a person of ``alias``."""
    conn = sqlite3.connect(db)
    (player, site) = conn.execute(  # a name of one room: the name and the account agree
        "SELECT p.name, min(p.site) FROM seats s JOIN players p ON p.id = s.player_id"
        " GROUP BY p.name HAVING count(DISTINCT p.site) = 1 ORDER BY count(*) DESC LIMIT 1"
    ).fetchone()
    conn.close()
    by_name = run(db, capsys, "hands", "--player", player, "--where", "pot > 1bb")
    by_account = run(db, capsys, "hands", "--player", f"{site}:{player}", "--where", "pot > 1bb")
    assert by_account == by_name
    assert run(db, capsys, "alias", "add", "Me", f"{site}:{player}")[0] == 0
    assert run(db, capsys, "hands", "--player", "me", "--where", "pot > 1bb") == by_name
    assert run(db, capsys, "hands", "--player", f"{site}:Nobody", "--where", "pot > 1bb")[0] == 2
