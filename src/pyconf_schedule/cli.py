"""The ``pyconf-schedule`` command line (also ``python -m pyconf_schedule``).

Every command that reads a schedule takes a SOURCE right after the command
name: the name of an embedded dataset (``eu2026``, ``na2026``) or the path of
a schedule file in any readable format.  ``list`` and ``search`` accept
several sources.  Reading, querying and writing are done by the library; this
module only parses arguments and lays out text.

Exit codes: 0 success, 1 nothing found, 2 usage or input error.  See
``docs/reference/cli.md``.
"""

from __future__ import annotations

import argparse
import sys
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from datetime import date, datetime, timezone
from typing import TYPE_CHECKING, Literal, NoReturn, TextIO, cast

if TYPE_CHECKING:
    from pathlib import Path

    from ._conference import Conference
    from ._model import Session, Speaker
    from ._sessions import Sessions
    from .formats import FormatName, ReadableFormat

__all__ = ["EXIT_ERROR", "EXIT_NOTHING_FOUND", "EXIT_OK", "main"]

PROG = "pyconf-schedule"
EXIT_OK = 0
"""The command did what was asked."""
EXIT_NOTHING_FOUND = 1
"""A query ran but matched no session."""
EXIT_ERROR = 2
"""Bad usage or bad input: unknown dataset, file, zone, format, name or time."""

WIDTH = 80
"""The width of human output when standard output is not a terminal."""
MIN_WIDTH = 60
"""The narrowest layout: for ``--width`` and for a terminal."""
_INDENT = "  "
_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTHS = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip

_EXIT_CODES = """\
exit codes:
  0  success
  1  nothing found: the query matched no session
  2  usage or input error (unknown dataset, file, zone, format, name or time)"""


class _UsageError(Exception):
    """An error the command line reports itself, with an optional hint."""

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


class _NothingFound(Exception):
    """A query matched nothing; the message goes to stderr and the exit code is 1."""

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors follow the command's error format."""

    commands: dict[str, _Parser]
    """The parser of each command (set on the top-level parser only)."""

    def error(self, message: str, hint: str | None = None) -> NoReturn:
        import re

        choice = re.match(r"argument (\S+): invalid choice: '(.*)' \(choose from ", message, re.DOTALL)
        if choice and hint is None and getattr(self, "commands", None):
            # 'lst' for 'list': argparse (3.11) does not suggest, so say what was meant.
            names = list(getattr(self, "commands", None) or [])
            message = f"argument {choice[1]}: invalid choice: {_shorten(choice[2])!r} (choose from {', '.join(names)})"
            hint = _did_you_mean(choice[2], names)
        self.print_usage(sys.stderr)
        self.exit(EXIT_ERROR, f"{self.prog}: error: {message}\n" + (f"hint: {hint}\n" if hint else ""))


class _HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Descriptions and epilogs as written; option help wrapped without breaking names at hyphens."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        import textwrap

        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)


