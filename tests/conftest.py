"""Fixtures shared by the tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyconf_schedule import Conference

from ._support import dst_conference


@pytest.fixture
def dst() -> Conference:
    """The synthetic conference across the end of DST in Los Angeles."""
    return dst_conference()


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test reads URLs through a cache folder of its own, never the user's."""
    folder = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv("PYCONF_SCHEDULE_CACHE", str(folder))
    return folder


@pytest.fixture(autouse=True)
def _no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Requests to the tests' local server go straight to 127.0.0.1, whatever proxy the machine names."""
    for name in ("http_proxy", "https_proxy", "all_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"):
        monkeypatch.delenv(name, raising=False)
