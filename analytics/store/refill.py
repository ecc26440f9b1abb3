"""New per-hand data for the hands already stored (issue 25, item 1): the driver the
migrations that refill stored hands share (0015's ``hand_actions``, 0016's ``seats.flags2``).

Why a driver of its own: the stored data cannot give these values. ``seats`` keeps per-street
counts and the old bits, not the order of the decisions, and migration 0007 dropped the
event log; so each stored ``ok`` hand's text is read (decompressed here, cheap) and parsed,
and replayed where the values need the engine, exactly as a fresh import does, so a stored
hand gets exactly the values a fresh import gives it (tests/stats/test_new_stat_migration.py
and tests/analytics/test_refill.py compare every row).

What makes it fast (``benchmarks/migrate.py``, 100,000 hands of a 0014 database, both
migrations, on 2 cores shared with other work: before, 388 s wall and 141 s of CPU in one
process at load average 13 to 8; now 195 s wall and 98 s of CPU, 35 in this process and 62
in two workers, at load average 8 to 7, so about a minute on an idle machine):

- the parsing and replaying run in worker processes (every core, as ``pokerhh import
  --jobs``), over chunks of :data:`CHUNK` hands read in id order; this process reads the
  texts and writes the results, in order, while the workers work on the next chunks;
- each hand is parsed once for every computation of the run (:func:`refill`'s ``also``:
  0015 computes 0016's bits too when both are pending, :func:`prefetch_flags2`), by the
  room its file was recognised as once (not every hand recognised again: a third of the
  parsing), and the workers compute only what the migration stores, not whole rows;
- each chunk is written whole, then ``commit()`` (the migration's checkpoint): a migration
  killed half-way keeps the chunks written, and run again fills the hands still missing
  (the ``wanted`` condition), never a hand twice nor half a hand; the migration is recorded
  (the schema version advances) only when every hand is done.

A stored hand this version no longer parses or replays gets nothing: 0015 writes it no
rows (found by no action query), 0016 leaves its bits NULL (counted in none of the new
statistics, rather than as a chance not taken).
"""

from __future__ import annotations

import collections
import concurrent.futures
import multiprocessing
import os
import sqlite3
import threading
from collections.abc import Callable
from typing import Any

from analytics.ingest.pipeline import Stages
from analytics.ingest.prepare import worker_start
from analytics.stats.flags import flag_rows
from analytics.store.rawtext import TextReader
from analytics.store.seat_layout import pack_stats
from parser.formats import format_of
from parser.model.errors import PokerhhError
from parser.model.hand import ParsedHand, Source

__all__ = [
    "CHUNK", "JOBS", "Compute", "Result", "Writer", "fill_flags2", "flags2_of",
    "prefetch_flags2", "refill",
]  # fmt: skip

Row = tuple[Any, ...]
#: What a refill computes of one stored hand, parsed: its rows to write. A module-level
#: function (the workers receive it by name); raises ``PokerhhError`` for a hand it cannot
#: read (an engine's refusal).
Compute = Callable[[Stages, ParsedHand], list[Row]]
Writer = Callable[[sqlite3.Connection, list["Result"]], None]
#: A stored hand as a worker gets it: its id, file path, first line, text and room
#: (``Source.format``).
StoredHand = tuple[int, str, int, str, str | None]
#: One hand's result: its ``hands.id`` and its rows (None: this version cannot read it).
Result = tuple[int, list[Row] | None]
#: A chunk's results, one list per computation.
Computed = tuple[list[Result], ...]
#: Hands per worker task, and per commit.
CHUNK = 2000
#: Worker processes of the migrations' refills (None: one per core).
JOBS: int | None = None
#: Below this many hands to fill, no worker processes (starting them costs more).
POOL_FROM = 4000
#: Chunks in flight per worker: each has the next one ready when it finishes.
_AHEAD = 2


