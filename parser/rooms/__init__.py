"""Every room pokerhh reads, one folder each, and the one list of them.

A room is a folder ``parser/rooms/<room>/`` holding its grammar(s), its reader (a builder
over the kit's, :mod:`parser.kit`), its vocabulary (game names, time zone, currencies),
its tournament-summary reader if it writes summaries, and one :class:`parser.kit.room.Room`
record in its ``__init__``. :data:`ROOMS` is the list the splitter, the importer, the
upload page, the watcher and the export ask; adding a room is one folder and one line here.

A room imports the model and the kit, never another room (``tests/parser/test_layout.py``).
"""

from parser.kit.room import Room
from parser.rooms.bovada import ROOM as BOVADA
from parser.rooms.fulltilt import ROOM as FULLTILT
from parser.rooms.ggpoker import ROOM as GGPOKER
from parser.rooms.ipoker import ROOM as IPOKER
from parser.rooms.pacific import ROOM as PACIFIC
from parser.rooms.partypoker import ROOM as PARTYPOKER
from parser.rooms.phh import ROOM as PHH
from parser.rooms.pokerstars import ROOM as POKERSTARS
from parser.rooms.winamax import ROOM as WINAMAX
from parser.rooms.winning import ROOM as WINNING

#: The rooms in the order a text is recognised: PHH first (its mark may be on any line),
#: PokerStars last (it also reads the PokerStars-format text of other rooms' converters,
#: and text no room recognises goes to it so that its errors say what was expected).
ROOMS: tuple[Room, ...] = (
    PHH,
    GGPOKER,
    PACIFIC,
    WINNING,
    WINAMAX,
    BOVADA,
    FULLTILT,
    IPOKER,
    PARTYPOKER,
    POKERSTARS,
)

__all__ = ["ROOMS", "Room"]
