"""The embedded datasets through the public API: load(), exact answers, zone views."""

from __future__ import annotations

from collections import Counter

import pytest

from pyconf_schedule import (
    Conference,
    NotFoundError,
    UnknownDatasetError,
    UnknownSpeakerError,
    dataset_names,
    load,
    speaker_sessions,
)


def test_dataset_names() -> None:
    """Two datasets are embedded."""
    assert dataset_names() == ("eu2026", "na2026")


def test_load_is_cached_and_immutable() -> None:
    """load() returns the same Conference object every time."""
    assert load("eu2026") is load("eu2026")
    assert isinstance(load("na2026"), Conference)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("eu2025", "'eu2025' is not a dataset; available: eu2026, na2026 (did you mean 'eu2026'?)"),
        ("NA2026", "'NA2026' is not a dataset; available: eu2026, na2026 (did you mean 'na2026'?)"),
        ("pycon", "'pycon' is not a dataset; available: eu2026, na2026"),
        ("../eu2026", "'../eu2026' is not a dataset; available: eu2026, na2026 (did you mean 'eu2026'?)"),
    ],
)
def test_unknown_dataset(name: str, message: str) -> None:
    """An unknown name lists the datasets and suggests the closest."""
    with pytest.raises(UnknownDatasetError) as info:
        load(name)
    assert str(info.value) == message
    assert isinstance(info.value, LookupError)


def test_issue_snippet_liz_li_in_europe() -> None:
    """load("eu2026").by_speaker("Liz Li") is the Monarch-on-ROCm talk with Zachary Streeter."""
    (session,) = load("eu2026").by_speaker("Liz Li")
    assert session.title == "Bringing PyTorch Monarch to AMD GPUs: Single-Controller Distributed Training on ROCm"
    assert session.start is not None and session.start.isoformat() == "2026-04-08T11:05:00+02:00"
    assert session.end is not None and session.end.isoformat() == "2026-04-08T11:30:00+02:00"
    assert session.start.tzname() == "CEST"
    assert (session.room and session.room.name, session.track and session.track.name) == (
        "Founders Cafe",
        "Training Systems",
    )
    assert session.speaker_names == ("Liz Li", "Zachary Streeter")
    assert session.sources == ("seed-002", "recap-pytorch-blog")


