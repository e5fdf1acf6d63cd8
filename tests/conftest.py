"""Fixtures shared by the tests."""

from __future__ import annotations

import pytest

from pyconf_schedule import Conference

from ._support import dst_conference


@pytest.fixture
def dst() -> Conference:
    """The synthetic conference across the end of DST in Los Angeles."""
    return dst_conference()
