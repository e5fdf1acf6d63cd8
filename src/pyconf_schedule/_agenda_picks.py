"""Favourites in and out: picks found in another tool's export, and the picks as a plain list.

:func:`find_picks` reads what other tools export and finds each entry among
a conference's sessions:

* an iCalendar file (a pretalx ``faved.ics``, the ``.ics`` the timetable
  page downloads, any calendar of sessions of the conference): each event
  by its ``UID`` (the session id of a ``UID`` this package wrote), else its
  ``URL``, else its title (case, accents and spacing ignored; pretalx's
  ``Title - Speaker names`` also by the part before the last " - ");
* an agenda file (``pyconf-schedule-agenda``, as :meth:`Agenda.save` and the
  timetable page's "Export agenda file" write it): its picks of that
  conference, by id;
* a plain list, one entry a line: a session id or a title, or
  ``ID<TAB>TITLE`` as :func:`picks_list` writes (``#`` lines are comments;
  under a ``# conference: ID`` line, the entries are that conference's).

Entries that match nothing are returned in ``unmatched``, in the order
given, never dropped.  A title several sessions share matches none of them.

>>> from pyconf_schedule import load
>>> found = find_picks(load("eu2026"), "pytorch-cto\\nPyTorch Updates\\nA talk nobody gave\\n")
>>> found.sessions.ids, found.unmatched
(('pytorch-updates', 'pytorch-cto'), ('A talk nobody gave',))
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from attrs import field, frozen

from ._sessions import Sessions
from ._text import fold, shorten
from .exceptions import ScheduleParseError

if TYPE_CHECKING:
    from ._agenda import Agenda
    from ._conference import Conference
    from ._model import Session

__all__ = ["MAX_PICKS_FILE", "FoundPicks", "find_picks", "picks_list"]

MAX_PICKS_FILE = 4 * 1024 * 1024
"""A list of favourites is small; anything larger is refused unread."""


@frozen(kw_only=True)
class FoundPicks:
    """What :func:`find_picks` found: the matched ``sessions`` of the conference, and the entries that matched none.

    ``unmatched`` holds each such entry as given (a title, an id, a URL or a
    ``UID``), in the input's order; ``other_conferences`` the entries that
    belong to another conference (an agenda file's or list's picks of it).
    """

    sessions: Sessions = field(repr=lambda s: repr(s.ids))
    unmatched: tuple[str, ...] = ()
    other_conferences: tuple[str, ...] = ()


class _Keys:
    """The conference's sessions by id, by URL and by folded title (titles several sessions share are left out)."""

    def __init__(self, conference: Conference) -> None:
        self.by_id: dict[str, Session] = {}
        self.by_url: dict[str, Session | None] = {}
        self.by_title: dict[str, Session | None] = {}
        for s in conference.sessions:
            self.by_id[s.id] = s
            if s.url:
                key = _url_key(s.url)
                self.by_url[key] = None if key in self.by_url else s
            if s.title:
                title = fold(s.title)
                self.by_title[title] = None if title in self.by_title else s

    def title(self, text: str) -> Session | None:
        return self.by_title.get(fold(text)) if text.strip() else None

    def url(self, text: str | None) -> Session | None:
        return self.by_url.get(_url_key(text)) if text else None


def _url_key(url: str) -> str:
    return url.strip().rstrip("/").lower()


def find_picks(conference: Conference, data: str | bytes) -> FoundPicks:
    """The sessions of ``conference`` that ``data`` names: an iCalendar file, an agenda file or a plain list.

    See the module's text for what is matched and how.  Input over
    :data:`MAX_PICKS_FILE` or not UTF-8 raises
    :class:`~pyconf_schedule.exceptions.ScheduleParseError`.
    """
    if len(data) > MAX_PICKS_FILE:
        raise ScheduleParseError(
            "picks", f"{len(data)} bytes is too large for a list of picks (limit {MAX_PICKS_FILE})"
        )
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise ScheduleParseError("picks", f"not UTF-8 text ({exc.reason})") from None
    else:
        text = data.removeprefix("\ufeff")
    keys = _Keys(conference)
    head = text.lstrip()[:64].upper()
    if head.startswith("BEGIN:VCALENDAR"):
        return _from_calendar(conference, text, keys)
    if head.startswith("{"):
        return _from_agenda_file(conference, text, keys)
    return _from_list(conference, text, keys)


