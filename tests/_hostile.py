"""The hostile-input corpus: the case tables in ``tests/hostile/`` and the generators of its large inputs.

Each case is a file of ``tests/hostile/`` (or a generator below, for inputs
too large to commit), the format it is read as, an optional ``tz`` and the
exact outcome: an error class with a substring of its message (and, where
pinned, its location), or the data read, summarised by :func:`summary`.
``cases.toml`` holds every case; a case added for a defect of the hardening
issue keeps a ``defect`` field saying which.

>>> sorted(GENERATORS)[:3]
['agenda-deep-nesting', 'agenda-too-large', 'cli-long-word-title']
"""

from __future__ import annotations

import signal
import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import attrs

from pyconf_schedule import Conference
from pyconf_schedule.formats import MAX_NESTING

HOSTILE = Path(__file__).resolve().parent / "hostile"
"""The folder of the corpus files and their tables."""


def _xml_deep_nesting() -> bytes:
    return ("<schedule>" + "<x>" * (MAX_NESTING + 1)).encode()


def _json_deep_nesting() -> bytes:
    return b"[" * 100_000 + b"]" * 100_000


def _sqlite_damaged_header() -> bytes:
    return b"SQLite format 3\x00" + b"\xff" * 84


def _sqlite_endless_view() -> bytes:
    """A database written from a small conference whose session_speakers table is a recursive view that never ends."""
    import sqlite3
    import tempfile
    from contextlib import closing

    from pyconf_schedule import Conference, Session, write

    conf = Conference(id="x", name="X", timezone="UTC", sessions=[Session(id="s", title="T")])
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "x.sqlite"
        write(conf, path)
        with closing(sqlite3.connect(path)) as db, db:
            db.execute("DROP TABLE session_speakers")
            db.execute(
                "CREATE VIEW session_speakers AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)"
                " SELECT 'x' AS conference_id, 's' AS session_id, i AS position, 'y' AS speaker_id FROM n"
            )
        return path.read_bytes()


def _small_database(*statements: str) -> bytes:
    """A database written from a small conference (one room, one speaker, one session), then changed by ``statements``."""
    import sqlite3
    import tempfile
    from contextlib import closing

    from pyconf_schedule import Conference, Room, Session, Speaker, write

    room, ana = Room(id="a", name="A"), Speaker(id="ana", name="Ana")
    conf = Conference(
        id="x", name="X", timezone="UTC", sessions=[Session(id="s", title="T", room=room, speakers=[ana])]
    )
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "x.sqlite"
        write(conf, path)
        with closing(sqlite3.connect(path)) as db, db:
            for statement in statements:
                db.execute(statement)
        return path.read_bytes()


def _sqlite_view_of_huge_rows() -> bytes:
    """The rooms table replaced by a recursive view of 100 000 rows of 1 MB names: gigabytes from a few kilobytes."""
    return _small_database(
        "DROP TABLE rooms",
        "CREATE VIEW rooms AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)"
        " SELECT 'x' AS conference_id, i AS position, 'r' || i AS id, printf('%.*c', 1000000, 'x') AS name FROM n",
    )


def _sqlite_generated_column() -> bytes:
    """The rooms table with a generated name: SQL the file runs on every read (here a copy; printf or zeroblob would make gigabytes)."""
    return _small_database(
        "DROP TABLE rooms",
        "CREATE TABLE rooms (conference_id TEXT, position INTEGER, id TEXT, seed TEXT,"
        " name TEXT GENERATED ALWAYS AS (seed || seed) VIRTUAL)",
        "INSERT INTO rooms (conference_id, position, id, seed) VALUES ('x', 0, 'a', 'A')",
    )


def _sqlite_duplicate_ids() -> bytes:
    """A rooms table without its primary key holding two rooms of one id (the second would silently replace the first)."""
    return _small_database(
        "DROP TABLE rooms",
        "CREATE TABLE rooms (conference_id TEXT, position INTEGER, id TEXT, name TEXT)",
        "INSERT INTO rooms VALUES ('x', 0, 'a', 'A'), ('x', 1, 'a', 'Another A')",
    )


