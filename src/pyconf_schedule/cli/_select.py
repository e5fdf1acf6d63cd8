"""The sessions and the moment that the options select, in the zone of --tz."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from ._common import UsageError

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable

    from .._conference import Conference
    from .._sessions import Sessions


def view(conf: Conference, args: argparse.Namespace) -> Conference:
    """``conf`` viewed in ``--tz``, else in its own zone (a Conference shows its times in its zone)."""
    tz: str | None = getattr(args, "tz", None)
    if tz is not None and not tz.strip():
        raise UsageError(
            "--tz needs a zone name", "e.g. --tz Europe/Paris, or leave --tz out for the conference's zone"
        )
    return conf.to_tz(tz) if tz else conf


def _union(sessions: Sessions, values: list[str], method: Callable[[Sessions, str], Sessions]) -> Sessions:
    result = method(sessions, values[0])
    for value in values[1:]:
        result = result | method(sessions, value)
    return result


def by_names(sessions: Sessions, args: argparse.Namespace) -> Sessions:
    """The ``sessions`` that the speaker, track, room, kind and organisation filters select."""
    from .._sessions import Sessions

    chosen: list[tuple[list[str], Callable[[Sessions, str], Sessions]]] = [
        (args.speaker, Sessions.by_speaker),
        (args.track, Sessions.by_track),
        (args.room, Sessions.by_room),
        (args.kind, Sessions.by_kind),
        (args.org, Sessions.by_organisation),
    ]
    for values, method in chosen:
        if values:
            sessions = _union(sessions, values, method)
    return sessions


def select_sessions(conf: Conference, args: argparse.Namespace) -> Sessions:
    """The sessions of ``conf`` that the filter options (and search TEXT) select."""
    sessions = by_names(conf.sessions, args)
    ids: list[str] = getattr(args, "id", None) or []
    if ids:
        wanted = [i.strip() for value in ids for i in value.split(",") if i.strip()]
        if not wanted:
            raise UsageError("--id needs a session id", f"e.g. --id {conf.sessions.ids[0] if conf.sessions else 'ID'}")
        sessions = sessions & conf.sessions.by_ids(wanted)
    after: str | None = getattr(args, "after", None)
    if after:
        sessions = sessions.after(after)
    if args.day:
        sessions = sessions.on(args.day)
    if args.at:
        sessions = sessions.at(args.at)
    if args.between:
        sessions = sessions.between(*args.between)
    text: str | None = getattr(args, "text", None)
    if text is not None:
        sessions = sessions.search(text)
    return sessions


def has_filters(args: argparse.Namespace, times: bool = True) -> bool:
    names = ("speaker", "track", "room", "kind", "org", "id") + (("day", "at", "between", "after") if times else ())
    return any(getattr(args, name, None) for name in names)


def moment_of(conf: Conference, when: str | None) -> datetime:
    from .._time import parse_instant

    if when is None:
        return datetime.now(UTC).astimezone(conf.zone)
    return parse_instant(when, conf.zone).astimezone(conf.zone)
