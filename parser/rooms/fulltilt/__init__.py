"""Full Tilt Poker's own text ('Full Tilt Poker Game #'), and its tournament summaries.

Hands are read by ``reader.py`` (``fulltilt.lark``), summaries by ``summary.py``
(``fulltilt_summary.lark``); the PokerStars-format text Full Tilt's converters wrote is
PokerStars' to read, not this room's.
"""

from parser.kit.room import ClientFolders, reader_room

ROOM = reader_room(
    name="fulltilt",
    site="Full Tilt",
    summaries=True,
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
