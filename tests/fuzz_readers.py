"""Fuzz the schedule readers (and the command line) for crashes and slow inputs.

Run for a while by hand; CI runs a short seeded pass (tests/test_fuzz_smoke.py)::

    python tests/fuzz_readers.py --format ics --minutes 30 --seed 1
    python tests/fuzz_readers.py --minutes 5 --crashes fuzz-crashes   # every readable format
    python tests/fuzz_readers.py --cli --minutes 5                    # through `pyconf-schedule list`

Inputs start from tests/golden, the hostile corpus tests/hostile and the
samples in ../shared/samples when present.  With atheris installed
(``pip install atheris``) and ``--engine atheris`` the search is
coverage-guided; otherwise a seeded mutator (byte flips, insertions of
tokens each format finds interesting, splicing, truncation and mutations of
the JSON, XML and iCalendar structure) makes every run with the same seed
try the same inputs.

A reader may return a Conference or raise a ScheduleParseError (its
subclasses included, such as MissingZoneError); any other exception, and
any input that takes longer than ``--slow`` seconds, is a finding (with
``--slow 0``, as CI runs it, only an input still running after
:data:`HANG_SECONDS` is: a test asserts no speed).  Each
finding is saved in the crash folder (default: a new temporary folder) as
the input plus a ``.txt`` with what happened; the last line printed is the
summary ``fuzz: N inputs tried, C crashes, S slow inputs``.  In ``--cli``
mode the input goes through ``pyconf_schedule.cli.main(["list", FILE,
"--from", FORMAT])`` in-process: the exit code must be 0, 1 or 2, an
exit 2 must write one ``error:`` line (and at most a ``hint:`` line) and
no exception may escape.

>>> mutator = Mutator(random.Random(1), "json", [b'{"a": [1, "x"]}'])
>>> mutator.mutate(b'{"a": [1, "x"]}') == Mutator(random.Random(1), "json", [b'{"a": [1, "x"]}']).mutate(b'{"a": [1, "x"]}')
True
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import random
import re
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

if not __package__:  # run as a script, python tests/fuzz_readers.py: the tests package is importable from the root
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests._hostile import TimeLimitExceeded, time_limit

if TYPE_CHECKING:
    from pyconf_schedule import Conference

ROOT = Path(__file__).resolve().parents[1]
SEED_FOLDERS = (
    ROOT / "tests" / "golden",
    ROOT / "tests" / "hostile",
    ROOT / "tests" / "platforms",
    ROOT.parent / "shared" / "samples",
    ROOT.parent / "shared" / "schemas",
)


def _readable() -> tuple[str, ...]:
    from pyconf_schedule.formats import format_names

    return tuple(format_names("read"))


def _suffixes() -> dict[str, str]:
    from pyconf_schedule.formats import FORMATS

    return {f.name: f.suffixes[0] for f in FORMATS if f.readable}


READABLE = _readable()
"""Every reader in the registry: a reader added later is fuzzed too (and needs tokens here; seeds are its golden and corpus files)."""
SUFFIX = _suffixes()
"""The suffix of each reader's saved findings: the first its record names."""


def _seed_suffixes() -> dict[str, tuple[str, ...]]:
    from pyconf_schedule.formats import FORMATS

    return {f.name: f.suffixes for f in FORMATS if f.readable}


SEED_SUFFIXES = _seed_suffixes()
"""The suffixes of each reader's seed files: every one its record names (Sched's feed is .ics, its JSON .json)."""
ZONES = ("UTC", "Europe/Paris", "Pacific/Kiritimati", "Etc/GMT+12")
"""The zones the fuzzer passes as ``tz=`` to three inputs in ten (the extremes of the offsets, and DST)."""
HANG_FACTOR = 5.0
"""An input still running after this many times the slow bound is stopped (SIGALRM) and saved as a hang."""
HANG_SECONDS = 60.0
"""The hang bound when no slow bound is given (``slow=None``, as the test suite runs: only a hang is a finding, slowness is not)."""


def _hang_bound(slow: float | None) -> float:
    return slow * HANG_FACTOR if slow is not None else HANG_SECONDS


