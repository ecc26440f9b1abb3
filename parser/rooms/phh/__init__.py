"""PHH, the open Poker Hand History format (uoftcprg/phh-std), in and out: the format of
research logs and of pokerhh's live games (docs/phh.md, docs/live.md).

Its reader (``reader``: ``fields`` reads the TOML, ``actions`` the action strings with
``phh_actions.lark``, ``build`` the events) and its writer (``writer``) live beside this
record. Live games play by the rule book itself: the default house rules.
"""

from parser.kit.room import reader_room

ROOM = reader_room(name="phh", site="PHH", suffixes=(".phh", ".phhs"), cuttable=False)
