"""Hands written with the current time, for the live tables' tests (the Table page shows
tables with a hand in the last minutes): PokerStars cash hands at one table, the hero
(``Hero``) on the button with Ann, Bob and Cy."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

EASTERN = ZoneInfo("America/New_York")
OPPONENTS = ("Ann", "Bob", "Cy")


def hand_text(number: int, table: str, when: dt.datetime, variant: int) -> str:
    """A PokerStars cash hand at ``table``: Cy raises, Bob calls, Cy c-bets the flop and
    Bob folds (variant 0); or Ann raises, Bob 3-bets, Ann folds (variant 1)."""
    stamp = when.astimezone(EASTERN).strftime("%Y/%m/%d %H:%M:%S")
    head = (f"PokerStars Hand #{number}:  Hold'em No Limit ($0.05/$0.10 USD) - {stamp} ET\n"
            f"Table '{table}' 6-max Seat #1 is the button\n"
            "Seat 1: Hero ($10 in chips)\nSeat 2: Ann ($10 in chips)\n"
            "Seat 3: Bob ($10 in chips)\nSeat 4: Cy ($10 in chips)\n"
            "Ann: posts small blind $0.05\nBob: posts big blind $0.10\n"
            "*** HOLE CARDS ***\nDealt to Hero [Ad 3d]\n")  # fmt: skip
    if variant == 0:
        body = ("Cy: raises $0.20 to $0.30\nHero: folds\nAnn: folds\nBob: calls $0.20\n"
                "*** FLOP *** [5h 5c Jd]\nBob: checks\nCy: bets $0.40\nBob: folds\n"
                "Uncalled bet ($0.40) returned to Cy\nCy collected $0.65 from pot\n"
                "Cy: doesn't show hand\n*** SUMMARY ***\nTotal pot $0.65 | Rake $0\n"
                "Board [5h 5c Jd]\nSeat 1: Hero (button) folded before Flop (didn't bet)\n"
                "Seat 2: Ann (small blind) folded before Flop\n"
                "Seat 3: Bob (big blind) folded on the Flop\nSeat 4: Cy collected ($0.65)\n")
    else:
        body = ("Cy: folds\nHero: folds\nAnn: raises $0.25 to $0.35\n"
                "Bob: raises $0.75 to $1.10\nAnn: folds\n"
                "Uncalled bet ($0.75) returned to Bob\nBob collected $0.70 from pot\n"
                "Bob: doesn't show hand\n*** SUMMARY ***\nTotal pot $0.70 | Rake $0\n"
                "Seat 1: Hero (button) folded before Flop (didn't bet)\n"
                "Seat 2: Ann (small blind) folded before Flop\n"
                "Seat 3: Bob (big blind) collected ($0.70)\n"
                "Seat 4: Cy folded before Flop (didn't bet)\n")  # fmt: skip
    return head + body + "\n\n\n"
