"""The vocabulary every package shares: cards, events, the parsed hand, the game table, errors.

It lives in the leftmost package because data flows one way (parser → replayer → analytics →
dashboard) and nothing imports from a package to its right: the parser builds these values,
the replayer checks them, analytics stores them. It imports nothing of ours and no
third-party library.
"""
