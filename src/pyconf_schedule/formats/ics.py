"""iCalendar (RFC 5545), format name ``"ics"``: one VEVENT per scheduled session.

Writing
-------
* CRLF line ends; content lines folded at 75 octets without splitting a UTF-8
  character; TEXT values escape backslash, semicolon, comma and newlines.
  Control characters other than newline and tab cannot be written in
  iCalendar TEXT and are removed; CR and CRLF become a newline
  (:func:`clean_text` is exactly what a title becomes).
* ``PRODID:-//pyconf-schedule//pyconf-schedule//EN``, ``X-WR-CALNAME`` and
  ``NAME`` (RFC 7986) carry the conference name, ``X-WR-TIMEZONE`` the zone
  the calendar is shown in (``tz``, else the conference's zone) when it has
  an IANA name.
* Each event has a stable ``UID`` (``<session id>@<conference id>.pyconf-schedule``),
  one ``DTSTAMP`` (``dtstamp``, default: now in UTC), ``DTSTART`` and,
  when the end is known, ``DTEND``.  A session with an unknown end has no
  ``DTEND``: by RFC 5545 it then ends at its start.
* Times are UTC (``...Z``) unless ``tz`` is given; then they are wall times
  with ``TZID=<tz>`` and a ``VTIMEZONE`` of the zone's current yearly rules
  (``RRULE`` observances) plus the earlier changes the events reach
  (:func:`._vtimezone.vtimezone_lines`), bounded whatever years the events
  span.  A wall time that a DST change repeats is written in UTC instead.
* ``SUMMARY`` is the title (or "(untitled session <id>)"), ``LOCATION`` the
  room, ``CATEGORIES`` the track, ``URL`` the session URL (when it is a
  plain http(s) URL), and ``DESCRIPTION`` is a header of lines
  ``Speaker: Name (Organisation)`` (``Speakers: A (X), B`` for several),
  ``Room: ...``, ``Track: ...``, ``Kind: ...``, a blank line, the abstract
  and the URL.
* Sessions with no start (day-only or unscheduled) are left out:
  :func:`omitted` returns them.

Reading
-------
Bytes are unfolded before they are decoded as UTF-8 (producers fold inside a
character). UTC times; ``TZID`` as an IANA name, else as the file's
``VTIMEZONE`` (yearly rules only, expanded for the years the events name,
see :mod:`._vtimezone`), else the IANA zone the TZID implies
(``X-LIC-LOCATION``, or the end of a prefixed name such as
``/mozilla.org/20070129_1/Europe/Berlin``), else ``tz`` (an unknown ``tz``
is an :class:`UnknownZoneError`); floating times in ``tz``, else
``X-WR-TIMEZONE`` (without either a floating time is an error that says to
pass ``tz``); all-day ``DATE`` values are the day in ``tz``, else
``X-WR-TIMEZONE``, else the calendar's zone (below); ``DTEND`` or
``DURATION`` (added in UTC; an end before the start, compared as instants,
is dropped). ``SUMMARY``
-> title, ``LOCATION`` -> room, first ``CATEGORIES`` -> track, ``URL``,
``ATTENDEE;CN=`` -> speakers, ``UID`` -> session id (for UIDs this module
wrote, the part before ``@``; made unique with ``-2``, ``-3``...).
``DESCRIPTION`` -> abstract, except when it has exactly the header this
module writes: then speakers (when no ``ATTENDEE`` names any) with their
organisations, and the kind come from the header and the abstract is what
follows it (without the trailing URL).
Otherwise the kind is ``talk``.  The conference's zone is ``tz``, else
``X-WR-TIMEZONE``, else the one IANA zone the TZIDs use, else UTC.
Recurrence rules are not expanded (an event is read at its first
occurrence).  Inputs over 50 MiB are refused; errors name the line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, datetime, time, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo

import attrs

from .._conference import Conference
from .._model import Session, SessionKind, Speaker
from .._sessions import Sessions
from .._time import get_zone, localize, utc, zone_name
from ..exceptions import AmbiguousTimeError, MissingZoneError, PyconfScheduleError, ScheduleParseError
from ._vtimezone import MAX_RULE_STEPS
from ._common import (
    UniqueIds,
    as_conference,
    build_conference,
    dates_in_range,
    check_size,
    input_text,
    kind_from_label,
    omitted,
    rooms_table,
    tracks_table,
    unique_slug,
    view_zone,
)

__all__ = ["PRODID", "clean_text", "dumps", "escape_text", "fold_line", "loads", "omitted"]

PRODID = "-//pyconf-schedule//pyconf-schedule//EN"
"""The PRODID every calendar written by this module carries."""

_FORMAT = "ics"
_UTC = timezone.utc

# ---------------------------------------------------------------------------
# writing
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


def _utc_text(value: datetime) -> str:
    return _basic(value.astimezone(_UTC)) + "Z"


def _basic(value: datetime) -> str:
    """``YYYYMMDDTHHMMSS`` of the wall time (the year always four digits, unlike strftime's ``%Y``)."""
    return f"{value.year:04d}{value.month:02d}{value.day:02d}T{value.hour:02d}{value.minute:02d}{value.second:02d}"


_SAFE_URL = re.compile(r"^https?://[^\s\x00-\x1f\x7f\"<>\\^`{|}]+$")


def _description(session: Session) -> str:
    parts: list[str] = []
    if session.speakers:
        names = [f"{p.name} ({p.organisation})" if p.organisation else p.name for p in session.speakers]
        parts.append(("Speaker: " if len(names) == 1 else "Speakers: ") + ", ".join(names))
    if session.room is not None:
        parts.append(f"Room: {session.room.name}")
    if session.track is not None:
        parts.append(f"Track: {session.track.name}")
    parts.append(f"Kind: {session.kind_label or session.kind.label}")
    text = "\n".join(parts)
    if session.abstract:
        text += "\n\n" + session.abstract
    if session.url:
        text += "\n\n" + session.url
    return text


def dumps(obj: Conference | Sessions, *, tz: str | None = None, dtstamp: datetime | None = None) -> str:
    """The iCalendar text of ``obj``'s scheduled sessions.

    ``tz`` asks for local wall times with ``TZID`` and a ``VTIMEZONE``
    instead of UTC; ``dtstamp`` (aware) is the ``DTSTAMP`` of every event,
    default the current time.

    >>> from pyconf_schedule import load
    >>> text = dumps(load("eu2026"), dtstamp=datetime(2026, 1, 1, tzinfo=timezone.utc))
    >>> text.splitlines()[:3]
    ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//pyconf-schedule//pyconf-schedule//EN']
    """
    conf = as_conference(obj)
    stamp = _utc_text(dtstamp if dtstamp is not None else datetime.now(_UTC))
    if dtstamp is not None and dtstamp.utcoffset() is None:
        raise ValueError("dtstamp must be an aware datetime")
    scheduled = [s for s in conf.sessions if s.start is not None]
    zone: tzinfo | None = None
    zone_id: str | None = None
    shown_zone, _ = view_zone(obj, tz)
    calendar_zone = zone_name(shown_zone)  # X-WR-TIMEZONE: the zone the calendar is meant in
    if tz is not None:
        zone, zone_id = shown_zone, calendar_zone
        if zone_name(zone) in {"UTC", "Etc/UTC"} or not isinstance(zone, ZoneInfo):
            zone = None
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        f"PRODID:{PRODID}",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        f"X-WR-CALNAME:{escape_text(conf.name)}",
        f"NAME:{escape_text(conf.name)}",
    ]
    if calendar_zone is not None:
        lines.append(f"X-WR-TIMEZONE:{calendar_zone}")
    if zone is not None and zone_id is not None:
        from ._vtimezone import vtimezone_lines

        years = {t.astimezone(zone).year for s in scheduled for t in (s.start, s.end) if t is not None}
        lines += vtimezone_lines(zone, zone_id, years)
    for session in scheduled:
        assert session.start is not None
        lines += [
            "BEGIN:VEVENT",
            f"UID:{escape_text(f'{session.id}@{conf.id}.pyconf-schedule')}",
            f"DTSTAMP:{stamp}",
            _time_line("DTSTART", session.start, zone, zone_id),
        ]
        if session.end is not None:
            lines.append(_time_line("DTEND", session.end, zone, zone_id))
        lines.append(f"SUMMARY:{escape_text(session.display_title)}")
        if session.room is not None:
            lines.append(f"LOCATION:{escape_text(session.room.name)}")
        if session.track is not None:
            lines.append(f"CATEGORIES:{escape_text(session.track.name)}")
        lines.append(f"DESCRIPTION:{escape_text(_description(session))}")
        if session.url and _SAFE_URL.match(session.url):
            lines.append(f"URL:{session.url}")
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    return "".join(fold_line(line) + "\r\n" for line in lines)


