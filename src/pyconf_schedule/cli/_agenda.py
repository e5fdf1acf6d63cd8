"""``pyconf-schedule agenda FILE ACTION``: keep picks in an agenda file and ask it about clashes and free time."""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from ._common import EXIT_OK, PROG, _NothingFound, _shorten, _shorten_path, _UsageError
from ._render import json_text, machine

if TYPE_CHECKING:
    import argparse

    from .._agenda import Agenda
    from ._parser import _Parser

ACTIONS = ("add", "remove", "show", "clashes", "free", "export")


def add_agenda_command(commands: argparse._SubParsersAction[_Parser], parents: dict[str, _Parser], exit_codes: str) -> _Parser:
    """The ``agenda`` command and its actions, added to ``commands``."""
    from ._parser import _HelpFormatter, _Parser  # noqa: F811 (the runtime import of the type above)

    from ._parser import AGENDA_SUMMARY as summary
    p = commands.add_parser(
        "agenda", help=summary, description=summary + "\n\nA clash is two picks that run at the same time\n"
        "(not a 'conflict', where sources disagree).",
        epilog=f"""examples:
  {PROG} agenda my.json add eu2026 pytorch-cto vllm-ray-updates
  {PROG} agenda my.json show --tz America/New_York
  {PROG} agenda my.json clashes
  {PROG} agenda my.json free 2026-04-08
  {PROG} agenda my.json export -o my.ics

{exit_codes}""",
        formatter_class=_HelpFormatter,
    )  # fmt: skip
    p.add_argument("agenda_file", metavar="FILE", help="the agenda file (created by the first 'add')")
    actions = p.add_subparsers(title="actions", metavar="ACTION", dest="action", required=True, parser_class=_Parser)
    view, json_flag = parents["view"], parents["json"]

    a = actions.add_parser("add", help="pick sessions of a dataset by id", formatter_class=_HelpFormatter)
    a.add_argument("dataset", metavar="DATASET", help="the dataset the sessions are in (eu2026, na2026)")
    a.add_argument("ids", nargs="+", metavar="ID", help="session ids ('list DATASET --ids' shows them)")
    a.add_argument("--note", metavar="TEXT", help="a note to keep with these picks")
    a.set_defaults(handler=_cmd_agenda)

    a = actions.add_parser("remove", help="drop picks by id", formatter_class=_HelpFormatter)
    a.add_argument("ids", nargs="+", metavar="ID", help="ids of picked sessions")
    a.set_defaults(handler=_cmd_agenda)

    for name, text in (("show", "list the picks by day"), ("clashes", "list the picks that run at the same time")):
        a = actions.add_parser(name, help=text, parents=[view, json_flag], formatter_class=_HelpFormatter)
        a.set_defaults(handler=_cmd_agenda)

    a = actions.add_parser("free", help="the free time between picks on a day", parents=[view, json_flag],
                           formatter_class=_HelpFormatter)  # fmt: skip
    a.add_argument("day", metavar="DAY", help="the day, YYYY-MM-DD (in the zone shown)")
    a.set_defaults(handler=_cmd_agenda)

    a = actions.add_parser("export", help="write the picks in a format (ics for a calendar)", parents=[view],
                           formatter_class=_HelpFormatter)  # fmt: skip
    a.add_argument("-t", "--to", "--format", dest="output_format", metavar="FMT",
                   help="output format; default: from the suffix of -o, else ics")  # fmt: skip
    a.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    a.set_defaults(handler=_cmd_agenda)
    return p


def _read(path: str, *, create: bool = False) -> Agenda | None:
    import os

    from .. import load
    from .._agenda import Agenda

    if not path.strip():
        raise _UsageError("FILE is empty", "give the agenda file's name, e.g. my-agenda.json")
    if not os.path.exists(path):
        if create:
            return None
        raise _UsageError(
            f"no such agenda file: {_shorten_path(path)!r}",
            f"create it with: {PROG} agenda {_shorten_path(path)} add DATASET ID...",
        )
    if os.path.isdir(path):
        raise _UsageError(f"{_shorten_path(path)!r} is a directory, not an agenda file")
    return Agenda.load(path, loader=load)


def _cmd_agenda(args: argparse.Namespace, out: TextIO) -> int:
    from .._agenda import locked

    action: str = args.action
    path: str = args.agenda_file
    if action in ("add", "remove"):  # read, change and save under the file's lock: concurrent runs keep every pick
        if not path.strip():
            raise _UsageError("FILE is empty", "give the agenda file's name, e.g. my-agenda.json")
        with locked(path):
            return _add(args, path, out) if action == "add" else _remove(args, path, out)
    agenda = _read(path)
    assert agenda is not None
    tz: str | None = getattr(args, "tz", None)
    if tz is not None and not tz.strip():
        raise _UsageError("--tz needs a zone name", "e.g. --tz Europe/Paris, or leave --tz out for the agenda's zone")
    if tz:
        agenda = agenda.to_tz(tz)
    if action == "show":
        return _show(args, agenda, out)
    if action == "clashes":
        return _clashes(args, agenda, out)
    if action == "free":
        return _free(args, agenda, out)
    return _export(args, agenda, out)


