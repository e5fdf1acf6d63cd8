"""Every example in docs/ and README.md runs, with its output checked.

Blocks are read from fenced code blocks:

* ```python (or py, pycon): doctest sessions (">>> " prompts and expected
  output), run with ELLIPSIS and NORMALIZE_WHITESPACE; the blocks of one file
  share one namespace, in order.
* ```console: "$ pyconf-schedule ARGS" (or "$ python -m pyconf_schedule ARGS")
  followed by the exact text the command prints (stdout, then stderr);
  "$ echo $?" prints the exit code of the previous command.
* ```sh, bash or shell: commands for the reader (installing, for instance),
  not run; they must not run pyconf-schedule, which belongs in console blocks.
* An HTML comment right before a block changes it: <!-- file: NAME --> writes
  the block's text to NAME in the working folder (any language) for later
  blocks to use; <!-- requires: shared-samples --> makes ../shared/samples
  available at the same relative path, ../shared/samples, and skips the file,
  with a reason, when it is absent; <!-- requires: schedule-server --> starts
  a local HTTP server on 127.0.0.1 for the rest of the file and names it
  SCHEDULE_URL in the python blocks: each request of it gets the next of the
  working folder's files schedule-1.json, schedule-2.json, ... (staying on
  the last), with an ETag, and a 304 when the ETag sent back matches; a
  console command's ``$SCHEDULE_URL`` is that address too.

All blocks of a file run in one fresh working folder, in order, as if it were
the repository's root: ../shared is beside it.  A python or
console block the harness cannot run fails the test: there are no silent skips.
"""

from __future__ import annotations

import doctest
import importlib.util
import re
import shlex
import subprocess
import sys
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import pytest

import pyconf_schedule
from pyconf_schedule.cli import main

from ._http import Route, local_server
from ._support import SHARED

ROOT = Path(__file__).resolve().parents[1]
DOC_FILES = [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md"]
PYTHON = {"python", "py", "pycon"}
SHELL = {"sh", "bash", "shell"}
TYPED_DOCS = [
    ROOT / "docs" / "tutorial.md",
    *sorted((ROOT / "docs" / "how-to").glob("*.md")),
    ROOT / "docs" / "datasets.md",
    ROOT / "README.md",
]
"""The pages whose python examples a reader copies into a program: they must pass ``mypy --strict``."""
_FENCE = re.compile(r"^(?P<fence>```+|~~~+)\s*(?P<lang>[\w+-]*)[^\n]*$")
_MARKER = re.compile(r"^<!--\s*(?P<key>file|requires):\s*(?P<value>[^\s]+)\s*-->$")
_LINK = re.compile(r"\[[^\]]*\]\((?P<target>[^)\s]+)\)")


@dataclass(frozen=True)
class Block:
    """One fenced code block of a Markdown file."""

    lang: str
    text: str
    line: int
    markers: tuple[tuple[str, str], ...]


def blocks(path: Path) -> list[Block]:
    """The fenced blocks of ``path``, with the markers in the HTML comment just before each."""
    found: list[Block] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        match = _FENCE.match(lines[i])
        if not match:
            i += 1
            continue
        fence, start = match["fence"], i
        markers: list[tuple[str, str]] = []
        j = i - 1
        while j >= 0 and (m := _MARKER.match(lines[j].strip())):
            markers.insert(0, (m["key"], m["value"]))
            j -= 1
        i += 1
        body: list[str] = []
        while i < len(lines) and not lines[i].startswith(fence):
            body.append(lines[i])
            i += 1
        found.append(Block(match["lang"].lower(), "\n".join(body) + "\n", start + 1, tuple(markers)))
        i += 1
    return found


def _run_console(block: Block, capsys: pytest.CaptureFixture[str], url: str | None = None) -> list[str]:
    """Run each command of a console block (``$SCHEDULE_URL`` standing for ``url``); return one message per mismatch."""
    problems: list[str] = []
    commands: list[tuple[str, list[str]]] = []
    for line in block.text.rstrip("\n").split("\n"):
        if line.startswith("$ "):
            commands.append((line[2:], []))
        elif commands:
            commands[-1][1].append(line)
        else:
            problems.append(f"line {block.line}: console block text before the first '$ ' command: {line!r}")
    if not commands:
        problems.append(f"line {block.line}: console block without a '$ ' command")
    last_code: int | None = None
    for command, expected_lines in commands:
        argv = shlex.split(command)
        if url is not None and argv != ["echo", "$?"]:
            argv = [arg.replace("$SCHEDULE_URL", url) for arg in argv]
        if argv == ["echo", "$?"]:
            actual = "" if last_code is None else f"{last_code}\n"
        elif argv[:1] == ["pyconf-schedule"] or argv[:3] == ["python", "-m", "pyconf_schedule"]:
            args = argv[1:] if argv[0] == "pyconf-schedule" else argv[3:]
            capsys.readouterr()
            last_code = main(args)
            captured = capsys.readouterr()
            actual = captured.out + captured.err
        else:
            problems.append(f"line {block.line}: the harness cannot run {command!r}")
            continue
        expected = "\n".join(expected_lines).rstrip("\n")
        if actual.rstrip("\n") != expected:
            problems.append(
                f"line {block.line}: $ {command}\n--- expected\n{expected}\n--- actual\n{actual.rstrip(chr(10))}"
            )
    return problems


def _run_python(block: Block, path: Path, globs: dict[str, object]) -> list[str]:
    """Run a python block as a doctest in the file's shared namespace."""
    if ">>> " not in block.text:
        return [f"line {block.line}: python block without '>>> ' prompts (write it as a doctest session)"]
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block.text, globs, f"{path.name}:{block.line}", str(path), block.line)
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test, out=report.append, clear_globs=False)
    globs.update(test.globs)  # DocTest works on a copy: keep the names for the next block
    return [f"line {block.line}:\n{''.join(report)}"] if runner.failures else []


