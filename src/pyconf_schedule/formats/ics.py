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
  one ``DTSTAMP`` (``dtstamp``, default: now in UTC), ``DTSTART`` and
  ``DTEND``.
* Times are UTC (``...Z``) unless ``tz`` is given; then they are wall times
  with ``TZID=<tz>`` and a ``VTIMEZONE`` of the zone's current yearly rules
  (``RRULE`` observances) plus the earlier changes the events reach
  (:func:`._vtimezone_write.vtimezone_lines`), bounded whatever years the events
  span.  A wall time that a DST change repeats is written in UTC instead.
* ``SUMMARY`` is the title (or :data:`~._common.UNTITLED`, "(untitled session)"), ``LOCATION`` the
  room (none without one), ``CATEGORIES`` the track, ``URL`` the session URL (when it is a
  plain http(s) URL), and ``DESCRIPTION`` is a header of lines
  ``Speaker: Name (Organisation)`` (``Speakers: A (X), B`` for several),
  ``Room: ...``, ``Track: ...``, ``Kind: ...``, a blank line, the abstract
  and the URL.
* Sessions with no start (day-only or unscheduled) or no known end are left
  out (iCalendar cannot say "the end is not known": without ``DTEND`` an
  event ends at its start): :func:`omitted` returns them.

Reading
-------
Bytes are unfolded before they are decoded as UTF-8 (producers fold inside a
character). UTC times; ``TZID`` as an IANA name, else as the file's
``VTIMEZONE`` (yearly rules only, expanded for the years the events name,
see :mod:`._vtimezone`), else the IANA zone the TZID implies
(``X-LIC-LOCATION``, or the end of a prefixed name such as
``/mozilla.org/20070129_1/Europe/Berlin``), else ``file_tz`` (an unknown ``file_tz``
is an :class:`UnknownZoneError`); floating times in ``file_tz``, else
``X-WR-TIMEZONE`` (without either a floating time is an error that says to
pass ``file_tz``); all-day ``DATE`` values are the day in ``file_tz``, else
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
Otherwise the kind is ``talk``.  The conference's zone is ``file_tz``, else
``X-WR-TIMEZONE``, else the one IANA zone the TZIDs use, else UTC.
Recurrence rules are not expanded (an event is read at its first
occurrence; an ``EXDATE`` of ``DTSTART`` moves it to the first ``RDATE``
left).  Events that are cancelled (``STATUS:CANCELLED``, ``METHOD:CANCEL``)
or have no occurrence left are unscheduled, the reason in a ``Conflict`` on
``start``; a ``DATE`` start with a ``DATE-TIME`` end is a day-only session.
Titles are stripped; a blank one or the ``(untitled session <id>)``
placeholder is untitled.  Inputs over 8 MiB (the record's ``max_bytes``) are refused; errors name the line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta, tzinfo
from zoneinfo import ZoneInfo

from attrs import frozen

from .._conference import Conference
from .._model import Session
from .._sessions import Sessions
from .._time import localize, zone_name
from ..exceptions import AmbiguousTimeError
from ._common import UNTITLED, as_conference, omitted, place_zone, view_zone
from ._ics_events import read_calendar
from ._ics_lines import clean_text, escape_text, fold_line

__all__ = ["PRODID", "Event", "calendar", "clean_text", "dumps", "escape_text", "fold_line", "loads", "omitted"]

PRODID = "-//pyconf-schedule//pyconf-schedule//EN"
"""The PRODID every calendar written by this module carries."""

_UTC = UTC

# ---------------------------------------------------------------------------
# writing
# ---------------------------------------------------------------------------


def _utc_text(value: datetime) -> str:
    return _basic(value.astimezone(_UTC)) + "Z"


def _basic(value: datetime) -> str:
    """``YYYYMMDDTHHMMSS`` of the wall time (the year always four digits, unlike strftime's ``%Y``)."""
    return f"{value.year:04d}{value.month:02d}{value.day:02d}T{value.hour:02d}{value.minute:02d}{value.second:02d}"


_SAFE_URL = re.compile(r"^https?://[^\s\x00-\x1f\x7f\"<>\\^`{|}]+$")


def _description(session: Session) -> str:
    parts: list[str] = []
    if session.speakers:
        names = [_speaker_text(p.name, p.organisation) for p in session.speakers]
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


def _speaker_text(name: str, organisation: str | None) -> str:
    """``Name (Organisation)``; a name that itself ends in a parenthesis gets an empty ``()`` when it has no organisation.

    The reader takes the last parenthesised group as the organisation, so
    "liv (she/her)" is written ``liv (she/her) ()`` and reads back as that
    name with no organisation.

    >>> _speaker_text("Liz Li", "AMD"), _speaker_text("liv (she/her)", None), _speaker_text("Ana", None)
    ('Liz Li (AMD)', 'liv (she/her) ()', 'Ana')
    """
    if organisation:
        return f"{name} ({organisation})"
    return f"{name} ()" if name.endswith(")") else name


@frozen(kw_only=True)
class Event:
    """One VEVENT to write: a timed session, the conference its ``UID`` names, the zone its times are written in.

    ``zone`` ``None`` writes UTC (``...Z``); ``uid`` replaces the session's
    id in the ``UID`` (a session renamed since a calendar was written keeps
    its old ``UID``); ``sequence`` is written as ``SEQUENCE`` when given;
    ``cancelled`` writes ``STATUS:CANCELLED``; ``note`` opens the
    ``DESCRIPTION`` as a line ``Note: ...``.
    """

    session: Session
    conference: str
    zone: tzinfo | None = None
    uid: str | None = None
    sequence: int | None = None
    cancelled: bool = False
    note: str | None = None


def dumps(
    obj: Conference | Sessions,
    *,
    tz: str | None = None,
    dtstamp: datetime | None = None,
    remind: timedelta | None = None,
) -> str:
    """The iCalendar text of ``obj``'s scheduled sessions.

    ``tz`` asks for local wall times with ``TZID`` and a ``VTIMEZONE``
    instead of UTC; ``dtstamp`` (aware) is the ``DTSTAMP`` of every event,
    default the current time; ``remind`` adds to every event a ``VALARM``
    that goes off that long before it starts.

    >>> from datetime import datetime, timedelta, timezone
    >>> from pyconf_schedule import load
    >>> text = dumps(load("eu2026"), dtstamp=datetime(2026, 1, 1, tzinfo=timezone.utc), remind=timedelta(minutes=10))
    >>> text.splitlines()[:3]
    ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//pyconf-schedule//pyconf-schedule//EN']
    >>> text.count("TRIGGER:-PT10M") == text.count("BEGIN:VEVENT")
    True
    """
    conf = as_conference(obj)
    zone: tzinfo | None = None
    shown_zone, _ = view_zone(obj, tz)
    shown_name = zone_name(shown_zone)
    calendar_zone = place_zone(shown_name)  # X-WR-TIMEZONE: the zone the calendar is meant in, when it is a place's
    if tz is not None:
        zone = shown_zone
    events = [  # the rest (no start, or no known end): omitted()
        Event(session=s, conference=conf.id, zone=zone)
        for s in conf.sessions
        if s.start is not None and s.end is not None
    ]
    return calendar(events, name=conf.name, calendar_zone=calendar_zone, dtstamp=dtstamp, remind=remind)


def calendar(
    events: Sequence[Event],
    *,
    name: str,
    calendar_zone: str | None = None,
    dtstamp: datetime | None = None,
    remind: timedelta | None = None,
) -> str:
    """The iCalendar text of ``events`` (each with its own zone and ``UID``): what :func:`dumps` writes.

    A calendar of several conferences (a personal agenda) gives each event
    its conference's zone: one ``VTIMEZONE`` per zone the events use.
    ``name`` is the calendar's name, ``calendar_zone`` its ``X-WR-TIMEZONE``;
    ``remind`` adds a ``VALARM`` that long before each event's start (refused
    when negative); an event without a start raises ``ValueError``.

    >>> from datetime import datetime, timezone
    >>> from pyconf_schedule import load
    >>> conf = load("eu2026")
    >>> text = calendar([Event(session=conf.sessions[0], conference=conf.id, zone=conf.zone, sequence=2)],
    ...                 name="Mine", dtstamp=datetime(2026, 1, 1, tzinfo=timezone.utc))
    >>> [line for line in text.splitlines() if line.startswith(("DTSTART;", "SEQUENCE"))]
    ['DTSTART;TZID=Europe/Paris:20260407T090000', 'SEQUENCE:2']
    """
    stamp = _utc_text(dtstamp if dtstamp is not None else datetime.now(_UTC))
    if dtstamp is not None and dtstamp.utcoffset() is None:
        raise ValueError("dtstamp must be an aware datetime")
    if remind is not None and remind < timedelta(0):
        raise ValueError(f"a reminder goes off before the session: {remind} is negative")
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        f"PRODID:{PRODID}",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        f"X-WR-CALNAME:{escape_text(name)}",
        f"NAME:{escape_text(name)}",
    ]
    if calendar_zone is not None:
        lines.append(f"X-WR-TIMEZONE:{calendar_zone}")
    zones: dict[str, tuple[ZoneInfo, set[int]]] = {}  # TZID -> zone and the years its events reach
    written: list[tuple[Event, ZoneInfo | None, str | None]] = []
    for event in events:
        if event.session.start is None:
            raise ValueError(f"session {event.session.id!r} has no start: iCalendar cannot place it")
        zone, zone_id = _writable_zone(event.zone)
        if zone is not None and zone_id is not None:
            years = zones.setdefault(zone_id, (zone, set()))[1]
            years.update(t.astimezone(zone).year for t in (event.session.start, event.session.end) if t is not None)
        written.append((event, zone, zone_id))
    if zones:
        from ._vtimezone_write import vtimezone_lines

        for zone_id, (zone, years) in zones.items():
            lines += vtimezone_lines(zone, zone_id, years)
    for event, zone, zone_id in written:
        lines += _event_lines(event, zone, zone_id, stamp, remind)
    lines.append("END:VCALENDAR")
    return "".join(fold_line(line) + "\r\n" for line in lines)


