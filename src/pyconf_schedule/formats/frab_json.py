"""c3voc schedule JSON (format name ``"c3voc-json"``, alias ``"frab-json"``).

The ``schedule.json`` that pretalx and frab publish, with the same event
model as :mod:`~pyconf_schedule.formats.frab_xml` (zones, ids, slugs, kinds
and what is left out follow the same rules; see its docstring).

Writing: the output validates against the c3voc ``schedule.schema.json``:
``{"$schema", "generator", "schedule": {"version", "conference": {...}}}``
with ``acronym``, ``title``, ``start``, ``end``, ``daysCount``,
``timeslot_duration``, ``time_zone_name`` (the view zone when it is a real
place's, as in frab XML; an offset-only ``Etc/GMT-1`` is left out), ``url``, ``rooms``
(``name``, ``slug``, ``guid``), ``tracks`` and ``days`` (``index``,
``date``, ``day_start``, ``day_end``, ``rooms`` keyed by room name; days
follow the programme-day rule, as in :mod:`~pyconf_schedule.formats.frab_xml`).  Each
event has the keys of :data:`EVENT_KEYS`, what pretalx and frab write;
ids, slugs and placeholders as in frab XML; ``url`` is the session's
http(s) URL, else the conference's, else left out (no placeholder);
persons are ``{"id", "public_name", "guid"}`` with a numeric id, else
``{"name", "public_name", "guid"}``.  Sessions with no start (day-only or
unscheduled) or no known end are left out (:func:`omitted`).

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
A c3voc schedule2 file (a flat ``events`` list, rooms and tracks by
reference, ISO 8601 durations) is read into the same model; its events
whose ``state`` takes them off the programme are left out.  A file with no
events under ``days[].rooms`` but an ``events`` list elsewhere is refused
rather than read as empty.
Inputs over 6 MiB (the record's ``max_bytes``) or nested deeper than 64 levels are refused, as are
``NaN``, ``Infinity``, numbers beyond a double (``1e400``) and a key given
twice in one object (as native JSON refuses it); errors name the JSON path.
"""

from __future__ import annotations

import json
import math
import re
from functools import partial
from typing import Any

from .._conference import Conference
from .._json_text import Streamed, indented_json
from .._sessions import Sessions
from ..exceptions import ScheduleParseError
from ._common import omitted
from ._frab import RawDay, RawEvent, RawPerson, RawSchedule, build
from ._frab_plan import EventPlan, PersonPlan, plan, unwritten_links
from ._input import load_json

__all__ = ["EVENT_KEYS", "SCHEMA_URL", "dumps", "loads", "omitted", "unwritten_links"]

SCHEMA_URL = "https://c3voc.de/schedule/schema.json"
_FORMAT = "c3voc-json"


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
    if p.zone_name is not None:
        conference["time_zone_name"] = p.zone_name
    if p.url:
        conference["url"] = p.url
    conference["rooms"] = [{"name": name, "slug": slug, "guid": guid} for name, slug, guid in p.rooms]
    conference["tracks"] = [{"name": name, "slug": slug} for name, slug in p.tracks]
    days: list[dict[str, Any]] = []
    for day in p.days:
        rooms: dict[str, Streamed[EventPlan]] = {}
        for room_name, events in day.rooms:
            rooms[room_name] = Streamed(events, partial(_event_json, fallback_url=fallback_url))
        days.append(
            {
                "index": day.index,
                "date": day.date.isoformat(),
                "day_start": day.start,
                "day_end": day.end,
                "rooms": rooms,
            }
        )
    conference["days"] = days
    document = {
        "$schema": SCHEMA_URL,
        "generator": {"name": "pyconf-schedule"},
        "schedule": {"version": "1.0", "conference": conference},
    }
    return indented_json(document, end="\n")  # the events made, written and dropped a hundred at a time


EVENT_KEYS = (
    "id", "guid", "logo", "date", "start", "duration", "room", "slug", "url", "title", "subtitle", "track", "type",
    "language", "abstract", "description", "persons", "links", "attachments",
)  # fmt: skip
"""The keys of every event written, in pretalx's order: what pretalx and frab write for every event (the shared
samples show them), less ``recording_license`` and ``do_not_record``, which would state a recording permission the
model does not know.  ``code`` follows ``guid`` when the source gave one; ``end`` follows ``duration`` only when
``HH:MM`` cannot say the length (seconds, or zero length, which ``00:00`` would make unknown); ``url`` is left out
when neither the session nor the conference has an http(s) address."""