_COMMON_TOKENS: tuple[bytes, ...] = (
    b"\x00",
    b"\xff",
    b"\xc3",
    b"\xed\xa0\x80",
    b"\xef\xbb\xbf",
    b"\r\n",
    b"\n",
    b"\r",
    b" ",
    b"\t",
    b"\\",
    b"9999",
    b"0000",
    b"99999999999",
    b"-1",
    b"1e400",
    b"NaN",
    b"Infinity",
    b"-0",
    b"9" * 400,
    b"0.5",
    b"24:00",
    b"99:99",
    b"00:00",
    b"-01:00",
    b"23:59:60",
    b"2026-03-29",
    b"2026-10-25",
    b"02:30",
    b"0001-01-01",
    b"9999-12-31T23:59:59",
    b"0001-01-01T00:00:00",
    b"+14:00",
    b"-12:00",
    b"+24:00",
    b"Z",
    b"Mars/Olympus",
    b"Europe/Paris",
    b"America/Los_Angeles",
    b"Etc/GMT-14",
    b"CET-1CEST",
    b"UTC",
    b"\\ud800",
    b"\\u0000",
    b"true",
    b"false",
    b"null",
    b"[]",
    b"{}",
    b'""',
)
_FORMAT_TOKENS: dict[str, tuple[bytes, ...]] = {
    "json": (
        b'{"',
        b'":',
        b"]",
        b"}",
        b",",
        b'"id"',
        b'"speakers"',
        b'"rooms"',
        b'"sessions"',
        b'"version"',
        b'"timezone"',
        b'"kind"',
        b"[UTC]",
        b"[Mars/Olympus]",
        b'"start": "2026-03-29T02:30:00+01:00[Europe/Paris]"',
    ),
    "c3voc-json": (
        b'{"',
        b'":',
        b"]",
        b"}",
        b",",
        b'"date"',
        b'"start"',
        b'"duration"',
        b'"end"',
        b'"day_start"',
        b'"day_change"',
        b'"persons"',
        b'"time_zone_name"',
        b'"events"',
        b'"id": 1',
        b'"guid"',
    ),
    "frab-xml": (
        b"<",
        b">",
        b"</",
        b"/>",
        b"&amp;",
        b"&#0;",
        b"&#xD800;",
        b"&lol;",
        b"<![CDATA[",
        b"]]>",
        b"<!DOCTYPE x [<!ENTITY a 'b'>]>",
        b'<?xml version="1.0" encoding="Shift_JIS"?>',
        b'<?xml version="1.0" encoding="UTF-16"?>',
        b'<event id="1">',
        b"<duration>",
        b"<date>",
        b"<start>",
        b"<day_change>",
        b"<time_zone_name>",
        b'<day date="2026-03-29">',
    ),
    "ics": (
        b"BEGIN:VEVENT\r\n",
        b"END:VEVENT\r\n",
        b"BEGIN:VTIMEZONE\r\n",
        b"END:VTIMEZONE\r\n",
        b"\r\n ",
        b"RRULE:FREQ=SECONDLY\r\n",
        b"RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30\r\n",
        b"RDATE:20200101T000000\r\n",
        b"DTSTART:",
        b";TZID=",
        b";VALUE=DATE:",
        b"DURATION:P9999999D\r\n",
        b"DURATION:-PT1H\r\n",
        b"TZOFFSETFROM:+2400\r\n",
        b"TZOFFSETTO:-0000\r\n",
        b"X-WR-TIMEZONE:",
        b';CN="',
        b"\\n",
        b"\\,",
        b"\\;",
        b"BEGIN:STANDARD\r\n",
        b"END:STANDARD\r\n",
        b"BEGIN:DAYLIGHT\r\n",
        b"END:DAYLIGHT\r\n",
        b"TZID:Z\r\n",
        b"COUNT=",
        b"UNTIL=",
        b"INTERVAL=",
        b"BYDAY=-1SU",
        b"BYMONTH=",
        b"BYYEARDAY=",
        b"EXDATE:",
        b"16010101T000000",
    ),
    "sessionize": (
        b'{"',
        b'":',
        b"]",
        b"}",
        b",",
        b'"sessions"',
        b'"speakers"',
        b'"categoryItems"',
        b'"roomId"',
        b'"startsAt"',
        b'"endsAt"',
        b'"isServiceSession"',
        b'"timeSlots"',
        b'"groupName"',
        b'"fullName"',
        b'"2026-03-29T02:30:00"',
        b'"questionAnswers"',
        b'"categories"',
        b'"items"',
        b'"id": 1',
    ),
    "sched": (
        b'{"',
        b'":',
        b"]",
        b"}",
        b",",
        b'"event_start"',
        b'"event_end"',
        b'"start_time_ts"',
        b'"end_time_ts"',
        b'"venue"',
        b'"speakers"',
        b'"active": "N"',
        b'"name"',
        b'" - "',
        b"1775545200",
        b"-2208988800",
        b"PRODID:-//Sched.com X//EN\r\n",
        b"BEGIN:VEVENT\r\n",
        b"END:VEVENT\r\n",
        b"LOCATION:A\\, B\\, C\r\n",
        b"CATEGORIES:",
        b"DTSTART:",
        b"X-WR-TIMEZONE:",
    ),
    "pretalx-api": (
        b'{"',
        b'":',
        b"]",
        b"}",
        b",",
        b'"slots"',
        b'"results"',
        b'"submission"',
        b'"speakers"',
        b'"room"',
        b'"start"',
        b'"end"',
        b'"duration"',
        b'"timezone"',
        b'"locale"',
        b'"name": {"en": "x"}',
        b'{"de": ""}',
        b'"format": "pretalx-api-bundle"',
        b'"code"',
        b'"submission_type"',
        b'"track"',
        b'"next"',
    ),
    "indico": (
        b'{"',
        b'":',
        b"]",
        b"}",
        b",",
        b'"_type": "HTTPAPIResult"',
        b'"results"',
        b'"contributions"',
        b'"sessions"',
        b'"startDate"',
        b'"endDate"',
        b'{"date": "2026-03-29", "time": "02:30:00", "tz": "Europe/Paris"}',
        b'"tz"',
        b'"time"',
        b'"date"',
        b'"duration"',
        b'"speakers"',
        b'"isPoster": true',
        b'"id"',
    ),
    "sqlite": (
        b"SQLite format 3\x00",
        b"\x00\x00\x00\x00",
        b"\xff\xff\xff\xff",
        b"\x10\x00",
        b"\x0d\x00",
        b"CREATE VIEW",
        b"CREATE TRIGGER",
        b"WITH RECURSIVE",
        b"sessions",
        b"speakers",
        b"conferences",
        b"schema_info",
        b"session_speakers",
        b"INTEGER",
        b"TEXT",
    ),
}


