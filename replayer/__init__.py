"""The rules engine: the replay of a hand under its game's rules, and the evaluators.

The top level holds the replay itself (``engine``, its ``handlers`` per phase, forced bets,
dealing, betting, the card ``ledger``, the live ``corrections``, the ``result``);
``settlement`` the end of a hand (pots, showdown, claims); ``evaluation`` the rankings.

It imports only ``parser.model`` (the shared vocabulary) of ours, and no third-party
library, so analytics and the dashboard can use it and it can use nothing right of it.
"""

from parser import native

native.choose(__path__)  # the compiled engine, or its sources (parser.native)

from parser.model.games import GAME_SPECS, GameSpec  # noqa: E402
from replayer.engine import replay  # noqa: E402

__all__ = ["GAME_SPECS", "GameSpec", "replay"]
