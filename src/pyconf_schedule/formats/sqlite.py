"""SQLite database (format name ``"sqlite"``): a normalised, indexed, searchable store.

``write(conf, "x.sqlite")`` adds the conference to the database file (a
conference already there with the same id is replaced), so many conferences
share one file; ``read("x.sqlite")`` loads it back losslessly.  The schema
(:data:`SCHEMA`, described in ``docs/reference/sqlite.md``) is plain SQLite
that any tool reads: one row a conference, session, speaker, room, track and
source, ``session_speakers`` linking them in order, ``conflicts`` holding the
sources' disagreements and variant wordings, indexes for the usual questions
and an FTS5 table ``search`` over titles, abstracts and speaker names.
:data:`PUBLISHING_SCHEMA` adds what Datasette detects and shows (full-text
tables of sessions and speakers, a ``session_details`` view), and
:func:`datasette_metadata` describes a database for publishing.

A file holding several conferences is read with ``conference=ID``
(:func:`read`, :func:`loads`); :func:`conference_ids` lists them.

>>> import tempfile, pathlib
>>> from pyconf_schedule import load
>>> path = pathlib.Path(tempfile.mkdtemp()) / "conf.sqlite"
>>> write(load("na2026"), path)
>>> read(path) == load("na2026")
True
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from datetime import UTC, date, time
from pathlib import Path
from typing import Any

from .._conference import Conference
from .._days import ProgrammeDay
from .._limits import check_size
from .._model import Conflict, Provenance, Room, Session, SessionKind, Source, SourcedValue, Speaker, Track
from .._sessions import Sessions
from .._time import format_datetime, parse_datetime
from ..exceptions import PyconfScheduleError, ScheduleParseError, ScheduleWriteError
from ._common import as_conference, load_json

__all__ = [
    "PUBLISHING_SCHEMA",
    "SCHEMA",
    "SCHEMA_VERSION",
    "conference_ids",
    "datasette_metadata",
    "dumps",
    "loads",
    "read",
    "write",
]

_FORMAT = "sqlite"
SCHEMA_VERSION = 1

SCHEMA = """\
CREATE TABLE IF NOT EXISTS schema_info (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS conferences (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, timezone TEXT NOT NULL, view_timezone TEXT,
    city TEXT, country TEXT, venue TEXT, url TEXT, start_date TEXT, end_date TEXT, coverage TEXT, day_change TEXT
);
CREATE TABLE IF NOT EXISTS programme_days (
    conference_id TEXT NOT NULL REFERENCES conferences (id), position INTEGER NOT NULL,
    date TEXT NOT NULL, start TEXT NOT NULL, "end" TEXT NOT NULL,
    PRIMARY KEY (conference_id, position)
);
CREATE TABLE IF NOT EXISTS sources (
    conference_id TEXT NOT NULL REFERENCES conferences (id), position INTEGER NOT NULL,
    id TEXT NOT NULL, title TEXT NOT NULL, url TEXT, file TEXT,
    PRIMARY KEY (conference_id, id)
);
CREATE TABLE IF NOT EXISTS rooms (
    conference_id TEXT NOT NULL REFERENCES conferences (id), position INTEGER NOT NULL,
    id TEXT NOT NULL, name TEXT NOT NULL,
    PRIMARY KEY (conference_id, id)
);
CREATE TABLE IF NOT EXISTS tracks (
    conference_id TEXT NOT NULL REFERENCES conferences (id), position INTEGER NOT NULL,
    id TEXT NOT NULL, name TEXT NOT NULL,
    PRIMARY KEY (conference_id, id)
);
CREATE TABLE IF NOT EXISTS speakers (
    conference_id TEXT NOT NULL REFERENCES conferences (id), position INTEGER NOT NULL,
    id TEXT NOT NULL, name TEXT NOT NULL, aliases TEXT NOT NULL DEFAULT '[]',
    job_title TEXT, organisation TEXT, bio TEXT,
    PRIMARY KEY (conference_id, id)
);
CREATE TABLE IF NOT EXISTS sessions (
    conference_id TEXT NOT NULL REFERENCES conferences (id), position INTEGER NOT NULL,
    id TEXT NOT NULL, title TEXT, kind TEXT NOT NULL, kind_label TEXT,
    start TEXT, "end" TEXT, start_utc TEXT, end_utc TEXT, day_only TEXT,
    room_id TEXT, track_id TEXT, abstract TEXT, audience_level TEXT, language TEXT, url TEXT,
    slides TEXT NOT NULL DEFAULT '[]', sources TEXT NOT NULL DEFAULT '[]', title_variants TEXT NOT NULL DEFAULT '[]',
    recording TEXT, slide_urls TEXT NOT NULL DEFAULT '[]', provenance TEXT NOT NULL DEFAULT '[]',
    PRIMARY KEY (conference_id, id),
    FOREIGN KEY (conference_id, room_id) REFERENCES rooms (conference_id, id),
    FOREIGN KEY (conference_id, track_id) REFERENCES tracks (conference_id, id)
);
CREATE TABLE IF NOT EXISTS session_speakers (
    conference_id TEXT NOT NULL, session_id TEXT NOT NULL, position INTEGER NOT NULL, speaker_id TEXT NOT NULL,
    PRIMARY KEY (conference_id, session_id, position),
    FOREIGN KEY (conference_id, session_id) REFERENCES sessions (conference_id, id),
    FOREIGN KEY (conference_id, speaker_id) REFERENCES speakers (conference_id, id)
);
CREATE TABLE IF NOT EXISTS conflicts (
    conference_id TEXT NOT NULL REFERENCES conferences (id),
    owner TEXT NOT NULL CHECK (owner IN ('session', 'speaker')), owner_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('conflict', 'variant')), position INTEGER NOT NULL,
    field TEXT NOT NULL, rule TEXT NOT NULL, "values" TEXT NOT NULL,
    PRIMARY KEY (conference_id, owner, owner_id, kind, position)
);
CREATE INDEX IF NOT EXISTS sessions_start ON sessions (conference_id, start_utc);
CREATE INDEX IF NOT EXISTS sessions_day_only ON sessions (conference_id, day_only);
CREATE INDEX IF NOT EXISTS sessions_room ON sessions (conference_id, room_id);
CREATE INDEX IF NOT EXISTS sessions_track ON sessions (conference_id, track_id);
CREATE INDEX IF NOT EXISTS sessions_kind ON sessions (conference_id, kind);
CREATE INDEX IF NOT EXISTS speakers_name ON speakers (name COLLATE NOCASE);
CREATE INDEX IF NOT EXISTS session_speakers_speaker ON session_speakers (conference_id, speaker_id);
CREATE VIRTUAL TABLE IF NOT EXISTS search USING fts5 (
    conference_id UNINDEXED, session_id UNINDEXED, title, abstract, names,
    tokenize = 'unicode61 remove_diacritics 2'
);
"""
"""The database schema, as SQL; :func:`write` creates it in a new file."""

PUBLISHING_SCHEMA = """\
CREATE VIRTUAL TABLE IF NOT EXISTS sessions_fts USING fts5 (
    title, abstract, content="sessions", tokenize = 'unicode61 remove_diacritics 2'
);
CREATE VIRTUAL TABLE IF NOT EXISTS speakers_fts USING fts5 (
    name, organisation, bio, content="speakers", tokenize = 'unicode61 remove_diacritics 2'
);
CREATE VIEW IF NOT EXISTS session_details AS
SELECT s.conference_id, s.id, s.title, s.kind, s.start, s."end", s.day_only, r.name AS room, t.name AS track,
    (SELECT group_concat(name, ', ') FROM (
        SELECT p.name FROM session_speakers x
        JOIN speakers p ON p.conference_id = x.conference_id AND p.id = x.speaker_id
        WHERE x.conference_id = s.conference_id AND x.session_id = s.id ORDER BY x.position
    )) AS speakers,
    s.url, s.abstract
