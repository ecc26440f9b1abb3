"""Pytest plugin (``-p tests.streamlit_deprecations`` in pyproject's addopts): a test
during which Streamlit announces a deprecation fails (issue 23 item 19).

Streamlit does not raise ``DeprecationWarning`` for what it will remove
(``use_container_width``, removed after 2025-12-31): ``streamlit.deprecation_util``
logs a warning, shown in the browser only with ``client.showErrorDetails = full``, so
``filterwarnings = error`` never sees it. Its logger is watched around every test instead
(pages run by ``AppTest`` log on their script thread, through the same logger).
"""

from __future__ import annotations

import logging
from collections.abc import Generator

import pytest

#: The logger ``streamlit.deprecation_util.show_deprecation_warning`` writes to.
LOGGER = "streamlit.deprecation_util"


class Collected(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def deprecations_of(messages: list[str]) -> str | None:
    """The failure message for the deprecations logged, None when there were none.

    >>> deprecations_of([]) is None
    True
    >>> deprecations_of(["Please replace `use_container_width` with `width`."])
    'Streamlit deprecation logged: Please replace `use_container_width` with `width`.'
    """
    if not messages:
        return None
    return "Streamlit deprecation logged: " + " | ".join(sorted(set(messages)))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    logger = logging.getLogger(LOGGER)
    handler = Collected()
    shown = _shown_once()
    if shown is not None:
        shown.clear()  # a show_once warning logged by an earlier test is logged again
    logger.addHandler(handler)
    try:
        result = yield
    finally:
        logger.removeHandler(handler)
    failure = deprecations_of(handler.messages)
    if failure is not None:
        pytest.fail(failure, pytrace=False)
    return result


def _shown_once() -> set[str] | None:
    try:
        from streamlit import deprecation_util
    except ImportError:  # the parser-only install has no Streamlit
        return None
    shown = getattr(deprecation_util, "_shown_warnings", None)
    return shown if isinstance(shown, set) else None
