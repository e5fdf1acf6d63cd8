"""Markdown (format name ``"markdown"``, alias ``"md"``): a readable agenda.

A ``#`` heading with the conference name, a line naming the zone times are
shown in, then one ``##`` section per day (the programme's day where the
conference gives its days or day change, so a 01:00 session of a congress
day that runs to 04:00 is listed under the day before; else the calendar
day in the view zone, e.g. "Tuesday 7 April 2026") holding a table with
the columns Time, Title, Speakers, Room and Track; sessions with no known
day follow under "## Unscheduled".
A time is ``09:00–09:30``, or just ``09:00`` when the end is unknown; a
session ending on a later day shows that day (``23:30–00:30 (+1)``).  A
session whose day is known and time is not
(:attr:`~pyconf_schedule.Session.day_only`) is listed under its day after
the timed sessions, with "time not known" as its time.

Cells are escaped so a table stays a table and text stays text: ``\\``,
``|``, ``*``, ``_``, `````, ``[``, ``]``, ``<``, ``>`` and ``&`` (so ``&lt;``
stays text, not an entity) get a backslash;
newlines become ``<br>``; other control characters are removed.  Abstracts
are not included.  Nothing is left out; there is no reader.
"""

from __future__ import annotations

import re
from datetime import date, tzinfo

from .._conference import Conference
from .._model import Session
from .._sessions import Sessions
from ._common import as_conference, view_zone

__all__ = ["dumps", "escape_cell"]

_SPECIAL = re.compile(r"([\\|*_`\[\]<>&])")
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_NEWLINE = re.compile(r"\r\n|\r|\n")


def escape_cell(text: str) -> str:
    """``text`` made safe for one Markdown table cell.

    >>> escape_cell("a|b\\nc_d")
    'a\\\\|b<br>c\\\\_d'
    """
    text = _CONTROL.sub("", text).replace("\t", " ")
    return _NEWLINE.sub("<br>", _SPECIAL.sub(r"\\\1", text.strip()))


def _when(session: Session, zone: tzinfo) -> str:
    assert session.start is not None
    start = session.start.astimezone(zone)
    text = start.strftime("%H:%M")
    if session.end is not None:
        end = session.end.astimezone(zone)
        text += "–" + end.strftime("%H:%M")
        days = (end.date() - start.date()).days
        if days:
            text += f" (+{days})"
    return text


_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def _day_heading(day: date) -> str:
    """'Tuesday 7 April 2026', independent of the locale."""
    return f"{_WEEKDAYS[day.weekday()]} {day.day} {_MONTHS[day.month - 1]} {day.year}"


_NO_TIME = "time not known"
_HEADER = "| Time | Title | Speakers | Room | Track |\n|---|---|---|---|---|\n"


def _row(time_text: str, session: Session) -> str:
    cells = [
        time_text,
        escape_cell(session.display_title),
        escape_cell(", ".join(session.speaker_names)),
        escape_cell(session.room.name if session.room else ""),
        escape_cell(session.track.name if session.track else ""),
    ]
    return "| " + " | ".join(cells) + " |\n"


def dumps(obj: Conference | Sessions, *, tz: str | None = None) -> str:
    """The Markdown agenda of ``obj`` with times in ``tz``.

    >>> from pyconf_schedule import load
    >>> dumps(load("eu2026")).splitlines()[0]
    '# PyTorch Conference Europe 2026'
    """
    conf = as_conference(obj)
    zone, name = view_zone(obj, tz)
    out = [f"# {escape_cell(conf.name)}\n", f"\nTimes are in {name}.\n"]
    view = conf.sessions if zone is conf.zone else conf.sessions.to_tz(zone)
    days = view.by_day()
    for day, sessions in days.items():
        out.append(f"\n## {_day_heading(day)}\n\n{_HEADER}")
        out.extend(_row(_when(s, zone) if s.start is not None else _NO_TIME, s) for s in sessions)
    unscheduled = [s for s in conf.sessions if s.start is None and s.day_only is None]
    if unscheduled:
        out.append(f"\n## Unscheduled\n\n{_HEADER}")
        out.extend(_row("", s) for s in unscheduled)
    if not days and not unscheduled:
        out.append("\nNo sessions.\n")
    return "".join(out)
