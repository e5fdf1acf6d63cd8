"""The eu2026 build script and the dataset it ships."""

from __future__ import annotations

import importlib.util
import json
import re
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "data" / "build_eu2026.py"
SHIPPED = ROOT / "src" / "pyconf_schedule" / "datasets" / "eu2026.json"
SOURCES = Path(__file__).resolve().parents[1].parent / "shared" / "sources"


def _load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_eu2026", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _shipped() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(SHIPPED.read_text(encoding="utf-8"))
    conference: dict[str, Any] = document["conference"]
    return conference


def _session(title: str) -> dict[str, Any]:
    matches: list[dict[str, Any]] = [s for s in _shipped()["sessions"] if s["title"] == title]
    assert len(matches) == 1, title
    return matches[0]


def _speaker(speaker_id: str) -> dict[str, Any]:
    matches: list[dict[str, Any]] = [s for s in _shipped()["speakers"] if s["id"] == speaker_id]
    assert len(matches) == 1, speaker_id
    return matches[0]


def test_build_reproduces_shipped_dataset() -> None:
    """Building from the source documents gives exactly the shipped JSON."""
    if not (SOURCES / "seeds").is_dir():
        pytest.skip(f"source documents not available at {SOURCES}")
    built = _load_script().build(SOURCES)
    assert built == json.loads(SHIPPED.read_text(encoding="utf-8"))


def test_session_counts() -> None:
    """98 sessions: 48 with time and room, 6 with time only, 38 with only their day, 6 with no day."""
    sessions = _shipped()["sessions"]
    kinds = Counter(
        "time and room"
        if s["start"] and s["room"]
        else "time only"
        if s["start"]
        else "day only"
        if "day_only" in s
        else "no day"
        for s in sessions
    )
    days = Counter(s["start"][:10] if s["start"] else s.get("day_only") for s in sessions)
    assert len(sessions) == 98
    assert kinds == {"time and room": 48, "time only": 6, "day only": 38, "no day": 6}
    assert days == {"2026-04-07": 44, "2026-04-08": 48, None: 6}
    assert not any(s["start"] and "day_only" in s for s in sessions)


def test_coverage_statement_counts() -> None:
    """The coverage statement gives the same counts."""
    coverage = _shipped()["coverage"]
    assert coverage.startswith("98 sessions that public sources know")
    assert (
        "48 have a start time and a room, 6 a start time but no room, 38 only their day "
        "(no time is known, none is guessed) and 6 not even their day"
    ) in coverage


SEED_002_SESSIONS = ROOT / "tests" / "golden" / "eu2026_seed_002_sessions.json"


def test_seed_002_sessions_unchanged() -> None:
    """The 43 seed-002 sessions keep every value they had; new sources only add to sources, wordings and addresses."""
    before: list[dict[str, Any]] = json.loads(SEED_002_SESSIONS.read_text(encoding="utf-8"))
    shipped = {s["id"]: s for s in _shipped()["sessions"]}
    for old in before:
        new = shipped[old["id"]]
        assert {k: new[k] for k in old if k not in ("url", "sources")} == {
            k: v for k, v in old.items() if k not in ("url", "sources")
        }
        assert old.get("url") is None and all(src in new["sources"] for src in old.get("sources", []))
        assert "day_only" not in new
        assert new["sources"][0] == "seed-002"


def test_liz_li_session() -> None:
    """The Monarch-on-ROCm talk keeps its whole title, time, room, track and speakers."""
    session = _session("Bringing PyTorch Monarch to AMD GPUs: Single-Controller Distributed Training on ROCm")
    assert session["start"] == "2026-04-08T11:05:00+02:00[Europe/Paris]"
    assert session["end"] == "2026-04-08T11:30:00+02:00[Europe/Paris]"
    assert session["kind"] == "talk"
    assert session["room"] == "founders-cafe"
    assert session["track"] == "training-systems"
    assert session["speakers"] == ["liz-li", "zachary-streeter"]
    rooms = {r["id"]: r["name"] for r in _shipped()["rooms"]}
    tracks = {t["id"]: t["name"] for t in _shipped()["tracks"]}
    assert rooms["founders-cafe"] == "Founders Cafe"
    assert tracks["training-systems"] == "Training Systems"


def test_title_with_dash_and_kind_prefix() -> None:
    """A title containing " - " stays whole and its "Keynote: " prefix becomes the kind."""
    session = _session("Stream Everything - Moving from Request input to Streaming input")
    assert (session["kind"], session["kind_label"]) == ("keynote", "Keynote")
    assert session["speakers"] == ["patrick-von-platen"]


@pytest.mark.parametrize(
    ("speaker_id", "name", "aliases"),
    [
        ("jason-zhihuai-zhu", "Jason Zhihuai Zhu", ["Jason Zhu"]),
        ("leonard-hussenot", "Leonard Hussenot", ["Léonard Hussenot"]),
        ("raja-gopal-hari-vijay", "Raja Gopal Hari Vijay", []),
    ],
)
def test_speaker_list_name_wins(speaker_id: str, name: str, aliases: list[str]) -> None:
    """The speaker-list spelling is the name; a different heading spelling is an alias."""
    speaker = _speaker(speaker_id)
    assert (speaker["name"], speaker["aliases"]) == (name, aliases)


def test_repeated_speaker_is_one_record() -> None:
    """A speaker in several sessions is one record that keeps the bio given once."""
    ids = [s["id"] for s in _shipped()["speakers"]]
    assert ids.count("tyler-michael-smith") == 1
    tyler = _speaker("tyler-michael-smith")
    assert tyler["organisation"] == "Red Hat"
    assert tyler["bio"] is not None and tyler["bio"].endswith("first working on a graph...")
    assert sum("tyler-michael-smith" in s["speakers"] for s in _shipped()["sessions"]) == 3


