"""The ``pokerhh`` command: a thin shell over the library.

Each subcommand parses its arguments, calls one library function, and prints what it
returned; the work (and everything worth testing) is in ``analytics``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path

from analytics.db import ENV_VAR, NoDatabase, connect, default_db_path, resolve_db_path
from analytics.importer import import_paths, summary_lines

EXIT_OK = 0
#: A path that does not exist or cannot be read, a database that is not there, a hand that
#: is not stored: the command could not do what it was asked.
EXIT_FAILED = 1
#: argparse's own code for a usage error.
EXIT_USAGE = 2

_EXIT_STATUS = """\
exit status:
  0  the command ran; for import, even when some hands were quarantined or some files
     could not be decoded (they are listed in the summary, stored or skipped)
  1  a path, the database or the hand asked for does not exist or cannot be read
  2  usage error
"""


def _epilog() -> str:
    return (
        f"The database is --db FILE if given, else ${ENV_VAR}, else {default_db_path()}.\n\n"
        + _EXIT_STATUS
    )


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return int(args.run(args))
    except BrokenPipeError:
        # `pokerhh export ... | head`: the reader went away; stop quietly, as Unix tools do
        # (and keep Python from complaining again when it flushes stdout at exit).
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_FAILED
    except NoDatabase as error:
        print(f"pokerhh: {error}", file=sys.stderr)
        return EXIT_FAILED
    except sqlite3.Error as error:  # disk full, a locked or corrupt database file...
        print(f"pokerhh: database error: {error}", file=sys.stderr)
        return EXIT_FAILED
    except OSError as error:  # the database's folder cannot be created, --out not writable
        print(f"pokerhh: {error}", file=sys.stderr)
        return EXIT_FAILED
    except KeyboardInterrupt:
        print("\npokerhh: interrupted", file=sys.stderr)
        return 130


def _parser() -> argparse.ArgumentParser:
    db = argparse.ArgumentParser(add_help=False)
    db.add_argument(
        "--db",
        metavar="FILE",
        help=f"the database file (default: ${ENV_VAR}, else {default_db_path()})",
    )
    parser = argparse.ArgumentParser(
        prog="pokerhh",
        description="Poker hand histories: import, check, replay, export.",
        epilog=_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    cmd = commands.add_parser(
        "import",
        parents=[db],
        help="import hand histories (files, folders, zip files)",
        description=(
            "Import hand histories. Folders are read recursively (*.txt files); zip files\n"
            "are read in memory. Hands already stored count as duplicates; a hand that fails\n"
            "to parse or replay is stored quarantined, with its reason and its raw text."
        ),
        epilog=_epilog(),
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
        type=int,
        default=os.cpu_count() or 1,
        metavar="N",
        help="parse and replay in N processes (default: one per core); the database is "
        "written by one, in file order, so the result does not depend on N",
    )
    cmd.add_argument(
        "--problems", type=int, default=20, metavar="N", help="list the first N problems (20)"
    )
    cmd.set_defaults(run=_import)

    cmd = commands.add_parser(
        "export", parents=[db], help="export stored hands for other tools (JSON Lines)"
    )
    cmd.add_argument("--format", required=True, choices=["jsonl"])
    cmd.add_argument("--out", metavar="FILE", help="write here instead of standard output")
    cmd.set_defaults(run=_export)

    cmd = commands.add_parser("replay", parents=[db], help="show a stored hand step by step")
    cmd.add_argument("hand_id", metavar="HAND_ID", help="the site's hand number (or SITE:NUMBER)")
    cmd.set_defaults(run=_replay)

    _stats_parsers(commands, db)

    cmd = commands.add_parser("dashboard", parents=[db], help="open the dashboard (Streamlit)")
    cmd.add_argument("--port", type=int, default=8501)
    cmd.set_defaults(run=_dashboard)
    return parser


def date(text: str) -> dt.date:
    """``2019-07-12``, for argparse (whose message names the function: "invalid date")."""
    return dt.date.fromisoformat(text)


def _stats_parsers(commands: argparse._SubParsersAction, db: argparse.ArgumentParser) -> None:
    from analytics.stats import GROUPINGS, STAT_NAMES
    from analytics.stats_report import FORMATS

    cmd = commands.add_parser(
        "stats",
        parents=[db],
        help="player statistics (VPIP, PFR, 3-bet ... bb/100, all-in EV)",
        description=(
            "Player statistics over the stored hands, one group per player and currency\n"
            "(and position, stakes or month with --by). Every rate shows its sample x / n\n"
            "and a 95% Wilson interval; docs/stats.md defines each stat."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    cmd.add_argument("--player", action="append", default=[], metavar="NAME",
                     help="only this player (repeat for several)")  # fmt: skip
    cmd.add_argument("--from", dest="date_from", type=date, metavar="DATE",
                     help="hands on or after DATE (YYYY-MM-DD, UTC)")  # fmt: skip
    cmd.add_argument("--to", dest="date_to", type=date, metavar="DATE",
                     help="hands on or before DATE (YYYY-MM-DD, UTC)")  # fmt: skip
    cmd.add_argument("--game", action="append", default=[], metavar="CODE",
                     help="game code: NLHE, PLO, FLHE ... (repeatable)")  # fmt: skip
    cmd.add_argument("--stakes", action="append", default=[], metavar="SB/BB",
                     help="blinds in major units: 50/100, $0.05/$0.10 (repeatable)")  # fmt: skip
    cmd.add_argument("--position", action="append", default=[], metavar="POS",
                     help="BTN, SB, BB, UTG, MP, CO ... (repeatable)")  # fmt: skip
    cmd.add_argument("--table-size", action="append", default=[], type=int, metavar="N",
                     help="tables of N seats (6 for 6-max; repeatable)")  # fmt: skip
    kind = cmd.add_mutually_exclusive_group()
    kind.add_argument("--cash", action="store_const", const="cash", dest="kind")
    kind.add_argument("--tournament", action="store_const", const="tournament", dest="kind")
    cmd.add_argument(
        "--by", choices=list(GROUPINGS), help="one group per position, stakes or month"
    )
    cmd.add_argument("--format", choices=FORMATS, default="table")
    cmd.add_argument("--min-hands", type=int, default=0, metavar="N",
                     help="leave out groups with fewer than N hands")  # fmt: skip
    cmd.set_defaults(run=_stats)

    cmd = commands.add_parser(
        "explain",
        parents=[db],
        help="the hands behind a player's stat, or why one hand counted",
        description=(
            "Without HAND_ID: every hand in the numerator or denominator of STAT for the\n"
            "player. With HAND_ID: why that hand counted (the hand is replayed again).\n"
            f"STAT is one of: {', '.join(STAT_NAMES)}."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    cmd.add_argument("--player", required=True, metavar="NAME")
    cmd.add_argument("stat", metavar="STAT")
    cmd.add_argument("hand_id", nargs="?", metavar="HAND_ID",
                     help="the site's hand number (or SITE:NUMBER)")  # fmt: skip
    cmd.add_argument("--format", choices=FORMATS, default="table")
    cmd.set_defaults(run=_explain)


# -- import ----------------------------------------------------------------------------------


def _import(args: argparse.Namespace) -> int:
    from dashboard.progress import ProgressBar

    missing = [p for p in args.paths if not Path(p).exists()]
    if missing:
        for path in missing:
            print(f"pokerhh: {path}: no such file or folder", file=sys.stderr)
        return EXIT_FAILED
    db_path = resolve_db_path(args.db)
    bar = ProgressBar(enabled=False if args.quiet else None)
    try:
        report = import_paths(
            args.paths, db_path, progress=bar, rescan=args.rescan, jobs=max(1, args.jobs)
        )
    finally:
        bar.close()
    print(f"Imported into {db_path}")
    for line in summary_lines(report, problems=args.problems):
        print(line)
    unreadable = [r for r in report.files_refused if r.kind in ("unreadable", "not_found")]
    return EXIT_FAILED if unreadable else EXIT_OK


# -- export ----------------------------------------------------------------------------------


def _export(args: argparse.Namespace) -> int:
    from analytics.export import export_jsonl

    db_path = resolve_db_path(args.db)
    if args.out:
        with open(args.out, "w", encoding="utf-8", newline="\n") as out:
            count = export_jsonl(db_path, out)
        print(f"exported {count:,} hands to {args.out}", file=sys.stderr)
    else:
        export_jsonl(db_path, sys.stdout)
    return EXIT_OK


# -- stats and explain -----------------------------------------------------------------------


def _stats(args: argparse.Namespace) -> int:
    from analytics.queries import ALL, Filters
    from analytics.stats import StatsQuery
    from analytics.stats_report import stats_report

    query = StatsQuery(
        filters=Filters(
            date_from=args.date_from,
            date_to=args.date_to,
            games=tuple(args.game),
            kind=args.kind or ALL,
        ),
        players=tuple(args.player),
        positions=tuple(args.position),
        table_sizes=tuple(args.table_size),
        by=args.by,
        min_hands=args.min_hands,
    )
    try:
        text = stats_report(resolve_db_path(args.db), query, args.format, tuple(args.stakes))
    except ValueError as error:  # stakes that match nothing
        print(f"pokerhh: {error}", file=sys.stderr)
        return EXIT_FAILED
    sys.stdout.write(text)
    return EXIT_OK


def _explain(args: argparse.Namespace) -> int:
    from analytics.explain import NotInHand, explain_hand
    from analytics.lookup import HandNotFound
    from analytics.stats import UnknownStat
    from analytics.stats_report import explain_report
    from parser.model.errors import PokerhhError

    db_path = resolve_db_path(args.db)
    try:
        if args.hand_id:
            text = explain_hand(db_path, args.hand_id, args.player, args.stat) + "\n"
        else:
            text = explain_report(db_path, args.player, args.stat, args.format)
    except (UnknownStat, HandNotFound, NotInHand, PokerhhError) as error:
        print(f"pokerhh: {error}", file=sys.stderr)
        return EXIT_FAILED
    sys.stdout.write(text)
    return EXIT_OK


# -- replay ----------------------------------------------------------------------------------


def _replay(args: argparse.Namespace) -> int:
    from analytics.lookup import HandNotFound, find_hand, replay_stored
    from analytics.narrate import narrate
    from parser.model.errors import PokerhhError

    try:
        hand = find_hand(resolve_db_path(args.db), args.hand_id)
    except HandNotFound as error:
        print(f"pokerhh: {error}", file=sys.stderr)
        return EXIT_FAILED
    if hand.status != "ok":
        rule = f"[{hand.problem_rule}] " if hand.problem_rule else ""
        print(
            f"{hand.site} hand #{hand.hand_id} is quarantined ({hand.status}): "
            f"{hand.problem_kind}: {rule}{hand.problem_message}"
        )
        where = f"{hand.path}:{hand.problem_line or hand.first_line}"
        print(f"at {where}; the hand as stored (from line {hand.first_line}):\n")
        print(hand.raw)
        return EXIT_OK
    try:
        result = replay_stored(hand)
    except PokerhhError as error:  # stored as ok by an older version; this one disagrees
        print(f"pokerhh: {hand.site} hand #{hand.hand_id} no longer replays: {error}",
              file=sys.stderr)  # fmt: skip
        return EXIT_FAILED
    for line in narrate(result):
        print(line)
    return EXIT_OK


# -- dashboard -------------------------------------------------------------------------------


def dashboard_command(port: int) -> list[str]:
    """The ``streamlit run`` command line: local only, no telemetry, no tracebacks shown,
    uploads limited to ``MAX_UPLOAD_MB`` per file."""
    from dashboard.upload import MAX_UPLOAD_MB

    app = Path(__file__).resolve().parent / "app.py"
    return [
        sys.executable, "-m", "streamlit", "run", str(app),
        "--server.address", "127.0.0.1",
        "--server.port", str(port),
        "--server.headless", "true",
        "--browser.gatherUsageStats", "false",
        "--client.showErrorDetails", "none",
        "--client.toolbarMode", "viewer",
        "--server.maxUploadSize", str(MAX_UPLOAD_MB),
    ]  # fmt: skip


def _dashboard(args: argparse.Namespace) -> int:
    db_path = resolve_db_path(args.db)
    if not db_path.exists():
        # A first start: create the (empty) database; the dashboard offers the sample
        # hands and the upload page from there.
        connect(db_path).close()
        print(f"created an empty database at {db_path}", file=sys.stderr)
    env = {**os.environ, ENV_VAR: str(db_path.resolve())}
    print(f"pokerhh dashboard on http://127.0.0.1:{args.port} (Ctrl+C to stop)", file=sys.stderr)
    command = dashboard_command(args.port)
    # Become Streamlit (not its parent), so a signal to this process reaches the server.
    os.execvpe(command[0], command, env)
    return EXIT_FAILED  # not reached


if __name__ == "__main__":
    sys.exit(main())
