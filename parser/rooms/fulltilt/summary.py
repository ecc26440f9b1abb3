"""Full Tilt tournament summaries -> :class:`~parser.rooms.pokerstars.summary.TournamentSummary`.

``Full Tilt Poker Tournament Summary NAME (ID) GAME`` then the buy-in (``$2 + $0.25``;
the knockout bounty is part of the first amount, ``Knockout Bounty: $15`` says how much),
rebuy and add-on prices, what a player "performed" and the bounties he "received",
entries, prize pool, start and finish, the places (``1: Hero, $7.80``; ``Still Playing -
X`` while it runs) and "X finished in 3rd place" (one place per entry: ``8307th, 9204th
and 9520th``). Full Tilt Points are stored as ``FPP``, play chips as ``PLAY``.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from lark import Token, v_args

from parser.kit.clock import TIME_ZONES
from parser.kit.summaries import (
    SummaryLines,
    buy_in_parts,
    line_error,
    parse_lines,
    room_amount,
    summary_recogniser,
    summary_time,
    summary_title,
)
from parser.model.summary import Place, TournamentSummary

SITE = "Full Tilt"
_RECOGNISE = summary_title(r"Full Tilt Poker(?:\.\w+)? Tournament Summary ")
_TITLE = re.compile(r"Full Tilt Poker(?:\.\w+)? Tournament Summary (?P<name>.*?) \((?P<id>\d+)\)"
                    r" (?P<game>.*?)\s*$")  # fmt: skip
_PLACE = re.compile(r"(?P<place>\d+): (?P<name>.+?)(?:, (?P<prize>[^,]*\d[^,]*))?\s*$")
_ORDINALS = re.compile(r"(\d+)(?:st|nd|rd|th)")
_WORDED = re.compile(r"\w+, (?P<when>\w+ \d{1,2}, \d{4} \d{1,2}:\d{2}(?::\d{2})?) (?P<tz>[A-Z]+)")


#: A Full Tilt summary title first, and no hand header (its converted hands repeat it).
looks_like_fulltilt_summary = summary_recogniser(_RECOGNISE)


def parse_fulltilt_summary(text: str, path: str = "<text>") -> TournamentSummary:
    """Parse one Full Tilt summary; :class:`SummaryError` where it does not fit."""
    return parse_lines("parser.rooms.fulltilt", "fulltilt_summary", text, path, _Lines(path))


def _started(text: str) -> datetime | None:
    """``2011/01/27 07:21:00 ET`` (and ``[... ET]``), or ``Wed, July 21, 2010 22:40 ET``."""
    found = summary_time(text)
    if found is not None:
        return found
    m = _WORDED.search(text)
    zone = TIME_ZONES.get(m["tz"]) if m else None
    if m is None or zone is None:
        return None
    for layout in ("%B %d, %Y %H:%M", "%B %d, %Y %H:%M:%S"):
        try:
            local = datetime.strptime(m["when"], layout)
        except ValueError:
            continue
        return local.replace(tzinfo=ZoneInfo(zone)).astimezone(UTC)
    return None


class _Lines(SummaryLines):
    def __init__(self, path: str) -> None:
        super().__init__(path, site=SITE)
        self.places: list[Place] = []
        self.still = 0

    def start(self, _children: list[object]) -> TournamentSummary:
        bounty = int(self.fields.get("bounty", 0))  # type: ignore[call-overload]
        if bounty and "buy_in" in self.fields:  # "$70 + $5" with a $15 bounty in the 70
            self.fields["buy_in"] = int(self.fields["buy_in"]) - bounty  # type: ignore[call-overload]
        if self.fields.get("you_bounties") and bounty:
            self.fields["you_bounty_total"] = int(self.fields["you_bounties"]) * bounty  # type: ignore[call-overload]
        self._extra_cost()
        return TournamentSummary(**self.fields, places=tuple(self.places))  # type: ignore[arg-type]

    def _amount(self, token: Token, text: str, what: str) -> tuple[int, str]:
        found = room_amount(text)
        if found is None:
            raise line_error(self.path, token, f"cannot read the {what}")
        return found

    @v_args(inline=True)
    def title(self, token: Token) -> None:
        m = _TITLE.match(token)
        if m is None:
            raise line_error(self.path, token, "cannot read the title")
        self.fields.update(tournament_id=m["id"], game_name=m["game"])

    @v_args(inline=True)
    def buy_in(self, token: Token) -> None:
        parts = buy_in_parts(token.split(":", 1)[1])
        if parts is None:
            raise line_error(self.path, token, "cannot read the buy-in")
        currency, unit, amounts = parts
        self.fields.update(currency=currency, unit=unit, buy_in=amounts[0],
                           fee=sum(amounts[1:]))  # fmt: skip

    @v_args(inline=True)
    def addon_cost(self, token: Token) -> None:
        self.costs["addon"] = self._amount(token, token.split(":", 1)[1], "add-on price")[0]

    @v_args(inline=True)
    def rebuy_cost(self, token: Token) -> None:
        self.costs["rebuy"] = self._amount(token, token.split(":", 1)[1], "rebuy price")[0]

    @v_args(inline=True)
    def bounty(self, token: Token) -> None:
        self.fields["bounty"] = self._amount(token, token.split(":", 1)[1], "bounty")[0]

    @v_args(inline=True)
    def performed(self, token: Token) -> None:
        m = re.match(r"(?P<name>.+) performed (?P<n>\d+) (?P<what>Add-On|Rebuy)", token)
        assert m is not None  # the terminal's own pattern
        self.fields["you"] = m["name"]
        self.fields["you_addons" if m["what"] == "Add-On" else "you_rebuys"] = int(m["n"])

    @v_args(inline=True)
    def received(self, token: Token) -> None:
        m = re.match(r"(?P<name>.+) received (?P<n>\d+) ", token)
        assert m is not None
        self.fields.update(you=m["name"], you_bounties=int(m["n"]))

    @v_args(inline=True)
    def prize_pool(self, token: Token) -> None:
        self._prize_pool(token.split(":", 1)[1].strip(), room_amount)

    def _time(self, token: Token) -> datetime | None:
        return _started(token)

    @v_args(inline=True)
    def in_progress(self, _token: Token) -> None:
        self.fields["finished_at"] = None

    @v_args(inline=True)
    def target(self, token: Token) -> None:
        m = re.match(r"Top (?P<n>[\d,]+) .* Tournament (?P<id>\d+)", token)
        assert m is not None
        self.fields.update(target_tournament=m["id"], tickets=int(m["n"].replace(",", "")))

    @v_args(inline=True)
    def place(self, token: Token) -> None:
        m = _PLACE.fullmatch(token.rstrip("\r"))
        if m is None:
            raise line_error(self.path, token, "cannot read the place")
        place = Place(place=int(m["place"]), name=m["name"], line=token.line or 0)
        if m["prize"]:
            prize = m["prize"].strip()
            found = room_amount(prize.removesuffix("(Cashout)").strip())
            if found is not None:
                place = _with(place, prize=found[0], prize_currency=found[1])
            else:  # "$20 MiniFTOPS Ticket"
                place = _with(place, prize_text=prize)
        self.places.append(place)

    @v_args(inline=True)
    def still_playing(self, token: Token) -> None:
        # Not a place: still in, counted from 1 in the order listed.
        self.still += 1
        name = token.split(" - ", 1)[1].strip()
        self.places.append(Place(place=self.still, name=name, still_playing=True,
                                 line=token.line or 0))  # fmt: skip

    @v_args(inline=True)
    def you_finished(self, token: Token) -> None:
        name = token.split(" finished in ", 1)[0]
        places = [int(p) for p in _ORDINALS.findall(token.split(" finished in ", 1)[1])]
        self.fields.update(you=name, you_place=min(places), you_re_entries=len(places) - 1)


def _with(place: Place, **changes: object) -> Place:
    from dataclasses import replace

    return replace(place, **changes)  # type: ignore[arg-type]
