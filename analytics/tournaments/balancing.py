"""Live logs: the opening seat draw (RULES.md T8) and table balancing (T6), checked.

A live log (PHH) has every table and every hand, in the order they were played, so what
the tournament director did between hands can be checked against the rule book:

- **T8**: the opening draw seats the field at the fewest tables the seat limit allows,
  split as evenly as possible (13 players at 10-seat tables: 7 and 6).
- **T6**: no table may start a hand with more than two players more than another; a move
  goes from a table with at least two players more than the one it goes to (``002``
  still moves 9/7 to 8/8: closer balancing is allowed), unless it breaks the table up;
  in blind games the player nearest the big blind at the fuller table moves to the free
  seat nearest the big blind at the shorter table. Hand-for-hand, no table starts a hand
  until every table has finished the current one.

"Nearest the big blind" is read as the blind's own order: the player who would post the
next big blind at his table (the first seat clockwise after the last hand's big blind),
and the free seat that would post it first at the new one (the first free seat clockwise
after that table's last big blind), so that a moved player neither skips nor pays a big
blind twice. The log's order is the order the hands were played; a move written in a
hand was made after every hand written before it, so the tables' sizes it is judged by
are the sizes after those hands (every table had finished its hand: T6). Stud tables
(no blinds) are checked only for their sizes.
"""

from __future__ import annotations

from collections.abc import Sequence

from analytics.tournaments.live import LoggedHand, Problem
from parser.model import events as ev


