"""Files uploaded in the browser -> ``pokerhh import``'s import, in a worker process (no Streamlit).

:func:`import_uploads` takes (name, bytes) pairs, refuses what must not be read (a suffix
no room reads, a file or an upload over the size limits), writes the rest to a private
temporary folder and runs :func:`analytics.ingest.importer.import_paths` on it in a
worker process: the same listing (the suffixes of every room, from
``parser.formats.SUFFIXES``; zip members whose names escape the archive and zip bombs
refused by :mod:`analytics.ingest.sources`), the same recognition of each file's room, the
same refusal of a file with no hand history, the same quarantine and the same report as
the command line. Nothing is recognised here: a second copy would drift from the
importer's (issue 22: the page refused every room's files but PokerStars').

Why a worker process (issue 23 item 2): parsing is CPU-bound Python, and in the server's
process it holds the interpreter lock that every other session's page needs; one hostile
upload froze every session for 72 s. The worker is a new interpreter (not a fork of a
server with threads), reports its progress back through a pipe, and is bounded: past
:attr:`Limits.cpu_seconds` of CPU the kernel stops it (``RLIMIT_CPU``), past
:attr:`Limits.memory_bytes` of address space its allocations fail (``RLIMIT_AS``: it
reports the limit and ends), past :attr:`Limits.wall_seconds` the server kills it. The
importer writes each file in a transaction (batches of small files as savepoints of one),
so a killed worker leaves the files committed before it and nothing of the rest: SQLite
rolls back what was not committed. The sample hands the dashboard offers are imported in
such a worker too (:func:`run_worker`), and the folders' watcher runs in one of its own,
with the same memory limit (``dashboard.watching``).

The limits per upload (issue 23 item 5; ``docs/reliability.md``, "Hostile input"), each
refused with a message that names it: the files' total size, the number of files once
zips are opened, and the bytes they inflate to. A bigger collection is for
``pokerhh import``, which has none of these limits.
"""

from __future__ import annotations

import contextlib
import math
import os
import pickle
import queue
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO, Any

from analytics.ingest.importer import ImportProgress, ImportReport, import_paths
from analytics.ingest.sources import Listing, Refused, list_inputs
from parser.formats import SUFFIXES as ROOM_SUFFIXES
from parser.rooms import ROOMS

#: Called in the server's process with the worker's progress (before the first file and
#: after each one).
Progress = Callable[[ImportProgress], None]

#: The largest file accepted, in megabytes (also the launcher's ``server.maxUploadSize``).
MAX_UPLOAD_MB = 200
MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024
#: What an upload may be: every room's suffix (the importer's own list) and zips of them.
SUFFIXES: tuple[str, ...] = (*dict.fromkeys(ROOM_SUFFIXES), ".zip")
#: What the temporary folder's name starts with (it shows in the stored file paths).
FOLDER_PREFIX = "pokerhh-upload-"
#: ``Refused.path`` of a refusal of the whole upload (a limit, a stopped worker).
WHOLE_UPLOAD = "(this upload)"
#: For a collection over the limits.
COMMAND_LINE = "import a bigger collection with `pokerhh import` on the command line"


@dataclass(frozen=True, slots=True)
class Limits:
    """What one upload may cost (issue 23 item 5). The defaults: 200 MB uploaded in all
    (Streamlit holds every chosen file in the server's memory); 10,000 files once zips
    are opened (a client's folder of a few years, one file per table and day); 512 MiB of
    text once inflated (about a million hands); 10 minutes of one core for the worker,
    which imports about 2 million hands at the measured 3,500 hands/s, so only a hostile
    file reaches it; 2 GiB of address space beyond the worker's start (a file on disk is
    imported range by range, 250 MB at most measured for any size; a zip member of the
    512 MiB allowed is read whole, its bytes, text and hands about three times its size),
    so a hostile file cannot take the server's machine; and an hour of wall-clock time (a
    worker waiting on the database lock uses no CPU)."""

    file_bytes: int = MAX_UPLOAD_BYTES
    total_bytes: int = MAX_UPLOAD_BYTES
    files: int = 10_000
    inflated_bytes: int = 512 * 1024 * 1024
    cpu_seconds: int = 600
    memory_bytes: int = 2 * 1024 * 1024 * 1024
    wall_seconds: float = 3600.0


