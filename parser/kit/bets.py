"""The bets of the current betting round, for rooms that write less than PokerStars.

Rooms write amounts added by a raise instead of the total it raises to, no "Uncalled bet"
line, no all-in flag. :class:`Bets` keeps what each player has put in the current round, so
a builder can write the events the log implies (``RaiseTo``'s total, the
``UncalledBetReturned`` of the bet nobody called) and the engine still checks every one.
"""

from __future__ import annotations


class Bets:
    """What each player has bet in the current betting round (live chips only).

    Rooms that write the chips a raise *adds* need the player's bet so far to name the
    total it raises to; rooms that print no "Uncalled bet" line need the round's bets to
    say which bet nobody called.
    """

    __slots__ = ("current", "put")

    def __init__(self) -> None:
        self.put: dict[str, int] = {}
        self.current = 0

    def new_round(self) -> None:
        self.put = {}
        self.current = 0

    def of(self, name: str) -> int:
        return self.put.get(name, 0)

    def add(self, name: str, amount: int) -> int:
        """``name`` puts ``amount`` more in; returns his bet in the round now."""
        total = self.put.get(name, 0) + amount
        self.put[name] = total
        if total > self.current:
            self.current = total
        return total

    def uncalled(self) -> tuple[str, int] | None:
        """The bettor nobody matched and how much of his bet is over the next highest."""
        if not self.put:
            return None
        top = max(self.put, key=self.put.__getitem__)
        others = max((v for n, v in self.put.items() if n != top), default=0)
        excess = self.put[top] - others
        return (top, excess) if excess > 0 else None

    def take_back(self, name: str, amount: int) -> None:
        self.put[name] = self.put.get(name, 0) - amount
        self.current = max(self.put.values(), default=0)
