"""Issue 23 item 4: with a password, nothing is accepted or served before it, and guesses
slow down per client.

Before, the password was only Streamlit's form: an upload PUT to
``/_stcore/upload_file/<session>/<n>`` from a session that never gave it was stored,
``/_stcore/metrics`` answered, and guesses ran scrypt as fast as they came (about 15 a
second a session, 16 sessions pinned both cores). Now ``dashboard/served.py`` puts
``access.PasswordGate`` in front of every route, and every guess goes through
``access.guess`` (a per-client doubling delay, one scrypt at a time in the process).

The delays are checked with a fake clock (no sleeping); one module-scoped real server
(the launcher, with a password) checks what a client sees on the wire.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from email.message import Message
from pathlib import Path
from typing import Any

import pytest

from dashboard import access
from tests.reliability.conftest import ROOT

PASSWORD = "correct horse battery"
STORED = access.hash_password(PASSWORD, salt=b"s" * 16)


class FakeClock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def scrypt_calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every password scrypt is run for (``access.check`` counted, still real)."""
    calls: list[str] = []
    real = access.check

    def counted(password: str, stored: str) -> bool:
        calls.append(password)
        return real(password, stored)

    monkeypatch.setattr(access, "check", counted)
    return calls


# -- the delay -------------------------------------------------------------------------------


def test_each_wrong_guess_doubles_the_clients_wait_and_waiting_guesses_run_no_scrypt(
    scrypt_calls: list[str],
) -> None:
    clock = FakeClock()
    guesses = access.Guesses(clock)
    one, other = access.client_key("203.0.113.5"), access.client_key("198.51.100.7")

    waits = []
    for _ in range(9):
        verdict = access.guess(one, "wrong", STORED, guesses)
        assert verdict.outcome == "wrong"
        waits.append(verdict.retry_after)
        again = access.guess(one, PASSWORD, STORED, guesses)  # even the right one waits
        assert again.outcome == "wait"
        assert again.retry_after == pytest.approx(verdict.retry_after)
        clock.advance(verdict.retry_after - 0.01)
        assert access.guess(one, PASSWORD, STORED, guesses).outcome == "wait"
        clock.advance(0.01)
    assert waits == [1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 60.0, 60.0, 60.0]  # capped at a minute
    assert scrypt_calls == ["wrong"] * 9  # the 18 guesses made while waiting ran none
    # Another client is not slowed by the first's guesses.
    assert access.guess(other, "wrong", STORED, guesses).retry_after == 1.0
    # A right guess clears the client's record; the next wrong one waits 1 s again.
    assert access.guess(one, PASSWORD, STORED, guesses).outcome == "right"
    assert access.guess(one, "wrong", STORED, guesses).retry_after == 1.0
    # Forgotten an hour after its last wrong guess.
    clock.advance(access.GUESS_MEMORY_S)
    assert guesses.failures(one) == 0
    assert access.guess(one, "wrong", STORED, guesses).retry_after == 1.0


