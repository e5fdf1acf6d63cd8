"""The command handlers: each takes the parsed arguments and standard output, and returns the exit code."""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO, cast

from ._common import EXIT_OK, PROG, NothingFound, UsageError, report_line, shortened, write_error, write_file
from ._layout import date_range, moment_text, text_columns
from ._render import json_text, machine, render_datasets, render_session, render_sessions, render_speakers
from ._select import by_names, has_filters, moment_of, select_sessions, view
from ._sources import load_source

if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence
    from datetime import datetime

    from .._conference import Conference
    from .._sessions import Sessions
    from ..formats import FormatName, TextFormat


def _format_name(name: str) -> FormatName:
    """A user's format name, typed for the registry, which checks it and lists valid names."""
    return cast("FormatName", name)


def text_format_name(name: str) -> TextFormat:
    """A user's format name for ``dumps``, typed for the registry, which checks it (sqlite's module refuses text)."""
    return cast("TextFormat", name)


def _dumps(obj: Conference | Sessions, fmt: str, tz: str | None = None, zones: Sequence[str] = ()) -> str:
    from ..formats import dumps

    return dumps(obj, text_format_name(fmt), tz=tz, zones=zones)


def _write(out: TextIO, text: str) -> None:
    """JSON output: written to the stream itself (not the terminal filter), the data kept, control characters escaped."""
    text = json_text(text)
    machine(out).write(text if text.endswith("\n") else text + "\n")


def cmd_datasets(args: argparse.Namespace, out: TextIO) -> int:
    from .. import dataset_names, load

    confs = [(name, load(name)) for name in dataset_names()]
    if args.json:
        import json

        rows = [
            {
                "name": name,
                "conference": c.name,
                "city": c.city,
                "country": c.country,
                "start_date": c.start_date.isoformat() if c.start_date else None,
                "end_date": c.end_date.isoformat() if c.end_date else None,
                "timezone": c.timezone,
                "sessions": len(c.sessions),
                "speakers": len(c.speakers),
                "coverage": c.coverage,
            }
            for name, c in confs
        ]
        _write(out, json.dumps(rows, indent=2, ensure_ascii=False))
        return EXIT_OK
    render_datasets(out, confs, text_columns(args, out))
    return EXIT_OK


def cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    from ..exceptions import NotFoundError, UnknownDatasetError

    if args.text is not None and not args.text.strip():
        raise UsageError("search needs TEXT", 'give words to look for, e.g. search eu2026 "kv cache"')
    results: list[tuple[Conference, Sessions]] = []
    documents: list[Sessions] = []  # for --json: one per source, empty for a source where a name is unknown
    failures: list[NotFoundError] = []
    for i, name in enumerate(args.sources):
        try:
            loaded = load_source(name, args)
        except UnknownDatasetError as exc:
            if args.text is None or i == 0:
                raise
            words = shortened(" ".join([*args.sources[i:], args.text]))
            sources = shortened(" ".join(args.sources[:i]))
            hint = f'to search for several words, quote them: search {sources} "{words}"'
            raise UsageError(str(exc), hint) from None
        conf = view(loaded, args)
        try:
            results.append((conf, select_sessions(conf, args)))
            documents.append(results[-1][1])
        except NotFoundError as exc:
            # With several sources, a name known to only some of them is fine.
            failures.append(exc)
            documents.append(conf.sessions[0:0])
    if not results:
        raise failures[0]
    found = sum(len(s) for _, s in results)
    if args.json:
        _write_json(out, documents, several=len(args.sources) > 1)
    else:
        blocks = [(c, s) for c, s in results if s]
        for i, (conf, sessions) in enumerate(blocks):
            if i:
                out.write("\n")
            render_sessions(out, conf, sessions, text_columns(args, out), ids=args.ids)
    if not found:
        raise NothingFound("no session found", _outside_days_hint([c for c, _ in results], args))
    return EXIT_OK


