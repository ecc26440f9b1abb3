"""Import hand histories into the database: ``import_paths(paths, db_path) -> ImportReport``.

Per file: read the bytes, decode, split into hands, parse and replay each hand
(:func:`analytics.pipeline.process`), turn each into rows, then write them all in one
transaction (:class:`analytics.store.HandWriter`). Parsing happens before the write lock is
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
import dataclasses
import gc
import hashlib
import os
import signal
import sys
import threading
import time
import zipfile
import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from analytics.db import connect
from analytics.pipeline import (
    INTERNAL_ERROR,
    UNKNOWN_SITE,
    HandOutcome,
    Problem,
    Stages,
    process,
)
from analytics.rows import HandRows, outcome_rows
from analytics.sources import InputFile, Refused, list_inputs
from analytics.store import FileMeta, HandWriter, Written
from analytics.tournaments.store import refresh as refresh_tournaments
from analytics.tournaments.store import store_summary
from parser.formats import summary_parser
from parser.model.errors import PokerhhError
from parser.pokerstars_summary import TournamentSummary


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
    #: Files under folders and in zips that are not hand histories (not ``*.txt``).
    files_ignored: int = 0
    hands_seen: int = 0
    #: Hands newly stored, by status (ok, invalid, cancelled, incomplete, unsupported).
    stored: Counter[str] = field(default_factory=Counter)
    duplicates: int = 0
    #: Quarantined records replaced by the same hand replayed ok (counted in ``stored``).
    replaced: int = 0
    #: Newly stored ``invalid`` hands by problem kind (parse_error, rule_violation, ...).
    invalid_by_kind: Counter[str] = field(default_factory=Counter)
    #: Every newly stored quarantined hand, in import order.
    problems: list[HandProblem] = field(default_factory=list)
    seconds: float = 0.0
    #: Tournament summary files stored, and tournaments rebuilt after the import.
    summaries: int = 0
    tournaments: int = 0

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


Progress = Callable[[ImportProgress], None]

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


class ImportInterrupted(KeyboardInterrupt):
    """Ctrl-C (or SIGTERM, which the CLI turns into the same) during an import: the file
    being written was rolled back; ``report`` is what was done before. ``__cause__`` is the
    interrupt itself."""

    def __init__(self, report: ImportReport) -> None:
        super().__init__("import interrupted")
        self.report = report

_SEVERITY = {"invalid": 0, "incomplete": 1, "cancelled": 2, "unsupported": 3}


def summary_lines(report: ImportReport, *, problems: int = 20) -> list[str]:
    """The end-of-import summary for people: counts, files not read, the first problems
    (invalid hands first: those are the ones to look at)."""
    files = f"{report.files_imported} imported"
    if report.files_unchanged:
        files += f", {report.files_unchanged} unchanged since a previous import"
    if report.files_refused:
        files += f", {len(report.files_refused)} not read"
    if report.files_ignored:
        files += f", {report.files_ignored} ignored (not .txt)"
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
    lines += [f"  not read: {r.path}: {r.kind}: {r.message}" for r in report.files_refused]
    if report.problems and problems > 0:
        listed = sorted(report.problems, key=lambda p: _SEVERITY.get(p.status, 0))[:problems]
        lines.append(f"Problems (first {len(listed)} of {len(report.problems)}):")
        lines += [f"  {problem}" for problem in listed]
    return lines


def import_paths(
    paths: Iterable[str | os.PathLike[str]],
    db_path: str | os.PathLike[str],
    *,
    progress: Progress | None = None,
    rescan: bool = False,
    stages: Stages | None = None,
    jobs: int = 1,
) -> ImportReport:
    """Import files, folders (recursive) and zip files into the database at ``db_path``.

    ``stages`` replaces the parser and engine (tests); ``progress`` is called before the
    first file and after each file. ``jobs`` > 1 parses and replays files in that many
    worker processes while this one writes (in file order, so the result is the same).
    """
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    started = time.perf_counter()
    parallel = jobs > 1 and stages is None
    stages = stages or Stages.default()
    report = ImportReport()
    listing = list_inputs(paths)
    report.files_refused.extend(listing.refused)
    report.files_ignored = listing.ignored
    report.files = len(listing.files) + len(listing.refused)
    db = connect(db_path)
    try:
        known = {sha: hands for sha, hands in db.execute("SELECT sha256, hands FROM files")}
        writer = HandWriter(db.conn)
        done = bytes_done = 0

        def tick(path: str | None) -> None:
            if progress is not None:
                progress(
                    ImportProgress(
                        files_done=done,
                        files_total=len(listing.files),
                        bytes_done=bytes_done,
                        bytes_total=listing.total_bytes,
                        hands_seen=report.hands_seen,
                        path=path,
                    )
                )

        tick(None)
        try:
            with _quiet_gc(), _Preparer(jobs if parallel else 1, stages) as preparer:
                for item, prepared in preparer.run(listing.files, known, rescan, report):
                    if prepared is not None:
                        _write_file(prepared, writer, known, report)
                    done += 1
                    bytes_done += item.size
                    tick(item.path)
        except KeyboardInterrupt as interrupt:  # the file's transaction is rolled back
            report.seconds = time.perf_counter() - started
            raise ImportInterrupted(report) from interrupt
        report.tournaments = refresh_tournaments(db.conn)  # issue 12: rebuilt from the hands
        db.execute("PRAGMA optimize")  # keep the query planner's statistics current
    finally:
        listing.close()
        db.close()
    report.seconds = time.perf_counter() - started
    return report


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


def prepare_file(
    path: str, data: bytes, stages: Stages | None = None
) -> PreparedFile | Refused:
    """Decode, split, parse, replay and build rows for one file: pure, no database."""
    stages = stages or Stages.default()
    try:
        text = stages.decode(data, path)
        summary_parse = summary_parser(text, path)
        if summary_parse is not None:  # a tournament summary, not hands (issue 12)
            summary = summary_parse(text, path)
            return PreparedFile(path, hashlib.sha256(data).hexdigest(), len(data), [], [], summary)
        raws = list(stages.split_hands(text, path))
    except PokerhhError as error:
        # DecodeError's message repeats the path; the reason alone reads better after it.
        message = getattr(error, "reason", None) or str(error)
        return Refused(path, error.kind, message)
    rows, notes = [], []
    outcomes = [process(raw, stages) for raw in raws]
    if outcomes and not any(_has_header(outcome) for outcome in outcomes):
        # A PDF, notes: text but no hand to keep, so nothing is stored (a record
        # "unknown sha256:..." would be a hand no one can look up). A blank file is
        # remembered as a file of no hands, as before.
        return Refused(path, NOT_A_HAND_HISTORY, "not a hand history (no hand header found)")
    for outcome in outcomes:
        outcome, hand_rows = _with_rows(_short_problem(outcome))
        rows.append(hand_rows)
        notes.append(HandNote(outcome.site, outcome.hand_id, outcome.problem))
    sha256 = hashlib.sha256(data).hexdigest()
    return PreparedFile(path, sha256, len(data), rows, notes)


def _has_header(outcome: HandOutcome) -> bool:
    """The hand was parsed, or at least its header names a site and a hand number."""
    return outcome.parsed is not None or outcome.site != UNKNOWN_SITE


def _short_problem(outcome: HandOutcome) -> HandOutcome:
    problem = outcome.problem
    if problem is None or len(problem.message) <= MAX_MESSAGE:
        return outcome
    short = dataclasses.replace(problem, message=shorten(problem.message))
    return dataclasses.replace(outcome, problem=short)


#: How often a worker checks that the import that started it is still there (seconds).
PARENT_CHECK_S = 0.5


def _worker_start() -> None:
    """Run in each worker process as it starts: exit with the parent.

    A worker blocked on its task queue never notices its parent died (``kill -9``): it
    would wait for ever, holding its memory. On Linux the kernel sends it SIGKILL when the
    parent exits (``prctl(PR_SET_PDEATHSIG)``); everywhere a daemon thread watches
    ``os.getppid()``, which changes when the parent is gone. Ctrl-C is the parent's to
    handle (it stops the workers), so workers ignore SIGINT.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()
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


