"""A short type label for an opponent (nit, TAG, LAG, calling station, maniac, fish), from
documented thresholds, shown only once the sample says so.

Why intervals and not the rates themselves: after 20 hands a VPIP of 10% is 2 of 20, and
its 95% Wilson interval runs from 3% to 30%: the player may as well be a TAG or a LAG.
A label is given only when the player has at least :data:`MIN_HANDS` hands **and** the
whole interval of his VPIP and of his PFR (:func:`analytics.stats.players.wilson`, the
intervals ``pokerhh stats`` prints) lies inside the label's region; a label that also reads
the AF needs :data:`MIN_AF_ACTIONS` post-flop calls behind it. Until then the label is
``None`` and the page says how many hands it has. The regions, their sources and the
reasoning are in ``docs/hud.md`` (a test keeps the two in step).

The regions are for six-handed hold'em, where the sources give their ranges; the page
shows the label for every game, as the sources' HUDs do, and the docs say so.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["MIN_AF_ACTIONS", "MIN_HANDS", "TYPES", "PlayerType", "Sample", "type_label"]

#: No label below this many hands, whatever the intervals say.
MIN_HANDS = 50
#: A label that reads the AF needs this many post-flop calls (the AF's denominator).
MIN_AF_ACTIONS = 20


@dataclass(frozen=True, slots=True)
class Sample:
    """The figures a label reads: hands, and VPIP's and PFR's intervals (fractions); the
    AF and its denominator (post-flop calls; None for no AF)."""

    hands: int
    vpip_low: float
    vpip_high: float
    pfr_low: float
    pfr_high: float
    af: float | None = None
    af_n: int = 0


@dataclass(frozen=True, slots=True)
class PlayerType:
    """A region of (VPIP, PFR), fractions, bounds included; ``af_at_most``: the AF must
    also be at most this (with :data:`MIN_AF_ACTIONS` behind it)."""

    label: str
    vpip: tuple[float, float]
    pfr: tuple[float, float]
    af_at_most: float | None = None
    meaning: str = ""

    def holds(self, sample: Sample) -> bool:
        """Both intervals inside the region (and the AF low enough, if asked)."""
        if not (self.vpip[0] <= sample.vpip_low and sample.vpip_high <= self.vpip[1]):
            return False
        if not (self.pfr[0] <= sample.pfr_low and sample.pfr_high <= self.pfr[1]):
            return False
        if self.af_at_most is not None:
            if sample.af is None or sample.af_n < MIN_AF_ACTIONS:
                return False
            return sample.af <= self.af_at_most
        return True


#: The labels, tried in this order (the first whose region holds the sample wins; the
#: regions of TAG and LAG overlap by two points so that a player on the border is not left
#: without a label for ever). docs/hud.md gives the sources.
TYPES: tuple[PlayerType, ...] = (
    PlayerType("nit", (0.0, 0.15), (0.0, 0.13),
               meaning="very tight: few hands, only strong ones"),
    PlayerType("TAG", (0.15, 0.27), (0.12, 0.25),
               meaning="tight-aggressive: a sound regular"),
    PlayerType("LAG", (0.25, 0.38), (0.18, 0.33),
               meaning="loose-aggressive: many hands, played by raising"),
    PlayerType("maniac", (0.40, 1.0), (0.30, 1.0),
               meaning="raises most hands he plays, and plays most"),
    PlayerType("calling station", (0.30, 1.0), (0.0, 0.15), af_at_most=1.0,
               meaning="loose-passive and calls down: bet for value, do not bluff"),
    PlayerType("fish", (0.35, 1.0), (0.0, 0.20),
               meaning="loose-passive: plays many hands, rarely raises"),
)  # fmt: skip


def type_label(sample: Sample) -> PlayerType | None:
    """The first type of :data:`TYPES` the sample puts the player in, or None when the
    sample is too small or the intervals straddle regions.

    >>> from analytics.stats.players import wilson
    >>> def sample(hands, vpip, pfr, af=None, calls=0):
    ...     return Sample(hands, *wilson(vpip, hands), *wilson(pfr, hands), af, calls)
    >>> type_label(sample(1000, 100, 80)).label    # 10% / 8% over 1,000 hands
    'nit'
    >>> type_label(sample(40, 4, 3)) is None        # the same, 40 hands: too few
    True
    >>> type_label(sample(100, 10, 8)) is None      # VPIP's interval reaches 17.4%
    True
    >>> type_label(sample(2000, 420, 360)).label    # 21% / 18%
    'TAG'
    >>> type_label(sample(500, 250, 40, af=0.6, calls=120)).label
    'calling station'
    >>> type_label(sample(500, 250, 40, af=2.5, calls=120)).label
    'fish'
    """
    if sample.hands < MIN_HANDS:
        return None
    return next((kind for kind in TYPES if kind.holds(sample)), None)
