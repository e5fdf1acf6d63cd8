"""Reading a conference out of a SQLite database: the file opened in memory under a work budget, every table checked plain, rows turned back into the model (see :mod:`.sqlite`)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from datetime import date, datetime, time
from typing import Any

from .._conference import Conference
from .._days import ProgrammeDay
from .._model import (
    Conflict,
    Provenance,
    Room,
    Session,
    SessionKind,
    Source,
    SourcedValue,
    Speaker,
    Track,
    one_value_conflict,
)
from .._time import parse_datetime
from ..exceptions import PyconfScheduleError, ScheduleParseError
from ._common import KINDS_BY_VALUE
from ._input import load_json, strict_json_or_none
from ._sqlite_schema import SCHEMA_VERSION, WAL

_FORMAT = "sqlite"


STEP_CHECK = 1000


_STEPS_PER_BYTE = 20
"""Reading may take this many SQLite virtual-machine steps per byte of the file, then it is interrupted."""


_READ_TABLES = (
    "conferences", "sources", "rooms", "tracks", "speakers", "sessions", "session_speakers", "conflicts", "programme_days",
    "schema_info",
)  # fmt: skip
"""The tables the reader queries: each must be a plain table (no view, no generated column), or the file is refused."""


def budget(size: int) -> Callable[[], int]:
    """A progress handler interrupting SQLite after the steps a file of ``size`` bytes may take."""
    steps = [0]
    budget = _STEPS_PER_BYTE * size // STEP_CHECK + 1000

    def bounded() -> int:  # a damaged b-tree cannot make the reading run forever
        steps[0] += 1
        return 1 if steps[0] > budget else 0

    return bounded


@contextmanager
def opened(data: bytes) -> Iterator[sqlite3.Connection]:
    if not data.startswith(b"SQLite format 3\x00"):
        raise ScheduleParseError(
            _FORMAT, "not an SQLite database (the file does not start with 'SQLite format 3')", "byte 0"
        )
    if data[18:20] == WAL:  # WAL mode: the image alone is a complete database in the legacy journal mode
        data = data[:18] + b"\x01\x01" + data[20:]
    with closing(sqlite3.connect(":memory:")) as db:
        db.set_progress_handler(budget(len(data)), STEP_CHECK)
        # No value of a genuine file is longer than the file: a longer one is made by SQL (printf, zeroblob)
        # in the file's schema, which the checks below refuse; this bounds memory until they run.
        db.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, max(len(data), 1 << 16))
        try:
            db.deserialize(data)
            _check_plain(db)
            info = dict(db.execute("SELECT name, value FROM schema_info"))
        except ScheduleParseError:
            raise
        except (sqlite3.DatabaseError, ValueError) as exc:  # ValueError: text that is not UTF-8
            raise ScheduleParseError(_FORMAT, f"not a pyconf-schedule database ({exc})") from None
        if info.get("format") != "pyconf-schedule" or info.get("version") != str(SCHEMA_VERSION):
            raise ScheduleParseError(
                _FORMAT, f"not a pyconf-schedule database of version {SCHEMA_VERSION} (schema_info: {info!r:.100})"
            )
        yield db


def _check_plain(db: sqlite3.Connection) -> None:
    """Refuse a read table that runs SQL when read: a view in its place (a recursive one costs unbounded time and memory) or a generated column.

    The reader queries only plain tables (:data:`_READ_TABLES`); the views a
    database may hold besides (``session_details``) are never run by it.
    """
    marks = ", ".join("?" * len(_READ_TABLES))
    for (name,) in db.execute(
        f"SELECT name FROM sqlite_master WHERE type = 'view' AND name IN ({marks}) ORDER BY rowid LIMIT 1", _READ_TABLES
    ):
        raise ScheduleParseError(_FORMAT, f"{name!r} is a view, not a table; the reader runs no SQL a database holds")
    for table in _READ_TABLES:
        for (column,) in db.execute("SELECT name FROM pragma_table_xinfo(?) WHERE hidden IN (2, 3) LIMIT 1", (table,)):
            raise ScheduleParseError(
                _FORMAT,
                f"the table {table} has a generated column ({column!r:.60}); the reader runs no SQL a database holds",
            )


def _unique(rows: list[tuple[Any, ...]], what: str) -> list[tuple[Any, ...]]:
    """``rows`` (id first) when no two share an id; else the first repeated id is refused (a table without its primary key)."""
    seen: set[Any] = set()
    for row in rows:
        if row[0] in seen:
            raise ScheduleParseError(_FORMAT, f"two {what} rows share the id {row[0]!r:.60}; each id must be unique")
        seen.add(row[0])
    return rows


def _date(value: str | None) -> date | None:
    return None if value is None else date.fromisoformat(value)


def _strings(text: str, where: str, memo: dict[str, tuple[str, ...]]) -> tuple[str, ...]:
    """A JSON list of strings in a cell; ``memo`` holds the lists this read has parsed (sources repeat a lot)."""
    found = memo.get(text) if isinstance(text, str) else None
    if found is not None:
        return found
    values = load_json(text, _FORMAT)
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise ScheduleParseError(_FORMAT, "expected a JSON list of strings", where)
    found = memo[text] = tuple(values)
    return found


def _sourced_values(text: object) -> list[dict[str, Any]] | None:
    """A cell's ``[{"value": str, "sources": [str, ...]}, ...]`` by the plain parse, or None for :func:`load_json`.

    Where the text parses strictly (no repeated key, no lone surrogate) into exactly that shape, three levels
    deep at most, it is what ``load_json`` would give; anything else goes to ``load_json`` and the checks after it,
    which say what is wrong.  Most sessions read from frab files have a few such cells (the source's guid, slug).
    """
    values = strict_json_or_none(text) if type(text) is str else None
    if type(values) is not list:
        return None
    for v in values:
        if not (
            type(v) is dict
            and len(v) == 2
            and type(v.get("value")) is str
            and type(sources := v.get("sources")) is list
            and all(type(x) is str for x in sources)
        ):
            return None
    return values


def _conflicts(
    rows: list[tuple[str, str, str]], where: str, shared: dict[tuple[str, ...], tuple[str, ...]]
) -> tuple[Conflict, ...]:
    """The conflicts or variants of one owner; ``shared`` holds one tuple for each list of sources values cite."""
    groups = []
    for field, rule, text in rows:
        values = _sourced_values(text)  # where this gives a list, its shape and its sources' strings are checked
        if values is not None and len(values) == 1:  # most: a session's guid or slug as its source gave it
            (only,) = values
            key = tuple(only["sources"])
            groups.append(one_value_conflict(field, only["value"], shared.setdefault(key, key), rule))
            continue
        if values is not None:
            kept = []
            for v in values:
                key = tuple(v["sources"])
                kept.append(SourcedValue(value=v["value"], sources=shared.setdefault(key, key)))
        else:
            values = load_json(text, _FORMAT)
            if not isinstance(values, list) or not all(
                isinstance(v, dict) and set(v) == {"value", "sources"} for v in values
            ):
                raise ScheduleParseError(
                    _FORMAT, 'expected a JSON list of {"value": ..., "sources": [...]} objects', where
                )
            kept = [SourcedValue(value=v["value"], sources=v["sources"]) for v in values]
        groups.append(Conflict(field=field, rule=rule, values=kept))
    return tuple(groups)


_NEWER_COLUMNS = (("recording", "NULL"), ("slide_urls", "'[]'"), ("provenance", "'[]'"))
"""The sessions' columns added after the first schema, with what a database without them reads as."""


def _provenance(text: str, where: str) -> tuple[Provenance, ...]:
    if text == "[]":  # most sessions: nothing weak, no per-field sources
        return ()
    values = load_json(text, _FORMAT)
    if not isinstance(values, list) or not all(
        isinstance(v, dict) and set(v) == {"field", "sources", "weak"} for v in values
    ):
        raise ScheduleParseError(
            _FORMAT, 'expected a JSON list of {"field": ..., "sources": [...], "weak": ...} objects', where
        )
    try:
        return tuple(Provenance(field=v["field"], sources=v["sources"], weak=v["weak"]) for v in values)
    except PyconfScheduleError as exc:
        raise ScheduleParseError(_FORMAT, str(exc), where) from None


def conference_from_db(db: sqlite3.Connection, wanted: str | None) -> Conference:
    ids = [row[0] for row in _unique(db.execute("SELECT id FROM conferences ORDER BY id").fetchall(), "conference")]
    if wanted is None:
        if len(ids) != 1:
            held = ", ".join(ids[:20]) if ids else "none"
            raise ScheduleParseError(
                _FORMAT, f"the database holds {len(ids)} conferences ({held}); name one with conference=ID"
            )
        wanted = ids[0]
    elif wanted not in ids:
        raise ScheduleParseError(
            _FORMAT, f"no conference {wanted!r} in the database; it holds: {', '.join(ids) or 'none'}"
        )
    cid = wanted
    memo: dict[str, tuple[str, ...]] = {}
    shared: dict[tuple[str, ...], tuple[str, ...]] = {}  # the sources of conflicts' values, each list once
    has_day_change = "day_change" in {r[1] for r in db.execute("PRAGMA table_info(conferences)")}  # older files lack it
    row = db.execute(
        "SELECT name, timezone, view_timezone, city, country, venue, url, start_date, end_date, coverage, "
        f"{'day_change' if has_day_change else 'NULL'} FROM conferences WHERE id = ?", (cid,),
    ).fetchone()  # fmt: skip
    days: list[ProgrammeDay] = []
    if db.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'programme_days'").fetchone()[0]:
        for day, start, end in db.execute(
            'SELECT date, start, "end" FROM programme_days WHERE conference_id = ? ORDER BY position', (cid,)
        ):
            days.append(
                ProgrammeDay(date=date.fromisoformat(day), start=parse_datetime(start), end=parse_datetime(end))
            )
    conflicts: dict[tuple[str, str, str], list[tuple[str, str, str]]] = {}
    for owner, owner_id, kind, field, rule, values in db.execute(
        'SELECT owner, owner_id, kind, field, rule, "values" FROM conflicts WHERE conference_id = ? '
        "ORDER BY owner, owner_id, kind, position", (cid,),
    ):  # fmt: skip
        conflicts.setdefault((owner, owner_id, kind), []).append((field, rule, values))
    sources = [Source(id=i, title=t, url=u, file=f) for i, t, u, f in db.execute(
        "SELECT id, title, url, file FROM sources WHERE conference_id = ? ORDER BY position", (cid,))]  # fmt: skip
    rooms = {i: Room(id=i, name=n) for i, n in _unique(db.execute(
        "SELECT id, name FROM rooms WHERE conference_id = ? ORDER BY position", (cid,)).fetchall(), "room")}  # fmt: skip
    tracks = {i: Track(id=i, name=n) for i, n in _unique(db.execute(
        "SELECT id, name FROM tracks WHERE conference_id = ? ORDER BY position", (cid,)).fetchall(), "track")}  # fmt: skip
    speakers = {
        i: Speaker(
            id=i, name=n, aliases=_strings(a, f"speaker {i!r}", memo), job_title=j, organisation=o, bio=b,
            conflicts=_conflicts(conflicts.get(("speaker", i, "conflict"), []), f"speaker {i!r}", shared),
        )
        for i, n, a, j, o, b in _unique(db.execute(
            "SELECT id, name, aliases, job_title, organisation, bio FROM speakers WHERE conference_id = ? ORDER BY position", (cid,)
        ).fetchall(), "speaker")
    }  # fmt: skip
    people: dict[str, list[Speaker]] = {}
    for session_id, speaker_id in db.execute(
        "SELECT session_id, speaker_id FROM session_speakers WHERE conference_id = ? ORDER BY session_id, position",
        (cid,),
    ):
        people.setdefault(session_id, []).append(speakers[speaker_id])
    instants: dict[str, datetime] = {}  # a programme repeats a few hundred instants: each text is parsed once

    def instant(text: str) -> datetime:
        parsed = instants[text] = parse_datetime(text)
        return parsed

    sessions = []
    columns = {row[1] for row in db.execute("PRAGMA table_info(sessions)")}  # an older file lacks the newer columns
    newer = ", ".join(name if name in columns else default for name, default in _NEWER_COLUMNS)
    for (i, title, kind, kind_label, start, end, day_only, room, track, abstract, level, language, url, slides,
         cited, variants, recording, slide_urls, provenance) in db.execute(
        'SELECT id, title, kind, kind_label, start, "end", day_only, room_id, track_id, abstract, audience_level, '
        f"language, url, slides, sources, title_variants, {newer} FROM sessions WHERE conference_id = ? ORDER BY position",
        (cid,),
    ):  # fmt: skip
        where = f"session {i!r}"
        sessions.append(
            Session(
                id=i, title=title, kind=KINDS_BY_VALUE.get(kind) or SessionKind(kind), kind_label=kind_label,
                start=None if start is None else instants.get(start) or instant(start),
                end=None if end is None else instants.get(end) or instant(end),
                day_only=_date(day_only), room=None if room is None else rooms[room],
                track=None if track is None else tracks[track], speakers=tuple(people.get(i, ())), abstract=abstract,
                audience_level=level, language=language, url=url, slides=_strings(slides, where, memo),
                sources=_strings(cited, where, memo), title_variants=_strings(variants, where, memo),
                variants=_conflicts(conflicts.get(("session", i, "variant"), []), where, shared),
                conflicts=_conflicts(conflicts.get(("session", i, "conflict"), []), where, shared),
                recording=recording, slide_urls=_strings(slide_urls, where, memo), field_sources=_provenance(provenance, where),
            )
        )  # fmt: skip
    name, zone, view, city, country, venue, url, start_date, end_date, coverage, day_change = row
    return Conference(
        id=cid, name=name, timezone=zone, view_timezone=view, city=city, country=country, venue=venue, url=url,
        start_date=_date(start_date), end_date=_date(end_date), coverage=coverage, sources=sources,
        programme_days=days, day_change=None if day_change is None else time.fromisoformat(day_change),
        rooms=list(rooms.values()), tracks=list(tracks.values()), speakers=list(speakers.values()), sessions=sessions,
    )  # fmt: skip
