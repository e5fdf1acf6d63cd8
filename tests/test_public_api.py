"""The public surface: an honest, sorted __all__ and a light import."""

from __future__ import annotations
import __future__

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import pyconf_schedule
from pyconf_schedule import exceptions


def public_namespace(module: ModuleType) -> set[str]:
    """The names ``module`` really offers: its public globals (not submodules or ``from __future__`` flags) and its lazy names."""
    names = {
        name
        for name, value in vars(module).items()
        if not name.startswith("_") and not isinstance(value, (ModuleType, __future__._Feature))
    }
    return names | set(getattr(module, "_LAZY", {}))


def test_all_names_exactly_the_public_namespace() -> None:
    """__all__ names each public global and lazy name of the package once, and every name in it resolves."""
    names = pyconf_schedule.__all__
    assert len(names) == len(set(names))
    assert set(names) - {"__version__"} == public_namespace(pyconf_schedule)
    assert [name for name in names if not hasattr(pyconf_schedule, name)] == []


def test_the_all_check_fails_on_a_stray_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """A public name the package defines but __all__ leaves out (or a lazy name left out) makes the namespace differ."""
    monkeypatch.setattr(pyconf_schedule, "helper", lambda: None, raising=False)
    assert public_namespace(pyconf_schedule) - set(pyconf_schedule.__all__) == {"helper"}
    monkeypatch.delattr(pyconf_schedule, "helper")
    monkeypatch.setitem(pyconf_schedule._LAZY, "Hidden", "_agenda")
    assert public_namespace(pyconf_schedule) - set(pyconf_schedule.__all__) == {"Hidden"}


def test_version_comes_from_the_installed_metadata(monkeypatch: pytest.MonkeyPatch) -> None:
    """__version__ is the installed distribution's version, and '0+unknown' when there is no metadata."""
    from importlib import metadata

    assert pyconf_schedule._version() == metadata.version("pyconf-schedule")

    def missing(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", missing)
    assert pyconf_schedule._version() == "0+unknown"
    code = "import pyconf_schedule, importlib.metadata as m; print(pyconf_schedule.__version__ == m.version('pyconf-schedule'))"
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert out == "True\n"


def test_every_error_derives_from_the_base_and_a_builtin() -> None:
    """Each exception leaf is a PyconfScheduleError and a ValueError, LookupError, TypeError or (reading a URL) OSError."""
    for name in exceptions.__all__:
        cls = getattr(exceptions, name)
        assert issubclass(cls, exceptions.PyconfScheduleError), name
        if cls is not exceptions.PyconfScheduleError:
            assert issubclass(cls, (ValueError, LookupError, TypeError, OSError, ImportError)), name


def test_import_is_light() -> None:
    """import pyconf_schedule loads no format, command-line, cattrs or dateutil code, nor zoneinfo (and its sysconfig)."""
    code = "import json, sys, pyconf_schedule; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    loaded = set(json.loads(out))
    heavy = {
        "pyconf_schedule.formats",
        "pathlib",
        "cattrs",
        "dateutil",
        "csv",
        "xml",
        "xml.etree",
        "xml.parsers.expat",
        "argparse",
        "pyconf_schedule.cli",
        "pyconf_schedule._converter",
        "difflib",
        "uuid",
        "hashlib",
        "pyconf_schedule._diff",
        "pyconf_schedule._changes",
        "pyconf_schedule._fetch",
        "urllib.request",
        "http.client",
        "ssl",
        "socket",
        "tempfile",
        "pyconf_schedule._agenda",
        "pyconf_schedule._tables",
        "pyconf_schedule._mcp",
        "pyarrow",
        "pandas",
        "polars",
        "duckdb",
        "mcp",
        "zoneinfo",  # the first zone lookup imports it
        "sysconfig",
    }
    heavy |= {
        f"pyconf_schedule.formats.{m}"
        for m in ("ics", "csv", "markdown", "frab_xml", "frab_json", "native", "_frab", "_common")
    }
    assert sorted(loaded & heavy) == []


def test_import_leaves_reading_a_dataset_to_load() -> None:
    """import pyconf_schedule imports neither json nor the native decoder; load() imports them when it reads a dataset."""
    code = (
        "import sys, pyconf_schedule; before = sorted(sys.modules); pyconf_schedule.load('eu2026'); "
        "print(repr([[m in before for m in ('json', 'pyconf_schedule._decode', 'pyconf_schedule._fields')], "
        "[m in sys.modules for m in ('json', 'pyconf_schedule._decode', 'pyconf_schedule._fields')]]))"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert out.strip() == "[[False, False, False], [True, True, True]]"


def test_format_functions_are_imported_on_first_use() -> None:
    """dumps and friends are reachable from the package although the registry loads lazily."""
    code = (
        "import sys, pyconf_schedule as p; before = 'pyconf_schedule.formats' in sys.modules; "
        "f = p.dumps; print(before, 'pyconf_schedule.formats' in sys.modules, f.__module__)"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert out.split() == ["False", "True", "pyconf_schedule.formats"]


def test_unknown_attribute() -> None:
    """A missing attribute raises AttributeError naming it."""
    with pytest.raises(AttributeError, match="module 'pyconf_schedule' has no attribute 'dump'"):
        _ = pyconf_schedule.dump


def test_dir_lists_only_public_names() -> None:
    """dir(pyconf_schedule) shows the public names and dunders, not typing helpers."""
    listed = set(dir(pyconf_schedule))
    assert {"Any", "TYPE_CHECKING", "annotations"} & listed == set()
    assert set(pyconf_schedule.__all__) <= listed


TYPING = Path(__file__).resolve().parent / "typing"
"""The static type checks of the public API: files mypy checks, with the negative cases marked ``# type: ignore[code]``."""


def _unignored(path: Path, folder: Path) -> tuple[Path, set[tuple[str, int, str]]]:
    """A copy of ``path`` in ``folder`` without its ``# type: ignore[code]`` comments, and the (file, line, code) each must give."""
    copy = folder / f"unignored_{path.name}"
    expected: set[tuple[str, int, str]] = set()
    lines = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        marked = re.search(r"\s*# type: ignore\[([a-z-]+)\]$", line)
        if marked:
            expected.add((copy.name, number, marked.group(1)))
            line = line[: marked.start()]
        lines.append(line)
    copy.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return copy, expected


def test_typing_checks_refuse_each_negative_case(tmp_path: Path) -> None:
    """tests/typing/ passes mypy --strict, and each line marked ``# type: ignore[code]`` is refused with that code once unmarked."""
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed, so the typing checks cannot run")
    checks = sorted(TYPING.glob("check_*.py"))
    copies, expected = [], set()
    for path in checks:
        copy, wanted = _unignored(path, tmp_path)
        copies.append(copy)
        expected |= wanted
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", str(tmp_path / ".cache"),
         *map(str, checks), *map(str, copies)],
        cwd=tmp_path, capture_output=True, text=True, check=False,
    )  # fmt: skip
    errors = re.findall(r"^(?:.*/)?([\w.]+):(\d+): error: .*\[([a-z-]+)\]$", result.stdout, flags=re.MULTILINE)
    found = {(name, int(line), code) for name, line, code in errors}
    assert len(expected) >= 8  # the negative cases of check_format_types.py at least
    assert found == expected, result.stdout
