"""Pytest plugin (``-p tests.native_plugin`` in pyproject's addopts) for the compiled core.

With the compiled build in use (``parser.native``), Python imports a compiled module's
``.so``, not the ``.py`` that ``--doctest-modules`` would collect, and pytest refuses the
mismatch; those sources are left out of the doctest collection here, and the pure-Python
run (``POKERHH_PURE=1``, which ``make test`` also runs) collects them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from parser import native

ROOT = Path(__file__).resolve().parents[1]
#: The compiled modules' sources, when the compiled build is what imports load.
COMPILED = (
    {ROOT.joinpath(*name.split(".")).with_suffix(".py") for name in native.STATUS.modules}
    if native.STATUS.used
    else set()
)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    return True if collection_path in COMPILED else None
