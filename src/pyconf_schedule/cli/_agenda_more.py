"""``agenda FILE import``, ``diff`` and ``compare``: favourites from other tools, changes to my picks, two agendas."""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from ._common import EXIT_NOTHING_FOUND, EXIT_OK, NothingFound, UsageError, shorten_path, shortened

if TYPE_CHECKING:
    import argparse

    from .._agenda import Agenda
    from ._parser import Parser


def add_more_actions(actions: argparse._SubParsersAction[Parser], view: Parser, json_flag: Parser) -> None:
    """The import, diff and compare actions of ``agenda``."""
    from ._agenda import cmd_agenda
    from ._diff import add_change_options
    from ._parser import HelpFormatter, add_file_options

    a = actions.add_parser(
        "import", help="pick the sessions another tool's favourites name (iCalendar, agenda file, list of ids or titles)",
        formatter_class=HelpFormatter,
    )  # fmt: skip
    a.add_argument("dataset", metavar="SOURCE", help="the conference: a dataset (eu2026, na2026), file or URL")
    a.add_argument("picks_file", metavar="PICKS",
                   help="a pretalx faved.ics or other calendar, an agenda file, or a list with one id or title a line")  # fmt: skip
    a.add_argument("--note", metavar="TEXT", help="a note to keep with these picks")
    add_file_options(a, "a SOURCE file")
    a.set_defaults(handler=cmd_agenda)

    a = actions.add_parser("diff", help="what changed in my picks between two versions of a schedule",
                           parents=[view], formatter_class=HelpFormatter)  # fmt: skip
    a.add_argument("old", metavar="OLD", help="the earlier version: dataset name, schedule file or URL")
    a.add_argument("new", metavar="NEW", help="the later version: dataset name, schedule file or URL")
    add_change_options(a)
    add_file_options(a, "OLD and NEW files")
    a.set_defaults(handler=cmd_agenda)

    a = actions.add_parser("compare", help="the picks two agendas share and the times both are free",
                           parents=[view, json_flag], formatter_class=HelpFormatter)  # fmt: skip
    a.add_argument("other", metavar="OTHER", help="the other person's agenda file")
    a.add_argument("day", metavar="DAY", nargs="?", help="the day, YYYY-MM-DD (default: every day either has a pick)")
    a.set_defaults(handler=cmd_agenda)


def import_picks(args: argparse.Namespace, path: str, out: TextIO) -> int:
    """Add the sessions PICKS names; list what matched nothing."""
    import os

    from .. import find_picks
    from .._agenda import Agenda
    from ._agenda import count, read_agenda, source_text
    from ._sources import load_source

    picks_file: str = args.picks_file
    if not os.path.isfile(picks_file):
        raise UsageError(
            f"no such file: {shorten_path(picks_file)!r}", "PICKS is a calendar, agenda file or list to read"
        )
    agenda = read_agenda(path, create=True, args=args)
    conf = load_source(args.dataset, args)
    source = source_text(args.dataset, path)
    with open(picks_file, "rb") as handle:
        from .._agenda_picks import MAX_PICKS_FILE
        from .._limits import read_at_most

        data = read_at_most(handle, MAX_PICKS_FILE + 1)
    found = find_picks(conf, data)
    _report_unmatched(found.unmatched, found.other_conferences, conf.id, out)
    if not found.sessions:
        raise NothingFound(f"no entry of {shorten_path(picks_file)} is a session of {conf.id}; nothing added")
    if agenda is None:
        changed = Agenda.of(conf, found.sessions, note=args.note, source=source)
        before = 0
    else:
        before = len(agenda)
        same = next((c for c in agenda.conferences if c.id == conf.id), None)
        changed = agenda.add(found.sessions, note=args.note, conference=same or conf, source=source)
    changed.save(path)
    out.write(f"added {len(changed) - before} of {len(found.sessions)} found; {count(len(changed))} in {path}\n")
    return EXIT_OK


def _report_unmatched(unmatched: tuple[str, ...], other: tuple[str, ...], conference: str, out: TextIO) -> None:
    if unmatched:
        out.write(f"not a session of {conference} ({len(unmatched)}):\n")
        out.write("".join(f"  {shortened(entry, 100)}\n" for entry in unmatched))
    if other:
        out.write(f"of another conference, not imported ({len(other)}):\n")
        out.write("".join(f"  {shortened(entry, 100)}\n" for entry in other))


def agenda_diff(args: argparse.Namespace, agenda: Agenda, path: str, out: TextIO) -> int:
    """The changes from OLD to NEW that touch the agenda's picks, written as ``diff`` writes them."""
    from .._diff import diff
    from ._diff import touching, write_changes
    from ._sources import load_source

    old = load_source(args.old, args)
    new = load_source(args.new, args)
    changes, part = touching(agenda, path, old, new, diff(old, new))
    return write_changes(args, changes, part, out)


def compare(args: argparse.Namespace, agenda: Agenda, out: TextIO) -> int:
    """The picks both agendas share, then the times both are free on DAY (or each day either has a pick)."""
    from .._time import parse_day
    from ._agenda import read_agenda, session_lines
    from ._layout import text_columns

    other = read_agenda(args.other, args=args)
    assert other is not None
    shared = agenda.common(other)
    if args.day is not None:
        days = [parse_day(args.day)]
    else:
        timed = [*agenda.sessions.scheduled, *other.to_tz(agenda.zone).sessions.scheduled]
        days = sorted({s.start.astimezone(agenda.zone).date() for s in timed if s.start is not None})
    free = [(day, agenda.free_together(other, day)) for day in days]
    if args.json:
        import json

        from ._render import machine

        document = {
            "common": [s.id for s in shared],
            "free": {
                day.isoformat(): [
                    {
                        "start": g.start.isoformat(),
                        "end": g.end.isoformat(),
                        "maybe_taken": [s.id for s in g.maybe_taken],
                    }
                    for g in gaps
                ]
                for day, gaps in free
            },
        }
        machine(out).write(json.dumps(document, indent=2) + "\n")
        return EXIT_OK
    width = text_columns(args, out)
    if shared:
        out.write(f"Picked by both ({len(shared)}):\n")
        for session in shared:
            out.write("".join(line + "\n" for line in session_lines(session, width)))
    else:
        out.write(f"No pick in common between {shorten_path(args.agenda_file)} and {shorten_path(args.other)}\n")
    for day, gaps in free:
        if not gaps:
            out.write(f"Both free on {day.isoformat()}: never, within that day's programme\n")
            continue
        out.write(f"Both free on {day.isoformat()} ({gaps[0].start.tzname()}):\n")
        out.write("".join(f"  {g}\n" for g in gaps))
    return EXIT_OK if shared or any(gaps for _, gaps in free) else EXIT_NOTHING_FOUND


def export_list(args: argparse.Namespace, agenda: Agenda, out: TextIO) -> int:
    """The picks as a plain list (ids and titles), to -o FILE or standard output."""
    from ._agenda import count
    from ._render import machine

    if args.output_format is not None or args.remind is not None:
        option = "--to" if args.output_format is not None else "--remind"
        raise UsageError(f"--list writes a plain list; {option} does not apply", f"leave {option} out")
    text = agenda.to_list()
    if args.output in (None, "-"):
        machine(out).write(text)
        return EXIT_OK
    from pathlib import Path

    Path(args.output).write_text(text, encoding="utf-8")
    out.write(f"wrote {count(len(agenda))} to {args.output}\n")
    return EXIT_OK
