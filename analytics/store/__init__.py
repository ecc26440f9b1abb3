"""The SQLite database: its schema and migrations, the writer's transactions, the compressed
original text, and the sums kept at import. Every read of the raw tables goes through here
or through ``analytics.stats``, so a second backend (PostgreSQL) has one place to start."""
