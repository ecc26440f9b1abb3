"""``pokerhh import`` and ``pokerhh watch``: their arguments, and the import's report
printed as the summary (:func:`analytics.ingest.importer.summary_lines`).

Moved out of :mod:`dashboard.cli` (issue 23, item 16), whose ``main`` still runs them: a
module of its own for the two commands that write hands from files.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from analytics.output.text_safety import terminal_text
from dashboard.cli import (
    EXIT_FAILED,
    EXIT_HELD_BACK,
    EXIT_OK,
    EXIT_USAGE,
    db_to_write,
    epilog,
    interrupt_status,
    migration_progress,
    positive,
)

if TYPE_CHECKING:
    from dashboard.cli import Commands


def add_parsers(commands: Commands, db: argparse.ArgumentParser) -> None:
    """The ``import`` and ``watch`` subcommands."""
    cmd = commands.add_parser(
        "import",
        parents=[db],
        help="import hand histories (files, folders, zip files)",
        description=(
            "Import hand histories. Folders are read recursively, for the files named\n"
            f"  {_suffix_globs()}\n"
            "zip files are read in memory. Hands already stored count as duplicates; a\n"
            "hand that fails to parse or replay is stored quarantined, with its reason and\n"
            "its raw text. Under a folder, a file that is no hand history (empty, a web\n"
            "page, notes) is listed as skipped, not an error."
        ),
        epilog=epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    cmd.add_argument("paths", nargs="+", metavar="PATH")
    cmd.add_argument(
        "--rescan",
        action="store_true",
        help="parse files again even if their exact content was imported before",
    )
    cmd.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    cmd.add_argument(
        "--jobs",
        "-j",
        type=positive,
        default=None,
        metavar="N",
        help="parse and replay in N processes (default: one per core once there are 16 MB "
        "to read, less in one); the database is written by one, in file order, so the "
        "result does not depend on N",
    )
    cmd.add_argument(
        "--batch-hands",
        type=positive,
        default=None,
        metavar="N",
        help="commit small files together once they hold N hands (default 2,000); "
        "1: every file its own transaction",
    )
    cmd.add_argument(
        "--problems", type=int, default=20, metavar="N", help="list the first N problems (20)"
    )
    # Issue 11: the same pipeline on Dask, Parquet out (analytics/scale, docs/scale.md).
    cmd.add_argument("--engine", choices=["sqlite", "dask"], default="sqlite",
                     help="sqlite (the database, default) or dask (a Parquet dataset; "
                     "needs pokerhh[scale] and --parquet)")  # fmt: skip
    cmd.add_argument("--scheduler", metavar="ADDRESS",
                     help="with --engine dask: a running Dask scheduler (tcp://host:8786); "
                     "default: a local cluster of --jobs worker processes")  # fmt: skip
    cmd.add_argument("--parquet", metavar="DIR",
                     help="with --engine dask: the dataset folder to write (replaced whole)")
    cmd.set_defaults(run=_import)

    _watch_parser(commands, db)


def _suffix_globs() -> str:
    """The files a folder is searched for, from the formats' registry (``*.txt, *.xml,
    *.phh, *.phhs, *.zip``): never a list of our own that a new format would outdate."""
    from analytics.ingest.sources import HISTORY_SUFFIXES

    return ", ".join(f"*{suffix}" for suffix in (*HISTORY_SUFFIXES, ".zip"))


def _import(args: argparse.Namespace) -> int:
    # Here, not at the top: building the command line must not load the engine (every
    # command, even --version, paid for it).
    from analytics.ingest.importer import ImportInterrupted, import_paths, summary_lines
    from dashboard.progress import ProgressBar

    missing = [p for p in args.paths if not Path(p).exists()]
    if missing:
        for path in missing:
            print(f"pokerhh: {path}: no such file or folder", file=sys.stderr)
        return EXIT_FAILED
    if args.engine == "dask" or args.parquet or args.scheduler:
        return _import_dask(args)
    db_path = db_to_write(args)
    from analytics.store import migrations

    bar = ProgressBar(enabled=False if args.quiet else None)
    interrupted: ImportInterrupted | None = None
    # An older database is brought up to date first: the migrations that fill stored hands
    # again (0015, 0016) show how far they are, as `pokerhh migrate` does.
    migrations.set_progress(None if args.quiet else migration_progress)
    try:
        report = import_paths(
            args.paths,
            db_path,
            progress=bar,
            rescan=args.rescan,
            jobs=args.jobs,
            batch_hands=args.batch_hands,
        )
    except ImportInterrupted as error:
        interrupted, report = error, error.report
    finally:
        migrations.set_progress(None)
        bar.close()
    if interrupted is not None:
        print(f"Interrupted: the files being written were rolled back; {db_path} holds the"
              " files below. Import again to finish.")  # fmt: skip
    else:
        print(f"Imported into {db_path}")
    for line in summary_lines(report, problems=args.problems):
        print(terminal_text(line))
    if interrupted is not None:
        return interrupt_status(interrupted.__cause__ or interrupted)
    # One rule (the --help's exit status): a file not imported, for any reason, is exit 1.
    return EXIT_FAILED if report.failed else EXIT_OK


def _import_dask(args: argparse.Namespace) -> int:
    from analytics.ingest.importer import summary_lines

    if args.engine != "dask" or not args.parquet:
        print("pokerhh: --engine dask and --parquet DIR go together (--scheduler too)",
              file=sys.stderr)  # fmt: skip
        return EXIT_USAGE
    try:
        from analytics.scale.dask_import import NotADataset, import_to_parquet
    except ImportError as error:
        print(f"pokerhh: --engine dask needs pokerhh[scale] ({error})", file=sys.stderr)
        return EXIT_FAILED
    try:
        done = import_to_parquet(args.paths, args.parquet, scheduler=args.scheduler,
                                 workers=args.jobs)  # fmt: skip
    except NotADataset as error:
        print(f"pokerhh: {error}", file=sys.stderr)
        return EXIT_FAILED
    print(f"Imported into {done.out_dir} ({done.partitions} partitions on {done.workers}"
          f" workers, {done.total_bytes:,} bytes of Parquet)")  # fmt: skip
    for line in summary_lines(done.report, problems=args.problems):
        print(line)
    return EXIT_FAILED if done.report.files_refused else EXIT_OK


# -- watch -----------------------------------------------------------------------------------


def _watch_parser(commands: Commands, db: argparse.ArgumentParser) -> None:
    from analytics.ingest.growing import QUIET_SECONDS

    cmd = commands.add_parser(
        "watch",
        parents=[db],
        help="import hands as the poker clients write them (their folders, or FOLDER...)",
        description=(
            "Watch folders and import hand histories as they are written: the files there\n"
            "now, then every hand appended, at once when it has ended (its room's end mark);\n"
            "a last hand without one once its file has been quiet for --quiet-after seconds.\n"
            "A restart goes on where it stopped.\n"
            "Without FOLDER: the poker clients' default folders found here\n"
            "(--list-defaults shows them all). docs/watch.md says how."
        ),
        epilog=epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    cmd.add_argument("folders", nargs="*", metavar="FOLDER")
    cmd.add_argument("--list-defaults", action="store_true",
                     help="list every client's default folder per platform, and stop")  # fmt: skip
    cmd.add_argument("--poll", type=seconds, metavar="SECONDS",
                     help="look for changes every SECONDS instead of waiting for file events "
                     "(network drives send none)")  # fmt: skip
    cmd.add_argument("--quiet-after", type=seconds, default=QUIET_SECONDS, metavar="SECONDS",
                     help="a last hand with no end mark is whole once its file is unchanged"
                     f" this long ({QUIET_SECONDS:g})")  # fmt: skip
    cmd.add_argument("--once", action="store_true",
                     help="import what the folders hold now and stop")  # fmt: skip
    cmd.set_defaults(run=_watch)


def seconds(text: str) -> float:
    """A positive number of seconds, for argparse ("invalid seconds value")."""
    number = float(text)
    if not number > 0:
        raise ValueError(text)
    return number


def _watch(args: argparse.Namespace) -> int:
    import threading

    from analytics.ingest.client_folders import current_platform, default_folders
    from analytics.ingest.importer import ImportInterrupted, summary_lines
    from analytics.ingest.watch import HeldBack, watch, watch_once

    if args.list_defaults:
        here = current_platform()
        for platform in ("windows", "macos", "linux"):
            print(f"{platform}{' (this machine)' if platform == here else ''}:")
            for row in default_folders(platform):
                where = f"\n  {'':<24}   = {row.path}" if platform == here and row.path else ""
                found = "  [found]" if platform == here and row.exists else ""
                print(f"  {row.client:<24} {row.folder}{found}{where}")
        return EXIT_OK
    folders = list(args.folders)
    if not folders:
        folders = [str(r.path) for r in default_folders() if r.exists and r.path]
        if not folders:
            print("pokerhh: no poker client's folder found here (pokerhh watch --list-defaults"
                  " shows where they are looked for); give the folder: pokerhh watch FOLDER",
                  file=sys.stderr)  # fmt: skip
            return EXIT_FAILED
    missing = [f for f in folders if not Path(f).is_dir()]
    if missing:
        for folder in missing:
            print(f"pokerhh: {folder}: no such folder", file=sys.stderr)
        return EXIT_FAILED
    db_path = db_to_write(args)
    stop = threading.Event()
    if args.once:
        stop.set()
    else:
        how = f"every {args.poll:g}s" if args.poll else "file events"
        print(f"Watching {len(folders)} folder(s) into {db_path} ({how}; Ctrl+C to stop):")
        for folder in folders:
            print(f"  {folder}")

    def done(imported: object) -> None:
        print(terminal_text(str(imported)), flush=True)
        for problem in getattr(imported, "problems", ()):
            print(terminal_text(f"  {problem}"), flush=True)

    interrupted: ImportInterrupted | None = None
    held: list[HeldBack] = []
    try:
        if args.once:
            report, held = watch_once(db_path, folders, quiet_seconds=args.quiet_after,
                                      on_import=done)  # fmt: skip
        else:
            report = watch(db_path, folders, stop, quiet_seconds=args.quiet_after,
                           poll_seconds=args.poll, on_import=done)  # fmt: skip
    except ImportInterrupted as error:
        interrupted, report = error, error.report
    print("Stopped." if interrupted else f"Imported into {db_path}")
    for line in summary_lines(report, problems=0):
        print(terminal_text(line))
    if interrupted is not None:
        return interrupt_status(interrupted.__cause__ or interrupted)
    if held:  # never a silent 0 with hands left out (issue 23, item 10)
        hands = sum(h.hands for h in held)
        print(f"  held back:   {hands} hand(s) of {len(held)} file(s) changed in the last"
              f" {args.quiet_after:g} s (--quiet-after), perhaps still being written;"
              " run again to import them")  # fmt: skip
        for file in held:
            print(terminal_text(f"    {file}"))
    if report.files_refused:
        return EXIT_FAILED
    return EXIT_HELD_BACK if held else EXIT_OK
