"""The command line: output, exit codes and errors of every command, and the installed entry points."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path

import attrs
import pytest

from pyconf_schedule import Conflict, Session, Source, SourcedValue, __version__
from pyconf_schedule._converter import conference_to_dict
from pyconf_schedule.cli import EXIT_ERROR, EXIT_NOTHING_FOUND, EXIT_OK, main

from ._cli import run
from ._support import ADA, HALL, dst_conference, utc

COMMANDS = ("datasets", "list", "search", "show", "speakers", "now", "next", "export", "convert", "agenda")


@pytest.fixture
def schedule_file(tmp_path: Path) -> Path:
    """A native JSON file: the DST conference, in UTC, plus a session whose sources disagree."""
    base = dst_conference()
    disputed = Session(
        id="disputed",
        title="Tensor Cores",
        start=utc(2026, 10, 31, 17, 0),
        end=utc(2026, 10, 31, 17, 30),
        room=HALL,
        speakers=(ADA,),
        sources=("web", "print"),
        title_variants=("Tensor Core Tricks",),
        slides=("tensor-cores.pdf",),
        conflicts=(
            Conflict(
                field="title",
                values=(
                    SourcedValue(value="Tensor Cores", sources="web"),
                    SourcedValue(value="Tensor Core Tricks", sources="print"),
                ),
                rule="the website wins",
            ),
        ),
    )
    conf = attrs.evolve(
        base,
        sessions=[*base.sessions, disputed],
        sources=[
            Source(id="web", title="The website", url="https://example.org/"),
            Source(id="print", title="The printed programme"),
        ],
    )
    path = tmp_path / "dst.json"
    path.write_text(json.dumps(conference_to_dict(conf), indent=1), encoding="utf-8")
    return path


# -- datasets, list, search ------------------------------------------------------

DATASETS = """\
eu2026  PyTorch Conference Europe 2026
        Paris, France · 7–8 April 2026 · Europe/Paris · 98 sessions
        98 sessions that public sources know: the Sched "Full Schedule" page
        (source seed-002), one Sched session page (seed-000), the PyTorch
        Foundation's recap of the conference, further Sched pages, recordings,
        talk pages and the llm-d events list (see sources). 48 have a start time
        and a room, 6 a start time but no room, 38 only their day (no time is
        known, none is guessed) and 6 not even their day. Rooms and hours with
        no known session are gaps in the sources, not free time. Non-talk items
        (expo, registration, meals, parties, posters, the co-located hackathon)
        are not sessions; sponsor sessions named by their title are.

na2026  PyTorch Conference North America 2026
        San Jose · 20–21 October 2026 · America/Los_Angeles · 113 sessions
        The sessions listed in five pytorch.org blog posts about the conference,
        one theme each: hardware acceleration & compute infrastructure (also as
        markdown); core PyTorch; vLLM; open research, tooling & optimization;
        agentic AI & next-gen intelligence. Their union is not necessarily the
        whole programme. Sessions that only the agentic AI post lists have a
        start time but no end (end unknown).
"""


def test_datasets(capsys: pytest.CaptureFixture[str]) -> None:
    """`datasets` lists each embedded dataset with place, dates, zone, size and coverage."""
    assert run(capsys, "datasets") == (EXIT_OK, DATASETS, "")


def test_datasets_json(capsys: pytest.CaptureFixture[str]) -> None:
    """`datasets --json` gives one object per dataset."""
    code, out, _ = run(capsys, "datasets", "--json")
    rows = json.loads(out)
    assert code == EXIT_OK
    assert [(r["name"], r["timezone"], r["sessions"], r["start_date"]) for r in rows] == [
        ("eu2026", "Europe/Paris", 98, "2026-04-07"),
        ("na2026", "America/Los_Angeles", 113, "2026-10-20"),
    ]


LIZ_EU = """\
PyTorch Conference Europe 2026 — times in Europe/Paris (CEST)

Wednesday 8 April 2026
  11:05–11:30  Bringing PyTorch Monarch to AMD GPUs: Single-Controller
               Distributed Training on ROCm
               Founders Cafe · Liz Li, Zachary Streeter (AMD)
"""

LIZ_NA = """\
PyTorch Conference North America 2026 — times in America/Los_Angeles (PDT)

Tuesday 20 October 2026
  11:10–11:35  Extending TorchInductor with FlyDSL: A New MLIR-Native Backend
               for High-Performance GEMMs
               210BF · Liz Li (AMD)

Wednesday 21 October 2026
  14:15–14:40  Scaling MXFP8 Pretraining on 1K+ AMD Instinct MI355X: TorchAO
               Kernels and TorchTitan Training
               LL20AB · Liz Li, Shekhar Pandey (AMD)
"""

LIZ_BOTH_TOKYO = """\
PyTorch Conference Europe 2026 — times in Asia/Tokyo (JST)

Wednesday 8 April 2026
  18:05–18:30  Bringing PyTorch Monarch to AMD GPUs: Single-Controller
               Distributed Training on ROCm
               Founders Cafe · Liz Li, Zachary Streeter (AMD)

PyTorch Conference North America 2026 — times in Asia/Tokyo (JST)

Wednesday 21 October 2026
  03:10–03:35  Extending TorchInductor with FlyDSL: A New MLIR-Native Backend
               for High-Performance GEMMs
               210BF · Liz Li (AMD)

Thursday 22 October 2026
  06:15–06:40  Scaling MXFP8 Pretraining on 1K+ AMD Instinct MI355X: TorchAO
               Kernels and TorchTitan Training
               LL20AB · Liz Li, Shekhar Pandey (AMD)
"""


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["list", "eu2026", "--speaker", "Liz Li"], LIZ_EU),
        (["list", "na2026", "--speaker", "liz li"], LIZ_NA),
        (["list", "eu2026", "na2026", "--speaker", "Liz Li", "--tz", "Asia/Tokyo"], LIZ_BOTH_TOKYO),
    ],
)
def test_list_by_speaker(capsys: pytest.CaptureFixture[str], argv: list[str], expected: str) -> None:
    """`list --speaker` prints the person's sessions by day, in the conference's zone or --tz."""
    assert run(capsys, *argv) == (EXIT_OK, expected, "")


ROOM_AFTERNOON = """\
PyTorch Conference Europe 2026 — times in Europe/Paris (CEST)

Tuesday 7 April 2026
  14:15–14:25  Accelerating On-Device ML Inference With ExecuTorch and Arm SME2
               Master Stage · Lightning Talk · Jason Zhihuai Zhu (Arm)
  14:30–14:40  Combo Kernels: Horizontal Fusion Optimization in Torch.compile
               Master Stage · Lightning Talk · Elias Ellison, Karthick Panner
               Selvam (Meta)
  14:45–15:10  Model-Changing Transforms with Torch.compile
               Master Stage · Thomas Viehmann (Lightning AI)
  15:45–15:55  Beyond Generic Spans: Distributed Tracing for Actionable LLM
               Observability
               Master Stage · Lightning Talk
"""

KEYNOTES_META = """\
PyTorch Conference Europe 2026 — times in Europe/Paris (CEST)

Tuesday 7 April 2026
  09:10–09:30  PyTorch Updates
               Master Stage · Keynote · Edward Yang (Meta)
               id: pytorch-updates
"""


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["list", "eu2026", "--room", "master stage", "--between", "2026-04-07 14:00", "2026-04-07 16:00"], ROOM_AFTERNOON),
        (["list", "eu2026", "--room", "Master Stage", "--day", "2026-04-07", "--at", "2026-04-07T12:20Z"],
         ROOM_AFTERNOON[: ROOM_AFTERNOON.index("  14:30")]),
        (["list", "eu2026", "--org", "Meta", "--kind", "keynote", "--ids"], KEYNOTES_META),
    ],
)  # fmt: skip
def test_list_filters(capsys: pytest.CaptureFixture[str], argv: list[str], expected: str) -> None:
    """Filters combine: room, day, --at, --between, organisation and kind; --ids adds the ids."""
    assert run(capsys, *argv) == (EXIT_OK, expected, "")


@pytest.mark.parametrize(
    ("option", "values", "count"),
    [
        ("--kind", ["keynote"], 9),
        ("--kind", ["keynote", "sponsored-keynote"], 12),
        ("--speaker", ["Liz Li", "Edward Yang"], 3),
    ],
)
def test_repeated_option_matches_any(
    capsys: pytest.CaptureFixture[str], option: str, values: list[str], count: int
) -> None:
    """A repeated filter option selects sessions matching any of its values."""
    argv = ["list", "eu2026", "--json"]
    for value in values:
        argv += [option, value]
    code, out, _ = run(capsys, *argv)
    assert (code, len(json.loads(out)["conference"]["sessions"])) == (EXIT_OK, count)


SEARCH = """\
PyTorch Conference Europe 2026 — times in Europe/Paris (CEST)

