"""Import hand histories into the database: ``import_paths(paths, db_path) -> ImportReport``.

Per file: read the bytes, decode, split into hands, parse and replay each hand
(:func:`analytics.ingest.pipeline.process`), turn each into rows, then write them all in one
transaction (:class:`analytics.store.writer.HandWriter`). Parsing happens before the write lock is
taken, so a dashboard or a second import waits only for the writing.

What is never lost: a hand that fails is stored quarantined with its problem and raw text;
a file that cannot be read or decoded is reported by path (and nothing of it stored, so the
next import tries again). What is never stored twice: a hand already in the database (by
site and hand id) counts as a duplicate, and a file whose exact content was imported before
is not even parsed again (its hands count as duplicates), unless ``rescan`` is set, e.g.
after a parser fix, to pick up hands an older version missed. The one overwrite: a
quarantined record is replaced when the same hand turns up whole and replays ok.
"""

from __future__ import annotations

import collections
import concurrent.futures
import contextlib
import functools
import gc
import hashlib
import multiprocessing
import multiprocessing.context
import os
import sys
import time
import types
import zipfile
import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from multiprocessing.process import BaseProcess
from typing import Any

from analytics.ingest.pipeline import Problem, Stages
from analytics.ingest.prepare import (
    GC_THRESHOLD,
    NOT_A_HAND_HISTORY,
    HandNote,
    PreparedFile,
    prepare_file,
    prepare_range,
    worker_start,
)
from analytics.ingest.ranges import cuts
from analytics.ingest.rows import HandRows
from analytics.ingest.sources import (
    HISTORY_SUFFIXES,
    MAX_FILE_BYTES,
    InputFile,
    Refused,
    list_inputs,
)
from analytics.store.db import compact, connect, refresh_statistics
from analytics.store.writer import FileMeta, FileWrite, HandWriter, Written
from analytics.tournaments.store import refresh as refresh_tournaments
from analytics.tournaments.store import store_summary


@dataclass(frozen=True, slots=True, kw_only=True)
class HandProblem:
    """A quarantined hand, as the import summary lists it."""

    file: str
    line: int | None
    site: str
    hand_id: str
    status: str
    kind: str
    rule: str | None
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        rule = f"[{self.rule}] " if self.rule else ""
        return f"{where}: hand {self.hand_id}: {self.kind}: {rule}{self.message}"


@dataclass(frozen=True, slots=True, kw_only=True)
class ImportProgress:
    """Passed to the ``progress`` callback before the first file and after each one."""

    files_done: int
    files_total: int
    bytes_done: int
    bytes_total: int
    hands_seen: int
    path: str | None


