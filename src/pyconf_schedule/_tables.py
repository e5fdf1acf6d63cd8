"""Tidy tables of one or many conferences, as Apache Arrow (and pandas or polars) tables.

Six tables, every one with a ``conference`` column so that many conferences
(twenty years of one event, every event of a series) stack into one set:

``conferences``
    one row per conference: its id, name, zone, place and dates.
``sessions``
    one row per session: times as UTC timestamps (``start``, ``end``), their
    ``duration``, the conference's ``timezone`` for wall times, the programme
    ``day``, room and track by id and name, and the session's text fields.
``speakers``
    one row per speaker of a conference, with ``key``: the same for the same
    person across conferences (their folded name), so "who spoke at both" is
    a join on it.
``session_speakers``
    one row per speaker of a session, in the session's order (``position``).
``rooms``, ``tracks``
    one row per room and per track.

Nothing here is imported by ``import pyconf_schedule``; ``pyarrow`` (the
``arrow`` extra) is imported by the first call, and pandas or polars only by
:func:`to_pandas` / :func:`to_polars`.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from ._text import fold
from .exceptions import MissingExtraError

if TYPE_CHECKING:
    from ._conference import Conference
    from ._sessions import Sessions

__all__ = ["TABLES", "import_extra", "speaker_key", "to_arrow", "to_pandas", "to_polars"]

TABLES = ("conferences", "sessions", "speakers", "session_speakers", "rooms", "tracks")
"""The names of the tables, in the order they are returned."""

SESSION_FIELDS_NOT_IN_TABLES = frozenset({"speakers", "variants", "conflicts", "field_sources"})
"""Session fields with no column: speakers have their own table; variants, conflicts and field_sources are provenance."""


def import_extra(module: str, extra: str, what: str) -> Any:
    """``module`` imported, or MissingExtraError naming ``extra`` when its library is not installed."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        raise MissingExtraError(module.split(".")[0], extra, what) from None


def speaker_key(name: str) -> str:
    """The key that names one person across conferences: the folded name (case, accents, spacing ignored).

    >>> speaker_key("  Léonard HUSSENOT ") == speaker_key("leonard hussenot")
    True
    """
    return fold(name)


def _utc(value: datetime | None) -> datetime | None:
    return None if value is None else value.astimezone(UTC)


def _parts(obj: Conference | Sessions) -> tuple[Conference | None, Sessions]:
    from ._conference import Conference

    if isinstance(obj, Conference):
        return obj, obj.sessions
    return obj.conference, obj


def _columns(names: Iterable[str]) -> dict[str, list[Any]]:
    return {name: [] for name in names}


def _build(sources: Iterable[Conference | Sessions]) -> dict[str, dict[str, list[Any]]]:
    """Plain Python columns of every table, for the conferences or query results given (linear)."""
    tables: dict[str, dict[str, list[Any]]] = {
        "conferences": _columns(
            ("conference", "name", "timezone", "city", "country", "venue", "url", "start_date", "end_date", "coverage")
        ),
        "sessions": _columns(
            (
                "conference",
                "id",
                "title",
                "kind",
                "kind_label",
                "start",
                "end",
                "duration",
                "timezone",
                "day",
                "day_only",
                "room_id",
                "room",
                "track_id",
                "track",
                "abstract",
                "audience_level",
                "language",
                "url",
                "slides",
                "sources",
                "title_variants",
                "recording",
                "slide_urls",
            )
        ),
        "speakers": _columns(("conference", "id", "name", "key", "aliases", "job_title", "organisation", "bio")),
        "session_speakers": _columns(("conference", "session_id", "speaker_id", "position")),
        "rooms": _columns(("conference", "id", "name")),
        "tracks": _columns(("conference", "id", "name")),
    }
    seen: set[str] = set()
    for source in sources:
        conf, sessions = _parts(source)
        conf_id = conf.id if conf is not None else "sessions"
        if conf_id in seen:
            raise ValueError(f"conference {conf_id!r} is given twice; each conference's tables are built once")
        seen.add(conf_id)
        zone = conf.timezone if conf is not None else None
        c = tables["conferences"]
        c["conference"].append(conf_id)
        c["name"].append(conf.name if conf is not None else None)
        c["timezone"].append(zone)
        for name in ("city", "country", "venue", "url", "start_date", "end_date", "coverage"):
            c[name].append(getattr(conf, name) if conf is not None else None)
        speakers: dict[str, Any] = {}
        rooms: dict[str, Any] = {}
        tracks: dict[str, Any] = {}
        s = tables["sessions"]
        ss = tables["session_speakers"]
        for session in sessions:
            start, end = _utc(session.start), _utc(session.end)
            room, track = session.room, session.track
            s["conference"].append(conf_id)
            s["id"].append(session.id)
            s["title"].append(session.title)
            s["kind"].append(session.kind.value)
            s["kind_label"].append(session.kind_label)
            s["start"].append(start)
            s["end"].append(end)
            s["duration"].append(end - start if start is not None and end is not None else None)
            s["timezone"].append(zone)
            s["day"].append(sessions.day_of(session))
            s["day_only"].append(session.day_only)
            s["room_id"].append(room.id if room is not None else None)
            s["room"].append(room.name if room is not None else None)
            s["track_id"].append(track.id if track is not None else None)
            s["track"].append(track.name if track is not None else None)
            s["abstract"].append(session.abstract)
            s["audience_level"].append(session.audience_level)
            s["language"].append(session.language)
            s["url"].append(session.url)
            s["slides"].append(list(session.slides))
            s["sources"].append(list(session.sources))
            s["title_variants"].append(list(session.title_variants))
            s["recording"].append(session.recording)
            s["slide_urls"].append(list(session.slide_urls))
            if room is not None:
                rooms.setdefault(room.id, room)
            if track is not None:
                tracks.setdefault(track.id, track)
            for position, speaker in enumerate(session.speakers):
                speakers.setdefault(speaker.id, speaker)
                ss["conference"].append(conf_id)
                ss["session_id"].append(session.id)
                ss["speaker_id"].append(speaker.id)
                ss["position"].append(position)
        if conf is not None and sessions is conf.sessions:  # a whole conference: every speaker, room and track
            speakers = {sp.id: sp for sp in conf.speakers}
            rooms = {r.id: r for r in conf.rooms}
            tracks = {t.id: t for t in conf.tracks}
        sp_table = tables["speakers"]
        for speaker in speakers.values():
            sp_table["conference"].append(conf_id)
            sp_table["id"].append(speaker.id)
            sp_table["name"].append(speaker.name)
            sp_table["key"].append(speaker_key(speaker.name))
            sp_table["aliases"].append(list(speaker.aliases))
            sp_table["job_title"].append(speaker.job_title)
            sp_table["organisation"].append(speaker.organisation)
            sp_table["bio"].append(speaker.bio)
        for name, items in (("rooms", rooms), ("tracks", tracks)):
            table = tables[name]
            for item in items.values():
                table["conference"].append(conf_id)
                table["id"].append(item.id)
                table["name"].append(item.name)
    return tables


