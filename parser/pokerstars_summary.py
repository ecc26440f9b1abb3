"""PokerStars tournament summaries -> :class:`TournamentSummary` (issue 12).

A summary is what the site says of a whole tournament: buy-in and fee, entrants, prize
pool, every finishing place and prize (or "still playing"), the target of a satellite,
and what the requesting player ("you") did: place, re-entries, rebuys, bounties. The lines
are read by ``parser/grammars/pokerstars_summary.lark`` (LALR, one terminal per line);
each line's fields by the small functions here. Full Tilt and Run It Once write the same
layout. A summary that does not fit raises :class:`SummaryError` with file, line and what
was expected, so the importer can report it precisely.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from importlib.resources import files
from zoneinfo import ZoneInfo

from lark import Lark, Token, Transformer, UnexpectedInput, v_args
from lark.exceptions import VisitError

from parser.header import TIME_ZONES
from parser.model.errors import ParseError
from parser.money import CURRENCY_SIGNS, MoneyError, to_units
from parser.tournament_header import WHOLE_UNITS, money_parts, split_buy_in

_SITES = {
    "PokerStars": "PokerStars",
    "Full Tilt": "Full Tilt",
    "Run It Once Poker": "Run It Once",
}
_RECOGNISE = re.compile(
    r"^[\ufeff\x00-\x08\x0b-\x1f]*(?:PokerStars|Full Tilt|Run It Once Poker) Tournament #\d+, ",
    re.MULTILINE,
)
_LEADING_JUNK = re.compile(r"^[\ufeff\x00-\x08\x0b-\x1f]+")
_HAND_HEADER = re.compile(r"(?:Hand|Game) #\d+: ")


class SummaryError(ParseError):
    """A tournament summary that does not fit (file, line, column, expected)."""

    kind = "summary_error"


@dataclass(frozen=True, slots=True, kw_only=True)
class Place:
    """One line of the places: ``  2: COyourACES [3] (India), ₹2,035.24 (18.183%)``."""

    place: int
    name: str
    country: str | None = None
    #: Entries the player made (``[3]``: two re-entries); 1 when not written.
    entries: int = 1
    still_playing: bool = False
    #: The prize in ``prize_currency`` (smallest unit), None when none or not money.
    prize: int | None = None
    prize_currency: str | None = None
    #: A prize that is not money: "Sunday Million ticket", "qualified for the target ...".
    prize_text: str = ""
    percent: str | None = None
    line: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentSummary:
    site: str
    tournament_id: str
    game_name: str
    #: "Super Satellite" / "Satellite", else "".
    kind: str = ""
    currency: str = "PLAY"
    unit: int = 1
    buy_in: int = 0
    bounty: int = 0
    fee: int = 0
    entrants: int | None = None
    added: int = 0
    prize_pool: int | None = None
    prize_pool_currency: str | None = None
    prize_pool_text: str = ""
    target_tournament: str | None = None
    #: The target's buy-in (the worth of a ticket), in ``target_currency``.
    target_buy_in: int | None = None
    target_currency: str | None = None
    tickets: int | None = None
    started_at: datetime | None = None
    finished_at: datetime | None = None
    places: tuple[Place, ...] = ()
    #: What "you" did: the place, the hand you went out in, an award, re-entries...
    you: str | None = None
    you_place: int | None = None
    you_eliminated_hand: str | None = None
    #: "A EUR 0.90 award has been credited" (mailed summaries without places).
    you_prize: int | None = None
    you_re_entries: int = 0
    you_rebuys: int = 0
    you_addons: int = 0
    #: What the re-entries or the rebuys and add-ons cost in all, in ``currency``.
    you_extra_cost: int | None = None
    you_bounties: int = 0
    you_bounty_total: int | None = None
    you_played: bool = True
    path: str = ""

    @property
    def still_running(self) -> bool:
        return self.finished_at is None and any(p.still_playing for p in self.places)


def looks_like_summary(text: str, path: str = "") -> bool:
    """A summary names a tournament in its first lines and has no hand header.

    >>> looks_like_summary("PokerStars Tournament #1, No Limit Hold'em\\nBuy-In: $1/$0.10\\n")
    True
    >>> looks_like_summary("PokerStars Hand #5: Tournament #1, $1+$0.10 ...")
    False
    """
    head = text[:2000]
    return _RECOGNISE.search(head) is not None and _HAND_HEADER.search(text[:20000]) is None


@cache
def _parser() -> Lark:
    grammar = files("parser.grammars").joinpath("pokerstars_summary.lark").read_text("utf-8")
    return Lark(grammar, parser="lalr", propagate_positions=True)


def parse_summary(text: str, path: str = "<text>") -> TournamentSummary:
    """Parse one summary file's text; raise :class:`SummaryError` where it does not fit."""
    # A BOM, or a stray control character before the title ("local format" files: \x10).
    text = _LEADING_JUNK.sub("", text)
    lines = text.split("\n")
    try:
        tree = _parser().parse(text if text.endswith("\n") else text + "\n")
    except UnexpectedInput as problem:
        line = getattr(problem, "line", 0) or 0
        column = getattr(problem, "column", 0) or 0
        quoted = lines[line - 1].rstrip("\r") if 0 < line <= len(lines) else ""
        expected = tuple(sorted(getattr(problem, "expected", None) or ()))
        want = f" (expected one of: {', '.join(expected)})" if expected else ""
        if getattr(getattr(problem, "token", None), "type", "") == "$END":
            raise SummaryError(f"the summary ends early{want}: no 'PokerStars Tournament #N,"
                               " GAME' title line?" if "TITLE_LINE" in expected else
                               f"the summary ends early{want}", path=path, line=line,
                               expected=expected) from None  # fmt: skip
        raise SummaryError(f"not a tournament summary line {quoted!r}{want}", path=path,
                           line=line, column=column, text=quoted,
                           expected=expected) from None  # fmt: skip
    try:
        fields = _Lines(path).transform(tree)
    except VisitError as problem:
        error = problem.orig_exc
        if isinstance(error, SummaryError):
            raise error from None
        raise
    return fields


