"""Readers and writers do the same work for every item: the steps they take grow linearly, never as a loop in a loop.

Work is counted, not timed (``tests/_work.py``): the growth of the steps from
``n`` to ``8n`` events, against that from ``n`` to ``2n``, is 1.0 for a loop
over the events and about 3 for a loop inside it.  Native JSON reading is
left to its own tests.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from pyconf_schedule import Conference, Room, Session, Speaker, dumps, loads, read, write
from pyconf_schedule.formats import format_names
from pyconf_schedule.formats._common import UniqueIds

from ._work import growth, steps

_N = 32  # events in the smallest file: growth() reads n, 2n and 8n


def _conference(n: int) -> Conference:
    """``n`` sessions of one shape, each with its own speaker and room named in a script that slugs to nothing."""
    start = datetime(2026, 6, 1, 9, 0, tzinfo=ZoneInfo("Europe/Paris"))
    sessions = [
        Session(
            id=f"s{i:04d}",
            title=f"Talk {i:04d}",
            start=start + timedelta(minutes=i),
            end=start + timedelta(minutes=i + 30),
            room=Room(id=f"r{i:04d}", name=f"会場{chr(0x4E00 + i)}"),
            speakers=(Speaker(id=f"p{i:04d}", name=f"王{chr(0x4E00 + i)}"),),
        )
        for i in range(n)
    ]
    return Conference(id="c", name="C", timezone="Europe/Paris", sessions=sessions)


def _ics(n: int) -> str:
    """An iCalendar file whose events all share one UID (as exports of recurring events do)."""
    return re.sub(r"UID:[^\r\n]*", "UID:same@example.org", dumps(_conference(n), "ics"))


def _frab_xml(n: int) -> str:
    """A schedule.xml whose persons have no id or guid and whose events all have the id 1 and no guid."""
    text = re.sub(r'<person guid="[^"]*"', "<person", dumps(_conference(n), "frab-xml"))
    return re.sub(r'<event id="[^"]*" guid="[^"]*"', '<event id="1"', text)


def _c3voc_json(n: int) -> str:
    """A schedule.json whose persons and events have neither id nor guid."""
    document = json.loads(dumps(_conference(n), "c3voc-json"))
    for day in document["schedule"]["conference"]["days"]:
        for events in day["rooms"].values():
            for event in events:
                del event["id"], event["guid"]
                for person in event["persons"]:
                    del person["guid"]
    return json.dumps(document)


def _sessionize(n: int) -> str:
    """Sessionize's view/All: every session names its speaker, room and track category item by id."""
    conf = _conference(n)
    return json.dumps({
        "sessions": [{"id": s.id, "title": s.title, "startsAt": s.start and s.start.isoformat(),
                      "endsAt": s.end and s.end.isoformat(), "isServiceSession": False,
                      "speakers": [p.id for p in s.speakers], "categoryItems": [i], "roomId": i,
                      "questionAnswers": [{"questionId": 1, "answerValue": "x"}]} for i, s in enumerate(conf.sessions)],
        "speakers": [{"id": p.id, "fullName": p.name, "tagLine": "A @ B"} for p in conf.speakers],
        "categories": [{"id": 1, "title": "Track", "items": [{"id": i, "name": f"T{i}"} for i in range(n)]}],
        "rooms": [{"id": i, "name": r.name} for i, r in enumerate(conf.rooms)],
        "questions": [{"id": 1, "question": "Q"}],
    })  # fmt: skip


def _sched_json(n: int) -> str:
    """Sched's session/export: wall times with epoch seconds, speakers appended to every name."""
    return json.dumps([
        {"event_key": s.id, "name": f"{s.title} - {s.speakers[0].name}", "event_start": f"{s.start:%Y-%m-%d %H:%M}",
         "event_end": f"{s.end:%Y-%m-%d %H:%M}", "start_time_ts": int(s.start.timestamp()), "event_type": "Talks",
         "venue": s.room and s.room.name, "speakers": [{"name": s.speakers[0].name}]}
        for s in _conference(n).sessions if s.start is not None and s.end is not None
    ])  # fmt: skip


