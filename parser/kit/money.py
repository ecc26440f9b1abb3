"""Money as text -> ``int`` in the smallest unit, through ``Decimal``, losing nothing.

A hand's amounts are integers of its smallest unit end to end: cents for cash games
(``unit=100``), chips for tournaments and play money (``unit=1``). The text may carry a
currency sign or code and thousands separators: ``"$1,646.95"``, ``"€0.10"``, ``"1,500"``,
``"250.0"``, ``"¥4"``, ``"EUR0.50"``.

>>> to_units("$1,646.95", 100)
164695
>>> to_units("250.0", 1)
250
>>> to_units("$0.005", 100)
Traceback (most recent call last):
...
parser.kit.money.MoneyError: amount '$0.005' has a fraction of the smallest unit (1/100)
>>> to_units_floor("674.5", 1)
(674, False)
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from parser.compiled import mypyc_attr

#: Currency signs as PokerStars writes them, and the ISO code each stands for.
CURRENCY_SIGNS: dict[str, str] = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY", "₹": "INR"}
#: Codes that may prefix an amount ("EUR0.50" in converted hands) or follow the stakes.
CURRENCY_CODES = frozenset({"USD", "EUR", "GBP", "CNY", "INR", "CAD", "AUD", "JPY", "RUB"})

_AMOUNT = re.compile(r"(?P<cur>[$€£¥₹]|[A-Z]{3})?(?P<num>\d{1,3}(?:,\d{3})+|\d+)(?P<frac>\.\d+)?")
_CACHE: dict[tuple[str, int], tuple[int, bool]] = {}
_CACHE_LIMIT = 50_000


class MoneyError(ValueError):
    """An amount that is not a number, or that has a fraction of the smallest unit."""


def currency_of(text: str) -> str | None:
    """The ISO code an amount's sign or prefix names, if any.

    >>> currency_of("€0.10"), currency_of("1,500"), currency_of("EUR0.50")
    ('EUR', None, 'EUR')
    """
    m = _AMOUNT.fullmatch(text)
    if m is None or m["cur"] is None:
        return None
    cur = m["cur"]
    return CURRENCY_SIGNS.get(cur, cur)


def _convert(text: str, unit: int) -> tuple[int, bool]:
    key = (text, unit)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    m = _AMOUNT.fullmatch(text)
    if m is None or (
        m["cur"] is not None and len(m["cur"]) == 3 and m["cur"] not in CURRENCY_CODES
    ):
        raise MoneyError(f"invalid amount {text!r}: expected a number like 1,500 or $0.25")
    digits = m["num"].replace(",", "")
    frac = m["frac"]
    if frac is None:
        result = (int(digits) * unit, True)
    else:
        try:
            scaled = Decimal(digits + frac) * unit
        except InvalidOperation as exc:  # pragma: no cover - the regex admits only digits
            raise MoneyError(f"invalid amount {text!r}") from exc
        whole = scaled == scaled.to_integral_value()
        result = (int(scaled), whole)  # int() truncates toward zero: the floor for amounts >= 0
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[key] = result
    return result


def to_units(text: str, unit: int) -> int:
    """Convert ``text`` to an ``int`` of the smallest unit; a fraction of it raises.

    >>> to_units("€0.10", 100), to_units("1,500", 1), to_units("$5", 100)
    (10, 1500, 500)
    """
    value, whole = _convert(text, unit)
    if not whole:
        raise MoneyError(f"amount {text!r} has a fraction of the smallest unit (1/{unit})")
    return value


@mypyc_attr(allow_interpreted_subclasses=True)  # a room's spelling (parser.rooms.winamax.reader)
class Amounts(dict[str, int]):
    """Amount texts of one unit -> ints, each converted (:func:`to_units`) on first sight.

    A builder reads an amount as ``amounts[text]``: one dict lookup for an amount seen
    before, no call (issue 11). Bounded: past ``limit`` texts it starts again.

    >>> cents = Amounts(100)
    >>> cents["$1.50"], cents["$1.50"], len(cents)
    (150, 150, 1)
    """

    __slots__ = ("limit", "unit")

    def __init__(self, unit: int, limit: int = _CACHE_LIMIT) -> None:
        super().__init__()
        self.unit = unit
        self.limit = limit

    def convert(self, text: str) -> int:
        """What ``text`` is in this unit (a subclass reads its room's spelling here)."""
        return to_units(text, self.unit)

    def __missing__(self, text: str) -> int:
        value = self.convert(text)
        if len(self) >= self.limit:
            self.clear()
        self[text] = value
        return value


#: A number with one or two decimals, not part of a longer number or a date ("7410.50"),
#: nor a rounded thousand ("Total pot 2.42k").
_FRACTION = re.compile(r"(?<![\d.])\d[\d,]*\.\d{1,2}(?![\d.kK])")


def chip_unit(text: str) -> int:
    """The smallest unit of a tournament hand's chips: 1, or hundredths when its lines
    write a fraction of a chip (an odd ante's or a split pot's half chips, "7410.50";
    Winamax 2010, iPoker). The header line is left out: it may state the buy-in in money.

    >>> chip_unit("Tournament ... buyIn: 0.90€ + 0.10€\\nSeat 1: Ann (5113)")
    1
    >>> chip_unit("Tournament ...\\nSeat 3: Bob (7410.50)")
    100
    """
    return 100 if _FRACTION.search(text, text.find("\n") + 1) else 1


def to_units_floor(text: str, unit: int) -> tuple[int, bool]:
    """Like :func:`to_units`, but a fraction is rounded down and reported, not raised.

    Only for "collected" claims: the log's word, which the engine checks (RULES.md S4).
    Returns ``(amount, whole)``.
    """
    return _convert(text, unit)
