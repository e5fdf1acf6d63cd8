"""Build the ``na2026`` dataset (PyTorch Conference North America 2026).

The sources are six texts of five official pytorch.org blog posts about the
conference (see ``SOURCES``): seed 001 (the hardware-acceleration post as
plain text) and, from ``extra/``, the same post in markdown plus the core
PyTorch, vLLM, open research & tooling and agentic AI posts.  Each post has
its own layout, so the script is split into steps:

* one ``parse_*`` function per source document returns a list of
  :class:`Record` (one parsed session, exactly as that source states it);
* :func:`merge` groups the records of all sources into sessions (matching
  titles after :func:`title_key`, and differently-worded titles only through
  the reviewed ``TITLE_MATCHES`` table), picks the shown value of every field
  by the documented source order, records every real disagreement (a
  different time, a different title, a different organisation) as a
  conflict and each post's own wording of a field (its summary, its theme
  heading) as a variant;
* :func:`build` emits the native JSON document (version 1).

Run ``python data/build_na2026.py`` to rewrite
``src/pyconf_schedule/datasets/na2026.json`` or add ``--check`` to compare.
The editorial decisions are listed in ``data/README.md`` (section na2026).
"""

from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date, datetime, time
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent))  # when loaded by importlib

from _build_common import dump, editorial, finish, fold, main, session_id, slugify

TIMEZONE = "America/Los_Angeles"
ZONE = ZoneInfo(TIMEZONE)
YEAR = 2026
MONTH = 10


@dataclass(frozen=True)
class SourceDoc:
    """One source document: its id, file (relative to the sources folder) and title.

    ``url_file`` is the file whose line 1 holds the public address (the
    document itself for the extra/ posts; the markdown copy for seed 001).
    """

    id: str
    file: str
    title: str
    url_file: str


EDITORIAL = editorial("na2026")
"""The editorial tables (data/na2026.toml): every decision the source texts cannot settle."""

# The source order: it decides every shown value (see merge()).
SOURCES: tuple[SourceDoc, ...] = tuple(
    SourceDoc(doc["id"], doc["file"], doc["title"], doc["url_file"]) for doc in EDITORIAL["sources"]
)
HARDWARE_MD_FILE: str = SOURCES[0].url_file
SOURCE_BY_ID = {doc.id: doc for doc in SOURCES}
SOURCE_RANK = {doc.id: rank for rank, doc in enumerate(SOURCES)}
SEED_001 = {"id": SOURCES[0].id, "title": SOURCES[0].title, "file": SOURCES[0].file, "url_file": SOURCES[0].url_file}

# Section day names of seed 001 ("Sessions under 'Day One' are on 20 October").
DAYS: dict[str, date] = EDITORIAL["days"]
CONFERENCE_DAYS = (date(2026, 10, 20), date(2026, 10, 21))

# Title prefixes that name the session kind: (prefix, kind, kind_label).
KIND_PREFIXES: tuple[tuple[str, str, str], ...] = tuple(
    (p, k, label) for p, k, label in EDITORIAL["lists"]["kind_prefixes"]
)
# The posts' own format words and the kind each means.
FORMAT_KINDS: dict[str, str] = EDITORIAL["format_kinds"]
# Section headings that name a kind of session (keynotes), not a theme.
KEYNOTE_HEADINGS = frozenset(EDITORIAL["lists"]["keynote_headings"])

# How directly a record states its kind; the highest wins (ties: source order).
RANK_FORMAT, RANK_PREFIX, RANK_HEADING, RANK_DEFAULT = 3, 2, 1, 0

# Reviewed matches of differently-worded titles: (source id, title as that source writes it) -> shown title.
TITLE_MATCHES: dict[tuple[str, str], str] = {
    (source, title): shown for source, titles in EDITORIAL["title_matches"].items() for title, shown in titles.items()
}
# Two texts of one post: every session of one must match a session of the other.
TWINS: dict[str, str] = EDITORIAL["twins"]
# Spellings of one person's name: as written -> the name of the first source that names them.
SPEAKER_NAMES: dict[str, str] = EDITORIAL["speaker_names"]
# Sessions whose times are shown from a source other than the first one: session id -> (source id, reason).
TIME_CHOICES: dict[str, tuple[str, str]] = {
    sid: (source, why) for sid, (source, why) in EDITORIAL["time_choices"].items()
}

_RULES: dict[str, str] = EDITORIAL["rules"]
RULE_ORDER = _RULES["order"]
RULE_TITLE = _RULES["title"].format(order=RULE_ORDER)
RULE_TIME = _RULES["time"].format(order=RULE_ORDER)
RULE_FIELD = _RULES["field"].format(order=RULE_ORDER)
RULE_TRACK = _RULES["track"].format(order=RULE_ORDER)
RULE_ABSTRACT = _RULES["abstract"].format(order=RULE_ORDER)
RULE_KIND = _RULES["kind"].format(order=RULE_ORDER)
RULE_KIND_LABEL = _RULES["kind_label"].format(order=RULE_ORDER)
RULE_SPEAKERS = _RULES["speakers"].format(order=RULE_ORDER)
RULE_ORGANISATION = _RULES["organisation"]
WEAK_DEFAULT_KIND: str = EDITORIAL["text"]["weak_default_kind"]

# Organisation wordings that differ only in a legal suffix ("Meta Inc.",
# "Red Hat LLC", "Tensormesh, Inc.", "Intel Corporation") name the same
# organisation: the suffix is removed before comparing (organisation_key()),
# so such wordings are not a conflict.  A different unit or name ("IBM" vs
# "IBM Research", "Annapurna ML" vs "Amazon") stays a conflict.
_LEGAL_SUFFIX = re.compile(
    r",?\s+(?:Inc\.?|Incorporated|LLC|L\.L\.C\.|Ltd\.?|Limited|Corp\.?|Corporation|"
    r"Co\.|GmbH|AG|S\.A\.|PLC|plc)$"
)
# A company's legal name versus its usual name: legal name (after removing a legal suffix) -> usual name.
ORGANISATION_LEGAL_NAMES: dict[str, str] = EDITORIAL["organisation_legal_names"]


class SourceFormatError(ValueError):
    """A source document does not have the layout the parser expects."""


