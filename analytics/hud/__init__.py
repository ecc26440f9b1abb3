"""The table as it is now (issue 26 item 3): the tables the hero is playing, their seats,
and what the database knows of each opponent (``docs/hud.md``)."""
