"""Amounts and cards for people: ``$1.25``, ``€0.50``, ``1250`` chips, ``[Ah Kd]``.

Everything is stored in the smallest unit; only display converts, here, exactly (integer
arithmetic, no floats), so the terminal replay and the dashboard show the same text.
"""

from __future__ import annotations

from collections.abc import Sequence

from parser.model.cards import Card

#: Currency symbols written before the amount; other ISO codes are written after it.
SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "INR": "₹", "CNY": "¥", "CAD": "C$", "AUD": "A$"}
#: Currencies that are counted in chips: amounts are whole numbers, no symbol.
CHIP_CURRENCIES = frozenset({"CHIPS", "PLAY", "FPP", "SC"})


class Money:
    """Formats amounts of one hand: ``Money("USD", 100)(125) == "$1.25"``.

    >>> Money("USD", 100)(125), Money("EUR", 100)(-5), Money("CHIPS", 1)(1250)
    ('$1.25', '-€0.05', '1250')
    >>> Money("XYZ", 100)(300), Money("USD", 100).signed(250), Money("PLAY", 1).signed(0)
    ('3.00 XYZ', '+$2.50', '0')

    ``grouped``: thousands separated, for totals read at a glance (a hand's own amounts
    stay as the room writes them).

    >>> Money("USD", 100, grouped=True)(-561886), Money("CHIPS", 1, grouped=True)(10216491)
    ('-$5,618.86', '10,216,491')
    """

    def __init__(self, currency: str | None, unit: int | None, *, grouped: bool = False) -> None:
        self.currency = currency or "CHIPS"
        self.unit = unit or 1
        self.chips = self.currency in CHIP_CURRENCIES or self.unit == 1
        self.decimals = len(str(self.unit)) - 1
        self.grouped = grouped

    def __call__(self, amount: int) -> str:
        sign = "-" if amount < 0 else ""
        amount = abs(amount)
        if self.chips:
            return f"{sign}{amount:,}" if self.grouped else f"{sign}{amount}"
        whole, part = divmod(amount, self.unit)
        digits = f"{whole:,}" if self.grouped else str(whole)
        number = f"{digits}.{part:0{self.decimals}d}" if self.decimals else digits
        symbol = SYMBOLS.get(self.currency)
        if symbol:
            return f"{sign}{symbol}{number}"
        return f"{sign}{number} {self.currency}"

    def signed(self, amount: int) -> str:
        """With a ``+`` for gains: results read better that way."""
        return f"+{self(amount)}" if amount > 0 else self(amount)

    def stakes(self, small: int | None, big: int | None) -> str:
        if small is None or big is None:
            return ""
        return f"{self(small)}/{self(big)}"


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