def _time_line(name: str, value: datetime, zone: tzinfo | None, zone_id: str | None) -> str:
    if zone is None or zone_id is None:
        return f"{name}:{_utc_text(value)}"
    wall = value.astimezone(zone).replace(tzinfo=None)
    try:
        localize(wall, zone)
    except AmbiguousTimeError:
        return f"{name}:{_utc_text(value)}"
    return f"{name};TZID={zone_id}:{_basic(wall)}"


# ---------------------------------------------------------------------------
# reading
# ---------------------------------------------------------------------------

_MAX_DEPTH = 16


@attrs.define
class _Property:
    name: str
    params: dict[str, list[str]]
    value: str
    line: int

    def param(self, key: str) -> str | None:
        values = self.params.get(key)
        return values[0] if values else None


@attrs.define
class _Component:
    name: str
    line: int
    properties: list[_Property] = attrs.field(factory=list)
    children: list[_Component] = attrs.field(factory=list)

    def get(self, name: str) -> _Property | None:
        for prop in self.properties:
            if prop.name == name:
                return prop
        return None

    def all(self, name: str) -> list[_Property]:
        return [p for p in self.properties if p.name == name]


def _error(message: str, line: int | None = None) -> ScheduleParseError:
    return ScheduleParseError(_FORMAT, message, f"line {line}" if line is not None else None)


