"""How a diff is written (:meth:`ScheduleDiff.as_text`, ``as_markdown``, ``as_json``): plain text, Markdown, JSON.

Writing is the formats' job: these take the sessions added and removed and
the :class:`~pyconf_schedule.SessionChange` records, which sit with the
model, so nothing here imports the diff feature that finds them.

>>> from datetime import timezone
>>> text((), (), (), timezone.utc)
'No changes.\\n'
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, tzinfo

from .._changes import COMPARED_FIELDS, DiffValue, FieldChange, SessionChange
from .._model import Room, Session, SessionKind, Speaker, Track
from .._time import utc
from .markdown import escape_cell

__all__ = ["json_text", "markdown", "text"]


def _when(session: Session, zone: tzinfo) -> str:
    if session.start is None:
        return "unscheduled" if session.day_only is None else f"{session.day_only.isoformat()} (time not known)"
    start = session.start.astimezone(zone)
    text = f"{start:%Y-%m-%d %H:%M}"
    if session.end is not None:
        end = session.end.astimezone(zone)
        text += f"–{end:%H:%M}" if end.date() == start.date() else f"–{end:%Y-%m-%d %H:%M}"
    return f"{text} {start.tzname()}"


def _summary(session: Session, zone: tzinfo) -> str:
    where = f", {session.room.name}" if session.room else ""
    who = f" ({', '.join(session.speaker_names)})" if session.speakers else ""
    return f"{_when(session, zone)}{where}: {session.display_title}{who} [{session.id}]"


def _value_text(value: DiffValue, zone: tzinfo) -> str:
    if value is None:
        return "(none)"
    if isinstance(value, datetime):
        moment = value.astimezone(zone)
        return f"{moment:%Y-%m-%d %H:%M} {moment.tzname()}"
    if isinstance(value, str):  # free text: quoted, and cut where long
        return repr(value) if len(value) <= 80 else repr(value[:79] + "…")
    plain = _json_value(value)  # a date, kind, room, track or names: as JSON gives them
    if isinstance(plain, list):
        return ", ".join(map(str, plain)) if plain else "(none)"
    return str(plain)


def _change_text(change: FieldChange, zone: tzinfo) -> str:
    if change.field == "speakers":
        parts = [f"+{n}" for n in change.speakers_added] + [f"-{n}" for n in change.speakers_removed]
        return f"speakers: {', '.join(parts)}"
    if change.field == "abstract" and change.old is not None and change.new is not None:
        return "abstract: reworded"
    return f"{change.field}: {_value_text(change.old, zone)} → {_value_text(change.new, zone)}"


def text(added: Sequence[Session], removed: Sequence[Session], changed: Sequence[SessionChange], zone: tzinfo) -> str:
    """The changes as plain text, one line per session and one per changed field; "No changes." when none."""
    if not (added or removed or changed):
        return "No changes.\n"
    lines: list[str] = []
    for heading, sessions, mark in (("Added", added, "+"), ("Removed", removed, "-")):
        if sessions:
            lines.append(f"{heading} ({len(sessions)}):")
            lines += [f"  {mark} {_summary(s, zone)}" for s in sessions]
    if changed:
        lines.append(f"Changed ({len(changed)}):")
        for change in changed:
            lines.append(f"  * {_summary(change.new, zone)}")
            lines += [f"      {_change_text(c, zone)}" for c in change.changes]
    return "\n".join(lines) + "\n"


def markdown(added: Sequence[Session], removed: Sequence[Session], changed: Sequence[SessionChange], zone: tzinfo) -> str:
    """The changes as Markdown: a section each for added, removed and changed sessions, cells escaped."""
    if not (added or removed or changed):
        return "No changes.\n"
    parts: list[str] = []
    for heading, sessions in (("Added", added), ("Removed", removed)):
        if sessions:
            parts.append(f"## {heading} ({len(sessions)})\n\n" + "".join(f"- {escape_cell(_summary(s, zone))}\n" for s in sessions))
    if changed:
        items = []
        for change in changed:
            items.append(f"- {escape_cell(_summary(change.new, zone))}\n")
            items += [f"  - {escape_cell(_change_text(c, zone))}\n" for c in change.changes]
        parts.append(f"## Changed ({len(changed)})\n\n" + "".join(items))
    return "\n".join(parts)


def _json_value(value: DiffValue) -> object:
    if isinstance(value, datetime):
        return utc(value).isoformat().replace("+00:00", "Z")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, SessionKind):
        return value.value
    if isinstance(value, (Room, Track)):
        return value.name
    if isinstance(value, tuple):
        return [v.name if isinstance(v, Speaker) else v for v in value]
    return value


def _session_data(session: Session) -> dict[str, object]:
    return {name: _json_value(getattr(session, name)) for name in COMPARED_FIELDS if name != "abstract"}


def json_text(added: Sequence[Session], removed: Sequence[Session], changed: Sequence[SessionChange]) -> str:
    """The changes as a JSON document (times as ISO 8601 in UTC); see docs/reference/api.md."""
    import json

    document = {
        "added": [_session_data(s) for s in added],
        "removed": [_session_data(s) for s in removed],
        "changed": [
            {
                "id": c.id,
                "old_id": c.old.id,
                "title": c.new.title,
                "matched_by": c.matched_by,
                "changes": [
                    {"field": f.field, "old": _json_value(f.old), "new": _json_value(f.new)}
                    | ({"added": list(f.speakers_added), "removed": list(f.speakers_removed)} if f.field == "speakers" else {})
                    for f in c.changes
                ],
            }
            for c in changed
        ],
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
