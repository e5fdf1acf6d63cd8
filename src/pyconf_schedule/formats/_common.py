"""Helpers shared by the format modules: input limits, zones, ids and text clean-up.

Nothing here knows a particular format.  Readers call :func:`input_text` /
:func:`check_size` before parsing, build rooms and tracks with
:class:`NamedTable` and finish with :func:`build_conference`; writers call
:func:`as_conference` and :func:`view_zone` to turn what they were given into
a Conference and a zone.
"""

from __future__ import annotations

import json
import math
import re
import sys
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta, tzinfo
from typing import Any, Generic, TypeVar
from zoneinfo import ZoneInfo

import attrs

from .._conference import Conference
from .._limits import MAX_INPUT_BYTES, MAX_NESTING, check_size, input_limit
from .._model import Room, SessionKind, Track
from .._sessions import Sessions
from .._text import slugify
from .._time import get_zone, zone_name
from ..exceptions import PyconfScheduleError, ScheduleParseError

__all__ = [
    "MAX_INPUT_BYTES",
    "MAX_NESTING",
    "NAMESPACE",
    "NO_ROOM",
    "UNTITLED",
    "NamedTable",
    "UniqueIds",
    "as_conference",
    "build_conference",
    "check_size",
    "check_surrogates",
    "dates_in_range",
    "input_text",
    "kind_from_label",
    "line_column",
    "load_json",
    "offset_text",
    "omitted",
    "place_zone",
    "rooms_table",
    "source_room",
    "source_title",
    "stable_uuid",
    "strip_xml_illegal",
    "tracks_table",
    "unique_slug",
    "view_zone",
]

NAMESPACE = uuid.UUID("8f4d1a52-3b1c-5d7e-9a60-2c7b9e4f1d3a")
"""The fixed namespace of every UUID the writers derive (uuid5)."""


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
                document = json.loads(text, **options)
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
    if _ESCAPED_SURROGATE.search(text) is not None:
        return None
    try:
        return json.loads(text, **_STRICT)
    except Exception:  # every parse error, told by load_json
        return None


_ESCAPED_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")
"""A JSON escape that may stand for a lone surrogate (an escaped backslash followed by "ud8" also matches: harmless)."""


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


def omitted(obj: Conference | Sessions) -> Sessions:
    """The sessions the client formats' :func:`dumps` leave out: no known start (day-only, unscheduled) or no known end.

    iCalendar, frab XML and c3voc JSON have no way to say "the end is not
    known": a start without an end is read as a zero-length event (RFC 5545,
    frab's ``00:00``) or given an invented hour (khal); so such a session is
    left out, never shown with a length nobody gave.
    """
    return as_conference(obj).sessions.filter(lambda s: s.start is None or s.end is None)


_N = TypeVar("_N", Room, Track)


class NamedTable(Generic[_N]):
    """Rooms or tracks a reader meets, by name: the first mention creates one with a unique slug id."""

    def __init__(self, make: Callable[..., _N], fallback: str) -> None:
        self._make: Callable[..., _N] = make
        self._fallback = fallback
        self._by_name: dict[str, _N] = {}
        self._ids = UniqueIds()

    def get(self, name: str | None) -> _N | None:
        """The item named ``name`` (created on first use), or None for no name."""
        if not name:
            return None
        item = self._by_name.get(name)
        if item is None:
            item = self._by_name[name] = self._make(id=unique_slug(name, self._ids, self._fallback), name=name)
        return item

    def values(self) -> list[_N]:
        """Every item, in the order first met."""
        return list(self._by_name.values())


def rooms_table() -> NamedTable[Room]:
    """An empty table of rooms (ids: slugs of the names, else ``room``)."""
    return NamedTable(Room, "room")


def tracks_table() -> NamedTable[Track]:
    """An empty table of tracks (ids: slugs of the names, else ``track``)."""
    return NamedTable(Track, "track")


def build_conference(format_name: str, *, dates_from_days: bool = False, **fields: Any) -> Conference:
    """``Conference(**fields)``, a model error or a date out of range becoming one ScheduleParseError.

    With ``dates_from_days`` the start and end dates are the first and last
    day with sessions.
    """
    try:
        conf = Conference(**fields)
        if dates_from_days:
            days = conf.days()
            if days:
                conf = attrs.evolve(conf, start_date=days[0], end_date=days[-1])
    except PyconfScheduleError as exc:
        raise ScheduleParseError(format_name, str(exc)) from None
    except OverflowError:
        raise ScheduleParseError(format_name, "a session's day lies outside the years 1 to 9999") from None
    return conf


