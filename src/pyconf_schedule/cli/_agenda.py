"""``pyconf-schedule agenda FILE ACTION``: keep picks in an agenda file and ask it about clashes and free time."""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from ._common import EXIT_OK, PROG, NothingFound, UsageError, shorten_path, shortened, write_error, write_file
from ._render import json_text, machine

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable

    from .._agenda import Agenda
    from .._conference import Conference
    from .._model import Session
    from ._parser import Parser

ACTIONS = ("add", "remove", "show", "clashes", "free", "export", "import", "diff", "compare")


def add_agenda_command(
    commands: argparse._SubParsersAction[Parser], parents: dict[str, Parser], exit_codes: str
) -> Parser:
    """The ``agenda`` command and its actions, added to ``commands``."""
    from ._parser import AGENDA_SUMMARY as summary
    from ._parser import HelpFormatter, Parser

    p = commands.add_parser(
        "agenda", help=summary, description=summary + "\n\nA clash is two picks that run at the same time\n"
        "(not a 'conflict', where sources disagree).",
        epilog=f"""examples:
  {PROG} agenda my.json add eu2026 pytorch-cto vllm-ray-updates
  {PROG} agenda my.json add eu2026 --search "monarch rocm"
  {PROG} agenda my.json add schedule.xml 123 --note "front row"
  {PROG} agenda my.json show --tz America/New_York
  {PROG} agenda my.json clashes --width 80
  {PROG} agenda my.json free 2026-04-08
  {PROG} agenda my.json export --remind 10m -o my.ics
  {PROG} agenda my.json export --list -o picks.txt
  {PROG} agenda yours.json import eu2026 picks.txt
  {PROG} agenda my.json compare yours.json 2026-04-08
  {PROG} agenda my.json diff eu2026 schedule.json --ics -o update.ics

{exit_codes}""",
        formatter_class=HelpFormatter,
    )  # fmt: skip
    p.add_argument("agenda_file", metavar="FILE", help="the agenda file (created by the first 'add')")
    actions = p.add_subparsers(title="actions", metavar="ACTION", dest="action", required=True, parser_class=Parser)
    view, json_flag = parents["view"], parents["json"]

    from ._parser import add_file_options, width_option

    a = actions.add_parser("add", help="pick sessions of a dataset, file or URL by id or by search words",
                           formatter_class=HelpFormatter)  # fmt: skip
    a.add_argument("dataset", metavar="SOURCE", help="where the sessions are: a dataset (eu2026, na2026), file or URL")
    a.add_argument("ids", nargs="*", metavar="ID", help="session ids ('list SOURCE --ids' shows them)")
    a.add_argument("--search", metavar="WORDS", help="pick the one session these words find (as 'search' does)")
    a.add_argument("--note", metavar="TEXT", help="a note to keep with these picks")
    add_file_options(a, "a SOURCE file")
    a.set_defaults(handler=cmd_agenda)

    a = actions.add_parser("remove", help="drop picks by id", formatter_class=HelpFormatter)
    a.add_argument("ids", nargs="+", metavar="ID", help="ids of picked sessions")
    a.set_defaults(handler=cmd_agenda)

    for name, text in (("show", "list the picks by day, with their notes"),
                       ("clashes", "list the picks that run at the same time")):  # fmt: skip
        a = actions.add_parser(name, help=text, parents=[view, json_flag], formatter_class=HelpFormatter)
        a.add_argument("--width", metavar="N", type=width_option,
                       help="lay text out in N columns (default: the terminal's width, 80 when not a terminal)")  # fmt: skip
        a.set_defaults(handler=cmd_agenda)

    a = actions.add_parser("free", help="the free time between picks on a day", parents=[view, json_flag],
                           formatter_class=HelpFormatter)  # fmt: skip
    a.add_argument("day", metavar="DAY", help="the day, YYYY-MM-DD (in the zone shown)")
    a.set_defaults(handler=cmd_agenda)

    a = actions.add_parser("export", help="write the picks in a format (ics for a calendar)", parents=[view],
                           formatter_class=HelpFormatter)  # fmt: skip
    a.add_argument("-t", "--to", "--format", dest="output_format", metavar="FMT",
                   help="output format; default: from the suffix of -o, else ics")  # fmt: skip
    a.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    a.add_argument("--remind", metavar="TIME",
                   help="iCalendar: an alarm TIME before each session, e.g. 10m, 1h, 1h30m")  # fmt: skip
    a.add_argument("--list", action="store_true", help="write the picks as a plain list: one id and title a line")
    a.set_defaults(handler=cmd_agenda)

    from ._agenda_more import add_more_actions

    add_more_actions(actions, view, json_flag)
    return p


