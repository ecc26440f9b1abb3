"""Hands: search the stored hands and open one in the replay viewer.

Rows of several rooms and currencies share the table: each pot and the hero's net are
written in their hand's own money ("€0.73", "1,500 chips"; issue 23 item 14), the pot in
big blinds beside them is the column to sort by.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd
import streamlit as st

from analytics.output.format import Money
from analytics.stats import queries
from dashboard import common, data, leak_link, notes_widgets, replayer_view, where_box

if TYPE_CHECKING:  # streamlit exports the column settings' type only from here
    from streamlit.elements.lib.column_types import ColumnConfig

st.title("Hands")
path, stamp, counts = common.database()
if not sum(counts.values()):
    common.offer_samples(path)
    st.stop()

hero = common.hero()
with st.container(border=True):
    c1, c2, c3 = st.columns([2, 1, 2])
    player = c1.text_input("Player name contains", key="hands_player")
    min_pot = c2.number_input("Pot at least (bb)", min_value=0.0, value=0.0, step=10.0,
                              key="hands_min_pot")  # fmt: skip
    statuses = c3.multiselect(
        "Status", queries.STATUSES, default=["ok"], key="hands_status",
        help="Quarantined hands (not ok) cannot be replayed; the viewer shows their text",
    )  # fmt: skip
    c4, c5, c6 = st.columns([1, 1, 2])
    showdown = c4.checkbox("Went to showdown", key="hands_showdown")
    all_in = c5.checkbox("Someone all-in", key="hands_all_in")
    limit = c6.select_slider("Show at most", [100, 1000, 5000, 20000], value=1000,
                             key="hands_limit")  # fmt: skip
    # issue 25 item 2: a hand query (docs/query.md), its error shown under the box
    where = where_box.applied(str(path), stamp, common.filters(), hero, "hands_where",
                              "the sidebar's hero")  # fmt: skip

search = queries.HandSearch(
    player=player,
    min_pot_bb=float(min_pot),
    showdown_only=showdown,
    all_in_only=all_in,
    statuses=tuple(statuses),
    limit=int(limit),
)
search = leak_link.narrowed(search)  # a leak's hands, sent by the Leaks page (issue 25)
hands = data.hands_table(str(path), stamp, where, search, hero)
hands = notes_widgets.tags_column(path, hands)  # issue 26: tags, and a filter by tag
st.caption(f"{len(hands):,} hands" + (" (the limit)" if len(hands) >= limit else "")
           + ". Select a row to open it in the replay viewer.")  # fmt: skip


def _in_money(amounts: pd.Series, signed: bool = False) -> list[str]:
    """Each row's amount (major units) as its currency writes it; "" for none."""
    out = []
    for value, currency, unit in zip(amounts, hands["currency"], hands["unit"], strict=True):
        if value is None or value != value:  # NaN: no hero in the hand
            out.append("")
            continue
        money = Money(currency, int(unit), grouped=True)
        text = (money.signed if signed else money)(round(value * money.unit))
        out.append(f"{text} chips" if money.chips else text)
    return out


hands = hands.assign(pot=_in_money(hands["pot"]), hero_net=_in_money(hands["hero_net"], True))
hands = hands.drop(columns=["currency", "unit"])
columns: dict[str, ColumnConfig | str] = {
    "key": st.column_config.TextColumn("Hand"),
    "started_at": "Started (UTC)",
    "game": "Game",
    "stakes": "Stakes",
    "table": "Table",
    "players": st.column_config.NumberColumn("Players", format="%d"),
    "pot": st.column_config.TextColumn("Pot", help="In the hand's money; sort by Pot (bb)"),
    "pot_bb": st.column_config.NumberColumn("Pot (bb)", format="%.1f"),
    "board": "Board",
    "status": "Status",
    "problem": "Problem",
    "hero_position": "Hero pos.",
    "hero_cards": "Hero cards",
    "hero_net": st.column_config.TextColumn("Hero net", help="In the hand's money"),
}
if hero is None:
    hands = hands.drop(columns=["hero_position", "hero_cards", "hero_net"])
event = st.dataframe(
    hands,
    hide_index=True,
    width="stretch",
    column_config=columns,
    on_select="rerun",
    selection_mode="single-row",
    key="hands_table",
    placeholder="–",
)
rows = event.selection.rows if event is not None else []
if rows and rows[0] < len(hands):
    site, _, hand_id = hands.iloc[rows[0]]["key"].partition(":")
    if st.button("Open the selected hand in the replay viewer", type="primary", key="open_hand"):
        common.open_hand(site, hand_id)
    notes_widgets.hand_tags(path, site, hand_id, key="hands_tags")
    # The preview: the replay viewer's own component, stepped in the browser (issue 26).
    preview = replayer_view.replayer(str(path), stamp, site, hand_id, hero, False)
    if isinstance(preview, str):
        st.info(preview)
    else:
        replayer_view.show(preview, compact=True, key="hand_preview")
