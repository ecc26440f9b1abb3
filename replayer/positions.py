"""Table positions in blind games, named as PokerTracker 4 users expect.

The button, then the blinds (RULES.md D3), then the seats from under the gun to the
cutoff. Heads-up the button is also the small blind and is named ``BTN`` (as in PT4).
"""

from __future__ import annotations

#: Names of the seats between the big blind and the button, by how many there are.
_MIDDLE: dict[int, tuple[str, ...]] = {
    0: (),
    1: ("CO",),
    2: ("UTG", "CO"),
    3: ("UTG", "MP", "CO"),
    4: ("UTG", "MP", "HJ", "CO"),
    5: ("UTG", "UTG+1", "MP", "HJ", "CO"),
    6: ("UTG", "UTG+1", "MP", "LJ", "HJ", "CO"),
    7: ("UTG", "UTG+1", "UTG+2", "MP", "LJ", "HJ", "CO"),
    8: ("UTG", "UTG+1", "UTG+2", "MP", "MP+1", "LJ", "HJ", "CO"),
}


def clockwise_from(seats: list[int], start: int) -> list[int]:
    """``seats`` (sorted) in dealing order, beginning with the first seat after ``start``.

    >>> clockwise_from([1, 3, 5, 6], 5)
    [6, 1, 3, 5]
    """
    after = [s for s in seats if s > start]
    return after + [s for s in seats if s <= start]


def blind_positions(seats: list[int], button: int | None) -> dict[int, str]:
    """Position names for the seats dealt in, given the button seat.

    >>> blind_positions([1, 2, 3, 4, 5, 6], 6)
    {1: 'SB', 2: 'BB', 3: 'UTG', 4: 'MP', 5: 'CO', 6: 'BTN'}
    >>> blind_positions([2, 7], 7)
    {7: 'BTN', 2: 'BB'}
    """
    seats = sorted(seats)
    if not seats:
        return {}
    if button is None or len(seats) < 2:
        return {}
    if len(seats) == 2:
        # D3: heads-up the button posts the small blind.
        btn = button if button in seats else clockwise_from(seats, button)[0]
        other = next(s for s in seats if s != btn)
        return {btn: "BTN", other: "BB"}
    order = clockwise_from(seats, button)
    btn = button if button in seats else order[-1]
    if btn != order[-1]:
        order = clockwise_from(seats, btn)
    middle = len(order) - 3
    names = ("SB", "BB", *(_MIDDLE[middle] if middle in _MIDDLE else _generic(middle)), "BTN")
    return dict(zip(order, names, strict=True))


def _generic(count: int) -> tuple[str, ...]:
    return (*(f"UTG+{i}" if i else "UTG" for i in range(count - 1)), "CO")