@dataclass(slots=True)
class ImportReport:
    """Everything an import did; the CLI prints it, tests assert on it."""

    #: Files looked at (imported, unchanged since a previous import, or refused).
    files: int = 0
    files_imported: int = 0
    #: Files whose exact content was already imported: skipped, their hands duplicates.
    files_unchanged: int = 0
    #: Files or zip members not read: unreadable, undecodable, unsafe names (nothing stored).
    files_refused: list[Refused] = field(default_factory=list)
    #: Files under folders and in zips that are not hand histories by their suffix
    #: (not one of ``HISTORY_SUFFIXES``): counted only.
    files_ignored: int = 0
    #: Files found under a folder that are not hand histories by their content (0 bytes,
    #: no hand header, a room's web page): listed, but not an error, or one stray file
    #: would fail every import of its folder (issue 23, item 16).
    files_skipped: list[Refused] = field(default_factory=list)
    hands_seen: int = 0
    #: Hands newly stored, by status (ok, invalid, cancelled, incomplete, unsupported).
    stored: Counter[str] = field(default_factory=Counter)
    duplicates: int = 0
    #: Quarantined records replaced by the same hand replayed ok (counted in ``stored``).
    replaced: int = 0
    #: Newly stored ``invalid`` hands by problem kind (parse_error, rule_violation, ...).
    invalid_by_kind: Counter[str] = field(default_factory=Counter)
    #: Every newly stored quarantined hand, in import order (and each new conflict).
    problems: list[HandProblem] = field(default_factory=list)
    #: Copies of a stored hand (same room and hand id) with a different text: kept apart
    #: (``hand_conflicts``), listed in ``problems`` as kind ``conflict`` (issue 23, item 6).
    conflicts: int = 0
    seconds: float = 0.0
    #: Tournament summary files stored, and tournaments rebuilt after the import.
    summaries: int = 0
    tournaments: int = 0
    #: The database was empty and this import filled it, then compacted it
    #: (:func:`analytics.store.db.compact`).
    compacted: bool = False

    @property
    def failed(self) -> bool:
        """Exit status 1 (the CLI's one rule): some file was not imported, or nothing at
        all was, every file found being skipped."""
        imported = self.files_imported or self.files_unchanged
        return bool(self.files_refused) or (bool(self.files_skipped) and not imported)

    @property
    def stored_total(self) -> int:
        return sum(self.stored.values())

    @property
    def cancelled(self) -> int:
        return self.stored["cancelled"]

    @property
    def incomplete(self) -> int:
        return self.stored["incomplete"]

    @property
    def unsupported(self) -> int:
        return self.stored["unsupported"]

    @property
    def invalid(self) -> int:
        return self.stored["invalid"]

    @property
    def hands_per_second(self) -> float:
        return self.hands_seen / self.seconds if self.seconds else 0.0

    def add(self, written: ImportReport) -> None:
        """Count in what the writer did in a batch of files, once it is committed (the
        counts of the writing; the listing's and the reading's are this report's own)."""
        self.files_imported += written.files_imported
        self.hands_seen += written.hands_seen
        self.stored.update(written.stored)
        self.duplicates += written.duplicates
        self.replaced += written.replaced
        self.invalid_by_kind.update(written.invalid_by_kind)
        self.problems.extend(written.problems)
        self.conflicts += written.conflicts
        self.files_refused.extend(written.files_refused)
        self.summaries += written.summaries


Progress = Callable[[ImportProgress], None]

class ImportInterrupted(KeyboardInterrupt):
    """Ctrl-C (or SIGTERM, which the CLI turns into the same) during an import: the file
    being written was rolled back; ``report`` is what was done before. ``__cause__`` is the
    interrupt itself."""

    def __init__(self, report: ImportReport) -> None:
        super().__init__("import interrupted")
        self.report = report

_SEVERITY = {"invalid": 0, "conflict": 1, "incomplete": 2, "cancelled": 3, "unsupported": 4}


def summary_lines(report: ImportReport, *, problems: int = 20) -> list[str]:
    """The end-of-import summary for people: counts, files not read, the first problems
    (invalid hands first: those are the ones to look at)."""
    files = f"{report.files_imported} imported"
    if report.files_unchanged:
        files += f", {report.files_unchanged} unchanged since a previous import"
    if report.files_refused:
        files += f", {len(report.files_refused)} not read"
    if report.files_skipped:
        files += f", {len(report.files_skipped)} skipped (not hand histories)"
    if report.files_ignored:
        suffixes = ", ".join((*HISTORY_SUFFIXES, ".zip"))
        files += f", {report.files_ignored} ignored (not {suffixes})"
    kinds = ", ".join(f"{k} {n:,}" for k, n in report.invalid_by_kind.most_common())
    lines = [
        f"  time:        {report.seconds:.1f}s ({report.hands_per_second:,.0f} hands/s)",
        f"  files:       {report.files} ({files})",
        f"  hands:       {report.hands_seen:,} seen",
        f"  stored:      {report.stored_total:,} ({report.stored['ok']:,} ok)",
        f"  duplicates:  {report.duplicates:,}",
    ]
    if report.replaced:
        lines.append(f"  replaced:    {report.replaced:,} quarantined hands, now whole and ok")
    if report.conflicts:
        lines.append(f"  conflicts:   {report.conflicts:,} (a stored hand's id with another text:"
                     " kept apart, listed below)")  # fmt: skip
    lines += [
        f"  cancelled:   {report.cancelled:,}",
        f"  incomplete:  {report.incomplete:,}",
    ]
    if report.unsupported:
        lines.append(
            f"  unsupported: {report.unsupported:,} (games the engine does not replay yet)"
        )
    lines.append(f"  invalid:     {report.invalid:,}" + (f" ({kinds})" if kinds else ""))
    if report.summaries or report.tournaments:
        lines.append(f"  tournaments: {report.summaries:,} summaries read,"
                     f" {report.tournaments:,} tournaments rebuilt")  # fmt: skip
    lines += [f"  not read: {r.path}: {r.kind}: {_reason(r)}" for r in report.files_refused]
    lines += [f"  skipped:  {r.path}: {r.kind}: {_reason(r)}" for r in report.files_skipped]
    if report.files_skipped and not (report.files_imported or report.files_unchanged):
        lines.append("  nothing imported: every file found was skipped")
    if report.problems and problems > 0:
        listed = sorted(report.problems, key=lambda p: _SEVERITY.get(p.status, 0))[:problems]
        lines.append(f"Problems (first {len(listed)} of {len(report.problems)}):")
        lines += [f"  {problem}" for problem in listed]
    elif report.problems:  # none listed (`make dashboard`'s import, watch): one line of them
        quarantined = len(report.problems) - report.conflicts
        lines.append(f"  problems:    {quarantined:,} quarantined, {report.conflicts:,} conflicts"
                     " (the dashboard's Import page shows the quarantined hands and why;"
                     " import --problems N lists them)")  # fmt: skip
    return lines


