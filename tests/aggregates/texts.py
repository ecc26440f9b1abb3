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


# -- stud and draw, in PokerStars' own words --------------------------------------------------

_STUD_HEADER = "PokerStars Game #{}:  7 Card Stud Limit ($0.04/$0.08 USD) - 2009/11/26 {} ET\n"

#: 7-card stud at $0.04/$0.08, antes $0.01: Third brings in, Hero completes ("bets"),
#: Villain raises (the 2-bet), Third folds, Hero re-raises (the 3-bet), Villain calls; on
#: 4th street Hero (best showing) c-bets and Villain folds. Hero +$0.16.
STUD_LADDER = (
    _STUD_HEADER.format(35874004239, "10:08:43")
    + """\
Table 'Atalante II' 8-max
Seat 1: Hero ($1.60 in chips)
Seat 3: Villain ($1.84 in chips)
Seat 4: Third ($1.34 in chips)
Hero: posts the ante $0.01
Villain: posts the ante $0.01
Third: posts the ante $0.01
*** 3rd STREET ***
Dealt to Hero [3d Th As]
Dealt to Villain [9s]
Dealt to Third [2c]
Third: brings in for $0.02
Hero: bets $0.04
Villain: raises $0.04 to $0.08
Third: folds
Hero: raises $0.04 to $0.12
Villain: calls $0.04
*** 4th STREET ***
Dealt to Hero [3d Th As] [Qc]
Dealt to Villain [9s] [6h]
Hero: bets $0.04
Villain: folds
Uncalled bet ($0.04) returned to Hero
Hero collected $0.29 from pot
*** SUMMARY ***
Total pot $0.29 | Rake $0
Seat 1: Hero collected ($0.29)
Seat 3: Villain folded on the 4th Street
Seat 4: Third folded on the 3rd Street


"""
)

#: The same table: everyone folds to Third's bring-in (his walk). Hero −$0.01.
STUD_WALK = (
    _STUD_HEADER.format(35874004240, "10:09:43")
    + """\
Table 'Atalante II' 8-max
Seat 1: Hero ($1.76 in chips)
Seat 3: Villain ($1.71 in chips)
Seat 4: Third ($1.31 in chips)
Hero: posts the ante $0.01
Villain: posts the ante $0.01
Third: posts the ante $0.01
*** 3rd STREET ***
Dealt to Hero [Kd 8h 7s]
Dealt to Villain [Jc]
Dealt to Third [3h]
Third: brings in for $0.02
Hero: folds
Villain: folds
Uncalled bet ($0.02) returned to Third
Third collected $0.03 from pot
*** SUMMARY ***
Total pot $0.03 | Rake $0
Seat 1: Hero folded on the 3rd Street
Seat 3: Villain folded on the 3rd Street
Seat 4: Third collected ($0.03)


"""
)

#: 2-7 triple draw at $0.10/$0.20 (blinds $0.05/$0.10): Co folds, Hero on the button
#: raises (a steal), Sb folds, Bb calls; after the first draw Hero c-bets and Bb folds.
#: Hero +$0.25.
TRIPLE_DRAW_STEAL = (
    (
        "PokerStars Game #63845186379:  Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD)"
        " - 2011/06/26 18:34:02 ET\n"
    )
    + """\
Table 'SeinV' 6-max Seat #1 is the button
Seat 1: Hero ($4 in chips)
Seat 2: Sb ($4 in chips)
Seat 3: Bb ($4 in chips)
Seat 4: Co ($4 in chips)
Sb: posts small blind $0.05
Bb: posts big blind $0.10
*** DEALING HANDS ***
Dealt to Hero [2s 3d 4h 7c 8s]
Co: folds
Hero: raises $0.10 to $0.20
Sb: folds
Bb: calls $0.10
*** FIRST DRAW ***
Bb: discards 2 cards
Hero: stands pat
Bb: checks
Hero: bets $0.10
Bb: folds
Uncalled bet ($0.10) returned to Hero
Hero collected $0.45 from pot
*** SUMMARY ***
Total pot $0.45 | Rake $0
Seat 1: Hero (button) collected ($0.45)
Seat 2: Sb (small blind) folded before the Draw
Seat 3: Bb (big blind) folded after the 1st Draw
Seat 4: Co folded before the Draw


"""
)
