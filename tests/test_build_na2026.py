"""Tests of data/build_na2026.py (parsers, matching, merge) and of the na2026 dataset it ships."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections import Counter
from datetime import datetime, timedelta
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT.parent / "shared" / "sources"
SHIPPED = ROOT / "src" / "pyconf_schedule" / "datasets" / "na2026.json"
SCRIPT = ROOT / "data" / "build_na2026.py"
NA = "pytorch-conference-north-america-2026"
HARDWARE = f"your-guide-to-hardware-acceleration-compute-infrastructure-at-{NA}"
CORE = f"core-pytorch-sessions-at-{NA}"
VLLM = f"vllm-sessions-at-{NA}"
RESEARCH = f"open-research-tooling-optimization-at-{NA}"
AGENTIC = f"agentic-ai-and-next-gen-intelligence-sessions-at-{NA}"


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


# The ids of the 48 seed-001 sessions as first shipped; they must never change.
SEED_001_IDS = (
    "trainiums-journey-to-native-pytorch",
    "workload-fungibility-in-the-age-of-agents",
    "linear-algebra-for-the-age-of-research",
    "extending-torchinductor-with-flydsl-a-new-mlir-native",
    "helion-cutedsl-and-tpu-backends-for-heterogeneous-hardware",
    "practical-gpu-programming-with-triton-for-pytorch-developers",
    "high-velocity-gpu-kernel-authoring-with-cutlass-python",
    "perfmodel-a-validation-driven-performance-model-for-triton",
    "jit-kernel-compilation-how-modular-writes-fast-kernels",
    "beyond-the-brrr-building-a-unified-ecosystem-for",
    "parametrized-dynamic-shape-cuda-graphs",
    "making-vllm-faster-on-intel-gpus-with-triton",
    "flexgemm-flexible-pytorch-epilogues",
    "dmx-compressor-accelerating-the-development-of-kernels-for",
    "why-is-heterogeneous-computing-so-hard-and-why",
    "advancing-torch-compile-for-verifiable-precision-dynamic-shapes",
    "beyond-torch-compile-reducing-data-movement-with-device",
    "scaling-mxfp8-pretraining-on-1k-amd-instinct-mi355x",
    "pytorch-native-llm-serving-on-tpu-sglang-and",
    "clearing-the-path-towards-an-abi-stable-pytorch",
    "native-dsl-operators-in-pytorch-core",
    "speeding-up-torch-compile-a-new-faketensor",
    "lightweight-fx-tracing-in-pytorch",
    "from-backed-to-unbacked-sound-predictable-and-controllable",
    "relay-and-reuse-the-dual-engine-behind-pytorch",
    "cloud-tpu-nexus-autonomous-multi-agent-swarms-for",
    "pytorch-ecosystem-running-natively-on-trainium",
    "unifying-open-source-llm-serving-on-google-cloud",
    "pytorch-generalization-a-journey-toward-write-once-run",
    "hardware-aware-ai-building-agentic-systems-from-cloud",
    "model-training-with-torchtitan-and-huggingface-transformers-v5",
    "faster-llm-serving-startup-with-fastsafetensors",
    "from-prompt-to-physical-action-a-live-hardware",
    "quantization-showdown-pytorch-inference-optimization",
    "beyond-size-and-stride-unleash-performance-with-device",
    "one-model-definition-many-accelerators-scaling-vllm-across",
    "unlocking-pytorch-for-dataflow-accelerators-an-open-source",
    "portable-pytorch-across-ai-accelerators-a-triton-operator",
    "efficient-moe-llm-inference-on-arm-with-vllm",
    "integrating-the-ibm-spyre-accelerator",
    "xccl-scaling-pytorch-collectives-to-exascale-on-intel",
    "torchneuron-native-pytorch-on-aws-trainium-from-research",
    "pytorch-for-agentic-ai-scaling-heterogeneous-systems-from",
    "building-portable-composable-local-agents-with-executorch",
    "torchtpu-running-pytorch-natively-on-google-tpus",
    "from-torch-profiler-to-hardware-cycles-a-practical",
    "ai-playground-home-agent-remote-pytorch-ai-workflows",
    "from-pytorch-to-the-edge-agentic-synthesis-of",
)


def test_session_count_and_days() -> None:
    """The posts list 113 sessions: 60 on 20 October and 53 on 21 October."""
    days = Counter(session["start"][:10] for session in _sessions())
    assert len(_sessions()) == 113
    assert days == {"2026-10-20": 60, "2026-10-21": 53}


def test_seed_001_sessions_keep_their_ids() -> None:
    """The 48 sessions of seed 001 keep their ids and come first, in the post's order."""
    seed = [s["id"] for s in _sessions() if "seed-001" in s["sources"]]
    assert tuple(seed) == SEED_001_IDS
    assert [s["id"] for s in _sessions()[:48]] == list(SEED_001_IDS)


