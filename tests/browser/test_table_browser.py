"""Issue 26, acceptance 3: the Table page shows a hand appended to a watched file, with the
opponents' statistics equal to ``pokerhh stats`` for them, within 2 s.

``pokerhh watch`` imports a temporary folder into a new database (two tables' files, a
few hands each, written with the current time); ``pokerhh dashboard`` serves that
database; headless Chromium opens the Table page (``harness.py``: the
browser fixture, the launcher). Then
three hands are appended to one table's file, one at a time, and the time from each
append to the page showing that hand is measured (printed, with the time the watcher took
to store it; the page is polled every 20 ms); their median must be under 2 s. The
opponents' figures the page shows (each cell carries its ``x`` and ``n``) are compared with
``pokerhh stats --player NAME --format json`` run on the same database.

The watcher runs with its default quiet time (``--quiet-after`` 5 s): each appended hand
ends as PokerStars ends a hand (blank lines after its summary), so the watcher stores it at
once rather than when the file has been quiet (``docs/watch.md``; before issue 26 item 3's
fix the table showed the hand after about 5.5 s, ``docs/hud.md``).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import sqlite3
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from analytics.ingest.growing import QUIET_SECONDS
from tests.browser.harness import (
    DB_VAR,
    MISSING,
    ROOT,
    SERVER_START_S,
    Browser,
    dashboard,
    launcher,
    stop,
)
from tests.browser.network import outside_requests
from tests.hud.live_hands import hand_text

ARTIFACTS = ROOT / "test-artifacts" / "browser-table"
pytestmark = [pytest.mark.browser, pytest.mark.skipif(MISSING is not None, reason=MISSING or "")]
#: What the page may take from the append (issue 26 item 3).
WITHIN_S = 2.0
#: Hands appended, each timed.
APPENDS = 3
STATS = ("vpip", "pfr", "three_bet", "fold_to_three_bet", "cbet_flop", "fold_to_cbet_flop",
         "af", "wtsd")  # fmt: skip
OPPONENTS = ("Ann", "Bob", "Cy")


def _ok_hands(db: Path) -> int:
    if not db.exists():
        return 0
    try:
        with sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True) as conn:
            return int(conn.execute("SELECT count(*) FROM hands WHERE status = 'ok'").fetchone()[0])
    except sqlite3.Error:
        return 0


def _wait_hands(db: Path, count: int, watcher: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + SERVER_START_S
    while _ok_hands(db) < count:
        if watcher.poll() is not None:
            pytest.fail(f"pokerhh watch exited with {watcher.returncode}:\n{log.read_text()}")
        if time.monotonic() > deadline:
            pytest.fail(f"the watcher stored {_ok_hands(db)} of {count} hands:\n{log.read_text()}")
        time.sleep(0.1)


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory, artifacts: Path) -> Iterator[dict[str, Path]]:
    """A watched folder with two tables' files, ``pokerhh watch`` importing it; yields the
    paths (folder, database, the files)."""
    folder = tmp_path_factory.mktemp("table")
    watched = folder / "HandHistory"
    watched.mkdir()
    db = folder / "live.sqlite"
    now = dt.datetime.now(dt.UTC)
    alpha, beta = watched / "HH Alpha.txt", watched / "HH Beta.txt"
    alpha.write_text("".join(hand_text(7700000001 + i, "Alpha", now - dt.timedelta(seconds=90 - i),
                                       i % 2) for i in range(6)), encoding="utf-8")  # fmt: skip
    beta.write_text("".join(hand_text(7700000101 + i, "Beta", now - dt.timedelta(seconds=60 - i),
                                      i % 2) for i in range(3)), encoding="utf-8")  # fmt: skip
    env = {k: v for k, v in os.environ.items() if k != DB_VAR}
    log_path = artifacts / "watch.log"
    with log_path.open("wb") as log:
        watcher = subprocess.Popen(
            [*launcher(), "watch", str(watched), "--db", str(db)],  # default --quiet-after
            cwd=folder, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
    try:
        _wait_hands(db, 9, watcher, log_path)
        yield {"folder": folder, "db": db, "alpha": alpha, "beta": beta, "watch_log": log_path}
    finally:
        stop(watcher)


@pytest.fixture(scope="module")
def server(live: dict[str, Path], artifacts: Path) -> Iterator[str]:
    """``pokerhh dashboard`` on the watched database (the browser fixture asks for
    ``server`` by name: this one)."""
    with dashboard(live["db"], artifacts / "server.log", cwd=live["folder"]) as running:
        yield running.url


#: The live tables as the page shows them, read in one script (the fragment redraws its
#: HTML every tick: elements found one by one go stale in between).
_READ_TABLES = """
const out = {};
for (const table of document.querySelectorAll('.pokerhh-live')) {
  const players = {};
  for (const row of table.querySelectorAll('tr[data-player]')) {
    const cells = {};
    for (const cell of row.querySelectorAll('td[data-stat]')) {
      cells[cell.dataset.stat] = [cell.dataset.x ?? null, cell.dataset.n ?? null,
                                  cell.textContent.trim()];
    }
    players[row.dataset.player] = cells;
  }
  out[table.dataset.table] = {hand: table.dataset.hand, players: players};
}
return out;
"""


def _tables(browser: Browser) -> dict[str, Any]:
    return dict(browser.driver.execute_script(_READ_TABLES))


def _shown_hands(browser: Browser) -> dict[str, str]:
    """Each table shown and its hand number."""
    return {name: table["hand"] for name, table in _tables(browser).items()}


def _page_figures(browser: Browser, table: str) -> dict[str, dict[str, tuple[int, int]]]:
    """The table's opponents' figures as the page shows them: ``{player: {stat: (x, n)}}``
    (and ``hands``: (hands, 0))."""
    figures: dict[str, dict[str, tuple[int, int]]] = {}
    for player, cells in _tables(browser)[table]["players"].items():
        hands = cells["hands"][2]
        if not hands:
            continue  # the hero: no figures
        figures[player] = {"hands": (int(hands), 0)}
        for name in STATS:
            x, n, _ = cells[name]
            figures[player][name] = (int(x), int(n))
    return figures


def _cli_figures(db: Path, player: str) -> dict[str, tuple[int, int]]:
    """``pokerhh stats --player NAME --format json``: the player's (only) row."""
    done = subprocess.run(
        [*launcher(), "stats", "--db", str(db), "--player", player, "--format", "json"],
        capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    (row,) = json.loads(done.stdout)
    figures = {"hands": (int(row["hands"]), 0)}
    for name in STATS:
        figures[name] = (int(row[name]["x"]), int(row[name]["n"]))
    return figures


def test_an_appended_hand_shows_on_the_table_page_within_2_s(
    browser: Browser, live: dict[str, Path]
) -> None:
    browser.open("/table")
    browser.wait_text("Table", "Alpha", "Beta", seconds=60)
    assert _shown_hands(browser) == {"Alpha": "7700000006", "Beta": "7700000103"}
    browser.shot("01-two-tables")

    # Three appends, a few seconds apart (the page settled, the fragment ticking): each
    # measured from the append to the page showing that hand. The median is asserted, so
    # that one stall of this shared machine (load averages of 15-18 seen) is reported but
    # does not decide alone.
    times = []
    for attempt in range(APPENDS):
        time.sleep(2.0)
        number = 7700000007 + attempt
        text = hand_text(number, "Alpha", dt.datetime.now(dt.UTC), attempt % 2)
        started = time.monotonic()
        with live["alpha"].open("a", encoding="utf-8") as history:
            history.write(text)
        shown_at = stored_at = None
        deadline = started + 30
        while time.monotonic() < deadline:
            if stored_at is None and _ok_hands(live["db"]) == 10 + attempt:
                stored_at = time.monotonic()
            if _shown_hands(browser).get("Alpha") == str(number):
                shown_at = time.monotonic()
                break
            time.sleep(0.02)
        assert shown_at is not None, f"the appended hand {number} never showed"
        times.append(shown_at - started)
        stored = f"stored after {stored_at - started:.2f} s, " if stored_at else ""
        print(f"\nTable page: hand {number} appended -> {stored}shown in {times[-1]:.2f} s"
              f" (watcher's default --quiet-after, {QUIET_SECONDS:g} s)")  # fmt: skip
        assert _shown_hands(browser)["Beta"] == "7700000103"  # the other table unchanged
    browser.shot("02-appended-hand-shown")
    median = sorted(times)[len(times) // 2]
    (ARTIFACTS / "latency.txt").write_text(" ".join(f"{t:.3f}" for t in times) + "\n")
    print(f"Table page: appends shown in {', '.join(f'{t:.2f}' for t in times)} s,"
          f" median {median:.2f} s (within {WITHIN_S:g} s asked)")  # fmt: skip
    assert median < WITHIN_S, f"the hands showed {times} s after their appends"

    # The same players sit at Beta: their figures there were read again too.
    expected = {player: _cli_figures(live["db"], player) for player in OPPONENTS}
    for table in ("Alpha", "Beta"):
        shown = _page_figures(browser, table)
        assert set(shown) == set(OPPONENTS)
        for player in OPPONENTS:
            assert shown[player] == expected[player], (table, player)
    assert shown["Cy"]["hands"] == (9 + APPENDS, 0)  # every hand at Alpha and Beta
    assert shown["Cy"]["cbet_flop"][1] > 0  # a sample behind the c-bet

    browser.drain_network_log()
    assert outside_requests(browser.requests) == []
