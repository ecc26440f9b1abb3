"""Issue 23 item 19: a Streamlit deprecation fails the test that triggers it
(``tests/streamlit_deprecations.py``), and no page triggers one."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytest_plugins = ["pytester"]


def test_a_logged_deprecation_fails_the_test(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    # In a process of its own: the deprecation it logs must not reach this test's watch.
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    pytester.makepyfile(
        """
        import streamlit as st
        import pandas as pd

        def test_old_argument():
            st.dataframe(pd.DataFrame({"a": [1]}), use_container_width=True)

        def test_new_argument():
            st.dataframe(pd.DataFrame({"a": [1]}), width="stretch")
        """
    )
    result = pytester.runpytest_subprocess("-p", "tests.streamlit_deprecations", "-q")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*Streamlit deprecation logged: Please replace*"])