@pytest.mark.parametrize("path", DOC_FILES, ids=[str(p.relative_to(ROOT)) for p in DOC_FILES])
def test_examples_run(
    path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every python and console block of a documentation file runs and prints what the file shows."""
    if not path.exists():
        pytest.skip(f"{path.name} does not exist yet")
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.setenv("COLUMNS", "80")
    globs: dict[str, object] = {"__name__": "docs"}
    problems: list[str] = []
    servers = ExitStack()  # the local HTTP server of a file that requires one, stopped on every way out
    for block in blocks(path):
        markers = dict(block.markers)
        if markers.get("requires") not in (None, "shared-samples", "schedule-server"):
            problems.append(f"line {block.line}: unknown requirement {markers['requires']!r}")
            continue
        if markers.get("requires") == "schedule-server" and "SCHEDULE_URL" not in globs:
            server = servers.enter_context(local_server())
            server.routes["/schedule.json"] = Route(load=lambda: _schedule_versions(work))
            globs["SCHEDULE_URL"] = server.url("/schedule.json")
        if markers.get("requires") == "shared-samples":
            samples = SHARED / "samples"
            if not samples.is_dir():
                servers.close()
                pytest.skip(f"{path.name} line {block.line} needs {samples}, which is absent")
            if not (tmp_path / "shared").exists():
                (tmp_path / "shared").mkdir()
                (tmp_path / "shared" / "samples").symlink_to(samples)
        if "file" in markers:
            (work / markers["file"]).write_text(block.text, encoding="utf-8")
            continue
        if block.lang in PYTHON:
            problems += _run_python(block, path, globs)
        elif block.lang == "console":
            url = globs.get("SCHEDULE_URL")
            problems += _run_console(block, capsys, url if isinstance(url, str) else None)
        elif block.lang in SHELL and re.search(r"^\s*(\$ )?pyconf-schedule\b", block.text, re.M):
            problems.append(f"line {block.line}: run pyconf-schedule in a console block, so that it is tested")
    servers.close()
    assert not problems, "\n\n".join(problems)


def _schedule_versions(work: Path) -> list[bytes]:
    """The working folder's schedule-1.json, schedule-2.json, ... in order: what the local server serves in turn."""
    files = [work / f"schedule-{n}.json" for n in range(1, 100)]
    return [f.read_bytes() for f in files if f.exists()]


def python_source(path: Path) -> str:
    """The source of every doctest example of ``path``'s python blocks, prompts and output dropped.

    Each example keeps its line number in ``path`` (blank lines fill the
    gaps), so that a type error names the line of the page.
    """
    lines: list[str] = []
    parser = doctest.DocTestParser()
    for block in blocks(path):
        if block.lang not in PYTHON:
            continue
        for example in parser.get_examples(block.text):
            first = block.line + example.lineno  # the block's text starts on the line after the fence
            lines += [""] * (first - len(lines))
            lines += example.source.splitlines()
    return "\n".join(lines) + "\n"


def test_python_source(tmp_path: Path) -> None:
    """python_source keeps the statements of doctest examples at their lines, without prompts or output."""
    path = tmp_path / "page.md"
    path.write_text(
        "Text.\n```python\n>>> x = 1\n>>> for i in range(2):\n...     print(i)\n0\n1\n```\n", encoding="utf-8"
    )
    assert python_source(path) == "\n\nx = 1\nfor i in range(2):\n    print(i)\n"


def test_python_examples_type_check(tmp_path: Path) -> None:
    """The python examples of the tutorial, how-to guides, datasets page and README pass ``mypy --strict``."""
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed, so the examples cannot be type-checked")
    files: list[str] = []
    for path in TYPED_DOCS:
        name = re.sub(r"\W", "_", str(path.relative_to(ROOT).with_suffix(""))).lower() + ".py"
        source = python_source(path)
        if "<!-- requires: schedule-server -->" in path.read_text(encoding="utf-8") and source.startswith("\n"):
            source = "SCHEDULE_URL: str  # the harness's local server" + source  # on the page's first line, a heading
        (tmp_path / name).write_text(source, encoding="utf-8")
        files.append(name)
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", str(tmp_path / ".cache"), *files],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert (result.returncode, result.stdout + result.stderr) == (
        0,
        f"Success: no issues found in {len(files)} source files\n",
    )


