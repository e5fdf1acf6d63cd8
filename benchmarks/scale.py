"""Benchmark: the library at scale, each operation against a baseline in the same run.

A synthetic conference (5 days, 200 rooms, 50 tracks, 1-3 speakers a session,
~500-character abstracts, a fixed random seed) is generated at each size.
Every operation is timed next to a baseline doing the same work with the
standard library: ``json.loads`` for reading, ``json.dumps`` for writing, an
indexed in-memory SQLite database (FTS5 for search) or a dict for the
queries.  The table gives both times and their ratio; the reader lines also
give the growth exponent between sizes (1.0 is linear).  Repeated queries are
timed after a first call, which is reported apart (it builds any index; the
garbage of earlier steps is collected first, so that it is not timed there).
``search(another word each call)`` asks for a word not asked before at each
call: the search document scans for the first few dozen such words, then
builds its word table.

    python benchmarks/scale.py [--sizes 1000 10000] [--repeat 5]

Not a test: the suite stays fast and never asserts a time.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import math
import random
import sqlite3
import statistics
import time
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from pyconf_schedule import Conference, Room, Session, SessionKind, Speaker, Track
from pyconf_schedule.formats import loads, native

_ZONE = ZoneInfo("Europe/Paris")
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


def _sqlite(conf: Conference) -> sqlite3.Connection:
    """The baseline: the conference in an indexed in-memory SQLite database, FTS5 for text."""
    db = sqlite3.connect(":memory:")
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


def _time(call: Callable[[], object], repeat: int) -> float:
    """The median time of ``repeat`` calls, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _once(call: Callable[[], object]) -> float:
    """One call's time, after collecting the garbage earlier steps left (the reader's documents), which
    would otherwise be collected, and timed, in whichever first call happens to allocate next."""
    gc.collect()
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


Row = tuple[str, int, float, str, float]


def measure(n: int, repeat: int) -> list[Row]:
    """(operation, size, library seconds, baseline name, baseline seconds) for one size."""
    conf = make_conference(n)
    text = native.dumps(conf)
    document = json.loads(text)
    rows: list[Row] = []
    add = rows.append
    reads = max(1, min(repeat, 3))
    size = len(text.encode())  # over 50 MiB from ~44k sessions: read with the limit raised, as a user would
    add(("read native JSON", n, _time(lambda: loads(text, "json", max_bytes=size), reads), "json.loads",
         _time(lambda: json.loads(text), reads)))  # fmt: skip
    add(("write native JSON", n, _time(lambda: native.dumps(conf), reads), "json.dumps",
         _time(lambda: json.dumps(document, ensure_ascii=False, indent=1), reads)))  # fmt: skip
    db = _sqlite(conf)
    speaker = conf.speakers[len(conf.speakers) // 2]
    session_id = conf.sessions[n // 2].id
    instant = datetime(2026, 6, 3, 12, 10, tzinfo=_ZONE)
    ts = instant.timestamp()
    day = "2026-06-03"
    dicts = [{"id": s.id, "text": f"{s.title} {s.abstract} {' '.join(p.name for p in s.speakers)}".lower()} for s in conf.sessions]
    speakers_by_name = {p.name.lower(): p for p in conf.speakers}
    sessions_by_id = {s.id: s for s in conf.sessions}
    fresh_words = itertools.cycle(sorted({w for s in conf.sessions[: min(n, 2000)] for w in (s.title or "").lower().split()}))

    def sql(query: str, *args: object) -> Callable[[], object]:
        return lambda: db.execute(query, args).fetchall()

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
        ('search("zeppelin") ', lambda: conf.search("zeppelin"), "list comprehension",
         lambda: [d for d in dicts if "zeppelin" in d["text"]]),
        ("search(another word each call)", lambda: conf.search(next(fresh_words)), "sqlite FTS5",
         lambda: db.execute("SELECT s.* FROM search f JOIN sessions s ON s.id = f.id WHERE search MATCH ? ORDER BY s.start",
                            (next(fresh_words),)).fetchall()),
        ("conf.speaker(name)", lambda: conf.speaker(speaker.name), "dict", lambda: speakers_by_name[speaker.name.lower()]),
        ("conf.session(id)", lambda: conf.session(session_id), "dict", lambda: sessions_by_id[session_id]),
    ]  # fmt: skip
    for name, library, baseline_name, baseline in queries:
        add((name + " first call", n, _once(library), baseline_name, _once(baseline)))
        add((name, n, _time(library, repeat), baseline_name, _time(baseline, repeat)))
    db.close()
    return rows


def _format(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds * 1e6:.0f} µs"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000], help="session counts (default: %(default)s)")
    parser.add_argument("--repeat", type=int, default=5, help="timed calls of each query (default: %(default)s)")
    args = parser.parse_args(argv)
    rows: list[Row] = []
    for n in args.sizes:
        rows.extend(measure(n, args.repeat))
    print("| operation | sessions | library | baseline | baseline time | ratio |")
    print("|---|---:|---:|---|---:|---:|")
    for name, n, lib, base_name, base in rows:
        ratio = lib / base if base > 0 else math.inf
        print(f"| {name.strip()} | {n} | {_format(lib)} | {base_name} | {_format(base)} | {ratio:.2f} |")
    growth: dict[str, list[tuple[int, float]]] = {}
    for name, n, lib, _, _ in rows:
        if name.endswith("JSON"):
            growth.setdefault(name, []).append((n, lib))
    for name, points in growth.items():
        for (n1, t1), (n2, t2) in zip(points, points[1:]):
            print(f"growth of {name}, {n1} -> {n2} sessions: exponent {math.log(t2 / t1) / math.log(n2 / n1):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
