"""Per hand, per player statistics flags (issue 3), computed from a replay, never from text.

``player_flags(result)`` walks the betting decisions of a replayed hand once and says, for
every player dealt in, which situations he was in (the *chances*: "faced exactly one raise
pre-flop and could re-raise") and what he did in them (the *done* flags), plus the
per-street action counts, the streets he saw, showdown, walk, all-in street, net and rake.
Aggregates later divide done by chance over any filter; ``docs/stats.md`` defines every
field (numerator, denominator, situations, a worked example, and where FPDB and HM3 differ
from PT4).

Definitions follow PokerTracker 4. The choices where PT4 is silent or the engine knows
better (documented per stat in ``docs/stats.md``):

- The walk reads ``ReplayResult.decisions``: the engine records, before each fold, check,
  call, bet or raise, what it cost to call, the bet faced, whether the rules let the player
  raise (``replayer.betting.may_raise``: B7 cap, B8 reopening, B9 stack, the check behind
  ``LegalActions.min_raise_to``) and, for a bet or raise, whether it was a full one. No
  betting arithmetic is repeated here. A site folding a player all-in on a forced bet is no
  decision (the engine records none), so it is not his fold.
- The raise ladder counts *full* raises only: the big blind is the first bet, straddles are
  blinds, and an incomplete all-in raise (B8) is a call for the ladder (and for squeeze
  callers). It is still a raise for ``pfr``, ``steal`` and the per-street ``raises`` count,
  since the player did raise.
- Fold to 3-bet counts everyone who faces the 3-bet at his next decision after having put
  money in voluntarily before it (the original raiser, his callers, limpers), as PT4 does;
  HM3 and FPDB count the original raiser only.
- C-bets follow the aggressor: the flop chance is the pre-flop last full raiser's, the turn
  chance needs a flop c-bet that nobody raised (he is still the last aggressor), the river
  chance the same on the turn.
  In stud and draw games (no PT4 definition) the c-bet is FPDB's: the last bettor or
  raiser of the round before has the chance if nobody bet before him; in draw games FPDB's
  draws come before the bets, so a lead takes nothing away and raising it is the c-bet.
- Raise first in, limp and cold call read the player's first pre-flop decision; fold to
  4-bet mirrors fold to 3-bet; donk and probe bets are a first action with nobody betting
  while the last aggressor (the missed c-bettor of a round checked through) is still to
  act; a float is a bet on the turn after calling the flop c-bet in position and seeing
  the c-bettor check (``docs/stats.md`` has each).

Stud and draw (``docs/stats.md``, "Stud and draw games"): the *first betting round* plays
the part of pre-flop (3rd street in stud, the round before the first draw in draw games)
and the 2nd, 3rd and 4th rounds the part of flop, turn and river in the field names
(``saw_flop`` = saw the second round, ``cbet_flop`` = c-bet on 4th street / after the
first draw). Draw games have blinds and a button: everything reads as in hold'em. In stud
(FPDB's ``DerivedStats`` is the reference: PokerTracker 4 tracks no stud):

- The bring-in is a forced bet like a blind: not voluntary, not a raise. A call of it is
  VPIP; the bring-in's player who is never raised has a walk if everyone folds to him.
- The completion (logged "bets", "raises ... to" or "completes") is the *first bet* of the
  round (B7: "the completion to the small bet is the first of the four"), the rung the big
  blind holds in hold'em: it is PFR and it makes its player the round's aggressor (the
  4th-street c-bet chance), but it does not climb the ladder. A raise of the completion is
  the 2-bet, the next raise the 3-bet (FPDB starts its stud ladder one rung lower for the
  same reason). In the action counts the completion is a bet.
- Steals and folds to steals need blinds and positions: stud has neither (``position`` is
  None), so no stud hand is ever in their denominators (not applicable, never a 0).
- 7th street (the fifth round) has no count columns: its actions are added to the river
  columns (``bets_river`` ... = 6th and 7th street), so AF and AFq count every round after
  3rd street without a schema change. Its c-bet and check-raise are not tracked.
"""

from __future__ import annotations

from typing import Any, Final

from analytics.stats import flag_fields as ff
from analytics.stats.flag_fields import FIELDS, PlayerFlags
from parser.model import events as ev
from parser.model.games import GAME_SPECS, Forced
from replayer.result import PlayerResult, ReplayResult

