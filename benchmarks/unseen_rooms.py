"""Every room's real files that pokerhh was never built on: per room, how many hands are
``ok`` (issue 22, acceptance 2).

    .venv/bin/python benchmarks/unseen_rooms.py [FOLDER ...] [--keep DB] [--quiet]

Imports the folders (default ``/tmp/h32/unseen``, where a session gathers public test
files of the rooms that are not in ``../shared/corpora``; any folder of a user's own files
works the same) into a temporary database with ``import_paths``, the library behind
``pokerhh import``, and prints per room (the room whose format each hand is, a skin's
brand under its network: Ignition and Bodog under Bovada): files,
hands, ``ok``, % ``ok``, then each hand that is not ``ok`` with its status, problem kind,
rule and message, and the totals against the issue's thresholds: at least 97% of all
stored hands ``ok`` and 95% in every room (one hand of slack for a room with few). Files
that were refused or skipped are listed too, so no hand goes missing silently. Nothing
here needs the network.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from analytics.ingest.importer import import_paths
from analytics.store import rawtext
from parser.formats import format_of, room_of_site

DEFAULT = Path("/tmp/h32/unseen")
ALL_OK = 0.97
ROOM_OK = 0.95


def room_passes(ok: int, stored: int) -> bool:
    """95% of the room's hands, or one hand short of it (a room with few hands)."""
    return stored == 0 or ok >= ROOM_OK * stored or ok + 1 >= ROOM_OK * stored


def room_label(site: str, raw: str) -> str:
    """The room a hand belongs to: its site's room, or (a skin's brand, "Ignition",
    "Bodog") the room whose format its text is; "unknown" stays "unknown"."""
    room = room_of_site(site)
    if room is None and site != "unknown":
        room = format_of(raw, "hand.txt")
    return room.site if room is not None else site


def measure(folders: list[Path], db: Path, quiet: bool = False) -> bool:
    """Import ``folders`` into ``db`` and print the figures; True when both thresholds hold."""
    report = import_paths([str(f) for f in folders], db)
    conn = sqlite3.connect(db)
    rawtext.register(conn)  # raw_text(): the stored text, compressed since migration 0007
    rows = [
        (room_label(site, raw), *rest)
        for site, raw, *rest in conn.execute(
            "SELECT h.site, raw_text(h.raw_dictionary, h.raw_z), h.hand_id, h.status,"
            " h.problem_kind, h.problem_rule, h.problem_message, f.path"
            " FROM hands h JOIN files f ON f.id = h.file_id ORDER BY f.path, h.first_line"
        )
    ]
    conn.close()
    files: dict[str, set[str]] = defaultdict(set)
    stored: dict[str, int] = defaultdict(int)
    ok: dict[str, int] = defaultdict(int)
    bad: dict[str, list[tuple[str, ...]]] = defaultdict(list)
    for site, hand_id, status, kind, rule, message, path in rows:
        files[site].add(path)
        stored[site] += 1
        if status == "ok":
            ok[site] += 1
        else:
            bad[site].append((hand_id, status, kind or "", rule or "", message or "", path))
    print(f"{'room':<12} {'files':>5} {'hands':>6} {'ok':>6} {'% ok':>6}")
    for site in sorted(stored):
        share = 100 * ok[site] / stored[site]
        if ok[site] >= ROOM_OK * stored[site]:
            mark = ""
        elif room_passes(ok[site], stored[site]):
            mark = "  95% with one hand of slack"
        else:
            mark = "  < 95%"
        print(
            f"{site:<12} {len(files[site]):>5} {stored[site]:>6} {ok[site]:>6} {share:>6.1f}{mark}"
        )
    total, total_ok = sum(stored.values()), sum(ok.values())
    share = 100 * total_ok / total if total else 0.0
    print(f"{'all':<12} {sum(map(len, files.values())):>5} {total:>6} {total_ok:>6} {share:>6.1f}")
    if not quiet:
        for site in sorted(bad):
            print(f"\n{site}: not ok")
            for hand_id, status, kind, rule, message, path in bad[site]:
                print(f"  {hand_id} {status}/{kind}/{rule or '-'} {Path(path).name}: {message}")
    for title, refused in (("refused", report.files_refused), ("skipped", report.files_skipped)):
        for r in refused:
            print(f"{title}: {r.path} ({r.kind})")
    if report.conflicts:
        print(f"conflicts (same hand id, other text): {report.conflicts}")
    passes = total > 0 and total_ok >= ALL_OK * total
    rooms = all(room_passes(ok[s], stored[s]) for s in stored)
    print(
        f"\nall rooms >= 97%: {'yes' if passes else 'NO'} ({share:.1f}%);"
        f" every room >= 95%: {'yes' if rooms else 'NO'}"
    )
    return passes and rooms


def main(argv: list[str] | None = None) -> int:
    args = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    args.add_argument("folders", nargs="*", type=Path, default=[DEFAULT])
    args.add_argument("--keep", type=Path, help="write the database here (else a temporary one)")
    args.add_argument("--quiet", action="store_true", help="figures only, not each hand")
    ns = args.parse_args(argv)
    missing = [f for f in ns.folders if not f.exists()]
    if missing:
        print(f"no such folder: {', '.join(map(str, missing))}", file=sys.stderr)
        return 2
    if ns.keep:
        ns.keep.unlink(missing_ok=True)
        return 0 if measure(ns.folders, ns.keep, ns.quiet) else 1
    with tempfile.TemporaryDirectory(prefix="unseen-") as tmp:
        return 0 if measure(ns.folders, Path(tmp) / "unseen.sqlite", ns.quiet) else 1


if __name__ == "__main__":
    sys.exit(main())
