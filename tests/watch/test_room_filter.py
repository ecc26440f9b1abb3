"""The room filter (issue 10): ``pokerhh stats --site``, the sidebar's "Rooms" and the
queries behind every page keep to the rooms chosen (``hands.site``)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from analytics.ingest.importer import import_paths
from analytics.stats import queries
from dashboard import cli

ROOT = Path(__file__).resolve().parents[2]
ROOMS = ("pokerstars/nlhe", "ggpoker", "winamax")


@pytest.fixture(scope="module")
def rooms_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Hands of three rooms: the PokerStars no-limit samples, GGPoker's and Winamax's."""
    db = tmp_path_factory.mktemp("rooms") / "rooms.sqlite"
    import_paths([ROOT / "sample_histories" / room for room in ROOMS], db)
    with sqlite3.connect(db) as conn:
        sites = {r[0] for r in conn.execute("SELECT site FROM hands WHERE status = 'ok'")}
    assert {"PokerStars", "GGPoker", "Winamax"} <= sites
    return db


def _stats(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_stats_site_keeps_to_the_room(rooms_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _stats(capsys, "stats", "--db", str(rooms_db), "--format", "json")
    assert (code, err) == (0, "")
    every = json.loads(out)
    assert {row["site"] for row in every} >= {"PokerStars", "GGPoker", "Winamax"}
    code, out, err = _stats(
        capsys, "stats", "--db", str(rooms_db), "--site", "ggpoker", "--format", "json"
    )
    assert (code, err) == (0, "")
    gg = json.loads(out)
    assert gg
    assert {row["site"] for row in gg} == {"GGPoker"}
    assert gg == [row for row in every if row["site"] == "GGPoker"]
    code, out, _ = _stats(capsys, "stats", "--db", str(rooms_db), "--site", "GGPoker",
                          "--site", "Winamax", "--format", "json")  # fmt: skip
    assert {row["site"] for row in json.loads(out)} == {"GGPoker", "Winamax"}


def test_an_unknown_room_is_an_error_naming_the_stored_ones(
    rooms_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _stats(capsys, "stats", "--db", str(rooms_db), "--site", "Bogus")
    assert (code, out) == (2, "")
    assert "unknown room 'Bogus' (stored: GGPoker, PokerStars, Winamax)" in err


def test_the_queries_filter_by_room(rooms_db: Path) -> None:
    with sqlite3.connect(rooms_db) as conn:
        options = queries.filter_options(conn)
        assert options.sites[0] == "PokerStars"  # most hands first
        assert set(options.sites) == {"PokerStars", "GGPoker", "Winamax"}
        only = queries.Filters(sites=("Winamax",))
        hands = queries.hands_table(conn, only, queries.HandSearch(), None)
        players = queries.player_table(conn, only)
    assert not hands.empty
    assert {key.split(":")[0] for key in hands["key"]} == {"Winamax"}
    assert not players.empty
    assert set(players["site"]) == {"Winamax"}


def test_the_sidebar_filters_every_page_by_room(
    rooms_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("POKERHH_DB", str(rooms_db))
    app = AppTest.from_file(str(ROOT / "dashboard" / "app.py"), default_timeout=30).run()
    (rooms,) = [w for w in app.sidebar.multiselect if w.label == "Rooms"]
    assert set(rooms.options) == {"PokerStars", "GGPoker", "Winamax"}
    rooms.select("GGPoker").run()
    app.switch_page("app_pages/hands.py").run()
    assert not app.exception, [e.value for e in app.exception]
    (table,) = [d.value for d in app.dataframe if "key" in d.value.columns]
    assert not table.empty
    assert {key.split(":")[0] for key in table["key"]} == {"GGPoker"}