__all__ = ["BRING_IN_GAMES", "DRAW_GAMES", "FIELDS", "PlayerFlags", "flag_rows", "player_flags"]

# The constants are ``Final``: compiled (``setup.py``), mypyc reads them as C statics, not
# from the module's dictionary.

#: A decision's kind -> its offset among a round's counts (``COUNTED_ACTIONS`` order); a
#: stud completion is the round's first bet (B7), whatever the log calls it.
_OFFSET: Final = {"bet": 0, "raise_to": 1, "call": 2, "check": 3, "fold": 4, "complete": 0}
_RAISING: Final = frozenset({"bet", "raise_to", "complete"})
_PAYING: Final = frozenset({"call", "bet", "raise_to", "complete"})
#: By game: each street's round index (0 = the first betting round), and the first street.
_ROUND_OF: Final = {
    game: {street: i for i, street in enumerate(spec.street_names)}
    for game, spec in GAME_SPECS.items()
}
_FIRST_STREET: Final = {game: spec.street_names[0] for game, spec in GAME_SPECS.items()}
#: Games whose first round opens with a bring-in (stud, F4): no blinds, no positions.
BRING_IN_GAMES: Final = frozenset(
    game for game, spec in GAME_SPECS.items() if spec.forced is Forced.BRING_IN
)
#: Games with a draw before each later round (FPDB's actions list the draws first).
DRAW_GAMES: Final = frozenset(
    game for game, spec in GAME_SPECS.items() if "predraw" in spec.street_names
)
#: Games whose c-bet is FPDB's (PokerTracker 4 tracks neither stud nor draw).
_FPDB_CBET: Final = BRING_IN_GAMES | DRAW_GAMES
#: The last round with count columns of its own (the river); later rounds add to it.
_LAST_COUNTED: Final = len(ff.ROUND_NAMES) - 1
#: The ``saw_*`` columns of a player who saw rounds 1 to ``n`` after the first, by ``n``.
_SAW_UP_TO: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(column for column in ff.SAW_AT[1 : n + 1] if column is not None)
    for n in range(len(ff.SAW_AT))
)
#: By game: each street's first count column (stud's 7th street counts with the river's,
#: 6th street): one lookup per decision instead of arithmetic on the round.
_COUNTS_AT: Final = {
    game: {street: ff.COUNTS + 5 * min(i, _LAST_COUNTED) for street, i in rounds.items()}
    for game, rounds in _ROUND_OF.items()
}


def player_flags(result: ReplayResult) -> dict[str, PlayerFlags]:
    """Every dealt-in player's flags for one replayed hand, by name (in seat order)."""
    flags = {}
    for seat in _Tally(result, explain=True).run():
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
    return [tuple(seat.values) for seat in _Tally(result, explain=False).run()]


class _Seat:
    """One player during the walk: his flags and what the walk remembers about him."""

    __slots__ = (
        "acted", "check_raise_seen", "checked", "faced_cbet", "floated", "fold_3b_pending",
        "fold_4b_pending", "name", "paid_on", "position", "reasons", "result", "round_acted",
        "values",
    )  # fmt: skip

    def __init__(self, result: PlayerResult) -> None:
        self.result = result
        self.name = result.name
        self.position = result.position
        values = ff.DEFAULTS.copy()
        values[ff.SEAT] = result.seat
        values[ff.POSITION] = result.position
        self.values = values
        self.reasons: dict[str, str] | None = None
        #: The street of his last call, bet or raise (his last chip, when he ends all-in).
        self.paid_on: str | None = None
        #: This round: he checked / had his check-raise chance / faced the c-bet.
        self.checked = self.check_raise_seen = self.faced_cbet = False
        #: He had put money in voluntarily when the 3-bet came, and has not acted since.
        self.fold_3b_pending = False
        #: The same for the 4-bet.
        self.fold_4b_pending = False
        #: He has made a decision in the first round.
        self.acted = False
        #: The round of his last decision (-1: none yet).
        self.round_acted = -1
        #: He called the flop c-bet in position (his first action on the flop).
        self.floated = False

    def reason(self, stat: str, text: str) -> None:
        if self.reasons is None:
            self.reasons = {}
        self.reasons[stat] = text


