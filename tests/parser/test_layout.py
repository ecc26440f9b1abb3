"""The parser's layout holds (issue 22): the model, the kit, one folder per room.

Imports run one way: ``parser.model`` <- ``parser.kit`` <- ``parser.rooms.<room>`` <-
``parser.rooms`` (the list) <- ``parser.formats`` and the package's entry points. A room
never imports another room, nor the list; no module of the parser imports another
module's ``_private`` name. Every room folder is in ``ROOMS``, once, and its record
names functions of its own folder.
"""

from __future__ import annotations

import ast
from importlib import import_module
from pathlib import Path

import pytest

from parser.kit.room import Room
from parser.rooms import ROOMS

PARSER = Path(__file__).resolve().parents[2] / "parser"
ROOM_FOLDERS = sorted(p for p in (PARSER / "rooms").iterdir() if (p / "__init__.py").is_file())


def _module_name(path: Path) -> str:
    parts = path.relative_to(PARSER.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> list[tuple[str, tuple[str, ...], int]]:
    """(module, names imported from it, line) of every import of ``path`` (absolute, and
    relative ones made absolute), at any depth: imports inside functions count too."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = _module_name(path)
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, (), node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                module = ".".join([*base, module] if module else base)
            found.append((module, tuple(a.name for a in node.names), node.lineno))
    return found


def _parser_modules() -> list[Path]:
    return sorted(PARSER.rglob("*.py"))


def _room_of(module: str) -> str | None:
    parts = module.split(".")
    if len(parts) >= 3 and parts[:2] == ["parser", "rooms"]:
        return parts[2]
    return None


def test_rooms_import_only_the_model_the_kit_and_their_own_folder() -> None:
    wrong = []
    for folder in ROOM_FOLDERS:
        for path in sorted(folder.rglob("*.py")):
            for module, names, line in _imports(path):
                if not module.startswith("parser"):
                    continue
                allowed = (
                    module.startswith(("parser.model", "parser.kit"))
                    or module == "parser.compiled"
                    or _room_of(module) == folder.name
                )
                if module == "parser.rooms" or not allowed:
                    wrong.append(f"{path.relative_to(PARSER)}:{line} imports {module} {names}")
    assert wrong == []


def test_the_model_and_the_kit_never_import_a_room() -> None:
    wrong = []
    for layer, allowed in (("model", ("parser.model",)), ("kit", ("parser.model", "parser.kit"))):
        for path in sorted((PARSER / layer).rglob("*.py")):
            for module, _names, line in _imports(path):
                if module.startswith("parser") and not module.startswith(
                    (*allowed, "parser.compiled")
                ):
                    wrong.append(f"{path.relative_to(PARSER)}:{line} imports {module}")
    assert wrong == []


def test_no_module_imports_another_modules_private_names() -> None:
    wrong = []
    for path in _parser_modules():
        own = _module_name(path)
        for module, names, line in _imports(path):
            if not module.startswith("parser") or module == own:
                continue
            private = [n for n in names if n.startswith("_") and not n.startswith("__")]
            if private:
                wrong.append(f"{path.relative_to(PARSER)}:{line} imports {module} {private}")
    assert wrong == []


def test_every_room_folder_is_listed_once_and_names_its_own_functions() -> None:
    assert sorted(room.name for room in ROOMS) == sorted(f.name for f in ROOM_FOLDERS)
    assert len({room.site for room in ROOMS}) == len(ROOMS)
    for room in ROOMS:
        assert isinstance(room, Room)
        assert import_module(f"parser.rooms.{room.name}").ROOM is room
        targets = [room.recognise, room.split, room.parse, room.identify, *(room.summary or ())]
        for target in targets:
            module, _, name = target.partition(":")
            assert module.startswith(f"parser.rooms.{room.name}"), target
            assert callable(getattr(import_module(module), name)), target


@pytest.mark.parametrize("room", ROOMS, ids=[room.name for room in ROOMS])
def test_a_rooms_grammars_live_in_its_folder(room: Room) -> None:
    folder = PARSER / "rooms" / room.name
    for path in folder.glob("*.lark"):
        assert path.stem.startswith(room.name) or room.name in {"phh", "winning"}, path
    assert not (PARSER / "grammars").exists()


def test_pokerstars_is_asked_last_and_phh_first() -> None:
    assert ROOMS[0].name == "phh"
    assert ROOMS[-1].name == "pokerstars"
