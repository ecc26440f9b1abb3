"""Attacker-controlled text (player and table names, a hand's raw lines) made safe for the
two places that would otherwise execute it: a spreadsheet opening our CSV, and a terminal.

Names are stored byte-identical (a hand's players are whatever the site wrote); the guard is
applied on the way out, only where the output is read by a program that interprets it:

- CSV (``pokerhh stats --format csv``, ``explain --format csv``): a cell starting with
  ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is a formula to Excel, LibreOffice
  and Google Sheets (``=HYPERLINK(...)``, ``@SUM(...)``, ``+cmd|' /C calc'!A0``). OWASP's
  "CSV Injection" advice: prefix such a cell with ``'`` so it is read as text. Only text
  cells are guarded; numbers (a negative net won) stay numbers.
- The terminal (``pokerhh replay``, the ``stats`` and ``explain`` tables, the import's problem
  list): C0 and C1 control characters (an ``ESC [`` sequence recolours, clears or retitles
  the terminal; ``ESC ]`` can write hyperlinks) and the Unicode bidirectional controls (an
  RLO, U+202E, shows ``Bob: folds`` as another line: Trojan Source, CVE-2021-42574) are
  written as visible escapes (``\\x1b``, ``\\u202e``). Newlines and tabs between lines are kept.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from analytics.lazy_modules import LazyModule

if TYPE_CHECKING:
    import pandas as pd
else:  # loaded by csv_safe: pokerhh import (and its workers) never need it (issue 23 item 21)
    pd = LazyModule("pandas")

#: The first characters that make a spreadsheet read a cell as a formula (OWASP).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: Unicode's explicit bidirectional formatting characters (UAX #9) and the marks.
BIDI_CONTROLS = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
# C0 but tab and newline, DEL, C1, the line and paragraph separators and the bidi controls.
_UNSAFE = re.compile(f"[\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f\u2028\u2029{BIDI_CONTROLS}]")
_UNSAFE_IN_NAME = re.compile(f"[\\x00-\\x1f\\x7f-\\x9f\u2028\u2029{BIDI_CONTROLS}]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def terminal_text(text: str) -> str:
    """``text`` with every control character a terminal would act on made visible; lines
    and tabs are kept.

    >>> terminal_text("Bob\\x1b[2J: folds\\n\\u202eevil")
    'Bob\\\\x1b[2J: folds\\n\\\\u202eevil'
    >>> terminal_text("Émile 🂡 <b>x</b>")
    'Émile 🂡 <b>x</b>'
    """
    return _UNSAFE.sub(_escape, text)


def terminal_name(name: str) -> str:
    """One name on one line: as :func:`terminal_text`, newlines and tabs escaped too.

    >>> terminal_name("two\\nlines\\t")
    'two\\\\x0alines\\\\x09'
    """
    return _UNSAFE_IN_NAME.sub(_escape, name)


def csv_cell(value: object) -> object:
    """A CSV cell a spreadsheet reads as text, not a formula (OWASP's ``'`` prefix).

    >>> [csv_cell(v) for v in ("=1+1", "+cmd", "-2", "@SUM(A1)", "\\tx", "Bob", -2, None)]
    ["'=1+1", "'+cmd", "'-2", "'@SUM(A1)", "'\\tx", 'Bob', -2, None]
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_safe(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with :func:`csv_cell` applied to every text cell and column name."""
    guarded = frame.copy()
    for column in guarded.columns:
        if guarded[column].dtype == object or pd.api.types.is_string_dtype(guarded[column]):
            guarded[column] = guarded[column].map(csv_cell)
    guarded.columns = [csv_cell(str(c)) for c in guarded.columns]
    return guarded
