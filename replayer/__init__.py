"""The rules engine: the replay of a hand under its game's rules, and the evaluators.

The top level holds the replay itself (``engine``, its ``handlers`` per phase, forced bets,
dealing, betting, the card ``ledger``, the live ``corrections``, the ``result``);
``settlement`` the end of a hand (pots, showdown, claims); ``evaluation`` the rankings.

It imports only ``parser.model`` (the shared vocabulary) of ours, and no third-party
library, so analytics and the dashboard can use it and it can use nothing right of it.

The engine is loaded on first use (PEP 562), like ``parser``'s readers: the result and
state types (``replayer.result``, ``replayer.state``) are imported by every statistic and
page, and importing them built the evaluator tables into every command's start-up
(issue 25 acceptance 2).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from parser import native

native.choose(__path__)  # the compiled engine, or its sources (parser.native)

if TYPE_CHECKING:
    from parser.model.games import GAME_SPECS, GameSpec
    from replayer.engine import replay

__all__ = ["GAME_SPECS", "GameSpec", "replay"]

_HOMES = {"replay": "replayer.engine", "GAME_SPECS": "parser.model.games",
          "GameSpec": "parser.model.games"}  # fmt: skip


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'replayer' has no attribute {name!r}")
    return getattr(import_module(home), name)