# -- entry point --------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``) and return the exit code.

    Output goes to ``sys.stdout``; errors go to ``sys.stderr`` as one line
    ``pyconf-schedule: error: ...`` and, where it helps, a ``hint:`` line.
    """
    from .exceptions import NotFoundError, PyconfScheduleError

    if sys.stdout is None:  # started with standard output closed (`>&-`)
        _report(f"{PROG}: error: standard output is closed", "give the command somewhere to write, e.g. > FILE")
        return EXIT_ERROR
    parser = build_parser()
    argv = _dash_values(list(sys.argv[1:] if argv is None else argv))
    try:
        args, extras = parser.parse_known_args(argv)
        if extras:
            _unrecognized(parser.commands[args.command], args, argv, extras)
    except SystemExit as exc:  # --help, --version and usage errors
        return exc.code if isinstance(exc.code, int) else EXIT_ERROR
    out = sys.stdout
    handler: Callable[[argparse.Namespace, TextIO], int] = args.handler
    try:
        return handler(args, out)
    except _NothingFound as exc:
        _report(f"{PROG}: {exc.message}", exc.hint)
        return EXIT_NOTHING_FOUND
    except _UsageError as exc:
        _report(f"{PROG}: error: {exc.message}", exc.hint)
    except NotFoundError as exc:
        _report(f"{PROG}: error: {exc}", _hint_for(exc, args))
    except PyconfScheduleError as exc:
        _report(f"{PROG}: error: {exc}", None)
    except OSError as exc:
        if isinstance(exc, BrokenPipeError):  # e.g. `pyconf-schedule list eu2026 | head`
            return EXIT_OK
        where = f"{_shorten_path(str(exc.filename))}: " if exc.filename else ""
        _report(f"{PROG}: error: {where}{exc.strerror or exc}", None)
    return EXIT_ERROR


_ZONE_OPTIONS = ("--tz", "--file-tz")


def _dash_values(argv: list[str]) -> list[str]:
    """``argv`` with ``--tz -05:30`` joined as ``--tz=-05:30``, which argparse would read as an option."""
    import re

    result: list[str] = []
    i = 0
    while i < len(argv):
        if argv[i] == "--":
            result.extend(argv[i:])
            break
        if argv[i] in _ZONE_OPTIONS and i + 1 < len(argv) and re.match(r"-\d", argv[i + 1]):
            result.append(f"{argv[i]}={argv[i + 1]}")
            i += 2
            continue
        result.append(argv[i])
        i += 1
    return result


def _shorten(text: str, limit: int = 60) -> str:
    """User input echoed in a message, cut with an ellipsis (the library's rule)."""
    from .exceptions import shorten

    return shorten(text, limit)


def _shorten_path(path: str) -> str:
    """``path``, or its last 99 characters after an ellipsis when longer: the file name stays readable."""
    return path if len(path) <= 100 else "…" + path[-99:]


def _did_you_mean(word: str, names: Iterable[str]) -> str | None:
    """'did you mean 'list'?' for the name closest to ``word`` (dashes aside), if one is close."""
    import difflib

    bare = {name.lstrip("-"): name for name in names}
    close = difflib.get_close_matches(word.lstrip("-"), list(bare), n=1, cutoff=0.7)
    return f"did you mean {bare[close[0]]!r}?" if close else None


_VALUE_OPTIONS = ("--speaker", "--track", "--room", "--kind", "--org", "--at", "--day")
"""Options whose value a user may give as several words and forget to quote."""


def _unrecognized(command: _Parser, args: argparse.Namespace, argv: list[str], extras: list[str]) -> NoReturn:
    """Report arguments the command does not take, through the command's own parser, with what it takes."""
    message = _shorten(f"unrecognized arguments: {' '.join(extras)}", 100)
    name: str = args.command
    option = extras[0] if extras[0].startswith("-") else None
    known = [o for o in command._option_string_actions if o.startswith("--")]
    meant = _did_you_mean(option.split("=")[0], known) if option and option.split("=")[0] not in known else None
    words = [] if option else [e for e in extras if not e.startswith("-")]
    unquoted = next(
        (i for i in range(2, len(argv)) if words and argv[i] == words[0] and argv[i - 2] in _VALUE_OPTIONS), None
    )
    hint = f"'{command.prog} --help' lists its options"
    if unquoted is not None:
        value = [argv[unquoted - 1]]
        for word in argv[unquoted:]:
            if word.startswith("-"):
                break
            value.append(word)
        hint = f'quote a value of several words: {argv[unquoted - 2]} "{_shorten(" ".join(value))}"'
    elif option and name in ("now", "next") and option.split("=")[0] in ("--day", "--between"):
        hint = f"{name} looks at one moment, given by --at; for a day or a period, use list --day or list --between"
    elif meant:
        hint = f"{meant} '{command.prog} --help' lists its options"
    elif words and name == "datasets":
        hint = "datasets takes no SOURCE"
    elif words and name == "show":
        quoted = _shorten(" ".join([args.session, *words]))
        hint = f'show takes one SOURCE and one ID; quote several words: show {_shorten(args.source)} "{quoted}"'
    elif words and name == "now":
        hint = "now takes one SOURCE; for several, use: list SOURCE... --at TIME"
    elif words and name in ("next", "speakers", "export"):
        hint = f"{name} takes one SOURCE; run it once per SOURCE"
    elif words and name == "convert":
        hint = "convert takes one FILE; run it once per FILE"
    command.error(message, hint)


def _report(message: str, hint: str | None) -> None:
    if sys.stderr is None:  # nowhere to say it; the exit code still tells
        return
    print(message, file=sys.stderr)
    if hint:
        print(f"hint: {hint}", file=sys.stderr)


def _hint_for(exc: Exception, args: argparse.Namespace) -> str | None:
    from .exceptions import UnknownDatasetError, UnknownSessionError, UnknownSpeakerError

    source = _shorten((getattr(args, "sources", None) or [getattr(args, "source", "SOURCE")])[0])
    if isinstance(exc, UnknownDatasetError):
        return "a SOURCE is a dataset name or the path of a schedule file"
    if isinstance(exc, UnknownSpeakerError):
        return f"'{PROG} speakers {source}' lists every speaker"
    if isinstance(exc, UnknownSessionError):
        return f"'{PROG} list {source} --ids' shows the session ids"
    return None


def _format_names(mode: Literal["write", "read"] = "write") -> tuple[str, ...]:
    from .formats import format_names

    return format_names(mode)


# -- the parser -----------------------------------------------------------------


def _version() -> str:
    from . import __version__

    return __version__


def _width_option(text: str) -> int:
    try:
        width = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of columns: {_shorten(text)!r}") from None
    if width < MIN_WIDTH:
        raise argparse.ArgumentTypeError(f"{width} is too narrow; use at least {MIN_WIDTH} columns")
    return width


def _add_filters(parser: argparse.ArgumentParser, *, times: bool = True) -> None:
    """The filter options: by name (speaker, track, room, kind, organisation) and, with ``times``, by time."""
    group = parser.add_argument_group("filters (repeat an option to match any of its values)")
    for flag, metavar, text in (
        ("--speaker", "NAME", "sessions of this speaker (name or alias; case and accents ignored)"),
        ("--track", "TRACK", "sessions in this track"),
        ("--room", "ROOM", "sessions in this room"),
        ("--kind", "KIND", "sessions of this kind: keynote, talk, lightning-talk, panel, ..."),
        ("--org", "ORG", "sessions with a speaker from this organisation (whole words)"),
    ):
        group.add_argument(flag, metavar=metavar, action="append", default=[], help=text)
    if not times:
        return
    group.add_argument("--day", metavar="DATE", help="sessions starting on this day (YYYY-MM-DD, in the viewing zone)")
    group.add_argument("--at", metavar="TIME", help="sessions running at this moment (ISO 8601; naive = viewing zone)")
    group.add_argument(
        "--between", nargs=2, metavar=("START", "END"),
        help="sessions overlapping [START, END) (ISO 8601 times or dates)",
    )  # fmt: skip


def _add_file_options(parser: argparse.ArgumentParser, what: str) -> None:
    """--from and --file-tz, for a command whose schedule files are called ``what`` (SOURCE or FILE)."""
    group = parser.add_argument_group("reading a schedule file")
    group.add_argument(
        "--from", dest="input_format", metavar="FMT",
        help=f"read {what} as format FMT ({', '.join(_format_names('read'))}) instead of detecting it",
    )  # fmt: skip
    group.add_argument(
        "--file-tz", metavar="ZONE",
        help="IANA zone of the times in a file that gives none (e.g. Europe/Berlin)",
    )  # fmt: skip


def build_parser() -> _Parser:
    """The argument parser of ``pyconf-schedule``, with one subparser per command (in ``.commands``)."""
    parser = _Parser(
        prog=PROG,
        description="Query, view and convert conference schedules: the embedded datasets\n"
        "(eu2026, na2026) or any schedule file.",
        epilog=f"""\
examples:
  {PROG} datasets
  {PROG} list eu2026 --speaker "Liz Li" --tz Asia/Tokyo
  {PROG} export eu2026 --kind keynote --to ics -o keynotes.ics

Run '{PROG} COMMAND --help' for the options of a command.

{_EXIT_CODES}""",
        formatter_class=_HelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {_version()}")
    commands = parser.add_subparsers(
        title="commands", metavar="COMMAND", dest="command", required=True, parser_class=_Parser
    )

    view = _Parser(add_help=False)
    view.add_argument(
        "--tz", metavar="ZONE",
        help="show times in this IANA zone (default: the conference's own zone)",
    )  # fmt: skip

    layout = _Parser(add_help=False)
    layout.add_argument(
        "--width", metavar="N", type=_width_option,
        help=f"lay text out in N columns (default: the terminal's width, {WIDTH} when not a terminal)",
    )  # fmt: skip

    json_flag = _Parser(add_help=False)
    json_flag.add_argument("--json", action="store_true", help="write the native JSON form instead of text")

    ids = _Parser(add_help=False)
    ids.add_argument("--ids", action="store_true", help="also print each session's id (for 'show')")

    def command(name: str, summary: str, examples: str, parents: list[_Parser]) -> _Parser:
        return commands.add_parser(
            name,
            help=summary,
            description=summary,
            epilog=f"examples:\n{examples}\n\n{_EXIT_CODES}",
            parents=parents,
            formatter_class=_HelpFormatter,
        )

    p = command(
        "datasets", "List the embedded datasets: conference, dates, zone, coverage.",
        f"  {PROG} datasets\n  {PROG} datasets --json", [json_flag, layout],
    )  # fmt: skip
    p.set_defaults(handler=_cmd_datasets)

    p = command(
        "list", "List sessions, grouped by day, optionally filtered.",
        f'  {PROG} list eu2026 --speaker "Liz Li"\n'
        f"  {PROG} list eu2026 na2026 --kind keynote --tz Asia/Tokyo\n"
        f'  {PROG} list na2026 --between "2026-10-20 11:00" "2026-10-20 12:00"\n'
        f"  {PROG} list schedule.json --day 2024-03-02",
        [view, json_flag, ids, layout],
    )  # fmt: skip
    p.add_argument("sources", nargs="+", metavar="SOURCE", help="dataset name or schedule file (one or more)")
    _add_filters(p)
    _add_file_options(p, "SOURCE files")
    p.set_defaults(handler=_cmd_list, text=None)

    p = command(
        "search", "Find sessions by words of the title, abstract, speakers or organisations.",
        f'  {PROG} search eu2026 "kv cache"\n  {PROG} search eu2026 na2026 triton --day 2026-10-21',
        [view, json_flag, ids, layout],
    )  # fmt: skip
    p.add_argument("sources", nargs="+", metavar="SOURCE", help="dataset name or schedule file (one or more)")
    p.add_argument("text", metavar="TEXT", help="words that must each begin a word of the session (quote them)")
    _add_filters(p)
    _add_file_options(p, "SOURCE files")
    p.set_defaults(handler=_cmd_list)

    p = command(
        "show", "Show one session in full: times, room, speakers, abstract, slides, sources.",
        f"  {PROG} show eu2026 pytorch-updates\n  {PROG} show eu2026 monarch --tz America/New_York",
        [view, json_flag, layout],
    )  # fmt: skip
    p.add_argument("source", metavar="SOURCE", help="dataset name or schedule file")
    p.add_argument("session", metavar="ID", help="a session id, or words that match exactly one session")
    _add_file_options(p, "a SOURCE file")
    p.set_defaults(handler=_cmd_show)

    p = command(
        "speakers", "List the speakers with their organisations and number of sessions.",
        f"  {PROG} speakers eu2026\n  {PROG} speakers na2026 --json", [json_flag, layout],
    )  # fmt: skip
    p.add_argument("source", metavar="SOURCE", help="dataset name or schedule file")
    _add_file_options(p, "a SOURCE file")
    p.set_defaults(handler=_cmd_speakers)

    at_help = "the moment (ISO 8601; naive = viewing zone); default: now"
    p = command(
        "now", "Show the sessions running now, or at the moment given by --at.",
        f'  {PROG} now eu2026\n  {PROG} now eu2026 --at "2026-04-08 11:10"\n'
        f'  {PROG} now na2026 --at "2026-10-20 11:20" --room 210BF\n'
        f'  {PROG} now na2026 --at "2026-10-21T06:30+09:00" --tz Asia/Tokyo',
        [view, json_flag, ids, layout],
    )  # fmt: skip
    p.add_argument("source", metavar="SOURCE", help="dataset name or schedule file")
    p.add_argument("--at", metavar="TIME", help=at_help)
    _add_filters(p, times=False)
    _add_file_options(p, "a SOURCE file")
    p.set_defaults(handler=_cmd_now)

    p = command(
        "next", "Show the sessions that start next (all that share the next start time).",
        f'  {PROG} next eu2026\n  {PROG} next eu2026 --at "2026-04-08 11:10"\n'
        f'  {PROG} next na2026 --at "2026-10-20 11:20" --kind keynote',
        [view, json_flag, ids, layout],
    )  # fmt: skip
    p.add_argument("source", metavar="SOURCE", help="dataset name or schedule file")
    p.add_argument("--at", metavar="TIME", help=at_help)
    _add_filters(p, times=False)
    _add_file_options(p, "a SOURCE file")
    p.set_defaults(handler=_cmd_next)

    to_help = "output format: " + ", ".join(_format_names()) + " (aliases: md = markdown, frab-json = c3voc-json)"
    p = command(
        "export", "Write a dataset or file, or the sessions the filters select, in another format.",
        f"  {PROG} export eu2026 --kind keynote --to ics -o keynotes.ics\n"
        f'  {PROG} export na2026 --speaker "Liz Li" --to csv\n'
        f"  {PROG} export eu2026 --to markdown --tz America/New_York",
        [view],
    )  # fmt: skip
    p.add_argument("source", metavar="SOURCE", help="dataset name or schedule file")
    p.add_argument("-t", "--to", "--format", dest="output_format", metavar="FMT", required=True, help=to_help)
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output ('-': standard output)")
    _add_filters(p)
    _add_file_options(p, "a SOURCE file")
    p.set_defaults(handler=_cmd_export)

    p = command(
        "convert", "Convert a schedule file (pretalx, frab, iCalendar, ...) to another format.",
        f"  {PROG} convert schedule.json --to ics -o schedule.ics\n"
        f"  {PROG} convert schedule.xml --to json --file-tz Europe/Berlin",
        [view],
    )  # fmt: skip
    p.add_argument("source", metavar="FILE", help="a schedule file (or a dataset name)")
    p.add_argument("-t", "--to", "--format", dest="output_format", metavar="FMT", required=True, help=to_help)
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output ('-': standard output)")
    _add_file_options(p, "FILE")
    p.set_defaults(handler=_cmd_export)

    parser.commands = dict(commands.choices)
    return parser


# -- reading sources and selecting sessions ------------------------------------


def _load_source(name: str, args: argparse.Namespace) -> Conference:
    """The conference named by SOURCE: an embedded dataset, else a schedule file."""
    from pathlib import Path

    from . import dataset_names, load
    from .exceptions import MissingZoneError, ScheduleParseError, UnknownDatasetError

    input_format: str | None = getattr(args, "input_format", None)
    file_tz: str | None = getattr(args, "file_tz", None)
    if file_tz is not None and not file_tz.strip():
        raise _UsageError("--file-tz needs a zone name", "e.g. --file-tz Europe/Berlin")
    names = dataset_names()
    if name in names:
        if input_format or file_tz:
            option = "--from" if input_format else "--file-tz"
            raise _UsageError(f"{option} applies to schedule files, and {name!r} is a dataset")
        return load(name)
    path = Path(name)
    shown = _shorten_path(name)
    if not name:
        raise _UsageError("SOURCE is empty", f"a SOURCE is a dataset name ({', '.join(names)}) or an existing file")
    if path.is_dir():
        raise _UsageError(f"{shown!r} is a directory, not a schedule file")
    if not path.exists():
        if path.suffix or "/" in name or "\\" in name:
            raise _UsageError(
                f"no such file: {shown!r}", f"a SOURCE is a dataset name ({', '.join(names)}) or an existing file"
            )
        raise UnknownDatasetError(name, names)
    if path.is_file() and path.stat().st_size == 0:
        raise _UsageError(f"{shown}: the file is empty", "a SOURCE file holds a schedule in a readable format")
    from .formats import read

    try:
        return read(path, format=cast("ReadableFormat", input_format) if input_format else None, tz=file_tz)
    except MissingZoneError as exc:
        # The library's message speaks to Python callers ("pass tz="); say it in the command's terms.
        reason = exc.reason.split("; pass ")[0]
        if "unknown TZID" in reason:
            where = f" ({exc.location})" if exc.location else ""
            raise _UsageError(f"{shown}: {reason}{where}", "give the zone it means with --file-tz ZONE") from None
        where = f" (see {exc.location})" if exc.location else ""
        raise _UsageError(
            f"{shown}: the times in this file carry no zone{where}",
            "give it with --file-tz ZONE, e.g. --file-tz Europe/Brussels",
        ) from None
    except ScheduleParseError as exc:
        readable = _format_names("read")
        if not input_format and exc.reason.startswith("cannot tell the format"):
            written = _write_only_format(path)
            if written:
                raise _UsageError(
                    f"{shown}: this looks like {written}, which cannot be read back (csv and markdown are write-only)",
                    f"readable formats: {', '.join(readable)}; export to json to keep a schedule you can read again",
                ) from None
            raise _UsageError(
                f"{shown}: cannot tell the format of this file", f"name it with --from FMT (one of: {', '.join(readable)})"
            ) from None
        detected = not input_format and exc.format in readable
        hint = "if the format was guessed wrong, name it with --from FMT" if detected else None
        if input_format:
            hint = _other_format_hint(path, input_format)
        raise _UsageError(f"{shown}: {exc}", hint) from None


def _head(path: Path, size: int = 65536) -> bytes:
    """The first ``size`` bytes of a regular file (nothing for a pipe or device, which reading would consume)."""
    if not path.is_file():
        return b""
    with path.open("rb") as file:
        head: bytes = file.read(size)
    return head


def _write_only_format(path: Path) -> str | None:
    """``csv`` or ``markdown`` when ``path`` looks like a file this program wrote in that write-only format."""
    text = _head(path, 4096).decode("utf-8", "replace").lstrip("\ufeff")
    suffix = path.suffix.lower()
    if suffix == ".csv" or text.startswith("id,title,"):
        return "csv"
    if suffix in (".md", ".markdown") or (text.startswith("# ") and "\n| Time |" in text):
        return "markdown"
    return None


def _other_format_hint(path: Path, input_format: str) -> str | None:
    """A hint naming the format the content looks like, when --from named another one."""
    from .exceptions import ScheduleParseError
    from .formats import detect_format

    try:
        detected = detect_format(_head(path))
    except ScheduleParseError:
        return None
    aliases = {"frab-json": "c3voc-json"}
    if aliases.get(input_format.strip().lower(), input_format.strip().lower()) == detected:
        return None
    return f"the content looks like {detected}: try --from {detected}"


def _view(conf: Conference, args: argparse.Namespace) -> Conference:
    """``conf`` viewed in ``--tz``, else in its own zone (a Conference shows its times in its zone)."""
    tz: str | None = getattr(args, "tz", None)
    if tz is not None and not tz.strip():
        raise _UsageError("--tz needs a zone name", "e.g. --tz Europe/Paris, or leave --tz out for the conference's zone")
    return conf.to_tz(tz) if tz else conf


def _union(sessions: Sessions, values: list[str], method: Callable[[Sessions, str], Sessions]) -> Sessions:
    result = method(sessions, values[0])
    for value in values[1:]:
        result = result | method(sessions, value)
    return result


def _by_names(sessions: Sessions, args: argparse.Namespace) -> Sessions:
    """The ``sessions`` that the speaker, track, room, kind and organisation filters select."""
    from ._sessions import Sessions

    chosen: list[tuple[list[str], Callable[[Sessions, str], Sessions]]] = [
        (args.speaker, Sessions.by_speaker),
        (args.track, Sessions.by_track),
        (args.room, Sessions.by_room),
        (args.kind, Sessions.by_kind),
        (args.org, Sessions.by_organisation),
    ]
    for values, method in chosen:
        if values:
            sessions = _union(sessions, values, method)
    return sessions


def _select(conf: Conference, args: argparse.Namespace) -> Sessions:
    """The sessions of ``conf`` that the filter options (and search TEXT) select."""
    sessions = _by_names(conf.sessions, args)
    if args.day:
        sessions = sessions.on(args.day)
    if args.at:
        sessions = sessions.at(args.at)
    if args.between:
        sessions = sessions.between(*args.between)
    text: str | None = getattr(args, "text", None)
    if text is not None:
        sessions = sessions.search(text)
    return sessions


def _has_filters(args: argparse.Namespace, times: bool = True) -> bool:
    names = ("speaker", "track", "room", "kind", "org") + (("day", "at", "between") if times else ())
    return any(getattr(args, name, None) for name in names)


def _format_name(name: str) -> FormatName:
    """A user's format name, typed for the registry, which checks it and lists valid names."""
    return cast("FormatName", name)


def _dumps(obj: Conference | Sessions, fmt: str, tz: str | None = None) -> str:
    from .formats import dumps

    return dumps(obj, _format_name(fmt), tz=tz)


def _write(out: TextIO, text: str) -> None:
    out.write(text if text.endswith("\n") else text + "\n")


# -- commands ---------------------------------------------------------------------


def _cmd_datasets(args: argparse.Namespace, out: TextIO) -> int:
    from . import dataset_names, load

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
    width = max(len(name) for name, _ in confs) + 2
    pad = " " * width
    columns = _columns(args, out) - width
    for i, (name, c) in enumerate(confs):
        if i:
            out.write("\n")
        place = ", ".join(p for p in (c.city, c.country) if p)
        facts = [place, _date_range(c.start_date, c.end_date), c.timezone, f"{len(c.sessions)} sessions"]
        lines = _wrap_words(c.name, columns) + _wrap_items([f for f in facts if f], columns)
        lines += _wrap(c.coverage or "", columns)
        for j, line in enumerate(lines):
            out.write(f"{name.ljust(width) if j == 0 else pad}{line}\n")
    return EXIT_OK


def _cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    from .exceptions import NotFoundError, UnknownDatasetError

    if args.text is not None and not args.text.strip():
        raise _UsageError("search needs TEXT", 'give words to look for, e.g. search eu2026 "kv cache"')
    results: list[tuple[Conference, Sessions]] = []
    documents: list[Sessions] = []  # for --json: one per source, empty for a source where a name is unknown
    failures: list[NotFoundError] = []
    for i, name in enumerate(args.sources):
        try:
            loaded = _load_source(name, args)
        except UnknownDatasetError as exc:
            if args.text is None or i == 0:
                raise
            words = _shorten(" ".join([*args.sources[i:], args.text]))
            sources = _shorten(" ".join(args.sources[:i]))
            hint = f'to search for several words, quote them: search {sources} "{words}"'
            raise _UsageError(str(exc), hint) from None
        conf = _view(loaded, args)
        try:
            results.append((conf, _select(conf, args)))
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
            _render_sessions(out, conf, sessions, _columns(args, out), ids=args.ids)
    if not found:
        raise _NothingFound("no session found", _outside_days_hint([c for c, _ in results], args))
    return EXIT_OK


def _outside_days_hint(confs: list[Conference], args: argparse.Namespace) -> str | None:
    """When --day or --at falls outside the dates of every conference, a hint giving their dates."""
    from ._time import parse_day

    runs: list[str] = []
    for conf in confs:
        if not (conf.start_date and conf.end_date):
            return None
        day = parse_day(args.day) if args.day else _moment(conf, args.at).date() if args.at else None
        if day is None or conf.start_date <= day <= conf.end_date:
            return None
        runs.append(f"{conf.name} runs {_date_range(conf.start_date, conf.end_date)}")
    if not runs:
        return None
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


def _cmd_show(args: argparse.Namespace, out: TextIO) -> int:
    import re

    from .exceptions import UnknownSessionError

    from ._text import fold

    if not args.session.strip():
        raise _UsageError("show needs an ID", f"'{PROG} list {_shorten(args.source)} --ids' shows the session ids")
    conf = _view(_load_source(args.source, args), args)
    key = args.session.strip()
    # An exact id (case ignored), then an exact title (case, accents and spacing ignored), then words.
    matches = conf.sessions.filter(lambda s: s.id.casefold() == key.casefold())
    if not matches:
        matches = conf.sessions.filter(lambda s: fold(key) in {fold(t) for t in (s.title, s.display_title) if t})
    if not matches:
        if re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)+", key):
            conf.session(key)  # an id with a typo: the error suggests close ids
        matches = conf.search(key)
    if len(matches) > 1:
        shown = ", ".join(matches.ids[:5]) + (", ..." if len(matches) > 5 else "")
        raise _UsageError(f"{len(matches)} sessions match {_shorten(key)!r}: {shown}", "give one session id")
    if not matches:
        conf.session(key)  # raises UnknownSessionError, with close ids
        raise UnknownSessionError(key, conf.sessions.ids)
    session = matches[0]
    if args.json:
        _write(out, _dumps(conf.sessions.filter(lambda s: s.id == session.id), "json"))
        return EXIT_OK
    _render_session(out, conf, session, _columns(args, out))
    return EXIT_OK


def _cmd_speakers(args: argparse.Namespace, out: TextIO) -> int:
    from ._text import fold

    conf = _load_source(args.source, args)
    counts: dict[str, list[str]] = {s.id: [] for s in conf.speakers}
    for session in conf.sessions:
        for speaker in session.speakers:
            counts.setdefault(speaker.id, []).append(session.id)
    speakers = sorted(conf.speakers, key=lambda s: (fold(s.name), s.id))
    if args.json:
        import json

        from ._converter import make_converter

        converter = make_converter()
        rows = [{**converter.unstructure(s), "sessions": counts[s.id]} for s in speakers]
        _write(out, json.dumps(rows, indent=2, ensure_ascii=False))
        return EXIT_OK
    if not speakers:
        raise _NothingFound(f"{conf.name} names no speaker")
    out.write(f"{conf.name} — {len(speakers)} speakers\n\n")
    name_width = min(max(_width(s.name) for s in speakers), 28)
    org_width = _columns(args, out) - len(_INDENT) - name_width - 2 - 2 - 8
    header = f"{_INDENT}{_pad('Name', name_width)}  {_pad('Organisation', org_width)}  Sessions"
    out.write(header + "\n")
    for s in speakers:
        # A name or organisation wider than its column wraps onto more lines, the count on the first.
        names = _wrap_words(s.name, name_width) or [""]
        orgs = _wrap_words(s.organisation or "", org_width) or [""]
        for i in range(max(len(names), len(orgs))):
            name = _pad(names[i] if i < len(names) else "", name_width)
            org = _pad(orgs[i] if i < len(orgs) else "", org_width)
            count = f"{len(counts[s.id]):>8}" if i == 0 else ""
            out.write(f"{_INDENT}{name}  {org}  {count}".rstrip() + "\n")
    return EXIT_OK


def _moment(conf: Conference, when: str | None) -> datetime:
    from ._time import parse_instant

    if when is None:
        return datetime.now(timezone.utc).astimezone(conf.zone)
    return parse_instant(when, conf.zone).astimezone(conf.zone)


def _outside_hint(conf: Conference, moment: datetime) -> str | None:
    if conf.start_date and conf.end_date:
        day = moment.date()
        if day < conf.start_date or day > conf.end_date:
            return (
                f"{conf.name} runs {_date_range(conf.start_date, conf.end_date)}; "
                "choose a moment with --at, e.g. --at "
                f"'{conf.start_date.isoformat()} 11:00'"
            )
    return None


def _cmd_now(args: argparse.Namespace, out: TextIO) -> int:
    conf = _view(_load_source(args.source, args), args)
    moment = _moment(conf, args.at)
    sessions = _by_names(conf.sessions, args).at(moment)
    what = "no selected session" if _has_filters(args, times=False) else "no session"
    return _show_moment(
        out, args, conf, sessions, f"Running at {_moment_text(moment)}", f"{what} runs at {_moment_text(moment)}", moment
    )


def _cmd_next(args: argparse.Namespace, out: TextIO) -> int:
    conf = _view(_load_source(args.source, args), args)
    moment = _moment(conf, args.at)
    later = _by_names(conf.sessions, args).filter(lambda s: s.start is not None and s.start > moment)
    if later:
        first = later[0].start
        later = later.filter(lambda s: s.start == first)
    what = "no selected session" if _has_filters(args, times=False) else "no session"
    return _show_moment(
        out, args, conf, later, f"Starting next after {_moment_text(moment)}", f"{what} starts after {_moment_text(moment)}", moment
    )


def _show_moment(
    out: TextIO, args: argparse.Namespace, conf: Conference, sessions: Sessions, title: str, empty: str, moment: datetime
) -> int:
    if args.json:
        _write(out, _dumps(sessions, "json"))
    elif sessions:
        _render_sessions(out, conf, sessions, _columns(args, out), ids=args.ids, subtitle=title, moment=moment)
    if not sessions:
        raise _NothingFound(empty, _outside_hint(conf, moment))
    return EXIT_OK


def _cmd_export(args: argparse.Namespace, out: TextIO) -> int:
    from pathlib import Path

    if args.output == "":
        raise _UsageError("-o needs a FILE name", "leave -o out, or give -o -, to write to standard output")
    to_stdout = args.output in (None, "-")
    conf = _view(_load_source(args.source, args), args)
    selection: Conference | Sessions = conf
    count = len(conf.sessions)
    if _has_filters(args):
        sessions = _select(conf, args)
        if not sessions:
            raise _NothingFound("no session found; nothing written")
        selection, count = sessions, len(sessions)
    text = _dumps(selection, args.output_format, tz=args.tz)
    from .formats import omitted

    left_out = omitted(selection, _format_name(args.output_format))
    if left_out:
        noun = "session" if len(left_out) == 1 else "sessions"
        shown = ", ".join(left_out.ids[:5]) + (", ..." if len(left_out) > 5 else "")
        if len(left_out) == count:
            # Only sessions the format cannot hold: an empty document would look like success.
            which = f"the selected session ({shown}) is" if count == 1 else f"the {count} selected sessions ({shown}) are"
            raise _NothingFound(
                f"{which} not scheduled, and {args.output_format} holds only sessions with a time; nothing written",
                "json, csv and markdown keep sessions without a time",
            )
        _report(f"{PROG}: note: {len(left_out)} unscheduled {noun} left out ({args.output_format} needs a time): {shown}", None)
    if to_stdout:
        out.write(text)
        return EXIT_OK
    Path(args.output).write_text(text, encoding="utf-8", newline="")
    written = count - len(left_out)
    noun = "session" if written == 1 else "sessions"
    out.write(f"wrote {written} {noun} to {args.output}\n")
    return EXIT_OK


# -- text layout ------------------------------------------------------------------


def _columns(args: argparse.Namespace, out: TextIO) -> int:
    """The width of human output: ``--width``, else the terminal's (at least MIN_WIDTH), else WIDTH."""
    import shutil

    chosen: int | None = getattr(args, "width", None)
    if chosen is not None:
        return chosen
    if out.isatty():
        return max(MIN_WIDTH, shutil.get_terminal_size((WIDTH, 24)).columns)
    return WIDTH


def _width(text: str) -> int:
    """The number of terminal columns ``text`` takes (wide characters count twice)."""
    total = 0
    for ch in text:
        if unicodedata.combining(ch):
            continue
        total += 2 if unicodedata.east_asian_width(ch) in "WF" else 1
    return total


def _is_url(word: str) -> bool:
    return "://" in word[:16]


def _wrap_words(text: str, width: int, *, keep_urls: bool = False) -> list[str]:
    """``text`` word-wrapped to lines of at most ``width`` columns, nothing left out.

    Whitespace is collapsed and lines break only between words (never at a
    hyphen); a single word wider than ``width`` is split across lines, as a
    last resort, except, with ``keep_urls``, a URL, which stays whole so that
    it can be clicked.  Wide characters count as two columns.
    """
    width = max(width, 2)
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and _width(line) + 1 + _width(word) <= width:
            line += " " + word
            continue
        if line:
            lines.append(line)
        line = ""
        while _width(word) > width and not (keep_urls and _is_url(word)):
            cut, used = 0, 0
            while cut < len(word) and used + _width(word[cut]) <= width:
                used += _width(word[cut])
                cut += 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return lines


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _width(text))