@dataclass(frozen=True)
class SpeakerRef:
    """A speaker as one session of one source names them."""

    name: str
    organisation: str | None


@dataclass(frozen=True)
class Record:
    """One session as one source states it (nothing merged or guessed).

    ``end`` is None when the source gives only a start.  ``kind_rank`` says
    how directly the source states ``kind``: 3 a format word ("Lightning
    Talk"), 2 a title prefix ("Sponsored: "), 1 a keynote heading, 0 nothing
    (``kind`` is then the default "talk").
    """

    source: str
    title: str
    kind: str
    kind_label: str | None
    speakers: tuple[SpeakerRef, ...]
    start: datetime | None
    end: datetime | None
    room: str | None
    track: str | None
    abstract: str | None
    position: int = 0  # line number in the source, for messages
    kind_rank: int = RANK_PREFIX


# --------------------------------------------------------------------------
# Parsing helpers
# --------------------------------------------------------------------------

_CLOCK = r"(\d{1,2}):(\d{2})\s*(AM|PM)?"
_TIME_LINE = re.compile(
    r"^(?:(?P<date>\d{1,2}/\d{1,2}/\d{4}),\s*)?"
    r"(?P<start>\d{1,2}:\d{2}(?:\s*[AP]M)?)\s*[–-]\s*"
    r"(?P<end>\d{1,2}:\d{2}\s*[AP]M)"
    r",\s*(?P<room>\S.*?)\s*$"
)
_SECTION = re.compile(r"^(?P<track>.+): Day (?P<day>One|Two)$")
_PERSON_ORG = re.compile(r"^(?P<name>[^()]+?)\s*\((?P<org>[^()]+)\)$")
# "October 20, 11:45 a.m.–12:10 p.m. | LL20AB | Breakout Session" (core, vLLM)
_FORMAT_TIME = re.compile(
    r"^October (?P<day>\d{1,2}), (?P<start>\d{1,2}:\d{2})(?:\s*(?P<sm>[ap])\.m\.)?\s*[–-]\s*"
    r"(?P<end>\d{1,2}:\d{2})\s*(?P<em>[ap])\.m\. \| (?P<room>[^|]+?) \| (?P<format>[^|]+?)$"
)
# "Tue 20 Oct, 16:20–16:30, LL20AB" or "..., Community Expo (Birds of a Feather)" (research)
_RESEARCH_TIME = re.compile(
    r"^(?P<weekday>Mon|Tue|Wed|Thu|Fri|Sat|Sun) (?P<day>\d{1,2}) Oct, "
    r"(?P<start>\d{1,2}:\d{2})[–-](?P<end>\d{1,2}:\d{2}), (?P<room>[^()]+?)"
    r"(?: \((?P<format>[^()]+)\))?$"
)
# "October 20, 09:40am | Grand Ballroom", "October 21, 09:10 | Grand Ballroom" (agentic)
_START_TIME = re.compile(
    r"^October (?P<day>\d{1,2}),\s*(?P<hour>\d{1,2}):(?P<minute>\d{2})\s*(?P<mer>am|pm)?"
    r"\s*\|\s*(?P<room>[^|]+?)$"
)
_BOLD = re.compile(r"^\*\*(?P<text>.+?)\s*\*\*$")
_BOLD_THEN_TEXT = re.compile(r"^\*\*(?P<bold>[^*]+?)\s*\*\*\s+(?P<rest>[^*\s].*)$")
_FORMAT_SUFFIX = re.compile(r"^(?P<title>.+?)\s*\((?P<format>[^()]+)\)$")


def _clock(text: str, default_meridiem: str | None) -> time:
    """Turn "9:35", "11:45 AM" or "12:10 PM" into a time (12-hour clock)."""
    match = re.fullmatch(_CLOCK, text.strip())
    if match is None:
        raise SourceFormatError(f"not a 12-hour time: {text!r}")
    hour, minute = int(match[1]), int(match[2])
    meridiem = match[3] or default_meridiem
    if meridiem is None or not 1 <= hour <= 12 or minute > 59:
        raise SourceFormatError(f"not a 12-hour time: {text!r}")
    hour %= 12
    if meridiem == "PM":
        hour += 12
    return time(hour, minute)


def _clock24(text: str) -> time:
    """Turn "16:20" into a time (24-hour clock)."""
    hour, _, minute = text.partition(":")
    if not (hour.isdigit() and minute.isdigit()) or int(hour) > 23 or int(minute) > 59:
        raise SourceFormatError(f"not a 24-hour time: {text!r}")
    return time(int(hour), int(minute))


def _day(day_of_month: str) -> date:
    """An October day of the conference; anything else is a source error."""
    day = date(YEAR, MONTH, int(day_of_month))
    if day not in CONFERENCE_DAYS:
        raise SourceFormatError(f"October {day_of_month} is not a conference day")
    return day


def _range(day: date, start: time, end: time, text: str) -> tuple[datetime, datetime]:
    first = datetime.combine(day, start, tzinfo=ZONE)
    last = datetime.combine(day, end, tzinfo=ZONE)
    if last <= first:
        raise SourceFormatError(f"time ends before it starts: {text!r}")
    return first, last


def parse_time_range(text: str, day: date | None) -> tuple[datetime, datetime, str]:
    """Parse a time line of seed 001 into (start, end, room name).

    The AM/PM of the end applies to the start too unless the start has its
    own ("11:45 AM–12:10 PM"); "12:20–12:45 PM" is 12:20 PM.  A date on the
    line ("10/20/2026, ...") wins over the section's day.
    """
    match = _TIME_LINE.match(text)
    if match is None:
        raise SourceFormatError(f"not a time line: {text!r}")
    if match["date"]:
        month, dom, year = (int(part) for part in match["date"].split("/"))
        day = date(year, month, dom)
    if day is None:
        raise SourceFormatError(f"no day for time line {text!r}")
    end_time = _clock(match["end"], None)
    end_meridiem = "PM" if end_time.hour >= 12 else "AM"
    start_time = _clock(match["start"], end_meridiem)
    start, end = _range(day, start_time, end_time, text)
    return start, end, match["room"]