Tuesday 7 April 2026
  13:45–14:10  Why WideEP Inference Needs Data-Parallel-Aware Scheduling
               Central Room · Maroon Ayoub (IBM Research), Tyler Michael Smith
               (Red Hat)

Wednesday 8 April 2026
  11:05–11:15  KV-Cache Centric Inference: Building a State-Aware Serving
               Platform With Llm-d and VLLM
               Central Room · Lightning Talk · Martin Hickey, Maroon Ayoub (IBM
               Research)
  11:25–11:35  Not All Tokens Are Equal: Semantic KV-Cache for Agentic LLM
               Serving
               Founders Cafe · Lightning Talk · Maroon Ayoub (IBM Research),
               Hyunkyun Moon (Moreh)
  14:15–14:25  Inside VLLM's KV Offloading Connector: Async Memory Transfers for
               Higher Inference Throughput
               Central Room · Lightning Talk · Nicolò Lucchesi (Red Hat)
  15:25–15:50  Beyond the Theory: What Actually Breaks When You Scale Your
               Disaggregated Pytorch Models
               Central Room · Ekin Karabulut, Ron Kahn (NVIDIA)
"""


def test_search(capsys: pytest.CaptureFixture[str]) -> None:
    """`search` finds sessions by words of titles, abstracts, speakers and organisations."""
    assert run(capsys, "search", "eu2026", "kv cache") == (EXIT_OK, SEARCH, "")


def test_list_json_is_native(capsys: pytest.CaptureFixture[str]) -> None:
    """`list --json` writes the native JSON document of the selection, in the viewing zone."""
    code, out, _ = run(capsys, "list", "na2026", "--speaker", "Liz Li", "--tz", "Asia/Tokyo", "--json")
    document = json.loads(out)
    sessions = document["conference"]["sessions"]
    assert (code, document["format"], document["conference"]["view_timezone"]) == (
        EXIT_OK,
        "pyconf-schedule",
        "Asia/Tokyo",
    )
    assert [s["start"] for s in sessions] == [
        "2026-10-21T03:10:00+09:00[Asia/Tokyo]",
        "2026-10-22T06:15:00+09:00[Asia/Tokyo]",
    ]


def test_list_json_several_sources(capsys: pytest.CaptureFixture[str]) -> None:
    """With several sources, `--json` writes a list of native documents, one per source."""
    code, out, _ = run(capsys, "list", "eu2026", "na2026", "--speaker", "Liz Li", "--json")
    assert (code, [len(d["conference"]["sessions"]) for d in json.loads(out)]) == (EXIT_OK, [1, 2])


# -- show, speakers, now, next ------------------------------------------------------

SHOW_UPDATES = """\
PyTorch Conference Europe 2026 — times in Europe/Paris (CEST)

PyTorch Updates

  id         pytorch-updates
  kind       Keynote
  when       Tuesday 7 April 2026, 09:10–09:30 CEST (20 min)
  room       Master Stage
  track      Keynote Sessions
  level      Any
  speaker    Edward Yang (Research Engineer, Meta)
  slides     2. Edward Yang pdf
  source     seed-002: Sched "Full Schedule" page of PyTorch Conference Europe
             2026
  source     recap-pytorch-blog: PyTorch Conference Europe 2026: A Landmark
             Moment for Open Source AI in Paris (PyTorch Foundation blog recap,
             15 April 2026; excerpt)
             <https://pytorch.org/blog/pytorch-conference-europe-2026-a-landmark-moment-for-open-source-ai-in-paris/>

Where each value comes from:
  - start, end, room, kind, track, speakers: seed-002
"""

SHOW_DISPUTED = """\
DST Test Conference — times in Asia/Tokyo (JST)

Tensor Cores

  id         disputed
  kind       Talk
  when       Sunday 1 November 2026, 02:00–02:30 JST (30 min)
  room       Main Hall
  speaker    Ada Lovelace (Analytical Engines Ltd)
  slides     tensor-cores.pdf
  source     web: The website <https://example.org/>
  source     print: The printed programme
  alt. title Tensor Core Tricks

The sources disagree:
  - title: 'Tensor Cores' (web); 'Tensor Core Tricks' (print); the website wins
"""

SHOW_FOLD = """\
DST Test Conference — times in America/Los_Angeles (PDT/PST)

The Hour That Repeats

  id         fold
  kind       Lightning talk
  when       Sunday 1 November 2026, 01:30 PDT–01:30 PST (60 min)
  room       Side Room
  speaker    René Descartes (Red Hat, Inc)
"""

SHOW_LATE = """\
DST Test Conference — times in America/Los_Angeles (PDT)

Late Night Kernels

  id         late
  kind       Talk
  when       Saturday 31 October 2026 23:30 PDT – Sunday 1 November 2026 01:30
             PDT (120 min)
  room       Main Hall
  track      Core & Compilers
  speaker    Ada Lovelace (Analytical Engines Ltd)

Warp-level tricks.
"""

SHOW_OPEN = """\
DST Test Conference — times in America/Los_Angeles (PST)

Open End

  id         open
  kind       Keynote
  when       Sunday 1 November 2026, 10:00 PST–? (end unknown)
  room       Main Hall
  speaker    Ada Lovelace (Analytical Engines Ltd)
  speaker    René Descartes (Red Hat, Inc)
"""

SHOW_TBD = """\
DST Test Conference — times in America/Los_Angeles

To Be Decided

  id         tbd
  kind       Panel
  when       not scheduled
  speaker    René Descartes (Red Hat, Inc)
"""


def test_show_dataset_session(capsys: pytest.CaptureFixture[str]) -> None:
    """`show` prints every known field of one session."""
    assert run(capsys, "show", "eu2026", "pytorch-updates") == (EXIT_OK, SHOW_UPDATES, "")


def test_show_says_where_each_value_comes_from_and_which_are_weak(capsys: pytest.CaptureFixture[str]) -> None:
    """`show` ends with the sources of each field; values only the llm-d list gives, and a defaulted kind, are weak."""
    code, out, _ = run(capsys, "show", "eu2026", "not-all-tokens-are-equal-semantic-kv-cache")
    assert code == EXIT_OK
    assert out.split("Where each value comes from:\n")[1] == (
        "  - start, end, room, kind, speakers: events-list-llm-d; weak: only the llm-d\n"
        "    events list gives it, a copy of an earlier draft of the schedule\n"
        "  - url: events-list-llm-d\n"
    )
    code, out, _ = run(capsys, "show", "eu2026", "untitled-000")
    assert out.split("Where each value comes from:\n")[1] == (
        "  - day_only: recap-pytorch-blog\n"
        "  - kind: no source; weak: no source states the kind; 'other' is the default\n"
        "  - track: recap-pytorch-blog\n"
        "  - speakers: seed-000, recap-pytorch-blog\n"
    )


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["disputed", "--tz", "Asia/Tokyo"], SHOW_DISPUTED),
        (["fold"], SHOW_FOLD),
        (["late"], SHOW_LATE),
        (["open"], SHOW_OPEN),
        (["tbd"], SHOW_TBD),
    ],
)
def test_show_file_session(
    capsys: pytest.CaptureFixture[str], schedule_file: Path, argv: list[str], expected: str
) -> None:
    """`show` on a file: conflicts, sources, a DST fold, a day change, an unknown end, no time."""
    assert run(capsys, "show", str(schedule_file), *argv) == (EXIT_OK, expected, "")


def test_show_by_words(capsys: pytest.CaptureFixture[str]) -> None:
    """`show` accepts words that match exactly one session instead of its id."""
    code, out, _ = run(capsys, "show", "eu2026", "RISC-V")
    assert (code, out.splitlines()[2]) == (EXIT_OK, "PyTorch on RISC-V: From Cross-Compilation To Native CI")


FILE_LIST = """\
DST Test Conference — times in America/Los_Angeles (PDT/PST)

Saturday 31 October 2026
  10:00–10:30 PDT       Tensor Cores
                        Main Hall · Ada Lovelace (Analytical Engines Ltd)
  23:30–01:30 (+1) PDT  Late Night Kernels
                        Main Hall · Ada Lovelace (Analytical Engines Ltd)

Sunday 1 November 2026
  01:30 PDT–01:30 PST   The Hour That Repeats
                        Side Room · Lightning talk · René Descartes (Red Hat,
                        Inc)
  10:00 PST–?           Open End
                        Main Hall · Keynote · Ada Lovelace (Analytical Engines
                        Ltd), René Descartes (Red Hat, Inc)

Not scheduled
                        To Be Decided
                        Panel · René Descartes (Red Hat, Inc)