def test_truncated_helion_block() -> None:
    """The cut-short Helion block keeps what it gives and leaves track and level unknown."""
    session = _session("Meet the Developers of Helion")
    assert session["kind"] == "meet-the-developers"
    assert session["track"] is None and session["audience_level"] is None
    assert session["speakers"] == ["will-feng", "oguz-ulgen", "jason-ansel", "markus-hoehnerbach"]
    markus = _speaker("markus-hoehnerbach")
    assert (markus["job_title"], markus["organisation"], markus["bio"]) == (None, None, None)


def test_seed_000_session() -> None:
    """Seed 000 is the recap's CuTeDSL GEMM talk by Nikhil Patel on 8 April, the recap cited for it."""
    session = next(s for s in _shipped()["sessions"] if s["id"] == "untitled-000")
    assert session["title"] == "Achieving SOTA GEMM Performance: A CuTeDSL Backend for PyTorch Inductor"
    assert (session["start"], session["end"], session["day_only"], session["room"], session["kind"]) == (
        None,
        None,
        "2026-04-08",
        None,
        "other",
    )
    assert (session["speakers"], session["track"]) == (["nikhil-patel"], "frameworks-compilers")
    assert session["sources"] == ["seed-000", "recap-pytorch-blog"]
    assert session["abstract"] is not None and session["abstract"].count("\n\n") == 2
    nikhil = _speaker("nikhil-patel")
    assert (nikhil["name"], nikhil["aliases"], nikhil["organisation"]) == ("Nikhil Patel", ["Nikhil"], "Meta")
    assert nikhil["bio"] is not None and nikhil["bio"].startswith("Nikhil is a software engineer")


#: (speaker id, card organisation, heading organisation) for every heading that
#: names a different organisation than the speaker's card.
HEADING_ORGANISATION_CONFLICTS = [
    ("andrea-mattia-garavagno", "University of Genoa & Scuola Superiore Sant'Anna", "University of Genoa"),
    ("andrew-wang", "Blur Labs", "DeepInverse"),
    ("doug-smith", "Red Hat", "Red Hat, Inc"),
    ("jonathan-bryce", "The Linux Foundation", "Cloud Native Computing Foundation"),
    ("lars-heyen", "Karlsruhe Institute of Technology", "Karlsruhe Instute of Technology, Scientific Computing Center"),
    ("ludovic-henry", "Rivos", "Meta"),
    ("mark-collier", "The Linux Foundation", "Linux Foundation"),
    ("maroon-ayoub", "IBM Research", "IBM"),
    ("matt-white", "The Linux Foundation", "Linux Foundation"),
    ("minh-hai-nguyen", "Toulouse University", "Université de Toulouse"),
]


def test_heading_organisations_are_conflicts() -> None:
    """Every heading organisation unlike the card's is a conflict; the card's value is shown."""
    found: list[tuple[str, str, str]] = []
    for speaker in _shipped()["speakers"]:
        for conflict in speaker["conflicts"]:
            assert conflict["field"] == "organisation", speaker["id"]
            if not conflict["rule"].startswith("the speaker card in the session's speaker list is shown"):
                continue
            card, *headings = conflict["values"]
            assert card["value"] == speaker["organisation"]
            assert conflict["rule"].startswith(
                "the speaker card in the session's speaker list is shown; the session heading ("
            )
            for value in conflict["values"]:
                assert value["sources"][0] == "seed-002"
            found.extend((speaker["id"], card["value"], h["value"]) for h in headings)
    assert found == HEADING_ORGANISATION_CONFLICTS


def test_heading_organisation_rule_names_session_and_typo() -> None:
    """The rule names the session whose heading gives the value, and flags the typo."""
    assert _speaker("ludovic-henry")["conflicts"][0]["rule"] == (
        "the speaker card in the session's speaker list is shown; the session heading "
        "('PyTorch on RISC-V: From Cross-Compilation To Native CI') gives 'Meta'"
    )
    assert "typo" in _speaker("lars-heyen")["conflicts"][0]["rule"]
    assert _speaker("besmira-nushi")["conflicts"] == []  # job title differs only in format
    assert _speaker("artur-niederfahrenhorst")["conflicts"] == []  # "Staff,Anyscale"
    assert _speaker("maryam-tahhan")["conflicts"] == []  # "A, Job & B, Job, Org" shares Org


def test_heading_organisations_are_queryable() -> None:
    """by_organisation finds a speaker by the organisation a heading gives."""
    from pyconf_schedule import load

    eu = load("eu2026")
    risc_v = "PyTorch on RISC-V: From Cross-Compilation To Native CI"
    assert risc_v in [s.title for s in eu.by_organisation("Meta")]
    assert risc_v in [s.title for s in eu.by_organisation("Rivos")]
    assert [s.title for s in eu.by_organisation("Université de Toulouse")] == [
        "How DeepInverse Is Solving Imaging in Science and Healthcare With PyTorch"
    ]


def test_build_is_byte_for_byte() -> None:
    """The build's text is the shipped file's text, byte for byte."""
    if not (SOURCES / "seeds").is_dir():
        pytest.skip(f"source documents not available at {SOURCES}")
    module = _load_script()
    common = importlib.import_module("_build_common")  # importable once the script is loaded
    assert common.dump(module.build(SOURCES)) == SHIPPED.read_text(encoding="utf-8")


