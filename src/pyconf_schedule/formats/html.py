"""HTML (format name ``"html"``): a timetable page in one self-contained file.

The page heads with the conference's name, dates, place, the zone times are
shown in and its coverage statement, then holds one section per day (the
days of :meth:`Sessions.by_day`, counted in the zone the page is written
in): rooms as columns, a time axis, and one block per session whose top and
height follow its start and end.  Sessions that overlap in one room sit side
by side.  A block shows the time, title (a link when the session's URL is
http or https), speakers, kind and room, and carries its full text in a
``title`` tooltip where the block is too small to show it all.  A session
with an unknown end is drawn 15 minutes tall (less when the room's next
session starts sooner, never under 5) and marked "end not known".  Sessions
whose day is known but not their time are listed under their day's grid;
sessions with no day at all are listed at the end, under "Not scheduled".

The file needs nothing else: the CSS is inline, there are no fonts, images
or scripts, and a Content-Security-Policy forbids every request, so opening
it from disk makes no network request.  Every text and URL is escaped; a
title such as ``</style><script>`` stays text.  On a screen narrower than
40em, and when printed, the grid becomes one list in time order.

Building the page is linear in the number of sessions (plus a sort): the
grid has one row per minute of the day shown, never one cell per minute and
room.  Nothing is left out; there is no reader.
"""

from __future__ import annotations

import heapq
import html
import math
import re
from collections.abc import Iterable, Sequence
from datetime import date, datetime, timedelta, timezone, tzinfo
from urllib.parse import urlsplit

from .._conference import Conference
from .._model import Session
from .._sessions import Sessions
from ._common import as_conference, strip_xml_illegal, view_zone

__all__ = ["dumps", "safe_url"]

_OPEN_END_MINUTES = 15
"""How tall a session with an unknown end is drawn, when the room's next session does not start sooner."""
_OPEN_END_MIN = 5
"""The fewest minutes a session with an unknown end is drawn."""
_MAX_BLOCK_MINUTES = 24 * 60
"""A longer session is drawn this tall and marked as continuing."""
_MAX_ROWS = 3 * 24 * 60
"""The most grid rows of one day: a longer day is drawn with rows of several minutes."""

_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")  # fmt: skip

