"""The rules engine: pokerhh's domain vocabulary and the replay of a hand.

Imports nothing of ours and no third-party library, so every other package can use it.
"""

from replayer.engine import replay
from replayer.games import GAME_SPECS, GameSpec

__all__ = ["GAME_SPECS", "GameSpec", "replay"]
