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
from collections.abc import Iterator
from contextlib import closing
from datetime import UTC
from pathlib import Path
from typing import Any

from .._conference import Conference
from .._limits import check_size
from .._model import Conflict, Provenance
from .._sessions import Sessions
from .._time import format_datetime
from ..exceptions import PyconfScheduleError, ScheduleParseError, ScheduleWriteError
from ._common import as_conference
from ._sqlite_read import STEP_CHECK, budget, conference_from_db, opened
from ._sqlite_schema import ADDED_COLUMNS, FTS, PUBLISHING_SCHEMA, SCHEMA, SCHEMA_VERSION, TABLES, WAL

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
            for table, column, declaration in ADDED_COLUMNS:
                if column not in {row[1] for row in db.execute(f"PRAGMA table_info({table})")}:
                    db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {declaration}")
            if not had_fts:  # a database written before the publishing tables: index what it already holds
                for fts, _, _ in FTS:
                    db.execute(f"INSERT INTO {fts} ({fts}) VALUES ('rebuild')")
            db.execute(
                "INSERT OR REPLACE INTO schema_info VALUES ('format', 'pyconf-schedule'), ('version', ?)",
                (str(SCHEMA_VERSION),),
            )
            for fts, table, columns in FTS:  # an external-content index forgets a row only when told its old values
                db.execute(
                    f"INSERT INTO {fts} ({fts}, rowid, {columns}) SELECT 'delete', rowid, {columns} FROM {table} "
                    "WHERE conference_id = ?",
                    (conf.id,),
                )
            for table in TABLES:
                db.execute(
                    f"DELETE FROM {table} WHERE conference_id = ?"
                    if table != "conferences"
                    else "DELETE FROM conferences WHERE id = ?",
                    (conf.id,),
                )
            _insert(db, conf)
            for fts, table, columns in FTS:
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
    with opened(file.read_bytes()) as db:
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
    with opened(Path(path).read_bytes()) as db:
        return tuple(row[0] for row in db.execute("SELECT id FROM conferences ORDER BY id"))


def read(path: str | os.PathLike[str], *, conference: str | None = None, file_tz: str | None = None) -> Conference:
    """The conference in the database at ``path`` (``conference``: its id, needed when the file holds several).

    A database in WAL mode whose ``-wal`` file holds changes not yet copied
    into it is read with them (through SQLite, read-only).
    """
    file = Path(path)
    check_size(file.stat().st_size, _FORMAT)
    return read_image(file, file.read_bytes(), conference=conference, file_tz=file_tz)


def read_image(
    path: str | os.PathLike[str], data: bytes, *, conference: str | None = None, file_tz: str | None = None
) -> Conference:
    """:func:`read` of the database at ``path`` whose bytes the caller has read already (``data``): not read again.

    ``path`` is still needed: a ``-wal`` file beside it may hold committed changes.
    """
    file = Path(path)
    wal = file.with_name(file.name + "-wal")
    if data[18:20] == WAL and wal.is_file() and wal.stat().st_size:
        check_size(file.stat().st_size + wal.stat().st_size, _FORMAT)
        try:
            with (
                closing(sqlite3.connect(f"{file.resolve().as_uri()}?mode=ro", uri=True)) as db,
                closing(sqlite3.connect(":memory:")) as copy,
            ):
                db.set_progress_handler(budget(len(data) + wal.stat().st_size), STEP_CHECK)
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
    with opened(data) as db:
        try:
            conf = conference_from_db(db, conference)
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