def read_agenda(
    path: str, *, create: bool = False, args: argparse.Namespace | None = None, drop_missing: bool = False
) -> Agenda | None:
    import os

    from .._agenda import Agenda

    if not path.strip():
        raise UsageError("FILE is empty", "give the agenda file's name, e.g. my-agenda.json")
    if not os.path.exists(path):
        if create:
            return None
        from .._datasets import dataset_names

        raise UsageError(
            f"no such agenda file: {shorten_path(path)!r}",
            f"create it with: {PROG} agenda {shorten_path(path)} add SOURCE ID... (or add SOURCE --search WORDS); "
            f"SOURCE is a dataset ({', '.join(dataset_names())}), a schedule file or a URL",
        )
    if os.path.isdir(path):
        raise UsageError(f"{shorten_path(path)!r} is a directory, not an agenda file")
    return Agenda.load(path, loader=_loader(path, args), drop_missing=drop_missing)


def _loader(path: str, args: argparse.Namespace | None) -> Callable[[str], Conference]:
    """Reads a conference the agenda file names: an embedded dataset, a URL, or a file relative to the agenda's folder."""
    import argparse
    import os

    from .. import dataset_names, load
    from ._sources import load_source

    folder = os.path.dirname(os.path.abspath(path))
    # --from and --file-tz name the SOURCE of this command, not the files the agenda recorded: only the URL options apply.
    options = argparse.Namespace(
        **{k: getattr(args, k) for k in ("offline", "cache_dir", "max_bytes") if hasattr(args, k)}
    )

    def read(name: str) -> Conference:
        if name in dataset_names():
            return load(name)
        if _is_url(name):
            return load_source(name, options)
        return load_source(os.path.join(folder, name), options)

    return read


def _is_url(name: str) -> bool:
    return "://" in name[:16]


def source_text(source: str, path: str) -> str | None:
    """What the agenda file records for SOURCE: nothing for a dataset, a URL as given, a file relative to the agenda's folder."""
    import os

    from .. import dataset_names

    if source in dataset_names():
        return None
    if _is_url(source):
        return source
    return os.path.relpath(os.path.abspath(source), os.path.dirname(os.path.abspath(path)))


def _save(agenda: Agenda, path: str) -> None:
    """``agenda`` saved to ``path``; a failure is one ``cannot write FILE: cause`` error."""
    try:
        agenda.save(path)
    except OSError as exc:
        raise write_error(path, exc) from None


