"""PHH, the open Poker Hand History format (uoftcprg/phh-std), in and out.

- :func:`split_phh`: a ``.phh`` file is one hand; a ``.phhs`` file is many, each a TOML
  table (``[1]``, ``[2]`` ...). Each hand keeps its own text and first line, so one broken
  hand is reported alone and the rest of the file still imports.
- :func:`parse_phh`: one hand's text -> ``ParsedHand`` (``fields`` reads the TOML,
  ``actions`` the action strings with the lark grammar, ``build`` the events).
- :mod:`parser.rooms.phh.writer`: ``ParsedHand`` -> PHH text.

Errors are ``ParseError`` naming the file, the line of the action in the TOML and the
action's index: ``h.phh:17: action #6 'p2 chekcs': unexpected 'chekcs' (expected ...)``.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from typing import Any

from parser.model.errors import ParseError
from parser.model.games import GAME_SPECS
from parser.model.hand import ParsedHand, Seat, Source, Stakes, Tournament
from parser.rooms.phh import actions as act
from parser.rooms.phh.build import Builder, BuildError
from parser.rooms.phh.fields import FieldError, Fields, load, read_fields
from parser.rooms.phh.layout import Layout, scan
from parser.rooms.phh.tournament import BETWEEN_FIELD, tournament_of_phh

#: File suffixes of PHH (one hand) and PHH sets (many).
SUFFIXES = (".phh", ".phhs")
#: The site of a hand that names none (``_site`` or ``venue``).
DEFAULT_SITE = "PHH"
#: The user-defined field of pokerhh's live extension (docs/live.md).
LIVE_FIELD = "_live"

_VARIANT_LINE = re.compile(r"^[ \t]*variant[ \t]*=", re.MULTILINE)

__all__ = [
    "DEFAULT_SITE",
    "LIVE_FIELD",
    "SUFFIXES",
    "identify_phh",
    "looks_like_phh",
    "parse_phh",
    "split_phh",
    "text_id",
]


def looks_like_phh(text: str, path: str) -> bool:
    """A PHH file by its name, or by a ``variant = ...`` line (a PHH field every hand has).

    >>> looks_like_phh("", "a/b.PHHS"), looks_like_phh('variant = "NT"\\n', "x.txt")
    (True, True)
    """
    name = path.lower().rsplit("!", 1)[-1]
    # "variant" first: a plain substring test, where the regex walks a whole big file
    return name.endswith(SUFFIXES) or ("variant" in text and _VARIANT_LINE.search(text) is not None)


def identify_phh(text: str) -> tuple[str, str] | None:
    """A PHH hand that may not parse, keyed as :func:`parse_phh` keys a hand with no
    ``hand`` field (its text's hash): still a hand history, by its ``variant`` line."""
    if "variant" in text and _VARIANT_LINE.search(text):
        return DEFAULT_SITE, text_id(text)
    return None


def split_phh(text: str, path: str) -> Iterator[Source]:
    """One ``Source`` per hand: the whole file, or each top-level table of a ``.phhs``.

    A table's text starts at its header line (kept, so line k of the text is file line
    ``first_line + k - 1``) and ends before the next header. Anything before the first
    header that is not blank or a comment is yielded as a hand of its own, to be reported.

    >>> hands = split_phh("[1]\\na = 1\\n\\n[2]\\na = 2\\n", "f")
    >>> [(h.first_line, h.text.split()[0]) for h in hands]
    [(1, '[1]'), (4, '[2]')]
    """
    layout = scan(text)
    lines = text.split("\n")
    heads = [h.line for h in layout.headers]
    if not heads or any(k < heads[0] for k in layout.keys.values()):
        body = text if text.endswith("\n") else text + "\n"
        if body.strip():
            first = next(i for i, line in enumerate(lines, 1) if line.strip())
            yield Source(path, first, "\n".join(lines[first - 1 :]).rstrip("\n") + "\n")
        return
    for k, start in enumerate(heads):
        end = heads[k + 1] - 1 if k + 1 < len(heads) else len(lines)
        chunk = lines[start - 1 : end]
        while chunk and not chunk[-1].strip():
            chunk.pop()
        yield Source(path, start, "\n".join(chunk) + "\n")


def parse_phh(raw: Source) -> ParsedHand:
    """One hand's PHH text (a ``Source`` from :func:`split_phh`) -> ``ParsedHand``."""
    layout = scan(raw.text)
    offset = raw.first_line - 1
    hand_id: str | None = None

    def error(message: str, line: int | None, text: str = "", column: int = 0) -> ParseError:
        return ParseError(message, path=raw.path, line=offset + (line or 1), column=column,
                          text=text, hand_id=hand_id)  # fmt: skip

    try:
        doc = load(raw.text)
        fields = read_fields(doc)
    except FieldError as problem:
        line = problem.line or (layout.keys.get(problem.key) if problem.key else None)
        raise error(str(problem), line) from None
    hand_id = fields.hand or text_id(raw.text)
    spec = GAME_SPECS[fields.game]
    action_lines = _lines(layout, "actions", len(fields.actions))
    live_lines = _lines(layout, LIVE_FIELD, len(fields.live))
    records: list[act.Action] = []
    for k, text in enumerate(fields.actions):
        try:
            records.append(act.parse_action(text))
        except act.ActionSyntaxError as problem:
            raise error(f"action #{k} {text!r}: {problem}", action_lines[k], text) from None
    live: list[tuple[int, act.LiveItem, int]] = []
    for j, text in enumerate(fields.live):
        try:
            live.append((j, act.parse_live(text), offset + live_lines[j]))
        except act.ActionSyntaxError as problem:
            raise error(f"{LIVE_FIELD} #{j} {text!r}: {problem}", live_lines[j], text) from None
    forced_line = offset + layout.keys.get("starting_stacks", 1)
    builder = Builder(fields, spec, [offset + line for line in action_lines], forced_line)
    try:
        events = builder.build(records, live)
    except BuildError as problem:
        if problem.live and problem.index is not None:
            text = fields.live[problem.index]
            where, line = f"{LIVE_FIELD} #{problem.index}", live_lines[problem.index]
        elif problem.index is not None:
            text = fields.actions[problem.index]
            where, line = f"action #{problem.index}", action_lines[problem.index]
        else:
            text, where, line = "", "forced bets", layout.keys.get("starting_stacks", 1)
        raise error(f"{where} {text!r}: {problem}", line, text) from None
    return ParsedHand(
        site=fields.site or DEFAULT_SITE,
        hand_id=hand_id,
        game=spec.code,
        game_name=spec.name,
        stakes=_stakes(fields),
        currency=fields.currency,
        unit=fields.unit,
        started_at=fields.started_at,
        table=fields.table,
        max_seats=fields.seat_count,
        button_seat=fields.seats[-1],
        tournament_id=fields.tournament,
        level=fields.level,
        tournament=_tournament(raw, doc, fields, layout, offset),
        seats=tuple(
            Seat(seat=seat, name=name, stack=stack)
            for seat, name, stack in zip(fields.seats, fields.players, fields.stacks, strict=True)
        ),
        events=events,
        source=raw,
    )


def _tournament(
    raw: Source, doc: dict[str, Any], fields: Fields, layout: Layout, offset: int
) -> Tournament | None:
    """A tournament hand's buy-in and between-hands events (docs/tournaments.md)."""
    if fields.tournament is None:
        return None
    lines = _lines(layout, BETWEEN_FIELD, len(doc.get(BETWEEN_FIELD, [])))
    return tournament_of_phh(raw, doc, fields.level, [offset + n for n in lines])


def _lines(layout: Layout, key: str, count: int) -> list[int]:
    """The line of each string of array ``key``; the key's line if the scan disagrees."""
    found = layout.strings.get(key, [])
    if len(found) == count:
        return found
    return [layout.keys.get(key, 1)] * count


def text_id(text: str) -> str:
    """The id of a hand with no ``hand`` field: a hash of its text, without a ``.phhs``
    table header (the same hand in another set keeps its id). No colon in it, so
    ``SITE:ID`` still names it.

    >>> text_id("[7]\\nvariant = 'NT'\\n") == text_id("variant = 'NT'")
    True
    """
    lines = text.strip().split("\n")
    if lines and lines[0].lstrip().startswith("["):
        lines = lines[1:]
    body = "\n".join(line.rstrip() for line in lines).strip()
    return "phh-" + hashlib.sha256(body.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _stakes(fields: Fields) -> Stakes:
    ante = max(fields.antes, default=0)
    if fields.small_bet is not None and fields.big_bet is not None:
        return Stakes(small=fields.small_bet, big=fields.big_bet, ante=ante,
                      bring_in=fields.bring_in)  # fmt: skip
    big = fields.min_bet or max(fields.blinds, default=0)
    small = fields.blinds[0] or big  # index 0 is the small blind's, heads-up too
    return Stakes(small=small, big=big, ante=ante, bring_in=fields.bring_in)