def test_scrypt_runs_for_one_guess_at_a_time_and_a_long_queue_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Sixteen clients at once used both cores; now one scrypt runs, SCRYPT_QUEUE wait,
    the rest are told to come back (503) without scrypt."""
    release, running, lock = threading.Event(), [0], threading.Lock()
    most = [0]

    def slow_check(password: str, stored: str) -> bool:
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        release.wait(10)
        with lock:
            running[0] -= 1
        return False

    monkeypatch.setattr(access, "check", slow_check)
    monkeypatch.setattr(access, "_ONE_SCRYPT", access._OneScrypt())
    guesses = access.Guesses(FakeClock())
    verdicts: dict[int, access.Verdict] = {}

    def client(n: int) -> None:
        verdicts[n] = access.guess(f"10.0.0.{n}", "x", STORED, guesses)

    admitted = [threading.Thread(target=client, args=(n,)) for n in range(access.SCRYPT_QUEUE + 1)]
    for thread in admitted:
        thread.start()
    deadline = time.monotonic() + 10
    while access._ONE_SCRYPT._waiting < access.SCRYPT_QUEUE + 1:
        assert time.monotonic() < deadline
        time.sleep(0.005)
    for n in range(100, 111):  # the queue is full: refused at once
        client(n)
        assert verdicts[n] == access.Verdict("busy", 1.0)
        assert guesses.failures(f"10.0.0.{n}") == 0  # not counted against them
    release.set()
    for thread in admitted:
        thread.join(10)
    assert most[0] == 1
    assert [verdicts[n].outcome for n in range(access.SCRYPT_QUEUE + 1)] == ["wrong"] * 5


# -- the gate, in process (ASGI) -------------------------------------------------------------


class Inner:
    """Stands for Streamlit: records what reached it."""

    def __init__(self) -> None:
        self.reached: list[str] = []

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        self.reached.append(scope["path"])
        if scope["type"] == "websocket":
            await send({"type": "websocket.accept"})
            return
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"streamlit"})


def call(
    gate: access.PasswordGate,
    method: str,
    path: str,
    *,
    body: bytes = b"",
    headers: dict[str, str] | None = None,
    client: str = "203.0.113.9",
    kind: str = "http",
) -> tuple[int, dict[str, str], bytes]:
    """One request through ``gate``: (status, headers, body); a websocket's status is 101
    when accepted, 403 when closed before."""
    raw = [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]
    scope = {"type": kind, "method": method, "path": path, "headers": raw,
             "client": (client, 40000), "scheme": "http", "query_string": b"",
             "root_path": "", "http_version": "1.1", "server": ("127.0.0.1", 8501)}  # fmt: skip
    received = [{"type": "http.request", "body": body, "more_body": False}]
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return received.pop(0) if received else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(gate(scope, receive, send))  # type: ignore[arg-type]
    if kind == "websocket":
        return (101 if sent[0]["type"] == "websocket.accept" else 403), {}, b""
    start = sent[0]
    answer = {k.decode().lower(): v.decode() for k, v in start["headers"]}
    return start["status"], answer, b"".join(m.get("body", b"") for m in sent[1:])


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> tuple[access.PasswordGate, Inner, FakeClock]:
    monkeypatch.setattr(access, "_GATE", None)
    clock, inner = FakeClock(), Inner()
    gate = access.PasswordGate(inner, STORED, guesses=access.Guesses(clock), clock=clock)
    return gate, inner, clock


def login(
    gate: access.PasswordGate, password: str, client: str = "203.0.113.9"
) -> tuple[int, dict[str, str], bytes]:
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    body = b"password=" + password.replace(" ", "+").encode()
    return call(gate, "POST", access.LOGIN_PATH, body=body, headers=form, client=client)


def test_the_gate_lets_nothing_through_before_the_password(
    gate: tuple[access.PasswordGate, Inner, FakeClock],
) -> None:
    door, inner, _ = gate
    upload = call(door, "PUT", "/_stcore/upload_file/s1/0", body=b"x" * 1000,
                  headers={"Content-Length": "20971520"})  # fmt: skip
    assert upload[0] == 401
    assert call(door, "GET", "/_stcore/metrics")[0] == 401
    page = call(door, "GET", "/", headers={"Accept": "text/html"})
    assert (page[0], page[1]["location"]) == (303, access.LOGIN_PATH)
    assert call(door, "GET", "/_stcore/stream", kind="websocket")[0] == 403
    forged = {"Cookie": f"{access.COOKIE}=99999999999.{'0' * 64}"}
    assert call(door, "GET", "/_stcore/metrics", headers=forged)[0] == 401
    assert inner.reached == []
    form = call(door, "GET", access.LOGIN_PATH)
    assert form[0] == 200
    assert b'name="password"' in form[2]
    assert inner.reached == []


def test_a_right_guess_earns_a_cookie_that_opens_everything_until_it_expires(
    gate: tuple[access.PasswordGate, Inner, FakeClock],
) -> None:
    door, inner, clock = gate
    status, headers, _ = login(door, PASSWORD)
    assert (status, headers["location"]) == (303, "/")
    cookie = headers["set-cookie"]
    assert "HttpOnly" in cookie
    assert "SameSite=Lax" in cookie
    assert "Path=/" in cookie
    token = cookie.split(";")[0]
    for path in ("/", "/_stcore/metrics", "/_stcore/upload_file/s1/0"):
        assert call(door, "GET", path, headers={"Cookie": token})[0] == 200
    socket_status = call(
        door, "GET", "/_stcore/stream", headers={"Cookie": token}, kind="websocket"
    )
    assert socket_status[0] == 101
    assert inner.reached == [
        "/",
        "/_stcore/metrics",
        "/_stcore/upload_file/s1/0",
        "/_stcore/stream",
    ]
    # Another gate (another start of the server) does not know it.
    other = access.PasswordGate(Inner(), STORED, guesses=access.Guesses(clock), clock=clock)
    assert not other.admits(token.split("=", 1)[1])
    clock.advance(access.SESSION_S)
    assert call(door, "GET", "/_stcore/metrics", headers={"Cookie": token})[0] == 401


def test_wrong_guesses_at_the_gate_get_slower_per_client(
    gate: tuple[access.PasswordGate, Inner, FakeClock], scrypt_calls: list[str]
) -> None:
    door, _, clock = gate
    seen = []
    for _ in range(4):
        status, headers, page = login(door, "nope")
        assert status == 401
        assert b"Wrong password." in page
        retry = int(headers["retry-after"])
        status, headers, page = login(door, PASSWORD)  # too soon: refused, not checked
        assert (status, int(headers["retry-after"])) == (429, retry)
        assert b"Too many wrong guesses" in page
        assert "set-cookie" not in headers
        seen.append(retry)
        clock.advance(retry)
    assert seen == [1, 2, 4, 8]
    assert scrypt_calls == ["nope"] * 4
    assert login(door, "nope", client="198.51.100.1")[0] == 401  # another client: its own
    status, headers, _ = login(door, PASSWORD)
    assert status == 303
    assert headers["set-cookie"].startswith(access.COOKIE)


def test_a_login_body_larger_than_a_password_is_refused_unread(
    gate: tuple[access.PasswordGate, Inner, FakeClock], scrypt_calls: list[str]
) -> None:
    door, _, _ = gate
    big = b"password=" + b"a" * access.LOGIN_BODY_MAX
    assert call(door, "POST", access.LOGIN_PATH, body=big)[0] == 413
    declared = {"Content-Length": str(20 * 2**20)}
    assert call(door, "POST", access.LOGIN_PATH, body=b"", headers=declared)[0] == 413
    assert scrypt_calls == []


# -- the real server -------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def _request(url: str, data: bytes | None = None, **headers: str) -> tuple[int, Message, bytes]:
    """(status, headers, body), redirects not followed; POST when ``data`` is given."""
    request = urllib.request.Request(url, data=data, headers=headers)
    try:
        with urllib.request.build_opener(_NoRedirect).open(request, timeout=10) as answer:
            return answer.status, answer.headers, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


@pytest.fixture(scope="module")
def server(samples_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``pokerhh dashboard`` with a password, on a free port; its base URL."""
    port = _free_port()
    work = tmp_path_factory.mktemp("gated")
    command = [sys.executable, "-m", "dashboard.cli", "dashboard", "--db", str(samples_db),
               "--port", str(port)]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(ROOT), access.PASSWORD_VAR: PASSWORD}
    process = subprocess.Popen(command, cwd=work, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, process.communicate()[1]
            assert time.monotonic() < deadline, "the dashboard did not start"
            try:
                if _request(base + access.LOGIN_PATH)[0] == 200:
                    break
            except OSError:
                time.sleep(0.2)
        yield base
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        process.communicate()


def _raw_put(base: str, path: str, declared: int, sent: int, extra: str = "") -> tuple[str, bool]:
    """A PUT declaring ``declared`` body bytes of which ``sent`` are sent; the status line,
    and whether the server answered before the body was complete."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as conn:
        boundary = "pokerhhboundary"
        conn.sendall(
            f"PUT {path} HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Length: {declared}\r\n"
            f"Content-Type: multipart/form-data; boundary={boundary}\r\n{extra}\r\n".encode()
            + b"x" * sent
        )
        answer = conn.recv(4096).decode("latin-1")
    return answer.split("\r\n", 1)[0], sent < declared


def _websocket_status(base: str, cookie: str = "") -> str:
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as conn:
        conn.sendall(
            f"GET /_stcore/stream HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Protocol: streamlit\r\n"
            f"{cookie}\r\n".encode()
        )
        return conn.recv(4096).decode("latin-1").split("\r\n", 1)[0]


@pytest.mark.slow
def test_the_real_server_accepts_and_serves_nothing_before_the_password(server: str) -> None:
    # Twenty megabytes announced, none sent: refused at the headers, the body never read.
    status, unfinished = _raw_put(server, "/_stcore/upload_file/any-session/1", 20 * 2**20, 0)
    assert status == "HTTP/1.1 401 Unauthorized"
    assert unfinished
    assert _request(server + "/_stcore/metrics")[0] == 401
    for path in ("/_stcore/health", "/_stcore/host-config", "/media/x", "/component/x/y",
                 "/_stcore/bidi-components/x", "/static/js/main.js"):  # fmt: skip
        assert _request(server + path)[0] == 401, path
    status, headers, _ = _request(server + "/", Accept="text/html")
    assert (status, headers["location"]) == (303, access.LOGIN_PATH)
    assert _websocket_status(server) == "HTTP/1.1 403 Forbidden"


@pytest.mark.slow
def test_the_real_server_serves_the_app_after_the_password(server: str) -> None:
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    # Each test a client of its own: uvicorn trusts X-Forwarded-For from 127.0.0.1.
    wrong = _request(server + access.LOGIN_PATH, b"password=guess", **form,
                  **{"X-Forwarded-For": "192.0.2.10"})  # fmt: skip
    assert wrong[0] == 401
    assert "Set-Cookie" not in wrong[1]
    status, headers, _ = _request(server + access.LOGIN_PATH,
                                  b"password=" + PASSWORD.replace(" ", "+").encode(), **form,
                                  **{"X-Forwarded-For": "192.0.2.11"})  # fmt: skip
    assert status == 303
    cookie = headers["Set-Cookie"].split(";")[0]
    assert _request(server + "/_stcore/host-config", Cookie=cookie)[0] == 200
    assert _request(server + "/", Cookie=cookie)[0] == 200
    assert _websocket_status(server, f"Cookie: {cookie}\r\n") == "HTTP/1.1 101 Switching Protocols"
    # The app runs for the session, without asking again: its page and sidebar are drawn.
    drawn = _session_texts(server, cookie)
    assert any("Database: samples.sqlite" in text for text in drawn), drawn
    assert not any('label: "Password"' in text for text in drawn)


def _login(server: str, client: str) -> str:
    """The gate's cookie (``pokerhh_auth=...``) for a right guess from ``client``."""
    form = {"Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": client}
    body = b"password=" + PASSWORD.replace(" ", "+").encode()
    status, headers, _ = _request(server + access.LOGIN_PATH, body, **form)
    assert status == 303
    return str(headers["Set-Cookie"]).split(";")[0]


def _put_file(base: str, path: str, data: bytes, cookies: str, xsrf: str) -> str:
    """PUT ``data`` as the browser's uploader does; the status line. The body is sent only
    if the server has not answered at the headers (as the gate does)."""
    host, port = base.removeprefix("http://").split(":")
    boundary = "pokerhhboundary"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; "
            f"filename=\"hh.txt\"\r\nContent-Type: text/plain\r\n\r\n").encode() + data + (
            f"\r\n--{boundary}--\r\n").encode()  # fmt: skip
    head = (f"PUT {path} HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Length: {len(body)}\r\n"
            f"Content-Type: multipart/form-data; boundary={boundary}\r\n"
            f"Cookie: {cookies}\r\nX-Xsrftoken: {xsrf}\r\nConnection: close\r\n\r\n")  # fmt: skip
    with socket.create_connection((host, int(port)), timeout=10) as conn:
        conn.sendall(head.encode())
        conn.settimeout(1.0)
        try:
            early = conn.recv(4096)
        except TimeoutError:  # waiting for the body: Streamlit's handler has it
            conn.settimeout(10)
            conn.sendall(body)
            early = conn.recv(4096)
    return early.decode("latin-1").split("\r\n", 1)[0]


