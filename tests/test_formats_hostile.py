"""Hostile input: each attack gets its documented outcome, never a crash or a half-loaded schedule.

DTDs, entities, deep nesting and the other file-shaped attacks are in the corpus, tests/hostile/ (test_hostile_corpus.py).
"""

from __future__ import annotations

import contextlib
import json
import random

import pytest

from pyconf_schedule import ScheduleParseError, loads
from pyconf_schedule.formats import ReadableFormat, default_max_bytes

_RAISE_IT = "to read it, raise the limit with max_bytes= (Python) or --max-bytes (command line)"


@pytest.mark.parametrize(
    ("format_name", "limit"),
    [
        ("json", 16 * 2**20), ("ics", 8 * 2**20), ("frab-xml", 8 * 2**20), ("c3voc-json", 6 * 2**20),
        ("sqlite", 32 * 2**20), ("sessionize", 6 * 2**20), ("sched", 4 * 2**20), ("pretalx-api", 6 * 2**20),
        ("indico", 4 * 2**20),
    ],
)  # fmt: skip
def test_an_input_one_byte_over_its_format_default_is_refused(format_name: ReadableFormat, limit: int) -> None:
    """An input one byte over its format's default limit is refused before parsing, naming the limit and how to raise it; one of exactly the limit passes the size check, and max_bytes= raises the limit."""
    with pytest.raises(ScheduleParseError) as info:
        loads(b" " * (limit + 1), format_name)
    assert info.value.reason == (
        f"the input is {limit + 1} bytes; the default limit is {limit} bytes ({limit >> 20} MiB); {_RAISE_IT}"
    )
    for data, max_bytes in ((b" " * limit, None), (b" " * (limit + 1), limit + 1)):
        with pytest.raises(ScheduleParseError) as info:  # blank: refused by the parser, not for its size
            loads(data, format_name, max_bytes=max_bytes)
        assert "limit" not in info.value.reason


