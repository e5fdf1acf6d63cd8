"""The MCP server, driven over stdio by the official SDK's own client, as an agent would."""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from pyconf_schedule import load

from ._cli import run

pytest.importorskip("mcp", reason="the mcp SDK is installed by the test extra")

TOOLS = [
    "list_conferences",
    "search",
    "by_speaker",
    "by_track",
    "by_room",
    "on_day",
    "running_at",
    "session",
    "clashes",
]


def _serve(*sources: str) -> Callable[[Callable[[Any], Awaitable[None]]], None]:
    """Run ``scenario(client)`` against ``pyconf-schedule mcp SOURCES`` started as a subprocess, bounded by a timeout."""

    def go(scenario: Callable[[Any], Awaitable[None]]) -> None:
        import anyio
        from mcp import StdioServerParameters
        from mcp.client import Client

        params = StdioServerParameters(
            command=sys.executable, args=["-m", "pyconf_schedule", "mcp", *sources], env={"PYTHONTZPATH": ""}
        )

        async def main() -> None:
            with anyio.fail_after(60):  # a hang, not a speed claim
                async with Client(params) as client:
                    await scenario(client)

        # In a thread of its own: the browser tests' playwright keeps an event loop in the main thread.
        with ThreadPoolExecutor(1) as pool:
            pool.submit(anyio.run, main).result()

    return go


def test_an_agent_lists_tools_and_asks_by_speaker_across_both_conferences() -> None:
    """by_speaker finds Liz Li's three sessions in both datasets, times with offsets, each conference's coverage."""
    eu, na = load("eu2026"), load("na2026")

    async def scenario(client: Any) -> None:
        assert [t.name for t in (await client.list_tools()).tools] == TOOLS
        result = await client.call_tool("by_speaker", {"name": "Liz Li"})
        assert not result.is_error
        answer = result.structured_content
        assert (answer["count"], answer["truncated"]) == (3, False)
        assert [(s["conference"], s["start"], s["end"]) for s in answer["sessions"]] == [
            ("eu2026", "2026-04-08T11:05:00+02:00", "2026-04-08T11:30:00+02:00"),
            ("na2026", "2026-10-20T11:10:00-07:00", "2026-10-20T11:35:00-07:00"),
            ("na2026", "2026-10-21T14:15:00-07:00", "2026-10-21T14:40:00-07:00"),
        ]
        assert answer["sessions"][0]["id"] == "bringing-pytorch-monarch-to-amd-gpus-single-controller"
        assert answer["sessions"][0]["speakers"] == ["Liz Li", "Zachary Streeter"]
        assert answer["coverage"] == {"eu2026": eu.coverage, "na2026": na.coverage}
        listed = (await client.call_tool("list_conferences", {})).structured_content["conferences"]
        assert [(c["id"], c["timezone"], c["sessions"]) for c in listed] == [
            ("eu2026", "Europe/Paris", 98), ("na2026", "America/Los_Angeles", 113)
        ]  # fmt: skip

    _serve("eu2026", "na2026")(scenario)


def test_an_agent_asks_what_runs_then_and_which_picks_clash() -> None:
    """running_at 11:10 on 8 April gives the two sessions at() gives; they clash for 10 minutes; a typo gets a suggestion."""

    async def scenario(client: Any) -> None:
        now = (await client.call_tool("running_at", {"time": "2026-04-08 11:10"})).structured_content
        ids = [s["id"] for s in now["sessions"]]
        assert ids == [
            "kv-cache-centric-inference-building-a-state-aware",
            "bringing-pytorch-monarch-to-amd-gpus-single-controller",
        ]
        clashes = (await client.call_tool("clashes", {"ids": ids})).structured_content
        assert [
            (c["first"]["id"], c["second"]["id"], c["overlap_minutes"], c["possible"], c["weak_time"])
            for c in clashes["clashes"]
        ] == [(ids[0], ids[1], 10.0, False, False)]
        found = (await client.call_tool("search", {"text": "kv cache"})).structured_content
        assert found["count"] == 5
        one = (await client.call_tool("session", {"id": ids[1]})).structured_content["sessions"][0]
        assert one["abstract"] == load("eu2026").session(ids[1]).abstract
        assert one["sources"] == list(load("eu2026").session(ids[1]).sources)
        assert (one["recording"], one["slide_urls"], one["weak_fields"]) == (None, [], ["kind"])
        tpu = await client.call_tool("session", {"id": "torchtpu-expanding-tpu-programmability-to-pytorch"})
        linked = tpu.structured_content["sessions"][0]
        assert (linked["recording"], linked["slide_urls"]) == (
            "https://deepcamp.cc/video/sponsored-session-torchtpu-expanding-tpu-programmabil-kat-ko-claudio-b-H8SjVNB7YhM",
            [
                "https://hosted-files.sched.co/pytorchconferenceeu2026/cb/TorchTPU%20-%20PyTorch%20Paris%20%2726%20-%20Google%20Slides.pdf"
            ],
        )
        typo = await client.call_tool("by_speaker", {"name": "Liz Lee"})
        assert typo.is_error
        assert typo.content[0].text.endswith("speaker 'Liz Lee' not found (did you mean 'Liz Li'?)")

    _serve("eu2026")(scenario)


def test_without_the_mcp_sdk_the_command_says_which_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A missing SDK is one line naming the extra, exit 2, before anything is served."""
    monkeypatch.setitem(sys.modules, "mcp.server.mcpserver", None)
    code, out, err = run(capsys, "mcp", "eu2026")
    assert (code, out) == (2, "")
    assert "Agent tools need mcp, which is not installed; install the extra: pip install 'pyconf-schedule[mcp]'" in err
