"""Amounts as the rooms write them, in every locale, as ints of the smallest unit."""

from __future__ import annotations

import re
from decimal import Decimal

from parser.kit.money import MoneyError

_NOT_DIGITS = re.compile(r"[^\d.,]")


def localised_units(text: str, unit: int) -> int:
    """An amount as a room writes it, in any locale, as an int of the smallest unit.

    Currency signs and codes go, spaces (a no-break space is a thousands separator in
    Swedish) go; then the last "." or "," is the decimal point when one or two digits
    follow it, else every separator groups thousands (chips and cents never have three
    decimals).

    >>> [localised_units(t, 100) for t in ("$1,646.95", "0,55 $", "$ 3.243", "6 749 $")]
    [164695, 55, 324300, 674900]
    >>> localised_units("1.183.764 $", 1), localised_units("2,669", 1)
    (1183764, 2669)
    """
    digits = _NOT_DIGITS.sub("", text)
    if not digits or not digits[0].isdigit() or not digits[-1].isdigit():
        raise MoneyError(f"invalid amount {text!r}: expected a number like 1,500 or $0.25")
    point = max(digits.rfind("."), digits.rfind(","))
    if point >= 0 and len(digits) - point - 1 in (1, 2):
        whole, fraction = digits[:point], digits[point + 1 :]
    else:
        whole, fraction = digits, ""
    whole = whole.replace(".", "").replace(",", "")
    value = Decimal(f"{whole or 0}.{fraction or 0}") * unit
    if value != value.to_integral_value():
        raise MoneyError(f"amount {text!r} has a fraction of the smallest unit (1/{unit})")
    return int(value)
