"""What every part of the command line shares: its name, exit codes, errors and messages."""

from __future__ import annotations

import sys
from typing import Literal

PROG = "pyconf-schedule"
EXIT_OK = 0
"""The command did what was asked."""
EXIT_NOTHING_FOUND = 1
"""A query ran but matched no session."""
EXIT_ERROR = 2
"""Bad usage or bad input: unknown dataset, file, zone, format, name or time."""


class _CommandError(Exception):
    """An error the command line reports itself, with an optional hint."""

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


class UsageError(_CommandError):
    """Bad usage or input, found by a command; reported as an error, and the exit code is 2."""


class NothingFound(_CommandError):
    """A query matched nothing; the message goes to stderr and the exit code is 1."""


def shortened(text: str, limit: int = 60) -> str:
    """User input echoed in a message, cut with an ellipsis (the library's rule)."""
    from .._text import shorten

    return shorten(text, limit)


def shorten_path(path: str) -> str:
    """``path``, or its last 99 characters after an ellipsis when longer: the file name stays readable."""
    return path if len(path) <= 100 else "…" + path[-99:]


def write_file(path: str, text: str) -> None:
    """``text`` written to the file ``path`` as UTF-8; any failure is one ``cannot write FILE: cause`` error."""
    from pathlib import Path

    try:
        Path(path).write_text(text, encoding="utf-8", newline="")
    except OSError as exc:
        raise write_error(path, exc) from None


def write_error(path: str, exc: OSError) -> UsageError:
    """``cannot write FILE: cause``, naming the file asked for (never a temporary file's name)."""
    from ..exceptions import ScheduleWriteError

    cause = exc.reason if isinstance(exc, ScheduleWriteError) else exc.strerror or str(exc)
    return UsageError(f"cannot write {shorten_path(path)}: {cause}")


def report_line(message: str, hint: str | None) -> None:
    """``message`` and the hint on standard error, each kept to one line (a line break a value brings is escaped)."""
    if sys.stderr is None:  # nowhere to say it; the exit code still tells
        return
    print(one_line(message), file=sys.stderr)
    if hint:
        print(f"hint: {one_line(hint)}", file=sys.stderr)


def one_line(text: str) -> str:
    """``text`` with every line break (``\\n``, ``\\r``, U+2028...) and other control character written as an escape.

    It prints as one line, and no ESC sequence from a value reaches the terminal.

    >>> one_line("a\\nb\\x1b[2J")
    'a\\\\nb\\\\x1b[2J'
    """
    from .._text import printable

    return printable(text)


def format_choices(mode: Literal["write", "read"] = "write") -> tuple[str, ...]:
    from ..formats import format_names

    return format_names(mode)
