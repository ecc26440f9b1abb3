"""What the rooms' tournament summary readers share (issue 12): the grammar, lark's errors
as :class:`~parser.rooms.pokerstars.summary.SummaryError`, and amounts in the rooms' ways.

Each room's summary has its own grammar (``parser/rooms/<room>/<room>_summary.lark``, one
terminal per line, LALR) and module beside the room's hand reader
(``fulltilt_summary``, ``winamax_summary``, ``pacific_summary``); each fills the same
:class:`~parser.rooms.pokerstars.summary.TournamentSummary` PokerStars' does, so the store and
the merge with the hands never ask which room wrote it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime
from functools import cache
from importlib.resources import files
from zoneinfo import ZoneInfo

from lark import Lark, Token, Transformer, UnexpectedInput, v_args
from lark.exceptions import VisitError

from parser.kit.amounts import localised_units
from parser.kit.clock import TIME_ZONES
from parser.kit.money import CURRENCY_SIGNS, MoneyError, to_units
from parser.kit.tournament import WHOLE_UNITS
from parser.model.summary import SummaryError, TournamentSummary

_LEADING_JUNK = re.compile(r"^[\ufeff\x00-\x08\x0b-\x1f]+")
#: Words the rooms write for a currency after (or instead of) a sign.
_CODES = {"Play Chips": "PLAY", "Play Chip": "PLAY", "FTP": "FPP", "FPP": "FPP",
          "USD": "USD", "EUR": "EUR", "GBP": "GBP"}  # fmt: skip
_AMOUNT = re.compile(
    r"(?P<pre>[$€£¥₹])?\s*(?P<num>\d[\d.,\s]*?)\s*"
    r"(?P<post>[$€£¥₹]|Play Chips?|FTP|FPP|USD|EUR|GBP)?"
)


#: A hand's header, in a room's own text or as PokerStars' converters write it: a file with
#: one is hands, not a summary, whatever its first line.
_HAND_HEADER = re.compile(r"(?:Hand|Game) #\d+:")


def summary_title(title: str) -> re.Pattern[str]:
    """A room's summary title (a regex) at the start of a file, after any byte-order mark
    or control bytes a badly saved file begins with."""
    return re.compile(_LEADING_JUNK.pattern.rstrip("+") + "*" + title)


def titled_summary(title: re.Pattern[str], text: str) -> bool:
    """``title`` (:func:`summary_title`) first, and no hand header in the first 20,000
    characters: a summary file, not hands whose room repeats the title."""
    return title.match(text[:500]) is not None and _HAND_HEADER.search(text[:20000]) is None


def summary_recogniser(title: re.Pattern[str]) -> Callable[[str, str], bool]:
    """The ``looks_like_<room>_summary(text, path)`` of a room whose summaries are told by
    their title alone (:func:`titled_summary`): the room's record names it."""

    def looks_like(text: str, path: str = "") -> bool:
        return titled_summary(title, text)

    looks_like.__doc__ = f"Is the summary title {title.pattern!r} first, with no hand?"
    return looks_like


@cache
def _parser(package: str, name: str) -> Lark:
    grammar = files(package).joinpath(f"{name}.lark").read_text("utf-8")
    return Lark(grammar, parser="lalr", propagate_positions=True)


def parse_lines(
    package: str, name: str, text: str, path: str, lines: Transformer[Token, TournamentSummary]
) -> TournamentSummary:
    """Parse ``text`` with grammar ``name`` and build the summary with ``lines``; a line
    that does not fit is a :class:`SummaryError` with file, line, column and the lines
    that would."""
    text = _LEADING_JUNK.sub("", text)
    quoted_lines = text.split("\n")
    try:
        tree = _parser(package, name).parse(text if text.endswith("\n") else text + "\n")
    except UnexpectedInput as problem:
        line = getattr(problem, "line", 0) or 0
        column = getattr(problem, "column", 0) or 0
        expected = tuple(sorted(getattr(problem, "expected", None) or ()))
        want = f" (expected one of: {', '.join(expected)})" if expected else ""
        if getattr(getattr(problem, "token", None), "type", "") == "$END":
            raise SummaryError(f"the summary ends early{want}", path=path, line=line,
                               expected=expected) from None  # fmt: skip
        quoted = quoted_lines[line - 1].rstrip("\r") if 0 < line <= len(quoted_lines) else ""
        raise SummaryError(f"not a tournament summary line {quoted!r}{want}", path=path,
                           line=line, column=column, text=quoted,
                           expected=expected) from None  # fmt: skip
    try:
        return lines.transform(tree)
    except VisitError as problem:
        if isinstance(problem.orig_exc, SummaryError):
            raise problem.orig_exc from None
        raise