def test_docs_have_examples() -> None:
    """The documentation holds runnable examples: at least one in each page of docs/ except the format references."""
    without = [
        str(p.relative_to(ROOT))
        for p in DOC_FILES
        if p.exists()
        and p.parent.name != "reference"
        and p.name != "index.md"
        and not any(b.lang in PYTHON | {"console"} for b in blocks(p))
    ]
    assert without == []


@pytest.mark.parametrize("path", DOC_FILES, ids=[str(p.relative_to(ROOT)) for p in DOC_FILES])
def test_relative_links_resolve(path: Path) -> None:
    """Every relative link in the documentation points to an existing file."""
    if not path.exists():
        pytest.skip(f"{path.name} does not exist yet")
    text = path.read_text(encoding="utf-8")
    broken = [
        m["target"]
        for m in _LINK.finditer(text)
        if not re.match(r"^[a-z]+:|^#", m["target"]) and not (path.parent / m["target"].split("#")[0]).exists()
    ]
    assert broken == []


def test_api_reference_covers_every_public_name() -> None:
    """docs/reference/api.md has a section for every name in pyconf_schedule.__all__, in the order __all__ lists them."""
    text = (ROOT / "docs" / "reference" / "api.md").read_text(encoding="utf-8")
    headings = re.findall(r"^#{2,4} `(?:pyconf_schedule\.)?([\w.]+)", text, re.M)
    assert sorted(set(pyconf_schedule.__all__) - set(headings)) == []
    assert [name for name in headings if name in pyconf_schedule.__all__] == list(pyconf_schedule.__all__)


def test_cli_reference_covers_every_command() -> None:
    """docs/reference/cli.md has a section for every command."""
    from pyconf_schedule.cli import build_parser

    parser = build_parser()
    action = next(a for a in parser._subparsers._group_actions if a.choices)  # type: ignore[union-attr]
    assert isinstance(action.choices, dict)
    text = (ROOT / "docs" / "reference" / "cli.md").read_text(encoding="utf-8")
    assert sorted(c for c in action.choices if f"## `{c}`" not in text) == []


@pytest.mark.parametrize(
    ("markdown", "expected"),
    [
        ("```python\n>>> 1 + 1\n2\n```\n", [("python", ">>> 1 + 1\n2\n", 1, ())]),
        ("text\n<!-- file: a.json -->\n```json\n{}\n```\n", [("json", "{}\n", 3, (("file", "a.json"),))]),
        (
            "````console\n$ pyconf-schedule --version\n```\n````\n",
            [("console", "$ pyconf-schedule --version\n```\n", 1, ())],
        ),
    ],
)
def test_block_parser(
    tmp_path: Path, markdown: str, expected: list[tuple[str, str, int, tuple[tuple[str, str], ...]]]
) -> None:
    """The harness finds fenced blocks, their language, first line and markers."""
    path = tmp_path / "page.md"
    path.write_text(markdown, encoding="utf-8")
    assert [(b.lang, b.text, b.line, b.markers) for b in blocks(path)] == expected


@pytest.mark.parametrize(
    ("markdown", "message"),
    [
        ("```python\nprint(1)\n```\n", "python block without '>>> ' prompts"),
        ("```console\n$ ls\n```\n", "the harness cannot run 'ls'"),
        ("```sh\npyconf-schedule datasets\n```\n", "run pyconf-schedule in a console block"),
        (
            "```console\n$ pyconf-schedule --version\npyconf-schedule 0.0\n```\n",
            "expected\n  pyconf-schedule 0.0\n  --- actual",
        ),
    ],
)
def test_unrunnable_blocks_fail(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    markdown: str,
    message: str,
) -> None:
    """A block the harness cannot run, or whose output differs, fails instead of being skipped."""
    path = tmp_path / "page.md"
    path.write_text(markdown, encoding="utf-8")
    with pytest.raises(AssertionError) as info:
        test_examples_run(path, tmp_path, monkeypatch, capsys)
    assert message in str(info.value)