#: Every session that has a time now and had none (or did not exist) before:
#: id -> (start, end, room), the sources in the comment.
NEWLY_TIMED = {
    "why-your-forecasting-transformer-isnt-working-and-how":  # sched-list-intermediate
    ("2026-04-07T11:00:00+02:00[Europe/Paris]", "2026-04-07T11:10:00+02:00[Europe/Paris]", None),
    "training-embedding-model-resiliently-for-multimodal-model-inference":  # sched-list-training-systems
    ("2026-04-07T11:00:00+02:00[Europe/Paris]", "2026-04-07T11:10:00+02:00[Europe/Paris]", None),
    "parameterized-cuda-graph-launch-in-pytorch-cuda-graphs":  # sched-list-advanced, sched-event-2HinC
    ("2026-04-07T12:00:00+02:00[Europe/Paris]", "2026-04-07T12:25:00+02:00[Europe/Paris]", None),
    "the-token-slice-implementing-preemptive-scheduling-via-chunked":  # sched-event-2Hins; room: llm-d
    ("2026-04-07T14:15:00+02:00[Europe/Paris]", "2026-04-07T14:40:00+02:00[Europe/Paris]", "central-room"),
    "model-changing-transforms-with-torch-compile":  # sched-event-2Hio1
    ("2026-04-07T14:45:00+02:00[Europe/Paris]", "2026-04-07T15:10:00+02:00[Europe/Paris]", "master-stage"),
    "beyond-generic-spans-distributed-tracing-for-actionable-llm":  # llm-d only
    ("2026-04-07T15:45:00+02:00[Europe/Paris]", "2026-04-07T15:55:00+02:00[Europe/Paris]", "master-stage"),
    "untitled-2juce":  # sched-event-2Juce
    ("2026-04-07T16:10:00+02:00[Europe/Paris]", "2026-04-07T16:35:00+02:00[Europe/Paris]", None),
    "disaggregated-tokenization-building-toward-tokens-in-tokens-out":  # llm-d only, room "TBA"
    ("2026-04-08T10:10:00+02:00[Europe/Paris]", "2026-04-08T10:35:00+02:00[Europe/Paris]", None),
    "not-all-tokens-are-equal-semantic-kv-cache":  # llm-d only
    ("2026-04-08T11:25:00+02:00[Europe/Paris]", "2026-04-08T11:35:00+02:00[Europe/Paris]", "founders-cafe"),
    "portable-high-performance-llm-serving-a-triton-backend":  # sched-event-2HipW
    ("2026-04-08T11:35:00+02:00[Europe/Paris]", "2026-04-08T12:00:00+02:00[Europe/Paris]", None),
    "scaling-recommendation-systems-to-2k-gpus-and-beyond":  # sched-event-2HiqL
    ("2026-04-08T14:15:00+02:00[Europe/Paris]", "2026-04-08T14:25:00+02:00[Europe/Paris]", "founders-cafe"),
}


def test_newly_timed_sessions() -> None:
    """Exactly these 11 sessions outside seed 002 have a time, each with its exact start, end and room."""
    before = {s["id"] for s in json.loads(SEED_002_SESSIONS.read_text(encoding="utf-8"))}
    timed = {
        s["id"]: (s["start"], s["end"], s["room"])
        for s in _shipped()["sessions"]
        if s["start"] and s["id"] not in before
    }
    assert timed == NEWLY_TIMED


def test_recap_only_sessions_have_no_start() -> None:
    """A session only the recap gives has no time: 33 of them (two sponsor sessions with no day either)."""
    recap_only = [s for s in _shipped()["sessions"] if s["sources"] == ["recap-pytorch-blog"]]
    assert len(recap_only) == 33
    for session in recap_only:
        assert (session["start"], session["end"]) == (None, None), session["id"]
        assert session.get("day_only") in (
            ("2026-04-07", "2026-04-08") if session["kind"] != "sponsored-talk" else (None,)
        ), session["id"]


def test_every_recap_talk_is_found() -> None:
    """Each talk item of the recap is found by title, by every speaker and organisation, on its day."""
    from pyconf_schedule import load

    if not (SOURCES / "seeds").is_dir():
        pytest.skip(f"source documents not available at {SOURCES}")
    eu = load("eu2026")
    items = _load_script()._parse_recap(SOURCES)["items"]
    assert len(items) == 65
    for item in items:
        (session,) = [s for s in eu.sessions if item["title"] in (s.title, *s.title_variants)]
        assert str(session.day) == item["day"], item["title"]
        for name, organisation in item["people"]:
            assert session.id in eu.by_speaker(name).ids, (item["title"], name)
            if organisation is not None:
                assert session.id in eu.by_organisation(organisation).ids, (item["title"], organisation)


def test_recap_keynotes_meetings_and_bofs_are_merged() -> None:
    """The recap's keynotes, Meet the Developers/Maintainers and its EU AI Act BoF join the seed sessions."""
    with_recap = {
        s["id"]
        for s in _shipped()["sessions"]
        if s["sources"][:1] == ["seed-002"] and "recap-pytorch-blog" in s["sources"]
    }
    kinds = Counter(s["kind"] for s in _shipped()["sessions"] if s["id"] in with_recap)
    assert kinds == {
        "keynote": 9,
        "sponsored-keynote": 3,
        "meet-the-developers": 4,
        "birds-of-a-feather": 1,
        "talk": 9,
        "lightning-talk": 12,
    }


def test_kinds_and_tracks() -> None:
    """Sessions per kind and per track."""
    sessions = _shipped()["sessions"]
    assert Counter(s["kind"] for s in sessions) == {
        "talk": 55,
        "lightning-talk": 20,
        "keynote": 9,
        "meet-the-developers": 4,
        "sponsored-keynote": 3,
        "birds-of-a-feather": 3,
        "other": 1,
        "sponsored-talk": 3,
    }
    tracks = {t["id"]: t["name"] for t in _shipped()["tracks"]}
    assert Counter(tracks[s["track"]] if s["track"] else None for s in sessions) == {
        "Frameworks & Compilers": 18,
        "Inference & Production": 17,
        "Training Systems": 14,
        "Keynote Sessions": 12,
        None: 13,
        "GenAI & Multimodal": 5,
        "Applications & Case Studies": 4,
        "Responsible AI & Compliance": 4,
        "Meet the Developers": 3,
        "Agents and Interop": 3,
        "Responsible AI, Security, and Privacy": 2,
        "Security and Privacy": 2,
        "Birds of A Feather": 1,
    }


