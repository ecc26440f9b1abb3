"""The Import page's "watch the poker clients' folders" toggle: one background watcher
per database, shared by every session of this Streamlit server.

The watcher (:class:`analytics.ingest.watch.Background`) runs in a thread of its own and opens
its own connection there, so no sqlite object crosses threads; this module only keeps the
running one in a process-wide registry (a toggle in one browser tab is seen by another:
there is one set of folders being imported, whatever the number of tabs).
"""

from __future__ import annotations

import threading

from analytics.ingest.watch import Background

_LOCK = threading.Lock()
_RUNNING: dict[str, Background] = {}


def current(db_path: str) -> Background | None:
    """The watcher importing into ``db_path``, if one runs (or stopped on an error)."""
    with _LOCK:
        return _RUNNING.get(db_path)


def start(db_path: str, folders: tuple[str, ...], poll_seconds: float | None) -> Background:
    """Start watching ``folders`` into ``db_path`` (stopping a watcher of other folders)."""
    with _LOCK:
        running = _RUNNING.get(db_path)
        if running is not None and running.running and running.folders == folders:
            return running
        if running is not None:
            running.stop()
        background = Background(db_path, folders, poll_seconds=poll_seconds)
        background.start()
        _RUNNING[db_path] = background
        return background


def stop(db_path: str) -> None:
    with _LOCK:
        running = _RUNNING.pop(db_path, None)
    if running is not None:
        running.stop()
