"""How a query result and a conference show in a notebook: a compact HTML table (``_repr_html_``).

At most :data:`ROWS` sessions are shown, then a line says how many more
there are; every value is HTML-escaped.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ._conference import Conference
    from ._model import Session
    from ._sessions import Sessions

__all__ = ["ROWS", "conference_html", "sessions_html"]

ROWS = 20
"""The most sessions a notebook table shows."""


def _when(session: Session) -> str:
    if session.start is None:
        return f"{session.day_only:%a %d %b}, time not known" if session.day_only is not None else "not scheduled"
    end = f"–{session.end:%H:%M}" if session.end is not None else ""
    return f"{session.start:%a %d %b %H:%M}{end}"


def sessions_html(sessions: Sessions, caption: str | None = None) -> str:
    """The table of ``sessions`` (times in the zone they are viewed in).

    >>> from pyconf_schedule import load
    >>> print(sessions_html(load("eu2026").by_speaker("Liz Li")))  # doctest: +NORMALIZE_WHITESPACE
    <table><caption>1 session, times in Europe/Paris</caption>
    <thead><tr><th>Time</th><th>Room</th><th>Title</th><th>Speakers</th></tr></thead>
    <tbody><tr><td>Wed 08 Apr 11:05–11:30</td><td>Founders Cafe</td><td>Bringing PyTorch Monarch to AMD GPUs: Single-Controller Distributed Training on ROCm</td><td>Liz Li, Zachary Streeter</td></tr></tbody></table>
    """
    from ._time import zone_name

    count = len(sessions)
    zone = zone_name(sessions.zone) or str(sessions.zone)
    head = caption if caption is not None else f"{count} session{'' if count == 1 else 's'}, times in {zone}"
    rows = []
    for session in list(sessions[:ROWS]):
        cells = (
            _when(session),
            session.room.name if session.room is not None else "",
            session.display_title,
            ", ".join(session.speaker_names),
        )
        rows.append("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>")
    if count > ROWS:
        rows.append(f'<tr><td colspan="4">… and {count - ROWS} more</td></tr>')
    return (
        f"<table><caption>{escape(head)}</caption>\n"
        "<thead><tr><th>Time</th><th>Room</th><th>Title</th><th>Speakers</th></tr></thead>\n"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def conference_html(conf: Conference) -> str:
    """A heading with the conference's name, zone and size, then the table of its sessions."""
    count, speakers = len(conf.sessions), len(conf.speakers)
    caption = (
        f"{conf.name}: {count} session{'' if count == 1 else 's'}, {speakers} speaker{'' if speakers == 1 else 's'}, "
        f"times in {conf.view_timezone or conf.timezone}"
    )
    return sessions_html(conf.sessions, caption)
