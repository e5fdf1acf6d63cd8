"""Build the ``eu2026`` dataset (PyTorch Conference Europe 2026, Paris).

Sources (see ``data/README.md`` for every editorial decision):

* ``seeds/002_24309f03ac9adb7d.txt``: text of the Sched "Full Schedule" page;
* ``seeds/000_bdef378e1ed20df2.txt``: text of one more Sched session page
  (abstract and one speaker bio only);
* ``extra/eu2026-sched-pages/raw_*.txt``: the PyTorch Foundation's recap of
  the conference, further Sched pages, recordings, talk pages and GitHub
  files; and the llm-d events list in ``extra/``.  Merged with the seed
  sessions; the seeds stay the authority for what they give.

The script parses the page text; the few editorial decisions the text cannot
settle are the tables of ``data/eu2026.toml``, read below.  Any structure it does not recognise makes
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
from urllib.parse import unquote
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent))  # importable from the tests too

from _build_common import editorial, finish, fold, main, session_id, slugify

TIMEZONE = "Europe/Paris"
ZONE = ZoneInfo(TIMEZONE)

EDITORIAL = editorial("eu2026")
"""The editorial tables (data/eu2026.toml): every decision the source texts cannot settle."""

SOURCES: list[dict[str, Any]] = [
    {"id": src["id"], "title": src["title"], "url": src.get("url"), "file": src["file"]} for src in EDITORIAL["sources"]
]
_FILES = {src["id"]: src["file"] for src in SOURCES}
SEED_002: str = _FILES["seed-002"]
SEED_000: str = _FILES["seed-000"]
EVENTS_LIST: str = _FILES["events-list-llm-d"]
WRITE_UP: str = _FILES["writeup-meltwater"]

COVERAGE: str = EDITORIAL["text"]["coverage"]

#: Title prefixes Sched uses for a session kind: (prefix, kind id, kind_label).
KIND_PREFIXES: list[tuple[str, str, str]] = [(p, k, label) for p, k, label in EDITORIAL["lists"]["kind_prefixes"]]
MEET_CATEGORY: str = EDITORIAL["text"]["meet_category"]
MEET_TITLE_PREFIX: str = EDITORIAL["text"]["meet_title_prefix"]
HEADING_ALIASES: dict[str, list[str]] = EDITORIAL["heading_aliases"]
HEADING_ORG_NOTES: dict[str, str] = EDITORIAL["heading_org_notes"]
SEED_000_BOILERPLATE: tuple[str, ...] = tuple(EDITORIAL["lists"]["seed_000_boilerplate"])
SEED_000_SPEAKER: str = EDITORIAL["text"]["seed_000_speaker"]
SEED_000_SESSION_ID: str = EDITORIAL["text"]["seed_000_session_id"]
PAGE_FOOTER: tuple[str, ...] = tuple(EDITORIAL["lists"]["page_footer"])
READ_MORE: str = EDITORIAL["text"]["read_more"]

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
_MONTHS = {
    m: i
    for i, m in enumerate(
        [
            "January",
            "February",
            "March",
            "April",
            "May",
            "June",
            "July",
            "August",
            "September",
            "October",
            "November",
            "December",
        ],
        start=1,
    )
}


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
        i
        for i in range(len(paras) - 2)
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
        rest = plain[m.end() :]
        if any(rest.startswith(n) for n in names):
            return heading[: m.start()], heading[m.end() :]
    return heading, None


def _heading_spelling(suffix: str, forms: list[str]) -> str | None:
    """The spelling of a speaker's name in the heading suffix, if present."""
    plain = _plain(suffix)
    for form in forms:
        pos = plain.find(_plain(form))
        if pos >= 0:
            return suffix[pos : pos + len(form)]
    return None


def _parts(text: str) -> list[str]:
    """Comma-separated parts of a job/organisation text (" - " counts as a comma)."""
    return [p for p in re.split(r"\s*,\s*", re.sub(r"\s+[-–—]\s+", ", ", text).strip()) if p]


def _same_org(a: str, b: str) -> bool:
    """Equal up to formatting: spacing, spaces around commas, a trailing dash."""

    def key(text: str) -> str:
        return ", ".join(_parts(text)).rstrip(" -–—")

    return key(a) == key(b)


def _heading_organisations(
    suffix: str, people: list[tuple[str, list[str], str | None]], where: str
) -> dict[str, str | None]:
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
        abstract_paras, rest = body[:k], body[k + 1 :]
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
            return title[len(prefix) :], kind, label
    if track == MEET_CATEGORY or (track is None and title.startswith(MEET_TITLE_PREFIX)):
        return title, "meet-the-developers", None
    return title, "talk", None


# --- assembling --------------------------------------------------------------


class _Speakers:
    """Speaker records merged across sessions, keyed by id."""

    def __init__(self) -> None:
        self.records: dict[str, dict[str, Any]] = {}
        self.origin: dict[tuple[str, str], str] = {}  # (speaker id, field) -> source of the kept value

    def add(
        self, name: str, job: str | None, org: str | None, bio: str | None, source: str, alias: str | None = None
    ) -> str:
        sid: str = slugify(name)
        rec = self.records.setdefault(
            sid,
            {
                "id": sid,
                "name": name,
                "aliases": [],
                "job_title": None,
                "organisation": None,
                "bio": None,
                "conflicts": [],
            },
        )
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
            rule += (
                f"; the session heading ({headings}) gives '{value}'"
                if len(titles) == 1
                else f"; the session headings ({headings}) give '{value}'"
            )
            if value in HEADING_ORG_NOTES:
                rule += f" ({HEADING_ORG_NOTES[value]})"
        rec["conflicts"].append(
            {
                "field": "organisation",
                "values": [
                    {"value": rec["organisation"], "sources": [self.origin[sid, "organisation"]]},
                    *({"value": v, "sources": [source]} for v in by_value),
                ],
                "rule": rule,
            }
        )

    @staticmethod
    def _conflict(rec: dict[str, Any], key: str, value: str, kept_from: str, source: str) -> None:
        conflict = next((c for c in rec["conflicts"] if c["field"] == key), None)
        if conflict is None:
            conflict = {
                "field": key,
                "values": [{"value": rec[key], "sources": [kept_from]}],
                "rule": "the first value in source order is kept",
            }
            rec["conflicts"].append(conflict)
        entry = next((v for v in conflict["values"] if v["value"] == value), None)
        if entry is None:
            conflict["values"].append({"value": value, "sources": [source]})
        elif source not in entry["sources"]:
            entry["sources"].append(source)


def _session(
    sid: str,
    title: str | None,
    kind: str,
    kind_label: str | None,
    start: str | None,
    end: str | None,
    room: str | None,
    track: str | None,
    speakers: list[str],
    abstract: str | None,
    audience: str | None,
    slides: list[str],
    sources: list[str],
) -> dict[str, Any]:
    return {
        "id": sid,
        "title": title,
        "kind": kind,
        "kind_label": kind_label,
        "start": start,
        "end": end,
        "room": room,
        "track": track,
        "speakers": speakers,
        "abstract": abstract,
        "audience_level": audience,
        "language": None,
        "url": None,
        "recording": None,
        "slides": slides,
        "slide_urls": [],
        "sources": sources,
        "title_variants": [],
        "variants": [],
        "conflicts": [],
    }


# --- the rest of the programme (extra/eu2026-sched-pages/) --------------------

