"""The :class:`~parser.model.header.Header` of a room whose header names neither a mixed
game nor a cap.

GGPoker and Winamax read their headers their own way but fill the same ``Header`` with
the same two fields always None; writing the thirteen keywords in each room repeated
the same block. :func:`uncapped_header` takes what each room reads.
"""

from __future__ import annotations

from datetime import datetime

from parser.model.games import GameSpec
from parser.model.header import Header


def uncapped_header(
    site: str,
    hand_id: str,
    spec: GameSpec,
    game_name: str,
    stakes: tuple[str, str, str | None],
    currency: str | None,
    tournament: tuple[str | None, str | None],
    started_at: datetime | None,
) -> Header:
    """The header: ``stakes`` is (small, big, ante) as written, ``tournament`` its
    (id, level), both None for a cash game; no mixed game, no cap."""
    small, big, ante = stakes
    tournament_id, level = tournament
    return Header(
        site=site,
        hand_id=hand_id,
        spec=spec,
        game_name=game_name,
        mixed=None,
        small=small,
        big=big,
        ante=ante,
        cap=None,
        currency=currency,
        tournament_id=tournament_id,
        level=level,
        started_at=started_at,
    )
