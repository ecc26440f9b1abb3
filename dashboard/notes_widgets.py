"""Notes on a player and tags on a hand, shown and edited on the Table, Player and Hands
pages (issue 26 item 3): one widget each, so the three pages behave alike.

Reads go through a read-only connection; writes open the database for writing
(:func:`analytics.store.db.open_writer`) for the one change, in a callback, so the rerun
that follows shows it. Notes and tags are the user's text, names the site's: shown with
``st.text`` and in text areas, never through Markdown.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pandas as pd
import streamlit as st

from analytics.store import notes as store
from analytics.store.db import open_writer
from dashboard import data

_MESSAGE = "notes_message"


def _write(path: str, change: str, *args: object) -> None:
    """Run ``store.<change>(conn, *args)`` on a writer; a refusal is shown on the rerun."""
    db, _ = open_writer(path)
    try:
        getattr(store, change)(db.conn, *args)
    except store.NoteError as error:
        st.session_state[_MESSAGE] = str(error)
    finally:
        db.close()


def _add(path: str, site: str, player: str, key: str) -> None:
    text = st.session_state.get(key, "")
    _write(path, "add_note", site, player, text)
    if _MESSAGE not in st.session_state:
        st.session_state[key] = ""


def _save(path: str, note_id: int, key: str) -> None:
    _write(path, "update_note", note_id, st.session_state.get(key, ""))


def refusal() -> None:
    """The last write's refusal (an empty note...), once."""
    message = st.session_state.pop(_MESSAGE, None)
    if message:
        st.warning(message)


def player_notes(path: Path, site: str, player: str, key: str) -> None:
    """The player's notes, each editable and deletable, and a box to add one."""
    refusal()
    with data.read_only(path) as conn:
        notes = store.notes_for(conn, [(site, player)]).get((site, player), [])
    for note in notes:
        box = f"{key}_note_{note.id}"
        st.text_area(f"Note of {note.created_at[:10]}", value=note.text, key=box,
                     max_chars=store.MAX_NOTE, height=68)  # fmt: skip
        left, right = st.columns(2)
        left.button("Save", key=f"{box}_save", on_click=_save, args=(str(path), note.id, box))
        right.button("Delete", key=f"{box}_delete", on_click=_write,
                     args=(str(path), "delete_note", note.id))  # fmt: skip
    new = f"{key}_new"
    st.text_area("New note", key=new, max_chars=store.MAX_NOTE, height=68,
                 placeholder="what you noticed about this player")  # fmt: skip
    st.button("Add the note", key=f"{new}_add", on_click=_add, args=(str(path), site, player, new))


def notes_box(path: Path, rooms: Sequence[str], player: str) -> None:
    """The player's notes in an expander ("Notes (2)"), open when he has some; ``rooms``:
    the room chosen (the Player page's), none when the player has no hands."""
    if not rooms:
        return
    site = rooms[0]
    with data.read_only(path) as conn:
        count = len(store.notes_for(conn, [(site, player)]).get((site, player), []))
    with st.expander(f"Notes ({count})", expanded=bool(count), icon=":material/sticky_note_2:"):
        player_notes(path, site, player, key=f"notes_{site}")


def tags_column(path: Path, hands: pd.DataFrame) -> pd.DataFrame:
    """The Hands page's table with a ``Tags`` column (its hands' tags) and, when the
    "Tagged" box holds text, only the hands with a tag holding it (among those listed)."""
    if hands.empty or "key" not in hands.columns:
        return hands
    keys = [tuple(str(key).split(":", 1)) for key in hands["key"]]
    with data.read_only(path) as conn:
        tags = store.tags_of_hands(conn, [(k[0], k[-1]) for k in keys])
    hands = hands.assign(Tags=[", ".join(tags.get((k[0], k[-1]), [])) for k in keys])
    wanted = st.text_input("Tagged", key="hands_tagged", placeholder="a tag, or part of one",
                           help="Among the hands listed; `pokerhh notes tagged TAG` lists"
                           " every hand with a tag")  # fmt: skip
    if wanted.strip():
        needle = " ".join(wanted.split()).casefold()
        hands = hands[[needle in tag for tag in hands["Tags"]]]
    return hands


def _retag(path: str, site: str, hand_id: str, before: list[str], key: str) -> None:
    chosen = {str(tag) for tag in st.session_state.get(key, [])}
    db, _ = open_writer(path)
    try:
        for tag in sorted(chosen - set(before)):
            store.tag_hand(db.conn, site, hand_id, tag)
        for tag in sorted(set(before) - chosen):
            store.untag_hand(db.conn, site, hand_id, tag)
    except store.NoteError as error:
        st.session_state[_MESSAGE] = str(error)
    finally:
        db.close()


def hand_tags(path: Path, site: str, hand_id: str, key: str) -> None:
    """The hand's tags as a multiselect: pick a tag used before or type a new one; take
    one off with its cross."""
    refusal()
    with data.read_only(path) as conn:
        current = store.tags_for(conn, site, hand_id)
        used = [tag for tag, _ in store.tags_used(conn)]
    box = f"{key}_{site}_{hand_id}"
    st.multiselect(
        "Tags", sorted(set(used) | set(current)), default=current, key=box,
        accept_new_options=True, placeholder="type a tag (bluff, review...)",
        on_change=_retag, args=(str(path), site, hand_id, current, box),
    )  # fmt: skip


def notes_search(path: Path, key: str) -> None:
    """A search box over the notes (text and players' names) and the tags."""
    text = st.text_input("Search notes and tags", key=key, placeholder="a word of a note,"
                         " a player's name, a tag")  # fmt: skip
    if not text.strip():
        return
    with data.read_only(path) as conn:
        found = store.search_notes(conn, text)
        tagged = store.hands_tagged(conn, text, partial=True)
    if found:
        st.dataframe(
            [{"room": n.site, "player": n.player, "note": n.text, "updated": n.updated_at}
             for n in found],
            hide_index=True, width="stretch",
        )  # fmt: skip
    if tagged:
        st.dataframe(
            [{"room": t.site, "hand": t.hand_id, "tag": t.tag, "started": t.started_at,
              "table": t.table_name} for t in tagged],
            hide_index=True, width="stretch",
        )  # fmt: skip
    if not found and not tagged:
        st.text("No note or tag holds this text.")
