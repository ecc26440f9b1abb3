"""``pokerhh notes``: notes on players and tags on hands from the command line (issue 26
item 3), the same ones the Table, Player and Hands pages show and edit.

    pokerhh notes add Ann "3-bets light from the button"
    pokerhh notes list Ann            pokerhh notes search "3-bet"
    pokerhh notes tag 9000000031 "hero call" review
    pokerhh notes tagged review       pokerhh notes tags

The work is :mod:`analytics.store.notes`'; this module parses and prints. A player is
named as stored, in any case (``--site`` when two rooms have the name); a hand by its
number, or ``SITE:NUMBER``.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from analytics.output.text_safety import terminal_text
from analytics.store.db import NoDatabase, open_writer, read_only, resolve_db_path

if TYPE_CHECKING:
    from analytics.store.notes import HandTag, Note
    from dashboard.cli import Commands

#: As dashboard.cli's (not imported from there: cli imports this module).
EXIT_OK, EXIT_FAILED = 0, 1


def add_parsers(commands: Commands, db: argparse.ArgumentParser) -> None:
    """The ``notes`` command and its actions."""
    cmd = commands.add_parser(
        "notes",
        parents=[db],
        help="notes on players and tags on hands: add, list, search",
        description=(
            "Notes on players and tags on hands, stored in the database and shown on the\n"
            "dashboard's Table, Player and Hands pages. A player is named as stored (any\n"
            "case; --site when two rooms have the name), a hand by its number or\n"
            "SITE:NUMBER. Tags are words, compared in any case."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    actions = cmd.add_subparsers(dest="notes_action", required=True, metavar="ACTION")
    site = argparse.ArgumentParser(add_help=False)
    site.add_argument("--site", metavar="ROOM", help="the player's room, when several have him")
    fmt = argparse.ArgumentParser(add_help=False)
    fmt.add_argument("--format", choices=("table", "json"), default="table")

    add = actions.add_parser("add", parents=[db, site], help="add a note on a player")
    add.add_argument("player", metavar="PLAYER")
    add.add_argument("text", metavar="TEXT")
    add.set_defaults(run=_add)
    edit = actions.add_parser("edit", parents=[db], help="replace the text of a note")
    edit.add_argument("note_id", type=int, metavar="NOTE_ID")
    edit.add_argument("text", metavar="TEXT")
    edit.set_defaults(run=_edit)
    delete = actions.add_parser("delete", parents=[db], help="delete a note")
    delete.add_argument("note_id", type=int, metavar="NOTE_ID")
    delete.set_defaults(run=_delete)
    listing = actions.add_parser("list", parents=[db, site, fmt],
                                 help="a player's notes (every note without PLAYER)")  # fmt: skip
    listing.add_argument("player", nargs="?", metavar="PLAYER")
    listing.set_defaults(run=_list)
    search = actions.add_parser(
        "search", parents=[db, fmt], help="notes whose text or player holds TEXT (any case)"
    )
    search.add_argument("text", metavar="TEXT")
    search.set_defaults(run=_search)

    tag = actions.add_parser("tag", parents=[db], help="tag a hand")
    tag.add_argument("hand_id", metavar="HAND_ID")
    tag.add_argument("tags", nargs="+", metavar="TAG")
    tag.set_defaults(run=_tag)
    untag = actions.add_parser("untag", parents=[db], help="take tags off a hand")
    untag.add_argument("hand_id", metavar="HAND_ID")
    untag.add_argument("tags", nargs="+", metavar="TAG")
    untag.set_defaults(run=_untag)
    tagged = actions.add_parser("tagged", parents=[db, fmt], help="the hands with a tag")
    tagged.add_argument("tag", metavar="TAG")
    tagged.add_argument("--partial", action="store_true",
                        help="any tag holding TAG (hero matches 'hero call')")  # fmt: skip
    tagged.set_defaults(run=_tagged)
    tags = actions.add_parser("tags", parents=[db], help="every tag and its number of hands")
    tags.set_defaults(run=_tags)


def _fail(error: Exception) -> int:
    print(terminal_text(f"pokerhh: {error}"), file=sys.stderr)
    return EXIT_FAILED


@contextmanager
def _writer(args: argparse.Namespace) -> Iterator[sqlite3.Connection]:
    """The database opened for writing (its schema brought up to date, as ``import``
    does), for one action; it must exist."""
    db_path = resolve_db_path(args.db)
    if not db_path.exists():
        raise NoDatabase(db_path)
    db, _ = open_writer(db_path)
    try:
        yield db.conn
    finally:
        db.close()


def _add(args: argparse.Namespace) -> int:
    from analytics.store.notes import NoteError, add_note, resolve_player

    with _writer(args) as conn:
        try:
            site, player = resolve_player(conn, args.player, args.site)
            note = add_note(conn, site, player, args.text)
        except NoteError as error:
            return _fail(error)
    print(terminal_text(f"note {note.id} on {player} ({site}) stored"))
    return EXIT_OK


def _edit(args: argparse.Namespace) -> int:
    from analytics.store.notes import NoteError, update_note

    with _writer(args) as conn:
        try:
            update_note(conn, args.note_id, args.text)
        except NoteError as error:
            return _fail(error)
    print(f"note {args.note_id} changed")
    return EXIT_OK


def _delete(args: argparse.Namespace) -> int:
    from analytics.store.notes import NoteError, delete_note

    with _writer(args) as conn:
        try:
            delete_note(conn, args.note_id)
        except NoteError as error:
            return _fail(error)
    print(f"note {args.note_id} deleted")
    return EXIT_OK


def _print_notes(found: list[Note], fmt: str) -> None:
    if fmt == "json":
        rows = [{"id": n.id, "site": n.site, "player": n.player, "text": n.text,
                 "created_at": n.created_at, "updated_at": n.updated_at}
                for n in found]  # fmt: skip
        sys.stdout.write(json.dumps(rows, ensure_ascii=False, indent=1) + "\n")
        return
    for note in found:
        print(terminal_text(f"[{note.id}] {note.player} ({note.site}) {note.updated_at}:"
                            f" {note.text}"))  # fmt: skip
    print(f"{len(found)} note(s)")


def _list(args: argparse.Namespace) -> int:
    from analytics.store.notes import NoteError, notes_for, resolve_player, search_notes

    db = read_only(resolve_db_path(args.db))
    try:
        if args.player:
            key = resolve_player(db.conn, args.player, args.site)
            found = notes_for(db.conn, [key]).get(key, [])
        else:
            found = search_notes(db.conn, "", limit=1_000_000)
    except NoteError as error:
        return _fail(error)
    finally:
        db.close()
    _print_notes(found, args.format)
    return EXIT_OK


def _search(args: argparse.Namespace) -> int:
    from analytics.store.notes import search_notes

    db = read_only(resolve_db_path(args.db))
    try:
        found = search_notes(db.conn, args.text, limit=1_000_000)
    finally:
        db.close()
    _print_notes(found, args.format)
    return EXIT_OK


def _retag(args: argparse.Namespace, tagging: bool) -> int:
    from analytics.store.lookup import HandNotFound
    from analytics.store.notes import (
        NoteError,
        normal_tag,
        resolve_hand,
        tag_hand,
        untag_hand,
    )

    change = tag_hand if tagging else untag_hand
    with _writer(args) as conn:
        try:
            site, hand_id = resolve_hand(conn, args.hand_id)
            changed = [normal_tag(t) for t in args.tags if change(conn, site, hand_id, t)]
        except (HandNotFound, NoteError) as error:
            return _fail(error)
    done = "tagged" if tagging else "untagged"
    unchanged = len(args.tags) - len(changed)
    extra = f" ({unchanged} unchanged)" if unchanged else ""
    print(terminal_text(f"{site}:{hand_id} {done}: {', '.join(changed) or 'nothing'}{extra}"))
    return EXIT_OK


def _tag(args: argparse.Namespace) -> int:
    return _retag(args, True)


def _untag(args: argparse.Namespace) -> int:
    return _retag(args, False)


def _print_tagged(found: list[HandTag], fmt: str) -> None:
    if fmt == "json":
        rows = [{"site": t.site, "hand_id": t.hand_id, "tag": t.tag, "tagged_at": t.tagged_at,
                 "started_at": t.started_at, "table": t.table_name} for t in found]  # fmt: skip
        sys.stdout.write(json.dumps(rows, ensure_ascii=False, indent=1) + "\n")
        return
    for hand in found:
        where = f" {hand.started_at} {hand.table_name or ''}" if hand.started_at else \
            " (no longer stored)"  # fmt: skip
        print(terminal_text(f"{hand.site}:{hand.hand_id} [{hand.tag}]{where}".rstrip()))
    print(f"{len(found)} hand(s)")


def _tagged(args: argparse.Namespace) -> int:
    from analytics.store.notes import NoteError, hands_tagged

    db = read_only(resolve_db_path(args.db))
    try:
        found = hands_tagged(db.conn, args.tag, partial=args.partial)
    except NoteError as error:
        return _fail(error)
    finally:
        db.close()
    _print_tagged(found, args.format)
    return EXIT_OK


def _tags(args: argparse.Namespace) -> int:
    from analytics.store.notes import tags_used

    db = read_only(resolve_db_path(args.db))
    try:
        used = tags_used(db.conn)
    finally:
        db.close()
    for tag, count in used:
        print(terminal_text(f"{count:>6}  {tag}"))
    print(f"{len(used)} tag(s)")
    return EXIT_OK
