"""c3voc schedule JSON (format name ``"c3voc-json"``, alias ``"frab-json"``).

The ``schedule.json`` that pretalx and frab publish, with the same event
model as :mod:`~pyconf_schedule.formats.frab_xml` (zones, ids, slugs, kinds
and what is left out follow the same rules; see its docstring).

Writing: the output validates against the c3voc ``schedule.schema.json``:
``{"$schema", "generator", "schedule": {"version", "conference": {...}}}``
with ``acronym``, ``title``, ``start``, ``end``, ``daysCount``,
``timeslot_duration``, ``time_zone_name`` (the view zone; left out when the
schema's pattern rejects the name, e.g. ``Etc/GMT-1``), ``url``, ``rooms``
(``name``, ``slug``, ``guid``), ``tracks`` and ``days`` (``index``,
``date``, ``day_start``, ``day_end``, ``rooms`` keyed by room name; days
follow the programme-day rule, as in :mod:`~pyconf_schedule.formats.frab_xml`).  Each
event carries ``guid``, ``id``, ``date``, ``start``, ``duration`` and, when
the end is known, ``end``; ``url`` is the session's http(s) URL, else the
conference's, else ``urn:uuid:<guid>``; persons are ``{"name",
"public_name", "guid"}``.  Sessions with no start (day-only or
unscheduled) are left out (:func:`omitted`).

Reading: pretalx and frab files, lenient about what the schema marks
required: ``date`` offsets are trusted (pretalx writes
``"time_zone_name": "UTC"`` with ``+01:00`` dates), ``end`` wins over
``duration``, persons are read from ``name`` or ``public_name`` with their
``id``, ``code`` or ``guid``, and ``biography`` becomes the speaker's bio.
An event ``url`` that is only a placeholder (``urn:uuid:<its guid>`` or the
conference's URL, what writers put there because the schema requires one)
is not kept.
Each day with readable ``day_start`` and ``day_end`` becomes a
:class:`~pyconf_schedule.ProgrammeDay` and the conference's ``day_change``
its ``day_change``, as in :mod:`~pyconf_schedule.formats.frab_xml`.
An event with a ``start`` but no ``date`` is on the day's ``date``, or the
next calendar day when that time falls before the day's ``day_start``
(after midnight).
Inputs over 50 MiB or nested deeper than 64 levels are refused; errors name
the JSON path.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .._conference import Conference
from .._sessions import Sessions
from ..exceptions import ScheduleParseError
from ._common import load_json, omitted
from ._frab import RawDay, RawEvent, RawPerson, RawSchedule, build, plan

__all__ = ["SCHEMA_URL", "dumps", "loads", "omitted"]

SCHEMA_URL = "https://c3voc.de/schedule/schema.json"
_FORMAT = "c3voc-json"
_ZONE_PATTERN = re.compile(r"^([A-Z][a-z]+/[A-Z][a-z]+)|UTC$")


def dumps(obj: Conference | Sessions, *, tz: str | None = None) -> str:
    """The schedule.json text of ``obj``, times shown in ``tz`` (default: the conference's zone).

    >>> from pyconf_schedule import load
    >>> json.loads(dumps(load("na2026")))["schedule"]["conference"]["acronym"]
    'na2026'
    """
    p = plan(obj, tz)
    fallback_url = p.url
    conference: dict[str, Any] = {
        "acronym": p.acronym,
        "title": p.title,
        "start": p.start.isoformat() if p.start else "",
        "end": p.end.isoformat() if p.end else "",
        "daysCount": len(p.days),
        "timeslot_duration": "00:05",
    }
    if _ZONE_PATTERN.search(p.zone_name):
        conference["time_zone_name"] = p.zone_name
    if p.url:
        conference["url"] = p.url
    conference["rooms"] = [{"name": name, "slug": slug, "guid": guid} for name, slug, guid in p.rooms]
    conference["tracks"] = [{"name": name, "slug": slug} for name, slug in p.tracks]
    days: list[dict[str, Any]] = []
    for day in p.days:
        rooms: dict[str, list[dict[str, Any]]] = {}
        for room_name, events in day.rooms:
            rooms[room_name] = [
                {
                    "guid": e.guid,
                    "id": e.id,
                    "date": e.date,
                    "start": e.start,
                    "duration": e.duration,
                    **({"end": e.end} if e.end else {}),
                    "room": e.room,
                    "slug": e.slug,
                    "url": e.url or fallback_url or f"urn:uuid:{e.guid}",
                    "title": e.title,
                    "subtitle": None,
                    "track": e.track,
                    "type": e.type,
                    "language": e.language,
                    "abstract": e.abstract,
                    "persons": [{"name": name, "public_name": name, "guid": guid} for name, guid in e.persons],
                    "links": [{"url": url, "title": "Slides", "type": "slides"} for url in e.slides],
                }
                for e in events
            ]
        days.append(
            {"index": day.index, "date": day.date.isoformat(), "day_start": day.start, "day_end": day.end, "rooms": rooms}
        )
    conference["days"] = days
    document = {
        "$schema": SCHEMA_URL,
        "generator": {"name": "pyconf-schedule"},
        "schedule": {"version": "1.0", "conference": conference},
    }
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def _s(value: Any) -> str | None:
    """A text field as a stripped string (numbers accepted), or None."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        return value.strip() or None
    return None


def _obj(value: Any, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ScheduleParseError(_FORMAT, f"expected an object, got {type(value).__name__}", path)
    return value


def _list(value: Any, path: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ScheduleParseError(_FORMAT, f"expected a list, got {type(value).__name__}", path)
    return value


def loads(data: str | bytes, *, tz: str | None = None) -> Conference:
    """Read a c3voc/pretalx/frab schedule.json (see the module docstring)."""
    document = _obj(load_json(data, _FORMAT), "$")
    if "schedule" in document:
        schedule, path = _obj(document["schedule"], "$.schedule"), "$.schedule"
    else:
        schedule, path = document, "$"
    if "conference" not in schedule:
        raise ScheduleParseError(_FORMAT, 'no "conference" object (is this a c3voc schedule.json?)', path)
    conference = _obj(schedule["conference"], f"{path}.conference")
    path += ".conference"
    raw = RawSchedule(
        title=_s(conference.get("title")),
        acronym=_s(conference.get("acronym")),
        time_zone_name=_s(conference.get("time_zone_name")),
        start=_s(conference.get("start")),
        end=_s(conference.get("end")),
        url=_s(conference.get("url")) or _s(schedule.get("base_url")),
        day_change=_s(conference.get("day_change")),
    )
    for room in (_list(conference.get("rooms"), f"{path}.rooms")):
        name = _s(room.get("name")) if isinstance(room, dict) else _s(room)
        if name and name not in raw.rooms:
            raw.rooms.append(name)
    for track in (_list(conference.get("tracks"), f"{path}.tracks")):
        name = _s(track.get("name")) if isinstance(track, dict) else _s(track)
        if name:
            raw.tracks.append(name)
    for d, day_value in enumerate(_list(conference.get("days"), f"{path}.days")):
        day_path = f"{path}.days[{d}]"
        day = _obj(day_value, day_path)
        raw.days.append(RawDay(day_path, _s(day.get("date")), _s(day.get("day_start")), _s(day.get("day_end"))))
        rooms = day.get("rooms") or {}
        if not isinstance(rooms, dict):
            raise ScheduleParseError(_FORMAT, "expected an object of rooms", f"{day_path}.rooms")
        for room_name, events in rooms.items():
            if room_name and room_name not in raw.rooms:
                raw.rooms.append(room_name)
            room_path = f"{day_path}.rooms[{json.dumps(room_name, ensure_ascii=False)}]"
            for e, event_value in enumerate(_list(events, room_path)):
                raw.events.append(
                    _event(_obj(event_value, f"{room_path}[{e}]"), f"{room_path}[{e}]", room_name, day, raw.url)
                )
    return build(raw, tz, _FORMAT)


def _event(event: dict[str, Any], path: str, room_name: str, day: dict[str, Any], conference_url: str | None) -> RawEvent:
    persons = []
    for p, person in enumerate(_list(event.get("persons"), f"{path}.persons")):
        if isinstance(person, str):
            persons.append(RawPerson(name=person))
            continue
        person = _obj(person, f"{path}.persons[{p}]")
        persons.append(
            RawPerson(
                name=_s(person.get("name")) or _s(person.get("public_name")) or "",
                id=_s(person.get("id")),
                guid=_s(person.get("guid")),
                code=_s(person.get("code")),
                bio=_s(person.get("biography")),
            )
        )
    slides = []
    for key in ("links", "attachments"):
        for link in _list(event.get(key), f"{path}.{key}"):
            if isinstance(link, dict) and _s(link.get("url")) and "slide" in f"{link.get('type')} {link.get('title')}".lower():
                slides.append(str(link["url"]).strip())
    return RawEvent(
        location=path,
        id=_s(event.get("id")),
        guid=_s(event.get("guid")),
        title=_s(event.get("title")),
        subtitle=_s(event.get("subtitle")),
        type=_s(event.get("type")),
        date=_s(event.get("date")),
        start=_s(event.get("start")),
        duration=_s(event.get("duration")),
        end=_s(event.get("end")),
        room=_s(event.get("room")) or room_name or None,
        track=_s(event.get("track")),
        language=_s(event.get("language")),
        abstract=_s(event.get("abstract")),
        description=_s(event.get("description")),
        url=_event_url(_s(event.get("url")), _s(event.get("guid")), conference_url),
        persons=persons,
        slides=slides,
        day_date=_s(day.get("date")),
        day_start=_s(day.get("day_start")),
        day_end=_s(day.get("day_end")),
    )


def _event_url(url: str | None, guid: str | None, conference_url: str | None) -> str | None:
    """An event's own URL: not the placeholders writers put where the schema wants one (``urn:uuid:<guid>``, the conference's URL)."""
    if url is None or url == conference_url or (guid is not None and url.lower() == f"urn:uuid:{guid.lower()}"):
        return None
    return url
