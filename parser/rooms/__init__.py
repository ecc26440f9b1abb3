"""The readers of the rooms other than PokerStars and PHH, and the core they share.

One module per room (``ggpoker``, ``winamax``, ``pacific``, ``winning``, ``ipoker``,
``partypoker``, ``bovada``, ``fulltilt``), each with ``looks_like_*``, ``split_*`` and
``parse_*`` for its :data:`parser.formats.FORMATS` entry; its grammar is
``parser/grammars/<room>.lark``. What several rooms need is written once beside them:
the line lexer keyed by a line's prefix, verb or marker (:mod:`.lexer`), grammar loading
(:mod:`.grammar`), lark's errors as pokerhh's (:mod:`.errors`), splitting a file into hands
(:mod:`.split`), the builder's driver and shared handlers (:mod:`.builder`), amounts in
every locale (:mod:`.amounts`) and the round's bets (:mod:`.bets`).
"""