def _found(conference: Conference, chosen: list[Session], unmatched: list[str], other: list[str]) -> FoundPicks:
    ids = {s.id for s in chosen}
    return FoundPicks(
        sessions=conference.sessions.filter(lambda s: s.id in ids),
        unmatched=tuple(unmatched),
        other_conferences=tuple(other),
    )


def _from_calendar(conference: Conference, text: str, keys: _Keys) -> FoundPicks:
    from .formats import loads

    calendar = loads(text, "ics", file_tz=conference.timezone)  # floating times, if any, are the conference's
    chosen: list[Session] = []
    unmatched: list[str] = []
    for event in calendar.sessions:
        title = event.title or ""
        found = keys.by_id.get(event.id) or keys.url(event.url) or keys.title(title)
        if found is None and " - " in title:  # pretalx writes "Title - Speaker names"
            found = keys.title(title.rsplit(" - ", 1)[0])
        if found is not None:
            chosen.append(found)
        else:
            unmatched.append(event.title or event.url or event.id)
    return _found(conference, chosen, unmatched, [])


def _from_agenda_file(conference: Conference, text: str, keys: _Keys) -> FoundPicks:
    from ._agenda_file import FORMAT

    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise ScheduleParseError(
            "picks", f"not JSON ({shorten(str(exc))}); expected an agenda file, a calendar or a list"
        ) from None
    picks = document.get("picks") if isinstance(document, dict) and document.get("format") == FORMAT else None
    if not isinstance(picks, list):
        raise ScheduleParseError(
            "picks", f"a JSON document that is not a {FORMAT} file; expected an agenda file, a calendar or a list"
        )
    chosen: list[Session] = []
    unmatched: list[str] = []
    other: list[str] = []
    for i, pick in enumerate(picks):
        if (
            not isinstance(pick, dict)
            or not isinstance(pick.get("session"), str)
            or not isinstance(pick.get("conference"), str)
        ):
            raise ScheduleParseError("picks", "a pick is an object with conference and session strings", f"picks[{i}]")
        sid = pick["session"]
        if pick["conference"] != conference.id:
            other.append(f"{pick['conference']}: {sid}")
        elif sid in keys.by_id:
            chosen.append(keys.by_id[sid])
        else:
            unmatched.append(sid)
    return _found(conference, chosen, unmatched, other)


def _from_list(conference: Conference, text: str, keys: _Keys) -> FoundPicks:
    chosen: list[Session] = []
    unmatched: list[str] = []
    other: list[str] = []
    current: str | None = None  # the conference a "# conference: ID" line names
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            words = line[1:].split()
            if len(words) >= 2 and words[0].lower() == "conference:":
                current = words[1]
            continue
        entry, _, title = line.partition("\t")
        entry, title = entry.strip(), title.strip()
        if current is not None and current != conference.id:
            other.append(f"{current}: {entry}")
            continue
        found = keys.by_id.get(entry) or keys.title(entry) or (keys.title(title) if title else None) or keys.url(entry)
        if found is not None:
            chosen.append(found)
        else:
            unmatched.append(line)
    return _found(conference, chosen, unmatched, other)


def picks_list(agenda: Agenda) -> str:
    """The picks as plain text: per conference a ``# conference: ID (name)`` line, then ``ID<TAB>TITLE`` lines.

    :func:`find_picks` reads it back.

    >>> from pyconf_schedule import Agenda, load
    >>> picks_list(Agenda.of(load("eu2026"), ["pytorch-updates", "pytorch-cto"])).splitlines()
    ['# conference: eu2026 (PyTorch Conference Europe 2026)', 'pytorch-updates\\tPyTorch Updates', 'pytorch-cto\\tPyTorch CTO']
    """
    lines: list[str] = []
    for conf in agenda.conferences:
        picked = agenda.picked(conf.id)
        lines.append(f"# conference: {conf.id} ({_one_line(conf.name)})")
        lines += [
            f"{s.id}\t{_one_line(s.display_title)}"
            for s in agenda.sessions
            if s.id in picked and agenda.conference_of(s) is conf
        ]
    return "".join(line + "\n" for line in lines)


def _one_line(text: str) -> str:
    return " ".join(text.split())
