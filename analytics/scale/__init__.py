"""Beyond one machine (issue 11): the import on Dask, writing Parquet with natural keys, and
the statistics read back from that Parquet with DuckDB.

Optional: it needs the ``scale`` extra (``pip install pokerhh[scale]``: dask, distributed,
pyarrow, duckdb). Nothing here is imported by the rest of pokerhh unless asked for, and
nothing here imports ``dashboard`` (or streamlit, altair): a Dask worker needs only
``parser``, ``replayer``, ``analytics`` and these four libraries. ``docs/scale.md``
describes the datasets, the rates measured and the arithmetic for a cluster.
"""
