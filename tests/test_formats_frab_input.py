"""frab XML and c3voc JSON readers and writers on unusual input: encodings, bad numbers, DST and lost data."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

from pyconf_schedule import Conference, ScheduleParseError, Session, dumps, loads
from pyconf_schedule.formats import _frab

from ._support import shared_path

_ENCODINGS_SUPPORTED = (
    "UTF-8, UTF-16, US-ASCII, ISO-8859-*, windows-125*, Shift_JIS, CP932, EUC-JP, Big5, GB2312, GB18030 "
    "and the other ASCII-compatible character sets Python reads, except UTF-7"
)
_DURATION_FORMS = "HH:MM or HH:MM:SS (1 to 8 digits of hours, minutes and seconds 00 to 59), or D:HH:MM:SS"


# ---------------------------------------------------------------------------
# 3. declared XML encodings
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("encoding", "title"),
    [
        ("Shift_JIS", "日本の会議"),
        ("EUC-JP", "日本の会議"),
        ("CP932", "日本の会議①"),
        ("Big5", "台灣研討會"),
        ("GB2312", "中文会议"),
    ],
)
def test_multibyte_declared_encodings_are_read(encoding: str, title: str) -> None:
    """A schedule.xml in a declared multi-byte encoding is decoded by it, not refused with a bare ValueError."""
    text = f'<?xml version="1.0" encoding="{encoding}"?>\n<schedule><conference><title>{title}</title></conference></schedule>'
    assert loads(text.encode(encoding), "frab-xml").name == title


def test_an_empty_schedule_in_a_multibyte_encoding_is_read() -> None:
    """The issue's own input, an empty schedule declared Shift_JIS, reads as an empty conference."""
    conf = loads(b'<?xml version="1.0" encoding="Shift_JIS"?><schedule/>', "frab-xml")
    assert (conf.name, len(conf.sessions)) == ("Schedule", 0)


@pytest.mark.parametrize(
    ("data", "reason", "location"),
    [
        (
            b'<?xml version="1.0" encoding="UTF-7"?><schedule/>',
            f"the XML declaration names encoding 'UTF-7', which is not read (it can hide markup in plain ASCII); supported: {_ENCODINGS_SUPPORTED}",
            "line 1",
        ),
        (
            b'\xef\xbb\xbf<?xml version="1.0" encoding="Big5"?><schedule/>',
            f"the XML declaration names encoding 'Big5', but the file starts with a UTF-8 byte order mark; supported: {_ENCODINGS_SUPPORTED}",
            "line 1",
        ),
        (
            b'<?xml version="1.0" encoding="UTF-8\x00"?><schedule/>',
            f"the XML declaration names encoding 'UTF-8\\x00', which is not an encoding name (letters, digits, '.', '_', '-'); supported: {_ENCODINGS_SUPPORTED}",
            "line 1",
        ),
        (
            b'<?xml version="1.0" encoding="Shift_JIS"?><schedule>\x82</schedule>',
            "the input is not valid Shift_JIS (illegal multibyte sequence)",
            "byte 52",
        ),
        (
            '<?xml version="1.0" encoding="Big5"?><schedule/>'.encode("utf-16"),
            f"cannot decode the XML (multi-byte encodings are not supported); supported encodings: {_ENCODINGS_SUPPORTED}",
            "line 1",
        ),
    ],
)
def test_undecodable_declared_encodings_are_refused(data: bytes, reason: str, location: str) -> None:
    """UTF-7, a BOM contradicting the declaration, bytes invalid in the declared encoding: one ScheduleParseError naming the encoding."""
    with pytest.raises(ScheduleParseError) as info:
        loads(data, "frab-xml")
    assert (info.value.reason, info.value.location) == (reason, location)


# ---------------------------------------------------------------------------
# 8. the duration grammar
# ---------------------------------------------------------------------------

_XML = (
    '<schedule><conference><time_zone_name>Europe/Berlin</time_zone_name></conference><day date="2026-06-01">'
    '<room name="A"><event id="1">{date}<start>{start}</start><duration>{duration}</duration><title>T</title></event>'
    "</room></day></schedule>"
)


