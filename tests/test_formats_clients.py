"""What real clients read from our c3voc JSON, frab XML and iCalendar, compared with our own model.

Each writer's output for eu2026, na2026 and four shared samples (frab's
camp2019 and pretalx's democon c3voc JSON, frab's 31C3 XML with only UTC
offsets, c3voc's merged jev22) is read by each consumer that installs here,
and compared with the conference it was written from: the count of events,
titles, start and end instants, rooms, speakers and the source's identities.

- c3voc-schedule-tools 1.1.0 (import name ``voc``) pins ``icalendar<6`` and
  ``lxml<5``, which the test extra cannot hold beside recurring-ical-events
  (``icalendar>=6.1``): it lives in its own environment, ``.venv-c3voc``
  (``.ci/run`` makes it from the ``c3voc-client`` extra; another one may be
  named by ``PYCONF_SCHEDULE_C3VOC_PYTHON``), and runs in a subprocess.
- pyfahrplan 1.1.0 is not importable on Python 3.11 (its pinned
  ``requests_cache<0.9`` fails on import), so the exact keys its
  ``Fahrplan.flatten_fahrplans`` and ``is_talk_in_past`` read are replayed
  here, key for key.
- icalendar, recurring-ical-events and ics (ics.py): the ``clients`` extra.
- python-pentabarf-xml 0.20 (also in ``clients``) refuses frab XML without
  ``<day_change>``, ``<city>`` and ``<venue>``, which the c3voc XSD forbids:
  the XSD wins, and the test says exactly how it refuses.
- ical.js 2.2.1 (``tests/clients/package.json``) runs in node; without node
  its test skips with that reason.  ``.ci/run`` installs it with npm.

With ``CI`` set, a consumer that is missing fails its test instead of skipping.
"""

from __future__ import annotations

import base64
import functools
import json
import os
import re
import shutil
import subprocess
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from dateutil.parser import parse as dateutil_parse
from lxml import etree

from pyconf_schedule import Conference, dumps, load, read
from pyconf_schedule.formats import frab_json, omitted
from pyconf_schedule.formats.ics import clean_text

from ._support import shared_path

ROOT = Path(__file__).resolve().parents[1]
CLIENTS = Path(__file__).resolve().parent / "clients"
UNTITLED = "(untitled session)"
NO_ROOM = "(no room given)"

SAMPLES = {
    "camp2019": "voc-schedule_frab-camp2019.schedule.json",
    "democon": "voc-schedule_pretalx-democon.schedule.json",
    "31c3": "felixu_31c3.frab.schedule.xml",
    "jev22": "voc-jev22_everything.schedule.json",
}
SOURCES = ("eu2026", "na2026", *SAMPLES)
WRITTEN = {"eu2026": 54, "na2026": 99, "camp2019": 79, "democon": 36, "31c3": 138, "jev22": 433}
"""Sessions written to each client format: those with a start and an end (the rest: ``omitted``)."""


@functools.cache
def _conference(name: str) -> Conference:
    if name in SAMPLES:
        return read(shared_path("samples", SAMPLES[name]))
    return load(name)


def _written(conf: Conference) -> list[Any]:
    return [s for s in conf.sessions if s.start is not None and s.end is not None]


def _instant(value: datetime) -> str:
    return value.astimezone(UTC).isoformat()


def _missing(what: str) -> None:
    """Fail with ``what`` when CI is set (every consumer must run there), else skip."""
    if os.environ.get("CI"):
        pytest.fail(f"{what}; CI is set, so every consumer must run")
    pytest.skip(what)


def _expected(conf: Conference, *, room: str | None) -> list[tuple[str, str, str, str | None, tuple[str, ...]]]:
    """Our own view of what a client should show: (title, start, end, room, speakers), sorted."""
    return sorted(
        (s.title if s.title is not None else UNTITLED, _instant(s.start), _instant(s.end),
         s.room.name if s.room else room, s.speaker_names)
        for s in _written(conf)
    )  # fmt: skip