def test_seed_001_sessions_per_day() -> None:
    """Seed 001 still gives 27 sessions on 20 October and 21 on 21 October."""
    seed = [s for s in _sessions() if "seed-001" in s["sources"]]
    assert Counter(s["start"][:10] for s in seed) == {"2026-10-20": 27, "2026-10-21": 21}


def test_kinds_and_tracks() -> None:
    """Kinds follow format words and prefixes; seed 001's sessions keep its two tracks."""
    kinds = Counter(session["kind"] for session in _sessions())
    seed_tracks = Counter(s["track"] for s in _sessions() if "seed-001" in s["sources"])
    assert kinds == {
        "talk": 73,
        "lightning-talk": 20,
        "sponsored-talk": 12,
        "keynote": 4,
        "birds-of-a-feather": 3,
        "sponsored-keynote": 1,
    }
    assert seed_tracks == {
        "hardware-backends-accelerator-portability": 24,
        "kernel-engineering-compilers": 21,
        None: 2,
        "hardware-portability-and-accelerator-backends": 1,
    }
    assert len(_conference()["tracks"]) == 26


def test_conference_header() -> None:
    """The conference header holds what the posts state; six source texts, line 1 as address."""
    conference = _conference()
    assert (conference["id"], conference["city"], conference["country"], conference["venue"]) == (
        "na2026",
        "San Jose",
        None,
        None,
    )
    assert (conference["timezone"], conference["start_date"], conference["end_date"]) == (
        "America/Los_Angeles",
        "2026-10-20",
        "2026-10-21",
    )
    blog = "https://pytorch.org/blog/"
    assert [(s["id"], s["url"], s["file"]) for s in conference["sources"]] == [
        ("seed-001", f"{blog}{HARDWARE}/", "seeds/001_72cd2646a4cfd784.txt"),
        ("post-hardware-md", f"{blog}{HARDWARE}/", f"extra/pytorch.org_blog_{HARDWARE}.txt"),
        ("post-core", f"{blog}{CORE}/", f"extra/pytorch.org_blog_{CORE}.txt"),
        ("post-vllm", f"{blog}{VLLM}/", f"extra/pytorch.org_blog_{VLLM}.txt"),
        ("post-research", f"{blog}{RESEARCH}/", f"extra/pytorch.org_blog_{RESEARCH}.txt"),
        ("post-agentic", f"{blog}{AGENTIC}/", f"extra/pytorch.org_blog_{AGENTIC}.txt"),
    ]


def test_liz_li_sessions() -> None:
    """Liz Li is one speaker with two sessions, FlyDSL on day one and MXFP8 on day two."""
    found = [(s["id"], s["title"], s["start"]) for s in _sessions() if "liz-li" in s["speakers"]]
    assert found == [
        (
            "extending-torchinductor-with-flydsl-a-new-mlir-native",
            "Extending TorchInductor with FlyDSL: A New MLIR-Native Backend for High-Performance GEMMs",
            "2026-10-20T11:10:00-07:00[America/Los_Angeles]",
        ),
        (
            "scaling-mxfp8-pretraining-on-1k-amd-instinct-mi355x",
            "Scaling MXFP8 Pretraining on 1K+ AMD Instinct MI355X: TorchAO Kernels and TorchTitan Training",
            "2026-10-21T14:15:00-07:00[America/Los_Angeles]",
        ),
    ]
    assert [sp["organisation"] for sp in _conference()["speakers"] if sp["id"] == "liz-li"] == ["AMD"]


