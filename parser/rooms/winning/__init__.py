"""Americas Cardroom / Winning Poker Network (WPN), both its formats (2015-2017 and
since 2019).

``reader.py`` tells the two apart by their headers and reads them with ``winning.lark``
(since 2019) and ``winning_2016.lark`` (2015-2017).
"""

from parser.kit.room import ClientFolders, reader_room
from parser.model.house import Absent, HouseRules

ROOM = reader_room(
    name="winning",
    site="WPN",
    ended="parser.kit.split:ends_after_summary",
    # All-in protection: a player disconnected facing a bet stays in for what he has put
    # in ("Player X is disconnected and ALL IN."; 741631166 pays him half the main pot).
    house=HouseRules(name="WPN", absent=Absent.ALL_IN),
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
