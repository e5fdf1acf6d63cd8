"""``Agenda``: the sessions one person picked, with their clashes, free time and alternatives.

Words kept apart on purpose: a *clash* (:class:`Clash`, :meth:`Agenda.clashes`)
is two picked sessions that run at the same time; a *conflict*
(:attr:`Session.conflicts`) is two sources that disagree about a session.

>>> from pyconf_schedule import Agenda, load
>>> agenda = Agenda.of(load("eu2026"), ["pytorch-updates", "co-evolution-how-the-open-source-intelligence-stack"])
>>> len(agenda), agenda.clashes()
(2, ())
"""

from __future__ import annotations

import heapq
import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from datetime import datetime, timedelta, tzinfo
from types import MappingProxyType as MappingProxy
from typing import TYPE_CHECKING, Any

from ._agenda_records import Alternatives, Clash, Gap, Pick
from ._model import Session
from ._sessions import Sessions, sort_key
from ._text import shorten
from ._time import DayLike, day_bounds, get_zone, utc, zone_name
from .exceptions import FieldTypeError, InvalidArgumentError, UnknownSessionError

if TYPE_CHECKING:
    from ._conference import Conference

__all__ = ["Agenda"]

Picks = str | Session | Iterable[str | Session]
"""What :meth:`Agenda.of` and :meth:`Agenda.add` take: ids, sessions, or a :class:`Sessions`."""