_BREAK = re.compile(r"\r\n|\n|\r")
_BREAK_BYTES = re.compile(rb"\r\n|\n|\r")


def _unfold(text: str) -> Iterator[tuple[int, str]]:
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


def _unfold_bytes(data: bytes) -> Iterator[tuple[int, str]]:
    """Like :func:`_unfold` for UTF-8 bytes: unfolded first, then decoded, since producers may fold inside a character."""
    check_size(len(data), _FORMAT)
    data = data.removeprefix(b"\xef\xbb\xbf")
    current: list[bytes] = []
    start = 0
    position = 0
    number = 0

    def decoded(parts: list[bytes], line: int) -> str:
        try:
            return b"".join(parts).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise _error(f"the input is not UTF-8 ({exc.reason} at byte {exc.start} of the unfolded line)", line) from None

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


def _parse_line(line: str, number: int) -> _Property:
    match = _NAME.match(line)
    if match is None:
        raise _error(f"expected a property name, got {line[:40]!r}", number)
    name = match.group().upper()
    i = match.end()
    params: dict[str, list[str]] = {}
    while i < len(line) and line[i] == ";":
        pmatch = _NAME.match(line, i + 1)
        if pmatch is None or pmatch.end() >= len(line) or line[pmatch.end()] != "=":
            raise _error(f"malformed parameter in {name}", number)
        pname = pmatch.group().upper()
        i = pmatch.end() + 1
        values: list[str] = []
        while True:
            if i < len(line) and line[i] == '"':
                j = line.find('"', i + 1)
                if j < 0:
                    raise _error(f"unterminated quoted parameter in {name}", number)
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
        raise _error(f"expected ':' after the name and parameters of {name}", number)
    return _Property(name, params, line[i + 1 :], number)


def _parse(data: str | bytes) -> _Component:
    lines = _unfold_bytes(data) if isinstance(data, bytes) else _unfold(input_text(data, _FORMAT))
    stack: list[_Component] = []
    root: _Component | None = None
    for number, line in lines:
        if not line.strip():
            continue
        if root is not None and not stack:
            raise _error("content after END:VCALENDAR", number)
        prop = _parse_line(line, number)
        if prop.name == "BEGIN":
            component = _Component(prop.value.strip().upper(), number)
            if stack:
                stack[-1].children.append(component)
            elif component.name != "VCALENDAR":
                raise _error(f"expected BEGIN:VCALENDAR, got BEGIN:{prop.value}", number)
            else:
                root = component
            stack.append(component)
            if len(stack) > _MAX_DEPTH:
                raise _error(f"components nested deeper than {_MAX_DEPTH} levels", number)
        elif not stack:
            raise _error("expected BEGIN:VCALENDAR", number)
        if prop.name == "END":
            if prop.value.strip().upper() != stack[-1].name:
                raise _error(f"END:{prop.value} closes BEGIN:{stack[-1].name} of line {stack[-1].line}", number)
            stack.pop()
        elif prop.name != "BEGIN":
            stack[-1].properties.append(prop)
    if root is None:
        raise _error("no BEGIN:VCALENDAR found", 1)
    if stack:
        raise _error(f"BEGIN:{stack[-1].name} of line {stack[-1].line} is never closed")
    return root


