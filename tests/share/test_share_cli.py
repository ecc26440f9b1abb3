"""``pokerhh share`` (issue 26, item 2, acceptance 2 without the browser: see
tests/browser/test_replayer_browser.py for the HTML opened offline): each format for a
hand of each game family, and ``--mask`` leaving no player's name in any of them."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from dashboard.cli import main
from dashboard.replay_data import replayer_html
from parser.formats import parse_hand
from parser.model.hand import Source

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories" / "pokerstars"
#: A hand of each family (the draw one is a game PHH has a variant for).
HANDS = {
    "holdem": ("9000000031", "nlhe/kicker-decides.txt"),
    "omaha": ("9000000101", "omaha/plo-pot-raise-one-heart-no-flush.txt"),
    "stud": ("9000000202", "stud/bring-in-suit-tie-and-completion.txt"),
    "draw": ("9000000218", "draw/27-triple-draw-bet-sizes.txt"),
}
FORMATS = ("html", "text", "phh")


def _names(relative: str) -> set[str]:
    path = SAMPLES / relative
    return {s.name for s in parse_hand(Source(str(path), 1, path.read_text())).seats}


def _share(db: Path, hand: str, form: str, out: Path, *extra: str) -> str:
    code = main(
        [
            "--db",
            str(db),
            "share",
            f"PokerStars:{hand}",
            "--format",
            form,
            "--out",
            str(out),
            *extra,
        ]
    )
    assert code == 0
    return out.read_text(encoding="utf-8")


def _data(document: str) -> str:
    """What a shared HTML file holds beyond the component's own code and style (the same
    in every file): the hand's JSON and the title."""
    for asset in ("replayer.js", "replayer.css"):
        code = (resources.files("dashboard") / "replayer_web" / asset).read_text(encoding="utf-8")
        assert code in document
        document = document.replace(code, "")
    return document


@pytest.mark.parametrize("family", list(HANDS))
@pytest.mark.parametrize("form", FORMATS)
def test_share_each_format_of_each_family(
    samples_import: Path, tmp_path: Path, family: str, form: str
) -> None:
    hand, relative = HANDS[family]
    names = _names(relative)
    plain = _share(samples_import, hand, form, tmp_path / f"plain.{form}")
    masked = _share(samples_import, hand, form, tmp_path / f"masked.{form}", "--mask")
    if form == "html":
        plain, masked = _data(plain), _data(masked)
    assert any(name in plain for name in names)  # the check below can fail
    leaked = sorted(name for name in names if name in masked)
    assert not leaked, f"--mask left {leaked} in the {form} of {family}"
    if form == "phh":
        assert "players = [" in masked
        assert '"Hero"' in masked or "BTN" in masked or "Seat 1" in masked
    if form == "html":
        assert masked.startswith("<!DOCTYPE html>")
        assert "http://" not in masked.replace("http://www.w3.org/2000/svg", "")
        assert "https://" not in masked


def test_the_html_holds_every_step_and_the_mask_reaches_its_json(
    samples_import: Path, tmp_path: Path
) -> None:
    document = _share(samples_import, "9000000202", "html", tmp_path / "stud.html", "--mask")
    body = document.split('id="hand-data">', 1)[1].split("</script>", 1)[0]
    data = json.loads(body)
    seats = {s["name"] for s in data["steps"][0]["seats"]}
    assert seats == {"Hero", "Seat 2", "Seat 4", "Seat 6", "Seat 7"}  # stud: no positions
    assert len(data["steps"]) == 29


def test_an_unknown_hand_and_a_hand_phh_cannot_hold(
    samples_import: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--db", str(samples_import), "share", "123", "--format", "text"]) == 1
    assert "no stored hand 123" in capsys.readouterr().err
    out = tmp_path / "x.phh"
    assert (
        main(
            [
                "--db",
                str(samples_import),
                "share",
                "PokerStars:9000000212",
                "--format",
                "phh",
                "--out",
                str(out),
            ]
        )
        == 1
    )
    assert "PHH has no variant for 5 Card Draw Limit" in capsys.readouterr().err
    assert not out.exists()


def test_text_to_standard_output(samples_import: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "--db",
                str(samples_import),
                "share",
                "PokerStars:9000000031",
                "--format",
                "text",
                "--hero",
                "Jon",
            ]
        )
        == 0
    )
    assert "Preflop: Jon is BTN with A♦ K♣" in capsys.readouterr().out.splitlines()


def test_html_is_the_component_document(samples_import: Path, tmp_path: Path) -> None:
    document = _share(samples_import, "9000000031", "html", tmp_path / "h.html")
    body = document.split('id="hand-data">', 1)[1].split("</script>", 1)[0]
    assert document == replayer_html(json.loads(body))