@pytest.mark.parametrize("format_name", ["json", "ics", "frab-xml", "c3voc-json"])
def test_oversized_text_is_refused_by_its_utf8_size(format_name: ReadableFormat) -> None:
    """Text is measured in UTF-8: "é" (2 bytes) half the default limit and once more is refused with its byte count."""
    limit = default_max_bytes(format_name)
    with pytest.raises(ScheduleParseError) as info:
        loads("é" * (limit // 2 + 1), format_name)
    assert info.value.reason == (
        f"the input is {limit + 2} bytes; the default limit is {limit} bytes ({limit >> 20} MiB); {_RAISE_IT}"
    )
    with pytest.raises(ScheduleParseError) as info:
        loads("é" * (limit // 2 + 1), format_name, max_bytes=limit)
    assert (
        info.value.reason
        == f"the input is {limit + 2} bytes; the limit is {limit} bytes ({limit >> 20} MiB); {_RAISE_IT}"
    )


def test_invalid_utf8_is_refused() -> None:
    """Bytes that are not UTF-8 raise ScheduleParseError naming the byte."""
    with pytest.raises(ScheduleParseError) as info:
        loads(b'{"schedule": "\xff"}', "c3voc-json")
    assert info.value.location == "byte 14"


def test_control_characters_and_crlf_in_json_titles_are_kept_as_data() -> None:
    """Control characters and CRLF in a c3voc title are read as text, not structure."""
    text = '{"schedule": {"conference": {"title": "X", "days": [{"date": "2020-01-01", "rooms": {"A": [{"id": 1, "date": "2020-01-01T10:00:00+00:00", "duration": "00:30", "title": "a\\r\\nBEGIN:VEVENT\\u0000b"}]}}]}}}'
    (session,) = loads(text, "c3voc-json").sessions
    assert session.title == "a\r\nBEGIN:VEVENT\x00b"


def test_nothing_is_half_loaded() -> None:
    """One bad event makes the whole read fail; no partial Conference is returned."""
    good = '{"id": 1, "date": "2020-01-01T10:00:00+00:00", "duration": "00:30", "title": "ok"}'
    bad = '{"id": 2, "date": "2020-01-01T10:00:00+00:00", "duration": "soon", "title": "bad"}'
    text = '{"schedule": {"conference": {"days": [{"rooms": {"A": [' + good + ", " + bad + "]}}]}}}"
    with pytest.raises(ScheduleParseError, match="the duration 'soon' is not HH:MM"):
        loads(text, "c3voc-json")


_XML_EVENT = (
    '<schedule><conference><time_zone_name>UTC</time_zone_name></conference><day date="2020-01-01"><room name="A">'
    '<event id="1"><start>10:00</start><duration>{duration}</duration></event></room></day></schedule>'
)
_CAL = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n{properties}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
_JSON_EVENT = '{{"schedule": {{"conference": {{"days": [{{"rooms": {{"A": [{{"id": 1, {fields}}}]}}}}]}}}}}}'
_EVENT_PATH = '$.schedule.conference.days[0].rooms["A"][0]'
_OUT_OF_RANGE = "a date, or a date plus a duration, lies outside the years 1 to 9999"
_SURROGATE = "the text contains a lone surrogate (U+{code}), which is not a Unicode character"


def _native_with_speakers(value: object) -> str:
    from pyconf_schedule import dumps, load

    document = json.loads(dumps(load("eu2026").by_speaker("Liz Li"), "json"))
    document["conference"]["sessions"][0]["speakers"] = value
    return json.dumps(document)


@pytest.mark.parametrize(
    ("format_name", "data", "reason", "location"),
    [
        # OverflowError: durations too long, dates at the edges of the calendar
        (
            "frab-xml",
            _XML_EVENT.format(duration="99999999999:00:00:00"),
            "the duration '99999999999:00:00:00' is not HH:MM or HH:MM:SS (1 to 8 digits of hours, minutes and seconds 00 to 59), or D:HH:MM:SS",
            "line 1",
        ),
        (
            "c3voc-json",
            _JSON_EVENT.format(fields='"date": "2020-01-01T10:00:00+00:00", "duration": "99999999999:00:00:00"'),
            "the duration '99999999999:00:00:00' is not HH:MM or HH:MM:SS (1 to 8 digits of hours, minutes and seconds 00 to 59), or D:HH:MM:SS",
            _EVENT_PATH,
        ),
        (
            "ics",
            _CAL.format(properties="DTSTART:20200101T100000Z\r\nDURATION:P99999999999D"),
            "DURATION 'P99999999999D' is too long",
            "line 4",
        ),
        ("ics", _CAL.format(properties="DTSTART:20200101T100000Z\r\nDURATION:P9999999D"), _OUT_OF_RANGE, "line 2"),
        ("ics", _CAL.format(properties="DTSTART;TZID=America/Los_Angeles:99991231T230000"), _OUT_OF_RANGE, "line 2"),
        (
            "frab-xml",
            '<schedule><day><room name="A"><event id="1"><date>9999-12-31T23:00:00-08:00</date>'
            "<duration>00:30</duration></event></room></day></schedule>",
            _OUT_OF_RANGE,
            "line 1",
        ),
        (
            "c3voc-json",
            _JSON_EVENT.format(fields='"date": "0001-01-01T00:00:00+09:00", "duration": "00:30"'),
            _OUT_OF_RANGE,
            _EVENT_PATH,
        ),
        # LookupError: an encoding Python does not know
        (
            "frab-xml",
            b'<?xml version="1.0" encoding="UTF-0"?><schedule/>',
            "the XML declaration names encoding 'UTF-0', which is not a known character set; supported: UTF-8, UTF-16, "
            "US-ASCII, ISO-8859-*, windows-125*, Shift_JIS, CP932, EUC-JP, Big5, GB2312, GB18030 and the other "
            "ASCII-compatible character sets Python reads, except UTF-7",
            "line 1",
        ),
        # ValueError: integers longer than Python converts
        (
            "c3voc-json",
            '{"schedule": {"conference": {"x": ' + "9" * 5000 + "}}}",
            "a number has more than 4300 digits",
            "line 1 column 35",
        ),
        (
            "json",
            '{"format": "pyconf-schedule", "version": ' + "1" * 5000 + "}",
            "a number has more than 4300 digits",
            "line 1 column 42",
        ),
        # TypeError: a session's speakers that are not a list
        (
            "json",
            _native_with_speakers(5),
            "expected a list of speaker ids, got 5",
            "$.conference.sessions[0].speakers",
        ),
        # UnicodeEncodeError: lone surrogates in str input and in JSON escapes
        (
            "frab-xml",
            "<schedule><conference><title>\ud800</title></conference></schedule>",
            _SURROGATE.format(code="D800"),
            "line 1 column 30",
        ),
        (
            "ics",
            "BEGIN:VCALENDAR\r\nX-WR-CALNAME:\ud800\r\nEND:VCALENDAR\r\n",
            _SURROGATE.format(code="D800"),
            "line 2 column 14",
        ),
        (
            "c3voc-json",
            '{"schedule": {"conference": {"title": "\ud800"}}}',
            _SURROGATE.format(code="D800"),
            "line 1 column 40",
        ),
        (
            "c3voc-json",
            '{"schedule": {"conference": {"title": "a\\ud800b"}}}',
            _SURROGATE.format(code="D800"),
            "$.schedule.conference.title",
        ),
        (
            "json",
            '{"format": "pyconf-schedule", "version": 1, "conference": {"id": "x", "name": "\\udc00", "timezone": "UTC"}}',
            _SURROGATE.format(code="DC00"),
            "$.conference.name",
        ),
    ],
)
def test_malformed_values_raise_one_schedule_parse_error(
    format_name: str, data: str | bytes, reason: str, location: str
) -> None:
    """Overflowing durations and dates, unknown encodings, huge integers, wrong types and lone surrogates raise ScheduleParseError with a location."""
    with pytest.raises(ScheduleParseError) as info:
        loads(data, format_name)  # type: ignore[arg-type]
    assert (info.value.format, info.value.reason, info.value.location) == (
        "pyconf-schedule JSON" if format_name == "json" else format_name,
        reason,
        location,
    )


_TOKENS = [
    b"9999",
    b"0000",
    b"99999999999",
    b"-",
    b"+14:00",
    b"T",
    b"Z",
    b"\x00",
    b"\xff",
    b"<",
    b">",
    b"{",
    b"}",
    b"[",
    b"]",
    b'"',
    b":",
    b"\r\n ",
    b"\\",
    b"\\ud800",
    b"null",
    b"1e400",
    b"NaN",
    b";",
    b",",
    b"&#0;",
    b"24:00",
    b"9" * 5000,
    b"00010101",
    b"99991231T235959",
    b"9999-12-31T23:59:59",
    b"0001-01-01T00:00:00",
    b"P9999999D",
    b"TZID=X",
]


def _mutate(data: bytes, rnd: random.Random) -> bytes:
    out = bytearray(data)
    for _ in range(rnd.randint(1, 4)):
        op, i = rnd.random(), rnd.randrange(len(out) + 1)
        if op < 0.15:
            del out[i:]
        elif op < 0.35:
            del out[i : i + rnd.randint(1, 20)]
        elif op < 0.65:
            out[i:i] = rnd.choice(_TOKENS)
        elif op < 0.85:
            out[i : i + rnd.randint(1, 8)] = rnd.choice(_TOKENS)
        elif out:
            out[min(i, len(out) - 1)] = rnd.randrange(256)
    return bytes(out)


def test_mutated_exports_raise_only_schedule_parse_error() -> None:
    """Four hundred seeded truncations and byte mutations of our exports, read with and without file_tz=, give a Conference or a ScheduleParseError."""
    from pyconf_schedule import dumps

    from ._support import dst_conference
    from .test_formats_golden import small_conference

    seeds = [
        (dumps(conf, fmt, tz=tz).encode("utf-8"), fmt)
        for conf in (small_conference(), dst_conference())
        for fmt in ("json", "ics", "frab-xml", "c3voc-json")
        for tz in (None, "America/Los_Angeles")
    ]
    rnd = random.Random(20260408)
    for n in range(400):
        data, fmt = seeds[n % len(seeds)]
        mutated = _mutate(data, rnd)
        for tz in (None, "Pacific/Kiritimati"):
            with contextlib.suppress(ScheduleParseError):
                loads(mutated, fmt, file_tz=tz)  # type: ignore[arg-type]
