"""The line layer of iCalendar (RFC 5545): content lines, unfolding, parameters, TEXT escaping.

Reading: bytes (or text) are unfolded (a line end of CRLF, LF or CR followed
by a space or tab continues the line), each logical line is split into a
name, parameters and a value (:func:`parse_line`), and ``BEGIN``/``END``
lines build a tree of :class:`Component` (:func:`parse_calendar`).
Writing: :func:`clean_text`, :func:`escape_text` and :func:`fold_line`.
What the components mean (events, zones) is :mod:`._ics_events`'s business.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import attrs

from ..exceptions import ScheduleParseError
from ._common import check_size
from ._input import input_text

__all__ = [
    "Component",
    "Property",
    "clean_text",
    "escape_text",
    "fold_line",
    "parse_calendar",
    "parse_error",
    "parse_line",
    "split_list",
    "unescape",
    "unfold",
    "unfold_bytes",
]

FORMAT = "ics"

# ---------------------------------------------------------------------------
# writing: text values and folding
# ---------------------------------------------------------------------------

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f\ud800-\udfff]")
_NEWLINES = re.compile(r"\r\n|\r")


def clean_text(value: str) -> str:
    """What a text value becomes in iCalendar: CR/CRLF -> LF, other control characters removed.

    >>> clean_text("a\\r\\nb\\x00c\\td")
    'a\\nbc\\td'
    """
    return _CONTROL.sub("", _NEWLINES.sub("\n", value))


def escape_text(value: str) -> str:
    r"""RFC 5545 TEXT escaping of :func:`clean_text` of ``value``.

    >>> escape_text("a;b,c\\d\ne")
    'a\\;b\\,c\\\\d\\ne'
    """
    text = clean_text(value)
    return text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def fold_line(line: str) -> str:
    """Fold one content line at 75 octets (CRLF + space), never inside a UTF-8 character.

    >>> fold_line("X:" + "é" * 40).split("\\r\\n ")[0].encode()[-2:] == "é".encode()
    True
    """
    if len(line.encode("utf-8")) <= 75:
        return line
    parts: list[str] = []
    current: list[str] = []
    size = 0
    limit = 75
    for char in line:
        width = len(char.encode("utf-8"))
        if size + width > limit:
            parts.append("".join(current))
            current, size, limit = [], 0, 74
        current.append(char)
        size += width
    parts.append("".join(current))
    return "\r\n ".join(parts)


# ---------------------------------------------------------------------------
# reading: lines, parameters, components
# ---------------------------------------------------------------------------

_MAX_DEPTH = 16


@attrs.define
class Property:
    name: str
    params: dict[str, list[str]]
    value: str
    line: int

    def param(self, key: str) -> str | None:
        values = self.params.get(key)
        return values[0] if values else None


@attrs.define
class Component:
    name: str
    line: int
    properties: list[Property] = attrs.field(factory=list)
    children: list[Component] = attrs.field(factory=list)

    def get(self, name: str) -> Property | None:
        for prop in self.properties:
            if prop.name == name:
                return prop
        return None

    def all(self, name: str) -> list[Property]:
        return [p for p in self.properties if p.name == name]


def parse_error(message: str, line: int | None = None) -> ScheduleParseError:
    return ScheduleParseError(FORMAT, message, f"line {line}" if line is not None else None)


_BREAK = re.compile(r"\r\n|\n|\r")
_BREAK_BYTES = re.compile(rb"\r\n|\n|\r")


def unfold(text: str) -> Iterator[tuple[int, str]]:
    """(first physical line number, logical line) pairs of ``text``."""
    current: list[str] = []
    start = 0
    position = 0
    number = 0
    for number, match in enumerate(_BREAK.finditer(text), start=1):
        physical = text[position : match.start()]
        position = match.end()
        if current and physical[:1] in (" ", "\t"):
            current.append(physical[1:])
            continue
        if current:
            yield start, "".join(current)
        current, start = [physical], number
    physical = text[position:]
    if current and physical[:1] in (" ", "\t"):
        current.append(physical[1:])
    else:
        if current:
            yield start, "".join(current)
        current, start = [physical], number + 1
    yield start, "".join(current)


def unfold_bytes(data: bytes) -> Iterator[tuple[int, str]]:
    """Like :func:`unfold` for UTF-8 bytes: unfolded first, then decoded, since producers may fold inside a character."""
    check_size(len(data), FORMAT)
    data = data.removeprefix(b"\xef\xbb\xbf")
    current: list[bytes] = []
    start = 0
    position = 0
    number = 0

    def decoded(parts: list[bytes], line: int) -> str:
        try:
            return b"".join(parts).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise parse_error(
                f"the input is not UTF-8 ({exc.reason} at byte {exc.start} of the unfolded line)", line
            ) from None

    for number, match in enumerate(_BREAK_BYTES.finditer(data), start=1):
        physical = data[position : match.start()]
        position = match.end()
        if current and physical[:1] in (b" ", b"\t"):
            current.append(physical[1:])
            continue
        if current:
            yield start, decoded(current, start)
        current, start = [physical], number
    physical = data[position:]
    if current and physical[:1] in (b" ", b"\t"):
        current.append(physical[1:])
    else:
        if current:
            yield start, decoded(current, start)
        current, start = [physical], number + 1
    yield start, decoded(current, start)


_NAME = re.compile(r"[A-Za-z0-9-]+")
_PLAIN_PARAM = re.compile(r'[^";:,]*')


def parse_line(line: str, number: int) -> Property:
    match = _NAME.match(line)
    if match is None:
        raise parse_error(f"expected a property name, got {line[:40]!r}", number)
    name = match.group().upper()
    i = match.end()
    params: dict[str, list[str]] = {}
    while i < len(line) and line[i] == ";":
        pmatch = _NAME.match(line, i + 1)
        if pmatch is None or pmatch.end() >= len(line) or line[pmatch.end()] != "=":
            raise parse_error(f"malformed parameter in {name}", number)
        pname = pmatch.group().upper()
        i = pmatch.end() + 1
        values: list[str] = []
        while True:
            if i < len(line) and line[i] == '"':
                j = line.find('"', i + 1)
                if j < 0:
                    raise parse_error(f"unterminated quoted parameter in {name}", number)
                values.append(line[i + 1 : j])
                i = j + 1
            else:
                plain = _PLAIN_PARAM.match(line, i)
                assert plain is not None
                values.append(plain.group())
                i = plain.end()
            if i < len(line) and line[i] == ",":
                i += 1
                continue
            break
        params[pname] = values
    if i >= len(line) or line[i] != ":":
        raise parse_error(f"expected ':' after the name and parameters of {name}", number)
    return Property(name, params, line[i + 1 :], number)


def parse_calendar(data: str | bytes) -> Component:
    lines = unfold_bytes(data) if isinstance(data, bytes) else unfold(input_text(data, FORMAT))
    stack: list[Component] = []
    root: Component | None = None
    for number, line in lines:
        if not line.strip():
            continue
        if root is not None and not stack:
            raise parse_error("content after END:VCALENDAR", number)
        prop = parse_line(line, number)
        if prop.name == "BEGIN":
            component = Component(prop.value.strip().upper(), number)
            if component.name == "VEVENT" and stack and stack[-1].name != "VCALENDAR":
                raise parse_error(
                    f"BEGIN:VEVENT inside BEGIN:{stack[-1].name} of line {stack[-1].line}; "
                    "an event belongs directly in the VCALENDAR",
                    number,
                )
            if stack:
                stack[-1].children.append(component)
            elif component.name != "VCALENDAR":
                raise parse_error(f"expected BEGIN:VCALENDAR, got BEGIN:{prop.value}", number)
            else:
                root = component
            stack.append(component)
            if len(stack) > _MAX_DEPTH:
                raise parse_error(f"components nested deeper than {_MAX_DEPTH} levels", number)
        elif not stack:
            raise parse_error("expected BEGIN:VCALENDAR", number)
        if prop.name == "END":
            if prop.value.strip().upper() != stack[-1].name:
                raise parse_error(f"END:{prop.value} closes BEGIN:{stack[-1].name} of line {stack[-1].line}", number)
            stack.pop()
        elif prop.name != "BEGIN":
            stack[-1].properties.append(prop)
    if root is None:
        raise parse_error("no BEGIN:VCALENDAR found", 1)
    if stack:
        raise parse_error(f"BEGIN:{stack[-1].name} of line {stack[-1].line} is never closed")
    return root


_LIST_TOKEN = re.compile(r"[^\\,]+|\\.|,|\\", re.DOTALL)


def unescape(value: str) -> str:
    r"""RFC 5545 TEXT unescaping: ``\n``/``\N`` -> newline, ``\x`` -> ``x``; a final lone backslash stays.

    Linear, in C: split on escaped backslashes; in each piece every backslash
    left escapes the character after it, so ``\n``/``\N`` become newlines and
    the other backslashes are dropped (``str.replace``, no Python call per
    escape).

    >>> unescape(r"a\,b\;c\\d\ne") == "a,b;c" + chr(92) + "d" + chr(10) + "e"
    True
    >>> unescape("end" + chr(92)) == "end" + chr(92)
    True
    """
    if "\\" not in value:
        return value
    parts = value.split("\\\\")
    last = len(parts) - 1
    for index, part in enumerate(parts):
        if "\\" in part:
            part = part.replace("\\n", "\n").replace("\\N", "\n")
            # Only the very end of the text can hold a lone backslash, which stays.
            lone = index == last and part.endswith("\\")
            part = part.replace("\\", "")
            parts[index] = part + "\\" if lone else part
    return "\\".join(parts)


def split_list(value: str) -> list[str]:
    """Split a TEXT list on unescaped commas, unescaping each item."""
    items: list[str] = []
    current: list[str] = []
    for token in _LIST_TOKEN.findall(value):
        if token == ",":
            items.append(unescape("".join(current)))
            current = []
        else:
            current.append(token)
    items.append(unescape("".join(current)))
    return [item.strip() for item in items if item.strip()]
