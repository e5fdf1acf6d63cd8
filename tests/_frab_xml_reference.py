"""The frab XML writer as it was built with ElementTree: the reference the direct writer must match byte for byte.

:func:`pyconf_schedule.formats.frab_xml.dumps` writes its text directly (a
tree, ``ET.indent`` and ``ET.tostring`` cost two thirds of its time).  This is
the tree writer it replaced, kept only as an independent oracle for
``tests/test_formats_frab_writer.py``: ElementTree's own escaping and empty
element rules decide what the output must be.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from datetime import UTC, datetime, time

from pyconf_schedule import Conference, Sessions
from pyconf_schedule.formats._common import strip_xml_illegal, view_zone
from pyconf_schedule.formats._frab_plan import plan
from pyconf_schedule.formats.frab_xml import _is_slug


def _sub(parent: ET.Element, tag: str, text: str | None = None, **attrib: str) -> ET.Element:
    element = ET.SubElement(parent, tag, {k: strip_xml_illegal(v) for k, v in attrib.items()})
    if text is not None:
        element.text = strip_xml_illegal(text)
    return element


def reference_dumps(obj: Conference | Sessions, *, tz: str | None = None) -> str:
    """The schedule.xml text of ``obj`` as the ElementTree writer made it."""
    p = plan(obj, tz)
    root = ET.Element("schedule")
    _sub(root, "generator", name="pyconf-schedule")
    if p.url:
        _sub(root, "url", p.url)
    _sub(root, "version", "1.0")
    conference = _sub(root, "conference")
    _sub(conference, "title", p.title)
    _sub(conference, "acronym", p.acronym)
    if p.start:
        _sub(conference, "start", p.start.isoformat())
    if p.end:
        _sub(conference, "end", p.end.isoformat())
    _sub(conference, "days", str(len(p.days) or (1 if p.start else 0)))
    _sub(conference, "timeslot_duration", "00:05")
    if p.url:
        _sub(conference, "url", p.url)
    if p.zone_name is not None:
        _sub(conference, "time_zone_name", p.zone_name)
    for name, slug in p.tracks:
        if _is_slug(slug):
            _sub(conference, "track", name=name, slug=slug)
        else:
            _sub(conference, "track", name=name)
    room_guids = {name: guid for name, _slug, guid in p.rooms}
    if not p.days and p.start is not None:
        zone = view_zone(obj, tz)[0]
        midnight = datetime.combine(p.start, time(0), tzinfo=zone).astimezone(UTC).astimezone(zone).isoformat()
        day = _sub(root, "day", date=p.start.isoformat(), start=midnight, end=midnight, index="1")
        for name, _slug, guid in p.rooms:
            _sub(day, "room", name=name, guid=guid)
    for day_plan in p.days:
        day_element = _sub(
            root,
            "day",
            date=day_plan.date.isoformat(),
            start=day_plan.start,
            end=day_plan.end,
            index=str(day_plan.index),
        )
        for room_name, events in day_plan.rooms:
            attrib = {"name": room_name}
            if room_name in room_guids:
                attrib["guid"] = room_guids[room_name]
            room_element = _sub(day_element, "room", **attrib)
            for e in events:
                event = _sub(room_element, "event", id=str(e.id), guid=e.guid, **({"code": e.code} if e.code else {}))
                _sub(event, "date", e.date)
                _sub(event, "start", e.xml_start)
                _sub(event, "duration", e.xml_duration)
                _sub(event, "room", e.room)
                _sub(event, "slug", e.slug)
                _sub(event, "title", e.title)
                _sub(event, "subtitle", "")
                _sub(event, "type", e.type)
                _sub(event, "track", e.track or "")
                if e.language:
                    _sub(event, "language", e.language)
                _sub(event, "abstract", e.abstract or "")
                persons = _sub(event, "persons")
                for person in e.persons:
                    ids = {"id": str(person.id)} if person.id is not None else {}
                    _sub(persons, "person", person.name, **ids, guid=person.guid)
                links = _sub(event, "links")
                for url in e.slides:
                    _sub(links, "link", "Slides", href=url, type="slides")
                if e.recording:
                    _sub(links, "link", "Recording", href=e.recording, type="media")
                if e.url:
                    _sub(event, "url", e.url)
    ET.indent(root, space="  ")
    # ElementTree writes a text's CR raw (a parser reads it back as LF); attributes already get &#13;.
    text = ET.tostring(root, encoding="unicode").replace("\r", "&#13;")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + text + "\n"