_LIST_TOKEN = re.compile(r"[^\\,]+|\\.|,|\\", re.DOTALL)


def _unescape(value: str) -> str:
    r"""RFC 5545 TEXT unescaping: ``\n``/``\N`` -> newline, ``\x`` -> ``x``; a final lone backslash stays.

    Linear, in C: split on escaped backslashes; in each piece every backslash
    left escapes the character after it, so ``\n``/``\N`` become newlines and
    the other backslashes are dropped (``str.replace``, no Python call per
    escape).

    >>> _unescape(r"a\,b\;c\\d\ne") == "a,b;c" + chr(92) + "d" + chr(10) + "e"
    True
    >>> _unescape("end" + chr(92)) == "end" + chr(92)
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


def _split_list(value: str) -> list[str]:
    """Split a TEXT list on unescaped commas, unescaping each item."""
    items: list[str] = []
    current: list[str] = []
    for token in _LIST_TOKEN.findall(value):
        if token == ",":
            items.append(_unescape("".join(current)))
            current = []
        else:
            current.append(token)
    items.append(_unescape("".join(current)))
    return [item.strip() for item in items if item.strip()]


class _Zones:
    """Resolves TZIDs and floating times for one calendar."""

    def __init__(self, calendar: _Component, tz: str | None) -> None:
        self.tz = tz
        self.definitions: dict[str, _Component] = {}
        for child in calendar.children:
            tzid = child.get("TZID") if child.name == "VTIMEZONE" else None
            if tzid is not None:
                self.definitions.setdefault(tzid.value, child)
        wr = calendar.get("X-WR-TIMEZONE")
        self.wr_name = wr.value.strip() if wr and wr.value.strip() else None
        self.cache: dict[str, tzinfo] = {}
        self.used: set[str] = set()
        # The years VTIMEZONE rules are expanded for: those the events' times name.
        self.years = {
            int(m[1])
            for event in calendar.children
            if event.name == "VEVENT"
            for prop in event.properties
            if prop.name in ("DTSTART", "DTEND") and (m := _YEAR.match(prop.value.strip())) is not None
        }
        self.budget = [MAX_RULE_STEPS]

    def floating(self, line: int) -> tzinfo:
        name = self.tz or self.wr_name
        if name is None:
            raise MissingZoneError(
                _FORMAT, "a date-time has no zone (no Z, TZID or X-WR-TIMEZONE); pass tz= the zone it is in", f"line {line}"
            )
        return _iana(name) or _fail(f"unknown time zone {name!r}", line)

    def zone(self, tzid: str, line: int) -> tzinfo:
        """The zone of a TZID: an IANA name, else the file's VTIMEZONE, else an IANA name it implies, else ``tz``."""
        if tzid in self.cache:
            return self.cache[tzid]
        definition = self.definitions.get(tzid)
        # The IANA zone the TZID means: itself, the VTIMEZONE's X-LIC-LOCATION, or
        # the end of a prefixed name such as /mozilla.org/20070129_1/Europe/Berlin.
        hints = [tzid]
        location = definition.get("X-LIC-LOCATION") if definition is not None else None
        if location is not None:
            hints.append(location.value.strip())
        parts = tzid.strip("/").split("/")
        hints += ["/".join(parts[-n:]) for n in (3, 2) if len(parts) > n]
        implied = next((z for z in map(_iana, hints) if isinstance(z, ZoneInfo)), None)
        zone = _iana(tzid)
        problem = None
        if zone is None and definition is not None:
            zone, problem = self._definition(definition, tzid)
        if zone is None:
            zone = implied
        if zone is None and self.tz is not None:
            zone = _iana(self.tz)
        if zone is None:
            if problem is not None:
                message = f"cannot read the VTIMEZONE of TZID {tzid!r} ({problem}); pass tz= the zone it means"
            else:
                message = f"unknown TZID {tzid!r} and no VTIMEZONE defines it; pass tz= the zone it means"
            raise MissingZoneError(_FORMAT, message, f"line {line}")
        self.cache[tzid] = zone
        if isinstance(zone, ZoneInfo):
            self.used.add(zone.key)
        elif implied is not None:
            self.used.add(implied.key)
        return zone


    def _definition(self, component: _Component, tzid: str) -> tuple[tzinfo | None, str | None]:
        """The zone a VTIMEZONE defines, or None and why it could not be read."""
        from ._vtimezone import Observance, VTimezoneError, read_vtimezone

        observances = [
            Observance(child.name, tuple((p.name, p.value) for p in child.properties))
            for child in component.children
            if child.name in ("STANDARD", "DAYLIGHT")
        ]
        try:
            return read_vtimezone(tzid, observances, self.years, self.budget), None
        except VTimezoneError as exc:
            return None, str(exc)
        except (ValueError, OverflowError) as exc:  # a defence in depth: none is known to escape
            return None, str(exc) or type(exc).__name__


