"""The dashboard behind its password gate (issue 23 item 4): what ``pokerhh dashboard``
runs (``streamlit run dashboard/served.py``) when a password is set.

``streamlit run`` finds the ``st.App`` below and serves it with uvicorn; the app is
``dashboard/app.py`` as always, wrapped in :class:`dashboard.access.PasswordGate` so that
no Streamlit route (upload, metrics, websocket, media, the page itself) answers a client
before the password.

uvicorn imports this file as the top-level module ``served`` (``streamlit run`` puts
``dashboard/`` on ``sys.path``); imported any other way (pytest's doctest collection) it
builds nothing, since an ``st.App`` sets process-wide Streamlit state.
"""

from __future__ import annotations

import os
from pathlib import Path

import streamlit as st
from starlette.middleware import Middleware

from dashboard.access import AUTH_VAR, PasswordGate

if __name__ == "served":
    # No hash, no server (KeyError): the launcher sets it whenever it runs this file.
    gate = Middleware(PasswordGate, stored=os.environ[AUTH_VAR])
    app = st.App(Path(__file__).with_name("app.py"), middleware=[gate])