def parse_format_time(text: str) -> tuple[datetime, datetime, str, str]:
    """Parse a time line of the core and vLLM posts into (start, end, room, format).

    "October 20, 11:45 a.m.–12:10 p.m. | LL20AB | Breakout Session": 12-hour
    clock, the end's a.m./p.m. applies to the start unless the start has its
    own.
    """
    match = _FORMAT_TIME.match(text)
    if match is None:
        raise SourceFormatError(f"not a time line: {text!r}")
    end_meridiem = "AM" if match["em"] == "a" else "PM"
    start_meridiem = end_meridiem if match["sm"] is None else ("AM" if match["sm"] == "a" else "PM")
    end_time = _clock(f"{match['end']} {end_meridiem}", None)
    start_time = _clock(f"{match['start']} {start_meridiem}", None)
    start, end = _range(_day(match["day"]), start_time, end_time, text)
    return start, end, match["room"], match["format"]


def parse_research_time(text: str) -> tuple[datetime, datetime, str, str | None]:
    """Parse a time line of the research post into (start, end, room, format or None).

    "Tue 20 Oct, 16:20–16:30, LL20AB" (24-hour clock); a parenthesised
    format may follow the room.  The weekday must agree with the date.
    """
    match = _RESEARCH_TIME.match(text)
    if match is None:
        raise SourceFormatError(f"not a time line: {text!r}")
    day = _day(match["day"])
    if day.strftime("%a") != match["weekday"]:
        raise SourceFormatError(f"weekday does not match the date: {text!r}")
    start, end = _range(day, _clock24(match["start"]), _clock24(match["end"]), text)
    return start, end, match["room"], match["format"]


def parse_start_time(text: str) -> tuple[datetime, str]:
    """Parse a time line of the agentic post into (start, room); the post gives no end.

    Emphasis stars and a trailing full stop are ignored ("October 20,* 11:45 |
    210BF*", "*October 20, 17:30 | 210BF*.").  With "am"/"pm" the clock is
    12-hour ("09:40am"), otherwise 24-hour ("16:20", "09:10").
    """
    cleaned = text.replace("*", "").strip().rstrip(".").strip()
    match = _START_TIME.match(cleaned)
    if match is None:
        raise SourceFormatError(f"not a start-time line: {text!r}")
    clock = f"{match['hour']}:{match['minute']}"
    start_time = _clock(f"{clock} {match['mer'].upper()}", None) if match["mer"] else _clock24(clock)
    return datetime.combine(_day(match["day"]), start_time, tzinfo=ZONE), match["room"]


def parse_speakers(text: str) -> tuple[SpeakerRef, ...]:
    """Parse a speakers line of the hardware post (and of the agentic post).

    Two forms occur.  When any item carries a parenthesised organisation
    ("Elias Ellison (Meta), Daniel Galvez (NVIDIA)") every item is
    "Name (Organisation)".  Otherwise the line is "Name, Name, Organisation":
    the last comma-separated item is the organisation shared by all the names
    before it (the post always ends such a line with the organisation, also for
    one speaker: "Maen Suleiman, Amazon Web Services").
    """
    items = [item.strip() for item in text.split(",")]
    if any(not item for item in items):
        raise SourceFormatError(f"empty item in speakers line {text!r}")
    if any("(" in item or ")" in item for item in items):
        refs = []
        for item in items:
            match = _PERSON_ORG.match(item)
            if match is None:
                raise SourceFormatError(f"mixed speaker forms in {text!r}")
            refs.append(SpeakerRef(match["name"].strip(), match["org"].strip()))
        return tuple(refs)
    if len(items) < 2:
        raise SourceFormatError(f"speakers line without an organisation: {text!r}")
    *names, organisation = items
    return tuple(SpeakerRef(name, organisation) for name in names)


def parse_semicolon_speakers(text: str) -> tuple[SpeakerRef, ...]:
    """Parse a speakers line of the core and vLLM posts.

    "Jiahao Chen, Huawei; Jiahao Tan, Huawei": people are separated by ";",
    each is "Name, Organisation" split at the first comma (so "Kuntai Du,
    Tensormesh, Inc." keeps "Tensormesh, Inc.").
    """
    refs = []
    for item in text.split(";"):
        name, comma, organisation = item.strip().partition(",")
        if not comma or not name.strip() or not organisation.strip():
            raise SourceFormatError(f"not 'Name, Organisation': {item!r} in {text!r}")
        refs.append(SpeakerRef(name.strip(), organisation.strip()))
    return tuple(refs)


def _split_outside_parentheses(text: str, separators: str) -> list[str]:
    items: list[str] = []
    current: list[str] = []
    depth = 0
    for char in text:
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        if depth == 0 and char in separators:
            items.append("".join(current).strip())
            current = []
        else:
            current.append(char)
    items.append("".join(current).strip())
    return items


def parse_grouped_speakers(text: str) -> tuple[SpeakerRef, ...]:
    """Parse a speakers line of the research post.

    People are separated by "," or ";"; an organisation in parentheses closes
    a group and applies to every name since the previous one: "Sam Foreman
    (Argonne National Laboratory), Panagiotis Kourdis, Tanima Dey (Intel)",
    "Olivier Tardieu; Matthew Arnold (IBM)".  A trailing name without an
    organisation is an error.
    """
    refs: list[SpeakerRef] = []
    pending: list[str] = []
    for item in _split_outside_parentheses(text, ",;"):
        if not item:
            raise SourceFormatError(f"empty item in speakers line {text!r}")
        match = _PERSON_ORG.match(item)
        if match is None:
            if "(" in item or ")" in item:
                raise SourceFormatError(f"unbalanced parentheses in {text!r}")
            pending.append(item)
            continue
        organisation = match["org"].strip()
        refs.extend(SpeakerRef(name, organisation) for name in pending)
        refs.append(SpeakerRef(match["name"].strip(), organisation))
        pending = []
    if pending:
        raise SourceFormatError(f"speakers without an organisation at the end of {text!r}")
    return tuple(refs)