"""


def test_list_file_across_dst(capsys: pytest.CaptureFixture[str], schedule_file: Path) -> None:
    """A file's UTC times are shown in its zone; abbreviations appear when the offset changes."""
    assert run(capsys, "list", str(schedule_file)) == (EXIT_OK, FILE_LIST, "")


SPEAKERS_HEAD = """\
PyTorch Conference Europe 2026 — 133 speakers

  Name                     Organisation                                 Sessions
  Aki Makkonen             Alif Semiconductor                                  1
  Alban Desmaison          Meta                                                1
  Alpha Romer Coma         Kollab Philippines                                  1
  Andrea Mattia Garavagno  University of Genoa & Scuola Superiore              1
"""


def test_speakers(capsys: pytest.CaptureFixture[str]) -> None:
    """`speakers` lists names, organisations and session counts in aligned columns.

    An organisation too long for its column wraps onto a second line instead of being cut.
    """
    code, out, _ = run(capsys, "speakers", "eu2026")
    lines = out.splitlines(keepends=True)
    assert (code, "".join(lines[:7]), len(lines)) == (EXIT_OK, SPEAKERS_HEAD, 137)
    assert "  Tyler Michael Smith      Red Hat                                             3\n" in lines


def test_speakers_json(capsys: pytest.CaptureFixture[str]) -> None:
    """`speakers --json` lists each speaker's fields and session ids."""
    code, out, _ = run(capsys, "speakers", "na2026", "--json")
    liz = next(s for s in json.loads(out) if s["name"] == "Liz Li")
    assert (code, liz["organisation"], liz["sessions"]) == (
        EXIT_OK,
        "AMD",
        [
            "extending-torchinductor-with-flydsl-a-new-mlir-native",
            "scaling-mxfp8-pretraining-on-1k-amd-instinct-mi355x",
        ],
    )


NOW = """\
PyTorch Conference Europe 2026 — times in Europe/Paris (CEST)
Running at 11:10 CEST on Wednesday 8 April 2026

Wednesday 8 April 2026
  11:05–11:15  KV-Cache Centric Inference: Building a State-Aware Serving
               Platform With Llm-d and VLLM
               Central Room · Lightning Talk · Martin Hickey, Maroon Ayoub (IBM
               Research)
  11:05–11:30  Bringing PyTorch Monarch to AMD GPUs: Single-Controller
               Distributed Training on ROCm
               Founders Cafe · Liz Li, Zachary Streeter (AMD)
"""

NEXT = """\
PyTorch Conference Europe 2026 — times in Europe/Paris (CEST)
Starting next after 11:10 CEST on Wednesday 8 April 2026

Wednesday 8 April 2026
  11:25–11:35  Not All Tokens Are Equal: Semantic KV-Cache for Agentic LLM
               Serving
               Founders Cafe · Lightning Talk · Maroon Ayoub (IBM Research),
               Hyunkyun Moon (Moreh)
"""

NEXT_TOKYO = """\
PyTorch Conference North America 2026 — times in Asia/Tokyo (JST)
Starting next after 06:30 JST on Wednesday 21 October 2026

Wednesday 21 October 2026
  06:50–07:15  Native Tiered KV Cache Offloading in vLLM: From Storage
               Offloading to Disaggregated Serving
               LL20CD · Or Ozeri (IBM)
  06:50–07:15  What You Cannot Profile, You Cannot Optimize: Learning to Read
               PyTorch Traces
               LL20AB · Aritra Roy Gosthipaty, Suvaditya Mukherjee (Hugging
               Face)
"""


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["now", "eu2026", "--at", "2026-04-08 11:10"], NOW),
        (["now", "eu2026", "--at", "2026-04-08T09:10Z"], NOW),
        (["next", "eu2026", "--at", "2026-04-08 11:10"], NEXT),
        (["next", "na2026", "--at", "2026-10-21T06:30+09:00", "--tz", "Asia/Tokyo"], NEXT_TOKYO),
    ],
)
def test_now_and_next(capsys: pytest.CaptureFixture[str], argv: list[str], expected: str) -> None:
    """`now` shows what runs at a moment; `next` every session at the next start time."""
    assert run(capsys, *argv) == (EXIT_OK, expected, "")


def test_next_skips_sessions_starting_at_the_moment(capsys: pytest.CaptureFixture[str]) -> None:
    """A session starting exactly at the moment is running, not next."""
    code, out, _ = run(capsys, "next", "eu2026", "--at", "2026-04-08 13:30", "--json")
    starts = {s["start"] for s in json.loads(out)["conference"]["sessions"]}
    assert (code, starts) == (EXIT_OK, {"2026-04-08T14:00:00+02:00[Europe/Paris]"})


# -- export and convert ---------------------------------------------------------------


def test_export_to_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """`export -o` writes the selection in the format asked for and says how many sessions it wrote."""
    from pyconf_schedule.formats import read

    target = tmp_path / "keynotes.ics"
    code, out, err = run(capsys, "export", "eu2026", "--kind", "keynote", "--to", "ics", "-o", str(target))
    assert (code, out, err) == (EXIT_OK, f"wrote 9 sessions to {target}\n", "")
    assert len(read(target).sessions) == 9