def _sched_ics(n: int) -> str:
    """Sched's all.ics: the iCalendar export with Sched's PRODID and "Room, City, Country" locations."""
    text = dumps(_conference(n), "ics").replace(
        "PRODID:-//pyconf-schedule//pyconf-schedule//EN", "PRODID:-//Sched.com C//EN"
    )
    return re.sub(r"LOCATION:([^\r]*)", r"LOCATION:\1\\, Paris\\, France", text)


def _pretalx(n: int) -> str:
    """A pretalx bundle of ``n`` talks and ``n`` breaks, every talk by the same two speakers (shapes of pretalx-api.schema.yml)."""
    from pyconf_schedule.formats.pretalx_api import bundle

    speakers = [{"code": "AAAA", "name": "Ada"}, {"code": "BBBB", "name": "王"}]
    slots: list[dict[str, Any]] = []
    for i in range(n):
        room = {"id": i, "name": {"en": f"会場{chr(0x4E00 + i)}", "de": ""}}
        start = f"2026-06-01T{9 + i // 60:02d}:{i % 60:02d}:00+02:00"
        slots.append(
            {
                "id": 2 * i,
                "room": room,
                "start": start,
                "end": start,
                "submission": {
                    "code": "SAME",
                    "title": f"Talk {i}",
                    "speakers": speakers,
                    "submission_type": {"id": 1, "name": {"en": "Talk"}},
                    "track": {"id": 1, "name": {"en": "T"}},
                },
            }
        )
        slots.append(
            {
                "id": 2 * i + 1,
                "room": None,
                "start": start,
                "end": None,
                "duration": 5,
                "submission": None,
                "description": {"de": "Pause"},
            }
        )
    event = {"slug": "e", "name": {"en": "E"}, "timezone": "Europe/Paris", "locale": "en", "locales": ["en", "de"]}
    return bundle(event, schedule={"version": "1", "slots": slots}).decode("utf-8")


def _indico(n: int) -> str:
    """An Indico export of ``n`` contributions with one id, half inside sessions, every one by speakers of one name."""

    def contribution(i: int) -> dict[str, Any]:
        start = {"date": "2026-06-01", "time": f"{9 + i // 60:02d}:{i % 60:02d}:00", "tz": "Europe/Paris"}
        return {
            "id": str(i),
            "title": f"C {i}",
            "startDate": start,
            "endDate": None,
            "duration": 5,
            "room": f"会場{chr(0x4E00 + i)}",
            "speakers": [{"fullName": "王"}, {"fullName": "王", "affiliation": f"Org {i}"}],
        }

    sessions = [{"title": f"S{i}", "contributions": [contribution(i)]} for i in range(0, n, 2)]
    event = {
        "id": "1",
        "title": "I",
        "timezone": "Europe/Paris",
        "sessions": sessions,
        "contributions": [contribution(i) for i in range(n)],
    }
    return json.dumps({"_type": "HTTPAPIResult", "results": [event]})


def _growth(action: Callable[[int], object]) -> float:
    """:func:`growth` of the steps ``action(n)`` takes, after a first call for imports and caches."""
    action(_N)
    return growth(lambda n: steps(lambda: action(n)), _N)


@pytest.mark.parametrize(
    ("format", "make"),
    [
        ("ics", _ics),
        ("frab-xml", _frab_xml),
        ("c3voc-json", _c3voc_json),
        ("pretalx-api", _pretalx),
        ("indico", _indico),
    ],
)
def test_readers_without_ids_are_linear(format: Any, make: Callable[[int], str]) -> None:
    """Clashing ids and names that slug to nothing cost each later event what they cost each earlier one."""
    texts = {n: make(n) for n in (_N, 2 * _N, 8 * _N)}
    assert _growth(lambda n: loads(texts[n], format)) < 1.05


@pytest.mark.parametrize(
    ("format", "make"), [("sessionize", _sessionize), ("sched", _sched_json), ("sched", _sched_ics)]
)
def test_platform_readers_are_linear(format: Any, make: Callable[[int], str]) -> None:
    """Sessionize's references by id, Sched's name and speaker checks and its room split cost each later session what they cost each earlier one."""
    texts = {n: make(n) for n in (_N, 2 * _N, 8 * _N)}
    assert len(loads(texts[_N], format).sessions) == _N
    assert _growth(lambda n: loads(texts[n], format)) < 1.05


