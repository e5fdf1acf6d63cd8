"""The ``pyconf-schedule`` command line (also ``python -m pyconf_schedule``).

Every command that reads a schedule takes a SOURCE right after the command
name: the name of an embedded dataset (``eu2026``, ``na2026``) or the path of
a schedule file in any readable format.  ``list`` and ``search`` accept
several sources.  Reading, querying and writing are done by the library; this
package only parses arguments and lays out text:

- ``_parser``: the commands and options, help, usage errors;
- ``_commands``: one handler a command;
- ``_sources``: reading a SOURCE; ``_select``: what the filter options select;
- ``_render`` and ``_layout``: the human output;
- ``_common``: the program name, exit codes and the errors a handler raises.

Exit codes: 0 success, 1 nothing found, 2 usage or input error, and also
any unexpected exception (a bug), reported as one ``internal error`` line
(with the traceback when ``PYCONF_SCHEDULE_DEBUG`` is set).  See
``docs/reference/cli.md``.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from ._common import (
    EXIT_ERROR,
    EXIT_NOTHING_FOUND,
    EXIT_OK,
    PROG,
    NothingFound,
    UsageError,
    report_line,
    shorten_path,
    shortened,
)  # fmt: skip
from ._parser import build_parser as build_parser  # the parser, for tests and tools (not in __all__)
from ._parser import dash_values, unrecognized_error
from ._render import human

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable, Sequence
    from contextlib import AbstractContextManager
    from typing import TextIO

__all__ = ["EXIT_ERROR", "EXIT_NOTHING_FOUND", "EXIT_OK", "main"]


EXIT_INTERRUPTED = 130
"""Interrupted (Ctrl-C, SIGINT): 128 + the signal's number, as shells report it."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``) and return the exit code.

    Output goes to ``sys.stdout``; errors go to ``sys.stderr`` as one line
    ``pyconf-schedule: error: ...`` and, where it helps, a ``hint:`` line.
    Ctrl-C prints ``pyconf-schedule: interrupted`` and returns 130.
    """
    try:
        return _main(argv)
    except KeyboardInterrupt:
        report_line(f"{PROG}: interrupted", None)
        return EXIT_INTERRUPTED


def _main(argv: Sequence[str] | None) -> int:
    from ..exceptions import NotFoundError, PyconfScheduleError

    if sys.stdout is None:  # started with standard output closed (`>&-`)
        report_line(f"{PROG}: error: standard output is closed", "give the command somewhere to write, e.g. > FILE")
        return EXIT_ERROR
    argv = dash_values(list(sys.argv[1:] if argv is None else argv))
    # The first word is the command (the top level has no option that takes a value): build only its parser.
    parser = build_parser(next((a for a in argv if not a.startswith("-")), None))
    try:
        args, extras = parser.parse_known_args(argv)
        if extras:
            unrecognized_error(parser.commands[args.command], args, argv, extras)
    except SystemExit as exc:  # --help, --version and usage errors
        return exc.code if isinstance(exc.code, int) else EXIT_ERROR
    out = human(sys.stdout)  # every human line passes terminal_text(); machine formats write to machine(out)
    handler: Callable[[argparse.Namespace, TextIO], int] = args.handler
    try:
        with _progress_shown(args):  # cleared before any error below is written
            return handler(args, out)
    except NothingFound as exc:
        report_line(f"{PROG}: {exc.message}", exc.hint)
        return EXIT_NOTHING_FOUND
    except UsageError as exc:
        report_line(f"{PROG}: error: {exc.message}", exc.hint)
    except NotFoundError as exc:
        report_line(f"{PROG}: error: {exc}", _hint_for(exc, args))
    except PyconfScheduleError as exc:
        report_line(f"{PROG}: error: {exc}", None)
    except OSError as exc:
        if isinstance(exc, BrokenPipeError):  # e.g. `pyconf-schedule list eu2026 | head`
            return EXIT_OK
        where = f"{shorten_path(str(exc.filename))}: " if exc.filename else ""
        report_line(f"{PROG}: error: {where}{exc.strerror or exc}", None)
    except Exception as exc:  # a bug: still one line and exit code 2, never a traceback that reads as "nothing found"
        _internal_error(exc)
    return EXIT_ERROR


def _progress_shown(args: argparse.Namespace) -> AbstractContextManager[None]:
    """Progress on standard error for the command's work, when it is a terminal and --quiet was not given."""
    from contextlib import nullcontext

    if getattr(args, "quiet", False) or sys.stderr is None or not sys.stderr.isatty():
        return nullcontext()
    from ._progress import showing_progress

    return showing_progress(sys.stderr)


_DEBUG_VARIABLE = "PYCONF_SCHEDULE_DEBUG"
"""Set to a non-empty value, an internal error also prints its traceback."""


def _internal_error(exc: Exception) -> None:
    import os

    if os.environ.get(_DEBUG_VARIABLE) and sys.stderr is not None:
        import traceback

        traceback.print_exception(exc, file=sys.stderr)
    text = " ".join(str(exc).split())
    detail = f"{type(exc).__name__}: {shortened(text, 200)}" if text else type(exc).__name__
    report_line(
        f"{PROG}: internal error: {detail}; this is a bug, please report it "
        f"(set {_DEBUG_VARIABLE}=1 to see the traceback)",
        None,
    )


def _hint_for(exc: Exception, args: argparse.Namespace) -> str | None:
    from ..exceptions import MissingPicksError, UnknownDatasetError, UnknownSessionError, UnknownSpeakerError

    source = shortened((getattr(args, "sources", None) or [getattr(args, "source", "SOURCE")])[0])
    if isinstance(exc, UnknownDatasetError):
        return "a SOURCE is a dataset name or the path of a schedule file"
    if isinstance(exc, UnknownSpeakerError):
        return f"'{PROG} speakers {source}' lists every speaker"
    if isinstance(exc, MissingPicksError) and getattr(args, "command", None) == "agenda":
        ids = " ".join(dict.fromkeys(shortened(sid) for _, sid in exc.missing[:10]))
        more = " ..." if len(exc.missing) > 10 else ""
        return f"remove them with: {PROG} agenda {shorten_path(args.agenda_file)} remove {ids}{more}"
    if isinstance(exc, UnknownSessionError) and getattr(args, "command", None) == "agenda":
        file = shorten_path(args.agenda_file)
        if args.action == "add":
            return f"'{PROG} list {shortened(args.dataset)} --ids' shows the session ids"
        return f"'{PROG} agenda {file} show' lists the picks with their ids"
    if isinstance(exc, UnknownSessionError):
        return f"'{PROG} list {source} --ids' shows the session ids"
    return None
