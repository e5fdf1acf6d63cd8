"""A Model Context Protocol server over stdio: conference schedules as tools an agent can call.

``pyconf-schedule mcp [SOURCE ...]`` runs it (the ``mcp`` extra: the
official ``mcp`` SDK).  Every tool answers with JSON that names each
session's id and conference, gives times as ISO 8601 with the conference's
UTC offset, and carries each conference's coverage note, so an agent can say
what the data does and does not hold.  Errors (an unknown speaker, a time
that cannot be read) come back as tool errors with the library's message,
suggestions included.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from ._agenda import Agenda
from ._agenda_records import Pick
from ._conference import Conference
from ._model import Session
from ._tables import import_extra
from .exceptions import PyconfScheduleError, UnknownDatasetError

__all__ = ["build_server", "conference_summary", "session_record"]

_Tool = TypeVar("_Tool", bound=Callable[..., dict[str, Any]])

LIST_LIMIT = 100
"""At most this many sessions in one answer; ``truncated`` says when more matched."""

INSTRUCTIONS = (
    "Conference schedules. Every answer lists sessions with their id, conference, title, times "
    "(ISO 8601 with the conference's UTC offset), room, track and speakers, and a coverage note per "
    "conference: say only what the data holds, and quote the coverage note when it limits an answer. "
    "Naive times (no offset) are read in the conference's own zone."
)


def session_record(session: Session, conf: Conference, *, details: bool = False) -> dict[str, Any]:
    """One session as the JSON an agent gets: times with offsets in the conference's zone, names, not objects.

    >>> from pyconf_schedule import load
    >>> conf = load("eu2026")
    >>> record = session_record(conf.by_speaker("Liz Li")[0], conf)
    >>> record["start"], record["room"], record["speakers"]
    ('2026-04-08T11:05:00+02:00', 'Founders Cafe', ['Liz Li', 'Zachary Streeter'])
    """
    shown = session.to_tz(conf.zone)
    day = conf.day_of(session)
    record: dict[str, Any] = {
        "id": session.id,
        "conference": conf.id,
        "title": session.display_title,
        "kind": session.kind.value,
        "start": shown.start.isoformat() if shown.start is not None else None,
        "end": shown.end.isoformat() if shown.end is not None else None,
        "day": day.isoformat() if day is not None else None,
        "room": session.room.name if session.room is not None else None,
        "track": session.track.name if session.track is not None else None,
        "speakers": [s.name for s in session.speakers],
        "organisations": sorted({s.organisation for s in session.speakers if s.organisation}),
        "url": session.url,
        "recording": session.recording,
    }
    if details:
        record["abstract"] = session.abstract
        record["sources"] = list(session.sources)
        record["slide_urls"] = list(session.slide_urls)
        record["weak_fields"] = list(session.weak_fields)
    return record


def conference_summary(conf: Conference) -> dict[str, Any]:
    """What an agent needs to know of a conference before asking: id, name, zone, days, size and coverage."""
    return {
        "id": conf.id,
        "name": conf.name,
        "timezone": conf.timezone,
        "days": [d.isoformat() for d in conf.days()],
        "sessions": len(conf.sessions),
        "coverage": conf.coverage,
    }


class _Catalogue:
    """The conferences the server answers about, looked up by id."""

    def __init__(self, conferences: Sequence[Conference]) -> None:
        if not conferences:
            raise ValueError("the server needs at least one conference")
        self.by_id = {c.id: c for c in conferences}

    def chosen(self, conference: str | None) -> list[Conference]:
        if conference is None:
            return list(self.by_id.values())
        conf = self.by_id.get(conference)
        if conf is None:
            raise UnknownDatasetError(conference, self.by_id)
        return [conf]

    def answer(self, found: Sequence[tuple[Conference, Iterable[Session]]], *, details: bool = False) -> dict[str, Any]:
        sessions = [(conf, s) for conf, result in found for s in result]
        shown = sessions[:LIST_LIMIT]
        return {
            "count": len(sessions),
            "truncated": len(sessions) > len(shown),
            "sessions": [session_record(s, conf, details=details) for conf, s in shown],
            "coverage": {conf.id: conf.coverage for conf, _ in found},
        }

    def query(self, conference: str | None, ask: Any) -> dict[str, Any]:
        """Run ``ask(conf)`` on each chosen conference; a lookup error in every one is the tool's error."""
        found: list[tuple[Conference, Iterable[Session]]] = []
        errors: list[PyconfScheduleError] = []
        for conf in self.chosen(conference):
            try:
                found.append((conf, ask(conf)))
            except LookupError as exc:  # not in this conference; maybe in another
                if not isinstance(exc, PyconfScheduleError):
                    raise
                errors.append(exc)
        if not found and errors:
            raise errors[0]
        return self.answer(found)


