"""Which of the browser's requests leave the machine (issue 9, fault 1).

Chromium asks for its own internal pages (``chrome-untrusted://new-tab-page/…``,
``chrome://…``, ``devtools://…``) and for ``data:``/``blob:`` URLs; none of them reaches the
network, and the list of such schemes grows with every Chromium release. So the test does not
list the harmless schemes: it names the ones that do reach the network (http, https, ws, wss)
and counts a request only when it uses one of them to a host other than this machine.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

#: The schemes that carry a request over the network.
NETWORK_SCHEMES = frozenset({"http", "https", "ws", "wss"})
#: This machine's names: a request to one of them stays on loopback.
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})


def leaves_machine(url: str) -> bool:
    """True when ``url`` is a network request to another host."""
    parts = urlsplit(url)
    if parts.scheme.lower() not in NETWORK_SCHEMES:
        return False
    host = (parts.hostname or "").lower()
    return host not in LOCAL_HOSTS


def outside_requests(urls: Iterable[str]) -> list[str]:
    """The distinct URLs of ``urls`` that left the machine, sorted."""
    return sorted({url for url in urls if leaves_machine(url)})
