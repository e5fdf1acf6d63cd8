"""Benchmark: the library at scale, each operation against a baseline in the same run.

A synthetic conference (5 days, 200 rooms, 50 tracks, 1-3 speakers a session,
~500-character abstracts, a fixed random seed) is generated at each size, and
every file read is written by the library's own writer from it.  Each
operation is timed next to a baseline doing comparable work with the
standard library in the same run:

* reading: every readable format (native JSON, iCalendar, frab XML, c3voc
  JSON, SQLite), and frab XML and c3voc JSON whose persons have no id;
  the platforms, which the library reads but does not write, from files
  made of the same conference (:func:`sessionize_all`, :func:`sched_export`,
  and the iCalendar export with Sched's PRODID);
  baselines ``json.loads``, ``xml.etree.ElementTree.fromstring``, an
  unfold-and-split of the iCalendar lines, and a ``SELECT`` of every row of
  every table the SQLite reader reads;
* writing: every writable format; baselines ``json.dumps`` of the same
  document, ``ElementTree.tostring`` of the same tree, the ``csv`` module
  writing the same rows, sqlite3 inserting the sessions, speakers and FTS5
  text into a new file, and for formats the standard library cannot write
  (iCalendar, Markdown, HTML) ``json.dumps`` of the same data;
* memory: the peak (``tracemalloc``) of reading native JSON from text and from
  a file path, against ``json.loads`` and ``json.load``, and how much a fresh
  interpreter's resident memory grows by reading the file, against the
  file's size;
* queries: indexed in-memory SQLite (FTS5 for search), a list comprehension
  or a dict.

The first table gives both times (or peaks) and their ratio; the second the
growth exponent of every reader and writer between consecutive sizes
(``log(t2 / t1) / log(n2 / n1)``: 1.0 is linear, and at most 1.2 means
doubling the input at most doubles the time, give or take 15%), for the
library and for its baseline.  Repeated queries are timed after a first
call, which is reported apart (it builds any index; the garbage earlier steps
left is collected first, so that it is not timed there); they are the median
of ``--repeat`` calls.  ``search(another word each call)`` asks for a word
not asked before at each call: the search document scanned for
``"zeppelin"``, the first word asked, so the first of these builds its word
table and the later ones are lookups.  Reads and writes are the best
of three runs below 50k sessions and one run from there (``--io-repeat``),
memory a single run.

CPython's cyclic garbage collector makes building millions of objects grow a
little faster than linearly (its full collections walk every live object),
for the library and its baselines alike; ``--no-gc`` pauses it during each
timed call, to show the growth of the code itself.

    python benchmarks/scale.py [--sizes 1000 10000] [--repeat 5] [--only read write memory query]
    python benchmarks/scale.py --sizes 1000 10000 --only read write --no-gc
    python benchmarks/scale.py --readers-only --sizes 1000000 [--formats json]

``--readers-only`` (``--only read``) times the readers alone: the files are
written to a temporary folder and the conference is dropped before reading,
so memory holds one file and what is read from it; ``--formats`` limits a
run to some formats.  The peak resident memory grows about linearly: 340 MiB
for all readers at 20k sessions, so about 17 GiB at 1M (one format per run,
``--formats json``, needs less).

Not a test: the suite stays fast and never asserts a time.
"""

from __future__ import annotations

import argparse
import csv
import gc
import io
import itertools
import json
import math
import os
import random
import re
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from pyconf_schedule import Conference, Room, Session, SessionKind, Speaker, Track
from pyconf_schedule.formats import FormatName, ReadableFormat, TextFormat, dumps, format_names, loads, read, write

_ZONE = ZoneInfo("Europe/Paris")
_UTC = ZoneInfo("UTC")
_SYLLABLES = ("ka", "lo", "mi", "ne", "pu", "ra", "si", "to", "vu", "ze", "ba", "do", "fe", "gi", "ho", "ju")
_KINDS = (SessionKind.TALK, SessionKind.TALK, SessionKind.TALK, SessionKind.KEYNOTE, SessionKind.WORKSHOP)


def _word(rng: random.Random) -> str:
    return "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 4)))


