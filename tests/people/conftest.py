"""The people tests' database: Me at PokerStars (200 hands) and at GGPoker (150), Me2 at
PokerStars (120, a loose profile), joined as the person Alice; the others of each table
are other players. Imported once for the session."""

from __future__ import annotations

from pathlib import Path

import pytest

from analytics.ingest.importer import import_paths
from analytics.store.db import connect
from analytics.store.people import add_aliases
from tests.generator.profiled import Profile, as_ggpoker, profiled_text

ACCOUNTS = ("PokerStars:Me", "GGPoker:Me", "PokerStars:Me2")


@pytest.fixture(scope="session")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Me at PokerStars and at GGPoker, Me2 at PokerStars (a loose profile), joined as the
    person Alice; the five others of each table are other players."""
    folder = tmp_path_factory.mktemp("people")
    files = {
        "stars.txt": profiled_text(1, 200, "Me", Profile()),
        "gg.txt": as_ggpoker(profiled_text(2, 150, "Me", Profile(cbet=0.3))),
        "stars2.txt": profiled_text(3, 120, "Me2", Profile(open=0.3, steal=0.6), first=5001),
    }
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    path = folder / "db.sqlite"
    report = import_paths([folder / name for name in files], path, jobs=1)
    assert report.stored["ok"] == 470
    db = connect(path)
    add_aliases(db.conn, "Alice", ACCOUNTS)
    db.close()
    return path