def test_untitled_sched_pages() -> None:
    """Sched pages that show no title and match no talk by speaker and subject stay untitled."""
    untitled = {
        s["id"]: (s["title"], s["speakers"], s["start"], s.get("day_only"), s["sources"])
        for s in _shipped()["sessions"]
        if s["id"].startswith("untitled-2")
    }
    assert untitled == {
        "untitled-2hioy": (None, ["lucas"], None, None, ["sched-event-2HioY"]),
        "untitled-2hipe": (None, [], None, None, ["sched-event-2HipE"]),
        "untitled-2hiqp": (None, ["michael-lazos"], None, None, ["sched-event-2Hiqp"]),
        "untitled-2juce": (
            None,
            ["songlin-jiang"],
            "2026-04-07T16:10:00+02:00[Europe/Paris]",
            None,
            ["sched-event-2Juce", "github-megatron-bridge", "github-verl"],
        ),
    }


def test_linked_sched_page_adds_time_room_and_source() -> None:
    """Page 2Hio1 (no title; Thomas Viehmann, torch.compile) gives the recap talk its time and room."""
    session = _session("Model-Changing Transforms with Torch.compile")
    assert session["sources"] == ["sched-event-2Hio1", "recap-pytorch-blog"]
    assert session["speakers"] == ["thomas-viehmann"]
    assert _speaker("thomas-viehmann")["organisation"] == "Lightning AI"


def test_events_list_time_conflicts() -> None:
    """The llm-d list's draft times and room are conflicts; the Sched values are shown."""
    wideep = _session("Why WideEP Inference Needs Data-Parallel-Aware Scheduling")
    start = next(c for c in wideep["conflicts"] if c["field"] == "start")
    assert start["values"] == [
        {"value": "2026-04-07T13:45:00+02:00[Europe/Paris]", "sources": ["seed-002", "sched-event-2Hind"]},
        {"value": "2026-04-07T13:35:00+02:00[Europe/Paris]", "sources": ["events-list-llm-d"]},
    ]
    kv = _session("KV-Cache Centric Inference: Building a State-Aware Serving Platform With Llm-d and VLLM")
    room = next(c for c in kv["conflicts"] if c["field"] == "room")
    assert room["values"] == [
        {"value": "central-room", "sources": ["seed-002"]},
        {"value": "founders-cafe", "sources": ["events-list-llm-d"]},
    ]
    slice_ = _session("The Token Slice: Implementing Preemptive Scheduling via Chunked Decoding")
    assert [c["field"] for c in slice_["conflicts"]] == ["start", "end", "speakers"]
    assert slice_["conflicts"][0]["values"][1] == {
        "value": "2026-04-07T14:05:00+02:00[Europe/Paris]",
        "sources": ["events-list-llm-d"],
    }


def test_slug_speaker_conflicts() -> None:
    """Speakers named only in the llm-d list's Sched link slugs are kept as conflicts, never shown."""
    found = {
        s["id"]: [v["value"] for v in c["values"]]
        for s in _shipped()["sessions"]
        for c in s["conflicts"]
        if c["field"] == "speakers"
    }
    assert found == {
        "why-wideep-inference-needs-data-parallel-aware-scheduling": [
            "Maroon Ayoub; Tyler Michael Smith",
            "nili-guy-ibm-tyler-michael-smith-red-hat",
        ],
        "kv-cache-centric-inference-building-a-state-aware": [
            "Martin Hickey; Maroon Ayoub",
            "maroon-ayoub-ibm-research",
        ],
        "inside-vllm-s-kv-offloading-connector-async-memory": [
            "Nicolò Lucchesi",
            "or-ozeri-ibm-nicolo-lucchesi-red-hat",
        ],
        "the-token-slice-implementing-preemptive-scheduling-via-chunked": [
            "Maroon Ayoub; Kellen Swain",
            "etai-lev-ran-ibm-kellen-swain-google",
        ],
    }
    slice_ = _session("The Token Slice: Implementing Preemptive Scheduling via Chunked Decoding")
    assert slice_["conflicts"][2]["values"][0]["sources"] == [
        "sched-event-2Hins",
        "recap-pytorch-blog",
        "recording-token-slice",
    ]


def test_day_conflict_of_speaker_site() -> None:
    """The recap's day 2 is shown for the ASICs talk; the speaker's site's 7 April is a conflict."""
    session = _session("De-mystifying PyTorch for ASICs: When (and Why) to Move Your Development to AI Accelerators")
    assert session["day_only"] == "2026-04-08"
    assert session["conflicts"] == [
        {
            "field": "day",
            "values": [
                {"value": "2026-04-08", "sources": ["recap-pytorch-blog"]},
                {"value": "2026-04-07", "sources": ["github-speaker-site"]},
            ],
            "rule": "the recap's day heading is shown (the conference's own programme summary); "
            "the speaker's personal site data gives another date",
        }
    ]
    assert session["title_variants"] == [
        "De-mystifying PyTorch for ASICs: When (and Why) To Move Your Development To AI Accelerators",
        "De-mystifying PyTorch for ASICs",
    ]


