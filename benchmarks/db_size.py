"""The database's size against the text it holds (issue 11, acceptance 3).

Imports a corpus (default: the Pluribus corpus, 10,000 hands) into a fresh database with the
command line's own import and prints the file's size as the import left it (what a user
sees: the first import into an empty database compacts it, ``analytics.store.db.compact``,
and the write-ahead log is folded in when it closes; a ``-wal`` file left beside it is
counted), then VACUUMs it again and prints the total size, the
bytes per hand, each table's and index's size (SQLite's ``dbstat``), the size of the text,
and the ratio. ``--db FILE`` measures an existing database instead (no import).

    .venv/bin/python benchmarks/db_size.py [--corpus DIR] [--db FILE] [--keep FILE]
"""

from __future__ import annotations

import argparse
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def text_bytes(corpus: Path) -> int:
    """The bytes of the histories read (every ``.txt`` below ``corpus``)."""
    return sum(p.stat().st_size for p in corpus.rglob("*.txt"))


def import_corpus(corpus: Path, db: Path) -> None:
    python = REPO / ".venv" / "bin" / "python"
    command = [str(python if python.exists() else sys.executable), "-m", "dashboard.cli",
               "import", str(corpus), "--db", str(db)]  # fmt: skip
    subprocess.run(command, cwd=REPO, check=True, stdout=subprocess.DEVNULL)


def on_disk(db: Path) -> int:
    """The database's bytes as they are: the file and any write-ahead log beside it."""
    wal = db.with_name(db.name + "-wal")
    return db.stat().st_size + (wal.stat().st_size if wal.exists() else 0)


def measure(db: Path) -> tuple[int, int, list[tuple[str, int]]]:
    """(file size after VACUUM, hands, [(table or index, bytes)] largest first)."""
    conn = sqlite3.connect(db)
    try:
        conn.execute("PRAGMA journal_mode=DELETE")
        conn.execute("VACUUM")
        (hands,) = conn.execute("SELECT count(*) FROM hands").fetchone()
        sizes = conn.execute(
            "SELECT name, sum(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC"
        ).fetchall()
    finally:
        conn.close()
    return db.stat().st_size, hands, [(str(n), int(s)) for n, s in sizes]


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    corpus = REPO.parent / "shared" / "corpora" / "pluribus"
    options.add_argument("--corpus", type=Path, default=corpus)
    options.add_argument("--db", type=Path, help="measure this database (no import)")
    options.add_argument("--keep", type=Path, help="copy the database made here to FILE")
    args = options.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        if args.db is not None:
            db = Path(scratch) / "copy.sqlite"
            shutil.copyfile(args.db, db)
            text = text_bytes(args.corpus) if args.corpus.is_dir() else 0
        else:
            if not any(args.corpus.rglob("*.txt")):
                sys.exit(f"no hand histories in {args.corpus}")
            db = Path(scratch) / "pokerhh.sqlite"
            import_corpus(args.corpus, db)
            text = text_bytes(args.corpus)
        as_left = on_disk(db)
        total, hands, sizes = measure(db)
        if args.keep is not None:
            shutil.copyfile(db, args.keep)
    per = max(hands, 1)
    print(f"as left:  {as_left:,} B = {as_left / per:,.0f} B/hand (as the import left it)")
    print(f"database: {total:,} B for {hands:,} hands = {total / per:,.0f} B/hand (after VACUUM)")
    for name, size in sizes:
        print(f"  {name:32} {size:>12,} B  {size / max(hands, 1):8,.1f} B/hand")
    if text:
        print(f"text:     {text:,} B = {text / max(hands, 1):,.0f} B/hand")
        for label, size in (("as left", as_left), ("after VACUUM", total)):
            verdict = "no larger than" if size <= text else "LARGER than"
            print(f"ratio:    database / text = {size / text:.3f} {label} ({verdict} the text)")


if __name__ == "__main__":
    main()