PAGES = "extra/eu2026-sched-pages/"
RECAP = PAGES + "raw_pytorch.org_blog_pytorch-conference-europe-2026-a-landmark-moment-for-open-source-ai-in-paris.txt"
SCHED_ICS = PAGES + "raw_pytorchconferenceeu2026.sched.com_all.ics.txt"


def _programme_sources() -> list[tuple[str, str, str]]:
    """The further source documents, in the order that decides a shown value (after the seeds): (id, title, file)."""
    table = EDITORIAL["programme"]
    events = [
        (
            f"sched-event-{eid}",
            f"Sched event page {eid} (excerpt)",
            f"raw_pytorchconferenceeu2026.sched.com_event_{eid}{suffix}.txt",
        )
        for eid, suffix in table["sched_events"]
    ]
    listed: list[tuple[str, str, str]] = [(sid, title, name) for sid, title, name in table["sources"]]
    at = next(i for i, (sid, _, _) in enumerate(listed) if sid == table["sched_events_after"]) + 1
    return [*listed[:at], *events, *listed[at:]]


PROGRAMME_SOURCES: list[tuple[str, str, str]] = _programme_sources()

#: Source order for shown values among the seeds and these documents.
SOURCE_ORDER = ["seed-002", "seed-000", *(sid for sid, _, _ in PROGRAMME_SOURCES), "events-list-llm-d"]

RECAP_PARAGRAPH_SECTIONS: set[str] = set(EDITORIAL["lists"]["recap_paragraph_sections"])
SEED_000_RECAP_TITLE: str = EDITORIAL["text"]["seed_000_recap_title"]
SEED_000_EVIDENCE: tuple[str, str] = tuple(EDITORIAL["lists"]["seed_000_evidence"])
SCHED_PAGE_LINKS: dict[str, tuple[str, tuple[str, str]]] = {
    eid: (title, (name, subject)) for eid, (title, (name, subject)) in EDITORIAL["sched_page_links"].items()
}
SUBJECT_LINKS: dict[str, tuple[str, tuple[str, ...]]] = {
    eid: (title, tuple(words)) for eid, (title, words) in EDITORIAL["subject_links"].items()
}
UNTITLED_PAGES: dict[str, tuple[tuple[str, str | None], ...]] = {
    eid: tuple((person[0], person[1] if len(person) > 1 else None) for person in people)
    for eid, people in EDITORIAL["untitled_pages"].items()
}
OMITTED: str = EDITORIAL["text"]["omitted"]
PAGE_KINDS: dict[str, tuple[str, str]] = {
    eid: (kind, phrase) for eid, (kind, phrase) in EDITORIAL["page_kinds"].items()
}
EVENTS_LIST_SLUG_SPEAKERS: dict[str, list[str]] = EDITORIAL["events_list_slug_speakers"]
SLIDE_LINKS: dict[str, tuple[str, str]] = {
    src: (title, word) for src, (title, word) in EDITORIAL["slide_links"].items()
}
DAY_RULE: str = EDITORIAL["rules"]["day"]
NON_TALK_RULE: str = EDITORIAL["rules"]["non_talk"]
SPONSOR_RULE: str = EDITORIAL["rules"]["sponsor_sessions"]
SPONSOR_SESSIONS: str = EDITORIAL["text"]["sponsor_sessions"]
NON_TALK_SECTIONS: tuple[str, ...] = tuple(EDITORIAL["lists"]["non_talk_sections"])

#: The recap's organisation wording "from the X" keeps X only.
_ARTICLE = re.compile(r"^the ")

_QUOTES = re.compile(r"[’‘'\"“”`]")
_NON_WORD = re.compile(r"[^0-9a-z]+")
_KIND_PREFIX_ANY = re.compile(r"^(Lightning Talk|Birds of A Feather|Sponsored Session): ", re.I)
_ICS_KINDS = {"BREAKS/EXHIBITS/SPECIAL EVENTS"}


def title_key(title: str) -> str:
    """The form in which two titles are one title: accents, case, quotes,
    "&"/"and", punctuation, white space and a kind prefix are ignored."""
    title = _KIND_PREFIX_ANY.sub("", title)
    text = unicodedata.normalize("NFKD", title)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    text = _QUOTES.sub("", text).replace("&", " and ")
    return _NON_WORD.sub(" ", text).strip()


def _read(sources: Path, name: str) -> tuple[str, list[str]]:
    """A raw excerpt: (address from line 1, the remaining lines after the bracketed note)."""
    lines = (sources / PAGES / name).read_text(encoding="utf-8").splitlines()
    if len(lines) < 3 or not lines[1].startswith("["):
        raise SourceError(f"{name}: expected the address, then a bracketed note")
    return lines[0].strip(), lines[2:]


def _recap_people(text: str, where: str, grouped: bool = False) -> list[tuple[str, str | None]]:
    """Speakers of a recap line: "A and B from Org", "A from X and B from Y",
    "A (Org) and B (Org)", "A, Org; B & C, Org; and D, Org" (BoF form)."""
    text = text.strip().rstrip(".").strip()
    people: list[tuple[str, str | None]] = []

    def names(part: str) -> list[str]:
        return [n.strip() for n in re.split(r",? and |, | & ", part) if n.strip()]

    def org(value: str) -> str:
        return _ARTICLE.sub("", value.strip())

    if grouped:  # the BoF paragraph: "Name, Org; Name & Name, Org; and Name, Org"
        for group in text.split("; "):
            group = re.sub(r"^and ", "", group)
            who, organisation = group.rsplit(", ", 1)
            people += [(n, org(organisation)) for n in names(who)]
    elif text.count(" from ") > 1:
        for group in re.split(r" and (?=[A-Z])", text):
            who, organisation = group.split(" from ")
            people.append((who.strip(), org(organisation)))
    elif " from " in text:
        who, organisation = text.rsplit(" from ", 1)
        people += [(n, org(organisation)) for n in names(who)]
    elif "(" in text:
        for m in re.finditer(r"(?:^|,? and |, )([^(),]+?) \(([^)]+)\)", text):
            people.append((m[1].strip(), org(m[2])))
        if re.sub(r"(?:^|,? and |, )([^(),]+?) \(([^)]+)\)", "", text).strip():
            raise SourceError(f"{where}: cannot read the speakers {text!r}")
    elif re.fullmatch(r"[A-Z][\w'’ .-]+(?:, [A-Z][\w'’ .-]+)*,? and [A-Z][\w'’ .-]+|[A-Z][\w'’ .-]+", text):
        people += [(n, None) for n in names(text)]
    else:
        raise SourceError(f"{where}: cannot read the speakers {text!r}")
    for name, _ in people:
        if not _is_name(name) and len(name.split()) < 2:
            raise SourceError(f"{where}: {name!r} is not a name")
    return people


