"""``pokerhh alias add|remove|list``: join one person's accounts (issue 25, item 5).

A player is a room and a name; ``alias add Me PokerStars:Hero Bovada:Hero`` makes "Me" a
person whose statistics (``pokerhh stats --player Me``, ``pokerhh leaks --player Me``) are
the sums of those accounts'. The work is :mod:`analytics.store.people`'s.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from analytics.output.text_safety import terminal_text
from analytics.store.db import NoDatabase, open_writer, read_only, resolve_db_path

if TYPE_CHECKING:
    from dashboard.cli import Commands

#: As dashboard.cli's (imported from there at run time: cli imports this module).
EXIT_OK, EXIT_USAGE = 0, 2


def add_parsers(commands: Commands, db: argparse.ArgumentParser) -> None:
    cmd = commands.add_parser(
        "alias",
        parents=[db],
        help="join one person's accounts (SITE:NAME) under one name",
        description=(
            "A player is a room and a name. A person joins accounts of one human:\n"
            "  pokerhh alias add Me PokerStars:Hero Bovada:Hero\n"
            "then `pokerhh stats --player Me` sums his accounts (and --player\n"
            "PokerStars:Hero is that account alone)."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    actions = cmd.add_subparsers(dest="alias_action", required=True, metavar="ACTION")
    add = actions.add_parser("add", parents=[db], help="join accounts to a person")
    add.add_argument("person", metavar="NAME")
    add.add_argument("accounts", nargs="+", metavar="SITE:SCREENNAME")
    add.set_defaults(run=_add)
    remove = actions.add_parser(
        "remove", parents=[db], help="take accounts from a person, or remove the person"
    )
    remove.add_argument("person", metavar="NAME")
    remove.add_argument("accounts", nargs="*", metavar="SITE:SCREENNAME",
                        help="none: the person is removed (his accounts stay)")  # fmt: skip
    remove.set_defaults(run=_remove)
    listing = actions.add_parser("list", parents=[db], help="every person and his accounts")
    listing.add_argument("--format", choices=("table", "json"), default="table")
    listing.set_defaults(run=_list)


def _add(args: argparse.Namespace) -> int:
    from analytics.store.people import AliasError, add_aliases

    db_path = resolve_db_path(args.db)
    if not db_path.exists():
        raise NoDatabase(db_path)
    db, _ = open_writer(db_path)
    try:
        found = add_aliases(db.conn, args.person, args.accounts)
    except AliasError as error:
        print(terminal_text(f"pokerhh: {error}"), file=sys.stderr)
        return EXIT_USAGE
    finally:
        db.close()
    joined = ", ".join(str(account) for account in found)
    print(terminal_text(f"{args.person.strip()}: {joined}"))
    return EXIT_OK


def _remove(args: argparse.Namespace) -> int:
    from analytics.store.people import AliasError, remove_aliases

    db_path = resolve_db_path(args.db)
    if not db_path.exists():
        raise NoDatabase(db_path)
    db, _ = open_writer(db_path)
    try:
        count = remove_aliases(db.conn, args.person, args.accounts)
    except AliasError as error:
        print(terminal_text(f"pokerhh: {error}"), file=sys.stderr)
        return EXIT_USAGE
    finally:
        db.close()
    what = "the person" if not args.accounts else f"{count} account(s)"
    print(terminal_text(f"{args.person.strip()}: removed {what}"))
    return EXIT_OK


def _list(args: argparse.Namespace) -> int:
    import json

    from analytics.store.people import people

    db = read_only(resolve_db_path(args.db))
    try:
        listed = people(db.conn)
    finally:
        db.close()
    if args.format == "json":
        rows = [{"person": name, "accounts": [{"site": a.site, "name": a.name} for a in accounts]}
                for name, accounts in listed.items()]  # fmt: skip
        sys.stdout.write(json.dumps(rows, indent=2, ensure_ascii=False) + "\n")
        return EXIT_OK
    if not listed:
        print("no people (pokerhh alias add NAME SITE:SCREENNAME...)")
    for name, accounts in listed.items():
        print(terminal_text(f"{name}: {', '.join(a.label for a in accounts)}"))
    return EXIT_OK