def test_export_notes_left_out_sessions(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A format that cannot hold unscheduled sessions says which it left out, on stderr."""
    target = tmp_path / "all.ics"
    code, out, err = run(capsys, "export", "eu2026", "--format", "ics", "-o", str(target))
    assert (code, out, err) == (
        EXIT_OK,
        f"wrote 54 sessions to {target}\n",
        "pyconf-schedule: note: 44 sessions (38 with a day but no time, 6 unscheduled) left out (ics needs a time): "
        "brevitas-quantization-library, cross-region-model-serving-pytorch-inference-observability-and, "
        "flexattention-flashattention-4-fast-and-flexible, flexible-deployment-of-pytorch-models-on-mcu-class, "
        "from-pretrained-to-personal-privacy-first-fine-tuning, ...\n",
    )


def test_export_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    """Without -o, `export` writes the document to stdout, in --tz when given."""
    code, out, _ = run(capsys, "export", "na2026", "--speaker", "Liz Li", "--to", "json", "--tz", "UTC")
    sessions = json.loads(out)["conference"]["sessions"]
    assert (code, [s["start"] for s in sessions]) == (
        EXIT_OK,
        ["2026-10-20T18:10:00+00:00[UTC]", "2026-10-21T21:15:00+00:00[UTC]"],
    )


def test_convert_round_trip(capsys: pytest.CaptureFixture[str], schedule_file: Path, tmp_path: Path) -> None:
    """`convert` reads a file in one format and writes another, which reads back as the same schedule."""
    target = tmp_path / "dst.ics"
    code, out, err = run(capsys, "convert", str(schedule_file), "--to", "ics", "-o", str(target))
    assert (code, out, err) == (
        EXIT_OK,
        f"wrote 3 sessions to {target}\n",
        "pyconf-schedule: note: 2 sessions (1 unscheduled, 1 with no known end) left out (ics needs a start and an end): "
        "open, tbd\n",
    )
    code, out, _ = run(capsys, "list", str(target), "--file-tz", "America/Los_Angeles", "--json")
    ids = [s["id"] for s in json.loads(out)["conference"]["sessions"]]
    assert (code, sorted(ids)) == (EXIT_OK, ["disputed", "fold", "late"])


def test_convert_notes_the_relative_attachment_links_frab_xml_cannot_hold(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """c3voc JSON to frab XML: the relative attachment links the file gives are named in a note, not dropped silently."""
    from ._support import shared_path

    source = shared_path("samples", "voc-schedule_frab-camp2019.schedule.json")
    target = tmp_path / "camp.xml"
    assert run(capsys, "convert", str(source), "--to", "frab-xml", "-o", str(target)) == (
        EXIT_OK,
        f"wrote 79 sessions to {target}\n",
        "pyconf-schedule: note: 3 links of 3 sessions left out (frab-xml holds only absolute http(s) URLs): frab-10178, "
        "frab-10213, frab-10225; e.g. /system/event_attachments/attachments/000/003/792/original/"
        "Hacking_Containers_and_Kubernetes.pdf?15…\n",
    )


# -- errors and exit codes --------------------------------------------------------------

ERRORS = [
    (["list", "eu2025"],
     "pyconf-schedule: error: 'eu2025' is not a dataset; available: eu2026, na2026 (did you mean 'eu2026'?)\n"
     "hint: a SOURCE is a dataset name or the path of a schedule file\n"),
    (["list", "missing.json"],
     "pyconf-schedule: error: no such file: 'missing.json'\n"
     "hint: a SOURCE is a dataset name (eu2026, na2026) or an existing file\n"),
    (["list", "eu2026", "--speaker", "Liz Le"],
     "pyconf-schedule: error: speaker 'Liz Le' not found (did you mean 'Liz Li'?)\n"
     "hint: 'pyconf-schedule speakers eu2026' lists every speaker\n"),
    (["list", "eu2026", "--tz", "Tokyo"],
     "pyconf-schedule: error: unknown time zone 'Tokyo': use an IANA name such as 'Europe/Paris' or 'UTC' "
     "(did you mean 'Asia/Tokyo'?)\n"),
    (["export", "eu2026", "--to", "ical"],
     "pyconf-schedule: error: unknown format 'ical'; valid formats: json, ics, csv, markdown, frab-xml, c3voc-json, html, sqlite, llms, parquet "
     "(aliases: md = markdown, frab-json = c3voc-json)\n"),
    (["list", "eu2026", "--at", "11:10"],
     "pyconf-schedule: error: '11:10' gives no date; write the full date and time, e.g. '2026-04-08 11:10'\n"),
    (["list", "na2026", "--at", "2026-11-01 01:30", "--tz", "America/Los_Angeles"],
     "pyconf-schedule: error: 2026-11-01 01:30:00 happens twice in America/Los_Angeles "
     "(UTC offsets -07:00 and -08:00); give the offset explicitly\n"),
    (["list", "eu2026", "--kind", "keynot"],
     "pyconf-schedule: error: session kind 'keynot' not found (did you mean 'keynote'?)\n"),
    (["show", "eu2026", "no-such-session"],
     "pyconf-schedule: error: session 'no-such-session' not found; 98 sessions exist\n"
     "hint: 'pyconf-schedule list eu2026 --ids' shows the session ids\n"),
    (["show", "eu2026", "monarch"],
     "pyconf-schedule: error: 4 sessions match 'monarch': from-one-node-to-distributed-training-and-inference, "
     "monarch-an-api-to-your-supercomputer, bringing-pytorch-monarch-to-amd-gpus-single-controller, untitled-2hioy\n"
     "hint: give one session id\n"),
    (["list", "eu2026", "--from", "ics"],
     "pyconf-schedule: error: --from applies to schedule files, and 'eu2026' is a dataset\n"),
]  # fmt: skip


@pytest.mark.parametrize(("argv", "stderr"), ERRORS)
def test_input_errors(capsys: pytest.CaptureFixture[str], argv: list[str], stderr: str) -> None:
    """Bad input gives one error line (and a hint where useful) on stderr and exit code 2."""
    assert run(capsys, *argv) == (EXIT_ERROR, "", stderr)


def test_unreadable_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A file of no known format is an input error that names the file and says to name the format with --from."""
    path = tmp_path / "notes.txt"
    path.write_text("hello\n", encoding="utf-8")
    assert run(capsys, "list", str(path)) == (
        EXIT_ERROR,
        "",
        f"pyconf-schedule: error: {path}: cannot tell the format of this file\n"
        "hint: name it with --from FMT (one of: json, ics, frab-xml, c3voc-json, sqlite, sessionize, sched, pretalx-api, indico)\n",
    )


@pytest.mark.parametrize(
    ("options", "hint"),
    [([], "hint: if the format was guessed wrong, name it with --from FMT\n"), (["--from", "c3voc-json"], "")],
)
def test_detected_file_that_fails(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, options: list[str], hint: str
) -> None:
    """A file read in the detected format that then fails suggests --from; with --from given, no hint."""
    path = tmp_path / "bad.json"
    path.write_text('{"schedule": {"conference": 3}}\n', encoding="utf-8")
    assert run(capsys, "list", str(path), *options) == (
        EXIT_ERROR,
        "",
        f"pyconf-schedule: error: {path}: cannot read c3voc-json at $.schedule.conference: expected an object, got int\n"
        + hint,
    )


ZONELESS_XML = """\
<?xml version="1.0" encoding="utf-8"?>
<schedule>
  <conference><title>MiniCamp</title><start>2025-08-01</start><end>2025-08-01</end></conference>
  <day index="1" date="2025-08-01">
    <room name="Tent">
      <event id="101" guid="0f4e4a4e-1c7d-4c51-8d1a-6a7d0c6f0101">
        <date>2025-08-01T14:00:00</date><start>14:00</start><duration>00:45</duration>
        <room>Tent</room><title>Soldering</title>
      </event>
    </room>
  </day>
</schedule>
"""


def test_file_without_zone(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A file whose times carry no zone is reported in the command's terms, with --file-tz as the way out."""
    path = tmp_path / "schedule.xml"
    path.write_text(ZONELESS_XML, encoding="utf-8")
    assert run(capsys, "list", str(path)) == (
        EXIT_ERROR,
        "",
        f"pyconf-schedule: error: {path}: the times in this file carry no zone (see line 6)\n"
        "hint: give it with --file-tz ZONE, e.g. --file-tz Europe/Brussels\n",
    )
    assert run(capsys, "list", str(path), "--file-tz", "Europe/Brussels") == (
        EXIT_OK,
        "MiniCamp — times in Europe/Brussels (CEST)\n\nFriday 1 August 2025\n  14:00–14:45  Soldering\n               Tent\n",
        "",
    )


def test_search_unquoted_words(capsys: pytest.CaptureFixture[str]) -> None:
    """`search` with unquoted words, the first of which is then taken for a SOURCE, says to quote them."""
    assert run(capsys, "search", "eu2026", "kv", "cache") == (
        EXIT_ERROR,
        "",
        "pyconf-schedule: error: 'kv' is not a dataset; available: eu2026, na2026\n"
        'hint: to search for several words, quote them: search eu2026 "kv cache"\n',
    )


@pytest.mark.parametrize(
    ("argv", "stderr"),
    [
        (["list", "eu2026", "--day", "2026-04-09"],
         "pyconf-schedule: no session found\n"
         "hint: PyTorch Conference Europe 2026 runs 7–8 April 2026; choose a day with --day, e.g. --day 2026-04-07\n"),
        (["list", "eu2026", "na2026", "--at", "2026-05-01 10:00"],
         "pyconf-schedule: no session found\n"
         "hint: PyTorch Conference Europe 2026 runs 7–8 April 2026; PyTorch Conference North America 2026 runs "
         "20–21 October 2026; choose a moment with --at, e.g. --at '2026-04-07 11:00'\n"),
        (["list", "eu2026", "--day", "2026-04-07", "--kind", "poster"], "pyconf-schedule: no session found\n"),
        (["search", "eu2026", "na2026", "quantum teleportation"], "pyconf-schedule: no session found\n"),
        (["now", "eu2026", "--at", "2026-04-08 12:30"],
         "pyconf-schedule: no session runs at 12:30 CEST on Wednesday 8 April 2026, and 27 sessions that day have no "
         "known time\n"
         "hint: next, at 13:30 CEST: PyTorch on RISC-V: From Cross-Compilation To Native CI (Junior Stage), and 1 more "
         "then\n"),
        (["now", "eu2026", "--at", "2026-04-07 23:00"],
         "pyconf-schedule: no session runs at 23:00 CEST on Tuesday 7 April 2026, and 11 sessions that day have no "
         "known time\n"
         "hint: next, at 09:00 CEST on Wednesday 8 April 2026: PyTorch CTO (Master Stage)\n"),
        (["now", "eu2026", "--at", "2026-04-01 10:00"],
         "pyconf-schedule: no session runs at 10:00 CEST on Wednesday 1 April 2026\n"
         "hint: next, at 09:00 CEST on Tuesday 7 April 2026: Co-Evolution: How the Open Source Intelligence Stack "
         "Compou… (Master Stage); PyTorch Conference Europe 2026 runs 7–8 April 2026; choose a moment with --at, e.g. "
         "--at '2026-04-07 11:00'\n"),
        (["now", "eu2026", "--at", "2026-04-08 12:30", "--room", "Junior Stage"],
         "pyconf-schedule: no selected session runs at 12:30 CEST on Wednesday 8 April 2026\n"
         "hint: next, at 13:30 CEST: PyTorch on RISC-V: From Cross-Compilation To Native CI (Junior Stage)\n"),
        (["now", "eu2026", "--at", "2026-05-01 10:00"],
         "pyconf-schedule: no session runs at 10:00 CEST on Friday 1 May 2026\n"
         "hint: PyTorch Conference Europe 2026 runs 7–8 April 2026; choose a moment with --at, e.g. --at '2026-04-07 11:00'\n"),
        (["next", "na2026", "--at", "2026-10-21 18:00"], "pyconf-schedule: no session starts after 18:00 PDT on Wednesday 21 October 2026\n"),
    ],
)  # fmt: skip
def test_nothing_found(capsys: pytest.CaptureFixture[str], argv: list[str], stderr: str) -> None:
    """A query that matches no session prints nothing on stdout, says so on stderr and exits 1."""
    assert run(capsys, *argv) == (EXIT_NOTHING_FOUND, "", stderr)


def test_nothing_found_json(capsys: pytest.CaptureFixture[str]) -> None:
    """With --json an empty result is still a valid document, and the exit code is 1."""
    code, out, _ = run(capsys, "list", "eu2026", "--day", "2026-04-09", "--json")
    assert (code, json.loads(out)["conference"]["sessions"]) == (EXIT_NOTHING_FOUND, [])


@pytest.mark.parametrize(
    ("argv", "last_line"),
    [
        ([], "pyconf-schedule: error: the following arguments are required: COMMAND"),
        (["lst", "eu2026"], "hint: did you mean 'list'?"),
        (["list"], "pyconf-schedule list: error: the following arguments are required: SOURCE"),
        (["export", "--to", "ics"], "pyconf-schedule export: error: the following arguments are required: SOURCE"),
        (["list", "eu2026", "--width", "50"], "pyconf-schedule list: error: argument --width: 50 is too narrow; use at least 60 columns"),
    ],
)  # fmt: skip
def test_usage_errors(capsys: pytest.CaptureFixture[str], argv: list[str], last_line: str) -> None:
    """Usage errors print the usage and one error line on stderr, with exit code 2."""
    code, out, err = run(capsys, *argv)
    assert (code, out, err.splitlines()[0].startswith("usage: pyconf-schedule"), err.splitlines()[-1]) == (
        EXIT_ERROR,
        "",
        True,
        last_line,
    )


@pytest.mark.parametrize(
    ("argv", "usage", "error"),
    [
        (["now", "eu2026", "na2026"], "usage: pyconf-schedule now ",
         "pyconf-schedule now: error: unrecognized arguments: na2026\n"
         "hint: now takes one SOURCE; for several, use: list SOURCE... --at TIME"),
        (["next", "eu2026", "na2026"], "usage: pyconf-schedule next ",
         "pyconf-schedule next: error: unrecognized arguments: na2026\n"
         "hint: next takes one SOURCE; run it once per SOURCE"),
        (["now", "na2026", "--day", "2026-10-20"], "usage: pyconf-schedule now ",
         "pyconf-schedule now: error: unrecognized arguments: --day 2026-10-20\n"
         "hint: now looks at one moment, given by --at; for a day or a period, use list --day or list --between"),
        (["now", "na2026", "--at", "2026-10-20", "11:20"], "usage: pyconf-schedule now ",
         "pyconf-schedule now: error: unrecognized arguments: 11:20\n"
         'hint: quote a value of several words: --at "2026-10-20 11:20"'),
        (["list", "eu2026", "--speaker", "Liz", "Li", "--tz", "UTC"], "usage: pyconf-schedule list ",
         "pyconf-schedule list: error: unrecognized arguments: Li\n"
         'hint: quote a value of several words: --speaker "Liz Li"'),
        (["show", "eu2026", "kv", "cache"], "usage: pyconf-schedule show ",
         "pyconf-schedule show: error: unrecognized arguments: cache\n"
         'hint: show takes one SOURCE and one ID; quote several words: show eu2026 "kv cache"'),
        (["datasets", "eu2026"], "usage: pyconf-schedule datasets ",
         "pyconf-schedule datasets: error: unrecognized arguments: eu2026\nhint: datasets takes no SOURCE"),
        (["list", "eu2026", "--bogus"], "usage: pyconf-schedule list ",
         "pyconf-schedule list: error: unrecognized arguments: --bogus\n"
         "hint: 'pyconf-schedule list --help' lists its options"),
        (["list", "eu2026", "--speker", "Nikhil"], "usage: pyconf-schedule list ",
         "pyconf-schedule list: error: unrecognized arguments: --speker Nikhil\n"
         "hint: did you mean '--speaker'? 'pyconf-schedule list --help' lists its options"),
        (["export", "eu2026", "--to", "csv", "--ouput=x.csv"], "usage: pyconf-schedule export ",
         "pyconf-schedule export: error: unrecognized arguments: --ouput=x.csv\n"
         "hint: did you mean '--output'? 'pyconf-schedule export --help' lists its options"),
    ],
)  # fmt: skip
def test_unrecognized_arguments(capsys: pytest.CaptureFixture[str], argv: list[str], usage: str, error: str) -> None:
    """Arguments a command does not take are reported with that command's usage and what it takes."""
    code, out, err = run(capsys, *argv)
    assert (code, out, err.startswith(usage), err.splitlines()[-2:]) == (EXIT_ERROR, "", True, error.splitlines())


NOW_ROOM = """\
PyTorch Conference North America 2026 — times in America/Los_Angeles (PDT)
Running at 11:20 PDT on Tuesday 20 October 2026

Tuesday 20 October 2026
  11:10–11:35  Extending TorchInductor with FlyDSL: A New MLIR-Native Backend
               for High-Performance GEMMs
               210BF · Liz Li (AMD)
"""

NEXT_ROOM = """\
PyTorch Conference North America 2026 — times in America/Los_Angeles (PDT)
Starting next after 11:20 PDT on Tuesday 20 October 2026

Tuesday 20 October 2026
  11:45–12:10  Helion: CuteDSL and TPU Backends for Heterogeneous Hardware, and
               Why It Suits Agents
               210BF · Oguz Ulgen, Dunfan Lu, Jason Ansel (Meta)
"""


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["now", "na2026", "--at", "2026-10-20 11:20", "--room", "210BF"], (EXIT_OK, NOW_ROOM, "")),
        (["next", "na2026", "--at", "2026-10-20 11:20", "--room", "210bf"], (EXIT_OK, NEXT_ROOM, "")),
        (["now", "na2026", "--at", "2026-10-20 11:20", "--room", "210BF", "--kind", "keynote"],
         (EXIT_NOTHING_FOUND, "", "pyconf-schedule: no selected session runs at 11:20 PDT on Tuesday 20 October 2026\n")),
    ],
)  # fmt: skip
def test_now_and_next_filters(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: tuple[int, str, str]
) -> None:
    """`now` and `next` take the name filters of `list` (speaker, track, room, kind, organisation)."""
    assert run(capsys, *argv) == expected


