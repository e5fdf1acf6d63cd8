"""Build the ``eu2026`` dataset (PyTorch Conference Europe 2026, Paris).

Sources (see ``data/README.md`` for every editorial decision):

* ``seeds/002_24309f03ac9adb7d.txt``: text of the Sched "Full Schedule" page;
* ``seeds/000_bdef378e1ed20df2.txt``: text of one more Sched session page
  (abstract and one speaker bio only).

The script parses the page text; the few editorial decisions the text cannot
settle are the small tables below.  Any structure it does not recognise makes
the build fail rather than guess.

    python data/build_eu2026.py            # rewrite the shipped dataset
    python data/build_eu2026.py --check    # verify it is up to date
"""

from __future__ import annotations

import re
import sys
import unicodedata
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent))  # importable from the tests too

from _build_common import fold, main, session_id, slugify  # noqa: E402

TIMEZONE = "Europe/Paris"
ZONE = ZoneInfo(TIMEZONE)

SEED_002 = "seeds/002_24309f03ac9adb7d.txt"
SEED_000 = "seeds/000_bdef378e1ed20df2.txt"
EVENTS_LIST = "extra/llm-d-upcoming-events_pytorch-conference-europe-2026-sessions.EXCERPT.txt"
WRITE_UP = "extra/underthehood.meltwater.com_pytorch-conference-europe-2026-takeaways.EXCERPT.txt"

SOURCES: list[dict[str, Any]] = [
    {
        "id": "seed-002",
        "title": 'Sched "Full Schedule" page of PyTorch Conference Europe 2026',
        "url": None,
        "file": SEED_002,
    },
    {
        "id": "seed-000",
        "title": "Sched session page of PyTorch Conference Europe 2026 (abstract and speaker bio only)",
        "url": None,
        "file": SEED_000,
    },
    {
        "id": "writeup-meltwater",
        "title": "PyTorch Conference Europe 2026: Our Takeaways from Paris (Meltwater Engineering; "
                 "excerpt), the source of the venue only",
        "url": None,  # read from line 1 of the file
        "file": WRITE_UP,
    },
    {
        "id": "events-list-llm-d",
        "title": "\"Upcoming llm-d Events\" page of the llm-d documentation (excerpt), "
                 "the source of the conference's web address only",
        "url": None,  # the file does not give the page's address
        "file": EVENTS_LIST,
    },
]

COVERAGE = (
    "The sessions listed on the Sched \"Full Schedule\" page (source seed-002, "
    "{count} sessions on 7-8 April 2026) plus one Sched session page (source seed-000) that "
    "gives only an abstract and a speaker bio; a part of the full programme, not all of it."
)

# --- editorial tables --------------------------------------------------------

#: Title prefixes Sched uses for a session kind: (prefix, kind id, kind_label).
KIND_PREFIXES: list[tuple[str, str, str]] = [
    ("Sponsored Keynote: ", "sponsored-keynote", "Sponsored Keynote"),
    ("Keynote: ", "keynote", "Keynote"),
    ("Lightning Talk: ", "lightning-talk", "Lightning Talk"),
    ("Birds of A Feather: ", "birds-of-a-feather", "Birds of A Feather"),
]

#: Category line that marks a "Meet the Developers" session (title kept whole).
MEET_CATEGORY = "Meet the Developers"
#: Title start used for the kind when a block has lost its category line.
MEET_TITLE_PREFIX = "Meet the "

#: Heading spellings of a speaker that neither equal the speaker-list name nor
#: differ from it only by accents/case/a trailing " -" (list name -> spellings).
HEADING_ALIASES: dict[str, list[str]] = {
    "Jason Zhihuai Zhu": ["Jason Zhu"],
}

#: Notes added to the rule of an organisation conflict, by the heading's value.
HEADING_ORG_NOTES: dict[str, str] = {
    "Karlsruhe Instute of Technology, Scientific Computing Center":
        "\"Instute\" is a typo in the heading for \"Institute\"",
}

#: Seed 000: the Sched boilerplate lines at the top of the page (their starts).
SEED_000_BOILERPLATE = (
    "The Sched app allows you to build your schedule",
    "This schedule is automatically displayed in CEST",
    "Sign up or log in to add sessions",
)
#: Seed 000: the only name the page gives its speaker (in the bio's first word).
SEED_000_SPEAKER = "Nikhil"
SEED_000_SESSION_ID = "untitled-000"