def classify(title: str, in_keynotes: bool, format_label: str | None) -> tuple[str, str, str | None, int]:
    """Return (clean title, kind, kind_label, kind_rank); see :class:`Record`."""
    prefix_kind: str | None = None
    prefix_label: str | None = None
    for prefix, kind, label in KIND_PREFIXES:
        if title.startswith(prefix):
            title, prefix_kind, prefix_label = title[len(prefix) :].strip(), kind, label
            break
    suffix = _FORMAT_SUFFIX.match(title)
    if suffix is not None and suffix["format"] in FORMAT_KINDS:
        if format_label is not None and format_label != suffix["format"]:
            raise SourceFormatError(f"two formats for {title!r}")
        title, format_label = suffix["title"], suffix["format"]
    if format_label is not None:
        if format_label not in FORMAT_KINDS:
            raise SourceFormatError(f"unknown format {format_label!r}; known: {', '.join(FORMAT_KINDS)}")
        kind = FORMAT_KINDS[format_label]
        if prefix_kind in ("sponsored-talk", "sponsored-keynote"):
            kind = "sponsored-keynote" if kind == "keynote" else "sponsored-talk"
        return title, kind, format_label, RANK_FORMAT
    if prefix_kind is not None:
        return title, prefix_kind, prefix_label, RANK_PREFIX
    if in_keynotes:
        return title, "keynote", None, RANK_HEADING
    return title, "talk", None, RANK_DEFAULT


# --------------------------------------------------------------------------
# Source parsers: one per document, each returns a list of Records
# --------------------------------------------------------------------------


def _numbered_lines(path: Path) -> list[tuple[int, str]]:
    """The non-blank lines of ``path`` as (line number, stripped text).

    A line holding two bold runs back to back ("**Angel Li, Meta****October
    21, ...**") is two lines; so is a bold title followed by plain text on the
    same line ("**Title** Name (Org), ...").
    """
    result: list[tuple[int, str]] = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        parts = line.replace("****", "**\n**").split("\n")
        for part in parts:
            glued = _BOLD_THEN_TEXT.match(part)
            if glued is not None:
                result.extend([(number, f"**{glued['bold']}**"), (number, glued["rest"].strip())])
            else:
                result.append((number, part.strip()))
    return result


def _bold(line: str) -> str | None:
    match = _BOLD.match(line)
    return None if match is None else match["text"].strip()


def _area(
    path: Path,
    lines: list[tuple[int, str]],
    first: Callable[[str], bool],
    last: Callable[[str], bool],
    *,
    after: Callable[[str], bool] | None = None,
) -> list[tuple[int, str]]:
    """The lines from the first one matching ``first`` (included) to the next matching ``last``.

    With ``after``, the search for ``first`` starts behind the first line
    matching ``after``.
    """
    begin = 0
    if after is not None:
        found = next((i for i, (_, line) in enumerate(lines) if after(line)), None)
        if found is None:
            raise SourceFormatError(f"{path}: start of the schedule not found")
        begin = found + 1
    start = next((i for i in range(begin, len(lines)) if first(lines[i][1])), None)
    if start is None:
        raise SourceFormatError(f"{path}: start of the schedule not found")
    end = next((i for i in range(start + 1, len(lines)) if last(lines[i][1])), None)
    if end is None:
        raise SourceFormatError(f"{path}: end of the schedule not found")
    return lines[start:end]


def _is_register(line: str) -> bool:
    return line.startswith("[Register")


def _is_explore(line: str) -> bool:
    return fold(_bold(line) or "") == "explore the full program"


def parse_seed_001(sources: Path) -> list[Record]:
    """Parse the hardware-acceleration blog post (seed 001).

    The schedule runs from the "Keynotes" heading to "Explore the full
    program".  Section headings are "Keynotes" and "<Track>: Day One|Two";
    under each, every session is four lines: title, speakers, time, summary.
    """
    path = sources / SEED_001["file"]
    lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    try:
        first = lines.index("Keynotes")
        last = lines.index("Explore the full program", first)
    except ValueError as error:
        raise SourceFormatError(f"{path}: schedule boundaries not found") from error
    numbered = [(number, line) for number, line in enumerate(lines, start=1) if first <= number - 1 < last and line]
    return _parse_hardware_blocks(path, "seed-001", numbered, heading=lambda line: line)


def parse_post_hardware_md(sources: Path) -> list[Record]:
    """Parse the markdown form of the hardware post (extra/, same post as seed 001).

    Headings are "## Keynotes" and "## <Track>: Day One|Two"; each session is
    a bold title, a bold speakers line, a plain time line and a summary, as
    in seed 001.  The schedule ends at "**Explore the full program**".
    """
    doc = SOURCE_BY_ID["post-hardware-md"]
    path = sources / doc.file
    area = _area(path, _numbered_lines(path), lambda line: line == "## Keynotes", _is_explore)

    def heading(line: str) -> str | None:
        return line[3:].strip() if line.startswith("## ") else None

    return _parse_hardware_blocks(path, doc.id, area, heading=heading, bold=True)


def _parse_hardware_blocks(
    path: Path, source: str, lines: list[tuple[int, str]], heading: Callable[[str], str | None], bold: bool = False
) -> list[Record]:
    """Sessions of the hardware post, in either of its two forms."""
    records: list[Record] = []
    track: str | None = None
    day: date | None = None
    in_keynotes = False
    index = 0
    while index < len(lines):
        number, line = lines[index]
        name = heading(line)
        if name is not None and (name in KEYNOTE_HEADINGS or _SECTION.match(name)):
            section = _SECTION.match(name)
            if section is None:
                # "Keynotes" names a kind of session, not a track; the day is
                # on each time line.
                track, day, in_keynotes = None, None, True
            else:
                track, day, in_keynotes = section["track"], DAYS[section["day"]], False
            index += 1
            continue
        block = [text for _, text in lines[index : index + 4]]
        if len(block) < 4:
            raise SourceFormatError(f"{path}:{number}: incomplete session block")
        raw_title, speakers_line, time_line, summary = block
        if bold:
            bold_title, bold_speakers = _bold(raw_title), _bold(speakers_line)
            if bold_title is None or bold_speakers is None:
                raise SourceFormatError(f"{path}:{number}: title and speakers must be bold")
            raw_title, speakers_line = bold_title, bold_speakers
        try:
            start, end, room = parse_time_range(time_line, day)
            speakers = parse_speakers(speakers_line)
        except SourceFormatError as error:
            raise SourceFormatError(f"{path}:{lines[index + 2][0]}: {error}") from error
        title, kind, kind_label, rank = classify(raw_title, in_keynotes, None)
        records.append(
            Record(
                source=source,
                title=title,
                kind=kind,
                kind_label=kind_label,
                speakers=speakers,
                start=start,
                end=end,
                room=room,
                track=track,
                abstract=summary,
                position=number,
                kind_rank=rank,
            )
        )
        index += 4
    return records


