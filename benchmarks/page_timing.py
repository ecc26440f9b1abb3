"""The timing frame of the dashboard benchmarks (``dashboard_100k.py``, ``dashboard_1m.py``):
a page is a function that runs its parts through ``part(name, work)``; each part is timed
on its own, the page twice (cold, then warm), and one table prints every part and each
page's total against the benchmark's limit.

Why one module: both benchmarks report the same way (parts in brackets are shown for
reference and not counted; a page may count only its slowest part, as the hand search,
where a visit runs one search), so their figures read alike in ``docs/scale.md``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

#: ``part(name, work)``: runs ``work``, records its time under ``name``, returns its result.
Part = Callable[[str, Callable[[], Any]], Any]
#: A page: its parts, given the timer and the benchmark's own arguments.
Page = Callable[..., None]


def quiet_streamlit() -> None:
    """Silence the "No runtime found" warning the page functions log on every call
    (``st.cache_data`` wrappers run without a Streamlit server: streamlit/streamlit#6620).
    Call it before importing ``dashboard.data``: Streamlit sets a logger's level when it
    makes the logger, so it is made here first and then lowered."""
    import logging

    from streamlit.logger import get_logger

    get_logger("streamlit.runtime.caching.cache_data_api").setLevel(logging.ERROR)


def timed(page: Page, *args: object) -> dict[str, float]:
    """Each part's time (seconds) in one run of ``page(part, *args)``, in the parts' order."""
    timings: dict[str, float] = {}

    def part(name: str, work: Callable[[], Any]) -> Any:
        start = time.perf_counter()
        out = work()
        timings[name] = time.perf_counter() - start
        return out

    page(part, *args)
    return timings


def counted(name: str) -> bool:
    """Whether a part counts in its page's total (a name in brackets is for reference)."""
    return not name.startswith("(")


@dataclass
class Report:
    """The rows of the closing table: each part, then its page's total, cold and warm."""

    limit: float
    rows: list[tuple[str, float, float]] = field(default_factory=list)

    def page(self, title: str, cold: dict[str, float], warm: dict[str, float], *,
             slowest: bool = False) -> tuple[float, float]:  # fmt: skip
        """Add a page's parts and its total (the sum of its counted parts, or the slowest
        one with ``slowest``); returns the total, cold and warm."""
        for name in cold:
            self.rows.append((f"  {name}", cold[name], warm[name]))
        names = [name for name in cold if counted(name)]
        if slowest:
            total = (max(cold[n] for n in names), max(warm[n] for n in names))
            self.rows.append((f"{title}, the slowest", *total))
        else:
            total = (sum(cold[n] for n in names), sum(warm[n] for n in names))
            self.rows.append((f"{title} page, in all", *total))
        return total

    def print(self, width: int = 52) -> None:
        """The table, in milliseconds; each page's warm total against the limit."""
        goal = f"{self.limit * 1000:.0f} ms"
        print(f"{'':{width}s} {'cold':>8s} {'warm':>8s}")
        for name, cold, warm in self.rows:
            verdict = ""
            if not name.startswith(" "):
                verdict = f"  under {goal}" if warm < self.limit else f"  OVER {goal}"
            print(f"{name:{width}s} {cold * 1000:6.0f}ms {warm * 1000:6.0f}ms{verdict}")
