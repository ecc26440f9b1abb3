"""Golden tests: every sample history replays to its hand-computed ``*.expected.json``.

The expected files under ``sample_histories/`` are the independent oracle: every number in
them was computed by hand from RULES.md, never by running the engine, so they are never
regenerated from the engine's output (hence no ``--update-golden`` option). When the engine
and a golden disagree, re-derive the hand by hand before touching either.

The consistency checks of the goldens themselves need neither the parser nor the engine; the
replays import both, and a failing import fails them (it never skips them).
"""

from __future__ import annotations

import importlib
import json
import re
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

SAMPLES = Path(__file__).resolve().parent.parent / "sample_histories"
STATUSES = {"ok", "invalid", "cancelled", "incomplete"}
#: A hand's id in its header: PokerStars, GGPoker ("Poker Hand #RC1:"), Winamax ("HandId: #1-2-3"),
#: PartyPoker ("***** Hand History for Game 1 *****"), iPoker XML ('<game gamecode="1">'),
#: 888poker ("***** 888poker Hand History for Game 1 *****"), WPN ("Hand #1 - ", "Game ID: 1 "),
#: Bovada ("Bovada Hand #1 TBL#2"), Full Tilt ("Full Tilt Poker Game #1:").
HEADER_ID = re.compile(
    r"^(?:PokerStars (?:Hand|Game) #|Poker Hand #|Winamax Poker - [^\n]*?HandId: #"
    r"|\*{5} Hand History [Ff]or Game |\s*<game gamecode=\""
    r"|\*{5} (?:Cassava|888\S*) Hand History for Game |(?:Game )?Hand #|Game ID: "
    r"|(?:Bovada|Ignition|Bodog\S*) Hand #|Full Tilt Poker Game #)([A-Z]*[\d-]+)",
    re.MULTILINE,
)