def test_room_210bf_at_1120_on_day_one() -> None:
    """At 11:20 PDT on 20 October room 210BF holds only the FlyDSL session, 11:10-11:35."""
    instant = datetime.fromisoformat("2026-10-20T11:20:00-07:00")
    running = [s for s in _sessions() if s["room"] == "210bf" and _instant(s["start"]) <= instant < _instant(s["end"])]
    assert [(s["id"], s["start"], s["end"]) for s in running] == [
        (
            "extending-torchinductor-with-flydsl-a-new-mlir-native",
            "2026-10-20T11:10:00-07:00[America/Los_Angeles]",
            "2026-10-20T11:35:00-07:00[America/Los_Angeles]",
        )
    ]


def test_cuda_graphs_speakers_have_their_own_organisations() -> None:
    """The CUDA Graphs talk lists Elias Ellison of Meta and Daniel Galvez of NVIDIA."""
    session = next(s for s in _sessions() if s["title"] == "Parametrized Dynamic Shape CUDA Graphs")
    speakers = {sp["id"]: sp for sp in _conference()["speakers"]}
    assert session["id"] == "parametrized-dynamic-shape-cuda-graphs"
    assert [(sid, speakers[sid]["name"], speakers[sid]["organisation"]) for sid in session["speakers"]] == [
        ("elias-ellison", "Elias Ellison", "Meta"),
        ("daniel-galvez", "Daniel Galvez", "NVIDIA"),
    ]


def test_sponsored_prefix_becomes_kind() -> None:
    """A "Sponsored Keynote: " title prefix is dropped and kept as the kind."""
    session = next(s for s in _sessions() if s["id"] == "trainiums-journey-to-native-pytorch")
    assert (session["title"], session["kind"], session["kind_label"], session["track"]) == (
        "Trainium’s Journey to Native PyTorch",
        "sponsored-keynote",
        "Sponsored Keynote",
        None,
    )


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
        (
            "Abhishek Jain, N Maajid Khan, Fujitsu Research of India",
            [("Abhishek Jain", "Fujitsu Research of India"), ("N Maajid Khan", "Fujitsu Research of India")],
        ),
        ("Elias Ellison (Meta), Daniel Galvez (NVIDIA)", [("Elias Ellison", "Meta"), ("Daniel Galvez", "NVIDIA")]),
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
        module.Record(
            source="seed-001",
            title=title,
            kind="talk",
            kind_label=None,
            speakers=(module.SpeakerRef("Ada Lovelace", org),),
            start=start,
            end=end,
            room=room,
            track="Compilers",
            abstract=None,
        )
        for title, org in (("First", "Meta"), ("Second", "AMD"))
    ]
    _, speakers, _, _ = module.merge(records)
    assert [(sp["organisation"], sp["conflicts"]) for sp in speakers] == [
        (
            "Meta",
            [
                {
                    "field": "organisation",
                    "values": [{"value": "Meta", "sources": ["seed-001"]}, {"value": "AMD", "sources": ["seed-001"]}],
                    "rule": "first organisation in source order kept",
                }
            ],
        )
    ]


def test_legal_suffix_is_not_an_organisation_conflict() -> None:
    """ "Meta" and "Meta Inc." are one organisation: the first kept, no conflict recorded."""
    module = _build_module()
    start, end, room = module.parse_time_range("11:10–11:35 AM, 210BF", datetime(2026, 10, 20).date())
    records = [
        module.Record(
            source=source,
            title=title,
            kind="talk",
            kind_label=None,
            speakers=(module.SpeakerRef("Ada Lovelace", org),),
            start=start,
            end=end,
            room=room,
            track=None,
            abstract=None,
        )
        for source, title, org in (
            ("seed-001", "A Talk", "Meta"),
            ("post-core", "A Talk", "Meta Inc."),
            ("post-research", "A Talk", "Meta Platforms"),
        )
    ]
    _, speakers, _, _ = module.merge(records)
    assert [(sp["organisation"], sp["conflicts"]) for sp in speakers] == [("Meta", [])]


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("Meta", "Meta Inc.", True),
        ("Meta", "Meta Platforms", True),
        ("Meta", "Meta Platforms, Inc.", True),
        ("Red Hat LLC", "Red Hat", True),
        ("Tensormesh, Inc.", "Tensormesh", True),
        ("Intel", "Intel Corporation", True),
        ("IBM", "IBM Research", False),
        ("Annapurna ML", "Amazon", False),
        ("Amazon", "Amazon Web Services", False),
    ],
)
def test_organisation_key(a: str, b: str, same: bool) -> None:
    """Only a legal suffix (or Meta's legal name) is ignored when comparing organisations."""
    module = _build_module()
    assert (module.organisation_key(a) == module.organisation_key(b)) is same


