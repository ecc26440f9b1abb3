"""A module imported on first use: what lets the importer's write path run without pandas.

``analytics.store.aggregates`` needs the statistics' SQL (``analytics.stats.players.STATS``,
``analytics.stats.queries.PLAYER_AGGREGATES``), and those modules need pandas only inside
the functions that build frames. pandas (with pyarrow, which it loads) is about 80 MB of a
process (issue 11: an import's whole process tree under 300 MB): a module that names it
through :class:`LazyModule` loads it when a frame is first built, never in an import.

Not an entry in ``sys.modules``: ``import pandas`` anywhere else is the ordinary import.
"""

from __future__ import annotations

import importlib
import types
from typing import Any


class LazyModule(types.ModuleType):
    """Stands for the module ``name``: imports it on the first attribute read.

    >>> json = LazyModule("json")
    >>> json.dumps([1])
    '[1]'
    """

    def __getattr__(self, attribute: str) -> Any:
        module = importlib.import_module(self.__name__)
        # Cached on the stand-in: later reads of the same name are a plain lookup.
        value = getattr(module, attribute)
        setattr(self, attribute, value)
        return value
