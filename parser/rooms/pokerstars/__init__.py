"""PokerStars, and the PokerStars-format text other rooms' converters write (Full Tilt,
Run It Once, PokerMaster, PokerBros, Home Games): the room every reader was first built on.

Its header (``header``), splitter (``split``), reader (``reader``, grammar
``pokerstars.lark``) and tournament summaries (``summary``) live beside this record.
It is asked last: text no other room recognises comes here, so that its errors say
what a hand history was expected to be.
"""

from parser.kit.room import ClientFolders, Room
from parser.model.house import HouseRules, OddChips

_SKINS = ("PokerStars", "PokerStars.EU", "PokerStars.FR", "PokerStars.IT", "PokerStars.ES")

ROOM = Room(
    name="pokerstars",
    site="PokerStars",
    # Every odd chip of a split pot to the first winner clockwise from the button: 4,571
    # three ways pays 1,525 / 1,523 / 1,523 (tests/rules/test_house_rules.py, real hands).
    house=HouseRules(name="PokerStars", odd_chips=OddChips.ALL_TO_FIRST),
    recognise="parser.rooms.pokerstars.split:looks_like_pokerstars",
    split="parser.rooms.pokerstars.split:split_hands",
    parse="parser.rooms.pokerstars.reader:parse_hand",
    identify="parser.rooms.pokerstars.header:identify_pokerstars",
    ended="parser.kit.split:ends_after_summary",
    summary=(
        "parser.rooms.pokerstars.summary:looks_like_summary",
        "parser.rooms.pokerstars.summary:parse_summary",
    ),
    client_folders=(
        ClientFolders(
            client="PokerStars",
            windows=(
                *(rf"%LOCALAPPDATA%\{skin}\HandHistory" for skin in _SKINS),
                r"%PROGRAMFILES%\PokerStars\HandHistory",
                r"%PROGRAMFILES(X86)%\PokerStars\HandHistory",
            ),
            macos=tuple(f"~/Library/Application Support/{s}/HandHistory" for s in _SKINS),
        ),
    ),
)