def _event_json(e: EventPlan, fallback_url: str | None) -> dict[str, Any]:
    """One event as pretalx and frab write it (:data:`EVENT_KEYS`).

    Made as one dict in key order, the optional keys (``code``, ``end``,
    ``url``) then removed where they do not apply: removing a key keeps the
    order of the others.
    """
    url = e.url or fallback_url
    event: dict[str, Any] = {
        "id": e.id,
        "guid": e.guid,
        "code": e.code,
        "logo": None,
        "date": e.date,
        "start": e.start,
        "duration": e.duration,
        "end": e.end,
        "room": e.room,
        "slug": e.slug,
        "url": url,
        "title": e.title,
        "subtitle": "",
        "track": e.track,
        "type": e.type,
        "language": e.language,
        "abstract": e.abstract,
        "description": "",
        "persons": [_person_json(person) for person in e.persons],
        "links": [{"url": link, "title": "Slides", "type": "slides"} for link in e.slides]
        + ([{"url": e.recording, "title": "Recording", "type": "media"}] if e.recording else []),
        "attachments": [],
    }
    if not e.code:
        del event["code"]
    if e.xml_duration.count(":") != 2:
        del event["end"]
    if not url:
        del event["url"]
    return event


def _person_json(person: PersonPlan) -> dict[str, Any]:
    """A person as frab writes one (``id``, ``public_name``) when its numeric id is known, else as pretalx (``name``).

    The JSON Schema takes a person as exactly one of the two (its ``oneOf``):
    never both ``id`` and ``name``.  ``public_name``, which pyfahrplan and
    c3voc-schedule-tools' XML export read, is always there; so is ``guid``.
    """
    if person.id is not None:
        return {"id": person.id, "public_name": person.name, "guid": person.guid}
    return {"name": person.name, "public_name": person.name, "guid": person.guid}


def _s(value: Any) -> str | None:
    """A text field as a stripped string (numbers accepted), or None."""
    if type(value) is str:  # the common case first
        return value.strip() or None
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


def _check_numbers(document: Any) -> None:
    """Refuse NaN, Infinity and numbers beyond a float's range (``1e400``), naming their JSON path.

    Python's json module reads them (as ``nan`` and ``inf``); JSON has no such
    numbers, and as ids they would become sessions ``frab-nan``, ``frab-inf``.
    """
    stack: list[tuple[Any, str]] = [(document, "$")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, float) and not math.isfinite(value):
            what = (
                "NaN is not a JSON number"
                if math.isnan(value)
                else ("the number is infinite or beyond the range of a double (Infinity, 1e400)")
            )
            raise ScheduleParseError(_FORMAT, f"{what}; numbers must be finite, at most about 1.8e308 in size", path)
        if isinstance(value, dict):  # pushed in reverse, so the first bad number in the file is reported
            for key, item in reversed(value.items()):
                # A day's rooms are named as the reader names them (rooms["A"]), whatever the name.
                plain = re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key) and not path.endswith(".rooms")
                child = f"{path}.{key}" if plain else f"{path}[{json.dumps(key, ensure_ascii=False)}]"
                stack.append((item, child))
        elif isinstance(value, list):
            stack.extend((item, f"{path}[{i}]") for i, item in reversed(list(enumerate(value))))


def _event_lists(document: Any) -> str | None:
    """The JSON path of the first non-empty ``events`` list anywhere in ``document``, or None."""
    stack: list[tuple[Any, str]] = [(document, "$")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, dict):
            events = value.get("events")
            if isinstance(events, list) and events:
                return f"{path}.events"
            stack.extend(
                (item, f"{path}.{key}") for key, item in reversed(value.items()) if isinstance(item, (dict, list))
            )
        elif isinstance(value, list):
            stack.extend(
                (item, f"{path}[{i}]") for i, item in reversed(list(enumerate(value))) if isinstance(item, (dict, list))
            )
    return None


def loads(data: str | bytes, *, file_tz: str | None = None) -> Conference:
    """Read a c3voc/pretalx/frab schedule.json (see the module docstring).

    The parsed document is dropped once its events are read, before the
    sessions are built: the garbage collector walks it no more.
    """
    nonfinite: list[str] = []
    document = _obj(load_json(data, _FORMAT, nonfinite=nonfinite), "$")
    if nonfinite:  # the walk that names the path of the first one costs a pass over the document: only then
        _check_numbers(document)
    raw = _raw_schedule(document)
    del document
    return build(raw, file_tz, _FORMAT)