def draw_sizes(players: int, seat_limit: int) -> list[int]:
    """T8: the table sizes of an opening draw, fullest first.

    >>> draw_sizes(13, 10), draw_sizes(20, 10), draw_sizes(21, 10), draw_sizes(9, 10)
    ([7, 6], [10, 10], [7, 7, 7], [9])
    """
    if players <= 0:
        return []
    tables = -(-players // seat_limit)
    each, extra = divmod(players, tables)
    return [each + 1] * extra + [each] * (tables - extra)


def seat_draw(hands: Sequence[LoggedHand]) -> list[Problem]:
    """T8 on a live log: the tables open with the sizes :func:`draw_sizes` gives.

    The opening draw is each table's first hand played before anybody went out, without
    the players moved in; the seat limit is the tables' ``seat_count`` (10 unless said).
    """
    first: dict[str, LoggedHand] = {}
    for hand in hands:
        if any(stack == 0 for name, stack in hand.end.items() if hand.start.get(name, 0) > 0):
            first.setdefault(hand.table, hand)
            break
        first.setdefault(hand.table, hand)
    seated: dict[str, int] = {}
    for table, hand in first.items():
        moved = {e.player for e in hand.before if isinstance(e, ev.TableMove)}
        seated[table] = len([n for n in hand.start if n not in moved])
    field = sum(seated.values())
    if not field:
        return []
    limit = max((h.max_seats or 10) for h in first.values())
    want = draw_sizes(field, limit)
    have = sorted(seated.values(), reverse=True)
    if have == want:
        return []
    opening = min(first.values(), key=lambda h: hands.index(h)).hand_id
    tables = ", ".join(f"{t}: {n}" for t, n in seated.items())
    return [Problem("seat_draw", "T8", opening,
        f"the opening draw seats {field} players at {len(have)} tables ({tables}); T8 draws"
        f" them to the fewest {limit}-seat tables, as evenly as possible:"
        f" {len(want)} of {' and '.join(map(str, want))}")]  # fmt: skip


def _clockwise(seat: int, after: int, size: int) -> int:
    """How many seats clockwise from the one after ``after`` to ``seat`` (0: the next)."""
    return (seat - after - 1) % size


def balance(hands: Sequence[LoggedHand]) -> list[Problem]:
    """T6 on a live log: every move, the tables' sizes at each hand, and hand-for-hand."""
    problems: list[Problem] = []
    seated: dict[str, dict[str, int]] = {}  # table -> player -> seat, after its last hand
    last_bb: dict[str, int | None] = {}
    size: dict[str, int] = {}
    later_tables = _tables_after(hands)
    reported: set[tuple[str, str]] = set()
    #: Players gone from a table that played on without them: the table as they left it.
    left: dict[str, tuple[dict[str, int], int | None]] = {}
    for k, hand in enumerate(hands):
        size[hand.table] = max(size.get(hand.table, 0), hand.max_seats or 10,
                               *hand.seats.values())  # fmt: skip
        here = seated.setdefault(hand.table, {})
        moves = [e for e in hand.before if isinstance(e, ev.TableMove)]
        breaking = {m.from_table for m in moves if m.from_table not in later_tables[k]}
        for move in moves:
            source = seated.get(move.from_table, {})
            bb_from = last_bb.get(move.from_table)
            if move.player not in source and move.player in left:
                # His old table played on without him before this hand: judge the move
                # by that table as he left it.
                snapshot, bb_from = left.pop(move.player)
                elsewhere = {n for t, ps in seated.items() if t != move.from_table for n in ps}
                source = {n: st for n, st in snapshot.items()
                          if n not in elsewhere and n not in here}  # fmt: skip
            n_from, n_to = len(source), len(here)
            if move.from_table not in breaking and n_from < n_to + 2:
                problems.append(Problem("table_balance", "T6", hand.hand_id,
                    f"{move.player} moves from table {move.from_table} ({n_from} players) to"
                    f" table {hand.table} ({n_to}): T6 moves a player only from a table with"
                    " at least two players more, or one being broken up"))  # fmt: skip
            elif move.from_table not in breaking:
                problems += _who_and_where(hand, move, source, here, bb_from,
                                           last_bb.get(hand.table), size)  # fmt: skip
            source.pop(move.player, None)
            here[move.player] = move.to_seat
        counts = {t: len(p) for t, p in seated.items() if p and t in later_tables[k] | {hand.table}}
        counts[hand.table] = len(hand.start)
        for other, n in counts.items():
            if n_here_exceeds(counts[hand.table], n) and (hand.table, other) not in reported:
                reported.add((hand.table, other))
                problems.append(Problem("table_balance", "T6", hand.hand_id,
                    f"table {hand.table} starts hand {hand.hand_id} with"
                    f" {counts[hand.table]} players while table {other} has {n}: no table"
                    " may have more than two players more than another"))  # fmt: skip
            elif not n_here_exceeds(counts[hand.table], n):
                reported.discard((hand.table, other))
        for name in set(here) - set(hand.start):
            left[name] = (dict(here), last_bb.get(hand.table))
        seated[hand.table] = {n: hand.seats[n] for n, st in hand.end.items()
                              if st > 0 and n in hand.seats}  # fmt: skip
        for table, players in seated.items():
            if table != hand.table:
                for name in hand.start:
                    players.pop(name, None)
        last_bb[hand.table] = hand.big_blind
    return problems + _hand_for_hand(hands)


def n_here_exceeds(here: int, other: int) -> bool:
    """T6: more than two players more than another table."""
    return here > other + 2


def _who_and_where(hand: LoggedHand, move: ev.TableMove, source: dict[str, int],
                   here: dict[str, int], bb_from: int | None, bb_to: int | None,
                   size: dict[str, int]) -> list[Problem]:  # fmt: skip
    """Blind games: the player nearest the big blind moves to the free seat nearest it."""
    problems = []
    if bb_from is not None and source:
        n = size.get(move.from_table, 10)
        due = min(source, key=lambda p: _clockwise(source[p], bb_from, n))
        if due != move.player:
            problems.append(Problem("table_balance", "T6", hand.hand_id,
                f"{move.player} moves from table {move.from_table}, but the player nearest"
                f" the big blind there is {due} (seat {source[due]}, next to post it after"
                f" seat {bb_from})"))  # fmt: skip
    if bb_to is not None:
        n = size.get(hand.table, 10)
        taken = set(here.values())
        free = [s for s in range(1, n + 1) if s not in taken]
        if free:
            best = min(free, key=lambda s: _clockwise(s, bb_to, n))
            if best != move.to_seat:
                problems.append(Problem("table_balance", "T6", hand.hand_id,
                    f"{move.player} moves to seat {move.to_seat} of table {hand.table}, but"
                    f" the free seat nearest the big blind is seat {best} (the first free"
                    f" seat after the big blind, seat {bb_to})"))  # fmt: skip
    return problems


def _tables_after(hands: Sequence[LoggedHand]) -> list[set[str]]:
    """For each hand, the tables that play a hand after it (the others are broken up)."""
    out: list[set[str]] = [set() for _ in hands]
    seen: set[str] = set()
    for k in range(len(hands) - 1, -1, -1):
        out[k] = set(seen)
        seen.add(hands[k].table)
    return out


def _hand_for_hand(hands: Sequence[LoggedHand]) -> list[Problem]:
    """T6: hand-for-hand, no table starts round N + 1 before every table finished round N
    (a hand of an earlier round written after it)."""
    problems = []
    earliest_later: dict[str, tuple[int, str]] = {}  # table -> (lowest later round, hand)
    for hand in reversed(hands):
        round_ = hand.hand_for_hand
        if round_ is None:
            continue
        for table, (other, other_hand) in earliest_later.items():
            if table != hand.table and other < round_:
                problems.append(Problem("hand_for_hand", "T6", hand.hand_id,
                    f"table {hand.table} starts hand-for-hand round {round_} before table"
                    f" {table} finished round {other} (hand {other_hand})"))  # fmt: skip
        mine = earliest_later.get(hand.table)
        if mine is None or round_ <= mine[0]:
            earliest_later[hand.table] = (round_, hand.hand_id)
    problems.reverse()
    return problems
