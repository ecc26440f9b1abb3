"""``pokerhh leaks --player NAME [filters] --format table|json`` (issue 25, item 4).

Each statistic of the player (a person, an account ``SITE:NAME`` or a name stored in one
room) against its reference range for the game, table size and position; flagged only when
its whole 95% interval lies outside; flags ranked by what they cost in bb/100, each with
the ``pokerhh explain`` command that lists the hands behind it. The work is
:mod:`analytics.leaks.find`'s; docs/leaks.md explains the ranges and the cost.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from analytics.output.text_safety import terminal_text

if TYPE_CHECKING:
    from analytics.leaks.find import Assessment, LeakReport
    from dashboard.cli import Commands

EXIT_OK, EXIT_USAGE = 0, 2


def add_parsers(commands: Commands, db: argparse.ArgumentParser) -> None:
    from dashboard.cli import filter_arguments

    cmd = commands.add_parser(
        "leaks",
        parents=[db],
        help="where a player's statistics leave the ranges winning players keep",
        description=(
            "Each statistic of --player (a person of `pokerhh alias`, SITE:NAME, or a name\n"
            "stored in one room) against its reference range for the game, table size and\n"
            "position (docs/leaks.md); flagged only when its whole 95% interval lies outside\n"
            "the range, ranked by what it costs in bb/100. Takes the filters of stats."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    filter_arguments(cmd)
    cmd.add_argument("--format", choices=("table", "json"), default="table")
    cmd.add_argument("--all", action="store_true",
                     help="list every statistic assessed, not only the flagged ones")  # fmt: skip
    cmd.set_defaults(run=_leaks)


def _leaks(args: argparse.Namespace) -> int:
    from analytics.leaks.find import find_leaks, subject_for
    from analytics.stats.players import BadFilter
    from analytics.store.db import read_only, resolve_db_path
    from analytics.store.people import AliasError
    from dashboard.cli import stats_query

    if len(args.player) != 1 or args.by:
        why = "one --player NAME" if len(args.player) != 1 else "no --by"
        print(f"pokerhh: leaks takes {why}", file=sys.stderr)
        return EXIT_USAGE
    db = read_only(resolve_db_path(args.db))
    try:
        subject = subject_for(db.conn, args.player[0])
        report = find_leaks(db.conn, stats_query(args), subject, tuple(args.stakes))
    except (BadFilter, AliasError) as error:
        print(terminal_text(f"pokerhh: {error}"), file=sys.stderr)
        return EXIT_USAGE
    finally:
        db.close()
    if args.format == "json":
        sys.stdout.write(json.dumps(report.record(), indent=2, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(terminal_text(table(report, every=args.all)))
    return EXIT_OK


def _value(a: Assessment, value: float | None) -> str:
    if value is None:
        return "-"
    if a.stat == "af":
        return "inf" if value == float("inf") else f"{value:.2f}"
    return f"{value:.1%}"


def table(report: LeakReport, *, every: bool = False) -> str:
    """The report for a terminal: one block per leak (every assessment with ``every``)."""
    from analytics.leaks.reference import FAMILY_LABELS

    lines = [f"{report.label} · {report.hands:,} hands"]
    shown = report.assessed if every else report.leaks
    if not report.assessed:
        lines.append("no hands of an assessed game (NL/PL/FL hold'em, omaha) under the filters")
    elif not shown:
        lines.append(f"no leak: each of the {len(report.assessed)} statistics assessed has its"
                     " 95% interval touching its reference range")  # fmt: skip
    for a in sorted(shown, key=lambda a: (not a.flagged, -a.cost_bb_per_100)):
        where = f"{FAMILY_LABELS.get(a.game, a.game)}, {a.table}"
        if a.position != "any":
            where += f", {a.position}"
        mark = {"low": "too low", "high": "too high", None: "in range"}[a.direction]
        lines.append("")
        interval = f"{_value(a, a.low)} – {_value(a, a.high)}"
        reference = f"{_value(a, a.reference_low)} – {_value(a, a.reference_high)}"
        lines.append(f"{a.label} ({where}): {_value(a, a.value)} · {a.x:,} / {a.n:,}"
                     f" · 95% {interval} · range {reference} · {mark}")  # fmt: skip
        result = "-" if a.result_bb_per_spot is None else f"{a.result_bb_per_spot:+.2f}"
        lines.append(f"  costs {a.cost_bb_per_100:+.2f} bb/100: {a.spots:,} spots at {result}"
                     f" bb each, reference {a.reference_bb_per_spot:+.2f}"
                     f" ({a.reference_basis})")  # fmt: skip
        lines.append(f"  hands: {a.hands_command}")
    return "\n".join(lines) + "\n"
