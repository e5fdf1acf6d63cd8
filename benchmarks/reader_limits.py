"""Worst input shapes per reader: seconds and peak memory of one read, at several sizes (issue 18 item 16).

Run: ``python benchmarks/reader_limits.py [--mib 2 8]`` (sizes in MiB), or
``--at-default`` for each shape at its reader's default limit (the record's
``max_bytes``, what a read admits when the caller gives none; each shape
fills most of it).  Each read runs in a
fresh process (its peak resident memory is the process's), so the numbers
include the interpreter (about 20 MB).  The shapes are the costly ones the
hostile corpus and the fuzzer found: many small items of one kind, and one
item holding very many parts.  The table feeds docs/reference/formats.md.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections.abc import Callable
from datetime import UTC
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pyconf_schedule.formats import ReadableFormat

MIB = 1 << 20


def _ics_attendees(size: int) -> bytes:
    """One event with as many ATTENDEE lines as fit: each a speaker to fold and keep."""
    head = b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20260408T090000Z\r\n"
    line = b"ATTENDEE;CN=Person %07d:mailto:p@x\r\n"
    n = (size - len(head)) // len(line % 0)
    return head + b"".join(line % i for i in range(n)) + b"END:VEVENT\r\nEND:VCALENDAR\r\n"


def _ics_events(size: int) -> bytes:
    """As many small events as fit."""
    head = b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\n"
    event = b"BEGIN:VEVENT\r\nUID:e%07d\r\nSUMMARY:Talk %07d\r\nDTSTART:20260408T090000Z\r\nDTEND:20260408T100000Z\r\nLOCATION:Room\r\nEND:VEVENT\r\n"
    n = (size - len(head)) // len(event % (0, 0))
    return head + b"".join(event % (i, i) for i in range(n)) + b"END:VCALENDAR\r\n"


def _frab_events(size: int) -> bytes:
    """As many events as fit, each with a person."""
    head = b'<schedule><conference><title>X</title><time_zone_name>UTC</time_zone_name></conference><day index="1" date="2020-01-01"><room name="A">'
    event = b'<event id="%d"><date>2020-01-01T10:00:00+00:00</date><start>10:00</start><duration>00:30</duration><room>A</room><title>T%d</title><persons><person id="%d">P %d</person></persons></event>'
    n = (size - len(head)) // len(event % (10**6, 10**6, 10**6, 10**6))
    return head + b"".join(event % (i, i, i, i) for i in range(n)) + b"</room></day></schedule>"


def _xml_deep(size: int) -> bytes:
    """Well-formed elements nested as deep as fit: refused for their depth (the C parse leaves them to the checking one)."""
    n = (size - 21) // 7
    return b"<schedule>" + b"<a>" * n + b"</a>" * n + b"</schedule>"


def _xml_deep_hidden(size: int) -> bytes:
    """Nested as deep as fits, each level's text a ``/``, which hides the depth from the count of tags: parsed whole."""
    n = (size - 21) // 8
    return b"<schedule>" + b"<a>/" * n + b"</a>" * n + b"</schedule>"


