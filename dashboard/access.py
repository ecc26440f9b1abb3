"""Who may open the dashboard: anyone on this machine when it listens on 127.0.0.1, only
someone who knows the password when it listens on another address (issue 9, "dashboard
exposure").

The launcher (``pokerhh dashboard --host ADDRESS``) refuses to serve another address
without a password; it hashes the password (scrypt, a fresh salt per start) and hands the
Streamlit process only the hash, in ``$POKERHH_DASHBOARD_AUTH``: the password itself is in
no command line and no environment a ``ps`` shows. The app calls :func:`require_password`
before the navigation, so no page, query or upload runs for a session that has not
given it; each browser session (tab) asks once.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import ipaddress
import os
import secrets

#: The environment variable the launcher passes the password's hash in.
AUTH_VAR = "POKERHH_DASHBOARD_AUTH"
#: Where a user may give the password to the launcher (or ``--password-file FILE``).
PASSWORD_VAR = "POKERHH_DASHBOARD_PASSWORD"
_SCRYPT = {"n": 2**14, "r": 8, "p": 1}


def is_loopback(host: str) -> bool:
    """True for addresses only this machine can reach.

    >>> [is_loopback(h) for h in ("127.0.0.1", "127.0.0.2", "::1", "localhost", "0.0.0.0")]
    [True, True, True, True, False]
    """
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a host name: it may resolve to any interface
        return False


def hash_password(password: str, salt: bytes | None = None) -> str:
    """``scrypt$SALT$KEY`` (base64), what :func:`check` compares a typed password with."""
    salt = salt if salt is not None else secrets.token_bytes(16)
    key = hashlib.scrypt(password.encode("utf-8"), salt=salt, **_SCRYPT)
    return "scrypt$" + "$".join(base64.b64encode(part).decode() for part in (salt, key))


def check(password: str, stored: str) -> bool:
    """Whether ``password`` is the one ``stored`` was made from (constant-time compare).

    >>> stored = hash_password("s3cret", salt=b"0" * 16)
    >>> check("s3cret", stored), check("S3cret", stored), check("s3cret", "garbage")
    (True, False, False)
    """
    try:
        scheme, salt, key = stored.split("$")
        if scheme != "scrypt":
            return False
        want = base64.b64decode(key, validate=True)
        got = hashlib.scrypt(
            password.encode("utf-8"), salt=base64.b64decode(salt, validate=True), **_SCRYPT
        )
    except ValueError:
        return False
    return hmac.compare_digest(got, want)


def require_password() -> None:
    """Stop this run unless the session has given the password (when one is set)."""
    stored = os.environ.get(AUTH_VAR)
    if not stored:
        return
    import streamlit as st

    if st.session_state.get("_pokerhh_authenticated") is True:
        return
    st.title("pokerhh")
    with st.form("pokerhh-login"):
        typed = st.text_input("Password", type="password", key="_pokerhh_password")
        submitted = st.form_submit_button("Open")
    if submitted:
        if check(typed, stored):
            st.session_state["_pokerhh_authenticated"] = True
            st.rerun()
        st.error("Wrong password.")
    st.stop()