class Agenda:
    """An immutable selection of sessions from one or more conferences: a personal agenda.

    Build one with :meth:`Agenda.of` and change it with :meth:`add`
    and :meth:`remove`, which return a new agenda.  :attr:`sessions` is a
    :class:`Sessions`, so every query, ``to_tz`` and every writer work on it.
    Times are shown in :attr:`zone`: the first conference's zone (or its
    view's), or the zone given to :meth:`to_tz`.

    >>> from pyconf_schedule import Agenda, load
    >>> conf = load("na2026")
    >>> agenda = Agenda.of(conf, conf.by_speaker("Liz Li"))
    >>> agenda.sessions.ids
    ('extending-torchinductor-with-flydsl-a-new-mlir-native', 'scaling-mxfp8-pretraining-on-1k-amd-instinct-mi355x')
    """

    __slots__ = ("_conferences", "_owner", "_picks", "_sessions", "_sources", "_zone")
    _conferences: tuple[Conference, ...]
    _picks: tuple[Pick, ...]
    _zone: tzinfo
    _sessions: Sessions
    _owner: dict[int, Conference]
    _sources: Mapping[str, str]

    def __init__(
        self,
        conferences: Iterable[Conference],
        picks: Iterable[Pick] = (),
        *,
        zone: str | tzinfo | None = None,
        sources: Mapping[str, str] | None = None,
    ) -> None:
        from ._conference import Conference

        confs = tuple(conferences)
        if not confs:
            raise InvalidArgumentError("an agenda needs at least one conference")
        for conf in confs:
            if not isinstance(conf, Conference):
                raise FieldTypeError(f"Agenda holds Conference objects, got {type(conf).__name__}")
        ids = [c.id for c in confs]
        if len(set(ids)) != len(ids):
            raise InvalidArgumentError(f"two conferences of an agenda share an id: {shorten(', '.join(ids))}")
        by_id = {c.id: c for c in confs}
        view = get_zone(zone) if zone is not None else confs[0].zone
        index: dict[str, dict[str, Session]] = {}
        unique: dict[tuple[str, str], Pick] = {}
        chosen: list[Session] = []
        owner: dict[int, Conference] = {}
        for pick in picks:
            key = (pick.conference, pick.session)
            if key in unique:
                if pick.note is not None:
                    unique[key] = pick
                continue
            home = by_id.get(pick.conference)
            if home is None:
                raise InvalidArgumentError(
                    f"pick {shorten(pick.session)!r} names conference {shorten(pick.conference)!r}, not in this agenda"
                )
            if home.id not in index:
                index[home.id] = {s.id: s for s in home.sessions}
            session = index[home.id].get(pick.session)
            if session is None:
                raise UnknownSessionError(pick.session, index[home.id])
            unique[key] = pick
            shown = session.to_tz(view)
            chosen.append(shown)
            owner[id(shown)] = home
        init = object.__setattr__
        init(self, "_conferences", confs)
        init(self, "_zone", view)
        init(self, "_owner", owner)
        kept = {name: where for name, where in (sources or {}).items() if name in by_id}
        for name, where in kept.items():
            if not isinstance(where, str) or not where:
                raise FieldTypeError(f"the source of conference {shorten(name)!r} is a file name or URL, got {where!r}")
        init(self, "_sources", MappingProxy(kept))
        if len(confs) == 1:
            # One conference: its catalogue, so writers give the conference's details.
            sessions = Sessions(
                sorted(chosen, key=sort_key), zone=view, _catalogue=confs[0].sessions._catalogue, _sorted=True
            )
        else:
            sessions = Sessions(chosen, zone=view)
        init(self, "_sessions", sessions)
        order = {s.id: i for i, s in enumerate(sessions)} if len(confs) == 1 else None
        picks_sorted = list(unique.values())
        if order is not None:
            picks_sorted.sort(key=lambda p: order[p.session])
        init(self, "_picks", tuple(picks_sorted))

    @classmethod
    def of(
        cls, conference: Conference, picks: Picks = (), *, note: str | None = None, source: str | None = None
    ) -> Agenda:
        """A personal agenda of ``picks`` from ``conference``: session ids, sessions or a :class:`Sessions`.

        An unknown id raises :class:`~pyconf_schedule.exceptions.UnknownSessionError`
        naming it, with close ids; ``note`` is kept with each pick, and
        ``source`` recorded as where the conference was read from.

        >>> from pyconf_schedule import Agenda, load
        >>> Agenda.of(load("eu2026"), ["pytorch-updates"]).sessions.ids
        ('pytorch-updates',)
        """
        return cls([conference]).add(picks, note=note, conference=conference, source=source)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Agenda is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Agenda is immutable: cannot delete {name!r}")

    # -- what it holds ---------------------------------------------------------

    @property
    def sessions(self) -> Sessions:
        """The picked sessions, sorted by start, viewed in :attr:`zone`."""
        return self._sessions

    @property
    def picks(self) -> tuple[Pick, ...]:
        """The picks, with their notes, in the order they were made."""
        return self._picks

    @property
    def conferences(self) -> tuple[Conference, ...]:
        """The conferences the picks come from, the first one first."""
        return self._conferences

    @property
    def zone(self) -> tzinfo:
        """The zone times are shown in, and days counted in."""
        return self._zone

    @property
    def sources(self) -> Mapping[str, str]:
        """Where each conference that is not an embedded dataset was read from (file or URL), by conference id."""
        return self._sources

    def picked(self, conference: str) -> frozenset[str]:
        """The ids of the sessions picked in the conference with id ``conference`` (empty when it has none)."""
        return frozenset(p.session for p in self._picks if p.conference == conference)

    def note(self, session: Session | str) -> str | None:
        """The note kept with a picked session, or ``None``."""
        sid = session.id if isinstance(session, Session) else session
        for pick in self._picks:
            if pick.session == sid and pick.note is not None:
                return pick.note
        return None

    def __len__(self) -> int:
        return len(self._sessions)

    def __iter__(self) -> Iterator[Session]:
        return iter(self._sessions)

    def __contains__(self, item: object) -> bool:
        if isinstance(item, Session):
            return any(s == item for s in self._sessions)
        return isinstance(item, str) and any(p.session == item for p in self._picks)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Agenda):
            return self._picks == other._picks and [c.id for c in self._conferences] == [
                c.id for c in other._conferences
            ]
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        names = ", ".join(c.id for c in self._conferences)
        count = len(self._sessions)
        return f"<Agenda: {count} pick{'' if count == 1 else 's'} from {names}, times in {zone_name(self._zone) or self._zone}>"

    # -- changes ---------------------------------------------------------------

    def add(
        self, picks: Picks, *, note: str | None = None, conference: Conference | None = None, source: str | None = None
    ) -> Agenda:
        """A new agenda with ``picks`` added: ids, sessions, or a :class:`Sessions`.

        Ids are looked up in ``conference``, else in the agenda's first
        conference; an unknown id raises
        :class:`~pyconf_schedule.exceptions.UnknownSessionError` naming it,
        with close ids.  A :class:`Sessions` drawn from another conference
        adds that conference to the agenda.  ``note`` is kept with each new
        pick; ``source`` is recorded as where ``conference`` was read from
        (:attr:`sources`, kept in the agenda file).
        """
        confs = list(self._conferences)
        new = _resolve(picks, conference or confs[0], note)
        for conf, _ in new:
            # A conference joins the agenda once; picks refer to it by id.
            if all(c.id != conf.id for c in confs):
                confs.append(conf)
        added = [Pick(conference=conf.id, session=sid, note=note) for conf, sid in new]
        sources = dict(self._sources)
        if source is not None:
            sources[(conference or confs[0]).id] = source
        return Agenda(confs, [*self._picks, *added], zone=self._zone, sources=sources)

    def remove(self, picks: Picks) -> Agenda:
        """A new agenda without ``picks`` (ids, sessions or a :class:`Sessions`); an id not picked raises an error naming it."""
        items = [picks] if isinstance(picks, (str, Session)) else list(picks)
        drop: set[str] = set()
        picked = [p.session for p in self._picks]
        for item in items:
            sid = item.id if isinstance(item, Session) else item
            if not isinstance(sid, str):
                raise FieldTypeError(f"a pick is a session id or a Session, got {type(item).__name__}")
            if sid not in picked:
                raise UnknownSessionError(sid, picked)
            drop.add(sid)
        kept = [p for p in self._picks if p.session not in drop]
        return Agenda(self._conferences, kept, zone=self._zone, sources=self._sources)

    def to_tz(self, tz: str | tzinfo) -> Agenda:
        """The same agenda shown in zone ``tz`` (instants unchanged)."""
        return Agenda(self._conferences, self._picks, zone=get_zone(tz), sources=self._sources)

    # -- questions -------------------------------------------------------------

    def clashes(self) -> tuple[Clash, ...]:
        """Every pair of picks that run at the same time, ordered by when the overlap begins.

        Back-to-back sessions (one ends as the next starts) do not clash.  A
        pick with an unknown end may run until the end of its day, and a
        pick with only a known day may run at any time that day (in its
        conference's zone): pairs that meet only through such a pick are
        reported with ``possible=True`` and ``overlap=None``.  Picks with no
        known day (:attr:`Sessions.unscheduled`) cannot be placed and are in
        no pair.  One sweep over the picks sorted by start: the cost grows
        with the number of picks and of clashes, never with all pairs.
        """
        spans = sorted(self._spans(), key=lambda span: (span[0], span[3]))
        found: list[tuple[datetime, tuple[Any, ...], tuple[Any, ...], Clash]] = []
        active: list[tuple[datetime, int, datetime, Session, bool]] = []
        for start, end, session, order, exact in spans:
            while active and active[0][0] <= start:
                heapq.heappop(active)
            if end > start:
                for a_end, _, _a_start, other, other_exact in active:
                    both = exact and other_exact
                    first, second = sorted((other, session), key=sort_key)
                    overlap = min(a_end, end) - start if both else None
                    clash = Clash(first=first, second=second, overlap=overlap, possible=not both)
                    found.append((start, sort_key(first), sort_key(second), clash))
                heapq.heappush(active, (end, order, start, session, exact))
        found.sort(key=lambda item: item[:3])
        return tuple(item[3] for item in found)

    def _spans(self) -> Iterator[tuple[datetime, datetime, Session, int, bool]]:
        """(start, end, session, order, exact) in UTC for every pick that can be placed in time."""
        for order, session in enumerate(self._sessions):
            span = _span(session, self._conference_zone(session))
            if span is not None:
                yield span[0], span[1], session, order, span[2]

    def _conference_zone(self, session: Session) -> tzinfo:
        conf = self._owner.get(id(session))
        return get_zone(conf.timezone) if conf is not None else self._zone

    def conference_of(self, session: Session) -> Conference:
        """The conference a picked ``session`` (one of :attr:`sessions`) comes from."""
        return self._conference_of(session)

    def _conference_of(self, session: Session) -> Conference:
        conf = self._owner.get(id(session))
        if conf is not None:
            return conf
        for c in self._conferences:
            if c.sessions.get(session.id) == session:
                return c
        return self._conferences[0]

    def free(self, day: DayLike) -> tuple[Gap, ...]:
        """The gaps between picks on ``day``, within that day's programme, in the agenda's zone.

        The programme runs from the first start to the last end of the
        day's sessions (``Sessions.on(day)`` of the agenda's conferences).
        A gap is a :class:`Gap`; its ``maybe_taken`` names the picks that
        might run then (a day-only pick of that day, or an earlier pick with
        an unknown end).  A day without a session gives no gap.
        """
        from ._agenda_free import free

        return free(self, day)

    def alternatives(self, session: Session | str) -> Alternatives:
        """The unpicked sessions of the same conference that run, or may run, while ``session`` runs.

        ``session`` is a session or its id.  As in :meth:`clashes`, an
        unknown end may run to the end of its day and a day-only session at
        any time of its day: :attr:`Alternatives.certain` holds the sessions
        that surely overlap (both times known), :attr:`Alternatives.possible`
        those that meet only through such a time.  A session with no known
        day has no alternative.

        >>> from pyconf_schedule import Agenda, load
        >>> agenda = Agenda.of(load("eu2026"), ["kv-cache-centric-inference-building-a-state-aware"])
        >>> found = agenda.alternatives("kv-cache-centric-inference-building-a-state-aware")
        >>> found.certain.ids, len(found.possible)
        (('bringing-pytorch-monarch-to-amd-gpus-single-controller',), 27)
        """
        sid = session.id if isinstance(session, Session) else session
        target = self._sessions.get(sid) if isinstance(sid, str) else None
        conf = self._conference_of(target) if target is not None else None
        if target is None:
            for c in self._conferences:
                found = c.sessions.get(sid) if isinstance(sid, str) else None
                if found is not None:
                    target, conf = found.to_tz(self._zone), c
                    break
        if target is None or conf is None:
            raise UnknownSessionError(str(sid), (s.id for c in self._conferences for s in c.sessions))
        picked = {p.session for p in self._picks if p.conference == conf.id}
        zone = get_zone(conf.timezone)
        span = _span(target, zone)
        shown = conf.sessions.to_tz(self._zone)
        if span is None:
            return Alternatives(certain=shown[0:0], possible=shown[0:0])
        start, end, exact = span
        certain: set[str] = set()

        def overlaps(s: Session) -> bool:
            if s.id == target.id or s.id in picked:
                return False
            other = _span(s, zone)
            if other is None or other[1] <= other[0] or other[0] >= end or other[1] <= start:
                return False
            if exact and other[2]:
                certain.add(s.id)
            return True

        meeting = shown.filter(overlaps)
        return Alternatives(
            certain=meeting.filter(lambda s: s.id in certain), possible=meeting.filter(lambda s: s.id not in certain)
        )

    # -- two agendas (_agenda_free.py), the picks as a list (_agenda_picks.py) --

    def common(self, other: Agenda) -> Sessions:
        """The sessions this agenda and ``other`` both picked, in this agenda's zone."""
        from ._agenda_free import common

        return common(self, other)

    def free_together(self, other: Agenda, day: DayLike) -> tuple[Gap, ...]:
        """The times on ``day`` when neither agenda has a pick: the meeting of both :meth:`free` answers.

        >>> from pyconf_schedule import Agenda, load
        >>> conf = load("eu2026")
        >>> mine = Agenda.of(conf, ["pytorch-cto"])
        >>> yours = Agenda.of(conf, ["bringing-pytorch-monarch-to-amd-gpus-single-controller"])
        >>> [str(g) for g in mine.free_together(yours, "2026-04-08")]
        ['09:10-11:05 (1 h 55 min)', '11:30-15:50 (4 h 20 min)']
        """
        from ._agenda_free import free_together

        return free_together(self, other, day)

    def to_list(self) -> str:
        """The picks as plain text, ``ID<TAB>TITLE`` lines under a ``# conference: ID (name)`` line each.

        :func:`~pyconf_schedule.find_picks` reads it back.
        """
        from ._agenda_picks import picks_list

        return picks_list(self)

    # -- writing (_agenda_export.py) --------------------------------------------

    def dumps(
        self,
        format: str = "ics",
        *,
        tz: str | None = None,
        remind: str | timedelta | None = None,
        dtstamp: datetime | None = None,
    ) -> str:
        """The picks written in ``format`` (a text format; default iCalendar), with times in ``tz``.

        Picks of several conferences are written together, each session in
        its own conference's zone in iCalendar (``TZID``) unless ``tz`` names
        one; ids two conferences share become ``"<conference>/<id>"`` (see
        :mod:`pyconf_schedule._agenda_export`).  iCalendar events keep the
        ``UID`` of their conference's calendar and open their description
        with the pick's note; ``remind`` (``"10m"``, ``"1h"`` or a
        ``timedelta``) adds a ``VALARM`` that long before each session, and
        ``dtstamp`` fixes the ``DTSTAMP`` (default now).

        >>> from pyconf_schedule import Agenda, load
        >>> text = Agenda.of(load("eu2026"), ["pytorch-updates"]).dumps(remind="15m")
        >>> "TRIGGER:-PT15M" in text, "DTSTART;TZID=Europe/Paris:" in text
        (True, True)
        """
        from ._agenda_export import dumps

        return dumps(self, format, tz=tz, remind=remind, dtstamp=dtstamp)

    # -- files (the agenda file: _agenda_file.py) -------------------------------

    def to_json(self) -> str:
        """The agenda as its small versioned JSON document (what :meth:`save` writes)."""
        from ._agenda_file import to_json

        return to_json(self)

    def save(self, path: str | Any) -> None:
        """Write the agenda to ``path`` atomically: a temporary file beside it, then a rename.

        A symbolic link is written through: the file it points to is
        replaced and the link stays.  An existing file keeps its permission
        bits; a new one gets the usual ones (``0o666`` less the umask).
        """
        from ._agenda_file import write_file

        write_file(os.fspath(path), self.to_json())

    @classmethod
    def from_json(
        cls,
        text: str,
        conferences: Iterable[Conference] | Mapping[str, Conference] = (),
        *,
        name: str = "agenda",
        loader: Callable[[str], Conference] | None = None,
        drop_missing: bool = False,
    ) -> Agenda:
        """The agenda a :meth:`to_json` document describes.

        Conferences are taken from ``conferences`` by id, else from
        ``loader(name)`` (``loader=pyconf_schedule.load`` reads the embedded
        datasets), where ``name`` is the source the file records for that
        conference (the file or URL it was added from) or else its id; a
        conference found in neither raises
        :class:`~pyconf_schedule.exceptions.UnknownConferenceError` naming
        it.  A pick whose session no longer
        exists raises :class:`~pyconf_schedule.exceptions.MissingPicksError`
        naming every such pick, unless ``drop_missing`` leaves them out (to
        read a file whose schedule has changed, and save it without them); a
        malformed document raises
        :class:`~pyconf_schedule.exceptions.ScheduleParseError`.
        """
        from ._agenda_file import from_json

        return from_json(cls, text, conferences, name=name, loader=loader, drop_missing=drop_missing)

    @classmethod
    def load(
        cls,
        path: str | Any,
        conferences: Iterable[Conference] | Mapping[str, Conference] = (),
        *,
        loader: Callable[[str], Conference] | None = None,
        drop_missing: bool = False,
    ) -> Agenda:
        """Read an agenda file written by :meth:`save`; see :meth:`from_json` for ``conferences``, ``loader`` and
        ``drop_missing``."""
        from ._agenda_file import read_file

        target = os.fspath(path)
        return cls.from_json(
            read_file(target), conferences, name=os.path.basename(target), loader=loader, drop_missing=drop_missing
        )