def refill(
    conn: sqlite3.Connection,
    wanted: str,
    compute: Compute,
    write: Writer,
    *,
    also: tuple[Compute, Writer] | None = None,
    progress: Callable[[int, int], None] | None = None,
    commit: Callable[[], None] | None = None,
    stages: Stages | None = None,
    jobs: int | None = None,
    chunk: int | None = None,
) -> int:
    """Run ``compute`` over every stored ``ok`` hand matching ``wanted`` (an SQL condition
    on ``hands h``: the hands still to fill) and ``write`` its results chunk by chunk,
    in id order; returns the hands filled (computed without error). ``also``: a second
    computation from the same parsed hands and its writer (a later migration's values,
    computed while the hands are parsed anyway: :func:`prefetch_flags2`).

    ``progress(done, total)`` from 0 and after each chunk; ``commit()`` after each chunk
    written (the migration's checkpoint; None: the caller commits). ``jobs``: worker
    processes (None: :data:`JOBS`, else one per core; 1, or ``stages`` other than the
    real ones, or fewer than :data:`POOL_FROM` hands: this process alone). ``chunk``:
    hands per task (None: :data:`CHUNK`).
    """
    chunk = chunk or CHUNK
    condition = f"h.status = 'ok' AND ({wanted})"
    (total,) = conn.execute(f"SELECT count(*) FROM hands h WHERE {condition}").fetchone()
    if progress is not None:
        progress(0, total)
    jobs = jobs or JOBS or os.cpu_count() or 1
    inline = jobs <= 1 or total < POOL_FROM or stages not in (None, Stages.default())
    reader = TextReader(conn)
    select = (
        "SELECT h.id, h.file_id, f.path, h.first_line, h.raw_dictionary, h.raw_z"
        f" FROM hands h JOIN files f ON f.id = h.file_id WHERE {condition} AND h.id > ?"
        " ORDER BY h.id LIMIT ?"
    )
    last = 0
    rooms: dict[int, str | None] = {}

    def next_chunk() -> list[StoredHand]:
        nonlocal last
        rows = conn.execute(select, (last, chunk)).fetchall()
        if rows:
            last = rows[-1][0]
        hands = []
        for key, file_id, path, line, dictionary, blob in rows:
            text = reader.text(dictionary, blob)
            room = rooms.get(file_id, "")
            if room == "":
                room = rooms[file_id] = _room_of(text, path)
            hands.append((key, path, line, text, room))
        return hands

    done = filled = 0
    pool = None if inline else _pool(jobs)
    try:
        pending: collections.deque[concurrent.futures.Future[Computed] | Computed]
        pending = collections.deque()
        computes = (compute,) if also is None else (compute, also[0])
        exhausted = False
        while True:
            while not exhausted and len(pending) < (1 if pool is None else _AHEAD * jobs):
                hands = next_chunk()
                if not hands:
                    exhausted = True
                elif pool is None:
                    pending.append(compute_chunk(computes, hands, stages))
                else:
                    pending.append(pool.submit(compute_chunk, computes, hands))
            if not pending:
                return filled
            work = pending.popleft()
            results, *others = work if isinstance(work, tuple) else work.result()
            write(conn, results)
            if also is not None:
                also[1](conn, others[0])
            if commit is not None:
                commit()
            done += len(results)
            filled += sum(rows is not None for _, rows in results)
            if progress is not None:
                progress(done, total)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)


def _room_of(text: str, path: str) -> str | None:
    """The room a file's hands are parsed by, recognised once from its first stored hand
    (the import recognised the file once, ``parser.formats.split_hands``; recognising each
    hand again was a third of the parsing); None: recognise each hand."""
    try:
        return format_of(text, path).name
    except PokerhhError:
        return None


def compute_chunk(
    computes: tuple[Compute, ...], hands: list[StoredHand], stages: Stages | None = None
) -> Computed:
    """Each of ``computes`` of each hand, parsed once (a worker's task): None for a hand
    one cannot read."""
    stages = stages or Stages.default()
    out: tuple[list[Result], ...] = tuple([] for _ in computes)
    for key, path, first_line, text, room in hands:
        try:
            parsed = stages.parse_hand(Source(path, first_line, text, format=room))
        except PokerhhError:
            for results in out:
                results.append((key, None))
            continue
        for compute, results in zip(computes, out, strict=True):
            try:
                results.append((key, compute(stages, parsed)))
            except PokerhhError:
                results.append((key, None))
    return out


def _pool(jobs: int) -> concurrent.futures.ProcessPoolExecutor:
    """Worker processes started as the importer's are (``worker_start``: they die with
    this process, leave Ctrl-C to it, collect garbage rarely). Forked from this one where
    the system can and this process runs one thread (they start at once, the parser and
    engine loaded; they never touch its connection), spawned otherwise (a thread holding
    a lock at the fork would leave it held in the worker)."""
    fork = "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1
    return concurrent.futures.ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=multiprocessing.get_context("fork" if fork else "spawn"),
        initializer=worker_start,
        initargs=(os.getpid(),),
    )