def _wrap(text: str, width: int) -> list[str]:
    """Wrap ``text`` to ``width`` columns, keeping its paragraphs (blank line between); URLs stay whole."""
    lines: list[str] = []
    for i, paragraph in enumerate(p for p in text.split("\n\n") if p.strip()):
        if i:
            lines.append("")
        lines.extend(_wrap_words(paragraph, width, keep_urls=True) or [""])
    return lines


def _wrap_items(items: list[str], width: int, separator: str = " · ") -> list[str]:
    """``items`` joined by ``separator``, lines broken between items where possible (never before a separator)."""
    lines: list[str] = []
    line = ""
    for i, item in enumerate(items):
        room = 0 if i == len(items) - 1 else _width(separator.rstrip())  # a separator may end the line
        if line and _width(line + separator + item) + room <= width:
            line += separator + item
            continue
        if line:
            lines.append(line + separator.rstrip())
        wrapped = _wrap_words(item, width)
        lines.extend(wrapped[:-1])
        line = wrapped[-1] if wrapped else ""
    if line:
        lines.append(line)
    return lines


def _day_text(day: date) -> str:
    return f"{_DAYS[day.weekday()]} {day.day} {_MONTHS[day.month - 1]} {day.year}"


def _moment_text(moment: datetime) -> str:
    return f"{moment:%H:%M} {moment.tzname()} on {_day_text(moment.date())}"


