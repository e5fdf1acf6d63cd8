"""Free time: the gaps between one agenda's picks on a day, and between two people's, with the picks they share.

>>> from pyconf_schedule import Agenda, load
>>> conf = load("eu2026")
>>> mine = Agenda.of(conf, ["pytorch-cto", "vllm-ray-updates"])
>>> yours = Agenda.of(conf, ["pytorch-cto", "bringing-pytorch-monarch-to-amd-gpus-single-controller"])
>>> common(mine, yours).ids
('pytorch-cto',)
>>> [str(g) for g in free_together(mine, yours, "2026-04-08")]
['09:25-11:05 (1 h 40 min)', '11:30-15:50 (4 h 20 min)']
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from ._model import Session
from ._sessions import Sessions
from ._time import DayLike, parse_day, utc

if TYPE_CHECKING:
    from ._agenda import Agenda
    from ._agenda_records import Gap

__all__ = ["common", "free", "free_together"]


def free(agenda: Agenda, day: DayLike) -> tuple[Gap, ...]:
    """The gaps between the agenda's picks on ``day``, within that day's programme (see :meth:`Agenda.free`)."""
    from ._agenda_records import Gap

    wanted = parse_day(day)
    programme: list[Session] = []
    picked: list[Session] = []
    for conf in agenda.conferences:
        # Each conference's own day rule (programme days, day change), as Sessions.on() applies it.
        ids = {p.session for p in agenda.picks if p.conference == conf.id}
        that_day = conf.sessions.to_tz(agenda.zone).on(wanted)
        programme.extend(that_day.scheduled)
        picked.extend(s for s in that_day if s.id in ids)
    picks = Sessions(picked, zone=agenda.zone)
    if not programme:
        return ()
    begin = min(utc(s.start) for s in programme if s.start is not None)
    finish = max(utc(s.end if s.end is not None else s.start) for s in programme if s.start is not None)
    day_only = tuple(picks.day_only)
    open_ended = [(utc(s.start), s) for s in picks.scheduled if s.end is None and s.start is not None]
    busy = sorted((utc(s.start), utc(s.end)) for s in picks.scheduled if s.start is not None and s.end is not None)
    gaps: list[tuple[datetime, datetime]] = []
    cursor = begin
    for start, end in busy:
        if start > cursor:
            gaps.append((cursor, min(start, finish)))
        cursor = max(cursor, end)
        if cursor >= finish:
            break
    if cursor < finish:
        gaps.append((cursor, finish))
    result = []
    for start, end in gaps:
        if end <= start:
            continue
        maybe = day_only + tuple(s for at, s in open_ended if at <= start)
        result.append(Gap(start=start.astimezone(agenda.zone), end=end.astimezone(agenda.zone), maybe_taken=maybe))
    return tuple(result)


def common(first: Agenda, second: Agenda) -> Sessions:
    """The sessions both agendas picked (same conference id and session id), in ``first``'s zone."""
    theirs = {(p.conference, p.session) for p in second.picks}
    return first.sessions.filter(lambda s: (first.conference_of(s).id, s.id) in theirs)


def free_together(first: Agenda, second: Agenda, day: DayLike) -> tuple[Gap, ...]:
    """The times on ``day`` when both are free: where a gap of ``first`` meets a gap of ``second``, in ``first``'s zone.

    ``maybe_taken`` of each gap names the picks of either agenda that
    might run then.  One walk over both sorted lists of gaps.
    """
    from ._agenda_records import Gap

    mine = first.free(day)
    theirs = second.to_tz(first.zone).free(day)
    result: list[Gap] = []
    i = j = 0
    while i < len(mine) and j < len(theirs):
        a, b = mine[i], theirs[j]
        start, end = max(utc(a.start), utc(b.start)), min(utc(a.end), utc(b.end))
        if start < end:
            maybe = a.maybe_taken + tuple(s for s in b.maybe_taken if s not in a.maybe_taken)
            result.append(Gap(start=start.astimezone(first.zone), end=end.astimezone(first.zone), maybe_taken=maybe))
        if utc(a.end) <= utc(b.end):
            i += 1
        else:
            j += 1
    return tuple(result)