def test_new_organisation_conflicts() -> None:
    """A speaker's organisation that two sources word differently keeps both, the first source's shown."""
    jan = _speaker("jan-van-lunteren")
    assert jan["organisation"] == "IBM Research"
    assert jan["conflicts"] == [
        {
            "field": "organisation",
            "values": [
                {"value": "IBM Research", "sources": ["sched-event-2HipW"]},
                {"value": "IBM", "sources": ["recap-pytorch-blog"]},
            ],
            "rule": "the first value in source order is kept",
        }
    ]
    maroon = _speaker("maroon-ayoub")["conflicts"][0]["values"]
    assert maroon == [
        {
            "value": "IBM Research",
            "sources": ["seed-002", "sched-event-2Hind", "sched-event-2Hins", "recap-pytorch-blog"],
        },
        {"value": "IBM", "sources": ["seed-002", "recap-pytorch-blog", "recording-token-slice", "recording-wideep"]},
    ]


def test_non_talk_items_are_not_sessions() -> None:
    """Expo, registration, lunch, party and posters are not sessions."""
    titles = {s["title"] for s in _shipped()["sessions"]}
    for title in (
        "Community Expo",
        "Registration & Badge Pick-Up",
        "Women and Non-Binary in PyTorch Lunch",
        "Flare Party",
    ):
        assert title not in titles


def test_sponsor_sessions_named_by_title_are_sessions() -> None:
    """The recap's two sponsor sessions of the expo are sessions (sponsored-talk), with nothing more than it says."""
    sessions = {s["title"]: s for s in _shipped()["sessions"]}
    for title, sid in (
        ("Validating AI on CPUs: The vLLM 3-Phase Evaluation Framework", "validating-ai-on-cpus-the-vllm-3-phase"),
        ("Lobster Trap: OpenClaw in Containers", "lobster-trap-openclaw-in-containers"),
    ):
        s = sessions[title]
        assert (s["id"], s["kind"], s["kind_label"], s["start"], s["room"], s["speakers"], s["sources"]) == (
            sid,
            "sponsored-talk",
            None,
            None,
            None,
            [],
            ["recap-pytorch-blog"],
        )
        assert "day_only" not in s
        assert s["field_sources"] == [{"field": "kind", "sources": ["recap-pytorch-blog"], "weak": None}]
    assert sorted(s["id"] for s in _shipped()["sessions"] if s["kind"] == "sponsored-talk") == [
        "lobster-trap-openclaw-in-containers",
        "torchtpu-expanding-tpu-programmability-to-pytorch",
        "validating-ai-on-cpus-the-vllm-3-phase",
    ]


def test_sources_have_file_and_address() -> None:
    """Every new source document is listed with its file and the address on its line 1."""
    sources = {s["id"]: s for s in _shipped()["sources"]}
    assert len(sources) == 39
    recap = sources["recap-pytorch-blog"]
    assert recap["url"] == (
        "https://pytorch.org/blog/pytorch-conference-europe-2026-a-landmark-moment-for-open-source-ai-in-paris/"
    )
    assert recap["file"].startswith("extra/eu2026-sched-pages/raw_pytorch.org_blog_")
    assert sources["sched-event-2Hio1"]["url"] == "https://pytorchconferenceeu2026.sched.com/event/2Hio1"
    assert sources["github-verl"]["url"] is None  # line 1 describes the stored copies, no address
    used = {src for s in _shipped()["sessions"] for src in s["sources"]}
    assert used == set(sources) - {"writeup-meltwater", "sched-ics"}


def test_by_speaker_and_organisation() -> None:
    """by_speaker("Bin Bao") and by_organisation("Meta") give the exact sessions."""
    from pyconf_schedule import load

    eu = load("eu2026")
    assert eu.by_speaker("Bin Bao").ids == ("accelerating-pytorch-models-with-torch-compile-s-c",)
    assert eu.by_organisation("Meta").ids == (
        "pytorch-updates",
        "meet-the-developers-of-pytorch-module-maintainers",
        "executorch-on-microcontrollers-deploying-pytorch-to-the-smallest",
        "combo-kernels-horizontal-fusion-optimization-in-torch-compile",
        "meet-the-developers-of-helion",
        "monarch-an-api-to-your-supercomputer",
        "pytorch-on-risc-v-from-cross-compilation-to",
        "scaling-recommendation-systems-to-2k-gpus-and-beyond",
        "flexattention-flashattention-4-fast-and-flexible",
        "helion-1-0-a-high-level-dsl-for",
        "accelerating-pytorch-models-with-torch-compile-s-c",
        "untitled-000",
        "debugging-the-undebuggable-introducing-torch-distributed-debug",
        "faster-than-sota-kernels-in-torch-compile-with",
        "fp8-training-from-hopper-to-blackwell",
        "how-to-write-c-extensions-in-2026",
        "untitled-2hiqp",
        "torchtpu-expanding-tpu-programmability-to-pytorch",
    )


def test_page_link_needs_its_evidence() -> None:
    """A Sched page is linked to a talk only if the page shows the listed speaker and subject words."""
    if not (SOURCES / "seeds").is_dir():
        pytest.skip(f"source documents not available at {SOURCES}")
    module = _load_script()
    title, _ = module.SCHED_PAGE_LINKS["2Hio1"]
    module.SCHED_PAGE_LINKS["2Hio1"] = (title, ("Thomas Viehmann", "Lightning Thunder internals"))
    with pytest.raises(module.SourceError, match=re.escape("2Hio1.txt: the page does not say")):
        module.build(SOURCES)


def test_no_non_talk_item_in_either_dataset() -> None:
    """Neither dataset holds a break-like or party session: non-talk items are not sessions."""
    from pyconf_schedule import load

    for name in ("eu2026", "na2026"):
        sessions = load(name).sessions
        assert not sessions.by_kind("break")
        titles = {(s.title or "").casefold() for s in sessions}
        assert not {"flare party", "ai community bash", "community expo", "registration & badge pick-up"} & titles


