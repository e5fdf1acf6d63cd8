"""Programme days: a session's day is the programme's day where the source gives one."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, time, timedelta, timezone
from pathlib import Path
from typing import Literal
from zoneinfo import ZoneInfo

import attrs
import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from pyconf_schedule import (
    Conference,
    FieldTypeError,
    InvalidScheduleError,
    NaiveDatetimeError,
    ProgrammeDay,
    ScheduleParseError,
    Session,
    dumps,
    load,
    loads,
    read,
)
from pyconf_schedule._converter import conference_to_dict
from pyconf_schedule._decode import decode
from pyconf_schedule.cli import EXIT_OK, main
from pyconf_schedule.formats import native

from ._support import shared_path

BERLIN = ZoneInfo("Europe/Berlin")
CET = timezone(timedelta(hours=1))
CONGRESS = "felixu_31c3.frab.schedule.xml"
CAMP = "voc-schedule_frab-camp2019.schedule.json"
DEMOCON = "voc-schedule_pretalx-democon.schedule.json"
DEBCONF = "giggity_debconf23.wafer.schedule.xml"


def _sample(name: str) -> Path:
    return shared_path("samples", name)


def _xml_day_counts(name: str) -> list[tuple[str, str, str, int]]:
    """(date, start, end, events) of each <day> element, counted with lxml."""
    root = etree.parse(str(_sample(name))).getroot()
    return [
        (d.get("date", ""), d.get("start", ""), d.get("end", ""), len(d.findall("room/event")))
        for d in root.iter("day")
    ]


def _json_day_counts(name: str) -> list[tuple[str, str, str, int]]:
    """(date, day_start, day_end, events) of each days[] entry, counted from the parsed JSON."""
    days = json.loads(_sample(name).read_text(encoding="utf-8"))["schedule"]["conference"]["days"]
    return [(d["date"], d["day_start"], d["day_end"], sum(len(events) for events in d["rooms"].values())) for d in days]


def _counts(conf: Conference) -> list[tuple[str, int]]:
    return [(day.isoformat(), len(sessions)) for day, sessions in conf.by_day().items()]


# -- the real files ---------------------------------------------------------


def test_31c3_reads_as_its_four_days() -> None:
    """31C3's sessions after midnight stay on their congress day: 4 days with the file's per-day counts."""
    expected = [(d, n) for d, _, _, n in _xml_day_counts(CONGRESS)]
    assert expected == [("2014-12-27", 35), ("2014-12-28", 45), ("2014-12-29", 40), ("2014-12-30", 18)]
    conf = read(_sample(CONGRESS))
    assert _counts(conf) == expected
    assert [d.isoformat() for d in conf.days()] == ["2014-12-27", "2014-12-28", "2014-12-29", "2014-12-30"]


def test_31c3_programme_days_are_the_file_days() -> None:
    """Each <day>'s date, start and end become a ProgrammeDay with those instants."""
    conf = read(_sample(CONGRESS))
    assert [(d.date.isoformat(), d.start.isoformat(), d.end.isoformat()) for d in conf.programme_days] == [
        (d, s, e) for d, s, e, _ in _xml_day_counts(CONGRESS)
    ]


@pytest.mark.parametrize(
    ("name", "dates"),
    [
        (CAMP, ["2019-08-21", "2019-08-22", "2019-08-23", "2019-08-24", "2019-08-25"]),
        (DEMOCON, ["2020-12-14", "2020-12-15", "2020-12-16"]),
    ],
)
def test_c3voc_json_reads_its_days(name: str, dates: list[str]) -> None:
    """camp2019 reads as 5 days and democon as 3, each with the file's event count."""
    expected = [(d, n) for d, _, _, n in _json_day_counts(name)]
    assert [d for d, _ in expected] == dates
    assert _counts(read(_sample(name))) == expected


