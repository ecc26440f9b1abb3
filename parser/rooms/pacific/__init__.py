"""888poker / Pacific Poker (Cassava), and its skins' headers.

Its reader (``reader``, grammar ``pacific.lark``) and tournament summaries
(``summary``) live beside this
record; docs/sites.md says what the room writes and how it is read.
"""

from parser.kit.room import ClientFolders, Room

ROOM = Room(
    name="pacific",
    site="888poker",
    recognise="parser.rooms.pacific.reader:looks_like_pacific",
    split="parser.rooms.pacific.reader:split_pacific",
    parse="parser.rooms.pacific.reader:parse_pacific",
    identify="parser.rooms.pacific.reader:identify_pacific",
    summary=(
        "parser.rooms.pacific.summary:looks_like_pacific_summary",
        "parser.rooms.pacific.summary:parse_pacific_summary",
    ),
    client_folders=(
        ClientFolders(
            client="888poker",
            windows=(r"%USERPROFILE%\Documents\888poker\HandHistory",),
            macos=("~/Documents/888poker/HandHistory",),
        ),
    ),
)
