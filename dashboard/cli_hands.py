"""``pokerhh hands``: the stored hands a query selects (``docs/query.md``), and the
``--where`` / ``--filter`` options ``pokerhh stats`` shares.

A query names "hero": the player of ``--player`` (every account of that name, any case),
else the database's own hero (:func:`analytics.query.compile.database_hero`). A query that
cannot be read is a usage error (exit 2) printed with a caret under its column.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from analytics.output.format import Money
from analytics.output.text_safety import terminal_text
from analytics.query.compile import (
    HandFilter,
    QueryError,
    UnknownFilter,
    compile_query,
    hero_ids,
    save_filter,
    saved_filter,
    saved_filters,
)
from analytics.store.db import open_writer, read_only, resolve_db_path
from dashboard.cli import EXIT_OK, EXIT_USAGE, positive

if TYPE_CHECKING:
    from analytics.stats.players import StatsQuery
    from dashboard.cli import Commands

#: SQLite's default build caps memory-mapped reads at 2 GB (as ``dashboard.data``).
MMAP_BYTES = 2**31
#: The listing's columns, in order (JSON keys too).
COLUMNS = ("hand", "site", "started_at", "stakes", "hero_cards", "board", "net")


def add_parsers(commands: Commands, db: argparse.ArgumentParser) -> None:
    """The ``hands`` subcommand."""
    cmd = commands.add_parser(
        "hands",
        parents=[db],
        help="the stored hands a query selects (--where 'pot is 3bet and hero is oop')",
        description=(
            "List the stored hands a query selects, newest first: hand, room, time, stakes,\n"
            "the hero's cards, the board and the hero's net. The query language is in\n"
            "docs/query.md; 'hero' is --player (else the database's hero), 'villain' any\n"
            "other player of the hand. --save NAME keeps the query under a name for\n"
            "--filter NAME (here and in pokerhh stats)."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    where_arguments(cmd)
    cmd.add_argument("--player", metavar="NAME", help="the hero (any case; every room)")
    cmd.add_argument("--limit", type=positive, default=50, metavar="N",
                     help="at most N hands (50)")  # fmt: skip
    cmd.add_argument("--format", choices=["table", "json"], default="table")
    cmd.add_argument("--save", metavar="NAME", help="save --where under NAME, then list")
    cmd.add_argument("--saved", action="store_true", help="list the saved filters and stop")
    cmd.set_defaults(run=_hands)


def where_arguments(cmd: argparse.ArgumentParser) -> None:
    """``--where`` and ``--filter`` (``hands`` and ``stats``)."""
    cmd.add_argument("--where", metavar="EXPR",
                     help="only the hands this query selects (docs/query.md)")  # fmt: skip
    cmd.add_argument("--filter", metavar="NAME",
                     help="a query saved with pokerhh hands --save NAME")  # fmt: skip


def expression(conn: sqlite3.Connection, args: argparse.Namespace) -> str | None:
    """The query of ``--where`` and ``--filter`` (both: each must hold); None for none."""
    parts = []
    if getattr(args, "filter", None):
        parts.append(saved_filter(conn, args.filter))
    if getattr(args, "where", None):
        parts.append(args.where)
    if len(parts) == 2:
        return f"({parts[0]}) and ({parts[1]})"
    return parts[0] if parts else None


class NoSuchPlayer(LookupError):
    """``--player`` names no stored player (in any case, in any room)."""


def compiled(conn: sqlite3.Connection, text: str, players: list[str]) -> HandFilter:
    """``text`` compiled with the hero of ``players`` (their accounts), else the
    database's; raises :class:`QueryError`, or :class:`NoSuchPlayer`."""
    if not players:
        return compile_query(text, hero_ids(conn, None))
    ids: list[int] = []
    for name in players:
        found = hero_ids(conn, name) or ()
        if not found:
            raise NoSuchPlayer(f"no player is called {name!r}")
        ids.extend(found)
    return compile_query(text, ids)


def stats_query(args: argparse.Namespace, query: StatsQuery) -> StatsQuery:
    """``pokerhh stats``' query with ``--where`` / ``--filter`` applied (the hero: its
    ``--player``); raises :class:`QueryError`, :class:`UnknownFilter` or
    :class:`NoSuchPlayer`."""
    if not (getattr(args, "where", None) or getattr(args, "filter", None)):
        return query
    db = read_only(resolve_db_path(args.db))
    try:
        text = expression(db.conn, args)
        assert text is not None
        found = compiled(db.conn, text, list(args.player))
    finally:
        db.close()
    filters = replace(query.filters, hands_sql=found.sql, hands_params=found.params)
    return replace(query, filters=filters)


