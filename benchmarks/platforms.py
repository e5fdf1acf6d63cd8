"""Benchmark: the pretalx-api and indico readers against ``json.loads`` of the same bytes.

The synthetic conference of ``benchmarks/scale.py`` (rooms, tracks, 1-3
speakers a session, ~500-character abstracts, a fixed seed) is turned into
the documents the two platforms serve: a pretalx bundle (the event and its
expanded schedule, every room, track and type name a multi-language
``{"en", "de"}`` object, one break slot in ten) and an Indico
``detail=sessions`` export (``{date, time, tz}`` dates, half the
contributions inside sessions, speakers with affiliations).  Each read is
the best of ``--repeat`` runs, next to ``json.loads`` of the same bytes in
the same run; the ratio is the reader's cost over the raw parse.

    python benchmarks/platforms.py [--sizes 1000 10000] [--repeat 3]

Not a test: the suite never asserts a time.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scale import make_conference

from pyconf_schedule import Conference, loads
from pyconf_schedule.formats import ReadableFormat
from pyconf_schedule.formats.pretalx_api import bundle


def pretalx_bundle(conf: Conference) -> bytes:
    """The pretalx bundle of ``conf``: its sessions as expanded slots, one in ten a break (no submission)."""
    slots: list[dict[str, Any]] = []
    for i, s in enumerate(conf.sessions):
        assert s.start is not None and s.end is not None
        room = {"id": i % 200, "name": {"en": s.room.name, "de": f"Saal {s.room.id}"}} if s.room else None
        slot: dict[str, Any] = {
            "id": i,
            "room": room,
            "start": s.start.isoformat(),
            "end": s.end.isoformat(),
            "duration": 30,
        }
        if i % 10 == 9:
            slot.update(submission=None, description={"en": "Break", "de": "Pause"})
        else:
            slot["submission"] = {
                "code": f"C{i:07d}", "title": s.title, "abstract": s.abstract, "description": None, "content_locale": "en",
                "speakers": [{"code": p.id, "name": p.name, "biography": p.bio, "avatar_url": ""} for p in s.speakers],
                "submission_type": {"id": 1, "name": {"en": s.kind.label, "de": s.kind.label}},
                "track": {"id": 1, "name": {"en": s.track.name, "de": s.track.name}} if s.track else None,
                "state": "confirmed", "tags": [], "answers": [], "resources": [], "slots": [i],
            }  # fmt: skip
        slots.append(slot)
    event = {
        "slug": conf.id,
        "name": {"en": conf.name, "de": conf.name},
        "timezone": conf.timezone,
        "locale": "en",
        "locales": ["en", "de"],
        "date_from": "2026-06-01",
        "date_to": "2026-06-05",
    }
    return bundle(event, schedule={"id": 1, "version": "1.0", "slots": slots})


def indico_export(conf: Conference) -> bytes:
    """The Indico ``detail=sessions`` export of ``conf``: even sessions inside Indico sessions (one per track), odd ones beside."""
    zone = conf.timezone

    def moment(value: Any) -> dict[str, str]:
        return {"date": value.date().isoformat(), "time": value.time().isoformat(), "tz": zone}

    blocks: dict[str, list[dict[str, Any]]] = {}
    loose: list[dict[str, Any]] = []
    for i, s in enumerate(conf.sessions):
        assert s.start is not None and s.end is not None
        contribution = {
            "_type": "Contribution", "id": str(i), "title": s.title, "description": s.abstract or "",
            "startDate": moment(s.start), "endDate": moment(s.end), "duration": 30, "room": s.room.name if s.room else None,
            "track": None, "type": s.kind.label, "session": None, "subContributions": [],
            "speakers": [{"_type": "ContributionParticipation", "fullName": p.name, "first_name": "", "last_name": "",
                          "affiliation": p.organisation or ""} for p in s.speakers],
        }  # fmt: skip
        if i % 2 == 0 and s.track:
            contribution["session"] = s.track.name
            blocks.setdefault(s.track.name, []).append(contribution)
        else:
            loose.append(contribution)
    sessions = [
        {"_type": "Session", "title": title, "room": "", "isPoster": False, "contributions": items}
        for title, items in blocks.items()
    ]
    event = {
        "_type": "Conference",
        "id": "1",
        "title": conf.name,
        "timezone": zone,
        "location": "Venue",
        "startDate": {"date": "2026-06-01", "time": "08:00:00", "tz": zone},
        "contributions": loose,
        "sessions": sessions,
    }
    return json.dumps({"count": 1, "_type": "HTTPAPIResult", "results": [event]}, ensure_ascii=False).encode("utf-8")


def _best(action: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", type=int, default=[1000, 10000])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"{'read':<24} {'sessions':>9} {'MB':>7} {'library s':>10} {'json.loads s':>13} {'ratio':>7}")
    for n in args.sizes:
        conf = make_conference(n)
        cases: list[tuple[str, ReadableFormat, bytes]] = [
            ("pretalx-api bundle", "pretalx-api", pretalx_bundle(conf)),
            ("indico detail=sessions", "indico", indico_export(conf)),
        ]
        for name, format, data in cases:
            loads(data, format, max_bytes=len(data) + 1)  # imports and caches first
            library = _best(partial(loads, data, format, max_bytes=len(data) + 1), args.repeat)
            raw = _best(partial(json.loads, data), args.repeat)
            print(f"{name:<24} {n:>9} {len(data) / 1e6:>7.1f} {library:>10.3f} {raw:>13.3f} {library / raw:>7.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
