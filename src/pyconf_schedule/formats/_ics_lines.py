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
from collections.abc import Iterable, Iterator, Mapping
from itertools import accumulate
from types import MappingProxyType

import attrs

from ..exceptions import ScheduleParseError
from ._common import check_size
from ._input import input_text

__all__ = [
    "Component",
    "Entry",
    "Params",
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

Params = Mapping[str, list[str]]
"""A content line's parameters: each name (upper case) with its values, in order."""

_NO_PARAMS: Params = MappingProxyType({})
"""The parameters of every line that has none (most lines): one shared, read-only mapping."""


@attrs.define
class Property:
    """One content line: its name (upper case), parameters, value and the number of its first physical line."""

    name: str
    params: Params
    value: str
    line: int

    def param(self, key: str) -> str | None:
        values = self.params.get(key)
        return values[0] if values else None


Entry = tuple[str, Params, int]
"""A property as a component holds it, under its name: (value, parameters, line)."""


@attrs.define
class Component:
    """A ``BEGIN``/``END`` block: its name, the line of its ``BEGIN``, its properties by name and its sub-components.

    Properties are kept as plain tuples under their name, in the order
    given, and become a :class:`Property` only when asked for (most are read
    for their value alone): a calendar holds one per content line.
    """

    name: str
    line: int
    entries: dict[str, list[Entry]] = attrs.field(factory=dict)
    children: list[Component] = attrs.field(factory=list)

    def value(self, name: str) -> str | None:
        """The value of the first property ``name``, or None."""
        found = self.entries.get(name)
        return found[0][0] if found else None

    def get(self, name: str) -> Property | None:
        """The first property ``name``, or None."""
        found = self.entries.get(name)
        if not found:
            return None
        value, params, line = found[0]
        return Property(name, params, value, line)

    def all(self, name: str) -> list[Property]:
        """Every property ``name``, in order."""
        return [Property(name, params, value, line) for value, params, line in self.entries.get(name, ())]

    def pairs(self) -> list[tuple[str, str]]:
        """(name, value) of every property, grouped by name (each name's values in order)."""
        return [(name, value) for name, found in self.entries.items() for value, _, _ in found]


def parse_error(message: str, line: int | None = None) -> ScheduleParseError:
    return ScheduleParseError(FORMAT, message, f"line {line}" if line is not None else None)


_BREAK = re.compile(r"\r\n|\n|\r")
_BREAK_BYTES = re.compile(rb"\r\n|\n|\r")
_LOGICAL_BREAK = re.compile(r"\n(?![ \t])")
_FOLD = re.compile(r"\n[ \t]")
"""Where one logical line ends in text whose line ends are all LF: at a LF not followed by a space or tab."""


def unfold(text: str) -> Iterable[tuple[int, str]]:
    """(first physical line number, logical line) pairs of ``text``.

    A line end (CRLF, LF or CR) followed by a space or tab continues the
    line.  The work is done by passes in C over the whole text: line ends
    made LF, every LF followed by a space or tab dropped with that space or
    tab, a split at the LFs left; only the line numbers of a folded text
    take one count per logical line.

    >>> list(unfold("A:1\\r\\n 2\\nB:3\\r\\r\\n\\tC"))
    [(1, 'A:12'), (3, 'B:3'), (4, 'C')]
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "\n " not in text and "\n\t" not in text:
        return enumerate(text.split("\n"), start=1)
    # Each logical line is one piece of a split at the LFs that no space or tab follows;
    # the next one starts as many physical lines later as the piece holds LFs, plus one.
    spans = [piece.count("\n") + 1 for piece in _LOGICAL_BREAK.split(text)]
    return zip(accumulate(spans, initial=1), _FOLD.sub("", text).split("\n"), strict=False)


def _unfold_undecoded(data: bytes) -> Iterator[tuple[int, str]]:
    """Like :func:`unfold` for bytes that are not UTF-8 as a whole: each logical line unfolded first, then decoded."""
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


def unfold_bytes(data: bytes) -> Iterable[tuple[int, str]]:
    """Like :func:`unfold` for UTF-8 bytes (a BOM dropped), unfolded before they are decoded.

    Producers may fold inside a character; bytes that decode as a whole
    hold no such fold (a line end inside a character breaks its UTF-8), so
    they are decoded at once and unfolded as text.  Otherwise each logical
    line is unfolded and then decoded, and one that is not UTF-8 is an
    error at its line.
    """
    check_size(len(data), FORMAT)
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return _unfold_undecoded(data)
    return unfold(text)


_NAME = re.compile(r"[A-Za-z0-9-]+")
_PLAIN_PARAM = re.compile(r'[^";:,]*')


def parse_line(line: str, number: int) -> Property:
    """One logical line as a Property: ``NAME;PARAM=value,"quoted":value``."""
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
    return Property(name, params or _NO_PARAMS, line[i + 1 :], number)


def parse_calendar(data: str | bytes) -> Component:
    """The VCALENDAR of ``data`` as a tree of components; a malformed line or block is an error at its line.

    One pass over the logical lines.  A line is split at its first colon;
    when what precedes it is a name already met (most lines: a property
    without parameters), that is the whole parse; other lines go through
    :func:`parse_line`, and a plain name it accepts joins the names met.
    """
    lines = unfold_bytes(data) if isinstance(data, bytes) else unfold(input_text(data, FORMAT))
    stack: list[Component] = []
    root: Component | None = None
    top: Component | None = None  # stack[-1]
    entries: dict[str, list[Entry]] = {}  # top.entries
    names: dict[str, str] = {}  # a plain property name as written -> upper case
    for number, line in lines:
        head, colon, value = line.partition(":")
        name = names.get(head) if colon else None
        if name is not None:
            params = _NO_PARAMS
        elif not line or line.isspace():
            continue
        else:
            if root is not None and top is None:
                raise parse_error("content after END:VCALENDAR", number)
            prop = parse_line(line, number)
            name, params, value = prop.name, prop.params, prop.value
            if params is _NO_PARAMS:
                names[head] = name
        if top is None:
            if root is not None:
                raise parse_error("content after END:VCALENDAR", number)
            if name != "BEGIN":
                raise parse_error("expected BEGIN:VCALENDAR", number)
        if name == "BEGIN":
            component = Component(value.strip().upper(), number)
            if top is not None:
                if component.name == "VEVENT" and top.name != "VCALENDAR":
                    raise parse_error(
                        f"BEGIN:VEVENT inside BEGIN:{top.name} of line {top.line}; "
                        "an event belongs directly in the VCALENDAR",
                        number,
                    )
                top.children.append(component)
            elif component.name != "VCALENDAR":
                raise parse_error(f"expected BEGIN:VCALENDAR, got BEGIN:{value}", number)
            else:
                root = component
            stack.append(component)
            top = component
            entries = top.entries
            if len(stack) > _MAX_DEPTH:
                raise parse_error(f"components nested deeper than {_MAX_DEPTH} levels", number)
        elif name == "END":
            assert top is not None
            if value.strip().upper() != top.name:
                raise parse_error(f"END:{value} closes BEGIN:{top.name} of line {top.line}", number)
            stack.pop()
            if stack:
                top = stack[-1]
                entries = top.entries
            else:
                top = None
        else:
            found = entries.get(name)
            if found is None:
                entries[name] = [(value, params, number)]
            else:
                found.append((value, params, number))
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