@pytest.mark.parametrize(
    ("title", "shown", "shortens"),
    [
        (
            "When Rollout and Training Disagree",
            "When Rollout and Training Disagree: Lessons from Building a Mismatch-Free RL Engine",
            True,
        ),
        (
            "Hardware-Aware AI: Building Agentic Systems from Cloud to Edge",
            "Hardware-Aware AI: Building Agentic Systems from Cloud to Edge with PyTorch, ExecuTorch",
            True,
        ),
        ("Contributing to PyTorch with AI agents", "Contributing to PyTorch with AI Agents", True),
        (
            "Cloud TPU Agent Suite: Autonomous Multi-Agent Swarms for PyTorch",
            "Cloud TPU Nexus: Autonomous Multi-Agent Swarms for PyTorch",
            False,
        ),
        ("When Rollout and Training Dis", "When Rollout and Training Disagree", False),
    ],
)
def test_title_shortens(title: str, shown: str, shortens: bool) -> None:
    """A title cut short at a word boundary or re-punctuated is a wording, not another title."""
    assert _build_module().title_shortens(title, shown) is shortens


def test_post_summaries_and_headings_are_variants() -> None:
    """Two posts' own summaries and headings become variants; a different time a conflict."""
    module = _build_module()
    first = _record("seed-001", "A Talk", "Ada Lovelace")
    records = [
        module.Record(
            source="seed-001",
            title="A Talk",
            kind="talk",
            kind_label=None,
            speakers=first.speakers,
            start=first.start,
            end=None,
            room="210BF",
            track="Compilers",
            abstract="One summary.",
        ),
        module.Record(
            source="post-core",
            title="A talk",
            kind="talk",
            kind_label=None,
            speakers=first.speakers,
            start=datetime.fromisoformat("2026-10-20T12:10:00-07:00"),
            end=None,
            room="210BF",
            track="Runtime",
            abstract="Another summary.",
        ),
    ]
    session = module.merge_session(records, set())
    assert [(c["field"], [(v["value"], v["sources"]) for v in c["values"]]) for c in session["variants"]] == [
        ("track", [("Compilers", ["seed-001"]), ("Runtime", ["post-core"])]),
        ("abstract", [("One summary.", ["seed-001"]), ("Another summary.", ["post-core"])]),
    ]
    assert [c["field"] for c in session["conflicts"]] == ["start"]
    assert session["title_variants"] == ["A talk"]


def test_every_session_has_variants_and_conflicts() -> None:
    """Every session carries "variants" and "conflicts" lists; 119 variants, 3 conflicts in all."""
    assert all(isinstance(s["variants"], list) and isinstance(s["conflicts"], list) for s in _sessions())
    assert Counter(c["field"] for s in _sessions() for c in s["variants"]) == {"track": 59, "abstract": 60}
    assert Counter(c["field"] for s in _sessions() for c in s["conflicts"]) == {"title": 1, "start": 1, "end": 1}


def _needs_sources() -> Path:
    if not (SOURCES / "extra").is_dir():
        pytest.skip(f"source documents not available at {SOURCES}")
    return SOURCES


@pytest.mark.parametrize(
    ("parser", "count"),
    [
        ("parse_seed_001", 48),
        ("parse_post_hardware_md", 48),
        ("parse_post_core", 23),
        ("parse_post_vllm", 32),
        ("parse_post_research", 62),
        ("parse_post_agentic", 34),
    ],
)
def test_records_per_source(parser: str, count: int) -> None:
    """Each parser finds every session its post lists."""
    assert len(getattr(_build_module(), parser)(_needs_sources())) == count


def test_markdown_twin_matches_seed_001_exactly() -> None:
    """The markdown form of the hardware post states every session exactly as seed 001 does."""
    module = _build_module()
    seed = module.parse_seed_001(_needs_sources())
    markdown = module.parse_post_hardware_md(_needs_sources())
    fields = ("title", "kind", "kind_label", "speakers", "start", "end", "room", "track", "abstract")
    assert [[getattr(r, f) for f in fields] for r in markdown] == [[getattr(r, f) for f in fields] for r in seed]


