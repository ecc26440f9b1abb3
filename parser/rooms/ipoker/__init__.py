"""iPoker's XML sessions (William Hill, Titan, Betfred, NetBet, bet365 ...).

Its reader (``reader``, grammar ``ipoker.lark``) live beside this
record; docs/sites.md says what the room writes and how it is read.
"""

from parser.kit.room import ClientFolders, Room

_SKINS = ("William Hill Poker", "Titan Poker", "Betfred Poker", "NetBet Poker", "bet365 Poker")

ROOM = Room(
    name="ipoker",
    site="iPoker",
    suffixes=(".xml", ".txt"),
    recognise="parser.rooms.ipoker.reader:looks_like_ipoker",
    split="parser.rooms.ipoker.reader:split_ipoker",
    parse="parser.rooms.ipoker.reader:parse_ipoker",
    identify="parser.rooms.ipoker.reader:identify_ipoker",
    cuttable=False,
    client_folders=(
        ClientFolders(
            client="iPoker",
            windows=tuple(rf"%PROGRAMFILES%\{skin}\data" for skin in _SKINS)
            + tuple(rf"%LOCALAPPDATA%\{skin}\data" for skin in _SKINS),
            macos=tuple(f"~/Library/Application Support/{skin}/data" for skin in _SKINS),
        ),
    ),
)