def tokens(format_name: str) -> tuple[bytes, ...]:
    """The tokens the mutator inserts for ``format_name``.

    >>> b";TZID=" in tokens("ics"), b"99:99" in tokens("ics")
    (True, True)
    """
    return _COMMON_TOKENS + _FORMAT_TOKENS[format_name]


_JSON_VALUES: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    -1,
    2**70,
    1.5,
    1e308,
    "",
    "x" * 300,
    "\u0000",
    "2026-03-29T02:30:00",
    "99:99",
    "24:00",
    "0001-01-01T00:00:00+14:00",
    "9999-12-31T23:59:59-12:00",
    "Mars/Olympus",
    [],
    {},
    [1],
    {"id": "x"},
)


def seed_inputs(format_name: str, folders: Sequence[Path] = SEED_FOLDERS, exclude: Collection[str] = ()) -> list[bytes]:
    """The seed files for ``format_name``: those whose suffix and content are of that format, smallest first.

    Files named in ``exclude`` are left out.

    >>> any(b"BEGIN:VCALENDAR" in data for data in seed_inputs("ics"))
    True
    """
    from pyconf_schedule.exceptions import ScheduleParseError
    from pyconf_schedule.formats import detect_format

    if format_name == "sqlite":
        return _sqlite_seeds(folders)
    found: list[bytes] = []
    for folder in folders:
        if not folder.is_dir():
            continue
        for path in sorted(folder.iterdir()):
            if path.suffix not in SEED_SUFFIXES[format_name] or path.name in exclude or path.stat().st_size > 2_000_000:
                continue
            data = path.read_bytes()
            try:
                detected = detect_format(data)
            except ScheduleParseError:
                detected = None
            prefix = path.name.split("-")[0]
            prefixes = {
                "xml": "frab-xml",
                "c3voc": "c3voc-json",
                "ics": "ics",
                "json": "json",
                "sessionize": "sessionize",
                "sched": "sched",
                "pretalx": "pretalx-api",
                "indico": "indico",
            }
            if detected == format_name or prefixes.get(prefix) == format_name:
                found.append(data)
    return sorted(found, key=len) or [b""]


