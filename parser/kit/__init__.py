"""What every room's reader is made of, written once.

- lines: :mod:`.lexer` (a line's kind by one regex match, walked through the grammar's
  LALR tables by :mod:`.automaton`), :mod:`.keyed_lexer` (a line's kind by its prefix,
  verb or marker), :mod:`.grammar` (a room's ``.lark`` loaded once), :mod:`.errors` (lark's
  errors as pokerhh's, with file, line and column);
- hands: :mod:`.split` (a file cut at a room's header lines), :mod:`.builder` (the one
  builder base, its failure type and dispatch), :mod:`.layout` (the PokerStars line layout
  that several rooms write in their own words), :mod:`.names` (players' names against the
  seat list), :mod:`.bets` (a round's bets as totals), :mod:`.hand_summary` (the summary
  section's pots and shown cards);
- values: :mod:`.money` and :mod:`.amounts` (amounts in every locale, as integers of the
  smallest unit), :mod:`.clock` (times and zones), :mod:`.tournament` (buy-ins in headers),
  :mod:`.decode` (bytes to text);
- :mod:`.room`: the ``Room`` record each room folder gives; :mod:`.summaries`: what the
  rooms' tournament-summary readers share.

The kit imports the model (``parser.model``) and never a room.
"""