def _parse_recap(sources: Path) -> dict[str, Any]:
    """The recap: talk items by day and section, and the bold/quoted titles of
    the paragraph sections (keynotes, meetings, BoFs)."""
    url, lines = _read(sources, RECAP.removeprefix(PAGES))
    items: list[dict[str, Any]] = []
    mentions: list[dict[str, Any]] = []  # paragraph-section titles and names
    day: str | None = None
    section: str | None = None
    for number, line in enumerate(lines, start=3):
        where = f"{RECAP}:{number}"
        if m := re.match(r"^## Day (\d): \w+day, April (\d+)$", line):
            day = f"2026-04-{int(m[2]):02d}"
            continue
        if line.startswith("### "):
            section = re.sub(r" \(Day 2\)$", "", line[4:])
            continue
        if day is None or section is None or not line.strip():
            continue
        if section not in RECAP_PARAGRAPH_SECTIONS:
            m = re.match(
                r"^\* \*\*(?P<title>.+?)\*\* (?:by (?P<by>.+)|– a (?P<kind>Birds of a Feather) session "
                r"led by (?P<led>.+))$",
                line,
            )
            if m is None:
                raise SourceError(f"{where}: not a talk item: {line!r}")
            who = m["by"] or m["led"]
            room = None
            if ", a " in who:  # ", a comprehensive walkthrough on the Master Stage."
                who, tail = who.split(", a ", 1)
                rm = re.search(r" on the ([A-Z]\w+ [A-Z]\w+)\.?$", tail)
                if rm is None:
                    raise SourceError(f"{where}: unexpected description {tail!r}")
                room = rm[1]
            items.append(
                {
                    "day": day,
                    "section": section,
                    "title": m["title"],
                    "people": _recap_people(who, where),
                    "room": room,
                    "kind": "birds-of-a-feather" if m["kind"] else None,
                    "line": number,
                }
            )
            continue
        # paragraph sections: bold runs are names or titles, quoted text a title
        bolds = re.findall(r"\*\*(.+?)\*\*", line)
        quoted = re.findall(r"\"(.+?)[,.]?\"", line)
        mentions.append(
            {"day": day, "section": section, "bolds": bolds, "quoted": quoted, "line": number, "text": line}
        )
    return {"url": url, "items": items, "mentions": mentions}


def _sched_page(sources: Path, name: str) -> dict[str, Any]:
    """A Sched event page excerpt: date line, abstract text, speakers block."""
    url, lines = _read(sources, name)
    body = [ln for ln in lines if ln.strip()]
    date = None
    room = None
    if body and (m := _DATE.match(body[0])):
        date, body = m, body[1:]
    elif body and (m := re.match(r"^(.+CEST)(?: (.+))?$", body[-1])) and _DATE.match(m[1]):
        date, room, body = _DATE.match(m[1]), m[2], body[:-1]
    people: list[tuple[str, str | None, str | None]] = []
    if "Speakers" in body:
        k = body.index("Speakers")
        rest = body[k + 1 :]
        body = body[:k]
        while rest:
            if not rest[0].startswith("avatar for ") or len(rest) < 3 or rest[1] != rest[0][11:]:
                raise SourceError(f"{name}: unexpected speaker block {rest[:3]!r}")
            job, org = _split_job(rest[2])
            people.append((rest[1], job, org))
            rest = rest[3:]
    return {"url": url, "date": date, "room": room, "text": "\n\n".join(body) or None, "people": people}


def _sched_list(sources: Path, name: str) -> list[dict[str, Any]]:
    """A Sched list page excerpt: heading "Title - Speaker, Org" and a date line."""
    url, lines = _read(sources, name)
    first = next(ln for ln in lines if ln.strip())
    # "Type: Training Systems clear filter": the Sched type is the category (track);
    # "Company: Advanced" (the other pages' filter) names no track
    type_match = re.match(r"^Type: (.+) clear filter$", first)
    found = []
    for i, line in enumerate(lines):
        if _DATE.match(line):
            heading = lines[i - 1]
            title, who = heading.rsplit(" - ", 1)
            people: list[tuple[str, str | None]] = []
            for group in who.split(" & "):
                person, org = group.split(", ", 1)
                people.append((person, org))
            found.append(
                {
                    "url": url,
                    "heading": title,
                    "people": people,
                    "date": _DATE.match(line),
                    "track": type_match[1] if type_match else None,
                    "text": lines[i + 1] if i + 1 < len(lines) else None,
                }
            )
    if not found:
        raise SourceError(f"{name}: no session found")
    return found


def _ics_events(sources: Path) -> list[dict[str, str]]:
    """The VEVENT fields of the stored start of all.ics (blank-line separated)."""
    _, lines = _read(sources, SCHED_ICS.removeprefix(PAGES))
    events: list[dict[str, str]] = []
    current: dict[str, str] = {}
    for line in [*lines, ""]:
        if not line.strip():
            if current:
                events.append(current)
            current = {}
            continue
        key, value = line.split(":", 1)
        current[key] = value.replace("\\,", ",")
    return events


