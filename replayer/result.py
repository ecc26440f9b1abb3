"""What a replay produces: per-player results, pots, and (optionally) the state after each event."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from parser.model.cards import Card
from parser.model.hand import ParsedHand
from parser.model.makers import positional
from replayer.state import HandState


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerResult:
    name: str
    seat: int
    #: BTN, SB, BB, UTG, UTG+1, MP, HJ, CO ... (blind games); None when not dealt in.
    position: str | None
    starting_stack: int
    #: The cards the log revealed (dealt, shown or mucked face up), else ().
    hole_cards: tuple[Card, ...]
    #: Everything the player put into the pot (antes, blinds, bets), net of returned bets.
    invested: int
    #: What the player took from the pot, after rake, as the site paid it.
    collected: int
    #: The player's share of the rake (charged to the pots he won).
    rake_paid: int
    dealt_in: bool
    folded: bool
    all_in: bool
    #: The street on which the player folded, or None.
    folded_on: str | None = None
    went_to_showdown: bool = False
    cashed_out: int = 0

    @property
    def net(self) -> int:
        return self.collected + self.cashed_out - self.invested

    @property
    def final_stack(self) -> int:
        return self.starting_stack + self.net


class Decision(NamedTuple):
    """One betting decision as the rules saw it, before the player acted.

    Statistics need exactly this (a 3-bet chance is "faced one raise and could re-raise"),
    so the engine records it once instead of every consumer re-deriving the betting.
    A NamedTuple because a hand has many and they are built on the replay's hot path.
    """

    #: Index of the action in ``hand.events``. The name shadows ``tuple.index`` on purpose
    #: (consumers read ``decision.index``); nothing calls the tuple method on a Decision.
    index: int  # type: ignore[assignment]
    street: str
    player: str
    #: The event kind: fold, check, call, bet or raise_to.
    kind: str
    to_call: int
    current_bet: int
    #: Whether the rules let him bet or raise (B7 cap, B8 reopening, his stack).
    could_raise: bool
    #: For a bet or raise: whether it was a full one that reopened the betting (B8).
    full_raise: bool | None


class AllInPoint(NamedTuple):
    """The first moment no more betting could happen while cards were still to come: two or
    more players not folded, at most one of them not all-in, nobody to act, the board (or,
    in games without one, the streets) incomplete. All-in EV (``analytics.equity.all_in_ev``)
    deals the hand out from here; the engine notes it as it replays, so EV needs neither
    the states nor a second replay."""

    #: Index of the event after which it was reached (into ``hand.events``).
    index: int  # type: ignore[assignment]
    street: str
    #: The first board at that moment.
    board: tuple[Card, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PotResult:
    """One pot (main pot is index 0) on one board run, and who won what from it."""

    index: int
    run: int
    amount: int
    eligible: tuple[str, ...]
    #: (player, amount before rake) in seat order.
    winners: tuple[tuple[str, int], ...]
    #: Hand descriptions of the winners ("three of a kind, Jacks"), for display.
    descriptions: tuple[tuple[str, str], ...] = ()
    #: The odd chip(s) and to whom they went (RULES.md S4).
    odd_chips_to: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ReplayResult:
    hand: ParsedHand
    players: tuple[PlayerResult, ...]
    pots: tuple[PotResult, ...]
    #: One board per run; a hand that ended before the flop has one empty board.
    boards: tuple[tuple[Card, ...], ...]
    total_pot: int
    rake: int
    #: The state after each event of ``hand.events`` (same index), when requested.
    states: tuple[HandState, ...] = ()
    #: Every betting decision in order, with what the rules allowed at that moment.
    decisions: tuple[Decision, ...] = ()
    #: Notes the engine made that are not errors (e.g. "log has no Uncalled bet line").
    diagnostics: tuple[str, ...] = ()
    #: Pot the site kept because its winner cashed out; jackpot and cash-out fees taken.
    unawarded: int = 0
    taken: int = 0
    #: Money that entered the pot from outside the players (splash the pot).
    added: int = 0
    #: Where the hand became all-in with cards to come (:class:`AllInPoint`), or None.
    all_in_point: AllInPoint | None = None

    @property
    def chips_conserved(self) -> bool:
        """What went into the pot came out: to players, the rake, or the site.

        Σ (collected − invested) + rake + taken + unawarded = added; cash-out payouts come
        from the site, outside the pot, so they are not part of it.
        """
        table = sum(p.collected - p.invested for p in self.players)
        return table + self.rake + self.taken + self.unawarded == self.added

    def player(self, name: str) -> PlayerResult:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)


#: The engine's constructors of its results (:func:`parser.model.makers.positional`), fields in
#: order.
new_player_result = positional(PlayerResult)
new_pot_result = positional(PotResult)
new_replay_result = positional(ReplayResult)
