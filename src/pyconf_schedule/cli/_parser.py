"""The argument parser: commands and options, help text, argv preprocessing and usage errors."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any, Literal, NoReturn

from ._commands import cmd_datasets, cmd_export, cmd_list, cmd_next, cmd_now, cmd_show, cmd_speakers
from ._common import EXIT_ERROR, PROG, format_choices, shortened
from ._diff import SUMMARY as DIFF_SUMMARY
from ._diff import add_diff_command
from ._layout import MIN_WIDTH, WIDTH
from ._mcp import SUMMARY as MCP_SUMMARY
from ._remote import add_url_options

if TYPE_CHECKING:
    from collections.abc import Iterable


_EXIT_CODES = """\
exit codes:
  0  success
  1  nothing found: the query matched no session
  2  usage or input error (unknown dataset, file, zone, format, name or time)"""


_EXIT_CODES_DATASETS = """\
exit codes:
  0  success
  2  usage error"""
"""datasets reads no SOURCE and runs no query: it never finds nothing."""

_EXIT_CODES_SPEAKERS = """\
exit codes:
  0  success
  1  nothing found: the schedule names no speaker
  2  usage or input error (unknown dataset, file or format)"""

AGENDA_SUMMARY = "Keep a personal agenda in FILE: picks, clashes, free time, export."

_EXIT_CODES_AGENDA = """\
exit codes:
  0  success (also when there is no clash)
  1  nothing found: an empty agenda to show or export, or no free time that day
  2  usage or input error (missing or bad agenda FILE, unknown dataset, id,
     zone, day or format)"""


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors follow the command's error format, with the project's help layout."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    commands: dict[str, Parser]
    """The parser of each command (set on the top-level parser only)."""

    def error(self, message: str, hint: str | None = None) -> NoReturn:
        import re

        choice = re.match(r"argument (\S+): invalid choice: '(.*)' \(choose from ", message, re.DOTALL)
        if choice and hint is None and getattr(self, "commands", None):
            # 'lst' for 'list': argparse (3.11) does not suggest, so say what was meant.
            names = list(getattr(self, "commands", None) or [])
            message = f"argument {choice[1]}: invalid choice: {shortened(choice[2])!r} (choose from {', '.join(names)})"
            hint = _did_you_mean(choice[2], names)
        self.print_usage(sys.stderr)
        from ._common import one_line

        self.exit(
            EXIT_ERROR, f"{self.prog}: error: {one_line(message)}\n" + (f"hint: {one_line(hint)}\n" if hint else "")
        )


def terminal_columns(fallback: int) -> int:
    """The terminal's width as ``shutil.get_terminal_size`` gives it ($COLUMNS first), without importing shutil."""
    import os

    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else fallback


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Descriptions and epilogs as written; option help wrapped without breaking names at hyphens.

    argparse makes a formatter for every option it adds; this one reads the
    terminal's width as shutil does, without importing shutil (and its
    compression modules) at every start.
    """

    def __init__(
        self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None
    ) -> None:
        super().__init__(
            prog, indent_increment, max_help_position, terminal_columns(80) - 2 if width is None else width
        )

    def _split_lines(self, text: str, width: int) -> list[str]:
        import textwrap

        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)


_ZONE_OPTIONS = ("--tz", "--file-tz", "--offer-zone")


def dash_values(argv: list[str]) -> list[str]:
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


def _did_you_mean(word: str, names: Iterable[str]) -> str | None:
    """'did you mean 'list'?' for the name closest to ``word`` (dashes aside), if one is close."""
    import difflib

    bare = {name.lstrip("-"): name for name in names}
    close = difflib.get_close_matches(word.lstrip("-"), list(bare), n=1, cutoff=0.7)
    return f"did you mean {bare[close[0]]!r}?" if close else None


_VALUE_OPTIONS = ("--speaker", "--track", "--room", "--kind", "--org", "--at", "--day", "--search", "--after")
"""Options whose value a user may give as several words and forget to quote."""


def unrecognized_error(command: Parser, args: argparse.Namespace, argv: list[str], extras: list[str]) -> NoReturn:
    """Report arguments the command does not take, through the command's own parser, with what it takes."""
    message = shortened(f"unrecognized arguments: {' '.join(extras)}", 100)
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
        hint = f'quote a value of several words: {argv[unquoted - 2]} "{shortened(" ".join(value))}"'
    elif option and name in ("now", "next") and option.split("=")[0] in ("--day", "--between"):
        hint = f"{name} looks at one moment, given by --at; for a day or a period, use list --day or list --between"
    elif meant:
        hint = f"{meant} '{command.prog} --help' lists its options"
    elif words and name == "datasets":
        hint = "datasets takes no SOURCE"
    elif words and name == "show":
        quoted = shortened(" ".join([args.session, *words]))
        hint = f'show takes one SOURCE and one ID; quote several words: show {shortened(args.source)} "{quoted}"'
    elif words and name == "now":
        hint = "now takes one SOURCE; for several, use: list SOURCE... --at TIME"
    elif words and name in ("next", "speakers", "export"):
        hint = f"{name} takes one SOURCE; run it once per SOURCE"
    elif words and name == "convert":
        hint = "convert takes one FILE; run it once per FILE"
    command.error(message, hint)


