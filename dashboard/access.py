"""Who may open the dashboard: anyone on this machine when it listens on 127.0.0.1, only
someone who knows the password when it listens on another address (issue 9, "dashboard
exposure"; issue 23 item 4, "nothing before the password").

The launcher (``pokerhh dashboard --host ADDRESS``) refuses to serve another address
without a password; it hashes the password (scrypt, a fresh salt per start) and hands the
Streamlit process only the hash, in ``$POKERHH_DASHBOARD_AUTH``: the password itself is in
no command line and no environment a ``ps`` shows.

With a password the launcher serves ``dashboard/served.py``, which wraps the app in
:class:`PasswordGate`, an ASGI middleware in front of every Streamlit route: until a
request carries the gate's signed cookie it is answered by the gate alone (the login
page, a redirect to it, 401, or a refused websocket), so no upload
(``/_stcore/upload_file/...``), metrics, websocket session, media or script runs for a
client that has not given the password. Streamlit's own form (:func:`require_password`)
stays behind it for an app run without the gate (``streamlit run dashboard/app.py`` with
the hash set, AppTest).

Guesses, at the gate or in the form, go through :func:`guess`: one client (an IPv4
address, an IPv6 /64) waits :data:`GUESS_DELAY_S` after a wrong guess, twice as long after
each further one, up to :data:`GUESS_DELAY_CAP_S`, and is refused without scrypt while it
waits; scrypt runs for one guess at a time in the whole process (:data:`SCRYPT_QUEUE` more
may wait), so guesses from many clients at once take one core at most.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import ipaddress
import math
import os
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal
from urllib.parse import parse_qs

if TYPE_CHECKING:
    from collections.abc import Callable

    from starlette.types import ASGIApp, Receive, Scope, Send

#: The environment variable the launcher passes the password's hash in.
AUTH_VAR = "POKERHH_DASHBOARD_AUTH"
#: Where a user may give the password to the launcher (or ``--password-file FILE``).
PASSWORD_VAR = "POKERHH_DASHBOARD_PASSWORD"
_SCRYPT = {"n": 2**14, "r": 8, "p": 1}

#: A client's wait after its first wrong guess (seconds); each further one doubles it.
GUESS_DELAY_S = 1.0
#: The doubling stops here: one guess a minute per client at most, once it is reached.
GUESS_DELAY_CAP_S = 60.0
#: A client's wrong guesses are forgotten this long after its last one.
GUESS_MEMORY_S = 3600.0
#: Clients remembered at once; beyond, the one not heard from longest is forgotten.
GUESS_CLIENTS = 10_000
#: Guesses that may wait for the one scrypt running; more are refused as busy (503).
SCRYPT_QUEUE = 4
#: The gate's cookie: its name, its lifetime (a restart also ends it: the key is per process).
COOKIE = "pokerhh_auth"
SESSION_S = 12 * 3600
#: The only path the gate answers before the password (GET: the form; POST: a guess).
LOGIN_PATH = "/_pokerhh/login"
#: A login request's largest body: a password field, not an upload.
LOGIN_BODY_MAX = 4096


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


# -- guesses ---------------------------------------------------------------------------------


def client_key(address: str | None) -> str:
    """Whose guesses these are: the IPv4 address, or the IPv6 /64 (one host's whole block,
    which a single machine can hop around in), or ``"local"`` (no address known).

    >>> [client_key(a) for a in ("10.0.0.7", "::ffff:10.0.0.7", "2001:db8::1", None)]
    ['10.0.0.7', '10.0.0.7', '2001:db8::/64', 'local']
    >>> client_key("2001:db8::1") == client_key("2001:db8::ffff:1")
    True
    """
    if not isinstance(address, str) or not address:  # (AppTest's is a mock)
        return "local"
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:  # ::ffff:10.0.0.7 is 10.0.0.7
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def guess_delay(failures: int) -> float:
    """How long a client waits after ``failures`` wrong guesses in a row.

    >>> [guess_delay(n) for n in (0, 1, 2, 3, 6, 7, 20)]
    [0.0, 1.0, 2.0, 4.0, 32.0, 60.0, 60.0]
    """
    if failures <= 0:
        return 0.0
    return min(GUESS_DELAY_S * 2.0 ** min(failures - 1, 64), GUESS_DELAY_CAP_S)


@dataclass
class _Client:
    failures: int = 0
    last_failure: float = 0.0
    guessing: bool = False


class Guesses:
    """Each client's wrong guesses in a row, and when it may guess again (thread-safe: the
    gate's guesses run in worker threads, the form's in script threads).

    ``clock`` is injectable so tests move time instead of sleeping.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._clients: OrderedDict[str, _Client] = OrderedDict()
        self._lock = threading.Lock()

    def begin(self, client: str) -> float:
        """0.0: the client may guess now, and :meth:`finish` must follow; else how many
        seconds it must wait (it is in its delay, or has a guess under way already)."""
        with self._lock:
            now = self._clock()
            self._forget(now)
            entry = self._clients.get(client)
            if entry is None:
                if len(self._clients) >= GUESS_CLIENTS:
                    self._clients.popitem(last=False)
                entry = self._clients[client] = _Client(last_failure=now)
            if entry.guessing:  # one guess at a time per client
                return GUESS_DELAY_S
            if entry.failures:
                wait = entry.last_failure + guess_delay(entry.failures) - now
                if wait > 0:
                    return wait
            entry.guessing = True
            return 0.0

    def finish(self, client: str, right: bool | None) -> None:
        """The guess :meth:`begin` let through was right, wrong, or not checked (None)."""
        with self._lock:
            entry = self._clients.get(client)
            if entry is None:  # forgotten meanwhile (GUESS_CLIENTS others came)
                return
            entry.guessing = False
            if right:
                del self._clients[client]
            elif right is False:
                entry.failures += 1
                entry.last_failure = self._clock()
                self._clients.move_to_end(client)

    def failures(self, client: str) -> int:
        """Wrong guesses in a row remembered for ``client``."""
        with self._lock:
            self._forget(self._clock())
            entry = self._clients.get(client)
            return entry.failures if entry else 0

    def _forget(self, now: float) -> None:
        while self._clients:
            entry = next(iter(self._clients.values()))
            if entry.guessing or now - entry.last_failure < GUESS_MEMORY_S:
                return
            self._clients.popitem(last=False)


