"""``pokerhh import --engine dask``: the import on a Dask cluster, Parquet out.

The graph: one :func:`~analytics.scale.tasks.prepare_partition` task per partition
(a file, or a byte range of a big one), each returning its summary and its rows split into
``buckets`` hash buckets; one :func:`~analytics.scale.tasks.write_bucket` task per
bucket, which takes that bucket from every partition, deduplicates and writes one Parquet
file per dataset. Only summaries, counts and problems come back to the client.

The dataset is written beside ``out_dir`` under a temporary name and renamed into place
when every task has finished, so a failed or killed import leaves the previous dataset (or
nothing) and never half of one. A folder that is not a pokerhh dataset is never replaced.
Each import writes a whole dataset: import every file at once (it is the cluster's job).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import time
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from analytics.ingest.importer import ImportReport
from analytics.scale.partitions import CHUNK_BYTES, plan
from analytics.scale.schema import FILES_SCHEMA, TABLES
from analytics.scale.tasks import BucketResult, PartSummary, prepare_partition, write_bucket

#: The file that marks a folder as a pokerhh Parquet dataset (and says what it holds).
MARKER = "_pokerhh.json"
FORMAT_VERSION = 1


class NotADataset(ValueError):
    """``--parquet`` names a folder with other content: pokerhh will not replace it."""


@dataclass(slots=True)
class ParquetImport:
    """What a Dask import did: the SQLite import's report, and what was written."""

    report: ImportReport
    out_dir: Path
    partitions: int
    buckets: int
    workers: int
    #: Bytes written per dataset.
    bytes: dict[str, int] = field(default_factory=dict)

    @property
    def total_bytes(self) -> int:
        return sum(self.bytes.values())


def import_to_parquet(
    paths: Iterable[str | os.PathLike[str]],
    out_dir: str | os.PathLike[str],
    *,
    client: Any = None,
    scheduler: str | None = None,
    workers: int | None = None,
    chunk_bytes: int = CHUNK_BYTES,
    buckets: int | None = None,
) -> ParquetImport:
    """Import files, folders and zips into the Parquet dataset ``out_dir``.

    ``client`` (a ``distributed.Client``) runs the graph; else ``scheduler`` is the address
    of a running one; else a ``LocalCluster`` of ``workers`` processes (one per core) is
    started for this import. ``buckets`` (default: the number of workers, at least one)
    is the number of files per dataset.
    """
    started = time.perf_counter()
    out = Path(out_dir)
    _check_replaceable(out)
    work = plan(paths, chunk_bytes)
    with _client(client, scheduler, workers) as dask_client:
        count = len(dask_client.scheduler_info().get("workers", {})) or 1
        buckets = max(1, buckets or count)
        tmp = out.parent / f".{out.name}.pokerhh-{uuid.uuid4().hex[:8]}"
        try:
            for table in TABLES:
                (tmp / table.name).mkdir(parents=True)
            summaries, results = _run(dask_client, work.partitions, buckets, str(tmp))
            report = _report(work, summaries, results)
            _write_files(tmp, summaries)
            written = {t.name: sum(r.bytes[t.name] for r in results) for t in TABLES}
            report.seconds = time.perf_counter() - started
            _write_marker(tmp, report, written)
            _replace(tmp, out)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
    report.seconds = time.perf_counter() - started
    return ParquetImport(report, out, len(work.partitions), buckets, count, written)


@contextlib.contextmanager
def _client(client: Any, scheduler: str | None, workers: int | None) -> Any:
    if client is not None:
        yield client
        return
    from distributed import Client, LocalCluster

    if scheduler is not None:
        with Client(scheduler) as remote:
            yield remote
        return
    # Processes, one thread each: parsing and replaying hold the GIL.
    with (
        LocalCluster(
            n_workers=workers or os.cpu_count() or 1, threads_per_worker=1, processes=True,
            dashboard_address=None,
        ) as cluster,
        Client(cluster) as local,
    ):  # fmt: skip
        yield local


def _run(
    client: Any, partitions: list[Any], buckets: int, tmp: str
) -> tuple[list[PartSummary], list[BucketResult]]:
    from dask.delayed import delayed

    prepared = [
        delayed(prepare_partition, nout=buckets + 1, pure=False)(
            p, buckets, dask_key_name=f"pokerhh-prepare-{uuid.uuid4().hex[:6]}-{p.number}"
        )
        for p in partitions
    ]
    writers = [
        delayed(write_bucket, pure=False)(k, tmp, *(part[k + 1] for part in prepared))
        for k in range(buckets)
    ]
    summaries = [part[0] for part in prepared]
    futures = client.compute([*summaries, *writers])
    done = client.gather(futures)
    return list(done[: len(summaries)]), list(done[len(summaries) :])


def _report(work: Any, summaries: list[PartSummary], results: list[BucketResult]) -> ImportReport:
    report = ImportReport(files=work.files, files_ignored=work.ignored)
    report.files_refused.extend(work.refused)
    refused: dict[str, Any] = {}
    paths: dict[str, bool] = {}
    for summary in summaries:
        report.hands_seen += summary.hands
        report.summaries += summary.summary
        if summary.refused is not None:
            refused.setdefault(summary.path, summary.refused)
        paths.setdefault(summary.path, True)
    report.files_refused.extend(refused.values())
    report.files_imported = sum(1 for path in paths if path not in refused)
    copies = 0
    for result in results:
        copies += result.copies
        report.conflicts += result.conflicts
        report.stored.update(result.stored)
        report.problems.extend(result.problems)
    # As the SQLite import counts them: a conflicting copy is reported, not a duplicate.
    report.duplicates = copies - report.stored_total - report.conflicts
    for problem in report.problems:
        if problem.status == "invalid":
            report.invalid_by_kind[problem.kind] += 1
    report.problems.sort(key=lambda p: (p.file, p.line or 0))
    return report


def _write_files(tmp: Path, summaries: list[PartSummary]) -> None:
    """``files.parquet``: one row per file read (its hands summed over its ranges)."""
    files: dict[str, dict[str, Any]] = {}
    for s in summaries:
        if s.refused is not None:
            continue
        row = files.setdefault(s.path, {"path": s.path, "sha256": s.sha256, "size": s.size,
                                        "hands": 0})  # fmt: skip
        row["hands"] += s.hands
    table = pa.Table.from_pylist(list(files.values()), schema=FILES_SCHEMA)
    pq.write_table(table, tmp / "files.parquet")


def _write_marker(tmp: Path, report: ImportReport, written: dict[str, int]) -> None:
    marker = {
        "format": "pokerhh-parquet",
        "version": FORMAT_VERSION,
        "datasets": [t.name for t in TABLES],
        "hands": report.stored_total,
        "hands_ok": report.stored["ok"],
        "bytes": written,
    }
    (tmp / MARKER).write_text(json.dumps(marker, indent=2) + "\n", encoding="utf-8")


def _check_replaceable(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise NotADataset(f"{out}: not a folder")
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file():
        raise NotADataset(
            f"{out}: a folder that is not a pokerhh Parquet dataset (no {MARKER}):"
            " give an empty or new folder"
        )


def _replace(tmp: Path, out: Path) -> None:
    """Put the new dataset at ``out``; the old one (if any) is removed only after."""
    old = None
    if out.exists():
        old = out.parent / f".{out.name}.pokerhh-old-{uuid.uuid4().hex[:8]}"
        out.rename(old)
    tmp.rename(out)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
