"""``pokerhh record --script FILE``: the shorthand of docs/live.md read from a file."""

from __future__ import annotations

from pathlib import Path

import pytest

from analytics.recording.recorder import RecordingError
from analytics.recording.shorthand import Session, ShorthandError, read_cards
from analytics.store.lookup import find_hand, replay_stored
from dashboard.cli import main
from parser.model.errors import RuleViolation

#: The hand of tests/record/tables.py's e6_hand in shorthand (docs/live.md shows it too).
E6_SCRIPT = """\
# E6: a premature turn set aside, the river card dealt as the turn, reshuffled
game NLHE
blinds 1/2
seat 1 Ann 200
seat 2 Bob 200
seat 3 Cy 200
button 3
hand 1001
time 2024-05-01 20:00
d dh p1 AhKh p3 TdTs
c
c
x
d burn
d flop 2c7d9h
x
d turn Kc      # too early: Bob and Cy have not acted
d return
x
x
d turn Qs
b 10
c
c
d reshuffle
d river 3d
x
x
x
s p1
s p2 QcJc
s p3
done
"""


def _script(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "hand.txt"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_script_records_saves_and_the_hand_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "hands.sqlite"
    script = _script(tmp_path, E6_SCRIPT)
    assert main(["--db", str(db), "record", "--script", str(script)]) == 0
    out = capsys.readouterr().out
    assert "premature turn [Kc] set aside — E6" in out
    assert "the deck is reshuffled with [Kc] and cut" in out
    assert f"saved Live:1001 (ok) as {tmp_path / 'recorded' / 'Live_1001.phh'}" in out
    result = replay_stored(find_hand(db, "Live:1001"))
    assert {p.name: p.final_stack for p in result.players} == {"Ann": 188, "Bob": 224, "Cy": 188}
    assert main(["--db", str(db), "record", "--script", str(script)]) == 0
    assert "(saved before: nothing new stored)" in capsys.readouterr().out


def test_a_refused_step_stops_the_script_with_its_line_and_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "hands.sqlite"
    script = _script(tmp_path, E6_SCRIPT.replace("d reshuffle\n", ""))
    assert main(["--db", str(db), "record", "--script", str(script)]) == 1
    out = capsys.readouterr().out
    assert (f"{script}:25: d river 3d: refused: [E6] the set-aside Kc is not reshuffled "
            "back before the river") in out  # fmt: skip
    assert not (tmp_path / "recorded").exists()


def test_a_script_without_done_saves_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = _script(tmp_path, E6_SCRIPT.replace("done\n", ""))
    assert main(["--db", str(tmp_path / "h.sqlite"), "record", "--script", str(script)]) == 1
    assert "end it with 'done'; nothing saved" in capsys.readouterr().err


def test_an_unknown_game_is_refused_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 23 item 20: at the ``game`` line, not at the first step; and no claim that
    a hand was left unfinished."""
    script = _script(tmp_path, "game STUD\n")
    assert main(["--db", str(tmp_path / "h.sqlite"), "record", "--script", str(script)]) == 1
    out, err = capsys.readouterr()
    assert f"{script}:1: game STUD: cannot read it: cannot record 'STUD'" in out
    assert "NLHE" in out
    assert "not finished" not in out + err
    script = _script(tmp_path, E6_SCRIPT.replace("game NLHE", "game STUD"))
    assert main(["--db", str(tmp_path / "h.sqlite"), "record", "--script", str(script)]) == 1
    assert f"{script}:2: game STUD: cannot read it" in capsys.readouterr().out


def test_lines_that_stop_early_say_what_is_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = _script(tmp_path, "game PLO\nblinds 1/2\n")
    assert main(["--db", str(tmp_path / "h.sqlite"), "record", "--script", str(script)]) == 1
    err = capsys.readouterr().err
    assert "no hand was started: the setup lacks the seats (seat 1 Ann 200), the button" in err
    head = E6_SCRIPT.split("d flop")[0]
    script = _script(tmp_path, head)
    assert main(["--db", str(tmp_path / "h.sqlite"), "record", "--script", str(script)]) == 1
    assert "the hand was not finished: it waits for the next board, then 'done'" in (
        capsys.readouterr().err
    )


def test_the_shorthand_reads_each_step() -> None:
    session = Session()
    for line in E6_SCRIPT.splitlines()[:10]:
        session.feed(line)
    recorder = session.recorder
    assert recorder is not None
    assert recorder.players == ("Ann", "Bob", "Cy")
    assert "p3 Cy to act: f · c 2 · r 4..200 · a · t" in session.prompt()
    assert session.feed("r 6") == "Cy raises to 6"
    assert session.feed("a") == "Ann raises to 200 and is all-in"
    assert session.feed("u") == "undone"
    with pytest.raises(RuleViolation, match=r"minimum") as raised:
        session.feed("r 7")  # Ann: at least to 10 (B5)
    assert raised.value.rule == "B5"
    with pytest.raises(RecordingError, match="the next board is the flop"):
        session.feed("d turn Kh")
    with pytest.raises(ShorthandError, match="unknown step 'raise'"):
        session.feed("raise 10")
    with pytest.raises(ShorthandError, match="two characters each"):
        read_cards("AhK")
