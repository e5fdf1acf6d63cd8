"""The pretalx-api reader on documents: bundles, a saved expanded schedule, slots pages, languages, zones, refusals.

No real pretalx API response is published in a public repository: the
fixtures (tests/platforms/pretalx-event.json, pretalx-schedule.json) are
built from the documented shapes in ../shared/schemas/pretalx-api.schema.yml
(Event, Schedule, TalkSlot, Submission, Speaker, Room, Track,
SubmissionType) and pretalx-api.fundamentals.rst (multi-language strings,
pagination).  The URL driving is in test_platforms.py.
"""

from __future__ import annotations

import copy
import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from pyconf_schedule import MissingZoneError, ScheduleParseError, SessionKind, loads, read
from pyconf_schedule.formats import detect_format, format_names, pretalx_api
from pyconf_schedule.formats.pretalx_api import SCHEDULE_EXPAND, SLOTS_EXPAND, bundle, collect

from ._writers import check_every_writer

FIXTURES = Path(__file__).parent / "platforms"
EVENT: dict[str, Any] = json.loads((FIXTURES / "pretalx-event.json").read_text(encoding="utf-8"))
SCHEDULE: dict[str, Any] = json.loads((FIXTURES / "pretalx-schedule.json").read_text(encoding="utf-8"))
URL = "https://pretalx.example.org/api/events/democon/"


def _bundle(**changes: Any) -> bytes:
    event = {**EVENT, **changes}
    return bundle(event, schedule=SCHEDULE, url=URL)


def test_the_bundle_reads_exactly() -> None:
    """The fixture's bundle gives six sessions (four talks, two breaks) with exact instants, rooms, tracks and speakers."""
    conf = loads(_bundle(), "pretalx-api")
    assert (conf.id, conf.name, conf.timezone, conf.start_date, conf.end_date) == (
        "democon", "DemoCon 2026", "Europe/Berlin", date(2026, 3, 28), date(2026, 3, 29),
    )  # fmt: skip
    assert len(conf.sessions) == 6
    assert len(conf.sessions.by_kind("break")) == 2
    keynote = conf.sessions.session("K7PQ3A")
    assert keynote.start is not None and keynote.start.isoformat() == "2026-03-28T09:00:00+01:00"
    assert keynote.abstract == "Why a timetable must never invent a time zone.\n\nA tour of the edge cases."
    assert keynote.language == "en" and keynote.kind is SessionKind.KEYNOTE
    assert [(p.id, p.name, p.bio) for p in conf.speakers] == [
        ("ABCD12", "Ada Example", "Ada maintains a scheduling library."), ("EFGH34", "Björn Beispiel", None),
    ]  # fmt: skip
    assert conf.sessions.session("W9XK2B").language == "de"
    lunch = conf.sessions.session("break-105")
    assert (lunch.title, lunch.end and lunch.end.isoformat()) == ("Mittagessen", "2026-03-29T13:00:00+02:00")
    assert [s.id for s in conf.on("2026-03-29")] == ["T4LK5C", "break-105", "L1GHT6"]
    assert [s.id for s in conf.sessions.by_track("Community")] == ["K7PQ3A", "L1GHT6"]
    assert [s.id for s in conf.by_speaker("Björn Beispiel")] == ["W9XK2B", "T4LK5C"]


def test_registered_and_detected() -> None:
    """pretalx-api is a readable format; a bundle, an expanded schedule and a slots page are each told from their content."""
    assert "pretalx-api" in format_names("read") and "pretalx-api" not in format_names()
    assert detect_format(_bundle()) == "pretalx-api"
    assert detect_format(json.dumps(SCHEDULE).encode()) == "pretalx-api"
    page = {"count": 6, "next": None, "previous": None, "results": SCHEDULE["slots"]}
    assert detect_format(json.dumps(page).encode()) == "pretalx-api"


def test_a_saved_schedule_needs_the_zone(tmp_path: Path) -> None:
    """A schedule saved alone names no event: refused without file_tz=, read with it (named after its version)."""
    path = tmp_path / "schedule.json"
    path.write_text(json.dumps(SCHEDULE), encoding="utf-8")
    with pytest.raises(
        MissingZoneError, match="names no event, so no time zone; read the event URL or a bundle, or pass file_tz="
    ):
        read(path)
    conf = read(path, file_tz="Europe/Berlin")
    assert (conf.id, conf.name, conf.timezone, len(conf.sessions)) == (
        "schedule-1-1",
        "Schedule 1.1",
        "Europe/Berlin",
        6,
    )
    assert [s.start and s.start.isoformat() for s in conf.sessions][:2] == [
        "2026-03-28T09:00:00+01:00",
        "2026-03-28T09:30:00+01:00",
    ]


