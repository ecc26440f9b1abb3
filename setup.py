"""The optional compiled core (issue 11): the hot modules compiled with mypyc.

``pip install .`` (or ``-e .``, as ``make`` does) compiles the modules of ``NATIVE_MODULES``
into one group of extension modules (the shared library ``parser/_native__mypyc``), then
writes ``parser/_native.json``: each module's source hash, which ``parser.native`` checks
before using the build. ``POKERHH_COMPILE=0`` skips the compiler; a build that fails
(no compiler, a mypy error) installs the pure-Python package instead, with a warning. The
pure-Python sources stay the definition of what the code does: ``POKERHH_PURE=1`` runs
them whatever is built.

Only modules that mypyc compiles to the same behaviour are listed: their tests pass
compiled and pure, and ``tests/test_native.py`` replays corpora both ways.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

#: The modules compiled, by package (sources relative to the project's root).
NATIVE_MODULES = [
    # the parser's line walk and builders (parser/), and the records every stage shares
    # (parser.model's events and hand: native classes, and the makers that fill them);
    # not the rest of parser.model (cards: nothing measured to gain), not
    # parser.rooms.pokerstars.reader (a lark Transformer subclass, 3 µs a hand), nor native or
    # compiled (which decide and serve)
    "parser/model/events.py",
    "parser/model/hand.py",
    "parser/model/makers.py",
    "parser/kit/automaton.py",
    "parser/kit/decode.py",
    "parser/formats.py",
    "parser/rooms/pokerstars/header.py",
    "parser/kit/lexer.py",
    "parser/kit/layout.py",
    "parser/kit/locality.py",
    "parser/kit/money.py",
    "parser/kit/names.py",
    "parser/rooms/pokerstars/split.py",
    "parser/kit/hand_summary.py",
    "parser/kit/tournament.py",
    # the engine (replayer/): every module but those whose records parser.model.makers
    # fills by slot (result, state); showdown's Award is compiled as a plain Python class
    # (native_class=False), and pots defines none (compiled, the settlement's pure-Python
    # share of a Pluribus replay, ~10% of it, drops to a few %: about 1 us a hand)
    "replayer/actions.py",
    "replayer/auto_draw.py",
    "replayer/betting.py",
    "replayer/corrections.py",
    "replayer/dealing.py",
    "replayer/engine.py",
    "replayer/forced.py",
    "replayer/handlers.py",
    "replayer/ledger.py",
    "replayer/order.py",
    "replayer/positions.py",
    "replayer/showing.py",
    "replayer/snapshot.py",
    "replayer/evaluation/evaluator.py",
    "replayer/evaluation/short_deck.py",
    "replayer/evaluation/tables.py",
    "replayer/settlement/claims.py",
    "replayer/settlement/ending.py",
    "replayer/settlement/pots.py",
    "replayer/settlement/settle.py",
    "replayer/settlement/showdown.py",
    # the row builders (analytics/): not analytics.ingest.hand_rows (HandRows is pickled
    # from the workers and filled by slot), not flag_fields (its dataclass's field types
    # are read as strings), not rawtext (zlib's time, and its SQL function's closure)
    "analytics/ingest/rows.py",
    "analytics/stats/flags.py",
    "analytics/store/seat_layout.py",
]
MANIFEST = Path("parser") / "_native.json"
#: Why the last build left the pure-Python modules (read by ``parser.native``).
FAILED = Path("parser") / "_native.failed"
#: mypy's options for the compile. The project's own checking is ``make test``'s mypy
#: (strict, ``[tool.mypy]``); here pip may build before it installs the dependencies, so
#: a library it does not find is ``Any`` (lark, which the parser's classes derive from, is
#: a build requirement in pyproject.toml) and an ignore comment it would need is no error.
MYPY_FLAGS = ["--ignore-missing-imports", "--no-warn-unused-ignores", "--follow-imports=silent"]


def _warn(message: str) -> None:
    """Said on stderr (which ``pip -q`` hides) and kept for ``pokerhh --version``."""
    print(f"pokerhh: {message}; installing the pure-Python modules", file=sys.stderr)
    FAILED.write_text(message + "\n", encoding="utf-8")


class BuildNative(build_ext):
    """build_ext that writes the manifest once every extension is built, and leaves it out
    (so the pure-Python modules are used) when one is not: the extensions are optional."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:  # one C file per module: compile them on every core
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        super().run()
        if not self.extensions:
            return
        outputs = [Path(self.get_ext_fullpath(ext.name)) for ext in self.extensions]
        # in parser/, in the tree (an editable install) or in the wheel
        manifest = Path(self.get_ext_fullpath("parser.native")).parent / MANIFEST.name
        if not all(path.is_file() for path in outputs):
            _warn("the compiled core did not build")
            manifest.unlink(missing_ok=True)
            return
        modules = {
            source[: -len(".py")].replace("/", "."): hashlib.sha256(
                Path(source).read_bytes()
            ).hexdigest()
            for source in NATIVE_MODULES
        }
        manifest.write_text(json.dumps({"modules": modules}, indent=1, sort_keys=True) + "\n")


def native_extensions() -> list[object]:
    MANIFEST.unlink(missing_ok=True)  # a build replaces the old one, or there is none
    FAILED.unlink(missing_ok=True)
    if os.environ.get("POKERHH_COMPILE", "1") == "0":
        return []
    try:
        from mypyc.build import mypycify

        extensions = mypycify([*MYPY_FLAGS, *NATIVE_MODULES], separate=True, opt_level="3")
    except (Exception, SystemExit) as error:  # mypy refused the sources, no mypyc ...
        _warn(f"mypyc could not compile: {error!r}")
        return []
    for extension in extensions:
        extension.optional = True  # a compiler error skips it, not the install
    return list(extensions)


setup(ext_modules=native_extensions(), cmdclass={"build_ext": BuildNative})