def _outside_days_hint(confs: list[Conference], args: argparse.Namespace) -> str | None:
    """When --day or --at falls outside the dates of every conference, a hint giving their dates."""
    from .._time import parse_day

    runs: list[str] = []
    for conf in confs:
        if not (conf.start_date and conf.end_date):
            return None
        day = parse_day(args.day) if args.day else moment_of(conf, args.at).date() if args.at else None
        if day is None or conf.start_date <= day <= conf.end_date:
            return None
        runs.append(f"{conf.name} runs {date_range(conf.start_date, conf.end_date)}")
    option = "--day" if args.day else "--at"
    example = f"{confs[0].start_date}" if args.day else f"'{confs[0].start_date} 11:00'"
    return f"{'; '.join(runs)}; choose a {'day' if args.day else 'moment'} with {option}, e.g. {option} {example}"


def _write_json(out: TextIO, selections: list[Sessions], *, several: bool) -> None:
    """One native document, or with ``several`` sources a list of them, one per source."""
    if not several:
        _write(out, _dumps(selections[0], "json"))
        return
    import json

    documents = [json.loads(_dumps(s, "json")) for s in selections]
    _write(out, json.dumps(documents, indent=2, ensure_ascii=False))


def cmd_show(args: argparse.Namespace, out: TextIO) -> int:
    from ..exceptions import UnknownSessionError

    if not args.session.strip():
        raise UsageError("show needs an ID", f"'{PROG} list {shortened(args.source)} --ids' shows the session ids")
    conf = view(load_source(args.source, args), args)
    key = args.session.strip()
    matches = conf.find(key)
    if len(matches) > 1:
        shown = ", ".join(matches.ids[:5]) + (", ..." if len(matches) > 5 else "")
        raise UsageError(f"{len(matches)} sessions match {shortened(key)!r}: {shown}", "give one session id")
    if not matches:
        raise UnknownSessionError(key, conf.sessions.ids)  # with close ids
    session = matches[0]
    if args.json:
        _write(out, _dumps(conf.sessions.filter(lambda s: s.id == session.id), "json"))
        return EXIT_OK
    render_session(out, conf, session, text_columns(args, out))
    return EXIT_OK


def cmd_speakers(args: argparse.Namespace, out: TextIO) -> int:
    from .._text import fold

    conf = load_source(args.source, args)
    counts: dict[str, list[str]] = {s.id: [] for s in conf.speakers}
    for session in conf.sessions:
        for speaker in session.speakers:
            counts.setdefault(speaker.id, []).append(session.id)
    speakers = sorted(conf.speakers, key=lambda s: (fold(s.name), s.id))
    if args.json:
        import json

        from .._converter import make_converter

        converter = make_converter()
        rows = [{**converter.unstructure(s), "sessions": counts[s.id]} for s in speakers]
        _write(out, json.dumps(rows, indent=2, ensure_ascii=False))
        return EXIT_OK
    if not speakers:
        raise NothingFound(f"{conf.name} names no speaker")
    render_speakers(out, conf, speakers, counts, text_columns(args, out))
    return EXIT_OK


def cmd_now(args: argparse.Namespace, out: TextIO) -> int:
    conf = view(load_source(args.source, args), args)
    moment = moment_of(conf, args.at)
    selected = by_names(conf.sessions, args)
    sessions = selected.at(moment)
    what = "no selected session" if has_filters(args, times=False) else "no session"
    try:
        return _show_moment(
            out,
            args,
            conf,
            sessions,
            f"Running at {moment_text(moment)}",
            f"{what} runs at {moment_text(moment)}",
            moment,
        )
    except NothingFound as exc:
        raise _nothing_running(exc, selected, moment, selected_only=what != "no session") from None


def _nothing_running(exc: NothingFound, selected: Sessions, moment: datetime, *, selected_only: bool) -> NothingFound:
    """'No session runs at ...', with how many sessions of that day have no known time and what starts next."""
    untimed = len(selected.on(moment.date()).day_only)
    message = exc.message
    if untimed:
        noun = "selected session" if selected_only else "session"
        message += f", and {untimed} {noun}{' that day has' if untimed == 1 else 's that day have'} no known time"
    later = selected.after(moment).scheduled
    hints = [exc.hint] if exc.hint else []
    if later:
        first = later[0]
        start = cast("datetime", first.start)
        when = f"{start:%H:%M} {start.tzname()}" if start.date() == moment.date() else moment_text(start)
        room = f" ({first.room.name})" if first.room is not None else ""
        together = len(later.filter(lambda s: s.start == start)) - 1
        more = f", and {together} more then" if together else ""
        hints.insert(0, f"next, at {when}: {shortened(first.title or first.id)}{room}{more}")
    return NothingFound(message, "; ".join(hints) or None)


