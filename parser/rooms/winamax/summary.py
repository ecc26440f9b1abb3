"""Winamax tournament summaries -> :class:`~parser.rooms.pokerstars.summary.TournamentSummary`.

``Winamax Poker - Tournament summary : NAME(ID)`` then ``Key : value`` lines: the player,
buy-in (``0.46€ + 0.04€``; ``Ticket uniquement``: entry by ticket only, no money), rebuy
and add-on prices and the player's counts, registered players, prize pool, start (UTC),
``You finished in 3rd place`` (``in ... place`` while it runs) and ``You won 0.92€``.
Winamax lists no places; the summary is the player's own result. The tournament web page
Winamax also offers (HTML) is not a summary and is refused as such.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

from lark import Token, v_args

from parser.kit.summaries import SummaryLines, line_error, parse_lines, room_amount, summary_title
from parser.model.summary import NotASummary, TournamentSummary

SITE = "Winamax"
_RECOGNISE = summary_title("Winamax Poker - Tournament summary : ")
_WEB_PAGE = re.compile(r"winamax\.\w+/poker/tournament\.php\?ID=(?P<id>\d+)")
_TITLE = re.compile(r"Winamax Poker - Tournament summary : (?P<name>.*)\((?P<id>\d+)\)")
_WHEN = re.compile(r"(?P<when>\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2}) UTC")
_PLACE = re.compile(r"in (?P<place>\d+)(?:st|nd|rd|th) place")


def looks_like_winamax_summary(text: str, path: str = "") -> bool:
    """A Winamax summary title first, or Winamax's tournament web page (refused).

    >>> looks_like_winamax_summary("Winamax Poker - Tournament summary : Expresso(1)\\n")
    True
    """
    head = text[:3000]
    return _RECOGNISE.match(head) is not None or (
        head.lstrip().lower().startswith(("<!doctype html", "<html"))
        and _WEB_PAGE.search(head) is not None
    )


def parse_winamax_summary(text: str, path: str = "<text>") -> TournamentSummary:
    """Parse one Winamax summary; :class:`SummaryError` where it does not fit."""
    page = _WEB_PAGE.search(text[:3000])
    if _RECOGNISE.match(text[:3000]) is None and page is not None:
        raise NotASummary(
            f"Winamax's web page of tournament {page['id']} (HTML), not a tournament summary:"
            " the summary is the text the client saves (\"Winamax Poker - Tournament"
            " summary : ...\")", path=path, line=1)  # fmt: skip
    return parse_lines("parser.rooms.winamax", "winamax_summary", text, path, _Lines(path))


class _Lines(SummaryLines):
    def __init__(self, path: str) -> None:
        super().__init__(path, site=SITE)

    def start(self, _children: list[object]) -> TournamentSummary:
        self._extra_cost()
        if "currency" not in self.fields and self.fields.get("prize_pool_currency"):
            # Entry by ticket: the money is the prize pool's.
            currency = str(self.fields["prize_pool_currency"])
            self.fields.update(currency=currency, unit=1 if currency == "PLAY" else 100)
        return TournamentSummary(**self.fields)  # type: ignore[arg-type]

    def _value(self, token: Token) -> str:
        return token.split(" : ", 1)[1].strip()

    @v_args(inline=True)
    def title(self, token: Token) -> None:
        m = _TITLE.match(token)
        if m is None:
            raise line_error(self.path, token, "cannot read the title")
        self.fields.update(tournament_id=m["id"], game_name=m["name"].strip())

    @v_args(inline=True)
    def player(self, token: Token) -> None:
        self.fields["you"] = self._value(token)

    @v_args(inline=True)
    def your_rebuys(self, token: Token) -> None:
        self.fields["you_rebuys"] = int(self._value(token))

    @v_args(inline=True)
    def your_addons(self, token: Token) -> None:
        self.fields["you_addons"] = int(self._value(token))

    @v_args(inline=True)
    def entrants(self, token: Token) -> None:
        self.fields["entrants"] = int(self._value(token))

    @v_args(inline=True)
    def prize_pool(self, token: Token) -> None:
        found = room_amount(self._value(token))
        if found is None:
            raise line_error(self.path, token, "cannot read the prize pool")
        self.fields.update(prize_pool=found[0], prize_pool_currency=found[1])

    @v_args(inline=True)
    def started(self, token: Token) -> None:
        m = _WHEN.search(token)
        if m is None:
            raise line_error(self.path, token, "cannot read the start")
        when = datetime.strptime(m["when"], "%Y/%m/%d %H:%M:%S").replace(tzinfo=UTC)
        self.fields["started_at"] = when

    @v_args(inline=True)
    def you_finished(self, token: Token) -> None:
        m = _PLACE.search(token)
        if m is not None:  # "in ... place": not over yet
            self.fields["you_place"] = int(m["place"])

    @v_args(inline=True)
    def you_won(self, token: Token) -> None:
        found = room_amount(token.removeprefix("You won ").strip())
        if found is None:
            raise line_error(self.path, token, "cannot read the prize")
        self.fields["you_prize"] = found[0]