def _date_range(start: date | None, end: date | None) -> str:
    if start is None:
        return ""
    if end is None or end == start:
        return _day_text(start).split(" ", 1)[1]
    if (start.year, start.month) == (end.year, end.month):
        return f"{start.day}–{end.day} {_MONTHS[end.month - 1]} {end.year}"
    if start.year == end.year:
        return f"{start.day} {_MONTHS[start.month - 1]} – {end.day} {_MONTHS[end.month - 1]} {end.year}"
    return f"{_date_range(start, None)} – {_date_range(end, None)}"


def _abbreviations(sessions: Iterable[Session], moments: Sequence[datetime] = ()) -> list[str]:
    """The zone abbreviations of the times shown (sessions' starts and ends, and ``moments``), in time order."""
    times = [m for s in sessions for m in (s.start, s.end) if m is not None] + list(moments)
    abbreviations: list[str] = []
    for moment in sorted(times):
        name = moment.tzname()
        if name and name not in abbreviations:
            abbreviations.append(name)
    return abbreviations


def _zone_header(conf: Conference, sessions: Iterable[Session], moments: Sequence[datetime] = ()) -> str:
    """'<conference> — times in <zone> (<abbreviations>)'."""
    abbreviations = _abbreviations(sessions, moments)
    zone = conf.view_timezone or conf.timezone
    suffix = f" ({'/'.join(abbreviations)})" if abbreviations and abbreviations != [zone] else ""
    return f"{conf.name} — times in {zone}{suffix}"