def _sqlite_seeds(folders: Sequence[Path]) -> list[bytes]:
    """Database files written from the native JSON seeds (no database is committed): the sqlite reader's seeds.

    >>> all(seed.startswith(b"SQLite format 3") for seed in _sqlite_seeds(SEED_FOLDERS[:1]))
    True
    """
    from pyconf_schedule.exceptions import ScheduleParseError
    from pyconf_schedule.formats import loads, write

    found: list[bytes] = []
    with tempfile.TemporaryDirectory() as folder:
        for index, data in enumerate(seed_inputs("json", folders)):
            try:
                conf = loads(data, "json")
            except ScheduleParseError:
                continue
            if conf.sessions:
                path = Path(folder) / f"seed{index}.sqlite"
                write(conf, path)
                found.append(path.read_bytes())
            if len(found) == 4:
                break
    return found or [b""]


class Mutator:
    """Seeded mutations of schedule files: bytes, tokens, splices, truncation and the format's structure."""

    def __init__(self, rng: random.Random, format_name: str, seeds: Sequence[bytes]) -> None:
        self.rng = rng
        self.format = format_name
        self.seeds = list(seeds) or [b""]
        self.tokens = tokens(format_name)

    def mutate(self, data: bytes) -> bytes:
        """One to four random mutations of ``data``, capped at 1 MB."""
        out = data
        for _ in range(self.rng.randint(1, 4)):
            operations: list[Callable[[bytes], bytes]] = [
                self._flip,
                self._insert_token,
                self._replace_token,
                self._delete,
                self._truncate,
                self._splice,
                self._duplicate,
                self._structure,
                self._structure,
            ]
            out = self.rng.choice(operations)(out)
        return out[:1_000_000]

    def _position(self, data: bytes) -> int:
        return self.rng.randrange(len(data) + 1)

    def _flip(self, data: bytes) -> bytes:
        if not data:
            return bytes([self.rng.randrange(256)])
        i = self.rng.randrange(len(data))
        return data[:i] + bytes([data[i] ^ (1 << self.rng.randrange(8))]) + data[i + 1 :]

    def _insert_token(self, data: bytes) -> bytes:
        i = self._position(data)
        return data[:i] + self.rng.choice(self.tokens) + data[i:]

    def _replace_token(self, data: bytes) -> bytes:
        i = self._position(data)
        return data[:i] + self.rng.choice(self.tokens) + data[i + self.rng.randint(1, 12) :]

    def _delete(self, data: bytes) -> bytes:
        i = self._position(data)
        return data[:i] + data[i + self.rng.randint(1, 64) :]

    def _truncate(self, data: bytes) -> bytes:
        return data[: self._position(data)]

    def _splice(self, data: bytes) -> bytes:
        other = self.rng.choice(self.seeds)
        return data[: self._position(data)] + other[self.rng.randrange(len(other) + 1) :]

    def _duplicate(self, data: bytes) -> bytes:
        i = self._position(data)
        j = min(len(data), i + self.rng.randint(1, 256))
        return data[:j] + data[i:j] * self.rng.randint(1, 8) + data[j:]

    def _structure(self, data: bytes) -> bytes:
        if self.format in ("json", "c3voc-json", "sessionize", "pretalx-api", "indico") or (
            self.format == "sched" and data.lstrip()[:1] == b"["
        ):
            return self._json(data)
        if self.format == "frab-xml":
            return self._xml(data)
        if self.format == "sqlite":
            return self._sqlite(data)
        return self._ics(data)

    def _sqlite(self, data: bytes) -> bytes:
        """Change one row of the database through SQL: a column set to a hostile value, a row deleted or repeated."""
        import sqlite3

        values: list[object] = [
            None,
            -1,
            0,
            2**63 - 1,
            1e308,
            "",
            "x",
            "9999-12-31T23:59:59+14:00",
            "Mars/Olympus",
            "[]",
            "{",
            "99:99",
            b"\xff\xfe",
            "\x00",
            "2026-03-29T02:30:00[Europe/Paris]",
        ]
        if not data.startswith(b"SQLite format 3\x00"):
            return self._flip(data)
        try:
            con = sqlite3.connect(":memory:")
            try:
                con.deserialize(data)
                tables = [
                    row[0]
                    for row in con.execute(
                        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '%fts%'"
                    )
                ]
                if not tables:
                    return self._flip(data)
                table = self.rng.choice(tables)
                columns = [row[1] for row in con.execute(f'PRAGMA table_info("{table}")')]
                action = self.rng.choice(["update", "update", "delete", "repeat"])
                if action == "update" and columns:
                    column = self.rng.choice(columns)
                    con.execute(
                        f'UPDATE "{table}" SET "{column}" = ? WHERE rowid IN '
                        f'(SELECT rowid FROM "{table}" ORDER BY random() LIMIT 1)',
                        (self.rng.choice(values),),
                    )
                elif action == "delete":
                    con.execute(
                        f'DELETE FROM "{table}" WHERE rowid IN (SELECT rowid FROM "{table}" ORDER BY random() LIMIT 1)'
                    )
                else:
                    con.execute(f'INSERT INTO "{table}" SELECT * FROM "{table}" ORDER BY random() LIMIT 1')
                con.commit()
                return con.serialize()
            finally:
                con.close()
        except (sqlite3.Error, ValueError, OverflowError, MemoryError):  # a mutated file sqlite cannot open
            return self._flip(data)

    def _json(self, data: bytes) -> bytes:
        try:
            document = json.loads(data)
        except (ValueError, RecursionError):
            return self._insert_token(data)
        nodes: list[tuple[Any, Any]] = []  # (container, key or index)

        def walk(value: Any, depth: int) -> None:
            if depth > 20 or len(nodes) > 5000:
                return
            items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
            for key, child in items:
                nodes.append((value, key))
                walk(child, depth + 1)

        walk(document, 0)
        if not nodes:
            return self._insert_token(data)
        container, key = self.rng.choice(nodes)
        choice = self.rng.random()
        if choice < 0.5:
            container[key] = self.rng.choice(_JSON_VALUES)
        elif choice < 0.7 and isinstance(container, list):
            container.append(container[key])
        elif choice < 0.85 and isinstance(container, dict):
            del container[key]
        else:
            source_container, source_key = self.rng.choice(nodes)
            container[key] = source_container[source_key]
        try:
            return json.dumps(document, ensure_ascii=self.rng.random() < 0.5).encode("utf-8", "surrogatepass")
        except (ValueError, RecursionError):
            return data

    def _xml(self, data: bytes) -> bytes:
        texts = [m.span(1) for m in re.finditer(rb">([^<]*)<", data[:200_000])]
        elements = [m.span() for m in re.finditer(rb"<(\w+)[^>]*>[^<]*</\1>", data[:200_000])]
        if self.rng.random() < 0.6 and texts:
            start, end = self.rng.choice(texts)
            return data[:start] + self.rng.choice(self.tokens) + data[end:]
        if elements:
            start, end = self.rng.choice(elements)
            return data[:end] + data[start:end] * self.rng.randint(1, 3) + data[end:]
        return self._insert_token(data)

    def _ics(self, data: bytes) -> bytes:
        lines = data.split(b"\r\n")
        if len(lines) < 2:
            return self._insert_token(data)
        i = self.rng.randrange(len(lines))
        choice = self.rng.random()
        if choice < 0.35 and b":" in lines[i]:
            name = lines[i].split(b":", 1)[0]
            lines[i] = name + b":" + self.rng.choice(self.tokens)
        elif choice < 0.55:
            lines.insert(i, lines[self.rng.randrange(len(lines))])
        elif choice < 0.7:
            del lines[i]
        elif choice < 0.85 and len(lines[i]) > 2:
            cut = self.rng.randrange(1, len(lines[i]))
            lines[i : i + 1] = [lines[i][:cut], b" " + lines[i][cut:]]  # fold anywhere, even inside a character
        else:
            lines.insert(i, self.rng.choice(self.tokens).rstrip(b"\r\n"))
        return b"\r\n".join(lines)