def _uploaded_bytes(base: str, cookie: str) -> int:
    """What Streamlit's upload manager holds, from its metrics (0: nothing)."""
    status, _, text = _request(base + "/_stcore/metrics", Cookie=cookie)
    assert status == 200
    held = [line for line in text.decode().splitlines()
            if "UploadedFileManager" in line and not line.startswith("#")]  # fmt: skip
    return sum(int(float(line.rsplit(" ", 1)[1])) for line in held)


@pytest.mark.slow
def test_an_upload_without_the_password_is_refused_even_into_a_live_session(server: str) -> None:
    """The issue's attack: a client that never gave the password PUTs files into a session
    (here a real, live one, whose id it somehow knows); nothing is stored."""
    cookie = _login(server, "192.0.2.20")
    xsrf_cookie = str(_request(server + "/_stcore/health", Cookie=cookie)[1]["Set-Cookie"])
    xsrf = xsrf_cookie.split("_streamlit_xsrf=", 1)[1].split(";")[0]
    attack, own = b"PokerStars Hand #1: " + b"x" * 2**20, b"PokerStars Hand #2: " + b"y" * 980
    with _session(server, cookie) as session_id:
        for n in range(1, 4):
            status = _put_file(server, f"/_stcore/upload_file/{session_id}/{n}", attack,
                               f"_streamlit_xsrf={xsrf}", xsrf)  # fmt: skip
            assert status == "HTTP/1.1 401 Unauthorized"
        # The same upload with the password given reaches Streamlit and is held.
        status = _put_file(server, f"/_stcore/upload_file/{session_id}/4", own,
                           f"{cookie}; _streamlit_xsrf={xsrf}", xsrf)  # fmt: skip
        assert status == "HTTP/1.1 204 No Content"
        # Held: that file alone (before the gate, the three megabytes too). The metrics'
        # memory figures are cached 5 s: no other test reads them.
        assert _uploaded_bytes(server, cookie) == len(own)


