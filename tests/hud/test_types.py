"""Type labels (analytics/hud/types.py): given only once the sample says so, from the
thresholds documented in docs/hud.md."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from analytics.hud.types import MIN_AF_ACTIONS, MIN_HANDS, TYPES, Sample, type_label
from analytics.stats.players import wilson

DOCS = Path(__file__).resolve().parents[2] / "docs" / "hud.md"


def sample(hands: int, vpip: float, pfr: float, af: float | None = None, calls: int = 0) -> Sample:
    """A player of these true rates after ``hands`` hands (the expected counts)."""
    return Sample(hands, *wilson(round(vpip * hands), hands), *wilson(round(pfr * hands), hands),
                  af, calls)  # fmt: skip


def label(found: Sample) -> str | None:
    kind = type_label(found)
    return None if kind is None else kind.label


@pytest.mark.parametrize(
    ("vpip", "pfr", "af", "expected"),
    [
        (0.10, 0.08, None, "nit"),
        (0.21, 0.18, None, "TAG"),
        (0.31, 0.25, None, "LAG"),
        (0.60, 0.45, None, "maniac"),
        (0.50, 0.06, 0.5, "calling station"),
        (0.50, 0.06, 2.5, "fish"),
        (0.30, 0.10, 2.0, None),  # between regions: no guess
        (0.45, 0.25, None, None),  # loose, raising a quarter: none of the six
    ],
)
def test_each_label_on_a_large_sample(
    vpip: float, pfr: float, af: float | None, expected: str | None
) -> None:
    assert label(sample(5000, vpip, pfr, af, calls=500)) == expected


def test_no_label_below_the_minimum_hands_whatever_the_rates() -> None:
    # 49 hands of a fish so obvious that the intervals already lie in its region.
    obvious = Sample(MIN_HANDS - 1, 0.80, 0.99, 0.0, 0.02)
    assert type_label(obvious) is None
    assert label(Sample(MIN_HANDS, 0.80, 0.99, 0.0, 0.02)) == "fish"


def test_a_label_waits_for_the_intervals() -> None:
    """A 10% / 8% player: at 100 hands his VPIP interval reaches 17%, beyond the nit's
    15%: no label; later, nit."""
    assert wilson(10, 100)[1] > 0.15
    assert label(sample(100, 0.10, 0.08)) is None
    assert label(sample(300, 0.10, 0.08)) == "nit"


def test_calling_station_needs_its_af_sample() -> None:
    loose_passive = (2000, 0.50, 0.06, 0.5)
    assert label(sample(*loose_passive, calls=MIN_AF_ACTIONS)) == "calling station"
    assert label(sample(*loose_passive, calls=MIN_AF_ACTIONS - 1)) == "fish"
    assert label(sample(2000, 0.50, 0.06, None, calls=0)) == "fish"


def test_bounds_are_inclusive_and_the_first_region_wins() -> None:
    tag = next(t for t in TYPES if t.label == "TAG")
    assert tag.holds(Sample(MIN_HANDS, 0.15, 0.27, 0.12, 0.25))
    assert not tag.holds(Sample(MIN_HANDS, 0.149, 0.27, 0.12, 0.25))
    # Inside both TAG's and LAG's regions: TAG, the first.
    assert label(Sample(MIN_HANDS, 0.25, 0.27, 0.18, 0.25)) == "TAG"


def _percent_range(text: str) -> tuple[float, float]:
    low, high = re.fullmatch(r"(\d+)–(\d+)%", text.strip()).groups()  # type: ignore[union-attr]
    return int(low) / 100, int(high) / 100


def test_docs_table_matches_the_types() -> None:
    """docs/hud.md's table of labels is TYPES, row by row, in order."""
    text = DOCS.read_text(encoding="utf-8")
    cell = r"\s*([^|]*?)\s*\|"
    rows = re.findall(r"^\|" + cell * 5 + "$", text, flags=re.MULTILINE)
    rows = [row for row in rows if re.fullmatch(r"\d+–\d+%", row[1])]
    assert len(rows) == len(TYPES)
    for (name, vpip, pfr, af, meaning), kind in zip(rows, TYPES, strict=True):
        assert name == kind.label
        assert _percent_range(vpip) == pytest.approx(kind.vpip)
        assert _percent_range(pfr) == pytest.approx(kind.pfr)
        expected_af = "" if kind.af_at_most is None else f"≤ {kind.af_at_most:g}"
        assert af.strip().replace("≤ 1.0", "≤ 1") == expected_af
        assert meaning.strip().split(":")[0] in kind.meaning
    assert f"at least **{MIN_HANDS} hands**" in text
    assert f"at least {MIN_AF_ACTIONS} post-flop calls" in text