class _OneScrypt:
    """scrypt for one guess at a time in the process; at most ``queue`` more wait."""

    def __init__(self, queue: int = SCRYPT_QUEUE) -> None:
        self._queue = queue
        self._run = threading.Lock()
        self._count = threading.Lock()
        self._waiting = 0

    def check(self, password: str, stored: str) -> bool | None:
        """:func:`check`'s answer, or None when too many guesses wait already."""
        with self._count:
            if self._waiting >= self._queue + 1:
                return None
            self._waiting += 1
        try:
            with self._run:
                return check(password, stored)
        finally:
            with self._count:
                self._waiting -= 1


#: The process's guesses, shared by the gate and the form (tests swap in a fake clock).
GUESSES = Guesses()
_ONE_SCRYPT = _OneScrypt()


@dataclass(frozen=True)
class Verdict:
    """A guess's outcome; ``retry_after`` (seconds) when it was not checked."""

    outcome: Literal["right", "wrong", "wait", "busy"]
    retry_after: float = 0.0

    def message(self) -> str:
        """What the login form says."""
        if self.outcome == "wait":
            return (f"Too many wrong guesses: try again in {math.ceil(self.retry_after)} s"
                    " (each wrong guess doubles the wait).")  # fmt: skip
        if self.outcome == "busy":
            return "Too many guesses at once: try again in a moment."
        return "Wrong password." if self.outcome == "wrong" else ""


def guess(client: str, password: str, stored: str, guesses: Guesses | None = None) -> Verdict:
    """Check one guess of ``client``'s, unless it must wait (scrypt is not run then)."""
    guesses = guesses if guesses is not None else GUESSES
    wait = guesses.begin(client)
    if wait > 0:
        return Verdict("wait", wait)
    right: bool | None = None
    try:
        right = _ONE_SCRYPT.check(password, stored)
    finally:
        guesses.finish(client, right)
    if right is None:
        return Verdict("busy", 1.0)
    if not right:
        return Verdict("wrong", guess_delay(guesses.failures(client)))
    return Verdict("right")


# -- the HTTP gate ---------------------------------------------------------------------------

#: The gate installed in this process, if any: the app's form trusts its cookie.
_GATE: PasswordGate | None = None