class _Preparer:
    """Runs ``prepare_file`` inline, or in worker processes a few files ahead."""

    def __init__(self, jobs: int, stages: Stages) -> None:
        self.jobs = jobs
        self.stages = stages
        self.pool: concurrent.futures.ProcessPoolExecutor | None = None

    def __enter__(self) -> _Preparer:
        if self.jobs > 1:
            self.pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.jobs, initializer=_worker_start
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
    ) -> Iterator[tuple[InputFile, PreparedFile | None]]:
        """Each file with its prepared rows (None: unreadable, undecodable or unchanged)."""
        pending: collections.deque[tuple[InputFile, object]] = collections.deque()
        for item in files:
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
                    pending.append((item, prepare_file(item.path, data, self.stages)))
                else:
                    pending.append((item, self.pool.submit(prepare_file, item.path, data)))
            while pending and (self.pool is None or len(pending) > 2 * self.jobs):
                yield self._done(*pending.popleft(), report)
        while pending:
            yield self._done(*pending.popleft(), report)

    @staticmethod
    def _done(
        item: InputFile, work: object, report: ImportReport
    ) -> tuple[InputFile, PreparedFile | None]:
        if isinstance(work, concurrent.futures.Future):
            work = work.result()
        if isinstance(work, Refused):
            report.files_refused.append(work)
            return item, None
        assert work is None or isinstance(work, PreparedFile)
        return item, work


@contextlib.contextmanager
def _quiet_gc() -> Iterator[None]:
    """Import makes millions of short-lived objects and no cycles worth chasing: collect
    the young generation far less often (about 12% of the import's time otherwise)."""
    before = gc.get_threshold()
    gc.set_threshold(100_000, 50, 100)
    try:
        yield
    finally:
        gc.set_threshold(*before)


def _write_file(
    prepared: PreparedFile, writer: HandWriter, known: dict[str, int], report: ImportReport
) -> None:
    if prepared.summary is not None:
        store_summary(writer.conn, prepared.path, prepared.sha256, prepared.size,
                      prepared.summary)  # fmt: skip
        known[prepared.sha256] = 0
        report.files_imported += 1
        report.summaries += 1
        return
    meta = FileMeta(prepared.path, prepared.sha256, prepared.size)
    written = writer.write_file(meta, prepared.rows)
    known[prepared.sha256] = len(prepared.rows)
    report.files_imported += 1
    report.hands_seen += len(prepared.rows)
    report.duplicates += written.duplicates
    report.replaced += written.replaced
    report.stored.update(written.by_status)
    for index, note in enumerate(prepared.notes):
        if written.written[index] is not Written.DUPLICATE:
            _note_problem(report, prepared.path, note, written.refused.get(index))


def _with_rows(outcome: HandOutcome) -> tuple[HandOutcome, HandRows]:
    """The outcome and its rows; quarantined as an internal error if rows() fails (a bug)."""
    try:
        return outcome, outcome_rows(outcome)
    except Exception as error:
        problem = Problem(
            kind=INTERNAL_ERROR,
            message=f"cannot store the replay: {type(error).__name__}: {error}"
            " (a bug in pokerhh: please report it)",
            line=outcome.source.first_line,
        )
        outcome = dataclasses.replace(outcome, result=None, problem=problem)
        return outcome, outcome_rows(outcome)


def _note_problem(
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