def _time_range(session: Session, with_zone: bool) -> str:
    """'09:10–09:30', or with zone abbreviations '09:10–09:30 CEST', '01:30 PDT–01:30 PST'.

    An unknown end is shown as '?'.
    """
    start, end = session.start, session.end
    if start is None:
        return ""
    if end is None:
        return f"{start:%H:%M} {start.tzname()}–?" if with_zone else f"{start:%H:%M}–?"
    if not with_zone:
        return f"{start:%H:%M}–{end:%H:%M}"
    if start.tzname() == end.tzname():
        return f"{start:%H:%M}–{end:%H:%M} {end.tzname()}"
    return f"{start:%H:%M} {start.tzname()}–{end:%H:%M} {end.tzname()}"


def _conflict_value(field: str, value: str, conf: Conference) -> str:
    """A disputed value as shown: a start or end in the viewing zone, like the other times; else quoted."""
    from ._time import parse_datetime

    if field not in ("start", "end"):
        return repr(value)
    try:
        moment = parse_datetime(value)
    except (ValueError, OverflowError):
        return repr(value)
    if moment.tzinfo is None:
        return repr(value)
    moment = moment.astimezone(conf.zone)
    return f"{_day_text(moment.date())} {moment:%H:%M} {moment.tzname()}"


def _people(speakers: Sequence[Speaker]) -> str:
    """'A, B (Org), C (Other)': consecutive speakers of one organisation share it."""
    parts: list[str] = []
    group: list[str] = []
    for i, speaker in enumerate(speakers):
        group.append(speaker.name)
        following = speakers[i + 1].organisation if i + 1 < len(speakers) else object()
        if following != speaker.organisation:
            text = ", ".join(group)
            parts.append(f"{text} ({speaker.organisation})" if speaker.organisation else text)
            group = []
    return ", ".join(parts)