def cmd_next(args: argparse.Namespace, out: TextIO) -> int:
    conf = view(load_source(args.source, args), args)
    moment = moment_of(conf, args.at)
    later = by_names(conf.sessions, args).filter(lambda s: s.start is not None and s.start > moment)
    if later:
        first = later[0].start
        later = later.filter(lambda s: s.start == first)
    what = "no selected session" if has_filters(args, times=False) else "no session"
    return _show_moment(
        out,
        args,
        conf,
        later,
        f"Starting next after {moment_text(moment)}",
        f"{what} starts after {moment_text(moment)}",
        moment,
    )


def _show_moment(
    out: TextIO,
    args: argparse.Namespace,
    conf: Conference,
    sessions: Sessions,
    title: str,
    empty: str,
    moment: datetime,
) -> int:
    if args.json:
        _write(out, _dumps(sessions, "json"))
    elif sessions:
        render_sessions(out, conf, sessions, text_columns(args, out), ids=args.ids, subtitle=title, moment=moment)
    if not sessions:
        raise NothingFound(empty, _outside_hint(conf, moment))
    return EXIT_OK


def _outside_hint(conf: Conference, moment: datetime) -> str | None:
    if conf.start_date and conf.end_date:
        day = moment.date()
        if day < conf.start_date or day > conf.end_date:
            return (
                f"{conf.name} runs {date_range(conf.start_date, conf.end_date)}; "
                "choose a moment with --at, e.g. --at "
                f"'{conf.start_date.isoformat()} 11:00'"
            )
    return None


def _export_binary(selection: Conference | Sessions, count: int, args: argparse.Namespace, out: TextIO) -> int:
    """export --to sqlite or parquet: files, never standard output."""
    name = args.output_format
    if args.output in (None, "-"):
        where = "-o FILE.sqlite" if name == "sqlite" else "-o FOLDER"
        raise UsageError(
            f"the {name} format writes {'a database file' if name == 'sqlite' else 'files'}, not text",
            f"name it with {where}",
        )
    from ..formats import write

    try:
        write(selection, args.output, name, tz=args.tz)
    except OSError as exc:  # ScheduleWriteError included: the database or folder cannot be written
        raise write_error(args.output, exc) from None
    out.write(f"wrote {count} session{'' if count == 1 else 's'} to {args.output}\n")
    if args.metadata:
        import json

        from ..formats.sqlite import datasette_metadata

        document = json.dumps(datasette_metadata(args.output), ensure_ascii=False, indent=2) + "\n"
        write_file(args.metadata, document)
        out.write(f"wrote the Datasette metadata to {args.metadata}\n")
    return EXIT_OK


