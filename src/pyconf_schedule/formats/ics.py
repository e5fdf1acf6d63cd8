"""iCalendar (RFC 5545), format name ``"ics"``: one VEVENT per scheduled session.

Writing
-------
* CRLF line ends; content lines folded at 75 octets without splitting a UTF-8
  character; TEXT values escape backslash, semicolon, comma and newlines.
  Control characters other than newline and tab cannot be written in
  iCalendar TEXT and are removed; CR and CRLF become a newline
  (:func:`clean_text` is exactly what a title becomes).
* ``PRODID:-//pyconf-schedule//pyconf-schedule//EN``, ``X-WR-CALNAME`` and
  ``NAME`` (RFC 7986) carry the conference name.
* Each event has a stable ``UID`` (``<session id>@<conference id>.pyconf-schedule``),
  one ``DTSTAMP`` (``dtstamp``, default: now in UTC), ``DTSTART`` and,
  when the end is known, ``DTEND``.  A session with an unknown end has no
  ``DTEND``: by RFC 5545 it then ends at its start.
* Times are UTC (``...Z``) unless ``tz`` is given; then they are wall times
  with ``TZID=<tz>`` and a ``VTIMEZONE`` generated from the zone's
  transitions for the years the events cover (plus ``X-WR-TIMEZONE``).  A
  wall time that a DST change repeats is written in UTC instead.
* ``SUMMARY`` is the title (or "(untitled session <id>)"), ``LOCATION`` the
  room, ``CATEGORIES`` the track, ``URL`` the session URL (when it is a
  plain http(s) URL), and ``DESCRIPTION`` lists speakers (with
  organisations), track, kind and the abstract.
* Unscheduled sessions are left out: :func:`omitted` returns them.

Reading
-------
UTC times, ``TZID`` with or without a matching ``VTIMEZONE`` (IANA names,
``/mozilla.org/.../Europe/Paris`` style prefixes, or any VTIMEZONE, read
with dateutil), floating times in ``X-WR-TIMEZONE`` or the ``tz``
argument (``tz`` wins; without either a floating time is an error that says
to pass ``tz``), all-day ``DATE`` values, ``DTEND`` or ``DURATION``.
``SUMMARY`` -> title, ``LOCATION`` -> room, first ``CATEGORIES`` -> track,
``DESCRIPTION`` -> abstract, ``URL``, ``ATTENDEE;CN=`` -> speakers,
``UID`` -> session id (for UIDs this module wrote, the part before ``@``;
made unique with ``-2``, ``-3``...); the kind is always ``talk``.  The
conference's zone is ``tz``, else ``X-WR-TIMEZONE``, else the one IANA TZID
the events use, else UTC.  Recurrence rules are not expanded (an event is
read at its first occurrence).  Inputs over 50 MiB are refused; errors
name the line.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from datetime import date, datetime, time, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo

import attrs

from .._conference import Conference
from .._model import Room, Session, SessionKind, Speaker, Track
from .._sessions import Sessions
from .._time import get_zone, localize, zone_name
from ..exceptions import AmbiguousTimeError, MissingZoneError, PyconfScheduleError, ScheduleParseError
from ._common import as_conference, input_text, unique_slug, view_zone

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
    return value.astimezone(_UTC).strftime("%Y%m%dT%H%M%SZ")


def _offset_text(offset: timedelta | None) -> str:
    total = int((offset or timedelta(0)).total_seconds())
    sign = "+" if total >= 0 else "-"
    hours, rest = divmod(abs(total), 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{sign}{hours:02d}{minutes:02d}" + (f"{seconds:02d}" if seconds else "")


def _transitions(zone: tzinfo, start: datetime, end: datetime) -> list[datetime]:
    """The UTC instants in [start, end) at which ``zone``'s UTC offset changes."""
    found: list[datetime] = []
    step = timedelta(days=1)
    t = start
    previous = t.astimezone(zone).utcoffset()
    while t < end:
        nxt = t + step
        offset = nxt.astimezone(zone).utcoffset()
        if offset != previous:
            lo, hi = t, nxt
            while hi - lo > timedelta(seconds=1):
                mid = lo + (hi - lo) / 2
                mid = mid.replace(microsecond=0)
                if mid.astimezone(zone).utcoffset() == previous:
                    lo = mid
                else:
                    hi = mid
            found.append(hi)
        previous = offset
        t = nxt
    return found


