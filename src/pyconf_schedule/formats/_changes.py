"""How a diff is written (:meth:`ScheduleDiff.to_text`, ``to_markdown``, ``to_json``, ``to_ics``, ``to_atom``).

Plain text, Markdown, JSON, an iCalendar that updates a calendar (removed
sessions cancelled, changed ones with a higher ``SEQUENCE``) and an Atom
feed.

Writing is the formats' job: these take the sessions added and removed and
the :class:`~pyconf_schedule.SessionChange` records, which sit with the
model, so nothing here imports the diff feature that finds them.

>>> from datetime import timezone
>>> text((), (), (), timezone.utc)
'No changes.\\n'
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta, tzinfo
from typing import TYPE_CHECKING

from .._changes import COMPARED_FIELDS, DiffValue, FieldChange, SessionChange
from .._model import Room, Session, SessionKind, Speaker, Track
from .._time import get_zone, utc, zone_name
from .markdown import escape_cell

if TYPE_CHECKING:
    from .._conference import Conference
    from .._sessions import Sessions

__all__ = ["SEQUENCE_EPOCH", "atom", "calendar", "json_text", "markdown", "text"]

SEQUENCE_EPOCH = datetime(2000, 1, 1, tzinfo=UTC)
"""An update calendar's default ``SEQUENCE`` counts the minutes since this instant, so a later update has a higher one."""


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


def markdown(
    added: Sequence[Session], removed: Sequence[Session], changed: Sequence[SessionChange], zone: tzinfo
) -> str:
    """The changes as Markdown: a section each for added, removed and changed sessions, cells escaped."""
    if not (added or removed or changed):
        return "No changes.\n"
    parts: list[str] = []
    for heading, sessions in (("Added", added), ("Removed", removed)):
        if sessions:
            parts.append(
                f"## {heading} ({len(sessions)})\n\n"
                + "".join(f"- {escape_cell(_summary(s, zone))}\n" for s in sessions)
            )
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
                    | (
                        {"added": list(f.speakers_added), "removed": list(f.speakers_removed)}
                        if f.field == "speakers"
                        else {}
                    )
                    for f in c.changes
                ],
            }
            for c in changed
        ],
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def calendar(
    new: Conference | Sessions,
    removed: Sequence[Session],
    changed: Sequence[SessionChange],
    *,
    sequence: int | None = None,
    tz: str | None = None,
    dtstamp: datetime | None = None,
    remind: timedelta | None = None,
) -> str:
    """The iCalendar of ``new`` that updates a calendar of the old version (see :meth:`ScheduleDiff.to_ics`).

    A changed session that lost its time, and a removed one, are written
    at their old time as ``STATUS:CANCELLED``; a session that has no time
    in either version cannot be an event and is left out.
    """
    from ._common import as_conference
    from .ics import Event
    from .ics import calendar as write

    conf = as_conference(new)
    stamp = dtstamp if dtstamp is not None else datetime.now(UTC)
    if stamp.utcoffset() is None:
        raise ValueError("dtstamp must be an aware datetime")
    number = sequence if sequence is not None else int((utc(stamp) - SEQUENCE_EPOCH).total_seconds() // 60)
    if not isinstance(number, int) or isinstance(number, bool) or number < 0:
        raise ValueError(f"sequence is a whole number of at least 0, got {number!r}")
    zone = get_zone(tz) if tz is not None else get_zone(conf.timezone)
    by_new = {c.new.id: c for c in changed}
    events: list[Event] = []
    for session in conf.sessions:
        change = by_new.get(session.id)
        uid = change.old.id if change is not None and change.old.id != session.id else None
        if session.start is not None:
            seq = number if change is not None else None
            events.append(Event(session=session, conference=conf.id, zone=zone, uid=uid, sequence=seq))
        elif change is not None and change.old.start is not None:
            events.append(Event(session=change.old, conference=conf.id, zone=zone, sequence=number, cancelled=True))
    for session in removed:
        if session.start is not None:
            events.append(Event(session=session, conference=conf.id, zone=zone, sequence=number, cancelled=True))
    return write(events, name=conf.name, calendar_zone=zone_name(zone), dtstamp=stamp, remind=remind)


def _xml(text: str) -> str:
    from xml.sax.saxutils import escape

    from ._common import strip_xml_illegal

    return escape(strip_xml_illegal(text), {'"': "&quot;"})


def atom(
    added: Sequence[Session],
    removed: Sequence[Session],
    changed: Sequence[SessionChange],
    zone: tzinfo,
    *,
    title: str,
    feed_id: str,
    updated: datetime | None = None,
    link: str | None = None,
) -> str:
    """The changes as an Atom feed (RFC 4287), one entry per session (see :meth:`ScheduleDiff.to_atom`).

    >>> from datetime import datetime, timezone
    >>> feed = atom((), (), (), timezone.utc, title="Changes", feed_id="eu2026",
    ...             updated=datetime(2026, 4, 1, tzinfo=timezone.utc))
    >>> print(feed, end="")
    <?xml version="1.0" encoding="utf-8"?>
    <feed xmlns="http://www.w3.org/2005/Atom">
      <title>Changes</title>
      <id>urn:uuid:80ab2e62-246a-5cff-b410-165fefc2d1bf</id>
      <updated>2026-04-01T00:00:00Z</updated>
      <author><name>pyconf-schedule</name></author>
    </feed>
    """
    from ._common import stable_uuid

    moment = updated if updated is not None else datetime.now(UTC)
    if moment.utcoffset() is None:
        raise ValueError("updated must be an aware datetime")
    stamp = utc(moment).replace(microsecond=0).isoformat().replace("+00:00", "Z")
    lines = [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<feed xmlns="http://www.w3.org/2005/Atom">',
        f"  <title>{_xml(title)}</title>",
        f"  <id>urn:uuid:{stable_uuid('atom', feed_id)}</id>",
        f"  <updated>{stamp}</updated>",
    ]
    if link:
        lines.append(f'  <link rel="alternate" href="{_xml(link)}"/>')
    lines.append("  <author><name>pyconf-schedule</name></author>")
    entries: list[tuple[str, Session, list[str]]] = [("Added", s, [f"+ {_summary(s, zone)}"]) for s in added]
    entries += [("Removed", s, [f"- {_summary(s, zone)}"]) for s in removed]
    for change in changed:
        body = [f"* {_summary(change.new, zone)}", *(f"  {_change_text(c, zone)}" for c in change.changes)]
        entries.append((f"Changed ({', '.join(change.fields)})", change.new, body))
    for what, session, body in entries:
        content = "\n".join(body)
        key = stable_uuid("atom", feed_id, what, session.id, content)
        lines += [
            "  <entry>",
            f"    <title>{_xml(f'{what}: {session.display_title}')}</title>",
            f"    <id>urn:uuid:{key}</id>",
            f"    <updated>{stamp}</updated>",
        ]
        if session.url and session.url.startswith(("https://", "http://")):
            lines.append(f'    <link rel="alternate" href="{_xml(session.url)}"/>')
        lines += [f'    <content type="text">{_xml(content)}</content>', "  </entry>"]
    lines.append("</feed>")
    return "\n".join(lines) + "\n"