def test_markdown_twin_adds_no_conflict() -> None:
    """No conflict or variant value comes from post-hardware-md without seed-001."""
    lonely = [
        s["id"]
        for s in _sessions()
        for c in s["conflicts"] + s["variants"]
        for v in c["values"]
        if "post-hardware-md" in v["sources"] and "seed-001" not in v["sources"]
    ]
    assert lonely == []
    assert all(("seed-001" in s["sources"]) == ("post-hardware-md" in s["sources"]) for s in _sessions())


@pytest.mark.parametrize(
    ("line", "start", "end", "room", "label"),
    [
        (
            "October 20, 11:10–11:35 a.m. | LL21DEF | Breakout Session",
            "10-20 11:10",
            "11:35",
            "LL21DEF",
            "Breakout Session",
        ),
        (
            "October 21, 11:45 a.m.–12:10 p.m. | LL21ABC | Breakout Session",
            "10-21 11:45",
            "12:10",
            "LL21ABC",
            "Breakout Session",
        ),
        (
            "October 20, 12:00–12:10 p.m. | LL21DEF | Lightning Talk",
            "10-20 12:00",
            "12:10",
            "LL21DEF",
            "Lightning Talk",
        ),
        (
            "October 20, 4:55–5:20 p.m. | LL21DEF | Breakout Session",
            "10-20 16:55",
            "17:20",
            "LL21DEF",
            "Breakout Session",
        ),
        (
            "October 20, 10:40–10:50 a.m. | Community Expo | Demo Theater",
            "10-20 10:40",
            "10:50",
            "Community Expo",
            "Demo Theater",
        ),
    ],
)
def test_parse_format_time(line: str, start: str, end: str, room: str, label: str) -> None:
    """A core/vLLM time line gives start, end, room and format word."""
    first, last, name, format_label = _build_module().parse_format_time(line)
    assert (first.strftime("%m-%d %H:%M"), last.strftime("%H:%M"), name, format_label) == (start, end, room, label)


@pytest.mark.parametrize(
    ("line", "start", "end", "room", "label"),
    [
        ("Tue 20 Oct, 16:20–16:30, LL20AB", "10-20 16:20", "16:30", "LL20AB", None),
        ("Wed 21 Oct, 11:45–12:10, LL21ABC", "10-21 11:45", "12:10", "LL21ABC", None),
        (
            "Tue 20 Oct, 10:35–11:05, Community Expo (Birds of a Feather)",
            "10-20 10:35",
            "11:05",
            "Community Expo",
            "Birds of a Feather",
        ),
    ],
)
def test_parse_research_time(line: str, start: str, end: str, room: str, label: str | None) -> None:
    """A research time line (24-hour clock) gives start, end, room and an optional format."""
    first, last, name, format_label = _build_module().parse_research_time(line)
    assert (first.strftime("%m-%d %H:%M"), last.strftime("%H:%M"), name, format_label) == (start, end, room, label)


@pytest.mark.parametrize(
    ("line", "start", "room"),
    [
        ("*October 20, 09:40am | Grand Ballroom*", "10-20 09:40", "Grand Ballroom"),
        ("*October 21, 09:10 | Grand Ballroom*", "10-21 09:10", "Grand Ballroom"),
        ("October 20, *14:15 | LL21DEF*", "10-20 14:15", "LL21DEF"),
        ("October 20,* 11:45 | 210BF*", "10-20 11:45", "210BF"),
        ("*October 20, 17:30 | 210BF*.", "10-20 17:30", "210BF"),
        ("October 20*, 12:20 | LL20CD*", "10-20 12:20", "LL20CD"),
    ],
)
def test_parse_start_time(line: str, start: str, room: str) -> None:
    """An agentic time line gives only a start and a room, whatever its emphasis."""
    first, name = _build_module().parse_start_time(line)
    assert (first.strftime("%m-%d %H:%M"), name) == (start, room)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("Wed 20 Oct, 16:20–16:30, LL20AB", "weekday does not match"),
        ("Tue 20 Oct, 16:30–16:20, LL20AB", "ends before it starts"),
        ("Tue 22 Oct, 16:20–16:30, LL20AB", "not a conference day"),
    ],
)
def test_bad_research_time_is_rejected(line: str, message: str) -> None:
    """A wrong weekday, a backwards range or another day stop the build."""
    module = _build_module()
    with pytest.raises(module.SourceFormatError, match=message):
        module.parse_research_time(line)