def test_every_source_writes_the_expected_sessions() -> None:
    """The sessions each client format holds: all with a start and an end; the 14 na2026 sessions with no known end are omitted."""
    for name in SOURCES:
        conf = _conference(name)
        assert len(_written(conf)) == WRITTEN[name], name
        assert len(omitted(conf, "c3voc-json")) == len(conf.sessions) - WRITTEN[name]
    na = load("na2026")
    assert len([s for s in omitted(na, "ics") if s.start is not None]) == 14


# ---------------------------------------------------------------------------
# the source's identities, as the shared samples give them
# ---------------------------------------------------------------------------


def _source_events(name: str) -> list[dict[str, Any]]:
    """The events of a shared sample as the file gives them: guid, id, slug and person ids (raw, not through our reader)."""
    path = shared_path("samples", SAMPLES[name])
    if path.suffix == ".xml":
        root = etree.parse(str(path)).getroot()
        return [
            {"guid": e.get("guid"), "id": int(e.get("id") or 0), "slug": e.findtext("slug"),
             "persons": [int(p.get("id") or 0) for p in e.iterfind("persons/person")]}
            for e in root.iter("event")
        ]  # fmt: skip
    days = json.loads(path.read_text(encoding="utf-8"))["schedule"]["conference"]["days"]
    return [
        {"guid": e["guid"], "id": e["id"], "slug": e["slug"], "persons": [p["id"] for p in e["persons"]]}
        for d in days for events in d["rooms"].values() for e in events
    ]  # fmt: skip


def _as_uuid(guid: str) -> str:
    """A guid as UUID text: 31C3's frab wrote 112 of its 138 event guids as the UUID's bytes in URL-safe base64."""
    if re.fullmatch(r"[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}", guid):
        return guid
    return str(uuid.UUID(bytes=base64.urlsafe_b64decode(guid + "==")))


def _source_identities(name: str) -> list[Any]:
    """What a conversion of sample ``name`` must keep: each event's guid (as UUID text), id and slug (in lower case:
    the schemas want it so; camp2019 writes ``Camp2019-...``) and its persons' ids, sorted."""
    return _kept([dict(e, guid=_as_uuid(e["guid"]), slug=e["slug"].lower()) for e in _source_events(name)])


def _kept(events: list[dict[str, Any]]) -> list[Any]:
    """Sorted (guid, id, slug, person ids) of ``events``."""
    return sorted((e["guid"], e["id"], e["slug"], sorted(p for p in e["persons"] if p is not None)) for e in events)


# ---------------------------------------------------------------------------
# c3voc JSON: our keys against pretalx's and frab's, pyfahrplan, c3voc-schedule-tools
# ---------------------------------------------------------------------------


def _events_of(document: dict[str, Any]) -> list[dict[str, Any]]:
    days = document["schedule"]["conference"]["days"]
    return [e for d in days for events in d["rooms"].values() for e in events]


def test_event_keys_are_those_pretalx_and_frab_write() -> None:
    """Every event we write has exactly the keys pretalx (democon) and frab (camp2019) write for every event, less the two recording flags."""
    producers = [
        {
            key
            for e in _events_of(json.loads(shared_path("samples", SAMPLES[name]).read_text(encoding="utf-8")))
            for key in e
        }
        for name in ("democon", "camp2019")
    ]
    assert producers[0] == producers[1]
    assert set(frab_json.EVENT_KEYS) == producers[0] - {"recording_license", "do_not_record"}
    for name in SOURCES:
        for event in _events_of(json.loads(dumps(_conference(name), "c3voc-json"))):
            assert set(event) - {"url"} == set(frab_json.EVENT_KEYS) - {"url"}, name
    assert next(list(e) for e in _events_of(json.loads(dumps(load("eu2026"), "c3voc-json")))) == list(
        frab_json.EVENT_KEYS
    )


def _pyfahrplan_flatten(schedule: dict[str, Any]) -> list[dict[str, Any]]:
    """pyfahrplan 1.1.0's ``Fahrplan.flatten_fahrplans`` for one schedule, key for key (it cannot be imported on 3.11)."""
    flat = []
    for day in schedule["conference"]["days"]:
        for room_name, room in day["rooms"].items():
            for talk in room:
                flat.append({
                    "conference_title": schedule["conference"]["title"],
                    "conference_acronym": schedule["conference"]["acronym"],
                    "day": day["index"],
                    "room": room_name,
                    "title": talk["title"],
                    "talk_guid": talk.get("guid"),
                    "talk_id": talk["id"],
                    "talk_start": talk["start"],
                    "talk_date": talk["date"],
                    "talk_duration": talk["duration"],
                    "talk_description": "" if talk["description"] is None else talk["description"],
                    "talk_abstract": "" if talk["abstract"] is None else talk["abstract"],
                    "track": "" if talk["track"] is None else talk["track"],
                    "speakers": ", ".join(
                        person.get("public_name", person.get("full_public_name", "")) for person in talk.get("persons", [])
                    ),
                })  # fmt: skip
    return flat