def _xml_flat(size: int) -> bytes:
    """As many empty elements as fit, side by side: all parsed, none an event."""
    return b"<schedule>" + b"<a/>" * ((size - 21) // 4) + b"</schedule>"


def _c3voc_events(size: int) -> bytes:
    """As many events as fit, each with a person."""
    item = '{"id": %d, "date": "2020-01-01T10:00:00+00:00", "start": "10:00", "duration": "00:30", "room": "A", "title": "T%d", "persons": [{"id": %d, "public_name": "P %d"}]}'
    n = size // (len(item % (10**6, 10**6, 10**6, 10**6)) + 2)
    events = ", ".join(item % (i, i, i, i) for i in range(n))
    return (
        '{"schedule": {"conference": {"title": "X", "time_zone_name": "UTC", "days": [{"date": "2020-01-01", "rooms": {"A": ['
        + events
        + "]}}]}}}"
    ).encode()


def _native_sessions(size: int) -> bytes:
    """As many sessions as fit, each with a speaker."""
    item = (
        '{"id": "s%d", "title": "T%d", "kind": "talk", "start": "2020-01-01T10:00:00+00:00[UTC]", "speakers": ["p%d"]}'
    )
    speaker = '{"id": "p%d", "name": "P %d"}'
    n = size // (len(item % (10**6, 10**6, 10**6)) + len(speaker % (10**6, 10**6)) + 4)
    sessions = ", ".join(item % (i, i, i) for i in range(n))
    speakers = ", ".join(speaker % (i, i) for i in range(n))
    return (
        '{"format": "pyconf-schedule", "version": 1, "conference": {"id": "x", "name": "X", "timezone": "UTC", '
        '"speakers": [' + speakers + '], "sessions": [' + sessions + "]}}"
    ).encode()


def _fill(size: int, item: Callable[[int], str], wrap: Callable[[str], str], separator: str = ", ") -> bytes:
    """``wrap`` of as many ``item(i)`` (joined by ``separator``) as fit in ``size`` bytes, counted from the largest item."""
    n = max(1, (size - len(wrap("").encode())) // (len(item(10**6).encode()) + len(separator)))
    return wrap(separator.join(item(i) for i in range(n))).encode()


def _sessionize_sessions(size: int) -> bytes:
    """Sessionize's view/All: as many sessions as fit, each with its own speaker, room and category item."""

    def item(i: int) -> str:
        return (
            f'{{"id": "s{i}", "title": "T{i}", "startsAt": "2020-01-01T10:00:00Z", "endsAt": "2020-01-01T10:30:00Z", '
            f'"isServiceSession": false, "speakers": ["p{i}"], "categoryItems": [{i}], "roomId": {i}}}'
        )

    def document(n: int) -> bytes:
        sessions = ", ".join(item(i) for i in range(n))
        speakers = ", ".join(f'{{"id": "p{i}", "fullName": "P {i}"}}' for i in range(n))
        items = ", ".join(f'{{"id": {i}, "name": "C {i}"}}' for i in range(n))
        rooms = ", ".join(f'{{"id": {i}, "name": "R {i}"}}' for i in range(n))
        return (
            f'{{"sessions": [{sessions}], "speakers": [{speakers}], '
            f'"categories": [{{"id": 1, "title": "Track", "items": [{items}]}}], "rooms": [{rooms}]}}'
        ).encode()

    n = max(1, size * 1000 // len(document(1000)))
    data = document(n)
    while len(data) > size and n > 1:  # ids grow longer with n: trim to fit
        n = max(1, n * size // len(data) - 1)
        data = document(n)
    return data


def _sched_json(size: int) -> bytes:
    """Sched's session/export: as many sessions as fit, each with a speaker appended to its name."""

    def item(i: int) -> str:
        return (
            f'{{"event_key": "k{i}", "id": "s{i}", "active": "Y", "name": "T{i} - P {i}", '
            '"event_start": "2020-01-01 10:00", "event_end": "2020-01-01 10:30", "start_time_ts": 1577872800, '
            f'"end_time_ts": 1577874600, "event_type": "Talks", "venue": "R {i}", "speakers": [{{"name": "P {i}"}}]}}'
        )

    return _fill(size, item, lambda items: f"[{items}]")


def _sched_ics(size: int) -> bytes:
    """Sched's all.ics: as many small events as fit, each at "Room, City, Country"."""
    head = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Sched.com X//EN\r\nX-WR-TIMEZONE:UTC\r\n"

    def item(i: int) -> str:
        return (
            f"BEGIN:VEVENT\r\nUID:e{i}\r\nSUMMARY:Talk {i}\r\nDTSTART:20200101T100000Z\r\n"
            f"DTEND:20200101T103000Z\r\nCATEGORIES:Talks\r\nLOCATION:Room {i}\\, Paris\\, France\r\nEND:VEVENT\r\n"
        )

    return _fill(size, item, lambda items: head + items + "END:VCALENDAR\r\n", separator="")


def _pretalx_slots(size: int) -> bytes:
    """A pretalx bundle: as many talks as fit, each with its own speaker and room."""

    def item(i: int) -> str:
        return (
            f'{{"id": {i}, "room": {{"id": {i}, "name": {{"en": "R {i}"}}}}, "start": "2020-01-01T10:00:00+00:00", '
            f'"end": "2020-01-01T10:30:00+00:00", "submission": {{"code": "C{i}", "title": "T{i}", '
            f'"speakers": [{{"code": "P{i}", "name": "P {i}"}}], "submission_type": {{"id": 1, "name": {{"en": "Talk"}}}}}}}}'
        )

    def wrap(items: str) -> str:
        return (
            '{"format": "pretalx-api-bundle", "version": 1, "url": null, "event": {"slug": "e", "name": {"en": "E"}, '
            '"timezone": "UTC", "locale": "en"}, "schedule": {"version": "1", "slots": [' + items + "]}}"
        )

    return _fill(size, item, wrap)


def _indico_contributions(size: int) -> bytes:
    """An Indico export: as many contributions as fit, each with its own speaker and room."""

    def item(i: int) -> str:
        return (
            f'{{"id": "{i}", "title": "C {i}", "startDate": {{"date": "2020-01-01", "time": "10:00:00", "tz": "UTC"}}, '
            f'"endDate": {{"date": "2020-01-01", "time": "10:30:00", "tz": "UTC"}}, "room": "R {i}", '
            f'"speakers": [{{"fullName": "P {i}", "affiliation": "O {i}"}}]}}'
        )

    def wrap(items: str) -> str:
        return (
            '{"_type": "HTTPAPIResult", "results": [{"id": "1", "title": "I", "timezone": "UTC", '
            '"contributions": [' + items + "]}]}"
        )

    return _fill(size, item, wrap)


def _sqlite_sessions(size: int) -> bytes:
    """A database the library wrote: as many sessions as fit, each with its own speaker and room."""
    from datetime import datetime

    from pyconf_schedule import Conference, Room, Session, Speaker, write

    def database(n: int) -> bytes:
        start = datetime(2020, 1, 1, 10, tzinfo=UTC)
        sessions = [
            Session(id=f"s{i}", title=f"T{i}", start=start, end=start, room=Room(id=f"r{i}", name=f"R {i}"),
                    speakers=(Speaker(id=f"p{i}", name=f"P {i}"),))
            for i in range(n)
        ]  # fmt: skip
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "x.sqlite"
            write(Conference(id="x", name="X", timezone="UTC", sessions=sessions), path)
            return path.read_bytes()

    sample = database(1000)
    return database(max(1, size * 1000 // len(sample)))


SHAPES: dict[str, tuple[ReadableFormat, Callable[[int], bytes]]] = {
    "ics: one event, many ATTENDEE lines": ("ics", _ics_attendees),
    "ics: many small events": ("ics", _ics_events),
    "frab-xml: many events with a person": ("frab-xml", _frab_events),
    "frab-xml: elements nested as deep as fit": ("frab-xml", _xml_deep),
    "frab-xml: nested as deep as fit, a / in each": ("frab-xml", _xml_deep_hidden),
    "frab-xml: many empty elements": ("frab-xml", _xml_flat),
    "c3voc-json: many events with a person": ("c3voc-json", _c3voc_events),
    "json: many sessions with a speaker": ("json", _native_sessions),
    "sessionize: many sessions, each with a speaker, room and category": ("sessionize", _sessionize_sessions),
    "sched: session/export, many sessions with a speaker": ("sched", _sched_json),
    "sched: all.ics, many events at Room, City, Country": ("sched", _sched_ics),
    "pretalx-api: many talks with a speaker and room": ("pretalx-api", _pretalx_slots),
    "indico: many contributions with a speaker and room": ("indico", _indico_contributions),
    "sqlite: many sessions with a speaker and room": ("sqlite", _sqlite_sessions),
}

_CHILD = """
import resource, sys, time
from pyconf_schedule import ScheduleParseError, loads
from pyconf_schedule.formats import size_limit
data = open(sys.argv[1], "rb").read()
started = time.perf_counter()
with size_limit(len(data) + 1):
    try:
        loads(data, sys.argv[2])
    except ScheduleParseError:  # a shape refused (too deep): what it cost to find out
        pass
print(time.perf_counter() - started, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024)
"""


def measure(format_name: str, data: bytes) -> tuple[float, int]:
    """Seconds and peak resident bytes of reading ``data`` in a fresh process."""
    with tempfile.NamedTemporaryFile(suffix=".input") as file:
        file.write(data)
        file.flush()
        out = subprocess.run(
            [sys.executable, "-c", _CHILD, file.name, format_name], capture_output=True, text=True, check=True
        )
    seconds, peak = out.stdout.split()
    return float(seconds), int(peak)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mib", type=float, nargs="+", default=[2.0, 8.0], help="input sizes in MiB (default 2 8)")
    parser.add_argument("--at-default", action="store_true", help="each shape at its reader's default limit instead")
    parser.add_argument("--match", default="", help="only the shapes whose label contains this text")
    args = parser.parse_args(argv)
    from pyconf_schedule.formats import default_max_bytes

    rows = []
    for label, (format_name, make) in SHAPES.items():
        if args.match not in label:
            continue
        sizes = [default_max_bytes(format_name)] if args.at_default else [int(mib * MIB) for mib in args.mib]
        for size in sizes:
            data = make(size)
            seconds, peak = measure(format_name, data)
            rows.append(
                {
                    "shape": label,
                    "MiB": round(len(data) / MIB, 1),
                    "seconds": round(seconds, 2),
                    "peak MiB": peak // MIB,
                }
            )
            print(f"{label:42} {len(data) / MIB:6.1f} MiB {seconds:7.2f} s {peak / MIB:7.0f} MiB peak", flush=True)
    Path("reader_limits.json").write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
