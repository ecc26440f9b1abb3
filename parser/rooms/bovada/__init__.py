"""Bovada / Ignition / Bodog: anonymous seats, zone-less times.

Its reader (``reader``, grammar ``bovada.lark``) live beside this
record; docs/sites.md says what the room writes and how it is read.
"""

from parser.kit.room import ClientFolders, Room

ROOM = Room(
    name="bovada",
    site="Bovada",
    recognise="parser.rooms.bovada.reader:looks_like_bovada",
    split="parser.rooms.bovada.reader:split_bovada",
    parse="parser.rooms.bovada.reader:parse_bovada",
    identify="parser.rooms.bovada.reader:identify_bovada",
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
