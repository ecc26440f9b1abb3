"""Where things are in a PHH file's text: table headers and the line of every array string.

``tomllib`` gives values and no positions, but an error must name the file line of the
action it is about, and a ``.phhs`` file must be cut into hands before it is parsed (so that
one broken hand does not take the whole file down with it). This is a small scanner of the
TOML surface: strings (basic, literal, multi-line, with escapes), comments, and bracket depth.
It does not validate TOML (``tomllib`` does that); it only finds

- the top-level table headers (``[1]``, ``["hand 2"]``) and their lines, and
- for each top-level key whose value is an array, the line each string element starts on.

>>> layout = scan('variant = "NT"\\nactions = [\\n  "d dh p1 AhKh",  # hero\\n  "p1 f",\\n]\\n')
>>> layout.strings["actions"]
[3, 4]
>>> [(h.line, h.name) for h in scan('[1]\\nx = 1\\n\\n[ "two" ]\\nx = 2\\n').headers]
[(1, '1'), (4, 'two')]
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Header:
    line: int
    name: str


@dataclass(slots=True)
class Layout:
    headers: list[Header] = field(default_factory=list)
    #: Top-level key (the last segment when dotted) -> line of each string in its array.
    #: Keys under a table header are recorded too, by their own name.
    strings: dict[str, list[int]] = field(default_factory=dict)
    #: Top-level key -> the line it is defined on.
    keys: dict[str, int] = field(default_factory=dict)


def scan(text: str) -> Layout:
    """The headers and array-string lines of ``text`` (see the module docstring)."""
    layout = Layout()
    n = len(text)
    i = 0
    line = 1
    depth = 0
    at_line_start = True
    key_chars: list[str] = []
    current_key: str | None = None
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
            at_line_start = True
            if depth == 0:
                key_chars.clear()
            continue
        if c in " \t\r":
            i += 1
            continue
        if c == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if c in "\"'":
            start_line = line
            i, line, value = _string(text, i, line)
            if depth == 0 and current_key is None:
                key_chars.append(value)  # a quoted key
            elif depth == 0:
                current_key = None  # a string value: the key is done
            elif depth == 1 and current_key is not None:
                layout.strings.setdefault(current_key, []).append(start_line)
            at_line_start = False
            continue
        if depth == 0 and at_line_start and c == "[":
            end = text.find("\n", i)
            end = n if end < 0 else end
            layout.headers.append(Header(line, _header_name(text[i:end])))
            current_key = None
            i = end
            continue
        at_line_start = False
        if depth == 0:
            if c == "=":
                name = "".join(key_chars).strip().split(".")[-1].strip().strip("\"'")
                current_key = name
                layout.keys.setdefault(name, line)
                key_chars.clear()
                i += 1
                continue
            if current_key is None:
                key_chars.append(c)
        if c in "[{":
            depth += 1
        elif c in "]}":
            depth = max(0, depth - 1)
            if depth == 0:
                current_key = None
        i += 1
        if depth == 0 and current_key is not None and c not in "[{]}":
            # A scalar value: the key is done at the end of the line.
            end = text.find("\n", i)
            i = n if end < 0 else end
            current_key = None
    return layout


def _string(text: str, i: int, line: int) -> tuple[int, int, str]:
    """Skip the string starting at ``i``; return the index after it, the line, its text."""
    quote = text[i]
    triple = text.startswith(quote * 3, i)
    delimiter = quote * 3 if triple else quote
    j = i + len(delimiter)
    n = len(text)
    while j < n:
        c = text[j]
        if c == "\\" and quote == '"':
            if j + 1 < n and text[j + 1] == "\n":
                line += 1
            j += 2
            continue
        if c == "\n":
            line += 1
            if not triple:  # an unterminated string: tomllib will say so
                return j, line - 1, text[i + 1 : j]
        if text.startswith(delimiter, j):
            end = j + len(delimiter)
            while triple and end < n and text[end] == quote:  # """a"""" ends with a quote
                end += 1
            return end, line, text[i + len(delimiter) : end - len(delimiter)]
        j += 1
    return n, line, text[i + len(delimiter) :]


def _header_name(header: str) -> str:
    """``[ "hand 1" ] # x`` -> ``hand 1``."""
    body = header.split("]")[0].lstrip("[").strip()
    if len(body) >= 2 and body[0] == body[-1] and body[0] in "\"'":
        return body[1:-1]
    return body
