"""The leak tests' database: two generated 6-max players, 600 hands each (one within
every range, one whose c-bet is 5%), imported once for the session."""

from __future__ import annotations

from pathlib import Path

import pytest

from analytics.ingest.importer import import_paths
from tests.generator.profiled import Profile, profiled_text

HANDS = 600
#: The c-bet far below every range's 50%: 5% of the chances.
LAZY = Profile(cbet=0.05)


@pytest.fixture(scope="session")
def leaks_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("leaks")
    good, lazy = folder / "good.txt", folder / "lazy.txt"
    good.write_text(profiled_text(1, HANDS, "Good", Profile()), encoding="utf-8")
    lazy.write_text(profiled_text(2, HANDS, "Lazy", LAZY, first=100_001), encoding="utf-8")
    path = folder / "db.sqlite"
    report = import_paths([good, lazy], path, jobs=1)
    assert report.stored["ok"] == 2 * HANDS
    return path