def _raw_schedule(document: dict[str, Any]) -> RawSchedule:
    """What the parsed schedule.json ``document`` says, for :func:`build` (version 1 or schedule2)."""
    if "schedule" in document:
        schedule, path = _obj(document["schedule"], "$.schedule"), "$.schedule"
    else:
        schedule, path = document, "$"
    if "conference" not in schedule:
        raise ScheduleParseError(_FORMAT, 'no "conference" object (is this a c3voc schedule.json?)', path)
    conference = _obj(schedule["conference"], f"{path}.conference")
    events = schedule.get("events")
    if isinstance(events, list):
        days = conference.get("days")
        v1 = isinstance(days, list) and any(isinstance(d, dict) and d.get("rooms") for d in days)
        if not v1:
            return _schedule2(schedule, conference, path)
        if events:  # both forms: reading either one alone would silently drop the other
            raise ScheduleParseError(
                _FORMAT,
                'the file has both a schedule2 "events" list and schedule.json version 1 events under '
                '"conference.days[].rooms"; it is not clear which is the schedule',
                f"{path}.events",
            )
    path += ".conference"
    raw = _header(schedule, conference)
    for room in _list(conference.get("rooms"), f"{path}.rooms"):
        name = _s(room.get("name")) if isinstance(room, dict) else _s(room)
        if name:  # build() keeps each name once
            raw.rooms.append(name)
    for track in _list(conference.get("tracks"), f"{path}.tracks"):
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
            if room_name:
                raw.rooms.append(room_name)
            room_path = f"{day_path}.rooms[{json.dumps(room_name, ensure_ascii=False)}]"
            for e, event_value in enumerate(_list(events, room_path)):
                raw.events.append(
                    _event(_obj(event_value, f"{room_path}[{e}]"), f"{room_path}[{e}]", room_name, day, raw.url)
                )
    if not raw.events:
        stray = _event_lists(document)
        if stray is not None:  # events where schedule.json v1 has none: refuse rather than read nothing
            raise ScheduleParseError(
                _FORMAT,
                'no events under "conference": {"days": [{"rooms": {...}}]}, but there is an "events" list here, '
                "which is not where schedule.json puts events; nothing would be read",
                stray,
            )
    return raw


def _event(
    event: dict[str, Any], path: str, room_name: str, day: dict[str, Any], conference_url: str | None
) -> RawEvent:
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
            if (
                isinstance(link, dict)
                and _s(link.get("url"))
                and "slide" in f"{link.get('type')} {link.get('title')}".lower()
            ):
                slides.append(str(link["url"]).strip())
    return RawEvent(
        location=path,
        id=_s(event.get("id")),
        guid=_s(event.get("guid")),
        slug=_s(event.get("slug")),
        code=_s(event.get("code")),
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


# ---------------------------------------------------------------------------
# schedule2: a flat "events" list (c3voc schema2, written by the CCC hub)
# ---------------------------------------------------------------------------

_ISO_DURATION = re.compile(r"^P(?:(\d{1,5})D)?(?:T(?:(\d{1,7})H)?(?:(\d{1,7})M)?(?:(\d{1,7})S)?)?$")
_DROPPED_STATES = frozenset({"DRAFT", "SUBMITTED", "REJECTED", "CANCELED", "CANCELLED", "WITHDRAWN", "DELETED"})
"""schedule2 ``state`` values of events that are not (or no longer) on the programme; they are not read."""


def _localized(value: Any, language: str | None) -> str | None:
    """A schedule2 LocalizableString: the text, or from a ``{"en": ..., "de": ...}`` map the event's language, else English, else the first."""
    if not isinstance(value, dict):
        return _s(value)
    for key in (language, "en", *value):
        if key is not None and _s(value.get(key)):
            return _s(value.get(key))
    return None


def _iso_duration(text: str | None, path: str) -> str | None:
    """An ISO 8601 duration (``PT1H30M``) as ``H:MM:SS`` text for the frab reader; None for none."""
    if text is None:
        return None
    m = _ISO_DURATION.match(text)
    if m is None or text in ("P", "PT") or text.endswith("T"):
        raise ScheduleParseError(_FORMAT, f"the duration {text!r} is not an ISO 8601 duration such as 'PT1H30M'", path)
    seconds = int(m[1] or 0) * 86400 + int(m[2] or 0) * 3600 + int(m[3] or 0) * 60 + int(m[4] or 0)
    hours, rest = divmod(seconds, 3600)
    if hours >= 100_000_000:
        raise ScheduleParseError(_FORMAT, f"the duration {text!r} is too long", path)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}"


def _header(schedule: dict[str, Any], conference: dict[str, Any]) -> RawSchedule:
    """The conference's own fields, the same in schedule.json version 1 and schedule2."""
    return RawSchedule(
        title=_s(conference.get("title")),
        acronym=_s(conference.get("acronym")),
        time_zone_name=_s(conference.get("time_zone_name")),
        start=_s(conference.get("start")),
        end=_s(conference.get("end")),
        url=_s(conference.get("url")) or _s(schedule.get("base_url")),
        day_change=_s(conference.get("day_change")),
    )