def _vtimezone(zone: tzinfo, name: str, first_year: int, last_year: int) -> list[str]:
    """A VTIMEZONE for ``zone`` valid from 1 January ``first_year`` to the end of ``last_year``."""
    start = datetime(first_year, 1, 1, tzinfo=_UTC) - timedelta(days=1)
    end = datetime(last_year + 1, 1, 1, tzinfo=_UTC) + timedelta(days=1)
    lines = ["BEGIN:VTIMEZONE", f"TZID:{name}"]
    first = start.astimezone(zone)
    kind = "DAYLIGHT" if first.dst() else "STANDARD"
    lines += [
        f"BEGIN:{kind}",
        "DTSTART:19700101T000000",
        f"TZOFFSETFROM:{_offset_text(first.utcoffset())}",
        f"TZOFFSETTO:{_offset_text(first.utcoffset())}",
        f"TZNAME:{escape_text(first.tzname() or name)}",
        f"END:{kind}",
    ]
    for instant in _transitions(zone, start, end):
        before = (instant - timedelta(seconds=1)).astimezone(zone)
        after = instant.astimezone(zone)
        kind = "DAYLIGHT" if after.dst() else "STANDARD"
        onset = (instant + (before.utcoffset() or timedelta(0))).replace(tzinfo=None)
        lines += [
            f"BEGIN:{kind}",
            f"DTSTART:{onset.strftime('%Y%m%dT%H%M%S')}",
            f"TZOFFSETFROM:{_offset_text(before.utcoffset())}",
            f"TZOFFSETTO:{_offset_text(after.utcoffset())}",
            f"TZNAME:{escape_text(after.tzname() or name)}",
            f"END:{kind}",
        ]
    lines.append("END:VTIMEZONE")
    return lines


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


def omitted(obj: Conference | Sessions) -> Sessions:
    """The sessions :func:`dumps` leaves out: those with no start."""
    return as_conference(obj).sessions.unscheduled


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
    if tz is not None:
        zone, zone_id = view_zone(obj, tz)
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
    if zone is not None and zone_id is not None:
        lines.append(f"X-WR-TIMEZONE:{zone_id}")
        if scheduled:
            instants = [t for s in scheduled for t in (s.start, s.end) if t is not None]
            years = [t.astimezone(zone).year for t in instants]
            lines += _vtimezone(zone, zone_id, min(years), max(years))
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
    return f"{name};TZID={zone_id}:{wall.strftime('%Y%m%dT%H%M%S')}"


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
    raw: list[str] = attrs.field(factory=list)

    def get(self, name: str) -> _Property | None:
        for prop in self.properties:
            if prop.name == name:
                return prop
        return None

    def all(self, name: str) -> list[_Property]:
        return [p for p in self.properties if p.name == name]


def _error(message: str, line: int | None = None) -> ScheduleParseError:
    return ScheduleParseError(_FORMAT, message, f"line {line}" if line is not None else None)


def _unfold(text: str) -> Iterator[tuple[int, str]]:
    """(first physical line number, logical line) pairs."""
    current: str | None = None
    start = 0
    for number, physical in enumerate(re.split(r"\r\n|\n|\r", text), start=1):
        if physical[:1] in (" ", "\t") and current is not None:
            current += physical[1:]
            continue
        if current is not None:
            yield start, current
        current, start = physical, number
    if current is not None:
        yield start, current


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


def _parse(text: str) -> _Component:
    stack: list[_Component] = []
    root: _Component | None = None
    for number, line in _unfold(text):
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
        definition = next((c for c in stack if c.name == "VTIMEZONE"), None)
        if definition is not None:
            definition.raw.append(line)
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


def _unescape(value: str) -> str:
    out: list[str] = []
    i = 0
    while i < len(value):
        char = value[i]
        if char == "\\" and i + 1 < len(value):
            nxt = value[i + 1]
            out.append("\n" if nxt in "nN" else nxt)
            i += 2
        else:
            out.append(char)
            i += 1
    return "".join(out)


def _split_list(value: str) -> list[str]:
    """Split a TEXT list on unescaped commas, unescaping each item."""
    items: list[str] = []
    current: list[str] = []
    i = 0
    while i < len(value):
        if value[i] == "\\" and i + 1 < len(value):
            current.append(value[i : i + 2])
            i += 2
            continue
        if value[i] == ",":
            items.append(_unescape("".join(current)))
            current = []
        else:
            current.append(value[i])
        i += 1
    items.append(_unescape("".join(current)))
    return [item.strip() for item in items if item.strip()]


class _Zones:
    """Resolves TZIDs and floating times for one calendar."""

    def __init__(self, calendar: _Component, tz: str | None) -> None:
        self.tz = tz
        self.definitions = {
            (c.get("TZID").value if c.get("TZID") else ""): c for c in calendar.children if c.name == "VTIMEZONE"  # type: ignore[union-attr]
        }
        wr = calendar.get("X-WR-TIMEZONE")
        self.wr_name = wr.value.strip() if wr and wr.value.strip() else None
        self.cache: dict[str, tzinfo] = {}
        self.used: set[str] = set()

    def floating(self, line: int) -> tzinfo:
        name = self.tz or self.wr_name
        if name is None:
            raise MissingZoneError(
                _FORMAT, "a date-time has no zone (no Z, TZID or X-WR-TIMEZONE); pass tz= the zone it is in", f"line {line}"
            )
        return self._iana(name, line) or _fail(f"unknown time zone {name!r}", line)

    def _iana(self, name: str, line: int) -> tzinfo | None:
        try:
            return get_zone(name)
        except PyconfScheduleError:
            return None

    def zone(self, tzid: str, line: int) -> tzinfo:
        if tzid in self.cache:
            return self.cache[tzid]
        zone = self._iana(tzid, line)
        if zone is None and tzid in self.definitions:
            zone = _tzical(self.definitions[tzid], tzid, line)
        if zone is None and "/" in tzid:
            parts = tzid.strip("/").split("/")
            for n in (3, 2, 1):
                if len(parts) >= n:
                    zone = self._iana("/".join(parts[-n:]), line)
                    if zone is not None:
                        break
        if zone is None and self.tz is not None:
            zone = self._iana(self.tz, line)
        if zone is None:
            raise MissingZoneError(
                _FORMAT, f"unknown TZID {tzid!r} and no VTIMEZONE defines it; pass tz= the zone it means", f"line {line}"
            )
        self.cache[tzid] = zone
        if isinstance(zone, ZoneInfo):
            self.used.add(zone.key)
        return zone