def cmd_agenda(args: argparse.Namespace, out: TextIO) -> int:
    from .._agenda_file import locked

    action: str = args.action
    path: str = args.agenda_file
    if action in (
        "add",
        "remove",
        "import",
    ):  # read, change and save under the file's lock: concurrent runs keep every pick
        if not path.strip():
            raise UsageError("FILE is empty", "give the agenda file's name, e.g. my-agenda.json")
        from contextlib import ExitStack

        with ExitStack() as stack:
            try:
                stack.enter_context(locked(path))
            except OSError as exc:  # the folder to save in cannot be opened
                raise write_error(path, exc) from None
            if action == "import":
                from ._agenda_more import import_picks

                return import_picks(args, path, out)
            return _add(args, path, out) if action == "add" else _remove(args, path, out)
    agenda = read_agenda(path, args=args)
    assert agenda is not None
    tz: str | None = getattr(args, "tz", None)
    if tz is not None and not tz.strip():
        raise UsageError("--tz needs a zone name", "e.g. --tz Europe/Paris, or leave --tz out for the agenda's zone")
    if tz:
        agenda = agenda.to_tz(tz)
    if action == "show":
        return _show(args, agenda, out)
    if action == "clashes":
        return _clashes(args, agenda, out)
    if action == "free":
        return _free(args, agenda, out)
    if action in ("diff", "compare"):
        from ._agenda_more import agenda_diff, compare

        return agenda_diff(args, agenda, path, out) if action == "diff" else compare(args, agenda, out)
    if args.list:
        from ._agenda_more import export_list

        return export_list(args, agenda, out)
    return _export(args, agenda, out)


def _remove(args: argparse.Namespace, path: str, out: TextIO) -> int:
    """Remove picks by id; picks whose sessions the schedule no longer has are removed too when all are named."""
    from ..exceptions import MissingPicksError, UnknownSessionError

    gone: set[str] = set()
    try:
        agenda = read_agenda(path, args=args)
    except MissingPicksError as exc:
        gone = {sid for _, sid in exc.missing}
        if not gone <= set(args.ids):  # saving would drop the picks not named too
            raise
        agenda = read_agenda(path, args=args, drop_missing=True)
    assert agenda is not None
    picked = {p.session for p in agenda.picks}
    unknown = [i for i in args.ids if i not in picked and i not in gone]
    if unknown:
        raise UnknownSessionError(unknown[0], picked | gone)
    changed = agenda.remove([i for i in args.ids if i in picked])
    _save(changed, path)
    before = len(agenda) + sum(1 for i in args.ids if i in gone)
    out.write(f"removed {before - len(changed)}; {count(len(changed))} in {path}\n")
    return EXIT_OK


def count(n: int) -> str:
    return f"{n} pick" if n == 1 else f"{n} picks"


def _add(args: argparse.Namespace, path: str, out: TextIO) -> int:
    from .._agenda import Agenda
    from ._sources import load_source

    if not args.ids and args.search is None:
        raise UsageError(
            "add needs session ids or --search WORDS",
            f'e.g. {PROG} agenda {shorten_path(path)} add eu2026 --search "kv cache"',
        )
    if args.ids and args.search is not None:
        raise UsageError("give session ids or --search WORDS, not both")
    agenda = read_agenda(path, create=True, args=args)
    conf = load_source(args.dataset, args)
    source = source_text(args.dataset, path)
    ids: list[str] = list(args.ids) if args.ids else [_found(conf, args, path, out)]
    if agenda is None:
        changed = Agenda.of(conf, ids, note=args.note, source=source)
        before = 0
    else:
        before = len(agenda)
        same = next((c for c in agenda.conferences if c.id == conf.id), None)
        if same is not None and agenda.sources.get(conf.id) == source:
            conf = same  # the same conference from the same place: the one already read
        elif same is not None:  # read from elsewhere now: that version replaces the one the agenda had
            sources = {k: v for k, v in agenda.sources.items() if k != conf.id}
            confs = [conf if c.id == conf.id else c for c in agenda.conferences]
            agenda = Agenda(confs, agenda.picks, zone=agenda.zone, sources=sources)
        changed = agenda.add(ids, note=args.note, conference=conf, source=source)
    _save(changed, path)
    out.write(f"added {len(changed) - before}; {count(len(changed))} in {path}\n")
    clashes = [c for c in changed.clashes() if c.first.id in ids or c.second.id in ids]
    if clashes:
        definite = sum(not c.possible for c in clashes)
        out.write(
            f"note: {definite} clash{'' if definite == 1 else 'es'} and {len(clashes) - definite} possible; "
            f"see '{PROG} agenda {shorten_path(path)} clashes'\n"
        )
    return EXIT_OK