#: Every abstract a Sched event page gives a session that no seed gives one:
#: the page's text up to where the speaker's bio starts (or, with no speaker
#: named, up to its first omission mark), "..." kept where the excerpt omits text.
PAGE_ABSTRACTS = {
    "model-changing-transforms-with-torch-compile":  # 2Hio1
    "torch.compile is the goto mechanism to increase performance of PyTorch models of all shapes and forms. ...",
    "accelerating-pytorch-models-with-torch-compile-s-c":  # 2HipN
    "This lightning talk introduces torch.compile's C++ wrapper mode ...",
    "optimizing-cpu-llm-inference-in-pytorch-lessons-from":  # 2Hipr
    "vLLM has emerged as a reference inference stack in the PyTorch ecosystem ... In this talk, we examine "
    "CPU-based LLM inference through the lens of PyTorch internals, using vLLM as a case study. ...",
    "scaling-recommendation-systems-to-2k-gpus-and-beyond":  # 2HiqL
    "TLDR: In this session, we go over one of the key technologies to Ads model scaling at Meta, 2D sparse "
    "parallelism. ...",
    "optimizing-large-moe-inference-on-nvidia-blackwell-nvfp4":  # 2Hipc: names no speaker, no omission inside
    "Deploying massive Mixture-of-Experts (MoE) architectures like DeepSeek-V3/R1 requires a co-designed "
    "approach leveraging NVIDIA Blackwell’s fifth-generation Tensor Cores. This session details the "
    "transition to NVFP4 precision for MoE weights ...",
    "untitled-2hioy": "This talk presents Torchstore, an open-source distributed tensor storage system built on "
    "Monarch actors ...",
    "untitled-2hipe": "Distributed PyTorch training often looks healthy in system dashboards ...",
    "untitled-2hiqp": "CUDA streams are a widely-used method for parallelizing GPU computation on NVIDIA GPUs. ... "
    "Before this work, torch.compile previously would graph break on CUDA stream contexts ...",
}

#: The bios those pages run on into, now on the speaker they name (none had one).
PAGE_BIOS = {
    "thomas-viehmann": "Thomas Viehmann does PyTorch and Optimization at Lightning AI, PyTorch contributor since "
    "2017, founded MathInf GmbH in 2018, co-authored of “Deep Learning with PyTorch” in 2020.",
    "bin-bao": "Bin Bao is a software engineer working with the PyTorch Compiler team at Meta.",
    "crefeda-rodrigues": "Crefeda Rodrigues is a Staff Software Engineer at Arm, focusing on performance and "
    "scalability driven machine learning software optimization for Arm server CPUs.",
    "zain-huda": "Zain works on large scale training systems for recommender systems at Meta. He works on TorchRec ...",
    "lucas": "Lucas has been developing Machine Learning Applications and Machine Learning infrastructure at scale "
    "for years, and has recently been focused on extending the product offering of PyTorch's "
    "Distributed Checkpointing stack.",
    "michael-lazos": "Michael Lazos is a software engineer at Meta where he contributes to torch.compile.",
}


def test_page_abstracts_hold_no_bio() -> None:
    """A one-paragraph Sched page's abstract stops where the speaker's bio starts."""
    sessions = {s["id"]: s for s in _shipped()["sessions"]}
    assert {sid: sessions[sid]["abstract"] for sid in PAGE_ABSTRACTS} == PAGE_ABSTRACTS


def test_page_bios_go_to_their_speakers() -> None:
    """The bio a page runs on into becomes the bio of the speaker it names."""
    assert {sid: _speaker(sid)["bio"] for sid in PAGE_BIOS} == PAGE_BIOS


def test_no_abstract_holds_a_speaker_bio() -> None:
    """No session's abstract contains the bio of any speaker, nor a sentence opening with its speaker's name."""
    conference = _shipped()
    bios = [s["bio"] for s in conference["speakers"] if s["bio"]]
    names = {s["id"]: s["name"] for s in conference["speakers"]}
    for session in conference["sessions"]:
        abstract = session["abstract"] or ""
        assert not [bio for bio in bios if bio.removesuffix("...").strip() in abstract], session["id"]
        if "seed-002" not in session["sources"]:
            assert not [
                names[p]
                for p in session["speakers"]
                if f"{names[p]} is " in abstract or f"... {names[p].split()[0]} " in abstract
            ], session["id"]


def test_split_bio_rule() -> None:
    """The split keeps a Speakers-block page whole, cuts at a named speaker, else at the first omission mark."""
    split = _load_script()._split_bio
    speaker = {"id": "ann-lee", "name": "Ann Lee", "aliases": []}
    assert split({"text": "A talk. ... Ann Lee is a dev.", "people": [("Ann Lee", None, None)]}, [speaker]) == (
        "A talk. ... Ann Lee is a dev.",
        None,
        None,
    )
    assert split({"text": "A talk. ... Ann works at X.", "people": []}, [speaker]) == (
        "A talk. ...",
        "Ann works at X.",
        "ann-lee",
    )
    assert split({"text": "A talk ... PhD, builds tools ...", "people": []}, []) == ("A talk ...", None, None)
    assert split({"text": "A talk on Ann Lee's tools.", "people": []}, [speaker]) == (
        "A talk on Ann Lee's tools.",
        None,
        None,
    )


