"""The rules engine: pokerhh's domain vocabulary and the replay of a hand.

Imports nothing of ours and no third-party library, so every other package can use it.
"""
