"""What a room says of a whole tournament (its summary file): the record every room's
summary reader fills, and the error a summary that does not fit raises."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from parser.model.errors import ParseError


class SummaryError(ParseError):
    """A tournament summary that does not fit (file, line, column, expected)."""

    kind = "summary_error"


class NotASummary(SummaryError):
    """A file that only looks like a summary (a room's web page of the tournament): not
    a broken summary but no summary at all, which an import of a folder skips."""

    kind = "not_a_summary"


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