FROM sessions s
LEFT JOIN rooms r ON r.conference_id = s.conference_id AND r.id = s.room_id
LEFT JOIN tracks t ON t.conference_id = s.conference_id AND t.id = s.track_id
ORDER BY s.conference_id, s.position;
"""
"""What makes the database ready to publish with Datasette: full-text tables it detects (their ``content``
names the table they index, and their rows are that table's rowids) and a view of sessions with their
speakers, room and track.  Written with :data:`SCHEMA`; the reader needs none of it."""

_FTS = (("sessions_fts", "sessions", "title, abstract"), ("speakers_fts", "speakers", "name, organisation, bio"))
"""The database schema, as SQL; :func:`write` creates it in a new file."""

_TABLES = (
    "search", "conflicts", "session_speakers", "sessions", "speakers", "tracks", "rooms", "sources", "programme_days",
    "conferences",
)  # fmt: skip

_ADDED_COLUMNS = (
    ("conferences", "day_change", "TEXT"),
    ("sessions", "recording", "TEXT"),
    ("sessions", "slide_urls", "TEXT NOT NULL DEFAULT '[]'"),
    ("sessions", "provenance", "TEXT NOT NULL DEFAULT '[]'"),
)
"""Columns added after the first schema: a database written before them gains them when written to again."""


def dumps(obj: Conference | Sessions, *, tz: str | None = None) -> str:
    """Refused: a database is a file, not text; use :func:`write` (or ``write(obj, "x.sqlite")``)."""
    raise PyconfScheduleError(
        "the sqlite format is a database file, not text: write it with write(obj, 'x.sqlite') "
        "(command line: export SOURCE --format sqlite -o FILE)"
    )


def write(obj: Conference | Sessions, path: str | os.PathLike[str], *, tz: str | None = None) -> None:
    """Add ``obj``'s conference to the database at ``path`` (created if missing), replacing one of the same id."""
    conf = as_conference(obj)
    if tz is not None:
        conf = conf.to_tz(tz)
    try:
        with closing(sqlite3.connect(os.fspath(path))) as db, db:
            had_fts = db.execute("SELECT count(*) FROM sqlite_master WHERE name = 'sessions_fts'").fetchone()[0]
            db.executescript(SCHEMA + PUBLISHING_SCHEMA)
            for table, column, declaration in _ADDED_COLUMNS:
                if column not in {row[1] for row in db.execute(f"PRAGMA table_info({table})")}:
                    db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {declaration}")
            if not had_fts:  # a database written before the publishing tables: index what it already holds
                for fts, _, _ in _FTS:
                    db.execute(f"INSERT INTO {fts} ({fts}) VALUES ('rebuild')")
            db.execute(
                "INSERT OR REPLACE INTO schema_info VALUES ('format', 'pyconf-schedule'), ('version', ?)",
                (str(SCHEMA_VERSION),),
            )
            for fts, table, columns in _FTS:  # an external-content index forgets a row only when told its old values
                db.execute(
                    f"INSERT INTO {fts} ({fts}, rowid, {columns}) SELECT 'delete', rowid, {columns} FROM {table} "
                    "WHERE conference_id = ?",
                    (conf.id,),
                )
            for table in _TABLES:
                db.execute(
                    f"DELETE FROM {table} WHERE conference_id = ?"
                    if table != "conferences"
                    else "DELETE FROM conferences WHERE id = ?",
                    (conf.id,),
                )
            _insert(db, conf)
            for fts, table, columns in _FTS:
                db.execute(
                    f"INSERT INTO {fts} (rowid, {columns}) SELECT rowid, {columns} FROM {table} WHERE conference_id = ?",
                    (conf.id,),
                )
    except sqlite3.DatabaseError as exc:
        raise ScheduleWriteError(_FORMAT, f"the database cannot be written: {exc}", os.fspath(path)) from None


def _provenance_json(values: tuple[Provenance, ...]) -> str:
    """The provenance column: a JSON list of {"field", "sources", "weak"} objects (weak: null for a firm value)."""
    return json.dumps(
        [{"field": p.field, "sources": list(p.sources), "weak": p.weak} for p in values], ensure_ascii=False
    )


def _json(values: tuple[str, ...]) -> str:
    return json.dumps(list(values), ensure_ascii=False)


def _utc(value: Any) -> str | None:
    return None if value is None else value.astimezone(UTC).replace(tzinfo=None).isoformat(" ")


def _conflict_rows(
    cid: str, owner: str, owner_id: str, kind: str, groups: tuple[Conflict, ...]
) -> Iterator[tuple[Any, ...]]:
    for i, group in enumerate(groups):
        values = [{"value": v.value, "sources": list(v.sources)} for v in group.values]
        yield (cid, owner, owner_id, kind, i, group.field, group.rule, json.dumps(values, ensure_ascii=False))


def _insert(db: sqlite3.Connection, conf: Conference) -> None:
    cid = conf.id
    db.execute(
        "INSERT INTO conferences (id, name, timezone, view_timezone, city, country, venue, url, start_date, end_date, "
        "coverage, day_change) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (cid, conf.name, conf.timezone, conf.view_timezone, conf.city, conf.country, conf.venue, conf.url,
         conf.start_date and conf.start_date.isoformat(), conf.end_date and conf.end_date.isoformat(), conf.coverage,
         conf.day_change and conf.day_change.isoformat()),
    )  # fmt: skip
    db.executemany(
        "INSERT INTO programme_days VALUES (?, ?, ?, ?, ?)",
        [
            (cid, i, d.date.isoformat(), format_datetime(d.start), format_datetime(d.end))
            for i, d in enumerate(conf.programme_days)
        ],
    )
    db.executemany(
        "INSERT INTO sources VALUES (?, ?, ?, ?, ?, ?)",
        [(cid, i, s.id, s.title, s.url, s.file) for i, s in enumerate(conf.sources)],
    )
    db.executemany("INSERT INTO rooms VALUES (?, ?, ?, ?)", [(cid, i, r.id, r.name) for i, r in enumerate(conf.rooms)])
    db.executemany(
        "INSERT INTO tracks VALUES (?, ?, ?, ?)", [(cid, i, t.id, t.name) for i, t in enumerate(conf.tracks)]
    )
    db.executemany(
        "INSERT INTO speakers VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (cid, i, p.id, p.name, _json(p.aliases), p.job_title, p.organisation, p.bio)
            for i, p in enumerate(conf.speakers)
        ],
    )
    db.executemany(
        "INSERT INTO conflicts VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [row for p in conf.speakers for row in _conflict_rows(cid, "speaker", p.id, "conflict", p.conflicts)],
    )
    db.executemany(
        "INSERT INTO sessions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (cid, i, s.id, s.title, s.kind.value, s.kind_label,
             s.start and format_datetime(s.start), s.end and format_datetime(s.end), _utc(s.start), _utc(s.end),
             s.day_only and s.day_only.isoformat(), s.room and s.room.id, s.track and s.track.id, s.abstract,
             s.audience_level, s.language, s.url, _json(s.slides), _json(s.sources), _json(s.title_variants),
             s.recording, _json(s.slide_urls), _provenance_json(s.field_sources))
            for i, s in enumerate(conf.sessions)
        ],
    )  # fmt: skip
    db.executemany(
        "INSERT INTO session_speakers VALUES (?, ?, ?, ?)",
        [(cid, s.id, i, p.id) for s in conf.sessions for i, p in enumerate(s.speakers)],
    )
    db.executemany(
        "INSERT INTO conflicts VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            row
            for s in conf.sessions
            for kind, groups in (("conflict", s.conflicts), ("variant", s.variants))
            for row in _conflict_rows(cid, "session", s.id, kind, groups)
        ],
    )
    db.executemany(
        "INSERT INTO search VALUES (?, ?, ?, ?, ?)",
        [(cid, s.id, s.title, s.abstract, " ".join(n for p in s.speakers for n in p.names)) for s in conf.sessions],
    )


