"""Import: upload hand histories (files or zips) and see what was stored or quarantined."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import streamlit as st

from analytics.ingest.client_folders import default_folders
from analytics.ingest.growing import QUIET_SECONDS
from analytics.ingest.importer import ImportProgress, summary_lines
from dashboard import common, data, watching
from dashboard.upload import (
    LIMITS,
    MAX_UPLOAD_MB,
    SUFFIXES,
    Upload,
    UploadResult,
    import_uploads,
    room_names,
    shown_path,
    suffix_list,
)


def _watch_section(path: Path) -> None:
    """The toggle that imports hands as the poker clients write them (``pokerhh watch``)."""
    st.subheader("Watch the poker clients' folders")
    found = [str(r.path) for r in default_folders() if r.exists and r.path]
    text = st.text_area(
        "Folders to watch, one per line (with everything under them)",
        value="\n".join(found),
        key="watch_folders",
        help="The clients' default folders found on this machine are filled in; "
        "`pokerhh watch --list-defaults` lists where each client writes.",
    )
    poll = st.checkbox(
        "Look for changes every 5 seconds (network drives send no file events)",
        key="watch_poll",
    )
    running = watching.current(str(path))
    on = st.toggle(
        "Import new hands as they are written",
        value=running is not None and running.running,
        key="watching",
    )
    folders = tuple(dict.fromkeys(f.strip() for f in text.splitlines() if f.strip()))
    if not on:
        watching.stop(str(path))
        st.caption(
            "When on, every hand history under these folders is imported, then every hand "
            "as it is appended (a file's last hand once the file has been quiet for "
            f"{QUIET_SECONDS:g} s); a restart goes on where it stopped."
        )
        return
    missing = [f for f in folders if not Path(f).is_dir()]
    if not folders or missing:
        st.error("Give folders that exist on this machine; these do not:")
        st.text("\n".join(missing) or "(no folder given)")
        return
    watching.start(str(path), folders, 5.0 if poll else None)
    _watch_status(str(path))


@st.fragment(run_every="5s")
def _watch_status(db: str) -> None:
    running = watching.current(db)
    if running is None:
        return
    if running.error is not None:
        st.error("The watcher stopped on an error:")
        st.text(running.error)
        return
    st.caption(f"Watching {len(running.folders)} folder(s).")
    if running.recent:
        st.dataframe(
            pd.DataFrame(
                [
                    (shown_path(r.path), sum(r.stored.values()), r.stored.get("ok", 0),
                     r.duplicates, "; ".join(r.problems))
                    for r in reversed(running.recent)
                ],
                columns=["file", "stored", "ok", "already stored", "problems"],
            ),
            hide_index=True,
            width="stretch",
        )  # fmt: skip


st.title("Import")
path, stamp, counts = common.database()
if not sum(counts.values()):
    common.offer_samples(path)

uploads = st.file_uploader(
    f"Hand histories of every room `pokerhh import` reads: {suffix_list()} files",
    type=[suffix.lstrip(".") for suffix in SUFFIXES],
    accept_multiple_files=True,
    max_upload_size=MAX_UPLOAD_MB,
    key="uploads",
    help=f"Up to {MAX_UPLOAD_MB} MB in all. Hands already stored are skipped.",
)
st.caption(
    "Each file is read as `pokerhh import` reads it: its room is recognised from its "
    f"text ({', '.join(room_names())}), tournament summaries are kept with their "
    "tournaments, a hand that fails to parse or replay is stored quarantined with its "
    "reason, and a file with no hand history in it is refused with nothing stored; so "
    "are zip members whose names leave the archive (`../x.txt`) and zip bombs. "
    f"An upload may hold {MAX_UPLOAD_MB} MB, {LIMITS.files:,} files once its zips are "
    f"opened, {LIMITS.inflated_bytes // 2**20:,} MB of text, and "
    f"{LIMITS.cpu_seconds // 60} minutes of one core to import it; for more, use "
    "`pokerhh import` on the command line."
)
if uploads and st.button(f"Import {len(uploads)} file(s)", type="primary", key="run_import"):
    bar = st.progress(0.0, text="Starting the import…")

    def progress(p: ImportProgress) -> None:
        share = p.bytes_done / p.bytes_total if p.bytes_total else 1.0
        bar.progress(min(share, 1.0), text=f"{p.files_done}/{p.files_total} files · "
                     f"{p.hands_seen:,} hands")  # fmt: skip

    files = [Upload(u.name, u.getvalue()) for u in uploads]
    # In a worker process (issue 23): this session's thread only waits and draws the bar.
    st.session_state["last_import"] = import_uploads(files, path, progress=progress)
    bar.progress(1.0, text="Done")
    st.rerun()

_watch_section(path)

result: UploadResult | None = st.session_state.get("last_import")
if result is not None:
    st.subheader("Last import")
    report = result.report
    stopped = result.stopped
    if stopped is not None:
        st.error(f"The import was not done: {stopped.message}.")
    c1, c2, c3, c4, c5 = st.columns(5)
    c1.metric("Files", f"{report.files if report else 0:,}")
    c2.metric("Hands stored", f"{result.stored:,}")
    c3.metric("Duplicates", f"{report.duplicates if report else 0:,}")
    c4.metric("Quarantined", f"{len(report.problems) if report else 0:,}")
    c5.metric("Files refused", f"{len([r for r in result.refused if r is not stopped]):,}")
    if report is not None:
        by_reason = {f"{k}": n for k, n in report.stored.items() if k != "ok"}
        by_reason.update({f"invalid: {k}": n for k, n in report.invalid_by_kind.items()})
        if by_reason:
            st.dataframe(
                pd.DataFrame(sorted(by_reason.items()), columns=["quarantined as", "hands"]),
                hide_index=True,
            )
    files_refused = [r for r in result.refused if r is not stopped]
    if files_refused:
        st.error("Some files were not imported (nothing of them is stored):")
        st.dataframe(
            pd.DataFrame(
                [(shown_path(r.path), r.kind, r.message) for r in files_refused],
                columns=["file", "reason", "detail"],
            ),
            hide_index=True,
            width="stretch",
        )
    if report is not None:
        with st.expander("The summary `pokerhh import` prints"):
            st.code("\n".join(summary_lines(report)), language=None)
    if report is not None and report.problems:
        st.dataframe(
            pd.DataFrame(
                [
                    (shown_path(p.file), p.line, p.hand_id, p.status, p.kind, p.rule, p.message)
                    for p in report.problems
                ],
                columns=["file", "line", "hand", "status", "kind", "rule", "reason"],
            ),
            hide_index=True,
            width="stretch",
        )

st.subheader("Quarantined hands")
table = data.quarantined(str(path), stamp) if sum(counts.values()) else pd.DataFrame()
if table.empty:
    st.caption("None.")
else:
    table = table.assign(file=table["file"].map(shown_path))
    event = st.dataframe(
        table,
        hide_index=True,
        width="stretch",
        on_select="rerun",
        selection_mode="single-row",
        key="quarantine_table",
    )
    rows = event.selection.rows if event is not None else []
    chosen = table.iloc[rows[0]] if rows and rows[0] < len(table) else table.iloc[0]
    # Drawn only when opened (a rerun): Chromium's code block took 0.27 s of every visit,
    # about a third of the page's (issue 26 item 4).
    original = st.expander("Original text of the selected hand (the first one if none is "
                           "selected)", key="quarantine_text", on_change="rerun")  # fmt: skip
    stored = (data.stored_hand(str(path), stamp, chosen["site"], chosen["hand_id"])
              if original.open else None)  # fmt: skip
    if stored is not None:
        original.text(f"{shown_path(stored.path)}, from line {stored.first_line}")
        original.code(stored.raw, language=None)