class _VersionAction(argparse.Action):
    """``--version``: prints the installed release, read from the metadata only when asked (it imports csv, email...)."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS, **kwargs: object) -> None:
        super().__init__(option_strings, dest=dest, default=argparse.SUPPRESS, nargs=0,
                         help="show the program's version number and exit")  # fmt: skip

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        from .. import __version__

        parser._print_message(f"{PROG} {__version__}\n", sys.stdout)  # where argparse's own version action prints
        parser.exit()


def width_option(text: str) -> int:
    try:
        width = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of columns: {shortened(text)!r}") from None
    if width < MIN_WIDTH:
        raise argparse.ArgumentTypeError(f"{width} is too narrow; use at least {MIN_WIDTH} columns")
    return width


def _max_bytes_option(text: str) -> int:
    """--max-bytes N: a positive number of bytes."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive number of bytes, got {text!r}")
    return value


def _add_filters(parser: argparse.ArgumentParser, *, times: bool = True, search: bool = False) -> None:
    """The filter options: by name (speaker, track, room, kind, organisation), id and, with ``times``, by time.

    With ``search``, also ``--search TEXT`` (for export, which has no TEXT argument as search has).
    """
    group = parser.add_argument_group("filters (repeat an option to match any of its values)")
    for flag, metavar, text in (
        ("--speaker", "NAME", "sessions of this speaker (name or alias; case and accents ignored)"),
        ("--track", "TRACK", "sessions in this track"),
        ("--room", "ROOM", "sessions in this room"),
        ("--kind", "KIND", "sessions of this kind: keynote, talk, lightning-talk, panel, ..."),
        ("--org", "ORG", "sessions with a speaker from this organisation (whole words)"),
    ):
        group.add_argument(flag, metavar=metavar, action="append", default=[], help=text)
    group.add_argument(
        "--id", metavar="ID", action="append", default=[],
        help="the session with this id (repeat, or separate ids with commas, for several)",
    )  # fmt: skip
    if not times:
        return
    group.add_argument("--after", metavar="TIME", help="sessions starting at or after this moment (ISO 8601)")
    if search:
        group.add_argument(
            "--search", dest="text", metavar="TEXT",
            help="sessions in which every word of TEXT occurs (as the search command finds them)",
        )  # fmt: skip
    group.add_argument(
        "--day",
        metavar="DATE",
        help="sessions on this day (YYYY-MM-DD): the programme's day where the file gives its days, else in the viewing zone",
    )
    group.add_argument("--at", metavar="TIME", help="sessions running at this moment (ISO 8601; naive = viewing zone)")
    group.add_argument(
        "--between", nargs=2, metavar=("START", "END"),
        help="sessions overlapping [START, END) (ISO 8601 times or dates)",
    )  # fmt: skip


class _FormatNames:
    """The format names, for a help text's ``%(formats)s``: listed when help is shown, so a command that
    shows no help does not import the format registry."""

    def __init__(self, mode: Literal["write", "read"], *, aliases: bool = False) -> None:
        self.mode: Literal["write", "read"] = mode
        self.aliases = aliases

    def __str__(self) -> str:
        from ..formats import aliases_text

        names = format_choices(self.mode)
        aliases = aliases_text(names) if self.aliases else ""
        return ", ".join(names) + (f" (aliases: {aliases})" if aliases else "")


def add_file_options(parser: argparse.ArgumentParser, what: str) -> None:
    """--from and --file-tz, for a command whose schedule files are called ``what`` (SOURCE or FILE)."""
    group = parser.add_argument_group("reading a schedule file")
    option = group.add_argument(
        "--from", dest="input_format", metavar="FMT",
        help=f"read {what} as format FMT (%(formats)s) instead of detecting it",
    )  # fmt: skip
    setattr(option, "formats", _FormatNames("read"))  # noqa: B010 (argparse types Action without this attribute)
    group.add_argument(
        "--file-tz", metavar="ZONE",
        help="IANA zone of the times in a file that gives none (e.g. Europe/Berlin)",
    )  # fmt: skip
    group.add_argument(
        "-q", "--quiet", action="store_true",
        help="show no progress on standard error (shown on a terminal when reading takes over a second)",
    )  # fmt: skip
    group.add_argument(
        "--conference", metavar="ID",
        help="the conference to read from a file that holds several (an SQLite database), by its id",
    )  # fmt: skip
    group.add_argument(
        "--max-bytes", metavar="N", type=_max_bytes_option,
        help="read files and URLs of up to N bytes (default: each format's limit, 4 to 32 MiB; a guard against hostile files)",
    )  # fmt: skip
    add_url_options(parser)