def usage_error(error: Exception) -> int:
    """Print a query's error (a :class:`QueryError` with its caret) and return the usage
    exit status."""
    if isinstance(error, QueryError):
        print(f"pokerhh: the query cannot be read, {error.located()}", file=sys.stderr)
    else:
        print(f"pokerhh: {error.args[0]}", file=sys.stderr)
    return EXIT_USAGE


#: What a query's user can get wrong: usage errors (exit 2).
USAGE_ERRORS = (QueryError, UnknownFilter, NoSuchPlayer)


def _hands(args: argparse.Namespace) -> int:
    path = resolve_db_path(args.db)
    if args.save:
        if not args.where:
            print("pokerhh: --save NAME needs --where EXPR", file=sys.stderr)
            return EXIT_USAGE
        writer, _ = open_writer(path)
        try:
            with writer.conn:
                save_filter(writer.conn, args.save, args.where)
        except QueryError as error:
            return usage_error(error)
        finally:
            writer.close()
    db = read_only(path)
    try:
        conn = db.conn
        # Pages read through the OS cache, as the dashboard reads them (dashboard.data):
        # a hero's hands are scattered over the file.
        conn.execute(f"PRAGMA mmap_size = {MMAP_BYTES}")
        if args.saved:
            for name, saved in saved_filters(conn):
                print(terminal_text(f"{name}: {saved}"))
            return EXIT_OK
        try:
            text = expression(conn, args)
            if text is None:
                print("pokerhh: hands needs --where EXPR or --filter NAME", file=sys.stderr)
                return EXIT_USAGE
            found = compiled(conn, text, [args.player] if args.player else [])
        except USAGE_ERRORS as error:
            return usage_error(error)
        rows = listing(conn, found, args.limit)
    finally:
        db.close()
    if args.format == "json":
        sys.stdout.write(json.dumps(rows, indent=2, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(terminal_text(table(rows, args.limit)))
    return EXIT_OK


def listing(conn: sqlite3.Connection, found: HandFilter, limit: int) -> list[dict[str, Any]]:
    """The newest ``limit`` hands ``found`` selects, one dict per hand (:data:`COLUMNS`,
    with the net also in the smallest unit and in big blinds)."""
    hero = (
        "hs.hole_cards, hs.collected + hs.cashed_out - hs.invested" if found.hero else "NULL, NULL"
    )
    sql = f"""
        SELECT h.site, h.hand_id, h.started_at, h.game, h.currency, h.unit, h.small_blind,
               h.big_blind, h.small_bet, h.big_bet, h.boards, {hero}
        {found.source}
        ORDER BY h.started_at DESC, h.id DESC LIMIT ?
    """
    out = []
    for row in conn.execute(sql, (*found.params, limit)):
        (site, hand_id, started, game, currency, unit, sb, bb, small_bet, big_bet,
         board, cards, net) = row  # fmt: skip
        money = Money(currency, int(unit or 1))
        if bb is not None and sb is not None:
            stakes = f"{game} {money.stakes(sb, bb)}"
        elif small_bet is not None and big_bet is not None:
            stakes = f"{game} {money.stakes(small_bet, big_bet)}"
        else:
            stakes = game or ""
        big = bb or small_bet
        out.append({
            "hand": f"{site}:{hand_id}", "site": site, "started_at": started,
            "stakes": stakes, "hero_cards": cards, "board": board,
            "net": None if net is None else money.signed(net),
            "net_units": net, "currency": currency,
            "net_bb": None if net is None or not big else round(net / big, 2),
        })  # fmt: skip
    return out


def table(rows: list[dict[str, Any]], limit: int) -> str:
    """The rows as aligned columns, then how many (and whether the limit cut them)."""
    if not rows:
        return "no hands match\n"
    head = ("hand", "room", "time (UTC)", "stakes", "hero", "board", "net")
    cells = [_cells(r) for r in rows]
    widths = [max(len(h), *(len(c[i]) for c in cells)) for i, h in enumerate(head)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(head, widths, strict=True)).rstrip()]
    lines += ["  ".join(c.ljust(w) for c, w in zip(cell, widths, strict=True)).rstrip()
              for cell in cells]  # fmt: skip
    more = f" (the first {limit}: --limit N for more)" if len(rows) >= limit else ""
    lines.append(f"{len(rows):,} hands{more}")
    return "\n".join(lines) + "\n"


def _cells(row: dict[str, Any]) -> tuple[str, ...]:
    """A row's texts; the net with its big blinds beside it."""
    texts = ["" if row[k] is None else str(row[k]) for k in COLUMNS]
    if row["net_bb"] is not None:
        texts[-1] = f"{row['net']} ({row['net_bb']:+g} bb)"
    return tuple(texts)
