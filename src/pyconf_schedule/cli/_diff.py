"""The ``diff`` command: what changed between two versions of a schedule."""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from ._common import EXIT_OK, PROG, UsageError, shorten_path
from ._render import json_text, machine
from ._sources import load_source

if TYPE_CHECKING:
    import argparse

    from .._agenda import Agenda
    from .._conference import Conference
    from .._diff import ScheduleDiff
    from .._sessions import Sessions
    from ._parser import Parser

EXIT_CHANGED = 1
"""``diff`` found changes (as diff(1) does)."""

DIFF_EXIT_CODES = """\
exit codes:
  0  no change
  1  something changed
  2  usage or input error (unknown dataset, file, URL that cannot be read, zone, format)"""


SUMMARY = "Show what changed between two versions of a schedule: sessions added, removed, moved, retitled, ..."


def add_diff_command(
    commands: argparse._SubParsersAction[Parser], parents: list[Parser], formatter: type[argparse.HelpFormatter]
) -> Parser:
    """Register ``diff OLD NEW`` with --json and --markdown."""
    summary = SUMMARY
    p = commands.add_parser(
        "diff",
        help=summary,
        description=summary + "\nSessions pair by id, then URL, then title; times compare as instants.",
        epilog=f"examples:\n  {PROG} diff saved.json https://example.org/schedule.json\n"
        f"  {PROG} diff old.xml new.xml --json\n  {PROG} diff saved.json URL --offline\n"
        f"  {PROG} diff saved.json URL --ics -o update.ics\n  {PROG} diff saved.json URL --agenda my.json\n"
        f"  {PROG} diff saved.json URL --atom -o changes.atom\n\n{DIFF_EXIT_CODES}",
        parents=parents,
        formatter_class=formatter,
    )
    p.add_argument("old", metavar="OLD", help="the earlier version: dataset name, schedule file or URL")
    p.add_argument("new", metavar="NEW", help="the later version: dataset name, schedule file or URL")
    p.add_argument("--agenda", metavar="FILE", help="only the changes that touch the picks of this agenda file")
    add_change_options(p)
    p.set_defaults(handler=_cmd_diff)
    return p


def add_change_options(p: argparse.ArgumentParser) -> None:
    """How the changes are written: text, --json, --markdown, --ics (a calendar update) or --atom, to -o FILE."""
    shape = p.add_mutually_exclusive_group()
    shape.add_argument("--json", action="store_true", help="write the changes as JSON")
    shape.add_argument("--markdown", action="store_true", help="write the changes as Markdown")
    shape.add_argument("--ics", action="store_true",
                       help="write an iCalendar of NEW that updates a calendar of OLD: removed sessions cancelled, "
                       "changed ones with a higher SEQUENCE")  # fmt: skip
    shape.add_argument("--atom", action="store_true", help="write the changes as an Atom feed")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    p.add_argument("--sequence", metavar="N", type=_sequence_option,
                   help="--ics: the SEQUENCE of changed events (default: minutes since 2000, higher for each later update)")  # fmt: skip
    p.add_argument("--remind", metavar="TIME", help="--ics: an alarm TIME before each session, e.g. 10m")


def _sequence_option(text: str) -> int:
    import argparse

    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"a SEQUENCE is a whole number of at least 0, not {text!r}")
    return int(text)


def _cmd_diff(args: argparse.Namespace, out: TextIO) -> int:
    from .._diff import diff

    old = load_source(args.old, args)
    new = load_source(args.new, args)
    changes = diff(old, new)
    part: Conference | Sessions = new
    if args.agenda is not None:
        from ._agenda import read_agenda

        agenda = read_agenda(args.agenda, args=args)
        assert agenda is not None
        changes, part = touching(agenda, args.agenda, old, new, changes)
    return write_changes(args, changes, part, out)


def touching(
    agenda: Agenda, path: str, old: Conference, new: Conference, changes: ScheduleDiff
) -> tuple[ScheduleDiff, Sessions]:
    """The changes that touch the agenda's picks of OLD's conference, and the picked sessions of NEW."""
    picked = agenda.picked(old.id) | agenda.picked(new.id)
    if not picked:
        names = ", ".join(c.id for c in agenda.conferences)
        raise UsageError(
            f"{shorten_path(path)} has no pick in conference {old.id!r} (its conferences: {names})",
            "diff two versions of a conference the agenda has picks in",
        )
    mine = changes.touching(picked)
    renamed = {c.new.id for c in mine.changed}
    return mine, new.sessions.filter(lambda s: s.id in picked or s.id in renamed)


def write_changes(args: argparse.Namespace, changes: ScheduleDiff, new: Conference | Sessions, out: TextIO) -> int:
    """Write ``changes`` as the options ask (text, JSON, Markdown, iCalendar update, Atom) to -o FILE or ``out``."""
    if (args.sequence is not None or args.remind is not None) and not args.ics:
        option = "--sequence" if args.sequence is not None else "--remind"
        raise UsageError(f"{option} applies to --ics", f"add --ics, or leave {option} out")
    if args.output == "":
        raise UsageError("-o needs a FILE name", "leave -o out to write to standard output")
    if args.json:
        text = json_text(changes.to_json())
    elif args.markdown:
        text = changes.to_markdown(tz=args.tz)
    elif args.ics:
        from .._agenda_export import parse_duration

        remind = parse_duration(args.remind) if args.remind is not None else None
        text = changes.to_ics(new, sequence=args.sequence, tz=args.tz, remind=remind)
    elif args.atom:
        from ..formats._common import as_conference

        conf = as_conference(new)
        text = changes.to_atom(title=f"Changes to {conf.name}", feed_id=conf.id, tz=args.tz)
    elif args.output in (None, "-"):
        out.write(changes.to_text(tz=args.tz))
        return EXIT_CHANGED if changes else EXIT_OK
    else:
        text = changes.to_text(tz=args.tz)
    if args.output in (None, "-"):
        machine(out).write(text)
    else:
        from pathlib import Path

        Path(args.output).write_text(text, encoding="utf-8", newline="")
        out.write(f"wrote {_changes_count(len(changes))} to {args.output}\n")
    return EXIT_CHANGED if changes else EXIT_OK


def _changes_count(n: int) -> str:
    return "1 change" if n == 1 else f"{n} changes"
