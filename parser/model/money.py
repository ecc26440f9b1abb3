"""Amounts for people: ``$1.25``, ``€0.50``, ``1250`` chips.

Everything is stored in the smallest unit; only display converts, here, exactly (integer
arithmetic, no floats). It sits in the shared vocabulary, beside the parsed hand whose
``currency`` and ``unit`` it reads, because every package writes amounts for people: the
engine's problem messages and notes (``replayer.amounts``, issue 23 item 14) as well as
the terminal replay and the dashboard (``analytics.output.format`` re-exports it), so
all of them show the same text.
"""

from __future__ import annotations

#: Currency symbols written before the amount; other ISO codes are written after it.
SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "INR": "₹", "CNY": "¥", "CAD": "C$", "AUD": "A$"}
#: Currencies that are counted in chips: no symbol. Their decimals still follow the unit:
#: Winamax and 888poker count play money in hundredths ("0.50/1.00"), tournaments in
#: whole chips.
CHIP_CURRENCIES = frozenset({"CHIPS", "PLAY", "FPP", "SC"})


class Money:
    """Formats amounts of one hand: ``Money("USD", 100)(125) == "$1.25"``.

    >>> Money("USD", 100)(125), Money("EUR", 100)(-5), Money("CHIPS", 1)(1250)
    ('$1.25', '-€0.05', '1250')
    >>> Money("XYZ", 100)(300), Money("USD", 100).signed(250), Money("PLAY", 1).signed(0)
    ('3.00 XYZ', '+$2.50', '0')

    Play money counted in hundredths reads as the room writes it, never in its smallest
    unit (issue 23 item 14: "0.50", not "50"):

    >>> Money("PLAY", 100)(50), Money("PLAY", 100, grouped=True)(145913)
    ('0.50', '1,459.13')

    ``grouped``: thousands separated, for totals read at a glance (a hand's own amounts
    stay as the room writes them).

    >>> Money("USD", 100, grouped=True)(-561886), Money("CHIPS", 1, grouped=True)(10216491)
    ('-$5,618.86', '10,216,491')
    """

    def __init__(self, currency: str | None, unit: int | None, *, grouped: bool = False) -> None:
        self.currency = currency or "CHIPS"
        self.unit = unit or 1
        self.chips = self.currency in CHIP_CURRENCIES or self.unit == 1
        #: Digits after the point: the unit's, chips or not (hundredths of a play chip).
        self.decimals = len(str(self.unit)) - 1
        self.grouped = grouped

    def __call__(self, amount: int) -> str:
        sign = "-" if amount < 0 else ""
        amount = abs(amount)
        whole, part = divmod(amount, self.unit)
        digits = f"{whole:,}" if self.grouped else str(whole)
        number = f"{digits}.{part:0{self.decimals}d}" if self.decimals else digits
        if self.chips:
            return f"{sign}{number}"
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