def test_debconf_days_are_in_the_conference_zone() -> None:
    """wafer's UTC day dates give way to the days in Asia/Kolkata: 8 days, 10 to 17 September."""
    files = _xml_day_counts(DEBCONF)
    assert next(d for d, _, _, _ in files) == "2023-09-09"  # wafer writes the start's UTC date
    conf = read(_sample(DEBCONF))
    assert conf.timezone == "Asia/Kolkata"
    assert _counts(conf) == [
        ((date(2023, 9, 10) + timedelta(days=i)).isoformat(), n) for i, (_, _, _, n) in enumerate(files)
    ]
    assert [n for _, _, _, n in files] == [20, 17, 19, 4, 11, 19, 19, 8]


def test_after_midnight_session_is_on_the_previous_programme_day() -> None:
    """Citizenfour (00:00 on 28 December) is on 27 December's programme, not on 28 December's."""
    conf = read(_sample(CONGRESS))
    film = next(s for s in conf.sessions if s.title == "Citizenfour")
    assert film.start is not None and film.start.isoformat() == "2014-12-28T00:00:00+01:00"
    assert film in conf.on("2014-12-27")
    assert film not in conf.on("2014-12-28")
    assert conf.day_of(film) == date(2014, 12, 27)
    assert film.day == date(2014, 12, 28)  # Session.day stays the calendar day


def test_every_31c3_night_session_is_on_the_day_before() -> None:
    """All four 31C3 sessions starting after midnight are on the previous calendar day's programme."""
    conf = read(_sample(CONGRESS))
    night = [s for s in conf.sessions if s.start is not None and s.start.hour < 4]
    assert [(s.start.isoformat(), str(conf.day_of(s))) for s in night if s.start is not None] == [
        ("2014-12-28T00:00:00+01:00", "2014-12-27"),
        ("2014-12-29T00:15:00+01:00", "2014-12-28"),
        ("2014-12-29T00:15:00+01:00", "2014-12-28"),
        ("2014-12-30T00:15:00+01:00", "2014-12-29"),
    ]


@pytest.mark.parametrize("tz", ["Asia/Tokyo", "America/Los_Angeles", "UTC"])
def test_views_in_other_zones_keep_the_programme_days(tz: str) -> None:
    """A view in another zone has the same days, each with the same sessions."""
    conf = read(_sample(CONGRESS))
    view = conf.to_tz(tz)
    assert view.programme_days == conf.programme_days
    assert {d: g.ids for d, g in view.by_day().items()} == {d: g.ids for d, g in conf.by_day().items()}
    assert view.on("2014-12-27").ids == conf.on("2014-12-27").ids
    assert view.sessions.to_tz("Asia/Kolkata").days() == conf.days()


def test_query_results_keep_the_rule() -> None:
    """A filtered result groups by the programme days too."""
    conf = read(_sample(CONGRESS))
    saal1 = conf.by_room("Saal 1")
    assert _counts(attrs.evolve(conf, sessions=saal1)) == [(d.isoformat(), len(g)) for d, g in saal1.by_day().items()]
    assert [d.isoformat() for d in saal1.on("2014-12-27").days()] == ["2014-12-27"]


# -- round trips ------------------------------------------------------------


@pytest.mark.parametrize("format_name", ["frab-xml", "c3voc-json", "json"])
@pytest.mark.parametrize("name", [CONGRESS, CAMP, DEMOCON, DEBCONF])
def test_round_trips_keep_the_days(format_name: Literal["frab-xml", "c3voc-json", "json"], name: str) -> None:
    """Writing and reading back keeps every programme day and each session's day."""
    conf = read(_sample(name))
    again = loads(dumps(conf, format_name), format_name)
    assert again.programme_days == conf.programme_days
    assert {d: g.ids for d, g in again.by_day().items()} == {d: g.ids for d, g in conf.by_day().items()}


@pytest.mark.parametrize("tz", ["UTC", "Asia/Tokyo"])
def test_round_trip_through_another_zone_keeps_the_days(tz: str) -> None:
    """Written in another zone, DebConf's days keep their dates when read back."""
    conf = read(_sample(DEBCONF))
    again = loads(dumps(conf, "frab-xml", tz=tz), "frab-xml")
    assert [d.date for d in again.programme_days] == [d.date for d in conf.programme_days]
    assert _counts(again) == _counts(conf)