def _kind_text(session: Session) -> str | None:
    from ._model import SessionKind

    if session.kind in (SessionKind.TALK, SessionKind.OTHER):
        return None
    return session.kind_label or session.kind.label


def _render_sessions(
    out: TextIO,
    conf: Conference,
    sessions: Sessions,
    width: int,
    *,
    ids: bool = False,
    subtitle: str | None = None,
    moment: datetime | None = None,
) -> None:
    """The human listing: a header naming the zone, then sessions grouped by day.

    When the times shown (``moment`` included) have more than one zone
    abbreviation, every time range carries its own.
    """
    moments = [moment] if moment is not None else []
    for line in _wrap_words(_zone_header(conf, sessions, moments), width):
        out.write(line + "\n")
    for line in _wrap_words(subtitle or "", width):
        out.write(line + "\n")
    with_zone = len(_abbreviations(sessions, moments)) > 1
    column = max((_width(_time_range(s, with_zone)) for s in sessions), default=0)
    column = max(column, 11)
    groups: list[tuple[str, Sessions]] = [(_day_text(d), g) for d, g in sessions.by_day().items()]
    if sessions.unscheduled:
        groups.append(("Not scheduled", sessions.unscheduled))
    lead = " " * (len(_INDENT) + column + 2)
    for heading, group in groups:
        out.write(f"\n{heading}\n")
        for s in group:
            times = _pad(_time_range(s, with_zone), column)
            title = _wrap_words(s.display_title, width - len(lead)) or [""]
            out.write(f"{_INDENT}{times}  {title[0]}".rstrip() + "\n")
            details = [s.room.name if s.room else "", _kind_text(s) or "", _people(s.speakers)]
            for line in title[1:] + _wrap_words(" · ".join(d for d in details if d), width - len(lead)):
                out.write(f"{lead}{line}\n")
            if ids:
                out.write(f"{lead}id: {s.id}\n")


