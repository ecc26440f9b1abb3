"""Typed errors, split by what went wrong (as python-chess splits invalid and illegal moves).

- ``DecodeError``: the bytes are not text in any encoding we accept.
- ``ParseError``: the text does not fit the grammar (names file, line, column, expected).
- ``RuleViolation``: the text fits but an action breaks a rule of RULES.md (names the rule).
- ``ReplayMismatch``: the hand replays, but the log's own claims (collected, pot, rake)
  disagree with the engine.
- ``IncompleteHand`` / ``CancelledHand``: the log stops early or the site voided the hand.

Library calls raise these; only the importer collects them per hand and goes on.
Every error has a ``kind`` (stable, stored in the database and exported) and ``rule``.
"""

from __future__ import annotations


class PokerhhError(Exception):
    kind = "error"
    rule: str | None = None
    path: str | None = None
    line: int | None = None
    hand_id: str | None = None


class DecodeError(PokerhhError):
    kind = "decode_error"

    def __init__(self, path: str, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"{path}: cannot decode: {reason}")


class ParseError(PokerhhError):
    """The text does not fit the grammar: ``hh.txt:12:10: unexpected 'chekcs' (...)``."""

    kind = "parse_error"

    def __init__(
        self,
        message: str,
        *,
        path: str = "<text>",
        line: int = 0,
        column: int = 0,
        text: str = "",
        expected: tuple[str, ...] = (),
        hand_id: str | None = None,
    ) -> None:
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.text = text
        self.expected = expected
        self.hand_id = hand_id
        where = f"{path}:{line}:{column}" if column else f"{path}:{line}"
        super().__init__(f"{where}: {message}")


class HandError(PokerhhError):
    """A problem with one hand, located by hand id, event index and source line."""

    def __init__(
        self,
        message: str,
        *,
        rule: str | None = None,
        hand_id: str | None = None,
        event_index: int | None = None,
        event_kind: str | None = None,
        path: str | None = None,
        line: int | None = None,
    ) -> None:
        self.message = message
        self.rule = rule
        self.hand_id = hand_id
        self.event_index = event_index
        self.event_kind = event_kind
        self.path = path
        self.line = line
        super().__init__(self._format())

    def _format(self) -> str:
        parts = [f"hand {self.hand_id}" if self.hand_id else "hand"]
        if self.event_index is not None:
            where = f"event #{self.event_index}"
            if self.event_kind or self.line:
                loc = f"{self.path or '<text>'}:{self.line}" if self.line else ""
                where += f" ({' at '.join(p for p in (self.event_kind, loc) if p)})"
            parts.append(where)
        elif self.line:
            parts.append(f"{self.path or '<text>'}:{self.line}")
        rule = f"[{self.rule}] " if self.rule else ""
        return f"{': '.join(parts)}: {rule}{self.message}"

    def located(self, *, hand_id: str | None, path: str | None) -> HandError:
        """Fill in where the hand came from, for errors raised deep in the engine."""
        self.hand_id = self.hand_id or hand_id
        self.path = self.path or path
        self.args = (self._format(),)
        return self


class RuleViolation(HandError):
    """``hand PS:2481: event #7 (raise_to at hh.txt:11): [B5] seat 2 cannot raise ...``."""

    kind = "rule_violation"


class ReplayMismatch(HandError):
    kind = "replay_mismatch"


class IncompleteHand(HandError):
    kind = "incomplete"


class CancelledHand(HandError):
    kind = "cancelled"


class UnsupportedGame(HandError):
    kind = "unsupported"
