"""The first line of a hand: site, hand number, game, stakes, tournament and time.

Forms seen (cash, tournament, Zoom, Home Game, converted, mixed games, 2007, upper case);
each is ``<site> Hand #<id>: <game part> - <time>``, the game part being one of::

    Hold'em No Limit ($0.05/$0.10 USD)
    Tournament #3, $10+$1 USD Hold'em No Limit - Level IV (50/100)
    {Club} Tournament #5, 100+9 8-Game (Razz Limit) - Match Round I, Level IV (50/100)
    Mixed NLH/PLO (Hold'em No Limit, $0.10/$0.25 USD)
    6+ Hold'em No Limit (Button Blind $0.25 - Ante $0.25  USD)
    Hold'em No Limit ($0.25/$0.50 - $10 Cap -  USD)
    HOLD'EM NO LIMIT ($2/$4)
    Tournament #13, €4.69+€0.31 Cub3d, Hold'em No Limit (10/20)

and the time ``2025/08/02 11:24:53 CET [2025/08/02 5:24:53 ET]``, ``2019/07/12 03:46:40 ET``,
``2007/10/15 - 12:33:44 (ET)``, ``2019/06/27 00:47 UTC [2019/06/27 01:47 CET]``.

Times: the bracketed ET time when there is one, else the time in the zone named; both are
converted to UTC (``zoneinfo``). A time without a zone is read as ET, PokerStars' default.
"""

from __future__ import annotations

import re

from parser.kit.clock import local_time
from parser.kit.money import CURRENCY_CODES, currency_of
from parser.model.games import GAME_SPECS_BY_NAME, GameSpec
from parser.model.header import Header, HeaderError

#: Header spellings that differ from the ``GameSpec`` names.
GAME_ALIASES: dict[str, str] = {
    "Hold'em Pot Limit Pre-Flop, No Limit Post-Flop": "Hold'em PL pre-flop/NL post-flop",
    "Omaha Pot Limit Pre-Flop, No Limit Post-Flop": "Omaha PL pre-flop/NL post-flop",
    "Hold'em Fixed Limit": "Hold'em Limit",
    "Omaha Fixed Limit": "Omaha Limit",
    "Omaha Hi/Lo Fixed Limit": "Omaha Hi/Lo Limit",
}
_GAMES: dict[str, GameSpec] = {name.upper(): spec for name, spec in GAME_SPECS_BY_NAME.items()}
_GAMES.update({alias.upper(): GAME_SPECS_BY_NAME[name] for alias, name in GAME_ALIASES.items()})
_GAME_NAMES = "|".join(re.escape(n) for n in sorted(_GAMES, key=len, reverse=True))

_SITE = re.compile(
    r"(?P<site>PokerStars(?: Zoom| Home Game)?|Full Tilt(?: Rush)?|Run It Once Poker|PokerMaster"
    r"|PokerBros) (?:Hand|Game) #(?P<id>\d+):\s*",
    re.IGNORECASE,
)
_SITE_NAMES = {
    "FULL TILT": "Full Tilt",
    "FULL TILT RUSH": "Full Tilt",
    "RUN IT ONCE POKER": "Run It Once",
    "POKERMASTER": "PokerMaster",
    "POKERBROS": "PokerBros",
}
_DATE = r"\d{4}/\d{1,2}/\d{1,2}"
_CLOCK = r"\d{1,2}:\d{2}(?::\d{2})?"
_TIME = re.compile(
    rf"\s+-\s+(?P<date>{_DATE})(?:\s+-)?\s+(?P<clock>{_CLOCK})(?:\s+\(?(?P<tz>[A-Z]{{1,5}})\)?)?"
    rf"(?:\s+\[(?P<date2>{_DATE})\s+(?P<clock2>{_CLOCK})\s+(?P<tz2>[A-Z]{{1,5}})\])?\s*$",
)
_GAME = re.compile(
    r"(?:\{(?P<club>[^}]*)\}\s*)?"
    r"(?:(?:Zoom\s+)?Tournament\s+#(?P<tid>\d+),?\s*(?P<buyin>(?:Freeroll|[$€£¥₹]?[\d.,]+"
    r"(?:\+[$€£¥₹]?[\d.,]+)*(?:\s*(?:USD|EUR|GBP|INR|CNY|SC|FPP))?)(?:\s+[^\s,]+,)?)?\s*-?\s*)?"
    r"(?:(?P<mixed>[^()]+?)\s*\((?P<mgame>" + _GAME_NAMES + r")(?:,\s*(?P<mstakes>[^)]*))?\)"
    r"|(?:(?P<prefix>[^():]+?):\s+)?(?P<game>" + _GAME_NAMES + r")(?:\s+\((?P<stakes>[^)]*)\))?)"
    r"(?:\s+-\s+(?:Match Round [IVXLC\d]+,\s+)?Level\s+(?P<level>[IVXLCDM\d]+)"
    r"\s+\((?P<lstakes>[^)]*)\))?\s*-?",
    re.IGNORECASE,
)
_UNKNOWN_GAME = re.compile(
    r"(?:\{[^}]*\}\s*)?(?:(?:Zoom\s+)?Tournament\s+#\d+,?\s*(?:[^A-Za-z]*(?:USD|EUR|GBP|INR|SC|FPP"
    r"|Freeroll)?\s+)?)?(?P<game>[^(-]*?)\s*(?:\(|-|$)",
    re.IGNORECASE,
)
_AMOUNT = r"[^\s/]+"
_STAKES = re.compile(
    rf"(?:(?P<small>{_AMOUNT})/(?P<big>{_AMOUNT})|Button Blind (?P<button>{_AMOUNT}))"
    rf"(?:\s+-\s+(?P<cap>{_AMOUNT}) Cap)?(?:\s+-\s+Ante (?P<ante>{_AMOUNT}))?(?:\s+-)?"
    r"(?:\s+(?P<cur>[A-Z]{3}))?\s*",
    re.IGNORECASE,
)


