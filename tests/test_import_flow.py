"""Data flows one way, parser → replayer → analytics → dashboard: no module imports from a
package to its right (issue 9, item 8). ``parser.model`` is the shared vocabulary and
imports nothing of ours at all.

Read from the source with ``ast`` (imports inside functions and ``TYPE_CHECKING`` blocks
count too), so a lazy import cannot slip past.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FLOW = ("parser", "replayer", "analytics", "dashboard")


def _our_imports(path: Path) -> set[str]:
    """The top-level names of our packages that ``path`` imports, as dotted module names."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return {name for name in found if name.split(".")[0] in FLOW}


def _modules(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("package", FLOW)
def test_no_package_imports_from_its_right(package: str) -> None:
    right = set(FLOW[FLOW.index(package) + 1 :])
    wrong = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in _modules(package)
        for name in sorted(_our_imports(path))
        if name.split(".")[0] in right
    ]
    assert not wrong, "\n".join(wrong)


def test_the_shared_vocabulary_imports_nothing_of_ours() -> None:
    wrong = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in _modules("parser/model")
        for name in sorted(_our_imports(path))
        if not name.startswith("parser.model")
    ]
    assert not wrong, "\n".join(wrong)


def test_the_check_sees_imports() -> None:
    """The walker finds known imports, so the tests above are not vacuous."""
    assert "replayer.betting" in _our_imports(ROOT / "replayer" / "engine.py")
    assert "parser.model" in _our_imports(ROOT / "replayer" / "engine.py")
