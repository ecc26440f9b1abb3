"""The table a live hand is recorded at: game, stakes, seats, button (before any card).

A floor person types these once; everything after is the hand itself. The setup is
checked here for what the engine takes for granted (two to ``max_players`` seats, names
that are unique, chips in every stack, a button on a seat), and turned into the
``ParsedHand`` with no events that the engine replays the recording over.

Only games the live PHH writer can store are offered (``RECORDABLE``): blind games with
one community board and no draw, read from the ``GAME_SPECS`` rows and the writer's
variant table, never from a list of names.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from parser.model import events as ev
from parser.model.games import GAME_SPECS, Betting, Forced, GameSpec
from parser.model.hand import ParsedHand, Seat, Stakes
from parser.rooms.phh.fields import CODES

#: The site recorded hands are stored under, unless the setup names one (a card room).
LIVE_SITE = "Live"
#: Currencies a recording may be kept in: chips (unit 1) or money in cents (unit 100).
CHIPS = "CHIPS"


class SetupError(ValueError):
    """A table that cannot be recorded (the message says what to fix)."""


def recordable(spec: GameSpec) -> bool:
    """A game the recorder offers: blinds, one board dealt from the flop, no draw, and a
    PHH variant to save it in."""
    first = spec.streets[0]
    return (
        spec.supported
        and spec.forced is Forced.BLINDS
        and spec.boards == 1
        and spec.board_size > 0
        and not first.board_cards
        and not any(s.draw for s in spec.streets)
        and spec.code in CODES
    )


#: Every game a hand can be recorded in, by code.
RECORDABLE: dict[str, GameSpec] = {code: s for code, s in GAME_SPECS.items() if recordable(s)}


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatSetup:
    seat: int
    name: str
    #: Chips (or cents) in front of the player when the hand starts.
    stack: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TableSetup:
    """Everything known before the deal. Amounts are integers of the smallest unit."""

    game: str
    small_blind: int
    big_blind: int
    seats: tuple[SeatSetup, ...]
    #: The seat number of the dealer button.
    button: int
    ante: int = 0
    #: ``CHIPS`` (unit 1) or an ISO code such as ``USD`` (amounts in cents).
    currency: str = CHIPS
    site: str = LIVE_SITE
    #: The hand's number; empty: one is made from the time and the hand's content.
    hand_id: str = ""
    table: str = ""
    #: Seats at the table (for the picture); 0: the highest seat number, at least 9.
    table_size: int = 0
    started_at: datetime | None = None

    @property
    def unit(self) -> int:
        return 1 if self.currency == CHIPS else 100

    @property
    def spec(self) -> GameSpec:
        return RECORDABLE[self.game]

    def check(self) -> None:
        """Raise ``SetupError`` naming the first thing wrong with the table."""
        if self.game not in RECORDABLE:
            games = ", ".join(RECORDABLE)
            raise SetupError(f"cannot record {self.game!r}: the recorder knows {games}")
        spec = self.spec
        count = len(self.seats)
        if not 2 <= count <= spec.max_players:
            raise SetupError(
                f"{spec.name} is played by 2 to {spec.max_players} players (D6), not {count}"
            )
        names = [s.name for s in self.seats]
        if any(not n.strip() or n != n.strip() for n in names):
            raise SetupError("every player needs a name (no leading or trailing spaces)")
        if len(set(names)) != count:
            raise SetupError("two seats have the same player name")
        numbers = [s.seat for s in self.seats]
        if len(set(numbers)) != count or min(numbers) < 1:
            raise SetupError("seat numbers must be different and start at 1")
        if self.table_size and max(numbers) > self.table_size:
            raise SetupError(f"seat {max(numbers)} is beyond a table of {self.table_size}")
        if any(s.stack <= 0 for s in self.seats):
            raise SetupError("every player needs chips in front of him to be dealt in")
        if self.button not in numbers:
            raise SetupError(f"the button must be on a player's seat, not on seat {self.button}")
        if not 0 < self.small_blind <= self.big_blind:
            raise SetupError("the blinds must be positive, the small one no larger (F1)")
        if self.ante < 0:
            raise SetupError("the ante cannot be negative")
        if self.currency != CHIPS and not (len(self.currency) == 3 and self.currency.isupper()):
            raise SetupError(f"currency {self.currency!r}: CHIPS or a code such as USD")

    def stakes(self) -> Stakes:
        """The hand's stakes. Fixed limit: the big blind is the small bet and the big bet
        twice it (F1, B7), which is what the limit tables of the rule book play."""
        if self.spec.betting is Betting.FIXED_LIMIT:
            return Stakes(small=self.big_blind, big=2 * self.big_blind, ante=self.ante)
        return Stakes(small=self.small_blind, big=self.big_blind, ante=self.ante)

    def base_hand(self, hand_id: str) -> ParsedHand:
        """The hand with no events: every seated player dealt in (the engine's live mode)."""
        spec = self.spec
        started = self.started_at or datetime.now(UTC).replace(microsecond=0)
        return ParsedHand(
            site=self.site,
            hand_id=hand_id,
            game=spec.code,
            game_name=spec.name,
            stakes=self.stakes(),
            currency=self.currency,
            unit=self.unit,
            started_at=started,
            table=self.table,
            max_seats=self.table_size or max(9, *(s.seat for s in self.seats)),
            button_seat=self.button,
            seats=tuple(
                Seat(seat=s.seat, name=s.name, stack=s.stack)
                for s in sorted(self.seats, key=lambda s: s.seat)
            ),
        )


def setup_of(hand: ParsedHand) -> TableSetup:
    """The table a hand was played at, as the recorder's setup: its seats, button, and
    the forced bets its own lines post (a live PHH log walked step by step again)."""
    small = big = ante = 0
    for event in hand.events:
        if isinstance(event, ev.PostAnte):
            ante = max(ante, event.amount)
        elif isinstance(event, ev.PostBlind) and event.blind is ev.Blind.SMALL:
            small = max(small, event.amount)
        elif isinstance(event, ev.PostBlind) and event.blind is ev.Blind.BIG:
            big = max(big, event.amount)
    return TableSetup(
        game=hand.game,
        small_blind=small,
        big_blind=big,
        ante=ante,
        seats=tuple(SeatSetup(seat=s.seat, name=s.name, stack=s.stack) for s in hand.seats),
        button=hand.button_seat or max(s.seat for s in hand.seats),
        hand_id=hand.hand_id,
        started_at=hand.started_at,
    )