_LOGIN_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>pokerhh</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{{font-family:sans-serif;max-width:22rem;margin:4rem auto;padding:0 1rem}}
input,button{{font-size:1rem;padding:.4rem;margin:.3rem 0;width:100%;box-sizing:border-box}}
.error{{color:#b00020}}</style></head>
<body><h1>pokerhh</h1>{message}
<form method="post" action="{action}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" autofocus>
<button type="submit">Open</button></form></body></html>
"""
_PAGE_HEADERS = {
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": (
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'"
    ),
}


def login_page(message: str = "") -> str:
    """The gate's form: plain HTML, no script, nothing of Streamlit's."""
    shown = f'<p class="error">{message}</p>' if message else ""
    return _LOGIN_PAGE.format(message=shown, action=LOGIN_PATH)


class PasswordGate:
    """ASGI middleware: nothing reaches Streamlit without the cookie a right guess earns.

    The cookie is ``EXPIRES.HMAC`` (SHA-256 under a key made at start, never stored): it
    cannot be forged, ends after :data:`SESSION_S` and with the process. ``clock`` (wall
    time, for the cookie) and ``guesses`` are injectable for tests.
    """

    def __init__(
        self,
        app: ASGIApp,
        stored: str,
        *,
        guesses: Guesses | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        global _GATE
        self.app = app
        self.stored = stored
        self.guesses = guesses if guesses is not None else GUESSES
        self._clock = clock
        self._key = secrets.token_bytes(32)
        _GATE = self

    def token(self) -> str:
        """A fresh cookie value."""
        expires = int(self._clock()) + SESSION_S
        return f"{expires}.{self._sign(expires)}"

    def admits(self, token: str | None) -> bool:
        """Whether ``token`` is a cookie this gate issued and that has not expired."""
        if not token or token.count(".") != 1:
            return False
        expires, signature = token.split(".")
        if not expires.isdigit() or int(expires) <= self._clock():
            return False
        return hmac.compare_digest(signature, self._sign(int(expires)))

    def _sign(self, expires: int) -> str:
        message = f"pokerhh-auth:{expires}".encode()
        return hmac.new(self._key, message, hashlib.sha256).hexdigest()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        from starlette.requests import HTTPConnection
        from starlette.responses import PlainTextResponse, RedirectResponse

        if scope["type"] not in ("http", "websocket"):  # lifespan
            await self.app(scope, receive, send)
            return
        if scope["type"] == "http" and scope["path"] == LOGIN_PATH:
            await self._login(scope, receive, send)
            return
        if self.admits(HTTPConnection(scope).cookies.get(COOKIE)):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":  # closed before accepting: the server answers 403
            await send({"type": "websocket.close", "code": 1008})
            return
        # The body (an upload) is never read: the connection is answered and closed.
        if scope["method"] in ("GET", "HEAD") and "text/html" in _header(scope, b"accept"):
            await RedirectResponse(LOGIN_PATH, status_code=303)(scope, receive, send)
            return
        answer = PlainTextResponse(
            f"pokerhh: give the dashboard's password first ({LOGIN_PATH})\n",
            status_code=401,
            headers={"Cache-Control": "no-store", "Connection": "close"},
        )
        await answer(scope, receive, send)

    async def _login(self, scope: Scope, receive: Receive, send: Send) -> None:
        from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse

        if scope["method"] in ("GET", "HEAD"):
            await HTMLResponse(login_page(), headers=_PAGE_HEADERS)(scope, receive, send)
            return
        if scope["method"] != "POST":
            answer = PlainTextResponse("405 method not allowed\n", 405, {"Allow": "GET, POST"})
            await answer(scope, receive, send)
            return
        body = await _read_body(scope, receive, LOGIN_BODY_MAX)
        if body is None:
            too_big = PlainTextResponse("413 a password, not a file\n", 413,
                                        {"Connection": "close"})  # fmt: skip
            await too_big(scope, receive, send)
            return
        fields = parse_qs(body.decode("utf-8", "replace"), max_num_fields=4)
        typed = (fields.get("password") or [""])[0]
        address = scope["client"][0] if scope.get("client") else None
        import asyncio  # loaded by the server already; the command line never needs it

        verdict = await asyncio.to_thread(
            guess, client_key(address), typed, self.stored, self.guesses
        )
        if verdict.outcome == "right":
            cookie = f"{COOKIE}={self.token()}; Path=/; Max-Age={SESSION_S}; HttpOnly; SameSite=Lax"
            if scope.get("scheme") == "https":
                cookie += "; Secure"
            opened = RedirectResponse("/", status_code=303, headers={"Set-Cookie": cookie})
            await opened(scope, receive, send)
            return
        status = {"wrong": 401, "wait": 429, "busy": 503}[verdict.outcome]
        headers = {**_PAGE_HEADERS, "Retry-After": str(math.ceil(verdict.retry_after))}
        page = HTMLResponse(login_page(verdict.message()), status, headers)
        await page(scope, receive, send)


def _header(scope: Scope, name: bytes) -> str:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return ""


async def _read_body(scope: Scope, receive: Receive, limit: int) -> bytes | None:
    """The request's body, or None as soon as it would exceed ``limit`` bytes."""
    declared = _header(scope, b"content-length")
    if declared.isdigit() and int(declared) > limit:
        return None
    body = bytearray()
    while True:
        message = await receive()
        if message["type"] != "http.request":  # the client went away
            return bytes(body)
        body += message.get("body", b"")
        if len(body) > limit:
            return None
        if not message.get("more_body", False):
            return bytes(body)


# -- the app's form --------------------------------------------------------------------------


def require_password() -> None:
    """Stop this run unless the session has given the password (when one is set).

    Behind :class:`PasswordGate` every session carries the gate's cookie (its websocket
    was refused otherwise): that is the password given. Without the gate, the form asks,
    its guesses throttled per client as the gate's are.
    """
    stored = os.environ.get(AUTH_VAR)
    if not stored:
        return
    import streamlit as st

    if st.session_state.get("_pokerhh_authenticated") is True:
        return
    if _GATE is not None and _GATE.admits(st.context.cookies.get(COOKIE)):
        st.session_state["_pokerhh_authenticated"] = True
        return
    st.title("pokerhh")
    with st.form("pokerhh-login"):
        typed = st.text_input("Password", type="password", key="_pokerhh_password")
        submitted = st.form_submit_button("Open")
    if submitted:
        verdict = guess(client_key(st.context.ip_address), typed, stored)
        if verdict.outcome == "right":
            st.session_state["_pokerhh_authenticated"] = True
            st.rerun()
        st.error(verdict.message())
    st.stop()