_DESCRIPTIONS: dict[str, tuple[str, dict[str, str]]] = {
    "conferences": ("One row per conference.", {
        "id": "the conference's id", "name": "its name", "timezone": "its IANA zone",
        "view_timezone": "the zone it was written as viewed in, if any", "city": "city", "country": "country",
        "venue": "venue", "url": "web site", "start_date": "first day (YYYY-MM-DD)", "end_date": "last day",
        "coverage": "what the data covers, as its source says",
        "day_change": "the wall-clock time a programme day begins, where the source gives one (HH:MM:SS)",
    }),
    "programme_days": ("The programme's days where the source gives them (a congress day may run past midnight).", {
        "conference_id": "the conference", "position": "order, by start", "date": "the day's name (YYYY-MM-DD)",
        "start": "when it begins, with the zone", "end": "when it ends, with the zone",
    }),
    "sources": ("The documents each conference's data comes from.", {
        "conference_id": "the conference", "position": "order in the conference's list", "id": "the source's id",
        "title": "what it is", "url": "where it is published", "file": "the file it was read from",
    }),
    "rooms": ("One row per room.", {
        "conference_id": "the conference", "position": "order in the conference's list", "id": "the room's id",
        "name": "its name",
    }),
    "tracks": ("One row per track.", {
        "conference_id": "the conference", "position": "order in the conference's list", "id": "the track's id",
        "name": "its name",
    }),
    "speakers": ("One row per speaker of a conference.", {
        "conference_id": "the conference", "position": "order in the conference's list", "id": "the speaker's id",
        "name": "name", "aliases": "other spellings (JSON list)", "job_title": "job title",
        "organisation": "organisation", "bio": "biography",
    }),
    "sessions": ("One row per session; times a source does not give are empty.", {
        "conference_id": "the conference", "position": "order in the programme", "id": "the session's id",
        "title": "title", "kind": "talk, keynote, workshop, break, ...", "kind_label": "the source's own word for the kind",
        "start": "start, with the zone (RFC 9557)", "end": "end, with the zone; empty when unknown",
        "start_utc": "start in UTC (YYYY-MM-DD HH:MM:SS)", "end_utc": "end in UTC",
        "day_only": "the day, for a session whose time is not known", "room_id": "room (rooms.id)",
        "track_id": "track (tracks.id)", "abstract": "abstract", "audience_level": "audience level",
        "language": "language", "url": "the session's page", "slides": "slide files (JSON list)",
        "sources": "ids of the sources that list it (JSON list)", "title_variants": "other wordings of the title (JSON list)",
        "recording": "the address of its recording", "slide_urls": "addresses of slide files (JSON list)",
        "provenance": 'which sources gave each field\'s value, and why a value is weak (JSON list of {"field", "sources", "weak"})',
    }),
    "session_speakers": ("Which speakers give which session, in order.", {
        "conference_id": "the conference", "session_id": "the session (sessions.id)",
        "position": "order on the session", "speaker_id": "the speaker (speakers.id)",
    }),
    "conflicts": ("Values on which sources disagree, and other wordings, with their sources.", {
        "conference_id": "the conference", "owner": "session or speaker", "owner_id": "its id",
        "kind": "conflict (sources disagree) or variant (another wording)", "position": "order",
        "field": "the field", "rule": "the rule that chose the value shown", "values": "every value with its sources (JSON)",
    }),
    "session_details": ("Sessions with their speakers, room and track, for browsing.", {
        "conference_id": "the conference", "id": "the session's id", "title": "title", "kind": "kind",
        "start": "start, with the zone", "end": "end, with the zone", "day_only": "the day, when the time is not known",
        "room": "room", "track": "track", "speakers": "speakers, in order", "url": "the session's page",
        "abstract": "abstract",
    }),
}  # fmt: skip
"""Datasette descriptions of each table and view (a test checks they match the schema)."""


