"""Tests of data/build_na2026.py and of the na2026 dataset it ships."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections import Counter
from datetime import datetime
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT.parent / "shared" / "sources"
SHIPPED = ROOT / "src" / "pyconf_schedule" / "datasets" / "na2026.json"
SCRIPT = ROOT / "data" / "build_na2026.py"


@cache
def _build_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_na2026", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up here
    spec.loader.exec_module(module)
    return module


@cache
def _shipped() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(SHIPPED.read_text(encoding="utf-8"))
    return document


def _conference() -> dict[str, Any]:
    conference: dict[str, Any] = _shipped()["conference"]
    return conference


def _sessions() -> list[dict[str, Any]]:
    sessions: list[dict[str, Any]] = _conference()["sessions"]
    return sessions


def _instant(value: str) -> datetime:
    return datetime.fromisoformat(value.split("[")[0])


def test_build_reproduces_shipped_dataset() -> None:
    """Building from ../shared/sources gives exactly the shipped na2026.json."""
    if not (SOURCES / "seeds" / "001_72cd2646a4cfd784.txt").exists():
        pytest.skip(f"source documents not available at {SOURCES}")
    module = _build_module()
    assert module.render(SOURCES) == SHIPPED.read_text(encoding="utf-8")


def test_session_count_and_days() -> None:
    """The post lists 48 sessions: 27 on 20 October and 21 on 21 October."""
    days = Counter(session["start"][:10] for session in _sessions())
    assert len(_sessions()) == 48
    assert days == {"2026-10-20": 27, "2026-10-21": 21}


def test_kinds_and_tracks() -> None:
    """Kinds and tracks are counted as the post's prefixes and headings give them."""
    kinds = Counter(session["kind"] for session in _sessions())
    tracks = Counter(session["track"] for session in _sessions())
    assert kinds == {"talk": 34, "sponsored-talk": 11, "keynote": 2, "sponsored-keynote": 1}
    assert tracks == {"hardware-backends-accelerator-portability": 24,
                      "kernel-engineering-compilers": 21, None: 3}


def test_conference_header() -> None:
    """The conference header holds only what seed 001 states."""
    conference = _conference()
    assert (conference["id"], conference["city"], conference["country"], conference["venue"]) == (
        "na2026", "San Jose", None, None)
    assert (conference["timezone"], conference["start_date"], conference["end_date"]) == (
        "America/Los_Angeles", "2026-10-20", "2026-10-21")
    assert [source["id"] for source in conference["sources"]] == ["seed-001"]


def test_liz_li_sessions() -> None:
    """Liz Li is one speaker with two sessions, FlyDSL on day one and MXFP8 on day two."""
    found = [(s["id"], s["title"], s["start"]) for s in _sessions() if "liz-li" in s["speakers"]]
    assert found == [
        ("extending-torchinductor-with-flydsl-a-new-mlir-native",
         "Extending TorchInductor with FlyDSL: A New MLIR-Native Backend for High-Performance GEMMs",
         "2026-10-20T11:10:00-07:00[America/Los_Angeles]"),
        ("scaling-mxfp8-pretraining-on-1k-amd-instinct-mi355x",
         "Scaling MXFP8 Pretraining on 1K+ AMD Instinct MI355X: TorchAO Kernels and TorchTitan Training",
         "2026-10-21T14:15:00-07:00[America/Los_Angeles]"),
    ]
    assert [sp["organisation"] for sp in _conference()["speakers"] if sp["id"] == "liz-li"] == ["AMD"]


def test_room_210bf_at_1120_on_day_one() -> None:
    """At 11:20 PDT on 20 October room 210BF holds only the FlyDSL session, 11:10-11:35."""
    instant = datetime.fromisoformat("2026-10-20T11:20:00-07:00")
    running = [s for s in _sessions() if s["room"] == "210bf"
               and _instant(s["start"]) <= instant < _instant(s["end"])]
    assert [(s["id"], s["start"], s["end"]) for s in running] == [(
        "extending-torchinductor-with-flydsl-a-new-mlir-native",
        "2026-10-20T11:10:00-07:00[America/Los_Angeles]",
        "2026-10-20T11:35:00-07:00[America/Los_Angeles]",
    )]


