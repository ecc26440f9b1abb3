"""One file, or one byte range of a file, through the pipeline into rows: pure, no database.

This is what a worker process runs (``analytics.ingest.importer`` starts them), so it imports
only the parser, the engine and the row builder: not the database layer, not pandas (which
``sqlite_utils`` loads), not the dashboard. A worker started fresh (``spawn``) with this
module alone is about 45 MB instead of the importer's 120 MB, which is what keeps the
import of a big file on every core within its memory budget (issue 11). The Dask path
(``analytics.scale.tasks``) runs the same functions, so both engines make the same rows.
"""

from __future__ import annotations

import contextlib
import copyreg
import dataclasses
import gc
import hashlib
import operator
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO

from analytics.ingest.pipeline import (
    INTERNAL_ERROR,
    UNKNOWN_SITE,
    HandOutcome,
    Problem,
    Stages,
    process,
)
from analytics.ingest.rows import HandRows, outcome_rows
from analytics.ingest.sources import Refused
from analytics.store import rawtext
from parser.formats import summary_parser
from parser.model.errors import PokerhhError
from parser.model.hand import Source
from parser.model.summary import TournamentSummary

#: UTF-8 continuation bytes: a read that ends inside a character ends in them or a lead byte.
_CONTINUATION = bytes(range(0x80, 0xC0))
#: ``Refused.kind`` of a file that decodes but holds no hand header.
NOT_A_HAND_HISTORY = "not_a_hand_history"
#: Problem messages longer than this are cut (a 5 MB line is quoted in a parse error):
#: the problem list stays readable and the text is stored once, in the hand's ``raw``.
MAX_MESSAGE = 300


