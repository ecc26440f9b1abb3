"""Recording a live hand action by action (issue 8): the table, the recorder, saving.

- :mod:`analytics.recording.table`: the game, stakes, seats and button (``TableSetup``).
- :mod:`analytics.recording.recorder`: ``Recorder``, which offers at each step what the
  engine allows and refuses the rest with the engine's rule id; ``finish`` gives the hand
  as live PHH text (docs/live.md) and its replay.
- :mod:`analytics.recording.save`: the PHH file under the database's folder, imported
  through the normal importer.
- :mod:`analytics.recording.shorthand`: the text shorthand of ``pokerhh record``.
"""
