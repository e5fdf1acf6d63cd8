"""Reading a SOURCE: an embedded dataset or a schedule file, with errors in the command's terms."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ._common import UsageError, format_choices, shorten_path, shortened

if TYPE_CHECKING:
    import argparse
    from pathlib import Path

    from .._conference import Conference
    from ..formats import ReadableFormat


def load_source(name: str, args: argparse.Namespace) -> Conference:
    """The conference named by SOURCE: an embedded dataset, else a schedule file."""
    from .. import dataset_names, load
    from ..exceptions import MissingZoneError, ScheduleParseError, UnknownDatasetError

    input_format: str | None = getattr(args, "input_format", None)
    file_tz: str | None = getattr(args, "file_tz", None)
    conference: str | None = getattr(args, "conference", None)
    if file_tz is not None and not file_tz.strip():
        raise UsageError("--file-tz needs a zone name", "e.g. --file-tz Europe/Berlin")
    if conference is not None and not conference.strip():
        raise UsageError("--conference needs a conference id", "e.g. --conference eu2026")
    if input_format and input_format.strip()[:1].isdigit():
        # '--from "2026-04-08 11:10"': a moment, given to the option that names a file format.
        hint = (
            f'the moment is given by --at, e.g. --at "{shortened(input_format.strip())}"'
            if hasattr(args, "at")
            else None
        )
        raise UsageError(
            f"--from names the format of a schedule file ({', '.join(format_choices('read'))}), not a time: "
            f"{shortened(input_format)!r}",
            hint,
        )
    names = dataset_names()
    if name in names and not _other_sources_are_files(args, names):  # else the options are for those files
        given = [o for o, v in (("--from", input_format), ("--file-tz", file_tz), ("--conference", conference)) if v]
        if given:
            raise UsageError(f"{given[0]} applies to schedule files, and {name!r} is a dataset")
        for option, value in (
            ("--offline", getattr(args, "offline", False)),
            ("--cache-dir", getattr(args, "cache_dir", None)),
        ):
            if value:  # said, not silently ignored: an embedded dataset is read without a request
                raise UsageError(
                    f"{option} applies to URLs, and {name!r} is a dataset",
                    f"leave {option} out: the embedded datasets are read without any request",
                )
        if (
            getattr(args, "max_bytes", None) is not None
        ):  # said, not silently ignored: an embedded dataset has no size limit
            raise UsageError(
                f"--max-bytes applies to schedule files and URLs, and {name!r} is a dataset",
                "leave --max-bytes out: the embedded datasets are read without a size limit",
            )
    if name in names:
        return load(name)
    if "://" in name[:16]:  # a URL
        from ._remote import load_url

        return load_url(name, args, input_format, file_tz)
    from pathlib import Path  # not for a dataset: the one-line query imports no more than it needs

    path = Path(name)
    shown = shorten_path(name)
    if not name:
        raise UsageError("SOURCE is empty", f"a SOURCE is a dataset name ({', '.join(names)}) or an existing file")
    if path.is_dir():
        raise UsageError(f"{shown!r} is a directory, not a schedule file")
    if not path.exists():
        if path.suffix or "/" in name or "\\" in name:
            raise UsageError(
                f"no such file: {shown!r}", f"a SOURCE is a dataset name ({', '.join(names)}) or an existing file"
            )
        raise UnknownDatasetError(name, names)
    if path.is_file() and path.stat().st_size == 0:
        raise UsageError(f"{shown}: the file is empty", "a SOURCE file holds a schedule in a readable format")
    from ..formats import read

    try:
        return read(
            path, format=cast("ReadableFormat", input_format) if input_format else None, file_tz=file_tz,
            max_bytes=getattr(args, "max_bytes", None), conference=conference,
        )  # fmt: skip
    except MissingZoneError as exc:
        # The library's message speaks to Python callers ("pass file_tz="); say it in the command's terms.
        reason = exc.reason.split("; pass ")[0]
        if "unknown TZID" in reason:
            where = f" ({exc.location})" if exc.location else ""
            raise UsageError(f"{shown}: {reason}{where}", "give the zone it means with --file-tz ZONE") from None
        where = f" (see {exc.location})" if exc.location else ""
        raise UsageError(
            f"{shown}: the times in this file carry no zone{where}",
            "give it with --file-tz ZONE, e.g. --file-tz Europe/Brussels",
        ) from None
    except ScheduleParseError as exc:
        choose = choose_conference(exc, path)
        if choose is not None:
            raise UsageError(f"{shown}: {choose[0]}", choose[1]) from None
        readable = format_choices("read")
        if not input_format and "an HTML page" in exc.reason:
            from ..formats import write_only_error

            exc = write_only_error("html")
        if not input_format and exc.reason.startswith("this looks like"):
            # The library's own words, split into the message and the hint.
            message, _, rest = exc.reason.partition("; ")
            raise UsageError(f"{shown}: {message}", rest) from None
        if not input_format and exc.reason.startswith("cannot tell the format"):
            raise UsageError(
                f"{shown}: cannot tell the format of this file",
                f"name it with --from FMT (one of: {', '.join(readable)})",
            ) from None
        detected = not input_format and exc.format in readable
        hint = "if the format was guessed wrong, name it with --from FMT" if detected else None
        if input_format:
            hint = _other_format_hint(path, input_format)
        raise UsageError(f"{shown}: {exc}", hint) from None


_NAME_ONE = "; name one with conference=ID"
"""How the library ends its message for a database holding several conferences (it speaks to Python callers)."""


def choose_conference(exc: Exception, path: Path | None) -> tuple[str, str] | None:
    """For a database that holds several conferences: the message in the command's terms and a --conference hint."""
    from ..exceptions import ScheduleParseError

    if not isinstance(exc, ScheduleParseError):
        return None
    if exc.reason.startswith("no conference ") and ("; it holds" in exc.reason):  # --conference named another
        return exc.reason, "choose one of them with --conference ID"
    if not exc.reason.endswith(_NAME_ONE):
        return None
    example = ""
    if path is not None:
        from ..formats.sqlite import conference_ids

        example = f", e.g. --conference {conference_ids(path)[0]}"
    return exc.reason[: -len(_NAME_ONE)], f"choose one with --conference ID{example}"


def _head(path: Path, size: int = 65536) -> bytes:
    """The first ``size`` bytes of a regular file (nothing for a pipe or device, which reading would consume)."""
    if not path.is_file():
        return b""
    with path.open("rb") as file:
        head: bytes = file.read(size)
    return head


def _other_format_hint(path: Path, input_format: str) -> str | None:
    """A hint naming the format the content looks like, when --from named another one."""
    from ..exceptions import ScheduleParseError, UnknownFormatError
    from ..formats import detect_format, get_format

    try:
        detected = detect_format(_head(path))
    except ScheduleParseError:
        return None
    try:
        if get_format(input_format).name == detected:
            return None
    except UnknownFormatError:
        pass
    return f"the content looks like {detected}: try --from {detected}"


def _other_sources_are_files(args: argparse.Namespace, names: tuple[str, ...]) -> bool:
    """Whether the command also names a schedule file or URL, to which --from, --file-tz and --max-bytes then apply."""
    given = getattr(args, "sources", None) or [getattr(args, key, None) for key in ("source", "old", "new")]
    return any(isinstance(source, str) and source not in names for source in given)
