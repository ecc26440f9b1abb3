"""888poker (Cassava) tournament summaries -> :class:`~parser.model.summary.TournamentSummary`.

``***** Cassava Tournament Summary *****``, ``Tournament ID: N``, the buy-in (``$5 +
$0.50``, ``20$ + 1$``, ``0,01 €``; ``10 + 1`` play chips; a buy-in without a number,
"Free" in the player's language, is a freeroll), rebuy and add-on prices and counts, and
``Hero finished 7/254 and won $50.80``: the player's place, the field, his prize. No
places of others, no game and no dates are written.
"""

from __future__ import annotations

import re

from lark import Token, v_args

from parser.kit.summaries import SummaryLines, line_error, parse_lines, room_amount, summary_title
from parser.model.summary import TournamentSummary

SITE = "888poker"
_RECOGNISE = summary_title(r"\*+ Cassava Tournament Summary \*+")
_FINISHED = re.compile(r"(?P<name>.+) finished (?P<place>\d+)/(?P<field>\d+)"
                       r"(?: and won (?P<prize>.+?))?\s*$")  # fmt: skip


def looks_like_pacific_summary(text: str, path: str = "") -> bool:
    """A Cassava summary title first.

    >>> looks_like_pacific_summary("***** Cassava Tournament Summary *****\\n")
    True
    """
    return _RECOGNISE.match(text[:500]) is not None


def parse_pacific_summary(text: str, path: str = "<text>") -> TournamentSummary:
    """Parse one 888poker summary; :class:`SummaryError` where it does not fit."""
    return parse_lines("parser.rooms.pacific", "pacific_summary", text, path, _Lines(path))


class _Lines(SummaryLines):
    def __init__(self, path: str) -> None:
        super().__init__(path, site=SITE, game_name="")
        self.counts = {"rebuy": 0, "add-on": 0}

    def start(self, _children: list[object]) -> TournamentSummary:
        if any(self.counts.values()):
            self.fields.update(you_rebuys=self.counts["rebuy"], you_addons=self.counts["add-on"])
            self._extra_cost()
        if "tournament_id" not in self.fields:
            raise line_error(self.path, Token("TITLE_LINE", "", line=1),
                             "no 'Tournament ID: N' line")  # fmt: skip
        return TournamentSummary(**self.fields)  # type: ignore[arg-type]

    @v_args(inline=True)
    def title(self, _token: Token) -> None:
        pass

    @v_args(inline=True)
    def tournament_id(self, token: Token) -> None:
        self.fields["tournament_id"] = token.split(":", 1)[1].strip()

    @v_args(inline=True)
    def performed(self, token: Token) -> None:
        m = re.match(r"(?P<name>.+) performed (?P<n>\d+) (?P<what>rebuy|add-on)", token)
        assert m is not None  # the terminal's own pattern
        self.fields["you"] = m["name"]
        self.counts[m["what"]] = int(m["n"])

    @v_args(inline=True)
    def you_finished(self, token: Token) -> None:
        m = _FINISHED.match(token.rstrip("\r"))
        assert m is not None
        self.fields.update(you=m["name"], you_place=int(m["place"]), entrants=int(m["field"]))
        if m["prize"]:
            found = room_amount(m["prize"])
            if found is None:
                raise line_error(self.path, token, "cannot read the prize")
            self.fields["you_prize"] = found[0]
            if "currency" not in self.fields:  # a freeroll pays in the prize's money
                self.fields.update(currency=found[1], unit=1 if found[1] == "PLAY" else 100)