@contextlib.contextmanager
def _session(base: str, cookie: str) -> Iterator[str]:
    """A live Streamlit session opened with ``cookie``; its id."""
    from streamlit.proto.BackMsg_pb2 import BackMsg
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
    from websockets.sync.client import connect

    url = base.replace("http://", "ws://") + "/_stcore/stream"
    with connect(url, subprotocols=["streamlit"],  # type: ignore[list-item]
                 additional_headers={"Cookie": cookie}, open_timeout=10) as websocket:  # fmt: skip
        rerun = BackMsg()
        rerun.rerun_script.query_string = ""
        websocket.send(rerun.SerializeToString())
        while True:
            message = ForwardMsg()
            message.ParseFromString(websocket.recv(timeout=60))
            if message.WhichOneof("type") == "new_session":
                yield message.new_session.initialize.session_id
                return


def _session_texts(base: str, cookie: str) -> list[str]:
    """One script run over the websocket, as the browser starts it: each element drawn."""
    from streamlit.proto.BackMsg_pb2 import BackMsg
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
    from websockets.sync.client import connect

    url = base.replace("http://", "ws://") + "/_stcore/stream"
    drawn: list[str] = []
    with connect(url, subprotocols=["streamlit"],  # type: ignore[list-item]
                 additional_headers={"Cookie": cookie}, open_timeout=10) as websocket:  # fmt: skip
        rerun = BackMsg()
        rerun.rerun_script.query_string = ""
        websocket.send(rerun.SerializeToString())
        while True:
            message = ForwardMsg()
            message.ParseFromString(websocket.recv(timeout=60))
            if message.WhichOneof("type") == "script_finished":
                return drawn
            if message.WhichOneof("type") == "delta":
                element = message.delta.new_element
                kind = element.WhichOneof("type")
                if kind:
                    drawn.append(str(getattr(element, kind)))
