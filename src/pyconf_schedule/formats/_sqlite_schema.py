"""The SQLite database's schema: its tables, indexes and full-text tables, the columns later versions added, and the header bytes of WAL mode (see docs/reference/sqlite.md)."""

from __future__ import annotations

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


FTS = (("sessions_fts", "sessions", "title, abstract"), ("speakers_fts", "speakers", "name, organisation, bio"))
"""The database schema, as SQL; :func:`write` creates it in a new file."""


TABLES = (
    "search", "conflicts", "session_speakers", "sessions", "speakers", "tracks", "rooms", "sources", "programme_days",
    "conferences",
)  # fmt: skip


ADDED_COLUMNS = (
    ("conferences", "day_change", "TEXT"),
    ("sessions", "recording", "TEXT"),
    ("sessions", "slide_urls", "TEXT NOT NULL DEFAULT '[]'"),
    ("sessions", "provenance", "TEXT NOT NULL DEFAULT '[]'"),
)
"""Columns added after the first schema: a database written before them gains them when written to again."""


WAL = b"\x02\x02"
"""Bytes 18-19 of a database header in WAL mode (file format write and read versions 2); 1, 1 is the legacy journal."""
