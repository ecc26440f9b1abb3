"""sqlite-utils, imported without pandas and numpy.

sqlite-utils imports pandas (and so pyarrow) and numpy whenever they are installed, only to
map their types to column types when it creates a table from Python values. pokerhh never
does: the schema is SQL (``analytics.store.migrations``) and rows go through
``executemany``. Those imports are about 80 MB of the importer's memory (issue 11: the
whole import under 300 MB) and numpy alone is most of the start-up of a command that only
reads (``pokerhh hands --where``, issue 25 acceptance 2: under 1 s with Python's start), so
the first import of sqlite-utils here sees both as absent; ``import pandas`` anywhere
afterwards is the ordinary import. A process that loaded them first is left as it is.
"""

from __future__ import annotations

import sys

if "sqlite_utils" not in sys.modules:
    hidden = [name for name in ("pandas", "numpy") if name not in sys.modules]
    for name in hidden:
        sys.modules[name] = None  # type: ignore[assignment]  # the import raises ImportError
    try:
        import sqlite_utils  # noqa: F401
    finally:
        for name in hidden:
            del sys.modules[name]

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

__all__ = ["Database", "Migrations"]
