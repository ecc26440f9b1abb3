"""Issue 9, dashboard exposure: ``pokerhh dashboard`` listens on 127.0.0.1 unless told
otherwise, another address needs a password, XSRF and CORS protection stay on, and a stray
``.streamlit/config.toml`` (in the working folder or the home folder) or ``STREAMLIT_*``
variable cannot weaken the launcher's settings.

The effective settings are read the way Streamlit itself computes them: ``streamlit config
show`` given the launcher's own flags, run where the stray files are. One test starts the
real server among those files and looks at the socket it listens on (``/proc/net/tcp``)
and at what it answers.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard import access, cli
from tests.reliability.conftest import ROOT

APP = ROOT / "dashboard" / "app.py"

#: A config file that tries to undo every protection the launcher sets.
HOSTILE_TOML = """\
[server]
address = "0.0.0.0"
port = 9999
headless = false
enableXsrfProtection = false
enableCORS = false
corsAllowedOrigins = ["*"]
allowedHosts = ["*"]
enableStaticServing = true
enableAgentApi = true
cookieSecret = "known-to-everyone"
[browser]
gatherUsageStats = true
[client]
showErrorDetails = "full"
toolbarMode = "developer"
[global]
developmentMode = true
"""
#: The same through the environment (Streamlit reads these after the files).
HOSTILE_ENV = {
    "STREAMLIT_SERVER_ADDRESS": "0.0.0.0",
    "STREAMLIT_SERVER_ENABLE_XSRF_PROTECTION": "false",
    "STREAMLIT_SERVER_ENABLE_CORS": "false",
    "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "true",
}
#: What must hold whatever the files say (option -> value as ``config show`` prints it).
PINNED = {
    "server.address": '"127.0.0.1"',
    "server.headless": "true",
    "server.enableXsrfProtection": "true",
    "server.enableCORS": "true",
    "server.enableStaticServing": "false",
    "server.enableAgentApi": "false",
    "browser.gatherUsageStats": "false",
    "client.showErrorDetails": '"none"',
    "client.toolbarMode": '"viewer"',
}


def launch(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> dict[str, object]:
    """Run ``pokerhh dashboard ...`` up to the exec of Streamlit; what it would exec."""
    launched: dict[str, object] = {}

    def execvpe(program: str, command: list[str], env: dict[str, str]) -> None:
        launched.update(command=command, env=env)

    monkeypatch.setattr(cli.os, "execvpe", execvpe)
    # The machine's own ports are not the subject (a dashboard running on 8501 failed these
    # tests); the busy port's refusal is tests/reliability/test_cli_edges.py's.
    monkeypatch.setattr(cli, "port_in_use", lambda *_: "")
    launched["code"] = cli.main(["dashboard", *argv])
    return launched


def flags(command: list[str]) -> list[tuple[str, str]]:
    assert command[:4] == [sys.executable, "-m", "streamlit", "run"]
    rest = command[5:]
    return list(zip(rest[::2], rest[1::2], strict=True))


@pytest.fixture
def db(samples_db: Path) -> Path:
    return samples_db


@pytest.fixture
def stray_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder and a home folder each with a hostile ``.streamlit/config.toml``,
    and hostile ``STREAMLIT_*`` variables; returns the working folder."""
    work, home = tmp_path / "work", tmp_path / "home"
    for folder in (work, home):
        (folder / ".streamlit").mkdir(parents=True)
        (folder / ".streamlit" / "config.toml").write_text(HOSTILE_TOML)
    monkeypatch.setenv("HOME", str(home))
    for name, value in HOSTILE_ENV.items():
        monkeypatch.setenv(name, value)
    monkeypatch.chdir(work)
    return work


