"""The Dask import's rate on 1 and 2 workers against the SQLite import, same run, same files
(issue 11; docs/scale.md quotes it): the Pluribus corpus, cut into byte ranges, and the
Parquet size per hand.

    .venv/bin/python benchmarks/dask_import.py [--copies N]

``--copies`` imports the corpus N times under new names (the Dask import deduplicates
them; the hands are parsed and replayed every time, as on a cluster).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from analytics.ingest.importer import import_paths
from analytics.scale.dask_import import import_to_parquet

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "pluribus"


def main() -> None:
    from distributed import Client, LocalCluster

    parser = argparse.ArgumentParser()
    parser.add_argument("--copies", type=int, default=1)
    parser.add_argument("--chunk-bytes", type=int, default=1 << 20)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="pokerhh-dask-"))
    try:
        paths = []
        for copy in range(args.copies):
            folder = tmp / f"copy{copy}"
            shutil.copytree(CORPUS, folder)
            paths.append(folder)
        text = sum(p.stat().st_size for f in paths for p in f.glob("*.txt"))
        started = time.perf_counter()
        sqlite = import_paths(paths, tmp / "hands.db", jobs=1)
        seconds = time.perf_counter() - started
        print(f"hands: {sqlite.hands_seen:,} ({text / 1e6:.1f} MB of text)")
        print(f"sqlite import, 1 process:  {sqlite.hands_seen / seconds:7,.0f} hands/s")
        for workers in (1, 2):
            with (
                LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                             dashboard_address=None) as cluster,
                Client(cluster) as client,
            ):  # fmt: skip
                client.run(lambda: __import__("analytics.scale.tasks"))  # warm the imports
                started = time.perf_counter()
                done = import_to_parquet(paths, tmp / f"pq{workers}", client=client,
                                         chunk_bytes=args.chunk_bytes)  # fmt: skip
                seconds = time.perf_counter() - started
            hands = done.report.hands_seen
            stored = done.report.stored_total
            print(f"dask import, {workers} worker(s): {hands / seconds:7,.0f} hands/s"
                  f" ({done.partitions} partitions, {seconds:.1f} s)")  # fmt: skip
            per_table = ", ".join(f"{k} {v / stored:,.0f}" for k, v in done.bytes.items())
            print(f"  parquet: {done.total_bytes / stored:,.0f} bytes per hand stored"
                  f" ({per_table})")  # fmt: skip
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
