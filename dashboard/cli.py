"""The ``pokerhh`` command: a thin shell over the library.

Each subcommand parses its arguments, calls one library function, and prints what it
returned; the work (and everything worth testing) is in ``analytics``.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import errno
import os
import secrets
import signal
import socket
import sqlite3
import sys
from collections.abc import Iterator, Sequence
from importlib import import_module
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, TextIO

from analytics.output.text_safety import terminal_text
from analytics.store.db import (
    ENV_VAR,
    BadDatabase,
    NoDatabase,
    connect,
    default_db_path,
    read_only,
    resolve_db_path,
)
from dashboard import access
from dashboard.access import PASSWORD_VAR

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeAlias

    from analytics.stats.players import StatsQuery

    #: What ``signal.signal`` takes and returns (typeshed names it only privately).
    SignalHandler: TypeAlias = Callable[[int, FrameType | None], Any] | int | signal.Handlers | None
    #: ``ArgumentParser.add_subparsers()``'s result, whose class argparse keeps private.
    Commands: TypeAlias = argparse._SubParsersAction[argparse.ArgumentParser]

EXIT_OK = 0
#: A path that does not exist or cannot be read, a database that is not there, a hand that
#: is not stored: the command could not do what it was asked.
EXIT_FAILED = 1
#: argparse's own code for a usage error.
EXIT_USAGE = 2
#: ``watch --once``: every complete hand imported, but the last hand of a file written in
#: the last ``--quiet-after`` seconds held back, as it may still be being written.
EXIT_HELD_BACK = 3
#: Where the dashboard listens unless ``--host`` says otherwise: this machine only.
LOCAL_HOST = "127.0.0.1"

_EXIT_STATUS = """\
exit status:
  0  the command ran; for import, every file was imported (or was unchanged since a
     previous import), even when some hands were quarantined (they are stored)
  1  a path, the database or the hand asked for does not exist or cannot be read, or the
     database cannot be written (disk full, locked by another program too long); for
     import, some file was not imported, whatever the reason (an unreadable zip or
     folder, an undecodable file, a file with no hand history, an empty folder...):
     each is listed under "not read" in the summary and nothing of it is stored, so the
     next import tries it again; or nothing was imported, every file being skipped
     (under a folder, files that are no hand history are listed as "skipped")
  2  usage error, or a filter value that names nothing stored
  3  watch --once: the hands written in the last --quiet-after seconds were held back
     (each file's last hand may still be being written; listed): run it again later
  130, 143  interrupted by Ctrl-C (SIGINT) or SIGTERM: the file being written is rolled
     back, the summary shows what was done; import again to finish
"""


def epilog() -> str:
    return (
        f"The database is --db FILE if given, else ${ENV_VAR}, else {default_db_path()}.\n\n"
        + _EXIT_STATUS
    )


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the program is, as Ctrl-C raises KeyboardInterrupt: the same
    clean-up runs (the current file's transaction rolled back, the summary printed)."""


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    raise Terminated


def interrupt_status(error: BaseException) -> int:
    return 128 + (signal.SIGTERM if isinstance(error, Terminated) else signal.SIGINT)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser(command_named(sys.argv[1:] if argv is None else argv)).parse_args(argv)
    previous = _handle_sigterm()
    try:
        return int(args.run(args))
    except BrokenPipeError:
        # `pokerhh export ... | head`: the reader went away; stop quietly, as Unix tools do
        # (and keep Python from complaining again when it flushes stdout at exit).
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_FAILED
    except (NoDatabase, BadDatabase) as error:
        print(f"pokerhh: {error}", file=sys.stderr)
        return EXIT_FAILED
    except sqlite3.Error as error:  # disk full, a locked or corrupt database file...
        where = resolve_db_path(getattr(args, "db", None))
        print(f"pokerhh: database {where}: {error}{_database_hint(error)}", file=sys.stderr)
        return EXIT_FAILED
    except OSError as error:  # the database's folder cannot be created, --out not writable
        print(f"pokerhh: {error}", file=sys.stderr)
        return EXIT_FAILED
    except KeyboardInterrupt as error:
        print("\npokerhh: interrupted", file=sys.stderr)
        return interrupt_status(error)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def db_to_write(args: argparse.Namespace) -> Path:
    """The database a command may create: in a folder that exists, when the path was
    chosen (``--db``, ``$POKERHH_DB``); only the default's folder is made (issue 23,
    item 16): a mistyped ``--db ~/pokre/x.sqlite`` must not leave a tree of folders."""
    path = resolve_db_path(getattr(args, "db", None))
    folder = path.parent
    if path != default_db_path() and not os.path.lexists(folder):
        raise BadDatabase(path, f"no such folder {folder} (create it first; only the"
                          " default database's folder is created)")  # fmt: skip
    return path


def _database_hint(error: sqlite3.Error) -> str:
    """What a user can do about the commonest database errors (tests/reliability/
    test_faults.py): the change under way was rolled back either way."""
    from analytics.store.db import BUSY_TIMEOUT_S  # read now: tests shorten the wait

    message = str(error)
    if "locked" in message or "busy" in message:
        return (f" (another program kept it locked for more than {BUSY_TIMEOUT_S:g} s; the"
                " change under way was rolled back: try again once it is done)")  # fmt: skip
    if "full" in message:
        return (" (its disk is full, or its size limit reached; the change under way was"
                " rolled back, what was committed before is intact: free some space and run"
                " the command again)")  # fmt: skip
    return ""


def _handle_sigterm() -> SignalHandler:
    """Install :func:`_on_sigterm`; the handler it replaces (None off the main thread,
    where Python allows no signal handler)."""
    import threading

    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGTERM, _on_sigterm)