def _xml(duration: str = "00:30", start: str = "10:00", date: str = "") -> str:
    return _XML.format(duration=duration, start=start, date=f"<date>{date}</date>" if date else "")


def _json(**event: object) -> str:
    fields = {"id": 1, "title": "T", **event}
    return json.dumps(
        {
            "schedule": {
                "conference": {
                    "time_zone_name": "Europe/Berlin",
                    "days": [{"date": "2026-06-01", "rooms": {"A": [fields]}}],
                }
            }
        }
    )


@pytest.mark.parametrize(
    ("duration", "length"),
    [
        ("00:30", timedelta(minutes=30)),
        ("26:00", timedelta(hours=26)),
        ("120:05", timedelta(hours=120, minutes=5)),
        ("01:00:05", timedelta(hours=1, seconds=5)),
        ("1:02:00:00", timedelta(days=1, hours=2)),
        ("00:00:00", timedelta(0)),
    ],
)
def test_valid_durations(duration: str, length: timedelta) -> None:
    """HH:MM, HH:MM:SS and D:HH:MM:SS durations give the exact length (00:00:00 a zero-length event)."""
    (session,) = loads(_xml(duration), "frab-xml").sessions
    assert session.duration == length


@pytest.mark.parametrize(
    "duration", ["99:99", "00:99", "00:60", "01:00:60", "1:24:00:00", "1:3", "00:30:5", "-01:00", "123456789:00"]
)
@pytest.mark.parametrize("format_name", ["frab-xml", "c3voc-json"])
def test_invalid_durations_are_refused(duration: str, format_name: str) -> None:
    """Minutes or seconds past 59, hours past 23 in D:HH:MM:SS, and other shapes are refused, naming the valid forms."""
    text = _xml(duration) if format_name == "frab-xml" else _json(start="10:00", duration=duration)
    with pytest.raises(ScheduleParseError) as info:
        loads(text, format_name)  # type: ignore[arg-type]
    assert info.value.reason == f"the duration {duration!r} is not {_DURATION_FORMS}"
    assert info.value.location == (
        "line 1" if format_name == "frab-xml" else '$.schedule.conference.days[0].rooms["A"][0]'
    )


# ---------------------------------------------------------------------------
# 9. wall times in a DST gap or fold
# ---------------------------------------------------------------------------

_GAP = "2026-03-29 02:30:00 does not exist in Europe/Berlin (clocks skip it at a DST change, from UTC offset +01:00 to +02:00); give another time or an explicit offset"
_FOLD = "2026-10-25 02:30:00 happens twice in Europe/Berlin (UTC offsets +02:00 and +01:00); give the offset explicitly"


@pytest.mark.parametrize(
    ("format_name", "text", "reason"),
    [
        (
            "frab-xml",
            _xml(start="02:30").replace("2026-06-01", "2026-03-29"),
            f"the date '2026-03-29T02:30:00' has no UTC offset and {_GAP}",
        ),
        (
            "frab-xml",
            _xml(start="02:30").replace("2026-06-01", "2026-10-25"),
            f"the date '2026-10-25T02:30:00' has no UTC offset and {_FOLD}",
        ),
        ("frab-xml", _xml(date="2026-10-25T02:30:00"), f"the date '2026-10-25T02:30:00' has no UTC offset and {_FOLD}"),
        (
            "c3voc-json",
            _json(date="2026-03-29T02:30:00", duration="00:30"),
            f"the date '2026-03-29T02:30:00' has no UTC offset and {_GAP}",
        ),
        (
            "c3voc-json",
            _json(date="2026-10-25T01:00:00+02:00", end="2026-10-25T02:30:00"),
            f"the date '2026-10-25T02:30:00' has no UTC offset and {_FOLD}",
        ),
    ],
)
def test_wall_times_in_a_dst_gap_or_fold_are_refused(format_name: str, text: str, reason: str) -> None:
    """A start or end without offset that DST skips or repeats is refused, naming the time and zone, never shifted by an hour."""
    with pytest.raises(ScheduleParseError) as info:
        loads(text, format_name)  # type: ignore[arg-type]
    assert info.value.reason == reason


