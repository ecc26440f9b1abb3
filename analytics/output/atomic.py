"""Files written whole or not at all, with the mode any other new file would get.

An export is written to a temporary file beside its target and renamed over it once
complete, so an interrupted export never leaves half a file under the final name (nor
removes the previous one). ``tempfile.mkstemp`` creates that file ``0600`` whatever the
umask, and the rename kept it: every export was private to its owner where the user's
umask said otherwise (issue 23, item 20). The file is given ``0666`` less the umask, as
``open`` would have given it.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO


def new_file_mode() -> int:
    """``0666`` less the process's umask (read by setting it back at once)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


@contextlib.contextmanager
def replaced(path: Path) -> Iterator[TextIO]:
    """A text stream to a temporary file beside ``path``, renamed over ``path`` (mode as
    :func:`new_file_mode`) only once the block ends without an error."""
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        if hasattr(os, "fchmod"):
            os.fchmod(handle, new_file_mode())
        with open(handle, "w", encoding="utf-8", newline="\n") as out:
            yield out
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise
