"""A hand-history file that is still being written: where its complete hands end.

A poker client appends each hand to its table's file as the hand ends, sometimes in
several writes, so a file read at any moment may end inside a hand, even inside a line
(or inside a UTF-8 character, or half a UTF-16 code unit). This module answers, from the
bytes alone, the questions :mod:`analytics.ingest.watch` asks of such a file:

- where the last *complete line* ends (:func:`complete_end`): the bytes after it are a
  line still being written, never decoded (a cut UTF-8 character would make the decoder
  fall back to cp1252 and garble every hand of the piece);
- where line ``k`` of a piece starts, in bytes (:func:`line_offset`), so that the next
  read can start at the first byte of the hand held back;
- how many lines come before a byte offset (:func:`lines_before`), so that hands read
  from the middle of a file keep their file line numbers in every error.

Line ends are counted as :func:`parser.kit.decode.decode` normalises them (CRLF, CR and LF
are one line end each), so line ``k`` here is line ``k`` of the decoded text. The byte
layout is ASCII-compatible (UTF-8, cp1252: a line end is a byte ``\\r`` or ``\\n``, which
no multi-byte character contains) or UTF-16, told the way the decoder tells it (a
byte-order mark, else where the NUL bytes fall).
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass

#: Seconds a file must stay unchanged before a last hand with no end mark is taken as
#: complete (here, beside the reading of growing files, so the command line's parser
#: can name it without loading the importer).
QUIET_SECONDS = 5.0

_LINE_END = re.compile(rb"\r\n|\r|\n")
_TEXT_LINE_END = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True, slots=True)
class Layout:
    """How a file's bytes hold its lines: the codec of a UTF-16 file (None for
    ASCII-compatible ones) and its byte-order mark, if any (repeated in front of a piece
    read from the middle of the file, so that it decodes as the whole file does)."""

    utf16: str | None
    bom: bytes

    @property
    def unit(self) -> int:
        return 2 if self.utf16 else 1


def layout(data: bytes) -> Layout:
    """The layout of a file from its first bytes (see the module docstring).

    >>> layout(b"PokerStars Hand #1:"), layout(codecs.BOM_UTF8 + b"x").bom
    (Layout(utf16=None, bom=b''), b'\\xef\\xbb\\xbf')
    >>> layout("Hand".encode("utf-16-le")).utf16, layout("Hand".encode("utf-16")).bom != b""
    ('utf-16-le', True)
    """
    if data.startswith(codecs.BOM_UTF8):
        return Layout(None, codecs.BOM_UTF8)
    for mark, codec in ((codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be")):
        if data.startswith(mark):
            if _utf8_after_mark(data[2:4098]):  # as parser.kit.decode reads it (issue 23)
                return Layout(None, mark)
            return Layout(codec, mark)
    sample = data[:4096]
    if b"\x00" in sample:
        even, odd = sample[0::2].count(0), sample[1::2].count(0)
        return Layout("utf-16-le" if odd >= even else "utf-16-be", b"")
    return Layout(None, b"")


def _utf8_after_mark(sample: bytes) -> bool:
    """UTF-8 text behind a UTF-16 mark: no NUL in the 4 KB after it, and they decode as
    UTF-8 (a character cut at the sample's end allowed). The decoder then drops the mark
    (``parser.kit.decode``), so a piece read with the mark in front decodes the same.

    >>> layout(codecs.BOM_UTF16_LE + "Jöns".encode()), layout("Jöns".encode("utf-16")).utf16
    (Layout(utf16=None, bom=b'\\xff\\xfe'), 'utf-16-le')
    """
    if b"\x00" in sample:
        return False
    try:
        codecs.getincrementaldecoder("utf-8")().decode(sample, final=False)
    except UnicodeDecodeError:
        return False
    return True


def _units(data: bytes, start: int, end: int, shape: Layout) -> str:
    """UTF-16 bytes ``[start, end)`` as text, without normalising anything (a trailing
    half code unit or a lone surrogate is left out or replaced: only positions matter)."""
    end -= (end - start) % 2
    return data[start:end].decode(shape.utf16 or "utf-16-le", errors="surrogatepass")


def complete_end(data: bytes, start: int = 0) -> int:
    """The offset just past the last complete line end at or after ``start`` (``start``
    if none). A CR at the very end is not complete yet: its LF may be on its way.

    >>> complete_end(b"a\\nb\\nhalf a li"), complete_end(b"a\\r"), complete_end(b"a\\r\\nb")
    (4, 0, 3)
    >>> complete_end("a\\nb".encode("utf-16-le"))
    4
    """
    shape = layout(data)
    if shape.utf16 is None:
        end = start
        for match in _LINE_END.finditer(data, start):
            if match.group() == b"\r" and match.end() == len(data):
                break
            end = match.end()
        return end
    body = start if start >= len(shape.bom) else len(shape.bom)
    text = _units(data, body, len(data), shape)
    end = 0
    for found in _TEXT_LINE_END.finditer(text):
        if found.group() == "\r" and found.end() == len(text):
            break
        end = found.end()
    return body + len(text[:end].encode("utf-16-le", errors="surrogatepass")) if end else start


def line_offset(data: bytes, start: int, line: int) -> int:
    """The byte offset where line ``line`` (1 = the line starting at ``start``) starts.

    >>> data = b"one\\r\\ntwo\\nthree\\n"
    >>> [line_offset(data, 0, k) for k in (1, 2, 3)], line_offset(data, 5, 2)
    ([0, 5, 9], 9)
    """
    if line <= 1:
        return start
    shape = layout(data)
    if shape.utf16 is None:
        for count, match in enumerate(_LINE_END.finditer(data, start), start=2):
            if count == line:
                return match.end()
        raise ValueError(f"fewer than {line} lines after byte {start}")
    body = start if start >= len(shape.bom) else len(shape.bom)
    text = _units(data, body, len(data), shape)
    for count, found in enumerate(_TEXT_LINE_END.finditer(text), start=2):
        if count == line:
            return body + len(text[: found.end()].encode("utf-16-le", errors="surrogatepass"))
    raise ValueError(f"fewer than {line} lines after byte {start}")


def lines_before(data: bytes, offset: int) -> int:
    """How many line ends the bytes before ``offset`` hold.

    >>> lines_before(b"a\\r\\nb\\rc\\nd", 7), lines_before("a\\nb\\n".encode("utf-16"), 10)
    (3, 2)
    """
    shape = layout(data)
    if shape.utf16 is None:
        head = data[:offset]
        return head.count(b"\n") + head.count(b"\r") - head.count(b"\r\n")
    text = _units(data, len(shape.bom), offset, shape)
    return text.count("\n") + text.count("\r") - text.count("\r\n")


def piece(data: bytes, start: int, end: int) -> bytes:
    """Bytes ``[start, end)`` as a file of their own: the byte-order mark of the whole file
    in front when ``start`` is past it, so that the piece decodes as the file does."""
    shape = layout(data)
    if start <= len(shape.bom):
        return data[:end]
    return shape.bom + data[start:end]
