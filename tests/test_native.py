"""The optional compiled core (``setup.py``, ``parser.native``; issue 11).

- The decision: no manifest, an unreadable one, ``POKERHH_PURE``, a module missing its
  extension, a source edited since the build: pure Python; a whole fresh build: compiled.
- ``POKERHH_PURE=1`` really loads every module from its ``.py``.
- Compiled and pure Python give the same rows, hand for hand, for the sample histories
  and the corpora (parse, replay with every rule check, statistics, all-in EV): the
  sources stay the definition of what the compiled modules do.
- In CI (``POKERHH_REQUIRE_NATIVE=1``, set by ``.ci/run``) the build must be in use, so a
  compiled core that stopped building cannot go unnoticed.
"""

from __future__ import annotations

import hashlib
import importlib.machinery as machinery
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from parser import native

ROOT = Path(__file__).resolve().parents[1]
SUFFIX = machinery.EXTENSION_SUFFIXES[0]


def fake_build(
    root: Path, sources: dict[str, str], *, built: tuple[str, ...] | None = None
) -> Path:
    """A tree with ``sources`` (module -> text), a manifest of their hashes, and an empty
    stand-in extension for each of ``built`` (default: every module)."""
    modules = {}
    for name, text in sources.items():
        path = root.joinpath(*name.split(".")).with_suffix(".py")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        modules[name] = hashlib.sha256(text.encode()).hexdigest()
        if built is None or name in built:
            path.with_suffix(SUFFIX).write_bytes(b"")
    manifest = root / "parser" / "_native.json"
    manifest.parent.mkdir(parents=True, exist_ok=True)
    manifest.write_text(json.dumps({"modules": modules}))
    return manifest


SOURCES = {"replayer.engine": "x = 1\n", "replayer.settlement.settle": "y = 2\n"}


def test_no_manifest_is_pure_python(tmp_path: Path) -> None:
    status = native.read_status(tmp_path / "parser" / "_native.json", {})
    assert (status.used, status.reason) == (False, "not built")


def test_a_failed_build_says_why(tmp_path: Path) -> None:
    """``setup.py`` leaves its reason beside the missing manifest (pip -q hides stderr)."""
    (tmp_path / "parser").mkdir()
    (tmp_path / "parser" / "_native.failed").write_text("mypyc could not compile: x\n")
    status = native.read_status(tmp_path / "parser" / "_native.json", {})
    assert (status.used, status.reason) == (False, "not built: mypyc could not compile: x")


def test_an_unreadable_manifest_is_pure_python(tmp_path: Path) -> None:
    manifest = fake_build(tmp_path, SOURCES)
    manifest.write_text("{not json")
    assert native.read_status(manifest, {}).used is False


def test_a_whole_fresh_build_is_used(tmp_path: Path) -> None:
    status = native.read_status(fake_build(tmp_path, SOURCES), {})
    assert (status.used, status.reason) == (True, "compiled")
    assert status.modules == ("replayer.engine", "replayer.settlement.settle")


@pytest.mark.parametrize("value", ["1", "yes"])
def test_pokerhh_pure_wins_over_a_build(tmp_path: Path, value: str) -> None:
    status = native.read_status(fake_build(tmp_path, SOURCES), {native.PURE_ENV: value})
    assert (status.used, status.reason) == (False, "POKERHH_PURE is set")


def test_pokerhh_pure_0_is_not_set(tmp_path: Path) -> None:
    assert native.read_status(fake_build(tmp_path, SOURCES), {native.PURE_ENV: "0"}).used


def test_a_module_without_its_extension_is_an_incomplete_build(tmp_path: Path) -> None:
    manifest = fake_build(tmp_path, SOURCES, built=("replayer.engine",))
    status = native.read_status(manifest, {})
    assert status.used is False
    assert status.reason == f"incomplete build: no settle{SUFFIX}"


def test_a_source_edited_after_the_build_is_stale(tmp_path: Path) -> None:
    """A developer's edit is what runs, not the extension built from the old text."""
    manifest = fake_build(tmp_path, SOURCES)
    (tmp_path / "replayer" / "engine.py").write_text("x = 2\n")
    status = native.read_status(manifest, {})
    assert status.used is False
    assert status.reason == "stale: replayer/engine.py changed since the build"


def run_python(code: str, **env: str) -> str:
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


LOADERS = """
import importlib, sys
from parser import native
names = native.STATUS.modules or ("replayer.engine", "replayer.settlement.settle")
for name in names:
    module = importlib.import_module(name)
    print(name, type(module.__spec__.loader).__name__)
print("used", native.STATUS.used)
"""


def test_pokerhh_pure_loads_every_module_from_its_source() -> None:
    out = run_python(LOADERS, POKERHH_PURE="1").splitlines()
    assert out[-1] == "used False"
    assert out[:-1]
    assert all(line.endswith(" SourceFileLoader") for line in out[:-1]), out


@pytest.mark.skipif(not native.STATUS.used, reason=f"compiled core: {native.STATUS.reason}")
def test_the_build_loads_every_compiled_module_from_its_extension() -> None:
    out = run_python(LOADERS, POKERHH_PURE="").splitlines()
    assert out[-1] == "used True"
    assert all(line.endswith(" ExtensionFileLoader") for line in out[:-1]), out


@pytest.mark.skipif(not os.environ.get("POKERHH_REQUIRE_NATIVE"), reason="not asked (CI asks)")
def test_ci_runs_the_compiled_core() -> None:
    assert native.STATUS.used, f"the compiled core is not in use: {native.STATUS.reason}"


#: Every hand of the given files through the importer's worker function (parse, replay,
#: rows), one digest per file: printed by a pure-Python and by a compiled process.
DIGESTS = """
import hashlib, sys
from pathlib import Path
from analytics.ingest.prepare import prepare_file
from parser import native
print("used", native.STATUS.used)
for path in sys.argv[1:]:
    prepared = prepare_file(path, Path(path).read_bytes(), sqlite=True)
    rows = getattr(prepared, "rows", None)
    text = repr(prepared) if rows is None else repr(rows) + repr(prepared.notes)
    print(path, hashlib.sha256(text.encode()).hexdigest(), len(getattr(prepared, "rows", ())))
"""


def corpus_and_samples() -> list[str]:
    files = sorted((ROOT / "sample_histories").rglob("*.txt"))
    corpora = ROOT.parent / "shared" / "corpora"  # every variant and room, when present
    files += sorted((corpora / "pokerstars").rglob("*.txt"))
    files += sorted((corpora / "sites").rglob("*.txt"))
    files += sorted((corpora / "pluribus").rglob("*.txt"))[:20]
    return [str(path) for path in files]


@pytest.mark.slow
@pytest.mark.skipif(not native.STATUS.used, reason=f"compiled core: {native.STATUS.reason}")
def test_compiled_and_pure_python_give_the_same_rows_for_every_hand() -> None:
    files = corpus_and_samples()
    code = DIGESTS.replace("sys.argv[1:]", repr(files))
    with ThreadPoolExecutor(2) as both:  # two processes at once: one a core
        pure_run = both.submit(run_python, code, POKERHH_PURE="1")
        compiled_run = both.submit(run_python, code, POKERHH_PURE="")
        pure, compiled = pure_run.result(), compiled_run.result()
    assert pure.splitlines()[0] == "used False"
    assert compiled.splitlines()[0] == "used True"
    hands = sum(int(line.rsplit(" ", 1)[1]) for line in pure.splitlines()[1:])
    assert hands > 40
    assert compiled.splitlines()[1:] == pure.splitlines()[1:]
