"""A tournament hand's header, read for its tournament: buy-in, bounty, fee, round.

A room's header reader takes what the engine needs (game, stakes, level) and stops there; the
buy-in matters only to the tournament's money (issue 12, RULES.md T4), so it is read here,
once per hand, from the same line. Forms seen in PokerStars logs and their converters::

    Tournament #1, $5.00+$0.50 Hold'em ...               buy-in + fee
    Tournament #2, $1.00+$0.25+$0.15 USD Hold'em ...     buy-in + bounty + fee
    Tournament #3, Freeroll  Hold'em ...                 nothing paid
    Tournament #4, 50FPP Hold'em ... / 250 SC Hold'em    FPP, StarsCoin
    Tournament #5, 100+9 8-Game (Razz Limit) - Match Round I, Level IV (50/100)
    Tournament #6, €4.69+€0.31 Cub3d, Hold'em ...        a named format
    Tournament #7, Hold'em No Limit - Match Round I ...  no buy-in written

Other rooms write no price where PokerStars does, but the tournament's name often holds it
(:func:`price_in_name`): GGPoker's ``Tournament #25942319, Omaholic Bounty $8.40 Omaha``,
WPN's ``$2.20 Turbo Heads-up, Table 1``. An amount followed by ``GTD`` is the guarantee,
never the price (WPN's ``$5,000 GTD Tournament #27099516``): its sign still names the money
the tournament is played for, and the buy-in stays 0 with ``freeroll`` False, which the
tournament pages read as "not stated" (issue 23 item 12).
"""

from __future__ import annotations

import re
from decimal import Decimal

from parser.kit.money import CURRENCY_SIGNS, to_units
from parser.model.hand import Tournament

_BUY_IN = re.compile(
    r"(?P<zoom>Zoom\s+)?Tournament\s+#(?P<tid>\d+),?\s*"
    r"(?:(?P<free>Freeroll)\b"
    r"|(?P<parts>[$€£¥₹\ufffd]?\d[\d.,]*(?:\+[$€£¥₹\ufffd]?\d[\d.,]*)*)"
    r"\s*(?P<code>USD|EUR|GBP|INR|CNY|CAD|SC|FPP)?\b(?:\s+(?P<name>[^\s,()]+),)?)?",
    re.IGNORECASE,
)
#: A price in a tournament's name: ``$8.40``, ``$1,050``, ``$1K``; ``gtd`` marks a guarantee.
_NAME_PRICE = re.compile(
    r"(?P<sign>[$€£])(?P<num>\d[\d,]*(?:\.\d+)?)(?P<times>[KM])?\b"
    r"(?P<gtd>\s*(?:GTD|Guaranteed)\b)?",
    re.IGNORECASE,
)
_ROUND = re.compile(r"Match Round (?P<round>[IVXLC]+|\d+)\b", re.IGNORECASE)
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
#: Currencies whose amounts are whole numbers of one unit (no cents).
WHOLE_UNITS = frozenset({"PLAY", "FPP", "SC"})


def roman(text: str) -> int:
    """``"IV"`` -> 4, ``"12"`` -> 12 (levels and shootout rounds are written either way).

    >>> roman("XIV"), roman("9")
    (14, 9)
    """
    if text.isdigit():
        return int(text)
    values = [_ROMAN[c] for c in text.upper()]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v
               for i, v in enumerate(values))  # fmt: skip


def money_parts(parts: str, code: str | None) -> tuple[str, int, tuple[int, ...]]:
    """``"$1.00+$0.25+$0.15"`` -> ``("USD", 100, (100, 25, 15))``: currency, unit, amounts.

    A sign or code names the currency; a bare number is play chips (Home Games, play-money
    tournaments). ``\\ufffd`` is a euro sign lost by a wrong decoding (Run It Once files).

    >>> money_parts("50", "FPP"), money_parts("300+20", None)
    (('FPP', 1, (50,)), ('PLAY', 1, (300, 20)))
    """
    texts = parts.split("+") if parts else []
    currency = code.upper() if code else None
    for text in texts:
        sign = text[:1]
        if sign in CURRENCY_SIGNS and currency is None:
            currency = CURRENCY_SIGNS[sign]
        elif sign == "\ufffd" and currency is None:
            currency = "EUR"
    currency = currency or "PLAY"
    unit = 1 if currency in WHOLE_UNITS else 100
    amounts = tuple(to_units(t.lstrip("$€£¥₹\ufffd"), unit) for t in texts)
    return currency, unit, amounts