_CHOICES = 10
"""How many of the sessions that several search words find an error lists."""


def _found(conf: Conference, args: argparse.Namespace, path: str, out: TextIO) -> str:
    """The id of the one session ``words`` find in ``conf``; when several match they are listed on ``out``
    with their ids and nothing is added (an error, exit code 2); none is "nothing found"."""
    from ._layout import text_columns

    words: str = args.search
    source: str = args.dataset
    if not words.strip():
        raise UsageError("--search needs words", 'e.g. --search "kv cache"')
    found = conf.search(words)
    if not found:
        raise NothingFound(f"no session of {conf.id} matches {shortened(words)!r}; nothing added")
    if len(found) == 1:
        return found[0].id
    width = text_columns(args, out)
    for session in found[:_CHOICES]:
        out.write("".join(line + "\n" for line in session_lines(session, width)))
    if len(found) > _CHOICES:
        out.write(f"  ... and {len(found) - _CHOICES} more\n")
    example = f"{PROG} agenda {shorten_path(path)} add {shorten_path(source)} {found[0].id}"
    raise UsageError(
        f"{len(found)} sessions of {conf.id} match {shortened(words)!r}; nothing added: choose one of those listed by its id",
        f"e.g. {example}, or narrow the search with more words",
    )


def _show(args: argparse.Namespace, agenda: Agenda, out: TextIO) -> int:
    from ._layout import text_columns
    from ._render import render_sessions

    if not len(agenda):
        raise NothingFound(f"{args.agenda_file} has no pick")
    if args.json:
        import json

        rows = [_session_json(agenda, s) for s in agenda.sessions]
        machine(out).write(json_text(json.dumps(rows, indent=2, ensure_ascii=False)) + "\n")
        return EXIT_OK
    width = text_columns(args, out)
    for i, conf in enumerate(agenda.conferences):
        picked = agenda.picked(conf.id)
        notes = {p.session: p.note for p in agenda.picks if p.conference == conf.id and p.note}
        view = conf.to_tz(agenda.zone)
        sessions = view.sessions.by_ids(picked)
        if i:
            out.write("\n")
        render_sessions(out, view, sessions, width, ids=True, notes=notes)
    return EXIT_OK


def _session_json(agenda: Agenda, session: object) -> dict[str, object]:
    from .._model import Session

    assert isinstance(session, Session)
    home = agenda.conference_of(session).id
    pick = next(p for p in agenda.picks if p.session == session.id and p.conference == home)
    return {
        "conference": pick.conference,
        "id": session.id,
        "title": session.title,
        "start": session.start.isoformat() if session.start else None,
        "end": session.end.isoformat() if session.end else None,
        "day_only": session.day_only.isoformat() if session.day_only else None,
        "room": session.room.name if session.room else None,
        "note": pick.note,
    }


def _clashes(args: argparse.Namespace, agenda: Agenda, out: TextIO) -> int:
    clashes = agenda.clashes()
    if args.json:
        import json

        rows = [
            {
                "first": c.first.id,
                "second": c.second.id,
                "overlap_minutes": None if c.overlap is None else c.overlap.total_seconds() / 60,
                "possible": c.possible,
                "weak_time": c.weak_time,
            }
            for c in clashes
        ]
        machine(out).write(json.dumps(rows, indent=2) + "\n")
        return EXIT_OK
    if not clashes:
        out.write(f"no clash among {count(len(agenda))}\n")
        return EXIT_OK
    from ._layout import text_columns, wrap_items, wrap_words

    width = text_columns(args, out)
    for c in clashes:
        how = "may clash (a time is not known)" if c.possible else f"overlap {minutes_text(c.overlap)}"
        how += " (on a weak time)" if c.weak_time else ""
        out.write(f"{how}:\n")
        for session in (c.first, c.second):
            for line in session_lines(session, width):
                out.write(line + "\n")
    unplaced = agenda.sessions.unscheduled
    if unplaced:
        lines = wrap_words(f"not checked ({len(unplaced)} with no known day):", width)
        lines += ["  " + line for line in wrap_items(list(unplaced.ids), width - 2, ", ")]
        out.write("".join(line + "\n" for line in lines))
    return EXIT_OK