def test_frab_xml_writes_the_programme_days() -> None:
    """Each written <day> has the programme day's date, start and end, and validates against the XSD."""
    conf = read(_sample(CONGRESS))
    text = dumps(conf, "frab-xml")
    root = etree.fromstring(text.encode("utf-8"))
    schema = etree.XMLSchema(etree.parse(str(shared_path("schemas", "schedule.xml.xsd"))))
    assert schema.validate(root), schema.error_log
    assert [(d.get("date"), d.get("start"), d.get("end"), len(d.findall("room/event"))) for d in root.iter("day")] == [
        ("2014-12-27", "2014-12-27T11:00:00+01:00", "2014-12-28T04:00:00+01:00", 35),
        ("2014-12-28", "2014-12-28T11:30:00+01:00", "2014-12-29T04:00:00+01:00", 45),
        ("2014-12-29", "2014-12-29T11:30:00+01:00", "2014-12-30T04:00:00+01:00", 40),
        ("2014-12-30", "2014-12-30T11:30:00+01:00", "2014-12-31T04:00:00+01:00", 18),
    ]


def test_c3voc_json_writes_the_programme_days() -> None:
    """Each written day has the programme day's bounds, and the document validates against the schema."""
    conf = read(_sample(CAMP))
    document = json.loads(dumps(conf, "c3voc-json"))
    schema = json.loads(shared_path("schemas", "schedule.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft6Validator(schema, format_checker=jsonschema.Draft6Validator.FORMAT_CHECKER).validate(document)
    written = [
        (d["date"], d["day_start"], d["day_end"], sum(len(e) for e in d["rooms"].values()))
        for d in document["schedule"]["conference"]["days"]
    ]
    assert written == _json_day_counts(CAMP)


def test_markdown_headings_are_programme_days() -> None:
    """The Markdown agenda has one heading per congress day, with Citizenfour under the 27th."""
    text = dumps(read(_sample(CONGRESS)), "markdown")
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert headings == [
        "## Saturday 27 December 2014",
        "## Sunday 28 December 2014",
        "## Monday 29 December 2014",
        "## Tuesday 30 December 2014",
    ]
    first_day = text.split("## Sunday 28 December 2014")[0]
    assert "| 00:00–02:15 | Citizenfour |" in first_day


def test_cli_day_filter_uses_programme_days(capsys: pytest.CaptureFixture[str]) -> None:
    """`list --day 2014-12-28` starts with the 28th's first session, not the 27th's night."""
    assert main(["list", str(_sample(CONGRESS)), "--day", "2014-12-28", "--json"]) == EXIT_OK
    document = json.loads(capsys.readouterr().out)
    starts = [s["start"] for s in document["conference"]["sessions"]]
    assert len(starts) == 45
    assert min(starts) == "2014-12-28T11:30:00+01:00[Etc/GMT-1]"


# -- the model ----------------------------------------------------------------


def _night_conference(**extra: object) -> Conference:
    sessions = [
        Session(
            id="late",
            title="Late",
            start=datetime(2026, 8, 1, 23, tzinfo=BERLIN),
            end=datetime(2026, 8, 2, 0, 30, tzinfo=BERLIN),
        ),
        Session(id="night", title="Night", start=datetime(2026, 8, 2, 1, tzinfo=BERLIN)),
        Session(id="morning", title="Morning", start=datetime(2026, 8, 2, 10, tzinfo=BERLIN)),
    ]
    return Conference(id="camp", name="Camp", timezone="Europe/Berlin", sessions=sessions, **extra)  # type: ignore[arg-type]


def test_without_day_information_days_are_calendar_days() -> None:
    """With neither programme days nor a day change, a 01:00 session is on its calendar day."""
    conf = _night_conference()
    assert {d.isoformat(): g.ids for d, g in conf.by_day().items()} == {
        "2026-08-01": ("late",),
        "2026-08-02": ("night", "morning"),
    }
    assert conf.to_tz("Asia/Tokyo").days() == (date(2026, 8, 2),)


def test_day_change_moves_the_night_to_the_day_before() -> None:
    """A day change at 04:00 puts a 01:00 session on the day before, in every view."""
    conf = _night_conference(day_change=time(4))
    expected = {"2026-08-01": ("late", "night"), "2026-08-02": ("morning",)}
    assert {d.isoformat(): g.ids for d, g in conf.by_day().items()} == expected
    assert {d.isoformat(): g.ids for d, g in conf.to_tz("Asia/Tokyo").by_day().items()} == expected
    assert conf.on("2026-08-02").ids == ("morning",)


def test_programme_days_win_over_the_day_change() -> None:
    """A session inside a programme day is on that day; one outside falls back to the day change."""
    day = ProgrammeDay(
        date=date(2026, 8, 1),
        start=datetime(2026, 8, 1, 22, tzinfo=BERLIN),
        end=datetime(2026, 8, 2, 0, 30, tzinfo=BERLIN),
    )
    conf = _night_conference(programme_days=[day], day_change=time(0, 45))
    assert {d.isoformat(): g.ids for d, g in conf.by_day().items()} == {
        "2026-08-01": ("late",),
        "2026-08-02": ("night", "morning"),
    }


def test_touching_days_give_the_instant_to_the_later_day() -> None:
    """At the instant one day ends and the next starts, a session is on the later day."""
    first = ProgrammeDay(
        date=date(2026, 8, 1), start=datetime(2026, 8, 1, 4, tzinfo=BERLIN), end=datetime(2026, 8, 2, 1, tzinfo=BERLIN)
    )
    second = ProgrammeDay(
        date=date(2026, 8, 2), start=datetime(2026, 8, 2, 1, tzinfo=BERLIN), end=datetime(2026, 8, 3, 4, tzinfo=BERLIN)
    )
    conf = _night_conference(programme_days=[second, first])
    assert conf.programme_days == (first, second)
    assert conf.day_of(conf.session("night")) == date(2026, 8, 2)


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (
            lambda: ProgrammeDay(
                date=date(2026, 8, 1), start=datetime(2026, 8, 2, tzinfo=CET), end=datetime(2026, 8, 1, tzinfo=CET)
            ),
            InvalidScheduleError,
            "programme day 2026-08-01 ends (2026-08-01T00:00:00+01:00) before it starts (2026-08-02T00:00:00+01:00)",
        ),
        (
            lambda: ProgrammeDay(
                date=date(2026, 8, 1), start=datetime(2026, 8, 1), end=datetime(2026, 8, 2, tzinfo=CET)
            ),
            NaiveDatetimeError,
            "start must be a timezone-aware datetime, got naive 2026-08-01T00:00:00; "
            "attach a zone, e.g. value.replace(tzinfo=ZoneInfo('Europe/Paris'))",
        ),
        (
            lambda: _night_conference(
                programme_days=[
                    ProgrammeDay(
                        date=date(2026, 8, 1),
                        start=datetime(2026, 8, 1, 9, tzinfo=CET),
                        end=datetime(2026, 8, 2, 4, tzinfo=CET),
                    ),
                    ProgrammeDay(
                        date=date(2026, 8, 2),
                        start=datetime(2026, 8, 2, 3, tzinfo=CET),
                        end=datetime(2026, 8, 3, 4, tzinfo=CET),
                    ),
                ]
            ),
            InvalidScheduleError,
            "programme days 2026-08-01 (ending 2026-08-02T04:00:00+01:00) and 2026-08-02 (starting 2026-08-02T03:00:00+01:00) overlap",
        ),
        (
            lambda: _night_conference(day_change=time(4, tzinfo=CET)),
            InvalidScheduleError,
            "day_change is a wall-clock time in the conference's zone; give it without a tzinfo, e.g. time(4, 0)",
        ),
    ],
)
def test_bad_day_information_is_refused(make: object, error: type[Exception], message: str) -> None:
    """Backwards, naive or overlapping programme days and a day change with a zone raise a clear error."""
    with pytest.raises(error) as info:
        make()  # type: ignore[operator]
    assert str(info.value) == message


