"""sqlite-utils, imported without pandas.

sqlite-utils imports pandas (and so pyarrow) whenever it is installed, only to map pandas
types to column types when it creates a table from Python values. pokerhh never does: the
schema is SQL (``analytics.store.migrations``) and rows go through ``executemany``. Those
imports are about 80 MB of the importer's memory (issue 11: the whole import under 300 MB),
so the first import of sqlite-utils here sees pandas as absent; ``import pandas`` anywhere
afterwards is the ordinary import. A process that loaded pandas first is left as it is.
"""

from __future__ import annotations

import sys

if "sqlite_utils" not in sys.modules and "pandas" not in sys.modules:
    sys.modules["pandas"] = None  # type: ignore[assignment]  # the import raises ImportError
    try:
        import sqlite_utils  # noqa: F401
    finally:
        del sys.modules["pandas"]

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

__all__ = ["Database", "Migrations"]
