"""Issue 9, fault 1: the browser test's "nothing left 127.0.0.1" filter, without a browser."""

from __future__ import annotations

import pytest

from tests.browser.network import leaves_machine, outside_requests


@pytest.mark.parametrize(
    "url",
    [
        # Chromium 150's own new-tab page: the URL that failed `make test` on a fresh machine.
        "chrome-untrusted://new-tab-page/one-google-bar?paramsencoded=",
        "chrome://new-tab-page/",
        "devtools://devtools/bundled/inspector.html",
        "data:image/png;base64,iVBORw0KGgo=",
        "blob:http://127.0.0.1:8501/4f1c",
        "about:blank",
        "http://127.0.0.1:8501/static/js/main.js",
        "ws://127.0.0.1:8501/_stcore/stream",
        "http://localhost:8501/",
        "HTTP://LOCALHOST:8501/",
        "http://[::1]:8501/",
        "file:///etc/passwd",
    ],
)
def test_internal_and_loopback_urls_stay_on_the_machine(url: str) -> None:
    assert not leaves_machine(url)


@pytest.mark.parametrize(
    "url",
    [
        "https://www.google.com/async/newtab_promos",
        "http://fonts.googleapis.com/css?family=Roboto",
        "wss://example.org/socket",
        "ws://10.0.0.5:8501/_stcore/stream",
        "https://127.0.0.1.evil.example/",
        "http://localhost.example.com/",
    ],
)
def test_network_requests_to_other_hosts_leave(url: str) -> None:
    assert leaves_machine(url)


def test_outside_requests_keeps_only_leaving_ones_once() -> None:
    urls = [
        "chrome-untrusted://new-tab-page/one-google-bar?paramsencoded=",
        "https://www.google.com/x",
        "https://www.google.com/x",
        "ws://127.0.0.1:9/_stcore/stream",
    ]
    assert outside_requests(urls) == ["https://www.google.com/x"]