def test_nameless_page_linked_by_its_subject() -> None:
    """Page 2Hiq0 names no speaker but the Trinity Large talk's subject, so it is that talk, not a second session."""
    session = _session("Trinity Large: Torchtitan on 2000+ B300s")
    assert (session["id"], session["sources"], session["speakers"], session.get("day_only")) == (
        "trinity-large-torchtitan-on-2000-b300s",
        ["sched-event-2Hiq0", "recap-pytorch-blog"],
        ["matej-sirovatka"],
        "2026-04-08",
    )
    assert session["abstract"] == (
        "In this talk, we'll cover how to use torchtitan to scale training of ultra-sparse mixture-of-experts "
        "models across over 2,000 GPUs. We'll walk through the pre-training of Trinity Large, a 400B "
        "mixture-of-experts model trained entirely using torchtitan ..."
    )
    assert [s["id"] for s in _shipped()["sessions"] if "sched-event-2Hiq0" in s["sources"]] == [session["id"]]


def test_every_sched_page_is_one_session() -> None:
    """Each Sched event page is cited by exactly one session, and no two sessions share an abstract."""
    sessions = _shipped()["sessions"]
    pages = [src["id"] for src in _shipped()["sources"] if src["id"].startswith("sched-event-")]
    assert len(pages) == 16
    assert {page: len([s for s in sessions if page in s["sources"]]) for page in pages} == dict.fromkeys(pages, 1)
    abstracts = [s["abstract"] for s in sessions if s["abstract"]]
    assert len(abstracts) == len(set(abstracts))


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (("Trinity Large", "torchtitan"), None),
        (("Trinity Large", "B300s"), "'B300s' is not in both the page and"),
        (
            ("Trinity Large", "Large"),
            r"'Large' is also in the titles of \['optimizing-large-moe-inference-on-nvidia-blackwell-nvfp4'\]",
        ),
    ],
)
def test_subject_link_needs_unique_title_words(words: tuple[str, ...], message: str | None) -> None:
    """A page linked by subject alone must contain each word, and each must be in the talk's title only."""
    if not (SOURCES / "seeds").is_dir():
        pytest.skip(f"source documents not available at {SOURCES}")
    module = _load_script()
    title, _ = module.SUBJECT_LINKS["2Hiq0"]
    module.SUBJECT_LINKS["2Hiq0"] = (title, words)
    if message is None:
        assert len(module.build(SOURCES)["conference"]["sessions"]) == 98
    else:
        with pytest.raises(module.SourceError, match=message):
            module.build(SOURCES)


def test_subject_link_refuses_a_page_naming_its_speaker() -> None:
    """A page that names a speaker is linked by speaker and subject, never by subject alone."""
    if not (SOURCES / "seeds").is_dir():
        pytest.skip(f"source documents not available at {SOURCES}")
    module = _load_script()
    module.SUBJECT_LINKS["2HipN"] = (
        "Accelerating PyTorch Models with Torch.compile's C++ Wrapper Mode",
        ("torch.compile",),
    )
    del module.SCHED_PAGE_LINKS["2HipN"]
    with pytest.raises(module.SourceError, match=re.escape("2HipN.txt: the page names a speaker")):
        module.build(SOURCES)


TRACED_LINKS = [
    ("parameterized-cuda-graph-launch-in-pytorch-cuda-graphs", "url", "sched.com_event_2HinC", 1),
    ("why-wideep-inference-needs-data-parallel-aware-scheduling", "url", "sched.com_event_2Hind", 1),
    ("accelerating-on-device-ml-inference-with-executorch-and", "url", "sched.com_event_2Hinp", 1),
    ("the-token-slice-implementing-preemptive-scheduling-via-chunked", "url", "sched.com_event_2Hins", 1),
    ("model-changing-transforms-with-torch-compile", "url", "sched.com_event_2Hio1", 1),
    ("jigsaw-domain-and-tensor-parallelism-for-high-resolution", "url", "sched.com_event_2HioD", 1),
    ("untitled-2hioy", "url", "sched.com_event_2HioY", 1),
    ("untitled-2hipe", "url", "sched.com_event_2HipE", 1),
    ("accelerating-pytorch-models-with-torch-compile-s-c", "url", "sched.com_event_2HipN", 1),
    ("portable-high-performance-llm-serving-a-triton-backend", "url", "sched.com_event_2HipW", 1),
    ("optimizing-large-moe-inference-on-nvidia-blackwell-nvfp4", "url", "sched.com_event_2Hipc", 1),
    ("optimizing-cpu-llm-inference-in-pytorch-lessons-from", "url", "sched.com_event_2Hipr", 1),
    ("trinity-large-torchtitan-on-2000-b300s", "url", "sched.com_event_2Hiq0", 1),
    ("scaling-recommendation-systems-to-2k-gpus-and-beyond", "url", "sched.com_event_2HiqL", 1),
    ("untitled-2hiqp", "url", "sched.com_event_2Hiqp", 1),
    ("untitled-2juce", "url", "sched.com_event_2Juce", 1),
    ("parameterized-cuda-graph-launch-in-pytorch-cuda-graphs", "recording", "deepcamp.cc_video_parameterized", 1),
    ("the-token-slice-implementing-preemptive-scheduling-via-chunked", "recording", "deepcamp.cc_video_the-token", 1),
    ("torchtpu-expanding-tpu-programmability-to-pytorch", "recording", "deepcamp.cc_video_sponsored", 1),
    ("why-wideep-inference-needs-data-parallel-aware-scheduling", "recording", "openworld.news_why-wideep", 1),
    ("how-to-write-c-extensions-in-2026", "url", "github_56390824700", 6),
    ("how-to-write-c-extensions-in-2026", "slide_urls", "github_56390824700", 7),
    ("pytorch-on-risc-v-from-cross-compilation-to", "slide_urls", "github_56327160256", 4),
    ("torchtpu-expanding-tpu-programmability-to-pytorch", "slide_urls", "github_66128203191", 4),
    ("disaggregated-tokenization-building-toward-tokens-in-tokens-out", "url", "llm-d-upcoming-events", 43),
    ("beyond-generic-spans-distributed-tracing-for-actionable-llm", "url", "llm-d-upcoming-events", 50),
    ("kv-cache-centric-inference-building-a-state-aware", "url", "llm-d-upcoming-events", 57),
    ("not-all-tokens-are-equal-semantic-kv-cache", "url", "llm-d-upcoming-events", 64),
    ("inside-vllm-s-kv-offloading-connector-async-memory", "url", "llm-d-upcoming-events", 71),
]
"""Every address in eu2026, with the file (a part of its name) and the line it is read from."""