def _writable_zone(zone: tzinfo | None) -> tuple[ZoneInfo | None, str | None]:
    """The zone and TZID an event is written in: an IANA zone other than UTC, else none (UTC times)."""
    if not isinstance(zone, ZoneInfo) or zone_name(zone) in {"UTC", "Etc/UTC"}:
        return None, None
    return zone, zone_name(zone)


def _event_lines(
    event: Event, zone: tzinfo | None, zone_id: str | None, stamp: str, remind: timedelta | None
) -> list[str]:
    session = event.session
    assert session.start is not None
    uid = f"{event.uid or session.id}@{event.conference}.pyconf-schedule"
    lines = [
        "BEGIN:VEVENT",
        f"UID:{escape_text(uid)}",
        f"DTSTAMP:{stamp}",
        _time_line("DTSTART", session.start, zone, zone_id),
    ]
    if session.end is not None:
        lines.append(_time_line("DTEND", session.end, zone, zone_id))
    if event.sequence is not None:
        lines.append(f"SEQUENCE:{event.sequence}")
    if event.cancelled:
        lines.append("STATUS:CANCELLED")
    lines.append(f"SUMMARY:{escape_text(session.title if session.title is not None else UNTITLED)}")
    if session.room is not None:
        lines.append(f"LOCATION:{escape_text(session.room.name)}")
    if session.track is not None:
        lines.append(f"CATEGORIES:{escape_text(session.track.name)}")
    description = _description(session)
    if event.note:
        description = f"Note: {event.note}\n\n{description}"
    lines.append(f"DESCRIPTION:{escape_text(description)}")
    if session.url and _SAFE_URL.match(session.url):
        lines.append(f"URL:{session.url}")
    for link in (session.recording, *session.slide_urls):  # RFC 5545 ATTACH: the recording and slide files
        if link and _SAFE_URL.match(link):
            lines.append(f"ATTACH:{link}")
    if remind is not None and not event.cancelled:
        lines += [
            "BEGIN:VALARM",
            "ACTION:DISPLAY",
            f"DESCRIPTION:{escape_text(session.display_title)}",
            f"TRIGGER:-{_duration(remind)}",
            "END:VALARM",
        ]
    lines.append("END:VEVENT")
    return lines


