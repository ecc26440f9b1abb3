"""Amounts and cards for people: ``$1.25``, ``€0.50``, ``1250`` chips, ``[Ah Kd]``.

Everything is stored in the smallest unit; only display converts, here, exactly (integer
arithmetic, no floats), so the terminal replay and the dashboard show the same text.
"""

from __future__ import annotations

from collections.abc import Sequence

from parser.model.cards import Card

# Money and its tables live in the shared vocabulary (the engine's messages spell amounts
# with them too, issue 23 item 14); imported from here as before.
from parser.model.money import CHIP_CURRENCIES as CHIP_CURRENCIES
from parser.model.money import SYMBOLS as SYMBOLS
from parser.model.money import Money as Money


def cards(shown: Sequence[Card]) -> str:
    """``[Ah Kd]``, or ``[]`` for none.

    >>> from parser.model.cards import parse_cards
    >>> cards(parse_cards("Ah Kd"))
    '[Ah Kd]'
    """
    return "[" + " ".join(card.text for card in shown) + "]"


def names(players: Sequence[str]) -> str:
    """``A, B and C``.

    >>> names(["A"]), names(["A", "B"]), names(["A", "B", "C"])
    ('A', 'A and B', 'A, B and C')
    """
    if len(players) <= 1:
        return "".join(players)
    return ", ".join(players[:-1]) + " and " + players[-1]