LIMITS = Limits()


class UploadStopped(Exception):
    """The worker did not finish: ``refused`` says why (a limit, a crash)."""

    def __init__(self, refused: Refused) -> None:
        super().__init__(refused.message)
        self.refused = refused


@dataclass(frozen=True, slots=True)
class Upload:
    name: str
    data: bytes


@dataclass(slots=True)
class UploadResult:
    #: Uploads refused before the import (wrong suffix, too large), by it (unsafe zip
    #: member, zip bomb, unreadable, not a hand history) and whole (a limit of the upload,
    #: the worker stopped; path :data:`WHOLE_UPLOAD`), with paths as the user named them.
    refused: list[Refused]
    #: The importer's report, paths as the user named them (None: nothing was imported,
    #: or the worker was stopped: then the files committed before it are stored).
    report: ImportReport | None

    @property
    def stored(self) -> int:
        return self.report.stored_total if self.report else 0

    @property
    def stopped(self) -> Refused | None:
        """The refusal of the whole upload, if any."""
        return next((r for r in self.refused if r.path == WHOLE_UPLOAD), None)


def safe_name(name: str) -> str:
    """The file name alone, without folders or characters a file system may refuse.

    >>> safe_name("../../etc/passwd.txt"), safe_name("C:\\\\hh\\\\a b.txt"), safe_name("..")
    ('passwd.txt', 'a b.txt', 'upload')
    """
    base = re.split(r"[\\/]", name)[-1]
    base = re.sub(r"[\x00-\x1f<>:\"|?*]", "_", base).strip(" .")
    return base or "upload"


def suffix_list() -> str:
    """The suffixes accepted, for labels and messages.

    >>> suffix_list().startswith(".phh, ") and suffix_list().endswith(".xml or .zip")
    True
    """
    shown = sorted(s for s in SUFFIXES if s != ".zip")
    return ", ".join(shown) + " or .zip"


def room_names() -> list[str]:
    """The rooms the importer reads, as the labels name them (``parser.rooms.ROOMS``)."""
    return [room.site for room in ROOMS]


def import_uploads(
    uploads: Iterable[Upload],
    db_path: str | os.PathLike[str],
    *,
    progress: Progress | None = None,
    limits: Limits = LIMITS,
) -> UploadResult:
    """Import the uploads into ``db_path`` in a worker process; refuse what cannot or must
    not be imported. ``progress`` runs in this process, in this thread."""
    refused: list[Refused] = []
    with tempfile.TemporaryDirectory(prefix=FOLDER_PREFIX) as folder:
        uploads = list(uploads)
        total = sum(len(u.data) for u in uploads)
        if total > limits.total_bytes:
            message = (f"{len(uploads)} files of {_size(total)} in all: over the limit of"
                       f" {_size(limits.total_bytes)} an upload; {COMMAND_LINE}")  # fmt: skip
            return UploadResult([Refused(WHOLE_UPLOAD, "upload_too_large", message)], None)
        paths: list[str] = []
        taken: set[str] = set()
        for upload in uploads:
            name = safe_name(upload.name)
            if len(upload.data) > limits.file_bytes:
                message = _too_large(len(upload.data), limits.file_bytes)
                refused.append(Refused(upload.name, "too_large", message))
                continue
            if not name.lower().endswith(SUFFIXES):
                message = f"not a hand-history file: pokerhh reads {suffix_list()} files"
                refused.append(Refused(upload.name, "wrong_suffix", message))
                continue
            unique, number = name, 1
            while unique.lower() in taken:
                number += 1
                stem, dot, suffix = name.rpartition(".")
                unique = f"{stem} ({number}){dot}{suffix}"
            taken.add(unique.lower())
            path = Path(folder) / unique
            path.write_bytes(upload.data)
            paths.append(str(path))
        del uploads  # the bytes are on disk now; the worker reads them there
        if not paths:
            return UploadResult(refused, None)
        try:
            report = run_worker(paths, str(db_path), progress=progress, limits=limits)
        except UploadStopped as stopped:
            return UploadResult([*refused, stopped.refused], None)
    report = _shown(report, str(Path(folder).absolute()) + os.sep)
    return UploadResult(refused + report.files_refused, report)