def test_every_address_is_traced_to_its_file_and_line() -> None:
    """Each session url, recording and slide address is read from one line of one source file, which holds it."""
    if not (SOURCES / "seeds").is_dir():
        pytest.skip(f"source documents not available at {SOURCES}")
    traced = _load_script().traced_links(SOURCES)
    assert [(sid, key, line) for sid, key, _, _, line in traced] == [
        (sid, key, line) for sid, key, _, line in TRACED_LINKS
    ]
    shipped = {s["id"]: s for s in _shipped()["sessions"]}
    for (sid, key, value, file, line), (_, _, part, _) in zip(traced, TRACED_LINKS, strict=True):
        assert part in file
        assert value in (SOURCES / file).read_text(encoding="utf-8").splitlines()[line - 1]
        assert value == shipped[sid][key] or value in shipped[sid][key]


def test_link_counts() -> None:
    """22 sessions have their own page, 4 a recording, 27 slide files and 3 slide addresses; nothing else has one."""
    sessions = _shipped()["sessions"]
    assert sum(1 for s in sessions if s["url"]) == 22
    assert sum(1 for s in sessions if s.get("recording")) == 4
    assert sum(1 for s in sessions if s["slides"]) == 27
    assert sum(1 for s in sessions if s.get("slide_urls")) == 3
    assert sum(1 for s in sessions if s["slides"] or s.get("slide_urls")) == 29
    assert {s["id"] for s in sessions if s["url"]} == {sid for sid, key, _, _ in TRACED_LINKS if key == "url"}


def test_slide_words_match_a_listed_file_and_its_address() -> None:
    """A slide address joins the listed file of the same words: Sched drops punctuation from the names it lists."""
    script = _load_script()
    assert (
        script.slide_words("PyTorch%20Conf%20EU%20-%202026%20-%20PyTorch%20on%20RISC-V.pdf")
        == script.slide_words("PyTorch Conf EU 2026 PyTorch on RISC V pdf")
        == ["pytorch", "conf", "eu", "2026", "pytorch", "on", "risc", "v", "pdf"]
    )


def test_every_shown_field_names_its_sources() -> None:
    """Each session records, per time, day, room, kind, track, speakers, page and recording it shows, the sources."""
    fields = ("start", "end", "day_only", "room", "kind", "track", "speakers", "url", "recording")
    for s in _shipped()["sessions"]:
        recorded = [p["field"] for p in s["field_sources"]]
        assert recorded == [f for f in fields if s.get(f)], s["id"]
        assert all(p["sources"] for p in s["field_sources"] if p["field"] != "kind"), s["id"]


def test_weak_values_are_the_llm_d_list_alone_and_defaulted_kinds() -> None:
    """66 values are weak: 54 kinds no source states (defaults), and twelve values only the llm-d events list gives."""
    weak = Counter((p["field"], p["weak"]) for s in _shipped()["sessions"] for p in s["field_sources"] if p["weak"])
    llm_d = "only the llm-d events list gives it, a copy of an earlier draft of the schedule"
    assert weak == {
        ("kind", "no source states the kind; 'talk' is the default"): 53,
        ("kind", "no source states the kind; 'other' is the default"): 1,
        ("kind", llm_d): 2, ("start", llm_d): 3, ("end", llm_d): 3, ("room", llm_d): 3, ("speakers", llm_d): 1,
    }  # fmt: skip
    assert sum(1 for s in _shipped()["sessions"] if any(p["weak"] for p in s["field_sources"])) == 58


def test_provenance_of_a_session_from_the_llm_d_list() -> None:
    """Not All Tokens: time, room, kind and speakers only from the llm-d list (weak); its page from there too (firm)."""
    weak = "only the llm-d events list gives it, a copy of an earlier draft of the schedule"
    assert _session("Not All Tokens Are Equal: Semantic KV-Cache for Agentic LLM Serving")["field_sources"] == [
        {"field": "start", "sources": ["events-list-llm-d"], "weak": weak},
        {"field": "end", "sources": ["events-list-llm-d"], "weak": weak},
        {"field": "room", "sources": ["events-list-llm-d"], "weak": weak},
        {"field": "kind", "sources": ["events-list-llm-d"], "weak": weak},
        {"field": "speakers", "sources": ["events-list-llm-d"], "weak": weak},
        {"field": "url", "sources": ["events-list-llm-d"], "weak": None},
    ]
    token = {
        p["field"]: (p["sources"], p["weak"])
        for p in _session("The Token Slice: Implementing Preemptive Scheduling via Chunked Decoding")["field_sources"]
    }
    assert token == {
        "start": (["sched-event-2Hins"], None), "end": (["sched-event-2Hins"], None),
        "room": (["events-list-llm-d"], weak), "kind": (["ibm-research-token-slice"], None),
        "track": (["recap-pytorch-blog"], None),
        "speakers": (["sched-event-2Hins", "recap-pytorch-blog", "recording-token-slice"], None),
        "url": (["sched-event-2Hins"], None), "recording": (["recording-token-slice"], None),
    }  # fmt: skip