_CSS = """
:root{--m:4px;--col:10rem;--axis:4.4rem;color-scheme:light;font:15px/1.35 system-ui,-apple-system,"Segoe UI",
Roboto,"Helvetica Neue",Arial,sans-serif;color:#1b1b1b;background:#fff}
body{margin:0;padding:0 1rem 2rem}
header{padding:1rem 0 .5rem;border-bottom:2px solid #2d3a4a}
h1{margin:.2rem 0 .4rem;font-size:1.6rem}
h2{margin:1.6rem 0 .6rem;font-size:1.25rem}
h3{margin:1.2rem 0 .5rem;font-size:1.05rem}
header p{margin:.2rem 0}
a{color:#0b4ea2}
a:focus-visible,.scroll:focus-visible{outline:3px solid #c2410c;outline-offset:1px}
.coverage{color:#3b3b3b;max-width:60rem}
nav ul{list-style:none;display:flex;flex-wrap:wrap;gap:.3rem 1rem;padding:0;margin:.6rem 0 0}
.scroll{overflow-x:auto;border:1px solid #c9ced6}
.grid{display:grid;position:relative;min-width:min-content}
.head{grid-row:1;position:sticky;top:0;z-index:4;background:#2d3a4a;color:#fff;font-weight:600;
padding:.35rem .4rem;border-left:1px solid #fff;overflow-wrap:anywhere;font-size:.85rem}
.axis-head{grid-column:1;background:#2d3a4a}
.hour{grid-column:1/-1;border-top:1px solid #d5d9e0;pointer-events:none}
.tick{grid-column:1;font-size:.75rem;color:#3b3b3b;padding:0 .3rem;white-space:nowrap;line-height:1;z-index:1}
.s{position:relative;margin:1px 2px;padding:.15rem .35rem;overflow:hidden;border-radius:3px;font-size:.78rem;
line-height:1.25;background:#e8eefb;border-left:4px solid #3b6fd8;overflow-wrap:anywhere;box-sizing:border-box}
.s p{margin:0}
.s .n{font-weight:600}
.s .t,.s .m{color:#333}
.grid .s .n{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:3;overflow:hidden}
.grid .s:hover .n,.grid .s:focus-within .n{display:block;overflow:visible}
.s:hover,.s:focus-within{align-self:start;height:auto;min-height:calc(100% - 2px);overflow:visible;z-index:5;
box-shadow:0 2px 8px rgba(0,0,0,.35)}
.open-end{border-bottom:2px dashed #555}
.mark{font-style:italic}
.where{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.list{list-style:none;padding:0;margin:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));gap:.4rem}
.list .s .where{position:static;width:auto;height:auto;clip-path:none;white-space:normal}
.k-keynote,.k-sponsored-keynote{background:#fde9d9;border-left-color:#c2410c}
.k-lightning-talk{background:#e3f4e8;border-left-color:#1f7a3f}
.k-panel,.k-meet-the-developers,.k-birds-of-a-feather{background:#f1e7fb;border-left-color:#7a3fb8}
.k-workshop,.k-tutorial{background:#fff3c9;border-left-color:#a16207}
.k-break{background:#eeeeee;border-left-color:#767676}
.k-other,.k-poster,.k-demo,.k-sponsored-talk{background:#e6f3f7;border-left-color:#0e7490}
footer{margin-top:2rem;font-size:.8rem;color:#3b3b3b}
@media (max-width:40em){
.scroll{overflow:visible;border:0}
.grid{display:block;min-width:0}
.head,.tick,.hour{display:none}
.grid .s{margin:0 0 .4rem}
.grid .s .n{display:block}
.s .where{position:static;width:auto;height:auto;clip-path:none;white-space:normal}
.list{display:block}
.list li{margin:0 0 .4rem}
}
@media print{
:root{font-size:11pt}
body{padding:0}
nav{display:none}
.scroll{overflow:visible;border:0}
.grid{display:block;min-width:0}
.head,.tick,.hour{display:none}
.s,.grid .s{margin:0 0 .3rem;break-inside:avoid;box-shadow:none}
.grid .s .n{display:block}
.s .where{position:static;width:auto;height:auto;clip-path:none;white-space:normal}
.list{display:block}
section{break-before:page}
a{color:inherit}
}
"""

_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"


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


def _utc(value: datetime) -> datetime:
    return value.astimezone(timezone.utc)


def _clock(moment: datetime, zone: tzinfo, day: date) -> str:
    """``HH:MM`` of ``moment`` in ``zone``, with ``(+n)`` or ``(-n)`` when it falls on another day than ``day``."""
    local = moment.astimezone(zone)
    text = local.strftime("%H:%M")
    days = (local.date() - day).days
    if days:
        text += f" ({days:+d})"
    return text


def _time_element(moment: datetime, zone: tzinfo, day: date) -> str:
    local = moment.astimezone(zone)
    return f'<time datetime="{local.isoformat(timespec="minutes")}">{_clock(moment, zone, day)}</time>'


class _Block:
    """Where one timed session sits in its day's grid: rows ``[top, bottom)`` in units from the day's origin."""

    __slots__ = ("session", "top", "bottom", "room", "lane", "span", "open_end", "clipped")

    def __init__(self, session: Session, top: int, bottom: int, room: int, *, open_end: bool, clipped: bool) -> None:
        self.session = session
        self.top = top
        self.bottom = bottom
        self.room = room
        self.lane = 0
        self.span = 1
        self.open_end = open_end
        self.clipped = clipped


