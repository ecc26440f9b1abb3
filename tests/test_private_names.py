"""No module reaches into another module's ``_private`` names (the project's style rule).

A leading underscore says "this module's business": if another module needs it, it is an
interface and gets a public name (the engine's phases call ``HandReplay.act``, ``pay``,
``end_round``, not ``_act``). Checked over the four packages, at any depth: an import of
an underscored name from another module, and an attribute ``x._name`` whose name the
module does not define itself (a method, a slot, an assignment of its own classes may be
read on another instance of them). tests/parser/test_layout.py checks the parser's import
direction besides.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("parser", "replayer", "analytics", "dashboard")
#: Private names of other libraries used knowingly, each with its reason.
ALLOWED = {
    # The regex's own parse, for the linear-time check of a pattern (parser/kit/locality.py):
    # the standard library exposes no public parser.
    "re._parser",
    # A worker's exit that skips the parent's atexit handlers (documented for forked children).
    "os._exit",
    # The types of zlib.compressobj() and ArgumentParser.add_subparsers(), for annotations:
    # neither module names them publicly.
    "zlib._Compress",
    "argparse._SubParsersAction",
    # The option names the installed Streamlit knows, without reading the user's config
    # files: the public get_config_options() parses them, and fails on a broken one (the
    # launcher must start whatever config.toml lies around: tests/reliability/test_exposure).
    "st_config._config_options_template",
}
#: The named tuple's documented methods: underscored so they never clash with a field.
NAMEDTUPLE_API = {"_replace", "_asdict", "_make", "_fields"}


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _own_names(tree: ast.Module) -> set[str]:
    """The underscored names a module defines: its functions, classes, assignments (at any
    depth, ``self._x = ...`` included) and slots."""
    own: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            own.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            own.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            own.add(node.id)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            own.add(node.target.id)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            own.add(node.value)  # a slot's or a namedtuple field's name
    return {name for name in own if _private(name)}


def violations(text: str, where: str) -> list[str]:
    """Each reach into another module's private name in a module's ``text``, as
    ``where:line what``."""
    tree = ast.parse(text)
    own = _own_names(tree)
    wrong = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                if _private(alias.name) and f"{node.module}.{alias.name}" not in ALLOWED:
                    wrong.append(f"{where}:{node.lineno} imports {node.module}.{alias.name}")
        elif isinstance(node, ast.Attribute) and _private(node.attr):
            base = node.value
            if isinstance(base, ast.Name) and base.id in ("self", "cls"):
                continue
            if node.attr in own or node.attr in NAMEDTUPLE_API:
                continue
            text = f"{ast.unparse(base)}.{node.attr}"
            if text not in ALLOWED:
                wrong.append(f"{where}:{node.lineno} reads {text}")
    return wrong


@pytest.mark.parametrize("package", PACKAGES)
def test_no_module_reaches_into_another_modules_private_names(package: str) -> None:
    wrong = [
        w
        for path in (ROOT / package).rglob("*.py")
        for w in violations(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    ]
    assert wrong == []


def test_the_check_sees_a_reach() -> None:
    """The check finds what it is for: a handler calling an engine's private method, an
    import of a private name; and leaves a module's own names alone."""
    text = (
        "from replayer.engine import _tuple_new\n"
        "class A:\n"
        "    _x = 1\n"
        "    def eq(self, other): return other._x == self._x\n"
        "def handler(play):\n"
        "    play._act(None)\n"
    )
    assert violations(text, "probe.py") == [
        "probe.py:1 imports replayer.engine._tuple_new",
        "probe.py:6 reads play._act",
    ]
