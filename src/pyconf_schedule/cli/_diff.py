"""The ``diff`` command: what changed between two versions of a schedule."""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from ._common import EXIT_OK, PROG
from ._render import json_text, machine
from ._sources import _load_source

if TYPE_CHECKING:
    import argparse

    from ._parser import _Parser

EXIT_CHANGED = 1
"""``diff`` found changes (as diff(1) does)."""

DIFF_EXIT_CODES = """\
exit codes:
  0  no change
  1  something changed
  2  usage or input error (unknown dataset, file, URL that cannot be read, zone, format)"""


SUMMARY = "Show what changed between two versions of a schedule: sessions added, removed, moved, retitled, ..."


def _add_diff_command(
    commands: argparse._SubParsersAction[_Parser], parents: list[_Parser], formatter: type[argparse.HelpFormatter]
) -> _Parser:
    """Register ``diff OLD NEW`` with --json and --markdown."""
    summary = SUMMARY
    p = commands.add_parser(
        "diff",
        help=summary,
        description=summary + "\nSessions pair by id, then URL, then title; times compare as instants.",
        epilog=f"examples:\n  {PROG} diff saved.json https://example.org/schedule.json\n"
        f"  {PROG} diff old.xml new.xml --json\n  {PROG} diff saved.json URL --offline\n\n{DIFF_EXIT_CODES}",
        parents=parents,
        formatter_class=formatter,
    )
    p.add_argument("old", metavar="OLD", help="the earlier version: dataset name, schedule file or URL")
    p.add_argument("new", metavar="NEW", help="the later version: dataset name, schedule file or URL")
    shape = p.add_mutually_exclusive_group()
    shape.add_argument("--json", action="store_true", help="write the changes as JSON")
    shape.add_argument("--markdown", action="store_true", help="write the changes as Markdown")
    p.set_defaults(handler=_cmd_diff)
    return p


def _cmd_diff(args: argparse.Namespace, out: TextIO) -> int:
    from .._diff import diff

    old = _load_source(args.old, args)
    new = _load_source(args.new, args)
    changes = diff(old, new)
    if args.json:
        machine(out).write(json_text(changes.as_json()))
    elif args.markdown:
        machine(out).write(changes.as_markdown(tz=args.tz))
    else:
        out.write(changes.as_text(tz=args.tz))
    return EXIT_CHANGED if changes else EXIT_OK
