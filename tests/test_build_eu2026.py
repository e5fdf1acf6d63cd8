"""The eu2026 build script and the dataset it ships."""

from __future__ import annotations

import importlib.util
import json
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
    """The dataset holds 43 dated sessions (26 on 7 April, 17 on 8 April) and one undated."""
    sessions = _shipped()["sessions"]
    days = Counter(s["start"][:10] if s["start"] else None for s in sessions)
    assert len(sessions) == 44
    assert days == {"2026-04-07": 26, "2026-04-08": 17, None: 1}


def test_liz_li_session() -> None:
    """The Monarch-on-ROCm talk keeps its whole title, time, room, track and speakers."""
    session = _session(
        "Bringing PyTorch Monarch to AMD GPUs: Single-Controller Distributed Training on ROCm"
    )
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
    """The session page without title, time or room becomes an untitled "other" session."""
    session = next(s for s in _shipped()["sessions"] if s["id"] == "untitled-000")
    assert (session["title"], session["start"], session["room"], session["kind"]) == (
        None, None, None, "other")
    assert session["speakers"] == ["nikhil"]
    assert session["sources"] == ["seed-000"]
    assert session["abstract"] is not None and session["abstract"].count("\n\n") == 2


#: (speaker id, card organisation, heading organisation) for every heading that
#: names a different organisation than the speaker's card.
HEADING_ORGANISATION_CONFLICTS = [
    ("andrea-mattia-garavagno", "University of Genoa & Scuola Superiore Sant'Anna",
     "University of Genoa"),
    ("andrew-wang", "Blur Labs", "DeepInverse"),
    ("doug-smith", "Red Hat", "Red Hat, Inc"),
    ("jonathan-bryce", "The Linux Foundation", "Cloud Native Computing Foundation"),
    ("lars-heyen", "Karlsruhe Institute of Technology",
     "Karlsruhe Instute of Technology, Scientific Computing Center"),
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
            card, *headings = conflict["values"]
            assert card["value"] == speaker["organisation"]
            assert conflict["rule"].startswith(
                "the speaker card in the session's speaker list is shown; the session heading (")
            for value in conflict["values"]:
                assert value["sources"] == ["seed-002"]
            found.extend((speaker["id"], card["value"], h["value"]) for h in headings)
    assert found == HEADING_ORGANISATION_CONFLICTS


def test_heading_organisation_rule_names_session_and_typo() -> None:
    """The rule names the session whose heading gives the value, and flags the typo."""
    assert _speaker("ludovic-henry")["conflicts"][0]["rule"] == (
        "the speaker card in the session's speaker list is shown; the session heading "
        "('PyTorch on RISC-V: From Cross-Compilation To Native CI') gives 'Meta'")
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
        "How DeepInverse Is Solving Imaging in Science and Healthcare With PyTorch"]