@pytest.mark.parametrize(
    ("parser", "line", "expected"),
    [
        (
            "parse_semicolon_speakers",
            "Jiahao Chen, Huawei; Jiahao Tan, Huawei",
            [("Jiahao Chen", "Huawei"), ("Jiahao Tan", "Huawei")],
        ),
        ("parse_semicolon_speakers", "Kuntai Du, Tensormesh, Inc.", [("Kuntai Du", "Tensormesh, Inc.")]),
        (
            "parse_grouped_speakers",
            "Olivier Tardieu; Matthew Arnold (IBM)",
            [("Olivier Tardieu", "IBM"), ("Matthew Arnold", "IBM")],
        ),
        (
            "parse_grouped_speakers",
            "Sam Foreman (Argonne National Laboratory), Panagiotis Kourdis, Tanima Dey (Intel)",
            [("Sam Foreman", "Argonne National Laboratory"), ("Panagiotis Kourdis", "Intel"), ("Tanima Dey", "Intel")],
        ),
        (
            "parse_grouped_speakers",
            "Megan Frisella (University of Washington); Stephanie Wang (Paul Allen School, University of Washington)",
            [
                ("Megan Frisella", "University of Washington"),
                ("Stephanie Wang", "Paul Allen School, University of Washington"),
            ],
        ),
        (
            "parse_speakers",
            "Neiwen Ling (ByteDance), Tianle Zhong (University of Virginia)",
            [("Neiwen Ling", "ByteDance"), ("Tianle Zhong", "University of Virginia")],
        ),
    ],
)
def test_parse_post_speakers(parser: str, line: str, expected: list[tuple[str, str]]) -> None:
    """Each post's speakers line splits into names with their organisations."""
    refs = getattr(_build_module(), parser)(line)
    assert [(ref.name, ref.organisation) for ref in refs] == expected


def test_grouped_speakers_need_an_organisation() -> None:
    """A research speakers line ending in a name without organisation is rejected."""
    module = _build_module()
    with pytest.raises(module.SourceFormatError, match="without an organisation"):
        module.parse_grouped_speakers("Ada Lovelace (Meta), Alan Turing")


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            "Fighting Agents with Agents Bringing Claude to PyTorch CI, triage, and PR review",
            "Fighting Agents with Agents — Bringing Claude to PyTorch CI, Triage, and PR Review",
        ),
        (
            "Unifying Open-Source LLM Serving on Google Cloud TPUs with TorchTPU",
            "Unifying Open Source LLM Serving on Google Cloud TPUs with TorchTPU",
        ),
        ("A Developer’s Guide to Attention in vLLM", "A Developers Guide to Attention in vLLM"),
        ("Memory & Runtime", "memory and runtime"),
    ],
)
def test_title_key_ignores_punctuation_case_and_ampersand(a: str, b: str) -> None:
    """Titles differing only in punctuation, case, quotes or "&"/"and" have one key."""
    module = _build_module()
    assert module.title_key(a) == module.title_key(b)


@pytest.mark.parametrize(
    ("title", "in_keynotes", "label", "expected"),
    [
        (
            "Sponsored: Quantization Showdown",
            False,
            "Demo Theater",
            ("Quantization Showdown", "sponsored-talk", "Demo Theater", 3),
        ),
        ("Keynote: Workload Fungibility", False, "Keynote", ("Workload Fungibility", "keynote", "Keynote", 3)),
        (
            "Guardrails at the Infrastructure Layer (Birds of a Feather)",
            False,
            None,
            ("Guardrails at the Infrastructure Layer", "birds-of-a-feather", "Birds of a Feather", 3),
        ),
        ("Sponsored Keynote: Trainium", True, None, ("Trainium", "sponsored-keynote", "Sponsored Keynote", 2)),
        ("Agentic AI Foundation Keynote", True, None, ("Agentic AI Foundation Keynote", "keynote", None, 1)),
        (
            "Nested Graph Breaks",
            False,
            "Lightning Talk",
            ("Nested Graph Breaks", "lightning-talk", "Lightning Talk", 3),
        ),
        ("Monarch", False, None, ("Monarch", "talk", None, 0)),
    ],
)
def test_classify(title: str, in_keynotes: bool, label: str | None, expected: tuple[str, str, str | None, int]) -> None:
    """Title prefixes, format words and keynote headings give kind, label and how directly it is stated."""
    assert _build_module().classify(title, in_keynotes, label) == expected


