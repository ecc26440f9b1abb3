"""PartyPoker's text ('***** Hand History For Game').

``reader.py`` (``partypoker.lark``, functions named ``*_party``) reads the classic form
and the 2012+ form with a summary: bets written as what they add, wins that include the
uncalled part, players who join without a seat line.
"""

from parser.kit.room import ClientFolders, reader_room

ROOM = reader_room(
    name="partypoker",
    site="PartyPoker",
    stem="party",
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
