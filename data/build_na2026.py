"""Build the ``na2026`` dataset (PyTorch Conference North America 2026).

The only source so far is seed 001, the text of the pytorch.org blog post
"Your guide to hardware acceleration & compute infrastructure at PyTorch
Conference North America 2026".  The script is split so that more sources can
be added later:

* one ``parse_*`` function per source document returns a list of
  :class:`Record` (one parsed session, exactly as that source states it);
* :func:`merge` groups the records of all sources into sessions and speakers;
* :func:`build` emits the native JSON document (version 1).

Run ``python data/build_na2026.py`` to rewrite
``src/pyconf_schedule/datasets/na2026.json`` or add ``--check`` to compare.
The editorial decisions are listed in ``data/na2026-notes.md``.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from datetime import date, datetime, time
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent))  # when loaded by importlib

from _build_common import dump, fold, main, slugify  # noqa: E402

TIMEZONE = "America/Los_Angeles"
ZONE = ZoneInfo(TIMEZONE)
MAX_ID_WORDS = 8

SEED_001 = {
    "id": "seed-001",
    "title": (
        "Your guide to hardware acceleration & compute infrastructure at "
        "PyTorch Conference North America 2026"
    ),
    "file": "seeds/001_72cd2646a4cfd784.txt",
    # The markdown form of the same post names its address on line 1.
    "url_file": (
        "extra/pytorch.org_blog_your-guide-to-hardware-acceleration-compute-"
        "infrastructure-at-pytorch-conference-north-america-2026.txt"
    ),
}

# Section day names of seed 001 ("Sessions under 'Day One' are on 20 October").
DAYS = {"One": date(2026, 10, 20), "Two": date(2026, 10, 21)}

# Title prefixes that name the session kind: (prefix, kind, kind_label).
KIND_PREFIXES = (
    ("Sponsored Keynote: ", "sponsored-keynote", "Sponsored Keynote"),
    ("Sponsored: ", "sponsored-talk", "Sponsored"),
)


class SourceFormatError(ValueError):
    """A source document does not have the layout the parser expects."""


@dataclass(frozen=True)
class SpeakerRef:
    """A speaker as one session of one source names them."""

    name: str
    organisation: str | None


@dataclass(frozen=True)
class Record:
    """One session as one source states it (nothing merged or guessed)."""

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
    start = datetime.combine(day, start_time, tzinfo=ZONE)
    end = datetime.combine(day, end_time, tzinfo=ZONE)
    if end <= start:
        raise SourceFormatError(f"time line ends before it starts: {text!r}")
    return start, end, match["room"]


def parse_speakers(text: str) -> tuple[SpeakerRef, ...]:
    """Parse a speakers line of seed 001.

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


def split_kind(title: str, in_keynotes: bool) -> tuple[str, str, str | None]:
    """Return (title without kind prefix, kind, kind_label)."""
    for prefix, kind, label in KIND_PREFIXES:
        if title.startswith(prefix):
            return title[len(prefix):].strip(), kind, label
    return title, ("keynote" if in_keynotes else "talk"), None


# --------------------------------------------------------------------------
# Source parsers: one per document, each returns a list of Records
# --------------------------------------------------------------------------


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

    records: list[Record] = []
    track: str | None = None
    day: date | None = None
    in_keynotes = False
    index = first
    while index < last:
        line = lines[index]
        if not line:
            index += 1
            continue
        section = _SECTION.match(line)
        if line == "Keynotes":
            # "Keynotes" names a kind of session, not a track; the day is on
            # each time line.
            track, day, in_keynotes = None, None, True
            index += 1
            continue
        if section is not None:
            track, day, in_keynotes = section["track"], DAYS[section["day"]], False
            index += 1
            continue
        block = lines[index:index + 4]
        if len(block) < 4 or index + 4 > last:
            raise SourceFormatError(f"{path}:{index + 1}: incomplete session block")
        raw_title, speakers_line, time_line, summary = block
        try:
            start, end, room = parse_time_range(time_line, day)
            speakers = parse_speakers(speakers_line)
        except SourceFormatError as error:
            raise SourceFormatError(f"{path}:{index + 3}: {error}") from error
        title, kind, kind_label = split_kind(raw_title, in_keynotes)
        records.append(Record(
            source=SEED_001["id"], title=title, kind=kind, kind_label=kind_label,
            speakers=speakers, start=start, end=end, room=room, track=track,
            abstract=summary, position=index + 1,
        ))
        index += 4
    return records


def seed_001_source(sources: Path) -> dict[str, Any]:
    """The source entry of seed 001, its address read from the markdown copy."""
    url = None
    url_path = sources / SEED_001["url_file"]
    if url_path.exists():
        first_line = url_path.read_text(encoding="utf-8").splitlines()[0].strip()
        if first_line.startswith("https://"):
            url = first_line
    return {"id": SEED_001["id"], "title": SEED_001["title"], "url": url,
            "file": SEED_001["file"]}


# --------------------------------------------------------------------------
# Merge and emit
# --------------------------------------------------------------------------


def _iso(value: datetime | None) -> str | None:
    return None if value is None else f"{value.isoformat()}[{TIMEZONE}]"


