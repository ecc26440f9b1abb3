"""Bytes -> text: the encodings hand-history files come in, and nothing else.

Tried in order: a byte-order mark (UTF-8, UTF-16 LE/BE; a UTF-16 mark in front of UTF-8
text, no NUL in the 4 KB after it, is dropped); UTF-16 without a mark, told by
its NUL bytes; UTF-8; cp1252, with the five bytes cp1252 leaves undefined (0x81, 0x8D,
0x8F, 0x90, 0x9D) read as latin-1. Decoding is strict throughout (never
``errors="replace"``): text that fits none of these raises :class:`DecodeError`.

Line ends (CRLF, CR, mixed) become ``"\\n"``; U+00A0 no-break space becomes a plain space,
and so does its UTF-8 bytes read once as cp1252 and written again ("3Â\\xa0023,50 $", 888's
thousands separator in a file that went through a wrong decoder) where it stands between
two digits, the only place such a separator is; U+FEFF (a BOM left inside concatenated
files) is dropped.

>>> decode("Ante\\xa0€0.25\\r\\n".encode("cp1252"), "h.txt")
'Ante €0.25\\n'
"""

from __future__ import annotations

import codecs
import re

from parser.model.errors import DecodeError

_UNDEFINED_CP1252 = frozenset(b"\x81\x8d\x8f\x90\x9d")
#: A no-break space's UTF-8 bytes (C2 A0) decoded as cp1252, between two digits.
_NBSP_TWICE_ENCODED = re.compile("(?<=\\d)\u00c2\u00a0(?=\\d)")
_ERRORS = "pokerhh-cp1252-latin1"


def _latin1_for_undefined(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    bad = exc.object[exc.start : exc.end]
    if all(b in _UNDEFINED_CP1252 for b in bad):
        return bad.decode("latin-1"), exc.end
    raise exc


codecs.register_error(_ERRORS, _latin1_for_undefined)


def _utf16_without_bom(data: bytes) -> str | None:
    """The byte order of BOM-less UTF-16 text, from where its NULs fall (ASCII-heavy text)."""
    if len(data) % 2:
        return None
    sample = data[:4096]
    even = sample[0::2].count(0)
    odd = sample[1::2].count(0)
    half = len(sample) // 2
    if odd > half * 0.3 and even < odd * 0.1:
        return "utf-16-le"
    if even > half * 0.3 and odd < even * 0.1:
        return "utf-16-be"
    return None


_CONTROL = frozenset(range(1, 32)) - {9, 10, 13}


def _stray_nuls(data: bytes) -> bool:
    """NULs in at most one byte in twenty, and no other control byte: text, not binary."""
    return data.count(0) * 20 <= len(data) and not _CONTROL.intersection(data)


def _utf8_behind_utf16_mark(data: bytes) -> str | None:
    """The UTF-8 text behind a UTF-16 byte-order mark, if that is what follows it.

    Some tools (an editor's "save as Unicode" undone, a merge script) leave ``FF FE`` in
    front of a UTF-8 file (issue 23 item 10). UTF-16 text of a hand history is mostly
    ASCII, so NULs fill every other byte; a body with no NUL in its first 4 KB that decodes
    as UTF-8 is UTF-8, and the mark is dropped. ``analytics.ingest.growing.layout`` reads
    a file's layout by the same rule.
    """
    body = data[2:]
    if b"\x00" in body[:4096]:
        return None
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _decode_raw(data: bytes, path: str) -> str:
    if data.startswith(codecs.BOM_UTF8):
        try:
            return data[3:].decode("utf-8")
        except UnicodeDecodeError as exc:
            raise DecodeError(path, f"UTF-8 BOM but invalid UTF-8 at byte {exc.start + 3}") from exc
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        utf8 = _utf8_behind_utf16_mark(data)
        if utf8 is not None:
            return utf8
        if len(data) % 2 and data.endswith(b"\n"):
            # WPN's 2016 client (and Full Tilt's) ends its UTF-16 files with one lone
            # byte "\n": a line end written in the wrong encoding, not a half character.
            data = data[:-1]
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise DecodeError(path, f"UTF-16 BOM but invalid UTF-16 at byte {exc.start}") from exc
    if b"\x00" in data:
        encoding = _utf16_without_bom(data)
        if encoding is None and _stray_nuls(data):
            # PartyPoker's club client writes a NUL at the start of each line: text with
            # a few NULs and no other control byte is that text, the NULs dropped.
            return _decode_raw(data.replace(b"\x00", b""), path)
        if encoding is None:
            raise DecodeError(path, "binary data (NUL bytes, and not UTF-16 text)")
        try:
            return data.decode(encoding)
        except UnicodeDecodeError as exc:
            raise DecodeError(
                path, f"looks like {encoding} but is invalid at byte {exc.start}"
            ) from exc
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    # cp1252 decodes every byte but the five it leaves undefined, which the handler maps
    # to latin-1; so this cannot fail.
    return data.decode("cp1252", errors=_ERRORS)


def decode(data: bytes, path: str) -> str:
    """Decode a hand-history file's bytes and normalise line ends and no-break spaces."""
    text = _decode_raw(data, path)
    if "\x00" in text:
        raise DecodeError(path, "NUL characters in the decoded text")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "\xa0" in text:
        if "\u00c2\u00a0" in text:
            text = _NBSP_TWICE_ENCODED.sub(" ", text)
        text = text.replace("\xa0", " ")
    if "\ufeff" in text:
        text = text.replace("\ufeff", "")
    return text
