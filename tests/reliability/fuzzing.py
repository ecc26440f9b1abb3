"""The fuzz targets and mutators shared by the CI run (``test_fuzz.py``) and the long run
(``benchmarks/fuzz_long.py``), so both hold pokerhh to the same promise.

The promise (issue 9): whatever bytes arrive, the parser answers with a parsed hand or a
typed error (:class:`PokerhhError`), the pipeline with a replayed or a quarantined hand, and
each within :data:`TIME_CAP` seconds. Anything else (a ``KeyError`` out of the parser, an
``internal_error`` quarantine, rows that cannot be built, a hand that takes 5 s) is a crash.

Mutations work on lines, because hand histories are line-oriented and a random byte flip
mostly breaks the header and tests nothing behind it: a line dropped, doubled or swapped,
an amount, a card or a name changed, a section marker moved, a byte inserted.
"""

from __future__ import annotations

import contextlib
import random
import re
import signal
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from analytics.ingest.pipeline import INTERNAL_ERROR, process
from analytics.ingest.rows import outcome_rows
from parser import decode
from parser.formats import parse_hand, split_hands
from parser.model.errors import PokerhhError
from parser.model.hand import Source

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "sample_histories"
#: Seconds one hand may take through parse, replay and rows. A hand takes about 1 ms; 2 s
#: is far from any honest hand and close enough to catch a quadratic blow-up or a loop.
TIME_CAP = 2.0
#: Seconds one whole file (decode and split) may take; fuzzed files stay under 100 kB.
FILE_TIME_CAP = 5.0

_AMOUNT = re.compile(r"\d+(?:[.,]\d+)?")
_CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")
_NAME = re.compile(r"^Seat \d+: (.+?) \(", re.MULTILINE)
#: Odd values a mutated amount becomes.
AMOUNTS = ("0", "-1", "0.001", "1e9", "99999999999999999999", "1,000,000", ".5", "5.", "NaN",
           "0x10", "١٢", "1_000", "")  # fmt: skip
CARDS = ("1d", "Xx", "AA", "Ah", "As Ah", "", "10h", "ah", "A\u2660")
#: Names that collide with the format's keywords and markers.
NAMES = ("", " ", "Seat 1", "*** FLOP ***", "Bob: folds", "x (", "[Ah Kh]", "collected",
         "Uncalled bet", "\u202eevil", "=1+1", "<b>x</b>", "a" * 300, "🂡🂮", "\t",
         "'; DROP")  # fmt: skip
#: Characters put into lines (no lone surrogate: ``decode`` never produces one).
JUNK = ("\x00", "\x7f", "\ufeff", "\u2028", "\x1b[31m", "\r", "***", ":", "#", "(", ")",
        "$", "€", "[", "]", "\\", "\"", "'")  # fmt: skip


#: Engine bugs found by fuzzing and reported (the engine is replayer/, its owner fixes
#: them): a crash whose message matches one is counted as known, not failed on. Each has a
#: minimal input in ``test_fuzz.py`` marked ``xfail(strict=True)``, which fails as soon as
#: the engine is fixed, so this list cannot outlive the bugs.
#: Crashes the fuzzer found in the engine and that it still allows, by message: none (the
#: D1 and D7 cases it found are refused by their rules now, tests/reliability/test_fuzz.py).
KNOWN_ENGINE_BUGS: tuple[re.Pattern[str], ...] = ()


def known_engine_bug(what: str) -> bool:
    return any(p.search(what) for p in KNOWN_ENGINE_BUGS)


class Crash(AssertionError):
    """A broken promise: the input and what happened, to paste into a bug report."""

    def __init__(self, what: str, text: str) -> None:
        super().__init__(f"{what}\n--- input ---\n{text[:4000]}")
        self.what = what
        self.text = text


class Hang(Crash):
    pass


class _Alarm(BaseException):
    """Raised inside a hand that overran its time cap (not an ``Exception``, so no
    ``except Exception`` in pokerhh can swallow it)."""


