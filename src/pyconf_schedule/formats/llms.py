"""A plain-text digest of a programme for language models (format name ``"llms"``).

It says first what the data is and is not: the conference, its zone, the
dates, how many sessions it holds (and how many have no known time), and
the dataset's coverage note, so a model quoting it does not claim more than
the data holds.  Then one block per day (the programme's day) with one line
per session::

    2026-04-08 11:05-11:30 +02:00 | Founders Cafe | Training Systems | talk | Bringing PyTorch Monarch ...
      speakers: Liz Li (AMD), Zachary Streeter (AMD) | id: bringing-pytorch-monarch-to-amd-gpus-single-controller

Times carry their UTC offset; an unknown end is ``?``; a session whose day
is known and time is not says ``time not known``.  Abstracts are left out
(they are in the native JSON).  Control characters are removed and line
breaks in values become spaces, so each session is exactly two lines.
"""

from __future__ import annotations

import re
from datetime import tzinfo

from .._conference import Conference
from .._model import Session
from .._sessions import Sessions
from ._common import as_conference, offset_text, view_zone

__all__ = ["dumps"]

_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]+")


def _clean(text: str) -> str:
    return " ".join(_CONTROL.sub(" ", text).split())


def _when(session: Session, zone: tzinfo) -> str:
    if session.start is None:
        return (
            f"{session.day_only.isoformat()} time not known" if session.day_only is not None else "no day or time known"
        )
    start = session.start.astimezone(zone)
    end = session.end.astimezone(zone).strftime("%H:%M") if session.end is not None else "?"
    return f"{start:%Y-%m-%d %H:%M}-{end} {offset_text(start.utcoffset())}"


def _lines(session: Session, zone: tzinfo) -> list[str]:
    fields = [
        _when(session, zone),
        _clean(session.room.name) if session.room is not None else "no room",
        _clean(session.track.name) if session.track is not None else "no track",
        session.kind.value,
        _clean(session.display_title),
    ]
    people = ", ".join(
        _clean(s.name) + (f" ({_clean(s.organisation)})" if s.organisation else "") for s in session.speakers
    )
    return [" | ".join(fields), f"  speakers: {people or 'none listed'} | id: {_clean(session.id)}"]


def dumps(obj: Conference | Sessions, *, tz: str | None = None) -> str:
    """The digest of ``obj`` with times in ``tz`` (default: the zone it is viewed in).

    >>> from pyconf_schedule import load
    >>> text = dumps(load("eu2026"))
    >>> text.splitlines()[0]
    '# PyTorch Conference Europe 2026 (eu2026)'
    >>> [line for line in text.splitlines() if "Liz Li" in line]
    ['  speakers: Liz Li (AMD), Zachary Streeter (AMD) | id: bringing-pytorch-monarch-to-amd-gpus-single-controller']
    """
    conf = as_conference(obj)
    zone, name = view_zone(obj, tz)
    sessions = conf.sessions
    timed = sum(1 for s in sessions if s.start is not None)
    dates = [d.isoformat() for d in conf.days()]
    out = [
        f"# {_clean(conf.name)} ({_clean(conf.id)})",
        f"Times are in {name}, each with its UTC offset.",
        f"Days: {', '.join(dates) if dates else 'none known'}.",
        f"Sessions: {len(sessions)}, of which {len(sessions) - timed} have no known time.",
        f"Coverage: {_clean(conf.coverage) if conf.coverage else 'not stated by the source.'}",
        "Each session is two lines: when | room | track | kind | title, then its speakers and id.",
    ]
    view = sessions if zone is conf.zone else sessions.to_tz(zone)
    for day, on_day in view.by_day().items():
        out.append("")
        out.append(f"## {day.isoformat()}")
        for session in on_day:
            out.extend(_lines(session, zone))
    undated = [s for s in sessions if s.start is None and s.day_only is None]
    if undated:
        out.append("")
        out.append("## No day known")
        for session in undated:
            out.extend(_lines(session, zone))
    return "\n".join(out) + "\n"
