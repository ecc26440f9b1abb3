"""Per hand, per player statistics flags (issue 3), computed from a replay, never from text.

``player_flags(result)`` walks the events of a replayed hand once and says, for every player
dealt in, which situations he was in (the *chances*: "faced exactly one raise pre-flop and
could re-raise") and what he did in them (the *done* flags), plus the per-street action
counts, the streets he saw, showdown, walk, all-in street, net and rake. Aggregates later
divide done by chance over any filter; ``docs/stats.md`` defines every field (numerator,
denominator, situations, a worked example, and where FPDB and HM3 differ from PT4).

Definitions follow PokerTracker 4. The choices where PT4 is silent or the engine knows
better (documented per stat in ``docs/stats.md``):

- The raise ladder counts *full* raises only: the big blind is the first bet, straddles are
  blinds, and an incomplete all-in raise (B8) is a call for the ladder (and for squeeze
  callers). It is still a raise for ``pfr``, ``steal`` and the per-street ``raises`` count,
  since the player did raise.
- "Could re-raise" is the engine's own rule: ``replayer.betting.may_raise`` (B7 cap, B8
  reopening, B9 stack), the check behind ``LegalActions.min_raise_to``, on numbers that
  ``analytics.flags_betting`` keeps as the events are walked (``record_states`` would cost
  five times the replay); a corpus test checks :func:`raise_options` against the recorded
  ``LegalActions`` at every action.
- C-bets follow the aggressor: the flop chance is the pre-flop last full raiser's, the turn
  chance needs a flop c-bet that nobody raised (he is still the last aggressor), the river
  chance the same on the turn.

Stud and draw (when the engine replays them): the *first betting round* plays the part of
pre-flop (3rd street in stud, the pre-draw round in draw games) and the 2nd, 3rd and 4th
rounds the part of flop, turn and river in the field names (``saw_flop`` = saw the second
round, ``cbet_flop`` = c-bet on 4th street / after the first draw). The bring-in is a
forced bet like a blind (not voluntary, not a raise); a completion is a raise (``pfr``, and
level one of the ladder, like an open raise); a raise of the completion is a 3-bet. Steal
positions are named by the position strings the engine gives (CO, BTN, SB); stud will need
its own set (the last seats to act on 3rd street) when positions exist for it. A fifth round
(7th street) has no count columns yet: it needs a migration adding them.
"""

from __future__ import annotations

from typing import Any

from analytics import flag_fields as ff
from analytics.flag_fields import FIELDS, PlayerFlags
from analytics.flags_betting import BettingNumbers
from replayer import events as ev
from replayer.betting import Actor
from replayer.games import GAME_SPECS
from replayer.result import PlayerResult, ReplayResult

__all__ = ["FIELDS", "PlayerFlags", "flag_rows", "player_flags", "raise_options"]

# What the walk does with each event type. The betting actions' codes are also their offset
# among a round's counts (``COUNTED_ACTIONS`` order); a completion counts as a raise.
_BET, _RAISE, _CALL, _CHECK, _FOLD, _COMPLETE = range(6)
_BOARD, _STREET, _BLIND, _ANTE, _BRING_IN, _RETURNED = range(10, 16)
_CODES: dict[type, int] = {
    ev.Bet: _BET, ev.RaiseTo: _RAISE, ev.Call: _CALL, ev.Check: _CHECK, ev.Fold: _FOLD,
    ev.Complete: _COMPLETE, ev.DealBoard: _BOARD, ev.StreetStart: _STREET,
    ev.PostBlind: _BLIND, ev.PostAnte: _ANTE, ev.BringIn: _BRING_IN,
    ev.UncalledBetReturned: _RETURNED,
}  # fmt: skip


def player_flags(result: ReplayResult) -> dict[str, PlayerFlags]:
    """Every dealt-in player's flags for one replayed hand, by name (in seat order)."""
    flags = {}
    for seat in _Tally(result).run():
        values: dict[str, Any] = {
            name: bool(value) if flag else value
            for name, value, flag in zip(FIELDS, seat.values, ff.IS_FLAG, strict=True)
        }
        flags[seat.name] = PlayerFlags(**values, reasons=seat.reasons or {})
    return flags