@attrs.define
class Finding:
    """An input that crashed (``kind`` "crash"), ran slow ("slow") or never finished ("hang")."""

    kind: str
    format: str
    data: bytes
    summary: str
    details: str
    seconds: float

    @property
    def signature(self) -> str:
        """What makes two findings the same bug: the kind, the exception type and where it was raised."""
        if self.kind != "crash":
            return self.kind
        return f"crash:{self.summary.split(':', 1)[0]}:{self.details.strip().splitlines()[-1] if self.details.strip() else ''}"


@attrs.define
class Stats:
    """What a run did: inputs tried per format and the findings, first of each signature kept."""

    tried: int = 0
    crashes: int = 0
    slow: int = 0
    findings: dict[str, Finding] = attrs.field(factory=dict)

    def line(self) -> str:
        """The summary line the script prints last."""
        return (
            f"fuzz: {self.tried} inputs tried, {self.crashes} crashes, {self.slow} slow inputs"
            f" ({len(self.findings)} distinct)"
        )


def check_reader(data: bytes, format_name: str, *, tz: str | None = None, slow: float | None = 1.0) -> Finding | None:
    """Read ``data`` as ``format_name``; a finding unless it gives a Conference or a ScheduleParseError in time.

    >>> check_reader(b"BEGIN:VCALENDAR\\r\\nEND:VCALENDAR\\r\\n", "ics") is None
    True
    """
    from pyconf_schedule import loads
    from pyconf_schedule.exceptions import ScheduleParseError

    started = time.perf_counter()
    try:
        with time_limit(_hang_bound(slow)):
            conf = loads(data, format_name, file_tz=tz)  # type: ignore[arg-type]
    except ScheduleParseError:
        conf = None
    except TimeLimitExceeded:
        return Finding("hang", format_name, data, f"still running after {_hang_bound(slow):g} s", "", _hang_bound(slow))
    except Exception as exc:  # the point of fuzzing: anything else is a bug
        return Finding(
            "crash",
            format_name,
            data,
            f"{type(exc).__name__}: {str(exc)[:200]}",
            _where(exc),
            time.perf_counter() - started,
        )
    if conf is not None:
        problem = _round_trip(conf, format_name)
        if problem is not None:
            return Finding("round-trip", format_name, data, problem[0], problem[1], time.perf_counter() - started)
    elapsed = time.perf_counter() - started
    if slow is not None and elapsed > slow:
        return Finding("slow", format_name, data, f"took {elapsed:.2f} s", "", elapsed)
    return None


