"""Worst input shapes per reader: seconds and peak memory of one read, at several sizes (issue 18 item 16).

Run: ``python benchmarks/reader_limits.py [--mib 2 8]``.  Each read runs in a
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
from pathlib import Path

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


SHAPES: dict[str, tuple[str, Callable[[int], bytes]]] = {
    "ics: one event, many ATTENDEE lines": ("ics", _ics_attendees),
    "ics: many small events": ("ics", _ics_events),
    "frab-xml: many events with a person": ("frab-xml", _frab_events),
    "c3voc-json: many events with a person": ("c3voc-json", _c3voc_events),
    "json: many sessions with a speaker": ("json", _native_sessions),
}

_CHILD = """
import resource, sys, time
from pyconf_schedule import loads
from pyconf_schedule.formats import size_limit
data = open(sys.argv[1], "rb").read()
started = time.perf_counter()
with size_limit(len(data) + 1):
    loads(data, sys.argv[2])
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
    args = parser.parse_args(argv)
    rows = []
    for label, (format_name, make) in SHAPES.items():
        for mib in args.mib:
            data = make(int(mib * MIB))
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