def _parse_format_post(sources: Path, source: str) -> list[Record]:
    """Sessions of the core and vLLM posts (one layout).

    Between the "[Register ..." link and "**Explore the Full Program**", a
    session is a bold title, a bold "Name, Organisation; ..." line and a bold
    "October 20, 11:10–11:35 a.m. | Room | Format" line, then its summary
    paragraphs (joined with a blank line).  Any other bold line, or a "### "
    line, is a section heading.
    """
    doc = SOURCE_BY_ID[source]
    path = sources / doc.file
    lines = _area(path, _numbered_lines(path), lambda line: not _is_register(line), _is_explore, after=_is_register)
    records: list[Record] = []
    track: str | None = None
    index = 0
    while index < len(lines):
        number, line = lines[index]
        following = [text for _, text in lines[index + 1 : index + 3]]
        title = _bold(line)
        if (
            title is not None
            and len(following) == 2
            and _bold(following[0]) is not None
            and _FORMAT_TIME.match(_bold(following[1]) or "")
        ):
            try:
                speakers = parse_semicolon_speakers(_bold(following[0]) or "")
                start, end, room, format_label = parse_format_time(_bold(following[1]) or "")
            except SourceFormatError as error:
                raise SourceFormatError(f"{path}:{number}: {error}") from error
            index += 3
            paragraphs = []
            while index < len(lines) and _bold(lines[index][1]) is None and not lines[index][1].startswith("#"):
                paragraphs.append(lines[index][1])
                index += 1
            if not paragraphs:
                raise SourceFormatError(f"{path}:{number}: session without a summary")
            clean, kind, kind_label, rank = classify(title, False, format_label)
            records.append(
                Record(
                    source=source,
                    title=clean,
                    kind=kind,
                    kind_label=kind_label,
                    speakers=speakers,
                    start=start,
                    end=end,
                    room=room,
                    track=track,
                    abstract="\n\n".join(paragraphs),
                    position=number,
                    kind_rank=rank,
                )
            )
            continue
        if title is not None or line.startswith("### "):
            track = title if title is not None else line[4:].strip()
            index += 1
            continue
        raise SourceFormatError(f"{path}:{number}: unexpected line {line!r}")
    return records


def parse_post_core(sources: Path) -> list[Record]:
    """Parse the core PyTorch post (extra/); layout as in :func:`_parse_format_post`."""
    return _parse_format_post(sources, "post-core")


def parse_post_vllm(sources: Path) -> list[Record]:
    """Parse the vLLM post (extra/); layout as in :func:`_parse_format_post`."""
    return _parse_format_post(sources, "post-vllm")


def parse_post_research(sources: Path) -> list[Record]:
    """Parse the open research, tooling & optimization post (extra/).

    The schedule runs from the first "## " heading after the "[Register ..."
    link to "## Conclusion".  A session is a bold title, a plain speakers line
    (see :func:`parse_grouped_speakers`; once glued to the title on the same
    line), a "Tue 20 Oct, 16:20–16:30, LL20AB" line and a one-paragraph
    summary.  Between sessions, a heading ("## Name" or a plain line) is
    followed by exactly one description paragraph.
    """
    doc = SOURCE_BY_ID["post-research"]
    path = sources / doc.file
    lines = _area(
        path,
        _numbered_lines(path),
        lambda line: line.startswith("## "),
        lambda line: line == "## Conclusion",
        after=_is_register,
    )
    records: list[Record] = []
    track: str | None = None
    index = 0
    while index < len(lines):
        number, line = lines[index]
        title = _bold(line)
        if title is not None and index + 3 < len(lines) and _RESEARCH_TIME.match(lines[index + 2][1]):
            speakers_line, time_line, summary = (text for _, text in lines[index + 1 : index + 4])
            if _bold(summary) is not None or _RESEARCH_TIME.match(summary):
                raise SourceFormatError(f"{path}:{number}: session without a summary")
            try:
                speakers = parse_grouped_speakers(speakers_line)
                start, end, room, format_label = parse_research_time(time_line)
            except SourceFormatError as error:
                raise SourceFormatError(f"{path}:{number}: {error}") from error
            clean, kind, kind_label, rank = classify(title, False, format_label)
            records.append(
                Record(
                    source=doc.id,
                    title=clean,
                    kind=kind,
                    kind_label=kind_label,
                    speakers=speakers,
                    start=start,
                    end=end,
                    room=room,
                    track=track,
                    abstract=summary,
                    position=number,
                    kind_rank=rank,
                )
            )
            index += 4
            continue
        if title is None:
            # A heading and its one-paragraph description.
            description = lines[index + 1][1] if index + 1 < len(lines) else ""
            if (
                not description
                or _bold(description) is not None
                or (index + 2 < len(lines) and _bold(lines[index + 2][1]) is None)
            ):
                raise SourceFormatError(f"{path}:{number}: heading {line!r} without one description")
            track = line[3:].strip() if line.startswith("## ") else line
            index += 2
            continue
        raise SourceFormatError(f"{path}:{number}: unexpected line {line!r}")
    return records


