"""The event layer of the iCalendar reader: VEVENTs of a parsed calendar into a Conference.

The line layer (:mod:`._ics_lines`) gives the tree of components; this
module resolves zones and times, and maps each VEVENT's properties to a
:class:`Session` (the mapping is documented in :mod:`.ics`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from typing import TypedDict
from zoneinfo import ZoneInfo

import attrs

from .._conference import Conference
from .._model import Conflict, Room, Session, SessionKind, SourcedValue, Speaker, Track
from .._text import fold, shorten
from .._time import get_zone, utc, zone_name
from ..exceptions import MissingZoneError, PyconfScheduleError
from ._common import (
    UniqueIds,
    build_conference,
    kind_from_label,
    rooms_table,
    source_room,
    source_title,
    tracks_table,
    unique_slug,
)
from ._ics_lines import Component, Entry, Property, parse_calendar, parse_error, split_list, unescape
from ._input import out_of_range
from ._vtimezone import MAX_RULE_STEPS

__all__ = ["CalendarFields", "calendar_fields", "read_calendar"]

_FORMAT = "ics"
_UTC = UTC
_error = parse_error


class _Zones:
    """Resolves TZIDs and floating times for one calendar."""

    def __init__(self, calendar: Component, tz: str | None) -> None:
        self.tz = tz
        self.definitions: dict[str, Component] = {}
        for child in calendar.children:
            tzid = child.value("TZID") if child.name == "VTIMEZONE" else None
            if tzid is not None:
                self.definitions.setdefault(tzid, child)
        wr = calendar.value("X-WR-TIMEZONE")
        self.wr_name = wr.strip() if wr and wr.strip() else None
        self.cache: dict[str, tzinfo] = {}
        self.used: set[str] = set()
        self.calendar = calendar
        self._years: set[int] | None = None
        self.budget = [MAX_RULE_STEPS]
        self.instants: dict[tuple[str, bool, str | None], tuple[datetime, bool]] = {}  # see _datetime

    @property
    def years(self) -> set[int]:
        """The years VTIMEZONE rules are expanded for: those the events' times name (found when a VTIMEZONE is read)."""
        if self._years is None:
            self._years = {
                int(m[1])
                for event in self.calendar.children
                if event.name == "VEVENT"
                for name in ("DTSTART", "DTEND")
                for value, _, _ in event.entries.get(name, ())
                if (m := _YEAR.match(value.strip())) is not None
            }
        return self._years

    def floating(self, line: int) -> tzinfo:
        name = self.tz or self.wr_name
        if name is None:
            raise MissingZoneError(
                _FORMAT,
                "a date-time has no zone (no Z, TZID or X-WR-TIMEZONE); pass file_tz= the zone it is in",
                f"line {line}",
            )
        return _iana(name) or _fail(f"unknown time zone {name!r}", line)

    def zone(self, tzid: str, line: int) -> tzinfo:
        """The zone of a TZID: an IANA name, else the file's VTIMEZONE, else an IANA name it implies, else ``file_tz``."""
        if tzid in self.cache:
            return self.cache[tzid]
        definition = self.definitions.get(tzid)
        # The IANA zone the TZID means: itself, the VTIMEZONE's X-LIC-LOCATION, or
        # the end of a prefixed name such as /mozilla.org/20070129_1/Europe/Berlin.
        hints = [tzid]
        location = definition.value("X-LIC-LOCATION") if definition is not None else None
        if location is not None:
            hints.append(location.strip())
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
                message = f"cannot read the VTIMEZONE of TZID {tzid!r} ({problem}); pass file_tz= the zone it means"
            else:
                message = f"unknown TZID {tzid!r} and no VTIMEZONE defines it; pass file_tz= the zone it means"
            raise MissingZoneError(_FORMAT, message, f"line {line}")
        self.cache[tzid] = zone
        if isinstance(zone, ZoneInfo):
            self.used.add(zone.key)
        elif implied is not None:
            self.used.add(implied.key)
        return zone

    def _definition(self, component: Component, tzid: str) -> tuple[tzinfo | None, str | None]:
        """The zone a VTIMEZONE defines, or None and why it could not be read."""
        from ._vtimezone import Observance, VTimezoneError, read_vtimezone

        observances = [
            Observance(child.name, tuple(child.pairs()))
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
    raise parse_error(message, line)


_DATE = re.compile(r"^(\d{4})-?(\d{2})-?(\d{2})$")
_DATETIME = re.compile(r"^(\d{4})-?(\d{2})-?(\d{2})T(\d{2}):?(\d{2}):?(\d{2})?(?:\.\d+)?(Z)?$", re.IGNORECASE)
_MAX_DIGITS = 12
"""The most digits one number of a DURATION may have (10**12 seconds is 31 000 years; longer is refused, not converted)."""
_DURATION = re.compile(r"^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$", re.IGNORECASE)


def _datetime(prop: Property, zones: _Zones) -> tuple[datetime, bool]:
    """The instant of a DTSTART/DTEND property, and whether it was a DATE (all-day).

    The same value with the same ``VALUE`` and ``TZID`` is the same instant
    throughout a calendar (sessions share their times), so each is read once.
    """
    if prop.params:
        tzid, date_value = prop.param("TZID"), prop.param("VALUE") == "DATE"
    else:
        tzid, date_value = None, False
    key = (prop.value, date_value, tzid)
    found = zones.instants.get(key)
    if found is None:
        found = zones.instants[key] = _read_datetime(prop, prop.value.strip(), date_value, tzid, zones)
    return found


def _read_datetime(
    prop: Property, value: str, date_value: bool, tzid: str | None, zones: _Zones
) -> tuple[datetime, bool]:
    try:
        dm = _DATE.match(value)
        if dm is not None or date_value:
            if dm is None:
                raise ValueError("expected YYYYMMDD")
            day = date(int(dm[1]), int(dm[2]), int(dm[3]))
            zone = zones.zone(tzid, prop.line) if tzid else _floating_or_utc(zones)
            return datetime.combine(day, time(0)).replace(tzinfo=zone).astimezone(zone), True
        m = _DATETIME.match(value)
        if m is None:
            raise ValueError("expected YYYYMMDDTHHMMSS, optionally ending in Z")
        naive = datetime(int(m[1]), int(m[2]), int(m[3]), int(m[4]), int(m[5]), int(m[6] or 0))
    except ValueError as exc:
        raise parse_error(f"{prop.name} {value!r} is not a date-time: {exc}", prop.line) from None
    if m[7]:
        return naive.replace(tzinfo=_UTC), False
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


def _duration(prop: Property) -> timedelta:
    m = _DURATION.match(prop.value.strip())
    if m is None or not any(m.groups()[1:]):
        raise parse_error(f"DURATION {shorten(prop.value, 40)!r} is not an RFC 5545 duration such as PT45M", prop.line)
    if max(len(g or "") for g in m.groups()[1:]) > _MAX_DIGITS:
        raise parse_error(
            f"DURATION {shorten(prop.value, 40)!r} is too long (at most {_MAX_DIGITS} digits a number)", prop.line
        )
    weeks, days, hours, minutes, seconds = (int(g or 0) for g in m.groups()[1:])
    try:
        delta = timedelta(weeks=weeks, days=days, hours=hours, minutes=minutes, seconds=seconds)
    except OverflowError:
        raise parse_error(f"DURATION {shorten(prop.value, 40)!r} is too long", prop.line) from None
    return -delta if m[1] == "-" else delta


def _text(entries: dict[str, list[Entry]], name: str, *, strip: bool = True) -> str | None:
    """The unescaped value of a component's first property ``name`` (``entries`` are the component's), or None."""
    found = entries.get(name)
    if not found:
        return None
    value = found[0][0]
    if "\\" in value:
        value = unescape(value)
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
        speakers = tuple(
            _speaker_with_organisation(item) for item in _split_outside_parentheses(fields.get("Speakers", ""))
        )
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


class CalendarFields(TypedDict):
    """What :func:`calendar_fields` gives: the arguments of the calendar's Conference."""

    id: str
    name: str
    timezone: str
    sessions: list[Session]
    speakers: list[Speaker]
    rooms: list[Room]
    tracks: list[Track]


def read_calendar(data: str | bytes, *, tz: str | None = None) -> Conference:
    """Read an iCalendar file into a Conference (the mapping is documented in :mod:`.ics`)."""
    return build_conference(_FORMAT, dates_from_days=True, **calendar_fields(data, tz=tz))


def calendar_fields(
    data: str | bytes,
    *,
    tz: str | None = None,
    kind_of_category: Callable[[str | None], tuple[SessionKind, str | None]] | None = None,
) -> CalendarFields:
    """The fields :func:`read_calendar` makes its Conference of: ``id``, ``name``, ``timezone``, ``sessions``
    (in the file's order), ``speakers``, ``rooms`` and ``tracks``.

    A reader of a calendar that means more (Sched's feed) changes the sessions and builds the Conference once.
    With ``kind_of_category``, an event's first category is not its track but names its kind: the function
    gives the kind and label of that category (None where the event has none), and the calendar has no tracks.

    One pass makes a session of each VEVENT.  Its times are put in the
    conference's zone at once when that zone is known before the events are
    read (``file_tz``, ``X-WR-TIMEZONE``, else UTC until a ``TZID`` says
    otherwise); a second pass changes only the sessions that still need it
    (all-day dates waiting for the calendar's zone, speakers spelled in
    several cases, times in another zone, times in years 1 and 9999, which
    are converted there as before).
    """
    if tz is not None:
        get_zone(tz)  # an unknown zone is an UnknownZoneError, as with the other readers
    calendar = parse_calendar(data)
    zones = _Zones(calendar, tz)
    rooms = rooms_table()
    tracks = tracks_table()
    speakers: dict[str, Speaker] = {}
    speaker_ids = UniqueIds()
    session_ids = UniqueIds()
    spelled: dict[str, dict[str, None]] = {}  # folded name -> the other spellings met, in order
    drafts: list[tuple[Session, int]] = []
    floating_days: set[int] = set()  # drafts whose all-day dates wait for the calendar's zone
    dates_floating = _floating_or_utc(zones) is _UTC  # an all-day DATE without TZID is then read in UTC
    method = (_text(calendar.entries, "METHOD") or "").upper()
    expected = _conference_zone(zones)  # the conference's zone unless a TZID changes it (known after the events)
    placed = get_zone(expected)
    for number, event in enumerate((c for c in calendar.children if c.name == "VEVENT"), start=1):
        entries = event.entries
        start = end = None
        day_only = None
        off: Conflict | None = None  # why the event is kept off the programme, when it is
        dtstart = event.get("DTSTART")
        if dtstart is not None:
            try:
                start, end, all_day, reason = _times(event, dtstart, zones)
            except OverflowError:
                raise out_of_range(_FORMAT, f"line {event.line}") from None
            if reason is not None:
                off = _kept_off(reason, start, event.line)
                start = end = None
            elif all_day and end is not None and _has_time_end(event):
                # RFC 5545 wants DTEND of DTSTART's type: a DATE start with a DATE-TIME end is its day, no more.
                day_only = _day_of_date(dtstart)
                off = Conflict(
                    field="end",
                    values=(SourcedValue(value=end.isoformat(), sources=(f"ics line {event.line}",)),),
                    rule="DTSTART is a DATE and DTEND a DATE-TIME: read as a day-only session on the DTSTART date",
                )
                start = end = None
            elif all_day and dates_floating and not dtstart.param("TZID"):
                floating_days.add(len(drafts))
        status = (_text(entries, "STATUS") or "").upper()
        if off is None and start is not None and (status == "CANCELLED" or method == "CANCEL"):
            cause = "STATUS:CANCELLED" if status == "CANCELLED" else "the calendar's METHOD:CANCEL"
            off = _kept_off(f"{cause} cancels it", start, event.line)
            start = end = None
        uid = _text(entries, "UID") or f"ics-{number}"
        if uid.endswith(".pyconf-schedule") and "@" in uid:
            uid = uid.rsplit("@", 1)[0]
        sid = session_ids.claim(uid)
        track = None
        for value, _, _ in entries.get("CATEGORIES", ()):
            items = split_list(value)
            if items:
                track = items[0]
                break
        url = _text(entries, "URL")
        description = _text(entries, "DESCRIPTION", strip=False)
        own = _own_description(description, url) if description is not None else None
        named: list[tuple[str, str | None]] = [
            ((cn[0] if (cn := params.get("CN")) else "").strip(), None) for _, params, _ in entries.get("ATTENDEE", ())
        ]
        if own is not None and not any(name for name, _ in named):
            named = list(own.speakers)
        people: dict[str, Speaker] = {}  # by folded name: an attendee named twice speaks once
        for name, organisation in named:
            if not name:
                continue
            key = fold(name)
            speaker = speakers.get(key)
            if speaker is None:
                speaker = speakers[key] = Speaker(
                    id=unique_slug(name, speaker_ids, "speaker"), name=name, organisation=organisation
                )
            elif name != speaker.name:  # the same person spelled in another case: an alias, added at the end
                spelled.setdefault(key, {})[name] = None
            people.setdefault(key, speaker)
        if kind_of_category is not None:  # the category is the event's type (Sched's feed), not a track
            kind, kind_label = kind_of_category(track or None)
            track = None
        else:
            kind, kind_label = _kind(own.kind_label) if own is not None else (SessionKind.TALK, None)
        if start is not None and start.year not in _EDGE_YEARS and (end is None or end.year not in _EDGE_YEARS):
            # Away from years 1 and 9999 a conversion cannot overflow: the time is put in the expected zone now.
            start = start.astimezone(placed)
            end = None if end is None else end.astimezone(placed)
        try:
            session = Session(
                id=sid,
                title=source_title(_text(entries, "SUMMARY"), sid),
                kind=kind,
                kind_label=kind_label,
                start=start,
                end=end,
                day_only=day_only,
                conflicts=() if off is None else (off,),
                room=rooms.get(source_room(_text(entries, "LOCATION"))),
                track=tracks.get(track),
                speakers=tuple(people.values()),
                abstract=own.abstract if own is not None else description,
                url=url,
            )
        except PyconfScheduleError as exc:
            raise parse_error(str(exc), event.line) from None
        drafts.append((session, event.line))
    for key, names in spelled.items():
        speakers[key] = attrs.evolve(speakers[key], aliases=tuple(names))
    name = _text(calendar.entries, "X-WR-CALNAME") or _text(calendar.entries, "NAME") or "Calendar"
    conf_zone = _conference_zone(zones)
    zone = placed if conf_zone == expected else get_zone(conf_zone)
    sessions = []
    for index, (draft, line) in enumerate(drafts):
        if index in floating_days and draft.start is not None:
            # An all-day DATE with no zone of its own is that day in the calendar's zone, not in UTC.
            try:
                draft = attrs.evolve(
                    draft,
                    start=_midnight_in(draft.start, zone),
                    end=None if draft.end is None else _midnight_in(draft.end, zone),
                )
            except OverflowError:
                raise out_of_range(_FORMAT, f"line {line}") from None
        if spelled and any(fold(p.name) in spelled for p in draft.speakers):
            draft = attrs.evolve(draft, speakers=[speakers[fold(p.name)] for p in draft.speakers])
        start, end = draft.start, draft.end
        if (start is not None and start.tzinfo is not zone) or (end is not None and end.tzinfo is not zone):
            try:
                draft = attrs.evolve(
                    draft,
                    start=None if start is None else start.astimezone(zone),
                    end=None if end is None else end.astimezone(zone),
                )
            except OverflowError:
                raise out_of_range(_FORMAT, f"line {line}") from None
        sessions.append(draft)
    return {
        "id": unique_slug(name, UniqueIds(), "calendar"),
        "name": name,
        "timezone": conf_zone,
        "sessions": sessions,
        "speakers": list(speakers.values()),
        "rooms": list(rooms.values()),
        "tracks": list(tracks.values()),
    }


_EDGE_YEARS = (1, 9999)


def _times(event: Component, dtstart: Property, zones: _Zones) -> tuple[datetime, datetime | None, bool, str | None]:
    """An event's first occurrence: start and end instants, whether DTSTART is a DATE, and why it has none (else None).

    An end before the start (compared in UTC) is dropped.  A start that an
    ``EXDATE`` excludes gives way to the earliest ``RDATE`` not excluded (the
    event's length kept); with an ``RRULE`` instead, or no other
    occurrence, the event has no occurrence this reader can place.
    """
    start, all_day = _datetime(dtstart, zones)
    end = None
    dtend = event.get("DTEND")
    if dtend is not None:
        end = _datetime(dtend, zones)[0]
    elif (duration := event.get("DURATION")) is not None:
        end = (utc(start) + _duration(duration)).astimezone(start.tzinfo)
    elif all_day:
        end = (utc(start) + timedelta(days=1)).astimezone(start.tzinfo)
    if end is not None and utc(end) < utc(start):
        end = None
    if "EXDATE" not in event.entries:
        return start, end, all_day, None
    excluded = {utc(value) for value in _instants(event, "EXDATE", zones)}
    if utc(start) not in excluded:
        return start, end, all_day, None
    later = sorted(utc(value) for value in _instants(event, "RDATE", zones) if utc(value) not in excluded)
    if later:
        moved = later[0].astimezone(start.tzinfo)
        moved_end = None if end is None else (later[0] + (utc(end) - utc(start))).astimezone(start.tzinfo)
        return moved, moved_end, all_day, None
    if "RRULE" in event.entries:
        return (
            start,
            end,
            all_day,
            "EXDATE excludes DTSTART and its next occurrence comes from the RRULE, which is not expanded",
        )
    return start, end, all_day, "EXDATE excludes its only occurrence"


def _instants(event: Component, name: str, zones: _Zones) -> list[datetime]:
    """The instants of every ``EXDATE`` or ``RDATE`` value list (a PERIOD's start)."""
    values: list[datetime] = []
    for prop in event.all(name):
        for item in prop.value.split(","):
            item = item.split("/", 1)[0].strip()
            if item:
                values.append(_datetime(Property(prop.name, prop.params, item, prop.line), zones)[0])
    return values


def _kept_off(reason: str, start: datetime | None, line: int) -> Conflict:
    """The record of an event kept off the programme (left unscheduled): its start as the file gives it, and why."""
    value = start.isoformat() if start is not None else ""
    return Conflict(
        field="start",
        values=(SourcedValue(value=value, sources=(f"ics line {line}",)),),
        rule=f"{reason}: kept off the programme (unscheduled)",
    )


def _is_date(prop: Property) -> bool:
    return _DATE.match(prop.value.strip()) is not None or prop.param("VALUE") == "DATE"


def _has_time_end(event: Component) -> bool:
    """True when the event's DTEND is a DATE-TIME (not a DATE)."""
    dtend = event.get("DTEND")
    return dtend is not None and not _is_date(dtend)


def _day_of_date(prop: Property) -> date:
    m = _DATE.match(prop.value.strip())
    assert m is not None  # _datetime read it as a DATE already
    return date(int(m[1]), int(m[2]), int(m[3]))


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