def _references(value: Any, path: str, names: list[str]) -> dict[str, str]:
    """schedule2 rooms or tracks: each name into ``names`` (``build()`` keeps each once); returns the name each guid and slug refers to."""
    by_reference: dict[str, str] = {}
    for index, item in enumerate(_list(value, path)):
        item = _obj(item, f"{path}[{index}]")
        name = _s(item.get("name"))
        if name:
            names.append(name)  # build() keeps each name once
            for key in ("guid", "slug"):
                reference = _s(item.get(key))
                if reference:
                    by_reference.setdefault(str(reference), name)
    return by_reference


def _schedule2(schedule: dict[str, Any], conference: dict[str, Any], path: str) -> RawSchedule:
    """The events of a c3voc schedule2 file: rooms and tracks by reference, persons' bios from the top-level list."""
    raw = _header(schedule, conference)
    room_names = _references(conference.get("rooms"), f"{path}.conference.rooms", raw.rooms)
    track_names = _references(conference.get("tracks"), f"{path}.conference.tracks", raw.tracks)
    bios: dict[str, str] = {}
    for p, person in enumerate(_list(schedule.get("persons"), f"{path}.persons")):
        person = _obj(person, f"{path}.persons[{p}]")
        guid, bio = _s(person.get("guid")), _localized(person.get("biography"), None)
        if guid and bio:
            bios.setdefault(guid, bio)
    for e, value in enumerate(_list(schedule.get("events"), f"{path}.events")):
        event_path = f"{path}.events[{e}]"
        event = _obj(value, event_path)
        if (_s(event.get("state")) or "").upper() in _DROPPED_STATES:
            continue
        language = _s(event.get("language"))
        room_ref = event.get("room")
        if isinstance(room_ref, dict):
            room = (
                _s(room_ref.get("name"))
                or room_names.get(_s(room_ref.get("guid")) or "")
                or room_names.get(_s(room_ref.get("slug")) or "")
            )
        else:
            room = _s(room_ref)
        track_ref = event.get("track")
        if isinstance(track_ref, dict):
            slug = _s(track_ref.get("slug")) or _s(track_ref.get("guid")) or ""
            track = _s(track_ref.get("name")) or track_names.get(slug) or slug or None
        else:
            track = _s(track_ref)
        persons = []
        for p, person in enumerate(
            _list(event.get("participants", event.get("persons")), f"{event_path}.participants")
        ):
            if isinstance(person, str):
                persons.append(RawPerson(name=person))
                continue
            person = _obj(person, f"{event_path}.participants[{p}]")
            guid = _s(person.get("guid"))
            persons.append(
                RawPerson(
                    name=_s(person.get("name")) or _s(person.get("public_name")) or "",
                    id=_s(person.get("id")),
                    guid=guid,
                    code=_s(person.get("code")),
                    bio=_localized(person.get("biography"), language) or bios.get(guid or ""),
                )
            )
        slides = [
            str(link["url"]).strip()
            for key in ("links", "attachments")
            for link in _list(event.get(key), f"{event_path}.{key}")
            if isinstance(link, dict)
            and _s(link.get("url"))
            and "slide" in f"{link.get('type')} {link.get('title')}".lower()
        ]
        raw.events.append(
            RawEvent(
                location=event_path,
                id=_s(event.get("id")),
                guid=_s(event.get("guid")) or _s(event.get("code")),
                slug=_s(event.get("slug")),
                code=_s(event.get("code")),
                title=_localized(event.get("title"), language),
                subtitle=_localized(event.get("subtitle"), language),
                type=_s(event.get("type")),
                date=_s(event.get("start")),
                duration=_iso_duration(_s(event.get("duration")), f"{event_path}.duration"),
                end=_s(event.get("end")),
                room=room,
                track=track,
                language=language,
                abstract=_localized(event.get("abstract"), language),
                description=_localized(event.get("description"), language),
                url=_event_url(_s(event.get("url")), _s(event.get("guid")), raw.url),
                persons=persons,
                slides=slides,
            )
        )
    return raw


def _event_url(url: str | None, guid: str | None, conference_url: str | None) -> str | None:
    """An event's own URL: not the placeholders writers put where the schema wants one (``urn:uuid:<guid>``, the conference's URL)."""
    if url is None or url == conference_url or (guid is not None and url.lower() == f"urn:uuid:{guid.lower()}"):
        return None
    return url