class TestEurope:
    """Exact counts and answers for eu2026 (the seeds, the recap and the other excerpts)."""

    conf = load("eu2026")

    def test_metadata(self) -> None:
        """Name, place, zone and dates come from the sources."""
        c = self.conf
        assert (c.id, c.name, c.city, c.country, c.timezone) == (
            "eu2026",
            "PyTorch Conference Europe 2026",
            "Paris",
            "France",
            "Europe/Paris",
        )
        assert (str(c.start_date), str(c.end_date)) == ("2026-04-07", "2026-04-08")
        assert [s.id for s in c.sources][:5] == [
            "seed-002",
            "seed-000",
            "writeup-meltwater",
            "events-list-llm-d",
            "sched-list-advanced",
        ]
        assert len(c.sources) == 39
        assert c.url == "https://events.linuxfoundation.org/pytorch-conference-europe/"
        assert c.venue == "Station F"

    def test_counts_per_day(self) -> None:
        """44 sessions on 7 April, 48 on 8 April (timed or day-only), six with no known day."""
        assert {str(d): len(v) for d, v in self.conf.by_day().items()} == {"2026-04-07": 44, "2026-04-08": 48}
        assert self.conf.sessions.unscheduled.ids == (
            "untitled-2hioy",
            "untitled-2hipe",
            "untitled-2hiqp",
            "lobster-trap-openclaw-in-containers",
            "torchtpu-expanding-tpu-programmability-to-pytorch",
            "validating-ai-on-cpus-the-vllm-3-phase",
        )
        assert len(self.conf.sessions) == 98

    def test_counts_per_room(self) -> None:
        """Sessions per room; 47 have no known room."""
        assert Counter(s.room.name if s.room else None for s in self.conf.sessions) == {
            "Master Stage": 21,
            "Central Room": 13,
            "Founders Cafe": 8,
            "Open Platform": 5,
            "Junior Stage": 2,
            None: 49,
        }

    def test_counts_per_track(self) -> None:
        """Sessions per track (the Sched category line, else the recap's section heading)."""
        assert Counter(s.track.name if s.track else None for s in self.conf.sessions) == {
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

    def test_counts_per_kind(self) -> None:
        """Sessions per kind, from the title prefixes, categories and the recap's BoF wording."""
        assert Counter(s.kind.value for s in self.conf.sessions) == {
            "talk": 55,
            "lightning-talk": 20,
            "keynote": 9,
            "meet-the-developers": 4,
            "sponsored-keynote": 3,
            "birds-of-a-feather": 3,
            "other": 1,
            "sponsored-talk": 3,
        }

    @pytest.mark.parametrize(
        ("name", "ids"),
        [
            ("Jason Zhu", ("accelerating-on-device-ml-inference-with-executorch-and",)),
            ("jason zhihuai zhu", ("accelerating-on-device-ml-inference-with-executorch-and",)),
            ("Léonard Hussenot", ("gemma-4-compacting-intelligence-for-the-edge",)),
            ("Leonard Hussenot", ("gemma-4-compacting-intelligence-for-the-edge",)),
            ("Raja Gopal Hari Vijay", ("building-trust-for-users-and-regulators-alike-a",)),
            (
                "Tyler Michael Smith",
                (
                    "why-wideep-inference-needs-data-parallel-aware-scheduling",
                    "vllm-ray-updates",
                    "meet-the-vllm-maintainers",
                ),
            ),
        ],
    )
    def test_name_variants(self, name: str, ids: tuple[str, ...]) -> None:
        """Spellings that differ between a heading and the speaker list find the same person."""
        assert self.conf.by_speaker(name).ids == ids

    def test_track_on_day(self) -> None:
        """The design sketch's chained query: Inference & Production on 8 April."""
        assert self.conf.sessions.by_track("Inference & Production").on("2026-04-08").ids == (
            "kv-cache-centric-inference-building-a-state-aware",
            "portable-high-performance-llm-serving-a-triton-backend",
            "deploying-pytorch-models-to-the-browser-and-beyond",
            "inside-vllm-s-kv-offloading-connector-async-memory",
            "full-stack-pytorch-robotics-vla-from-data-to",
            "beyond-the-theory-what-actually-breaks-when-you",
            "from-hugging-face-to-handheld-scaling-llm-deployment",
            "optimizing-cpu-llm-inference-in-pytorch-lessons-from",
            "optimizing-large-moe-inference-on-nvidia-blackwell-nvfp4",
            "slash-llm-cold-start-times-by-pre-distributing",
        )

    def test_at(self) -> None:
        """At 11:10 on 8 April two sessions run."""
        assert self.conf.at("2026-04-08 11:10").ids == (
            "kv-cache-centric-inference-building-a-state-aware",
            "bringing-pytorch-monarch-to-amd-gpus-single-controller",
        )

    def test_search(self) -> None:
        """search('kv cache') finds KV-Cache and KV caches in titles and abstracts."""
        assert self.conf.search("kv cache").ids == (
            "why-wideep-inference-needs-data-parallel-aware-scheduling",
            "kv-cache-centric-inference-building-a-state-aware",
            "not-all-tokens-are-equal-semantic-kv-cache",
            "inside-vllm-s-kv-offloading-connector-async-memory",
            "beyond-the-theory-what-actually-breaks-when-you",
        )

    def test_untitled_session_is_found_by_speaker_id_and_search(self) -> None:
        """The seed-000 session, titled from the recap, is found by either name of its speaker, id and search."""
        assert self.conf.by_speaker("Nikhil").ids == ("untitled-000",)
        assert self.conf.by_speaker("Nikhil Patel").ids == ("untitled-000",)
        assert self.conf.session("untitled-000").title == (
            "Achieving SOTA GEMM Performance: A CuTeDSL Backend for PyTorch Inductor"
        )
        assert self.conf.search("cutedsl gemm blackwell").ids == ("untitled-000",)

    def test_speaker_lookup_suggests(self) -> None:
        """A misspelt speaker raises with the close name."""
        with pytest.raises(UnknownSpeakerError) as info:
            self.conf.speaker("Liz Lee")
        assert str(info.value) == "speaker 'Liz Lee' not found (did you mean 'Liz Li'?)"

    @pytest.mark.parametrize(
        ("tz", "start", "day"),
        [
            ("UTC", "2026-04-08T09:05:00+00:00", "2026-04-08"),
            ("Asia/Kolkata", "2026-04-08T14:35:00+05:30", "2026-04-08"),
            ("Asia/Tokyo", "2026-04-08T18:05:00+09:00", "2026-04-08"),
            ("America/Los_Angeles", "2026-04-08T02:05:00-07:00", "2026-04-08"),
            ("Pacific/Kiritimati", "2026-04-08T23:05:00+14:00", "2026-04-08"),
            ("Pacific/Pago_Pago", "2026-04-07T22:05:00-11:00", "2026-04-07"),
        ],
    )
    def test_liz_li_in_other_zones(self, tz: str, start: str, day: str) -> None:
        """The Monarch talk shown in other zones keeps its instant; the calendar day follows the zone."""
        session = self.conf.by_speaker("Liz Li").to_tz(tz)[0]
        assert session.start is not None and session.start.isoformat() == start
        assert str(session.day) == day


class TestNorthAmerica:
    """Answers for na2026 that hold for seed 001's sessions."""

    conf = load("na2026")

    def test_metadata(self) -> None:
        """Zone and dates of San Jose 2026."""
        c = self.conf
        assert (c.id, c.city, c.timezone, str(c.start_date), str(c.end_date)) == (
            "na2026",
            "San Jose",
            "America/Los_Angeles",
            "2026-10-20",
            "2026-10-21",
        )

    def test_counts_per_track(self) -> None:
        """Sessions per track: the first post's section heading for each session (data/README.md)."""
        assert Counter(s.track.name if s.track else None for s in self.conf.sessions) == {
            "Hardware Backends & Accelerator Portability": 24,
            "Kernel Engineering & Compilers": 21,
            "Serving Architecture, KV Cache, and Production Inference": 7,
            "Distributed Training, Parallelism & Systems": 6,
            None: 4,
            "Governance: A practical approach to accountability": 4,
            "Compiler, Runtime, Tensor, and Observability Work": 4,
            "Agents in the physical world": 4,
            "Release Engineering, Compatibility, and Contributor Infrastructure": 3,
            "vLLM in Broader Applications and Infrastructure": 3,
            "Communication & Collective Libraries": 3,
            "Distributed Communication and Device Portability": 3,
            "Training agents: RL becomes a requirement": 3,
            "Kernel and Performance Optimization": 3,
            "Reinforcement Learning Systems": 3,
            "AI Agents, Open-Source Community & Release Engineering": 2,
            "Kernel Engineering & Domain-Specific Languages": 2,
            "Profiling, Observability & Performance Diagnostics": 2,
            "Optimizers & Multi-Loss Training": 2,
            "Data Loading, Storage & Media Pipelines": 2,
            "Hardware Portability & Accelerator Backends": 2,
            "PyTorch Integration and Compatibility": 1,
            "Hardware Portability and Accelerator Backends": 1,
            "vLLM Community and Contribution": 1,
            "Quantization & Low-Precision Training": 1,
            "Kernel and Performance Agentic Search": 1,
            "Compilers, Graph Capture & Dynamic Shapes": 1,
        }

    def test_counts_per_day_and_kind(self) -> None:
        """60 sessions on 20 October and 53 on 21 October, by kind."""
        assert {str(d): len(v) for d, v in self.conf.by_day().items()} == {"2026-10-20": 60, "2026-10-21": 53}
        assert Counter(s.kind.value for s in self.conf.sessions) == {
            "talk": 73,
            "lightning-talk": 20,
            "sponsored-talk": 12,
            "keynote": 4,
            "birds-of-a-feather": 3,
            "sponsored-keynote": 1,
        }

    def test_liz_li_twice(self) -> None:
        """Liz Li gives two North America sessions."""
        sessions = self.conf.by_speaker("Liz Li")
        assert [(s.title, s.start.isoformat() if s.start else None) for s in sessions] == [
            (
                "Extending TorchInductor with FlyDSL: A New MLIR-Native Backend for High-Performance GEMMs",
                "2026-10-20T11:10:00-07:00",
            ),
            (
                "Scaling MXFP8 Pretraining on 1K+ AMD Instinct MI355X: TorchAO Kernels and TorchTitan Training",
                "2026-10-21T14:15:00-07:00",
            ),
        ]

    def test_what_runs_in_210bf(self) -> None:
        """In 210BF at 11:20 PDT on 20 October the FlyDSL talk runs."""
        result = self.conf.by_room("210BF").at("2026-10-20T11:20-07:00")
        assert [s.title for s in result] == [
            "Extending TorchInductor with FlyDSL: A New MLIR-Native Backend for High-Performance GEMMs"
        ]

    @pytest.mark.parametrize(
        ("tz", "start", "day"),
        [
            ("UTC", "2026-10-20T18:10:00+00:00", "2026-10-20"),
            ("Asia/Tokyo", "2026-10-21T03:10:00+09:00", "2026-10-21"),
            ("Asia/Kolkata", "2026-10-20T23:40:00+05:30", "2026-10-20"),
            ("Europe/Paris", "2026-10-20T20:10:00+02:00", "2026-10-20"),
        ],
    )
    def test_flydsl_in_other_zones(self, tz: str, start: str, day: str) -> None:
        """The FlyDSL talk lands on the next calendar day in Tokyo."""
        session = self.conf.by_room("210BF").at("2026-10-20 11:20").to_tz(tz)[0]
        assert session.start is not None and session.start.isoformat() == start
        assert str(session.day) == day


def test_speaker_sessions_across_datasets() -> None:
    """speaker_sessions finds Liz Li once in Europe and twice in North America."""
    found = speaker_sessions("liz li")
    assert {k: v.ids for k, v in found.items()} == {
        "eu2026": ("bringing-pytorch-monarch-to-amd-gpus-single-controller",),
        "na2026": (
            "extending-torchinductor-with-flydsl-a-new-mlir-native",
            "scaling-mxfp8-pretraining-on-1k-amd-instinct-mi355x",
        ),
    }


def test_speaker_sessions_only_where_known() -> None:
    """A person known to one dataset only is reported for that dataset."""
    assert list(speaker_sessions("Mark Collier")) == ["eu2026"]


def test_speaker_sessions_unknown() -> None:
    """A name no dataset knows raises with close names from every dataset."""
    with pytest.raises(UnknownSpeakerError) as info:
        speaker_sessions("Liz Lii")
    assert str(info.value) == "speaker 'Liz Lii' not found (did you mean 'Liz Li'?)"


def test_load_refuses_non_text() -> None:
    """load(None) raises TypeError naming the datasets."""
    with pytest.raises(TypeError) as info:
        load(None)  # type: ignore[arg-type]
    assert str(info.value) == "load() expects a dataset name as str (eu2026, na2026), got NoneType"


@pytest.mark.parametrize(
    ("text", "eu", "na"),
    [
        # Counts checked line by line against the sources by an independent reader.
        ("torch.compile", 8, 14),
        ("FP8", 1, 4),
        ("C++", 2, 3),
        ("llm-d", 3, 1),
        ("kv cache", 5, 7),
        ("kv-cache", 5, 7),
        ("Nicolo", 3, 1),
    ],
)
def test_search_counts_on_both_datasets(text: str, eu: int, na: int) -> None:
    """search() keeps punctuation inside words and reads other posts' summaries too."""
    assert (len(load("eu2026").search(text)), len(load("na2026").search(text))) == (eu, na)


def test_search_reads_other_posts_summaries() -> None:
    """A session whose shown summary does not mention vLLM is found through another post's summary."""
    lightning = load("na2026").by_kind("lightning-talk").search("vllm")
    assert len(lightning) == 9
    assert "faster-llm-serving-startup-with-fastsafetensors" in lightning.ids


def test_by_kind_takes_several_kinds() -> None:
    """by_kind("keynote", "sponsored keynote") gives both kinds."""
    assert len(load("eu2026").by_kind("keynote", "sponsored keynote")) == 12


def test_organisation_suggestion_by_shared_word() -> None:
    """An organisation written differently is suggested through a shared word."""
    with pytest.raises(NotFoundError) as info:
        load("eu2026").by_organisation("University of Toulouse")
    assert str(info.value) == "organisation 'University of Toulouse' not found (did you mean 'Université de Toulouse'?)"


def test_sessions_get_and_session() -> None:
    """Sessions.get returns None (or a default) for an unknown id; Sessions.session raises."""
    sessions = load("eu2026").sessions
    assert sessions.get("nope") is None
    assert sessions.get("pytorch-updates") is sessions.session("pytorch-updates")
    with pytest.raises(LookupError):
        sessions.session("nope")