def test_a_slots_page_reads_with_the_zone() -> None:
    """One page of slots/ read with file_tz= gives its slots: instants as the page states them, shown in that zone."""
    page = {"count": 6, "next": None, "previous": None, "results": SCHEDULE["slots"][:2]}
    conf = loads(json.dumps(page), "pretalx-api", file_tz="UTC")
    assert [(s.id, s.start and s.start.isoformat()) for s in conf.sessions] == [
        ("K7PQ3A", "2026-03-28T08:00:00+00:00"), ("break-102", "2026-03-28T08:30:00+00:00"),
    ]  # fmt: skip


def test_file_tz_never_replaces_the_event_zone() -> None:
    """file_tz= is only assumed where the document states no zone: an event's own timezone stays the conference's."""
    conf = loads(_bundle(), "pretalx-api", file_tz="America/New_York")
    assert conf.timezone == "Europe/Berlin"
    first = conf.sessions[0]
    assert first.start is not None and first.start.isoformat() == "2026-03-28T09:00:00+01:00"
    without = loads(_bundle(timezone=None), "pretalx-api", file_tz="America/New_York")
    assert without.timezone == "America/New_York"
    assert (
        without.sessions[0].start is not None and without.sessions[0].start.isoformat() == "2026-03-28T04:00:00-04:00"
    )


def test_times_without_offset_are_in_the_event_zone() -> None:
    """A slot time without an offset is a wall time in the event's timezone (pretalx localises to it)."""
    schedule = copy.deepcopy(SCHEDULE)
    schedule["slots"][3]["start"] = "2026-03-29T10:00:00"
    schedule["slots"][3]["end"] = "2026-03-29T10:45:00"
    conf = pretalx_api.loads(bundle(EVENT, schedule=schedule))
    talk = conf.sessions.session("T4LK5C")
    assert (talk.start and talk.start.isoformat(), talk.end and talk.end.isoformat()) == (
        "2026-03-29T10:00:00+02:00", "2026-03-29T10:45:00+02:00",
    )  # fmt: skip


def test_a_wall_time_the_clocks_skip_is_refused() -> None:
    """02:30 on 29 March 2026 does not exist in Berlin: a slot at that wall time is refused, never shifted."""
    schedule = copy.deepcopy(SCHEDULE)
    schedule["slots"][3]["start"] = "2026-03-29T02:30:00"
    with pytest.raises(ScheduleParseError, match="does not exist in Europe/Berlin") as caught:
        pretalx_api.loads(bundle(EVENT, schedule=schedule))
    assert caught.value.location == "$.schedule.slots[3].start"


@pytest.mark.parametrize(
    ("lang", "name", "main_hall", "workshop_room", "lunch"),
    [
        (None, "DemoCon 2026", "Main Hall", "Workshop Room", "Mittagessen"),
        ("en", "DemoCon 2026", "Main Hall", "Workshop Room", "Mittagessen"),
        ("de", "DemoKonf 2026", "Großer Saal", "Workshop Room", "Mittagessen"),
        ("fr", "DemoCon 2026", "Main Hall", "Workshop Room", "Mittagessen"),
    ],
)
def test_multi_language_fallback(lang: str | None, name: str, main_hall: str, workshop_room: str, lunch: str) -> None:
    """Strings are read in lang=, else the event's locale (en), else its locales in order, else any non-empty one."""
    conf = pretalx_api.loads(_bundle(), lang=lang)
    assert (conf.name, conf.rooms[0].name, conf.rooms[1].name, conf.sessions.session("break-105").title) == (
        name, main_hall, workshop_room, lunch,
    )  # fmt: skip


def test_the_event_locale_comes_first_without_lang() -> None:
    """An event whose default locale is de reads German strings when no lang= is given."""
    conf = pretalx_api.loads(_bundle(locale="de", locales=["de", "en"]))
    assert (conf.name, conf.rooms[0].name, conf.sessions.session("break-102").title) == (
        "DemoKonf 2026", "Großer Saal", "Kaffeepause",
    )  # fmt: skip


def test_repeated_slots_of_one_submission_get_numbered_ids() -> None:
    """A submission given two slots (slot_count 2) is two sessions, CODE and CODE-2."""
    schedule = copy.deepcopy(SCHEDULE)
    again = copy.deepcopy(schedule["slots"][3])
    again.update(id=107, start="2026-03-29T15:00:00+02:00", end="2026-03-29T15:45:00+02:00")
    schedule["slots"].append(again)
    conf = pretalx_api.loads(bundle(EVENT, schedule=schedule))
    assert [s.id for s in conf.by_speaker("Björn Beispiel")] == ["W9XK2B", "T4LK5C", "T4LK5C-2"]