def as_conference(obj: Conference | Sessions) -> Conference:
    """A Conference for ``obj``: itself, a query result with its conference's details, or a minimal one.

    A :class:`Sessions` that came from a conference is written as
    ``conference.select(sessions)``; one built by hand becomes a conference
    with id ``"sessions"``, name ``"Sessions"`` and the sessions' zone.
    """
    if isinstance(obj, Conference):
        return obj
    if isinstance(obj, Sessions):
        owner = obj.conference
        if owner is not None:
            return owner.select(obj)
        return Conference(id="sessions", name="Sessions", timezone=zone_name(obj.zone) or "UTC", sessions=obj)
    raise TypeError(f"expected a Conference or Sessions, got {type(obj).__name__}")


_PLACE_ZONE = re.compile(
    r"^(?:(?:Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific)/[A-Z][a-z]+\S*|UTC)$"
)


def place_zone(name: str | None) -> str | None:
    """``name`` when it is a real place's zone (an IANA ``Region/City`` name, or ``UTC``), else None.

    The writers of frab XML, c3voc JSON (``time_zone_name``) and iCalendar
    (``X-WR-TIMEZONE``) name the zone only then: an offset-only
    zone (``Etc/GMT-1``, what a file that gives only ``+01:00`` offsets reads
    as) is no place, and clients show it as "GMT-1" for UTC+1 (IANA's sign
    is inverted); its events' dates carry the offset, which says it all.
    Every name this admits also matches the c3voc JSON Schema's pattern.

    >>> place_zone("Europe/Paris"), place_zone("America/Argentina/Buenos_Aires"), place_zone("UTC")
    ('Europe/Paris', 'America/Argentina/Buenos_Aires', 'UTC')
    >>> place_zone("Etc/GMT-1"), place_zone("UTC+01:00"), place_zone(None)
    (None, None, None)
    """
    return name if name is not None and _PLACE_ZONE.match(name) else None


def view_zone(obj: Conference | Sessions, tz: str | None) -> tuple[ZoneInfo | tzinfo, str]:
    """The zone a writer shows times in, and its name.

    ``tz`` when given; else the zone ``obj`` is viewed in (a conference's
    ``view_timezone`` or own ``timezone``, a query result's zone).
    """
    zone = get_zone(tz) if tz is not None else obj.zone
    name = zone_name(zone)
    if name is None:
        offset = datetime.now(UTC).astimezone(zone).utcoffset() or timedelta(0)
        name = "UTC" + offset_text(offset)
    return zone, name


def offset_text(offset: timedelta | None, *, basic: bool = False) -> str:
    """A UTC offset as ISO 8601 text: ``+02:00``, or with ``basic`` ``+0200`` (seconds appended when not zero).

    >>> offset_text(timedelta(hours=-7)), offset_text(timedelta(hours=5, minutes=30), basic=True)
    ('-07:00', '+0530')
    """
    total = int((offset or timedelta(0)).total_seconds())
    sign = "+" if total >= 0 else "-"
    hours, rest = divmod(abs(total), 3600)
    minutes, seconds = divmod(rest, 60)
    separator = "" if basic else ":"
    text = f"{sign}{hours:02d}{separator}{minutes:02d}"
    return text + f"{separator}{seconds:02d}" if seconds else text


def stable_uuid(*parts: str) -> uuid.UUID:
    """A UUID5 of :data:`NAMESPACE` and ``parts``: the same inputs always give the same UUID."""
    return uuid.uuid5(NAMESPACE, "\x1f".join(parts))


_XML_ILLEGAL = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def strip_xml_illegal(text: str) -> str:
    """``text`` without the characters XML 1.0 forbids (most C0 controls, surrogates, U+FFFE/U+FFFF)."""
    return _XML_ILLEGAL.sub("", text)


class UniqueIds:
    """Ids handed out so far; :meth:`claim` hands out a new one, ``-2``, ``-3``... appended on a clash.

    The next suffix to try is kept for each base, so that n clashes on one
    base (1000 speakers whose names all slug to ``speaker``, one UID on every
    event) cost about n probes, not n²/2.  The ids are those of trying every
    suffix from 2: the ids handed out only ever grow, so every suffix below the
    kept one is still taken.

    >>> ids = UniqueIds()
    >>> [ids.claim("a"), ids.claim("a"), ids.claim("a-3"), ids.claim("a"), ids.claim("b", suffixed=True)]
    ['a', 'a-2', 'a-3', 'a-4', 'b-2']
    """

    __slots__ = ("_next", "_taken")

    def __init__(self) -> None:
        self._taken: set[str] = set()
        self._next: dict[str, int] = {}

    def __contains__(self, key: object) -> bool:
        return key in self._taken

    def claim(self, base: str, *, suffixed: bool = False) -> str:
        """``base`` when free (unless ``suffixed``), else ``base-N`` for the least free N from 2; it is then taken."""
        key = base
        if suffixed or key in self._taken:
            n = self._next.get(base, 2)
            key = f"{base}-{n}"
            while key in self._taken:
                n += 1
                key = f"{base}-{n}"
            self._next[base] = n + 1
        self._taken.add(key)
        return key


