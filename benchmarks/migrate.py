"""How long does upgrading a database made before migrations 0015 and 0016 take (issue 25,
item 1: a new statistic's migration refills the hands already stored)?

    .venv/bin/python benchmarks/migrate.py [--db FILE] [--jobs N] [--keep DIR]

``--db`` (default ``/tmp/pokerhh-bench/100k.sqlite``, ``benchmarks/dashboard_1m.py``'s
100,000-hand database) is never written: it is copied (SQLite's backup API) to a temporary
folder and the copy is opened as ``pokerhh migrate`` opens it (``open_writer``: the backup
of the old file beside it, then every pending migration). A database that already has
0015 and 0016 is first taken back to the schema before them on the copy (their tables,
``seats.flags2`` and 0016's summed columns dropped, the 0007 views made again, their
records deleted).

Printed: the hands refilled, the seconds of each part (the backup copy and the schema,
0015's ``hand_actions``, 0016's ``flags2``, the sums rebuilt), the whole wall time, the
CPU seconds of this process and of its workers, and the load average before and after
(the machine is shared: a loaded machine gives a slower wall time for the same CPU).
Goal: 100,000 hands in under 2 minutes on 2 cores.
"""

from __future__ import annotations

import argparse
import os
import resource
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from analytics.store import migrations, refill, seat_layout  # noqa: E402
from analytics.store.db import open_writer  # noqa: E402
from tests.databases import copy_database as copy  # noqa: E402

GOAL_S = 120.0
NEW = ("0015_saved_filters", "0016_more_stats")


def before_0015(path: Path) -> None:
    """Take a database made by this version back to the schema before 0015 (in place)."""
    conn = sqlite3.connect(path)
    done = {r[0] for r in conn.execute("SELECT name FROM _sqlite_migrations")}
    if not done & set(NEW):
        conn.close()
        return
    fields = tuple(name for name, _ in migrations._STATS_0002)
    with conn:
        conn.execute("DROP TABLE IF EXISTS hand_actions")
        conn.execute("DROP TABLE IF EXISTS saved_filters")
        if "0016_more_stats" in done:
            conn.execute("DROP VIEW hand_players")
            conn.execute("DROP VIEW player_hand_stats")
            conn.execute("ALTER TABLE seats DROP COLUMN flags2")
            for sql in seat_layout.create_views(fields):
                conn.execute(sql)
            for table in ("player_day_sums", "player_sums", "player_totals"):
                for column in migrations._SUMS_0016:
                    conn.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
        conn.execute(f"DELETE FROM _sqlite_migrations WHERE name IN {NEW!r}")
    conn.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=Path("/tmp/pokerhh-bench/100k.sqlite"))
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (default: cores)")
    parser.add_argument("--keep", type=Path, help="migrate the copy in DIR and keep it")
    args = parser.parse_args()
    if not args.db.exists():
        sys.exit(f"{args.db}: no such database (build it with benchmarks/dashboard_1m.py)")
    folder = args.keep or Path(tempfile.mkdtemp(prefix="pokerhh-migrate-"))
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / "migrated.sqlite"
    for stale in folder.glob("migrated.sqlite*"):
        stale.unlink()
    copy(args.db, target)
    before_0015(target)
    refill.JOBS = args.jobs
    marks: dict[str, list[float]] = {}
    totals: dict[str, int] = {}

    def report(what: str, done: int, total: int) -> None:
        marks.setdefault(what, []).append(time.perf_counter())
        totals[what] = total

    load_before = os.getloadavg()
    migrations.set_progress(report)
    start, cpu = time.perf_counter(), time.process_time()
    try:
        db, upgrade = open_writer(target)
    finally:
        migrations.set_progress(None)
    db.close()
    wall = time.perf_counter() - start
    own = time.process_time() - cpu
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    load_after = os.getloadavg()
    print(f"{args.db}: schema {upgrade.before} -> {upgrade.after} ({', '.join(upgrade.applied)})")
    actions, stats = marks.get("actions", [start]), marks.get("statistics", [start])
    parts = (
        ("backup copy and schema", actions[0] - start),
        (f"0015 hand_actions, {totals.get('actions', 0):,} hands", actions[-1] - actions[0]),
        ("0016 schema, bits computed ahead written", stats[0] - actions[-1]),
        (f"0016 flags2, {totals.get('statistics', 0):,} hands", stats[-1] - stats[0]),
        ("0016 sums rebuilt, commit", start + wall - stats[-1]),
    )
    for name, seconds in parts:
        print(f"  {name:<38} {seconds:7.1f} s")
    print(f"whole migration: {wall:.1f} s wall (goal {GOAL_S:.0f} s)")
    print(f"CPU: {own:.1f} s this process, {workers.ru_utime + workers.ru_stime:.1f} s workers;"
          f" jobs {args.jobs or os.cpu_count()}")  # fmt: skip
    print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f}"
          f" ({os.cpu_count()} cores)")  # fmt: skip
    if args.keep is None:
        for path in folder.iterdir():
            path.unlink()
        folder.rmdir()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
