"""Storage and analysis of replayed hands, grouped by concern:

- ``ingest``: what to import and how one hand goes through: ``sources`` (files, folders,
  zips), ``ranges`` (a big file cut at hand boundaries), ``pipeline.process`` (parse + replay
  one hand, catching its error), ``rows.rows`` (pure: a hand's database rows),
  ``prepare`` (a worker's whole file or range), ``importer.import_paths`` (the import and
  its ``ImportReport``), ``watch`` (files the poker clients are still writing).
- ``store``: the SQLite database: ``db`` (connections), ``migrations`` (the schema),
  ``writer.HandWriter`` (one transaction per file), ``rawtext`` (the compressed original
  text), ``seat_layout``, ``aggregates`` (sums kept at import), ``actions``, ``lookup``,
  ``delete``.
- ``stats``: per-hand flags (``flags``, ``flag_fields``) and the figures read from them:
  ``players`` (VPIP, PFR ... bb/100), ``queries`` and ``player_queries`` (the dashboard's
  reads), ``explain``, ``report``.
- ``equity``: exact pot equity (``exact``, ``tables``, ``data``) and all-in EV.
- ``output``: for people and other tools: ``format``, ``narrate``, ``export`` (JSON
  Lines), ``export_phh``, ``text_safety``.
- ``tournaments``, ``recording`` (live hands typed in), ``scale`` (Dask and Parquet).
"""

from parser import native

native.choose(__path__)  # the compiled modules, or their sources (parser.native)
