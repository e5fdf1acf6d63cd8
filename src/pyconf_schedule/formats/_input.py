"""Safe input for the readers: decoding text, lone surrogates, and JSON parsed with bounds on size, nesting, numbers and duplicate keys.

Every reader of a text format calls :func:`input_text` first; the JSON readers parse with :func:`load_json`, which
refuses what :mod:`json` would accept but a schedule cannot hold (duplicate keys, NaN, numbers too long to convert,
nesting past the limit) with the place in the file.
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .._limits import MAX_NESTING, check_size, input_limit
from ..exceptions import ScheduleParseError

__all__ = [
    "check_surrogates",
    "dates_in_range",
    "input_text",
    "line_column",
    "load_json",
    "lone_surrogate_escape",
    "out_of_range",
    "strict_json_or_none",
    "too_deep",
]


def input_text(data: str | bytes, format_name: str) -> str:
    """Size-check ``data`` and return it as text (bytes are UTF-8, an optional BOM dropped).

    Text with a lone surrogate (``"\\ud800"``, which no UTF-8 file can hold)
    is refused: it cannot be written out again.
    """
    if isinstance(data, bytes):
        check_size(len(data), format_name)
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise ScheduleParseError(
                format_name, f"the input is not UTF-8 ({exc.reason})", f"byte {exc.start}"
            ) from None
    elif isinstance(data, str):
        if len(data) > input_limit() // 4:
            check_size(len(data.encode("utf-8", "surrogatepass")), format_name)
        text = data[1:] if data.startswith("\ufeff") else data
        check_surrogates(text, format_name)
    else:
        raise ScheduleParseError(format_name, f"expected str or bytes, got {type(data).__name__}")
    return text


_SURROGATE = re.compile("[\ud800-\udfff]")


def line_column(text: str, index: int) -> str:
    """``"line L column C"`` (both from 1) of position ``index`` in ``text``."""
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return f"line {line} column {column}"


def _surrogate_reason(char: str) -> str:
    return f"the text contains a lone surrogate (U+{ord(char):04X}), which is not a Unicode character"


def _may_hold_surrogate(text: str) -> bool:
    """False when ``text`` surely holds no lone surrogate: it is ASCII, or it encodes as UTF-8.

    Both tests run in C, many times faster than the regular expression that
    finds where a surrogate is; the text is encoded a megabyte at a time so
    that no full copy is made.
    """
    if text.isascii():
        return False
    step = 1 << 20
    try:
        for start in range(0, len(text), step):
            text[start : start + step].encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def check_surrogates(text: str, format_name: str) -> None:
    """Refuse ``text`` holding a lone surrogate, naming its line and column."""
    if not _may_hold_surrogate(text):
        return
    match = _SURROGATE.search(text)
    if match is not None:
        raise ScheduleParseError(format_name, _surrogate_reason(match.group()), line_column(text, match.start()))


_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)


def _check_nesting(text: str, format_name: str) -> None:
    depth = 0
    for match in _JSON_TOKEN.finditer(text):
        token = match.group()
        if token in ("[", "{"):
            depth += 1
            if depth > MAX_NESTING:
                raise ScheduleParseError(
                    format_name,
                    f"the JSON is nested deeper than {MAX_NESTING} levels",
                    line_column(text, match.start()),
                )
        elif token in ("]", "}"):
            depth -= 1


def load_json(
    data: str | bytes,
    format_name: str,
    *,
    strict: bool = False,
    unique_keys: bool = True,
    nonfinite: list[str] | None = None,
) -> Any:
    """Parse JSON text within the size and nesting limits; errors name the line and column.

    Strings holding a lone surrogate (the escape ``"\\ud800"``) are refused
    with their JSON path, as are numbers too long for Python to read.  With
    ``strict`` the JSON must be what RFC 8259 allows and means one thing: a
    key given twice in one object, ``NaN``, ``Infinity`` and numbers beyond
    a float's range (``1e400``) are refused too, instead of the last key
    silently winning or a number becoming infinite.  A key given twice is
    refused by every reader (``unique_keys``), strict or not: which of the two
    a file means cannot be known.  Not strict, ``nonfinite`` (a list) is given
    the text of every ``NaN``, ``Infinity`` and out-of-range number read, so
    a reader that refuses them walks the document for their path only when
    there is one.
    """
    text = input_text(data, format_name)
    options: dict[str, Any] = _STRICT if strict else _UNIQUE_KEYS if unique_keys else {}
    if nonfinite is not None and not strict:
        options = {**options, **_noting_nonfinite(nonfinite)}
    try:
        try:
            try:
                decoder = _DECODERS.get(id(options))
                document = json.loads(text, **options) if decoder is None else _decoded(decoder, text)
            except Exception:  # a text too deep is refused for its depth first, whatever else is wrong with it
                _check_nesting(text, format_name)
                raise
        except _DuplicateKey as exc:  # found while parsing: the text may yet be invalid further on
            location = _duplicate_location(text)
            raise ScheduleParseError(
                format_name,
                f"the key {json.dumps(exc.key, ensure_ascii=False)[:62]} is given twice in one object; keys must be unique",
                location,
            ) from None
    except ScheduleParseError:
        raise
    except json.JSONDecodeError as exc:
        raise ScheduleParseError(
            format_name, f"invalid JSON: {exc.msg}", f"line {exc.lineno} column {exc.colno}"
        ) from None
    except _NotANumber as exc:
        raise ScheduleParseError(
            format_name,
            f"{exc.text[:40]} is not a JSON number (only finite numbers are)",
            _token_location(text, exc.text),
        ) from None
    except RecursionError:  # pragma: no cover - the nesting check comes first
        raise ScheduleParseError(format_name, f"the JSON is nested deeper than {MAX_NESTING} levels") from None
    except ValueError:  # an integer over sys.get_int_max_str_digits() digits
        limit = sys.get_int_max_str_digits()
        raise ScheduleParseError(
            format_name, f"a number has more than {limit} digits", _long_number_location(text, limit)
        ) from None
    if too_deep(document):
        _check_nesting(text, format_name)  # finds where, as it always has
    if _ESCAPED_SURROGATE.search(text) is not None and lone_surrogate_escape(text):
        # The text itself holds no surrogate (input_text): only an escape can make one, and a pair makes a character.
        _check_json_strings(document, format_name)
    return document


def _noting_nonfinite(found: list[str]) -> dict[str, Any]:
    """``json.loads`` options that read numbers as it does by default and append each non-finite one to ``found``."""

    def constant(text: str) -> float:  # NaN, Infinity, -Infinity: what json.loads makes of them by default
        found.append(text)
        return float(text)

    def number(text: str) -> float:
        value = float(text)
        if not math.isfinite(value):
            found.append(text)
        return value

    return {"parse_constant": constant, "parse_float": number}


_ESCAPE = re.compile(
    r"\\(?:\\|u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|(u[dD][89a-fA-F][0-9a-fA-F]{2}))"
)
"""An escaped backslash, an escaped surrogate pair, or (group 1) an escaped surrogate alone, scanned left to right
so that every backslash is seen as the start of an escape or as the escaped character, as the JSON parser sees it."""


def lone_surrogate_escape(text: str) -> bool:
    """Whether the JSON ``text`` escapes a surrogate that is not half of a pair: the parse holds a lone surrogate.

    The parser joins a high surrogate's escape and a low one's right after it into one character; any other
    surrogate escape stays a lone surrogate in the parsed string.
    """
    return any(match.group(1) is not None for match in _ESCAPE.finditer(text))


def strict_json_or_none(text: str) -> Any:
    """``text`` parsed as :func:`load_json` with ``strict`` would, or ``None`` where that would fail or check more.

    For a fast path: ``None`` sends the caller to :func:`load_json`, which
    says what is wrong.  A parsed document may still nest too deeply; the
    caller's own shape checks must bound that.
    """
    if may_escape_surrogate(text):
        return None
    try:
        return _decoded(_DECODERS[id(_STRICT)], text)  # json.loads(text, **_STRICT), its decoder made once
    except Exception:  # every parse error, told by load_json
        return None


_ESCAPED_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")
"""A JSON escape that may stand for a lone surrogate (an escaped backslash followed by "ud8" also matches: harmless)."""


def may_escape_surrogate(text: str) -> bool:
    """Whether the JSON ``text`` holds an escape that may stand for a lone surrogate (a fast path leaves it to load_json)."""
    return _ESCAPED_SURROGATE.search(text) is not None


def strict_decoder() -> json.JSONDecoder:
    """The decoder of :func:`load_json` with ``strict`` (repeated keys, NaN, Infinity and 1e400 raise), made once."""
    return _DECODERS[id(_STRICT)]


def too_deep(document: Any) -> bool:
    """Whether a parsed document nests arrays and objects deeper than :data:`MAX_NESTING` (one walk, no paths)."""
    containers = (dict, list)
    level = [document] if type(document) in containers else []
    depth = 1
    while level:  # one level of containers at a time: no (value, depth) pair for each
        if depth > MAX_NESTING:
            return True
        below: list[Any] = []
        for value in level:
            below += [
                child for child in (value.values() if type(value) is dict else value) if type(child) in containers
            ]
        level = below
        depth += 1
    return False


class _DuplicateKey(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


class _NotANumber(Exception):
    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # One dict() and one len() an object: the strict parse costs little more than the plain one.
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:  # pragma: no branch - a key repeats
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return result


def _no_constant(text: str) -> Any:
    raise _NotANumber(text)


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _NotANumber(text)
    return value


_STRICT: dict[str, Any] = {
    "object_pairs_hook": _unique_keys,
    "parse_constant": _no_constant,
    "parse_float": _finite_float,
}
"""What ``strict`` adds to :func:`json.loads`: repeated keys, NaN, Infinity and 1e400 raise."""


_UNIQUE_KEYS: dict[str, Any] = {"object_pairs_hook": _unique_keys}

_DECODERS: dict[int, json.JSONDecoder] = {id(o): json.JSONDecoder(**o) for o in (_STRICT, _UNIQUE_KEYS)}
"""One decoder for each fixed set of options: json.loads(text, **options) would build a new one on every call (a
SQLite database parses a JSON list in many of its cells)."""


def _decoded(decoder: json.JSONDecoder, text: str) -> Any:
    """What ``json.loads(text, **options)`` gives, from the decoder made of those options."""
    if text.startswith("\ufeff"):  # as json.loads refuses it
        raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
    return decoder.decode(text)


"""What every JSON reader adds to :func:`json.loads`: a repeated key raises."""


_DUPLICATE = object()
"""The key under which :func:`_marking_keys` records a repeated key (no JSON key can equal it)."""


def _marking_keys(pairs: list[tuple[str, Any]]) -> dict[Any, Any]:
    result: dict[Any, Any] = {}
    for key, value in pairs:
        if key in result and _DUPLICATE not in result:
            result[_DUPLICATE] = key
        result[key] = value
    return result


def _duplicate_location(text: str) -> str | None:
    """The JSON path of the first object found holding a repeated key (parsed again: errors only)."""
    stack: list[tuple[Any, str]] = [(json.loads(text, object_pairs_hook=_marking_keys), "$")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, dict):
            if _DUPLICATE in value:
                return _child_path(path, value[_DUPLICATE])
            items = [(item, _child_path(path, key)) for key, item in value.items() if key is not _DUPLICATE]
            stack.extend(reversed(items))  # popped in document order
        elif isinstance(value, list):
            stack.extend(reversed([(item, f"{path}[{i}]") for i, item in enumerate(value)]))
    return None  # pragma: no cover - called only when a key repeats


def _token_location(text: str, token: str) -> str | None:
    """The line and column of ``token`` outside any JSON string (errors only)."""
    for match in re.finditer(r'"(?:[^"\\]|\\.)*"|' + re.escape(token), text, re.DOTALL):
        if not match.group().startswith('"'):
            return line_column(text, match.start())
    return None  # pragma: no cover - the parser met the token


def _child_path(path: str, key: str) -> str:
    return f"{path}.{key}" if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key) else f"{path}[{json.dumps(key)}]"


def _long_number_location(text: str, limit: int) -> str | None:
    for match in re.finditer(r'"(?:[^"\\]|\\.)*"|[0-9]{' + str(limit + 1) + ",}", text, re.DOTALL):
        if not match.group().startswith('"'):
            return line_column(text, match.start())
    return None  # pragma: no cover - json.loads only fails this way on such a number


def _check_json_strings(document: Any, format_name: str) -> None:
    stack: list[tuple[Any, str]] = [(document, "$")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, str):
            match = _SURROGATE.search(value)
            if match is not None:
                raise ScheduleParseError(format_name, _surrogate_reason(match.group()), path)
        elif isinstance(value, dict):
            for key, item in value.items():
                child = _child_path(path, key)
                match = _SURROGATE.search(key)
                if match is not None:
                    raise ScheduleParseError(format_name, _surrogate_reason(match.group()), child)
                stack.append((item, child))
        elif isinstance(value, list):
            stack.extend((item, f"{path}[{i}]") for i, item in enumerate(value))


@contextmanager
def dates_in_range(format_name: str, location: str | None) -> Iterator[None]:
    """Turn an OverflowError (a date or duration beyond years 1 to 9999) into a ScheduleParseError at ``location``."""
    try:
        yield
    except OverflowError:
        raise out_of_range(format_name, location) from None


def out_of_range(format_name: str, location: str | None) -> ScheduleParseError:
    """The error for an OverflowError at ``location``: a date or duration beyond years 1 to 9999 (as :func:`dates_in_range`)."""
    return ScheduleParseError(
        format_name, "a date, or a date plus a duration, lies outside the years 1 to 9999", location
    )