def _load(path: Path) -> list[dict[str, Any]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return data if isinstance(data, list) else [data]


def _history_of(expected: Path) -> Path:
    return expected.with_name(expected.name.removesuffix(".expected.json") + ".txt")


#: The PHH samples (live-game logs, and games PokerStars does not deal) have their own test:
#: tests/test_golden_live.py.
OWN_TESTS = ("live", "phh")


def _expected_files() -> list[Path]:
    return sorted(
        p for p in SAMPLES.rglob("*.expected.json")
        if p.relative_to(SAMPLES).parts[0] not in OWN_TESTS
    )


def _cases() -> Iterator[Any]:
    for path in _expected_files():
        name = path.relative_to(SAMPLES).as_posix().removesuffix(".expected.json")
        for hand in _load(path):
            yield pytest.param(path, hand, id=f"{name}#{hand['hand_id']}")


EXPECTED_FILES = _expected_files()
CASES = list(_cases())


# -- the goldens themselves (no engine needed) ---------------------------------------------


def test_samples_exist() -> None:
    assert EXPECTED_FILES, f"no *.expected.json under {SAMPLES}"


@pytest.mark.parametrize(
    "expected", EXPECTED_FILES, ids=lambda p: p.relative_to(SAMPLES).as_posix()
)
def test_golden_matches_its_history(expected: Path) -> None:
    """Each golden sits beside its history and lists the same hands in the same order."""
    history = _history_of(expected)
    assert history.is_file(), f"{expected} has no sibling {history.name}"
    ids_in_text = HEADER_ID.findall(history.read_text(encoding="utf-8"))
    assert ids_in_text == [hand["hand_id"] for hand in _load(expected)]


def test_every_history_has_a_golden() -> None:
    orphans = [
        p.relative_to(SAMPLES).as_posix()
        for p in sorted(SAMPLES.rglob("*.txt"))
        if not p.with_name(p.stem + ".expected.json").is_file()
    ]
    assert not orphans, f"histories without an expected result: {orphans}"


def test_hand_ids_are_unique() -> None:
    ids = [hand["hand_id"] for path in EXPECTED_FILES for hand in _load(path)]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    assert not duplicates, f"hand ids used twice: {duplicates}"


@pytest.mark.parametrize(("expected_path", "hand"), CASES)
def test_golden_is_consistent(expected_path: Path, hand: dict[str, Any]) -> None:
    """net = collected - invested; chips are conserved (sum of nets + rake = 0)."""
    assert hand["status"] in STATUSES
    if hand["status"] != "ok":
        assert hand["players"] is None
        if hand.get("error") == "rule_violation":
            assert re.fullmatch(r"[A-Z]\d+", hand["rule"] or "")
        return
    assert hand["rule"] is None
    players = hand["players"]
    for name, row in players.items():
        assert row["net"] == row["collected"] - row["invested"], name
    assert sum(row["net"] for row in players.values()) + hand["rake"] == 0
    assert sum(row["invested"] for row in players.values()) == hand["total_pot"]
    assert hand["boards"], "a hand has at least one (possibly empty) board"


def test_readme_lists_every_sample() -> None:
    readme = (SAMPLES / "README.md").read_text(encoding="utf-8")
    missing = [
        p.relative_to(SAMPLES).as_posix()
        for p in sorted(SAMPLES.rglob("*.txt"))
        if p.relative_to(SAMPLES).as_posix() not in readme
    ]
    assert not missing, f"sample_histories/README.md does not list: {missing}"


# -- replaying them (needs the parser and the replayer) ------------------------------------


def _parser() -> types.ModuleType:
    """The parser package: an import that fails is a failure, never a skip (issue 9)."""
    return importlib.import_module("parser")


def _replay() -> Callable[..., Any]:
    replay: Callable[..., Any] = importlib.import_module("replayer").replay
    return replay


def _raw_text(raw: Any) -> str:
    text = getattr(raw, "text", None)
    if text is None and isinstance(raw, tuple):
        text = raw[-1]
    assert isinstance(text, str), f"cannot read the text of {raw!r}"
    return text


def _raw_hands(parser: types.ModuleType, history: Path) -> list[Any]:
    from parser import formats  # every room's splitter (parser.split_hands is PokerStars')

    text = parser.decode(history.read_bytes(), str(history))
    return list(formats.split_hands(text, str(history)))


def _raw_hand(parser: types.ModuleType, history: Path, hand_id: str) -> Any:
    raws = _raw_hands(parser, history)
    for raw in raws:
        found = HEADER_ID.search(_raw_text(raw))
        if found and found.group(1) == hand_id:
            return raw
    pytest.fail(f"split_hands found no hand #{hand_id} in {history} ({len(raws)} hands)")


def _outcome(raw: Any, replay: Callable[..., Any], parser: types.ModuleType) -> Any:
    """Parse and replay one raw hand: the ReplayResult, or the error it raised."""
    from parser import formats
    from parser.model.errors import CancelledHand, IncompleteHand, ReplayMismatch, RuleViolation
    from parser.model.games import GAME_SPECS

    try:
        parsed = formats.parse_hand(raw)
        return replay(parsed, GAME_SPECS[parsed.game])
    except (RuleViolation, ReplayMismatch, CancelledHand, IncompleteHand) as error:
        return error


def _status_of(outcome: Any) -> tuple[str, str | None, str | None]:
    from parser.model.errors import CancelledHand, IncompleteHand, ReplayMismatch, RuleViolation

    if isinstance(outcome, RuleViolation):
        return "invalid", "rule_violation", outcome.rule
    if isinstance(outcome, ReplayMismatch):
        return "invalid", "replay_mismatch", outcome.rule
    if isinstance(outcome, CancelledHand):
        return "cancelled", None, None
    if isinstance(outcome, IncompleteHand):
        return "incomplete", None, None
    return "ok", None, None


@pytest.mark.parametrize(("expected_path", "hand"), CASES)
def test_replay_matches_golden(expected_path: Path, hand: dict[str, Any]) -> None:
    parser = _parser()
    replay = _replay()
    raw = _raw_hand(parser, _history_of(expected_path), hand["hand_id"])
    outcome = _outcome(raw, replay, parser)
    status, error, rule = _status_of(outcome)

    assert status == hand["status"], f"expected {hand['status']}, got {status}: {outcome}"
    if status == "invalid":
        if "error" in hand:
            assert error == hand["error"], str(outcome)
        if hand.get("error") != "replay_mismatch":
            assert rule == hand["rule"], str(outcome)
        if hand.get("line") is not None:
            assert outcome.line == hand["line"], str(outcome)
        return
    if status != "ok":
        return

    assert outcome.total_pot == hand["total_pot"]
    assert outcome.rake == hand["rake"]
    assert [[str(card) for card in board] for board in outcome.boards] == hand["boards"]
    by_name = {p.name: p for p in outcome.players}
    for name, row in hand["players"].items():
        assert name in by_name, f"{name!r} missing from the replay's players {sorted(by_name)}"
        player = by_name[name]
        got = {"invested": player.invested, "collected": player.collected, "net": player.net}
        assert got == row, name
    for name, player in by_name.items():
        if name not in hand["players"]:
            assert (player.invested, player.collected) == (0, 0), name


def test_every_supported_game_has_a_sample_history() -> None:
    """RULES-as-data: a GameSpec marked supported has at least one sample history."""
    from parser.model.errors import PokerhhError
    from parser.model.games import GAME_SPECS

    parser = _parser()
    seen: set[str] = set()
    unparsed: list[str] = []
    from parser import formats

    for history in sorted([*SAMPLES.rglob("*.txt"), *SAMPLES.rglob("*.phh")]):
        text = parser.decode(history.read_bytes(), str(history))
        for raw in formats.split_hands(text, str(history)):
            try:
                seen.add(formats.parse_hand(raw).game)
            except PokerhhError as error:  # a cancelled or truncated hand may not parse
                unparsed.append(f"{history.name}: {error}")
    missing = sorted(
        code for code, spec in GAME_SPECS.items() if spec.supported and code not in seen
    )
    assert not missing, (
        f"supported games without a sample history: {missing} (unparsed: {unparsed})"
    )