class _Programme:
    """Adds the recap's talks and the other excerpts to the seed sessions."""

    def __init__(
        self,
        sessions: list[dict[str, Any]],
        speakers: _Speakers,
        rooms: dict[str, str],
        tracks: dict[str, str],
        taken: set[str],
    ) -> None:
        self.sessions = sessions
        self.speakers = speakers
        self.rooms = rooms
        self.tracks = tracks
        self.taken = taken
        self.origin: dict[tuple[str, str], list[str]] = {}  # (session id, field) -> sources of the shown value
        for s in sessions:
            for key in ("title", "start", "end", "room", "kind", "abstract", "track", "speakers"):
                if s[key]:
                    self.origin[s["id"], key] = list(s["sources"])
        self.by_key: dict[str, dict[str, Any]] = {title_key(s["title"]): s for s in sessions if s["title"]}
        self.seed_ids = {s["id"] for s in sessions}
        self.track_keys = {title_key(name): tid for tid, name in tracks.items()}
        #: sessions whose kind no source states (a recap item or talk page: "talk" by default)
        self.default_kind: set[str] = set()
        #: session id -> the sources that state its kind (a prefix, a format word, a category, a phrase)
        self.kind_from: dict[str, list[str]] = {
            s["id"]: list(s["sources"])
            for s in sessions
            if s["kind_label"] is not None or s["kind"] == "meet-the-developers"
        }
        #: every address taken into a session: (session id, field, value, file, line), in build order
        self.links: list[tuple[str, str, str, str, int]] = []

    def link(self, session: dict[str, Any], key: str, value: str, source: str, line: int) -> None:
        """Take the address ``value`` that ``source`` gives on ``line`` of its file as the session's ``url`` or
        ``recording`` (the first source to give one keeps it: sources come in the order of data/README.md),
        or add it to ``slide_urls``."""
        self.add_source(session, source)
        if key == "slide_urls":
            if value in session[key]:
                return
            session[key].append(value)
        elif session[key] is not None:
            return
        else:
            session[key] = value
        self.origin.setdefault((session["id"], key), []).append(source)
        self.links.append(
            (
                session["id"],
                key,
                value,
                PAGES + _file_of(source) if source != "events-list-llm-d" else EVENTS_LIST,
                line,
            )
        )

    # -- speakers
    def speaker(self, name: str, job: str | None, org: str | None, source: str) -> str:
        """The id of the speaker called ``name`` (a record's name or alias, up to
        accents and case), adding the record or the values it lacks."""
        wanted = fold(name)
        for sid, rec in self.speakers.records.items():
            if wanted in {fold(rec["name"]), *(fold(a) for a in rec["aliases"])}:
                for key, value in (("job_title", job), ("organisation", org)):
                    self._speaker_value(sid, key, value, source)
                return sid
        sid = self.speakers.add(name, job, org, None, source)
        return sid

    def _speaker_value(self, sid: str, key: str, value: str | None, source: str) -> None:
        rec = self.speakers.records[sid]
        if value is None:
            return
        if rec[key] is None:
            rec[key] = value
            self.speakers.origin[sid, key] = source
            return
        conflict = next((c for c in rec["conflicts"] if c["field"] == key), None)
        known = [rec[key], *(v["value"] for v in conflict["values"])] if conflict else [rec[key]]
        same = next((v for v in known if fold(v) == fold(value)), None)
        if same is None:
            pass
        elif conflict is None:
            return
        else:
            for entry in conflict["values"]:
                if entry["value"] == same and source not in entry["sources"]:
                    entry["sources"].append(source)
                    entry["sources"].sort(key=_source_rank)
            return
        if conflict is None:
            conflict = {
                "field": key,
                "values": [{"value": rec[key], "sources": [self.speakers.origin[sid, key]]}],
                "rule": "the first value in source order is kept",
            }
            rec["conflicts"].append(conflict)
        conflict["values"].append({"value": value, "sources": [source]})

    # -- sessions
    def find(self, title: str) -> dict[str, Any] | None:
        return self.by_key.get(title_key(title))

    def new(
        self, title: str | None, kind: str, kind_label: str | None, source: str, fallback: str = "untitled"
    ) -> dict[str, Any]:
        sid = session_id(title, self.taken, fallback)
        session = _session(sid, title, kind, kind_label, None, None, None, None, [], None, None, [], [source])
        if kind not in ("talk", "other"):
            self.kind_from[sid] = [source]
        if title is not None:
            self.origin[sid, "title"] = [source]
            self.by_key[title_key(title)] = session
        self.sessions.append(session)
        return session

    @staticmethod
    def add_source(session: dict[str, Any], source: str) -> None:
        if source not in session["sources"]:
            session["sources"].append(source)
            session["sources"].sort(key=SOURCE_ORDER.index)

    def kind_stated(self, session: dict[str, Any], kind: str, source: str) -> None:
        """``source`` states the session's kind: it becomes (or joins the sources of) the shown kind."""
        if session["id"] in self.default_kind:
            session["kind"] = kind
            self.default_kind.discard(session["id"])
            self.kind_from[session["id"]] = [source]
        elif session["kind"] == kind and source not in self.kind_from.setdefault(session["id"], []):
            self.kind_from[session["id"]].append(source)

    def add_title(self, session: dict[str, Any], title: str, source: str) -> None:
        self.add_source(session, source)
        if session["title"] is None:
            session["title"] = title
            self.origin[session["id"], "title"] = [source]
        elif title != session["title"] and title not in session["title_variants"]:
            session["title_variants"].append(title)

    def value(self, session: dict[str, Any], key: str, value: Any, source: str, rule: str) -> None:
        """Set ``key`` if unknown; a different value becomes a conflict (shown value first)."""
        self.add_source(session, source)
        if value is None:
            return
        sid = session["id"]
        if session[key] is None:
            if key == "start" and "day_only" in session:
                if session["day_only"] != value[:10]:
                    raise SourceError(f"{sid}: {source} gives {value[:10]}, the day is {session['day_only']}")
                del session["day_only"]
            session[key] = value
            self.origin[sid, key] = [source]
            return
        if session[key] == value:
            if source not in self.origin[sid, key]:
                self.origin[sid, key].append(source)
            return
        conflict = next((c for c in session["conflicts"] if c["field"] == key), None)
        if conflict is None:
            conflict = {
                "field": key,
                "values": [{"value": session[key], "sources": sorted(self.origin[sid, key], key=_source_rank)}],
                "rule": rule,
            }
            session["conflicts"].append(conflict)
        entry = next((v for v in conflict["values"] if v["value"] == value), None)
        if entry is None:
            conflict["values"].append({"value": value, "sources": [source]})
        elif source not in entry["sources"]:
            entry["sources"].append(source)

    def day(self, session: dict[str, Any], day: str, source: str) -> None:
        self.add_source(session, source)
        if session["start"] is not None:
            if session["start"][:10] != day:
                raise SourceError(f"{session['id']}: {source} gives {day}, the start is {session['start']}")
            return
        if "day_only" not in session:
            _put_day_only(session, day)
            self.origin[session["id"], "day"] = [source]
        elif session["day_only"] == day:
            self.origin[session["id"], "day"].append(source)
        else:
            self.value_conflict(
                session, "day", session["day_only"], self.origin[session["id"], "day"], day, source, DAY_RULE
            )

    @staticmethod
    def value_conflict(
        session: dict[str, Any], key: str, shown: str, shown_sources: list[str], other: str, source: str, rule: str
    ) -> None:
        session["conflicts"].append(
            {
                "field": key,
                "values": [
                    {"value": shown, "sources": sorted(shown_sources, key=_source_rank)},
                    {"value": other, "sources": [source]},
                ],
                "rule": rule,
            }
        )

    def room(self, name: str) -> str:
        rid = slugify(name)
        self.rooms.setdefault(rid, name)
        return rid

    def track(self, name: str) -> str:
        key = title_key(name)
        if key not in self.track_keys:
            self.track_keys[key] = slugify(name)
            self.tracks[slugify(name)] = name
        return self.track_keys[key]

    def named(self, session: dict[str, Any], source: str) -> None:
        """Record that ``source`` names (some of) the session's speakers."""
        names = self.origin.setdefault((session["id"], "speakers"), [])
        if source not in names:
            names.append(source)

    def speakers_of(self, session: dict[str, Any], people: list[tuple[str, str | None]], source: str) -> None:
        if people:
            self.named(session, source)
        ids = [self.speaker(name, None, org, source) for name, org in people]
        if not session["speakers"]:
            session["speakers"] = ids
        elif set(ids) - set(session["speakers"]):
            raise SourceError(f"{session['id']}: {source} names other speakers {ids!r}; decide")


def _source_rank(source: str) -> int:
    return SOURCE_ORDER.index(source)


def _shown_organisations(speakers: _Speakers) -> None:
    """Each organisation conflict shows the value of the first source in source order."""
    for rec in speakers.records.values():
        for conflict in rec["conflicts"]:
            conflict["values"].sort(key=lambda v: min(map(_source_rank, v["sources"])))
            rec[conflict["field"]] = conflict["values"][0]["value"]


def _put_day_only(session: dict[str, Any], day: str) -> None:
    """Insert "day_only" after "end" (the native key order)."""
    items = list(session.items())
    session.clear()
    for key, value in items:
        session[key] = value
        if key == "end":
            session["day_only"] = day


