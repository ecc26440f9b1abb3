"""Quirks met in real files of the rooms that are not in ../shared/corpora (issue 22,
acceptance 2: "build to the formats, not to the files in front of you").

Each test writes a few lines of the pattern by hand (made-up players and amounts), not a
copy of the file it was found in, and asserts the hand now reads and replays as the rules
say. The measurements behind them are in the commit messages.
"""

from __future__ import annotations

from parser.formats import parse_hand, split_hands
from replayer import replay

# ruff: noqa: E501 - hand-history lines are as long as the room writes them


def _one(text: str, name: str = "t.txt"):
    (raw,) = split_hands(text, name)
    return parse_hand(raw)


# -- Full Tilt -----------------------------------------------------------------------


def _fulltilt(game: str, blinds: str = "$0.05/$0.10") -> str:
    return f"""Full Tilt Poker Game #5000000101: Table Alpha (6 max) - {blinds} - {game} - 12:00:00 ET - 2013/05/20
Seat 1: Ann ($5)
Seat 2: Bob ($5)
Ann posts the small blind of $0.05
Bob posts the big blind of $0.10
The button is in seat #1
*** HOLE CARDS ***
Ann folds
Uncalled bet of $0.05 returned to Bob
Bob mucks
Bob wins the pot ($0.10)
*** SUMMARY ***
Total pot $0.10 | Rake $0
Seat 1: Ann (small blind) folded before the Flop
Seat 2: Bob (big blind) collected ($0.10), mucked
"""


def test_fulltilt_2013_header_abbreviates_every_limit():
    """From 2013 the game is "NL Hold'em", "PL Omaha Hi", "FL Badugi", "CAP NL Hold'em":
    the short limit of every game the long form names (the table name may also carry a
    bracket, "(New to the Game)")."""
    for game, code in (("FL Badugi", "FLBADUGI"), ("PL Omaha Hi", "PLO"),
                       ("PL 5 Card Omaha Hi", "PLO5"), ("CAP NL Hold'em", "NLHE"),
                       ("NL 2-7 Single Draw", "NL27SD")):
        hand = _one(_fulltilt(game).replace("(6 max)", "(New to the Game)"))
        assert hand.game == code, game
        assert hand.stakes.cap is None  # "CAP" names no cap amount
        assert replay(hand).chips_conserved
