"""Americas Cardroom / Winning Poker Network (WPN), both its formats (2015-2017 and
since 2019).

Its reader (``reader``, grammar ``winning.lark``) live beside this
record; docs/sites.md says what the room writes and how it is read.
"""

from parser.kit.room import ClientFolders, Room

ROOM = Room(
    name="winning",
    site="WPN",
    recognise="parser.rooms.winning.reader:looks_like_winning",
    split="parser.rooms.winning.reader:split_winning",
    parse="parser.rooms.winning.reader:parse_winning",
    identify="parser.rooms.winning.reader:identify_winning",
    client_folders=(
        ClientFolders(
            client="Americas Cardroom / WPN",
            windows=(
                r"C:\ACR Poker\handHistory",
                r"C:\AmericasCardroom\handHistory",
                r"%USERPROFILE%\Documents\AmericasCardroom\handHistory",
            ),
            macos=("~/Downloads/AmericasCardroom/handHistory",),
        ),
    ),
)