def _add_programme(sources: Path, prog: _Programme, seed_000: dict[str, Any], seed_000_abstract: str) -> None:
    """Merge the recap and the other excerpts into the sessions (see data/README.md)."""
    recap = _parse_recap(sources)
    src = "recap-pytorch-blog"
    # paragraph sections: keynotes, meetings, BoFs: titles that name seed sessions,
    # or (BoFs) new sessions with their speakers
    for mention in recap["mentions"]:
        if mention["section"] in NON_TALK_SECTIONS:
            # NON_TALK_RULE, and SPONSOR_RULE: the sponsor sessions it names by title are sessions
            if SPONSOR_SESSIONS in mention["text"]:
                for title in mention["quoted"]:
                    prog.new(title, "sponsored-talk", None, src)  # no day: the expo "ran throughout both days"
            continue
        if not mention["bolds"] and not mention["quoted"]:
            continue  # a linking sentence ("The morning opened on the Master Stage ...")
        day = mention["day"]
        same_day = [s for s in prog.sessions if s["start"] and s["start"][:10] == day]
        titles = [t for t in [*mention["quoted"], *mention["bolds"]] if prog.find(t) is not None]
        if titles:
            for title in titles:
                session = prog.find(title)
                assert session is not None
                if session not in same_day:
                    raise SourceError(f"{RECAP}:{mention['line']}: {title!r} is not on {day}")
                prog.add_title(session, title, src)
        elif mention["section"].startswith("Birds of a Feather"):
            for m in re.finditer(r"\*\*(?P<title>.+?)\*\* with (?P<who>.+?)(?= and \*\*|\.?$)", mention["text"]):
                session = prog.new(m["title"], "birds-of-a-feather", None, src)
                prog.day(session, day, src)
                prog.speakers_of(session, _recap_people(m["who"], f"{RECAP}:{mention['line']}", grouped=True), src)
        else:  # a keynote named by its speaker only ("Matt White ... set the stage")
            names = {fold(b) for b in mention["bolds"]}
            hits = [
                s
                for s in same_day
                if s["kind"] in ("keynote", "sponsored-keynote")
                and {fold(prog.speakers.records[i]["name"]) for i in s["speakers"]} <= names
            ]
            if len(hits) != 1:
                raise SourceError(f"{RECAP}:{mention['line']}: no single keynote for {mention['bolds']!r}")
            prog.add_source(hits[0], src)
    # track sections: one talk per item
    for item in recap["items"]:
        where = f"{RECAP}:{item['line']}"
        session = prog.find(item["title"])
        if session is None and item["title"] == SEED_000_RECAP_TITLE:
            if item["people"][0][0].split()[0] != SEED_000_EVIDENCE[0] or SEED_000_EVIDENCE[1] not in seed_000_abstract:
                raise SourceError(f"{where}: seed 000 no longer matches {SEED_000_RECAP_TITLE!r}")
            session = seed_000
            prog.add_title(session, item["title"], src)
            prog.by_key[title_key(item["title"])] = session
            # the seed's "Nikhil" is the recap's "Nikhil Patel": one record, the full name shown
            rec = prog.speakers.records.pop(session["speakers"][0])
            full, org = item["people"][0]
            rec.update(id=slugify(full), name=full, aliases=[rec["name"]], organisation=org)
            prog.speakers.records[rec["id"]] = rec
            prog.speakers.origin[rec["id"], "organisation"] = src
            session["speakers"] = [rec["id"]]
        if session is None:
            session = prog.new(item["title"], item["kind"] or "talk", None, src)
            if item["kind"] is None:
                prog.default_kind.add(session["id"])
            prog.value(session, "track", prog.track(item["section"]), src, "")
            prog.speakers_of(session, item["people"], src)
        else:
            prog.add_title(session, item["title"], src)
            if session["id"] not in prog.seed_ids or session is seed_000:
                prog.speakers_of(session, item["people"], src)
            else:
                ids = [prog.speaker(name, None, org, src) for name, org in item["people"]]
                prog.named(session, src)
                if sorted(ids) != sorted(session["speakers"]):
                    raise SourceError(f"{where}: speakers {ids!r} differ from the seed's")
            if session["track"] is not None and title_key(prog.tracks[session["track"]]) != title_key(item["section"]):
                if not any(v["field"] == "track" for v in session["variants"]):
                    session["variants"].append(
                        {
                            "field": "track",
                            "values": [
                                {
                                    "value": prog.tracks[session["track"]],
                                    "sources": list(prog.origin[session["id"], "track"]),
                                },
                                {"value": item["section"], "sources": [src]},
                            ],
                            "rule": "the Sched category is shown; the recap's section heading is its own wording",
                        }
                    )
            elif session["track"] is None and session is seed_000:
                prog.value(session, "track", prog.track(item["section"]), src, "")
        if item["room"]:
            prog.value(session, "room", prog.room(item["room"]), src, "")
        prog.day(session, item["day"], src)

    # Sched list pages: title, kind prefix, speakers, time
    for sid_src, _, name in PROGRAMME_SOURCES:
        if not sid_src.startswith("sched-list-") or sid_src == "sched-list-audience-yes":
            continue
        for entry in _sched_list(sources, name):
            title = _KIND_PREFIX_ANY.sub("", entry["heading"])
            session = prog.find(title)
            kind, label = (
                ("lightning-talk", "Lightning Talk")
                if entry["heading"].startswith("Lightning Talk: ")
                else ("talk", None)
            )
            if session is None:
                session = prog.new(title, kind, label, sid_src)
            prog.add_title(session, title, sid_src)
            if label and session["id"] in prog.default_kind:
                session["kind_label"] = label
            if label:
                prog.kind_stated(session, kind, sid_src)
            if entry["track"] is not None:
                prog.value(session, "track", prog.track(entry["track"]), sid_src, "the first source's track is shown")
            date = entry["date"]
            prog.value(session, "start", _datetime(date, date["start"]), sid_src, SCHED_RULE)
            prog.value(session, "end", _datetime(date, date["end"]), sid_src, SCHED_RULE)
            if not session["speakers"]:
                prog.speakers_of(session, entry["people"], sid_src)
            else:
                prog.named(session, sid_src)
                for person, org in entry["people"]:
                    if prog.speaker(person, None, org, sid_src) not in session["speakers"]:
                        raise SourceError(f"{name}: {person!r} is not a speaker of {title!r}")
            if session["abstract"] is None:
                session["abstract"] = entry["text"]

    # Sched event pages
    for sid_src, _, name in PROGRAMME_SOURCES:
        if not sid_src.startswith("sched-event-"):
            continue
        eid = sid_src.removeprefix("sched-event-")
        page = _sched_page(sources, name)
        if eid in SCHED_PAGE_LINKS:
            title, evidence = SCHED_PAGE_LINKS[eid]
            session = prog.find(title)
            if session is None:
                raise SourceError(f"{name}: no session {title!r}")
            text = "\n".join([page["url"], page["text"] or "", *(p[0] for p in page["people"])])
            if not all(word in text for word in evidence):
                raise SourceError(f"{name}: the page does not say {evidence!r}")
        elif eid in SUBJECT_LINKS:
            title, words = SUBJECT_LINKS[eid]
            session = prog.find(title)
            if session is None:
                raise SourceError(f"{name}: no session {title!r}")
            _check_subject_link(name, page, session, words, prog)
        else:
            if eid not in UNTITLED_PAGES:
                raise SourceError(f"{name}: page {eid} neither linked nor listed as untitled")
            session = prog.new(None, "talk", None, sid_src, f"untitled-{slugify(eid)}")
            listed = UNTITLED_PAGES[eid]
            for person, org in listed:
                if person not in (page["text"] or "") and person not in [p[0] for p in page["people"]]:
                    raise SourceError(f"{name}: the page does not name {person!r}")
                if org is not None and f"at {org}" not in (page["text"] or ""):
                    raise SourceError(f"{name}: the page does not say {person!r} is at {org!r}")
            session["speakers"] = [prog.speaker(p, None, o, sid_src) for p, o in listed]
            if listed:
                prog.named(session, sid_src)
        prog.add_source(session, sid_src)
        prog.link(session, "url", page["url"], sid_src, 1)  # the page's own address, line 1 of its file
        if eid in PAGE_KINDS:
            kind, phrase = PAGE_KINDS[eid]
            if phrase not in (page["text"] or ""):
                raise SourceError(f"{name}: the page does not say {phrase!r}")
            prog.kind_stated(session, kind, sid_src)
        if page["people"]:
            prog.named(session, sid_src)
        for person, job, org in page["people"]:
            sid = prog.speaker(person, job, org, sid_src)
            if sid not in session["speakers"]:
                if session["id"] in prog.seed_ids:
                    raise SourceError(f"{name}: {person!r} is not a speaker of {session['id']}")
                session["speakers"].append(sid)
        if page["date"] is not None:
            date = page["date"]
            prog.value(session, "start", _datetime(date, date["start"]), sid_src, SCHED_RULE)
            prog.value(session, "end", _datetime(date, date["end"]), sid_src, SCHED_RULE)
        if page["room"] is not None:
            prog.value(session, "room", prog.room(page["room"]), sid_src, SCHED_RULE)
        if session["abstract"] is None and page["text"] is not None:
            abstract, bio, speaker = _split_bio(page, [prog.speakers.records[i] for i in session["speakers"]])
            session["abstract"] = abstract
            prog.origin[session["id"], "abstract"] = [sid_src]
            if speaker is not None and bio is not None and prog.speakers.records[speaker]["bio"] is None:
                prog.speakers.records[speaker]["bio"] = bio

    # Sched calendar feed: its stored start holds only non-talk items (NON_TALK_RULE)
    for event in _ics_events(sources):
        if event.get("CATEGORIES") not in _ICS_KINDS:
            raise SourceError(f"{SCHED_ICS}: {event.get('SUMMARY')!r} is not a non-talk item; decide")

    _add_recordings_and_pages(sources, prog)
    _add_events_list(sources, prog)
    _shown_organisations(prog.speakers)


