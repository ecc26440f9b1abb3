"""The end of a hand: main and side pots (B10, B11), who wins each (S1-S6, odd chips S4),
returned bets and the showdown as the log tells them, and the log's own claims (pot, rake,
amounts collected) checked against the engine."""
