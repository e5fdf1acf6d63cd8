"""Readers and writers do the same work for every item: the lines of library code they run grow linearly, never as a loop in a loop.

Counting executed lines (``sys.settrace``) measures work without a clock, so
these tests are exact and cannot flake: ``n`` more events of the same shape
must cost the same number of lines whether they come after ``n`` or ``2n``
others.  Native JSON reading is left to its own tests.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from types import FrameType
from typing import Any
from zoneinfo import ZoneInfo

import pytest

import pyconf_schedule
from pyconf_schedule import Conference, Room, Session, Speaker, dumps, loads, read, write
from pyconf_schedule.formats import format_names
from pyconf_schedule.formats._common import UniqueIds

_PACKAGE = str(Path(pyconf_schedule.__file__).parent)
_STEP = 24  # events added between measurements


def _lines(call: Callable[[], object]) -> int:
    """How many lines of pyconf_schedule's own code ``call()`` executes."""
    count = 0

    def local(frame: FrameType, event: str, arg: Any) -> Callable[..., Any]:
        nonlocal count
        if event == "line":
            count += 1
        return local

    def calls(frame: FrameType, event: str, arg: Any) -> Callable[..., Any] | None:
        return local if frame.f_code.co_filename.startswith(_PACKAGE) else None

    previous = sys.gettrace()
    sys.settrace(calls)
    try:
        call()
    finally:
        sys.settrace(previous)
    return count


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


def _growth(measure: Callable[[int], int]) -> tuple[int, int]:
    """The lines the second and the third batch of :data:`_STEP` events cost (after a first call for one-time work)."""
    measure(_STEP)
    one, two, three = (measure(k * _STEP) for k in (1, 2, 3))
    return two - one, three - two


@pytest.mark.parametrize(("format", "make"), [("ics", _ics), ("frab-xml", _frab_xml), ("c3voc-json", _c3voc_json)])
def test_readers_without_ids_are_linear(format: Any, make: Callable[[int], str]) -> None:
    """Clashing ids and names that slug to nothing cost each later event no more lines than each earlier one."""
    texts = {k * _STEP: make(k * _STEP) for k in (1, 2, 3)}
    second, third = _growth(lambda n: _lines(lambda: loads(texts[n], format)))
    assert third <= second, (second, third)


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


@pytest.mark.parametrize("format", [f for f in format_names() if f != "sqlite"])
def test_writers_are_linear(format: Any) -> None:
    """Every text writer spends no more lines on the third batch of sessions than on the second."""
    confs = {k * _STEP: _conference(k * _STEP) for k in (1, 2, 3)}
    second, third = _growth(lambda n: _lines(lambda: dumps(confs[n], format)))
    assert third <= second, (second, third)


def test_sqlite_is_linear(tmp_path: Path) -> None:
    """Writing and reading an SQLite file spend no more lines on the third batch of sessions than on the second."""
    paths = {}
    for k in (1, 2, 3):
        paths[k * _STEP] = tmp_path / f"{k}.sqlite"
    second, third = _growth(lambda n: _lines(lambda: write(_conference(n), paths[n])))
    assert third <= second, (second, third)
    second, third = _growth(lambda n: _lines(lambda: read(paths[n])))
    assert third <= second, (second, third)


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
    """Other spellings of one person id become that speaker's aliases, each once, in the order met."""
    names = ["Ada Lovelace", "A. Lovelace", "Ada Lovelace", "Ada L.", "A. Lovelace"]
    events = [{"id": i, "title": f"T{i}", "date": "2026-06-01T10:00:00+02:00", "duration": "00:30",
               "persons": [{"id": 7, "public_name": name}, {"id": 7, "public_name": name}]}
              for i, name in enumerate(names, start=1)]  # fmt: skip
    conf = loads(json.dumps({"schedule": {"conference": {"days": [{"rooms": {"A": events}}]}}}), "c3voc-json")
    assert [(p.id, p.name, p.aliases) for p in conf.speakers] == [("person-7", "Ada Lovelace", ("A. Lovelace", "Ada L."))]
    assert [s.speakers for s in conf.sessions] == [conf.speakers] * 5
