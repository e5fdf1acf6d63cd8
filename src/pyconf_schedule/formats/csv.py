"""CSV (format name ``"csv"``): one row per session, for spreadsheets.

RFC 4180 text: a header row, then one row per session in the global order
(timed sessions by start, then day-only sessions by day, then those with
no known day), CRLF line ends, fields quoted when needed.
The columns, stable across releases, are:

================ ==============================================================
column           value
================ ==============================================================
id               the session id
title            the title (empty when untitled)
kind             the kind value, e.g. ``lightning-talk``
kind_label       the source's own wording of the kind
start            ISO 8601 with the UTC offset in the view zone, e.g. ``2026-04-07T09:00:00+02:00``
end              likewise; empty when unknown
timezone         the view zone's name
room             the room name
track            the track name
speakers         speaker names, separated by ``"; "``
organisations    each speaker's organisation in the same order, ``"; "``-separated (empty ones kept)
abstract         the abstract (newlines kept inside the quoted cell)
language         as the source gives it
url              the session URL
sources          source ids, ``"; "``-separated
day              the day, ``YYYY-MM-DD``: the start's day in the view zone, or
                 for a session whose day is known and time is not
                 (:attr:`~pyconf_schedule.Session.day_only`) that day, with
                 ``start`` and ``end`` empty; empty when no day is known
================ ==============================================================

``day`` is the last column so that the columns before it keep their
positions; it is the one column that sorts and filters every session with
a known day, timed or not.  No time is ever made up for a day-only session.

The view zone is ``tz``, else the zone the conference or query result is
viewed in.  A cell that a spreadsheet would run as a formula (one starting
with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return, also after
leading control characters, spaces or invisible characters, which
spreadsheets skip) is written with a leading apostrophe ``'``, which
spreadsheets show as text.  Nothing is left
out; there is no reader.
"""

from __future__ import annotations

import csv
import io
import re
from datetime import datetime

from .._conference import Conference
from .._sessions import Sessions
from ._common import KIND_VALUES, as_conference, view_zone

__all__ = ["COLUMNS", "dumps", "neutralise"]

COLUMNS = (
    "id",
    "title",
    "kind",
    "kind_label",
    "start",
    "end",
    "timezone",
    "room",
    "track",
    "speakers",
    "organisations",
    "abstract",
    "language",
    "url",
    "recording",
    "slides",
    "slide_urls",
    "sources",
    "day",
)
"""The header row, in order."""

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_SKIPPED = re.compile("[\x00-\x20\x7f-\xa0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]*")
"""What may stand before a formula's first character and be skipped: controls, spaces, invisible characters."""
_LOOK_FURTHER = (
    frozenset(_FORMULA_START)
    | frozenset(chr(c) for c in range(0x3001) if _SKIPPED.fullmatch(chr(c)))
    | frozenset("\ufeff")
)
"""The first characters after which a cell may still be a formula: a formula's start or what may be skipped before it."""


def neutralise(cell: str) -> str:
    """``cell`` with a leading ``'`` when a spreadsheet would read it as a formula.

    >>> neutralise("=HYPERLINK(\\"http://x\\")"), neutralise("\\x00=1+1"), neutralise("plain")
    ('\\'=HYPERLINK("http://x")', "'\\x00=1+1", 'plain')
    """
    if not cell or cell[0] not in _LOOK_FURTHER:  # the common case: a first character that starts no formula
        return cell
    lead = _SKIPPED.match(cell)
    rest = cell[lead.end() :] if lead else cell
    return "'" + cell if cell.startswith(_FORMULA_START) or rest.startswith(_FORMULA_START) else cell


def dumps(obj: Conference | Sessions, *, tz: str | None = None) -> str:
    """The CSV text of ``obj``'s sessions with times in ``tz``.

    >>> from pyconf_schedule import load
    >>> dumps(load("eu2026")).splitlines()[0]
    'id,title,kind,kind_label,start,end,timezone,room,track,speakers,organisations,abstract,language,url,recording,slides,slide_urls,sources,day'
    """
    conf = as_conference(obj)
    zone, name = view_zone(obj, tz)
    look_further = _LOOK_FURTHER
    rows: list[list[str]] = [list(COLUMNS)]
    add = rows.append
    kinds = KIND_VALUES
    texts: dict[tuple[datetime, int], str] = {}  # parallel sessions share their times: each written once

    def text(value: datetime) -> str:
        # The fold is part of the key: two times of one zone that differ only in fold compare equal, yet are
        # different instants (the repeated hour of a DST change); times of other zones are equal as instants.
        key = value, value.fold
        known = texts.get(key)
        if known is None:
            known = texts[key] = value.astimezone(zone).isoformat()
        return known

    for s in conf.sessions:
        if s.start is not None:
            start = text(s.start)
            day = start[:10]  # the view zone's date, as the start's own text gives it
        else:
            start = ""
            day = s.day_only.isoformat() if s.day_only is not None else ""
        speakers = s.speakers
        organisations = [p.organisation or "" for p in speakers]
        row = (
            s.id,
            s.title or "",
            kinds[s.kind],
            s.kind_label or "",
            start,
            text(s.end) if s.end else "",
            name,
            s.room.name if s.room else "",
            s.track.name if s.track else "",
            "; ".join([p.name for p in speakers]) if speakers else "",
            "; ".join(organisations) if any(organisations) else "",
            s.abstract or "",
            s.language or "",
            s.url or "",
            s.recording or "",
            "; ".join(s.slides),
            "; ".join(s.slide_urls),
            "; ".join(s.sources),
            day,
        )
        # neutralise() is called only for a cell whose first character could begin a formula (few do).
        add([neutralise(cell) if cell and cell[0] in look_further else cell for cell in row])
    out = io.StringIO(newline="")
    csv.writer(out, lineterminator="\r\n").writerows(rows)
    return out.getvalue()