#: Seed 002: page chrome after the trailing navigation list of times.
PAGE_FOOTER = ("Get help with the event",)

READ_MORE = " Read More →"

# --- patterns ----------------------------------------------------------------

_TIME = re.compile(r"^(\d{2}):(\d{2}) CEST$")
_DATE = re.compile(
    r"^(?P<weekday>Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) "
    r"(?P<month>[A-Z][a-z]+) (?P<day>\d{1,2}), (?P<year>\d{4}) "
    r"(?P<start>\d{2}:\d{2}) - (?P<end>\d{2}:\d{2}) CEST$"
)
_SLIDE = re.compile(r"^\S.* (pdf|pptx?|key|docx?|odp)$")
_AUDIENCE = re.compile(r"^Audience Level (?P<level>.+)$")
_SLIDES_ATTACHED = "Slides Attached Yes"
_NAME_PARTICLES = {"von", "van", "der", "de", "da", "di", "del", "la", "le", "-"}
_MONTHS = {m: i for i, m in enumerate(
    ["January", "February", "March", "April", "May", "June", "July", "August",
     "September", "October", "November", "December"], start=1)}


class SourceError(ValueError):
    """The source text has a structure the build does not recognise."""


# --- small helpers -----------------------------------------------------------

def _paragraphs(text: str) -> list[str]:
    """Split page text into paragraphs (blank-line separated, lines kept)."""
    paras = re.split(r"\n[ \t]*\n", text.replace("\r\n", "\n"))
    return [p.strip("\n").rstrip() for p in paras if p.strip()]


def _plain(text: str) -> str:
    """Lower-case ``text`` with accents removed, keeping its length."""
    out = []
    for ch in text:
        base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
        out.append(base.lower() if len(base) == 1 else ch.lower())
    return "".join(out)


def _is_slide(para: str) -> bool:
    return "\n" not in para and bool(_SLIDE.match(para))


def _is_name(para: str) -> bool:
    """A speaker-name line: one short line of capitalised words."""
    if "\n" in para or len(para) > 60 or re.search(r"[\d,:;.()|@/!?]", para):
        return False
    tokens = para.split()
    if not 2 <= len(tokens) <= 6:
        return False
    return all(t[0].isupper() or t in _NAME_PARTICLES for t in tokens)


def _clean_name(name: str) -> str:
    """Drop the decoration Sched sometimes leaves after a name (" -")."""
    return name.rstrip(" -–—").strip()


def _strip_read_more(text: str) -> str:
    return text[: -len(READ_MORE)] if text.endswith(READ_MORE) else text


def _split_job(line: str) -> tuple[str | None, str | None]:
    """Split a "job title, organisation" line at its last ", "."""
    if ", " in line:
        job, org = line.rsplit(", ", 1)
        return job.strip() or None, org.strip() or None
    return line.strip() or None, None


def _datetime(date: re.Match[str], hhmm: str) -> str:
    month = _MONTHS[date["month"]]
    hour, minute = (int(x) for x in hhmm.split(":"))
    value = datetime(int(date["year"]), month, int(date["day"]), hour, minute, tzinfo=ZONE)
    if value.strftime("%A") != date["weekday"]:
        raise SourceError(f"{date[0]!r}: weekday does not match the date")
    if value.strftime("%Z") != "CEST":
        raise SourceError(f"{date[0]!r}: not CEST in {TIMEZONE}")
    return f"{value.isoformat()}[{TIMEZONE}]"


# --- seed 002: the full-schedule page ----------------------------------------

def _session_blocks(paras: list[str]) -> list[list[str]]:
    """Cut the page into session blocks; the trailing time list is navigation."""
    starts = [
        i for i in range(len(paras) - 2)
        if _TIME.match(paras[i]) and not _TIME.match(paras[i + 1]) and _DATE.match(paras[i + 2])
    ]
    if not starts:
        raise SourceError("no session found")
    blocks = []
    for n, i in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(paras)
        block = paras[i:end]
        if n + 1 == len(starts):  # after the last session: navigation, then the footer
            cut = next((j for j in range(1, len(block)) if _TIME.match(block[j])), len(block))
            block, tail = block[:cut], block[cut:]
            unknown = [p for p in tail if not _TIME.match(p) and p not in PAGE_FOOTER]
            if unknown:
                raise SourceError(f"unexpected text after the last session: {unknown!r}")
        blocks.append(block)
    return blocks


