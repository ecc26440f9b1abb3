"""GGPoker: the PokerStars layout in its own words, hand ids with a letter prefix, run it
twice or three times, EV cash-out and insurance.

Its reader (``reader``, grammar ``ggpoker.lark``) live beside this
record; docs/sites.md says what the room writes and how it is read.
"""

from parser.kit.room import ClientFolders, Room

ROOM = Room(
    name="ggpoker",
    site="GGPoker",
    recognise="parser.rooms.ggpoker.reader:looks_like_ggpoker",
    split="parser.rooms.ggpoker.reader:split_ggpoker",
    parse="parser.rooms.ggpoker.reader:parse_ggpoker",
    identify="parser.rooms.ggpoker.reader:identify_ggpoker",
    client_folders=(
        ClientFolders(
            client="GGPoker",
            windows=(r"%LOCALAPPDATA%\GGPoker\HandHistory", r"%USERPROFILE%\Documents\GGPoker"),
            macos=("~/Library/Application Support/GGPoker/HandHistory", "~/Documents/GGPoker"),
        ),
    ),
)
