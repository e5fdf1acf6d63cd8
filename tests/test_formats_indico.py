"""The indico reader: Indico's /export/event/<id>.json answers, detail=contributions and detail=sessions.

No real Indico export is published in a public repository: the tests read
the three example responses of Indico's export documentation
(../shared/schemas/indico-example-137346-*.json, from
indico-export-event.rst) and tests/platforms/indico-2045-sessions.json,
built in the same documented shape (``{"date", "time", "tz"}`` dates,
contributions inside sessions) with the speakers that Indico's
contribution fossil adds (``first_name``, ``last_name``, ``fullName``,
``affiliation``), which the documentation's examples leave out.
"""

from __future__ import annotations

import copy
import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from pyconf_schedule import MissingZoneError, ScheduleParseError, SessionKind, loads, read
from pyconf_schedule.formats import detect_format, format_names, indico

from ._http import local_server
from ._support import shared_path
from ._writers import check_every_writer

FIXTURE = Path(__file__).parent / "platforms" / "indico-2045-sessions.json"
DOCUMENT: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))


def _rows(path: Path) -> list[tuple[Any, ...]]:
    conf = read(path)
    return [
        (s.id, s.title, s.start and s.start.isoformat(), s.end and s.end.isoformat(), s.track and s.track.name)
        for s in conf.sessions
    ]


EXAMPLE_ROWS = [
    ("indico-0", "d1c1", "2011-06-23T08:00:00+02:00", "2011-06-23T08:20:00+02:00", None),
    ("indico-1", "d1c2", "2011-06-23T08:20:00+02:00", "2011-06-23T08:40:00+02:00", None),
    ("indico-2", "d2c1", "2011-06-24T12:00:00+02:00", "2011-06-24T14:00:00+02:00", None),
    ("indico-3", "d2s1c1", "2011-06-24T14:00:00+02:00", "2011-06-24T14:20:00+02:00", "d2s1"),
]
"""The documentation's example event: four contributions, one of them in the session d2s1."""


@pytest.mark.parametrize("detail", ["contributions", "sessions"])
def test_the_documented_examples_read_exactly(detail: str) -> None:
    """Both documented answers give the same four contributions, the one in session d2s1 read once with that session as its track."""
    path = shared_path("schemas", f"indico-example-137346-{detail}.json")
    assert _rows(path) == EXAMPLE_ROWS
    conf = read(path)
    assert (conf.id, conf.name, conf.timezone, conf.venue) == ("indico-137346", "Export Test", "Europe/Zurich", "CERN")
    assert (conf.start_date, conf.end_date, conf.url) == (
        date(2011, 6, 23), date(2011, 6, 24), "http://indico.server/conferenceDisplay.py?confId=137346",
    )  # fmt: skip
    assert conf.days() == (date(2011, 6, 23), date(2011, 6, 24))


def test_the_events_detail_holds_no_contributions() -> None:
    """detail=events (the event alone) reads as a conference with no sessions, its dates kept."""
    conf = read(shared_path("schemas", "indico-example-137346-events.json"))
    assert (len(conf.sessions), conf.start_date, conf.end_date) == (0, date(2011, 6, 23), date(2011, 6, 24))


def test_a_conference_with_speakers_rooms_and_posters() -> None:
    """The fixture: six contributions across the night Zurich leaves summer time, with speakers, rooms, tracks and posters."""
    conf = loads(FIXTURE.read_bytes(), "indico")
    assert (conf.id, conf.name, conf.timezone, conf.start_date, conf.end_date) == (
        "indico-2045", "Workshop on Typed Schedules", "Europe/Zurich", date(2026, 10, 24), date(2026, 10, 25),
    )  # fmt: skip
    assert [
        (s.id, s.kind.value, s.start and s.start.isoformat(), s.end and s.end.isoformat(), s.room and s.room.name,
         s.track and s.track.name, s.speaker_names)
        for s in conf.sessions
    ] == [
        ("indico-1", "talk", "2026-10-24T09:00:00+02:00", "2026-10-24T09:15:00+02:00", "500/1-001", None, ("Anna Meyer",)),
        ("indico-2", "talk", "2026-10-24T09:15:00+02:00", "2026-10-24T10:00:00+02:00", "500/1-001", "Data",
         ("Chidi Okafor", "Anna Meyer")),
        ("indico-3", "talk", "2026-10-25T09:00:00+01:00", "2026-10-25T09:30:00+01:00", "Main Auditorium", "Software",
         ("Chidi Okafor",)),
        ("indico-4", "talk", "2026-10-25T09:30:00+01:00", "2026-10-25T10:00:00+01:00", "Council Chamber", "Data", ("Lee, Sam",)),
        ("indico-5", "poster", "2026-10-25T10:30:00+01:00", "2026-10-25T12:00:00+01:00", "Foyer", "Posters", ("Anna Meyer",)),
        ("indico-6", "other", "2026-10-25T12:30:00+01:00", "2026-10-25T13:00:00+01:00", "500/1-001", None, ("Anna Meyer",)),
    ]  # fmt: skip
    # Met inside the sessions first (Software, Posters), then the contributions beside them.
    assert [(p.id, p.name, p.organisation) for p in conf.speakers] == [
        ("chidi-okafor", "Chidi Okafor", "University of Lagos"), ("lee-sam", "Lee, Sam", None), ("anna-meyer", "Anna Meyer", "CERN"),
    ]  # fmt: skip
    assert [r.name for r in conf.rooms] == ["Main Auditorium", "Council Chamber", "Foyer", "500/1-001"]
    assert [t.name for t in conf.tracks] == ["Software", "Data", "Posters"]
    assert conf.sessions.session("indico-2").abstract == "How offsets drift."
    assert conf.days() == (date(2026, 10, 24), date(2026, 10, 25))
    assert len(conf.sessions.by_kind(SessionKind.POSTER)) == 1


