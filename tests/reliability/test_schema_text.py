"""Issue 23, item 10: corruption in a database's schema text is a clear error, not a raw
``UnicodeDecodeError``.

SQLite names the damaged object in its message ("malformed database schema (NAME)"); when
the stored name is not UTF-8, Python's ``sqlite3`` fails to build that message and raises
``UnicodeDecodeError`` instead, which every command printed as a traceback. Now it is a
:class:`analytics.store.db.BadDatabase` like any damaged file: ``pokerhh: PATH: ...``,
exit 1, and the file is left as it was.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from analytics.ingest.importer import import_paths
from tests.reliability.conftest import SAMPLES, Run

WALK = SAMPLES / "pokerstars/nlhe/walk.txt"


@pytest.fixture
def damaged(tmp_path: Path) -> Path:
    """A pokerhh database whose schema row for ``hands`` names it ``\\xffands``."""
    db = tmp_path / "db.sqlite"
    import_paths([WALK], db)
    data = bytearray(db.read_bytes())
    row = b"tablehandshands"  # sqlite_master's type, name and tbl_name, side by side
    assert data.count(row) == 1
    data[data.index(row) + len(b"table")] = 0xFF
    db.write_bytes(bytes(data))
    for extra in ("-wal", "-shm"):
        Path(f"{db}{extra}").unlink(missing_ok=True)
    return db


COMMANDS = [
    ("stats",),
    ("export", "--format", "jsonl"),
    ("replay", "PokerStars:9000000003"),
    ("import", "--quiet", str(WALK)),
    ("migrate",),
]


@pytest.mark.parametrize("command", COMMANDS)
def test_a_schema_name_that_is_not_utf8_is_a_clear_error(
    run: Run, damaged: Path, command: tuple[str, ...]
) -> None:
    before = damaged.read_bytes()
    code, out, err = run(*command, "--db", damaged)
    assert code == 1
    assert err.startswith(f"pokerhh: {damaged}: the database file is damaged: its schema")
    assert "malformed database schema (\ufffdands)" in err  # SQLite's words, made readable
    assert "Traceback" not in err + out
    assert damaged.read_bytes() == before