def _fail(message: str, line: int) -> tzinfo:
    raise _error(message, line)


def _tzical(component: _Component, tzid: str, line: int) -> tzinfo | None:
    from dateutil.tz import tzical

    text = "\r\n".join(component.raw) + "\r\n"
    try:
        zones = tzical(io.StringIO(text))
        return zones.get(tzid)
    except (ValueError, KeyError, IndexError, TypeError) as exc:
        raise _error(f"cannot read VTIMEZONE {tzid!r}: {exc}", line) from None


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
    delta = timedelta(weeks=weeks, days=days, hours=hours, minutes=minutes, seconds=seconds)
    return -delta if m[1] == "-" else delta


def _text(component: _Component, name: str, *, strip: bool = True) -> str | None:
    prop = component.get(name)
    if prop is None:
        return None
    value = _unescape(prop.value)
    if strip:
        value = value.strip()
    return value or None


def loads(data: str | bytes, *, tz: str | None = None) -> Conference:
    """Read an iCalendar file into a Conference (see the module docstring for the mapping)."""
    text = input_text(data, _FORMAT)
    calendar = _parse(text)
    zones = _Zones(calendar, tz)
    rooms: dict[str, Room] = {}
    tracks: dict[str, Track] = {}
    speakers: dict[str, Speaker] = {}
    room_ids: set[str] = set()
    track_ids: set[str] = set()
    speaker_ids: set[str] = set()
    session_ids: set[str] = set()
    sessions: list[Session] = []
    for number, event in enumerate((c for c in calendar.children if c.name == "VEVENT"), start=1):
        start = end = None
        dtstart = event.get("DTSTART")
        if dtstart is not None:
            start, all_day = _datetime(dtstart, zones)
            dtend = event.get("DTEND")
            duration = event.get("DURATION")
            if dtend is not None:
                end = _datetime(dtend, zones)[0]
            elif duration is not None:
                end = (start.astimezone(_UTC) + _duration(duration)).astimezone(start.tzinfo)
            elif all_day:
                end = (start.astimezone(_UTC) + timedelta(days=1)).astimezone(start.tzinfo)
            if end is not None and end < start:
                end = None
        uid = _text(event, "UID") or f"ics-{number}"
        if uid.endswith(".pyconf-schedule") and "@" in uid:
            uid = uid.rsplit("@", 1)[0]
        sid = uid
        n = 2
        while sid in session_ids:
            sid = f"{uid}-{n}"
            n += 1
        session_ids.add(sid)
        room = None
        location = _text(event, "LOCATION")
        if location is not None:
            room = rooms.get(location)
            if room is None:
                room = rooms[location] = Room(id=unique_slug(location, room_ids, "room"), name=location)
        track = None
        categories = [c for p in event.all("CATEGORIES") for c in _split_list(p.value)]
        if categories:
            track = tracks.get(categories[0])
            if track is None:
                track = tracks[categories[0]] = Track(id=unique_slug(categories[0], track_ids, "track"), name=categories[0])
        people: list[Speaker] = []
        for attendee in event.all("ATTENDEE"):
            name = (attendee.param("CN") or "").strip()
            if not name:
                continue
            speaker = speakers.get(name)
            if speaker is None:
                speaker = speakers[name] = Speaker(id=unique_slug(name, speaker_ids, "speaker"), name=name)
            if speaker not in people:
                people.append(speaker)
        url = _text(event, "URL")
        try:
            sessions.append(
                Session(
                    id=sid,
                    title=_text(event, "SUMMARY", strip=False),
                    kind=SessionKind.TALK,
                    start=start,
                    end=end,
                    room=room,
                    track=track,
                    speakers=people,
                    abstract=_text(event, "DESCRIPTION", strip=False),
                    url=url,
                )
            )
        except PyconfScheduleError as exc:
            raise _error(str(exc), event.line) from None
    name = _text(calendar, "X-WR-CALNAME") or _text(calendar, "NAME") or "Calendar"
    conf_zone = _conference_zone(zones)
    try:
        conf = Conference(
            id=unique_slug(name, set(), "calendar"),
            name=name,
            timezone=conf_zone,
            sessions=sessions,
            speakers=list(speakers.values()),
            rooms=list(rooms.values()),
            tracks=list(tracks.values()),
        )
        days = conf.days()
        if days:
            conf = attrs.evolve(conf, start_date=days[0], end_date=days[-1])
    except PyconfScheduleError as exc:
        raise _error(str(exc)) from None
    return conf


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

