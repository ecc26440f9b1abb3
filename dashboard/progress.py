"""A one-line progress bar for ``pokerhh import``, on stderr, with no dependency.

It redraws at most ten times a second, only when stderr is a terminal (a log file or a
pipe gets the summary alone), and always leaves the cursor on a fresh line when closed.
"""

from __future__ import annotations

import shutil
import sys
import time
from typing import TextIO

from analytics.ingest.importer import ImportProgress


class ProgressBar:
    """``progress=ProgressBar()`` for :func:`analytics.ingest.importer.import_paths`."""

    def __init__(self, stream: TextIO | None = None, *, enabled: bool | None = None) -> None:
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.started = time.monotonic()
        self._last_draw = 0.0
        self._drawn = False

    def __call__(self, progress: ImportProgress) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        finished = progress.files_done == progress.files_total
        if not finished and now - self._last_draw < 0.1:
            return
        self._last_draw = now
        self.stream.write("\r" + self.render(progress, now - self.started))
        self.stream.flush()
        self._drawn = True

    def close(self) -> None:
        if self._drawn:
            self.stream.write("\n")
            self.stream.flush()
            self._drawn = False

    @staticmethod
    def render(progress: ImportProgress, elapsed: float, width: int | None = None) -> str:
        """``" 42% [########            ] 37/92 files · 4,020 hands · 3,100 hands/s"``.

        >>> p = ImportProgress(files_done=1, files_total=4, bytes_done=50, bytes_total=200,
        ...                    hands_seen=300, path="a.txt")
        >>> ProgressBar.render(p, 0.1, width=60)
        ' 25% [#####...............] 1/4 files · 300 hands · 3,000/s'
        """
        width = width or shutil.get_terminal_size((80, 20)).columns
        total = progress.bytes_total or 1
        fraction = min(1.0, progress.bytes_done / total)
        rate = progress.hands_seen / elapsed if elapsed > 0 else 0.0
        filled = int(fraction * 20)
        bar = "#" * filled + "." * (20 - filled)
        text = (
            f"{fraction:4.0%} [{bar}] {progress.files_done}/{progress.files_total} files"
            f" · {progress.hands_seen:,} hands · {rate:,.0f}/s"
        )
        return text[: max(10, width - 1)].ljust(max(10, width - 1))
