"""HTML (format name ``"html"``): a timetable page in one self-contained, offline file.

The file holds every session as an element (``data-session-id``) in a list
per day, grouped by start time, in the zone the page is written in: that is
the whole page without JavaScript, and what is printed.  The page's script
(``html_page.js``, inlined) then lays the same elements out as a grid of
rooms (columns in the conference's order, the same on every day) and time,
with the room header and time axis sticky and same-room overlaps side by
side, or as the list (the default on narrow screens); it adds filters (day,
track, room, kind, level, language where the data has them), full-text
search with the rules of :meth:`Sessions.search`, favourites kept in
``localStorage`` (clashes marked, an ``.ics`` download with a reminder to
choose, as ``agenda export --remind`` adds it, the agenda file of
``pyconf-schedule agenda`` exported and imported), a time-zone switch (the
conference's zone, the viewer's, and those given as ``zones``), and a line
at the current time.  The state of the controls is kept in the URL.

Nothing is fetched: the CSS (``html_page.css``) and the script are inline,
and a Content-Security-Policy allows exactly those two by their SHA-256
hashes and nothing else.  Every text and URL is escaped; a title such as
``</style><script>`` stays text, and the data the script reads is JSON in a
``<script type="application/json">`` block with ``<`` escaped.

Building the page is linear in the number of sessions (plus a sort).
Nothing is left out; there is no reader.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta, tzinfo
from functools import cache
from importlib.resources import files
from typing import Any
from urllib.parse import urlsplit

from .._conference import Conference
from .._indexes import haystack
from .._model import Session
from .._sessions import Sessions
from .._time import get_zone, zone_name
from ._common import as_conference, offset_text, strip_xml_illegal, view_zone

__all__ = ["dumps", "safe_url"]

_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")  # fmt: skip


@cache
def _asset(name: str) -> str:
    """The text of one of the page's files (package data beside this module)."""
    return files(__package__).joinpath(name).read_text(encoding="utf-8")


def _hash(code: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(code.encode("utf-8")).digest()).decode("ascii") + "'"


_EARLY = "document.documentElement.classList.add('js')"
"""Run first: with scripts on, the static list is not laid out before the script lays out the page."""


def _csp(css: str, js: str) -> str:
    """Only the page's own style and scripts (by hash); no request of any kind."""
    return (f"default-src 'none'; script-src {_hash(_EARLY)} {_hash(js)}; style-src {_hash(css)}; img-src data:; "
            "base-uri 'none'; form-action 'none'")  # fmt: skip


def _text(value: str) -> str:
    """``value`` escaped for HTML text or a quoted attribute (characters XML forbids removed)."""
    return html.escape(strip_xml_illegal(value), quote=True)


_URL_UNSAFE = re.compile(r"[\x00-\x20\x7f-\x9f\"'<>\\`]")


def safe_url(url: str | None) -> str | None:
    """``url`` when it is an absolute http or https address that can be linked, else None.

    >>> safe_url("https://example.org/talk?id=1&x=2")
    'https://example.org/talk?id=1&x=2'
    >>> safe_url("javascript:alert(1)") is None, safe_url("https:///no-host") is None
    (True, True)
    """
    if not url or _URL_UNSAFE.search(url):
        return None
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        return None
    return url


def _day_heading(day: date) -> str:
    """'Tuesday 7 April 2026', independent of the locale."""
    return f"{_WEEKDAYS[day.weekday()]} {day.day} {_MONTHS[day.month - 1]} {day.year}"


def _utc_ms(value: datetime) -> int:
    return int(value.astimezone(UTC).timestamp() * 1000)


def _clock(moment: datetime, zone: tzinfo, day: date) -> tuple[str, str]:
    """``HH:MM`` of ``moment`` in ``zone``, and ``(+n)`` (or empty) when it falls n days after ``day``."""
    local = moment.astimezone(zone)
    days = (local.date() - day).days
    return local.strftime("%H:%M"), f" ({days:+d})" if days else ""


def _time(moment: datetime, zone: tzinfo, day: date, hook: str) -> str:
    clock, later = _clock(moment, zone, day)
    local = moment.astimezone(zone).isoformat(timespec="minutes")
    return f'<time {hook} datetime="{local}">{clock}</time><span class="d">{later}</span>'