LIZ_EU_WIDE = """\
PyTorch Conference Europe 2026 — times in Europe/Paris (CEST)

Wednesday 8 April 2026
  11:05–11:30  Bringing PyTorch Monarch to AMD GPUs: Single-Controller Distributed Training on ROCm
               Founders Cafe · Liz Li, Zachary Streeter (AMD)
"""


def test_width_option(capsys: pytest.CaptureFixture[str]) -> None:
    """`--width N` lays human output out in N columns instead of 80."""
    assert run(capsys, "list", "eu2026", "--speaker", "Liz Li", "--width", "100") == (EXIT_OK, LIZ_EU_WIDE, "")


class _Terminal(io.StringIO):
    """A text stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


LIZ_EU_NARROW = """\
PyTorch Conference Europe 2026 — times in Europe/Paris
(CEST)

Wednesday 8 April 2026
  11:05–11:30  Bringing PyTorch Monarch to AMD GPUs:
               Single-Controller Distributed Training on
               ROCm
               Founders Cafe · Liz Li, Zachary Streeter
               (AMD)
"""


@pytest.mark.parametrize(("columns", "expected"), [("100", LIZ_EU_WIDE), ("40", LIZ_EU_NARROW)])
def test_width_follows_terminal(monkeypatch: pytest.MonkeyPatch, columns: str, expected: str) -> None:
    """On a terminal, human output takes the terminal's width, but never fewer than 60 columns."""
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    monkeypatch.setenv("COLUMNS", columns)
    assert (main(["list", "eu2026", "--speaker", "Liz Li"]), terminal.getvalue()) == (EXIT_OK, expected)


def _columns(line: str) -> int:
    """The terminal columns ``line`` takes (wide characters count twice)."""
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


def _flat(text: str) -> str:
    """``text`` with every run of whitespace (line breaks included) made one space."""
    return " ".join(text.split())


LIZ_TITLES = {
    "eu2026": ["Bringing PyTorch Monarch to AMD GPUs: Single-Controller Distributed Training on ROCm"],
    "na2026": [
        "Extending TorchInductor with FlyDSL: A New MLIR-Native Backend for High-Performance GEMMs",
        "Scaling MXFP8 Pretraining on 1K+ AMD Instinct MI355X: TorchAO Kernels and TorchTitan Training",
    ],
}