_YEAR = re.compile(r"^(\d{4})")


def _iana(name: str) -> tzinfo | None:
    try:
        return get_zone(name)
    except PyconfScheduleError:
        return None


def _fail(message: str, line: int) -> tzinfo:
    raise _error(message, line)


_DATE = re.compile(r"^(\d{4})-?(\d{2})-?(\d{2})$")
_DATETIME = re.compile(r"^(\d{4})-?(\d{2})-?(\d{2})T(\d{2}):?(\d{2}):?(\d{2})?(?:\.\d+)?(Z)?$", re.IGNORECASE)
_DURATION = re.compile(r"^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$", re.IGNORECASE)


def _datetime(prop: _Property, zones: _Zones) -> tuple[datetime, bool]:
    """The instant of a DTSTART/DTEND property, and whether it was a DATE (all-day)."""
    value = prop.value.strip()
    try:
        dm = _DATE.match(value)
        if dm is not None or prop.param("VALUE") == "DATE":
            if dm is None:
                raise ValueError("expected YYYYMMDD")
            day = date(int(dm[1]), int(dm[2]), int(dm[3]))
            zone = zones.zone(prop.param("TZID") or "", prop.line) if prop.param("TZID") else _floating_or_utc(zones)
            return datetime.combine(day, time(0)).replace(tzinfo=zone).astimezone(zone), True
        m = _DATETIME.match(value)
        if m is None:
            raise ValueError("expected YYYYMMDDTHHMMSS, optionally ending in Z")
        naive = datetime(int(m[1]), int(m[2]), int(m[3]), int(m[4]), int(m[5]), int(m[6] or 0))
    except ValueError as exc:
        raise _error(f"{prop.name} {value!r} is not a date-time: {exc}", prop.line) from None
    if m[7]:
        return naive.replace(tzinfo=_UTC), False
    tzid = prop.param("TZID")
    zone = zones.zone(tzid, prop.line) if tzid else zones.floating(prop.line)
    # RFC 5545: a wall time skipped by a DST change means the same time after
    # the change, and a repeated one its first occurrence (fold=0).
    aware = naive.replace(tzinfo=zone)
    return aware.astimezone(_UTC).astimezone(zone), False


def _floating_or_utc(zones: _Zones) -> tzinfo:
    name = zones.tz or zones.wr_name
    if name is None:
        return _UTC
    try:
        return get_zone(name)
    except PyconfScheduleError:
        return _UTC


def _duration(prop: _Property) -> timedelta:
    m = _DURATION.match(prop.value.strip())
    if m is None or not any(m.groups()[1:]):
        raise _error(f"DURATION {prop.value!r} is not an RFC 5545 duration such as PT45M", prop.line)
    weeks, days, hours, minutes, seconds = (int(g or 0) for g in m.groups()[1:])
    try:
        delta = timedelta(weeks=weeks, days=days, hours=hours, minutes=minutes, seconds=seconds)
    except OverflowError:
        raise _error(f"DURATION {prop.value!r} is too long", prop.line) from None
    return -delta if m[1] == "-" else delta


def _text(component: _Component, name: str, *, strip: bool = True) -> str | None:
    prop = component.get(name)
    if prop is None:
        return None
    value = _unescape(prop.value)
    if strip:
        value = value.strip()
    return value or None


_HEADER_LINE = re.compile(r"^(Speakers?|Room|Track|Kind): (.*)$")
_HEADER_ORDER = ("Speaker", "Speakers", "Room", "Track", "Kind")