def run_worker(
    paths: Sequence[str],
    db_path: str,
    *,
    progress: Progress | None = None,
    limits: Limits = LIMITS,
) -> ImportReport:
    """``import_paths(paths, db_path)`` in a worker process, within ``limits``; raises
    :class:`UploadStopped` when the limits refuse the files or stop the worker.

    A new interpreter (``python -c``), not ``multiprocessing``: its spawn start would run
    the server's ``__main__`` again in the worker, and under ``streamlit run`` that is the
    dashboard's app script (seen: every page's queries run in bare mode, in every upload).
    Messages come back pickled on the worker's stdout (its own prints go to stderr). If
    this thread is interrupted (Streamlit stops the script when the user leaves the page),
    the worker is killed and its open transaction rolled back.
    """
    worker = subprocess.Popen(
        [sys.executable, "-c", "from dashboard.upload import worker_main; worker_main()"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=worker_environment(),
    )
    assert worker.stdin is not None
    assert worker.stdout is not None
    messages: queue.Queue[tuple[str, Any] | None] = queue.Queue()
    reader = threading.Thread(target=_read, args=(worker.stdout, messages), daemon=True)
    reader.start()
    deadline = time.monotonic() + limits.wall_seconds
    last: ImportProgress | None = None
    try:
        with contextlib.suppress(BrokenPipeError):  # it died at once: said below
            pickle.dump((list(paths), db_path, limits), worker.stdin)
            worker.stdin.close()
        while True:
            try:
                message = messages.get(timeout=0.1)
            except queue.Empty:
                if time.monotonic() > deadline:
                    worker.kill()
                    why = (f"stopped after {limits.wall_seconds:,.0f} s, the time limit of an"
                           f" upload{_where(last)}{_KEPT}")  # fmt: skip
                    raise UploadStopped(Refused(WHOLE_UPLOAD, "time_limit", why)) from None
                continue
            if message is None:  # the worker's stdout closed with no result: it ended
                raise UploadStopped(_died(worker.wait(), limits, last))
            kind, payload = message
            if kind == "progress":
                last = payload
                if progress is not None:
                    progress(payload)
                continue
            return _ended(kind, payload)
    finally:
        if worker.poll() is None:
            worker.kill()
        worker.wait()
        reader.join(timeout=5)
        worker.stdout.close()


def worker_environment() -> dict[str, str]:
    """A worker's environment: this one, with this checkout first on the path (installed
    or not), so the worker runs the server's own pokerhh."""
    root = str(Path(__file__).resolve().parents[1])
    python_path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p)
    return {**os.environ, "PYTHONPATH": python_path}


def _read(stream: IO[bytes], messages: queue.Queue[tuple[str, Any] | None]) -> None:
    """The worker's messages, in order, then None when its stdout closes."""
    try:
        while True:
            messages.put(pickle.load(stream))
    except (EOFError, OSError, pickle.UnpicklingError, ValueError):
        messages.put(None)


_KEPT = (". The files committed before are stored; nothing of the one being imported"
         " was written")  # fmt: skip


def _ended(kind: str, payload: Any) -> ImportReport:
    if kind == "done":
        assert isinstance(payload, ImportReport)
        return payload
    assert isinstance(payload, Refused)
    raise UploadStopped(payload)


