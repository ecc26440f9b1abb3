"""Winamax: the PokerStars fields in its own words, euros, tournaments with their
summaries.

Hands are read by ``reader.py`` (``winamax.lark``), summaries by ``summary.py``
(``winamax_summary.lark``); split pots pay one odd chip each from the highest seat down.
"""

from parser.kit.room import ClientFolders, reader_room
from parser.model.house import HouseRules, OddChips

ROOM = reader_room(
    name="winamax",
    site="Winamax",
    ended="parser.kit.split:ends_after_summary",
    summaries=True,
    # One odd chip each, from the highest seat down whatever the button: 260 three ways
    # between seats 3, 7 and 8 (button 2) pays 87 / 87 / 86, seat 3 short.
    house=HouseRules(name="Winamax", odd_chips=OddChips.ONE_EACH_HIGH_SEAT_FIRST),
    client_folders=(
        ClientFolders(
            client="Winamax",
            windows=(r"%USERPROFILE%\Documents\Winamax Poker\accounts",),
            macos=("~/Library/Application Support/winamax/documents/accounts",),
        ),
    ),
)