@pytest.mark.parametrize("date", ["2026-10-25T02:30:00+02:00", "2026-10-25T02:30:00+01:00"])
def test_an_explicit_offset_settles_a_repeated_wall_time(date: str) -> None:
    """Both readings of 02:30 on the Berlin DST-end night are read as the offset in <date> says."""
    (session,) = loads(_xml(start="02:30", date=date), "frab-xml").sessions
    assert session.start is not None and session.start.isoformat() == date


# ---------------------------------------------------------------------------
# 10. NaN, Infinity and out-of-range numbers in c3voc JSON
# ---------------------------------------------------------------------------

_NAN = "NaN is not a JSON number; numbers must be finite, at most about 1.8e308 in size"
_INF = "the number is infinite or beyond the range of a double (Infinity, 1e400); numbers must be finite, at most about 1.8e308 in size"


@pytest.mark.parametrize(
    ("literal", "reason"), [("NaN", _NAN), ("Infinity", _INF), ("-Infinity", _INF), ("1e400", _INF), ("-1e400", _INF)]
)
def test_non_finite_numbers_are_refused(literal: str, reason: str) -> None:
    """A session id of NaN, Infinity or 1e400 is refused at its JSON path (rooms named as the reader names them), not read as frab-nan or frab-inf."""
    text = _json(start="10:00", duration="00:30").replace('"id": 1', f'"id": {literal}')
    with pytest.raises(ScheduleParseError) as info:
        loads(text, "c3voc-json")
    assert (info.value.reason, info.value.location) == (reason, '$.schedule.conference.days[0].rooms["A"][0].id')


# ---------------------------------------------------------------------------
# 20. schedule2 and events where the format has none
# ---------------------------------------------------------------------------


def _schedule2(*events: dict[str, object]) -> str:
    """A schedule2 document shaped like voc/schedule's validator/json/examples/hub-schedule2.json (38C3)."""
    return json.dumps(
        {
            "$schema": "../schema2.json",
            "schedule": {
                "version": "2024-12-26 20:23",
                "base_url": "https://events.ccc.de/congress/2024/hub/",
                "conference": {
                    "acronym": "38c3",
                    "title": "38C3",
                    "start": "2024-12-27T09:30:00+00:00",
                    "end": "2024-12-30T17:45:00+00:00",
                    "time_zone_name": "Europe/Berlin",
                    "url": "https://events.ccc.de/congress/2024/",
                    "tracks": [{"guid": "3dc5daf5-ba21-4577-97e4-fb6e4b5d4ccc", "name": "CCC", "slug": "ccc"}],
                    "rooms": [{"name": "Saal 1", "slug": "saal-1", "guid": "ba692ba3-421b-5371-8309-60acc34a3c05"}],
                    "days": [
                        {
                            "index": 1,
                            "date": "2024-12-27",
                            "start": "2024-12-27T09:30:00+00:00",
                            "end": "2024-12-28T06:00:00+01:00",
                        }
                    ],
                },
                "events": list(events),
                "persons": [
                    {
                        "guid": "0c16ffaa-709d-599f-959f-9a38b911361a",
                        "name": "Gabriela Bogk",
                        "biography": {"de": "Hackerin", "en": "Hacker"},
                    }
                ],
            },
        }
    )


_OPENING: dict[str, object] = {
    "type": "other",
    "guid": "270fa44c-821a-577f-8ca3-33e8d4a8c2a7",
    "start": "2024-12-27T10:30:00+01:00",
    "end": "2024-12-27T11:00:00+01:00",
    "room": {"guid": "ba692ba3-421b-5371-8309-60acc34a3c05"},
    "title": "38C3: Opening Ceremony",
    "subtitle": None,
    "language": "en",
    "track": {"slug": "ccc"},
    "abstract": {"de": "Schön, dass ihr da seid!", "en": "Glad you could make it!"},
    "description": "Let's kick this off.",
    "participants": [
        {"guid": "0c16ffaa-709d-599f-959f-9a38b911361a", "name": "Gabriela Bogk", "role": "speaker"},
        {"name": "Senficon"},
    ],
    "links": [{"url": "https://example.net/", "title": "foo bar"}],
    "attachments": [{"type": "slides", "url": "https://example.net/1235.pdf"}],
    "url": "https://events.ccc.de/congress/2024/hub/event/38c3-opening-ceremony/",
}


