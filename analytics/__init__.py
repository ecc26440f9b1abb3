"""Storage and analysis: the SQLite schema, the importer, the export, and (later) queries.

The flow through this package: ``pipeline.process`` (parse + replay one hand, catching its
error) -> ``rows.rows`` (pure: a hand's rows, among them its statistics flags from
``flags``) -> ``store.HandWriter`` (one transaction per file) -> ``importer.import_paths``
(files, folders, zips -> ``ImportReport``);
``export.export_jsonl`` reads it back out, ``narrate.narrate`` tells one hand step by step.
"""