def cmd_export(args: argparse.Namespace, out: TextIO) -> int:
    if args.output == "":
        raise UsageError("-o needs a FILE name", "leave -o out, or give -o -, to write to standard output")
    to_stdout = args.output in (None, "-")
    if args.output_format is None:
        if to_stdout:
            raise UsageError(
                "give the output format with --to FMT, or a file with -o FILE whose suffix names it",
                f"formats: {', '.join(_format_names_cli())}; e.g. -o talks.ics",
            )
        from ..formats import format_for_path

        args.output_format = format_for_path(args.output)
    from ..formats import get_format

    args.output_format = get_format(args.output_format, "write").name  # UnknownFormatError lists the writable names
    if args.metadata and args.output_format != "sqlite":
        raise UsageError("--metadata describes an SQLite database: use it with --to sqlite", None)
    if args.offer_zones:
        if args.output_format != "html":
            raise UsageError("--offer-zone adds a zone to the HTML page's time-zone switch: use it with --to html",
                              "for times in one zone, give --tz ZONE")  # fmt: skip
        from .._time import get_zone

        for zone in args.offer_zones:
            get_zone(zone)  # an unknown zone is refused before the source is read (UnknownZoneError)
    text_filter: str | None = getattr(args, "text", None)
    if text_filter is not None and not text_filter.strip():
        raise UsageError("--search needs TEXT", 'give words to look for, e.g. --search "kv cache"')
    conf = view(load_source(args.source, args), args)
    selection: Conference | Sessions = conf
    count = len(conf.sessions)
    if has_filters(args) or text_filter is not None:
        sessions = select_sessions(conf, args)
        if not sessions:
            raise NothingFound("no session found; nothing written")
        selection, count = sessions, len(sessions)
    if get_format(args.output_format).binary:
        return _export_binary(selection, count, args, out)
    text = _dumps(selection, args.output_format, tz=args.tz, zones=args.offer_zones)
    from ..formats import omitted, unwritten_links

    left_out = omitted(selection, _format_name(args.output_format))
    notes: list[str] = []
    if left_out:
        shown = ", ".join(left_out.ids[:5]) + (", ..." if len(left_out) > 5 else "")
        needs = "start and an end" if left_out.scheduled else "time"
        if len(left_out) == count:
            # Only sessions the format cannot hold: an empty document would look like success.
            which = f"the selected session ({shown})" if count == 1 else f"the {count} selected sessions ({shown})"
            plural = count > 1
            if left_out.day_only:
                state = f"{'have' if plural else 'has'} no known time"
            elif left_out.scheduled:
                state = f"{'have' if plural else 'has'} no known end"
            else:
                state = f"{'are' if plural else 'is'} not scheduled"
            raise NothingFound(
                f"{which} {state}, and {args.output_format} holds only sessions with a {needs}; nothing written",
                f"json, csv and markdown keep sessions without {'a time' if needs == 'time' else 'an end'}",
            )
        notes.append(
            f"{PROG}: note: {_left_out_text(left_out)} left out ({args.output_format} needs a {needs}): {shown}"
        )
    links = unwritten_links(selection, _format_name(args.output_format))
    if links:
        notes.append(f"{PROG}: note: {_links_text(links, args.output_format)}")
    if to_stdout:
        machine(out).write(text)  # the format's own text, escaped as the format says
    else:
        write_file(args.output, text)  # a failure is the one error said: no note about a file that was not written
    for note in notes:
        report_line(note, None)
    if to_stdout:
        return EXIT_OK
    written = count - len(left_out)
    noun = "session" if written == 1 else "sessions"
    out.write(f"wrote {written} {noun} to {args.output}\n")
    return EXIT_OK


def _links_text(links: tuple[tuple[str, str], ...], fmt: str) -> str:
    """'2 links of 2 sessions left out (frab-xml holds only absolute http(s) URLs): a, b; e.g. /x.pdf'."""
    ids = list(dict.fromkeys(sid for sid, _ in links))
    shown = ", ".join(ids[:5]) + (", ..." if len(ids) > 5 else "")
    count = f"{len(links)} link" if len(links) == 1 else f"{len(links)} links"
    sessions = f"{len(ids)} session" if len(ids) == 1 else f"{len(ids)} sessions"
    example = shortened(links[0][1], 100)
    return f"{count} of {sessions} left out ({fmt} holds only absolute http(s) URLs): {shown}; e.g. {example}"


def _format_names_cli() -> tuple[str, ...]:
    from ._common import format_choices

    return format_choices()


def _left_out_text(left_out: Sessions) -> str:
    """'1 unscheduled session', '2 sessions with a day but no time', or several kinds counted: '3 sessions (2 with ...'."""
    counts = [
        (len(left_out.day_only), "with a day but no time"),
        (len(left_out.unscheduled), "unscheduled"),
        (len(left_out.scheduled), "with no known end"),
    ]
    present = [(n, what) for n, what in counts if n]

    def sessions(n: int) -> str:
        return f"{n} session" if n == 1 else f"{n} sessions"

    if len(present) == 1:
        n, what = present[0]
        return (
            f"{n} unscheduled {'session' if n == 1 else 'sessions'}"
            if what == "unscheduled"
            else f"{sessions(n)} {what}"
        )
    return f"{sessions(len(left_out))} ({', '.join(f'{n} {what}' for n, what in present)})"
