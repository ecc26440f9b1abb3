"""Import hand histories as the poker clients write them: ``pokerhh watch``.

A client appends each hand to its table's file when the hand ends, so a watched file is
read again every time it grows. What is read, and when (``docs/watch.md`` says why):

- **By byte offset, at a hand boundary.** Each watched file has one ``files`` row, whose
  ``size`` and ``sha256`` are those of the file's first bytes up to the start of the hand
  read last, and whose ``hands`` are the hands before it; it is moved forward in the same
  transaction as the hands it covers (:class:`analytics.store.writer.FileMeta` ``file_id``). So
  the promise of a ``files`` row still holds (every hand of that content is stored), a
  kill at any moment loses nothing and doubles nothing, and a restart reads on from the
  boundary of the longest row whose bytes are still the file's first bytes: nothing
  before it is parsed again. A file that no longer starts with those bytes (rewritten,
  truncated) is read again from its start; hands already stored count as duplicates.
- **A last hand without its end is held back** while the file may still grow. A hand is
  complete when the next hand's header follows it, or when its room's own end mark does
  (``Room.ended``: PokerStars, GGPoker, Winamax, WPN and Bovada write blank lines after
  the summary, iPoker closes ``</game>``): such a last hand is imported at once, the
  boundary past it (issue 26 item 3: the Table page shows a hand within 2 s of its
  writing). Otherwise the boundary stops at the first line of the last hand, which is
  imported when the file has been quiet for ``quiet_seconds`` (a client writes a hand in
  well under a second; a room with no reliable mark, Full Tilt, 888poker, PartyPoker,
  PHH, always waits so); the boundary is then the end of the file, as an import's row
  would be. A hand being written is never stored as ``incomplete`` or ``invalid`` while
  its file is growing.
- **A piece must start with a hand header.** If the bytes after a boundary do not (a
  hand that was cut when its file went quiet, a client that crashed mid-hand and later
  wrote the rest), the file is read again from its start: the hands stored count as
  duplicates, and the cut hand, whole now, replaces its quarantined record
  (``analytics/store/writer.py``).
- Only complete lines are decoded: a line cut in the middle of a UTF-8 character would
  make the decoder fall back to cp1252 for the whole piece (:mod:`analytics.ingest.growing`).

File events come from ``watchdog`` (inotify, FSEvents, ReadDirectoryChangesW); network
drives send none, so ``poll_seconds`` switches to watchdog's polling observer, which
compares the folders' listings every so many seconds. Either way each file's state is
checked with ``stat`` before it is read, and every file present at start is read, so
hands written while pokerhh was not running are imported first.
"""

from __future__ import annotations

import hashlib
import os
import queue
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from sqlite_utils import Database

from analytics.ingest.growing import (
    QUIET_SECONDS,
    complete_end,
    line_offset,
    lines_before,
    piece,
)
from analytics.ingest.importer import (
    ImportInterrupted,
    ImportReport,
    note_conflicts,
    note_problem,
)
from analytics.ingest.pipeline import HandOutcome, Stages, process
from analytics.ingest.prepare import (
    NOT_A_HAND_HISTORY,
    HandNote,
    has_header,
    short_problem,
    with_rows,
)
from analytics.ingest.sources import (
    HISTORY_SUFFIXES,
    NotRegularFile,
    Refused,
    not_regular_reason,
    read_regular,
)
from analytics.store.db import connect
from analytics.store.writer import FileMeta, HandWriter, Written
from parser.model.errors import PokerhhError
from parser.model.hand import Source

if TYPE_CHECKING:
    from watchdog.observers.api import BaseObserver

#: The longest the loop sleeps without looking at the clock (seconds).
MAX_SLEEP = 0.5