def _span(session: Session, zone: tzinfo) -> tuple[datetime, datetime, bool] | None:
    """The UTC interval ``session`` may occupy and whether it is exact; ``None`` when it has no known day.

    An unknown end may run to the end of the start's day, a day-only session
    at any time of its day, both in ``zone`` (the conference's own zone).
    """
    if session.start is not None:
        start = utc(session.start)
        if session.end is not None:
            return start, utc(session.end), True
        day = session.start.astimezone(zone).date()
        return start, max(start, utc(day_bounds(day, zone)[1])), False
    if session.day_only is not None:
        first, last = day_bounds(session.day_only, zone)
        return utc(first), utc(last), False
    return None


def _resolve(picks: Picks, conference: Conference, note: str | None) -> list[tuple[Conference, str]]:
    """(conference, session id) for each pick; ids are looked up in ``conference``."""
    if note is not None and not isinstance(note, str):
        raise FieldTypeError(f"a note is a str or None, got {type(note).__name__}")
    owner = picks.conference if isinstance(picks, Sessions) else None
    items: Iterable[str | Session] = [picks] if isinstance(picks, (str, Session)) else picks
    result: list[tuple[Conference, str]] = []
    known: dict[int, set[str]] = {}

    def check(conf: Conference, sid: str) -> None:
        ids = known.get(id(conf))
        if ids is None:
            ids = known[id(conf)] = {s.id for s in conf.sessions}
        if sid not in ids:
            raise UnknownSessionError(sid, ids)  # with close ids

    for item in items:
        if isinstance(item, str):
            check(conference, item)
            result.append((conference, item))
        elif isinstance(item, Session):
            home = owner or conference
            check(home, item.id)
            result.append((home, item.id))
        else:
            raise FieldTypeError(
                f"a pick is a session id, a Session or a Sessions, got {type(item).__name__} {shorten(repr(item))}"
            )
    return result