def identify_pokerstars(text: str) -> tuple[str, str] | None:
    """The site and hand number of a PokerStars(-format) hand's text, even when it does not
    parse.

    >>> identify_pokerstars("PokerStars Zoom Hand #231: Hold'em"), identify_pokerstars("x")
    (('PokerStars', '231'), None)
    """
    m = _SITE.match(text.lstrip("\ufeff").lstrip())
    if m is None:
        return None
    site = m["site"].upper()
    return ("PokerStars" if site.startswith("POKERSTARS") else _SITE_NAMES[site]), m["id"]


def hand_id_of(line: str) -> str | None:
    found = _site(line)
    return found[1] if found else None


_USUAL = "PokerStars Hand #"


def _site(line: str) -> tuple[str, str, int] | None:
    """``_SITE.match(line)`` as (site name, hand number, where the rest starts, maybe
    with the blanks ``\\s*`` would take), or None.

    The usual header ("PokerStars Hand #123: ...") is read by slicing, the regex's answer
    without running it (``\\d`` is ``str.isdecimal``, ``\\s`` is ``str.isspace``); any
    other start goes through the regex.

    >>> _site("PokerStars Hand #12:  Hold'em"), _site("pokerstars game #7: x")
    (('PokerStars', '12', 20), ('PokerStars', '7', 20))
    """
    if line.startswith(_USUAL):
        colon = line.find(":", len(_USUAL))
        number = line[len(_USUAL) : colon]
        if colon >= 0 and number.isdecimal():  # isdecimal: False when empty ("#:")
            return "PokerStars", number, colon + 1
    m = _SITE.match(line)
    if m is None:
        return None
    site = m["site"].upper()
    return ("PokerStars" if site.startswith("POKERSTARS") else _SITE_NAMES[site]), m["id"], m.end()


def parse_header(line: str) -> Header:
    """Read a header line (without its newline); raise :class:`HeaderError` if it does not fit."""
    found = _site(line)
    if found is None:
        raise HeaderError("not a hand header")
    site_name, hand_id, end = found
    rest = line[end:].lstrip()
    # The time is the header's tail: try its usual place, after the last " - ", first. A
    # match there is the one a search finds (an earlier start would need a " - " inside
    # the time, which only "DATE - CLOCK" has, and a match at that one fails on the clock)
    # but for the blanks before the "-", which only the game part, stripped, would keep.
    dash = rest.rfind(" - ")
    time_m = _TIME.match(rest, dash) if dash >= 0 else None
    if time_m is None:
        time_m = _TIME.search(rest)
    started_at = None
    if time_m is not None:
        if time_m["tz2"] == "ET":
            started_at = local_time(time_m["date2"], time_m["clock2"], "ET")
        else:
            started_at = local_time(time_m["date"], time_m["clock"], time_m["tz"])
        rest = rest[: time_m.start()]
    game = _game(rest.strip())  # the blanks a match after the last " - " leaves go here
    return Header(site_name, hand_id, *game, started_at)


_Game = tuple[
    GameSpec,
    str,
    "str | None",
    str,
    str,
    "str | None",
    "str | None",
    "str | None",
    "str | None",
    "str | None",
]
_GAME_CACHE: dict[str, _Game] = {}


def _game(text: str) -> _Game:
    """The header between the hand number and the time: game, stakes, tournament (cached:
    it is the same for every hand of a table or tournament level)."""
    cached = _GAME_CACHE.get(text)
    if cached is not None:
        return cached
    game_m = _GAME.fullmatch(text)
    if game_m is None:
        unknown = _UNKNOWN_GAME.match(text)
        name = unknown["game"] if unknown and unknown["game"] else text
        raise HeaderError(f"unknown game {name!r}")
    game_name = game_m["game"] or game_m["mgame"]
    stakes = game_m["stakes"] or game_m["mstakes"] or game_m["lstakes"]
    if stakes is None:
        raise HeaderError("no stakes in the header")
    stakes_m = _STAKES.fullmatch(stakes)
    if stakes_m is None:
        raise HeaderError(f"cannot read the stakes {stakes!r}")
    small = stakes_m["small"] or stakes_m["button"]
    big = stakes_m["big"] or stakes_m["button"]
    currency = stakes_m["cur"]
    if currency is not None:
        currency = currency.upper()
        if currency not in CURRENCY_CODES:
            raise HeaderError(f"unknown currency {currency!r}")
    else:
        currency = currency_of(small) or currency_of(big)
    mixed = game_m["mixed"] or game_m["prefix"]
    mixed = mixed.strip() if mixed else None
    game: _Game = (
        _GAMES[game_name.upper()],
        game_name,
        mixed,
        small,
        big,
        stakes_m["ante"],
        stakes_m["cap"],
        currency,
        game_m["tid"],
        game_m["level"],
    )
    if len(_GAME_CACHE) > 10_000:
        _GAME_CACHE.clear()
    _GAME_CACHE[text] = game
    return game