def _split_heading(heading: str, spellings: dict[str, list[str]]) -> tuple[str, str | None]:
    """Split a heading into title and the " - <speakers>" suffix Sched appends.

    The split is the first " - " followed by one of the listed speakers' names
    (in any of its spellings), so titles that contain " - " stay whole.
    """
    plain = _plain(heading)
    names = [_plain(s) for forms in spellings.values() for s in forms]
    for m in re.finditer(" - ", heading):
        rest = plain[m.end():]
        if any(rest.startswith(n) for n in names):
            return heading[: m.start()], heading[m.end():]
    return heading, None


def _heading_spelling(suffix: str, forms: list[str]) -> str | None:
    """The spelling of a speaker's name in the heading suffix, if present."""
    plain = _plain(suffix)
    for form in forms:
        pos = plain.find(_plain(form))
        if pos >= 0:
            return suffix[pos: pos + len(form)]
    return None


def _parts(text: str) -> list[str]:
    """Comma-separated parts of a job/organisation text (" - " counts as a comma)."""
    return [p for p in re.split(r"\s*,\s*", re.sub(r"\s+[-–—]\s+", ", ", text).strip()) if p]


def _same_org(a: str, b: str) -> bool:
    """Equal up to formatting: spacing, spaces around commas, a trailing dash."""
    def key(text: str) -> str:
        return ", ".join(_parts(text)).rstrip(" -–—")
    return key(a) == key(b)


def _heading_organisations(suffix: str, people: list[tuple[str, list[str], str | None]],
                           where: str) -> dict[str, str | None]:
    """The organisation the heading suffix gives each listed speaker (None: it gives none).

    ``people`` are (list name, spellings, card job title).  Each person's part
    of the suffix runs from their name to the next listed name: "Name, Job,
    Org", "Name, Org", or, where people share an organisation, "A & B, Org" /
    "A, Job & B, Job2, Org" (A takes B's organisation).  The organisation is
    what follows the leading parts that repeat the card's job title, and at
    least the last part unless the person shares the next one's organisation
    ("Red Hat, Inc" stays whole, "Karlsruhe ..., Scientific Computing Center"
    too when the card's job title is not in front of it).
    """
    plain = _plain(suffix)
    found: list[tuple[int, int, str, str | None]] = []
    for name, forms, job in people:
        spots = [(plain.find(_plain(f)), len(f)) for f in forms if plain.find(_plain(f)) >= 0]
        if not spots:
            raise SourceError(f"{where}: {name!r} is not named in the heading")
        pos, length = min(spots)
        found.append((pos, pos + length, name, job))
    found.sort()
    if found[0][0] != 0:
        raise SourceError(f"{where}: heading suffix {suffix!r} does not start with a speaker")
    orgs: dict[str, str | None] = {}
    shares_next: list[bool] = []
    for n, (_, end, name, job) in enumerate(found):
        stop = found[n + 1][0] if n + 1 < len(found) else len(suffix)
        if stop < end:
            raise SourceError(f"{where}: speaker names overlap in the heading")
        segment = suffix[end:stop].strip()
        joiner = segment[-1] if segment[-1:] in ("&", ";") else None
        if n + 1 < len(found) and joiner is None:
            raise SourceError(f"{where}: no '&' or ';' before {found[n + 1][2]!r} in the heading")
        details = segment.rstrip("&;").strip().strip(",").strip()
        parts = _parts(details)
        job_parts = _parts(job or "")
        k = 0
        while k < min(len(parts), len(job_parts)) and fold(parts[k]) == fold(job_parts[k]):
            k += 1
        sharing = joiner == "&"
        if not sharing and parts:
            k = min(k, len(parts) - 1)
        orgs[name] = ", ".join(parts[k:]) or None
        shares_next.append(sharing and k >= len(parts))
    for n in range(len(found) - 2, -1, -1):  # "A & B, Org": A takes B's organisation
        if shares_next[n]:
            orgs[found[n][2]] = orgs[found[n + 1][2]]
    return orgs


