"""Full Tilt Poker's own text ('Full Tilt Poker Game #'), and its tournament summaries.

Its reader (``reader``, grammar ``fulltilt.lark``) and tournament summaries
(``summary``) live beside this
record; docs/sites.md says what the room writes and how it is read.
"""

from parser.kit.room import ClientFolders, Room

ROOM = Room(
    name="fulltilt",
    site="Full Tilt",
    recognise="parser.rooms.fulltilt.reader:looks_like_fulltilt",
    split="parser.rooms.fulltilt.reader:split_fulltilt",
    parse="parser.rooms.fulltilt.reader:parse_fulltilt",
    identify="parser.rooms.fulltilt.reader:identify_fulltilt",
    summary=(
        "parser.rooms.fulltilt.summary:looks_like_fulltilt_summary",
        "parser.rooms.fulltilt.summary:parse_fulltilt_summary",
    ),
    client_folders=(
        ClientFolders(
            client="Full Tilt",
            windows=(
                r"%PROGRAMFILES%\Full Tilt Poker\HandHistory",
                r"%PROGRAMFILES(X86)%\Full Tilt Poker\HandHistory",
                r"%USERPROFILE%\Documents\HandHistory",
            ),
            macos=("~/Documents/HandHistory",),
        ),
    ),
)