def _reason(refused: Refused) -> str:
    """A refusal's message without the path it is listed under: a parser's error starts
    with ``path:line:``, which would print the path twice.

    >>> _reason(Refused("a.txt", "summary_error", "a.txt:1: not a summary"))
    'line 1: not a summary'
    """
    message = refused.message
    rest = message.removeprefix(f"{refused.path}:")
    if rest == message:
        return message
    line, colon, after = rest.partition(":")
    if colon and line.isdigit():
        return f"line {line}:{after}"
    return rest.lstrip()


#: Refusals that say a file found under a folder is not a hand history at all, rather
#: than one that could not be read: skipped (:attr:`ImportReport.files_skipped`).
SKIPPED_KINDS = frozenset({NOT_A_HAND_HISTORY, "not_a_summary"})


def import_paths(
    paths: Iterable[str | os.PathLike[str]],
    db_path: str | os.PathLike[str],
    *,
    progress: Progress | None = None,
    rescan: bool = False,
    stages: Stages | None = None,
    jobs: int | None = 1,
    batch_hands: int | None = None,
) -> ImportReport:
    """Import files, folders (recursive) and zip files into the database at ``db_path``.

    ``stages`` replaces the parser and engine (tests); ``progress`` is called before the
    first file and after each file. ``jobs`` > 1 parses and replays files in that many
    worker processes while this one writes (in file order, so the result is the same);
    ``jobs=None`` (the command line's default): one per core once there are
    :data:`PARALLEL_BYTES` to read, less imported in this process.
    ``batch_hands``: small files are committed together once they hold that many hands
    (default :data:`BATCH_HANDS`; 1: each file its own transaction).
    """
    if jobs is not None and jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    started = time.perf_counter()
    stages_given = stages is not None
    stages = stages or Stages.default()
    report = ImportReport()
    listing = list_inputs(paths)
    if jobs is None:  # automatic: workers only for an import worth starting them
        jobs = (os.cpu_count() or 1) if listing.total_bytes >= PARALLEL_BYTES else 1
    parallel = jobs > 1 and not stages_given
    report.files_refused.extend(listing.refused)
    report.files_skipped.extend(listing.skipped)
    report.files_ignored = listing.ignored
    report.files = len(listing.files) + len(listing.refused) + len(listing.skipped)
    db = connect(db_path)
    try:
        known = {sha: hands for sha, hands in db.execute("SELECT sha256, hands FROM files")}
        was_empty = not known
        writer = HandWriter(db.conn)
        batch = _Batch(writer, known, report, batch_hands or BATCH_HANDS)
        done = bytes_done = 0

        def tick(path: str | None, within: int = 0, hands: int = 0) -> None:
            """``within``: bytes of the file being read in ranges done so far."""
            if progress is not None:
                progress(
                    ImportProgress(
                        files_done=done,
                        files_total=len(listing.files),
                        bytes_done=bytes_done + within,
                        bytes_total=listing.total_bytes,
                        hands_seen=report.hands_seen + batch.written.hands_seen + hands,
                        path=path,
                    )
                )

        tick(None)
        try:
            with _quiet_gc(), _Preparer(jobs if parallel else 1, stages) as preparer:
                for item, prepared in preparer.run(listing.files, known, rescan, report):
                    if isinstance(prepared, RangedFile):  # a big file: a tick per range
                        prepared.progress = functools.partial(tick, item.path)
                    if prepared is not None:
                        batch.write(prepared)
                    done += 1
                    bytes_done += item.size
                    tick(item.path)
                batch.commit()
        except KeyboardInterrupt as interrupt:  # the open batch's files are rolled back
            batch.rollback()
            report.seconds = time.perf_counter() - started
            raise ImportInterrupted(report) from interrupt
        except BaseException:  # the failing file was rolled back; the whole ones before it stay
            batch.keep_whole_files()
            raise
        report.tournaments = refresh_tournaments(db.conn)  # issue 12: rebuilt from the hands
        refresh_statistics(db.conn)  # keep the query planner's statistics current
        if was_empty and report.stored_total:
            report.compacted = compact(db.conn)
    finally:
        listing.close()
        db.close()
    report.seconds = time.perf_counter() - started
    return report


