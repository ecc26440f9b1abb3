"""Standings from the hands alone (RULES.md T3).

A player is out of the tournament when a hand leaves him with no chips and he is never
seen with chips again; seen again, he re-entered (or rebought, when the log says so).
Players out in the same hand rank by their stacks **at the start of that hand** (the TDA
reading; the rule book's `002` uses the stack just before going all-in, which the online
logs do not state for every player — docs/tournaments.md records the choice), larger
first; equal stacks tie and share the best of their places (T3). Players still holding
chips after the last hand rank above everyone who went out; with one left, he won.
Hand-for-hand (T3, T6): players out in hands of the same hand-for-hand round, at
different tables, count as out in the same hand, ranked the same way.

>>> hands = [HandStacks("h1", "1", {"A": 100, "B": 50, "C": 50, "D": 20},
...                     {"A": 220, "B": 0, "C": 0, "D": 0})]
>>> [(s.name, s.place) for s in standings(hands, entrants=4)]
[('A', 1), ('B', 2), ('C', 2), ('D', 4)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class HandStacks:
    """One hand of the tournament, in the order played: each player's stack at its start
    and at its end (start + net)."""

    hand_id: str
    table: str
    start: Mapping[str, int]
    end: Mapping[str, int]
    #: Players who rebought or took an add-on in this hand (not out, even at 0).
    rebought: frozenset[str] = field(default_factory=frozenset)
    #: The hand-for-hand round this hand was played in (None: not hand-for-hand); hands
    #: of one round at different tables count as one hand for the places (T3).
    hand_for_hand: int | None = None


@dataclass(frozen=True, slots=True)
class Elimination:
    hand_id: str
    #: The players out in this hand, with their stacks at its start, larger first.
    players: tuple[tuple[str, int], ...]
    #: The hand each went out in, when not ``hand_id`` (hand-for-hand at other tables).
    hands: Mapping[str, str] = field(default_factory=dict)

    def hand_of(self, name: str) -> str:
        return self.hands.get(name, self.hand_id)


@dataclass(frozen=True, slots=True)
class Standing:
    name: str
    place: int | None
    #: How many players share this place (1: no tie).
    tied: int = 1
    #: The hand he went out in (None: still in at the end).
    hand_id: str | None = None
    #: Entries seen in the hands (2: he re-entered once).
    entries: int = 1


def eliminations(hands: Sequence[HandStacks]) -> tuple[list[Elimination], dict[str, int]]:
    """Each hand where players went out for good, in order; and each player's entries."""
    last_out: dict[str, tuple[int, int]] = {}  # name -> (hand index, stack at its start)
    entries: dict[str, int] = {}
    for k, hand in enumerate(hands):
        for name, stack in hand.start.items():
            entries.setdefault(name, 1)
            if name in last_out and stack > 0:
                del last_out[name]
                if name not in hand.rebought and not _rebought_before(hands, name, k):
                    entries[name] += 1
        for name, stack in hand.end.items():
            if stack == 0 and hand.start.get(name, 0) > 0 and name not in hand.rebought:
                last_out[name] = (k, hand.start[name])
    # One group per hand, or per hand-for-hand round (the group sits at its last hand).
    group_of: dict[int, int] = {}
    last_of_round: dict[int, int] = {}
    for k, hand in enumerate(hands):
        if hand.hand_for_hand is not None:
            last_of_round[hand.hand_for_hand] = k
    for k, hand in enumerate(hands):
        round_ = hand.hand_for_hand
        group_of[k] = last_of_round[round_] if round_ is not None else k
    by_group: dict[int, list[tuple[str, int, int]]] = {}
    for name, (k, stack) in last_out.items():
        by_group.setdefault(group_of[k], []).append((name, stack, k))
    out = []
    for g in sorted(by_group):
        players = sorted(by_group[g], key=lambda p: (-p[1], p[0]))
        out.append(Elimination(
            hands[g].hand_id, tuple((n, st) for n, st, _ in players),
            {n: hands[k].hand_id for n, _, k in players if k != g},
        ))  # fmt: skip
    return out, entries


def _rebought_before(hands: Sequence[HandStacks], name: str, k: int) -> bool:
    """A rebuy written in the hand before the one where the chips show up."""
    return k > 0 and name in hands[k - 1].rebought


def standings(hands: Sequence[HandStacks], entrants: int | None = None) -> list[Standing]:
    """Every player's place by T3. Places are counted from the top: exact when the hands
    cover the whole field (a single table, or every table of a live log): ``entrants``
    says how large the field was (None: unknown), and unless the hands show that many
    players nobody gets a place from them, rather than a wrong one."""
    outs, entries = eliminations(hands)
    gone = {name for e in outs for name, _ in e.players}
    alive = sorted(n for n in entries if n not in gone)
    whole = entrants is not None and entrants == len(entries)
    result: list[Standing] = []
    if len(alive) == 1 and whole:
        result.append(Standing(alive[0], 1, entries=entries[alive[0]]))
    else:
        result += [Standing(n, None, entries=entries[n]) for n in alive]
    next_place = len(alive) + 1
    for elimination in reversed(outs):
        stacks = [s for _, s in elimination.players]
        for name, stack in elimination.players:
            better = sum(1 for s in stacks if s > stack)
            tied = stacks.count(stack)
            place = next_place + better if whole else None
            result.append(Standing(name, place, tied, elimination.hand_of(name), entries[name]))
        next_place += len(elimination.players)
    return result
