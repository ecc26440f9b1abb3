"""The tables a page draws as HTML (``dashboard/frame_html.py``), read back into frames.

Tests read each cell's raw value (``data-value``) under its column's name (``data-column``),
never the formatted text, so a figure is compared as the page computed it.
"""

from __future__ import annotations

from html.parser import HTMLParser

import pandas as pd
from streamlit.testing.v1 import AppTest


def _value(raw: str) -> object:
    if raw == "":
        return None
    for kind in (int, float):
        try:
            return kind(raw)
        except ValueError:
            pass
    return raw


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[dict[str, object]]] = {}
        self._name: str | None = None
        self._row: dict[str, object] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "div" and found.get("data-table"):
            self._name = found["data-table"] or ""
            self.tables[self._name] = []
        elif tag == "tr" and self._name is not None:
            self._row = {}
        elif tag == "td" and self._row is not None and "data-column" in found:
            self._row[found["data-column"] or ""] = _value(found.get("data-value") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "tr" and self._row and self._name is not None:
            self.tables[self._name].append(self._row)
            self._row = None
        elif tag == "table":
            self._name = None


def read_tables(html: str) -> dict[str, pd.DataFrame]:
    """Every table of ``html`` by its name (``data-table``)."""
    reader = _Reader()
    reader.feed(html)
    return {name: pd.DataFrame(rows) for name, rows in reader.tables.items()}


def page_tables(app: AppTest) -> dict[str, pd.DataFrame]:
    """Every HTML table of the page ``app`` shows, by its name."""
    found: dict[str, pd.DataFrame] = {}
    for element in app.get("html"):
        found.update(read_tables(element.proto.body))
    return found