# -- native JSON ----------------------------------------------------------------


def test_native_json_carries_the_day_information() -> None:
    """Native JSON writes programme_days and day_change, validates, and both decoders read them back."""
    day = ProgrammeDay(
        date=date(2026, 8, 1),
        start=datetime(2026, 8, 1, 22, tzinfo=BERLIN),
        end=datetime(2026, 8, 2, 0, 30, tzinfo=BERLIN),
    )
    conf = _night_conference(programme_days=[day], day_change=time(4))
    document = conference_to_dict(conf)
    assert document["conference"]["programme_days"] == [
        {
            "date": "2026-08-01",
            "start": "2026-08-01T22:00:00+02:00[Europe/Berlin]",
            "end": "2026-08-02T00:30:00+02:00[Europe/Berlin]",
        }
    ]
    assert document["conference"]["day_change"] == "04:00:00"
    jsonschema.Draft202012Validator(native.schema()).validate(json.loads(json.dumps(document)))
    assert loads(json.dumps(document), "json") == conf
    assert decode(json.loads(json.dumps(document))) == conf


def test_native_json_without_day_information_is_unchanged() -> None:
    """A conference without day information writes neither key (the embedded datasets stay as they are)."""
    for name in ("eu2026", "na2026"):
        conf = load(name)
        assert (conf.programme_days, conf.day_change) == ((), None)
        assert {"programme_days", "day_change"} & set(conference_to_dict(conf)["conference"]) == set()


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        (
            {"day_change": "25:00"},
            [
                "$.conference.day_change",
                "'25:00' is not a wall-clock time; expected HH:MM or HH:MM:SS, e.g. '04:00:00'",
            ],
        ),
        (
            {
                "programme_days": [
                    {"date": "2026-08-01", "start": "2026-08-02T00:00:00+02:00", "end": "2026-08-01T00:00:00+02:00"}
                ]
            },
            [
                "$.conference",
                "programme day 2026-08-01 ends (2026-08-01T00:00:00+02:00) before it starts (2026-08-02T00:00:00+02:00)",
            ],
        ),
    ],
)
def test_native_json_bad_day_information(patch: dict[str, object], message: list[str]) -> None:
    """A bad day change or programme day in native JSON is a ScheduleParseError naming the place and saying what is wrong."""
    document = conference_to_dict(_night_conference())
    document["conference"].update(patch)
    with pytest.raises(ScheduleParseError) as info:
        loads(json.dumps(document), "json")
    assert [part in str(info.value) for part in message] == [True, True]


