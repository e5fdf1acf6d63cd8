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
  (:func:`._vtimezone_write.vtimezone_lines`), bounded whatever years the events
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
placeholder is untitled.  Inputs over 50 MiB are refused; errors name the line.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone, tzinfo
from zoneinfo import ZoneInfo

from .._conference import Conference
from .._model import Session
from .._sessions import Sessions
from .._time import localize, zone_name
from ..exceptions import AmbiguousTimeError
from ._common import as_conference, omitted, view_zone
from ._ics_events import read_calendar
from ._ics_lines import clean_text, escape_text, fold_line

__all__ = ["PRODID", "clean_text", "dumps", "escape_text", "fold_line", "loads", "omitted"]

PRODID = "-//pyconf-schedule//pyconf-schedule//EN"
"""The PRODID every calendar written by this module carries."""

_UTC = timezone.utc

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
        from ._vtimezone_write import vtimezone_lines

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
        for link in (session.recording, *session.slide_urls):  # RFC 5545 ATTACH: the recording and slide files
            if link and _SAFE_URL.match(link):
                lines.append(f"ATTACH:{link}")
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


def loads(data: str | bytes, *, file_tz: str | None = None) -> Conference:
    """Read an iCalendar file into a Conference (see the module docstring for the mapping).

    >>> conf = loads("BEGIN:VCALENDAR\\r\\nBEGIN:VEVENT\\r\\nUID:a\\r\\nSUMMARY:Hi\\r\\n"
    ...              "DTSTART:20260408T090000Z\\r\\nEND:VEVENT\\r\\nEND:VCALENDAR\\r\\n")
    >>> conf.sessions[0].title, conf.sessions[0].start.isoformat()
    ('Hi', '2026-04-08T09:00:00+00:00')
    """
    return read_calendar(data, tz=file_tz)
