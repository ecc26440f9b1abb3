"""PartyPoker's text ('***** Hand History For Game').

Its reader (``reader``, grammar ``partypoker.lark``) live beside this
record; docs/sites.md says what the room writes and how it is read.
"""

from parser.kit.room import ClientFolders, Room

ROOM = Room(
    name="partypoker",
    site="PartyPoker",
    recognise="parser.rooms.partypoker.reader:looks_like_party",
    split="parser.rooms.partypoker.reader:split_party",
    parse="parser.rooms.partypoker.reader:parse_party",
    identify="parser.rooms.partypoker.reader:identify_party",
    client_folders=(
        ClientFolders(
            client="PartyPoker",
            windows=(
                r"C:\Programs\PartyGaming\PartyPoker\HandHistory",
                r"%PROGRAMFILES%\PartyGaming\PartyPoker\HandHistory",
                r"%PROGRAMFILES(X86)%\PartyGaming\PartyPoker\HandHistory",
            ),
            macos=("~/Library/Application Support/PartyGaming/PartyPoker/HandHistory",),
        ),
    ),
)