def parse_post_agentic(sources: Path) -> list[Record]:
    """Parse the agentic AI & next-gen intelligence post (extra/).

    Between the "[Register ..." link and "**Explore the full program**", a
    session is a bold title, a bold speakers line (as in the hardware post,
    see :func:`parse_speakers`), a start-time line (see
    :func:`parse_start_time`: no end is given) and its summary paragraphs.
    Any other bold line is a section heading followed by a description.
    The heading "It starts on the keynote stage" marks keynotes.
    """
    doc = SOURCE_BY_ID["post-agentic"]
    path = sources / doc.file
    lines = _area(path, _numbered_lines(path), lambda line: not _is_register(line), _is_explore, after=_is_register)
    records: list[Record] = []
    track: str | None = None
    in_keynotes = False
    index = 0
    while index < len(lines):
        number, line = lines[index]
        title = _bold(line)
        following = [text for _, text in lines[index + 1 : index + 3]]
        if title is None:
            raise SourceFormatError(f"{path}:{number}: unexpected line {line!r}")
        if (
            len(following) == 2
            and _bold(following[0]) is not None
            and _START_TIME.match(following[1].replace("*", "").strip().rstrip(".").strip())
        ):
            try:
                speakers = parse_speakers(_bold(following[0]) or "")
                start, room = parse_start_time(following[1])
            except SourceFormatError as error:
                raise SourceFormatError(f"{path}:{number}: {error}") from error
            index += 3
            paragraphs = []
            while index < len(lines) and _bold(lines[index][1]) is None:
                paragraphs.append(lines[index][1])
                index += 1
            if not paragraphs:
                raise SourceFormatError(f"{path}:{number}: session without a summary")
            clean, kind, kind_label, rank = classify(title, in_keynotes, None)
            records.append(
                Record(
                    source=doc.id,
                    title=clean,
                    kind=kind,
                    kind_label=kind_label,
                    speakers=speakers,
                    start=start,
                    end=None,
                    room=room,
                    track=track,
                    abstract="\n\n".join(paragraphs),
                    position=number,
                    kind_rank=rank,
                )
            )
            continue
        # A section heading; its description paragraphs are not kept.
        in_keynotes = title in KEYNOTE_HEADINGS
        track = None if in_keynotes else title
        index += 1
        while index < len(lines) and _bold(lines[index][1]) is None:
            index += 1
    return records


PARSERS: tuple[tuple[str, Callable[[Path], list[Record]]], ...] = (
    ("seed-001", parse_seed_001),
    ("post-hardware-md", parse_post_hardware_md),
    ("post-core", parse_post_core),
    ("post-vllm", parse_post_vllm),
    ("post-research", parse_post_research),
    ("post-agentic", parse_post_agentic),
)


def parse_all(sources: Path) -> list[Record]:
    """Every record of every source, in source order."""
    return [record for _, parser in PARSERS for record in parser(sources)]


def source_entry(sources: Path, doc: SourceDoc) -> dict[str, Any]:
    """The source entry of a document, its address read from line 1 of ``url_file``."""
    url = None
    url_path = sources / doc.url_file
    if url_path.exists():
        first_line = url_path.read_text(encoding="utf-8").splitlines()[0].strip()
        if first_line.startswith("https://"):
            url = first_line
    return {"id": doc.id, "title": doc.title, "url": url, "file": doc.file}


# --------------------------------------------------------------------------
# Matching
# --------------------------------------------------------------------------

_QUOTES = re.compile(r"[’‘'\"“”`]")
_NON_WORD = re.compile(r"[^0-9a-z]+")


def title_key(title: str) -> str:
    """The form in which two titles are the same title.

    Accents, case, quotes and apostrophes ("Developer’s" = "Developers"),
    "&" versus "and", dashes, colons and other punctuation, and white space
    are ignored: "Fighting Agents with Agents — Bringing Claude ..." and
    "Fighting Agents with Agents: Bringing Claude ..." have one key.
    """
    text = unicodedata.normalize("NFKD", title)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    text = _QUOTES.sub("", text).replace("&", " and ")
    return _NON_WORD.sub(" ", text).strip()


def speaker_id(name: str) -> str:
    """The id of a speaker named ``name`` (after the ``SPEAKER_NAMES`` spellings)."""
    return slugify(SPEAKER_NAMES.get(name, name))


def organisation_key(organisation: str) -> str:
    """The form in which two organisation wordings name the same organisation.

    A trailing legal suffix ("Inc.", ", Inc.", "LLC", "Corporation", ...) is
    removed, then a legal name of ``ORGANISATION_LEGAL_NAMES`` becomes the
    usual name; case and white space are ignored.  "Meta Inc.", "Meta
    Platforms" and "Meta" have one key; "IBM" and "IBM Research" do not.
    """
    name = " ".join(organisation.split())
    while (stripped := _LEGAL_SUFFIX.sub("", name)) != name:
        name = stripped
    name = ORGANISATION_LEGAL_NAMES.get(name, name)
    return name.casefold()


def title_shortens(title: str, shown: str) -> bool:
    """Whether ``title`` is ``shown`` re-punctuated or cut short at a word boundary.

    Compared by :func:`title_key`: "When Rollout and Training Disagree" shortens
    "When Rollout and Training Disagree: Lessons from ..."; "Cloud TPU Agent
    Suite: ..." does not shorten "Cloud TPU Nexus: ...".  Such a title is only
    another wording (kept in ``title_variants``), not a conflict.
    """
    short, full = title_key(title), title_key(shown)
    return short == full or full.startswith(short + " ")


@dataclass
class _Group:
    records: list[Record] = field(default_factory=list)
    keys: set[str] = field(default_factory=set)

    def sources(self) -> set[str]:
        return {record.source for record in self.records}

    def speaker_ids(self) -> set[str]:
        return {speaker_id(ref.name) for record in self.records for ref in record.speakers}


