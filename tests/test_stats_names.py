"""Every stat name the product shows is defined in docs/stats.md (issue 3, acceptance 2):
the aggregates of ``analytics.stats.players``, their groupings, and the export's ``stats`` keys."""

from __future__ import annotations

from pathlib import Path

import pytest

from analytics.output.export import STATS_FIELDS
from analytics.stats.players import GROUPINGS, STAT_NAMES, STATS

DOC = (Path(__file__).resolve().parents[1] / "docs" / "stats.md").read_text(encoding="utf-8")
NAMES = sorted({*STAT_NAMES, *STATS_FIELDS})


@pytest.mark.parametrize("name", NAMES)
def test_every_stat_name_is_documented(name: str) -> None:
    assert f"`{name}`" in DOC, f"docs/stats.md lacks `{name}`"


def test_the_aggregates_have_their_own_section() -> None:
    section = DOC.split("## Aggregates", 1)[1]
    for name in STAT_NAMES:
        assert f"| `{name}`" in section, f"the Aggregates table of docs/stats.md lacks {name}"
    for by in GROUPINGS:
        assert f"`{by}`" in section
    assert "`wilson(x, n)`" in section


def test_names_and_labels_are_unique() -> None:
    assert len(set(STAT_NAMES)) == len(STAT_NAMES)
    labels = [s.label.lower() for s in STATS]
    assert len(set(labels)) == len(labels)