def build_server(conferences: Sequence[Conference]) -> Any:
    """The MCP server (an ``mcp.server.mcpserver.MCPServer``) answering about ``conferences``; run it with ``.run("stdio")``."""
    mcpserver = import_extra("mcp.server.mcpserver", "mcp", "Agent tools")
    from mcp.server.mcpserver.exceptions import ToolError

    catalogue = _Catalogue(conferences)
    server = mcpserver.MCPServer("pyconf-schedule", instructions=INSTRUCTIONS)

    def tool(function: _Tool) -> _Tool:
        """Register ``function``; the library's errors reach the agent as tool errors with their message."""

        @functools.wraps(function)
        def answer(*args: Any, **kwargs: Any) -> dict[str, Any]:
            try:
                return function(*args, **kwargs)
            except PyconfScheduleError as exc:
                raise ToolError(str(exc)) from None

        server.tool()(answer)
        return function

    @tool
    def list_conferences() -> dict[str, Any]:
        """The conferences this server knows: id, name, zone, days, number of sessions, and coverage note."""
        return {"conferences": [conference_summary(c) for c in catalogue.by_id.values()]}

    @tool
    def search(text: str, conference: str | None = None) -> dict[str, Any]:
        """Sessions whose title, abstract, speakers or organisations contain every word of ``text``."""
        return catalogue.query(conference, lambda c: c.search(text))

    @tool
    def by_speaker(name: str, conference: str | None = None) -> dict[str, Any]:
        """Sessions of the speaker ``name`` (case and accents ignored; a typo gets suggestions)."""
        return catalogue.query(conference, lambda c: c.by_speaker(name))

    @tool
    def by_track(name: str, conference: str | None = None) -> dict[str, Any]:
        """Sessions of the track ``name``."""
        return catalogue.query(conference, lambda c: c.by_track(name))

    @tool
    def by_room(name: str, conference: str | None = None) -> dict[str, Any]:
        """Sessions in the room ``name``."""
        return catalogue.query(conference, lambda c: c.by_room(name))

    @tool
    def on_day(day: str, conference: str | None = None) -> dict[str, Any]:
        """Sessions on the programme day ``day`` (YYYY-MM-DD)."""
        return catalogue.query(conference, lambda c: c.on(day))

    @tool
    def running_at(time: str, conference: str | None = None) -> dict[str, Any]:
        """Sessions running at ``time`` (ISO 8601; without an offset, the conference's own zone): start <= time < end."""
        return catalogue.query(conference, lambda c: c.at(time))

    @tool
    def session(id: str, conference: str | None = None) -> dict[str, Any]:
        """One session by its id, with its abstract and sources."""
        found = []
        for conf in catalogue.chosen(conference):
            hit = conf.sessions.get(id)
            if hit is not None:
                found.append((conf, [hit]))
        if not found:
            conf = catalogue.chosen(conference)[0]
            conf.session(id)  # raises UnknownSessionError with suggestions
        return catalogue.answer(found, details=True)

    @tool
    def clashes(ids: list[str], conference: str | None = None) -> dict[str, Any]:
        """Which of the picked session ids run at the same time (or may: an unknown end or only a known day)."""
        confs = catalogue.chosen(conference)
        picks: list[Pick] = []
        for sid in ids:
            homes = [c for c in confs if c.sessions.get(sid) is not None]
            if not homes:
                confs[0].session(sid)  # raises UnknownSessionError with suggestions
            picks.extend(Pick(conference=c.id, session=sid) for c in homes[:1])
        agenda = Agenda(confs, picks)
        result = []
        for clash in agenda.clashes():
            first_conf = next(c for c in confs if c.sessions.get(clash.first.id) is not None)
            second_conf = next(c for c in confs if c.sessions.get(clash.second.id) is not None)
            result.append(
                {
                    "first": session_record(clash.first, first_conf),
                    "second": session_record(clash.second, second_conf),
                    "overlap_minutes": None if clash.overlap is None else clash.overlap.total_seconds() / 60,
                    "possible": clash.possible,
                    "weak_time": clash.weak_time,
                }
            )
        return {
            "picks": len(picks),
            "clashes": result,
            "coverage": {c.id: c.coverage for c in confs},
        }

    return server
