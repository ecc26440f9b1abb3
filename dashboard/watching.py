"""The Import page's "watch the poker clients' folders" toggle: one watcher per database,
shared by every session of this Streamlit server, running in a worker process.

Why a worker process (issue 23 items 2 and 5, as for uploads: ``dashboard.upload``): the
watcher parses and replays every hand written under the folders, CPU-bound Python that in
the server's process would hold the interpreter lock every other session's page needs, and
a hostile file dropped in a watched folder would cost the server's memory. The worker is a
new interpreter running :class:`analytics.ingest.watch.Watcher`, bounded in memory as an
upload's worker is (``RLIMIT_AS``, :attr:`dashboard.upload.Limits.memory_bytes`; no CPU
limit: it watches for as long as the toggle is on). What it imports comes back pickled on
its stdout; SIGTERM stops it (the file being written is rolled back, as Ctrl-C does to
``pokerhh watch``), and it stops by itself when the server goes (its stdin closes).

This module keeps the running one in a process-wide registry (a toggle in one browser tab
is seen by another: there is one set of folders being imported, whatever the number of
tabs).
"""

from __future__ import annotations

import contextlib
import os
import pickle
import signal
import subprocess
import sys
import threading
from pathlib import Path

from analytics.ingest.growing import QUIET_SECONDS
from analytics.ingest.watch import FileImport, Watcher, WatchOptions
from dashboard.upload import LIMITS, limit_memory, memory_refusal, worker_environment

_LOCK = threading.Lock()
_RUNNING: dict[str, WatchWorker] = {}
#: The last imports shown on the page.
RECENT = 50


class WatchWorker:
    """A watcher in a worker process: started, stopped, and what it imported lately."""

    def __init__(
        self,
        db_path: str,
        folders: tuple[str, ...],
        *,
        poll_seconds: float | None = None,
        quiet_seconds: float = QUIET_SECONDS,
        memory_bytes: int = LIMITS.memory_bytes,
    ) -> None:
        self.db_path = db_path
        self.folders = folders
        self.poll_seconds = poll_seconds
        #: ``pokerhh watch --quiet-after``: how long a file whose last hand has no end
        #: mark yet must stay unchanged before that hand is taken as whole (a hand that
        #: has ended is imported at once either way: ``analytics.ingest.watch``).
        self.quiet_seconds = quiet_seconds
        self.memory_bytes = memory_bytes
        self.recent: list[FileImport] = []
        #: Why the worker ended on its own (None while it runs or once stopped).
        self.error: str | None = None
        self._process: subprocess.Popen[bytes] | None = None
        self._reader: threading.Thread | None = None
        self._stopping = False

    def start(self) -> None:
        process = subprocess.Popen(
            [sys.executable, "-c", "from dashboard.watching import worker_main; worker_main()"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=worker_environment(),
        )
        assert process.stdin is not None
        self._process = process
        task = (
            self.db_path,
            self.folders,
            self.poll_seconds,
            self.quiet_seconds,
            self.memory_bytes,
        )
        with contextlib.suppress(BrokenPipeError):  # it died at once: the reader says so
            pickle.dump(task, process.stdin)
            process.stdin.flush()  # left open: its end tells the worker the server is gone
        self._reader = threading.Thread(target=self._read, name="pokerhh-watch", daemon=True)
        self._reader.start()

    def _read(self) -> None:
        process = self._process
        assert process is not None
        assert process.stdout is not None
        with contextlib.suppress(EOFError, OSError, pickle.UnpicklingError, ValueError):
            while True:
                kind, payload = pickle.load(process.stdout)
                if kind == "import":
                    self.recent = [*self.recent[-(RECENT - 1) :], payload]
                elif kind == "error":
                    self.error = payload
        code = process.wait()
        if self.error is None and not self._stopping:
            self.error = f"the watcher's worker process ended with exit code {code}"

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    def stop(self, timeout: float = 10.0) -> None:
        """SIGTERM, then SIGKILL past ``timeout`` seconds."""
        self._stopping = True
        process = self._process
        if process is None:
            return
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if process.stdin is not None:
            with contextlib.suppress(OSError):
                process.stdin.close()
        if self._reader is not None:
            self._reader.join(timeout)


def current(db_path: str) -> WatchWorker | None:
    """The watcher importing into ``db_path``, if one runs (or stopped on an error)."""
    with _LOCK:
        return _RUNNING.get(db_path)


def start(
    db_path: str,
    folders: tuple[str, ...],
    poll_seconds: float | None,
    quiet_seconds: float = QUIET_SECONDS,
) -> WatchWorker:
    """Start watching ``folders`` into ``db_path`` (stopping a watcher of other folders or
    settings)."""
    with _LOCK:
        running = _RUNNING.get(db_path)
        if (
            running is not None
            and running.running
            and (running.folders, running.poll_seconds, running.quiet_seconds)
            == (folders, poll_seconds, quiet_seconds)
        ):
            return running
        if running is not None:
            running.stop()
        worker = WatchWorker(
            db_path, folders, poll_seconds=poll_seconds, quiet_seconds=quiet_seconds
        )
        worker.start()
        _RUNNING[db_path] = worker
        return worker


def stop(db_path: str) -> None:
    with _LOCK:
        running = _RUNNING.pop(db_path, None)
    if running is not None:
        running.stop()


def worker_main() -> None:
    """The worker process: read its task from stdin, watch, send each import on stdout."""
    out = sys.stdout.buffer
    sys.stdout = sys.stderr  # a stray print must not break the messages
    db_path, folders, poll_seconds, quiet_seconds, memory_bytes = pickle.load(sys.stdin.buffer)
    limit_memory(memory_bytes)
    stop = threading.Event()

    def send(kind: str, payload: object) -> None:
        try:
            pickle.dump((kind, payload), out)
            out.flush()
        except OSError:  # the server is gone
            end()

    options = WatchOptions(folders=tuple(Path(f).absolute() for f in folders),
                           poll_seconds=poll_seconds, quiet_seconds=quiet_seconds)  # fmt: skip
    watcher = Watcher(db_path, options, on_import=lambda done: send("import", done))

    def end(*_: object) -> None:
        # From a signal handler too, which may run while this thread holds the watcher's
        # event queue: its wake-up is put from another thread.
        stop.set()
        threading.Thread(target=watcher.stop, daemon=True).start()

    def server_gone() -> None:
        # Returns when the server closes our stdin, or dies. The file descriptor, not
        # sys.stdin: a daemon thread blocked in a buffered read aborts the interpreter's exit.
        with contextlib.suppress(OSError):
            while os.read(0, 4096):
                pass
        end()

    signal.signal(signal.SIGTERM, end)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server's Ctrl-C: it stops us
    threading.Thread(target=server_gone, name="pokerhh-server-watch", daemon=True).start()
    try:
        watcher.run(stop)
    except MemoryError:
        send("error", memory_refusal(memory_bytes).message)
    except RuntimeError as error:  # a thread's stack is address space too
        limit = "can't start new thread" in str(error)
        send("error", memory_refusal(memory_bytes).message if limit else f"RuntimeError: {error}")
    except Exception as error:  # shown on the page; the worker must not end silently
        send("error", f"{type(error).__name__}: {error}")