@contextlib.contextmanager
def time_cap(seconds: float, what: str, text: str) -> Iterator[None]:
    """Raise :class:`Hang` if the block takes more than ``seconds`` of CPU (a loop that never
    ends included: SIGPROF interrupts it; in other threads only the time is checked after
    the block). CPU time, not wall time: a busy CI machine stretches the wall clock of an
    honest 1 ms hand, never its CPU; a quadratic blow-up or a loop burns CPU either way."""
    started = time.process_time()
    armed = threading.current_thread() is threading.main_thread()

    def ring(signum: int, frame: object) -> None:
        raise _Alarm

    if armed:
        previous = signal.signal(signal.SIGPROF, ring)
        signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    except _Alarm:
        raise Hang(f"{what} did not finish in {seconds} s", text) from None
    finally:
        if armed:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, previous)
    took = time.process_time() - started
    if took > seconds:
        raise Hang(f"{what} took {took:.2f} s (cap {seconds} s)", text)


@dataclass(frozen=True, slots=True)
class Seed:
    """A hand history to mutate: its file name (the format is partly chosen by it)."""

    path: str
    text: str


def seed_hands(limit_per_file: int = 3) -> list[Seed]:
    """The sample histories' hands (a few per file), every room and game."""
    seeds: list[Seed] = []
    for path in sorted(SAMPLES.rglob("*")):
        if not path.is_file() or path.suffix not in {".txt", ".phh", ".phhs", ".xml"}:
            continue
        text = decode(path.read_bytes(), str(path))
        try:
            hands = list(split_hands(text, path.name))
        except PokerhhError:
            continue
        seeds += [Seed(path.name, raw.text) for raw in hands[:limit_per_file]]
    return seeds


def warm_up(seeds: list[Seed]) -> None:
    """Run every seed through the pipeline once, outside any time cap. A room's reader, the
    engine and the evaluator's tables load on a hand's first use (lazy imports: 0.24 s idle,
    2.19 s once under CI's load); that is start-up, not the hand's work :data:`TIME_CAP`
    bounds, and it fell on whichever fuzzed input came first."""
    for seed in seeds:
        check_text(seed.text, seed.path)


# -- mutators: each takes the lines and a random source and changes them in place ----------


def _pick(rng: random.Random, lines: list[str]) -> int:
    return rng.randrange(len(lines)) if lines else 0


def drop_line(rng: random.Random, lines: list[str]) -> None:
    if lines:
        del lines[_pick(rng, lines)]


def double_line(rng: random.Random, lines: list[str]) -> None:
    if lines:
        i = _pick(rng, lines)
        lines.insert(i, lines[i])


def swap_lines(rng: random.Random, lines: list[str]) -> None:
    if len(lines) > 1:
        i, j = _pick(rng, lines), _pick(rng, lines)
        lines[i], lines[j] = lines[j], lines[i]


def move_line(rng: random.Random, lines: list[str]) -> None:
    if lines:
        line = lines.pop(_pick(rng, lines))
        lines.insert(_pick(rng, lines), line)


def _sub_one(rng: random.Random, lines: list[str], pattern: re.Pattern[str], new: str) -> None:
    candidates = [i for i, line in enumerate(lines) if pattern.search(line)]
    if not candidates:
        return
    i = rng.choice(candidates)
    matches = list(pattern.finditer(lines[i]))
    m = rng.choice(matches)
    lines[i] = lines[i][: m.start()] + new + lines[i][m.end() :]


def change_amount(rng: random.Random, lines: list[str]) -> None:
    odd = rng.random() < 0.5
    new = rng.choice(AMOUNTS) if odd else str(rng.randrange(0, 10 ** rng.randrange(1, 8)))
    _sub_one(rng, lines, _AMOUNT, new)


def change_card(rng: random.Random, lines: list[str]) -> None:
    odd = rng.random() < 0.4
    new = rng.choice(CARDS) if odd else rng.choice("23456789TJQKA") + rng.choice("cdhs")
    _sub_one(rng, lines, _CARD, new)


def change_name(rng: random.Random, lines: list[str]) -> None:
    """One player's name changed everywhere it appears, or in one line only."""
    names = _NAME.findall("\n".join(lines))
    if not names:
        return
    old, new = rng.choice(names), rng.choice(NAMES + tuple(names))
    if rng.random() < 0.5:
        lines[:] = [line.replace(old, new) for line in lines]
    else:
        i = _pick(rng, lines)
        lines[i] = lines[i].replace(old, new)


def insert_junk(rng: random.Random, lines: list[str]) -> None:
    if not lines:
        lines.append(rng.choice(JUNK))
        return
    i = _pick(rng, lines)
    at = rng.randrange(len(lines[i]) + 1)
    lines[i] = lines[i][:at] + rng.choice(JUNK) + lines[i][at:]


