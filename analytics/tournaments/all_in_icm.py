"""ICM-adjusted all-in results: what an all-in was worth in prize money, as it fell and as
its chip EV said it would (issue 12).

At an all-in spot of a tournament hand (a hand with an all-in point: ``all_in_ev`` rows,
``analytics/equity/all_in_ev.py``) every player still in the tournament has an ICM equity over the
payouts still to be won (:mod:`.icm`). The hand moves it twice over:

- **actual**: the equity of the stacks after the hand minus the equity before it;
- **expected**: the equity of the stacks the chip EV expected (each player's stack at the
  start plus his all-in EV) minus the equity before it.

``icm_ev_diff`` = expected - actual, in the payouts' unit (the smallest unit of the
tournament's money), as ``all_in_ev_diff`` is the chip EV minus the net: positive when the
cards ran worse than expected. The expected equity is the ICM of the expected stacks (what
trackers show): exact for the chip count, an approximation in money, since ICM is not
linear. Players not in the hand keep their stacks but their equity moves too (a bust
brings them nearer the money). A player left without chips takes the place his bust
gives him (T3), so the equities of the field always add up to the same places' prizes
and the diffs of one spot sum to zero.

>>> spot = icm_spot({"A": 50, "B": 30, "C": 20}, {"A": 70, "B": 30, "C": 0},
...                 {"A": Fraction(60), "B": Fraction(30), "C": Fraction(10)}, [70, 30])
>>> {n: str(s.diff) for n, s in spot.items()}
{'A': '-44/7', 'B': '-13/2', 'C': '179/14'}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from analytics.tournaments.icm import icm_equities

#: A field larger than this is not valued: the exact model grows as 2^players (a final
#: table of 10 is 1,024 states; the paid places bound it further).
MAX_FIELD = 12


@dataclass(frozen=True, slots=True)
class SpotICM:
    """One player's ICM changes at one all-in spot, in the payouts' unit."""

    expected: Fraction
    actual: Fraction

    @property
    def diff(self) -> Fraction:
        return self.expected - self.actual


def icm_spot(
    before: Mapping[str, int],
    after: Mapping[str, int],
    expected: Mapping[str, Fraction],
    payouts: Sequence[int],
) -> dict[str, SpotICM]:
    """Every player of the field (``before``: each one's stack before the hand, everyone
    still in the tournament) at one all-in: ``after`` and ``expected`` give the stacks of
    the hand's players after it and as the chip EV expected (the others keep theirs)."""
    names = [n for n in before if before[n] > 0]
    if len(names) > MAX_FIELD:
        raise ValueError(f"ICM of a field of {len(names)}: at most {MAX_FIELD}")
    start = [Fraction(before[n]) for n in names]
    fell = [Fraction(after.get(n, before[n])) for n in names]
    hoped = [max(Fraction(0), expected.get(n, Fraction(before[n]))) for n in names]
    base = _equities(start, start, payouts)
    actual = _equities(fell, start, payouts)
    wanted = _equities(hoped, start, payouts)
    return {n: SpotICM(wanted[k] - base[k], actual[k] - base[k]) for k, n in enumerate(names)}


def _equities(
    stacks: Sequence[Fraction], start: Sequence[Fraction], payouts: Sequence[int]
) -> list[Fraction]:
    """ICM of the players left with chips over the top places; those left without chips
    take the places below them (T3: by their stacks at the start of the hand, larger
    first, equal stacks sharing their places' prizes), so that every place of the field
    is paid before and after the hand alike.

    >>> [str(e) for e in _equities([Fraction(70), Fraction(0), Fraction(0)],
    ...                            [Fraction(50), Fraction(30), Fraction(30)], [60, 30, 10])]
    ['60', '20', '20']
    """
    alive = [k for k, s in enumerate(stacks) if s > 0]
    result = [Fraction(0)] * len(stacks)
    for k, value in zip(alive, icm_equities([stacks[k] for k in alive], payouts), strict=True):
        result[k] = value
    place = len(alive)  # places taken so far
    out = sorted((k for k, s in enumerate(stacks) if s <= 0), key=lambda k: -start[k])
    while out:
        tied = [k for k in out if start[k] == start[out[0]]]
        prizes = [payouts[p] if p < len(payouts) else 0 for p in range(place, place + len(tied))]
        for k in tied:
            result[k] = Fraction(sum(prizes), len(tied))
        place += len(tied)
        out = out[len(tied) :]
    return result


def payouts_of(places: Sequence[tuple[int, int | None]]) -> tuple[int, ...] | None:
    """The payouts a summary states, place by place, from its ``(place, prize)`` lines:
    None unless the paid places run from 1st without a gap (a summary of the hero's own
    result alone does not give them). Tied places (the same place twice) keep each line's
    prize, which the site already shared.

    >>> payouts_of([(1, 700), (2, 300), (3, None)]), payouts_of([(2, 300)])
    ((700, 300), None)
    """
    ordered = sorted(places, key=lambda p: p[0])
    prizes = [prize or 0 for _, prize in ordered]
    while prizes and prizes[-1] == 0:
        prizes.pop()
    if not prizes:
        return None
    if [p for p, _ in ordered[: len(prizes)]] != _expected_places(ordered[: len(prizes)]):
        return None
    return tuple(prizes)


def _expected_places(lines: Sequence[tuple[int, int | None]]) -> list[int]:
    """The places lines 1..n must show for no place to be missing: ties repeat a place and
    skip the ones they take (2, 2, 4)."""
    out: list[int] = []
    k = 0
    while k < len(lines):
        place = len(out) + 1
        same = sum(1 for p, _ in lines if p == lines[k][0])
        out += [place] * same
        k += same
    return out