def _session_id(title: str, taken: set[str]) -> str:
    """slugify(title) cut to at most MAX_ID_WORDS words; "-2", "-3" if taken."""
    base = "-".join(slugify(title).split("-")[:MAX_ID_WORDS])
    candidate, counter = base, 1
    while candidate in taken:
        counter += 1
        candidate = f"{base}-{counter}"
    taken.add(candidate)
    return candidate


def _conflict(field_name: str, values: list[tuple[Any, list[str]]], rule: str) -> dict[str, Any]:
    return {"field": field_name,
            "values": [{"value": value, "sources": srcs} for value, srcs in values],
            "rule": rule}


def merge(records: list[Record]) -> tuple[list[dict[str, Any]], list[dict[str, Any]],
                                          list[dict[str, Any]], list[dict[str, Any]]]:
    """Turn parsed records into (sessions, speakers, rooms, tracks) of the JSON form.

    Records with the same folded title are one session (with a single source
    every title is distinct).  The first record of a session supplies its
    values; a later record that disagrees adds a conflict.  A speaker is one
    record per slugified name; the organisation first seen is kept and a
    different one later becomes a conflict on the speaker.
    """
    groups: dict[str, list[Record]] = {}
    for record in records:
        groups.setdefault(fold(record.title), []).append(record)

    speakers: dict[str, dict[str, Any]] = {}
    # organisation values per speaker id, in order of appearance: value -> sources
    orgs: dict[str, dict[str | None, list[str]]] = {}
    rooms: dict[str, str] = {}
    tracks: dict[str, str] = {}
    sessions: list[dict[str, Any]] = []
    taken: set[str] = set()

    for group in groups.values():
        first = group[0]
        speaker_ids: list[str] = []
        for ref in first.speakers:
            sid = slugify(ref.name)
            if sid not in speakers:
                speakers[sid] = {"id": sid, "name": ref.name, "aliases": [],
                                 "job_title": None, "organisation": ref.organisation,
                                 "bio": None, "conflicts": []}
                orgs[sid] = {}
            elif speakers[sid]["name"] != ref.name and ref.name not in speakers[sid]["aliases"]:
                speakers[sid]["aliases"].append(ref.name)
            seen = orgs[sid].setdefault(ref.organisation, [])
            if first.source not in seen:
                seen.append(first.source)
            speaker_ids.append(sid)
        if first.room is not None:
            rooms.setdefault(slugify(first.room), first.room)
        if first.track is not None:
            tracks.setdefault(slugify(first.track), first.track)

        conflicts: list[dict[str, Any]] = []
        title_variants: list[str] = []
        for other in group[1:]:
            if other.title != first.title and other.title not in title_variants:
                title_variants.append(other.title)
            for name in ("start", "end", "room", "track", "kind"):
                mine, theirs = getattr(first, name), getattr(other, name)
                if theirs is not None and mine != theirs:
                    values = [(_iso(mine) if isinstance(mine, datetime) else mine, [first.source]),
                              (_iso(theirs) if isinstance(theirs, datetime) else theirs,
                               [other.source])]
                    conflicts.append(_conflict(name, values, "first source kept"))
        session_sources: list[str] = []
        for record in group:
            if record.source not in session_sources:
                session_sources.append(record.source)

        sessions.append({
            "id": _session_id(first.title, taken),
            "title": first.title,
            "kind": first.kind,
            "kind_label": first.kind_label,
            "start": _iso(first.start),
            "end": _iso(first.end),
            "room": None if first.room is None else slugify(first.room),
            "track": None if first.track is None else slugify(first.track),
            "speakers": speaker_ids,
            "abstract": first.abstract,
            "audience_level": None,
            "language": None,
            "url": None,
            "slides": [],
            "sources": session_sources,
            "title_variants": title_variants,
            "conflicts": conflicts,
        })

    # Organisation conflicts: a speaker named with different organisations.
    for sid, seen_orgs in orgs.items():
        if len(seen_orgs) > 1:
            speakers[sid]["conflicts"].append(_conflict(
                "organisation", list(seen_orgs.items()),
                "first organisation in source order kept"))

    def by_name(entry: dict[str, Any]) -> tuple[str, str]:
        return fold(entry["name"]), entry["id"]

    return (
        sessions,
        sorted(speakers.values(), key=by_name),
        sorted(({"id": rid, "name": name} for rid, name in rooms.items()), key=by_name),
        sorted(({"id": tid, "name": name} for tid, name in tracks.items()), key=by_name),
    )


def build(sources: Path) -> dict[str, Any]:
    """Build the na2026 document from the source folder (holding seeds/ and extra/)."""
    records = parse_seed_001(sources)
    sessions, speakers, rooms, tracks = merge(records)
    return {
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
            "coverage": (
                "Only the sessions listed in the pytorch.org blog post on hardware "
                "acceleration & compute infrastructure (seed 001), not the whole programme."
            ),
            "sources": [seed_001_source(sources)],
            "rooms": rooms,
            "tracks": tracks,
            "speakers": speakers,
            "sessions": sessions,
        },
    }


def render(sources: Path) -> str:
    """The exact text of ``na2026.json`` as built from ``sources``."""
    return dump(build(sources))


if __name__ == "__main__":
    raise SystemExit(main("na2026", build))