def cut_line(rng: random.Random, lines: list[str]) -> None:
    if lines:
        i = _pick(rng, lines)
        lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]


def splice(rng: random.Random, lines: list[str], other: list[str]) -> None:
    """A run of another hand's lines put into this one (crossover)."""
    if other:
        start = rng.randrange(len(other))
        chunk = other[start : start + rng.randrange(1, 6)]
        at = _pick(rng, lines)
        lines[at:at] = chunk


MUTATORS: tuple[Callable[[random.Random, list[str]], None], ...] = (
    drop_line, double_line, swap_lines, move_line, change_amount, change_amount, change_card,
    change_card, change_name, insert_junk, cut_line,
)  # fmt: skip


def mutate(rng: random.Random, seed: Seed, others: list[Seed], rounds: int = 0) -> str:
    """``seed``'s text after 1 to 4 random mutations (one of them maybe a splice)."""
    lines = seed.text.split("\n")
    for _ in range(rounds or rng.randint(1, 4)):
        if others and rng.random() < 0.1:
            splice(rng, lines, rng.choice(others).text.split("\n"))
        else:
            rng.choice(MUTATORS)(rng, lines)
    return "\n".join(lines)


# -- targets ----------------------------------------------------------------------------------


def check_text(text: str, path: str) -> int:
    """Split and parse ``text`` (as the format ``path`` suggests) and put each hand through
    the pipeline; raise :class:`Crash` for anything but a typed answer. Returns the hands."""
    try:
        with time_cap(FILE_TIME_CAP, "split_hands", text):
            raws = list(split_hands(text, path))
    except PokerhhError:
        return 0
    except Exception as error:
        raise Crash(f"split_hands raised {type(error).__name__}: {error}", text) from error
    for raw in raws:
        check_hand(raw)
    return len(raws)


def check_hand(raw: Source) -> None:
    """One hand: parse alone (only a hand or a ``PokerhhError``), then the whole pipeline
    (never an internal error, rows always built), all within :data:`TIME_CAP`."""
    with time_cap(TIME_CAP, "one hand (parse, replay, rows)", raw.text):
        _check_hand(raw)


def _check_hand(raw: Source) -> None:
    try:
        parse_hand(raw)
    except PokerhhError:
        pass
    except Exception as error:
        raise Crash(f"parse_hand raised {type(error).__name__}: {error}", raw.text) from error
    outcome = process(raw)
    if outcome.problem is not None and outcome.problem.kind == INTERNAL_ERROR:
        raise Crash(f"pipeline ({_where(raw)}): {outcome.problem.message}", raw.text)
    try:
        outcome_rows(outcome)
    except Exception as error:
        raise Crash(f"rows raised {type(error).__name__}: {error}", raw.text) from error


def _where(raw: Source) -> str:
    """The module and line a pipeline crash came from (the pipeline keeps only the message)."""
    from replayer import replay

    try:
        replay(parse_hand(raw))
    except Exception as error:
        frame = traceback.extract_tb(error.__traceback__)[-1]
        return f"{Path(frame.filename).parent.name}/{Path(frame.filename).name}:{frame.lineno}"
    return "rows"


def check_bytes(data: bytes, path: str = "fuzz.txt") -> int:
    """Arbitrary bytes as a file: decode (a ``DecodeError`` is an answer), then
    :func:`check_text`."""
    try:
        text = decode(data, path)
    except PokerhhError:
        return 0
    except Exception as error:
        raise Crash(f"decode raised {type(error).__name__}: {error}", repr(data[:2000])) from error
    return check_text(text, path)


def mutants(rng: random.Random, seeds: list[Seed]) -> Iterator[tuple[str, str]]:
    """An endless stream of ``(path, mutated text)``."""
    while True:
        seed = rng.choice(seeds)
        yield seed.path, mutate(rng, seed, seeds)


def minimise(text: str, path: str, what: str) -> str:
    """``text`` with every line removed that the crash ``what`` (its first 40 characters)
    does not need: a minimal failing input to report (greedy, one line at a time)."""

    def fails(candidate: str) -> bool:
        try:
            check_text(candidate, path)
        except Crash as crash:
            return crash.what[:40] == what[:40]
        return False

    lines = text.split("\n")
    i = 0
    while i < len(lines):
        trial = lines[:i] + lines[i + 1 :]
        if fails("\n".join(trial)):
            lines = trial
        else:
            i += 1
    return "\n".join(lines)
