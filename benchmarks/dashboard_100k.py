"""Does the dashboard open in under 2 s on a database of 100,000 hands?

    .venv/bin/python benchmarks/dashboard_100k.py [--corpus DIR] [--copies 10] [--db FILE]

Builds the database from the Pluribus corpus imported ``--copies`` times (each copy's hand
numbers prefixed, ``#100000:`` -> ``#11100000:``, written to a temporary folder, imported
with ``jobs=os.cpu_count()``), or reuses ``--db FILE`` when it exists (and builds it there
when it does not). Then it times what each page computes, by calling the pure functions
behind ``dashboard/data.py`` on a read-only connection as the cached wrappers do, twice:
the first call (cold) and the second (warm: the OS and SQLite's caches as a second visit
finds them; in the app a repeat visit is a ``st.cache_data`` hit and costs nothing).

- overview: status counts, sidebar options, the 1,000 players with the most hands and
  their player table and statistics table (read at the same time in two threads, as the
  page does; the choice alone and both tables of every player are shown for reference in
  brackets, not counted in the total);
- player "Pluribus": his hands, net won over hands (with the all-in EV line), by position,
  starting-hand grid, sessions, and "explain a stat" (his rates, the hands behind VPIP and
  why the first of them counted);
- replay: the default hand (the player's latest), its neighbours, its stored text, the
  replay with every state, and every step's table and words for the browser's replayer.
"""

from __future__ import annotations

import argparse
import os
import re
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from analytics.ingest.importer import import_paths  # noqa: E402
from analytics.stats import (  # noqa: E402
    explain,
    leaders,
    player_queries,
    queries,
)
from analytics.stats import players as stats  # noqa: E402
from analytics.store.lookup import replay_stored  # noqa: E402
from benchmarks.page_timing import Part, Report, quiet_streamlit, timed  # noqa: E402

quiet_streamlit()
from dashboard import data  # noqa: E402
from dashboard.replay_data import hand_steps, replayer_html  # noqa: E402

LIMIT = 2.0
PLAYER = "Pluribus"
_HEADER = re.compile(r"^PokerStars Hand #", re.MULTILINE)


def build(corpus: Path, db: Path, copies: int) -> None:
    files = sorted(corpus.glob("*.txt"))
    if not files:
        sys.exit(f"no hand histories in {corpus}")
    with tempfile.TemporaryDirectory() as tmp:
        for copy in range(copies):
            prefix = str(10 + copy)  # two digits each: the new numbers stay unique
            folder = Path(tmp) / f"copy{prefix}"
            folder.mkdir()
            for path in files:
                text = path.read_text(encoding="utf-8")
                (folder / path.name).write_text(
                    _HEADER.sub(f"PokerStars Hand #{prefix}", text), encoding="utf-8"
                )
        start = time.perf_counter()
        report = import_paths([tmp], db, jobs=os.cpu_count() or 1)
        elapsed = time.perf_counter() - start
    print(f"built {db}: {report.hands_seen:,} hands seen, stored {dict(report.stored)} "
          f"in {elapsed:.1f} s")  # fmt: skip



def overview(part: Part, conn: sqlite3.Connection) -> None:
    # The entry file draws the sidebar on every page: counts and options (cached alike).
    part("status counts (every page)", lambda: queries.status_counts(conn))
    part("sidebar options (every page)", lambda: queries.filter_options(conn))
    # The page reads its two tables at once, in two threads (dashboard/data.py).
    path = conn.execute("PRAGMA database_list").fetchone()[2]
    shown = part(f"the {leaders.OVERVIEW_PLAYERS:,} leading players, their two tables",
                 lambda: data.read_overview(path, queries.Filters()))  # fmt: skip
    # For reference (not counted): the choice alone, and both tables of every player.
    part("(choosing the players alone)", lambda: leaders.leaders(conn, queries.Filters()))
    part(f"(both tables of all {shown.chosen.rows:,} rows)",
         lambda: (queries.player_table(conn, queries.Filters()),
                  stats.player_stats(conn, stats.StatsQuery(
                      filters=queries.Filters(), stats=player_queries.TABLE_STATS))))  # fmt: skip


def player_page(part: Part, conn: sqlite3.Connection) -> None:
    filters = queries.Filters()
    hands = part("player hands (SQL)", lambda: queries.player_hands(conn, filters, PLAYER))
    part("net won over hands (4 lines)", lambda: player_queries.results_over_hands(hands))
    part("results by position", lambda: queries.results_by_position(hands))
    part("starting-hand grid", lambda: player_queries.starting_hand_grid(hands))
    part("sessions", lambda: player_queries.sessions(hands))
    mine = stats.StatsQuery(filters=filters, players=(PLAYER,))
    part("explain: his rates", lambda: stats.player_stats(conn, mine))
    listed = part(
        "explain: the hands behind VPIP",
        lambda: player_queries.explained_hands(
            explain.explain_rows(conn, PLAYER, "vpip", stats.StatsQuery(filters=filters)), hands
        ),
    )
    first = listed.iloc[0]

    def why() -> str:
        stored = queries.stored_hand(conn, first["site"], first["hand_id"])
        return explain.explain_stored(stored, PLAYER, "vpip")

    part("explain: why one hand counted", why)


def replay_page(part: Part, conn: sqlite3.Connection) -> None:
    filters = queries.Filters()
    site, hand_id = part("default hand", lambda: queries.first_hand(conn, filters, PLAYER))

    def neighbours() -> None:
        for forward in (False, True):
            queries.neighbour_hand(conn, filters, site, hand_id, forward=forward, player=PLAYER)

    part("previous / next hand", neighbours)
    stored = part("stored text", lambda: queries.stored_hand(conn, site, hand_id))
    result = part("parse and replay (every state)", lambda: replay_stored(stored))

    def steps() -> None:  # every step's table, sent once to the browser's replayer (issue 26)
        replayer_html(hand_steps(result))

    part("every step's table and words (the replayer's document)", steps)


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--corpus", type=Path, default=REPO.parent / "shared/corpora/pluribus")
    options.add_argument("--copies", type=int, default=10)
    options.add_argument("--db", type=Path, help="reuse this database (built there if absent)")
    args = options.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or Path(tmp) / "dashboard_100k.sqlite"
        if not db.exists():
            build(args.corpus, db, args.copies)
        conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
        report = Report(LIMIT)
        try:
            counts = queries.status_counts(conn)
            print(f"database: {sum(counts.values()):,} hands {counts}")
            pages = (("overview", overview), (f"player {PLAYER!r}", player_page),
                     ("replay (his latest hand)", replay_page))  # fmt: skip
            for title, page in pages:
                report.page(title, timed(page, conn), timed(page, conn))
        finally:
            conn.close()
    report.print(48)


if __name__ == "__main__":
    main()
