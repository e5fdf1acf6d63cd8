"""The llms digest: what the data covers first, then two exact lines per session."""

from __future__ import annotations

from datetime import date

from pyconf_schedule import Conference, Room, Session, Speaker, dumps, load

from ._support import utc


def test_the_header_says_what_the_data_holds() -> None:
    """The first lines name the conference, the zone, the days, the counts and the coverage note."""
    conf = load("na2026")
    lines = dumps(conf, "llms").splitlines()
    assert lines[:5] == [
        "# PyTorch Conference North America 2026 (na2026)",
        "Times are in America/Los_Angeles, each with its UTC offset.",
        "Days: 2026-10-20, 2026-10-21.",
        "Sessions: 113, of which 0 have no known time.",
        f"Coverage: {conf.coverage}",
    ]


def test_a_session_is_two_lines_with_offset_room_track_kind_speakers_and_id() -> None:
    """Liz Li's eu2026 talk, and shown in Tokyo the same instant with +09:00."""
    expected_second = (
        "  speakers: Liz Li (AMD), Zachary Streeter (AMD) | id: bringing-pytorch-monarch-to-amd-gpus-single-controller"
    )
    for tz, first in (
        (None, "2026-04-08 11:05-11:30 +02:00 | Founders Cafe | Training Systems | talk | Bringing PyTorch Monarch to AMD GPUs: Single-Controller Distributed Training on ROCm"),
        ("Asia/Tokyo", "2026-04-08 18:05-18:30 +09:00 | Founders Cafe | Training Systems | talk | Bringing PyTorch Monarch to AMD GPUs: Single-Controller Distributed Training on ROCm"),
    ):  # fmt: skip
        lines = dumps(load("eu2026"), "llms", tz=tz).splitlines()
        i = lines.index(expected_second)
        assert lines[i - 1] == first


def test_unknown_ends_days_without_times_and_control_characters() -> None:
    """An unknown end is '?', a day-only session says so, no day is its own section, control characters go."""
    room = Room(id="r", name="Hall\x1b[2J")
    sessions = [
        Session(
            id="a", title="Open\nend", start=utc(2026, 5, 1, 9), room=room, speakers=(Speaker(id="p", name="Ada"),)
        ),
        Session(id="b", title="Some day", day_only=date(2026, 5, 1)),
        Session(id="c", title="Some time"),
    ]
    text = dumps(Conference(id="x", name="X", timezone="UTC", sessions=sessions), "llms")
    assert text.splitlines()[3] == "Sessions: 3, of which 2 have no known time."
    assert text.endswith(
        "## 2026-05-01\n"
        "2026-05-01 09:00-? +00:00 | Hall [2J | no track | talk | Open end\n"
        "  speakers: Ada | id: a\n"
        "2026-05-01 time not known | no room | no track | talk | Some day\n"
        "  speakers: none listed | id: b\n"
        "\n## No day known\n"
        "no day or time known | no room | no track | talk | Some time\n"
        "  speakers: none listed | id: c\n"
    )
    assert "\x1b" not in text
