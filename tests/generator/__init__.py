"""A seeded generator of random legal hands for every game the engine replays (issue 9).

``play.play_hand`` plays a hand by the engine's legal actions; ``render`` writes it as
PokerStars text. The round trip generate → render → parse → replay is tested in CI over
thousands of hands (``tests/test_generated_roundtrip.py``) and run at scale by hand with
``benchmarks/generated_roundtrip.py``.
"""
