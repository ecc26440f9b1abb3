"""888poker / Pacific Poker (Cassava), and its skins' headers (LuckyAce ...).

Hands are read by ``reader.py`` (``pacific.lark``), tournament summaries by
``summary.py`` (``pacific_summary.lark``); a skin's header is read as 888poker's.
"""

from parser.kit.room import ClientFolders, reader_room

ROOM = reader_room(
    name="pacific",
    site="888poker",
    summaries=True,
    client_folders=(
        ClientFolders(
            client="888poker",
            windows=(r"%USERPROFILE%\Documents\888poker\HandHistory",),
            macos=("~/Documents/888poker/HandHistory",),
        ),
    ),
)