class _Tally:
    """One walk over a hand's decisions; the module docstring has the definitions."""

    def __init__(self, result: ReplayResult, explain: bool) -> None:
        self.result = result
        #: Write the reasons (``player_flags``); the importer's rows have none.
        self.explain = explain
        self.seats = {p.name: _Seat(p) for p in result.players if p.dealt_in}
        game = result.hand.game
        #: Stud: the first round opens with a bring-in, and its completion is the first bet.
        self.bring_in = game in BRING_IN_GAMES
        #: The first round's first bet is made: the big blind's, or (stud) the completion.
        self.completed = not self.bring_in
        #: How the reasons name the rounds (``pre-flop``, ``on 3rd street`` ...).
        self.words = _WORDS[game]
        #: 0 for the first betting round (pre-flop), 1 for the second (flop) ...
        self.round_index = 0
        # -- the first round's ladder
        #: Somebody has put in a voluntary chip.
        self.opened = False
        #: Full raises so far: the big blind and straddles are not raises.
        self.level = 0
        self.last_raiser: _Seat | None = None
        #: The event index of the last full raise (its amount, for the reasons).
        self.last_raise_at = -1
        #: Calls (and incomplete raises) since the last full raise.
        self.callers = 0
        self.stealer: _Seat | None = None
        #: Nobody but the stealer has put in a voluntary chip since the steal.
        self.steal_alone = False
        # -- later rounds: the last aggressor, the c-bet chain
        self.aggressor: _Seat | None = None
        self.cbet_candidate: _Seat | None = None
        self.cbettor: _Seat | None = None
        #: This round's c-bet is still the bet to face (nobody raised it).
        self.cbet_live = False
        #: Stud and draw: the c-bet is FPDB's (the module docstring); in draw games its
        #: "nobody bet before him" always holds (the draws come first in its actions).
        self.fpdb_cbet = game in _FPDB_CBET
        self.draw = game in DRAW_GAMES
        #: The round's last bettor or raiser, an incomplete raise too (FPDB's initiative).
        self.last_bettor: _Seat | None = None
        # -- donk bets, probe bets, floats (issue 25, item 3)
        #: The last aggressor of the round before (the first round's last full raiser).
        self.prev_aggressor: _Seat | None = None
        #: The c-bet candidate who had his chance this round and did not bet.
        self.missed_cbet: _Seat | None = None
        #: The candidate who missed his c-bet on a round checked through, this round.
        self.probe_target: _Seat | None = None
        #: The flop c-bettor checked the turn: a floater's bet is a float.
        self.float_open = False
        #: (player, round) of every decision, made when first asked (:meth:`_acts_in`).
        self.actors: set[tuple[str, int]] | None = None

    # -- the walk -------------------------------------------------------------------------

    def run(self) -> list[_Seat]:
        seats = self.seats
        game = self.result.hand.game
        round_of = _ROUND_OF[game]
        counts_at = _COUNTS_AT[game]
        offset = _OFFSET
        decisions = self.result.decisions
        for index, street, player, kind, to_call, current, could_raise, full in decisions:
            seat = seats[player]
            round_index = round_of[street]
            while self.round_index < round_index:
                self._next_round()
            if kind in _PAYING:
                seat.paid_on = street
                if kind != "call":
                    self.last_bettor = seat
            slot = offset[kind]
            if round_index == 0:
                if not self.completed and kind in _RAISING:
                    slot = 0  # the completion, or a short all-in towards it: a bet (B7)
                self._first_round(seat, index, kind, to_call, could_raise, full)
            elif round_index <= _LAST_COUNTED:
                self._later_round(seat, street, kind, to_call, current, could_raise, full)
            # Stud's 7th street has no columns: it counts with the river's (6th street).
            seat.values[counts_at[street] + slot] += 1
        return self._finish()

    def _next_round(self) -> None:
        self.round_index = index = self.round_index + 1
        for seat in self.seats.values():
            seat.checked = seat.check_raise_seen = seat.faced_cbet = False
        # Donk and probe bets: who was the aggressor, who missed his c-bet on a round
        # checked through.
        self.prev_aggressor = self.last_raiser if index == 1 else self.aggressor
        missed = self.missed_cbet
        self.probe_target = missed if index >= 2 and self.aggressor is None else None
        self.missed_cbet = None
        self.float_open = False
        # The c-bet chain: the first round's last full raiser, then a c-bettor who stayed
        # the last aggressor of his round.
        if self.fpdb_cbet:
            self.cbet_candidate = self.last_bettor
        elif index == 1:
            self.cbet_candidate = self.last_raiser
        else:
            self.cbet_candidate = self.cbettor if self.cbettor is self.aggressor else None
        self.last_bettor = None
        self.cbettor = self.aggressor = None
        self.cbet_live = False

    def _raise_to(self) -> int:
        """The amount of the last full raise (for the reasons)."""
        event = self.result.hand.events[self.last_raise_at]
        return event.amount  # type: ignore[attr-defined,no-any-return]

    def _first_round(
        self, seat: _Seat, index: int, kind: str, to_call: int, can_raise: bool,
        full: bool | None,
    ) -> None:
        """Pre-flop (the first betting round): VPIP, PFR, steals, the raise ladder."""
        values = seat.values
        explain = self.explain
        voluntary = kind != "fold" and kind != "check"
        raising = kind in _RAISING
        if voluntary:
            values[ff.VPIP] = 1
            if raising:
                values[ff.PFR] = 1
        if not seat.acted:
            seat.acted = True
            self._first_decision(seat, kind, to_call, can_raise, raising)
        # Steals: an open raise from CO, BTN or SB; the blinds facing it alone. Stud has no
        # blinds to steal and no positions: never a chance there (not applicable).
        if not self.opened:
            if can_raise and not self.bring_in and seat.position in ff.STEAL_POSITIONS:
                values[ff.STEAL_CHANCE] = 1
                if explain:
                    seat.reason(
                        "steal",
                        f"steal chance: everyone before him folded, he was in the "
                        f"{seat.position} and could raise",
                    )
                if raising:
                    values[ff.STEAL] = 1
                    self.stealer = seat
                    self.steal_alone = True
        elif self.steal_alone and seat is not self.stealer:
            stealer = self.stealer
            if seat.position in ff.BLIND_POSITIONS and stealer is not None:
                values[ff.FOLD_STEAL_CHANCE] = 1
                if explain:
                    seat.reason(
                        "fold_to_steal",
                        f"fold to steal chance: in the {seat.position}, faced {stealer.name}'s"
                        f" open raise from the {stealer.position} with no other caller or"
                        " raiser",
                    )
                if kind == "fold":
                    values[ff.FOLD_STEAL] = 1
            if voluntary:
                self.steal_alone = False
        # The ladder: 3-bet, squeeze, 4-bet, fold to 3-bet, fold to 4-bet.
        level = self.level
        raiser = self.last_raiser
        if seat.fold_4b_pending:
            seat.fold_4b_pending = False
            if level == 3 and raiser is not None:
                values[ff.FOLD_4B_CHANCE] = 1
                if explain:
                    seat.reason(
                        "fold_to_four_bet",
                        f"fold to 4-bet chance: put money in {self.words[0]}, then faced a"
                        f" 4-bet ({raiser.name} to {self._raise_to()})",
                    )
                if kind == "fold":
                    values[ff.FOLD_4B] = 1
        if seat.fold_3b_pending:
            # His first decision since the 3-bet: a chance if he still faces it.
            seat.fold_3b_pending = False
            if level == 2 and raiser is not None:
                values[ff.FOLD_3B_CHANCE] = 1
                if explain:
                    seat.reason(
                        "fold_to_three_bet",
                        f"fold to 3-bet chance: {'raised' if values[ff.PFR] else 'called'} "
                        f"{self.words[0]}, then faced a 3-bet ({raiser.name} to "
                        f"{self._raise_to()})",
                    )
                if kind == "fold":
                    values[ff.FOLD_3B] = 1
        if level and raiser is not None and raiser is not seat and can_raise:
            if level == 1:
                values[ff.THREE_BET_CHANCE] = 1
                if explain:
                    seat.reason(
                        "three_bet",
                        f"3-bet chance: faced exactly one raise {self.words[0]} ({raiser.name}"
                        f" to {self._raise_to()}) and could re-raise",
                    )
                if self.callers:
                    values[ff.SQUEEZE_CHANCE] = 1
                    if explain:
                        seat.reason(
                            "squeeze",
                            f"squeeze chance: faced one raise ({raiser.name} to "
                            f"{self._raise_to()}) and {self.callers} caller(s) "
                            f"{self.words[0]}, and could re-raise",
                        )
                if full:
                    values[ff.THREE_BET] = 1
                    if self.callers:
                        values[ff.SQUEEZE] = 1
            elif level == 2:
                values[ff.FOUR_BET_CHANCE] = 1
                if explain:
                    seat.reason(
                        "four_bet",
                        f"4-bet chance: faced a 3-bet {self.words[0]} ({raiser.name} to "
                        f"{self._raise_to()}) and could re-raise",
                    )
                if full:
                    values[ff.FOUR_BET] = 1
        if full and not self.completed:
            # Stud: the completion is the first bet (B7), the big blind's rung: the round's
            # aggressor so far, no raise on the ladder.
            self.completed = True
            self.last_raiser = seat
            self.last_raise_at = index
            self.callers = 0
        elif full:
            self.level = level + 1
            self.last_raiser = seat
            self.last_raise_at = index
            self.callers = 0
            if level == 1:
                # The 3-bet: whoever had put money in voluntarily before it faces it next.
                for other in self.seats.values():
                    if other is not seat and other.values[ff.VPIP]:
                        other.fold_3b_pending = True
            elif level == 2:
                # The 4-bet, likewise.
                for other in self.seats.values():
                    if other is not seat and other.values[ff.VPIP]:
                        other.fold_4b_pending = True
        elif voluntary and level:
            self.callers += 1
        if voluntary:
            self.opened = True

    def _first_decision(
        self, seat: _Seat, kind: str, to_call: int, can_raise: bool, raising: bool
    ) -> None:
        """His first decision of the first round: raise first in, limp, cold call."""
        values = seat.values
        explain = self.explain
        raiser = self.last_raiser
        if not self.opened and can_raise:
            values[ff.RFI_CHANCE] = 1
            if explain:
                seat.reason(
                    "rfi", f"RFI chance: everyone before him folded {self.words[0]} and"
                    " he could raise",
                )  # fmt: skip
            if raising:
                values[ff.RFI] = 1
        if not to_call:
            return
        if raiser is None:
            values[ff.LIMP_CHANCE] = 1
            if explain:
                forced = "the bring-in" if self.bring_in else "the big blind"
                seat.reason("limp", f"limp chance: faced {forced} and no raise {self.words[0]}")
            if kind == "call":
                values[ff.LIMP] = 1
        elif raiser is not seat:
            values[ff.COLD_CALL_CHANCE] = 1
            if explain:
                seat.reason(
                    "cold_call",
                    f"cold call chance: faced {raiser.name}'s raise {self.words[0]} with no"
                    " voluntary chip in before it",
                )
            if kind == "call":
                values[ff.COLD_CALL] = 1

    def _acts_in(self, seat: _Seat, round_index: int) -> bool:
        """Whether ``seat`` makes a decision in that round (his turn is still to come)."""
        actors = self.actors
        if actors is None:
            round_of = _ROUND_OF[self.result.hand.game]
            actors = self.actors = {
                (d.player, round_of[d.street]) for d in self.result.decisions
            }
        return (seat.name, round_index) in actors

    def _later_round(
        self,
        seat: _Seat,
        street: str,
        kind: str,
        to_call: int,
        current: int,
        can_raise: bool,
        full: bool | None,
    ) -> None:
        """Flop, turn and river (the 2nd to 4th rounds): c-bets, folds to them, check-raises."""
        values = seat.values
        index = self.round_index
        explain = self.explain
        first = seat.round_acted != index
        seat.round_acted = index
        if first and not current:
            self._lead(seat, index, kind)
        if seat is self.cbet_candidate:
            # His first action this round: a c-bet chance if nobody bet before him (in
            # draw games, FPDB's: always, and a raise of a lead is the c-bet).
            self.cbet_candidate = None
            if not current or self.draw:
                chance, done = ff.CBET_AT[index]  # type: ignore[misc]
                values[chance] = 1
                if explain:
                    seat.reason(f"cbet_{ff.ROUND_NAMES[index]}", self._cbet_reason(index))
                if kind == "bet" or (self.draw and kind in _RAISING):
                    values[done] = 1
                    self.cbettor = seat
                    self.cbet_live = True
                else:
                    self.missed_cbet = seat
                    if index == 2 and kind == "check":
                        self.float_open = True
        elif self.cbet_live and not seat.faced_cbet and seat is not self.cbettor:
            seat.faced_cbet = True
            chance, done = ff.FOLD_CBET_AT[index]  # type: ignore[misc]
            values[chance] = 1
            if explain:
                cbettor = self.cbettor
                assert cbettor is not None
                seat.reason(
                    f"fold_to_cbet_{ff.ROUND_NAMES[index]}",
                    f"fold to {self.words[index]} c-bet chance: faced {cbettor.name}'s c-bet"
                    " with no raise after it",
                )
            if kind == "fold":
                values[done] = 1
            elif kind == "call" and first and index == 1:
                seat.floated = True  # in position: the c-bet came before his first action
        if seat.checked and not seat.check_raise_seen and to_call:
            seat.check_raise_seen = True
            if can_raise:
                chance, done = ff.CHECK_RAISE_AT[index]  # type: ignore[misc]
                values[chance] = 1
                if explain:
                    seat.reason(
                        f"check_raise_{ff.ROUND_NAMES[index]}",
                        f"check-raise chance: checked {self._the(index)}, then faced a bet and"
                        " could raise",
                    )
                if kind == "raise_to":
                    values[done] = 1
        if kind == "check":
            seat.checked = True
        elif kind in _RAISING:
            if kind != "bet":
                self.cbet_live = False
            if full or kind == "bet":
                self.aggressor = seat

    def _lead(self, seat: _Seat, index: int, kind: str) -> None:
        """His first action of a later round, nobody having bet: a donk bet chance (the
        last aggressor before is still to act), a probe bet chance (the aggressor missed
        his c-bet on a round checked through and is still to act), a float chance (he
        called the flop c-bet in position and the c-bettor checked the turn)."""
        values = seat.values
        explain = self.explain
        target = self.prev_aggressor
        if (
            target is not None and target is not seat and target.round_acted != index
            and self._acts_in(target, index)
        ):  # fmt: skip
            chance, done = ff.DONK_AT[index]  # type: ignore[misc]
            values[chance] = 1
            if explain:
                seat.reason(
                    f"donk_{ff.ROUND_NAMES[index]}",
                    f"donk bet chance: first to act {self._on(index)} with nobody betting,"
                    f" {target.name} (the last aggressor {self._before(index)}) still to act",
                )
            if kind == "bet":
                values[done] = 1
        target = self.probe_target
        if (
            target is not None and target is not seat and target.round_acted != index
            and self._acts_in(target, index)
        ):  # fmt: skip
            chance, done = ff.PROBE_AT[index]  # type: ignore[misc]
            values[chance] = 1
            if explain:
                seat.reason(
                    f"probe_{ff.ROUND_NAMES[index]}",
                    f"probe bet chance: {target.name} checked his c-bet chance"
                    f" {self._on(index - 1)}, nobody bet there, and nobody bet before him"
                    f" {self._on(index)} with {target.name} still to act",
                )
            if kind == "bet":
                values[done] = 1
        if index == 2 and seat.floated and self.float_open:
            values[ff.FLOAT_CHANCE] = 1
            if explain:
                seat.reason(
                    "float_turn",
                    f"float chance: called the c-bet {self._on(1)} in position, and the"
                    f" c-bettor checked {self._on(2)} with nobody betting before him",
                )
            if kind == "bet":
                values[ff.FLOAT] = 1

    def _before(self, index: int) -> str:
        """``pre-flop``, ``on the flop``: where the round before ``index`` was."""
        return self.words[0] if index == 1 else self._on(index - 1)

    def _cbet_reason(self, index: int) -> str:
        words = self.words
        if self.fpdb_cbet:
            made = f"{words[index]} c-bet chance: made the last bet or raise {self._before(index)}"
            if self.draw:  # FPDB's: the draws come first, so a lead takes nothing away
                return f"{made} and drew {self._on(index)}"
            return f"{made} and nobody bet before him {self._on(index)}"
        if index == 1:
            # Stud: the completion (a bet) can be the last full bet of 3rd street.
            last = "the last bet or raise" if self.bring_in else "the last raise"
            return (
                f"{words[1]} c-bet chance: made {last} {words[0]} and nobody bet "
                f"before him {self._on(1)}"
            )
        return (
            f"{words[index]} c-bet chance: c-bet {self._the(index - 1)}, nobody raised it, "
            f"and nobody bet before him {self._on(index)}"
        )

    def _the(self, index: int) -> str:
        """``the flop``, ``4th street``, ``the first draw``."""
        word = self.words[index]
        return word if word.endswith("street") else f"the {word}"

    def _on(self, index: int) -> str:
        """``on the flop``, ``on 4th street``, ``after the first draw``."""
        word = self.words[index]
        return f"after {self._the(index)}" if "draw" in word else f"on {self._the(index)}"

    # -- the end ---------------------------------------------------------------------------

    def _rounds_dealt(self) -> int:
        """How many rounds after the first were dealt (on the first board, for boards).

        The decisions say up to the last one; an all-in run-out deals the rest without any,
        so only the events after the last decision are read.
        """
        decisions = self.result.decisions
        dealt = self.round_index
        events = self.result.hand.events
        start = decisions[-1].index + 1 if decisions else 0
        for i in range(start, len(events)):
            event = events[i]
            kind = type(event)
            if kind is ev.StreetStart or (kind is ev.DealBoard and event.run == 1):  # type: ignore[attr-defined]
                dealt += 1
        return dealt

    def _finish(self) -> list[_Seat]:
        """What the result knows (folds, showdown, money, all-in) and the walk's flags."""
        game = self.result.hand.game
        round_of = _ROUND_OF[game]
        first_street = _FIRST_STREET[game]
        dealt = min(self._rounds_dealt(), len(ff.SAW_AT) - 1)
        seats = list(self.seats.values())
        live = 0
        saw_up_to, saw_flop, net, rake_paid = _SAW_UP_TO, ff.SAW_FLOP, ff.NET, ff.RAKE_PAID
        for seat in seats:
            p, values = seat.result, seat.values
            if not p.folded:
                live += 1
            # He saw each round dealt before the one he folded in.
            seen = dealt
            if p.folded_on is not None and round_of[p.folded_on] < dealt:
                seen = round_of[p.folded_on]
            for column in saw_up_to[seen]:
                values[column] = 1
            won = p.collected > 0
            if p.went_to_showdown:
                values[ff.WENT_TO_SHOWDOWN] = 1
                values[ff.WON_AT_SHOWDOWN] = 1 if won else 0
            if won and values[saw_flop]:
                values[ff.WON_WHEN_SAW_FLOP] = 1
            values[net] = p.net
            values[rake_paid] = p.rake_paid
            if p.all_in:
                # His last chip went in with his last call, bet or raise, else with a blind
                # or ante in the first round.
                values[ff.ALL_IN_STREET] = seat.paid_on or first_street
        if dealt == 0 and not self.opened and live == 1:
            for seat in seats:
                if not seat.result.folded:
                    seat.values[ff.WALK] = 1
        return seats


#: How the reasons name each street: "flop", "4th street", "first draw" ...; the first
#: round by where it is ("pre-flop", "on 3rd street", "before the draw").
_STREET_WORDS = {
    "preflop": "pre-flop", "third": "on 3rd street", "predraw": "before the draw",
    "fourth": "4th street", "fifth": "5th street", "sixth": "6th street",
    "seventh": "7th street", "first_draw": "first draw", "second_draw": "second draw",
    "third_draw": "third draw",
}  # fmt: skip


def _words(streets: tuple[str, ...]) -> tuple[str, ...]:
    """Each round's name for the reasons, padded to the four rounds that have flags."""
    words = tuple(_STREET_WORDS.get(name, name) for name in streets)
    return (*words, *ff.ROUND_NAMES[len(words) :])


#: Each game's round names for the reasons, made once.
_WORDS: Final = {game: _words(spec.street_names) for game, spec in GAME_SPECS.items()}
