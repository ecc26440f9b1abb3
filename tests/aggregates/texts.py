"""Hands written as PokerStars text (the Pluribus dialect), for tests that import them.

``hand_text(number, actions, ...)`` builds one hand: the header, six seats of 10000 chips
(or ``seats``), the blinds, the hole cards, the action lines as given (``*** FLOP ***``
lines included), and the summary with the total pot. The amounts collected are written by
the test, as the log would have them.
"""

from __future__ import annotations

SIX = ("sb", "bb", "utg", "mp", "co", "btn")
CARDS = {
    "sb": "2c 7d", "bb": "3c 8d", "utg": "4c 9d", "mp": "5c Td", "co": "6c Jd", "btn": "Ah Kh",
}  # fmt: skip


def hand_text(
    number: int,
    actions: str,
    *,
    pot: int,
    board: str = "",
    cards: dict[str, str] | None = None,
    seats: tuple[str, ...] = SIX,
    day: str = "2019/07/12",
    stakes: tuple[int, int] = (50, 100),
    table: str = "T",
    hidden: tuple[str, ...] = (),
    game: str = "Hold'em No Limit",
) -> str:
    """One hand; the button is the last seat, the blinds the first two (``stakes``; in a
    fixed-limit ``game`` they are the bets, and the blinds posted are half of them).
    ``hidden`` players' hole cards are not shown."""
    cards = {**CARDS, **(cards or {})}
    small, big = stakes
    blinds = (small // 2, small) if "Limit" in game and "No Limit" not in game else stakes
    seat_lines = [f"Seat {i}: {name} (10000 in chips)" for i, name in enumerate(seats, 1)]
    lines = [
        f"PokerStars Hand #{number}: {game} ({small}/{big}) - {day} 03:46:40 ET",
        f"Table '{table}' 6-max (Play Money) Seat #{len(seats)} is the button",
        *seat_lines,
        f"{seats[0]}: posts small blind {blinds[0]}",
        f"{seats[1]}: posts big blind {blinds[1]}",
        "*** HOLE CARDS ***",
        *(f"Dealt to {name} [{cards[name]}]" for name in seats if name not in hidden),
        *[line.strip() for line in actions.strip().splitlines() if line.strip()],
        "*** SUMMARY ***",
        f"Total pot {pot} | Rake 0",
    ]
    if board:
        lines.append(f"Board [{board}]")
    return "\n".join(lines) + "\n\n\n"
