"""``mypyc_attr``, the class options the compiled core needs, with or without mypy installed.

Some classes of the compiled modules (``setup.py``'s ``NATIVE_MODULES``) must stay open to
Python code: the rooms subclass :class:`parser.kit.layout.Builder`,
:class:`parser.kit.lexer.LineLexer`
and :class:`parser.kit.money.Amounts` (``allow_interpreted_subclasses=True``), and a lark
``Token`` is a ``str``, which a compiled class cannot subclass (``native_class=False``: a
plain Python class whose methods are compiled). mypyc reads the decorator from the source;
at run time it does nothing, so a machine without ``mypy_extensions`` (it comes with mypy,
not with pokerhh's dependencies) gets the same no-op here.

This module itself is never compiled.
"""

from __future__ import annotations

from typing import Any

try:
    from mypy_extensions import mypyc_attr as mypyc_attr
except ImportError:  # pragma: no cover - mypy (and so mypy_extensions) is not installed

    def mypyc_attr(*attrs: Any, **kwattrs: Any) -> Any:  # type: ignore[misc]
        """mypy_extensions' own: the class, unchanged."""
        return lambda cls: cls
