"""Hostile input: each attack gets its documented outcome, never a crash or a half-loaded schedule."""

from __future__ import annotations

import pytest

from pyconf_schedule import ScheduleParseError, loads
from pyconf_schedule.formats import MAX_INPUT_BYTES, MAX_NESTING

BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<schedule><version>&lol3;</version></schedule>
"""
XXE = """<?xml version="1.0"?>
<!DOCTYPE schedule [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<schedule><conference><title>&xxe;</title></conference></schedule>
"""
EXTERNAL_DTD = '<?xml version="1.0"?>\n<!DOCTYPE schedule SYSTEM "http://example.org/evil.dtd">\n<schedule/>\n'
UNDECLARED_ENTITY = "<schedule><conference><title>&xxe;</title></conference></schedule>"


@pytest.mark.parametrize(
    ("text", "message", "location"),
    [
        (BILLION_LAUGHS, "a DOCTYPE is not allowed (DTDs and entities are refused for safety)", "line 2"),
        (XXE, "a DOCTYPE is not allowed (DTDs and entities are refused for safety)", "line 2"),
        (EXTERNAL_DTD, "a DOCTYPE is not allowed (DTDs and entities are refused for safety)", "line 2"),
        (UNDECLARED_ENTITY, "malformed XML: undefined entity", "line 1 column 30"),
        ("<schedule>" + "<x>" * (MAX_NESTING + 1), f"elements are nested deeper than {MAX_NESTING} levels", "line 1"),
        ("<schedule><conference>", "malformed XML: no element found", "line 1 column 23"),
    ],
)
def test_hostile_xml_is_refused(text: str, message: str, location: str) -> None:
    """DTDs, entities, undefined entities, deep nesting and truncation raise ScheduleParseError with a line."""
    with pytest.raises(ScheduleParseError) as info:
        loads(text, "frab-xml")
    assert (info.value.format, info.value.reason, info.value.location) == ("frab-xml", message, location)


@pytest.mark.parametrize("format_name", ["json", "c3voc-json"])
def test_deeply_nested_json_is_refused(format_name: str) -> None:
    """JSON nested beyond the limit raises ScheduleParseError, not RecursionError."""
    text = "[" * 100_000 + "]" * 100_000
    with pytest.raises(ScheduleParseError, match=f"nested deeper than {MAX_NESTING} levels") as info:
        loads(text, format_name)  # type: ignore[arg-type]
    assert info.value.location == f"line 1 column {MAX_NESTING + 1}"


def test_deeply_nested_ics_is_refused() -> None:
    """iCalendar components nested beyond 16 levels are refused."""
    text = "BEGIN:VCALENDAR\r\n" + "BEGIN:X\r\n" * 20
    with pytest.raises(ScheduleParseError, match="components nested deeper than 16 levels"):
        loads(text, "ics")


@pytest.mark.parametrize("format_name", ["json", "ics", "frab-xml", "c3voc-json"])
@pytest.mark.parametrize("kind", ["bytes", "str"])
def test_oversized_input_is_refused(format_name: str, kind: str) -> None:
    """Inputs over the documented 50 MiB limit are refused before parsing."""
    data: str | bytes = b" " * (MAX_INPUT_BYTES + 1) if kind == "bytes" else "é" * (MAX_INPUT_BYTES // 2 + 1)
    with pytest.raises(ScheduleParseError, match=r"bytes; the limit is 52428800 bytes \(50 MiB\)"):
        loads(data, format_name)  # type: ignore[arg-type]


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