@pytest.mark.parametrize("dataset", ["eu2026", "na2026"])
@pytest.mark.parametrize("width", [60, 80, 120])
def test_list_by_speaker_shows_whole_titles(capsys: pytest.CaptureFixture[str], dataset: str, width: int) -> None:
    """Liz Li's titles are shown whole, wrapped under the title column, every line within the width."""
    code, out, _ = run(capsys, "list", dataset, "--speaker", "Liz Li", "--width", str(width))
    lines = out.splitlines()
    sessions = [line for line in lines if line.startswith("  ") and line[2].isdigit()]
    more = [line for line in lines if line.startswith(" ") and line not in sessions]
    assert (code, [t for t in LIZ_TITLES[dataset] if t not in _flat(out)], "…" in out) == (EXIT_OK, [], False)
    assert [line for line in lines if _columns(line) > width] == []
    assert [line for line in more if not line.startswith(" " * 15) or line[15] == " "] == []


@pytest.mark.parametrize("dataset", ["eu2026", "na2026"])
@pytest.mark.parametrize("width", [60, 80, 120])
def test_list_loses_nothing(capsys: pytest.CaptureFixture[str], dataset: str, width: int) -> None:
    """Every line of a whole listing fits the width, and every title, room and speaker is there whole."""
    from pyconf_schedule import load

    code, out, _ = run(capsys, "list", dataset, "--width", str(width))
    flat = _flat(out)
    expected = [_flat(s.display_title) for s in load(dataset).sessions]
    expected += [s.room.name for s in load(dataset).sessions if s.room]
    expected += [p.name for p in load(dataset).speakers] + [
        f"{p.organisation})" for p in load(dataset).speakers if p.organisation
    ]
    assert (code, [line for line in out.splitlines() if _columns(line) > width]) == (EXIT_OK, [])
    assert ([t for t in expected if t not in flat], "…" in out) == ([], False)


@pytest.mark.parametrize("dataset", ["eu2026", "na2026"])
@pytest.mark.parametrize("width", [60, 80, 120])
def test_speakers_loses_nothing(capsys: pytest.CaptureFixture[str], dataset: str, width: int) -> None:
    """The speakers table fits the width; a long organisation wraps within its column instead of being cut."""
    from pyconf_schedule import load

    code, out, _ = run(capsys, "speakers", dataset, "--width", str(width))
    lines = out.splitlines()
    start, end = lines[2].index("Organisation"), lines[2].index("Sessions")
    rows: list[list[str]] = []  # each speaker's name and organisation, put back together from the columns
    for line in lines[3:]:
        name, org = line[:start].strip(), line[start:end].strip()
        if line[end:].strip():
            rows.append([name, org])
        else:
            rows[-1] = [_flat(f"{rows[-1][0]} {name}"), _flat(f"{rows[-1][1]} {org}")]
    expected = sorted([p.name, _flat(p.organisation or "")] for p in load(dataset).speakers)
    assert (code, [line for line in lines if _columns(line) > width]) == (EXIT_OK, [])
    assert (sorted(rows), "…" in out) == (expected, False)