def _minutes(later: datetime, earlier: datetime) -> int:
    return int((later - earlier).total_seconds() // 60)


def _place(
    sessions: Sequence[Session], rooms: dict[str | None, int], zone: tzinfo
) -> tuple[datetime, int, list[_Block], list[int]]:
    """The day's origin (its first start, down to the hour), minutes per row, the blocks, and each room's lanes.

    ``sessions`` are timed and sorted by start.  Blocks of one room never
    share a row and lane: a block goes in the lowest lane free at its top, and
    the last lane of a group of overlapping blocks stretches to the room's
    right edge.
    """
    starts = [_utc(s.start) for s in sessions if s.start is not None]
    first = starts[0]
    local = first.astimezone(zone)
    origin = first - timedelta(minutes=local.minute, seconds=local.second, microseconds=local.microsecond)
    spans: list[tuple[int, int | None, bool]] = []
    for s, start in zip(sessions, starts):
        top = _minutes(start, origin)
        if s.end is None:
            spans.append((top, None, False))
            continue
        bottom = max(top + 1, _minutes(_utc(s.end), origin))
        clipped = bottom - top > _MAX_BLOCK_MINUTES
        spans.append((top, top + _MAX_BLOCK_MINUTES if clipped else bottom, clipped))
    # An unknown end: until the room's next start when that comes within 15 minutes (at least 5).
    next_start: dict[int, int] = {}
    open_bottoms: dict[int, int] = {}
    for index in range(len(sessions) - 1, -1, -1):
        room = rooms[_room_key(sessions[index])]
        begin, known_end, _ = spans[index]
        if known_end is None:
            following = next_start.get(room)
            gap = _OPEN_END_MINUTES if following is None else min(_OPEN_END_MINUTES, following - begin)
            open_bottoms[index] = begin + max(_OPEN_END_MIN, gap)
        next_start[room] = begin
    span = max(open_bottoms.get(i, b or 0) for i, (_, b, _) in enumerate(spans))
    unit = max(1, math.ceil(span / _MAX_ROWS))
    blocks: list[_Block] = []
    for index, (s, (begin, known_end, clipped)) in enumerate(zip(sessions, spans)):
        end = open_bottoms[index] if known_end is None else known_end
        first_row = begin // unit
        blocks.append(
            _Block(s, first_row, max(first_row + 1, end // unit), rooms[_room_key(s)],
                   open_end=known_end is None, clipped=clipped)
        )  # fmt: skip
    lanes = _lanes(blocks, len(rooms))
    return origin, unit, blocks, lanes


def _lanes(blocks: list[_Block], room_count: int) -> list[int]:
    """Give each block its lane and span; the number of lanes of each room (at least 1)."""
    by_room: list[list[_Block]] = [[] for _ in range(room_count)]
    for block in sorted(blocks, key=lambda b: (b.top, b.bottom)):
        by_room[block.room].append(block)
    counts = []
    for room_blocks in by_room:
        total = 1
        busy: list[tuple[int, int]] = []
        free: list[int] = []
        used = 0
        group: list[_Block] = []
        group_end = -1
        for block in room_blocks:
            if block.top >= group_end and group:
                _close(group)
                group, busy, free, used = [], [], [], 0
            while busy and busy[0][0] <= block.top:
                heapq.heappush(free, heapq.heappop(busy)[1])
            if free:
                block.lane = heapq.heappop(free)
            else:
                block.lane = used
                used += 1
            heapq.heappush(busy, (block.bottom, block.lane))
            group.append(block)
            group_end = max(group_end, block.bottom)
            total = max(total, used)
        if group:
            _close(group)
        counts.append(total)
    for block in blocks:
        if block.span == 0:  # the group's last lane: to the room's right edge
            block.span = counts[block.room] - block.lane
    return counts


def _close(group: list[_Block]) -> None:
    last = max(b.lane for b in group)
    for block in group:
        block.span = 0 if block.lane == last else 1


def _room_key(session: Session) -> str | None:
    return session.room.id if session.room is not None else None


def _full_text(session: Session, when: str) -> str:
    parts = [when, session.display_title]
    if session.speakers:
        parts.append(", ".join(session.speaker_names))
    parts.append(session.kind_label or session.kind.label)
    if session.room is not None:
        parts.append(session.room.name)
    if session.track is not None:
        parts.append(session.track.name)
    return " · ".join(p for p in parts if p)


def _article(session: Session, zone: tzinfo, day: date | None, style: str = "", *, block: _Block | None = None) -> str:
    """One session's block: time, title (linked where safe), speakers, kind and room; its full text as a tooltip."""
    classes = ["s", f"k-{session.kind.value}"]
    marks: list[str] = []
    if session.start is not None and day is not None:
        when_html = _time_element(session.start, zone, day)
        when_text = _clock(session.start, zone, day)
        if session.end is not None:
            when_html += "–" + _time_element(session.end, zone, day)
            when_text += "–" + _clock(session.end, zone, day)
        else:
            classes.append("open-end")
            marks.append("end not known")
            when_text += ", end not known"
        if block is not None and block.clipped:
            marks.append("continues")
    elif session.day_only is not None:
        when_html = when_text = "time not known"
    else:
        when_html = when_text = "not scheduled"
    if marks:
        when_html += " " + " ".join(f'<span class="mark">({m})</span>' for m in marks)
    title = _text(session.display_title)
    url = safe_url(session.url)
    if url is not None:
        title = f'<a href="{_text(url)}" rel="noreferrer">{title}</a>'
    kind = _text(session.kind_label or session.kind.label)
    lines = [f'<p class="t">{when_html} · {kind}</p>', f'<p class="n">{title}</p>']
    if session.speakers:
        lines.append(f'<p class="w">{_text(", ".join(session.speaker_names))}</p>')
    # Track and room: in the grid the column says the room, so both are for screen readers and the list layout.
    where = _text(session.room.name) if session.room is not None else "no room given"
    if session.track is not None:
        where = _text(session.track.name) + " · " + where
    lines.append(f'<p class="m"><span class="where">{where}</span></p>')
    data = f' data-session="{_text(session.id)}"'
    if session.start is not None:
        data += f' data-start="{_utc(session.start).isoformat()}"'
        data += f' data-end="{_utc(session.end).isoformat() if session.end is not None else ""}"'
    if block is not None:
        data += f' data-room="{block.room}"'
    style_attr = f' style="{style}"' if style else ""
    return (
        f'<article class="{" ".join(classes)}"{data}{style_attr} title="{_text(_full_text(session, when_text))}">'
        + "".join(lines)
        + "</article>"
    )


def _grid(day: date, timed: Sequence[Session], zone: tzinfo, label: str, order: dict[str, int]) -> str:
    """The day's grid: a header row of rooms, the time axis, hour lines and one block per session.

    Rooms come in the conference's order (``order``), a column for sessions
    without a room last.
    """
    found: dict[str | None, str] = {}
    for s in timed:
        key = _room_key(s)
        if key not in found:
            found[key] = s.room.name if s.room is not None else "No room given"
    keys = sorted(found, key=lambda k: (k is None, order.get(k, len(order)) if k is not None else 0))
    rooms = {key: index for index, key in enumerate(keys)}
    names = [found[key] for key in keys]
    origin, unit, blocks, lanes = _place(timed, rooms, zone)
    first_column = [0] * len(lanes)
    column = 2
    for index, count in enumerate(lanes):
        first_column[index] = column
        column += count
    rows = max(b.bottom for b in blocks)
    out = [
        f'<div class="scroll" tabindex="0" role="region" aria-label="{_text(label)}">',
        f'<div class="grid" style="grid-template-columns:var(--axis) repeat({column - 2},minmax(var(--col),1fr));'
        f'grid-template-rows:auto repeat({rows},var(--m))">',
        '<div class="head axis-head" aria-hidden="true"></div>',
    ]
    for index, name in enumerate(names):
        start = first_column[index]
        out.append(f'<div class="head" style="grid-column:{start}/{start + lanes[index]}">{_text(name)}</div>')
    step = max(1, 60 // unit) if unit <= 60 else math.ceil(rows / 48)
    for row in range(0, rows, step):
        moment = origin + timedelta(minutes=row * unit)
        out.append(f'<div class="hour" style="grid-row:{row + 2}" aria-hidden="true"></div>')
        out.append(f'<div class="tick" style="grid-row:{row + 2}" aria-hidden="true">{_clock(moment, zone, day)}</div>')
    for block in blocks:
        start = first_column[block.room] + block.lane
        style = f"grid-row:{block.top + 2}/{block.bottom + 2};grid-column:{start}/{start + block.span}"
        out.append(_article(block.session, zone, day, style, block=block))
    out.append("</div></div>")
    return "\n".join(out)


def _list(sessions: Iterable[Session], zone: tzinfo, day: date | None) -> str:
    items = "".join(f"<li>{_article(s, zone, day)}</li>\n" for s in sessions)
    return f'<ul class="list">\n{items}</ul>'


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


def dumps(obj: Conference | Sessions, *, tz: str | None = None) -> str:
    """The HTML timetable of ``obj`` with times and days in ``tz``.

    >>> from pyconf_schedule import load
    >>> page = dumps(load("eu2026"))
    >>> page.startswith("<!DOCTYPE html>"), "<h1>PyTorch Conference Europe 2026</h1>" in page
    (True, True)
    """
    conf = as_conference(obj)
    zone, zone_label = view_zone(obj, tz)
    view = conf.sessions if zone is conf.zone else conf.sessions.to_tz(zone)
    by_day = view.by_day()
    order = {room.id: index for index, room in enumerate(conf.rooms)}
    unscheduled = view.unscheduled
    out = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{_CSP}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="referrer" content="no-referrer">',
        '<link rel="icon" href="data:,">',
        f"<title>{_text(conf.name)} · timetable</title>",
        f"<style>{_CSS}</style>",
        "</head>",
        "<body>",
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
    out.append(f"<p>Times are in {_text(zone_label)}{_text(shown)}.</p>")
    if conf.coverage:
        out.append(f'<p class="coverage">{_text(conf.coverage)}</p>')
    link = safe_url(conf.url)
    if link is not None:
        out.append(f'<p><a href="{_text(link)}" rel="noreferrer">{_text(link)}</a></p>')
    if by_day or unscheduled:
        items = [f'<li><a href="#day-{day.isoformat()}">{_day_heading(day)}</a></li>' for day in by_day]
        if unscheduled:
            items.append('<li><a href="#not-scheduled">Not scheduled</a></li>')
        out.append(f'<nav aria-label="Days"><ul>{"".join(items)}</ul></nav>')
    out.append("</header>")
    out.append("<main>")
    for day, sessions in by_day.items():
        heading = _day_heading(day)
        anchor = f"day-{day.isoformat()}"
        out.append(f'<section id="{anchor}" aria-labelledby="{anchor}-h">')
        out.append(f'<h2 id="{anchor}-h">{heading}</h2>')
        timed = [s for s in sessions if s.start is not None]
        if timed:
            out.append(_grid(day, timed, zone, f"Timetable of {heading}", order))
        day_only = [s for s in sessions if s.start is None]
        if day_only:
            count = len(day_only)
            out.append(f"<h3>Time not known ({count} session{'' if count == 1 else 's'})</h3>")
            out.append(_list(day_only, zone, day))
        out.append("</section>")
    if unscheduled:
        out.append('<section id="not-scheduled" aria-labelledby="not-scheduled-h">')
        out.append(f'<h2 id="not-scheduled-h">Not scheduled ({len(unscheduled)})</h2>')
        out.append(_list(unscheduled, zone, None))
        out.append("</section>")
    if not by_day and not unscheduled:
        out.append("<p>No sessions.</p>")
    out.append("</main>")
    out.append("<footer><p>Written by pyconf-schedule.</p></footer>")
    out.append("</body>")
    out.append("</html>")
    return "\n".join(out) + "\n"