def _remove(args: argparse.Namespace, path: str, out: TextIO) -> int:
    agenda = _read(path)
    assert agenda is not None
    picked = {p.session for p in agenda.picks}
    unknown = [i for i in args.ids if i not in picked]
    if unknown:
        from ..exceptions import UnknownSessionError

        raise UnknownSessionError(unknown[0], picked)
    changed = agenda.remove(args.ids)
    changed.save(path)
    out.write(f"removed {len(agenda) - len(changed)}; {_count(len(changed))} in {path}\n")
    return EXIT_OK


def _count(n: int) -> str:
    return f"{n} pick" if n == 1 else f"{n} picks"


def _add(args: argparse.Namespace, path: str, out: TextIO) -> int:
    from .. import load

    agenda = _read(path, create=True)
    conf = load(args.dataset)
    for conference in agenda.conferences if agenda is not None else ():
        if conference.id == conf.id:
            conf = conference
    if agenda is None:
        from .._agenda import Agenda

        changed = Agenda.of(conf, args.ids, note=args.note)
        before = 0
    else:
        changed = agenda.add(args.ids, note=args.note, conference=conf)
        before = len(agenda)
    changed.save(path)
    out.write(f"added {len(changed) - before}; {_count(len(changed))} in {path}\n")
    clashes = [c for c in changed.clashes() if c.first.id in args.ids or c.second.id in args.ids]
    if clashes:
        definite = sum(not c.possible for c in clashes)
        out.write(
            f"note: {definite} clash{'' if definite == 1 else 'es'} and {len(clashes) - definite} possible; "
            f"see '{PROG} agenda {_shorten_path(path)} clashes'\n"
        )
    return EXIT_OK


def _show(args: argparse.Namespace, agenda: Agenda, out: TextIO) -> int:
    from ._layout import _columns
    from ._render import _render_sessions

    if not len(agenda):
        raise _NothingFound(f"{args.agenda_file} has no pick")
    if args.json:
        import json

        rows = [_session_json(agenda, s) for s in agenda.sessions]
        machine(out).write(json_text(json.dumps(rows, indent=2, ensure_ascii=False)) + "\n")
        return EXIT_OK
    width = _columns(args, out)
    for i, conf in enumerate(agenda.conferences):
        picked = {p.session for p in agenda.picks if p.conference == conf.id}
        view = conf.to_tz(agenda.zone)
        sessions = view.sessions.filter(lambda s: s.id in picked)
        if i:
            out.write("\n")
        _render_sessions(out, view, sessions, width, ids=True)
    return EXIT_OK


def _session_json(agenda: Agenda, session: object) -> dict[str, object]:
    from .._model import Session

    assert isinstance(session, Session)
    pick = next(p for p in agenda.picks if p.session == session.id)
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
            }
            for c in clashes
        ]
        machine(out).write(json.dumps(rows, indent=2) + "\n")
        return EXIT_OK
    if not clashes:
        out.write(f"no clash among {_count(len(agenda))}\n")
        return EXIT_OK
    for c in clashes:
        how = "may clash (a time is not known)" if c.possible else f"overlap {_minutes(c.overlap)}"
        how += " (on a weak time)" if c.weak_time else ""
        out.write(f"{how}:\n  {_line(c.first)}\n  {_line(c.second)}\n")
    unplaced = agenda.sessions.unscheduled
    if unplaced:
        out.write(f"not checked ({len(unplaced)} with no known day): {', '.join(unplaced.ids)}\n")
    return EXIT_OK


def _minutes(delta: object) -> str:
    from .._agenda import _minutes as minutes
    from datetime import timedelta

    assert delta is None or isinstance(delta, timedelta)
    return minutes(delta)


def _line(session: object) -> str:
    from .._model import Session

    assert isinstance(session, Session)
    if session.start is not None:
        when = f"{session.start:%Y-%m-%d %H:%M}" + (f"–{session.end:%H:%M}" if session.end else "–?")
    elif session.day_only is not None:
        when = f"{session.day_only.isoformat()} (time not known)"
    else:
        when = "(no known day)"
    return f"{when}  {session.id}  {session.display_title}"


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
        raise _NothingFound(f"no free time on {day.isoformat()}: no session that day, or the picks fill it")
    out.write(f"Free on {day.isoformat()} ({gaps[0].start.tzname()}):\n")
    for g in gaps:
        out.write(f"  {g}\n")
    return EXIT_OK


def _export(args: argparse.Namespace, agenda: Agenda, out: TextIO) -> int:
    from ..formats import dumps
    from ._commands import _text_format_name

    fmt: str | None = args.output_format
    if args.output == "":
        raise _UsageError("-o needs a FILE name", "leave -o out to write to standard output")
    to_stdout = args.output in (None, "-")
    if fmt is None:
        fmt = "ics" if to_stdout else _format_from_suffix(args.output)
    if not len(agenda):
        raise _NothingFound(f"{args.agenda_file} has no pick; nothing written")
    text = dumps(agenda.sessions, _text_format_name(fmt), tz=args.tz)
    if to_stdout:
        machine(out).write(text)
        return EXIT_OK
    from pathlib import Path

    Path(args.output).write_text(text, encoding="utf-8", newline="")
    out.write(f"wrote {_count(len(agenda))} to {args.output}\n")
    return EXIT_OK


def _format_from_suffix(path: str) -> str:
    """The format a file name's suffix names, as ``write()`` infers it."""
    from ..formats import format_for_path

    return format_for_path(path)
