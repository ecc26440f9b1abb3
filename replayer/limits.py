"""Hands no real game could produce, refused before the engine spends anything on them.

A hostile or broken file may hold any number (issue 23): an amount of 2**63 that would
overflow SQLite's integers, or 10,000 players at a 9-max table, whose replay kept a
snapshot of every player after every event (``record_states``: 10,000 players by some
30,000 events) and took the server to 10 GB. Both are refused here, by rule, in time
linear in the seat list and the summary, before the event loop:

- **L1** (project limit, ``docs/reliability.md``, "Hostile and broken files"): no amount,
  stack or total above :data:`MAX_AMOUNT` minor units. The world's biggest games are
  millions of dollars, 10**8-10**9 cents; tournament chips stay below 10**10. Within the
  limit, every sum the importer makes (a player's totals over millions of hands) fits in
  SQLite's 63 bits. Amounts of events are checked where the engine meets them: a bet or a
  call above a stack is already refused (B1); the few events no stack bounds (collected,
  cash-out, money added to the pot) are checked as they come (``check_amount``), and a
  hand refused for any reason is refused as L1 when it holds an amount above the limit
  (:func:`over_limit`), so the reason names the real fault.
- **D6** (table sizes): more players than the table seats, a seat number no table has, or
  more players than any game is dealt. RULES.md D6's sizes (hold'em and omaha 10, stud 8,
  5-card draw 5, 2-7 games 6) are live tables'. Online, the room's header says how many
  its table seats, and real rooms seat more than D6 at some draw games (PokerStars deals
  badugi 8-handed and 2-7 single draw 7-handed, Full Tilt badugi 8-handed without a size
  in its header), so a hand is checked against its header's size when it gives one, and
  against the largest table of D6 (10) always. Stud's 8 is the deck's own limit (S7's
  community card serves at most 8), so it holds everywhere. Seat numbers: online tables
  number their seats on a 10-seat layout whatever their size (PokerStars' 3-max tables
  seat 1, 3 and 5; 888poker's 6-max 1 to 9), so a seat is refused only outside 1 to the
  larger of 10 and the table's size.
"""

from __future__ import annotations

from parser.model import events as ev
from parser.model.games import Forced, GameSpec
from parser.model.hand import ParsedHand
from replayer.betting import Illegal, chips

#: L1: the largest amount, stack or total a hand may hold, in minor units (10**12 cents is
#: ten billion dollars; see the module's docstring).
MAX_AMOUNT = 10**12
#: D6: the most players any game is dealt (hold'em and omaha, at a full table).
MAX_PLAYERS = 10
#: D6: the highest seat number of the largest table layout.
MAX_SEAT = 10

_BRING_IN = Forced.BRING_IN


def check_hand(hand: ParsedHand, spec: GameSpec) -> None:
    """Raise ``Illegal`` (D6, L1) for a hand beyond any real table or game: called first,
    so that nothing costly is done for it."""
    seats = hand.seats
    count = len(seats)
    table = hand.max_seats
    limit = MAX_PLAYERS if table is None else min(table, MAX_PLAYERS)
    if spec.forced is _BRING_IN and spec.max_players < limit:
        limit = spec.max_players  # stud: S7's community card serves at most 8
    if count > limit:
        where = f"a {table}-max table" if table is not None and table <= limit else spec.name
        raise Illegal("D6", f"{count} players seated, but {where} seats at most {limit}")
    top_seat = MAX_SEAT if table is None or table < MAX_SEAT else table
    for seat in seats:
        number = seat.seat
        if number < 1 or number > top_seat:
            raise Illegal(
                "D6", f"{seat.name} sits in seat {number}: the table's seats are 1 to {top_seat}"
            )
        if abs(seat.stack) > MAX_AMOUNT:
            raise Illegal("L1", f"{seat.name}'s stack of {chips(seat.stack)} {_beyond(seat.stack)}")
    stakes = hand.stakes
    for what, value in (
        ("small stake", stakes.small),
        ("big stake", stakes.big),
        ("ante", stakes.ante),
        ("cap", stakes.cap),
        ("bring-in", stakes.bring_in),
    ):
        if value is not None and abs(value) > MAX_AMOUNT:
            raise Illegal("L1", f"the {what} of {chips(value)} {_beyond(value)}")
    summary = hand.summary
    for what, value in (
        ("total pot", summary.total_pot),
        ("rake", summary.rake),
        ("jackpot", summary.jackpot),
        ("cash-out fee", summary.cash_out_fee),
        ("splash", summary.splash),
        *(("pot", pot) for pot in summary.pots),
    ):
        if value is not None and abs(value) > MAX_AMOUNT:
            raise Illegal("L1", f"the {what} of {chips(value)} {_beyond(value)}")


def check_amount(event: ev.Event, amount: int) -> None:
    """L1 for one event's amount, where no stack bounds it (collected, cash-out, added)."""
    if abs(amount) > MAX_AMOUNT:
        raise Illegal("L1", f"the {event.kind} of {chips(amount)} {_beyond(amount)}")


def over_limit(hand: ParsedHand) -> tuple[int, ev.Event] | None:
    """The first event of ``hand`` whose amount (or fee) is beyond L1, with its index: asked
    only of a hand already refused, to name the amount as the reason."""
    for index, event in enumerate(hand.events):
        for value in (getattr(event, "amount", 0), getattr(event, "fee", 0)):
            if isinstance(value, int) and abs(value) > MAX_AMOUNT:
                return index, event
    return None


def _beyond(value: int) -> str:
    limit = chips(MAX_AMOUNT, grouped=True)
    return f"is beyond any real game (L1: at most {limit} in absolute value)"