def test_schedule2_is_read() -> None:
    """A c3voc schedule2 file (flat events list, rooms and tracks by reference) reads its events, not 0 sessions."""
    talk: dict[str, object] = {
        "type": "LIGHTNING_TALK",
        "guid": "b1740c2f-0c44-5f1b-89ed-456a9eecf0b8",
        "start": "2024-12-28T00:15:00+01:00",
        "duration": "PT1H5M",
        "room": {"name": "Saal ZIGZAG"},
        "title": "Time trials",
        "track": {"slug": "hardware-making"},
    }
    cancelled = {**talk, "guid": "c1740c2f-0c44-5f1b-89ed-456a9eecf0b8", "state": "CANCELED"}
    conf = loads(_schedule2(_OPENING, talk, cancelled), "c3voc-json")
    assert (
        conf.id,
        conf.name,
        conf.timezone,
        conf.url,
        [r.name for r in conf.rooms],
        [t.name for t in conf.tracks],
    ) == (
        "38c3",
        "38C3",
        "Europe/Berlin",
        "https://events.ccc.de/congress/2024/",
        ["Saal 1", "Saal ZIGZAG"],
        ["CCC", "hardware-making"],
    )
    opening, trial = conf.sessions
    assert (
        opening.id,
        opening.title,
        opening.start,
        opening.end,
        opening.room and opening.room.name,
        opening.track and opening.track.name,
        opening.speaker_names,
        opening.abstract,
        opening.slides,
        opening.url,
    ) == (
        "frab-270fa44c-821a-577f-8ca3-33e8d4a8c2a7",
        "38C3: Opening Ceremony",
        datetime(2024, 12, 27, 9, 30, tzinfo=UTC),
        datetime(2024, 12, 27, 10, 0, tzinfo=UTC),
        "Saal 1",
        "CCC",
        ("Gabriela Bogk", "Senficon"),
        "Glad you could make it!\n\nLet's kick this off.",
        ("https://example.net/1235.pdf",),
        "https://events.ccc.de/congress/2024/hub/event/38c3-opening-ceremony/",
    )
    assert conf.speaker("Gabriela Bogk").bio == "Hacker"
    assert (trial.kind.value, trial.start, trial.end) == (
        "lightning-talk",
        datetime(2024, 12, 27, 23, 15, tzinfo=UTC),
        datetime(2024, 12, 28, 0, 20, tzinfo=UTC),
    )


def test_schedule2_bad_duration_is_refused() -> None:
    """A schedule2 duration that is not ISO 8601 is refused at its path."""
    with pytest.raises(ScheduleParseError) as info:
        loads(_schedule2({**_OPENING, "end": None, "duration": "01:30"}), "c3voc-json")
    assert (info.value.reason, info.value.location) == (
        "the duration '01:30' is not an ISO 8601 duration such as 'PT1H30M'",
        "$.schedule.events[0].duration",
    )


def test_schedule2_events_beside_version1_rooms_are_refused() -> None:
    """A file with both a schedule2 events list and version 1 day rooms is refused, since either reading would drop the other's events."""
    document = json.loads(_schedule2(_OPENING))
    document["schedule"]["conference"]["days"][0]["rooms"] = {
        "Saal 1": [{"id": 1, "date": "2024-12-27T12:00:00+01:00", "title": "v1"}]
    }
    with pytest.raises(ScheduleParseError) as info:
        loads(json.dumps(document), "c3voc-json")
    assert (info.value.reason, info.value.location) == (
        'the file has both a schedule2 "events" list and schedule.json version 1 events under "conference.days[].rooms"; '
        "it is not clear which is the schedule",
        "$.schedule.events",
    )