def effective_options(command: list[str], cwd: Path) -> dict[str, str]:
    """``section.option -> value`` as Streamlit resolves them for ``command``'s flags."""
    show = [sys.executable, "-m", "streamlit", "config", "show", *command[5:]]
    out = subprocess.run(show, cwd=cwd, capture_output=True, text=True, check=True,
                         env=os.environ.copy(), timeout=60).stdout  # fmt: skip
    options: dict[str, str] = {}
    section, listing, items = "", "", []
    for line in out.splitlines():
        if listing:  # a list, one item a line: gathered as ``["a", "b"]``
            if line == "]":
                options[listing], listing = "[" + ", ".join(items) + "]", ""
            else:
                items.append(line.strip().rstrip(","))
        elif match := re.fullmatch(r"\[([\w.]+)\]", line):
            section = match[1]
        elif match := re.fullmatch(r"(\w+) = (.*)", line):
            if match[2] == "[":
                listing, items = f"{section}.{match[1]}", []
            else:
                options[f"{section}.{match[1]}"] = match[2]
    return options


def test_the_dashboard_listens_on_127_0_0_1_by_default_with_xsrf_on(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    launched = launch(["--db", str(db), "--port", "8765"], monkeypatch)
    options = dict(flags(launched["command"]))  # type: ignore[arg-type]
    assert options["--server.address"] == "127.0.0.1"
    assert options["--server.enableXsrfProtection"] == "true"
    assert options["--server.enableCORS"] == "true"
    assert ("--server.allowedHosts", "127.0.0.1") in flags(launched["command"])  # type: ignore[arg-type]
    env = launched["env"]
    assert access.AUTH_VAR not in env  # type: ignore[operator]


def test_another_address_needs_a_password(
    db: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv(access.PASSWORD_VAR, raising=False)
    for host in ("0.0.0.0", "192.168.1.20", "::", "example.lan"):
        launched = launch(["--db", str(db), "--host", host], monkeypatch)
        assert launched["code"] == cli.EXIT_USAGE
        assert "command" not in launched  # Streamlit never started
        err = capsys.readouterr().err
        assert f"serving the dashboard on {host} lets other machines in" in err
        assert "POKERHH_DASHBOARD_PASSWORD" in err
    monkeypatch.setenv(access.PASSWORD_VAR, "")  # an empty password is none
    assert launch(["--db", str(db), "--host", "0.0.0.0"], monkeypatch)["code"] == 2


def test_with_a_password_only_its_hash_reaches_the_server(
    db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(access.PASSWORD_VAR, "correct horse")
    launched = launch(["--db", str(db), "--host", "0.0.0.0", "--port", "8766"], monkeypatch)
    command, env = launched["command"], launched["env"]
    assert dict(flags(command))["--server.address"] == "0.0.0.0"  # type: ignore[arg-type]
    assert access.PASSWORD_VAR not in env  # type: ignore[operator]
    assert "correct horse" not in " ".join(command)  # type: ignore[arg-type]
    stored = env[access.AUTH_VAR]  # type: ignore[index]
    assert "correct horse" not in stored
    assert access.check("correct horse", stored)
    assert not access.check("correct horse ", stored)
    # From a file: its first line.
    monkeypatch.delenv(access.PASSWORD_VAR)
    secret = tmp_path / "password.txt"
    secret.write_text("from the file\nignored\n")
    launched = launch(["--db", str(db), "--host", "0.0.0.0", "--password-file", str(secret)],
                      monkeypatch)  # fmt: skip
    assert access.check("from the file", launched["env"][access.AUTH_VAR])  # type: ignore[index]


def test_with_a_password_the_launcher_serves_the_app_behind_the_gate(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 23 item 4: ``dashboard/served.py`` (``access.PasswordGate`` in front of every
    Streamlit route) whenever a password is set, on any address; and uvicorn believes
    X-Forwarded-For from this machine only, whatever a stray variable says."""
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "*")
    monkeypatch.delenv(access.PASSWORD_VAR, raising=False)
    launched = launch(["--db", str(db)], monkeypatch)
    assert launched["command"][4].endswith("dashboard/app.py")  # type: ignore[index]
    monkeypatch.setenv(access.PASSWORD_VAR, "correct horse")
    for host in ("127.0.0.1", "0.0.0.0"):
        launched = launch(["--db", str(db), "--host", host], monkeypatch)
        assert launched["command"][4].endswith("dashboard/served.py")  # type: ignore[index]
        assert launched["env"]["FORWARDED_ALLOW_IPS"] == "127.0.0.1,::1"  # type: ignore[index]
    served = (ROOT / "dashboard" / "served.py").read_text()
    assert "Middleware(PasswordGate" in served
    assert "st.App(" in served


def test_a_stray_config_file_cannot_weaken_the_launchers_settings(
    db: Path, stray_config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    launched = launch(["--db", str(db), "--port", "8767"], monkeypatch)
    command = launched["command"]
    options = effective_options(command, stray_config)  # type: ignore[arg-type]
    assert {name: options.get(name) for name in PINNED} == PINNED
    assert options["server.port"] == "8767"
    assert options["server.corsAllowedOrigins"] == '["http://127.0.0.1:8767"]'
    assert options["server.allowedHosts"] == '["localhost", "127.0.0.1"]'
    # The cookie secret can only come from a file or the environment: the launcher's own.
    secret = launched["env"]["STREAMLIT_SERVER_COOKIE_SECRET"]  # type: ignore[index]
    assert len(secret) == 64
    assert secret != "known-to-everyone"


def _listening(port: int) -> list[str]:
    """Local addresses (hex, as /proc prints them) listening on ``port``."""
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table) as lines:
            for line in list(lines)[1:]:
                local, _, state = line.split()[1:4]
                address, hex_port = local.rsplit(":", 1)
                if state == "0A" and int(hex_port, 16) == port:
                    found.append(address)
    return found


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads /proc (Linux)")
def test_the_real_server_among_stray_configs_listens_on_loopback_only(
    db: Path, stray_config: Path
) -> None:
    port = _free_port()
    command = [sys.executable, "-m", "dashboard.cli", "dashboard", "--db", str(db),
               "--port", str(port)]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen(command, cwd=stray_config, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not _listening(port):
            assert server.poll() is None, server.communicate()[1]
            assert time.monotonic() < deadline, "the dashboard did not start"
            time.sleep(0.2)
        assert _listening(port) == ["0100007F"]  # 127.0.0.1, nothing else
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/_stcore/health", headers={"Origin": "https://evil.example"}
        )
        for _ in range(100):  # listening comes a moment before serving
            try:
                answer = urllib.request.urlopen(request, timeout=5)
                break
            except OSError:
                time.sleep(0.1)
        with answer:
            assert answer.status == 200
            assert "_streamlit_xsrf=" in (answer.headers.get("set-cookie") or "")
            assert answer.headers.get("access-control-allow-origin") is None
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        server.communicate()


def test_the_app_asks_for_the_password_before_any_page(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("POKERHH_DB", str(db))
    monkeypatch.setenv(access.AUTH_VAR, access.hash_password("open sesame"))
    now = [0.0]
    monkeypatch.setattr(access, "GUESSES", access.Guesses(lambda: now[0]))
    app = AppTest.from_file(str(APP), default_timeout=30).run()
    assert not app.exception
    assert [t.label for t in app.text_input] == ["Password"]
    assert not app.dataframe  # no page ran, no query
    assert not app.sidebar.text
    app.text_input[0].input("open sesame!")
    app.button[0].click().run()
    assert [e.value for e in app.error] == ["Wrong password."]
    assert not app.dataframe
    # Issue 23 item 4: the next guess waits (1 s after one wrong guess; no scrypt run).
    app.text_input[0].input("open sesame")
    app.button[0].click().run()
    assert [e.value for e in app.error] == [
        "Too many wrong guesses: try again in 1 s (each wrong guess doubles the wait)."
    ]
    assert not app.dataframe
    now[0] += access.GUESS_DELAY_S
    app.text_input[0].input("open sesame")
    app.button[0].click().run()
    assert not app.exception
    assert not app.text_input or "Password" not in [t.label for t in app.text_input]
    assert any("Database:" in t.value for t in app.sidebar.text)