def test_readers_without_ids_give_numbered_ids() -> None:
    """The ids those readers give are the first free numbered ones, as before."""
    ics = loads(_ics(3), "ics")
    assert [s.id for s in ics.sessions] == ["same@example.org", "same@example.org-2", "same@example.org-3"]
    assert [p.id for p in ics.speakers] == ["speaker", "speaker-2", "speaker-3"]
    assert [r.id for r in ics.rooms] == ["room", "room-2", "room-3"]
    xml = loads(_frab_xml(3), "frab-xml")
    assert [s.id for s in xml.sessions] == ["frab-1", "frab-1-2", "frab-1-3"]
    assert [p.id for p in xml.speakers] == ["person", "person-2", "person-3"]
    c3voc = loads(_c3voc_json(3), "c3voc-json")
    assert [s.id for s in c3voc.sessions] == ["frab-event-2", "frab-event-3", "frab-event-4"]
    pretalx = loads(_pretalx(2), "pretalx-api")
    assert [s.id for s in pretalx.sessions] == ["SAME", "break-1", "SAME-2", "break-3"]
    assert [(p.id, p.name) for p in pretalx.speakers] == [("AAAA", "Ada"), ("BBBB", "王")]
    indico = loads(_indico(3), "indico")
    assert [s.id for s in indico.sessions] == ["indico-0", "indico-1", "indico-2"]
    assert [(p.id, p.organisation) for p in indico.speakers] == [
        ("speaker", None),
        ("speaker-2", "Org 0"),
        ("speaker-3", "Org 2"),
        ("speaker-4", "Org 1"),
    ]


@pytest.mark.parametrize("format", format_names("text"))
def test_writers_are_linear(format: Any) -> None:
    """Every text writer costs each later session what it costs each earlier one."""
    confs = {n: _conference(n) for n in (_N, 2 * _N, 8 * _N)}
    assert _growth(lambda n: dumps(confs[n], format)) < 1.05


def test_sqlite_is_linear(tmp_path: Path) -> None:
    """Writing and reading an SQLite file cost each later session what they cost each earlier one."""
    confs = {n: _conference(n) for n in (_N, 2 * _N, 8 * _N)}
    written = iter(range(1000))

    def write_new(n: int) -> Path:
        path = tmp_path / f"{next(written)}.sqlite"
        write(confs[n], path)
        return path

    assert _growth(write_new) < 1.05
    paths = {n: write_new(n) for n in (_N, 2 * _N, 8 * _N)}
    assert _growth(lambda n: read(paths[n])) < 1.05


class _CountingSet(set[str]):
    """A set that counts its membership tests."""

    probes = 0

    def __contains__(self, key: object) -> bool:
        self.probes += 1
        return super().__contains__(key)


def test_unique_ids_probe_each_suffix_once() -> None:
    """A thousand clashes on one base hand out base-2 ... base-1001 with two membership tests each."""
    ids = UniqueIds()
    taken = ids._taken = _CountingSet()
    claimed = [ids.claim("speaker") for _ in range(1001)]
    assert claimed == ["speaker", *(f"speaker-{n}" for n in range(2, 1002))]
    assert taken.probes == 1 + 1000 * 2


def test_spellings_of_one_person_id_become_aliases_in_order() -> None:
    """Spellings of one person id that fold to its name become aliases, each once, in the order met; other names under that id are speakers of their own (issue 18 item 1)."""
    names = ["Ada Lovelace", "ADA LOVELACE", "Ada Lovelace", "ada lovelace", "ADA LOVELACE", "A. Lovelace"]
    events = [{"id": i, "title": f"T{i}", "date": "2026-06-01T10:00:00+02:00", "duration": "00:30",
               "persons": [{"id": 7, "public_name": name}, {"id": 7, "public_name": name}]}
              for i, name in enumerate(names, start=1)]  # fmt: skip
    conf = loads(json.dumps({"schedule": {"conference": {"days": [{"rooms": {"A": events}}]}}}), "c3voc-json")
    assert [(p.id, p.name, p.aliases) for p in conf.speakers] == [
        ("person-7", "Ada Lovelace", ("ADA LOVELACE", "ada lovelace")), ("person-7-2", "A. Lovelace", ()),
    ]  # fmt: skip
    ada, other = conf.speakers
    assert [s.speakers for s in conf.sessions] == [(ada,)] * 5 + [(other,)]