def test_cuda_graphs_speakers_have_their_own_organisations() -> None:
    """The CUDA Graphs talk lists Elias Ellison of Meta and Daniel Galvez of NVIDIA."""
    session = next(s for s in _sessions() if s["title"] == "Parametrized Dynamic Shape CUDA Graphs")
    speakers = {sp["id"]: sp for sp in _conference()["speakers"]}
    assert session["id"] == "parametrized-dynamic-shape-cuda-graphs"
    assert [(sid, speakers[sid]["name"], speakers[sid]["organisation"])
            for sid in session["speakers"]] == [
        ("elias-ellison", "Elias Ellison", "Meta"),
        ("daniel-galvez", "Daniel Galvez", "NVIDIA"),
    ]


def test_sponsored_prefix_becomes_kind() -> None:
    """A "Sponsored Keynote: " title prefix is dropped and kept as the kind."""
    session = next(s for s in _sessions() if s["id"] == "trainiums-journey-to-native-pytorch")
    assert (session["title"], session["kind"], session["kind_label"], session["track"]) == (
        "Trainium’s Journey to Native PyTorch", "sponsored-keynote", "Sponsored Keynote", None)


@pytest.mark.parametrize(
    ("line", "start", "end", "room"),
    [
        ("11:10–11:35 AM, 210BF", "11:10", "11:35", "210BF"),
        ("11:45 AM–12:10 PM, LL20CD", "11:45", "12:10", "LL20CD"),
        ("12:20–12:45 PM, 210BF", "12:20", "12:45", "210BF"),
        ("1:50–2:00 PM, Community Expo", "13:50", "14:00", "Community Expo"),
        ("10/21/2026, 9:15–9:25 AM, Grand Ballroom", "09:15", "09:25", "Grand Ballroom"),
    ],
)
def test_parse_time_range(line: str, start: str, end: str, room: str) -> None:
    """A 12-hour time line gives the expected wall times and room."""
    first, last, name = _build_module().parse_time_range(line, datetime(2026, 10, 21).date())
    assert (first.strftime("%H:%M"), last.strftime("%H:%M"), name) == (start, end, room)
    assert first.date().isoformat() == "2026-10-21"


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Maen Suleiman, Amazon Web Services", [("Maen Suleiman", "Amazon Web Services")]),
        ("Abhishek Jain, N Maajid Khan, Fujitsu Research of India",
         [("Abhishek Jain", "Fujitsu Research of India"),
          ("N Maajid Khan", "Fujitsu Research of India")]),
        ("Elias Ellison (Meta), Daniel Galvez (NVIDIA)",
         [("Elias Ellison", "Meta"), ("Daniel Galvez", "NVIDIA")]),
    ],
)
def test_parse_speakers(line: str, expected: list[tuple[str, str]]) -> None:
    """A speakers line splits into names with their organisations."""
    refs = _build_module().parse_speakers(line)
    assert [(ref.name, ref.organisation) for ref in refs] == expected


def test_differing_organisation_becomes_speaker_conflict() -> None:
    """A speaker named with two organisations keeps the first and records a conflict."""
    module = _build_module()
    start, end, room = module.parse_time_range("11:10–11:35 AM, 210BF", datetime(2026, 10, 20).date())
    records = [
        module.Record(source="seed-001", title=title, kind="talk", kind_label=None,
                      speakers=(module.SpeakerRef("Ada Lovelace", org),), start=start, end=end,
                      room=room, track="Compilers", abstract=None)
        for title, org in (("First", "Meta"), ("Second", "AMD"))
    ]
    _, speakers, _, _ = module.merge(records)
    assert [(sp["organisation"], sp["conflicts"]) for sp in speakers] == [(
        "Meta",
        [{"field": "organisation",
          "values": [{"value": "Meta", "sources": ["seed-001"]},
                     {"value": "AMD", "sources": ["seed-001"]}],
          "rule": "first organisation in source order kept"}],
    )]