def _pyfahrplan_end(talk: dict[str, Any]) -> datetime:
    """pyfahrplan's ``is_talk_in_past`` end: the date plus the duration parsed as a time of day (hours 0 to 23 only)."""
    duration = dateutil_parse(talk["talk_duration"])
    return dateutil_parse(talk["talk_date"]) + timedelta(hours=duration.hour, minutes=duration.minute)


@pytest.mark.parametrize("name", SOURCES)
def test_pyfahrplan_reads_our_c3voc_json_equal(name: str) -> None:
    """pyfahrplan's key accesses find every key in our c3voc JSON and give our titles, rooms, speakers, starts and ends."""
    conf = _conference(name)
    document = json.loads(dumps(conf, "c3voc-json"))
    talks = _pyfahrplan_flatten(document["schedule"])
    assert len(talks) == WRITTEN[name]
    got = sorted(
        (t["title"], _instant(dateutil_parse(t["talk_date"])), _instant(_pyfahrplan_end(t)), t["room"], t["speakers"])
        for t in talks
    )
    want = [
        (title, start, end, room, ", ".join(speakers))
        for title, start, end, room, speakers in _expected(conf, room=NO_ROOM)
    ]
    assert got == want
    assert all(t["talk_start"] == dateutil_parse(t["talk_date"]).strftime("%H:%M") for t in talks)
    if name in SAMPLES:  # the source's guid and id, as pyfahrplan keys talks on them
        assert sorted((t["talk_guid"], t["talk_id"]) for t in talks) == [row[:2] for row in _source_identities(name)]


_C3VOC_SCRIPT = r"""
import json, sys
from lxml import etree
from voc.schedule import Schedule
xsd = etree.XMLSchema(etree.parse(sys.argv[1]))
result = {}
for path in sys.argv[2:]:
    schedule = Schedule.from_file(path)
    events = []
    schedule.foreach_event(lambda e: events.append({
        "title": e["title"], "start": e.start.isoformat(), "end": e.end.isoformat(), "room": e["room"],
        "speakers": e.persons(), "guid": e["guid"], "id": e["id"], "slug": e["slug"],
        "persons": [p.get("id") for p in e["persons"]],
    }))
    valid = xsd.validate(etree.fromstring(schedule.xml(method="bytes")))
    try:
        zone = str(schedule.tz())
    except Exception as exc:
        zone = type(exc).__name__ + ": " + str(exc)
    result[path] = {"events": events, "xsd": valid, "xsd_errors": [e.message for e in xsd.error_log][:3], "tz": zone}
print(json.dumps(result))
"""


def _c3voc_python() -> Path:
    named = os.environ.get("PYCONF_SCHEDULE_C3VOC_PYTHON")
    python = Path(named) if named else ROOT / ".venv-c3voc" / "bin" / "python"
    if not python.exists():
        _missing(
            f"{python} is absent: make it with `python3 -m venv .venv-c3voc && .venv-c3voc/bin/pip install -e '.[c3voc-client]'`"
        )
    return python


