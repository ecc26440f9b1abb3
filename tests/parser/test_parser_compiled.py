"""``parser.compiled``: the mypyc class options cost nothing, and need no mypy, at run time."""

from __future__ import annotations

import importlib.util
import sys

import pytest

import parser.compiled


def test_without_mypy_extensions_the_decorator_gives_the_class_unchanged(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "mypy_extensions", None)  # the import fails
    spec = importlib.util.spec_from_file_location("_compiled_alone", parser.compiled.__file__)
    assert spec is not None
    assert spec.loader is not None
    alone = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(alone)

    class Open:
        pass

    assert alone.mypyc_attr(allow_interpreted_subclasses=True)(Open) is Open
    assert alone.mypyc_attr(native_class=False)(Open) is Open
