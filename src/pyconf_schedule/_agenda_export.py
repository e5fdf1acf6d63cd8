"""Writing an agenda: its picks in any format, a calendar with each session in its own zone, reminders and notes.

An agenda may hold picks of several conferences, whose people, rooms and
sessions can share ids (the same speaker at two conferences, with another
organisation).  :func:`export_conference` makes the one
:class:`~pyconf_schedule.Conference` the writers need: the first
conference's parts keep their ids, and a part of a later conference whose
id is taken by a different one is written as ``"<conference id>/<id>"``.
In iCalendar (:func:`dumps` with ``"ics"``) every event keeps the ``UID`` its
own conference's calendar gives it and is written in that conference's
zone (``TZID``), unless ``tz`` asks for one zone; ``remind`` adds a
``VALARM``, and a pick's note opens the event's description.

>>> from datetime import datetime, timezone
>>> from pyconf_schedule import Agenda, load
>>> eu, na = load("eu2026"), load("na2026")
>>> agenda = Agenda.of(eu, eu.by_speaker("Liz Li")).add(na.by_speaker("Liz Li"))
>>> text = dumps(agenda, "ics", remind="10m", dtstamp=datetime(2026, 1, 1, tzinfo=timezone.utc))
>>> [line for line in text.splitlines() if line.startswith(("DTSTART;", "TRIGGER"))][:4]
['DTSTART;TZID=Europe/Paris:20260408T110500', 'TRIGGER:-PT10M', 'DTSTART;TZID=America/Los_Angeles:20261020T111000', 'TRIGGER:-PT10M']
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, TypeVar

import attrs

from ._model import Room, Session, Speaker, Track
from ._text import shorten
from ._time import get_zone, zone_name
from .exceptions import InvalidArgumentError

if TYPE_CHECKING:
    from ._agenda import Agenda
    from ._conference import Conference

__all__ = ["MAX_REMINDER", "dumps", "export_conference", "parse_duration"]

MAX_REMINDER = timedelta(days=7)
"""The longest reminder: a week before a session."""

_DURATION = re.compile(r"(?:(?P<d>\d{1,3})d)?(?:(?P<h>\d{1,4})h)?(?:(?P<m>\d{1,5})m(?:in)?)?(?:(?P<s>\d{1,6})s)?")


def parse_duration(value: str | timedelta) -> timedelta:
    """A reminder's lead time: a ``timedelta``, or text such as ``10m``, ``1h``, ``1h30m``, ``90s``, ``1d``.

    Refused (:class:`~pyconf_schedule.exceptions.InvalidArgumentError`,
    a ``ValueError``) when negative, longer than :data:`MAX_REMINDER` or not
    of that form, saying what is valid.

    >>> parse_duration("10m"), parse_duration("1h30m")
    (datetime.timedelta(seconds=600), datetime.timedelta(seconds=5400))
    """
    if isinstance(value, timedelta):
        delta = value
    else:
        if not isinstance(value, str):
            raise InvalidArgumentError(f"a reminder is a timedelta or text such as '10m', got {type(value).__name__}")
        text = value.strip().lower().replace(" ", "")
        match = _DURATION.fullmatch(text)
        if not text or match is None or not any(match.groupdict().values()):
            raise InvalidArgumentError(
                f"{shorten(value)!r} is not a reminder time; give a number with a unit: "
                "'10m' (minutes), '1h' (hours), '1h30m', '90s' (seconds) or '1d' (days)"
            )
        parts = {k: int(v) if v else 0 for k, v in match.groupdict().items()}
        delta = timedelta(days=parts["d"], hours=parts["h"], minutes=parts["m"], seconds=parts["s"])
    if delta < timedelta(0) or delta > MAX_REMINDER:
        raise InvalidArgumentError(f"a reminder goes off between 0 and 7 days before a session, not {delta}")
    return delta


_P = TypeVar("_P", Speaker, Room, Track, Session)


def _place(table: dict[str, _P], item: _P, conference: str) -> _P:
    """``item`` as the merged conference holds it: itself, or renamed ``conference/id`` when its id is taken."""
    known = table.get(item.id)
    if known is None or known is item or known == item:
        table.setdefault(item.id, item)
        return table[item.id]
    renamed = attrs.evolve(item, id=f"{conference}/{item.id}")
    return table.setdefault(renamed.id, renamed)


def export_conference(agenda: Agenda) -> Conference:
    """One conference of the agenda's picks, for the writers; times shown in the agenda's zone.

    With one conference, that conference restricted to the picks.  With
    several, a conference with id ``agenda``, the names joined by " + ",
    each conference's coverage note prefixed by its id, and parts renamed
    where ids collide (see the module's text).

    >>> from pyconf_schedule import Agenda, load
    >>> eu, na = load("eu2026"), load("na2026")
    >>> merged = export_conference(Agenda.of(eu, eu.by_speaker("Liz Li")).add(na.by_speaker("Liz Li")))
    >>> [s.id for s in merged.speakers if s.name == "Liz Li"]
    ['liz-li', 'na2026/liz-li']
    """
    from ._conference import Conference

    confs = agenda.conferences
    if len(confs) == 1:
        return confs[0].to_tz(agenda.zone).select(agenda.sessions)
    speakers: dict[str, Speaker] = {}
    rooms: dict[str, Room] = {}
    tracks: dict[str, Track] = {}
    sessions: dict[str, Session] = {}
    for session in agenda.sessions:
        home = agenda.conference_of(session).id
        changes: dict[str, object] = {"speakers": tuple(_place(speakers, p, home) for p in session.speakers)}
        if session.room is not None:
            changes["room"] = _place(rooms, session.room, home)
        if session.track is not None:
            changes["track"] = _place(tracks, session.track, home)
        _place(sessions, attrs.evolve(session, **changes), home)  # type: ignore[arg-type]
    coverage = " ".join(f"{c.id}: {c.coverage}" for c in confs if c.coverage)
    return Conference(
        id="agenda",
        name=" + ".join(c.name for c in confs),
        timezone=zone_name(agenda.zone) or "UTC",
        sessions=sessions.values(),
        speakers=speakers.values(),
        rooms=rooms.values(),
        tracks=tracks.values(),
        coverage=coverage or None,
    )


def dumps(
    agenda: Agenda,
    format: str = "ics",
    *,
    tz: str | None = None,
    remind: str | timedelta | None = None,
    dtstamp: datetime | None = None,
) -> str:
    """The agenda's picks written in ``format`` (see :meth:`Agenda.dumps`)."""
    from .formats import dumps as write
    from .formats import format_names, get_format

    if not len(agenda):
        raise InvalidArgumentError("the agenda has no pick; nothing to write")
    canonical = get_format(format, "write").name
    if canonical != "ics":
        if remind is not None:
            raise InvalidArgumentError(f"a reminder is written only in iCalendar ('ics'), not in {shorten(format)!r}")
        text_formats = format_names("text")
        if canonical not in text_formats:
            raise InvalidArgumentError(
                f"{canonical!r} is not a text format; the text formats are {', '.join(text_formats)}"
            )
        return write(export_conference(agenda), canonical, tz=tz)
    from .formats.ics import Event, calendar

    lead = parse_duration(remind) if remind is not None else None
    shown = get_zone(tz) if tz is not None else None
    notes = {(p.conference, p.session): p.note for p in agenda.picks if p.note}
    events = []
    for session in agenda.sessions:
        if session.start is None:
            continue
        home = agenda.conference_of(session)
        events.append(
            Event(
                session=session,
                conference=home.id,
                zone=shown if shown is not None else home.zone,
                note=notes.get((home.id, session.id)),
            )
        )
    name = " + ".join(c.name for c in agenda.conferences)
    return calendar(events, name=name, calendar_zone=zone_name(shown or agenda.zone), dtstamp=dtstamp, remind=lead)