def _died(exitcode: int | None, limits: Limits, last: ImportProgress | None) -> Refused:
    """Why a worker that sent no result ended."""
    if exitcode is not None and exitcode == -getattr(signal, "SIGXCPU", 0):
        message = (f"stopped after {limits.cpu_seconds:,} s of CPU, the limit of an upload"
                   f"{_where(last)}{_KEPT}; {COMMAND_LINE}")  # fmt: skip
        return Refused(WHOLE_UPLOAD, "cpu_limit", message)
    if exitcode is not None and exitcode == -getattr(signal, "SIGKILL", 0):
        message = (f"the import's worker process was killed (past the CPU limit of an"
                   f" upload, {limits.cpu_seconds:,} s, or out of memory){_where(last)}"
                   f"{_KEPT}")  # fmt: skip
        return Refused(WHOLE_UPLOAD, "worker_killed", message)
    message = f"the import's worker process ended with exit code {exitcode}{_where(last)}{_KEPT}"
    return Refused(WHOLE_UPLOAD, "worker_died", message)


def _where(last: ImportProgress | None) -> str:
    if last is None or not last.files_total:
        return ""
    return f", with {last.files_done:,} of {last.files_total:,} files read"


def worker_main() -> None:
    """The worker process: read its task from stdin, answer on stdout."""
    out = sys.stdout.buffer
    sys.stdout = sys.stderr  # a stray print must not break the messages

    def send(kind: str, payload: object) -> None:
        pickle.dump((kind, payload), out)
        out.flush()

    paths, db_path, limits = pickle.load(sys.stdin.buffer)
    _work(paths, db_path, limits, send)


def _work(
    paths: list[str], db_path: str, limits: Limits, send: Callable[[str, object], None]
) -> None:
    """Check the listing against the limits, then import."""
    limit_cpu(limits.cpu_seconds)
    limit_memory(limits.memory_bytes)
    try:
        _import_within(paths, db_path, limits, send)
    except CpuLimitReached:  # the files already whole are committed (importer's own rule)
        _end_as_past_the_cpu_limit()


def _import_within(
    paths: list[str], db_path: str, limits: Limits, send: Callable[[str, object], None]
) -> None:
    try:
        listing = list_inputs(paths)
        try:
            over = over_limits(listing, limits)
        finally:
            listing.close()
        if over is not None:
            send("refused", over)
            return
        report = import_paths(paths, db_path, progress=lambda p: send("progress", p))
        send("done", report)
    except MemoryError:  # RLIMIT_AS: the allocation that went past it failed
        send("refused", memory_refusal(limits.memory_bytes))
    except Exception as error:  # a bug in pokerhh: say so, never a silent end
        where = traceback.extract_tb(error.__traceback__)[-1]
        message = (f"the import failed: {type(error).__name__}: {error} (at"
                   f" {Path(where.filename).name}:{where.lineno}; a bug in pokerhh: please"
                   " report it)")  # fmt: skip
        send("refused", Refused(WHOLE_UPLOAD, "internal_error", message))


def limit_cpu(seconds: int) -> None:
    """``RLIMIT_CPU``: the kernel sends SIGXCPU once the worker has used ``seconds`` of
    CPU more than it has so far (starting Python and importing pokerhh is not the
    upload's), and SIGKILL 5 s later. SIGXCPU raises :class:`CpuLimitReached`, so the
    whole files before the one being read are committed before the worker ends. No core
    file."""
    try:
        import resource
    except ImportError:  # not POSIX: the wall-clock limit alone
        return
    usage = resource.getrusage(resource.RUSAGE_SELF)
    soft = math.ceil(usage.ru_utime + usage.ru_stime) + seconds
    signal.signal(signal.SIGXCPU, _raise_cpu_limit)
    resource.setrlimit(resource.RLIMIT_CPU, (soft, soft + 5))
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


class CpuLimitReached(BaseException):
    """Raised in the worker by ``SIGXCPU``: a ``BaseException``, so no per-hand handler
    takes it for a bad hand, and the importer's own ``except BaseException`` commits the
    files written whole before the one being read (a batch of small files is otherwise
    one transaction, and the signal's default action lost them with it)."""