def shorten(message: str, limit: int = MAX_MESSAGE) -> str:
    """``message`` cut to about ``limit`` characters, keeping its start and its end (where
    a parse error says what was expected).

    >>> shorten("x" * 10, 20)
    'xxxxxxxxxx'
    >>> shorten("unexpected '" + "a" * 1000 + "' (expected: calls)", 80)
    "unexpected 'aaaaaaaaaaaaaaaa … [983 characters cut] … a' (expected: calls)"
    """
    if len(message) <= limit:
        return message
    tail = min(limit // 4, 80)
    head = limit - tail - 32
    cut = len(message) - head - tail
    return f"{message[:head]} … [{cut:,} characters cut] … {message[-tail:]}"


@dataclass(frozen=True, slots=True)
class HandNote:
    """What the report needs of one hand (light enough to come back from a worker)."""

    site: str
    hand_id: str
    problem: Problem | None


@dataclass(frozen=True, slots=True)
class PreparedFile:
    """One file parsed, replayed and turned into rows, ready to write."""

    path: str
    sha256: str
    size: int
    rows: list[HandRows]
    notes: list[HandNote]
    #: A tournament summary file (issue 12): no hands, the summary instead.
    summary: TournamentSummary | None = None


def _by_fields(cls: type[Any]) -> Callable[[Any], tuple[type[Any], tuple[Any, ...]]]:
    """A pickle reducer of a dataclass whose fields are its ``__init__``'s positional
    arguments: the class and the field values, not the generic path for ``__slots__``
    (a state dict per object, and ``copyreg`` calls on both sides)."""
    values = operator.attrgetter(*(f.name for f in dataclasses.fields(cls)))

    def reduce(obj: Any) -> tuple[type[Any], tuple[Any, ...]]:
        return cls, values(obj)

    return reduce


# Every hand's rows and note cross from a worker to the importer: about 26 µs a hand of
# pickling and unpickling by the generic path, 17 by these (issue 11).
copyreg.pickle(HandRows, _by_fields(HandRows))
copyreg.pickle(HandNote, _by_fields(HandNote))


def prepare_range(
    path: str,
    local: str,
    start: int,
    end: int | None,
    lines_before: int,
    stages: Stages | None = None,
    *,
    sqlite: bool = False,
) -> PreparedFile | Refused:
    """One byte range of a file (:func:`analytics.ingest.ranges.cuts`) through
    :func:`prepare_file`, its hands' lines those of the file: read here, in the worker.
    ``sqlite``: see :func:`prepare_file`."""
    stages = stages or Stages.default()
    with open(local, "rb") as handle:
        # The whole file's start, also for the first range (shorter than the reference).
        reference = file_reference(handle, path, stages) if start or end is not None else None
        handle.seek(start)
        data = handle.read() if end is None else handle.read(end - start)
    return prepare_file(
        path, data, lines_from(stages, lines_before), reference=reference, sqlite=sqlite
    )


def file_reference(handle: BinaryIO, path: str, stages: Stages) -> bytes:
    """:func:`analytics.store.rawtext.reference_of` the whole file's text, from its first
    bytes alone: what a worker given a range past the start compresses its hands against,
    so the ranged import stores the blobs the whole-file import does.

    Only UTF-8 files are cut in ranges, and decoding is local (line ends, no-break spaces,
    BOMs), so the text of the file's first bytes, cut before a character they may end
    inside, starts the file's text; more is read until it gives enough.
    """
    want = 4 * rawtext.REFERENCE_BYTES
    while True:
        handle.seek(0)
        head = handle.read(want)
        whole = len(head) < want
        if not whole:  # end it before the character it may cut (lead byte and the rest)
            head = head.rstrip(_CONTINUATION)
            head = head[:-1] if head and head[-1] >= 0xC0 else head
        reference = rawtext.reference_of(stages.decode(head, path))
        if whole or len(reference) == rawtext.REFERENCE_BYTES:
            return reference
        want *= 4


def lines_from(stages: Stages, lines_before: int) -> Stages:
    """``stages`` for a range past a file's start: its hands' lines moved by the lines
    before it, so line numbers (and the messages quoting them) are the file's."""
    if not lines_before:
        return stages
    split = stages.split_hands

    def split_hands(text: str, path: str) -> Iterator[Source]:
        for raw in split(text, path):
            yield dataclasses.replace(raw, first_line=raw.first_line + lines_before)

    return dataclasses.replace(stages, split_hands=split_hands)


def prepare_file(
    path: str,
    data: bytes,
    stages: Stages | None = None,
    *,
    actions: bool = False,
    reference: bytes | None = None,
    sqlite: bool = False,
) -> PreparedFile | Refused:
    """Decode, split, parse, replay and build rows for one file: pure, no database.
    ``actions``: with the action rows (the Parquet export's; SQLite does not store them).
    ``sqlite``: only what the SQLite store reads (:func:`for_sqlite`), for the importer.
    ``reference``: what the texts are compressed against besides the room's dictionary
    (``analytics.store.rawtext``); default: the start of ``data``'s text, right for a
    whole file (a range past the start is given its file's)."""
    stages = stages or Stages.default()
    try:
        text = stages.decode(data, path)
        summary_parse = summary_parser(text, path)
        if summary_parse is not None:  # a tournament summary, not hands (issue 12)
            summary = summary_parse(text, path)
            return PreparedFile(path, hashlib.sha256(data).hexdigest(), len(data), [], [], summary)
        raws = list(stages.split_hands(text, path))
        if reference is None:
            reference = rawtext.reference_of(text)
    except PokerhhError as error:
        # DecodeError's message repeats the path; the reason alone reads better after it.
        message = getattr(error, "reason", None) or str(error)
        return Refused(path, error.kind, message)
    rows, notes = [], []
    headers = False
    # A chunk's parses and replays are dropped as soon as its rows are made: they weigh
    # about 90 KB a hand, the rows a few.
    young = 0  # hands since the young generation was last collected
    with collector_paused():
        for start in range(0, len(raws), CHUNK_HANDS):
            outcomes = [process(raw, stages) for raw in raws[start : start + CHUNK_HANDS]]
            for outcome in outcomes:
                headers = headers or has_header(outcome)
                outcome, hand_rows = with_rows(
                    short_problem(outcome), actions=actions, reference=reference, sqlite=sqlite
                )
                rows.append(hand_rows)
                notes.append(HandNote(outcome.site, outcome.hand_id, outcome.problem))
            young += len(outcomes)
            if young >= YOUNG_EVERY:
                gc.collect(0)
                young = 0
    if raws and not headers:
        # A PDF, notes: text but no hand to keep, so nothing is stored (a record
        # "unknown sha256:..." would be a hand no one can look up). A blank file is
        # remembered as a file of no hands, as before.
        return Refused(path, NOT_A_HAND_HISTORY, "not a hand history (no hand header found)")
    sha256 = hashlib.sha256(data).hexdigest()
    return PreparedFile(path, sha256, len(data), rows, notes)


def for_sqlite(rows: HandRows) -> HandRows:
    """``rows`` without what the SQLite store never reads: the plain text (it stores the
    compressed copy, ``raw_z``), the ``hand_players`` and ``player_hand_stats`` rows (it
    stores them packed, ``seats``) and the action rows (issue 11). A worker pickles about
    half the bytes a hand, and the importer holds half the memory per range in flight;
    the Parquet export (``analytics.scale``) keeps asking for everything. The importer's
    workers make these rows directly (``rows(..., sqlite=True)``); this is for rows made
    whole.
    """
    return HandRows(
        (*rows.hand[:-1], None), pots=rows.pots, all_in=rows.all_in,
        raw_dictionary=rows.raw_dictionary, raw_z=rows.raw_z, seats=rows.seats,
        raw_reference=rows.raw_reference, moves=rows.moves,
    )  # fmt: skip


def has_header(outcome: HandOutcome) -> bool:
    """The hand was parsed, or at least its header names a site and a hand number."""
    return outcome.parsed is not None or outcome.site != UNKNOWN_SITE


def short_problem(outcome: HandOutcome) -> HandOutcome:
    problem = outcome.problem
    if problem is None or len(problem.message) <= MAX_MESSAGE:
        return outcome
    short = dataclasses.replace(problem, message=shorten(problem.message))
    return dataclasses.replace(outcome, problem=short)


#: The collector's thresholds during an import, in the importer and in every worker: the
#: young generation collected far less often (about 12% of the import's time otherwise).
GC_THRESHOLD = (100_000, 50, 100)
#: Hands parsed and replayed together before their rows are built. Why not one hand
#: through every stage: the parser and engine, then the row builder and zlib, each run
#: their own code and tables, and one stage after the other per hand the CPU's caches
#: hold neither; 16 at a time is about 5% faster (8 µs a hand, interleaved runs on the
#: Pluribus corpus), and 16 hands' replays are about 1.5 MB.
CHUNK_HANDS = 16
#: While a file's hands are processed the collector is off (:func:`collector_paused`) and
#: the young generation is collected by hand every this many hands: what survives is the
#: rows kept, a few objects a hand, so a pass costs about 1 ms.
YOUNG_EVERY = 2000


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector off for the hands of a file, as it was after.

    Why: a hand's parse, replay and rows free everything they make by reference counting
    (on 2,273 Pluribus hands 3,096 objects were left in cycles, nearly all of them closures
    made once a file and lark's tables made once), so the collector's passes over the
    young objects, even at :data:`GC_THRESHOLD`, find nothing and cost about 5% of the
    import. The caller collects the young generation every :data:`YOUNG_EVERY` hands, so
    a file that did make cycles a hand stays bounded in memory.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


#: How often a worker checks that the import that started it is still there (seconds).
PARENT_CHECK_S = 0.5


def worker_start(parent: int | None = None) -> None:
    """Run in each worker process as it starts: exit with the parent (``parent``: the
    importer's pid, as it was when it started the worker).

    A worker blocked on its task queue never notices its parent died (``kill -9``): it
    would wait for ever, holding its memory. On Linux the kernel sends it SIGKILL when the
    parent exits (``prctl(PR_SET_PDEATHSIG)``); everywhere a daemon thread watches
    ``os.getppid()``, which changes when the parent is gone. Ctrl-C is the parent's to
    handle (it stops the workers), so workers ignore SIGINT.

    A spawned worker does not inherit the importer's garbage-collector settings: it gets
    :data:`GC_THRESHOLD` here, and what it loaded at start-up is frozen out of every
    collection (``gc.freeze``), as the parse of a hand makes thousands of short-lived
    objects and no cycle worth chasing.

    Why the pid is passed rather than read here: a spawned worker takes a second to load
    Python and this module before it runs this; an importer killed in that second has
    already left it to init, and ``os.getppid()`` read now would watch init for ever.
    """
    gc.set_threshold(*GC_THRESHOLD)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if parent is None:
        parent = os.getppid()
    if os.getppid() != parent:  # the importer is already gone
        os._exit(1)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            import ctypes

            pr_set_pdeathsig = 1
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # died before the prctl took effect
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_S)
        os._exit(1)

    threading.Thread(target=watch, name="pokerhh-parent-watch", daemon=True).start()
    Stages.default()  # load the parser and engine now, then keep them out of the GC
    gc.freeze()


def with_rows(
    outcome: HandOutcome, *, actions: bool = False, reference: bytes = b"", sqlite: bool = False
) -> tuple[HandOutcome, HandRows]:
    """The outcome and its rows (``actions``: with the action rows, which SQLite does not
    store; ``reference``: its file's start, see :func:`prepare_file`; ``sqlite``: only what
    the SQLite store reads, :func:`for_sqlite`'s rows made directly); quarantined as an
    internal error if rows() fails (a bug)."""
    try:
        return outcome, outcome_rows(
            outcome, actions=actions, reference=reference, sqlite=sqlite
        )
    except Exception as error:
        problem = Problem(
            kind=INTERNAL_ERROR,
            message=f"cannot store the replay: {type(error).__name__}: {error}"
            " (a bug in pokerhh: please report it)",
            line=outcome.source.first_line,
        )
        outcome = dataclasses.replace(outcome, result=None, problem=problem)
        return outcome, outcome_rows(outcome, reference=reference, sqlite=sqlite)