@pytest.fixture(scope="module")
def c3voc_read(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """What c3voc-schedule-tools reads from our c3voc JSON of every source, one subprocess for all of them."""
    python = _c3voc_python()
    folder = tmp_path_factory.mktemp("c3voc")
    paths = []
    for name in SOURCES:
        path = folder / f"{name}.json"
        path.write_text(dumps(_conference(name), "c3voc-json"), encoding="utf-8")
        paths.append(str(path))
    xsd = shared_path("schemas", "schedule.xml.xsd")
    done = subprocess.run(
        [str(python), "-c", _C3VOC_SCRIPT, str(xsd), *paths], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    by_path: dict[str, Any] = json.loads(done.stdout)
    return {name: by_path[path] for name, path in zip(SOURCES, paths, strict=True)}


C3VOC_TZ = {
    "eu2026": "Europe/Paris", "na2026": "America/Los_Angeles", "camp2019": "Europe/Berlin", "democon": "UTC",
    "31c3": "UnknownTimeZoneError: None", "jev22": "Europe/Amsterdam",
}  # fmt: skip
"""``Schedule.tz()`` of c3voc-schedule-tools: 31C3 gives only UTC offsets, so we name no zone, and its ``tz()``
assumes ``time_zone_name``, which the schema leaves optional (its own limit: ``pytz.timezone(None)``)."""


def _c3voc_rows(events: list[dict[str, Any]]) -> list[tuple[str, str, str, str | None, tuple[str, ...]]]:
    """c3voc-schedule-tools' events as (title, start, end, room, speakers), its ``duration`` bug undone.

    c3voc-schedule-tools 1.1.0 reads a ``duration`` of ``HH:MM`` as minutes
    and seconds (``voc.tools.str2timedelta`` takes the last field for
    seconds), so its ``Event.end`` of a 25-minute talk is 25 seconds after
    the start; that is its bug, for pretalx's and frab's own files too
    (:func:`test_c3voc_schedule_tools_misreads_every_duration`).  Its seconds
    are our minutes: the end is rebuilt from them.
    """
    rows = []
    for e in events:
        start, end = datetime.fromisoformat(e["start"]), datetime.fromisoformat(e["end"])
        minutes = (end - start).total_seconds()
        rows.append(
            (e["title"], _instant(start), _instant(start + timedelta(minutes=minutes)), e["room"], tuple(e["speakers"]))
        )
    return sorted(rows)


@pytest.mark.parametrize("name", SOURCES)
def test_c3voc_schedule_tools_reads_our_c3voc_json_equal(c3voc_read: dict[str, Any], name: str) -> None:
    """c3voc-schedule-tools reads our titles, instants (but for its duration bug), rooms and speakers, and its own XML
    export of our file validates against its XSD."""
    conf = _conference(name)
    got = c3voc_read[name]
    assert len(got["events"]) == WRITTEN[name]
    assert _c3voc_rows(got["events"]) == _expected(conf, room=NO_ROOM)
    assert (got["xsd"], got["xsd_errors"]) == (True, [])
    assert got["tz"] == C3VOC_TZ[name]


def test_c3voc_schedule_tools_misreads_every_duration(tmp_path: Path) -> None:
    """c3voc-schedule-tools 1.1.0 reads frab's own camp2019 file with every "00:30" as 30 seconds: its bug, not ours."""
    python = _c3voc_python()
    sample = shared_path("samples", SAMPLES["camp2019"])
    script = (
        "import json, sys\nfrom voc.schedule import Schedule\ns = Schedule.from_file(sys.argv[1])\n"
        "print(json.dumps(s.foreach_event(lambda e: [e['duration'], (e.end - e.start).total_seconds()])))"
    )
    done = subprocess.run([str(python), "-c", script, str(sample)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    pairs = json.loads(done.stdout)
    assert len(pairs) == 79
    assert all(seconds == int(text.split(":")[0]) * 60 + int(text.split(":")[1]) for text, seconds in pairs)
    assert ["00:30", 30.0] in pairs


@pytest.mark.parametrize("name", list(SAMPLES))
def test_c3voc_schedule_tools_sees_the_sources_identities(c3voc_read: dict[str, Any], name: str) -> None:
    """c3voc-schedule-tools sees, in our c3voc JSON of a sample, every event's guid, id and slug and every person's id the sample gives."""
    assert _kept(c3voc_read[name]["events"]) == _source_identities(name)


@pytest.mark.parametrize("name", list(SAMPLES))
def test_frab_xml_keeps_the_sources_identities(name: str) -> None:
    """Our frab XML of a sample carries its events' guid, id and slug and its persons' ids, and validates against the XSD."""
    root = etree.fromstring(dumps(_conference(name), "frab-xml").encode("utf-8"))
    schema = etree.XMLSchema(etree.parse(str(shared_path("schemas", "schedule.xml.xsd"))))
    assert schema.validate(root), schema.error_log
    events = [
        {"guid": e.get("guid"), "id": int(e.get("id") or 0), "slug": e.findtext("slug"),
         "persons": [int(p.get("id") or "") if p.get("id") else None for p in e.iterfind("persons/person")]}
        for e in root.iter("event")
    ]  # fmt: skip
    assert _kept(events) == _source_identities(name)


def test_the_same_input_gives_the_same_new_ids() -> None:
    """Where the source has no guid (our datasets), the guids made are the same on every run and differ per event."""
    first, second = (json.loads(dumps(load("na2026"), "c3voc-json")) for _ in range(2))
    guids = [e["guid"] for e in _events_of(first)]
    assert guids == [e["guid"] for e in _events_of(second)]
    assert len(set(guids)) == len(guids) == WRITTEN["na2026"]


def test_python_pentabarf_xml_wants_what_the_xsd_forbids() -> None:
    """python-pentabarf-xml fails on our frab XML at the missing <day_change>; adding it (with <city>, <venue>) makes the
    file fail the XSD, which wins."""
    from pentabarf.PentabarfParser import PentabarfParser

    text = dumps(load("eu2026"), "frab-xml")
    with pytest.raises(AttributeError, match="'NoneType' object has no attribute 'text'"):
        PentabarfParser.parse(text)
    patched = text.replace(
        "<timeslot_duration>", "<day_change>09:00</day_change><city>Paris</city><venue>V</venue><timeslot_duration>", 1
    )
    schema = etree.XMLSchema(etree.parse(str(shared_path("schemas", "schedule.xml.xsd"))))
    assert not schema.validate(etree.fromstring(patched.encode("utf-8")))
    assert "day_change" in str(schema.error_log)
    assert schema.validate(etree.fromstring(text.encode("utf-8")))


# ---------------------------------------------------------------------------
# offset-only zones: one rule for JSON, XML and iCalendar
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "zone"), [("31c3", None), ("camp2019", "Europe/Berlin"), ("democon", "UTC")])
def test_a_zone_is_named_only_when_it_is_a_place(name: str, zone: str | None) -> None:
    """31C3 (only +01:00 offsets, read as Etc/GMT-1) is written with no zone name in c3voc JSON, frab XML and iCalendar alike."""
    conf = _conference(name)
    conference = json.loads(dumps(conf, "c3voc-json"))["schedule"]["conference"]
    xml = etree.fromstring(dumps(conf, "frab-xml").encode("utf-8"))
    calendar = dumps(conf, "ics")
    named = re.search(r"\r\nX-WR-TIMEZONE:(.*)\r\n", calendar)
    assert (conference.get("time_zone_name"), xml.findtext("conference/time_zone_name"), named and named[1]) == (
        zone,
        zone,
        zone,
    )


# ---------------------------------------------------------------------------
# iCalendar: icalendar, recurring-ical-events, ics.py, ical.js
# ---------------------------------------------------------------------------


def _speaker_line(session: Any) -> str | None:
    """The header line our DESCRIPTION opens with for the speakers, as every client shows it."""
    if not session.speakers:
        return None
    # A name that itself ends in ")" gets an empty "()" without an organisation, so it reads back as the name.
    shown = ", ".join(
        p.name + (f" ({p.organisation})" if p.organisation else " ()" if p.name.endswith(")") else "")
        for p in session.speakers
    )
    return f"{'Speakers' if len(session.speakers) > 1 else 'Speaker'}: {shown}"


def _expected_ics(conf: Conference) -> list[tuple[str, str, str, str, str | None, str | None]]:
    """(UID, SUMMARY, start, end, LOCATION, first DESCRIPTION line when it names speakers), sorted."""
    return sorted(
        (f"{s.id}@{conf.id}.pyconf-schedule", clean_text(s.title if s.title is not None else UNTITLED), _instant(s.start),
         _instant(s.end), s.room.name if s.room else None, _speaker_line(s))
        for s in _written(conf)
    )  # fmt: skip


def _first_speaker_line(description: str | None) -> str | None:
    line = (description or "").split("\n", 1)[0]
    return line if line.startswith(("Speaker: ", "Speakers: ")) else None


ICS_VARIANTS = ("utc", "local")
"""The default export (UTC times) and one in the conference's zone (``tz=``: TZID wall times and a VTIMEZONE)."""


def _ics_text(conf: Conference, variant: str) -> str:
    return dumps(conf, "ics", tz=conf.timezone if variant == "local" else None)


@pytest.mark.parametrize("variant", ICS_VARIANTS)
@pytest.mark.parametrize("name", SOURCES)
def test_icalendar_and_recurring_ical_events_read_our_ics_equal(name: str, variant: str) -> None:
    """icalendar and recurring-ical-events read our UIDs, titles, instants, rooms and speaker lines."""
    import icalendar
    import recurring_ical_events

    conf = _conference(name)
    calendar = icalendar.Calendar.from_ical(_ics_text(conf, variant))
    events = list(calendar.walk("VEVENT"))
    assert len(events) == WRITTEN[name]

    def row(e: Any) -> tuple[str, str, str, str, str | None, str | None]:
        location = e.get("LOCATION")
        return (str(e["UID"]), str(e["SUMMARY"]), _instant(e["DTSTART"].dt), _instant(e["DTEND"].dt),
                None if location is None else str(location), _first_speaker_line(str(e.get("DESCRIPTION", ""))))  # fmt: skip

    want = _expected_ics(conf)
    assert sorted(map(row, events)) == want
    expanded = recurring_ical_events.of(calendar).between((1900, 1, 1), (2100, 1, 1))
    assert sorted(map(row, expanded)) == want


@pytest.mark.parametrize("variant", ICS_VARIANTS)
@pytest.mark.parametrize("name", SOURCES)
def test_ics_py_reads_our_ics_equal(name: str, variant: str) -> None:
    """ics.py 0.7 reads our UIDs, titles, instants, rooms and speaker lines."""
    import warnings

    import ics as ics_py

    conf = _conference(name)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # ics.py 0.7 warns that its own next version changes its API
        calendar = ics_py.Calendar(_ics_text(conf, variant))
    got = sorted(
        (
            e.uid,
            e.name,
            _instant(e.begin.datetime),
            _instant(e.end.datetime),
            e.location,
            _first_speaker_line(e.description),
        )
        for e in calendar.events
    )
    assert got == _expected_ics(conf)


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed, so ical.js (a JavaScript library) cannot run; the other consumers still do")
    if not (CLIENTS / "node_modules" / "ical.js").exists():
        _missing(f"ical.js is not installed: run `npm ci --prefix {CLIENTS}`")
    return node


@pytest.mark.parametrize("variant", ICS_VARIANTS)
def test_ical_js_reads_our_ics_equal(variant: str, tmp_path: Path) -> None:
    """ical.js (node) reads our UIDs, titles, instants, rooms and speaker lines, for every source."""
    node = _node()
    paths = {}
    for name in SOURCES:
        paths[name] = tmp_path / f"{name}.ics"
        paths[name].write_text(_ics_text(_conference(name), variant), encoding="utf-8")
    done = subprocess.run(
        [node, str(CLIENTS / "read_ical.mjs"), *map(str, paths.values())], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    read_back: dict[str, list[dict[str, Any]]] = json.loads(done.stdout)
    for name, path in paths.items():
        got = sorted(
            (e["uid"], e["summary"], _instant(datetime.fromisoformat(e["start"].replace("Z", "+00:00"))),
             _instant(datetime.fromisoformat(e["end"].replace("Z", "+00:00"))), e["location"],
             _first_speaker_line(e["description"]))
            for e in read_back[str(path)]
        )  # fmt: skip
        assert got == _expected_ics(_conference(name)), name


def test_consumers_skip_only_for_a_missing_node(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without node the ical.js test skips naming node; with CI set a missing c3voc environment fails rather than skips."""
    monkeypatch.setattr(shutil, "which", lambda _: None)
    with pytest.raises(pytest.skip.Exception, match="node is not installed"):
        _node()
    monkeypatch.setenv("CI", "true")
    monkeypatch.setenv("PYCONF_SCHEDULE_C3VOC_PYTHON", str(ROOT / "no-such-python"))
    with pytest.raises(pytest.fail.Exception, match="CI is set"):
        _c3voc_python()