def _schemas(pa: Any) -> dict[str, Any]:
    text = pa.string()
    category = pa.dictionary(pa.int32(), pa.string())
    texts = pa.list_(pa.string())
    instant = pa.timestamp("us", tz="UTC")
    return {
        "conferences": pa.schema(
            [("conference", text), ("name", text), ("timezone", text), ("city", text), ("country", text),
             ("venue", text), ("url", text), ("start_date", pa.date32()), ("end_date", pa.date32()),
             ("coverage", text)]
        ),
        "sessions": pa.schema(
            [("conference", category), ("id", text), ("title", text), ("kind", category), ("kind_label", text),
             ("start", instant), ("end", instant), ("duration", pa.duration("us")), ("timezone", category),
             ("day", pa.date32()), ("day_only", pa.date32()), ("room_id", category), ("room", category),
             ("track_id", category), ("track", category), ("abstract", text), ("audience_level", category),
             ("language", category), ("url", text), ("slides", texts), ("sources", texts),
             ("title_variants", texts), ("recording", text), ("slide_urls", texts)]
        ),
        "speakers": pa.schema(
            [("conference", category), ("id", text), ("name", text), ("key", text), ("aliases", texts),
             ("job_title", text), ("organisation", category), ("bio", text)]
        ),
        "session_speakers": pa.schema(
            [("conference", category), ("session_id", text), ("speaker_id", text), ("position", pa.int16())]
        ),
        "rooms": pa.schema([("conference", category), ("id", text), ("name", text)]),
        "tracks": pa.schema([("conference", category), ("id", text), ("name", text)]),
    }  # fmt: skip


def to_arrow(*sources: Conference | Sessions) -> dict[str, Any]:
    """The tidy tables of ``sources`` (conferences or query results) as ``pyarrow.Table`` objects, by name.

    Many sources stack into one set of tables, each row naming its
    ``conference``; a conference given twice raises ValueError.  Needs the
    ``arrow`` extra (``pyarrow``): without it, :class:`MissingExtraError`
    says what to install.
    """
    pa = import_extra("pyarrow", "arrow", "Arrow tables")
    columns = _build(sources)
    schemas = _schemas(pa)
    result: dict[str, Any] = {}
    for name in TABLES:
        schema = schemas[name]
        arrays = []
        for field in schema:
            values = columns[name][field.name]
            if pa.types.is_dictionary(field.type):
                arrays.append(pa.array(values, type=pa.string()).dictionary_encode().cast(field.type))
            else:
                arrays.append(pa.array(values, type=field.type))
        result[name] = pa.Table.from_arrays(arrays, schema=schema)
    return result


def to_pandas(*sources: Conference | Sessions) -> dict[str, Any]:
    """The tables of :func:`to_arrow` as pandas DataFrames (the ``pandas`` extra): categories, aware timestamps."""
    import_extra("pandas", "pandas", "pandas DataFrames")
    return {name: table.to_pandas() for name, table in to_arrow(*sources).items()}


def to_polars(*sources: Conference | Sessions) -> dict[str, Any]:
    """The tables of :func:`to_arrow` as polars DataFrames (the ``polars`` extra)."""
    pl = import_extra("polars", "polars", "polars DataFrames")
    return {name: pl.from_arrow(table) for name, table in to_arrow(*sources).items()}