def datasette_metadata(path: str | os.PathLike[str]) -> dict[str, Any]:
    """A `Datasette metadata <https://docs.datasette.io/en/stable/metadata.html>`_ document for the database at ``path``.

    Its title names the conferences the file holds, its description gives
    their coverage notes, and every table, view and column is described;
    ``datasette serve FILE -m metadata.json`` shows them.  No licence is
    claimed: add one if the data's sources grant it.
    """
    file = Path(path)
    check_size(file.stat().st_size, _FORMAT)
    with _opened(file.read_bytes()) as db:
        rows = db.execute("SELECT id, name, url, coverage FROM conferences ORDER BY id").fetchall()
    names = [name for _, name, _, _ in rows]
    document: dict[str, Any] = {
        "title": names[0] if len(names) == 1 else f"{len(names)} conference schedules",
        "description": " ".join(f"{name}: {coverage}" if coverage else name for _, name, _, coverage in rows),
        "source": "pyconf-schedule",
        "databases": {
            file.stem: {
                "tables": {
                    table: {"description": text, "columns": dict(columns)}
                    for table, (text, columns) in _DESCRIPTIONS.items()
                }
            }
        },
    }
    urls = [url for _, _, url, _ in rows if url]
    if len(urls) == 1:
        document["source_url"] = urls[0]
    return document


