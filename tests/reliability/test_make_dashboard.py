"""Issue 23 item 18: ``make dashboard`` sets up only what the dashboard needs, and its
import of the sample histories (which hold invalid hands on purpose, one per rule case)
prints a short summary, not a screen of problems; ``make test`` adds the test extras."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from tests.reliability.conftest import ROOT, Run

MAKEFILE = (ROOT / "Makefile").read_text()


def _rule(target: str) -> tuple[list[str], list[str]]:
    """A Makefile rule's prerequisites and recipe lines (make's variables left as written)."""
    head = re.search(rf"^{re.escape(target)}:(.*)$", MAKEFILE, re.MULTILINE)
    assert head is not None, target
    recipe = []
    for line in MAKEFILE[head.end() + 1 :].splitlines():
        if not line.startswith("\t"):
            break
        recipe.append(line.strip())
    return head.group(1).split(), recipe


def _installs(target: str) -> list[str]:
    """Every pip install run to make ``target``, prerequisites first."""
    prerequisites, recipe = _rule(target)
    found = [c for p in prerequisites if p.startswith("$(") for c in _installs(p)]
    return found + [c for c in recipe if "pip install" in c and "--upgrade pip" not in c]


def test_make_dashboard_installs_no_test_extra() -> None:
    installs = _installs("dashboard")
    assert any(c.endswith("install -q -e .") for c in installs)
    assert not any("[test]" in c or "requirements" in c for c in installs)


def test_make_test_installs_every_test_extra_once_pokerhh_is_built() -> None:
    installs = _installs("test")
    assert installs[0].endswith("install -q -e .")  # the compiled core, built once
    assert any("test-requirements.txt" in c for c in installs)
    _, recipe = _rule("$(TEST_STAMP)")
    written = next(c for c in recipe if "tomllib" in c)
    assert '["optional-dependencies"]["test"]' in written
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    # what the dashboard needs is never only in the test extra
    assert not set(extras["optional-dependencies"]["test"]) & set(extras["dependencies"])


def test_the_dashboards_import_of_the_samples_prints_a_short_summary(
    run: Run, tmp_path: Path
) -> None:
    _, recipe = _rule("dashboard")
    (command,) = [c for c in recipe if " import " in c]
    argv = command.split(" import ", 1)[1].split()
    argv = [str(tmp_path / "demo.sqlite") if a == "$(DEMO_DB)" else a for a in argv]
    argv = [str(ROOT / a) if a == "sample_histories" else a for a in argv]
    code, out, err = run("import", *argv)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert len(lines) <= 15, out
    assert not [line for line in lines if ": hand " in line], out  # no problem listed
    (problems,) = [line for line in lines if line.startswith("  problems:")]
    assert re.fullmatch(r"  problems: +\d+ quarantined, 0 conflicts \(the dashboard's Import"
                        r" page .*\)", problems)  # fmt: skip
