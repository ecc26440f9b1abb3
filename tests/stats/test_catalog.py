"""The statistics catalog (issue 25, acceptance 1): every statistic of
``analytics.stats.catalog`` reaches, derived from its row, the per-hand flags, the stored
columns and sums, the export, the player page's labels, explain's texts and the docs; and
the statistics' definitions sit below the store (the store imports no statistics query).
"""

from __future__ import annotations

import ast
import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from analytics.output.export import STATS_FIELDS
from analytics.stats import catalog
from analytics.stats import players as stats_module
from analytics.stats.catalog import FACTS, STATS, Kind
from analytics.stats.flag_fields import FIELDS, PlayerFlags
from analytics.stats.player_queries import SHOWN_RATES
from analytics.store import aggregates
from analytics.store.db import connect
from analytics.store.seat_layout import BIT_COLUMNS, HAND_PLAYERS_COLUMNS
from analytics.store.sqlite_utils_lean import Database

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "stats.md").read_text(encoding="utf-8")
NAMES = [s.name for s in STATS]
RATES = [s for s in STATS if s.kind is Kind.RATE]


def test_the_players_module_serves_the_catalog_itself() -> None:
    assert stats_module.STATS is catalog.STATS
    assert stats_module.Stat is catalog.Stat
    assert stats_module.Kind is catalog.Kind
    assert len(set(NAMES)) == len(NAMES)


@pytest.fixture(scope="module")
def migrated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    """A database made by every migration, once for the module: the tests below only read
    its tables' and views' columns (a fresh one per statistic was most of their time)."""
    db = connect(tmp_path_factory.mktemp("catalog") / "db.sqlite")
    try:
        yield db
    finally:
        db.close()


@pytest.mark.parametrize("name", NAMES)
def test_every_statistic_reaches_every_place(name: str, migrated: Database) -> None:
    found = stats_module.stat(name)
    # flags: each fact it counts is a field of the per-hand flags, stored as a bit or a
    # column of ``seats``
    stored = {n for _, bits in BIT_COLUMNS for n in bits} | {n for n, _ in HAND_PLAYERS_COLUMNS}
    stored |= {"walk", "position", "all_in_street", "net", "rake_paid"}
    for fact in found.facts:
        assert fact in FIELDS, f"{name}: {fact} is no PlayerFlags field"
        assert fact in stored or re.fullmatch(r"[a-z]+_(preflop|flop|turn|river)", fact)
        # export: every fact is a key of a player's ``stats`` (the position is the
        # player's own key)
        assert fact in STATS_FIELDS or fact == "position", f"{name}: the export lacks {fact}"
    # docs: its section and its row of the Aggregates table
    assert found.doc, name
    assert re.search(rf"^#+ {re.escape(found.doc)}$", DOC, re.M), f"no section {found.doc!r}"
    assert f"| `{name}`" in DOC.split("## Aggregates", 1)[1]
    assert found.definition.endswith("."), name
    # explain: a rate says why a hand counted, in the catalog's words
    if found.kind is Kind.RATE and found.done_flag is not None:
        assert found.done_text is not None, name
        if found.chance_flag is not None:
            assert found.reason is not None or found.chance_flag in ("saw_flop", "went_to_showdown")
    # store: a column of the sums per part, in a database made by every migration
    for table in (aggregates.DAY_TABLE, aggregates.ALL_TIME_TABLE, aggregates.TOTALS_TABLE):
        columns = {c.name for c in migrated.table(table.name).columns}
        assert f"x_{name}" in columns
        if found.kind in (Kind.RATE, Kind.RATIO, Kind.PER_100):
            assert f"n_{name}" in columns
    view = {c.name for c in migrated.view("player_hand_stats").columns}
    assert set(found.facts) <= view | {"net", "rake_paid"}


def test_the_facts_are_the_flags() -> None:
    """Every yes/no fact of the catalog is a PlayerFlags field and the flags hold no
    chance or done flag that no statistic counts but the stored-only ones."""
    fields = {f.name for f in dataclasses.fields(PlayerFlags)}
    assert set(FACTS) <= fields
    uncounted = {n for n in fields if n.endswith("_chance") and n not in FACTS}
    assert uncounted == set(), f"flags no statistic counts: {sorted(uncounted)}"


def test_the_player_page_labels_come_from_the_catalog() -> None:
    assert tuple((s.name, s.table_label) for s in STATS if s.table_label) == SHOWN_RATES
    assert [name for name, _ in SHOWN_RATES] == [
        "vpip", "pfr", "three_bet", "fold_to_three_bet", "cbet_flop", "fold_to_cbet_flop",
        "steal", "wtsd", "wsd", "wwsf",
    ]  # fmt: skip


# -- the direction: statistics' definitions below the store -----------------------------------

#: The statistics modules the store may import: the definitions and the per-hand walk.
BELOW_THE_STORE = {
    "analytics.stats.catalog", "analytics.stats.flag_fields", "analytics.stats.flags",
}  # fmt: skip


def _imports(path: Path) -> set[str]:
    """Every module a file imports, at any depth of its code (``TYPE_CHECKING`` too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


def _below(module: str) -> bool:
    """``module`` is one of :data:`BELOW_THE_STORE`, a name in one, or the package."""
    return module == "analytics.stats" or any(
        module == ok or module.startswith(f"{ok}.") for ok in BELOW_THE_STORE
    )


def test_the_store_imports_no_statistics_query() -> None:
    for path in sorted((ROOT / "analytics" / "store").rglob("*.py")):
        wrong = {m for m in _imports(path) if m.startswith("analytics.stats") and not _below(m)}
        assert not wrong, f"{path.relative_to(ROOT)} imports {sorted(wrong)}"


@pytest.mark.parametrize("module", sorted(BELOW_THE_STORE))
def test_the_definitions_import_nothing_of_the_store(module: str) -> None:
    imported = _imports(ROOT / (module.replace(".", "/") + ".py"))
    assert not {m for m in imported if m.startswith("analytics.store")}, module
    assert all(_below(m) for m in imported if m.startswith("analytics.stats")), module