def test_json_events_out_of_place_are_refused() -> None:
    """A schedule.json whose only events sit in an "events" list inside a day is refused at that path, not read empty."""
    text = json.dumps(
        {"schedule": {"conference": {"days": [{"date": "2026-06-01", "events": [{"id": 1, "title": "T"}]}]}}}
    )
    with pytest.raises(ScheduleParseError) as info:
        loads(text, "c3voc-json")
    assert info.value.location == "$.schedule.conference.days[0].events"
    assert info.value.reason.startswith(
        'no events under "conference": {"days": [{"rooms": {...}}]}, but there is an "events" list here'
    )


@pytest.mark.parametrize(
    ("text", "location"),
    [
        (
            '<schedule>\n<day date="2026-06-01"><track>\n<event id="1"><title>T</title></event></track></day></schedule>',
            "line 3",
        ),
        ('<schedule>\n<event id="1"><title>T</title></event></schedule>', "line 2"),
        (
            '<schedule><conference>\n<day date="2026-06-01"><room name="A">\n<event id="1"/></room></day></conference></schedule>',
            "line 3",
        ),
    ],
)
def test_xml_events_out_of_place_are_refused(text: str, location: str) -> None:
    """A schedule.xml whose <event>s are all outside <schedule><day><room> and <schedule><day> is refused at the first one, not read empty."""
    with pytest.raises(ScheduleParseError) as info:
        loads(text, "frab-xml")
    assert info.value.location == location
    assert info.value.reason.startswith(
        "no <event> inside <schedule><day><room> or <schedule><day>, but there is one here"
    )


# ---------------------------------------------------------------------------
# 13. frab XML keeps seconds and zero-length events
# ---------------------------------------------------------------------------


def _conference(*spans: tuple[datetime, datetime | None]) -> Conference:
    sessions = [
        Session(id=f"frab-{i}", title=f"S{i}", start=start, end=end) for i, (start, end) in enumerate(spans, start=1)
    ]
    return Conference(id="secs", name="Seconds", timezone="Europe/Berlin", sessions=sessions)


def test_xml_keeps_seconds_and_zero_length_ends() -> None:
    """Durations with seconds are written HH:MM:SS and a zero-length event 00:00:00; they read back exactly and
    validate; an unknown end is left out."""
    t = datetime(2026, 6, 1, 8, 0, 7, tzinfo=UTC)
    conf = _conference((t, t + timedelta(minutes=30, seconds=5)), (t, t), (t, None), (t, t + timedelta(hours=1)))
    text = dumps(conf, "frab-xml")
    root = etree.fromstring(text.encode("utf-8"))
    assert {e.findtext("title"): (e.findtext("start"), e.findtext("duration")) for e in root.iter("event")} == {
        "S1": ("10:00:07", "00:30:05"),
        "S2": ("10:00:07", "00:00:00"),
        "S4": ("10:00:07", "01:00"),
    }
    schema = etree.XMLSchema(etree.parse(str(shared_path("schemas", "schedule.xml.xsd"))))
    assert schema.validate(root), schema.error_log
    back = loads(text, "frab-xml")
    assert sorted((s.id, s.start, s.end) for s in back.sessions) == sorted(
        (s.id, s.start, s.end) for s in conf.sessions if s.end
    )