COMMANDS = (
    "datasets",
    "list",
    "search",
    "show",
    "speakers",
    "now",
    "next",
    "export",
    "convert",
    "diff",
    "agenda",
    "mcp",
)
"""The command names, in the order help lists them."""


def build_parser(only: str | None = None) -> Parser:
    """The argument parser of ``pyconf-schedule``, with one subparser per command (in ``.commands``).

    With ``only`` (a command name: what :func:`~pyconf_schedule.cli.main`
    passes for the command its arguments name), the other commands are
    listed with their summaries but get no options: a run builds the parser
    of its own command only, which is most of the command line's start-up.
    """
    if only not in COMMANDS:
        only = None
    parser = Parser(
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
        formatter_class=HelpFormatter,
    )
    parser.add_argument("--version", action=_VersionAction)
    commands = parser.add_subparsers(
        title="commands", metavar="COMMAND", dest="command", required=True, parser_class=Parser
    )

    view = Parser(add_help=False)
    view.add_argument(
        "--tz", metavar="ZONE",
        help="show times in this IANA zone (default: the conference's own zone)",
    )  # fmt: skip

    layout = Parser(add_help=False)
    layout.add_argument(
        "--width", metavar="N", type=width_option,
        help=f"lay text out in N columns (default: the terminal's width, {WIDTH} when not a terminal)",
    )  # fmt: skip

    json_flag = Parser(add_help=False)
    json_flag.add_argument("--json", action="store_true", help="write the native JSON form instead of text")

    ids = Parser(add_help=False)
    ids.add_argument("--ids", action="store_true", help="also print each session's id (for 'show')")

    output = Parser(add_help=False)
    option = output.add_argument(
        "-t", "--to", "--format", dest="output_format", metavar="FMT",
        help="output format: %(formats)s; "
        "default: from the suffix of -o FILE",
    )  # fmt: skip
    setattr(option, "formats", _FormatNames("write", aliases=True))  # noqa: B010 (argparse types Action without it)
    output.add_argument(
        "-o", "--output", metavar="FILE", help="write to FILE instead of standard output ('-': standard output)"
    )
    output.add_argument(
        "--metadata", metavar="META", help="with --to sqlite: also write a Datasette metadata document (JSON) to META"
    )
    output.add_argument(
        "--offer-zone", metavar="ZONE", action="append", dest="offer_zones", default=[],
        help="with --to html: also offer this IANA zone in the page's time-zone switch (repeat for more); "
        "the page's zone and the viewer's own are always offered",
    )  # fmt: skip

    def wanted(name: str, summary: str) -> bool:
        """Whether ``name`` is built in full; if not, it is only named, with its summary."""
        if only is None or name == only:
            return True
        commands.add_parser(name, help=summary, add_help=False)
        return False

    def command(
        name: str, summary: str, examples: str, parents: list[Parser], codes: str = _EXIT_CODES
    ) -> Parser | None:
        if not wanted(name, summary):
            return None
        return commands.add_parser(
            name,
            help=summary,
            description=summary,
            epilog=f"examples:\n{examples}\n\n{codes}",
            parents=parents,
            formatter_class=HelpFormatter,
        )

    p = command(
        "datasets", "List the embedded datasets: conference, dates, zone, coverage.",
        f"  {PROG} datasets\n  {PROG} datasets --json", [json_flag, layout], _EXIT_CODES_DATASETS,
    )  # fmt: skip
    if p is not None:
        p.set_defaults(handler=cmd_datasets)

    p = command(
        "list", "List sessions, grouped by day, optionally filtered.",
        f'  {PROG} list eu2026 --speaker "Liz Li"\n'
        f"  {PROG} list eu2026 na2026 --kind keynote --tz Asia/Tokyo\n"
        f'  {PROG} list na2026 --between "2026-10-20 11:00" "2026-10-20 12:00"\n'
        f"  {PROG} list schedule.json --day 2024-03-02",
        [view, json_flag, ids, layout],
    )  # fmt: skip
    if p is not None:
        p.add_argument("sources", nargs="+", metavar="SOURCE", help="dataset name or schedule file (one or more)")
        _add_filters(p)
        add_file_options(p, "SOURCE files")
        p.set_defaults(handler=cmd_list, text=None)

    p = command(
        "search", "Find sessions by words of the title, abstract, speakers or organisations.",
        f'  {PROG} search eu2026 "kv cache"\n  {PROG} search eu2026 na2026 triton --day 2026-10-21',
        [view, json_flag, ids, layout],
    )  # fmt: skip
    if p is not None:
        p.add_argument("sources", nargs="+", metavar="SOURCE", help="dataset name or schedule file (one or more)")
        p.add_argument("text", metavar="TEXT", help="words that must each occur in the session (quote them)")
        _add_filters(p)
        add_file_options(p, "SOURCE files")
        p.set_defaults(handler=cmd_list)

    p = command(
        "show", "Show one session in full: times, room, speakers, abstract, slides, sources.",
        f'  {PROG} show eu2026 pytorch-updates\n  {PROG} show eu2026 "monarch amd" --tz America/New_York',
        [view, json_flag, layout],
    )  # fmt: skip
    if p is not None:
        p.add_argument("source", metavar="SOURCE", help="dataset name or schedule file")
        p.add_argument("session", metavar="ID", help="a session id, or words that match exactly one session")
        add_file_options(p, "a SOURCE file")
        p.set_defaults(handler=cmd_show)

    p = command(
        "speakers", "List the speakers with their organisations and number of sessions.",
        f"  {PROG} speakers eu2026\n  {PROG} speakers na2026 --json", [json_flag, layout], _EXIT_CODES_SPEAKERS,
    )  # fmt: skip
    if p is not None:
        p.add_argument("source", metavar="SOURCE", help="dataset name or schedule file")
        add_file_options(p, "a SOURCE file")
        p.set_defaults(handler=cmd_speakers)

    # now and next take the same arguments: one SOURCE, a moment, and the filters by name.
    for name, summary, examples, handler in (
        (
            "now", "Show the sessions running now, or at the moment given by --at.",
            f'  {PROG} now eu2026\n  {PROG} now eu2026 --at "2026-04-08 11:10"\n'
            f'  {PROG} now na2026 --at "2026-10-20 11:20" --room 210BF\n'
            f'  {PROG} now na2026 --at "2026-10-21T06:30+09:00" --tz Asia/Tokyo',
            cmd_now,
        ),
        (
            "next", "Show the sessions that start next (all that share the next start time).",
            f'  {PROG} next eu2026\n  {PROG} next eu2026 --at "2026-04-08 11:10"\n'
            f'  {PROG} next na2026 --at "2026-10-20 11:20" --kind keynote',
            cmd_next,
        ),
    ):  # fmt: skip
        p = command(name, summary, examples, [view, json_flag, ids, layout])
        if p is None:
            continue
        p.add_argument("source", metavar="SOURCE", help="dataset name or schedule file")
        p.add_argument("--at", metavar="TIME", help="the moment (ISO 8601; naive = viewing zone); default: now")
        _add_filters(p, times=False)
        add_file_options(p, "a SOURCE file")
        p.set_defaults(handler=handler)

    p = command(
        "export", "Write a dataset or file, or the sessions the filters select, in another format.",
        f"  {PROG} export eu2026 --kind keynote -o keynotes.ics\n"
        f'  {PROG} export eu2026 --search "kv cache" --after 2026-04-08 --to md\n'
        f'  {PROG} export na2026 --speaker "Liz Li" --to csv\n'
        f"  {PROG} export eu2026 --to markdown --tz America/New_York",
        [view, output],
    )  # fmt: skip
    if p is not None:
        p.add_argument("source", metavar="SOURCE", help="dataset name or schedule file")
        _add_filters(p, search=True)
        add_file_options(p, "a SOURCE file")
        p.set_defaults(handler=cmd_export)

    p = command(
        "convert", "Convert a schedule file (pretalx, frab, iCalendar, ...) to another format.",
        f"  {PROG} convert schedule.json --to ics -o schedule.ics\n"
        f"  {PROG} convert schedule.xml --to json --file-tz Europe/Berlin",
        [view, output],
    )  # fmt: skip
    if p is not None:
        p.add_argument("source", metavar="FILE", help="a schedule file (or a dataset name)")
        add_file_options(p, "FILE")
        p.set_defaults(handler=cmd_export)

    if wanted("diff", DIFF_SUMMARY):
        p = add_diff_command(commands, [view], HelpFormatter)
        add_file_options(p, "OLD and NEW files")

    if wanted("agenda", AGENDA_SUMMARY):
        from ._agenda import add_agenda_command

        add_agenda_command(commands, {"view": view, "json": json_flag}, _EXIT_CODES_AGENDA)

    if wanted("mcp", MCP_SUMMARY):
        from ._mcp import add_mcp_command

        p = add_mcp_command(commands, [], HelpFormatter)
        add_file_options(p, "SOURCE files")

    parser.commands = dict(commands.choices)
    return parser