# -- readers ----------------------------------------------------------------------

_XML = """<?xml version="1.0"?>
<schedule><conference><title>T</title><acronym>tttt</acronym><time_zone_name>Europe/Berlin</time_zone_name>{change}</conference>
<day date="2026-08-01" start="2026-08-01T10:00:00+02:00" end="{end}" index="1"><room name="A">
<event id="1"><date>2026-08-02T01:00:00+02:00</date><start>01:00</start><duration>00:30</duration><title>Night</title></event>
</room></day>
<day date="2026-08-02" start="2026-08-02T10:00:00+02:00" end="2026-08-03T04:00:00+02:00" index="2"><room name="A">
<event id="2"><date>2026-08-02T11:00:00+02:00</date><start>11:00</start><duration>00:30</duration><title>Day</title></event>
</room></day></schedule>"""


def test_frab_xml_reads_the_day_change() -> None:
    """<day_change> becomes Conference.day_change."""
    conf = loads(_XML.format(change="<day_change>04:00</day_change>", end="2026-08-02T04:00:00+02:00"), "frab-xml")
    assert conf.day_change == time(4)
    assert [(d.isoformat(), g.ids) for d, g in conf.by_day().items()] == [
        ("2026-08-01", ("frab-1",)),
        ("2026-08-02", ("frab-2",)),
    ]