def _where(exc: BaseException) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    own = [f for f in frames if "pyconf_schedule" in f.filename] or frames
    return "".join(traceback.format_list(own[-3:]))


def _round_trip(conf: Conference, format_name: str) -> tuple[str, str] | None:
    """What the library read, it writes and reads back: losslessly in native JSON, and in the format it came from.

    Returns a description and a location where that fails, else None.
    """
    from pyconf_schedule.formats import dumps, format_names, loads

    # The format it came from when that one is also written (not sqlite, a file; not the read-only platforms).
    targets = ["json"] + (
        [format_name] if format_name not in ("json", "sqlite") and format_name in format_names() else []
    )
    for target in targets:
        stage = f"write {target}"
        try:
            text = dumps(conf, target)  # type: ignore[arg-type]
            stage = f"read back {target}"
            again = loads(text, target)  # type: ignore[arg-type]
        except Exception as exc:  # our own output must always be written and read back
            return f"{stage}: {type(exc).__name__}: {str(exc)[:200]}", _where(exc)
        if target == "json" and again != conf:
            return "read back json: the conference differs from the one written", ""
    return None


def check_cli(data: bytes, format_name: str, *, folder: Path, slow: float | None = 1.0) -> Finding | None:
    """Run ``pyconf-schedule list FILE --from FORMAT`` on ``data``; a finding on an escape, a bad exit or a bad stderr.

    A control character on stderr (echoed from the input) is a finding too.
    """
    from pyconf_schedule.cli import main

    path = folder / f"input{SUFFIX[format_name]}"
    path.write_bytes(data)
    out, err = io.StringIO(), io.StringIO()
    started = time.perf_counter()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), time_limit(_hang_bound(slow)):
            code = main(["list", str(path), "--from", format_name])
    except TimeLimitExceeded:
        return Finding("hang", format_name, data, f"still running after {_hang_bound(slow):g} s", "", _hang_bound(slow))
    except BaseException as exc:  # a traceback for the user
        return Finding(
            "crash",
            format_name,
            data,
            f"{type(exc).__name__}: {str(exc)[:200]}",
            _where(exc),
            time.perf_counter() - started,
        )
    elapsed = time.perf_counter() - started
    lines = err.getvalue().splitlines()
    problem = None
    if code not in (0, 1, 2):
        problem = f"exit {code}"
    elif any((ord(c) < 32 and c != "\n") or 127 <= ord(c) < 160 for c in err.getvalue()):
        problem = "control characters on stderr"
    elif code == 2 and not (
        lines
        and lines[0].startswith("pyconf-schedule: error: ")
        and (len(lines) == 1 or (len(lines) == 2 and lines[1].startswith("hint: ")))
    ):
        problem = "exit 2 without one error line"
    if problem:
        return Finding("crash", format_name, data, f"CLI: {problem}", err.getvalue()[-2000:], elapsed)
    if slow is not None and elapsed > slow:
        return Finding("slow", format_name, data, f"took {elapsed:.2f} s", "", elapsed)
    return None