def _parse_speaker_list(paras: list[str], where: str) -> tuple[list[dict[str, Any]], list[str]]:
    """Parse the paragraphs after "Speakers": speakers (name, job line, bio) and slides."""
    speakers: list[dict[str, Any]] = []
    slides: list[str] = []
    i = 0
    while i < len(paras):
        para = paras[i]
        if _is_slide(para):
            slides.append(para)
            i += 1
            continue
        if slides:
            raise SourceError(f"{where}: {para!r} after the slide files")
        if not _is_name(para):
            raise SourceError(f"{where}: expected a speaker name, got {para!r}")
        speaker: dict[str, Any] = {"listed": para, "name": _clean_name(para), "job_line": None, "bio": []}
        i += 1
        if i < len(paras) and not _is_slide(paras[i]):
            job = paras[i]
            if "\n" in job or len(job) > 150 or job.endswith("→"):
                raise SourceError(f"{where}: {job!r} does not look like a job line")
            if _is_name(job):
                raise SourceError(f"{where}: {para!r} is followed by another name-like line {job!r}")
            speaker["job_line"] = job
            i += 1
            while i < len(paras) and not _is_slide(paras[i]) and not _is_name(paras[i]):
                speaker["bio"].append(paras[i])
                i += 1
        speakers.append(speaker)
    return speakers, slides


def _parse_block(block: list[str]) -> dict[str, Any]:
    time_line, heading, date_line, room = block[:4]
    date = _DATE.match(date_line)
    assert date is not None
    where = f"session {heading[:40]!r}"
    if time_line.split()[0] != date["start"]:
        raise SourceError(f"{where}: time line {time_line!r} differs from {date_line!r}")
    body = block[4:]
    if "Speakers" in body:
        k = body.index("Speakers")
        abstract_paras, rest = body[:k], body[k + 1:]
    else:
        abstract_paras, rest = body, []
    # the trailer: repeated date and room, category, audience level
    trailer_at = next((j for j, p in enumerate(rest) if _DATE.match(p.split("\n")[0])), None)
    track = audience = None
    slides_attached = False
    if trailer_at is None:
        speaker_paras, tail = rest, []
    else:
        speaker_paras, tail = rest[:trailer_at], rest[trailer_at:]
        if tail[0] != f"{date_line}\n{room}":
            raise SourceError(f"{where}: trailer {tail[0]!r} differs from the header")
        for para in tail[1:]:
            first = para.split("\n")[0]
            if m := _AUDIENCE.match(first):
                audience = m["level"]
                extra = para.split("\n")[1:]
                if extra and extra != [_SLIDES_ATTACHED]:
                    raise SourceError(f"{where}: unexpected {extra!r}")
                slides_attached = bool(extra)
            elif track is None and "\n" not in para:
                track = para
            else:
                raise SourceError(f"{where}: unexpected trailer line {para!r}")
    speakers, slides = _parse_speaker_list(speaker_paras, where)
    return {
        "heading": heading,
        "date": date,
        "room": room,
        "abstract": "\n\n".join(abstract_paras) or None,
        "speakers": speakers,
        "slides": slides,
        "track": track,
        "audience": audience,
        "slides_attached": slides_attached,
    }


def _kind(title: str, track: str | None) -> tuple[str, str, str | None]:
    """Return (title without kind prefix, kind, kind_label)."""
    for prefix, kind, label in KIND_PREFIXES:
        if title.startswith(prefix):
            return title[len(prefix):], kind, label
    if track == MEET_CATEGORY or (track is None and title.startswith(MEET_TITLE_PREFIX)):
        return title, "meet-the-developers", None
    return title, "talk", None


# --- assembling --------------------------------------------------------------

