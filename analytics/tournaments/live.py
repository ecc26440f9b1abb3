"""Between hands: colour-ups (RULES.md T5), table moves (T6), and every stack carried over.

Nothing in a hand history says what a player's stack should be at the start of his next
hand; here it is checked. Each player's stack at the start of a hand must be his stack at
the end of his previous one, unless the log explains the change: a rebuy or add-on (the
chips it says he received), a colour-up at that table (T5: his odd chips gone, perhaps one
chip won in the race), or a move to another table with his chips (T6). Anything else is
reported, with both hands.

Online logs show only the tables the hero played, and files often keep only some hands,
so two hands of a table are compared only when they follow each other: no hand of another
table between them and the button one seat on (D2). A live log (PHH) has every table and
every hand and is compared throughout.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from parser.model import events as ev
from parser.model.cards import Card

#: Suits from lowest to highest, for the chip race's ties (T5, standard).
SUIT_ORDER = "cdhs"
RANK_ORDER = "23456789TJQKA"


@dataclass(frozen=True, slots=True)
class Problem:
    kind: str
    rule: str | None
    hand_id: str
    message: str

    def __str__(self) -> str:
        rule = f"[{self.rule}] " if self.rule else ""
        return f"hand {self.hand_id}: {rule}{self.message}"


@dataclass(frozen=True, slots=True, kw_only=True)
class LoggedHand:
    """One stored hand of a tournament, as the checks need it."""

    hand_id: str
    table: str
    #: Seat of each player listed, and who was dealt in.
    seats: Mapping[str, int]
    dealt_in: frozenset[str]
    start: Mapping[str, int]
    end: Mapping[str, int]
    #: Chips received from rebuys and add-ons written in this hand.
    rebuy_chips: Mapping[str, int] = field(default_factory=dict)
    before: tuple[ev.Event, ...] = ()
    button: int | None = None
    small_blind: int | None = None
    #: The big blind's seat (None: no blinds, stud).
    big_blind: int | None = None
    max_seats: int | None = None
    live: bool = False
    #: The hand-for-hand round (``_hand_for_hand``), None outside hand-for-hand.
    hand_for_hand: int | None = None


@dataclass(frozen=True, slots=True)
class ColourUpResult:
    stacks: dict[str, int]
    #: The chips raced, and who won one (in the order won).
    raced: int
    winners: tuple[str, ...]
    #: Players left with no chips, given one new chip first.
    given: tuple[str, ...]


def card_key(card: Card) -> tuple[int, int]:
    """Chip race order: rank, then suit (clubs < diamonds < hearts < spades)."""
    return RANK_ORDER.index(str(card)[0]), SUIT_ORDER.index(str(card)[1])


def colour_up(
    stacks: Sequence[tuple[str, int]], event: ev.ColourUp, cards: Sequence[ev.ChipRaceCard]
) -> ColourUpResult:
    """T5 at one table: ``stacks`` in seat order from seat 1. Raise ``ValueError`` naming
    the rule when the race cards do not follow it.

    Each player's chips of ``old_chip`` are changed for ``new_chip`` as far as they go; the
    odd chips left over are pooled: a remainder of at least half a new chip makes one more,
    less is removed. A player left with no chips gets one new chip first (from the pool;
    T1: a colour-up eliminates nobody) and races for no other. The others with odd chips
    get one race card each, dealt from seat 1; the highest cards win a chip each.

    >>> r = colour_up([("A", 1025), ("B", 50), ("C", 1075)], ev.ColourUp(old_chip=25,
    ...     new_chip=100), [ev.ChipRaceCard(player="A", card=Card.parse("Kh")),
    ...     ev.ChipRaceCard(player="C", card=Card.parse("Ks"))])
    >>> r.stacks, r.winners, r.given
    ({'A': 1000, 'B': 100, 'C': 1100}, ('C',), ('B',))
    """
    new = event.new_chip
    odd = {name: stack % new for name, stack in stacks}
    kept = {name: stack - odd[name] for name, stack in stacks}
    pool = sum(odd.values())
    chips = pool // new + (1 if 2 * (pool % new) >= new and pool % new else 0)
    given = tuple(name for name, _ in stacks if kept[name] == 0 and odd[name] > 0)
    for name in given:
        kept[name] = new
    chips = max(0, chips - len(given))
    racing = [name for name, _ in stacks if odd[name] > 0 and name not in given]
    dealt = [c.player for c in cards]
    if chips and racing and dealt != racing:
        raise ValueError(f"[T5] the race cards go to {', '.join(racing)} from seat 1, one each;"
                         f" the log deals them to {', '.join(dealt) or 'nobody'}")  # fmt: skip
    if len({str(c.card) for c in cards}) != len(cards):
        raise ValueError("[T5] the same race card is dealt twice")
    order = sorted(cards, key=lambda c: card_key(c.card), reverse=True)
    winners = tuple(c.player for c in order[:chips])
    for name in winners:
        kept[name] += new
    return ColourUpResult(kept, chips, winners, given)


def _in_button_to_small_blind(hand: LoggedHand, seat: int) -> bool:
    """T6: a seat from the button to the small blind, inclusive, going clockwise."""
    if hand.button is None or hand.small_blind is None:
        return False
    size = max(hand.max_seats or 10, seat, hand.button, hand.small_blind)
    return (seat - hand.button) % size <= (hand.small_blind - hand.button) % size


def check(hands: Sequence[LoggedHand]) -> list[Problem]:
    """Every stack carried from hand to hand (T5, T6 and rebuys explaining changes)."""
    problems: list[Problem] = []
    last: dict[str, tuple[int, int]] = {}  # name -> (index of his last hand, end stack)
    waiting: dict[str, str] = {}  # moved players not yet dealt in -> their new table
    for k, hand in enumerate(hands):
        explained: dict[str, int] = {}
        moved: dict[str, ev.TableMove] = {}
        ups = [e for e in hand.before if isinstance(e, ev.ColourUp)]
        race = [e for e in hand.before if isinstance(e, ev.ChipRaceCard)]
        for event in hand.before:
            if isinstance(event, ev.TableMove):
                moved[event.player] = event
                if event.to_table != hand.table:
                    problems.append(Problem("table_move", "T6", hand.hand_id,
                        f"{event.player} moves to table {event.to_table}, written in a hand"
                        f" of table {hand.table}"))  # fmt: skip
                elif hand.seats.get(event.player, event.to_seat) != event.to_seat:
                    problems.append(Problem("table_move", "T6", hand.hand_id,
                        f"{event.player} moves to seat {event.to_seat} but sits in seat"
                        f" {hand.seats[event.player]}"))  # fmt: skip
                waiting[event.player] = hand.table
        if ups:
            before_up = sorted(
                ((n, last[n][1]) for n in hand.start if n in last and n not in moved),
                key=lambda p: hand.seats.get(p[0], 0),
            )
            try:
                result = colour_up(before_up, ups[-1], race)
            except ValueError as problem:
                problems.append(Problem("colour_up", "T5", hand.hand_id, str(problem)))
            else:
                explained.update(result.stacks)
        for name, stack in hand.start.items():
            seat = hand.seats.get(name)
            if name in waiting and name in hand.dealt_in:
                if (
                    seat is not None
                    and seat != hand.button
                    and _in_button_to_small_blind(hand, seat)
                ):
                    problems.append(Problem("table_move", "T6", hand.hand_id,
                        f"{name} moved into seat {seat}, between the button (seat"
                        f" {hand.button}) and the small blind (seat {hand.small_blind}),"
                        " and is dealt in before the button reaches him"))  # fmt: skip
                del waiting[name]
            if name not in last:
                continue
            index, end = last[name]
            previous = hands[index]
            expected = explained.get(name, end) + previous.rebuy_chips.get(name, 0)
            if stack == expected or stack == expected + hand.rebuy_chips.get(name, 0):
                continue
            same = previous.table == hand.table
            if same and not _continuous(hands, index, k):
                continue
            if not same and name not in moved and not hand.live:
                continue  # online: a move between the hero's tables, unseen hands between
            where = f"table {hand.table}" if same else f"tables {previous.table} and {hand.table}"
            problems.append(Problem("stack_continuity", "T5" if ups else None, hand.hand_id,
                f"{name} ends hand {previous.hand_id} with {end} and starts hand"
                f" {hand.hand_id} with {stack} ({where}): the change of {stack - expected:+d}"
                " is not explained by a rebuy, an add-on, a colour-up or a move"))  # fmt: skip
        for name, stack in hand.end.items():
            last[name] = (k, stack)
    return problems


def _continuous(hands: Sequence[LoggedHand], first: int, second: int) -> bool:
    """The log saw that table all along: a live log always; an online one when no hand
    of another table lies between the two and the button moved one seat (D2), so no
    hand of the table is missing from the file."""
    if hands[second].live:
        return True
    table = hands[first].table
    if not all(h.table == table for h in hands[first + 1 : second]):
        return False
    one, two = hands[first], hands[second]
    if one.button is None or two.button is None:
        return False
    occupied = sorted(seat for name, seat in one.seats.items() if one.end.get(name, 0) > 0)
    after = [seat for seat in occupied if seat > one.button] + occupied
    return bool(after) and after[0] == two.button