def _zone_id(zone: tzinfo) -> str:
    """The zone as the page's script names it: IANA name, or a fixed offset such as ``+02:00``."""
    name = zone_name(zone)
    if name is not None:
        return name
    return offset_text(datetime.now(UTC).astimezone(zone).utcoffset() or timedelta(0))


class _Lookup:
    """Index numbers of the rooms, tracks, kinds, levels and languages the page's script filters by."""

    def __init__(self) -> None:
        self.values: dict[str, dict[str, int]] = {k: {} for k in ("room", "track", "kind", "level", "language")}
        self.labels: dict[str, list[tuple[str, str]]] = {k: [] for k in self.values}

    def index(self, field: str, key: str | None, label: str | None = None) -> int:
        if key is None:
            return -1
        table = self.values[field]
        found = table.get(key)
        if found is None:
            found = table[key] = len(table)
            self.labels[field].append((key, label if label is not None else key))
        return found


def _article(session: Session, zone: tzinfo, day: date | None, position: int) -> str:
    """One session: time, kind, title (linked where safe), speakers, track and room, and its pick button."""
    classes = f"s k-{session.kind.value}"
    kind = _text(session.kind_label or session.kind.label)
    if session.start is not None and day is not None:
        when = _time(session.start, zone, day, "data-start")
        if session.end is not None:
            when += "–" + _time(session.end, zone, day, "data-end")
        else:
            when += ' <span class="mark">(end not known)</span>'
            classes += " open-end"
    elif session.day_only is not None:
        when = "time not known"
    else:
        when = "not scheduled"
    title = _text(session.display_title)
    url = safe_url(session.url)
    if url is not None:
        title = f'<a href="{_text(url)}" rel="noreferrer">{title}</a>'
    lines = [f'<p class="t">{when}<span class="k"> · {kind}</span></p>', f'<p class="n" id="n{position}">{title}</p>']
    if session.speakers:
        lines.append(f'<p class="w">{_text(", ".join(session.speaker_names))}</p>')
    where = _text(session.room.name) if session.room is not None else "no room given"
    if session.track is not None:
        where = _text(session.track.name) + " · " + where
    links = [
        (label, safe_url(link))
        for label, link in (("Recording", session.recording), *(("Slides", u) for u in session.slide_urls))
    ]
    where += "".join(f' · <a href="{_text(u)}" rel="noreferrer">{label}</a>' for label, u in links if u is not None)
    lines.append(f'<p class="m">{where}</p>')
    return (
        f'<article class="{classes}" id="s{position}" data-session-id="{_text(session.id)}">'
        f'<div class="c">{"".join(lines)}</div>'
        f'<button type="button" class="pk" data-pick aria-pressed="false" aria-label="Pick" '
        f'aria-describedby="n{position}" hidden>☆</button></article>'
    )


def _select(name: str, label: str, options: Sequence[tuple[str, str]], every: str) -> str:
    items = "".join(f'<option value="{_text(v)}">{_text(t)}</option>' for v, t in options)
    return (f'<label class="f"><span>{label}</span><select name="{name}">'
            f'<option value="">{every}</option>{items}</select></label>')  # fmt: skip


def _date_range(start: date | None, end: date | None) -> str | None:
    if start is None or end is None:
        return None if start is None and end is None else _day_heading(start or end)  # type: ignore[arg-type]
    if start == end:
        return _day_heading(start)
    return f"{_day_heading(start)} to {_day_heading(end)}"


def _abbreviations(sessions: Sessions, zone: tzinfo) -> list[str]:
    seen: dict[str, None] = {}
    for s in sessions:
        if s.start is not None:
            name = s.start.astimezone(zone).tzname()
            if name:
                seen.setdefault(name, None)
    return list(seen)