class _Speakers:
    """Speaker records merged across sessions, keyed by id."""

    def __init__(self) -> None:
        self.records: dict[str, dict[str, Any]] = {}
        self.origin: dict[tuple[str, str], str] = {}  # (speaker id, field) -> source of the kept value

    def add(self, name: str, job: str | None, org: str | None, bio: str | None,
            source: str, alias: str | None = None) -> str:
        sid: str = slugify(name)
        rec = self.records.setdefault(sid, {
            "id": sid, "name": name, "aliases": [], "job_title": None,
            "organisation": None, "bio": None, "conflicts": [],
        })
        if name != rec["name"] and name not in rec["aliases"]:
            rec["aliases"].append(name)
        if alias and alias != rec["name"] and alias not in rec["aliases"]:
            rec["aliases"].append(alias)
        for key, value in (("job_title", job), ("organisation", org), ("bio", bio)):
            if value is None:
                continue
            if rec[key] is None:
                rec[key] = value
                self.origin[sid, key] = source
            elif rec[key] != value:
                self._conflict(rec, key, value, self.origin[sid, key], source)
        return sid

    def heading_organisations(self, sid: str, by_value: dict[str, list[str]], source: str) -> None:
        """Record the organisations session headings give beside the card's as a conflict."""
        rec = self.records[sid]
        if any(c["field"] == "organisation" for c in rec["conflicts"]):
            raise SourceError(f"{sid}: the speaker cards disagree on the organisation too; decide")
        rule = "the speaker card in the session's speaker list is shown"
        for value, titles in by_value.items():
            headings = ", ".join(f"'{t}'" for t in titles)
            rule += (f"; the session heading ({headings}) gives '{value}'" if len(titles) == 1
                     else f"; the session headings ({headings}) give '{value}'")
            if value in HEADING_ORG_NOTES:
                rule += f" ({HEADING_ORG_NOTES[value]})"
        rec["conflicts"].append({
            "field": "organisation",
            "values": [{"value": rec["organisation"], "sources": [self.origin[sid, "organisation"]]},
                       *({"value": v, "sources": [source]} for v in by_value)],
            "rule": rule,
        })

    @staticmethod
    def _conflict(rec: dict[str, Any], key: str, value: str, kept_from: str, source: str) -> None:
        conflict = next((c for c in rec["conflicts"] if c["field"] == key), None)
        if conflict is None:
            conflict = {"field": key, "values": [{"value": rec[key], "sources": [kept_from]}],
                        "rule": "the first value in source order is kept"}
            rec["conflicts"].append(conflict)
        entry = next((v for v in conflict["values"] if v["value"] == value), None)
        if entry is None:
            conflict["values"].append({"value": value, "sources": [source]})
        elif source not in entry["sources"]:
            entry["sources"].append(source)


def _session(sid: str, title: str | None, kind: str, kind_label: str | None,
             start: str | None, end: str | None, room: str | None, track: str | None,
             speakers: list[str], abstract: str | None, audience: str | None,
             slides: list[str], sources: list[str]) -> dict[str, Any]:
    return {
        "id": sid, "title": title, "kind": kind, "kind_label": kind_label,
        "start": start, "end": end, "room": room, "track": track,
        "speakers": speakers, "abstract": abstract, "audience_level": audience,
        "language": None, "url": None, "slides": slides, "sources": sources,
        "title_variants": [], "variants": [], "conflicts": [],
    }