def test_list_splits_a_word_wider_than_the_column(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A single word wider than the title column is split across lines, as a last resort, never cut."""
    word = "Supercalifragilistic" * 4
    base = dst_conference()
    conf = attrs.evolve(base, sessions=[attrs.evolve(base.sessions[0], title=f"On {word} kernels")])
    path = tmp_path / "long.json"
    path.write_text(json.dumps(conference_to_dict(conf)), encoding="utf-8")
    code, out, _ = run(capsys, "list", str(path), "--width", "60")
    lines = out.splitlines()[3:]
    assert (code, [_columns(line) for line in lines if _columns(line) > 60]) == (EXIT_OK, [])
    assert lines[:6] == [
        "  23:30–01:30 (+1)  On",
        "                    " + word[:40],
        "                    " + word[40:],
        "                    kernels",
        "                    Main Hall · Ada Lovelace (Analytical",
        "                    Engines Ltd)",
    ]


# -- help and version -----------------------------------------------------------------


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    """`--version` prints the program name and version."""
    assert run(capsys, "--version") == (EXIT_OK, f"pyconf-schedule {__version__}\n", "")


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_has_examples_and_exit_codes(capsys: pytest.CaptureFixture[str], command: str | None) -> None:
    """`--help` of the program and of every command shows an example and the exit codes (datasets never finds nothing)."""
    argv = ["--help"] if command is None else [command, "--help"]
    code, out, err = run(capsys, *argv)
    finds = command != "datasets"
    assert (code, err, "examples:\n  pyconf-schedule " in out, "  1  nothing found" in out) == (
        EXIT_OK,
        "",
        True,
        finds,
    )


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_fits_80_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str | None
) -> None:
    """`--help` of the program and of every command fits in 80 columns."""
    monkeypatch.setenv("COLUMNS", "80")
    _, out, _ = run(capsys, *(["--help"] if command is None else [command, "--help"]))
    assert [line for line in out.splitlines() if len(line) > 80] == []


@pytest.mark.parametrize(
    ("command", "text"),
    [
        (
            "convert",
            "--from FMT read FILE as format FMT (json, ics, frab-xml, c3voc-json, sqlite, sessionize, sched, pretalx-api, indico) instead of detecting it",
        ),
        (
            "list",
            "--from FMT read SOURCE files as format FMT (json, ics, frab-xml, c3voc-json, sqlite, sessionize, sched, pretalx-api, indico) instead of detecting it",
        ),
    ],
)
def test_help_from_names_formats(capsys: pytest.CaptureFixture[str], command: str, text: str) -> None:
    """`--from` in help names the command's own argument (FILE or SOURCE) and the readable formats."""
    _, out, _ = run(capsys, command, "--help")
    assert text in " ".join(out.split())


def test_every_command_is_listed(capsys: pytest.CaptureFixture[str]) -> None:
    """The program's help names every command."""
    _, out, _ = run(capsys, "--help")
    assert [c for c in COMMANDS if f"    {c} " in out] == list(COMMANDS)


# -- the installed entry points ---------------------------------------------------------


def _entry_points() -> list[list[str]]:
    script = shutil.which(
        "pyconf-schedule", path=os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    )
    return [[sys.executable, "-m", "pyconf_schedule"], [script] if script else []]


@pytest.mark.parametrize("prefix", _entry_points(), ids=["python -m", "console script"])
def test_installed_entry_point(prefix: list[str]) -> None:
    """`python -m pyconf_schedule` and the `pyconf-schedule` script run the same command line."""
    if not prefix:
        pytest.skip("the pyconf-schedule console script is not installed in this environment")
    result = subprocess.run(
        [*prefix, "list", "eu2026", "--speaker", "Liz Li"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert (result.returncode, result.stdout, result.stderr) == (EXIT_OK, LIZ_EU, "")


@pytest.mark.parametrize("prefix", _entry_points(), ids=["python -m", "console script"])
def test_installed_entry_point_error(prefix: list[str]) -> None:
    """Through the entry points, an input error exits 2 with the message on stderr and no traceback."""
    if not prefix:
        pytest.skip("the pyconf-schedule console script is not installed in this environment")
    result = subprocess.run([*prefix, "list", "eu2025"], capture_output=True, text=True, encoding="utf-8", check=False)
    assert (result.returncode, result.stdout, result.stderr.splitlines()[0]) == (
        EXIT_ERROR,
        "",
        "pyconf-schedule: error: 'eu2025' is not a dataset; available: eu2026, na2026 (did you mean 'eu2026'?)",
    )


# -- reviewer findings: closed output, streams, JSON shape, show, export, zones, read errors ------


@pytest.mark.parametrize("argv", [["list", "na2026"], ["datasets"], ["export", "eu2026", "--to", "csv"], ["--help"]])
def test_closed_stdout(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> None:
    """Started with standard output closed (sys.stdout is None), every command says so and exits 2."""
    monkeypatch.setattr(sys, "stdout", None)
    code = main(argv)
    assert (code, capsys.readouterr().err) == (
        EXIT_ERROR,
        "pyconf-schedule: error: standard output is closed\nhint: give the command somewhere to write, e.g. > FILE\n",
    )


@pytest.mark.parametrize("prefix", _entry_points(), ids=["python -m", "console script"])
def test_closed_stdout_entry_point(prefix: list[str]) -> None:
    """Through the entry points, `>&-` gives the one-line error and exit 2, not a traceback."""
    if not prefix:
        pytest.skip("the pyconf-schedule console script is not installed in this environment")
    result = subprocess.run(
        ["sh", "-c", '"$@" >&-', "sh", *prefix, "list", "na2026"], capture_output=False, stderr=subprocess.PIPE,
        text=True, encoding="utf-8", check=False,
    )  # fmt: skip
    assert (result.returncode, result.stderr) == (
        EXIT_ERROR,
        "pyconf-schedule: error: standard output is closed\nhint: give the command somewhere to write, e.g. > FILE\n",
    )


def test_endless_device_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """A device that never ends is read up to the size limit only, then refused as an input error."""
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero on this platform")
    assert run(capsys, "list", "/dev/zero") == (
        EXIT_ERROR,
        "",
        "pyconf-schedule: error: /dev/zero: cannot read schedule file: the input is over the default limit of 33554432 bytes (32 MiB)"
        "; to read it, raise the limit with max_bytes= (Python) or --max-bytes (command line)\n",
    )


@pytest.mark.parametrize(
    ("argv", "counts"),
    [
        (["list", "eu2026", "na2026", "--speaker", "Mark Collier"], [1, 0]),
        (["list", "eu2026", "na2026", "--speaker", "Liz Li"], [1, 2]),
        (["search", "eu2026", "na2026", "monarch", "--day", "2026-04-07"], [1, 0]),
        (["list", "na2026", "eu2026", "--speaker", "Edward Yang"], [1, 2]),
    ],
)
def test_json_with_several_sources_is_always_a_list(
    capsys: pytest.CaptureFixture[str], argv: list[str], counts: list[int]
) -> None:
    """With several sources `--json` is a list of one document per source, even when one source matches nothing."""
    code, out, _ = run(capsys, *argv, "--json")
    assert (code, [len(d["conference"]["sessions"]) for d in json.loads(out)]) == (EXIT_OK, counts)


@pytest.mark.parametrize("session", ["PyTorch Updates", "pytorch updates", "PYTORCH-UPDATES", " Pytorch-Updates "])
def test_show_exact_id_or_title_wins(capsys: pytest.CaptureFixture[str], session: str) -> None:
    """An exact id (case ignored) or an exact title (case and spacing ignored) wins over word matching."""
    assert run(capsys, "show", "eu2026", session) == (EXIT_OK, SHOW_UPDATES, "")


@pytest.mark.parametrize("to_stdout", [False, True])
def test_export_of_only_left_out_sessions_writes_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, to_stdout: bool
) -> None:
    """When the format would leave out every selected session, export writes nothing and exits 1."""
    target = tmp_path / "nikhil.ics"
    code, out, err = run(
        capsys, "export", "eu2026", "--speaker", "Nikhil", "--to", "ics", *([] if to_stdout else ["-o", str(target)])
    )
    assert (code, out, err, target.exists()) == (
        EXIT_NOTHING_FOUND,
        "",
        "pyconf-schedule: the selected session (untitled-000) has no known time, and ics holds only sessions with a time; "
        "nothing written\nhint: json, csv and markdown keep sessions without a time\n",
        False,
    )


def test_export_dash_means_stdout(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`-o -` writes the document to standard output, not to a file named '-'."""
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "export", "eu2026", "--speaker", "Liz Li", "--to", "json", "-o", "-")
    assert (code, json.loads(out)["conference"]["sessions"][0]["id"], list(tmp_path.iterdir())) == (
        EXIT_OK,
        "bringing-pytorch-monarch-to-amd-gpus-single-controller",
        [],
    )


def test_zone_option_takes_a_value_starting_with_a_dash(capsys: pytest.CaptureFixture[str]) -> None:
    """`--tz -05:30` reaches the zone check (argparse alone would take -05:30 for an option)."""
    code, out, err = run(capsys, "list", "eu2026", "--tz", "-05:30")
    assert (code, out, err.startswith("pyconf-schedule: error: unknown time zone '-05:30'")) == (EXIT_ERROR, "", True)


def test_zone_abbreviation_is_refused_with_the_zones_it_names(capsys: pytest.CaptureFixture[str]) -> None:
    """`--tz EST` is refused (tzdata's EST is UTC-05:00 all year), naming the places whose clocks say EST."""
    code, out, err = run(capsys, "list", "eu2026", "--tz", "EST")
    assert (code, out) == (EXIT_ERROR, "")
    assert err == (
        "pyconf-schedule: error: time zone abbreviation 'EST' is not a zone (tzdata's zone 'EST' keeps UTC-05:00 all "
        "year, without daylight saving time): give the IANA zone of the place, e.g. 'America/New_York' (Eastern "
        "(EST/EDT) - US & Canada), 'America/Winnipeg' (Eastern Standard (EST) - Manitoba, northwestern Ontario) or "
        "'America/Jamaica' (Eastern Standard (EST) - Caymans; Jamaica; eastern Mexico; Panama)\n"
    )


def test_zone_in_another_case_is_read(capsys: pytest.CaptureFixture[str]) -> None:
    """`--tz asia/kolkata` shows the times in Asia/Kolkata."""
    code, out, err = run(capsys, "list", "eu2026", "--tz", "asia/kolkata", "--day", "2026-04-07")
    assert (code, out.splitlines()[0], err) == (
        EXIT_OK,
        "PyTorch Conference Europe 2026 — times in Asia/Kolkata (IST)",
        "",
    )


@pytest.mark.parametrize(
    ("argv", "header"),
    [
        (["list", "eu2026", "--tz", "Etc/GMT-1"], "PyTorch Conference Europe 2026 — times in UTC+01:00"),
        (["list", "eu2026", "--tz", "Etc/GMT+5"], "PyTorch Conference Europe 2026 — times in UTC-05:00"),
        (["list", "FILE"], "31. Chaos Communication Congress — times in UTC+01:00"),
    ],
)
def test_offset_only_zone_is_shown_as_its_offset(
    argv: list[str], header: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A fixed-offset zone (Etc/GMT-1, which reads as minus one) is shown as UTC+01:00."""
    from ._support import shared_path

    argv = [str(shared_path("samples", "felixu_31c3.frab.schedule.xml")) if a == "FILE" else a for a in argv]
    code, out, err = run(capsys, *argv)
    assert (code, out.splitlines()[0], err) == (EXIT_OK, header, "")


NEXT_ACROSS_ZONES = """\
PyTorch Conference Europe 2026 — times in Europe/Paris (CET/CEST)
Starting next after 00:00 CET on Wednesday 1 January 2020

Tuesday 7 April 2026
  09:00–09:10 CEST  Co-Evolution: How the Open Source Intelligence Stack
                    Compounds
                    Master Stage · Keynote · Mark Collier (The Linux Foundation)
"""

DST_FILE_LATE = """\
DST Test Conference — times in America/Los_Angeles (PDT/PST)

Sunday 1 November 2026
  01:30 PDT–01:30 PST  The Hour That Repeats
                       Side Room · Lightning talk · René Descartes (Red Hat,
                       Inc)
  10:00 PST–?          Open End
                       Main Hall · Keynote · Ada Lovelace (Analytical Engines
                       Ltd), René Descartes (Red Hat, Inc)
"""


def test_next_names_the_moment_zone_in_the_header(capsys: pytest.CaptureFixture[str]) -> None:
    """When the moment of `next` has another abbreviation than the sessions, the header and each time name theirs."""
    assert run(capsys, "next", "eu2026", "--at", "2020-01-01") == (EXIT_OK, NEXT_ACROSS_ZONES, "")


def test_dst_abbreviations_once_per_shared_range(capsys: pytest.CaptureFixture[str], schedule_file: Path) -> None:
    """Across a DST change every range carries its abbreviation, once when start and end share it."""
    code, out, _ = run(capsys, "list", str(schedule_file), "--day", "2026-11-01")
    assert (code, out) == (EXIT_OK, DST_FILE_LATE)


DATASETS_60 = """\
eu2026  PyTorch Conference Europe 2026
        Paris, France · 7–8 April 2026 · Europe/Paris ·
        98 sessions
"""


def test_datasets_fits_the_width(capsys: pytest.CaptureFixture[str]) -> None:
    """`datasets --width 60` wraps every line, facts breaking between items, within 60 columns."""
    code, out, _ = run(capsys, "datasets", "--width", "60")
    assert (code, out[: len(DATASETS_60)], [line for line in out.splitlines() if _columns(line) > 60]) == (
        EXIT_OK,
        DATASETS_60,
        [],
    )
    assert "        San Jose · 20–21 October 2026 ·\n        America/Los_Angeles · 113 sessions\n" in out


LONG_URL = "https://example.org/" + "a-very-long-path-segment/" * 5 + "schedule.json"

SHOW_URL_AND_TIMES = f"""\
DST Test Conference — times in UTC

Late Night Kernels

  id         late
  kind       Talk
  when       Sunday 1 November 2026, 06:30–08:30 UTC (120 min)
  room       Main Hall
  track      Core & Compilers
  speaker    Ada Lovelace (Analytical Engines Ltd)
  source     web: The website
             <{LONG_URL}>

Warp-level tricks.

The sources disagree:
  - start: Sunday 1 November 2026 06:30 UTC (web); Sunday 1 November 2026 07:00
    UTC (print); the website wins
"""


def test_show_keeps_urls_whole_and_shows_disputed_times_in_the_view_zone(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`show` never splits a URL, and disputed start times are shown in --tz like other times, not as raw text."""
    base = dst_conference()
    late = attrs.evolve(
        base.sessions[0],
        sources=("web",),
        conflicts=(
            Conflict(
                field="start",
                values=(
                    SourcedValue(value="2026-10-31T23:30:00-07:00[America/Los_Angeles]", sources="web"),
                    SourcedValue(value="2026-11-01T00:00:00-07:00[America/Los_Angeles]", sources="print"),
                ),
                rule="the website wins",
            ),
        ),
    )
    conf = attrs.evolve(base, sessions=[late], sources=[Source(id="web", title="The website", url=LONG_URL)])
    path = tmp_path / "url.json"
    path.write_text(json.dumps(conference_to_dict(conf)), encoding="utf-8")
    assert run(capsys, "show", str(path), "late", "--tz", "UTC") == (EXIT_OK, SHOW_URL_AND_TIMES, "")


def _written(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("name", "text", "options", "stderr"),
    [
        ("agenda.csv", "id,title,kind\nx,X,talk\n", [],
         "pyconf-schedule: error: {path}: this looks like csv, which cannot be read back (csv, markdown, html, llms and parquet are write-only)\n"
         "hint: readable formats: json, ics, frab-xml, c3voc-json, sqlite, sessionize, sched, pretalx-api, indico; save as json to keep a schedule you can read again\n"),
        ("agenda.txt", "# Conf\n\nTimes are in UTC.\n\n| Time | Title |\n", [],
         "pyconf-schedule: error: {path}: this looks like markdown, which cannot be read back (csv, markdown, html, llms and parquet are write-only)\n"
         "hint: readable formats: json, ics, frab-xml, c3voc-json, sqlite, sessionize, sched, pretalx-api, indico; save as json to keep a schedule you can read again\n"),
        ("page.txt", "<!DOCTYPE html>\n<html lang=\"en\">\n", [],
         "pyconf-schedule: error: {path}: this looks like html, which cannot be read back (csv, markdown, html, llms and parquet are write-only)\n"
         "hint: readable formats: json, ics, frab-xml, c3voc-json, sqlite, sessionize, sched, pretalx-api, indico; save as json to keep a schedule you can read again\n"),
        ("agenda.txt", "# Conf\n\nTimes are in UTC.\n\n| Time | Title |\n", [],
         "pyconf-schedule: error: {path}: this looks like markdown, which cannot be read back (csv, markdown, html, llms and parquet are write-only)\n"
         "hint: readable formats: json, ics, frab-xml, c3voc-json, sqlite, sessionize, sched, pretalx-api, indico; save as json to keep a schedule you can read again\n"),
        ("page.txt", "<!DOCTYPE html>\n<html lang=\"en\">\n", [],
         "pyconf-schedule: error: {path}: this looks like html, which cannot be read back (csv, markdown, html, llms and parquet are write-only)\n"
         "hint: readable formats: json, ics, frab-xml, c3voc-json, sqlite, sessionize, sched, pretalx-api, indico; save as json to keep a schedule you can read again\n"),
        ("empty.json", "", [],
         "pyconf-schedule: error: {path}: the file is empty\nhint: a SOURCE file holds a schedule in a readable format\n"),
        ("c3voc.json", '{"schedule": {"version": "1"}}', ["--from", "json"],
         'pyconf-schedule: error: {path}: cannot read pyconf-schedule JSON at $.format: "format" must be "pyconf-schedule", '
         "got None\nhint: the content looks like c3voc-json: try --from c3voc-json\n"),
    ],
)  # fmt: skip
def test_read_errors_say_what_the_file_is(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, text: str, options: list[str], stderr: str
) -> None:
    """A write-only csv or markdown file, an empty file, or a wrong --from each get an error saying what to do."""
    path = _written(tmp_path, name, text)
    assert run(capsys, "list", path, *options) == (EXIT_ERROR, "", stderr.format(path=path))


LONG = "x" * 100_000

EMPTY_AND_LONG_VALUES = [
    (["search", "eu2026", " "], "pyconf-schedule: error: search needs TEXT\n"
     'hint: give words to look for, e.g. search eu2026 "kv cache"\n'),
    (["show", "eu2026", ""], "pyconf-schedule: error: show needs an ID\n"
     "hint: 'pyconf-schedule list eu2026 --ids' shows the session ids\n"),
    (["list", "eu2026", "--tz", ""], "pyconf-schedule: error: --tz needs a zone name\n"
     "hint: e.g. --tz Europe/Paris, or leave --tz out for the conference's zone\n"),
    (["export", "eu2026", "--to", "csv", "-o", ""], "pyconf-schedule: error: -o needs a FILE name\n"
     "hint: leave -o out, or give -o -, to write to standard output\n"),
    (["list", f"{LONG}.json"], f"pyconf-schedule: error: …{LONG[:94]}.json: File name too long\n"),
    (["show", "eu2026", f"kv {LONG}"], f"pyconf-schedule: error: session 'kv {LONG[:56]}…' not found; 98 sessions exist\n"
     "hint: 'pyconf-schedule list eu2026 --ids' shows the session ids\n"),
    (["export", "eu2026", "--to", LONG], f"pyconf-schedule: error: unknown format '{LONG[:59]}…'; valid formats: json, ics, "
     "csv, markdown, frab-xml, c3voc-json, html, sqlite, llms, parquet (aliases: md = markdown, frab-json = c3voc-json)\n"),
]  # fmt: skip


@pytest.mark.parametrize(("argv", "stderr"), EMPTY_AND_LONG_VALUES)
def test_empty_and_long_values(capsys: pytest.CaptureFixture[str], argv: list[str], stderr: str) -> None:
    """An empty TEXT, ID, zone or output name is a usage error; a long value is shortened in the message."""
    assert run(capsys, *argv) == (EXIT_ERROR, "", stderr)


def test_mistyped_command_suggests_one(capsys: pytest.CaptureFixture[str]) -> None:
    """A mistyped command is named, shortened, with the commands and the closest one as a hint."""
    code, _, err = run(capsys, "lst", "eu2026")
    assert (code, err.splitlines()[-2:]) == (
        EXIT_ERROR,
        ["pyconf-schedule: error: argument COMMAND: invalid choice: 'lst' (choose from datasets, list, search, show, "
         "speakers, now, next, export, convert, diff, agenda, mcp)", "hint: did you mean 'list'?"],
    )  # fmt: skip


def test_export_help_names_the_aliases(capsys: pytest.CaptureFixture[str]) -> None:
    """`export --help` names the format aliases md and frab-json, and says what `-o -` means."""
    _, out, _ = run(capsys, "export", "--help")
    flat = " ".join(out.split())
    assert ("(aliases: md = markdown, frab-json = c3voc-json)" in flat, "('-': standard output)" in flat) == (
        True,
        True,
    )


def test_parser_of_one_command_equals_the_full_parser() -> None:
    """The parser main() builds for one command lists every command and gives that command the full parser's help."""
    from pyconf_schedule.cli import build_parser
    from pyconf_schedule.cli._parser import COMMANDS

    full = build_parser()
    assert tuple(full.commands) == COMMANDS
    for name in COMMANDS:
        one = build_parser(name)
        assert tuple(one.commands) == COMMANDS
        assert one.format_help() == full.format_help()
        assert one.commands[name].format_help() == full.commands[name].format_help()
    assert build_parser("lst").commands["agenda"].format_help() == full.commands["agenda"].format_help()


def test_list_from_a_dataset_imports_only_what_it_needs() -> None:
    """`list DATASET --speaker` imports only the library one-liner's modules, argparse and the command line's own."""
    library = "import json, sys; from pyconf_schedule import load; load('eu2026').by_speaker('Liz Li'); print(json.dumps(sorted(sys.modules)))"
    command = (
        "import json, sys, io; from pyconf_schedule.cli import main; out, sys.stdout = sys.stdout, io.StringIO(); "
        "code = main(['list', 'eu2026', '--speaker', 'Liz Li']); sys.stdout = out; "
        "print(json.dumps(sorted(m for m in sys.modules if code == 0)))"
    )
    loaded = [
        set(json.loads(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout))
        for code in (library, command)
    ]
    extra = sorted(m for m in loaded[1] - loaded[0] if not m.startswith("pyconf_schedule.cli"))
    assert [m for m in extra if m != "errno"] == ["_locale", "argparse", "gettext", "locale"]  # gettext imports errno
    assert "pyconf_schedule.cli._agenda" not in loaded[1]