def test_overlapping_file_days_are_not_kept() -> None:
    """Days that overlap make no programme: the file still reads, with calendar days."""
    conf = loads(_XML.format(change="", end="2026-08-02T12:00:00+02:00"), "frab-xml")
    assert conf.programme_days == ()
    assert [(d.isoformat(), g.ids) for d, g in conf.by_day().items()] == [("2026-08-02", ("frab-1", "frab-2"))]


def test_c3voc_json_reads_the_day_change() -> None:
    """A c3voc conference's day_change becomes Conference.day_change."""
    document = json.loads(_sample(DEMOCON).read_text(encoding="utf-8"))
    document["schedule"]["conference"]["day_change"] = "04:00"
    assert loads(json.dumps(document), "c3voc-json").day_change == time(4)


def test_day_only_sessions_keep_their_day_beside_programme_days() -> None:
    """A day-only session is on its day_only whatever the programme days say, listed after that day's timed sessions."""
    day = ProgrammeDay(
        date=date(2026, 8, 1), start=datetime(2026, 8, 1, 4, tzinfo=BERLIN), end=datetime(2026, 8, 2, 4, tzinfo=BERLIN)
    )
    base = _night_conference(programme_days=[day])
    floating = Session(id="floating", title="Some time on the 2nd", day_only=date(2026, 8, 2))
    conf = attrs.evolve(base, sessions=[*base.sessions, floating])
    assert conf.day_of(floating) == date(2026, 8, 2)
    assert {d.isoformat(): g.ids for d, g in conf.by_day().items()} == {
        "2026-08-01": ("late", "night"),
        "2026-08-02": ("morning", "floating"),
    }
    assert conf.to_tz("Asia/Tokyo").on("2026-08-02").ids == ("morning", "floating")


@pytest.mark.parametrize("format_name", ["frab-xml", "c3voc-json"])
def test_day_change_round_trip_keeps_the_days(format_name: Literal["frab-xml", "c3voc-json"]) -> None:
    """A day change is written as programme days from one day change to the next, which read back to the same days."""
    night = _night_conference(day_change=time(4))  # ends for all: a session with no known end is not written
    ended = [
        s if s.end or s.start is None else attrs.evolve(s, end=s.start + timedelta(minutes=30)) for s in night.sessions
    ]
    conf = attrs.evolve(night, sessions=ended)
    again = loads(dumps(conf, format_name), format_name)
    assert [(d.date.isoformat(), d.start.isoformat(), d.end.isoformat()) for d in again.programme_days] == [
        ("2026-08-01", "2026-08-01T04:00:00+02:00", "2026-08-02T04:00:00+02:00"),
        ("2026-08-02", "2026-08-02T04:00:00+02:00", "2026-08-03T04:00:00+02:00"),
    ]
    assert {d.isoformat(): [s.title for s in g] for d, g in again.by_day().items()} == {
        "2026-08-01": ["Late", "Night"],
        "2026-08-02": ["Morning"],
    }


def test_day_bounds_at_the_edge_of_the_calendar_are_skipped() -> None:
    """A day whose bounds leave the calendar in the conference's zone is not kept, and the file still reads."""
    text = _XML.format(change="", end="2026-08-02T04:00:00+02:00").replace(
        'start="2026-08-01T10:00:00+02:00"', 'start="0001-01-01T00:00:00+02:00"'
    )
    conf = loads(text, "frab-xml")
    assert [d.date.isoformat() for d in conf.programme_days] == ["2026-08-02"]
    assert len(conf.sessions) == 2


_BERLIN_INSTANTS = st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2040, 1, 1), timezones=st.just(UTC))


@st.composite
def _day_conferences(draw: st.DrawFn) -> Conference:
    """Conferences with random non-overlapping programme days, an optional day change and sessions."""
    first = draw(_BERLIN_INSTANTS)
    days, cursor = [], first
    for i in range(draw(st.integers(0, 4))):
        start = cursor + timedelta(minutes=draw(st.integers(0, 600)))
        end = start + timedelta(minutes=draw(st.integers(0, 1800)))
        days.append(
            ProgrammeDay(
                date=first.date() + timedelta(days=i), start=start.astimezone(BERLIN), end=end.astimezone(BERLIN)
            )
        )
        cursor = end
    change = draw(st.none() | st.times())
    sessions = [
        Session(id=f"s{i}", start=(first + timedelta(minutes=draw(st.integers(-600, 6000)))).astimezone(BERLIN))
        for i in range(draw(st.integers(0, 5)))
    ]
    return attrs.evolve(_night_conference(programme_days=days, day_change=change), sessions=sessions)


