"""What the tz database says about names that are not zones: abbreviations, offsets, fixed-offset labels."""

from __future__ import annotations

import doctest

import pytest

from pyconf_schedule import _zones
from pyconf_schedule._zones import fixed_offset, offset_label, places_at_offset, places_using


def test_docstring_examples_hold() -> None:
    """The module's examples run as written."""
    result = doctest.testmod(_zones)
    assert (result.failed, result.attempted > 0) == (0, True)


@pytest.mark.parametrize(
    ("abbreviation", "places"),
    [
        ("BST", [("Europe/London", "United Kingdom (GMT/BST)")]),
        (
            "PST",
            [
                ("America/Los_Angeles", "Pacific (PST/PDT) - US; Mexico near US border"),
                ("Asia/Manila", "Philippines (PHT)"),
            ],
        ),
        ("ChST", [("Pacific/Guam", "Mariana Islands (ChST)")]),
        ("LMT", []),
        ("+05", []),
    ],
)
def test_places_using_an_abbreviation(abbreviation: str, places: list[tuple[str, str]]) -> None:
    """The zones whose current rule names the abbreviation, with zonenow.tab's descriptions; numeric names are none."""
    assert places_using(abbreviation) == places


def test_places_at_an_offset() -> None:
    """Zones whose standard or daylight offset it is: Newfoundland's -03:30 and its summer -02:30."""
    assert places_at_offset(-3 * 3600 - 1800) == [("America/St_Johns", "Newfoundland (NST/NDT)")]
    assert places_at_offset(-2 * 3600 - 1800) == [("America/St_Johns", "Newfoundland (NST/NDT)")]


@pytest.mark.parametrize(
    ("zone", "seconds"),
    [("EST", -18000), ("Asia/Kolkata", 19800), ("Europe/Paris", None), ("Mars/Olympus", None), ("../x", None)],
)
def test_fixed_offset(zone: str, seconds: int | None) -> None:
    """The one offset a zone keeps from now on; None when it changes or the zone is unknown."""
    assert fixed_offset(zone) == seconds


@pytest.mark.parametrize(
    ("zone", "label"),
    [("Etc/GMT-1", "UTC+01:00"), ("Etc/GMT+12", "UTC-12:00"), ("Etc/GMT-14", "UTC+14:00"), ("Etc/GMT0", "UTC"),
     ("Etc/GMT", "UTC"), ("UTC", None), ("Etc/UTC", None), ("Europe/Paris", None)],
)  # fmt: skip
def test_offset_label(zone: str, label: str | None) -> None:
    """Etc/GMT±N is shown as the offset it is, sign as people write it."""
    assert offset_label(zone) == label
