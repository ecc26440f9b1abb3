"""Where the shared corpora live, for tests that read real hand histories in place.

They sit beside the checkout (``../shared/corpora``); a user's clone without them skips
those tests cleanly. ``POKERHH_CORPORA`` points elsewhere.
"""

from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CORPORA = Path(os.environ.get("POKERHH_CORPORA", REPO.parent / "shared" / "corpora"))


def corpus_files(name: str) -> list[Path]:
    """The hand-history files of one corpus, sorted, or [] when it is absent."""
    root = CORPORA / name
    if not root.is_dir():
        return []
    return sorted(p for p in root.rglob("*.txt") if p.name != "MANIFEST.md")