@attrs.frozen
class _Description:
    """A DESCRIPTION in the layout :func:`dumps` writes, taken apart."""

    speakers: tuple[tuple[str, str | None], ...]
    kind_label: str | None
    abstract: str | None


def _own_description(text: str, url: str | None) -> _Description | None:
    """Our DESCRIPTION layout (``Speaker(s): ...`` ... ``Kind: ...``, blank line, abstract, URL), or None.

    The header must be exactly what :func:`_description` writes: lines
    ``Speaker:``/``Speakers:``, ``Room:``, ``Track:`` in that order, each at
    most once, ending with ``Kind:``.
    """
    header, _, rest = text.partition("\n\n")
    fields: dict[str, str] = {}
    position = -1
    for line in header.split("\n"):
        m = _HEADER_LINE.match(line)
        if m is None or m[1] in fields or _HEADER_ORDER.index(m[1]) <= position:
            return None
        position = _HEADER_ORDER.index(m[1])
        fields[m[1]] = m[2]
    if "Kind" not in fields or ("Speaker" in fields and "Speakers" in fields):
        return None
    if url and (rest == url or rest.endswith("\n\n" + url)):
        rest = rest[: -len(url)].removesuffix("\n\n")
    speakers: tuple[tuple[str, str | None], ...]
    if "Speaker" in fields:
        speakers = (_speaker_with_organisation(fields["Speaker"]),)
    else:
        speakers = tuple(_speaker_with_organisation(item) for item in _split_outside_parentheses(fields.get("Speakers", "")))
    return _Description(
        speakers=tuple(s for s in speakers if s[0]), kind_label=fields["Kind"].strip() or None, abstract=rest or None
    )


def _split_outside_parentheses(text: str) -> list[str]:
    """``"A (X, Y), B"`` -> ``["A (X, Y)", "B"]``: split on ", " outside parentheses."""
    items: list[str] = []
    depth = 0
    current = 0
    for i, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(depth - 1, 0)
        elif char == "," and depth == 0 and text[i + 1 : i + 2] == " ":
            items.append(text[current:i])
            current = i + 2
    items.append(text[current:])
    return [item.strip() for item in items if item.strip()]


def _speaker_with_organisation(text: str) -> tuple[str, str | None]:
    """``"Liz Li (AMD)"`` -> ``("Liz Li", "AMD")``; the last parenthesised group is the organisation."""
    text = text.strip()
    if not text.endswith(")"):
        return text, None
    depth = 0
    for i in range(len(text) - 1, -1, -1):
        if text[i] == ")":
            depth += 1
        elif text[i] == "(":
            depth -= 1
            if depth == 0:
                name, organisation = text[:i].strip(), text[i + 1 : -1].strip()
                return (name, organisation or None) if name else (text, None)
    return text, None


def _kind(label: str | None) -> tuple[SessionKind, str | None]:
    """The kind a ``Kind:`` line names: a kind's own label gives that kind, other wording is kept as the label."""
    if label is None:
        return SessionKind.TALK, None
    for kind in SessionKind:
        if label == kind.label:
            return kind, None
    return kind_from_label(label)