def _line_error(path: str, token: Token, message: str) -> SummaryError:
    text = str(token).rstrip("\r")
    return SummaryError(f"{message}: {text!r}", path=path, line=token.line or 0, text=text)


_TITLE = re.compile(r"(?P<site>PokerStars|Full Tilt|Run It Once Poker) Tournament #(?P<id>\d+), "
                    r"(?P<game>.*?)\s*$")  # fmt: skip
_BUY_IN = re.compile(
    r"Buy-In: (?P<parts>[$€£¥₹]?\d[\d.,]*(?:/[$€£¥₹]?\d[\d.,]*)*)\s*(?P<code>[A-Z]{2,3})?\s*$"
)
_MONEY = re.compile(r"(?P<sign>[$€£¥₹])?(?P<num>\d[\d,]*(?:\.\d+)?)\s*(?P<code>[A-Z]{2,3}|FPP|SC)?")
_PLACE = re.compile(r"\s*(?P<place>\d+): (?P<rest>.*?)\s*$")
_WITH_COUNTRY = re.compile(
    r"(?P<name>.+?)(?: \[(?P<entries>\d+)\])? \((?P<country>.*)\),(?P<prize>.*)$"
)
_NO_COUNTRY = re.compile(r"(?P<name>[^,]+?)(?: \[(?P<entries>\d+)\])?(?:, (?P<prize>.*))?$")
_PRIZE = re.compile(
    r"(?P<money>[$€£¥₹]?\d[\d,]*(?:\.\d+)?)(?:\s+(?P<code>[A-Z]{2,3}|FPP|SC))?"
    r"(?:\s+\((?P<pct>[\d.]+)%\))?$"
)
_DATE = r"\d{4}/\d{1,2}/\d{1,2}"
_CLOCK = r"\d{1,2}:\d{2}(?::\d{2})?"
_WHEN = re.compile(
    rf"(?P<date>{_DATE})(?:\s+-)?\s+(?P<clock>{_CLOCK})\s*\(?(?P<tz>[A-Z]{{1,5}})?\)?"
    rf"(?:\s+\[(?P<date2>{_DATE})\s+(?P<clock2>{_CLOCK})\s+(?P<tz2>[A-Z]{{1,5}})\])?"
)
_ORDINAL = re.compile(r"in (?P<place>\d+)(?:st|nd|rd|th) place")
_ELIMINATED = re.compile(r"eliminated at hand #(?P<hand>\d+)")
_AWARD = re.compile(r"A (?P<amount>[A-Z]{3} \d[\d,]*(?:\.\d+)?) award")
_COUNT = re.compile(r"You (?:made|collected) (?P<n>\d+)")
_REBUYS = re.compile(r"(?P<n>\d+) rebuys?")
_ADDONS = re.compile(r"(?P<n>\d+) addons?")
_TOTAL = re.compile(r"for a total of (?P<amount>.+?)\.?\s*$")
_DEAR = re.compile(r"^Dear (?P<name>.+),\s*$")
_REQUESTED = re.compile(r"requested by (?P<name>.+?) \(")
_TARGET = re.compile(r"Target Tournament #(?P<id>\d+)(?:\s+Buy-In: (?P<buy_in>.*?))?\s*$")