#: Less than this to read (files and zip members, before any is found unchanged) is
#: imported in the importer's own process when ``jobs`` is automatic (None, the command
#: line's default): a worker is a new interpreter that loads the parser and engine (a
#: second or two of a core on this 2-core machine), and its rows come back pickled, so a
#: small import ran slower on two workers than in one process (the PokerStars corpus,
#: 2.8 MB: 5.1 s against 3.3 s; issue 23 item 21). 16 MB is several seconds of one core.
PARALLEL_BYTES = 16 * 1024 * 1024

#: Files larger than this are read range by range (:mod:`analytics.ingest.ranges`): memory stays
#: flat whatever the file's size, and every worker gets ranges of the one file (issue 11).
STREAM_BYTES = 8 * 1024 * 1024
#: About 1,100 six-max hold'em hands: a worker's turn long enough to be worth the round
#: trip, and a few megabytes of rows waiting to be written per range in flight.
RANGE_BYTES = 512 * 1024


#: A batch of small files is committed once it holds this many hands: about a second of
#: hold'em (the dashboard sees the import grow, a second writer waits no longer for the
#: lock), up to ten of omaha with its all-in EV. A count, not a clock: the same files give
#: the same batches, so the same database to the last bit of the sums' floating sums
#: (grouped otherwise, a float sum may differ in its last digit), whatever ``jobs`` and
#: the machine's speed.
BATCH_HANDS = 2_000


class _Batch:
    """Files written in one transaction, committed every few thousand hands: a commit and
    the sums' fixed cost once per batch instead of once per file (issue 11). Each file is
    a savepoint of it (all or nothing, as alone); a kill rolls back the open batch, whose
    counts are held in ``written`` until its ``COMMIT``, so an interrupted import's report
    counts only what stays in the database. A big file read in ranges is written alone:
    its own transaction, committed when it ends."""

    def __init__(
        self, writer: HandWriter, known: dict[str, int], report: ImportReport, limit: int
    ) -> None:
        self.writer = writer
        self.limit = limit
        self.known = known
        self.report = report
        #: What the open batch's files did (added to ``report`` at the commit).
        self.written = ImportReport()
        self.hands = 0
        self.opened = False

    def write(self, prepared: PreparedFile | RangedFile) -> None:
        if isinstance(prepared, RangedFile):
            self.commit()
            _write_file(prepared, self.writer, self.known, self.report)
            return
        if not self.opened:
            self.writer.begin()
            self.opened = True
        _write_file(prepared, self.writer, self.known, self.written)
        self.hands += len(prepared.rows)
        if self.hands >= self.limit:
            self.commit()

    def commit(self) -> None:
        if self.opened:
            self.writer.commit()
            self.report.add(self.written)
        self._reset()

    def rollback(self) -> None:
        if self.opened:
            self.writer.rollback()
        self._reset()

    def keep_whole_files(self) -> None:
        """After an error (the failing file rolled back to its savepoint, or the batch
        already rolled back by a failed commit): commit the files written whole before it,
        as a transaction per file would have kept them; if that fails too, nothing."""
        if not self.opened or not self.writer.conn.in_transaction:
            self.rollback()
            return
        try:
            self.commit()
        except Exception:
            self.rollback()

    def _reset(self) -> None:
        self.written = ImportReport()
        self.hands = 0
        self.opened = False