def _raise_cpu_limit(signum: int, frame: object) -> None:
    signal.signal(signal.SIGXCPU, signal.SIG_IGN)  # once: the hard limit still kills
    raise CpuLimitReached


def _end_as_past_the_cpu_limit() -> None:
    """End as the kernel's ``SIGXCPU`` would have: the server reads the exit code."""
    sys.stdout.flush()
    signal.signal(signal.SIGXCPU, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGXCPU)
    time.sleep(10)  # the signal ends the process before this does


def limit_memory(extra: int) -> None:
    """``RLIMIT_AS``: allocations past ``extra`` bytes of address space more than the
    process has now (the interpreter and pokerhh loaded are not the upload's) fail, and
    Python raises ``MemoryError``: the worker says so and ends, its open transaction rolled
    back. Address space, not resident memory (no limit on that is enforced by Linux): it
    counts what is reserved, so the bound is a little tighter than the memory used."""
    try:
        import resource
    except ImportError:  # not POSIX: the other limits alone
        return
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            now = next(int(line.split()[1]) * 1024 for line in status
                       if line.startswith("VmSize:"))  # fmt: skip
    except (OSError, StopIteration, ValueError, IndexError):  # not Linux: no measure of it
        return
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    soft = now + extra if hard == resource.RLIM_INFINITY else min(now + extra, hard)
    resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def memory_refusal(limit: int) -> Refused:
    message = (f"stopped past {_size(limit)} of memory, the limit of an upload{_KEPT};"
               f" {COMMAND_LINE}")  # fmt: skip
    return Refused(WHOLE_UPLOAD, "memory_limit", message)


def over_limits(listing: Listing, limits: Limits) -> Refused | None:
    """The refusal of a whole upload whose listing (zips opened) is over the limits."""
    if len(listing.files) > limits.files:
        message = (f"{len(listing.files):,} files once the zips are opened: over the limit"
                   f" of {limits.files:,} an upload; {COMMAND_LINE}")  # fmt: skip
        return Refused(WHOLE_UPLOAD, "too_many_files", message)
    if listing.total_bytes > limits.inflated_bytes:
        message = (f"{_size(listing.total_bytes)} once the zips are opened: over the limit"
                   f" of {_size(limits.inflated_bytes)} an upload; {COMMAND_LINE}")  # fmt: skip
        return Refused(WHOLE_UPLOAD, "upload_too_large", message)
    return None


def _shown(report: ImportReport, prefix: str) -> ImportReport:
    """The report with paths as the user named them (no temporary folder)."""

    def short(path: str) -> str:
        return path.removeprefix(prefix)

    report.files_refused = [replace(r, path=short(r.path)) for r in report.files_refused]
    report.problems = [replace(p, file=short(p.file)) for p in report.problems]
    return report


def _too_large(size: int, limit: int) -> str:
    return f"{_size(size)} is over the upload limit of {_size(limit)}"


def _size(n: int) -> str:
    """
    >>> _size(200 * 1024 * 1024), _size(1500), _size(3 * 1024 * 1024 + 1)
    ('200 MB', '1,500 bytes', '3.0 MB')
    """
    if n < 1024 * 1024:
        return f"{n:,} bytes"
    mb = n / 1024 / 1024
    return f"{mb:,.0f} MB" if n % (1024 * 1024) == 0 else f"{mb:,.1f} MB"


def shown_path(path: str) -> str:
    """A stored path without the temporary folder (``pokerhh-upload-x1y2/a.txt`` -> ``a.txt``).

    >>> shown_path("/tmp/pokerhh-upload-abc123/hh.zip!x/a.txt")
    'hh.zip!x/a.txt'
    """
    match = re.search(re.escape(FOLDER_PREFIX) + r"[^/\\]+[/\\]", path)
    return path[match.end() :] if match else path
