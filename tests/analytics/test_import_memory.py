"""The import's memory and what crosses from a worker to the importer (issue 11).

The importer's write path runs without pandas (about 80 MB of a process with pyarrow),
workers send back only what the SQLite store reads (``prepare.for_sqlite``), and the rows
pickle by their fields. Each would be easy to lose without a word: a new module-level
``import pandas`` on the path, a store that starts reading a field the worker no longer
sends, a new ``HandRows`` field a reducer forgets.
"""

from __future__ import annotations

import copyreg
import dataclasses
import pickle
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from analytics.ingest.pipeline import Problem
from analytics.ingest.prepare import HandNote, PreparedFile, for_sqlite, prepare_file
from analytics.ingest.rows import HandRows
from analytics.lazy_modules import LazyModule
from analytics.store.db import connect
from analytics.store.writer import FileMeta, HandWriter

REPO = Path(__file__).resolve().parents[2]
SAMPLES = sorted((REPO / "sample_histories" / "pokerstars").rglob("*.txt"))


def _run(code: str) -> str:
    """``code`` in a fresh interpreter (this one has pandas loaded by other tests)."""
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_import_into_a_new_database_never_loads_pandas(tmp_path: Path) -> None:
    sample = REPO / "sample_histories" / "pokerstars" / "nlhe" / "check-raise.txt"
    out = _run(
        "import sys\n"
        "from analytics.ingest.importer import import_paths\n"
        f"report = import_paths([{str(sample)!r}], {str(tmp_path / 'db.sqlite')!r})\n"
        "print(report.stored['ok'], 'pandas' in sys.modules, 'pyarrow' in sys.modules)\n"
    )
    assert out == "1 False False"


def test_the_command_line_starts_without_numpy_or_pandas() -> None:
    """Every command pays for what ``pokerhh`` imports at start: sqlite-utils imported numpy
    (its type mapping, unused here), and building the parser loaded the engine: most of a
    read command's start-up (issue 25 acceptance 2: ``hands --where`` under 1 s)."""
    out = _run(
        "import contextlib, io, sys\n"
        "from dashboard.cli import main\n"
        "with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['--version'])  # the whole parser, every command's, is built\n"
        "import sqlite_utils.db\n"
        "print('numpy' in sys.modules, 'pandas' in sys.modules, sqlite_utils.db.np,\n"
        "      'replayer.engine' in sys.modules, 'replayer.evaluation.tables' in sys.modules)\n"
    )
    # Nor the engine and its evaluator tables (the share and stats parsers' imports, and
    # the types' module replayer.result, loaded them).
    assert out == "False False None False False"


def test_the_statistics_still_load_pandas_when_they_build_a_frame(tmp_path: Path) -> None:
    # The lazy names stand for the real modules: a frame is a real DataFrame.
    out = _run(
        "import sys\n"
        "from analytics.stats import players\n"
        "before = 'pandas' in sys.modules\n"
        "frame = players.pd.DataFrame({'a': [1]})\n"
        "print(before, type(frame).__module__.split('.')[0], int(frame['a'].sum()))\n"
    )
    assert out == "False pandas 1"


def test_a_lazy_module_is_the_module_once_read() -> None:
    lazy_json = LazyModule("json")
    assert lazy_json.dumps({"a": 1}) == '{"a": 1}'
    assert lazy_json.dumps is sys.modules["json"].dumps
    with pytest.raises(AttributeError):
        _ = lazy_json.no_such_function


def _prepared(path: Path, *, sqlite: bool) -> PreparedFile:
    prepared = prepare_file(str(path), path.read_bytes(), sqlite=sqlite)
    assert isinstance(prepared, PreparedFile), prepared
    return prepared


def test_sqlite_rows_leave_out_the_text_and_the_unpacked_rows() -> None:
    path = REPO / "sample_histories" / "pokerstars" / "nlhe" / "check-raise.txt"
    (full,) = _prepared(path, sqlite=False).rows
    (lean,) = _prepared(path, sqlite=True).rows
    assert full.hand[-1]  # the full rows have them
    assert full.players
    assert full.stats
    assert lean.hand[-1] is None
    assert lean.players == lean.stats == lean.actions == ()
    assert lean.stored_hand == full.stored_hand
    assert (lean.seats, lean.pots, lean.all_in) == (full.seats, full.pots, full.all_in)
    # The query language's action rows (``moves``, issue 25) are stored either way.
    assert lean.moves == full.moves
    lean_size = len(pickle.dumps(dataclasses.replace(lean, moves=())))
    assert lean_size < len(pickle.dumps(dataclasses.replace(full, moves=()))) / 2