def conference_ids(path: str | os.PathLike[str]) -> tuple[str, ...]:
    """The ids of the conferences in the database at ``path``, sorted."""
    with _opened(Path(path).read_bytes()) as db:
        return tuple(row[0] for row in db.execute("SELECT id FROM conferences ORDER BY id"))


def read(path: str | os.PathLike[str], *, conference: str | None = None, file_tz: str | None = None) -> Conference:
    """The conference in the database at ``path`` (``conference``: its id, needed when the file holds several).

    A database in WAL mode whose ``-wal`` file holds changes not yet copied
    into it is read with them (through SQLite, read-only).
    """
    file = Path(path)
    check_size(file.stat().st_size, _FORMAT)
    data = file.read_bytes()
    wal = file.with_name(file.name + "-wal")
    if data[18:20] == _WAL and wal.is_file() and wal.stat().st_size:
        check_size(file.stat().st_size + wal.stat().st_size, _FORMAT)
        try:
            with (
                closing(sqlite3.connect(f"{file.resolve().as_uri()}?mode=ro", uri=True)) as db,
                closing(sqlite3.connect(":memory:")) as copy,
            ):
                db.set_progress_handler(_budget(len(data) + wal.stat().st_size), _STEP_CHECK)
                db.backup(copy)  # page by page through SQLite, so the -wal file's committed pages are in the copy
                data = copy.serialize()
        except sqlite3.DatabaseError as exc:
            raise ScheduleParseError(
                _FORMAT, f"cannot read the database with its WAL file ({exc})", os.fspath(wal)
            ) from None
    return loads(data, conference=conference, file_tz=file_tz)