def line_error(path: str, token: Token, message: str) -> SummaryError:
    """A line the grammar took that its reader cannot: the line, quoted, and why."""
    text = str(token).rstrip("\r")
    return SummaryError(f"{message}: {text!r}", path=path, line=token.line or 0, text=text)


def room_amount(text: str) -> tuple[int, str] | None:
    """An amount as the rooms write it: a sign before or after, a code or "Play Chips"
    after, a decimal comma; a bare number is play chips. None when not an amount.

    >>> room_amount("$1,126"), room_amount("0.46€"), room_amount("0,01 €"), room_amount("20$")
    ((112600, 'USD'), (46, 'EUR'), (1, 'EUR'), (2000, 'USD'))
    >>> room_amount("2,250 Play Chips"), room_amount("25 FTP"), room_amount("Free")
    ((2250, 'PLAY'), (25, 'FPP'), None)
    """
    m = _AMOUNT.fullmatch(text.strip())
    if m is None:
        return None
    sign = m["pre"] or m["post"] or ""
    currency = CURRENCY_SIGNS.get(sign) or _CODES.get(sign) or "PLAY"
    unit = 1 if currency in WHOLE_UNITS else 100
    try:
        return localised_units(m["num"], unit), currency
    except MoneyError:
        return None


def buy_in_parts(text: str) -> tuple[str, int, list[int]] | None:
    """``"$2 + $0.25"`` -> ``("USD", 100, [200, 25])``; None unless every part is an amount
    of one currency (a bare part takes the others' currency).

    >>> buy_in_parts("20$ + 1$"), buy_in_parts("10 + 1"), buy_in_parts("$1 + 5 FTP")
    (('USD', 100, [2000, 100]), ('PLAY', 1, [10, 1]), None)
    """
    texts = text.split("+")
    parsed = [room_amount(t) for t in texts]
    if not texts or any(p is None for p in parsed):
        return None
    currencies = {p[1] for p in parsed if p is not None} - {"PLAY"}
    if len(currencies) > 1:
        return None
    currency = currencies.pop() if currencies else "PLAY"
    unit = 1 if currency in WHOLE_UNITS else 100
    try:
        amounts = [p[0] if p[1] == currency else localised_units(t, unit)
                   for t, p in zip(texts, parsed, strict=True) if p is not None]  # fmt: skip
    except MoneyError:
        return None
    return currency, unit, amounts


_MONEY = re.compile(r"(?P<sign>[$€£¥₹])?(?P<num>\d[\d,]*(?:\.\d+)?)\s*(?P<code>[A-Z]{2,3}|FPP|SC)?")
_DATE = r"\d{4}/\d{1,2}/\d{1,2}"
_CLOCK = r"\d{1,2}:\d{2}(?::\d{2})?"
_WHEN = re.compile(
    rf"(?P<date>{_DATE})(?:\s+-)?\s+(?P<clock>{_CLOCK})\s*\(?(?P<tz>[A-Z]{{1,5}})?\)?"
    rf"(?:\s+\[(?P<date2>{_DATE})\s+(?P<clock2>{_CLOCK})\s+(?P<tz2>[A-Z]{{1,5}})\])?"
)


def summary_time(text: str) -> datetime | None:
    """The first time a summary line writes (``2019/01/05 14:00:00 CET [2019/01/05 8:00:00
    ET]``: the ET one when bracketed), in UTC; None when there is none or its zone is unknown."""
    m = _WHEN.search(text)
    if m is None:
        return None
    if m["tz2"] == "ET":
        date, clock, tz = m["date2"], m["clock2"], "ET"
    else:
        date, clock, tz = m["date"], m["clock"], m["tz"] or "ET"
    zone = TIME_ZONES.get(tz)
    if zone is None:
        return None
    year, month, day = (int(p) for p in date.split("/"))
    hour, minute, *second = (int(p) for p in clock.split(":"))
    local = datetime(year, month, day, hour, minute, second[0] if second else 0,
                     tzinfo=ZoneInfo(zone))  # fmt: skip
    return local.astimezone(UTC)


