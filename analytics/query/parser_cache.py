"""The query grammar's parser, kept built between commands.

Building the LALR tables of ``where.lark`` is most of what ``pokerhh hands --where`` does
before its query runs (about 70 ms of each command; issue 25 acceptance 2: the whole
command under 1 s on a million hands). The built parser is saved in the user's own cache
folder and loaded from there while the grammar, lark and Python are the same.

Why not lark's own ``cache=True``: it keeps the file in the shared temporary folder and
unpickles whatever it finds there, before checking that it is its own. Here the file is
in a folder only this user writes, its first line is the digest of what it was built
from, checked before anything is unpickled, and it is written whole or not at all (a
temporary file renamed). Any failure to read or write it only costs the build.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sys
import tempfile
from pathlib import Path

import lark
import platformdirs

#: The cache folder's environment override (tests point it at a temporary folder).
CACHE_ENV = "POKERHH_CACHE_DIR"


def cache_folder() -> Path:
    return Path(os.environ.get(CACHE_ENV) or platformdirs.user_cache_dir("pokerhh"))


def _digest(grammar: str, options: dict[str, object]) -> bytes:
    made_of = repr((grammar, sorted(options.items()), lark.__version__, sys.version_info[:2]))
    return hashlib.sha256(made_of.encode("utf-8")).hexdigest().encode("ascii")


def cached_parser(name: str, grammar: str, **options: object) -> lark.Lark:
    """``lark.Lark(grammar, parser="lalr", **options)``, loaded from the cache when it holds
    this very grammar's parser, else built and saved there for the next command."""
    options = {"parser": "lalr", **options}
    digest = _digest(grammar, options)
    path = cache_folder() / f"{name}.lark-parser"
    # A missing, old or broken file: build it again.
    with contextlib.suppress(Exception), path.open("rb") as file:
        if file.readline().rstrip(b"\n") == digest:
            return lark.Lark.load(file)
    parser = lark.Lark(grammar, **options)
    with contextlib.suppress(OSError, pickle.PicklingError):
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{name}.")
        try:
            with os.fdopen(fd, "wb") as file:
                file.write(digest + b"\n")
                parser.save(file)
            os.replace(temporary, path)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temporary)
    return parser