@settings(max_examples=100, deadline=None)
@given(_day_conferences())
def test_native_json_keeps_any_day_information(conf: Conference) -> None:
    """Any programme days and day change survive native JSON exactly, and so does every session's day."""
    again = loads(dumps(conf, "json"), "json")
    assert again == conf
    assert (again.programme_days, again.day_change) == (conf.programme_days, conf.day_change)
    assert {d: g.ids for d, g in again.by_day().items()} == {d: g.ids for d, g in conf.by_day().items()}


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"programme_days": ["2026-08-01"]},
            "Conference.programme_days must be an iterable of ProgrammeDay, but holds str '2026-08-01' (in conference 'camp')",
        ),
        (
            {"day_change": "04:00"},
            "Conference.day_change must be a datetime.time such as time(4, 0), or None, got str '04:00'",
        ),
    ],
)
def test_wrong_types_of_day_information_are_named(fields: dict[str, object], message: str) -> None:
    """A programme day that is not a ProgrammeDay, or a day change that is not a time, is a FieldTypeError naming the field."""
    with pytest.raises(FieldTypeError) as info:
        _night_conference(**fields)
    assert str(info.value) == message


# -- issue 18 item 3: days the file declares badly ---------------------------

JEV22 = "voc-jev22_everything.schedule.json"


@pytest.mark.parametrize("view", [None, "UTC", "America/New_York", "Asia/Tokyo"])
def test_days_whose_start_equals_their_end_fall_back_to_the_files_dates(view: str | None) -> None:
    """voc-jev22 declares six days, each with day_start == day_end (09:00); its sessions keep the days the file files them under.

    Facts checked: the degenerate bounds make no programme day; the day
    change is the 09:00 all six days start at (the file states none), so the
    04:00 session frab-1000, filed under 27 December, is on 27 December, and
    every one of the 433 sessions is on the date of the day listing it, in
    any view (before: 211 of them on another day when viewed in Tokyo,
    frab-1000 on the 28th). Sessions per day: 20, 76, 113, 125, 79, 20.
    """
    conf = read(_sample(JEV22))
    document = json.loads(_sample(JEV22).read_text(encoding="utf-8"))
    filed = {
        f"frab-{event['id']}": date.fromisoformat(day["date"])
        for day in document["schedule"]["conference"]["days"]
        for events in day["rooms"].values()
        for event in events
    }
    assert (conf.programme_days, conf.day_change) == ((), time(9))
    shown = conf if view is None else conf.to_tz(view)
    assert {s.id: shown.day_of(s) for s in shown.sessions} == filed
    assert _counts(shown) == [
        ("2022-12-26", 20), ("2022-12-27", 76), ("2022-12-28", 113),
        ("2022-12-29", 125), ("2022-12-30", 79), ("2022-12-31", 20),
    ]  # fmt: skip
    assert shown.day_of(shown.session("frab-1000")) == date(2022, 12, 27)


