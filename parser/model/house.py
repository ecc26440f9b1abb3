"""House rules: where a room's practice fills a gap the rule book leaves open (issue 22).

RULES.md fixes the game; a few details of paying it out are each room's own, and a room's
logs pay by its practice, not by ours. The clearest case is the odd chips of a split pot:
PokerStars gives every odd chip to the first winner clockwise from the button (a three-way
split of 4,571 pays 1,525 / 1,523 / 1,523), Winamax one chip each from the highest seat
down (260 three ways: 87 / 87 / 86, the winner left of the button short). One global rule
would reject the other room's real hands as S4 mismatches.

A hand carries its room's ``HouseRules`` (``ParsedHand.house``); a reader that sets none
gets :data:`LIVE`, the rule book's own reading, which live games and every hand built
without a room keep. The same for a player who is away when his turn comes facing a
bet: B12 folds him; a room with all-in protection keeps him in for what he has put in.
The record is data: the settlement looks each policy up in a table of named functions
(``replayer.settlement.showdown.ODD_CHIPS``), never in an if-chain.
What each room does, and the hands that show it, is in ``docs/sites.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class OddChips(StrEnum):
    """How the chips left over when a pot does not divide evenly are paid (RULES.md S4).

    The order the winners are taken in is S4's (clockwise from the first seat left of the
    button; in stud, the winner holding the highest card by suit first) except where the
    member says otherwise.
    """

    #: One chip each to the winners in S4's order, never two to one player: RULES.md S4
    #: as the engine reads it for live games (260 three ways: 87 / 87 / 86, the short
    #: share last clockwise).
    ONE_EACH = "one_each"
    #: Every odd chip to the first winner in S4's order (PokerStars: 4,571 three ways pays
    #: 1,525 / 1,523 / 1,523).
    ALL_TO_FIRST = "all_to_first"
    #: One chip each, from the highest seat number down, whatever the button (Winamax: 260
    #: three ways between seats 3, 7 and 8, button 2: seats 8 and 7 get 87, seat 3 86; its
    #: "collected" lines list the winners in the same order).
    ONE_EACH_HIGH_SEAT_FIRST = "one_each_high_seat_first"


class HiLoOddChip(StrEnum):
    """Which half of a hi/lo pot takes its odd chip (RULES.md S3, S4)."""

    #: S4: the odd chip goes to the high half.
    HIGH = "high"
    LOW = "low"


class Absent(StrEnum):
    """What becomes of a player away from the table (disconnected, out of time) when his
    turn comes and he faces a bet (RULES.md B12)."""

    #: B12: he folds (checks when he owes nothing): the rule book, live games.
    FOLDS = "folds"
    #: All-in protection: he stays in for what he has put in, the rest of his stack kept,
    #: and the betting goes on without him into a side pot (B10). WPN's 2015-2017 client
    #: ("Player X is disconnected and ALL IN.", then "allin" with no amount; he is paid
    #: his share of the main pot at the showdown).
    ALL_IN = "all_in"


@dataclass(frozen=True, slots=True, kw_only=True)
class HouseRules:
    """One room's practice where the rule book leaves room (see the module's docstring).

    Frozen and shared: every hand of a room holds the same record.
    """

    #: Who says so, for messages ("PokerStars", "live"): a mismatch under a room's house
    #: rules names them, so a reader can tell the room's practice from the rule book's.
    name: str = "live"
    odd_chips: OddChips = OddChips.ONE_EACH
    hi_lo_odd_chip: HiLoOddChip = HiLoOddChip.HIGH
    absent: Absent = Absent.FOLDS


#: RULES.md as written (S3, S4): live games, the recorder, PHH and every hand whose reader
#: sets no house rules.
LIVE = HouseRules()