def amount_of(text: str) -> tuple[int, str] | None:
    """``"$1,518.00"`` -> ``(151800, "USD")``, ``"25,750 FPP"`` -> ``(25750, "FPP")``,
    ``"USD 875.00"`` -> ``(87500, "USD")``; None when the text is not an amount.

    >>> amount_of("₹2,035.24"), amount_of("200"), amount_of("Sunday Million ticket")
    ((203524, 'INR'), (200, 'PLAY'), None)
    """
    text = text.strip()
    code_first = re.fullmatch(r"(?P<code>[A-Z]{3}) (?P<rest>.+)", text)
    if code_first:
        text = f"{code_first['rest']} {code_first['code']}"
    m = _MONEY.fullmatch(text)
    if m is None:
        return None
    currency = m["code"] or (CURRENCY_SIGNS.get(m["sign"]) if m["sign"] else None) or "PLAY"
    unit = 1 if currency in WHOLE_UNITS else 100
    try:
        return to_units(m["num"], unit), currency
    except MoneyError:
        return None


class SummaryLines(Transformer[Token, TournamentSummary]):
    """The base of a room's summary transformer: the fields it gathers and the lines
    several rooms write alike, read once.

    Rooms write the buy-in as parts (``"$5 + $0.50"``, a buy-in without a number is a
    freeroll or an entry by ticket), the rebuy and add-on prices the same way, the entrants
    as the line's first number and the prize pool as one amount; what a player paid beyond
    the buy-in is his rebuys and add-ons at those prices. A room overrides
    :meth:`_value` (where a line's value starts) and any line it writes its own way.
    """

    def __init__(self, path: str, **fields: object) -> None:
        super().__init__()
        self.path = path
        self.fields: dict[str, object] = {"path": path, **fields}
        #: The price of one rebuy and of one add-on (the sum of its parts).
        self.costs = {"rebuy": 0, "addon": 0}

    def _value(self, token: Token) -> str:
        """The text after the line's label (``"Buy-In: $5 + $0.50"`` -> ``" $5 + $0.50"``)."""
        return token.split(":", 1)[1]

    def _price(self, token: Token, what: str) -> tuple[str, int, list[int]]:
        """The line's value as :func:`buy_in_parts`, or the ``SummaryError`` of ``what``."""
        parts = buy_in_parts(self._value(token))
        if parts is None:
            raise line_error(self.path, token, f"cannot read the {what}")
        return parts

    def _extra_cost(self) -> None:
        """``you_extra_cost``: the player's rebuys and add-ons at their prices, when he
        made any (the store adds it to what the tournament cost him)."""
        rebuys, addons = self.fields.get("you_rebuys", 0), self.fields.get("you_addons", 0)
        if rebuys or addons:
            self.fields["you_extra_cost"] = (
                int(rebuys) * self.costs["rebuy"]  # type: ignore[call-overload]
                + int(addons) * self.costs["addon"]  # type: ignore[call-overload]
            )

    def _time(self, token: Token) -> datetime | None:
        """The time a start or finish line writes (:func:`summary_time`); a room that
        writes it otherwise overrides this."""
        return summary_time(token)

    def _prize_pool(self, text: str, read: Callable[[str], tuple[int, str] | None]) -> None:
        """The prize pool in ``text`` as ``read`` finds it; kept as text when it is not an
        amount (a room may write "Guaranteed" or a ticket)."""
        found = read(text)
        if found is None:
            self.fields["prize_pool_text"] = text
        else:
            self.fields.update(prize_pool=found[0], prize_pool_currency=found[1])

    @v_args(inline=True)
    def buy_in(self, token: Token) -> None:
        value = self._value(token)
        if not re.search(r"\d", value):  # "Free", "Ticket uniquement": no money paid
            return
        currency, unit, amounts = self._price(token, "buy-in")
        self.fields.update(currency=currency, unit=unit, buy_in=amounts[0], fee=sum(amounts[1:]))

    @v_args(inline=True)
    def rebuy_cost(self, token: Token) -> None:
        self.costs["rebuy"] = sum(self._price(token, "rebuy price")[2])

    @v_args(inline=True)
    def addon_cost(self, token: Token) -> None:
        self.costs["addon"] = sum(self._price(token, "add-on price")[2])

    @v_args(inline=True)
    def entrants(self, token: Token) -> None:
        self.fields["entrants"] = int(token.split()[0].replace(",", ""))

    @v_args(inline=True)
    def started(self, token: Token) -> None:
        self.fields["started_at"] = self._time(token)

    @v_args(inline=True)
    def finished(self, token: Token) -> None:
        self.fields["finished_at"] = self._time(token)