def _version() -> str:
    """The release, and whether the compiled core runs (``parser.native``: a user who
    finds the import slow can see why)."""
    from importlib.metadata import PackageNotFoundError, version

    from parser import native

    status = native.STATUS
    core = "compiled core" if status.used else f"pure Python: {status.reason}"
    try:
        return f"{version('pokerhh')} ({core})"
    except PackageNotFoundError:  # run from a checkout that was never installed
        return f"unknown (not installed; {core})"


#: The commands with a module of their own (``add_parsers``), in the help's order, imported
#: only when named (or for the whole help).
COMMAND_MODULES = (
    ("cli_import", ("import", "watch")),
    ("cli_hands", ("hands",)),  # issue 25 item 2: pokerhh hands --where
    ("cli_notes", ("notes",)),
    ("cli_share", ("share",)),
    ("cli_alias", ("alias",)),
    ("cli_leaks", ("leaks",)),
)


def command_named(argv: Sequence[str]) -> str | None:
    """The command a command line names (``pokerhh --db F hands ...``: ``hands``), or None
    when an option of the whole program comes first (``--help``, ``--version``).

    >>> command_named(["--db", "x.sqlite", "hands", "--where", "pot is 3bet"])
    'hands'
    >>> command_named(["--version"]), command_named([])
    (None, None)
    """
    items = iter(argv)
    for item in items:
        if item == "--db":
            next(items, None)
        elif not item.startswith("--db="):
            return None if item.startswith("-") else item
    return None


