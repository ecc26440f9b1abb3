"""Folders of generated hand histories for the fault and concurrency tests (issue 9).

A pool of random legal hands of every game the engine replays is played once by the seeded
generator (``tests/generator``, about 300 hands/s here) and rendered as PokerStars text;
larger folders reuse the pool with fresh hand numbers in the header, so 100,000 distinct
hands cost no more to make than the pool. Every hand of a folder has its own number, so a
file's hands are either all in the database or none (no duplicates across files).
"""

from __future__ import annotations

import random
import re
import sqlite3
from functools import cache
from pathlib import Path

from analytics.store import rawtext
from analytics.store.actions import stored_actions
from parser.model.games import GAME_SPECS
from tests.generator.play import play_hand
from tests.generator.render import pokerstars_text

GAMES = sorted(code for code, spec in GAME_SPECS.items() if spec.supported)
_HAND_ID = re.compile(r"^PokerStars Hand #\d+:")


@cache
def pool(size: int = 400, seed: int = 9) -> tuple[str, ...]:
    """``size`` generated hands' texts, the games taken in turn.

    Hands with an all-in are left out: their exact all-in EV (every runout) makes them
    about four times slower to import, and these tests are about storage, not equity
    (the round trip test plays them all).
    """
    rng = random.Random(seed)
    texts: list[str] = []
    number = 0
    while len(texts) < size:
        hand = play_hand(rng, GAMES[number % len(GAMES)], hand_id=str(number + 1))
        number += 1
        if not any(getattr(event, "all_in", False) for event in hand.events):
            texts.append(pokerstars_text(hand))
    return tuple(texts)


def hand_ids_by_file(folder: Path) -> dict[str, list[str]]:
    """Each file's hand numbers, read from its headers."""
    found = {}
    for path in sorted(folder.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        found[str(path)] = re.findall(r"^PokerStars Hand #(\d+):", text, re.MULTILINE)
    return found


def write_folder(
    folder: Path, files: int, hands_per_file: int, first_id: int = 700_000_000
) -> Path:
    """``files`` files of ``hands_per_file`` generated hands each, numbered from
    ``first_id`` on; returns the folder."""
    folder.mkdir(parents=True, exist_ok=True)
    texts = pool()
    number = first_id
    for index in range(files):
        hands = []
        for _ in range(hands_per_file):
            text = texts[number % len(texts)]
            hands.append(_HAND_ID.sub(f"PokerStars Hand #{number}:", text, count=1))
            number += 1
        (folder / f"{index:04d}.txt").write_text("\n\n\n".join(hands) + "\n", encoding="utf-8")
    return folder


#: Content to compare between two databases, keyed by natural keys: ids and times left out.
DUMPS = {
    "files": "SELECT path, sha256, size, hands FROM files ORDER BY path",
    "players": "SELECT site, name FROM players ORDER BY site, name",
    "hands": """SELECT site, hand_id, status, problem_kind, problem_message, f.path, game,
                total_pot, rake, boards, raw_text(raw_dictionary, raw_z)
                FROM hands h JOIN files f ON f.id = h.file_id
                ORDER BY site, hand_id""",
    "hand_players": """SELECT h.site, h.hand_id, hp.seat, p.name, starting_stack, hole_cards,
                invested, collected, net FROM hand_players hp JOIN hands h ON h.id = hp.hand
                JOIN players p ON p.id = hp.player_id ORDER BY h.site, h.hand_id, hp.seat""",
    "pots": """SELECT h.site, h.hand_id, run, idx, amount, eligible, winners FROM pots p
                JOIN hands h ON h.id = p.hand ORDER BY h.site, h.hand_id, run, idx""",
    "stats": """SELECT h.site, h.hand_id, s.seat, s.vpip, s.pfr FROM player_hand_stats s
                JOIN hands h ON h.id = s.hand ORDER BY h.site, h.hand_id, s.seat""",
}


def dump(db: Path) -> dict[str, list[tuple[object, ...]]]:
    conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    rawtext.register(conn)  # the texts are stored compressed (migration 0007)
    try:
        out = {name: conn.execute(sql).fetchall() for name, sql in DUMPS.items()}
        # The events are not stored since 0007: made again from each stored text.
        keys = {key: (site, hand_id) for key, site, hand_id in conn.execute(
            "SELECT id, site, hand_id FROM hands")}  # fmt: skip
        out["actions"] = sorted(
            (*keys[row[0]], *row[1:8]) for row in stored_actions(conn)
        )
        return out
    finally:
        conn.close()


def unsound(db: Path, expected: dict[str, list[str]]) -> list[str]:
    """What is wrong with ``db`` after a fault (empty: sound): integrity, foreign keys, and
    every file of ``expected`` (path -> its hand numbers) either whole or absent."""
    conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True, timeout=30)
    try:
        wrong = []
        (check,) = conn.execute("PRAGMA integrity_check").fetchone()
        if check != "ok":
            wrong.append(f"integrity_check: {check}")
        wrong += [f"foreign key: {row}" for row in conn.execute("PRAGMA foreign_key_check")]
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        if "hands" not in tables:
            return wrong
        stored = {hand_id for (hand_id,) in conn.execute("SELECT hand_id FROM hands")}
        rows = {path for (path,) in conn.execute("SELECT path FROM files")}
        for path, ids in expected.items():
            there = sum(hand_id in stored for hand_id in ids)
            if there not in (0, len(ids)):
                wrong.append(f"{path}: {there} of its {len(ids)} hands stored")
            if (there == len(ids)) != (path in rows):
                wrong.append(f"{path}: {there} hands stored, files row: {path in rows}")
        return wrong
    finally:
        conn.close()
