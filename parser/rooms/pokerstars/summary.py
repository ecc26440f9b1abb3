"""PokerStars tournament summaries -> :class:`TournamentSummary` (issue 12).

A summary is what the site says of a whole tournament: buy-in and fee, entrants, prize
pool, every finishing place and prize (or "still playing"), the target of a satellite,
and what the requesting player ("you") did: place, re-entries, rebuys, bounties. The lines
are read by ``parser/rooms/pokerstars/pokerstars_summary.lark`` (LALR, one terminal per line);
each line's fields by the small functions here. Full Tilt and Run It Once write the same
layout. A summary that does not fit raises :class:`SummaryError` with file, line and what
was expected, so the importer can report it precisely.
"""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files

from lark import Lark, Token, UnexpectedInput, v_args
from lark.exceptions import VisitError

from parser.kit.money import CURRENCY_SIGNS, MoneyError
from parser.kit.summaries import SummaryLines, amount_of
from parser.kit.tournament import money_parts, split_buy_in
from parser.model.summary import Place, SummaryError, TournamentSummary

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
    grammar = files(__package__).joinpath("pokerstars_summary.lark").read_text("utf-8")
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
_PLACE = re.compile(r"\s*(?P<place>\d+): (?P<rest>.*?)\s*$")
_WITH_COUNTRY = re.compile(
    r"(?P<name>.+?)(?: \[(?P<entries>\d+)\])? \((?P<country>.*)\),(?P<prize>.*)$"
)
_NO_COUNTRY = re.compile(r"(?P<name>[^,]+?)(?: \[(?P<entries>\d+)\])?(?:, (?P<prize>.*))?$")
_PRIZE = re.compile(
    r"(?P<money>[$€£¥₹]?\d[\d,]*(?:\.\d+)?)(?:\s+(?P<code>[A-Z]{2,3}|FPP|SC))?"
    r"(?:\s+\((?P<pct>[\d.]+)%\))?$"
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


class _Lines(SummaryLines):
    """Each line's fields, gathered into one :class:`TournamentSummary`."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
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
    def added(self, token: Token) -> None:
        found = amount_of(token.split(" added to")[0])
        if found is None:
            raise self._error(token, "cannot read the added money")
        self.fields["added"] = found[0]

    @v_args(inline=True)
    def prize_pool(self, token: Token) -> None:
        self._prize_pool(token.split(":", 1)[1].strip(), amount_of)

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