def loads(data: str | bytes, *, file_tz: str | None = None, conference: str | None = None) -> Conference:
    """Read a conference from the bytes of a database file; ``file_tz`` gives it viewed in that zone."""
    if not isinstance(data, bytes):
        raise ScheduleParseError(_FORMAT, f"a database is bytes (the file's content), got {type(data).__name__}")
    check_size(len(data), _FORMAT)
    with _opened(data) as db:
        try:
            conf = _conference(db, conference)
        except ScheduleParseError:
            raise
        except sqlite3.OperationalError as exc:
            if "interrupted" in str(exc):
                raise ScheduleParseError(_FORMAT, "reading the database takes more work than its size allows") from None
            raise ScheduleParseError(_FORMAT, f"the database does not hold a valid conference: {exc}") from None
        except KeyError as exc:  # a row names an id its table does not hold
            raise ScheduleParseError(
                _FORMAT,
                f"the database does not hold a valid conference: a row refers to {exc.args[0]!r}, "
                "which the table it points into does not hold",
            ) from None
        except (sqlite3.DatabaseError, PyconfScheduleError, ValueError, TypeError) as exc:
            raise ScheduleParseError(_FORMAT, f"the database does not hold a valid conference: {exc}") from None
    return conf.to_tz(file_tz) if file_tz is not None else conf


_STEP_CHECK = 1000
_STEPS_PER_BYTE = 20
"""Reading may take this many SQLite virtual-machine steps per byte of the file, then it is interrupted."""


