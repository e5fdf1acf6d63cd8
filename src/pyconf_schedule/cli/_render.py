"""The human output: session listings, one session in full, the datasets and speakers tables.

Every byte of human output passes through :func:`terminal_text` (``main``
hands each command a :class:`TerminalOut`), so a title, a speaker, a room or
a file name cannot bring an escape sequence to the terminal, piped or not.
Machine formats (``--json``, ``export``, ``diff --markdown``) write to
:func:`machine` instead: their data is kept, escaped as the format says.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO, cast

from ._layout import INDENT, date_range, day_text, display_width, pad_text, wrap, wrap_items, wrap_words

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping, Sequence
    from datetime import datetime

    from .._conference import Conference
    from .._model import Session, Speaker
    from .._sessions import Sessions


_BIDI = (*range(0x202A, 0x202F), *range(0x2066, 0x206A))
"""The bidirectional embeddings, overrides and isolates: they reorder the text around them on screen."""
_NEUTRAL = {
    **{code: 0x2400 + code for code in range(32) if chr(code) not in "\n\t"},  # C0 as its picture: ESC shows as ␛
    0x7F: 0x2421,  # DEL: ␡
    **dict.fromkeys((*range(128, 160), *_BIDI), 65533),  # C1 (8-bit CSI, OSC, ...) and bidi controls: �
}
_JSON_ESCAPES = {code: f"\\u{code:04x}" for code in (0x7F, *range(0x80, 0xA0), *_BIDI)}


def terminal_text(text: str) -> str:
    """``text`` safe for a terminal: every control character but line feed and tab made visible, one column each.

    C0 controls become their Unicode pictures (ESC is ``␛``, so an escape
    sequence shows as text instead of acting), DEL ``␡``; C1 controls and the
    bidirectional overrides and isolates, which terminals act on or which
    reorder what is shown, become ``�``.  Each takes the one column the
    layout counted for the character it replaces.

    >>> terminal_text("a\\x1b]0;title\\x07b\\tc\\n\\x9b2J\\u202eevil\\x7f")
    'a␛]0;title␇b\\tc\\n�2J�evil␡'
    """
    return text.translate(_NEUTRAL)


def json_text(text: str) -> str:
    """JSON text with DEL, the C1 controls and the bidi controls written as ``\\uXXXX`` escapes: the same data, none of it acting on a terminal.

    JSON escapes the C0 controls itself; these characters occur only inside
    strings, where the escape means the same character.

    >>> json_text('{"title": "a\\x9bb\\u202e"}')
    '{"title": "a\\\\u009bb\\\\u202e"}'
    """
    return text.translate(_JSON_ESCAPES)


class TerminalOut:
    """Standard output for human text: every write goes through :func:`terminal_text`; ``raw`` is the stream itself."""

    def __init__(self, raw: TextIO) -> None:
        self.raw = raw

    def write(self, text: str) -> int:
        return self.raw.write(terminal_text(text))

    def flush(self) -> None:
        self.raw.flush()

    def isatty(self) -> bool:
        return self.raw.isatty()

    def fileno(self) -> int:
        return self.raw.fileno()


def human(out: TextIO) -> TextIO:
    """``out`` for human output: a :class:`TerminalOut` over it."""
    return out if isinstance(out, TerminalOut) else cast("TextIO", TerminalOut(out))


def machine(out: TextIO) -> TextIO:
    """The stream under ``out``, for a machine format, which keeps its data as the format escapes it."""
    return out.raw if isinstance(out, TerminalOut) else out


def _abbreviations(sessions: Iterable[Session], moments: Sequence[datetime] = ()) -> list[str]:
    """The zone abbreviations of the times shown (sessions' starts and ends, and ``moments``), in time order."""
    times = [m for s in sessions for m in (s.start, s.end) if m is not None] + list(moments)
    abbreviations: list[str] = []
    for moment in sorted(times):
        name = moment.tzname()
        if name and name not in abbreviations:
            abbreviations.append(name)
    return abbreviations


def _zone_header(conf: Conference, sessions: Iterable[Session], moments: Sequence[datetime] = ()) -> str:
    """'<conference> — times in <zone> (<abbreviations>)'; a fixed-offset zone is its offset: 'times in UTC+01:00'."""
    zone = conf.view_timezone or conf.timezone
    if zone.startswith("Etc/"):  # Etc/GMT-1 reads as minus one; its abbreviation (+01) says no more than the offset
        from .._zones import offset_label

        label = offset_label(zone)
        if label is not None:
            return f"{conf.name} — times in {label}"
    abbreviations = _abbreviations(sessions, moments)
    suffix = f" ({'/'.join(abbreviations)})" if abbreviations and abbreviations != [zone] else ""
    return f"{conf.name} — times in {zone}{suffix}"


def _time_range(session: Session, with_zone: bool) -> str:
    """'09:10–09:30', or with zone abbreviations '09:10–09:30 CEST', '01:30 PDT–01:30 PST'.

    An unknown end is shown as '?'; an end on a later day is marked as Markdown
    marks it: '00:00–00:00 (+1)'.
    """
    start, end = session.start, session.end
    if start is None:
        return ""
    if end is None:
        return f"{start:%H:%M} {start.tzname()}–?" if with_zone else f"{start:%H:%M}–?"
    days = (end.date() - start.date()).days
    later = f" (+{days})" if days else ""
    if not with_zone:
        return f"{start:%H:%M}–{end:%H:%M}{later}"
    if start.tzname() == end.tzname():
        return f"{start:%H:%M}–{end:%H:%M}{later} {end.tzname()}"
    return f"{start:%H:%M} {start.tzname()}–{end:%H:%M}{later} {end.tzname()}"


_NO_TIME = "time not known"


def _listed_time(session: Session, with_zone: bool) -> str:
    """The time column of a listing: the time range, or "time not known" for a day-only session."""
    if session.start is None and session.day_only is not None:
        return _NO_TIME
    return _time_range(session, with_zone)


def _conflict_value(field: str, value: str, conf: Conference) -> str:
    """A disputed value as shown: a start or end in the viewing zone, like the other times; else quoted."""
    from .._time import parse_datetime

    if field not in ("start", "end"):
        return repr(value)
    try:
        moment = parse_datetime(value)
    except (ValueError, OverflowError):
        return repr(value)
    if moment.tzinfo is None:
        return repr(value)
    moment = moment.astimezone(conf.zone)
    return f"{day_text(moment.date())} {moment:%H:%M} {moment.tzname()}"


def _people(speakers: Sequence[Speaker]) -> str:
    """'A, B (Org), C (Other)': consecutive speakers of one organisation share it."""
    parts: list[str] = []
    group: list[str] = []
    for i, speaker in enumerate(speakers):
        group.append(speaker.name)
        following = speakers[i + 1].organisation if i + 1 < len(speakers) else object()
        if following != speaker.organisation:
            text = ", ".join(group)
            parts.append(f"{text} ({speaker.organisation})" if speaker.organisation else text)
            group = []
    return ", ".join(parts)


def _kind_text(session: Session) -> str | None:
    from .._model import SessionKind

    if session.kind in (SessionKind.TALK, SessionKind.OTHER):
        return None
    return session.kind_label or session.kind.label


def render_datasets(out: TextIO, confs: Sequence[tuple[str, Conference]], width: int) -> None:
    """One entry a dataset: its name, then the conference, its place, dates, zone and coverage."""
    name_width = max(len(name) for name, _ in confs) + 2
    pad = " " * name_width
    columns = width - name_width
    for i, (name, c) in enumerate(confs):
        if i:
            out.write("\n")
        place = ", ".join(p for p in (c.city, c.country) if p)
        facts = [place, date_range(c.start_date, c.end_date), c.timezone, f"{len(c.sessions)} sessions"]
        lines = wrap_words(c.name, columns) + wrap_items([f for f in facts if f], columns)
        lines += wrap(c.coverage or "", columns)
        for j, line in enumerate(lines):
            out.write(f"{name.ljust(name_width) if j == 0 else pad}{line}\n")


def render_speakers(
    out: TextIO, conf: Conference, speakers: Sequence[Speaker], counts: dict[str, list[str]], width: int
) -> None:
    """The speakers table: name, organisation and number of sessions (``counts``: session ids by speaker id)."""
    out.write(f"{conf.name} — {len(speakers)} speakers\n\n")
    name_width = min(max(display_width(s.name) for s in speakers), 28)
    org_width = width - len(INDENT) - name_width - 2 - 2 - 8
    header = f"{INDENT}{pad_text('Name', name_width)}  {pad_text('Organisation', org_width)}  Sessions"
    out.write(header + "\n")
    for s in speakers:
        # A name or organisation wider than its column wraps onto more lines, the count on the first.
        names = wrap_words(s.name, name_width) or [""]
        orgs = wrap_words(s.organisation or "", org_width) or [""]
        for i in range(max(len(names), len(orgs))):
            name = pad_text(names[i] if i < len(names) else "", name_width)
            org = pad_text(orgs[i] if i < len(orgs) else "", org_width)
            count = f"{len(counts[s.id]):>8}" if i == 0 else ""
            out.write(f"{INDENT}{name}  {org}  {count}".rstrip() + "\n")


def render_sessions(
    out: TextIO,
    conf: Conference,
    sessions: Sessions,
    width: int,
    *,
    ids: bool = False,
    subtitle: str | None = None,
    moment: datetime | None = None,
    notes: Mapping[str, str] | None = None,
) -> None:
    """The human listing: a header naming the zone, then sessions grouped by day.

    A day-only session is listed under its day after the timed ones, its
    time shown as "time not known"; sessions with no known day come last.

    When the times shown (``moment`` included) have more than one zone
    abbreviation, every time range carries its own.  ``notes`` (by session
    id) adds a ``note:`` line under a session.
    """
    moments = [moment] if moment is not None else []
    for line in wrap_words(_zone_header(conf, sessions, moments), width):
        out.write(line + "\n")
    for line in wrap_words(subtitle or "", width):
        out.write(line + "\n")
    with_zone = len(_abbreviations(sessions, moments)) > 1
    column = max((display_width(_listed_time(s, with_zone)) for s in sessions), default=0)
    column = max(column, 11)
    groups: list[tuple[str, Sessions]] = [(day_text(d), g) for d, g in sessions.by_day().items()]
    if sessions.unscheduled:
        groups.append(("Not scheduled", sessions.unscheduled))
    lead = " " * (len(INDENT) + column + 2)
    for heading, group in groups:
        out.write(f"\n{heading}\n")
        for s in group:
            times = pad_text(_listed_time(s, with_zone), column)
            title = wrap_words(s.display_title, width - len(lead)) or [""]
            out.write(f"{INDENT}{times}  {title[0]}".rstrip() + "\n")
            details = [s.room.name if s.room else "", _kind_text(s) or "", _people(s.speakers)]
            for line in title[1:] + wrap_words(" · ".join(d for d in details if d), width - len(lead)):
                out.write(f"{lead}{line}\n")
            if ids:
                out.write(f"{lead}id: {s.id}\n")
            note = notes.get(s.id) if notes else None
            if note:
                for line in wrap_words(f"note: {note}", width - len(lead)):
                    out.write(f"{lead}{line}\n")


def render_session(out: TextIO, conf: Conference, s: Session, width: int) -> None:
    """Everything known about one session."""
    for line in wrap_words(_zone_header(conf, [s]), width):
        out.write(line + "\n")
    out.write("\n")
    for line in wrap(s.display_title, width):
        out.write(line + "\n")
    out.write("\n")
    label = 11
    fields: list[tuple[str, str]] = [("id", s.id), ("kind", s.kind_label or s.kind.label)]
    if s.start is None:
        fields.append(("when", "not scheduled" if s.day_only is None else f"{day_text(s.day_only)}, {_NO_TIME}"))
    else:
        when = f"{day_text(s.start.date())}, {_time_range(s, True)}"
        if s.end is not None and s.end.date() != s.start.date():
            when = (
                f"{day_text(s.start.date())} {s.start:%H:%M} {s.start.tzname()} – "
                f"{day_text(s.end.date())} {s.end:%H:%M} {s.end.tzname()}"
            )
        if s.end is None:
            when += " (end unknown)"
        elif s.duration is not None:
            when += f" ({int(s.duration.total_seconds() // 60)} min)"
        fields.append(("when", when))
    optional = [
        ("room", s.room.name if s.room else None),
        ("track", s.track.name if s.track else None),
        ("level", s.audience_level),
        ("language", s.language),
        ("url", s.url),
        ("recording", s.recording),
    ]
    fields.extend((k, v) for k, v in optional if v)
    for speaker in s.speakers:
        about = ", ".join(p for p in (speaker.job_title, speaker.organisation) if p)
        fields.append(("speaker", f"{speaker.name} ({about})" if about else speaker.name))
    fields.extend(("slides", slide) for slide in s.slides)
    fields.extend(("slides at", link) for link in s.slide_urls)
    titles = {src.id: src for src in conf.sources}
    for source_id in s.sources:
        src = titles.get(source_id)
        text = source_id if src is None else f"{source_id}: {src.title}" + (f" <{src.url}>" if src.url else "")
        fields.append(("source", text))
    fields.extend(("alt. title", t) for t in s.title_variants)
    for key, value in fields:
        lines = wrap(value, width - len(INDENT) - label) or [""]
        out.write(f"{INDENT}{key.ljust(label)}{lines[0]}\n")
        for more in lines[1:]:
            out.write(f"{INDENT}{' ' * label}{more}\n")
    if s.abstract:
        out.write("\n")
        for line in wrap(s.abstract, width):
            out.write(line + "\n")
    if s.conflicts:
        out.write("\nThe sources disagree:\n")
        for conflict in s.conflicts:
            values = "; ".join(
                f"{_conflict_value(conflict.field, v.value, conf)} ({', '.join(v.sources)})" for v in conflict.values
            )
            text = f"{conflict.field}: {values}" + (f"; {conflict.rule}" if conflict.rule else "")
            lines = wrap(text, width - 4)
            out.write(f"{INDENT}- {lines[0]}\n")
            for more in lines[1:]:
                out.write(f"{INDENT}  {more}\n")
    if s.field_sources:
        out.write("\nWhere each value comes from:\n")
        groups: list[tuple[list[str], tuple[str, ...], str | None]] = []
        for p in s.field_sources:  # fields with the same sources and weakness share a line
            if groups and groups[-1][1:] == (p.sources, p.weak):
                groups[-1][0].append(p.field)
            else:
                groups.append(([p.field], p.sources, p.weak))
        for names, cited, weak in groups:
            text = f"{', '.join(names)}: {', '.join(cited) or 'no source'}" + (f"; weak: {weak}" if weak else "")
            lines = wrap(text, width - 4)
            out.write(f"{INDENT}- {lines[0]}\n")
            for more in lines[1:]:
                out.write(f"{INDENT}  {more}\n")
