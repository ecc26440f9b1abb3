"""The betting actions of a hand as the query language reads them (table ``hand_actions``).

Why a table of its own: ``seats`` keeps how many times each player folded, checked, called,
bet and raised on each street, which answers "hero called preflop" but not "villain bets
and *then* hero calls" nor "hero bets more than half the pot". Migration 0007 dropped the
``actions`` table (the whole event log, 870 bytes a hand); this keeps only what a query
asks of a decision, as small integers: its order in the hand, its betting round, the seat,
what was done, its size and the pot it faced. Made in the import's worker processes from
the parsed hand (``analytics.ingest.rows``) and, for hands stored before, by migration
``0015_saved_filters`` from their stored text. Pure: no I/O, no database.
"""

from __future__ import annotations

from typing import Any, Final

from parser.model import events as ev
from parser.model.games import GAME_SPECS
from parser.model.hand import ParsedHand

#: ``hand_actions.act``: what the player did.
FOLD: Final = 0
CHECK: Final = 1
CALL: Final = 2
BET: Final = 3
RAISE: Final = 4
ACTS: Final = {"fold": FOLD, "check": CHECK, "call": CALL, "bet": BET, "raise": RAISE}

#: The columns of a fact row (the store puts the hand's id first).
COLUMNS: Final = ("n", "street", "seat", "act", "size", "pot")


def action_facts(hand: ParsedHand) -> tuple[tuple[Any, ...], ...]:
    """One row per betting decision of ``hand`` (``COLUMNS``), in the order played.

    - ``n``: 0, 1, 2 ... over the hand; ``street``: the betting round, 0 the first
      (pre-flop, stud's 3rd street, the draw games' first round);
    - ``act``: :data:`FOLD` ... :data:`RAISE`; a stud completion and any bet made while
      a bet is up (a "bet" over the bring-in) are bets when nothing but the bring-in was
      up, raises otherwise;
    - ``size``: for a bet or a raise the player's total in the round after it (a raise is
      "to" its size), for a call the chips it added, 0 for a check or a fold;
    - ``pot``: the chips in the middle when the player acted, the bets of the round on
      the table included (antes, blinds and bring-in too).
    """
    spec = GAME_SPECS.get(hand.game)
    rounds = {name: i for i, name in enumerate(spec.street_names)} if spec else {"preflop": 0}
    seat_of = {seat.name: seat.seat for seat in hand.seats}
    street = 0
    pot = 0
    current = 0  # the bet to match in this round
    committed: dict[str, int] = {}
    out: list[tuple[Any, ...]] = []
    for event in hand.events:
        cls = type(event)
        if cls is ev.DealBoard or cls is ev.StreetStart:
            index = rounds.get(event.street, street)  # type: ignore[attr-defined]
            if index != street:
                street, current = index, 0
                committed.clear()
            continue
        if cls is ev.PostAnte:
            pot += event.amount  # type: ignore[attr-defined]
            continue
        if cls is ev.PostBlind:
            amount: int = event.amount  # type: ignore[attr-defined]
            pot += amount
            blind = event.blind  # type: ignore[attr-defined]
            if blind is not ev.Blind.DEAD:
                live = amount
                if blind is ev.Blind.SMALL_AND_BIG and hand.stakes.big:
                    live = min(amount, hand.stakes.big)
                player = event.player  # type: ignore[attr-defined]
                committed[player] = committed.get(player, 0) + live
                current = max(current, committed[player])
            continue
        if cls is ev.BringIn:
            player = event.player  # type: ignore[attr-defined]
            pot += event.amount  # type: ignore[attr-defined]
            committed[player] = committed.get(player, 0) + event.amount  # type: ignore[attr-defined]
            current = max(current, committed[player])
            continue
        if cls is ev.UncalledBetReturned:
            pot -= event.amount  # type: ignore[attr-defined]
            continue
        if cls is ev.PotAdded:
            pot += event.amount  # type: ignore[attr-defined]
            continue
        if cls not in _DECISIONS:
            continue
        player = event.player  # type: ignore[attr-defined]
        seat = seat_of.get(player)
        if seat is None:
            continue
        mine = committed.get(player, 0)
        if cls is ev.Fold:
            act, size, added = FOLD, 0, 0
        elif cls is ev.Check:
            act, size, added = CHECK, 0, 0
        elif cls is ev.Call:
            act, added = CALL, event.amount  # type: ignore[attr-defined]
            size = added
        else:
            amount = event.amount  # type: ignore[attr-defined]
            # A "bet" over a stud bring-in is its completion: the log's amount is the total
            # (replayer.actions), as a raise's and a completion's are; else what it put in.
            total = mine + amount if cls is ev.Bet and not current else amount
            added = max(total - mine, 0)
            size = total
            opening = current == 0 or (
                cls is not ev.RaiseTo and _bring_in_only(hand, street, current)
            )
            act = BET if opening else RAISE
            current = max(current, total)
        out.append((len(out), street, seat, act, size, pot))
        pot += added
        committed[player] = mine + added
        current = max(current, committed[player])
    return tuple(out)


_DECISIONS: Final = frozenset({ev.Fold, ev.Check, ev.Call, ev.Bet, ev.RaiseTo, ev.Complete})


def _bring_in_only(hand: ParsedHand, street: int, current: int) -> bool:
    """Whether the bet up is only stud's bring-in (a completion over it is the round's
    first bet, RULES.md B7, as the statistics count it)."""
    if street != 0:
        return False
    for event in hand.events:
        if type(event) is ev.BringIn:
            return current <= event.amount
    return False