# -- migration 0016: seats.flags2 ------------------------------------------------------------

_UPDATE = "UPDATE seats SET flags2 = ? WHERE hand = ? AND seat = ? AND flags IS NOT NULL"
#: 0016's hands to fill: an ``ok`` hand whose seats have statistics and no ``flags2`` yet.
_WANTED_FLAGS2 = (
    "EXISTS (SELECT 1 FROM seats s WHERE s.hand = h.id"
    " AND s.flags IS NOT NULL AND s.flags2 IS NULL)"
)


def flags2_of(stages: Stages, parsed: ParsedHand) -> list[Row]:
    """``(seat, flags2)`` of each dealt-in seat of a stored hand: replayed as the import
    does, its flags packed as the import packs them."""
    return [(row[0], pack_stats(row)[-1]) for row in flag_rows(stages.replay(parsed))]


def _write_flags2(conn: sqlite3.Connection, results: list[Result]) -> None:
    conn.executemany(
        _UPDATE,
        [(flags2, key, seat) for key, rows in results if rows for seat, flags2 in rows],
    )


def fill_flags2(
    conn: sqlite3.Connection,
    progress: Callable[[int, int], None] | None = None,
    stages: Stages | None = None,
    *,
    commit: Callable[[], None] | None = None,
    jobs: int | None = None,
    chunk: int | None = None,
) -> int:
    """Fill ``seats.flags2`` (migration 0016) of every ``ok`` hand whose seats have
    statistics and no ``flags2`` yet (:func:`refill`'s arguments): first the bits computed
    ahead (:func:`prefetch_flags2`), then the other hands. Returns the hands filled."""
    ahead = _apply_ahead(conn)
    if ahead and commit is not None:
        commit()
    report = progress
    if progress is not None and ahead:
        report = lambda done, total: progress(ahead + done, ahead + total)  # noqa: E731
    return ahead + refill(
        conn, _WANTED_FLAGS2, flags2_of, _write_flags2,
        progress=report, commit=commit, stages=stages, jobs=jobs, chunk=chunk,
    )  # fmt: skip


#: 0016's bits computed ahead by 0015's pass over the same hands, until 0016 writes them.
_AHEAD_TABLE = "temp.refill_flags2"


def prefetch_flags2(conn: sqlite3.Connection) -> tuple[Compute, Writer]:
    """For migration 0015 when 0016 follows in the same run (a database older than
    both): 0015 parses every stored hand, and 0016 needs each parsed again, so 0015's
    workers replay it too and keep its ``flags2`` in a temporary table for
    :func:`fill_flags2` (parsing is a third of the work; 100,000 hands, 20 s of CPU).

    Changes nothing 0015 writes. The table lives as long as this connection: a run
    killed in between loses it, and 0016 computes those hands itself."""
    conn.execute(
        f"CREATE TABLE IF NOT EXISTS {_AHEAD_TABLE} (hand INTEGER NOT NULL,"
        " seat INTEGER NOT NULL, flags2 INTEGER NOT NULL, PRIMARY KEY (hand, seat))"
        " WITHOUT ROWID"
    )
    return flags2_of, _write_ahead


def _write_ahead(conn: sqlite3.Connection, results: list[Result]) -> None:
    conn.executemany(
        f"INSERT OR REPLACE INTO {_AHEAD_TABLE} VALUES (?, ?, ?)",
        [(key, seat, flags2) for key, rows in results if rows for seat, flags2 in rows],
    )


def _apply_ahead(conn: sqlite3.Connection) -> int:
    """Write the bits :func:`prefetch_flags2` kept (to seats still without); the hands."""
    schema, name = _AHEAD_TABLE.split(".")
    found = conn.execute(f"SELECT 1 FROM {schema}.sqlite_master WHERE name = ?", (name,))
    if found.fetchone() is None:
        return 0
    (hands,) = conn.execute(f"SELECT count(DISTINCT hand) FROM {_AHEAD_TABLE}").fetchone()
    conn.execute(
        f"UPDATE seats SET flags2 = t.flags2 FROM {_AHEAD_TABLE} t"
        " WHERE seats.hand = t.hand AND seats.seat = t.seat"
        " AND seats.flags IS NOT NULL AND seats.flags2 IS NULL"
    )
    conn.execute(f"DROP TABLE {_AHEAD_TABLE}")
    return int(hands)