SCHED_RULE: str = EDITORIAL["rules"]["sched"]


def _bio_start(text: str, speakers: list[dict[str, Any]]) -> tuple[int, str] | None:
    """Where the first sentence naming a speaker starts (a Sched bio opens with
    the speaker's name: "Bin Bao is ...", "Zain works ..."), and whose it is."""
    found: list[tuple[int, str]] = []
    for rec in speakers:
        for form in (rec["name"], *rec["aliases"], rec["name"].split()[0]):
            m = re.search(r"(?:^|(?<=\. )|(?<=\n))" + re.escape(form) + r"(?= [a-z])", text)
            if m is not None:
                found.append((m.start(), rec["id"]))
                break
    return min(found) if found else None


def _split_bio(page: dict[str, Any], speakers: list[dict[str, Any]]) -> tuple[str | None, str | None, str | None]:
    """A page excerpt's abstract, the bio it runs on into, and the bio's speaker.

    A page with a ``Speakers`` block ends its text before that block: all of it
    is abstract.  A page of the one-paragraph layout runs on into the bio: the
    abstract ends before the first sentence that opens with a speaker's name
    (full or given, as the page gives it).  If the page names no speaker,
    nothing marks where a bio starts, so only the text up to the first omission
    mark (the page's opening, which on a Sched page is the description) is kept.
    """
    text: str = page["text"]
    if page["people"]:
        return text, None, None
    start = _bio_start(text, speakers)
    if start is not None:
        at, speaker = start
        abstract = text[:at].rstrip()
        if not abstract:
            raise SourceError(f"{page['url']}: the page opens with the bio")
        return abstract, text[at:], speaker
    cut = text.find(OMITTED)
    return (text if cut < 0 else text[: cut + len(OMITTED)]), None, None


def _check_subject_link(
    name: str, page: dict[str, Any], session: dict[str, Any], words: tuple[str, ...], prog: _Programme
) -> None:
    """A page linked by subject alone names no speaker, contains the title's
    own names for its subject, and no other known title contains them."""
    text = page["text"] or ""
    if page["people"] or _bio_start(text, [prog.speakers.records[i] for i in session["speakers"]]):
        raise SourceError(f"{name}: the page names a speaker; link it by speaker and subject")
    for word in words:
        if word.casefold() not in text.casefold() or word.casefold() not in (session["title"] or "").casefold():
            raise SourceError(f"{name}: {word!r} is not in both the page and {session['title']!r}")
        others = [
            s["id"] for s in prog.sessions if s is not session and word.casefold() in (s["title"] or "").casefold()
        ]
        if others:
            raise SourceError(f"{name}: {word!r} is also in the titles of {others!r}")


def _heading_people(text: str) -> list[tuple[str, str | None]]:
    """Speakers of a Sched-style heading suffix: "A, Org & B, Org; C & D, Org"."""
    people: list[tuple[str, str | None]] = []
    for group in text.split("; "):
        parts = group.split(" & ")
        pending: list[str] = []
        for part in parts:
            if ", " in part:
                name, org = part.split(", ", 1)
                people += [(p, org) for p in pending] + [(name, org)]
                pending = []
            else:
                pending.append(part)
        if pending:
            raise SourceError(f"no organisation for {pending!r} in {text!r}")
    return people


#: Recording and talk pages, by source id.
RECORDING_SOURCES: list[str] = EDITORIAL["lists"]["recording_sources"]
TALK_PAGES: list[str] = EDITORIAL["lists"]["talk_pages"]


def _file_of(source_id: str) -> str:
    return next(name for sid, _, name in PROGRAMME_SOURCES if sid == source_id)