class RangedFile:
    """A big file's hands, prepared range by range as the writer asks for them.

    ``rows()`` is consumed once, inside the file's one write transaction; it reads each
    range from disk (a worker reads its own), at most ``2 * jobs`` ranges ahead, so the
    rows in memory are a few ranges' whatever the file's size. ``notes`` fills as it goes,
    with the hands that have a problem only (a million ``ok`` hands need no note).
    """

    def __init__(
        self,
        item: InputFile,
        sha256: str,
        ranges: list[tuple[int, int | None, int]],
        preparer: _Preparer,
    ) -> None:
        self.path = item.path
        self.local = item.local
        self.size = item.size
        self.sha256 = sha256
        self.ranges = ranges
        self.preparer = preparer
        self.notes: dict[int, HandNote] = {}
        #: Told ``(bytes, hands)`` done after each range is handed to the writer.
        self.progress: Callable[[int, int], None] | None = None

    def rows(self) -> Iterator[HandRows]:
        index = 0
        for (_start, end, _lines), prepared in zip(self.ranges, self._prepared(), strict=True):
            if isinstance(prepared, Refused):
                raise RangeRefused(prepared)
            for offset, note in enumerate(prepared.notes):
                if note.problem is not None:
                    self.notes[index + offset] = note
            index += len(prepared.rows)
            yield from prepared.rows
            if self.progress is not None:
                self.progress(self.size if end is None else end, index)

    def _prepared(self) -> Iterator[PreparedFile | Refused]:
        assert self.local is not None
        path, local, pool = self.path, str(self.local), self.preparer.pool
        if pool is None:
            for start, end, lines in self.ranges:
                stages = self.preparer.stages
                yield prepare_range(path, local, start, end, lines, stages, sqlite=True)
            return
        ahead: collections.deque[concurrent.futures.Future[PreparedFile | Refused]]
        ahead = collections.deque()
        for start, end, lines in self.ranges:
            ahead.append(pool.submit(prepare_range, path, local, start, end, lines, sqlite=True))
            if len(ahead) > self.preparer.jobs:
                yield ahead.popleft().result()
        while ahead:
            yield ahead.popleft().result()


class RangeRefused(Exception):
    """A range of a big file could not be decoded: the file is refused, nothing stored."""

    def __init__(self, refused: Refused) -> None:
        super().__init__(refused.message)
        self.refused = refused


