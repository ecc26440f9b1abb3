"""How fast the storage side of the import is: rows() and the database write, alone.

    python benchmarks/store.py [--hands N] [--real [FOLDER]]

By default it times synthetic six-handed no-limit hands shaped like the Pluribus corpus
(about 20 events, 6 players, one pot each); with ``--real`` it first parses and replays a
folder of histories with the real parser and engine (untimed) and stores those. It prints
hands/s for ``rows()`` and for ``HandWriter.write_file`` (one transaction per file of
100 hands, a savepoint per hand), and for a re-import where every hand is a duplicate.
The target is 15,000 hands/s for the store step, so that storage stays a small part of a
3,000 hands/s import.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from analytics.ingest.rows import HandRows, rows
from analytics.store.db import connect
from analytics.store.writer import FileMeta, HandWriter
from parser.model import events as ev
from parser.model.cards import DECK
from parser.model.hand import ParsedHand, Seat, Source, Stakes
from replayer.result import PlayerResult, PotResult, ReplayResult

NAMES = ("MrBlue", "MrBlonde", "MrWhite", "MrPink", "MrBrown", "Pluribus")
POSITIONS = ("SB", "BB", "UTG", "MP", "CO", "BTN")
FILE_HANDS = 100


def synthetic(number: int, rng: random.Random) -> ReplayResult:
    """A plausible six-handed hand: blinds, deal, a raise, folds, a flop bet, a collect."""
    deck = list(DECK)
    rng.shuffle(deck)
    line = 1
    events: list[ev.Event] = []

    def add(event_type: type[ev.Event], **fields: object) -> None:
        nonlocal line
        line += 1
        events.append(event_type(line=line, **fields))  # type: ignore[arg-type]

    add(ev.PostBlind, player=NAMES[0], amount=50, blind=ev.Blind.SMALL)
    add(ev.PostBlind, player=NAMES[1], amount=100, blind=ev.Blind.BIG)
    for i, name in enumerate(NAMES):
        add(ev.DealHole, player=name, cards=(deck[2 * i], deck[2 * i + 1]))
    opener = rng.randrange(2, 6)
    for name in NAMES[2:opener]:
        add(ev.Fold, player=name)
    add(ev.RaiseTo, player=NAMES[opener], amount=225, by=125)
    for name in NAMES[opener + 1 :]:
        add(ev.Fold, player=name)
    add(ev.Fold, player=NAMES[0])
    add(ev.Call, player=NAMES[1], amount=125)
    add(ev.DealBoard, street="flop", cards=tuple(deck[12:15]))
    add(ev.Check, player=NAMES[1])
    add(ev.Bet, player=NAMES[opener], amount=300)
    add(ev.Fold, player=NAMES[1])
    add(ev.UncalledBetReturned, player=NAMES[opener], amount=300)
    add(ev.Collect, player=NAMES[opener], amount=500)
    text = "x" * 1100
    hand = ParsedHand(
        site="PokerStars",
        hand_id=str(100000 + number),
        game="NLHE",
        game_name="Hold'em No Limit",
        stakes=Stakes(small=50, big=100),
        currency="PLAY",
        unit=1,
        started_at=datetime(2019, 7, 12, 3, 46, tzinfo=UTC) + timedelta(seconds=number),
        table="Pluribus Session 100",
        max_seats=6,
        button_seat=6,
        seats=tuple(Seat(seat=i + 1, name=n, stack=10000) for i, n in enumerate(NAMES)),
        events=tuple(events),
        source=Source(path="bench.txt", first_line=1 + 40 * number, text=text),
    )
    invested = {NAMES[0]: 50, NAMES[1]: 225, NAMES[opener]: 225}
    players = tuple(
        PlayerResult(
            name=name,
            seat=i + 1,
            position=POSITIONS[i],
            starting_stack=10000,
            hole_cards=(deck[2 * i], deck[2 * i + 1]),
            invested=invested.get(name, 0),
            collected=500 if name == NAMES[opener] else 0,
            rake_paid=0,
            dealt_in=True,
            folded=name != NAMES[opener],
            folded_on=None if name == NAMES[opener] else "preflop",
            all_in=False,
        )
        for i, name in enumerate(NAMES)
    )
    pot = PotResult(index=0, run=1, amount=500, eligible=(NAMES[opener],),
                    winners=((NAMES[opener], 500),))  # fmt: skip
    return ReplayResult(hand=hand, players=players, pots=(pot,), boards=(tuple(deck[12:15]),),
                        total_pot=500, rake=0)  # fmt: skip


def real(folder: Path) -> list[ReplayResult]:
    from analytics.ingest.pipeline import Stages, process

    stages = Stages.default()
    results = []
    for path in sorted(folder.glob("*.txt")):
        for raw in stages.split_hands(stages.decode(path.read_bytes(), str(path)), str(path)):
            outcome = process(raw, stages)
            if outcome.result is not None:
                results.append(outcome.result)
    return results


def store(db_path: Path, batches: list[list[HandRows]]) -> float:
    db = connect(db_path)
    writer = HandWriter(db.conn)
    started = time.perf_counter()
    for number, batch in enumerate(batches):
        writer.write_file(FileMeta(f"file{number}.txt", f"{number:064x}", 1), batch)
    seconds = time.perf_counter() - started
    db.close()
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--real", nargs="?", const="../shared/corpora/pluribus", default=None)
    args = parser.parse_args()
    if args.real:
        results = real(Path(args.real))
        print(f"{len(results)} replayed hands from {args.real}")
    else:
        rng = random.Random(7)
        results = [synthetic(n, rng) for n in range(args.hands)]
        print(f"{len(results)} synthetic hands")
    started = time.perf_counter()
    hand_rows = [rows(r) for r in results]
    rows_s = time.perf_counter() - started
    count = len(hand_rows)
    batches = [hand_rows[i : i + FILE_HANDS] for i in range(0, count, FILE_HANDS)]
    with tempfile.TemporaryDirectory() as tmp:
        db_path = Path(tmp) / "bench.sqlite"
        store_s = store(db_path, batches)
        # The same hands under other file hashes: every hand a duplicate.
        again = [[*b] for b in batches]
        db = connect(db_path)
        writer = HandWriter(db.conn)
        started = time.perf_counter()
        for number, batch in enumerate(again):
            writer.write_file(FileMeta(f"again{number}.txt", f"{number + 1:063x}f", 1), batch)
        dup_s = time.perf_counter() - started
        db.close()
        size = db_path.stat().st_size
    print(f"rows():           {count / rows_s:9,.0f} hands/s")
    print(f"store (new):      {count / store_s:9,.0f} hands/s")
    print(f"rows + store:     {count / (rows_s + store_s):9,.0f} hands/s")
    print(f"store (dupl.):    {count / dup_s:9,.0f} hands/s")
    print(f"database:         {size / count:9,.0f} bytes/hand")


if __name__ == "__main__":
    main()