def group_records(records: Iterable[Record]) -> list[list[Record]]:
    """Group the records that describe one session, in source order.

    A record joins the session whose title has the same :func:`title_key`;
    it must then share at least one speaker with it, and no source may list
    one session twice.  Otherwise it joins a session of other sources with
    the same start instant and room and a shared speaker only if the pair is
    in ``TITLE_MATCHES``; an unlisted candidate, or a listed pair that does
    not occur, raises :class:`SourceFormatError`.  So does a session of one
    of the ``TWINS`` (two texts of one post) that the other lacks.
    """
    ordered = sorted(records, key=lambda r: (SOURCE_RANK.get(r.source, len(SOURCES)), r.position))
    groups: list[_Group] = []
    used: set[tuple[str, str]] = set()
    for record in ordered:
        key = title_key(record.title)
        ids = {speaker_id(ref.name) for ref in record.speakers}
        same_title = [group for group in groups if key in group.keys]
        if same_title:
            group = same_title[0]
            if record.source in group.sources():
                raise SourceFormatError(f"{record.source} lists {record.title!r} twice")
            if not ids & group.speaker_ids():
                raise SourceFormatError(
                    f"{record.source}:{record.position}: {record.title!r} shares its title but "
                    "no speaker with an earlier session"
                )
            group.records.append(record)
            continue
        candidates = [
            group
            for group in groups
            if record.source not in group.sources()
            and record.start is not None
            and record.start == group.records[0].start
            and record.room == group.records[0].room
            and ids & group.speaker_ids()
        ]
        pair = (record.source, record.title)
        if candidates:
            if len(candidates) > 1:
                raise SourceFormatError(f"{pair}: more than one candidate session")
            shown = candidates[0].records[0].title
            if TITLE_MATCHES.get(pair) != shown:
                raise SourceFormatError(
                    f"{pair} has the slot, room and a speaker of {shown!r}; review the pair and add it to TITLE_MATCHES"
                )
            used.add(pair)
            candidates[0].records.append(record)
            candidates[0].keys.add(key)
            continue
        groups.append(_Group([record], {key}))
    present = {record.source for record in ordered}
    unused = sorted(pair for pair in set(TITLE_MATCHES) - used if pair[0] in present)
    if unused:
        raise SourceFormatError(f"TITLE_MATCHES entries that match nothing: {unused}")
    for twin, original in TWINS.items():
        if {twin, original} <= present:
            lonely = [group.records[0].title for group in groups if len({twin, original} & group.sources()) == 1]
            if lonely:
                raise SourceFormatError(
                    f"{twin} is the same post as {original}, but these sessions are in only one of them: {lonely}"
                )
    return [group.records for group in groups]


# --------------------------------------------------------------------------
# Merge and emit
# --------------------------------------------------------------------------


def _iso(value: datetime | None) -> str | None:
    return None if value is None else f"{value.isoformat()}[{TIMEZONE}]"


def _conflict(field_name: str, values: list[tuple[Any, list[str]]], rule: str) -> dict[str, Any]:
    return {"field": field_name, "values": [{"value": value, "sources": srcs} for value, srcs in values], "rule": rule}


def _collect(
    pairs: Iterable[tuple[str | None, str]], shown: str | None, key: Callable[[str], str] = lambda value: value
) -> list[tuple[Any, list[str]]]:
    """Distinct values (by ``key``) with their sources: the shown value first, then source order.

    None values are skipped: a source that does not state a field does not
    disagree about it.
    """
    found: dict[str, tuple[str, list[str]]] = {}
    for value, source in pairs:
        if value is None:
            continue
        entry = found.setdefault(key(value), (value, []))
        if source not in entry[1]:
            entry[1].append(source)
    values = list(found.values())
    if shown is not None:
        values.sort(key=lambda item: key(item[0]) != key(shown))
    return [(value, srcs) for value, srcs in values]


def _speaker_names(record: Record) -> str:
    return ", ".join(SPEAKER_NAMES.get(ref.name, ref.name) for ref in record.speakers)


def merge_session(group: list[Record], taken: set[str]) -> dict[str, Any]:
    """One session of the JSON form from its records (in source order); see :func:`merge`."""
    first = group[0]
    sid = session_id(first.title, taken)
    conflicts: list[dict[str, Any]] = []
    variants: list[dict[str, Any]] = []

    def disagreement(name: str, values: list[tuple[Any, list[str]]], rule: str) -> None:
        if len(values) > 1:
            conflicts.append(_conflict(name, values, rule))

    def wording(name: str, values: list[tuple[Any, list[str]]], rule: str) -> None:
        if len(values) > 1:
            variants.append(_conflict(name, values, rule))

    # Title: the first source's; a title that is not the shown one
    # re-punctuated or shortened (title_shortens()) is a conflict, any other
    # wording only a title variant.
    titles = _collect(((r.title, r.source) for r in group), first.title, key=title_key)
    disagreement(
        "title",
        titles[:1] + [(value, srcs) for value, srcs in titles[1:] if not title_shortens(value, first.title)],
        RULE_TITLE,
    )
    title_variants: list[str] = []
    for record in group:
        if record.title != first.title and record.title not in title_variants:
            title_variants.append(record.title)

    # Kind: stated most directly wins; among records that state one at all,
    # different kinds or different format words are conflicts.
    best = max(group, key=lambda r: r.kind_rank)  # max() keeps the first of equals
    stated = [r for r in group if r.kind_rank > RANK_DEFAULT]
    disagreement("kind", _collect(((r.kind, r.source) for r in stated), best.kind), RULE_KIND)
    # kind_label: the wording of the most direct statement that has one.
    labelled = sorted((r for r in group if r.kind_label is not None), key=lambda r: -r.kind_rank)
    kind_label = labelled[0].kind_label if labelled else None
    disagreement(
        "kind_label",
        _collect(((r.kind_label, r.source) for r in group if r.kind_rank == RANK_FORMAT), kind_label),
        RULE_KIND_LABEL,
    )

    # Times: the first record with a range (a start-only record never sets
    # the end) unless TIME_CHOICES names another source.
    timed = next((r for r in group if r.start is not None and r.end is not None), None)
    timed = timed or next((r for r in group if r.start is not None), first)
    time_rule = RULE_TIME
    if sid in TIME_CHOICES:
        chosen_source, time_rule = TIME_CHOICES[sid]
        timed = next(r for r in group if r.source == chosen_source)
    disagreement("start", _collect(((_iso(r.start), r.source) for r in group), _iso(timed.start)), time_rule)
    disagreement("end", _collect(((_iso(r.end), r.source) for r in group), _iso(timed.end)), time_rule)

    room = next((r.room for r in group if r.room is not None), None)
    disagreement("room", _collect(((r.room, r.source) for r in group), room), RULE_FIELD)
    # Each post files the session under its own theme heading and words its
    # own summary: other headings and summaries are variants, not conflicts.
    track = next((r.track for r in group if r.track is not None), None)
    wording("track", _collect(((r.track, r.source) for r in group), track), RULE_TRACK)
    abstract = next((r.abstract for r in group if r.abstract is not None), None)
    wording("abstract", _collect(((r.abstract, r.source) for r in group), abstract), RULE_ABSTRACT)
    disagreement(
        "speakers", _collect(((_speaker_names(r), r.source) for r in group), _speaker_names(first)), RULE_SPEAKERS
    )

    sources: list[str] = []
    for record in group:
        if record.source not in sources:
            sources.append(record.source)

    def given(name: str, value: Any, of: Callable[[Record], Any]) -> dict[str, Any] | None:
        """The provenance of a shown value: every record (in source order) that gives that value."""
        if value is None:
            return None
        return {"field": name, "sources": list(dict.fromkeys(r.source for r in group if of(r) == value)), "weak": None}

    kind = (
        {"field": "kind", "sources": list(dict.fromkeys(r.source for r in stated if r.kind == best.kind)), "weak": None}
        if stated
        else {"field": "kind", "sources": [], "weak": WEAK_DEFAULT_KIND.format(kind=best.kind)}
    )
    field_sources = [
        p
        for p in (
            given("start", _iso(timed.start), lambda r: _iso(r.start)),
            given("end", _iso(timed.end), lambda r: _iso(r.end)),
            given("room", room, lambda r: r.room),
            kind,
            given("track", track, lambda r: r.track),
            given("speakers", _speaker_names(first) if first.speakers else None, _speaker_names),
        )
        if p is not None
    ]
    return {
        "id": sid,
        "title": first.title,
        "kind": best.kind,
        "kind_label": kind_label,
        "start": _iso(timed.start),
        "end": _iso(timed.end),
        "room": None if room is None else slugify(room),
        "track": None if track is None else slugify(track),
        "speakers": [speaker_id(ref.name) for ref in first.speakers],
        "abstract": abstract,
        "audience_level": None,
        "language": None,
        "url": None,
        "slides": [],
        "sources": sources,
        "title_variants": title_variants,
        "variants": variants,
        "conflicts": conflicts,
        "field_sources": field_sources,
    }