@pytest.mark.parametrize(
    ("change", "message", "location"),
    [
        (
            lambda s: s["slots"][0].update(submission="K7PQ3A"),
            "the slot's submission is not expanded",
            "$.schedule.slots[0].submission",
        ),
        (
            lambda s: s["slots"][0].update(room=1),
            "expected an expanded object with a name, got int",
            "$.schedule.slots[0].room",
        ),
        (
            lambda s: s["slots"][0].update(start=1774684800),
            "expected an ISO 8601 date and time, got int",
            "$.schedule.slots[0].start",
        ),
        (
            lambda s: s["slots"][0].update(end="2026-03-28T08:00:00+01:00"),
            "the slot ends (2026-03-28T08:00:00+01:00) before it starts",
            "$.schedule.slots[0]",
        ),
        (
            lambda s: s["slots"][0]["submission"].update(code=""),
            'the submission has no "code"',
            "$.schedule.slots[0].submission.code",
        ),
        (
            lambda s: s["slots"][0]["submission"].update(speakers=["ABCD12"]),
            "expected an expanded speaker object, got str",
            "$.schedule.slots[0].submission.speakers[0]",
        ),
        (lambda s: s.update(slots={}), 'expected the schedule\'s "slots" to be a list', "$.schedule.slots"),
        (lambda s: s["slots"].append(7), "expected a slot object, got int", "$.schedule.slots[6]"),
    ],
)
def test_malformed_documents_are_refused_naming_where(change: Any, message: str, location: str) -> None:
    """Documents that are not expanded, or hold the wrong types, are refused with the JSON path of the fault."""
    schedule = copy.deepcopy(SCHEDULE)
    change(schedule)
    with pytest.raises(ScheduleParseError) as caught:
        pretalx_api.loads(bundle(EVENT, schedule=schedule))
    assert message in caught.value.reason
    assert caught.value.location == location


def test_an_unknown_event_zone_is_refused() -> None:
    """An event timezone that is no IANA zone is refused at $.event.timezone."""
    with pytest.raises(ScheduleParseError, match="the event's timezone") as caught:
        pretalx_api.loads(_bundle(timezone="Mars/Olympus"))
    assert caught.value.location == "$.event.timezone"


def test_collect_follows_pages_within_the_bound() -> None:
    """collect() asks for the event, the schedule (404 here) and each page; a run past max_pages is refused."""
    from pyconf_schedule import HTTPStatusError

    asked: list[str] = []
    slots = SCHEDULE["slots"]

    def get(url: str) -> bytes:
        asked.append(url)
        if url == URL:
            return json.dumps(EVENT).encode()
        if "schedules/latest" in url:
            raise HTTPStatusError(url, "the server answered 404 Not Found", 404)
        page = int(url.rsplit("page=", 1)[1]) if "page=" in url else 1
        following = f"http://pretalx.example.org/api/events/democon/slots/?page={page + 1}" if page < 3 else None
        return json.dumps({"count": 6, "next": following, "results": slots[2 * page - 2 : 2 * page]}).encode()

    conf = pretalx_api.loads(collect(URL, get))
    assert [s.id for s in conf.sessions] == ["K7PQ3A", "break-102", "W9XK2B", "T4LK5C", "break-105", "L1GHT6"]
    assert asked == [
        URL,
        f"{URL}schedules/latest/?expand={SCHEDULE_EXPAND}",
        f"{URL}slots/?expand={SLOTS_EXPAND}",
        "https://pretalx.example.org/api/events/democon/slots/?page=2",  # written http://, followed over https
        "https://pretalx.example.org/api/events/democon/slots/?page=3",
    ]
    with pytest.raises(ScheduleParseError, match="run to more than 2 pages; refused"):
        collect(URL, get, max_pages=2)


@pytest.mark.parametrize(
    ("url", "canonical"),
    [
        ("https://pretalx.com/api/events/democon/", "https://pretalx.com/api/events/democon/"),
        ("https://pretalx.com/api/events/democon", "https://pretalx.com/api/events/democon/"),
        (
            "https://cfp.example.org/pretalx/api/events/py.de-2026/",
            "https://cfp.example.org/pretalx/api/events/py.de-2026/",
        ),
        ("https://pretalx.com/democon/schedule/", None),
        ("https://pretalx.com/api/events/democon/slots/", None),
        ("https://pretalx.com/api/events/-bad/", None),
        ("https://pretalx.com/api/events/democon/?lang=de", None),
    ],
)
def test_event_url_shape(url: str, canonical: str | None) -> None:
    """Only https://<host>[/prefix]/api/events/<slug>/ is an event URL (the slug pretalx allows), given its final slash."""
    assert pretalx_api.event_url(url) == canonical


def test_convert_to_every_writer_validates(tmp_path: Path) -> None:
    """The fixture converted to every writer passes each writer's independent checker, all six sessions in each."""
    conf = pretalx_api.loads(_bundle())
    assert check_every_writer(conf, tmp_path) == {
        "json": 6, "ics": 6, "csv": 6, "markdown": 6, "frab-xml": 6, "c3voc-json": 6, "html": 6, "sqlite": 6, "llms": 6, "parquet": 6,
    }  # fmt: skip
