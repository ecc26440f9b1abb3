"""The dashboard's entry file (``pokerhh dashboard`` runs it with ``streamlit run``).

A placeholder until the dashboard issue lands: a title and what the database holds. The
database path comes from ``$POKERHH_DB`` (the launcher sets it). A connection is opened
per rerun and closed at once: sqlite3 objects cannot cross Streamlit's session threads.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import streamlit as st


def counts(db_path: Path) -> dict[str, int]:
    """Stored hands by status, read-only (the dashboard never creates or changes the file)."""
    conn = sqlite3.connect(f"{db_path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        rows = conn.execute("SELECT status, count(*) FROM hands GROUP BY status").fetchall()
    finally:
        conn.close()
    return {status: count for status, count in rows}


st.set_page_config(page_title="pokerhh", layout="wide")
st.title("pokerhh")
db_path = Path(os.environ.get("POKERHH_DB", ""))
if not db_path.name or not db_path.is_file():
    st.warning("No database yet: run `pokerhh import PATH...` first.")
else:
    by_status = counts(db_path)
    st.metric("Hands stored", f"{sum(by_status.values()):,}")
    st.caption(" · ".join(f"{status}: {count:,}" for status, count in sorted(by_status.items())))
    st.text(f"Database: {db_path}")
    st.info("The statistics pages come with the dashboard issue.")