def _record(
    source: str, title: str, speaker: str, start: str = "2026-10-20T11:10:00-07:00", room: str = "210BF"
) -> Any:
    module = _build_module()
    return module.Record(
        source=source,
        title=title,
        kind="talk",
        kind_label=None,
        speakers=(module.SpeakerRef(speaker, "Meta"),),
        start=datetime.fromisoformat(start),
        end=None,
        room=room,
        track=None,
        abstract=None,
    )


def test_unreviewed_title_match_stops_the_build() -> None:
    """Two differently-titled records with one slot, room and speaker need a TITLE_MATCHES entry."""
    module = _build_module()
    records = [_record("post-core", "A Talk", "Ada Lovelace"), _record("post-vllm", "Another Talk", "Ada Lovelace")]
    with pytest.raises(module.SourceFormatError, match="add it to TITLE_MATCHES"):
        module.group_records(records)


def test_same_title_without_shared_speaker_stops_the_build() -> None:
    """One title with disjoint speakers is never merged silently."""
    module = _build_module()
    records = [_record("post-core", "A Talk", "Ada Lovelace"), _record("post-vllm", "A Talk", "Alan Turing")]
    with pytest.raises(module.SourceFormatError, match="no speaker"):
        module.group_records(records)


def test_different_slots_stay_different_sessions() -> None:
    """Records with different titles and slots are two sessions, even with one speaker."""
    module = _build_module()
    records = [
        _record("post-core", "A Talk", "Ada Lovelace"),
        _record("post-vllm", "Another Talk", "Ada Lovelace", start="2026-10-20T12:10:00-07:00"),
    ]
    assert [len(group) for group in module.group_records(records)] == [1, 1]


def test_every_title_match_is_used() -> None:
    """Each reviewed TITLE_MATCHES entry joins exactly the session it names."""
    module = _build_module()
    titles = {s["title"]: s for s in _sessions()}
    for (source, variant), shown in module.TITLE_MATCHES.items():
        session = titles[shown]
        assert variant in session["title_variants"] and source in session["sources"]


def test_each_shown_value_names_the_posts_that_give_it() -> None:
    """The torch.profiler session: its time is post-core's alone (the editorial choice), its room three posts'."""
    sessions = {s["id"]: s for s in _shipped()["conference"]["sessions"]}
    assert sessions["from-torch-profiler-to-hardware-cycles-a-practical"]["field_sources"] == [
        {"field": "start", "sources": ["post-core"], "weak": None},
        {"field": "end", "sources": ["post-core"], "weak": None},
        {"field": "room", "sources": ["seed-001", "post-hardware-md", "post-core"], "weak": None},
        {"field": "kind", "sources": ["post-core"], "weak": None},
        {"field": "track", "sources": ["seed-001", "post-hardware-md"], "weak": None},
        {"field": "speakers", "sources": ["seed-001", "post-hardware-md", "post-core"], "weak": None},
    ]


def test_weak_values_are_the_defaulted_kinds() -> None:
    """50 sessions are talks only by default (no post gives a format word): their kind is weak, nothing else is."""
    sessions = _shipped()["conference"]["sessions"]
    weak = Counter((p["field"], p["weak"]) for s in sessions for p in s["field_sources"] if p["weak"])
    assert weak == {("kind", "no source states the kind; 'talk' is the default"): 50}
    ten_minutes = [
        s["id"]
        for s in sessions
        if s["kind"] == "talk"
        and s["end"]
        and datetime.fromisoformat(s["end"][:25]) - datetime.fromisoformat(s["start"][:25]) <= timedelta(minutes=10)
    ]
    assert len(ten_minutes) == 9
    assert all(
        next(p for p in s["field_sources"] if p["field"] == "kind")["weak"] for s in sessions if s["id"] in ten_minutes
    )


def test_sponsor_sessions_of_the_demo_theater_stay() -> None:
    """The one sponsor rule keeps na2026's sponsored sessions in the Community Expo: titled sessions, wherever held."""
    sessions = _shipped()["conference"]["sessions"]
    expo = sorted(
        s["start"][11:16] for s in sessions if s["kind"] == "sponsored-talk" and s["room"] == "community-expo"
    )
    assert expo == ["10:40", "10:55", "12:35", "13:00", "13:50", "14:15", "15:55", "16:10"]
    assert sum(1 for s in sessions if s["kind"] == "sponsored-talk") == 12