_SECONDS = st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2040, 1, 1), timezones=st.just(UTC)).map(
    lambda d: d.replace(microsecond=0)
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    spans=st.lists(st.tuples(_SECONDS, st.none() | st.integers(0, 99 * 3600 + 3599)), min_size=1, max_size=6),
    zone=st.sampled_from(["Europe/Berlin", "America/Los_Angeles", "Asia/Kolkata", "UTC"]),
    format_name=st.sampled_from(["frab-xml", "c3voc-json"]),
)
def test_instants_survive_to_the_second(spans: list[tuple[datetime, int | None]], zone: str, format_name: str) -> None:
    """Whole-second starts and ends (zero-length, or up to 99:59:59 later) read back as the same instants in frab XML and
    c3voc JSON; sessions with an unknown end are left out."""
    sessions = [
        Session(
            id=f"frab-{i}",
            title=f"S{i}",
            start=start,
            end=None if length is None else start + timedelta(seconds=length),
        )
        for i, (start, length) in enumerate(spans, start=1)
    ]
    conf = Conference(id="prop", name="Property", timezone=zone, sessions=sessions)
    back = loads(dumps(conf, format_name), format_name)  # type: ignore[arg-type]
    assert sorted((s.id, s.start, s.end) for s in back.sessions) == sorted(
        (s.id, s.start, s.end) for s in conf.sessions if s.end
    )


def test_a_session_of_thousands_of_years_reads_back_from_xml() -> None:
    """The longest duration the writer can produce (years 2 to 9999, within the model's range, 8 digits of hours) is one the reader accepts."""
    start, end = datetime(2, 1, 1, 10, 0, tzinfo=UTC), datetime(9999, 12, 30, 0, 0, tzinfo=UTC)
    text = dumps(_conference((start, end)), "frab-xml")
    assert etree.fromstring(text.encode("utf-8")).findtext("day/room/event/duration") == "87640598:00"
    (session,) = loads(text, "frab-xml").sessions
    assert (session.start, session.end) == (start, end)


# ---------------------------------------------------------------------------
# speakers without ids: linear matching
# ---------------------------------------------------------------------------


def test_speakers_without_ids_are_matched_by_one_lookup_each(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading 200 id-less persons folds each name a bounded number of times (linear), and merges repeats by folded name."""
    calls = 0
    from pyconf_schedule._text import fold as real_fold

    def counting_fold(text: str) -> str:
        nonlocal calls
        calls += 1
        return real_fold(text)

    monkeypatch.setattr(_frab, "fold", counting_fold)
    events = [
        {
            "id": i,
            "title": f"T{i}",
            "date": "2026-06-01T10:00:00+02:00",
            "duration": "00:30",
            "persons": [{"name": f"Person {i}"}, {"name": "ÉMILE Zoë" if i % 2 else "Emile Zoe"}],
        }
        for i in range(1, 201)
    ]
    text = json.dumps({"schedule": {"conference": {"days": [{"rooms": {"A": events}}]}}})
    conf = loads(text, "c3voc-json")
    assert (len(conf.speakers), conf.session("frab-1").speaker_names, conf.session("frab-2").speaker_names) == (
        201,
        ("Person 1", "ÉMILE Zoë"),
        ("Person 2", "ÉMILE Zoë"),
    )
    assert calls <= 3 * 400


# ---------------------------------------------------------------------------
# any bytes: a Conference or a ScheduleParseError
# ---------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(data=st.binary(max_size=400) | st.text(max_size=400).map(lambda t: t.encode("utf-8", "surrogatepass")))
@pytest.mark.parametrize("format_name", ["frab-xml", "c3voc-json"])
def test_any_bytes_give_a_conference_or_a_parse_error(format_name: str, data: bytes) -> None:
    """Arbitrary bytes, read as frab XML or c3voc JSON, give a Conference or a ScheduleParseError, never another exception."""
    try:
        result = loads(data, format_name)  # type: ignore[arg-type]
    except ScheduleParseError:
        return
    assert isinstance(result, Conference)


def test_c3voc_json_refuses_a_key_given_twice_as_native_json_does() -> None:
    """One JSON rule for every reader: a key given twice in one object is refused at its path, never "the last one wins"."""
    text = '{"schedule": {"conference": {"title": "X", "days": [{"date": "2020-01-01", "date": "2020-01-02", "rooms": {}}]}}}'
    for format_name in ("c3voc-json", "json"):
        with pytest.raises(ScheduleParseError) as info:
            loads(text, format_name)
        assert (info.value.reason, info.value.location) == (
            'the key "date" is given twice in one object; keys must be unique', "$.schedule.conference.days[0].date",
        )  # fmt: skip
