"""The ``mcp`` command: serve schedules to agents over the Model Context Protocol (stdio)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from ._common import EXIT_OK, PROG
from ._sources import load_source

if TYPE_CHECKING:
    import argparse

    from ._parser import Parser

SUMMARY = "Serve schedules to an agent as Model Context Protocol tools over stdio (the mcp extra)."

MCP_EXIT_CODES = """\
exit codes:
  0  the client closed the connection
  2  usage or input error (unknown dataset, file, URL; the mcp extra not installed)"""


def add_mcp_command(
    commands: argparse._SubParsersAction[Parser], parents: list[Parser], formatter: type[argparse.HelpFormatter]
) -> Parser:
    """Register ``mcp [SOURCE ...]``."""
    p = commands.add_parser(
        "mcp",
        help=SUMMARY,
        description=SUMMARY + "\nTools: list_conferences, search, by_speaker, by_track, by_room, on_day, "
        "running_at, session, clashes. Without SOURCE: every embedded dataset.",
        epilog=f"examples:\n  {PROG} mcp\n  {PROG} mcp eu2026\n  {PROG} mcp schedule.json --file-tz Europe/Berlin\n\n"
        f"{MCP_EXIT_CODES}",
        parents=parents,
        formatter_class=formatter,
    )
    p.add_argument(
        "sources", nargs="*", metavar="SOURCE", help="dataset name, schedule file or URL (default: every dataset)"
    )
    p.set_defaults(handler=_cmd_mcp)
    return p


def _cmd_mcp(args: argparse.Namespace, out: TextIO) -> int:
    """Load every SOURCE, then serve until the client closes; the protocol owns standard input and output."""
    from .. import dataset_names
    from .._mcp import build_server

    names = list(args.sources) or list(dataset_names())
    conferences = [load_source(name, args) for name in names]
    server = build_server(conferences)  # MissingExtraError (exit 2) before anything is served
    server.run("stdio")
    return EXIT_OK
