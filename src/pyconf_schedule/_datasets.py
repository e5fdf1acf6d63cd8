"""The embedded datasets: ``load(name)``, ``dataset_names()`` and cross-conference lookup.

Datasets are native JSON files inside the package (``datasets/*.json``), so
wheels and editable installs read the same files.  Each is parsed once per
process, even when several threads load it at once, and cached; the
Conference is immutable.

Loading the embedded files does not go through the cattrs converter: a
direct decoder builds the objects, because importing cattrs and generating
its structuring code would triple the cost of a cold ``load()`` (see
``benchmarks/cold_start.py``).  The shipped files are valid by construction
and a test checks that both decoders give equal Conferences; should the
direct decoder fail, the converter is used and reports the error.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from ._conference import Conference
from ._days import ProgrammeDay
from ._model import Conflict, Room, Session, SessionKind, Source, SourcedValue, Speaker, Track
from ._sessions import Sessions
from .exceptions import UnknownDatasetError, UnknownSpeakerError

__all__ = ["dataset_names", "find_speaker", "load"]

_PACKAGE = "pyconf_schedule.datasets"
_FOLDER = os.path.join(os.path.dirname(__file__), "datasets")


def _dataset_files() -> Iterator[tuple[str, str]]:
    """(file name, text reader) pairs; importlib.resources only where files are not plain files."""
    if os.path.isdir(_FOLDER):
        for name in sorted(os.listdir(_FOLDER)):
            yield name, os.path.join(_FOLDER, name)
        return
    from importlib import resources  # zip imports and other loaders

    for entry in resources.files(_PACKAGE).iterdir():
        yield entry.name, entry.name


def _read(name: str) -> str:
    path = os.path.join(_FOLDER, f"{name}.json")
    if os.path.isfile(path):
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    from importlib import resources

    return resources.files(_PACKAGE).joinpath(f"{name}.json").read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def dataset_names() -> tuple[str, ...]:
    """The names of the embedded datasets, sorted.

    >>> dataset_names()
    ('eu2026', 'na2026')
    """
    return tuple(sorted(name[: -len(".json")] for name, _ in _dataset_files() if name.endswith(".json")))


def load(name: str) -> Conference:
    """Return the embedded dataset ``name`` as an immutable, cached :class:`Conference`.

    Raises :class:`~pyconf_schedule.exceptions.UnknownDatasetError`, listing
    the datasets and the closest name, when there is no such dataset.

    >>> load("eu2026").name
    'PyTorch Conference Europe 2026'
    """
    names = dataset_names()
    if not isinstance(name, str):
        raise TypeError(f"load() expects a dataset name as str ({', '.join(names)}), got {type(name).__name__}")
    if name not in names:
        raise UnknownDatasetError(name, names)
    return _load(name)


_cache: dict[str, Conference] = {}
_build_lock = threading.Lock()


def _load(name: str) -> Conference:
    """The cached Conference of dataset ``name``, built once per process even when threads race.

    The cache is read without the lock (a dict lookup is atomic); a miss
    takes the lock and looks again, so only the first thread builds.
    """
    conf = _cache.get(name)
    if conf is None:
        with _build_lock:
            conf = _cache.get(name)
            if conf is None:
                conf = _cache[name] = _build(name)
    return conf


def _build(name: str) -> Conference:
    document = json.loads(_read(name))
    try:
        return decode(document)
    except Exception:  # the converter explains what is wrong with the file
        from ._converter import conference_from_dict

        return conference_from_dict(document)


def _datetime(value: str | None) -> Any:
    # The shipped files hold well-formed RFC 9557 text: "2026-04-08T11:05:00+02:00[Europe/Paris]".
    if value is None:
        return None
    from datetime import datetime

    from ._time import get_zone

    iso, _, zone = value.partition("[")
    parsed = datetime.fromisoformat(iso)
    return parsed.astimezone(get_zone(zone[:-1])) if zone else parsed


def _conflicts(items: list[dict[str, Any]]) -> tuple[Conflict, ...]:
    return tuple(
        Conflict(
            field=c["field"],
            values=[SourcedValue(value=v["value"], sources=v["sources"]) for v in c["values"]],
            rule=c["rule"],
        )
        for c in items
    )


def decode(document: dict[str, Any]) -> Conference:
    """Build a Conference from a native JSON document known to be valid (the shipped datasets)."""
    from datetime import date, time

    if document["format"] != "pyconf-schedule" or document["version"] != 1:
        raise ValueError("not a version 1 pyconf-schedule document")
    body = document["conference"]
    rooms = {r["id"]: Room(id=r["id"], name=r["name"]) for r in body["rooms"]}
    tracks = {t["id"]: Track(id=t["id"], name=t["name"]) for t in body["tracks"]}
    speakers = {
        p["id"]: Speaker(
            id=p["id"], name=p["name"], aliases=p["aliases"], job_title=p["job_title"],
            organisation=p["organisation"], bio=p["bio"], conflicts=_conflicts(p["conflicts"]),
        )
        for p in body["speakers"]
    }
    sessions = [
        Session(
            id=s["id"], title=s["title"], kind=SessionKind(s["kind"]), kind_label=s["kind_label"],
            start=_datetime(s["start"]), end=_datetime(s["end"]),
            day_only=None if s.get("day_only") is None else date.fromisoformat(s["day_only"]),
            room=None if s["room"] is None else rooms[s["room"]],
            track=None if s["track"] is None else tracks[s["track"]],
            speakers=[speakers[i] for i in s["speakers"]],
            abstract=s["abstract"], audience_level=s["audience_level"], language=s["language"], url=s["url"],
            slides=s["slides"], sources=s["sources"], title_variants=s["title_variants"],
            variants=_conflicts(s["variants"]), conflicts=_conflicts(s["conflicts"]),
        )
        for s in body["sessions"]
    ]
    days = [
        ProgrammeDay(date=date.fromisoformat(d["date"]), start=_datetime(d["start"]), end=_datetime(d["end"]))
        for d in body.get("programme_days", ())
    ]
    day_change = body.get("day_change")
    dates = {k: None if body[k] is None else date.fromisoformat(body[k]) for k in ("start_date", "end_date")}
    return Conference(
        id=body["id"], name=body["name"], timezone=body["timezone"], sessions=sessions,
        speakers=list(speakers.values()), rooms=list(rooms.values()), tracks=list(tracks.values()),
        sources=[Source(id=x["id"], title=x["title"], url=x["url"], file=x["file"]) for x in body["sources"]],
        city=body["city"], country=body["country"], venue=body["venue"], url=body["url"],
        start_date=dates["start_date"], end_date=dates["end_date"], coverage=body["coverage"],
        programme_days=days, day_change=None if day_change is None else time.fromisoformat(day_change),
        view_timezone=body.get("view_timezone"),
    )


def find_speaker(name: str) -> dict[str, Sessions]:
    """Every embedded dataset in which ``name`` speaks, with that person's sessions.

    Names match as in :meth:`Sessions.by_speaker` (whole names, aliases, case
    and accents ignored).  Raises UnknownSpeakerError, with close names from
    every dataset, when no dataset knows the person.

    >>> {k: len(v) for k, v in find_speaker("Liz Li").items()}
    {'eu2026': 1, 'na2026': 2}
    """
    found: dict[str, Sessions] = {}
    known: list[str] = []
    for dataset in dataset_names():
        conf = load(dataset)
        try:
            found[dataset] = conf.by_speaker(name)
        except UnknownSpeakerError:
            known.extend(s.name for s in conf.speakers)
    if not found:
        raise UnknownSpeakerError(name, known)
    return found