@dataclass(frozen=True, slots=True, kw_only=True)
class WatchOptions:
    folders: tuple[Path, ...]
    quiet_seconds: float = QUIET_SECONDS
    #: None: the platform's file events; else poll the folders every so many seconds.
    poll_seconds: float | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class FileImport:
    """One read of a watched file that stored something or found a problem."""

    path: str
    stored: dict[str, int]
    duplicates: int
    replaced: int
    #: Quarantined hands newly stored, and a file refused (not a hand history...).
    problems: tuple[str, ...]
    #: A last hand is held back until the file is quiet.
    holding: bool

    def __str__(self) -> str:
        total = sum(self.stored.values())
        text = f"{self.path}: {total} stored ({self.stored.get('ok', 0)} ok)"
        if self.duplicates:
            text += f", {self.duplicates} already stored"
        if self.replaced:
            text += f", {self.replaced} replacing a quarantined record"
        if self.holding:
            text += "; the last hand waits for the file to be quiet"
        return text


@dataclass(frozen=True, slots=True)
class HeldBack:
    """A file whose end is not imported yet: it changed less than ``quiet_seconds`` ago,
    so its last hand may still be being written (``watch --once`` reports these)."""

    path: str
    #: Bytes after the boundary, not imported.
    bytes: int
    #: Hands among them (0: a first line still being written, or not yet readable).
    hands: int

    def __str__(self) -> str:
        if not self.hands:
            return f"{self.path}: {self.bytes:,} bytes held back (no complete hand yet)"
        hands = f"{self.hands} hand{'s' if self.hands != 1 else ''}"
        return f"{self.path}: the last {hands} ({self.bytes:,} bytes) held back"


@dataclass(slots=True)
class _Followed:
    """What is known of one watched file (in memory; the database has the boundary)."""

    path: str
    #: (size, mtime_ns) when last read, None before the first read.
    signature: tuple[int, int] | None = None
    #: When the last change was noticed (monotonic clock).
    changed_at: float = 0.0
    resumed: bool = False
    #: The boundary: bytes before the hand held back, their sha256, lines and hands.
    offset: int = 0
    prefix_sha: str = hashlib.sha256(b"").hexdigest()
    lines: int = 0
    hands: int = 0
    file_id: int | None = None
    #: The last hand was imported at this signature (nothing to do until it changes).
    settled: bool = False
    #: Counted in the report's ``files_imported``.
    imported: bool = False
    #: Hands read but held back at the last read (the tail waiting for the file to be
    #: quiet; all of them when the piece could not be read yet).
    held_hands: int = 0
    #: Refused as not a regular file (a FIFO, a symlink to a device): reported once, and
    #: looked at again only once it is a regular file.
    not_regular: bool = False
    #: Its room reads each hand alone (``Room.cuttable``); None until its head is read.
    cuttable: bool | None = None


def watchable(path: str | os.PathLike[str]) -> bool:
    """A file the watcher reads: a hand-history suffix, not hidden.

    >>> watchable("HH20240101 Altair.txt"), watchable(".HH.txt"), watchable("a.zip")
    (True, False, False)
    """
    name = Path(path).name
    return not name.startswith(".") and name.lower().endswith(HISTORY_SUFFIXES)