def flag_rows(result: ReplayResult) -> list[tuple[Any, ...]]:
    """The same flags as plain tuples in ``FIELDS`` order, one per player in seat order.

    The importer's form: flags as 0/1 (``sqlite3`` binds an ``int`` several times faster
    than a ``bool``), no dataclasses, no reasons (an explanation replays the hand and asks
    :func:`player_flags`).
    """
    return [tuple(seat.values) for seat in _Tally(result).run()]


def raise_options(result: ReplayResult) -> dict[int, bool]:
    """For each betting action (by event index), whether its player could bet or raise.

    The predicate behind every "could re-raise" of the flags; tests hold it against the
    engine's recorded ``LegalActions.min_raise_to``.
    """
    tally = _Tally(result, trace=True)
    tally.run()
    assert tally.trace is not None
    return tally.trace


class _Seat:
    """One player during the walk: his ``Actor`` (betting numbers) and his flags."""

    __slots__ = (
        "actor", "all_in_street", "answered", "check_raise_seen", "checked", "faced_cbet",
        "name", "position", "reasons", "result", "values",
    )  # fmt: skip

    def __init__(self, result: PlayerResult) -> None:
        self.result = result
        self.name = result.name
        self.actor = Actor(result.name, result.seat, result.starting_stack, True)
        self.position = result.position
        values = ff.DEFAULTS.copy()
        values[ff.SEAT] = result.seat
        values[ff.POSITION] = result.position
        self.values = values
        self.reasons: dict[str, str] | None = None
        self.all_in_street: str | None = None
        #: This round: he checked / had his check-raise chance / faced the c-bet.
        self.checked = self.check_raise_seen = self.faced_cbet = False
        #: The opener (first full raiser) has acted again since his raise.
        self.answered = False

    def reason(self, stat: str, text: str) -> None:
        if self.reasons is None:
            self.reasons = {}
        self.reasons[stat] = text