def test_registered_and_detected() -> None:
    """indico is a readable format, told from the export's "_type": "HTTPAPIResult"."""
    assert "indico" in format_names("read") and "indico" not in format_names()
    assert detect_format(FIXTURE.read_bytes()) == "indico"


def test_a_date_names_its_own_zone() -> None:
    """A date's own tz wins over the event's timezone: 09:00 in Asia/Tokyo is 02:00 in Zurich, shown there."""
    document = copy.deepcopy(DOCUMENT)
    document["results"][0]["contributions"][0]["startDate"]["tz"] = "Asia/Tokyo"
    document["results"][0]["contributions"][0]["endDate"]["tz"] = "Asia/Tokyo"
    welcome = indico.loads(json.dumps(document)).sessions.session("indico-1")
    assert welcome.start is not None and welcome.start.isoformat() == "2026-10-24T02:00:00+02:00"


def test_without_any_zone_the_caller_gives_it() -> None:
    """Dates without tz and an event without timezone are refused naming file_tz=; with file_tz= they are wall times in it."""
    document = copy.deepcopy(DOCUMENT)
    event = document["results"][0]
    del event["timezone"]
    for contribution in event["contributions"]:
        for key in ("startDate", "endDate"):
            if contribution[key]:
                del contribution[key]["tz"]
    for key in ("startDate", "endDate"):
        del event[key]
    del event["sessions"]
    with pytest.raises(MissingZoneError, match="names no zone and the event names none; pass file_tz=") as caught:
        indico.loads(json.dumps(document))
    assert caught.value.location == "$.results[0].contributions[0].startDate"
    conf = indico.loads(json.dumps(document), file_tz="America/Chicago")
    assert conf.timezone == "America/Chicago"
    assert [s.start and s.start.isoformat() for s in conf.sessions] == [
        "2026-10-24T09:00:00-05:00", "2026-10-24T09:15:00-05:00", "2026-10-25T12:30:00-05:00",
    ]  # fmt: skip


def test_a_wall_time_repeated_at_the_dst_change_is_refused() -> None:
    """02:30 on 25 October 2026 happens twice in Zurich: a contribution then is refused, never given one of the two."""
    document = copy.deepcopy(DOCUMENT)
    document["results"][0]["contributions"][0]["startDate"] = {
        "date": "2026-10-25",
        "time": "02:30:00",
        "tz": "Europe/Zurich",
    }
    with pytest.raises(ScheduleParseError, match="happens twice in Europe/Zurich") as caught:
        indico.loads(json.dumps(document))
    assert caught.value.location == "$.results[0].contributions[0].startDate"


@pytest.mark.parametrize(
    ("change", "message", "location"),
    [
        (
            lambda d: d["results"].append(d["results"][0]),
            "the export holds 2 events; export one event id at a time",
            "$.results",
        ),
        (lambda d: d.update(results=[]), "the export holds no event", "$.results"),
        (lambda d: d.pop("results"), 'expected an Indico export answer with a "results" list of events', "$.results"),
        (
            lambda d: d["results"][0]["contributions"][0].update(startDate="2026-10-24 09:00"),
            "expected a {date, time, tz} object, got str",
            "$.results[0].contributions[0].startDate",
        ),
        (
            lambda d: d["results"][0]["contributions"][0]["startDate"].update(time="25:00:00"),
            "cannot read '2026-10-24' '25:00:00' as a date and a time",
            "$.results[0].contributions[0].startDate",
        ),
        (
            lambda d: d["results"][0]["contributions"][0]["startDate"].update(tz="Mars/Olympus"),
            "Mars/Olympus",
            "$.results[0].contributions[0].startDate.tz",
        ),
        (
            lambda d: d["results"][0]["contributions"][0].update(id=None),
            'the contribution has no "id"',
            "$.results[0].contributions[0].id",
        ),
        (
            lambda d: d["results"][0]["contributions"][1]["endDate"].update(time="09:00:00"),
            "the contribution ends (2026-10-24T09:00:00+02:00) before it starts",
            "$.results[0].contributions[1]",
        ),
        (
            lambda d: d["results"][0]["sessions"][0].update(contributions={}),
            "expected a list, got dict",
            "$.results[0].sessions[0].contributions",
        ),
    ],
)
def test_malformed_exports_are_refused_naming_where(change: Any, message: str, location: str) -> None:
    """Exports of several events, wrong shapes and impossible dates are refused with the JSON path of the fault."""
    document = copy.deepcopy(DOCUMENT)
    change(document)
    with pytest.raises(ScheduleParseError) as caught:
        indico.loads(json.dumps(document))
    assert message in caught.value.reason
    assert caught.value.location == location


def test_read_from_a_url(tmp_path: Path) -> None:
    """read() of an Indico export URL (served locally) detects the format and gives the file's conference."""
    with local_server() as server:
        url = server.serve("/export/event/2045.json?detail=sessions", FIXTURE.read_bytes())
        conf = read(url, cache_dir=tmp_path)
        assert server.statuses("/export/event/2045.json?detail=sessions") == [200]
    assert conf == read(FIXTURE)


def test_convert_to_every_writer_validates(tmp_path: Path) -> None:
    """The fixture converted to every writer passes each writer's independent checker, all six contributions in each."""
    conf = read(FIXTURE)
    assert check_every_writer(conf, tmp_path) == {
        "json": 6, "ics": 6, "csv": 6, "markdown": 6, "frab-xml": 6, "c3voc-json": 6, "html": 6, "sqlite": 6, "llms": 6, "parquet": 6,
    }  # fmt: skip