def _render_session(out: TextIO, conf: Conference, s: Session, width: int) -> None:
    """Everything known about one session."""
    for line in _wrap_words(_zone_header(conf, [s]), width):
        out.write(line + "\n")
    out.write("\n")
    for line in _wrap(s.display_title, width):
        out.write(line + "\n")
    out.write("\n")
    label = 11
    fields: list[tuple[str, str]] = [("id", s.id), ("kind", s.kind_label or s.kind.label)]
    if s.start is None:
        fields.append(("when", "not scheduled"))
    else:
        when = f"{_day_text(s.start.date())}, {_time_range(s, True)}"
        if s.end is not None and s.end.date() != s.start.date():
            when = (
                f"{_day_text(s.start.date())} {s.start:%H:%M} {s.start.tzname()} – "
                f"{_day_text(s.end.date())} {s.end:%H:%M} {s.end.tzname()}"
            )
        if s.end is None:
            when += " (end unknown)"
        elif s.duration is not None:
            when += f" ({int(s.duration.total_seconds() // 60)} min)"
        fields.append(("when", when))
    optional = [
        ("room", s.room.name if s.room else None),
        ("track", s.track.name if s.track else None),
        ("level", s.audience_level),
        ("language", s.language),
        ("url", s.url),
    ]
    fields.extend((k, v) for k, v in optional if v)
    for speaker in s.speakers:
        about = ", ".join(p for p in (speaker.job_title, speaker.organisation) if p)
        fields.append(("speaker", f"{speaker.name} ({about})" if about else speaker.name))
    fields.extend(("slides", slide) for slide in s.slides)
    titles = {src.id: src for src in conf.sources}
    for source_id in s.sources:
        src = titles.get(source_id)
        text = source_id if src is None else f"{source_id}: {src.title}" + (f" <{src.url}>" if src.url else "")
        fields.append(("source", text))
    fields.extend(("alt. title", t) for t in s.title_variants)
    for key, value in fields:
        lines = _wrap(value, width - len(_INDENT) - label) or [""]
        out.write(f"{_INDENT}{key.ljust(label)}{lines[0]}\n")
        for more in lines[1:]:
            out.write(f"{_INDENT}{' ' * label}{more}\n")
    if s.abstract:
        out.write("\n")
        for line in _wrap(s.abstract, width):
            out.write(line + "\n")
    if s.conflicts:
        out.write("\nThe sources disagree:\n")
        for conflict in s.conflicts:
            values = "; ".join(f"{_conflict_value(conflict.field, v.value, conf)} ({', '.join(v.sources)})" for v in conflict.values)
            text = f"{conflict.field}: {values}" + (f"; {conflict.rule}" if conflict.rule else "")
            lines = _wrap(text, width - 4)
            out.write(f"{_INDENT}- {lines[0]}\n")
            for more in lines[1:]:
                out.write(f"{_INDENT}  {more}\n")
