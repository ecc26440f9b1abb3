"""docs/stats.md defines every stat the code exposes (issue 3, acceptance 2)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from analytics.stats.flag_fields import CHANCE_STATS, FIELDS, PlayerFlags
from analytics.store.migrations import _FLAGS_0016, _STATS_0002

DOC = Path(__file__).resolve().parents[2] / "docs" / "stats.md"
NAMES = sorted(
    {f.name for f in dataclasses.fields(PlayerFlags)}
    | set(CHANCE_STATS)
    | {name for name, _ in _STATS_0002}
)


@pytest.mark.parametrize("name", NAMES)
def test_every_stat_name_is_documented(name):
    assert f"`{name}`" in DOC.read_text(encoding="utf-8"), f"docs/stats.md lacks `{name}`"


def test_the_stored_columns_are_the_fields():
    """Migration 0002 shipped with these columns and 0016 added its flags before the money:
    a new field needs a new migration."""
    fields = tuple(name for name, _ in _STATS_0002)
    money = fields.index("net")
    assert (*fields[:money], *_FLAGS_0016, *fields[money:]) == FIELDS[1:]