class _Preparer:
    """Runs ``prepare_file`` inline, or in worker processes a few files ahead."""

    def __init__(self, jobs: int, stages: Stages) -> None:
        self.jobs = jobs
        self.stages = stages
        self.pool: concurrent.futures.ProcessPoolExecutor | None = None

    def __enter__(self) -> _Preparer:
        if self.jobs > 1:
            # spawn, not fork: a worker then loads analytics.ingest.prepare alone (45 MB), not a
            # copy of this process with sqlite_utils and pandas (120 MB) whose pages its
            # reference counting would soon unshare; and not the importer's __main__ either
            # (_LeanSpawn).
            self.pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.jobs,
                initializer=worker_start,
                initargs=(os.getpid(),),
                mp_context=_LeanSpawn(),
            )
        return self

    def __exit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        if self.pool is None:
            return
        if kind is not None and issubclass(kind, KeyboardInterrupt):
            # Interrupted: stop the workers now rather than let them finish their files.
            processes = getattr(self.pool, "_processes", None) or {}
            for process in list(processes.values()):
                with contextlib.suppress(Exception):
                    process.terminate()
        self.pool.shutdown(cancel_futures=True)

    def run(
        self, files: list[InputFile], known: dict[str, int], rescan: bool, report: ImportReport
    ) -> Iterator[tuple[InputFile, PreparedFile | RangedFile | None]]:
        """Each file with its prepared rows (None: unreadable, undecodable or unchanged)."""
        pending: collections.deque[tuple[InputFile, object]] = collections.deque()
        for item in files:
            if item.local is not None and item.size > STREAM_BYTES:
                while pending:  # the files before it are written first, in order
                    yield self._done(*pending.popleft(), report)
                yield self._ranged(item, known, rescan, report)
                continue
            try:
                data = item.read()
            except (OSError, zipfile.BadZipFile, zlib.error, EOFError, RuntimeError) as error:
                # RuntimeError: an encrypted zip member (NotImplementedError is one too).
                pending.append((item, Refused(item.path, "unreadable", str(error))))
            else:
                sha256 = hashlib.sha256(data).hexdigest()
                if not rescan and sha256 in known:
                    report.files_unchanged += 1
                    report.hands_seen += known[sha256]
                    report.duplicates += known[sha256]
                    pending.append((item, None))
                elif self.pool is None:
                    pending.append((item, prepare_file(item.path, data, self.stages, sqlite=True)))
                else:
                    work = self.pool.submit(prepare_file, item.path, data, sqlite=True)
                    pending.append((item, work))
            while pending and (self.pool is None or len(pending) > 2 * self.jobs):
                yield self._done(*pending.popleft(), report)
        while pending:
            yield self._done(*pending.popleft(), report)

    def _ranged(
        self, item: InputFile, known: dict[str, int], rescan: bool, report: ImportReport
    ) -> tuple[InputFile, PreparedFile | RangedFile | None]:
        """A big file: hashed and cut in two reads of constant memory, then prepared range
        by range while it is written; read whole only if it cannot be cut (not UTF-8)."""
        assert item.local is not None
        try:
            sha256 = _sha256_of(item.local)
            if not rescan and sha256 in known:
                report.files_unchanged += 1
                report.hands_seen += known[sha256]
                report.duplicates += known[sha256]
                return item, None
            ranges = cuts(str(item.local), item.size, RANGE_BYTES)
            if len(ranges) > 1:
                return item, RangedFile(item, sha256, ranges, self)
            if item.size > MAX_FILE_BYTES:
                message = (f"{item.size:,} bytes, and not UTF-8 text that can be read in"
                           f" parts: over the {MAX_FILE_BYTES:,} bytes read whole")  # fmt: skip
                return self._done(item, Refused(item.path, "too_large", message), report)
            data = item.read()
        except OSError as error:
            return self._done(item, Refused(item.path, "unreadable", str(error)), report)
        return self._done(item, prepare_file(item.path, data, self.stages, sqlite=True), report)

    @staticmethod
    def _done(
        item: InputFile, work: object, report: ImportReport
    ) -> tuple[InputFile, PreparedFile | None]:
        if isinstance(work, concurrent.futures.Future):
            work = work.result()
        if isinstance(work, Refused):
            if item.walked and work.kind in SKIPPED_KINDS:
                report.files_skipped.append(work)
            else:
                report.files_refused.append(work)
            return item, None
        assert work is None or isinstance(work, PreparedFile)
        return item, work


class _LeanSpawnProcess(multiprocessing.context.SpawnProcess):
    """A spawned worker that does not import its parent's ``__main__`` module.

    multiprocessing's spawn imports the parent's main module in every worker (as
    ``__mp_main__``) so that functions defined there can be unpickled; the importer's
    workers run functions of :mod:`analytics.ingest.prepare` only. Under ``pokerhh import``
    the main module is the command line (``dashboard.cli``), which loads pandas and numpy:
    57 MB more in each worker, and a 250 MB file's import on two workers peaked at 382 MB
    against 245 MB in one process (issue 23 item 21). The parent's ``__main__`` is hidden
    only while a worker is launched: the launch is what records it."""

    @staticmethod
    def _Popen(process_obj: BaseProcess) -> Any:
        main = sys.modules["__main__"]
        sys.modules["__main__"] = types.ModuleType("__main__")
        try:
            return multiprocessing.context.SpawnProcess._Popen(process_obj)
        finally:
            sys.modules["__main__"] = main