def _json(data: Any) -> str:
    """JSON safe inside a ``<script>`` element: no ``<`` (so no ``</script>`` or ``<!--``)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def _controls(lookup: _Lookup, days: Sequence[date], zones: Sequence[tuple[str, str]]) -> str:
    """The controls the page's script makes work (hidden without it)."""
    day_options = [(d.isoformat(), _day_heading(d)) for d in days]
    parts = [
        '<form class="controls" role="search" aria-label="Find sessions" hidden>',
        '<label class="f q"><span>Search</span><input type="search" name="q" '
        'placeholder="Title, speaker, organisation, abstract" autocomplete="off"></label>',
        '<details class="more" open><summary>Filters, time zone and picks</summary><div class="inner">',
        _select("day", "Day", day_options, "All days"),
    ]
    names = {"track": ("Track", "All tracks"), "room": ("Room", "All rooms"), "kind": ("Kind", "All kinds"),
             "level": ("Level", "All levels"), "language": ("Language", "All languages")}  # fmt: skip
    for field, (label, every) in names.items():
        if lookup.labels[field]:
            parts.append(_select(field, label, lookup.labels[field], every))
    zone_items = "".join(f'<option value="{_text(v)}">{_text(t)}</option>' for v, t in zones)
    parts.append(f'<label class="f"><span>Time zone</span><select name="tz">{zone_items}</select></label>')
    parts.append(
        '<fieldset class="f view"><legend>View</legend>'
        '<label><input type="radio" name="view" value="grid"> Grid</label>'
        '<label><input type="radio" name="view" value="list"> List</label></fieldset>'
        '<label class="f ck"><input type="checkbox" name="picks-only"> My picks only</label>'
        '<label class="f"><span>Reminder</span><select name="remind"><option value="">None</option>'
        '<option value="PT5M">5 minutes before</option><option value="PT10M">10 minutes before</option>'
        '<option value="PT15M">15 minutes before</option><option value="PT30M">30 minutes before</option>'
        '<option value="PT1H">1 hour before</option></select></label>'
        '<div class="acts"><button type="button" data-export-picks>Download picks (.ics)</button>'
        '<button type="button" data-export-agenda>Export agenda file</button>'
        '<label class="file">Import agenda file<input type="file" name="agenda" accept=".json,application/json">'
        '</label><button type="button" data-reset>Clear filters</button></div></div></details>'
        '<p class="count" role="status" aria-live="polite"></p>'
        "</form>"
    )
    return "".join(parts)


