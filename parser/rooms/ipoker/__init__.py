"""iPoker's XML sessions (William Hill, Titan, Betfred, NetBet, bet365 ...).

``reader.py`` reads a session's XML and each game's actions with ``ipoker.lark``. Every
hand needs its session's header, so a file is never cut between hands (``cuttable``).
"""

from parser.kit.room import ClientFolders, reader_room

_SKINS = ("William Hill Poker", "Titan Poker", "Betfred Poker", "NetBet Poker", "bet365 Poker")

ROOM = reader_room(
    name="ipoker",
    site="iPoker",
    suffixes=(".xml", ".txt"),
    cuttable=False,
    ended="parser.rooms.ipoker.reader:ended_ipoker",
    client_folders=(
        ClientFolders(
            client="iPoker",
            windows=tuple(rf"%PROGRAMFILES%\{skin}\data" for skin in _SKINS)
            + tuple(rf"%LOCALAPPDATA%\{skin}\data" for skin in _SKINS),
            macos=tuple(f"~/Library/Application Support/{skin}/data" for skin in _SKINS),
        ),
    ),
)