def _parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: every command's for help and ``--version``, only the
    named command's otherwise. Each command's arguments import what they name (the
    statistics' names, the rooms' file suffixes, the query grammar): ``pokerhh hands
    --where`` should not pay for ``stats``' or ``import``'s (issue 25 acceptance 2: under
    1 s with Python's start). A name no command has gets them all, for argparse's message."""
    known: set[str] = set()

    def wanted(*names: str) -> bool:
        known.update(names)
        return command is None or command in names

    db_help = f"the database file (default: ${ENV_VAR}, else {default_db_path()})"
    db = argparse.ArgumentParser(add_help=False)
    # SUPPRESS: a subcommand without --db keeps the one given before it.
    db.add_argument("--db", metavar="FILE", default=argparse.SUPPRESS, help=db_help)
    parser = argparse.ArgumentParser(
        prog="pokerhh",
        description="Poker hand histories: import, check, replay, export.",
        epilog=epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"pokerhh {_version()}")
    parser.add_argument("--db", metavar="FILE", help=db_help + "; also after the command")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    for module, names in COMMAND_MODULES:
        if wanted(*names):
            import_module(f"dashboard.{module}").add_parsers(commands, db)
    if wanted("export"):
        cmd = commands.add_parser(
            "export", parents=[db], help="export stored hands for other tools (JSON Lines)"
        )
        cmd.add_argument("--format", required=True, choices=["jsonl", "phh"])
        cmd.add_argument("--out", metavar="FILE", help="write here instead of standard output "
                         "(phh: FILE.phhs, or DIR/ for one .phh per hand; required)")  # fmt: skip
        cmd.set_defaults(run=_export)
    if wanted("replay"):
        cmd = commands.add_parser("replay", parents=[db], help="show a stored hand step by step")
        cmd.add_argument("hand_id", metavar="HAND_ID",
                         help="the site's hand number (or SITE:NUMBER)")  # fmt: skip
        cmd.set_defaults(run=_replay)
    if wanted("record", "stats", "explain", "tournaments", "dashboard", "migrate", "vacuum",
              "delete"):  # fmt: skip
        _other_parsers(commands, db, command)
    if command is not None and command not in known:
        return _parser(None)
    return parser


def _other_parsers(commands: Commands, db: argparse.ArgumentParser, command: str | None) -> None:
    """The commands whose arguments import nothing of their own, built together (cheap
    beside the others), and ``stats``/``explain`` when named."""
    cmd = commands.add_parser(
        "record",
        parents=[db],
        help="record a live hand step by step, as the rules allow, and store it",
        description=(
            "Record a live hand: setup lines (game, blinds, seats, button), then one short\n"
            "line per step (f, x, c, r 120, d flop AhKd2c, d exposed 7c p2 ...), each checked\n"
            "by the rules engine; 'done' saves it as live PHH beside the database\n"
            "(recorded/) and imports it. The shorthand: docs/live.md."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    cmd.add_argument("--script", metavar="FILE",
                     help="read the lines from FILE (stop at the first refused step)")  # fmt: skip
    cmd.add_argument("--print", dest="print_phh", action="store_true",
                     help="also print the hand's live PHH text")  # fmt: skip
    cmd.set_defaults(run=_record)

    if command is None or command in ("stats", "explain"):
        _stats_parsers(commands, db)  # the statistics' names and the report's formats

    cmd = commands.add_parser(
        "tournaments", parents=[db], help="tournaments: places, prizes, profit, ROI, ITM"
    )
    cmd.add_argument("--player", metavar="NAME", help="only his tournaments, with his totals")
    cmd.add_argument("--format", choices=["table", "json"], default="table")
    cmd.set_defaults(run=_tournaments)

    cmd = commands.add_parser("dashboard", parents=[db], help="open the dashboard (Streamlit)")
    cmd.add_argument("--port", type=port, default=8501, help="1 to 65535 (8501)")
    cmd.add_argument("--host", default=LOCAL_HOST, metavar="ADDRESS",
                     help="listen on ADDRESS (127.0.0.1); any other than this machine's own"
                     f" needs a password: ${PASSWORD_VAR} or --password-file")  # fmt: skip
    cmd.add_argument("--password-file", metavar="FILE",
                     help="the dashboard's password: the file's first line")  # fmt: skip
    cmd.set_defaults(run=_dashboard)

    cmd = commands.add_parser(
        "migrate",
        parents=[db],
        help="bring an older database's schema up to date (after a backup copy)",
        description=(
            "Bring the database's schema up to this version's. An older schema is first\n"
            "copied beside the file (FILE.schema-NNNN.bak, NNNN its schema version).\n"
            "Only import and migrate change a database; the other commands only read it."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    cmd.set_defaults(run=_migrate)

    cmd = commands.add_parser(
        "vacuum",
        parents=[db],
        help="compact the database file (housekeeping)",
        description=(
            "Rewrite the database file with every page full (SQLite's VACUUM), as\n"
            "PokerTracker's and Hold'em Manager's housekeeping does: after many imports and\n"
            "deletes the file shrinks by about a tenth. The first import into an empty\n"
            "database does this by itself. Needs free disk space for a copy of the file."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    cmd.set_defaults(run=_vacuum)

    cmd = commands.add_parser(
        "delete",
        parents=[db],
        help="delete stored hands, by hand id or by file",
        description=(
            "Delete stored hands (with their players, actions, pots and statistics).\n"
            "Without --yes, only say what would be deleted (exit status 1). A file's hands\n"
            "(--file) are"
            " forgotten with the file, so importing it again stores them again; hands\n"
            "deleted by id stay deleted until `import --rescan` of their file."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    cmd.add_argument("hand_ids", nargs="*", metavar="HAND_ID",
                     help="the site's hand number (or SITE:NUMBER)")  # fmt: skip
    cmd.add_argument("--file", action="append", default=[], metavar="PATH",
                     help="every hand stored from this file (a zip: its members)")  # fmt: skip
    cmd.add_argument("--yes", action="store_true", help="really delete")
    cmd.set_defaults(run=_delete)


def date(text: str) -> dt.date:
    """``2019-07-12``, for argparse (whose message names the function: "invalid date")."""
    return dt.date.fromisoformat(text)


def positive(text: str) -> int:
    """A whole number of at least 1, for argparse ("invalid positive value")."""
    number = int(text)
    if number < 1:
        raise ValueError(text)
    return number


def port(text: str) -> int:
    """A TCP port, 1 to 65535, for argparse ("invalid port value")."""
    number = int(text)
    if not 1 <= number <= 65535:
        raise ValueError(text)
    return number


def _stats_parsers(commands: Commands, db: argparse.ArgumentParser) -> None:
    from analytics.stats.players import STAT_NAMES
    from analytics.stats.report import FORMATS

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
    _filter_arguments(cmd)
    from dashboard.cli_hands import where_arguments

    where_arguments(cmd)  # --where EXPR, --filter NAME (issue 25 item 2)
    cmd.add_argument("--format", choices=FORMATS, default="table")
    cmd.add_argument("--parquet", metavar="DIR",
                     help="read a Parquet dataset of import --engine dask (DuckDB) instead "
                     "of the database")  # fmt: skip
    cmd.set_defaults(run=_stats)

    cmd = commands.add_parser(
        "explain",
        parents=[db],
        help="the hands behind a player's stat, or why one hand counted",
        description=(
            "Without HAND_ID: the figure of STAT as `pokerhh stats` shows it, per player and\n"
            "currency (and --by group), then every hand in its numerator or denominator;\n"
            "it takes the same filters as stats. With HAND_ID: why that hand counted (the\n"
            f"hand is replayed again). STAT is one of: {', '.join(STAT_NAMES)}."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    cmd.add_argument("stat", metavar="STAT")
    cmd.add_argument("hand_id", nargs="?", metavar="HAND_ID",
                     help="the site's hand number (or SITE:NUMBER)")  # fmt: skip
    _filter_arguments(cmd)
    cmd.add_argument("--format", choices=FORMATS, default="table")
    cmd.set_defaults(run=_explain)


def _filter_arguments(cmd: argparse.ArgumentParser) -> None:
    """The filters and grouping of ``stats``, which ``explain`` shares (one builder, one
    :func:`_stats_query`, so the two cannot drift apart)."""
    from analytics.stats.players import GROUPINGS

    cmd.add_argument("--player", action="append", default=[], metavar="NAME",
                     help="only this player (repeat for several; any case)")  # fmt: skip
    cmd.add_argument("--site", action="append", default=[], metavar="ROOM",
                     help="hands of this room: PokerStars, GGPoker, Winamax ... (repeatable;"
                     " any case)")  # fmt: skip
    cmd.add_argument("--from", dest="date_from", type=date, metavar="DATE",
                     help="hands on or after DATE (YYYY-MM-DD, UTC)")  # fmt: skip
    cmd.add_argument("--to", dest="date_to", type=date, metavar="DATE",
                     help="hands on or before DATE (YYYY-MM-DD, UTC)")  # fmt: skip
    cmd.add_argument("--game", action="append", default=[], metavar="CODE",
                     help="game code or name: NLHE, PLO, FLHE, razz ... (repeatable; any"
                     " case)")  # fmt: skip
    cmd.add_argument("--stakes", action="append", default=[], metavar="SB/BB",
                     help="in major units: 50/100, $0.05/$0.10, .05/.10 (fixed limit and"
                     " stud by their bets), or a label of --by stakes: 'FL7S $0.10/$0.20'"
                     " (repeatable)")  # fmt: skip
    cmd.add_argument("--position", action="append", default=[], metavar="POS",
                     help="BTN, SB, BB, UTG, MP, CO ... (repeatable; any case)")  # fmt: skip
    cmd.add_argument("--table-size", action="append", default=[], type=int, metavar="N",
                     help="tables of N seats (6 for 6-max; repeatable)")  # fmt: skip
    kind = cmd.add_mutually_exclusive_group()
    kind.add_argument("--cash", action="store_const", const="cash", dest="kind")
    kind.add_argument("--tournament", action="store_const", const="tournament", dest="kind")
    cmd.add_argument(
        "--by", choices=list(GROUPINGS), help="one group per position, stakes or month"
    )
    cmd.add_argument("--min-hands", type=int, default=0, metavar="N",
                     help="leave out groups with fewer than N hands")  # fmt: skip


# -- export ----------------------------------------------------------------------------------


def _export(args: argparse.Namespace) -> int:
    from analytics.output.export import export_jsonl

    db_path = resolve_db_path(args.db)
    if args.format == "phh":
        return _export_phh(db_path, args.out)
    if args.out:
        with replaced_atomically(Path(args.out)) as out:
            count = export_jsonl(db_path, out)
        print(f"exported {count:,} hands to {args.out}", file=sys.stderr)
    else:
        export_jsonl(db_path, sys.stdout)
    return EXIT_OK


def _export_phh(db_path: Path, out: str | None) -> int:
    from analytics.output.export_phh import export_phh

    if not out:
        print("pokerhh: export --format phh needs --out FILE.phhs or --out DIR/", file=sys.stderr)
        return EXIT_USAGE
    report = export_phh(db_path, out)
    print(f"exported {report.written:,} hands to {out}", file=sys.stderr)
    if report.skipped:  # by reason, a few hands each: 217 lines read as none (issue 23)
        print(f"skipped {len(report.skipped):,} hands PHH cannot hold:", file=sys.stderr)
    for reason, hands in report.grouped():
        shown = ", ".join(f"{site}:{hand_id}" for site, hand_id in hands[:PHH_EXAMPLES])
        more = f" and {len(hands) - PHH_EXAMPLES:,} more" if len(hands) > PHH_EXAMPLES else ""
        which = report.details.get(reason)
        games = f": {', '.join(sorted(which))}" if which else ""
        print(terminal_text(f"  {len(hands):>6,}  {reason} (e.g. {shown}{more}){games}"),
              file=sys.stderr)  # fmt: skip
    return EXIT_OK


#: Hands named per reason a PHH export skipped (``export --format phh``).
PHH_EXAMPLES = 3


def replaced_atomically(path: Path) -> contextlib.AbstractContextManager[TextIO]:
    """Write ``path`` through a temporary file beside it, renamed over it only once the
    block ends without an error: an interrupted export never leaves a partial file under
    the final name (nor removes a previous one); the file gets the mode the umask gives a
    new file, not ``mkstemp``'s 0600 (:mod:`analytics.output.atomic`)."""
    from analytics.output.atomic import replaced

    return replaced(path)


# -- stats and explain -----------------------------------------------------------------------


def _stats_query(args: argparse.Namespace) -> StatsQuery:
    """The query of :func:`_filter_arguments`' options (``stats`` and ``explain``)."""
    from analytics.stats.players import StatsQuery
    from analytics.stats.queries import ALL, Filters

    return StatsQuery(
        filters=Filters(
            date_from=args.date_from,
            date_to=args.date_to,
            games=tuple(args.game),
            kind=args.kind or ALL,
            sites=tuple(args.site),
        ),
        players=tuple(args.player),
        positions=tuple(args.position),
        table_sizes=tuple(args.table_size),
        by=args.by,
        min_hands=args.min_hands,
    )


#: The filters of ``stats``, public for the subcommands of other modules (``leaks``).
filter_arguments, stats_query = _filter_arguments, _stats_query


def _stats(args: argparse.Namespace) -> int:
    from analytics.stats.people import stats_report  # --player: a person, SITE:NAME, a name
    from analytics.stats.players import BadFilter
    from analytics.store.people import AliasError

    try:
        if getattr(args, "parquet", None):  # issue 11: a Dask import's dataset
            from analytics.scale.parquet_stats import NoDataset, parquet_stats_report

            try:
                text = parquet_stats_report(
                    args.parquet, _stats_query(args), args.format, tuple(args.stakes)
                )
            except NoDataset as error:
                print(f"pokerhh: {error}", file=sys.stderr)
                return EXIT_FAILED
        else:
            from dashboard.cli_hands import USAGE_ERRORS, stats_query, usage_error

            try:
                query = stats_query(args, _stats_query(args))
            except USAGE_ERRORS as error:  # a query that cannot be read: exit 2, located
                return usage_error(error)
            text = stats_report(resolve_db_path(args.db), query, args.format, tuple(args.stakes))
    except (BadFilter, AliasError) as error:  # a value naming nothing stored, reversed dates...
        print(f"pokerhh: {error}", file=sys.stderr)
        return EXIT_USAGE
    sys.stdout.write(text)
    return EXIT_OK


def _tournaments(args: argparse.Namespace) -> int:
    from analytics.stats.players import BadFilter
    from analytics.store.db import read_only
    from dashboard.cli_tournaments import report_json, report_table, resolve_player

    db = read_only(resolve_db_path(args.db))
    try:
        player = resolve_player(db.conn, args.player) if args.player else None
        if args.format == "json":
            sys.stdout.write(report_json(db.conn, player))
        else:
            sys.stdout.write(terminal_text(report_table(db.conn, player)))
    except BadFilter as error:  # a name stored in no case: as stats says it (exit 2)
        print(f"pokerhh: {error}", file=sys.stderr)
        return EXIT_USAGE
    finally:
        db.close()
    return EXIT_OK


def _explain(args: argparse.Namespace) -> int:
    import json

    from analytics.stats.explain import NotInHand, explain_hand, explain_hand_record
    from analytics.stats.players import BadFilter, UnknownStat, stat
    from analytics.stats.report import explain_report
    from analytics.store.lookup import HandNotFound
    from parser.model.errors import PokerhhError

    if not args.player or (args.hand_id and len(args.player) != 1):
        one = "one --player NAME" if args.hand_id else "--player NAME"
        print(f"pokerhh: explain needs {one}", file=sys.stderr)
        return EXIT_USAGE
    db_path = resolve_db_path(args.db)
    try:
        stat(args.stat)  # a name that is no stat is a usage error, whatever the hand
        if args.hand_id and args.format == "json":
            record = explain_hand_record(db_path, args.hand_id, args.player[0], args.stat)
            text = json.dumps(record, indent=2, ensure_ascii=False) + "\n"
        elif args.hand_id:
            text = explain_hand(db_path, args.hand_id, args.player[0], args.stat) + "\n"
        else:
            query = _stats_query(args)
            text = explain_report(db_path, query, args.stat, args.format, tuple(args.stakes))
    except (BadFilter, UnknownStat) as error:  # usage, as stats' bad filters (issue 23)
        print(f"pokerhh: {error}", file=sys.stderr)
        return EXIT_USAGE
    except (HandNotFound, NotInHand, PokerhhError) as error:
        print(f"pokerhh: {error}", file=sys.stderr)
        return EXIT_FAILED
    sys.stdout.write(text)
    return EXIT_OK


# -- migrate and delete ----------------------------------------------------------------------


def _migrate(args: argparse.Namespace) -> int:
    from analytics.store import migrations
    from analytics.store.db import open_writer

    db_path = resolve_db_path(args.db)
    if not db_path.exists():
        raise NoDatabase(db_path)
    # A migration that replays the stored hands (0016's new statistics) shows how far it is.
    migrations.set_progress(migration_progress)
    try:
        db, upgrade = open_writer(db_path)
    finally:
        migrations.set_progress(None)
    db.close()
    if upgrade.applied:
        steps = ", ".join(upgrade.applied)
        print(f"{db_path}: schema {upgrade.before} -> {upgrade.after} ({steps});"
              f" the old file is kept as {upgrade.backup}")  # fmt: skip
    else:
        print(f"{db_path}: schema {upgrade.after} is up to date")
    return EXIT_OK


def migration_progress(what: str, done: int, total: int) -> None:
    """``[#####.....] 12,000 / 40,000 hands (statistics)`` on stderr, redrawn in place."""
    width = 30
    filled = width * done // total if total else width
    end = "\n" if done >= total else ""
    print(f"\r[{'#' * filled}{'.' * (width - filled)}] {done:,} / {total:,} hands ({what})",
          end=end, file=sys.stderr, flush=True)  # fmt: skip


def _vacuum(args: argparse.Namespace) -> int:
    from analytics.store.db import compact, open_writer

    db_path = resolve_db_path(args.db)
    if not db_path.exists():
        raise NoDatabase(db_path)
    before = db_path.stat().st_size
    db, _ = open_writer(db_path)
    try:
        done = compact(db.conn)
    finally:
        db.close()
    if not done:
        print(f"{db_path}: not compacted (another program is writing to it, or the disk"
              " has no room for a copy); nothing changed", file=sys.stderr)  # fmt: skip
        return EXIT_FAILED
    after = db_path.stat().st_size
    print(f"{db_path}: {before:,} -> {after:,} bytes")
    return EXIT_OK


def _delete(args: argparse.Namespace) -> int:
    from analytics.store.delete import FileNotStored, delete_hands, select_hands
    from analytics.store.lookup import HandNotFound

    if not args.hand_ids and not args.file:
        print("pokerhh: delete needs HAND_ID... or --file PATH", file=sys.stderr)
        return EXIT_USAGE
    db_path = resolve_db_path(args.db)
    try:
        selection = select_hands(db_path, args.hand_ids, args.file)
    except (HandNotFound, FileNotStored) as error:
        print(f"pokerhh: {error}", file=sys.stderr)
        return EXIT_FAILED
    if not args.yes:
        print(f"would delete {selection.describe()} from {db_path}; nothing deleted:"
              " run again with --yes to delete")  # fmt: skip
        return EXIT_FAILED
    deleted = delete_hands(db_path, selection)
    print(f"deleted {deleted.describe()} from {db_path}")
    return EXIT_OK


# -- replay ----------------------------------------------------------------------------------


def _replay(args: argparse.Namespace) -> int:
    from analytics.output.narrate import narrate
    from analytics.store.lookup import HandNotFound, find_hand, replay_stored
    from parser.model.errors import PokerhhError

    try:
        hand = find_hand(resolve_db_path(args.db), args.hand_id)
    except HandNotFound as error:
        print(f"pokerhh: {error}", file=sys.stderr)
        return EXIT_FAILED
    if hand.status != "ok":
        rule = f"[{hand.problem_rule}] " if hand.problem_rule else ""
        print(terminal_text(
            f"{hand.site} hand #{hand.hand_id} is quarantined ({hand.status}): "
            f"{hand.problem_kind}: {rule}{hand.problem_message}"
        ))  # fmt: skip
        where = f"{hand.path}:{hand.problem_line or hand.first_line}"
        print(terminal_text(f"at {where}; the hand as stored (from line {hand.first_line}):\n"))
        print(terminal_text(hand.raw))  # names are the site's: escape controls (issue 9)
        return EXIT_OK
    try:
        result = replay_stored(hand)
    except PokerhhError as error:  # stored as ok by an older version; this one disagrees
        print(f"pokerhh: {hand.site} hand #{hand.hand_id} no longer replays: {error}",
              file=sys.stderr)  # fmt: skip
        return EXIT_FAILED
    for line in narrate(result):
        print(terminal_text(line))
    return EXIT_OK


# -- record ----------------------------------------------------------------------------------


def _record(args: argparse.Namespace) -> int:
    from analytics.recording.recorder import RecordingError, refusal
    from analytics.recording.save import save
    from analytics.recording.shorthand import HELP, Session, run_lines

    db_path = db_to_write(args)  # before the hand is played, not after (issue 23 item 16)
    session = Session()
    if args.script:
        with open(args.script, encoding="utf-8") as script:
            finished = run_lines(session, script.readlines(), print, where=args.script)
    else:
        print(HELP)
        finished = run_lines(session, _prompt(), print, interactive=True)
    if session.recorded is None:
        if finished == "ended":
            print(f"pokerhh: {session.unfinished()}; nothing saved", file=sys.stderr)
        return EXIT_FAILED
    if args.print_phh:
        print(session.recorded.text, end="")
    try:
        saved = save(session.recorded, db_path)
    except RecordingError as error:
        print(f"pokerhh: {refusal(error)}", file=sys.stderr)
        return EXIT_FAILED
    again = "" if saved.stored else " (saved before: nothing new stored)"
    print(f"saved {saved.key} ({saved.status}) as {saved.path}{again}")
    print(f"replay it: pokerhh replay {saved.key}")
    return EXIT_OK


def _prompt() -> Iterator[str]:
    while True:
        try:
            yield input("record> ")
        except EOFError:
            return


# -- dashboard -------------------------------------------------------------------------------


def dashboard_command(port: int, host: str = LOCAL_HOST, gated: bool = False) -> list[str]:
    """The ``streamlit run`` command line: local only unless asked, no telemetry, no
    tracebacks shown, uploads limited to ``MAX_UPLOAD_MB`` per file, XSRF and CORS
    protection on, no static files, no agent API, development mode off. ``gated`` (a
    password is set): ``dashboard/served.py``, the app behind ``access.PasswordGate``,
    so that no Streamlit route answers before the password (issue 23 item 4).

    Every setting that guards the server is a flag, because Streamlit lets flags beat its
    config files and ``STREAMLIT_*`` variables: a stray ``.streamlit/config.toml`` in the
    working folder or the home folder cannot weaken them (issue 9; pinned by
    ``tests/reliability/test_exposure.py``). Options the installed Streamlit does not
    know are left out (it would refuse to start; and no file can set them either).
    """
    from dashboard.upload import MAX_UPLOAD_MB

    app = Path(__file__).resolve().parent / ("served.py" if gated else "app.py")
    flags: list[tuple[str, str]] = [
        ("server.address", host),
        ("server.port", str(port)),
        ("server.headless", "true"),
        ("server.enableXsrfProtection", "true"),
        ("server.enableCORS", "true"),
        # A list: this one origin replaces any a config file would allow.
        ("server.corsAllowedOrigins", f"http://127.0.0.1:{port}"),
        ("server.enableStaticServing", "false"),
        ("server.enableAgentApi", "false"),
        ("global.developmentMode", "false"),
        ("browser.gatherUsageStats", "false"),
        ("client.showErrorDetails", "none"),
        ("client.toolbarMode", "viewer"),
        ("server.maxUploadSize", str(MAX_UPLOAD_MB)),
    ]
    if access.is_loopback(host):
        # DNS rebinding: a web page whose name resolves to 127.0.0.1 is not let in.
        names = dict.fromkeys(("localhost", "127.0.0.1", host.strip("[]")))
        flags += [("server.allowedHosts", name) for name in names]
    known = _streamlit_options()
    command = [sys.executable, "-m", "streamlit", "run", str(app)]
    for name, value in flags:
        if known is None or name in known:
            command += [f"--{name}", value]
    return command


def _streamlit_options() -> frozenset[str] | None:
    """The config option names the installed Streamlit knows (None: cannot tell). Read from
    its template, a private name: the public ``get_config_options()`` parses the config files
    lying around, and one broken file must not stop the launcher."""
    try:
        from streamlit import config as st_config

        return frozenset(st_config._config_options_template)
    except (ImportError, AttributeError):
        return None


def _dashboard_password(args: argparse.Namespace) -> str | None:
    """The password from ``--password-file`` or ``$POKERHH_DASHBOARD_PASSWORD`` (None)."""
    if args.password_file:
        lines = Path(args.password_file).read_text(encoding="utf-8").splitlines()
        return lines[0] if lines and lines[0] else ""
    return os.environ.get(PASSWORD_VAR) or None


def _dashboard(args: argparse.Namespace) -> int:
    db_path = resolve_db_path(args.db)
    if not db_path.exists():
        # A first start: create the (empty) database; the dashboard offers the sample
        # hands and the upload page from there.
        connect(db_path).close()
        print(f"created an empty database at {db_path}", file=sys.stderr)
    else:
        read_only(db_path).close()  # someone else's file, an older schema: say so now
    password = _dashboard_password(args)
    if password == "" or (password is None and not access.is_loopback(args.host)):
        print(f"pokerhh: serving the dashboard on {args.host} lets other machines in: it"
              f" needs a password (set ${PASSWORD_VAR} or --password-file FILE)",
              file=sys.stderr)  # fmt: skip
        return EXIT_USAGE
    busy = port_in_use(args.port, args.host)
    if busy:
        print(f"pokerhh: cannot serve the dashboard on {args.host}:{args.port}: {busy}"
              " (choose another with --port N)", file=sys.stderr)  # fmt: skip
        return EXIT_FAILED
    env = {**os.environ, ENV_VAR: str(db_path.resolve())}
    env.pop(PASSWORD_VAR, None)  # the server gets the hash, never the password
    env.pop(access.AUTH_VAR, None)
    if password is not None:
        env[access.AUTH_VAR] = access.hash_password(password)
    # A secret of this start's own: no config file can choose the server's cookie secret.
    env["STREAMLIT_SERVER_COOKIE_SECRET"] = secrets.token_hex(32)
    # uvicorn takes the client's address from X-Forwarded-For only when the connection
    # comes from these (a reverse proxy on this machine); a stray variable cannot widen
    # it, or any client could name its own address and dodge the per-client guess delay.
    env["FORWARDED_ALLOW_IPS"] = "127.0.0.1,::1"
    print(f"pokerhh dashboard on http://{args.host}:{args.port} (Ctrl+C to stop)",
          file=sys.stderr)  # fmt: skip
    command = dashboard_command(args.port, args.host, gated=password is not None)
    # Become Streamlit (not its parent), so a signal to this process reaches the server.
    os.execvpe(command[0], command, env)
    return EXIT_FAILED  # not reached


def port_in_use(number: int, host: str = LOCAL_HOST) -> str:
    """Why ``host``:``number`` cannot be listened on ("" when it can): checked before
    Streamlit starts, so a busy port is one clear line, not a traceback after "served"."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        # As the server will: a port left in TIME_WAIT by a previous run is free.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, number))
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                return "the port is in use (another dashboard?)"
            return error.strerror or str(error)
    return ""


if __name__ == "__main__":
    # Run as dashboard.cli, not as this __main__ copy of it: dashboard.cli_import imports
    # dashboard.cli, and two copies would have two Terminated classes (SIGTERM's 143 read
    # as Ctrl-C's 130).
    from dashboard import cli as _cli

    sys.exit(_cli.main())
