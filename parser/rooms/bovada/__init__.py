"""Bovada / Ignition / Bodog: seats named "Seat 4" rather than by player (anonymous
tables: they count as the hero's opponents, never as players), and times without a zone.

The reader (``reader.py`` over ``bovada.lark``) also reads the Ignition and Bodog skins'
headers; their clients' folders below keep the skin's own site name.
"""

from parser.kit.room import ClientFolders, reader_room

ROOM = reader_room(
    name="bovada",
    site="Bovada",
    ended="parser.kit.split:ends_after_summary",
    client_folders=(
        ClientFolders(
            client="Ignition",
            site="Ignition",
            windows=(r"C:\Ignition Casino Poker\Hand History",),
            macos=("~/Ignition Casino Poker/Hand History",),
        ),
        ClientFolders(
            client="Bovada",
            windows=(r"C:\Bovada Poker\Hand History",),
            macos=("~/Bovada Poker/Hand History",),
        ),
        ClientFolders(client="Bodog", site="Bodog", windows=(r"C:\Bodog Poker\Hand History",)),
    ),
)