def _add_recordings_and_pages(sources: Path, prog: _Programme) -> None:
    for sid_src in RECORDING_SOURCES:
        _, lines = _read(sources, _file_of(sid_src))
        heading = next(ln for ln in lines if re.search(r" [-–] [A-Z][^ ]+ [A-Z]", ln))
        title, who = re.split(r" [-–] (?=[A-Z][^ ]+ [A-Z][^,]*,)", heading, maxsplit=1)
        people = _heading_people(who)
        kind, label = ("talk", None)
        if title.startswith("Sponsored Session: "):
            kind, label = "sponsored-talk", "Sponsored Session"
        bare = _KIND_PREFIX_ANY.sub("", title)
        session = prog.find(bare)
        if session is None:
            session = prog.new(bare, kind, label, sid_src)
            session["speakers"] = [prog.speaker(n, None, o, sid_src) for n, o in people]
        prog.add_title(session, bare, sid_src)
        prog.link(session, "recording", _read(sources, _file_of(sid_src))[0], sid_src, 1)  # the recording's page
        prog.named(session, sid_src)
        for name, org in people:
            if prog.speaker(name, None, org, sid_src) not in session["speakers"]:
                raise SourceError(f"{sid_src}: {name!r} is not a speaker of {session['id']}")
    # the audience list page shows the TorchTPU abstract without a title
    _, lines = _read(sources, _file_of("sched-list-audience-yes"))
    _, tpu = _read(sources, _file_of("recording-torchtpu"))
    torchtpu = prog.find("TorchTPU: Expanding TPU Programmability to Pytorch")
    shown = next(ln for ln in lines if ln.strip())
    if torchtpu is None or not any(ln.split(" ... ")[0] == shown.split(" ... ")[0] for ln in tpu):
        raise SourceError("the audience list page no longer shows the TorchTPU abstract")
    prog.add_source(torchtpu, "sched-list-audience-yes")
    if torchtpu["abstract"] is None:
        torchtpu["abstract"] = shown
    for sid_src in TALK_PAGES:
        _, lines = _read(sources, _file_of(sid_src))
        body = [ln for ln in lines if ln.strip()]
        kind_line, title = body[0], body[1]
        if kind_line not in ("Talk", "Session"):
            raise SourceError(f"{sid_src}: unexpected layout {body[:2]!r}")
        if title in ("Abstract",):
            raise SourceError(f"{sid_src}: no title")
        session = prog.find(title)
        if session is None:
            session = prog.new(title, "talk", None, sid_src)
            prog.default_kind.add(session["id"])
        prog.add_title(session, title, sid_src)
        if kind_line == "Talk":  # the IBM Research page files it as a "Talk"
            prog.kind_stated(session, "talk", sid_src)
    # GitHub files: titles (and one date) that speakers and projects give
    _, lines = _read(sources, _file_of("github-cpp-extensions"))
    m = re.search(r"\*(?P<title>[^*]+)\*,", "\n".join(lines))
    assert m is not None
    session = prog.find(m["title"])
    if session is None:
        raise SourceError(f"github-cpp-extensions: no session {m['title']!r}")
    prog.add_title(session, m["title"], "github-cpp-extensions")
    for i, line in enumerate(lines):  # the entry's links: "[schedule entry](URL)", "[slides (PDF)](URL)"
        for label, url in re.findall(r"\[(schedule entry|slides \(PDF\))\]\((https://[^)\s]+)\)", line):
            prog.link(
                session, "url" if label == "schedule entry" else "slide_urls", url, "github-cpp-extensions", i + 3
            )
    _add_slide_addresses(sources, prog)
    juce = next(s for s in prog.sessions if s["id"] == "untitled-2juce")
    for sid_src in ("github-megatron-bridge", "github-verl"):
        _, lines = _read(sources, _file_of(sid_src))
        if "sched.com/event/2Juce/" not in "\n".join(lines):
            raise SourceError(f"{sid_src}: no link to event 2Juce")
        prog.add_source(juce, sid_src)
    _, lines = _read(sources, _file_of("github-speaker-site"))
    text = "\n".join(lines)
    m = re.search(
        r'title:\s*"(?P<title>[^"]+)",\s*event: "PyTorch Conference Europe 2026",\s*date: "Apr (?P<d>\d+), 2026"', text
    )
    if m is None:
        raise SourceError("github-speaker-site: the talk entry is missing")
    session = prog.find(m["title"])
    if session is None:
        raise SourceError(f"github-speaker-site: no session {m['title']!r}")
    prog.add_title(session, m["title"], "github-speaker-site")
    short = re.search(r'\[54857392823\] title: "([^"]+)"', text)
    if short is not None and title_key(session["title"]).startswith(title_key(short[1])):
        prog.add_title(session, short[1], "github-speaker-site")
    prog.day(session, f"2026-04-{int(m['d']):02d}", "github-speaker-site")
    if re.search(r'event: "PyTorch Conference Europe 2026",[^}]*?type: "Talk"', text):  # the site's own "type"
        prog.kind_stated(session, "talk", "github-speaker-site")


_HOSTED_FILE = re.compile(r"https://hosted-files\.sched\.co/[^)\s]+")


def slide_words(name: str) -> list[str]:
    """The words of a slide file's name, as Sched lists the file ("PyTorch Conf EU 2026 PyTorch on RISC V pdf")
    or as its address ends ("PyTorch%20Conf%20EU%20-%202026%20-%20PyTorch%20on%20RISC-V.pdf"): percent-decoded,
    split at every character that is not a letter or digit, case ignored."""
    return [w for w in re.split(r"[^0-9a-z]+", unquote(name).casefold()) if w]


def _add_slide_addresses(sources: Path, prog: _Programme) -> None:
    """Slide addresses of GitHub files that name no session of their own (see data/README.md)."""
    listed = {" ".join(slide_words(slide)): s for s in prog.sessions for slide in s["slides"]}
    for sid_src in ("github-riscv-slides", "github-torchtpu-deck"):
        _, lines = _read(sources, _file_of(sid_src))
        for i, line in enumerate(lines):
            for url in _HOSTED_FILE.findall(line):
                words = " ".join(slide_words(url.rsplit("/", 1)[1]))
                session = listed.get(words)
                if session is None and sid_src in SLIDE_LINKS:
                    title, word = SLIDE_LINKS[sid_src]
                    session = prog.find(title)
                    holders = [
                        s["id"] for s in prog.sessions if s["title"] and word.casefold() in s["title"].casefold()
                    ]
                    if session is None or word not in unquote(url) or holders != [session["id"]]:
                        raise SourceError(f"{sid_src}: {url} does not name {title!r} alone by {word!r}")
                if session is None:
                    raise SourceError(f"{sid_src}: no session lists the slide file of {url}; decide")
                prog.link(session, "slide_urls", url, sid_src, i + 3)


LLM_D_RULE: str = EDITORIAL["rules"]["llm_d_time"]
LLM_D_ROOM_RULE: str = EDITORIAL["rules"]["llm_d_room"]
LLM_D_SPEAKER_RULE: str = EDITORIAL["rules"]["llm_d_speakers"]


def _add_events_list(sources: Path, prog: _Programme) -> None:
    text = (sources / EVENTS_LIST).read_text(encoding="utf-8")
    entry = re.compile(
        r"title: (?P<q>['\"])(?P<title>.+?)(?P=q),\s*date: '(?P<date>[^']+)',\s*time: '(?P<start>\d\d:\d\d) – "
        r"(?P<end>\d\d:\d\d) CEST',\s*location: '(?P<room>[^']+)',\s*href: '(?P<href>[^']+)'"
    )
    found = list(entry.finditer(text))
    if len(found) != 7:
        raise SourceError(f"{EVENTS_LIST}: expected 7 sessions, found {len(found)}")
    src = "events-list-llm-d"
    for m in found:
        heading = m["title"]
        title = _KIND_PREFIX_ANY.sub("", heading)
        session = prog.find(title)
        kind, label = "talk", None
        if heading.startswith("Lightning Talk: "):
            kind, label = "lightning-talk", "Lightning Talk"
        elif heading.startswith("Birds of A Feather: "):
            kind, label = "birds-of-a-feather", "Birds of A Feather"
        if session is None:
            session = prog.new(title, kind, label, src)
        if session["id"] in prog.default_kind and label is not None:
            session["kind_label"] = label
        if label is not None:
            prog.kind_stated(session, kind, src)
        if not session["speakers"] and title in EVENTS_LIST_SLUG_SPEAKERS:
            names = EVENTS_LIST_SLUG_SPEAKERS[title]
            if not all(slugify(n) in m["href"] for n in names):
                raise SourceError(f"{EVENTS_LIST}: the link of {title!r} does not name {names!r}")
            session["speakers"] = [prog.speaker(n, None, None, src) for n in names]
            prog.named(session, src)
        prog.add_title(session, title, src)
        prog.link(session, "url", m["href"], src, text.count("\n", 0, m.start("href")) + 1)  # its Sched link
        if session["kind"] == kind and session["kind_label"] is None and label is not None:
            session["kind_label"] = label
        dm = re.match(r"^\w{3}, Apr (\d+), 2026$", m["date"])
        assert dm is not None
        day = f"2026-04-{int(dm[1]):02d}"
        sh, sm = (int(x) for x in m["start"].split(":"))
        eh, em = (int(x) for x in m["end"].split(":"))
        start = datetime(2026, 4, int(dm[1]), sh, sm, tzinfo=ZONE)
        end = datetime(2026, 4, int(dm[1]), eh, em, tzinfo=ZONE)
        prog.day(session, day, src)
        prog.value(session, "start", f"{start.isoformat()}[{TIMEZONE}]", src, LLM_D_RULE)
        prog.value(session, "end", f"{end.isoformat()}[{TIMEZONE}]", src, LLM_D_RULE)
        if m["room"] != "TBA":
            prog.value(session, "room", prog.room(m["room"]), src, LLM_D_ROOM_RULE)
        # speakers in the link slug: everything after the title's slug
        prefix = slugify(_QUOTES.sub("", heading))  # Sched slugs drop apostrophes: "vllms"
        tail = m["href"].rsplit("/", 1)[1]
        if not tail.startswith(prefix):
            raise SourceError(f"{EVENTS_LIST}: the link of {heading!r} does not start with its title")
        tail = tail.removeprefix(prefix).strip("-")
        if session["speakers"]:
            left = "-" + tail + "-"
            missing = False
            for sid in session["speakers"]:
                if f"-{sid}-" not in left:
                    missing = True
                left = left.replace(f"-{sid}-", "-", 1)
            orgs = {prog.speakers.records[s]["organisation"] for s in session["speakers"]}
            orgs |= {
                v["value"]
                for s in session["speakers"]
                for c in prog.speakers.records[s]["conflicts"]
                for v in c["values"]
            }
            for org in sorted((o for o in orgs if o), key=len, reverse=True):
                left = left.replace(f"-{slugify(org)}-", "-")
            if missing or left.strip("-"):
                shown = "; ".join(prog.speakers.records[s]["name"] for s in session["speakers"])
                prog.value_conflict(
                    session, "speakers", shown, prog.origin[session["id"], "speakers"], tail, src, LLM_D_SPEAKER_RULE
                )


