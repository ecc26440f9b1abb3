"""Issue 23, item 20: ``pokerhh tournaments`` aligned whatever its ids and game names, its
JSON with the player's totals and one form of time (``Z``, not ``+00:00`` for some)."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

from tests.reliability.conftest import Run

LONG_ID = "1234567890123456789"
LONG_GAME = "Hold'em No Limit Progressive KO"


def _stretched(samples_db: Path, tmp_path: Path) -> Path:
    """A copy whose first tournament has a 19-digit id, a long game name and a stored
    time written with ``+00:00``."""
    db = Path(shutil.copy(samples_db, tmp_path / "long.sqlite"))
    conn = sqlite3.connect(db)
    with conn:
        (first,) = conn.execute("SELECT min(id) FROM tournaments").fetchone()
        conn.execute(
            "UPDATE tournaments SET tournament_id = ?, game = ?,"
            " started_at = replace(started_at, 'Z', '+00:00') WHERE id = ?",
            (LONG_ID, LONG_GAME, first),
        )
    conn.close()
    return db


def test_the_table_is_aligned_and_cuts_nothing(
    run: Run, samples_db: Path, tmp_path: Path
) -> None:
    db = _stretched(samples_db, tmp_path)
    code, out, _ = run("tournaments", "--db", db)
    assert code == 0
    lines = out.splitlines()
    header, rows = lines[0], [line for line in lines[1:] if not line.endswith("tournaments")]
    assert any(LONG_ID in row and LONG_GAME in row for row in rows)
    site = header.index("site")
    game = header.index("game")
    for row in rows:  # every row's site and game start under their headers
        assert (row[site - 1], row[game - 1]) == (" ", " "), row
        assert " " not in (row[site], row[game]), row


def test_the_json_has_totals_and_one_form_of_time(
    run: Run, samples_db: Path, tmp_path: Path
) -> None:
    db = _stretched(samples_db, tmp_path)
    code, out, _ = run("tournaments", "--db", db, "--player", "bram", "--format", "json")
    assert code == 0
    document = json.loads(out)
    assert document["player"] == "Bram"
    assert document["tournaments"]
    assert all(t["started_at"].endswith("Z") for t in document["tournaments"] if t["started_at"])
    assert not any("+00:00" in (t["started_at"] or "") for t in document["tournaments"])
    (usd,) = [t for t in document["totals"] if t["currency"] == "USD"]
    assert {"tournaments", "cost", "won", "profit", "roi", "itm"} <= set(usd)
    assert usd["profit"] == usd["won"] - usd["cost"]
    code, table, _ = run("tournaments", "--db", db, "--player", "bram")
    assert f"Bram (USD): {usd['tournaments']} tournaments" in table
