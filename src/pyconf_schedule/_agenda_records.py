"""What an agenda gives back: a pick, a clash between two picks, a free gap in a day, the alternatives to a pick.

Each is a frozen record; :class:`pyconf_schedule.Agenda` makes them.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from attrs import field, frozen

from ._model import Session
from ._sessions import Sessions
from ._time import utc

__all__ = ["Alternatives", "Clash", "Gap", "Pick", "minutes_text"]


@frozen(kw_only=True)
class Pick:
    """One picked session: the conference's id, the session's id and an optional note."""

    conference: str
    session: str
    note: str | None = None


@frozen(kw_only=True)
class Clash:
    """Two picked sessions that run at the same time, or may.

    ``first`` starts no later than ``second``.  ``overlap`` is how long both
    run, as a ``timedelta``; it is ``None`` when ``possible`` is true: one of
    the two has an unknown end, or only a known day, so the agenda cannot
    prove that they do not overlap.  (Not to be confused with
    :attr:`Session.conflicts`, where sources disagree.)
    """

    first: Session = field(repr=lambda s: repr(s.id))
    second: Session = field(repr=lambda s: repr(s.id))
    overlap: timedelta | None
    possible: bool = False

    @property
    def weak_time(self) -> bool:
        """True when the clash rests on a weak time: a start or end of either session is marked weak
        (:attr:`Session.weak_fields`), so the two may not really overlap."""
        return any(name in ("start", "end") for s in (self.first, self.second) for name in s.weak_fields)

    def __str__(self) -> str:
        how = "may clash" if self.possible else f"overlap {minutes_text(self.overlap)}"
        return f"{how}: {self.first} / {self.second}" + (" (on a weak time)" if self.weak_time else "")


@frozen(kw_only=True)
class Gap:
    """Free time between picks on one day: ``[start, end)`` in the agenda's zone.

    ``maybe_taken`` lists the picks that might run during the gap: a pick
    with only a known day, or one whose end is unknown and that started
    earlier that day.  An empty ``maybe_taken`` means the gap is surely free.
    """

    start: datetime
    end: datetime
    maybe_taken: tuple[Session, ...] = field(default=(), repr=lambda sessions: repr(tuple(s.id for s in sessions)))

    @property
    def duration(self) -> timedelta:
        """``end - start`` in real time."""
        return utc(self.end) - utc(self.start)

    def __str__(self) -> str:
        days = (self.end.date() - self.start.date()).days
        later = f" (+{days})" if days else ""
        text = f"{self.start:%H:%M}-{self.end:%H:%M}{later} ({minutes_text(self.duration)})"
        if self.maybe_taken:
            text += " unless " + ", ".join(s.id for s in self.maybe_taken) + " runs then"
        return text


@frozen(kw_only=True)
class Alternatives:
    """What :meth:`Agenda.alternatives` finds: unpicked sessions that surely run at the same time, and those that may.

    ``certain`` overlap for sure (both have a known start and end);
    ``possible`` meet only through an unknown end or a known day without a
    time, so they may or may not overlap.  Both are :class:`Sessions`.
    """

    certain: Sessions = field(repr=lambda s: repr(s.ids))
    possible: Sessions = field(repr=lambda s: repr(s.ids))


def minutes_text(delta: timedelta | None) -> str:
    if delta is None:
        return "unknown"
    minutes = int(delta.total_seconds() // 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min"
