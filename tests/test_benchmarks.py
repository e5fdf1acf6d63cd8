"""The benchmarks' own arithmetic: what ``benchmarks/real_files.py`` calls a reader's floor is the model it returns."""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

from pyconf_schedule import Conference, Conflict, Provenance, Room, Session, Source, SourcedValue, Speaker, Track, load
from pyconf_schedule._model import one_value_conflict


def _real_files() -> ModuleType:
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "real_files.py"
    spec = importlib.util.spec_from_file_location("_bench_real_files", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


def test_the_construction_plan_makes_every_object_of_the_conference_once() -> None:
    bench = _real_files()
    conf = load("eu2026")
    plan = bench.construction_plan(conf)
    made = [cls(**arguments) for cls, arguments in plan]
    counts = Counter(type(obj) for obj in made)
    assert counts[Session] == len(conf.sessions) == 98
    assert counts[Speaker] == len(conf.speakers) == 133
    assert counts[Room] == len(conf.rooms)
    assert counts[Track] == len(conf.tracks)
    assert counts[Source] == len(conf.sources)
    assert counts[Conference] == 1
    assert made[-1] == conf  # children first, the conference last, equal to what was read
    sessions = {s.id: s for s in made if isinstance(s, Session)}
    assert [sessions[s.id] for s in conf.sessions] == list(conf.sessions)
    shared = {id(p) for s in conf.sessions for p in s.field_sources}
    assert counts[Provenance] == len(shared)  # an object two sessions share is made once
    assert counts[Conflict] == len(
        {id(c) for s in conf.sessions for c in (*s.variants, *s.conflicts)}
        | {id(c) for sp in conf.speakers for c in sp.conflicts}
    )
    conflicts = {id(c): c for s in conf.sessions for c in (*s.variants, *s.conflicts)}
    conflicts.update({id(c): c for sp in conf.speakers for c in sp.conflicts})
    several = {id(v) for c in conflicts.values() if len(c.values) > 1 for v in c.values}
    assert counts[SourcedValue] == len(several)  # a one-value conflict's value is made with it


def test_a_conflict_of_one_value_is_made_as_the_frab_readers_make_it() -> None:
    """A one-value conflict is one entry, made by one_value_conflict (its value not made apart); others by the classes."""
    bench = _real_files()
    guid = one_value_conflict("guid", "c0ffee", ("frab-xml",), "identity")
    title = Conflict(
        field="title",
        values=(SourcedValue(value="A", sources=("x",)), SourcedValue(value="B", sources=("y",))),
        rule="the first source",
    )
    session = Session(id="s", title="A", variants=(guid,), conflicts=(title,))
    conf = Conference(id="c", name="C", timezone="UTC", sessions=[session])
    plan = bench.construction_plan(conf)
    makers = [maker for maker, _ in plan]
    assert makers == [one_value_conflict, SourcedValue, SourcedValue, Conflict, Session, Conference]
    made = [maker(**arguments) for maker, arguments in plan]
    assert made[0] == guid and made[3] == title and made[4] == session and made[5] == conf


def test_a_floor_is_the_checked_parse_and_the_model_over_the_raw_parse() -> None:
    bench = _real_files()
    floor = bench.Floor("f", "read x", library=1.5, baseline=0.25, checked=0.5, model=0.5, objects=5, goal=3.0)
    assert floor.floor == 4.0  # (0.5 + 0.5) / 0.25: the goal of 3 is below it
    assert floor.above == 1.5  # 1.5 / (0.5 + 0.5)