def _congress_days(last_day_sessions: list[tuple[int, str, str]]) -> str:
    """A merged congress file: two days 10:00 to 06:00 the next morning, a last day 06:00-16:00, and sessions after it."""
    days = [
        {"index": 1, "date": "2020-12-27", "day_start": "2020-12-27T10:00:00+01:00", "day_end": "2020-12-28T06:00:00+01:00", "rooms": {"A": [
            {"id": 1, "date": "2020-12-27T11:00:00+01:00", "start": "11:00", "duration": "01:00", "room": "A", "title": "One"}]}},
        {"index": 2, "date": "2020-12-28", "day_start": "2020-12-28T10:00:00+01:00", "day_end": "2020-12-29T06:00:00+01:00", "rooms": {"A": [
            {"id": 2, "date": "2020-12-29T01:00:00+01:00", "start": "01:00", "duration": "01:00", "room": "A", "title": "Night"}]}},
        {"index": 3, "date": "2020-12-29", "day_start": "2020-12-29T06:00:00+01:00", "day_end": "2020-12-29T16:00:00+01:00", "rooms": {"A": [
            {"id": n, "date": at, "start": at[11:16], "duration": "00:30", "room": "A", "title": title} for n, at, title in last_day_sessions]}},
    ]  # fmt: skip
    return json.dumps(
        {"schedule": {"conference": {"title": "C", "acronym": "cc", "time_zone_name": "Europe/Berlin", "days": days}}}
    )


def test_sessions_after_the_last_declared_day_are_on_that_day_not_a_new_one() -> None:
    """A last day declared 06:00-16:00 with sessions at 00:00 and 05:30 after it: they are on that last day (the day change, 10:00, comes from the other days).

    Before the fix they made a day the file does not have (2020-12-30).
    """
    text = _congress_days([(3, "2020-12-29T12:00:00+01:00", "Closing"), (4, "2020-12-30T00:00:00+01:00", "Party"),
                           (5, "2020-12-30T05:30:00+01:00", "Breakfast")])  # fmt: skip
    conf = loads(text, "c3voc-json")
    assert [d.date.isoformat() for d in conf.programme_days] == ["2020-12-27", "2020-12-28", "2020-12-29"]
    assert conf.day_change == time(10)
    assert {s.id: str(conf.day_of(s)) for s in conf.sessions} == {
        "frab-1": "2020-12-27", "frab-2": "2020-12-28", "frab-3": "2020-12-29", "frab-4": "2020-12-29", "frab-5": "2020-12-29",
    }  # fmt: skip
    assert [d.isoformat() for d in conf.days()] == ["2020-12-27", "2020-12-28", "2020-12-29"]


def test_a_file_whose_days_hold_every_session_gets_no_day_change() -> None:
    """When every session is inside a declared day, no day change is derived (the file's days decide alone)."""
    conf = loads(_congress_days([(3, "2020-12-29T12:00:00+01:00", "Closing")]), "c3voc-json")
    assert (conf.day_change, [d.isoformat() for d in conf.days()]) == (None, ["2020-12-27", "2020-12-28", "2020-12-29"])


def test_a_day_bound_in_a_dst_gap_is_no_bound() -> None:
    """A day ending at 02:30 on 29 March 2026 in Paris, written without an offset, ends at a wall time the DST change
    skips: that day has no readable bounds and is no programme day (it was kept with a time that does not exist, and
    its native JSON could not be read back). Found by the fuzzer."""
    from pyconf_schedule.formats import dumps, loads

    document = {
        "schedule": {
            "version": "1",
            "conference": {
                "acronym": "gap",
                "title": "Gap",
                "start": "2026-03-28",
                "end": "2026-03-29",
                "daysCount": 2,
                "timeslot_duration": "00:05",
                "time_zone_name": "Europe/Paris",
                "days": [
                    {
                        "index": 1,
                        "date": "2026-03-28",
                        "day_start": "2026-03-28T09:00:00+01:00",
                        "day_end": "2026-03-29T02:30:00",
                        "rooms": {},
                    },
                    {
                        "index": 2,
                        "date": "2026-03-29",
                        "day_start": "2026-03-29T11:00:00+02:00",
                        "day_end": "2026-03-29T18:00:00+02:00",
                        "rooms": {},
                    },
                ],
            },
        }
    }
    conf = loads(json.dumps(document), "c3voc-json")
    assert [(d.date.isoformat(), d.start.isoformat(), d.end.isoformat()) for d in conf.programme_days] == [
        ("2026-03-29", "2026-03-29T11:00:00+02:00", "2026-03-29T18:00:00+02:00")
    ]
    assert loads(dumps(conf, "json"), "json") == conf