def save(finding: Finding, folder: Path) -> Path:
    """Write the input and a ``.txt`` describing the finding into ``folder``; return the input's path."""
    folder.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha1(finding.data).hexdigest()[:12]
    path = folder / f"{finding.format}-{finding.kind}-{digest}{SUFFIX[finding.format]}"
    path.write_bytes(finding.data)
    path.with_suffix(".txt").write_text(
        f"{finding.kind} reading {finding.format} ({finding.seconds:.2f} s): {finding.summary}\n{finding.details}",
        encoding="utf-8",
    )
    return path


def run(
    formats: Sequence[str],
    *,
    seconds: float | None = None,
    inputs: int | None = None,
    seed: int = 0,
    crashes: Path | None = None,
    slow: float | None = 1.0,
    cli: bool = False,
    folders: Sequence[Path] = SEED_FOLDERS,
    exclude: Collection[str] = (),
    zones: Sequence[str] = ZONES,
    report: Callable[[str], None] = print,
) -> Stats:
    """Fuzz ``formats`` round robin until ``seconds`` pass or ``inputs`` are tried; findings go to ``crashes``.

    ``slow=None`` reports hangs (after :data:`HANG_SECONDS`) but no slow inputs.

    >>> run(["json"], inputs=20, seed=1, report=lambda line: None).tried
    20
    """
    if seconds is None and inputs is None:
        raise ValueError("give seconds or inputs")
    stats = Stats()
    rng = random.Random(seed)
    pools = {name: seed_inputs(name, folders, exclude) for name in formats}
    mutators = {name: Mutator(rng, name, pools[name]) for name in formats}
    deadline = time.monotonic() + seconds if seconds is not None else None
    with tempfile.TemporaryDirectory(prefix="pyconf-fuzz-") as scratch:
        while (inputs is None or stats.tried < inputs) and (deadline is None or time.monotonic() < deadline):
            name = formats[stats.tried % len(formats)]
            data = mutators[name].mutate(rng.choice(pools[name]))
            tz = None if rng.random() < 0.7 else rng.choice(zones)
            if cli:
                finding = check_cli(data, name, folder=Path(scratch), slow=slow)
            else:
                finding = check_reader(data, name, tz=tz, slow=slow)
            stats.tried += 1
            if finding is None:
                continue
            if finding.kind in ("crash", "round-trip"):
                stats.crashes += 1
            else:
                stats.slow += 1
            if finding.signature not in stats.findings:
                stats.findings[finding.signature] = finding
                where = save(finding, crashes) if crashes is not None else None
                report(f"{finding.kind} ({name}): {finding.summary}" + (f" -> {where}" if where else ""))
    return stats