def merge(
    records: list[Record],
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    """Turn parsed records into (sessions, speakers, rooms, tracks) of the JSON form.

    Records are grouped into sessions by :func:`group_records`.  Every field
    of a session shows the value of the first source in ``SOURCES`` order
    that states it (times: the first that gives a range; kind: the most
    direct statement; see the RULE_* texts and ``TIME_CHOICES``).  Every
    other value of a time, a title that is not a mere shortening
    (:func:`title_shortens`), a kind, room or speaker list goes into a
    conflict with its sources, the shown value first; the other posts'
    summaries and theme headings go into ``variants`` in the same form.
    A speaker is one record per :func:`speaker_id`; the organisation first
    seen in source order is kept; when the wordings name different
    organisations (:func:`organisation_key`) every wording is kept in a
    conflict on the speaker, while wordings that differ only in a legal
    suffix are not a conflict.
    """
    groups = group_records(records)
    speakers: dict[str, dict[str, Any]] = {}
    # organisation values per speaker id, in source order: value -> sources
    orgs: dict[str, dict[str, list[str]]] = {}
    ordered = [record for group in groups for record in group]
    ordered.sort(key=lambda r: (SOURCE_RANK.get(r.source, len(SOURCES)), r.position))
    for record in ordered:
        for ref in record.speakers:
            sid = speaker_id(ref.name)
            canonical = SPEAKER_NAMES.get(ref.name, ref.name)
            if sid not in speakers:
                speakers[sid] = {
                    "id": sid,
                    "name": canonical,
                    "aliases": [],
                    "job_title": None,
                    "organisation": ref.organisation,
                    "bio": None,
                    "conflicts": [],
                }
                orgs[sid] = {}
            if ref.name != speakers[sid]["name"] and ref.name not in speakers[sid]["aliases"]:
                speakers[sid]["aliases"].append(ref.name)
            if ref.organisation is not None:
                seen = orgs[sid].setdefault(ref.organisation, [])
                if record.source not in seen:
                    seen.append(record.source)

    rooms: dict[str, str] = {}
    tracks: dict[str, str] = {}
    sessions: list[dict[str, Any]] = []
    taken: set[str] = set()
    for group in groups:
        session = merge_session(group, taken)
        for record in group:
            if record.room is not None and slugify(record.room) == session["room"]:
                rooms.setdefault(session["room"], record.room)
            if record.track is not None and slugify(record.track) == session["track"]:
                tracks.setdefault(session["track"], record.track)
        sessions.append(session)

    for sid, seen_orgs in orgs.items():
        if speakers[sid]["organisation"] is None and seen_orgs:
            speakers[sid]["organisation"] = next(iter(seen_orgs))
        if len({organisation_key(org) for org in seen_orgs}) > 1:
            speakers[sid]["conflicts"].append(_conflict("organisation", list(seen_orgs.items()), RULE_ORGANISATION))

    def by_name(entry: dict[str, Any]) -> tuple[str, str]:
        return fold(entry["name"]), entry["id"]

    return (
        sessions,
        sorted(speakers.values(), key=by_name),
        sorted(({"id": rid, "name": name} for rid, name in rooms.items()), key=by_name),
        sorted(({"id": tid, "name": name} for tid, name in tracks.items()), key=by_name),
    )


COVERAGE: str = EDITORIAL["text"]["coverage"]


def build(sources: Path) -> dict[str, Any]:
    """Build the na2026 document from the source folder (holding seeds/ and extra/)."""
    records = parse_all(sources)
    sessions, speakers, rooms, tracks = merge(records)
    return finish(
        {
            "format": "pyconf-schedule",
            "version": 1,
            "conference": {
                "id": "na2026",
                "name": "PyTorch Conference North America 2026",
                "city": "San Jose",
                "country": None,
                "venue": None,
                "url": None,
                "timezone": TIMEZONE,
                "start_date": "2026-10-20",
                "end_date": "2026-10-21",
                "coverage": COVERAGE,
                "sources": [source_entry(sources, doc) for doc in SOURCES],
                "rooms": rooms,
                "tracks": tracks,
                "speakers": speakers,
                "sessions": sessions,
            },
        }
    )


def render(sources: Path) -> str:
    """The exact text of ``na2026.json`` as built from ``sources``."""
    return dump(build(sources))


if __name__ == "__main__":
    raise SystemExit(main("na2026", build))
