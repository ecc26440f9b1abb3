"""The query box of the Hands and Player pages (issue 25 item 2, ``docs/query.md``).

One text box: a query typed there narrows the page's filters to the hands it selects
(``Filters.hands_sql``), as ``pokerhh hands --where`` does; a query that cannot be read is
shown under the box with a caret under its column, and the page shows its hands unfiltered
meanwhile. The query's text is the user's: shown with ``st.code``, never as Markdown.
"""

from __future__ import annotations

from dataclasses import replace

import streamlit as st

from analytics.query.compile import QueryError, compile_query, hero_ids
from analytics.stats import queries
from dashboard.data import Stamp, read_only

EXAMPLE = (
    "pot is 3bet and hero called preflop and hero is oop and turn: villain bets and hero calls"
)
HELP = (
    "Hands where this holds, e.g. `pot is 3bet and hero is oop and turn: villain bets "
    "and hero calls`. 'hero' is {who}, 'villain' any other player. The words: "
    "docs/query.md."
)


@st.cache_data(show_spinner=False, max_entries=64)
def compiled(
    path: str, stamp: Stamp, text: str, hero: str | None
) -> tuple[str, tuple[object, ...]]:
    """The query's SQL and parameters (cached: a rerun compiles nothing); raises
    :class:`QueryError`."""
    with read_only(path) as conn:
        found = compile_query(text, hero_ids(conn, hero))
    return found.sql, found.params


def applied(
    path: str, stamp: Stamp, filters: queries.Filters, hero: str | None, key: str, who: str
) -> queries.Filters:
    """Draw the box; ``filters`` narrowed to the hands its query selects (unchanged when
    it is empty or cannot be read). ``who``: whom "hero" names on this page."""
    text = st.text_input("Where", key=key, placeholder=EXAMPLE, help=HELP.format(who=who))
    if not text.strip():
        return filters
    try:
        sql, params = compiled(path, stamp, text, hero)
    except QueryError as error:
        st.error("The query cannot be read (not applied):", icon=":material/error:")
        st.code(error.located(), language=None)
        return filters
    return replace(filters, hands_sql=sql, hands_params=params)