def unique_slug(text: str, taken: UniqueIds, fallback: str = "item") -> str:
    """A slug of ``text`` not in ``taken`` (``-2``, ``-3``... appended); the slug is then taken."""
    return taken.claim(slugify(text) or fallback)


# Label words -> kind.  Checked in order; the first table entry with a word
# (or phrase) contained in the label wins.
_KIND_WORDS: tuple[tuple[tuple[str, ...], SessionKind], ...] = (
    (("sponsored keynote",), SessionKind.SPONSORED_KEYNOTE),
    (("keynote",), SessionKind.KEYNOTE),
    (("sponsored talk", "sponsored session"), SessionKind.SPONSORED_TALK),
    (("lightning", "lightningtalk"), SessionKind.LIGHTNING_TALK),
    (("birds of a feather", "bof", "birds-of-a-feather"), SessionKind.BIRDS_OF_A_FEATHER),
    (("meet the developers",), SessionKind.MEET_THE_DEVELOPERS),
    (("panel", "podium", "discussion"), SessionKind.PANEL),
    (("workshop", "hands on", "hackathon"), SessionKind.WORKSHOP),
    (("tutorial",), SessionKind.TUTORIAL),
    (("poster",), SessionKind.POSTER),
    (("demo", "demonstration"), SessionKind.DEMO),
    (("break", "lunch", "coffee", "pause", "dinner", "breakfast", "registration"), SessionKind.BREAK),
    (("talk", "lecture", "presentation", "session", "maintrack", "devroom"), SessionKind.TALK),
)

_KIND_VALUES = {k.value: k for k in SessionKind}


def kind_from_label(label: str | None) -> tuple[SessionKind, str | None]:
    """The kind a schedule file's ``type`` names, and the label to keep as ``kind_label``.

    An exact kind value (``"lightning-talk"``) gives that kind and no label;
    otherwise words of the label decide (``"Long talk (45 minutes)"`` is a
    talk, ``"BoF (45 minutes)"`` a birds-of-a-feather) and the label is kept;
    an empty or unknown label gives ``OTHER``.
    """
    if label is None or not label.strip():
        return SessionKind.OTHER, None
    text = label.strip()
    exact = _KIND_VALUES.get(text.lower())
    if exact is not None:
        return exact, None
    words = " " + re.sub(r"[^a-z0-9]+", " ", text.lower()).strip() + " "
    for names, kind in _KIND_WORDS:
        for name in names:
            if f" {name} " in words:
                return kind, text
    return SessionKind.OTHER, text


UNTITLED = "(untitled session)"
"""The title iCalendar, frab XML and c3voc JSON write for an untitled session (they need one); read back as untitled."""
NO_ROOM = "(no room given)"
"""The room frab XML and c3voc JSON file a session without a room under (they need one); read back as no room."""


def source_title(text: str | None, session_id: str) -> str | None:
    """A session's title as a text reader gives it: the one rule of every reader of text formats.

    Surrounding whitespace is dropped (the file's layout, not the title), an
    empty title is no title, and the placeholders writers use for an
    untitled session, :data:`UNTITLED` and the older ``(untitled session
    <id>)`` (with the id the session is read with), read back as untitled.

    >>> source_title("  Keynote ", "s1"), source_title("   ", "s1"), source_title("(untitled session)", "s1")
    ('Keynote', None, None)
    >>> source_title("(untitled session s1)", "s1"), source_title("(untitled session s1)", "s2")
    (None, '(untitled session s1)')
    """
    if text is None:
        return None
    title = text.strip()
    if not title or title == UNTITLED or title == f"(untitled session {session_id})":
        return None
    return title


def source_room(text: str | None) -> str | None:
    """A room name as a reader gives it: stripped, and none for a blank one or the :data:`NO_ROOM` placeholder.

    >>> source_room(" Hall A "), source_room(""), source_room("(no room given)")
    ('Hall A', None, None)
    """
    name = (text or "").strip()
    return None if not name or name == NO_ROOM else name