def _sqlite_wal_mode() -> bytes:
    """A database this library wrote, switched to WAL mode (header bytes 18-19 are 2, 2)."""
    return _small_database("PRAGMA journal_mode=WAL")


def _ics_deep_nesting() -> bytes:
    return ("BEGIN:VCALENDAR\r\n" + "BEGIN:X\r\n" * 20).encode()


def _ics_vtimezone_huge() -> bytes:
    # One STANDARD observance with 200 000 RDATE values: 3.2 MB of zone rules.
    rdates = ",".join(f"{1900 + n // 365:04d}{1 + n % 12:02d}{1 + n % 28:02d}T000000" for n in range(200_000))
    return (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTIMEZONE\r\nTZID:Custom\r\nBEGIN:STANDARD\r\n"
        "DTSTART:19000101T000000\r\nRDATE:" + rdates + "\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0100\r\n"
        "END:STANDARD\r\nEND:VTIMEZONE\r\nBEGIN:VEVENT\r\nUID:a@x\r\nDTSTART;TZID=Custom:20200101T100000\r\n"
        "SUMMARY:T\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    ).encode()


def _cli_long_word_title() -> bytes:
    # A title of 100 000 letters without a space: the terminal layout must wrap it in linear time.
    return (
        '{"format": "pyconf-schedule", "version": 1, "conference": {"id": "x", "name": "X", "timezone": "UTC", '
        '"sessions": [{"id": "s1", "title": "' + "x" * 100_000 + '", "kind": "talk", '
        '"start": "2020-01-01T10:00:00+00:00[UTC]", "end": "2020-01-01T11:00:00+00:00[UTC]"}]}}\n'
    ).encode()


def _agenda_too_large() -> bytes:
    """An agenda file one byte over the agenda's limit (white space before a valid document)."""
    from pyconf_schedule._agenda_file import MAX_FILE

    document = b'{"format": "pyconf-schedule-agenda", "version": 1, "conferences": ["eu2026"], "picks": []}'
    return b" " * (MAX_FILE + 1 - len(document)) + document


def _agenda_deep_nesting() -> bytes:
    return b'{"format": "pyconf-schedule-agenda", "version": 1, "conferences": ["eu2026"], "picks": ' + (
        b"[" * 100_000 + b"]" * 100_000 + b"}"
    )


GENERATORS: dict[str, Callable[[], bytes]] = {
    "agenda-deep-nesting": _agenda_deep_nesting,
    "agenda-too-large": _agenda_too_large,
    "cli-long-word-title": _cli_long_word_title,
    "ics-deep-nesting": _ics_deep_nesting,
    "ics-vtimezone-huge": _ics_vtimezone_huge,
    "json-deep-nesting": _json_deep_nesting,
    "sqlite-damaged-header": _sqlite_damaged_header,
    "sqlite-endless-view": _sqlite_endless_view,
    "sqlite-view-of-huge-rows": _sqlite_view_of_huge_rows,
    "sqlite-generated-column": _sqlite_generated_column,
    "sqlite-duplicate-ids": _sqlite_duplicate_ids,
    "sqlite-wal-mode": _sqlite_wal_mode,
    "xml-deep-nesting": _xml_deep_nesting,
}
"""Inputs built at test time instead of committed, by name."""


@attrs.frozen(kw_only=True)
class Case:
    """One corpus case: what is read, how, and exactly what must come out."""

    name: str
    format: str
    data: Callable[[], bytes] = attrs.field(repr=False)
    tz: str | None = None
    error: str | None = None
    message: str | None = None
    location: str | None = None
    read: dict[str, Any] | None = None
    seconds: float | None = None
    defect: str | None = None
    cli_only: bool = False
    exit: int | None = None

    @property
    def id(self) -> str:
        """The pytest id: the file or generator name, with the zone when one is passed."""
        return self.name + (f"[tz={self.tz}]" if self.tz else "")


def _file_reader(path: Path) -> Callable[[], bytes]:
    return path.read_bytes


def _case(entry: dict[str, Any]) -> Case:
    if "file" in entry:
        name, data = str(entry["file"]), _file_reader(HOSTILE / str(entry["file"]))
    else:
        name, data = str(entry["generator"]), GENERATORS[str(entry["generator"])]
    if ("error" in entry) + ("read" in entry) + ("exit" in entry) != 1:
        raise ValueError(f"case {name}: give exactly one of error, read and exit")
    if "exit" in entry and not entry.get("cli_only"):
        raise ValueError(f"case {name}: exit is for cli_only cases")
    return Case(
        name=name,
        format=str(entry["format"]),
        data=data,
        tz=entry.get("tz"),
        error=entry.get("error"),
        message=entry.get("message"),
        location=entry.get("location"),
        read=entry.get("read"),
        seconds=entry.get("seconds"),
        defect=entry.get("defect"),
        cli_only=bool(entry.get("cli_only", False)),
        exit=entry.get("exit"),
    )


def load_cases(table: str = "cases.toml") -> list[Case]:
    """The cases of a table of ``tests/hostile/`` (all of them live in ``cases.toml``).

    >>> any(case.name == "xml-billion-laughs.xml" for case in load_cases())
    True
    """
    with (HOSTILE / table).open("rb") as stream:
        document = tomllib.load(stream)
    return [_case(entry) for entry in document["case"]]


@attrs.frozen(kw_only=True)
class AgendaCase:
    """One agenda file of the corpus, read with the embedded datasets: its error, or exactly the picks read."""

    name: str
    data: Callable[[], bytes] = attrs.field(repr=False)
    error: str | None = None
    message: str | None = None
    location: str | None = None
    picks: tuple[tuple[str, str, str | None], ...] | None = None
    defect: str | None = None


def load_agenda_cases(table: str = "cases.toml") -> list[AgendaCase]:
    """The ``[[agenda]]`` cases of a table: agenda files read by ``Agenda.load`` and ``pyconf-schedule agenda``.

    >>> [case.name for case in load_agenda_cases()][:1]
    ['agenda-conference-twice.json']
    """
    with (HOSTILE / table).open("rb") as stream:
        document = tomllib.load(stream)
    cases = []
    for entry in document["agenda"]:
        if "file" in entry:
            name, data = str(entry["file"]), _file_reader(HOSTILE / str(entry["file"]))
        else:
            name, data = str(entry["generator"]), GENERATORS[str(entry["generator"])]
        if ("error" in entry) == ("picks" in entry):
            raise ValueError(f"agenda case {name}: give exactly one of error and picks")
        picks = entry.get("picks")
        cases.append(
            AgendaCase(
                name=name,
                data=data,
                error=entry.get("error"),
                message=entry.get("message"),
                location=entry.get("location"),
                picks=None
                if picks is None
                else tuple((str(p["conference"]), str(p["session"]), p.get("note")) for p in picks),
                defect=entry.get("defect"),
            )
        )
    return cases


def summary(conf: Conference) -> dict[str, Any]:
    """What a read case pins of a Conference: its id, name, zone and each session's main fields.

    Session fields that are empty are left out, so a table row lists only what is there.
    """
    sessions = []
    for session in conf.sessions:
        row: dict[str, Any] = {"id": session.id, "title": session.title, "kind": session.kind.value}
        if session.start is not None:
            row["start"] = session.start.isoformat()
        if session.end is not None:
            row["end"] = session.end.isoformat()
        if session.room is not None:
            row["room"] = session.room.name
        if session.track is not None:
            row["track"] = session.track.name
        if session.speakers:
            row["speakers"] = [speaker.name for speaker in session.speakers]
        sessions.append({k: v for k, v in row.items() if v is not None})
    return {"id": conf.id, "name": conf.name, "timezone": conf.timezone, "sessions": sessions}


class TimeLimitExceeded(Exception):
    """Raised inside a :func:`time_limit` block that ran past its bound."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Interrupt the block with :class:`TimeLimitExceeded` after ``seconds`` (SIGALRM; main thread, Unix).

    A reader that loops for ever is stopped and reported instead of hanging the suite.

    >>> with time_limit(1.0):
    ...     pass
    """

    def expire(signum: int, frame: object) -> None:
        raise TimeLimitExceeded(f"over the time bound of {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