_WAL = b"\x02\x02"
"""Bytes 18-19 of a database header in WAL mode (file format write and read versions 2); 1, 1 is the legacy journal."""
_READ_TABLES = (
    "conferences", "sources", "rooms", "tracks", "speakers", "sessions", "session_speakers", "conflicts", "programme_days",
    "schema_info",
)  # fmt: skip
"""The tables the reader queries: each must be a plain table (no view, no generated column), or the file is refused."""


def _budget(size: int) -> Callable[[], int]:
    """A progress handler interrupting SQLite after the steps a file of ``size`` bytes may take."""
    steps = [0]
    budget = _STEPS_PER_BYTE * size // _STEP_CHECK + 1000

    def bounded() -> int:  # a damaged b-tree cannot make the reading run forever
        steps[0] += 1
        return 1 if steps[0] > budget else 0

    return bounded


@contextmanager
def _opened(data: bytes) -> Iterator[sqlite3.Connection]:
    if not data.startswith(b"SQLite format 3\x00"):
        raise ScheduleParseError(
            _FORMAT, "not an SQLite database (the file does not start with 'SQLite format 3')", "byte 0"
        )
    if data[18:20] == _WAL:  # WAL mode: the image alone is a complete database in the legacy journal mode
        data = data[:18] + b"\x01\x01" + data[20:]
    with closing(sqlite3.connect(":memory:")) as db:
        db.set_progress_handler(_budget(len(data)), _STEP_CHECK)
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


def _strings(text: str, where: str) -> tuple[str, ...]:
    values = load_json(text, _FORMAT)
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise ScheduleParseError(_FORMAT, "expected a JSON list of strings", where)
    return tuple(values)


def _conflicts(rows: list[tuple[str, str, str]], where: str) -> tuple[Conflict, ...]:
    groups = []
    for field, rule, text in rows:
        values = load_json(text, _FORMAT)
        if not isinstance(values, list) or not all(
            isinstance(v, dict) and set(v) == {"value", "sources"} for v in values
        ):
            raise ScheduleParseError(_FORMAT, 'expected a JSON list of {"value": ..., "sources": [...]} objects', where)
        groups.append(
            Conflict(
                field=field, rule=rule, values=[SourcedValue(value=v["value"], sources=v["sources"]) for v in values]
            )
        )
    return tuple(groups)


_NEWER_COLUMNS = (("recording", "NULL"), ("slide_urls", "'[]'"), ("provenance", "'[]'"))
"""The sessions' columns added after the first schema, with what a database without them reads as."""


def _provenance(text: str, where: str) -> tuple[Provenance, ...]:
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


def _conference(db: sqlite3.Connection, wanted: str | None) -> Conference:
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
            id=i, name=n, aliases=_strings(a, f"speaker {i!r}"), job_title=j, organisation=o, bio=b,
            conflicts=_conflicts(conflicts.get(("speaker", i, "conflict"), []), f"speaker {i!r}"),
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
                id=i, title=title, kind=SessionKind(kind), kind_label=kind_label,
                start=None if start is None else parse_datetime(start), end=None if end is None else parse_datetime(end),
                day_only=_date(day_only), room=None if room is None else rooms[room],
                track=None if track is None else tracks[track], speakers=tuple(people.get(i, ())), abstract=abstract,
                audience_level=level, language=language, url=url, slides=_strings(slides, where),
                sources=_strings(cited, where), title_variants=_strings(variants, where),
                variants=_conflicts(conflicts.get(("session", i, "variant"), []), where),
                conflicts=_conflicts(conflicts.get(("session", i, "conflict"), []), where),
                recording=recording, slide_urls=_strings(slide_urls, where), field_sources=_provenance(provenance, where),
            )
        )  # fmt: skip
    name, zone, view, city, country, venue, url, start_date, end_date, coverage, day_change = row
    return Conference(
        id=cid, name=name, timezone=zone, view_timezone=view, city=city, country=country, venue=venue, url=url,
        start_date=_date(start_date), end_date=_date(end_date), coverage=coverage, sources=sources,
        programme_days=days, day_change=None if day_change is None else time.fromisoformat(day_change),
        rooms=list(rooms.values()), tracks=list(tracks.values()), speakers=list(speakers.values()), sessions=sessions,
    )  # fmt: skip
