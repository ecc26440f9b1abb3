"""GGPoker: the PokerStars layout in its own words, hand ids with a letter prefix, run it
twice or three times, EV cash-out and insurance.

``reader.py`` (``ggpoker.lark``) builds on the kit's PokerStars line layout; GGPoker
writes no tournament summaries pokerhh reads.
"""

from parser.kit.room import ClientFolders, reader_room

ROOM = reader_room(
    name="ggpoker",
    site="GGPoker",
    ended="parser.kit.split:ends_after_summary",
    client_folders=(
        ClientFolders(
            client="GGPoker",
            windows=(r"%LOCALAPPDATA%\GGPoker\HandHistory", r"%USERPROFILE%\Documents\GGPoker"),
            macos=("~/Library/Application Support/GGPoker/HandHistory", "~/Documents/GGPoker"),
        ),
    ),
)