def _tables(db: Path) -> dict[str, list[tuple[object, ...]]]:
    conn = sqlite3.connect(db)
    try:
        names = [n for (n,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            " AND name NOT IN ('_sqlite_migrations', 'files')"
        )]  # fmt: skip
        return {n: sorted(conn.execute(f"SELECT * FROM {n}"), key=repr) for n in names}
    finally:
        conn.close()


def test_sqlite_rows_write_the_database_the_full_rows_write(tmp_path: Path) -> None:
    """Every sample history (quarantined hands too) through the store both ways."""
    assert len(SAMPLES) > 50
    dumps = []
    for sqlite in (False, True):
        db = connect(tmp_path / f"{sqlite}.sqlite")
        writer = HandWriter(db.conn)
        for number, path in enumerate(SAMPLES):
            prepared = _prepared(path, sqlite=sqlite)
            writer.write_file(FileMeta(str(path), f"{number:064x}", 1), prepared.rows)
        db.close()
        dumps.append(_tables(tmp_path / f"{sqlite}.sqlite"))
    full, lean = dumps
    assert all(full[table] for table in ("hands", "seats", "player_day_sums"))
    assert lean == full


def test_rows_and_notes_pickle_by_their_fields_and_come_back_equal() -> None:
    problem = Problem(kind="rule_violation", message="[B5] too small", line=12, rule="B5")
    note = HandNote("PokerStars", "42", problem)
    path = REPO / "sample_histories" / "pokerstars" / "nlhe" / "check-raise.txt"
    (rows,) = _prepared(path, sqlite=False).rows
    quarantined = rows.quarantined(problem)
    for value in (note, HandNote("PokerStars", "43", None), rows, for_sqlite(rows), quarantined):
        copy = pickle.loads(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
        assert copy == value
        assert type(copy) is type(value)
    # The reducer sends every field, in order: a field added to HandRows is sent too.
    fields = tuple(getattr(rows, f.name) for f in dataclasses.fields(HandRows))
    assert copyreg.dispatch_table[HandRows](rows) == (HandRows, fields)


def test_a_file_s_hands_are_prepared_in_chunks_with_nothing_lost_or_reordered() -> None:
    # 16 hands of a chunk are parsed and replayed before their rows are built: a file of
    # 2.5 chunks must give every hand's rows, in the file's order, as hand by hand does.
    from analytics.ingest import prepare
    from analytics.ingest.pipeline import Stages, process
    from analytics.store import rawtext

    text = "\n\n\n".join(path.read_text(encoding="utf-8") for path in SAMPLES[:60])
    data = text.encode()
    stages = Stages.default()
    raws = list(stages.split_hands(stages.decode(data, "joined.txt"), "joined.txt"))
    assert len(raws) > 2 * prepare.CHUNK_HANDS
    assert len(raws) % prepare.CHUNK_HANDS  # a last chunk shorter than the others
    prepared = prepare_file("joined.txt", data, stages, sqlite=True)
    assert isinstance(prepared, PreparedFile)
    reference = rawtext.reference_of(text)
    one_by_one = [
        prepare.with_rows(
            prepare.short_problem(process(raw, stages)), reference=reference, sqlite=True
        )[1]
        for raw in raws
    ]
    assert [r.hand_id for r in prepared.rows] == [r.hand_id for r in one_by_one]
    assert prepared.rows == one_by_one


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_is_paused_for_a_file_and_left_as_it_was(enabled: bool) -> None:
    import gc

    from analytics.ingest.prepare import collector_paused

    def a_failing_file() -> None:
        with collector_paused():
            assert not gc.isenabled()
            raise RuntimeError("a hand that fails the whole file")

    before = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        with pytest.raises(RuntimeError):
            a_failing_file()
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if before else gc.disable)()
