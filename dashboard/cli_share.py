"""``pokerhh share HAND_ID --format html|text|phh [--mask] [--out FILE]`` (issue 26, item 2).

A stored hand as one HTML file that replays it in any browser, offline; as the text
players paste on forums; or as PHH. ``--mask`` names the hero "Hero" and everyone else by
position (``dashboard/share.py``). The work is in :mod:`dashboard.share`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from analytics.output.text_safety import terminal_text
from analytics.store.db import resolve_db_path
from dashboard.cli import EXIT_FAILED, EXIT_OK, replaced_atomically

if TYPE_CHECKING:
    from dashboard.cli import Commands


def add_parsers(commands: Commands, db: argparse.ArgumentParser) -> None:
    """The ``share`` subcommand."""
    from dashboard.share import FORMATS

    cmd = commands.add_parser(
        "share",
        parents=[db],
        help="one hand as a file to share: html (replays offline), text (forums), phh",
        description=(
            "Write one stored hand to share it:\n"
            "  html  one file with the replayer and the hand: opens in any browser, offline\n"
            "  text  the layout forums read (stacks in big blinds, each street with its pot)\n"
            "  phh   the Poker Hand History format (as `export --format phh` writes it)\n"
            "--mask names the hero 'Hero' and every other player by his position (BTN, SB,\n"
            "...; 'Seat N' in stud), in every format."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    cmd.add_argument("hand_id", metavar="HAND_ID", help="the site's hand number (or SITE:NUMBER)")
    cmd.add_argument("--format", required=True, choices=FORMATS)
    cmd.add_argument(
        "--mask", action="store_true", help="the hero as 'Hero', the others by position"
    )
    cmd.add_argument(
        "--hero",
        metavar="NAME",
        help="your player name (default: the player whose cards the log deals face down)",
    )
    cmd.add_argument("--out", metavar="FILE", help="write here instead of standard output")
    cmd.set_defaults(run=_share)


def _share(args: argparse.Namespace) -> int:
    from analytics.store.lookup import HandNotFound, find_hand, replay_stored
    from dashboard import share
    from parser.model.errors import PokerhhError
    from parser.rooms.phh.writer import PhhWriteError

    try:
        hand = find_hand(resolve_db_path(args.db), args.hand_id)
    except HandNotFound as error:
        print(f"pokerhh: {error}", file=sys.stderr)
        return EXIT_FAILED
    if hand.status != "ok":
        print(terminal_text(f"pokerhh: {hand.site} hand #{hand.hand_id} is quarantined "
                            f"({hand.status}): it cannot be replayed to share"),
              file=sys.stderr)  # fmt: skip
        return EXIT_FAILED
    try:
        result = replay_stored(hand)
        hero = args.hero if args.hero is not None else share.guess_hero(result.hand)
        result, hero = share.prepared(result, hero, args.mask)
        text = share.render(result, hero, args.format)
    except PhhWriteError as error:
        print(terminal_text(f"pokerhh: {hand.site} hand #{hand.hand_id}: {error}"),
              file=sys.stderr)  # fmt: skip
        return EXIT_FAILED
    except PokerhhError as error:  # stored ok by an older version; this one disagrees
        print(terminal_text(f"pokerhh: {hand.site} hand #{hand.hand_id} no longer replays: "
                            f"{error}"), file=sys.stderr)  # fmt: skip
        return EXIT_FAILED
    if args.out:
        with replaced_atomically(Path(args.out)) as out:
            out.write(text)
        print(f"shared {hand.site} hand #{hand.hand_id} as {args.format} in {args.out}",
              file=sys.stderr)  # fmt: skip
    else:
        sys.stdout.write(text)
    return EXIT_OK
