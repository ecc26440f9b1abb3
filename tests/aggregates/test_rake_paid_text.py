"""Issue 23 item 14: rake paid is a cost, printed as an amount ("$1.50"), never as a
result with a sign ("+$157.06" read as a gain)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dashboard.cli import EXIT_OK, main


def test_rake_paid_has_no_plus_sign(capsys: pytest.CaptureFixture[str],
                                    samples_import: Path) -> None:  # fmt: skip
    assert main(["stats", "--db", str(samples_import), "--cash"]) == EXIT_OK
    lines = [line for line in capsys.readouterr().out.splitlines() if "rake paid" in line]
    paid = [line for line in lines if re.search(r"[$€£]\d+\.\d\d", line)
            and not re.search(r"[$€£]0\.00", line)]  # fmt: skip
    assert paid, "no sample player paid rake"
    assert not [line for line in lines if re.search(r"rake paid\s+\+", line)]


def test_tournament_chips_are_not_summed(capsys: pytest.CaptureFixture[str],
                                         samples_import: Path) -> None:  # fmt: skip
    """Issue 23 item 13: Rita's two tournaments' chips (-888) are no net won."""
    assert main(["stats", "--db", str(samples_import), "--player", "Rita"]) == EXIT_OK
    out = capsys.readouterr().out
    assert "(PokerStars, CHIPS)" in out
    net = next(line for line in out.splitlines() if "net won" in line)
    assert "-888" not in net
    assert "chips of several tournaments" in net
    assert re.search(r"bb/100\s+[-+]\d", out)