def dumps(obj: Conference | Sessions, *, tz: str | None = None, zones: Sequence[str] = ()) -> str:
    """The HTML timetable of ``obj`` with times and days in ``tz``; ``zones`` are offered by its zone switch.

    The zone switch always offers the page's zone (``tz``, else the
    conference's) and the viewer's own; an unknown name in ``zones`` raises
    :class:`~pyconf_schedule.exceptions.UnknownZoneError`.

    >>> from pyconf_schedule import load
    >>> page = dumps(load("eu2026"), zones=["America/New_York"])
    >>> page.startswith("<!DOCTYPE html>"), "<h1>PyTorch Conference Europe 2026</h1>" in page
    (True, True)
    >>> '<option value="America/New_York">America/New_York</option>' in page
    True
    """
    if isinstance(zones, str):
        zones = (zones,)
    offered = [_zone_id(get_zone(z)) for z in zones]
    conf = as_conference(obj)
    zone, zone_label = view_zone(obj, tz)
    view = conf.sessions if zone is conf.zone else conf.sessions.to_tz(zone)
    by_day = view.by_day()
    unscheduled = view.unscheduled
    page_zone = _zone_id(zone)
    zone_options = [(page_zone, f"{zone_label} (conference)" if tz is None else zone_label)]
    zone_options.append(("local", "My time zone"))
    for name in offered:
        if name not in (page_zone, *(v for v, _ in zone_options)):
            zone_options.append((name, name))
    lookup = _Lookup()
    for room in conf.rooms:
        lookup.index("room", room.id, room.name)
    for track in conf.tracks:
        lookup.index("track", track.id, track.name)
    records: list[list[Any]] = []
    body: list[str] = []
    position = 0

    def add(session: Session, day: date | None) -> str:
        nonlocal position
        records.append([
            session.id,
            _utc_ms(session.start) if session.start is not None else None,
            _utc_ms(session.end) if session.end is not None else None,
            day.isoformat() if day is not None else None,
            lookup.index("room", session.room.id if session.room else None, session.room.name if session.room else None),
            lookup.index("track", session.track.id if session.track else None,
                         session.track.name if session.track else None),
            lookup.index("kind", session.kind.value, session.kind.label),
            lookup.index("level", session.audience_level),
            lookup.index("language", session.language),
            haystack(session),
        ])  # fmt: skip
        position += 1
        return _article(session, zone, day, position - 1)

    for day, sessions in by_day.items():
        anchor = f"day-{day.isoformat()}"
        body.append(f'<section class="day" id="{anchor}" aria-labelledby="{anchor}-h">')
        body.append(f'<h2 id="{anchor}-h">{_day_heading(day)}</h2>')
        slot: str | None = None
        for s in sessions:
            if s.start is None:
                continue
            clock = "".join(_clock(s.start, zone, day))
            if clock != slot:
                if slot is not None:
                    body.append("</div></div>")
                body.append(f'<div class="slot"><h3>{clock}</h3><div class="cards">')
                slot = clock
            body.append(add(s, day))
        if slot is not None:
            body.append("</div></div>")
        day_only = [s for s in sessions if s.start is None]
        if day_only:
            count = len(day_only)
            body.append(f'<div class="dayonly"><h3>Time not known ({count} session{"" if count == 1 else "s"})</h3>'
                        '<div class="cards">')  # fmt: skip
            body.extend(add(s, day) for s in day_only)
            body.append("</div></div>")
        body.append("</section>")
    if unscheduled:
        body.append('<section class="day" id="not-scheduled" aria-labelledby="not-scheduled-h">')
        body.append(f'<h2 id="not-scheduled-h">Not scheduled ({len(unscheduled)})</h2><div class="cards">')
        body.extend(add(s, None) for s in unscheduled)
        body.append("</div></section>")
    if not by_day and not unscheduled:
        body.append("<p>No sessions.</p>")

    css, js = _asset("html_page.css"), _asset("html_page.js")
    data = {
        "conference": conf.id,
        "name": conf.name,
        "zone": page_zone,
        "zoneLabel": zone_label,
        "rooms": lookup.labels["room"],
        "tracks": lookup.labels["track"],
        "kinds": lookup.labels["kind"],
        "levels": lookup.labels["level"],
        "languages": lookup.labels["language"],
        "sessions": records,
    }
    out = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{_csp(css, js)}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="referrer" content="no-referrer">',
        '<meta name="color-scheme" content="light dark">',
        '<link rel="icon" href="data:,">',
        f"<title>{_text(conf.name)} · timetable</title>",
        f"<style>{css}</style>",
        f"<script>{_EARLY}</script>",
        "</head>",
        "<body>",
        '<a class="skip" href="#main">Skip to the timetable</a>',
        "<header>",
        f"<h1>{_text(conf.name)}</h1>",
    ]
    dates = _date_range(conf.start_date, conf.end_date)
    place = ", ".join(_text(p) for p in (conf.venue, conf.city, conf.country) if p)
    facts = " · ".join(p for p in (dates, place) if p)
    if facts:
        out.append(f"<p>{facts}</p>")
    abbreviations = _abbreviations(view, zone)
    shown = f" ({'/'.join(abbreviations)})" if abbreviations and abbreviations != [zone_label] else ""
    out.append(f'<p class="zone">Times are in <span data-zone>{_text(zone_label)}{_text(shown)}</span>.</p>')
    if conf.coverage:
        out.append(
            f'<details class="coverage"><summary>About these data</summary><p>{_text(conf.coverage)}</p></details>'
        )
    link = safe_url(conf.url)
    if link is not None:
        out.append(f'<p><a href="{_text(link)}" rel="noreferrer">{_text(link)}</a></p>')
    if by_day or unscheduled:
        items = [f'<li><a href="#day-{day.isoformat()}">{_day_heading(day)}</a></li>' for day in by_day]
        if unscheduled:
            items.append('<li><a href="#not-scheduled">Not scheduled</a></li>')
        out.append(f'<nav class="jump" aria-label="Days"><ul>{"".join(items)}</ul></nav>')
    out.append("</header>")
    if records:
        out.append(_controls(lookup, list(by_day), zone_options))
        out.append('<section class="now" aria-label="Now" hidden></section>')
    out.append('<main id="main" tabindex="-1">')
    out.extend(body)
    out.append("</main>")
    out.append(
        "<footer><p>Written by pyconf-schedule. This page works offline and sends nothing anywhere.</p></footer>"
    )
    out.append(f'<script type="application/json" id="data">{_json(data)}</script>')
    out.append(f"<script>{js}</script>")
    out.append("</body>")
    out.append("</html>")
    return "\n".join(out) + "\n"
