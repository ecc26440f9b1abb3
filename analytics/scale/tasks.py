"""What runs on a Dask worker: a partition through the importer's own pipeline into
Arrow tables (:func:`prepare_partition`), and one hash bucket of every partition's rows
deduplicated and written as Parquet (:func:`write_bucket`).

The pipeline is the SQLite import's, unchanged: :func:`analytics.ingest.prepare.prepare_file`
(decode, split, parse, replay, rows), so the Parquet holds the same rows the database
would. Only the keys differ (``analytics.scale.schema``).

Why hash buckets: a hand seen twice (two copies of a file, a hand cut short at the end of
one file and whole in the next) may be in any two partitions. Each partition sends every
hand's rows to the bucket ``crc32(site, hand_id) mod buckets``, so all copies of a hand
meet in one task, which keeps the copy the SQLite import would: the first ``ok`` one in
import order, else the first. ``crc32`` and not ``hash()``: Python salts ``hash`` per
process, and the workers must agree.
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from analytics.ingest.importer import HandProblem
from analytics.ingest.pipeline import Stages
from analytics.ingest.prepare import PreparedFile, lines_from, prepare_file
from analytics.ingest.rows import HandRows
from analytics.ingest.sources import Refused
from analytics.scale.partitions import Partition
from analytics.scale.schema import ACTIONS, ALL_IN, HANDS, ORDER, PLAYERS, POTS, STATS, TABLES
from analytics.store.writer import CONFLICT, conflict_message, same_hand_text, text_digest

#: Parquet's compression: zstd is both smaller and faster to read than snappy here.
COMPRESSION = "zstd"
_SEAT = 0  # the seat is the first column of hand_players and player_hand_stats rows

Bucket = dict[str, pa.Table]


@dataclass(frozen=True, slots=True)
class PartSummary:
    """What the client needs of a partition (small: it travels back to the client)."""

    number: int
    path: str
    size: int
    hands: int = 0
    sha256: str | None = None
    refused: Refused | None = None
    #: A tournament summary file: not a hand history, nothing written to Parquet.
    summary: bool = False


@dataclass(slots=True)
class BucketResult:
    """What one bucket wrote."""

    copies: int = 0
    #: Copies of a stored hand's id with another text (reported, not duplicates).
    conflicts: int = 0
    stored: Counter[str] = field(default_factory=Counter)
    problems: list[HandProblem] = field(default_factory=list)
    bytes: Counter[str] = field(default_factory=Counter)


def bucket_of(site: str, hand_id: str, buckets: int) -> int:
    """The bucket of a hand, the same in every process.

    >>> bucket_of("PokerStars", "231", 1), bucket_of("PokerStars", "231", 7)
    (0, 3)
    """
    return zlib.crc32(f"{site}\x1f{hand_id}".encode("utf-8", "surrogatepass")) % buckets


def prepare_partition(partition: Partition, buckets: int) -> tuple[object, ...]:
    """``(PartSummary, bucket 0, ..., bucket n-1)``: the partition's rows as Arrow tables,
    split by bucket (``dask.delayed(..., nout=buckets + 1)`` hands each bucket to its
    writer alone)."""
    empty: list[Bucket] = [_empty() for _ in range(buckets)]
    try:
        data = partition.read()
    except OSError as error:
        refused = Refused(partition.path, "unreadable", str(error))
        return (PartSummary(partition.number, partition.path, partition.size, refused=refused),
                *empty)  # fmt: skip
    prepared = prepare_file(partition.path, data, _stages(partition.lines_before), actions=True)
    sha256 = None
    if isinstance(prepared, Refused):
        summary = PartSummary(partition.number, partition.path, partition.size, refused=prepared)
        return (summary, *empty)
    if partition.whole:
        sha256 = prepared.sha256
    if prepared.summary is not None:
        summary = PartSummary(partition.number, partition.path, partition.size, 0, sha256,
                              summary=True)  # fmt: skip
        return (summary, *empty)
    summary = PartSummary(
        partition.number, partition.path, partition.size, len(prepared.rows), sha256
    )
    return (summary, *_buckets(partition.number, prepared, buckets))


def _stages(lines_before: int) -> Stages:
    """The importer's stages, lines moved for a range past a file's start."""
    return lines_from(Stages.default(), lines_before)


def _empty() -> Bucket:
    return {t.name: t.schema(order=True).empty_table() for t in TABLES}


def _buckets(number: int, prepared: PreparedFile, buckets: int) -> list[Bucket]:
    rows: list[dict[str, list[tuple[object, ...]]]] = [
        {t.name: [] for t in TABLES} for _ in range(buckets)
    ]
    for pos, hand in enumerate(prepared.rows):
        out = rows[bucket_of(hand.site, hand.hand_id, buckets)]
        _add(out, number, pos, prepared.path, hand)
    return [{t.name: _table(t.name, got[t.name]) for t in TABLES} for got in rows]


def _add(
    out: dict[str, list[tuple[object, ...]]], part: int, pos: int, path: str, hand: HandRows
) -> None:
    key = (part, pos, hand.site, hand.hand_id)
    out[HANDS.name].append((part, pos, path, *hand.hand))
    out[PLAYERS.name].extend((*key, *row) for row in hand.players)
    out[ACTIONS.name].extend((*key, *row) for row in hand.actions)
    out[POTS.name].extend((*key, *row) for row in hand.pots)
    names = {row[_SEAT]: row[1] for row in hand.players}
    out[STATS.name].extend((*key, names[row[_SEAT]], *row) for row in hand.stats)
    out[ALL_IN.name].extend((*key, *row) for row in hand.all_in)


_BY_NAME = {t.name: t for t in TABLES}


def _table(name: str, rows: list[tuple[object, ...]]) -> pa.Table:
    schema = _BY_NAME[name].schema(order=True)
    if not rows:
        return schema.empty_table()
    columns = list(zip(*rows, strict=True))
    arrays = [pa.array(column, type=f.type) for column, f in zip(columns, schema, strict=True)]
    return pa.Table.from_arrays(arrays, schema=schema)


def write_bucket(number: int, out_dir: str, *pieces: Bucket) -> BucketResult:
    """Deduplicate one bucket's hands over every partition and write its Parquet files
    (one per dataset, ``<dataset>/part-<number>.parquet``), rows in import order."""
    result = BucketResult()
    tables = {t.name: pa.concat_tables([p[t.name] for p in pieces]) if pieces
              else t.schema(order=True).empty_table() for t in TABLES}  # fmt: skip
    hands = tables[HANDS.name]
    result.copies = hands.num_rows
    for problem in _conflicts(hands):
        result.conflicts += 1
        result.problems.append(problem)
    keep = _winners(hands)
    hands = hands.take(keep)
    kept = _order_keys(hands)
    for table in TABLES:
        found = hands if table is HANDS else tables[table.name]
        if table is not HANDS and found.num_rows:
            found = found.filter(pc.is_in(_order_keys(found), value_set=kept))
        path = Path(out_dir) / table.name / f"part-{number:05d}.parquet"
        pq.write_table(found.drop_columns(list(ORDER)), path, compression=COMPRESSION)
        result.bytes[table.name] += path.stat().st_size
    result.stored.update(hands.column("status").to_pylist())
    result.problems.extend(_problems(hands))
    return result


def _order_keys(table: pa.Table) -> pa.Array:
    """``part * 2**32 + pos``: one number per copy of a hand."""
    part = pc.multiply(table.column("part"), pa.scalar(1 << 32, pa.int64()))
    return pc.add(part, table.column("pos")).combine_chunks()


def _winners(hands: pa.Table) -> pa.Array:
    """The rows of the copies kept, in import order: per ``(site, hand_id)`` the first ok
    copy, else the first (the SQLite import keeps the first and lets an ok copy replace a
    quarantined one)."""
    if hands.num_rows == 0:
        return pa.array([], pa.int64())
    frame = hands.select(["site", "hand_id", "status", "part", "pos"]).to_pandas()
    frame["quarantined"] = frame["status"] != "ok"
    frame = frame.sort_values(["site", "hand_id", "quarantined", "part", "pos"], kind="stable")
    first = frame.drop_duplicates(["site", "hand_id"], keep="first")
    first = first.sort_values(["part", "pos"], kind="stable")
    return pa.array(first.index.to_numpy(), pa.int64())


def _conflicts(hands: pa.Table) -> Iterator[HandProblem]:
    """The conflicting copies the SQLite import reports, found as it finds them: the copies
    of one id in import order against the one stored so far (the first; a quarantined one
    gives way to an ok one, its text kept apart unreported), each other text once."""
    if hands.num_rows < 2:
        return
    keys = hands.select(["site", "hand_id"]).to_pylist()
    counts = Counter((k["site"], k["hand_id"]) for k in keys)
    repeated = [i for i, k in enumerate(keys) if counts[(k["site"], k["hand_id"])] > 1]
    if not repeated:
        return
    columns = ["part", "pos", "file", "site", "hand_id", "status", "first_line", "raw"]
    rows = hands.take(pa.array(repeated, pa.int64())).select(columns).to_pylist()
    rows.sort(key=lambda r: (r["part"], r["pos"]))
    stored: dict[tuple[str, str], dict[str, object]] = {}
    kept: dict[tuple[str, str], set[str]] = {}
    for row in rows:
        key = (row["site"], row["hand_id"])
        first = stored.get(key)
        if first is None:
            stored[key] = row
            continue
        same = same_hand_text(str(row["raw"] or ""), str(first["raw"] or ""))
        if row["status"] == "ok" and first["status"] != "ok":
            if not same:
                kept.setdefault(key, set()).add(text_digest(str(first["raw"] or "")))
            stored[key] = row
            continue
        if same:
            continue
        digest = text_digest(str(row["raw"] or ""))
        if digest in kept.setdefault(key, set()):
            continue
        kept[key].add(digest)
        yield HandProblem(
            file=row["file"], line=row["first_line"], site=row["site"], hand_id=row["hand_id"],
            status="conflict", kind=CONFLICT, rule=None,
            message=conflict_message(str(first["file"]), int(str(first["first_line"]))),
        )  # fmt: skip


def _problems(hands: pa.Table) -> Iterator[HandProblem]:
    quarantined = hands.filter(pc.not_equal(hands.column("status"), "ok"))
    for row in quarantined.select(
        ["file", "problem_line", "site", "hand_id", "status", "problem_kind", "problem_rule",
         "problem_message"]
    ).to_pylist():  # fmt: skip
        yield HandProblem(
            file=row["file"], line=row["problem_line"], site=row["site"],
            hand_id=row["hand_id"], status=row["status"], kind=row["problem_kind"],
            rule=row["problem_rule"], message=row["problem_message"],
        )  # fmt: skip