def _when(text: str) -> datetime | None:
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


class _Lines(Transformer[Token, TournamentSummary]):
    """Each line's fields, gathered into one :class:`TournamentSummary`."""

    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path
        self.fields: dict[str, object] = {"path": path}
        self.places: list[Place] = []

    def start(self, _children: list[object]) -> TournamentSummary:
        return TournamentSummary(**self.fields, places=tuple(self.places))  # type: ignore[arg-type]

    def _error(self, token: Token, message: str) -> SummaryError:
        return _line_error(self.path, token, message)

    @v_args(inline=True)
    def title(self, token: Token) -> None:
        m = _TITLE.match(token)
        assert m is not None  # the terminal's own pattern
        self.fields.update(site=_SITES[m["site"]], tournament_id=m["id"], game_name=m["game"])

    @v_args(inline=True)
    def kind(self, token: Token) -> None:
        self.fields["kind"] = token.strip()

    @v_args(inline=True)
    def buy_in(self, token: Token) -> None:
        m = _BUY_IN.fullmatch(token.rstrip("\r"))
        if m is None:
            raise self._error(token, "cannot read the buy-in")
        try:
            currency, unit, amounts = money_parts(m["parts"].replace("/", "+"), m["code"])
        except MoneyError as problem:
            raise self._error(token, str(problem)) from None
        buy_in, bounty, fee = split_buy_in(amounts)
        self.fields.update(currency=currency, unit=unit, buy_in=buy_in, bounty=bounty, fee=fee)

    @v_args(inline=True)
    def entrants(self, token: Token) -> None:
        self.fields["entrants"] = int(token.split()[0].replace(",", ""))

    @v_args(inline=True)
    def added(self, token: Token) -> None:
        found = amount_of(token.split(" added to")[0])
        if found is None:
            raise self._error(token, "cannot read the added money")
        self.fields["added"] = found[0]

    @v_args(inline=True)
    def prize_pool(self, token: Token) -> None:
        text = token.split(":", 1)[1].strip()
        found = amount_of(text)
        if found is None:
            self.fields["prize_pool_text"] = text
        else:
            self.fields.update(prize_pool=found[0], prize_pool_currency=found[1])

    @v_args(inline=True)
    def target(self, token: Token) -> None:
        m = _TARGET.match(token.rstrip("\r"))
        assert m is not None
        self.fields["target_tournament"] = m["id"]
        if m["buy_in"]:
            parts = re.fullmatch(r"(?P<parts>\S+)\s*(?P<code>[A-Z]{3})?", m["buy_in"])
            if parts is None:
                raise self._error(token, "cannot read the target's buy-in")
            try:
                texts = parts["parts"].split("/")
                sign = next((t[0] for t in texts if t[:1] in CURRENCY_SIGNS), "")
                joined = "+".join(t if t[:1] in CURRENCY_SIGNS else sign + t for t in texts)
                currency, _, amounts = money_parts(joined, parts["code"])
            except MoneyError as problem:
                raise self._error(token, str(problem)) from None
            self.fields.update(target_buy_in=sum(amounts), target_currency=currency)

    @v_args(inline=True)
    def tickets(self, token: Token) -> None:
        self.fields["tickets"] = int(token.split()[0])

    @v_args(inline=True)
    def started(self, token: Token) -> None:
        self.fields["started_at"] = _when(token)

    @v_args(inline=True)
    def finished(self, token: Token) -> None:
        self.fields["finished_at"] = _when(token)

    @v_args(inline=True)
    def place(self, token: Token) -> None:
        m = _PLACE.fullmatch(token.rstrip("\r"))
        assert m is not None
        rest = m["rest"]
        who = _WITH_COUNTRY.fullmatch(rest) or _NO_COUNTRY.fullmatch(rest)
        if who is None:
            raise self._error(token, "cannot read the place")
        groups = who.groupdict()
        prize_text = (groups.get("prize") or "").strip()
        place = Place(place=int(m["place"]), name=who["name"], country=groups.get("country"),
                      entries=int(who["entries"]) if who["entries"] else 1,
                      line=token.line or 0)  # fmt: skip
        if prize_text == "still playing":
            place = _replace(place, still_playing=True)
        elif prize_text:
            prize = _PRIZE.fullmatch(prize_text)
            found = amount_of(prize["money"] + (" " + prize["code"] if prize["code"] else "")) \
                if prize else None  # fmt: skip
            if prize is not None and found is not None:
                place = _replace(place, prize=found[0], prize_currency=found[1],
                                 percent=prize["pct"])  # fmt: skip
            else:
                place = _replace(place, prize_text=prize_text.strip("() "))
        self.places.append(place)

    @v_args(inline=True)
    def you_finished(self, token: Token) -> None:
        text = str(token)
        place = _ORDINAL.search(text)
        hand = _ELIMINATED.search(text)
        if place:
            self.fields["you_place"] = int(place["place"])
        if hand:
            self.fields["you_eliminated_hand"] = hand["hand"]
        award = _AWARD.search(text)
        found = amount_of(award["amount"]) if award else None
        if found is not None:
            self.fields["you_prize"] = found[0]

    @v_args(inline=True)
    def re_entries(self, token: Token) -> None:
        self.fields["you_re_entries"] = _count(token)
        self.fields["you_extra_cost"] = self._total(token)

    @v_args(inline=True)
    def rebuys(self, token: Token) -> None:
        rebuys, addons = _REBUYS.search(token), _ADDONS.search(token)
        self.fields["you_rebuys"] = int(rebuys["n"]) if rebuys else 0
        self.fields["you_addons"] = int(addons["n"]) if addons else 0
        self.fields["you_extra_cost"] = self._total(token)

    @v_args(inline=True)
    def bounties(self, token: Token) -> None:
        self.fields["you_bounties"] = _count(token)
        self.fields["you_bounty_total"] = self._total(token)

    @v_args(inline=True)
    def no_stats(self, _token: Token) -> None:
        self.fields["you_played"] = False

    def TEXT_LINE(self, token: Token) -> Token:  # lark calls it by the terminal's name
        dear = _DEAR.match(token) or _REQUESTED.search(token)
        if dear:
            self.fields["you"] = dear["name"]
        return token

    def _total(self, token: Token) -> int | None:
        m = _TOTAL.search(token)
        found = amount_of(m["amount"]) if m else None
        return found[0] if found else None


def _count(token: Token) -> int:
    m = _COUNT.search(token)
    return int(m["n"]) if m else 0


def _replace(place: Place, **changes: object) -> Place:
    from dataclasses import replace

    return replace(place, **changes)  # type: ignore[arg-type]
