"""Winamax: the PokerStars fields in its own words, euros, tournaments with their
summaries.

Its reader (``reader``, grammar ``winamax.lark``) and tournament summaries
(``summary``) live beside this
record; docs/sites.md says what the room writes and how it is read.
"""

from parser.kit.room import ClientFolders, Room
from parser.model.house import HouseRules, OddChips

ROOM = Room(
    name="winamax",
    site="Winamax",
    # One odd chip each, from the highest seat down whatever the button: 260 three ways
    # between seats 3, 7 and 8 (button 2) pays 87 / 87 / 86, seat 3 short.
    house=HouseRules(name="Winamax", odd_chips=OddChips.ONE_EACH_HIGH_SEAT_FIRST),
    recognise="parser.rooms.winamax.reader:looks_like_winamax",
    split="parser.rooms.winamax.reader:split_winamax",
    parse="parser.rooms.winamax.reader:parse_winamax",
    identify="parser.rooms.winamax.reader:identify_winamax",
    summary=(
        "parser.rooms.winamax.summary:looks_like_winamax_summary",
        "parser.rooms.winamax.summary:parse_winamax_summary",
    ),
    client_folders=(
        ClientFolders(
            client="Winamax",
            windows=(r"%USERPROFILE%\Documents\Winamax Poker\accounts",),
            macos=("~/Library/Application Support/winamax/documents/accounts",),
        ),
    ),
)