def build(sources: Path) -> dict[str, Any]:
    """Parse the Europe 2026 sources and return the native JSON document."""
    page = (sources / SEED_002).read_text(encoding="utf-8")
    paras = _paragraphs(page)
    speakers = _Speakers()
    rooms: dict[str, str] = {}
    tracks: dict[str, str] = {}
    sessions: list[dict[str, Any]] = []
    taken: set[str] = set()
    #: speaker id -> heading organisation -> titles of the sessions whose heading gives it
    heading_conflicts: dict[str, dict[str, list[str]]] = {}

    for block in _session_blocks(paras):
        parsed = _parse_block(block)
        spellings = {s["name"]: [s["name"], *HEADING_ALIASES.get(s["name"], [])]
                     for s in parsed["speakers"]}
        heading_title, suffix = _split_heading(parsed["heading"], spellings)
        title, kind, kind_label = _kind(heading_title, parsed["track"])
        heading_orgs: dict[str, str | None] = {}
        if suffix is not None:
            heading_orgs = _heading_organisations(suffix, [
                (s["name"], spellings[s["name"]],
                 _split_job(s["job_line"])[0] if s["job_line"] else None)
                for s in parsed["speakers"]
            ], f"session {parsed['heading'][:40]!r}")
        ids = []
        for s in parsed["speakers"]:
            alias = None
            if suffix is not None:
                spelled = _heading_spelling(suffix, spellings[s["name"]])
                if spelled is None:
                    raise SourceError(f"{s['name']!r} is not named in the heading {parsed['heading']!r}")
                if spelled != s["name"]:
                    alias = spelled
            job, org = _split_job(s["job_line"]) if s["job_line"] else (None, None)
            bio = _strip_read_more("\n\n".join(s["bio"])) if s["bio"] else None
            ids.append(speakers.add(s["name"], job, org, bio, "seed-002", alias))
            heading_org = heading_orgs.get(s["name"])
            if heading_org is not None and (org is None or not _same_org(heading_org, org)):
                if org is None:
                    raise SourceError(f"{s['name']!r}: the heading gives {heading_org!r}, "
                                      "the card no organisation; decide")
                heading_conflicts.setdefault(ids[-1], {}).setdefault(heading_org, []).append(title)
        room_id = slugify(parsed["room"])
        rooms[room_id] = parsed["room"]
        track_id = None
        if parsed["track"] is not None:
            track_id = slugify(parsed["track"])
            tracks[track_id] = parsed["track"]
        date = parsed["date"]
        sessions.append(_session(
            session_id(title, taken, "session"), title, kind, kind_label,
            _datetime(date, date["start"]), _datetime(date, date["end"]),
            room_id, track_id, ids, parsed["abstract"], parsed["audience"],
            parsed["slides"], ["seed-002"],
        ))

    coverage = COVERAGE.format(count=len(sessions))
    for speaker_id, by_value in heading_conflicts.items():
        speakers.heading_organisations(speaker_id, by_value, "seed-002")

    # seed 000: one session page without title, time or room
    lines = [ln for ln in (sources / SEED_000).read_text(encoding="utf-8").splitlines() if ln.strip()]
    lines = [ln for ln in lines if not ln.startswith(SEED_000_BOILERPLATE)]
    bio_at = next(i for i, ln in enumerate(lines) if ln.startswith(SEED_000_SPEAKER + " "))
    abstract_lines, bio_lines = lines[:bio_at], lines[bio_at:]
    if any(ln in page for ln in abstract_lines):
        raise SourceError("seed 000 repeats a session of seed 002; merge them")
    sid = speakers.add(SEED_000_SPEAKER, None, None, _strip_read_more("\n".join(bio_lines)), "seed-000")
    sessions.append(_session(
        session_id(None, taken, SEED_000_SESSION_ID), None, "other", None,
        None, None, None, None, [sid], "\n\n".join(abstract_lines), None, [], ["seed-000"],
    ))

    # The venue: no seed names it; the third-party write-up does ("... held April 7-8 at
    # Station F in Paris."). Only the venue is taken from it.
    write_up = (sources / WRITE_UP).read_text(encoding="utf-8")
    venue_match = re.search(r"held April 7-8 at ([A-Z][\w ]+?) in Paris", write_up)
    if venue_match is None:
        raise SourceError(f"{WRITE_UP}: the sentence naming the venue is missing")
    source_list = [dict(src) for src in SOURCES]
    next(src for src in source_list if src["id"] == "writeup-meltwater")["url"] = write_up.splitlines()[0].strip()
    # The conference's address: the events list's entry for this conference links it.
    events = (sources / EVENTS_LIST).read_text(encoding="utf-8")
    url_match = re.search(r"title: 'PyTorch Conference Europe 2026',(?:\n[^\n]*?){1,6}\n\s*href: '([^']+)'", events)
    if url_match is None:
        raise SourceError(f"{EVENTS_LIST}: the conference entry with its href is missing")

    def by_name(item: dict[str, Any]) -> tuple[str, str]:
        return fold(item["name"]), item["id"]

    return {
        "format": "pyconf-schedule",
        "version": 1,
        "conference": {
            "id": "eu2026",
            "name": "PyTorch Conference Europe 2026",
            "city": "Paris",
            "country": "France",
            "venue": venue_match.group(1),
            "url": url_match.group(1),
            "timezone": TIMEZONE,
            "start_date": "2026-04-07",
            "end_date": "2026-04-08",
            "coverage": coverage,
            "sources": source_list,
            "rooms": sorted(({"id": k, "name": v} for k, v in rooms.items()), key=by_name),
            "tracks": sorted(({"id": k, "name": v} for k, v in tracks.items()), key=by_name),
            "speakers": sorted(speakers.records.values(), key=by_name),
            "sessions": sessions,
        },
    }


if __name__ == "__main__":
    raise SystemExit(main("eu2026", build))
