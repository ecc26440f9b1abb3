"""The import: which files, cut how, and each hand through parse, replay and rows. Pure up
to ``rows``; ``importer`` hands the rows to ``analytics.store`` one file per transaction."""
