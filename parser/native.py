"""Whether the compiled core is in use: decided once, for every package at once (issue 11).

``setup.py`` may compile the hot modules (the engine, the parser's line walk, the row
builders) with mypyc into extension modules beside their sources; Python then imports the
``.so`` before the ``.py``. The pure-Python sources stay the definition: a machine without
a compiler, ``POKERHH_PURE=1``, or a source edited since the build (its hash no longer the
one in the build's manifest) gives the pure-Python modules, for every package together:
the compiled modules call one another directly, so half a build would hold two copies of
the same classes. The choice is made when ``parser`` is first imported; ``parser``,
``replayer`` and ``analytics`` call :func:`choose` from their ``__init__`` before any
compiled submodule can load.

This module itself is never compiled (it decides what the others are).
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.machinery as machinery
import json
import os
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

#: Written by ``setup.py`` after a build in which every extension compiled.
MANIFEST = Path(__file__).with_name("_native.json")
#: Written by ``setup.py`` instead when the build failed: why.
FAILED = Path(__file__).with_name("_native.failed")
#: ``POKERHH_PURE=1`` (any value but empty or 0): the pure-Python modules whatever is built.
PURE_ENV = "POKERHH_PURE"


@dataclass(frozen=True, slots=True)
class NativeStatus:
    """What ``pokerhh --version`` reports and the tests check."""

    used: bool
    #: Why: "compiled", "not built", "POKERHH_PURE is set", "stale: <path> changed ...".
    reason: str
    #: The compiled modules' names (those the build made, even when not used).
    modules: tuple[str, ...] = ()


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def read_status(manifest: Path = MANIFEST, environ: dict[str, str] | None = None) -> NativeStatus:
    """The decision, from the manifest, the files beside it and the environment."""
    environ = dict(os.environ) if environ is None else environ
    if not manifest.is_file():
        failed = manifest.with_name(FAILED.name)
        with contextlib.suppress(OSError):
            return NativeStatus(False, f"not built: {failed.read_text('utf-8').strip()}")
        return NativeStatus(False, "not built")
    try:
        modules: dict[str, str] = json.loads(manifest.read_text("utf-8"))["modules"]
    except (OSError, ValueError, KeyError, TypeError):
        return NativeStatus(False, f"not built: {manifest.name} unreadable")
    names = tuple(sorted(modules))
    if environ.get(PURE_ENV, "") not in ("", "0"):
        return NativeStatus(False, f"{PURE_ENV} is set", names)
    suffix = machinery.EXTENSION_SUFFIXES[0]
    root = manifest.resolve().parents[1]
    for name, digest in modules.items():
        source = root.joinpath(*name.split(".")).with_suffix(".py")
        if not source.with_suffix(suffix).is_file():
            return NativeStatus(False, f"incomplete build: no {source.stem}{suffix}", names)
        try:
            if _sha256(source) != digest:
                relative = source.relative_to(root)
                return NativeStatus(False, f"stale: {relative} changed since the build", names)
        except OSError:
            return NativeStatus(False, f"stale: {source.name} unreadable", names)
    return NativeStatus(True, "compiled", names)


STATUS = read_status()


def sources_only(package_path: Iterable[str]) -> None:
    """Make every module under these package folders (subpackages too) load from its
    ``.py``, never from a compiled ``.so`` beside it: the import system asks
    ``sys.path_importer_cache`` for each folder's finder, and this one knows no extension
    modules."""
    for top in package_path:
        for folder, dirs, _files in os.walk(top):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            sys.path_importer_cache[folder] = machinery.FileFinder(
                folder,
                (machinery.SourceFileLoader, machinery.SOURCE_SUFFIXES),
                (machinery.SourcelessFileLoader, machinery.BYTECODE_SUFFIXES),
            )


def choose(package_path: Iterable[str]) -> None:
    """Called by a package's ``__init__`` with its ``__path__``: the pure-Python modules
    unless the compiled build is whole, fresh and wanted."""
    if not STATUS.used:
        sources_only(package_path)