class Watcher:
    """Follows the files under ``options.folders`` and imports their hands into
    ``db_path``. :meth:`run` blocks until ``stop`` is set; :meth:`check` is one step of it
    (tests drive it directly). Not thread-safe: one thread runs it; file events arrive
    from watchdog's threads through a queue."""

    def __init__(
        self,
        db_path: str | os.PathLike[str],
        options: WatchOptions,
        *,
        on_import: Callable[[FileImport], None] | None = None,
        stages: Stages | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.db_path = db_path
        self.options = options
        self.on_import = on_import
        self.stages = stages or Stages.default()
        self.clock = clock
        self.report = ImportReport()
        self.events: queue.Queue[str | None] = queue.Queue()
        self._files: dict[str, _Followed] = {}
        self._db: Database | None = None
        self._writer: HandWriter | None = None
        self._started = 0.0

    # -- the loop ---------------------------------------------------------------------------

    def run(self, stop: threading.Event) -> ImportReport:
        """Import what the folders hold, then what is written to them, until ``stop``."""
        observer = self._observer()
        observer.start()
        try:
            self.open()
            self.scan()
            while not stop.is_set():
                self.check()
                self._wait(stop)
            self.check()
        except KeyboardInterrupt as interrupt:  # the file being written is rolled back
            raise ImportInterrupted(self.report) from interrupt
        finally:
            observer.stop()
            self.close()
            observer.join(timeout=5)
        return self.report

    def open(self) -> None:
        if self._db is None:
            self._started = time.perf_counter()
            self._db = connect(self.db_path)
            self._writer = HandWriter(self._db.conn)

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
            self._writer = None
            self.report.seconds += time.perf_counter() - self._started

    def stop(self) -> None:
        """Wake the loop (it stops if its ``stop`` event is set)."""
        self.events.put(None)

    def scan(self) -> None:
        """Queue every watchable file under the folders (the start, a new folder)."""
        for folder in self.options.folders:
            for path in _walk(folder):
                self.events.put(path)

    def held_back(self) -> list[HeldBack]:
        """The files whose end waits for them to be quiet (their last hand, or a piece
        not yet readable), as of the last :meth:`check`."""
        held = []
        for followed in self._files.values():
            if followed.signature is None or followed.settled or followed.not_regular:
                continue
            pending = followed.signature[0] - followed.offset
            if pending > 0:
                held.append(HeldBack(followed.path, pending, followed.held_hands))
        return held

    def _wait(self, stop: threading.Event) -> None:
        due = [f.changed_at + self.options.quiet_seconds for f in self._files.values()
               if f.signature is not None and not f.settled]  # fmt: skip
        timeout = MAX_SLEEP
        if due:
            timeout = max(0.01, min(timeout, min(due) - self.clock()))
        try:
            path = self.events.get(timeout=timeout)
        except queue.Empty:
            return
        if path is not None:
            self.events.put(path)  # check() drains the queue

    def _observer(self) -> BaseObserver:
        """watchdog's observer over the folders (a polling one with ``poll_seconds``)."""
        from watchdog.events import FileSystemEvent, FileSystemEventHandler
        from watchdog.observers import Observer
        from watchdog.observers.polling import PollingObserver

        watcher = self

        class Handler(FileSystemEventHandler):
            def on_any_event(self, event: FileSystemEvent) -> None:
                if event.event_type in ("deleted", "opened", "closed_no_write"):
                    return
                target = getattr(event, "dest_path", "") or event.src_path
                target = os.fsdecode(target)
                if event.is_directory:
                    if event.event_type in ("created", "moved"):
                        for path in _walk(Path(target)):
                            watcher.events.put(path)
                elif watchable(target):
                    watcher.events.put(str(Path(target).absolute()))

        poll = self.options.poll_seconds
        observer = PollingObserver(timeout=poll) if poll else Observer()
        for folder in self.options.folders:
            observer.schedule(Handler(), str(folder), recursive=True)
        return observer

    # -- one step ---------------------------------------------------------------------------

    def check(self) -> list[FileImport]:
        """Read the files events named and the files whose quiet time is up."""
        self.open()
        named: dict[str, None] = {}
        while True:
            try:
                path = self.events.get_nowait()
            except queue.Empty:
                break
            if path is not None:
                named[path] = None
        done: list[FileImport] = []
        for path in named:
            followed = self._files.get(path)
            if followed is None:
                followed = self._files[path] = _Followed(path)
                self.report.files += 1
            done += self._changed(followed)
        now = self.clock()
        for followed in list(self._files.values()):
            if followed.signature is None or followed.settled:
                continue
            if now - followed.changed_at >= self.options.quiet_seconds:
                done += self._changed(followed, quiet=True)
        return done

    def _changed(self, followed: _Followed, *, quiet: bool = False) -> list[FileImport]:
        try:
            info = os.stat(followed.path)
        except OSError:  # gone (renamed, deleted): a new name comes as its own event
            followed.settled = True
            return []
        reason = not_regular_reason(followed.path, info.st_mode)
        if reason is not None:  # a FIFO would block the read for ever (issue 23, item 8)
            followed.settled = True
            if followed.not_regular:
                return []
            followed.not_regular, followed.signature = True, None
            return [self._refuse(Refused(followed.path, "not_a_file", reason))]
        followed.not_regular = False
        signature = (info.st_size, info.st_mtime_ns)
        if signature != followed.signature:
            first = followed.signature is None
            followed.signature = signature
            followed.settled = False
            # A file first seen at start: quiet since it was last written.
            age = max(0.0, time.time() - info.st_mtime) if first else 0.0
            followed.changed_at = self.clock() - age
            quiet = age >= self.options.quiet_seconds
        elif not quiet or followed.settled:
            return []
        result = self._read(followed, final=quiet)
        if quiet:
            followed.settled = True
        return [result] if result is not None else []

    def _read(self, followed: _Followed, *, final: bool) -> FileImport | None:
        try:
            data = read_regular(followed.path)
        except NotRegularFile as error:  # made a FIFO since its stat, or without end
            followed.not_regular = True
            return self._refuse(Refused(followed.path, "not_a_file", error.message))
        except OSError:
            return None
        if not followed.resumed:
            self._resume(followed, data)
        if followed.offset > len(data) or (
            hashlib.sha256(data[: followed.offset]).hexdigest() != followed.prefix_sha
        ):
            _restart(followed)  # rewritten or truncated: read it all again (dedupe)
        return self._import_from_boundary(followed, data, final=final)

    def _resume(self, followed: _Followed, data: bytes) -> None:
        """Start from the longest stored row of this path that is still a prefix."""
        followed.resumed = True
        assert self._db is not None
        rows = self._db.conn.execute(
            "SELECT id, sha256, size, hands FROM files WHERE path = ? ORDER BY size DESC, id",
            (followed.path,),
        ).fetchall()
        for file_id, sha256, size, hands in rows:
            if size <= len(data) and hashlib.sha256(data[:size]).hexdigest() == sha256:
                followed.file_id, followed.offset, followed.prefix_sha = file_id, size, sha256
                followed.hands = hands
                followed.lines = lines_before(data, size)
                return
        if rows:
            followed.file_id = rows[0][0]  # the same file, rewritten: keep its one row

    def _import_from_boundary(
        self, followed: _Followed, data: bytes, *, final: bool
    ) -> FileImport | None:
        start = followed.offset
        end = len(data) if final else complete_end(data, start)
        followed.held_hands = 0
        if end <= start:
            return None
        path = followed.path
        # Where the piece starts, and the file lines before it: a file whose hands each
        # need its head (iPoker's session, PHH: not ``cuttable``) is read from its start,
        # and only the hands from the boundary on are kept.
        base, lines = start, followed.lines
        if start > 0 and not self._cuttable(followed, data):
            base, lines = 0, 0
        try:
            text = self.stages.decode(piece(data, base, end), path)
            sources = [
                Source(s.path, s.first_line + lines, s.text, format=s.format)
                for s in self.stages.split_hands(text, path)
                if s.first_line + lines > followed.lines
            ]
        except PokerhhError as error:
            if not final:
                return None  # perhaps a half-written file: wait until it is quiet
            message = getattr(error, "reason", None) or str(error)
            return self._refuse(Refused(path, error.kind, message))
        if not sources:
            return None
        if start > 0 and not _starts_a_hand(sources[0]):
            # Not a boundary this watcher wrote (an import of the file as it was then,
            # cut inside a hand): read the file from its start; stored hands are
            # duplicates.
            _restart(followed)
            return self._import_from_boundary(followed, data, final=final)
        complete, tail = sources[:-1], sources[-1]
        ended = final or _ended(tail, text, lines)
        reading = [*complete, tail] if ended else complete
        outcomes = [process(source, self.stages) for source in reading]
        followed.held_hands = len(sources) - len(reading)
        if start == 0 and outcomes and not any(has_header(o) for o in outcomes):
            if final:
                message = "not a hand history (no hand header found)"
                return self._refuse(Refused(path, NOT_A_HAND_HISTORY, message))
            followed.held_hands = len(sources)
            return None  # perhaps the start of a file whose first hand is being written
        if not outcomes:
            return None
        if ended:
            # Past blank lines written after the end mark too: nothing left is held back.
            rest = data[end:]
            boundary = len(data) if not rest.strip(b"\x00 \t\r\n") else end
            before = len(outcomes)
        else:
            boundary, before = _boundary(data, base, text, lines, complete, tail)
        meta = FileMeta(
            path,
            hashlib.sha256(data[:boundary]).hexdigest(),
            boundary,
            hands=followed.hands + before,
            file_id=followed.file_id,
        )
        result = self._write(followed, meta, outcomes, holding=not ended)
        followed.offset, followed.prefix_sha = boundary, meta.sha256
        followed.lines = lines_before(data, boundary) if boundary else 0
        followed.hands = meta.hands or 0
        return result

    def _cuttable(self, followed: _Followed, data: bytes) -> bool:
        """The file's room (told from its head, as the importer tells it) reads each hand
        alone (``Room.cuttable``); asked once a file."""
        if followed.cuttable is None:
            from parser.formats import format_of

            head = data[: complete_end(data[:65536])]
            try:
                text = self.stages.decode(piece(data, 0, len(head)), followed.path)
            except PokerhhError:
                return True  # not readable yet: asked again next time
            followed.cuttable = format_of(text, followed.path).cuttable
        return followed.cuttable

    def _write(
        self, followed: _Followed, meta: FileMeta, outcomes: list[HandOutcome], *, holding: bool
    ) -> FileImport | None:
        assert self._writer is not None
        report = self.report
        rows, notes = [], []
        for outcome in outcomes:
            outcome, hand_rows = with_rows(short_problem(outcome))
            rows.append(hand_rows)
            notes.append(HandNote(outcome.site, outcome.hand_id, outcome.problem))
        written = self._writer.write_file(meta, rows)
        followed.file_id = written.file_id
        duplicates = 0
        problems_before = len(report.problems)
        for index, note in enumerate(notes):
            if written.written[index] is Written.DUPLICATE:
                duplicates += 1
                continue
            note_problem(report, meta.path, note, written.refused.get(index))
        note_conflicts(report, meta.path, written)
        report.hands_seen += len(rows)
        report.duplicates += duplicates
        report.replaced += written.replaced
        report.stored.update(written.by_status)
        if not written.by_status and not duplicates:
            return None
        if not followed.imported:
            followed.imported = True
            report.files_imported += 1
        result = FileImport(
            path=meta.path,
            stored=dict(written.by_status),
            duplicates=duplicates,
            replaced=written.replaced,
            problems=tuple(str(p) for p in report.problems[problems_before:]),
            holding=holding,
        )
        if self.on_import is not None:
            self.on_import(result)
        return result

    def _refuse(self, refused: Refused) -> FileImport:
        self.report.files_refused.append(refused)
        result = FileImport(
            path=refused.path,
            stored={},
            duplicates=0,
            replaced=0,
            problems=(f"not read: {refused.kind}: {refused.message}",),
            holding=False,
        )
        if self.on_import is not None:
            self.on_import(result)
        return result


def _boundary(
    data: bytes, start: int, text: str, lines: int, complete: list[Source], tail: Source
) -> tuple[int, int]:
    """The boundary while the file grows (the first byte of the hand held back) and how
    many of the hands read come before it. A header glued to the end of a cut line starts
    in the middle of its line: the boundary is then the start of the hand before it,
    read again next time (a duplicate)."""
    line = tail.first_line - lines  # the tail's first line, counted in the piece
    own_line = text.split("\n")[line - 1].strip() == tail.text.split("\n", 1)[0]
    if own_line:
        return line_offset(data, start, line), len(complete)
    if not complete:
        return start, 0
    return line_offset(data, start, complete[-1].first_line - lines), len(complete) - 1


def _ended(tail: Source, text: str, lines: int) -> bool:
    """The last hand read has ended by its room's own end mark (``Room.ended``: PokerStars'
    blank line after its summary, iPoker's ``</game>``), so it is complete although no
    hand follows it yet: it is imported at once, not when its file goes quiet. ``text``
    (the piece, complete lines only) from the tail's first line on is what the room reads:
    the blank lines after a hand are not in its ``Source``."""
    from parser.formats import room_named

    if tail.format is None:
        return False
    line = tail.first_line - lines  # the tail's first line, counted in the piece
    return room_named(tail.format).hand_ended(text[_line_start(text, line) :])


def _line_start(text: str, line: int) -> int:
    """Where line ``line`` (1 = the first) of ``text`` starts, counted back from the end
    (the tail is near it; a first read of a big file is long).

    >>> _line_start("a\\nb\\nc\\n", 2), _line_start("a\\nb\\n", 1)
    (2, 0)
    """
    pos = len(text)
    for _ in range(text.count("\n") - line + 2):
        pos = text.rfind("\n", 0, pos)
        if pos < 0:
            return 0
    return pos + 1


def _restart(followed: _Followed) -> None:
    followed.offset, followed.lines, followed.hands = 0, 0, 0
    followed.prefix_sha = hashlib.sha256(b"").hexdigest()


def _starts_a_hand(source: Source) -> bool:
    """The text starts with a hand header of some registered format."""
    from parser.rooms import ROOMS

    head = source.text[:4096]
    return any(room.recognises(head, source.path) for room in ROOMS)


def _walk(folder: Path) -> Iterator[str]:
    for root, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(names):
            if watchable(name):
                yield str((Path(root) / name).absolute())


def watch_once(
    db_path: str | os.PathLike[str],
    folders: Iterable[str | os.PathLike[str]],
    *,
    quiet_seconds: float = QUIET_SECONDS,
    on_import: Callable[[FileImport], None] | None = None,
) -> tuple[ImportReport, list[HeldBack]]:
    """``pokerhh watch --once``: import what the folders hold now and stop, and say what
    was held back (issue 23, item 10).

    A file changed less than ``quiet_seconds`` ago may be a table still being played: its
    complete hands are imported, but its last hand may still be being written, so it is
    held back as the watcher always holds it back, and returned here so that the caller
    says so (the CLI lists them and exits 3): never a silent success that left hands out.
    One pass, no file events: nothing is waited for."""
    options = WatchOptions(
        folders=tuple(Path(f).absolute() for f in folders), quiet_seconds=quiet_seconds
    )
    watcher = Watcher(db_path, options, on_import=on_import)
    try:
        watcher.open()
        watcher.scan()
        watcher.check()
    except KeyboardInterrupt as interrupt:  # the file being written is rolled back
        raise ImportInterrupted(watcher.report) from interrupt
    finally:
        watcher.close()
    return watcher.report, watcher.held_back()


def watch(
    db_path: str | os.PathLike[str],
    folders: Iterable[str | os.PathLike[str]],
    stop: threading.Event,
    *,
    quiet_seconds: float = QUIET_SECONDS,
    poll_seconds: float | None = None,
    on_import: Callable[[FileImport], None] | None = None,
) -> ImportReport:
    """Watch ``folders`` until ``stop`` is set; what was imported, as an import reports it."""
    options = WatchOptions(
        folders=tuple(Path(f).absolute() for f in folders),
        quiet_seconds=quiet_seconds,
        poll_seconds=poll_seconds,
    )
    return Watcher(db_path, options, on_import=on_import).run(stop)


@dataclass(slots=True)
class Background:
    """A watcher in a thread of its own (the dashboard's toggle): started, stopped,
    and what it imported lately."""

    db_path: str
    folders: tuple[str, ...]
    quiet_seconds: float = QUIET_SECONDS
    poll_seconds: float | None = None
    recent: list[FileImport] = field(default_factory=list)
    error: str | None = None
    report: ImportReport | None = None
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None
    _watcher: Watcher | None = None

    def start(self) -> None:
        options = WatchOptions(
            folders=tuple(Path(f).absolute() for f in self.folders),
            quiet_seconds=self.quiet_seconds,
            poll_seconds=self.poll_seconds,
        )
        self._watcher = Watcher(self.db_path, options, on_import=self._note)
        self._thread = threading.Thread(target=self._run, name="pokerhh-watch", daemon=True)
        self._thread.start()

    def _note(self, done: FileImport) -> None:
        self.recent = [*self.recent[-49:], done]

    def _run(self) -> None:
        assert self._watcher is not None
        try:
            self.report = self._watcher.run(self._stop)
        except Exception as error:  # shown on the page; the thread must not die silently
            self.error = f"{type(error).__name__}: {error}"

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop(self, timeout: float = 10.0) -> None:
        self._stop.set()
        if self._watcher is not None:
            self._watcher.stop()
        if self._thread is not None:
            self._thread.join(timeout)