def loads(data: str | bytes, *, tz: str | None = None) -> Conference:
    """Read an iCalendar file into a Conference (see the module docstring for the mapping)."""
    if tz is not None:
        get_zone(tz)  # an unknown zone is an UnknownZoneError, as with the other readers
    calendar = _parse(data)
    zones = _Zones(calendar, tz)
    rooms = rooms_table()
    tracks = tracks_table()
    speakers: dict[str, Speaker] = {}
    speaker_ids = UniqueIds()
    session_ids = UniqueIds()
    drafts: list[tuple[Session, int]] = []
    floating_days: set[int] = set()  # drafts whose all-day dates wait for the calendar's zone
    for number, event in enumerate((c for c in calendar.children if c.name == "VEVENT"), start=1):
        start = end = None
        dtstart = event.get("DTSTART")
        if dtstart is not None:
            with dates_in_range(_FORMAT, f"line {event.line}"):
                start, end = _times(event, dtstart, zones)
            if _floating_date(dtstart, zones):
                floating_days.add(len(drafts))
        uid = _text(event, "UID") or f"ics-{number}"
        if uid.endswith(".pyconf-schedule") and "@" in uid:
            uid = uid.rsplit("@", 1)[0]
        sid = session_ids.claim(uid)
        categories = [c for p in event.all("CATEGORIES") for c in _split_list(p.value)]
        url = _text(event, "URL")
        description = _text(event, "DESCRIPTION", strip=False)
        own = _own_description(description, url) if description is not None else None
        named: list[tuple[str, str | None]] = [((a.param("CN") or "").strip(), None) for a in event.all("ATTENDEE")]
        if own is not None and not any(name for name, _ in named):
            named = list(own.speakers)
        people: dict[str, Speaker] = {}  # by name: an attendee named twice speaks once
        for name, organisation in named:
            if not name:
                continue
            speaker = speakers.get(name)
            if speaker is None:
                speaker = speakers[name] = Speaker(
                    id=unique_slug(name, speaker_ids, "speaker"), name=name, organisation=organisation
                )
            people.setdefault(name, speaker)
        kind, kind_label = _kind(own.kind_label) if own is not None else (SessionKind.TALK, None)
        try:
            session = Session(
                id=sid,
                title=_text(event, "SUMMARY", strip=False),
                kind=kind,
                kind_label=kind_label,
                start=start,
                end=end,
                room=rooms.get(_text(event, "LOCATION")),
                track=tracks.get(categories[0] if categories else None),
                speakers=list(people.values()),
                abstract=own.abstract if own is not None else description,
                url=url,
            )
        except PyconfScheduleError as exc:
            raise _error(str(exc), event.line) from None
        drafts.append((session, event.line))
    name = _text(calendar, "X-WR-CALNAME") or _text(calendar, "NAME") or "Calendar"
    conf_zone = _conference_zone(zones)
    zone = get_zone(conf_zone)
    sessions = []
    for index, (draft, line) in enumerate(drafts):
        if index in floating_days and draft.start is not None:
            # An all-day DATE with no zone of its own is that day in the calendar's zone, not in UTC.
            with dates_in_range(_FORMAT, f"line {line}"):
                draft = attrs.evolve(
                    draft,
                    start=_midnight_in(draft.start, zone),
                    end=None if draft.end is None else _midnight_in(draft.end, zone),
                )
        with dates_in_range(_FORMAT, f"line {line}"):
            sessions.append(
                attrs.evolve(
                    draft,
                    start=None if draft.start is None else draft.start.astimezone(zone),
                    end=None if draft.end is None else draft.end.astimezone(zone),
                )
            )
    return build_conference(
        _FORMAT,
        dates_from_days=True,
        id=unique_slug(name, UniqueIds(), "calendar"),
        name=name,
        timezone=conf_zone,
        sessions=sessions,
        speakers=list(speakers.values()),
        rooms=rooms.values(),
        tracks=tracks.values(),
    )


def _times(event: _Component, dtstart: _Property, zones: _Zones) -> tuple[datetime, datetime | None]:
    """An event's start and end instants; an end before the start (compared in UTC) is dropped."""
    start, all_day = _datetime(dtstart, zones)
    end = None
    dtend = event.get("DTEND")
    duration = event.get("DURATION")
    if dtend is not None:
        end = _datetime(dtend, zones)[0]
    elif duration is not None:
        end = (utc(start) + _duration(duration)).astimezone(start.tzinfo)
    elif all_day:
        end = (utc(start) + timedelta(days=1)).astimezone(start.tzinfo)
    if end is not None and utc(end) < utc(start):
        end = None
    return start, end


def _floating_date(dtstart: _Property, zones: _Zones) -> bool:
    """True for an all-day DATE start with no TZID, read in UTC for want of ``tz`` or X-WR-TIMEZONE."""
    is_date = _DATE.match(dtstart.value.strip()) is not None or dtstart.param("VALUE") == "DATE"
    return is_date and not dtstart.param("TZID") and _floating_or_utc(zones) is _UTC


def _midnight_in(placed: datetime, zone: tzinfo) -> datetime:
    """The first instant, in ``zone``, of the day ``placed`` (a UTC midnight) names."""
    day = placed.astimezone(_UTC).date()
    return datetime.combine(day, time(0)).replace(tzinfo=zone).astimezone(_UTC).astimezone(zone)


def _conference_zone(zones: _Zones) -> str:
    for name in (zones.tz, zones.wr_name):
        if name:
            try:
                zone = get_zone(name)
            except PyconfScheduleError:
                continue
            key = zone_name(zone)
            if key:
                return key
    if len(zones.used) == 1:
        return next(iter(zones.used))
    return "UTC"