class _Tally:
    """One walk over a hand's events; the module docstring has the definitions."""

    def __init__(self, result: ReplayResult, trace: bool = False) -> None:
        hand = result.hand
        self.result = result
        self.seats = {p.name: _Seat(p) for p in result.players if p.dealt_in}
        actors = [seat.actor for seat in self.seats.values()]
        self.numbers = BettingNumbers(GAME_SPECS[hand.game], hand.stakes, actors)
        self.trace: dict[int, bool] | None = {} if trace else None
        #: 0 for the first betting round (pre-flop), 1 for the second (flop) ...
        self.round_index = 0
        # -- the first round's ladder
        #: Somebody has put in a voluntary chip.
        self.opened = False
        #: Full raises so far: the big blind and straddles are not raises.
        self.level = 0
        self.last_raiser: _Seat | None = None
        self.last_raise_to = 0
        #: Calls (and incomplete raises) since the last full raise.
        self.callers = 0
        self.opener: _Seat | None = None
        self.stealer: _Seat | None = None
        #: Nobody but the stealer has put in a voluntary chip since the steal.
        self.steal_alone = False
        # -- later rounds: the last aggressor, the c-bet chain
        self.aggressor: _Seat | None = None
        self.cbet_candidate: _Seat | None = None
        self.cbettor: _Seat | None = None
        #: This round's c-bet is still the bet to face (nobody raised it).
        self.cbet_live = False

    # -- the walk -------------------------------------------------------------------------

    def run(self) -> list[_Seat]:
        seats, numbers, codes = self.seats, self.numbers, _CODES
        for index, event in enumerate(self.result.hand.events):
            code = codes.get(type(event))
            if code is None:
                continue
            if code < _BOARD:
                seat = seats[event.player]  # type: ignore[attr-defined]
                if code == _FOLD and seat.actor.all_in:
                    # The site folds a player all-in on a forced bet: not his decision.
                    seat.actor.folded = True
                else:
                    self._action(seat, event, code, index)
                continue
            if code <= _STREET:
                if code == _STREET or event.run == 1:  # type: ignore[attr-defined]
                    self._next_round(event.street)  # type: ignore[attr-defined]
                continue
            seat = seats[event.player]  # type: ignore[attr-defined]
            actor = seat.actor
            if code == _BLIND:
                all_in = numbers.blind(actor, event)  # type: ignore[arg-type]
            elif code == _ANTE:
                all_in = numbers.pay(actor, event.amount, False)  # type: ignore[attr-defined]
            elif code == _BRING_IN:
                all_in = numbers.bring_in(actor, event.amount)  # type: ignore[attr-defined]
            else:
                numbers.returned(actor, event.amount)  # type: ignore[attr-defined]
                all_in = False
            if all_in:
                seat.all_in_street = numbers.street
        return self._finish()

    def _next_round(self, street: str) -> None:
        self.round_index = index = self.round_index + 1
        self.numbers.start_round(street)
        saw = ff.SAW_AT[index] if index < len(ff.SAW_AT) else None
        for seat in self.seats.values():
            seat.checked = seat.check_raise_seen = seat.faced_cbet = False
            if saw is not None and not seat.actor.folded:
                seat.values[saw] = 1
        # The c-bet chain: the first round's last full raiser, then a c-bettor who stayed
        # the last aggressor of his round.
        if index == 1:
            self.cbet_candidate = self.last_raiser
        else:
            self.cbet_candidate = self.cbettor if self.cbettor is self.aggressor else None
        self.cbettor = self.aggressor = None
        self.cbet_live = False

    def _action(self, seat: _Seat, event: Any, code: int, index: int) -> None:
        numbers, actor = self.numbers, seat.actor
        can_raise = numbers.could_raise(actor)
        if self.trace is not None:
            self.trace[index] = can_raise
        raising = code <= _RAISE or code == _COMPLETE
        total = 0
        full = False
        if raising:
            total = actor.bet + event.amount if code == _BET else event.amount
            full = numbers.is_full(actor, total)
        round_index = self.round_index
        if round_index == 0:
            self._first_round(seat, code, can_raise, raising, full, total)
        elif round_index <= 3:
            self._later_round(seat, code, can_raise, raising, full)
        if round_index <= 3:
            kind = code if code != _COMPLETE else _RAISE
            seat.values[ff.COUNTS + 5 * round_index + kind] += 1
        # Move the chips, as the engine does.
        all_in = False
        if code == _CALL:
            all_in = numbers.pay(actor, event.amount, True)
        elif raising:
            all_in = numbers.raise_to(actor, total, full)
        elif code == _FOLD:
            actor.folded = True
        numbers.acted(actor)
        if all_in:
            seat.all_in_street = numbers.street

    def _first_round(
        self, seat: _Seat, code: int, can_raise: bool, raising: bool, full: bool, total: int
    ) -> None:
        """Pre-flop (the first betting round): VPIP, PFR, steals, the raise ladder."""
        values = seat.values
        voluntary = code != _FOLD and code != _CHECK
        if voluntary:
            values[ff.VPIP] = 1
            if raising:
                values[ff.PFR] = 1
        # Steals: an open raise from CO, BTN or SB; the blinds facing it alone.
        if not self.opened:
            if can_raise and seat.position in ff.STEAL_POSITIONS:
                values[ff.STEAL_CHANCE] = 1
                seat.reason(
                    "steal",
                    f"steal chance: everyone before him folded, he was in the {seat.position}"
                    " and could raise",
                )
                if raising:
                    values[ff.STEAL] = 1
                    self.stealer = seat
                    self.steal_alone = True
        elif self.steal_alone and seat is not self.stealer:
            stealer = self.stealer
            if seat.position in ff.BLIND_POSITIONS and stealer is not None:
                values[ff.FOLD_STEAL_CHANCE] = 1
                seat.reason(
                    "fold_to_steal",
                    f"fold to steal chance: in the {seat.position}, faced {stealer.name}'s open"
                    f" raise from the {stealer.position} with no other caller or raiser",
                )
                if code == _FOLD:
                    values[ff.FOLD_STEAL] = 1
            if voluntary:
                self.steal_alone = False
        if voluntary:
            self.opened = True
        # The ladder: 3-bet, squeeze, 4-bet, fold to 3-bet.
        level = self.level
        raiser = self.last_raiser
        if level and raiser is not None and raiser is not seat:
            if level == 1 and can_raise:
                values[ff.THREE_BET_CHANCE] = 1
                seat.reason(
                    "three_bet",
                    f"3-bet chance: faced exactly one raise pre-flop ({raiser.name} to "
                    f"{self.last_raise_to}) and could re-raise",
                )
                if self.callers:
                    values[ff.SQUEEZE_CHANCE] = 1
                    seat.reason(
                        "squeeze",
                        f"squeeze chance: faced one raise ({raiser.name} to "
                        f"{self.last_raise_to}) and {self.callers} caller(s) pre-flop, and "
                        "could re-raise",
                    )
                if full:
                    values[ff.THREE_BET] = 1
                    if self.callers:
                        values[ff.SQUEEZE] = 1
            elif level == 2 and can_raise:
                values[ff.FOUR_BET_CHANCE] = 1
                seat.reason(
                    "four_bet",
                    f"4-bet chance: faced a 3-bet pre-flop ({raiser.name} to "
                    f"{self.last_raise_to}) and could re-raise",
                )
                if full:
                    values[ff.FOUR_BET] = 1
            if seat is self.opener and not seat.answered:
                seat.answered = True
                if level == 2:
                    values[ff.FOLD_3B_CHANCE] = 1
                    seat.reason(
                        "fold_to_three_bet",
                        f"fold to 3-bet chance: raised pre-flop, then faced a 3-bet "
                        f"({raiser.name} to {self.last_raise_to})",
                    )
                    if code == _FOLD:
                        values[ff.FOLD_3B] = 1
        if full:
            self.level = level + 1
            self.last_raiser = seat
            self.last_raise_to = total
            self.callers = 0
            if not level:
                self.opener = seat
        elif voluntary and level:
            self.callers += 1

    def _later_round(
        self, seat: _Seat, code: int, can_raise: bool, raising: bool, full: bool
    ) -> None:
        """Flop, turn and river (the 2nd to 4th rounds): c-bets, folds to them, check-raises."""
        values = seat.values
        index = self.round_index
        street = self.numbers.street  # the spec's name, for the reasons
        stat = ff.ROUND_NAMES[index]  # the name in the fields: flop, turn, river
        current = self.numbers.rnd.current_bet
        if seat is self.cbet_candidate:
            # His first action this round: a c-bet chance if nobody bet before him.
            self.cbet_candidate = None
            if not current:
                chance, done = ff.CBET_AT[index]  # type: ignore[misc]
                values[chance] = 1
                seat.reason(f"cbet_{stat}", _CBET_REASONS[index])
                if code == _BET:
                    values[done] = 1
                    self.cbettor = seat
                    self.cbet_live = True
        elif self.cbet_live and not seat.faced_cbet and seat is not self.cbettor:
            seat.faced_cbet = True
            cbettor = self.cbettor
            assert cbettor is not None
            chance, done = ff.FOLD_CBET_AT[index]  # type: ignore[misc]
            values[chance] = 1
            seat.reason(
                f"fold_to_cbet_{stat}",
                f"fold to {street} c-bet chance: faced {cbettor.name}'s c-bet with no raise"
                " after it",
            )
            if code == _FOLD:
                values[done] = 1
        if seat.checked and not seat.check_raise_seen and current > seat.actor.bet:
            seat.check_raise_seen = True
            if can_raise:
                chance, done = ff.CHECK_RAISE_AT[index]  # type: ignore[misc]
                values[chance] = 1
                seat.reason(
                    f"check_raise_{stat}",
                    f"check-raise chance: checked the {street}, then faced a bet and could raise",
                )
                if code == _RAISE:
                    values[done] = 1
        if code == _CHECK:
            seat.checked = True
        elif raising:
            if code != _BET:
                self.cbet_live = False
            if full or code == _BET:
                self.aggressor = seat

    # -- the end ---------------------------------------------------------------------------

    def _finish(self) -> list[_Seat]:
        """What the result knows (showdown, money, all-in at the end), and the walk."""
        seats = list(self.seats.values())
        live = [s for s in seats if not s.actor.folded]
        walk = self.round_index == 0 and not self.opened and len(live) == 1
        for seat in seats:
            p, values = seat.result, seat.values
            won = p.collected > 0
            if p.went_to_showdown:
                values[ff.WENT_TO_SHOWDOWN] = 1
                values[ff.WON_AT_SHOWDOWN] = 1 if won else 0
            if won and values[ff.SAW_FLOP]:
                values[ff.WON_WHEN_SAW_FLOP] = 1
            values[ff.NET] = p.net
            values[ff.RAKE_PAID] = p.rake_paid
            if p.all_in:
                values[ff.ALL_IN_STREET] = seat.all_in_street
        if walk:
            live[0].values[ff.WALK] = 1
        return seats


_CBET_REASONS = (
    "",
    "flop c-bet chance: made the last raise pre-flop and nobody bet before him on the flop",
    "turn c-bet chance: c-bet the flop, nobody raised it, and nobody bet before him on the turn",
    "river c-bet chance: c-bet the turn, nobody raised it, and nobody bet before him on the river",
)