def split_buy_in(amounts: tuple[int, ...]) -> tuple[int, int, int]:
    """(buy-in, bounty, fee) of the parts written: ``a+f``, ``a+b+f`` or ``a`` alone.

    >>> split_buy_in((100, 25, 15)), split_buy_in((500, 50)), split_buy_in((250,))
    ((100, 25, 15), (500, 0, 50), (250, 0, 0))
    """
    if len(amounts) >= 3:
        return amounts[0], sum(amounts[1:-1]), amounts[-1]
    if len(amounts) == 2:
        return amounts[0], 0, amounts[1]
    return (amounts[0] if amounts else 0), 0, 0


def price_in_name(name: str) -> tuple[str, int, tuple[int, ...]] | None:
    """Currency, unit and price (the whole of it: buy-in, bounty and fee are not told
    apart) a tournament's name states, or None when it names no money.

    >>> price_in_name("Omaholic Bounty $8.40 Omaha (NL postflop)")
    ('USD', 100, (840,))
    >>> price_in_name("High Rollers PLO Main Event $1K Omaha"), price_in_name("$5,000 GTD")
    (('USD', 100, (100000,)), ('USD', 100, ()))
    >>> price_in_name("OSS #27 - $300,000 GTD Sunday Special $109"), price_in_name("Hold'em")
    (('USD', 100, (10900,)), None)
    """
    currency = None
    for m in _NAME_PRICE.finditer(name):
        currency = currency or CURRENCY_SIGNS[m["sign"]]
        if m["gtd"]:
            continue
        major = Decimal(m["num"].replace(",", ""))
        major *= {"K": 1000, "M": 1_000_000}.get((m["times"] or "").upper(), 1)
        return CURRENCY_SIGNS[m["sign"]], 100, (to_units(str(major), 100),)
    return (currency, 100, ()) if currency else None


def tournament_named(name: str, tournament_id: str, level: str | None) -> Tournament:
    """The :class:`Tournament` of a hand whose header gives only the tournament's name
    (WPN): its price, when the name states one (:func:`price_in_name`)."""
    found = price_in_name(name)
    if found is None:
        return Tournament(tournament_id=tournament_id, level=level, name=name)
    currency, unit, amounts = found
    return Tournament(tournament_id=tournament_id, buy_in=sum(amounts), currency=currency,
                      unit=unit, level=level, name=name)  # fmt: skip


def tournament_of_header(line: str, tournament_id: str, level: str | None) -> Tournament:
    """The :class:`Tournament` a tournament hand's header line describes.

    >>> t = tournament_of_header("Poker Hand #TM2697462: Tournament #25942319, Omaholic"
    ...     " Bounty $8.40 Omaha (NL postflop) - Level18(1,250/2,500)", "25942319", "18")
    >>> t.currency, t.unit, t.buy_in, t.bounty, t.fee, t.freeroll
    ('USD', 100, 840, 0, 0, False)
    """
    m = _BUY_IN.search(line)
    if m is None or m["tid"] != tournament_id:
        return Tournament(tournament_id=tournament_id, level=level)
    round_m = _ROUND.search(line)
    amounts: tuple[int, ...]
    named = None
    if not m["free"] and not m["parts"]:  # the name, up to the level: " - Level18(...)"
        named = price_in_name(line[m.end() :].split("\n", 1)[0].split(" - ", 1)[0])
    if m["free"]:
        currency, unit, amounts = "PLAY", 1, ()
    elif named is not None:
        currency, unit, amounts = named
    else:
        currency, unit, amounts = money_parts(m["parts"] or "", m["code"])
    buy_in, bounty, fee = split_buy_in(amounts)
    name = "Zoom" if m["zoom"] else (m["name"] or "")
    return Tournament(
        tournament_id=tournament_id,
        buy_in=buy_in,
        bounty=bounty,
        fee=fee,
        currency=currency,
        unit=unit,
        freeroll=bool(m["free"]),
        level=level,
        round=roman(round_m["round"]) if round_m else None,
        name=name,
    )
