"""Issue 23, item 10: a PHH export to a folder gives every hand a file of its own.

Hand ids are the room's (or, in PHH, any text): ``a_b`` and ``a b`` used to become the
same ``PHH-a_b.phh``, the second overwriting the first while the report said both were
exported. Names are now unique whatever the ids (also where the file system ignores case,
and for ids too long for a file name), and each file reads back as its own hand.
"""

from __future__ import annotations

from pathlib import Path

from analytics.ingest.importer import import_paths
from analytics.output.export_phh import export_phh, phh_file_names
from tests.phh.test_live import BASE

IDS = ("a_b", "a b", "a/b", "A_B", "x" * 300, "a_b-0")


def _set(ids: tuple[str, ...]) -> str:
    """A .phhs of BASE once per id, each with its own hole cards so no two are one hand."""
    cards = ("AhKh", "AsKs", "AdKd", "AcKc", "8h8c", "5h4h")
    return "".join(
        f'[{k}]\nhand = "{hand_id}"\n{BASE.replace("AhKh", cards[k - 1])}\n'
        for k, hand_id in enumerate(ids, start=1)
    )


def test_ids_that_sanitise_alike_get_a_file_each(tmp_path: Path) -> None:
    source = tmp_path / "set.phhs"
    source.write_text(_set(IDS), encoding="utf-8")
    db = tmp_path / "db.sqlite"
    assert import_paths([source], db).stored["ok"] == len(IDS)
    out = tmp_path / "each"
    report = export_phh(db, f"{out}/")
    assert report.written == len(IDS)
    files = sorted(out.glob("*.phh"))
    assert len(files) == len(IDS)  # one file a hand: none overwritten
    assert len({p.name.casefold() for p in files}) == len(IDS)  # also where case is ignored
    assert all(len(p.name.encode()) <= 160 for p in files)
    assert out / "PHH-a_b.phh" in files  # an id that needs no change keeps its plain name
    again = import_paths([out], tmp_path / "again.sqlite")
    assert again.stored["ok"] == len(IDS)  # each file is its own hand, none lost


def test_names_are_unique_and_stable() -> None:
    keys = [("PHH", i) for i in IDS] + [("Poker Stars", "1"), ("Poker_Stars", "1")]
    names = phh_file_names(keys)
    assert len({n.casefold() for n in names}) == len(keys)
    assert names == phh_file_names(keys)  # the same database exports to the same names
    assert names[0] == "PHH-a_b.phh"
    assert names[1].startswith("PHH-a_b-")
    # a crafted id that spells another's hashed name still gets a name of its own
    crafted = [("PHH", "a b"), ("PHH", names[1].removeprefix("PHH-").removesuffix(".phh"))]
    assert len(set(phh_file_names(crafted))) == 2