def _run_atheris(
    formats: Sequence[str], seconds: float, crashes: Path, slow: float | None, cli: bool
) -> Stats:  # pragma: no cover
    import importlib

    atheris: Any = importlib.import_module("atheris")
    with atheris.instrument_imports():
        import pyconf_schedule.formats.frab_json
        import pyconf_schedule.formats.frab_xml
        import pyconf_schedule.formats.ics
        import pyconf_schedule.formats.native  # noqa: F401

    stats = Stats()
    deadline = time.monotonic() + seconds
    corpus = Path(tempfile.mkdtemp(prefix="pyconf-fuzz-seeds-"))
    for index, name in enumerate(formats):
        for n, data in enumerate(seed_inputs(name)):
            (corpus / f"{index}-{n}").write_bytes(bytes([index]) + data)
    scratch = Path(tempfile.mkdtemp(prefix="pyconf-fuzz-"))

    def one_input(raw: bytes) -> None:
        if time.monotonic() > deadline:
            print(stats.line(), flush=True)
            import os

            os._exit(1 if stats.findings else 0)
        if not raw:
            return
        name = formats[raw[0] % len(formats)]
        data = raw[1:]
        finding = check_cli(data, name, folder=scratch, slow=slow) if cli else check_reader(data, name, slow=slow)
        stats.tried += 1
        if finding is not None:
            stats.crashes += finding.kind in ("crash", "round-trip")
            stats.slow += finding.kind not in ("crash", "round-trip")
            if finding.signature not in stats.findings:
                stats.findings[finding.signature] = finding
                print(f"{finding.kind} ({name}): {finding.summary} -> {save(finding, crashes)}", flush=True)

    atheris.Setup([sys.argv[0], str(corpus), "-rss_limit_mb=4096"], one_input)
    atheris.Fuzz()
    return stats


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the options, fuzz, print the findings and the summary; exit 1 when anything was found."""
    parser = argparse.ArgumentParser(prog="fuzz_readers.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--format", default="all", choices=[*READABLE, "all"], help="the reader to fuzz (default all)")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--minutes", type=float, help="how long to run (default 1)")
    budget.add_argument("--inputs", type=int, help="how many inputs to try instead of a time")
    parser.add_argument("--seed", type=int, default=0, help="seed of the mutator (default 0)")
    parser.add_argument("--crashes", type=Path, help="folder for findings (default: a new temporary folder)")
    parser.add_argument(
        "--slow",
        type=float,
        default=1.0,
        help="seconds after which an input counts as slow (default 1; 0: report hangs only)",
    )
    parser.add_argument(
        "--cli", action="store_true", help="run `pyconf-schedule list` in-process instead of the reader"
    )
    parser.add_argument(
        "--engine",
        choices=["auto", "mutator", "atheris"],
        default="auto",
        help="atheris (coverage-guided), the seeded mutator, or auto: atheris when it imports (default)",
    )
    args = parser.parse_args(argv)
    slow = args.slow or None
    formats = list(READABLE) if args.format == "all" else [args.format]
    crashes = args.crashes or Path(tempfile.mkdtemp(prefix="pyconf-fuzz-crashes-"))
    engine = args.engine
    if engine in ("auto", "atheris"):
        try:
            __import__("atheris")
        except ImportError:
            if engine == "atheris":
                parser.error("atheris is not installed (pip install atheris)")
            engine = "mutator"
        else:
            engine = "atheris"
    print(
        f"fuzz: {', '.join(formats)}{' via the CLI' if args.cli else ''}, engine {engine}, seed {args.seed},"
        f" findings in {crashes}",
        flush=True,
    )
    if engine == "atheris":  # pragma: no cover
        stats = _run_atheris(formats, (args.minutes or 1.0) * 60, crashes, slow, args.cli)
    else:
        seconds = None if args.inputs is not None else (args.minutes or 1.0) * 60
        stats = run(
            formats,
            seconds=seconds,
            inputs=args.inputs,
            seed=args.seed,
            crashes=crashes,
            slow=slow,
            cli=args.cli,
            report=lambda line: print(line, flush=True),
        )
    print(stats.line())
    return 1 if stats.findings else 0


if __name__ == "__main__":
    sys.exit(main())
