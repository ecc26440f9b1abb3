"""The dealer's procedures and their corrections in live games (RULES.md D5, E1-E8, B12).

Filled in by the live-game work; online logs never produce these events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from replayer.engine import Handler

HANDLERS: dict[type, Handler] = {}