def minutes_text(delta: object) -> str:
    from datetime import timedelta

    from .._agenda_records import minutes_text as minutes

    assert delta is None or isinstance(delta, timedelta)
    return minutes(delta)


def _when(session: Session) -> str:
    if session.start is not None:
        return f"{session.start:%Y-%m-%d %H:%M}" + (f"–{session.end:%H:%M}" if session.end else "–?")
    if session.day_only is not None:
        return f"{session.day_only.isoformat()} (time not known)"
    return "(no known day)"


def session_lines(session: Session, width: int) -> list[str]:
    """A picked session of a clash in ``width`` columns: its time and id, then its title, wrapped under them.

    >>> from pyconf_schedule import load
    >>> for line in session_lines(load("eu2026").session("pytorch-cto"), 40):
    ...     print(line)
      2026-04-08 09:00–09:10  pytorch-cto
          PyTorch CTO
    >>> session_lines(load("eu2026").session("pytorch-cto"), 60)
    ['  2026-04-08 09:00–09:10  pytorch-cto  PyTorch CTO']
    """
    from ._layout import display_width, wrap_words

    when, title = f"  {_when(session)}", session.display_title
    head = f"{when}  {session.id}"
    if display_width(head) + 2 + display_width(title) <= width:
        return [f"{head}  {title}"]
    lines = (
        [head]
        if display_width(head) <= width
        else [when, *("      " + line for line in wrap_words(session.id, width - 6))]
    )
    return lines + ["      " + line for line in wrap_words(title, width - 6)]


def _free(args: argparse.Namespace, agenda: Agenda, out: TextIO) -> int:
    from .._time import parse_day

    day = parse_day(args.day)
    gaps = agenda.free(day)
    if args.json:
        import json

        rows = [
            {"start": g.start.isoformat(), "end": g.end.isoformat(), "minutes": g.duration.total_seconds() / 60,
             "maybe_taken": [s.id for s in g.maybe_taken]}
            for g in gaps
        ]  # fmt: skip
        machine(out).write(json.dumps(rows, indent=2) + "\n")
        return EXIT_OK
    if not gaps:
        raise NothingFound(f"no free time on {day.isoformat()}: no session that day, or the picks fill it")
    out.write(f"Free on {day.isoformat()} ({gaps[0].start.tzname()}):\n")
    for g in gaps:
        out.write(f"  {g}\n")
    return EXIT_OK


def _export(args: argparse.Namespace, agenda: Agenda, out: TextIO) -> int:
    from ._commands import text_format_name

    fmt: str | None = args.output_format
    if args.output == "":
        raise UsageError("-o needs a FILE name", "leave -o out to write to standard output")
    to_stdout = args.output in (None, "-")
    if fmt is None:
        fmt = "ics" if to_stdout else _format_from_suffix(args.output)
    if not len(agenda):
        raise NothingFound(f"{args.agenda_file} has no pick; nothing written")
    name = text_format_name(fmt)
    if args.remind is not None and name != "ics":
        raise UsageError(f"--remind applies to iCalendar (ics), not to {name}", "leave --remind out, or write -t ics")
    text = agenda.dumps(name, tz=args.tz, remind=args.remind)
    if to_stdout:
        machine(out).write(text)
        return EXIT_OK
    write_file(args.output, text)
    out.write(f"wrote {count(len(agenda))} to {args.output}\n")
    return EXIT_OK


def _format_from_suffix(path: str) -> str:
    """The format a file name's suffix names, as ``write()`` infers it."""
    from ..formats import format_for_path

    return format_for_path(path)