class _LeanSpawn(multiprocessing.context.SpawnContext):
    Process = _LeanSpawnProcess


@contextlib.contextmanager
def _quiet_gc() -> Iterator[None]:
    """Import makes millions of short-lived objects and no cycles worth chasing: collect
    the young generation far less often (about 12% of the import's time otherwise)."""
    before = gc.get_threshold()
    gc.set_threshold(*GC_THRESHOLD)
    try:
        yield
    finally:
        gc.set_threshold(*before)


def _sha256_of(path: os.PathLike[str] | str) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while block := handle.read(RANGE_BYTES):
            digest.update(block)
    return digest.hexdigest()


def _write_ranged(
    ranged: RangedFile, writer: HandWriter, known: dict[str, int], report: ImportReport
) -> None:
    try:
        written = writer.write_file(FileMeta(ranged.path, ranged.sha256, ranged.size),
                                    ranged.rows())  # fmt: skip
    except RangeRefused as refused:  # rolled back: nothing of the file stored
        report.files_refused.append(refused.refused)
        return
    _count_written(report, known, ranged.sha256, written)
    for index in sorted(ranged.notes.keys() | written.refused.keys()):
        if written.written[index] is Written.DUPLICATE:
            continue
        note = ranged.notes.get(index)
        if note is None:  # refused by the database, no problem before
            site, hand_id = written.refused_keys[index]
            note = HandNote(site, hand_id, None)
        note_problem(report, ranged.path, note, written.refused.get(index))
    note_conflicts(report, ranged.path, written)


def _count_written(
    report: ImportReport, known: dict[str, int], sha256: str, written: FileWrite
) -> None:
    """A file's hands counted into the report, and its content known from now on."""
    count = len(written.written)
    known[sha256] = count
    report.files_imported += 1
    report.hands_seen += count
    report.duplicates += written.duplicates
    report.replaced += written.replaced
    report.stored.update(written.by_status)


def _write_file(
    prepared: PreparedFile | RangedFile,
    writer: HandWriter,
    known: dict[str, int],
    report: ImportReport,
) -> None:
    if isinstance(prepared, RangedFile):
        _write_ranged(prepared, writer, known, report)
        return
    if prepared.summary is not None:
        store_summary(writer.conn, prepared.path, prepared.sha256, prepared.size,
                      prepared.summary)  # fmt: skip
        known[prepared.sha256] = 0
        report.files_imported += 1
        report.summaries += 1
        return
    meta = FileMeta(prepared.path, prepared.sha256, prepared.size)
    written = writer.write_file(meta, prepared.rows)
    _count_written(report, known, prepared.sha256, written)
    for index, note in enumerate(prepared.notes):
        if written.written[index] is not Written.DUPLICATE:
            note_problem(report, prepared.path, note, written.refused.get(index))
    note_conflicts(report, prepared.path, written)


def note_conflicts(report: ImportReport, path: str, written: FileWrite) -> None:
    """The file's new conflicting copies (``FileWrite.conflicts``) into the report: counted
    and listed with the problems, as kind ``conflict``; the stored hands are unchanged."""
    for index, problem in sorted(written.conflicts.items()):
        site, hand_id = written.conflict_keys[index]
        report.conflicts += 1
        report.problems.append(
            HandProblem(
                file=path, line=problem.line, site=site, hand_id=hand_id, status="conflict",
                kind=problem.kind, rule=problem.rule, message=problem.message,
            )
        )  # fmt: skip


def note_problem(
    report: ImportReport, path: str, outcome: HandNote, refused: Problem | None
) -> None:
    problem = refused or outcome.problem
    if problem is None:
        return
    if problem.status == "invalid":
        report.invalid_by_kind[problem.kind] += 1
    report.problems.append(
        HandProblem(
            file=path,
            line=problem.line,
            site=outcome.site,
            hand_id=outcome.hand_id,
            status=problem.status,
            kind=problem.kind,
            rule=problem.rule,
            message=problem.message,
        )
    )