def make_conference(n: int, seed: int = 1) -> Conference:
    """A synthetic conference of ``n`` sessions; the same ``n`` and ``seed`` give the same one."""
    rng = random.Random(seed)
    vocabulary = [_word(rng) for _ in range(5000)]
    rooms = [Room(id=f"room-{i}", name=f"Room {i}") for i in range(200)]
    tracks = [Track(id=f"track-{i}", name=f"Track {vocabulary[i].title()}") for i in range(50)]
    speakers = [
        Speaker(id=f"sp-{i}", name=f"{vocabulary[rng.randrange(5000)].title()} {vocabulary[rng.randrange(5000)].title()} {i}",
                organisation=f"Org {i % 300}")
        for i in range(max(1, n // 2))
    ]  # fmt: skip
    first_day = datetime(2026, 6, 1, 9, 0, tzinfo=_ZONE)
    sessions = []
    for i in range(n):
        start = first_day + timedelta(days=rng.randrange(5), minutes=15 * rng.randrange(36))
        abstract_words = [rng.choice(vocabulary) for _ in range(70)]
        if i % 997 == 0:
            abstract_words[rng.randrange(70)] = "zeppelin"
        sessions.append(
            Session(
                id=f"s{i}",
                title=" ".join(rng.choice(vocabulary) for _ in range(6)).capitalize(),
                kind=rng.choice(_KINDS),
                start=start,
                end=start + timedelta(minutes=rng.choice((30, 45, 60))),
                room=rooms[rng.randrange(200)],
                track=tracks[rng.randrange(50)],
                speakers=tuple(rng.sample(speakers, rng.randint(1, 3))),
                abstract=" ".join(abstract_words)[:500],
            )
        )
    used = {p.id for s in sessions for p in s.speakers}
    return Conference(
        id=f"synthetic-{n}", name=f"Synthetic {n}", timezone="Europe/Paris", sessions=sessions,
        speakers=[p for p in speakers if p.id in used], rooms=rooms, tracks=tracks,
    )  # fmt: skip


def _sqlite(conf: Conference, target: str = ":memory:") -> sqlite3.Connection:
    """The baseline: the conference in an indexed SQLite database (in memory unless ``target`` names a file), FTS5 for text."""
    db = sqlite3.connect(target)
    db.executescript(
        """
        CREATE TABLE sessions (id TEXT PRIMARY KEY, title TEXT, abstract TEXT, kind TEXT,
                               start REAL, "end" REAL, day TEXT, room_id TEXT, track_id TEXT);
        CREATE TABLE speakers (id TEXT PRIMARY KEY, name TEXT COLLATE NOCASE);
        CREATE TABLE session_speakers (session_id TEXT, speaker_id TEXT);
        CREATE INDEX sessions_start ON sessions (start);
        CREATE INDEX sessions_day ON sessions (day);
        CREATE INDEX sessions_room ON sessions (room_id);
        CREATE INDEX sessions_track ON sessions (track_id);
        CREATE INDEX sessions_kind ON sessions (kind);
        CREATE INDEX speakers_name ON speakers (name);
        CREATE INDEX session_speakers_speaker ON session_speakers (speaker_id);
        CREATE VIRTUAL TABLE search USING fts5 (id UNINDEXED, title, abstract, names);
        """
    )
    db.executemany("INSERT INTO speakers VALUES (?, ?)", [(p.id, p.name) for p in conf.speakers])
    rows = []
    for s in conf.sessions:
        assert s.start is not None and s.end is not None and s.room and s.track
        rows.append((s.id, s.title, s.abstract, s.kind.value, s.start.timestamp(), s.end.timestamp(),
                     s.start.date().isoformat(), s.room.id, s.track.id))  # fmt: skip
    db.executemany("INSERT INTO sessions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    db.executemany(
        "INSERT INTO session_speakers VALUES (?, ?)", [(s.id, p.id) for s in conf.sessions for p in s.speakers]
    )
    db.executemany(
        "INSERT INTO search VALUES (?, ?, ?, ?)",
        [(s.id, s.title, s.abstract, " ".join(p.name for p in s.speakers)) for s in conf.sessions],
    )
    db.commit()
    return db


_PAUSE_GC = False  # --no-gc: the cyclic garbage collector off during each timed call


def _timed(call: Callable[[], object], collect: bool = False) -> float:
    """The time of one call, in seconds (the collector paused if ``--no-gc``); ``collect`` first clears old garbage."""
    if collect:  # not before queries of microseconds: it would leave them a cold CPU cache
        gc.collect()
    if _PAUSE_GC:
        gc.disable()
    try:
        start = time.perf_counter()
        call()
        return time.perf_counter() - start
    finally:
        gc.enable()


def _time(call: Callable[[], object], repeat: int) -> float:
    """The median time of ``repeat`` calls, in seconds."""
    return statistics.median(_timed(call) for _ in range(repeat))


def _best(call: Callable[[], object], repeat: int) -> float:
    """The least time of ``repeat`` calls, in seconds: the one least disturbed by other work on the machine."""
    return min(_timed(call, collect=True) for _ in range(repeat))


def _once(call: Callable[[], object]) -> float:
    """A first call's time, after collecting the garbage earlier steps left (the files written, the documents
    read), which would otherwise be collected, and timed, in whichever first call happens to allocate next."""
    return _timed(call, collect=True)


def _peak(call: Callable[[], object]) -> float:
    """The peak memory, in bytes, that ``call()`` allocates (``tracemalloc``), its result included."""
    gc.collect()
    tracemalloc.start()
    try:
        call()
        return float(tracemalloc.get_traced_memory()[1])
    finally:
        tracemalloc.stop()


@dataclass(frozen=True)
class Row:
    """One line of the table: an operation at one size, the library against its baseline."""

    group: str  # "read", "write", "memory" or "query"
    name: str
    n: int
    library: float  # seconds, or bytes for memory
    baseline_name: str
    baseline: float
    goal: float | None = None  # the goal for the ratio (library / baseline), where it sets one


# ---------------------------------------------------------------------------
# files: written by the library's own writers
# ---------------------------------------------------------------------------

_SUFFIX: dict[str, str] = {
    "json": "json",
    "ics": "ics",
    "frab-xml": "xml",
    "c3voc-json": "c3voc.json",
    "sqlite": "sqlite",
}
_PERSON_TAG = re.compile(r"<person\b[^>]*>")


def _without_person_ids_xml(text: str) -> str:
    """frab XML whose ``<person>`` elements carry no id or guid."""
    return _PERSON_TAG.sub("<person>", text)


def _without_person_ids_json(text: str) -> str:
    """c3voc JSON whose persons carry no id, guid or code."""
    document = json.loads(text)
    for day in document["schedule"]["conference"]["days"]:
        for events in day["rooms"].values():
            for event in events:
                for person in event["persons"]:
                    for key in ("id", "guid", "code"):
                        person.pop(key, None)
    return json.dumps(document, ensure_ascii=False, indent=1)


# (row name, format read, file key, baseline name, baseline on the file's bytes)
_READERS: tuple[tuple[str, ReadableFormat, str, str, Callable[[bytes, Path], object]], ...] = (
    ("read native JSON", "json", "json", "json.loads", lambda data, _: json.loads(data)),
    ("read iCalendar", "ics", "ics", "unfold + split lines",
     lambda data, _: [line.split(":", 1) for line in data.decode().replace("\r\n ", "").splitlines()]),
    ("read frab XML", "frab-xml", "frab-xml", "ElementTree.fromstring", lambda data, _: ET.fromstring(data)),
    ("read frab XML, persons without id", "frab-xml", "frab-xml-no-ids", "ElementTree.fromstring",
     lambda data, _: ET.fromstring(data)),
    ("read c3voc JSON", "c3voc-json", "c3voc-json", "json.loads", lambda data, _: json.loads(data)),
    ("read c3voc JSON, persons without id", "c3voc-json", "c3voc-json-no-ids", "json.loads",
     lambda data, _: json.loads(data)),
    ("read SQLite", "sqlite", "sqlite", "sqlite3 SELECT every row", lambda _, path: _select_all(path)),
    ("read Sessionize view/All", "sessionize", "sessionize", "json.loads", lambda data, _: json.loads(data)),
    ("read Sched session JSON", "sched", "sched-json", "json.loads", lambda data, _: json.loads(data)),
    ("read Sched all.ics", "sched", "sched-ics", "unfold + split lines",
     lambda data, _: [line.split(":", 1) for line in data.decode().replace("\r\n ", "").splitlines()]),
)  # fmt: skip


_READ_GOALS: dict[str, float] = {"json": 3.0, "frab-xml": 3.0}
"""The goal of each reader's ratio to its raw parse: 3x for native JSON (its own goal) and XML, 4x for the others."""
_WRITE_GOALS = ("json", "c3voc-json", "frab-xml", "csv")
"""The writers whose baseline writes the same output (json.dumps, ElementTree.tostring, csv.writer): goal 2x."""


def sessionize_all(conf: Conference) -> str:
    """Sessionize's view/All of ``conf``: sessions naming speakers, rooms and category items by id, times in UTC."""
    tracks = {t.id: 1000 + i for i, t in enumerate(conf.tracks)}
    rooms = {r.id: i for i, r in enumerate(conf.rooms)}
    document = {
        "sessions": [{
            "id": s.id, "title": s.title, "description": s.abstract,
            "startsAt": s.start and s.start.astimezone(_UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "endsAt": s.end and s.end.astimezone(_UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "isServiceSession": s.kind is SessionKind.BREAK, "isPlenumSession": False,
            "speakers": [p.id for p in s.speakers], "categoryItems": [tracks[s.track.id]] if s.track else [],
            "questionAnswers": [], "roomId": rooms[s.room.id] if s.room else None,
        } for s in conf.sessions],
        "speakers": [{"id": p.id, "firstName": p.name, "lastName": "", "fullName": p.name, "bio": p.bio,
                      "tagLine": f"Engineer @ {p.organisation}" if p.organisation else None, "links": []}
                     for p in conf.speakers],
        "categories": [{"id": 1, "title": "Track", "items": [{"id": tracks[t.id], "name": t.name} for t in conf.tracks]}],
        "rooms": [{"id": rooms[r.id], "name": r.name} for r in conf.rooms],
        "questions": [],
    }  # fmt: skip
    return json.dumps(document, ensure_ascii=False, indent=1)


def sched_export(conf: Conference) -> str:
    """Sched's session/export of ``conf``: wall times in its zone with their epoch seconds, speakers appended to names."""

    def wall(value: datetime) -> str:
        return value.strftime("%Y-%m-%d %H:%M")

    document = [{
        "event_key": s.id, "id": s.id, "active": "Y",
        "name": f"{s.title} - " + ", ".join(p.name for p in s.speakers) if s.speakers else s.title,
        "event_start": s.start and wall(s.start), "event_end": s.end and wall(s.end),
        "start_time_ts": s.start and int(s.start.timestamp()), "end_time_ts": s.end and int(s.end.timestamp()),
        "event_type": s.kind.label, "event_subtype": s.track and s.track.name, "venue": s.room and s.room.name,
        "venue_id": s.room and s.room.id, "description": s.abstract,
        "speakers": [{"name": p.name, "company": p.organisation, "username": p.id} for p in s.speakers], "files": [],
    } for s in conf.sessions]  # fmt: skip
    return json.dumps(document, ensure_ascii=False, indent=1)


def _platform_files(conf: Conference, folder: Path) -> dict[str, Path]:
    """The platform files the readers of sessionize and sched are timed on, made of ``conf``."""
    n = len(conf.sessions)
    texts = {
        "sessionize": sessionize_all(conf),
        "sched-json": sched_export(conf),
        "sched-ics": dumps(conf, "ics").replace(
            "PRODID:-//pyconf-schedule//pyconf-schedule//EN", "PRODID:-//Sched.com Synthetic//EN"
        ),
    }
    files = {}
    for key, text in texts.items():
        files[key] = folder / f"{n}.{key}.{'ics' if key.endswith('ics') else 'json'}"
        files[key].write_bytes(text.encode())
    return files


_SQLITE_TABLES = ("conferences", "sources", "rooms", "tracks", "speakers", "sessions", "session_speakers", "conflicts")


def _select_all(path: Path) -> list[list[Any]]:
    """Every row of every table the SQLite reader reads, by plain ``SELECT *``."""
    db = sqlite3.connect(path)
    try:
        return [db.execute(f"SELECT * FROM {table}").fetchall() for table in _SQLITE_TABLES]
    finally:
        db.close()


def _write_baseline(
    format: FormatName, text: str, document: Any, conf: Conference, folder: Path
) -> tuple[str, Callable[[], object]]:
    """The standard-library baseline for writing ``format``, given the library's own output ``text``."""
    if format == "json":
        return "json.dumps", lambda: json.dumps(document, ensure_ascii=False, indent=1)
    if format == "c3voc-json":
        c3voc = json.loads(text)
        return "json.dumps", lambda: json.dumps(c3voc, ensure_ascii=False, indent=1)
    if format == "frab-xml":
        tree = ET.fromstring(text.encode())
        return "ElementTree.tostring", lambda: ET.tostring(tree, encoding="unicode")
    if format == "csv":
        rows = list(csv.reader(io.StringIO(text)))
        return "csv.writer", lambda: csv.writer(io.StringIO()).writerows(rows)
    if format == "sqlite":
        count = 0

        def insert() -> None:
            nonlocal count
            count += 1
            _sqlite(conf, str(folder / f"baseline-{count}.sqlite")).close()

        return "sqlite3 inserts (new file)", insert
    return "json.dumps (same data)", lambda: json.dumps(document, ensure_ascii=False, indent=1)


def _write_files(
    conf: Conference, folder: Path, repeat: int, timed: bool, formats: Sequence[str]
) -> tuple[dict[str, Path], list[Row]]:
    """Write ``conf`` in ``formats`` (timing each writer against its baseline when ``timed``); the files to read."""
    n = len(conf.sessions)
    rows: list[Row] = []
    files: dict[str, Path] = {}
    native_text = dumps(conf, "json")
    document = json.loads(native_text)
    readable = set(format_names("read"))
    for format in format_names():
        if format not in formats or (not timed and format not in readable):
            continue
        if format == "parquet":  # an optional extra writing a folder: benchmarks/tables.py measures it
            continue
        if format == "sqlite":
            count = 0

            def write_sqlite() -> None:
                nonlocal count
                count += 1
                write(conf, folder / f"{count}.sqlite")

            library_time = _best(write_sqlite, repeat if timed else 1)
            files["sqlite"] = folder / "1.sqlite"
        else:
            text = ""

            def write_text(format: TextFormat = format) -> None:  # sqlite is written above
                nonlocal text
                text = dumps(conf, format)

            library_time = _best(write_text, repeat if timed else 1)
            if format in readable:
                files[format] = folder / f"{n}.{_SUFFIX[format]}"
                files[format].write_bytes(text.encode())
            if format == "frab-xml":
                files["frab-xml-no-ids"] = folder / f"{n}.no-ids.xml"
                files["frab-xml-no-ids"].write_bytes(_without_person_ids_xml(text).encode())
            if format == "c3voc-json":
                files["c3voc-json-no-ids"] = folder / f"{n}.no-ids.c3voc.json"
                files["c3voc-json-no-ids"].write_bytes(_without_person_ids_json(text).encode())
        if timed:
            baseline_name, baseline = _write_baseline(
                format, text if format != "sqlite" else "", document, conf, folder
            )
            goal = 2.0 if format in _WRITE_GOALS else None
            rows.append(Row("write", f"write {format}", n, library_time, baseline_name, _best(baseline, repeat), goal))
    return files, rows


def _reads(n: int, files: dict[str, Path], repeat: int) -> list[Row]:
    rows = []
    for name, format, key, baseline_name, baseline in _READERS:
        if key not in files:
            continue
        path = files[key]
        data = path.read_bytes()
        limit = len(data)  # over 50 MiB from ~44k native sessions: read with the limit raised, as a user would
        if format == "sqlite":
            library_time = _best(partial(read, path, max_bytes=limit), repeat)
        else:
            library_time = _best(partial(loads, data, format, max_bytes=limit), repeat)
        goal = _READ_GOALS.get(format, 4.0)
        rows.append(
            Row("read", name, n, library_time, baseline_name, _best(partial(baseline, data, path), repeat), goal)
        )
        del data
    return rows


def _memory(n: int, path: Path) -> list[Row]:
    """Peak memory of reading native JSON: from text (text already in memory) and from the file path."""
    loads(dumps(make_conference(6), "json"), "json")  # imports and caches first: they are not the reading's memory
    text = path.read_text(encoding="utf-8")
    limit = path.stat().st_size

    def load_file() -> object:
        with path.open(encoding="utf-8") as stream:
            return json.load(stream)

    return [
        Row("memory", "read native JSON: peak memory, from text", n, _peak(lambda: loads(text, "json", max_bytes=limit)),
            "json.loads", _peak(lambda: json.loads(text)), 1.5),
        Row("memory", "read native JSON: peak memory, from a file", n, _peak(lambda: read(path, max_bytes=limit)),
            "json.load", _peak(load_file), 1.5),
        Row("memory", "a loaded conference: resident growth", n, _resident_growth(path), "the file's size", limit, 2.0),
    ]  # fmt: skip


_RESIDENT = """
import sys
def resident():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * PAGE
PAGE = int(sys.argv[2])
from pyconf_schedule import read
read(sys.argv[1][:-5] + "-warm.json")  # imports and caches first: they are not the conference's memory
before = resident()
conf = read(sys.argv[1], max_bytes=int(sys.argv[3]))
print(resident() - before, len(conf.sessions))
"""


def _resident_growth(path: Path) -> float:
    """How much the resident memory of a fresh interpreter grows by ``read(path)``, in bytes (Linux: /proc).

    What the process keeps after the read: the conference, and whatever memory the read used that the allocator
    keeps rather than returning it.  A small file is read first, so imports and caches are not counted.
    """
    if not os.path.exists("/proc/self/statm"):
        return float("nan")
    warm = path.with_name(path.name[: -len(".json")] + "-warm.json")
    warm.write_text(dumps(make_conference(6), "json"), encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-c", _RESIDENT, str(path), str(os.sysconf("SC_PAGE_SIZE")), str(path.stat().st_size)],
        check=True, capture_output=True, text=True,
    ).stdout.split()  # fmt: skip
    return float(out[0])


def _queries(conf: Conference, repeat: int) -> list[Row]:
    n = len(conf.sessions)
    db = _sqlite(conf)
    speaker = conf.speakers[len(conf.speakers) // 2]
    session_id = conf.sessions[n // 2].id
    instant = datetime(2026, 6, 3, 12, 10, tzinfo=_ZONE)
    ts = instant.timestamp()
    day = "2026-06-03"
    dicts = [
        {"id": s.id, "text": f"{s.title} {s.abstract} {' '.join(p.name for p in s.speakers)}".lower()}
        for s in conf.sessions
    ]
    speakers_by_name = {p.name.lower(): p for p in conf.speakers}
    sessions_by_id = {s.id: s for s in conf.sessions}
    titles = sorted({w for s in conf.sessions[:2000] for w in (s.title or "").lower().split()})
    fresh_words = itertools.cycle(titles)  # a word not asked before at each call (until the cycle turns)

    def sql(query: str, *args: object) -> Callable[[], object]:
        return lambda: db.execute(query, args).fetchall()

    def fts_fresh() -> object:
        query = "SELECT s.* FROM search f JOIN sessions s ON s.id = f.id WHERE search MATCH ? ORDER BY s.start"
        return db.execute(query, (next(fresh_words),)).fetchall()

    queries: list[tuple[str, Callable[[], object], str, Callable[[], object]]] = [
        ("by_speaker(name)", lambda: conf.by_speaker(speaker.name), "sqlite indexed",
         sql("SELECT s.* FROM speakers p JOIN session_speakers x ON x.speaker_id = p.id "
             "JOIN sessions s ON s.id = x.session_id WHERE p.name = ? ORDER BY s.start", speaker.name)),
        ("by_room(name)", lambda: conf.by_room("Room 7"), "sqlite indexed",
         sql("SELECT * FROM sessions WHERE room_id = ? ORDER BY start", "room-7")),
        ("by_track(name)", lambda: conf.by_track(conf.tracks[3].name), "sqlite indexed",
         sql("SELECT * FROM sessions WHERE track_id = ? ORDER BY start", "track-3")),
        ("by_kind(keynote)", lambda: conf.by_kind("keynote"), "sqlite indexed",
         sql("SELECT * FROM sessions WHERE kind = ? ORDER BY start", "keynote")),
        ("on(day)", lambda: conf.on(day), "sqlite indexed",
         sql("SELECT * FROM sessions WHERE day = ? ORDER BY start", day)),
        ("at(t)", lambda: conf.at(instant), "sqlite indexed",
         sql('SELECT * FROM sessions WHERE start <= ? AND "end" > ? ORDER BY start', ts, ts)),
        ("between(t, t+1h)", lambda: conf.between(instant, instant + timedelta(hours=1)), "sqlite indexed",
         sql('SELECT * FROM sessions WHERE start < ? AND "end" > ? ORDER BY start', ts + 3600, ts)),
        ('search("zeppelin")', lambda: conf.search("zeppelin"), "sqlite FTS5",
         sql("SELECT s.* FROM search f JOIN sessions s ON s.id = f.id WHERE search MATCH ? ORDER BY s.start", "zeppelin")),
        ('search("zeppelin")', lambda: conf.search("zeppelin"), "list comprehension",
         lambda: [d for d in dicts if "zeppelin" in d["text"]]),
        # A word not searched before at each call.  "zeppelin" was the first word: scanned; the first of these is
        # the second, which builds the word table (as FTS5 builds its index, once); the later ones are lookups.
        ("search(another word each call)", lambda: conf.search(next(fresh_words)), "sqlite FTS5, another word", fts_fresh),
        ("conf.speaker(name)", lambda: conf.speaker(speaker.name), "sqlite indexed",
         sql("SELECT * FROM speakers WHERE name = ?", speaker.name)),
        ("conf.speaker(name)", lambda: conf.speaker(speaker.name), "dict", lambda: speakers_by_name[speaker.name.lower()]),
        ("conf.session(id)", lambda: conf.session(session_id), "sqlite indexed",
         sql("SELECT * FROM sessions WHERE id = ?", session_id)),
        ("conf.session(id)", lambda: conf.session(session_id), "dict", lambda: sessions_by_id[session_id]),
    ]  # fmt: skip
    rows = []
    seen = set()
    for name, library, baseline_name, baseline in queries:
        if name not in seen:  # the first call builds the index: reported once per query, against its first baseline
            seen.add(name)
            rows.append(Row("query", name + " first call", n, _once(library), baseline_name, _once(baseline)))
        goal = 2.0 if baseline_name.startswith("sqlite FTS5") else 1.0 if baseline_name == "sqlite indexed" else None
        rows.append(Row("query", name, n, _time(library, repeat), baseline_name, _time(baseline, repeat), goal))
    db.close()
    return rows


def measure(
    n: int,
    repeat: int,
    groups: Sequence[str] = ("read", "write", "memory", "query"),
    io_repeat: int | None = None,
    formats: Sequence[str] | None = None,
) -> list[Row]:
    """The rows of ``groups`` for a conference of ``n`` sessions, reading and writing ``formats`` (default: all)."""
    reads = io_repeat if io_repeat is not None else (3 if n < 50_000 else 1)
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="pyconf-scale-") as temporary:
        folder = Path(temporary)
        conf = make_conference(n)
        wanted = list(formats or format_names())
        if "memory" in groups and "json" not in wanted:
            wanted.append("json")
        files, written = _write_files(conf, folder, reads, "write" in groups, wanted)
        rows += written
        if "query" in groups:
            rows += _queries(conf, repeat)
        del conf  # reading holds one file and what is read from it
        gc.collect()
        if "read" in groups:
            rows += _reads(n, files, reads)
            rows += _reads(n, _platform_files(make_conference(n), folder), reads)
        if "memory" in groups:
            rows += _memory(n, files["json"])
    return rows


def _format(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds * 1e6:.0f} µs"


def _value(row: Row, value: float) -> str:
    return f"{value / 2**20:.1f} MiB" if row.group == "memory" else _format(value)


def _exponent(n1: int, t1: float, n2: int, t2: float) -> float:
    return math.log(t2 / t1) / math.log(n2 / n1) if t1 > 0 and t2 > 0 else math.nan


def report(rows: Sequence[Row], out: Any = sys.stdout) -> None:
    """Print the table of rows (each operation's sizes together) and the growth exponents of every reader and writer."""
    order = {name: index for index, name in enumerate(dict.fromkeys((r.group, r.name, r.baseline_name) for r in rows))}
    groups = {"read": 0, "write": 1, "memory": 2, "query": 3}
    print("| operation | sessions | library | baseline | baseline value | ratio | goal |", file=out)
    print("|---|---:|---:|---|---:|---:|---|", file=out)
    for row in sorted(rows, key=lambda r: (groups[r.group], order[r.group, r.name, r.baseline_name], r.n)):
        ratio = row.library / row.baseline if row.baseline > 0 else math.inf
        goal = "" if row.goal is None else f"≤ {row.goal:g}: {'met' if ratio <= row.goal else 'NOT met'}"
        print(f"| {row.name} | {row.n} | {_value(row, row.library)} | {row.baseline_name} | {_value(row, row.baseline)} "
              f"| {ratio:.2f} | {goal} |", file=out)  # fmt: skip
    series: dict[str, list[Row]] = {}
    for row in sorted(rows, key=lambda r: (groups[r.group], order[r.group, r.name, r.baseline_name], r.n)):
        if row.group in ("read", "write"):
            series.setdefault(row.name, []).append(row)
    sizes = sorted({row.n for row in rows})
    if len(sizes) < 2 or not series:
        return
    steps = list(itertools.pairwise(sizes))
    print(file=out)
    print("Growth exponents, library (baseline); linear is 1.0, at most 1.2 passes:", file=out)
    print(file=out)
    print("| operation | " + " | ".join(f"{a} → {b}" for a, b in steps) + " | linear |", file=out)
    print("|---|" + "---:|" * len(steps) + "---|", file=out)
    for name, points in series.items():
        by_size = {p.n: p for p in points}
        cells = []
        worst = -math.inf
        for a, b in steps:
            if a in by_size and b in by_size:
                lib = _exponent(a, by_size[a].library, b, by_size[b].library)
                base = _exponent(a, by_size[a].baseline, b, by_size[b].baseline)
                worst = max(worst, lib)
                cells.append(f"{lib:.2f} ({base:.2f})")
            else:
                cells.append("")
        print(f"| {name} | " + " | ".join(cells) + f" | {'yes' if worst <= 1.2 else 'NO'} |", file=out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--sizes", type=int, nargs="+", default=[1000, 10000], help="session counts (default: %(default)s)"
    )
    parser.add_argument("--repeat", type=int, default=5, help="timed calls of each query (default: %(default)s)")
    parser.add_argument("--io-repeat", type=int, default=None,
                        help="timed calls of each reader and writer (default: 3 below 50k sessions, else 1)")  # fmt: skip
    parser.add_argument("--only", nargs="+", choices=("read", "write", "memory", "query"), default=None,
                        help="measure only these groups (default: all)")  # fmt: skip
    parser.add_argument("--readers-only", action="store_true", help="the same as --only read (for the 1M run)")
    parser.add_argument("--formats", nargs="+", choices=format_names(), default=None,
                        help="read and write only these formats (default: all); one per run keeps memory low at 1M")  # fmt: skip
    parser.add_argument("--no-gc", action="store_true",
                        help="pause the cyclic garbage collector during each timed call (library and baseline alike)")  # fmt: skip
    args = parser.parse_args(argv)
    global _PAUSE_GC
    _PAUSE_GC = args.no_gc
    if min(args.sizes) < 6:
        parser.error("--sizes: at least 6 sessions")
    groups: tuple[str, ...] = (
        ("read",) if args.readers_only else tuple(args.only or ("read", "write", "memory", "query"))
    )
    rows: list[Row] = []
    for n in args.sizes:
        rows.extend(measure(n, args.repeat, groups, args.io_repeat, args.formats))
    report(rows)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    print(f"\nPeak resident memory of this run: {peak / 2**10:.0f} MiB; CPython {sys.version.split()[0]}, "
          f"SQLite {sqlite3.sqlite_version}, {os.cpu_count()} CPUs", file=sys.stdout)  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