def _duration(delta: timedelta) -> str:
    """An RFC 5545 duration: ``PT10M``, ``PT1H30M``, ``P1DT2H``, ``PT0S``.

    >>> _duration(timedelta(minutes=90)), _duration(timedelta(days=1, hours=2)), _duration(timedelta(0))
    ('PT1H30M', 'P1DT2H', 'PT0S')
    """
    seconds = int(delta.total_seconds())
    days, seconds = divmod(seconds, 86400)
    hours, seconds = divmod(seconds, 3600)
    minutes, seconds = divmod(seconds, 60)
    clock = (f"{hours}H" if hours else "") + (f"{minutes}M" if minutes else "") + (f"{seconds}S" if seconds else "")
    text = "P" + (f"{days}D" if days else "")
    if clock or not days:
        text += "T" + (clock or "0S")
    return text


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


def loads(data: str | bytes, *, file_tz: str | None = None) -> Conference:
    """Read an iCalendar file into a Conference (see the module docstring for the mapping).

    >>> conf = loads("BEGIN:VCALENDAR\\r\\nBEGIN:VEVENT\\r\\nUID:a\\r\\nSUMMARY:Hi\\r\\n"
    ...              "DTSTART:20260408T090000Z\\r\\nEND:VEVENT\\r\\nEND:VCALENDAR\\r\\n")
    >>> conf.sessions[0].title, conf.sessions[0].start.isoformat()
    ('Hi', '2026-04-08T09:00:00+00:00')
    """
    return read_calendar(data, tz=file_tz)