WEAK_LLM_D: str = EDITORIAL["text"]["weak_llm_d"]
WEAK_DEFAULT_KIND: str = EDITORIAL["text"]["weak_default_kind"]
#: a provenance field -> the key of its sources in _Programme.origin
_ORIGIN_KEYS = {
    "start": "start",
    "end": "end",
    "day_only": "day",
    "room": "room",
    "track": "track",
    "speakers": "speakers",
    "url": "url",
    "recording": "recording",
}


def _field_sources(session: dict[str, Any], prog: _Programme) -> list[dict[str, Any]]:
    """Which sources gave each value the session shows, and which values are weak (data/README.md,
    "Provenance and weak values")."""
    found: list[dict[str, Any]] = []
    for name in ("start", "end", "day_only", "room", "kind", "track", "speakers", "url", "recording"):
        if not session.get(name):
            continue
        if name == "kind":
            stated = prog.kind_from.get(session["id"])
            if stated is None:
                found.append({"field": "kind", "sources": [], "weak": WEAK_DEFAULT_KIND.format(kind=session["kind"])})
            else:
                found.append(
                    {
                        "field": "kind",
                        "sources": sorted(stated, key=_source_rank),
                        "weak": WEAK_LLM_D if stated == ["events-list-llm-d"] else None,
                    }
                )
            continue
        cited = sorted(dict.fromkeys(prog.origin[session["id"], _ORIGIN_KEYS[name]]), key=_source_rank)
        weak = WEAK_LLM_D if cited == ["events-list-llm-d"] and name != "url" else None
        found.append({"field": name, "sources": cited, "weak": weak})
    return found


def _coverage(sessions: list[dict[str, Any]]) -> str:
    """The coverage statement with its counts."""
    timed_room = sum(1 for s in sessions if s["start"] and s["room"])
    timed = sum(1 for s in sessions if s["start"] and not s["room"])
    day_only = sum(1 for s in sessions if "day_only" in s)
    return COVERAGE.format(
        total=len(sessions),
        timed_room=timed_room,
        timed=timed,
        day_only=day_only,
        no_day=len(sessions) - timed_room - timed - day_only,
    )


def build(sources: Path) -> dict[str, Any]:
    """Parse the Europe 2026 sources and return the native JSON document."""
    return finish(_build(sources)[0])


def traced_links(sources: Path) -> list[tuple[str, str, str, str, int]]:
    """Every address the build takes into a session: (session id, field, value, source file, line)."""
    return _build(sources)[1].links


def _build(sources: Path) -> tuple[dict[str, Any], _Programme]:
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
        spellings = {s["name"]: [s["name"], *HEADING_ALIASES.get(s["name"], [])] for s in parsed["speakers"]}
        heading_title, suffix = _split_heading(parsed["heading"], spellings)
        title, kind, kind_label = _kind(heading_title, parsed["track"])
        heading_orgs: dict[str, str | None] = {}
        if suffix is not None:
            heading_orgs = _heading_organisations(
                suffix,
                [
                    (s["name"], spellings[s["name"]], _split_job(s["job_line"])[0] if s["job_line"] else None)
                    for s in parsed["speakers"]
                ],
                f"session {parsed['heading'][:40]!r}",
            )
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
                    raise SourceError(
                        f"{s['name']!r}: the heading gives {heading_org!r}, the card no organisation; decide"
                    )
                heading_conflicts.setdefault(ids[-1], {}).setdefault(heading_org, []).append(title)
        room_id = slugify(parsed["room"])
        rooms[room_id] = parsed["room"]
        track_id = None
        if parsed["track"] is not None:
            track_id = slugify(parsed["track"])
            tracks[track_id] = parsed["track"]
        date = parsed["date"]
        sessions.append(
            _session(
                session_id(title, taken, "session"),
                title,
                kind,
                kind_label,
                _datetime(date, date["start"]),
                _datetime(date, date["end"]),
                room_id,
                track_id,
                ids,
                parsed["abstract"],
                parsed["audience"],
                parsed["slides"],
                ["seed-002"],
            )
        )

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
    seed_000 = _session(
        session_id(None, taken, SEED_000_SESSION_ID),
        None,
        "other",
        None,
        None,
        None,
        None,
        None,
        [sid],
        "\n\n".join(abstract_lines),
        None,
        [],
        ["seed-000"],
    )
    sessions.append(seed_000)

    # the rest of the programme: the recap and the other excerpts
    prog = _Programme(sessions, speakers, rooms, tracks, taken)
    _add_programme(sources, prog, seed_000, seed_000["abstract"])
    for session in sessions:
        session["field_sources"] = _field_sources(session, prog)
    coverage = _coverage(sessions)

    # The venue: no seed names it; the third-party write-up does ("... held April 7-8 at
    # Station F in Paris."). Only the venue is taken from it.
    write_up = (sources / WRITE_UP).read_text(encoding="utf-8")
    venue_match = re.search(r"held April 7-8 at ([A-Z][\w ]+?) in Paris", write_up)
    if venue_match is None:
        raise SourceError(f"{WRITE_UP}: the sentence naming the venue is missing")
    source_list = [dict(src) for src in SOURCES]
    for sid_src, title, name in PROGRAMME_SOURCES:
        line_1 = _read(sources, name)[0]  # an address, or (GitHub files) a description of the copies
        source_list.append(
            {
                "id": sid_src,
                "title": title,
                "url": line_1 if line_1.startswith("https://") else None,
                "file": PAGES + name,
            }
        )
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
    }, prog


if __name__ == "__main__":
    raise SystemExit(main("eu2026", build))
