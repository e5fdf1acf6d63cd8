"""The one way the tests call the command line in-process."""

from __future__ import annotations

import pytest


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Call ``main(argv)`` and return the exit code, stdout and stderr."""
    from pyconf_schedule.cli import main

    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err
