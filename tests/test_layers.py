"""The import edges between the package's modules go down the layers, never up (issue 17).

Every module under ``src/pyconf_schedule`` is parsed with :mod:`ast`; every
import of a ``pyconf_schedule`` module counts: at module level, inside a
function, under ``if TYPE_CHECKING:``, relative or absolute.  Each module has
a layer in :data:`LAYERS` (a module of the ``formats`` or ``cli`` package has
its package's layer); a module that is in no layer fails the test, so a new
module must be placed.  A module imports only modules of lower layers, or of
its own layer, except the pure features (agenda, diff), which import no other
feature.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = "pyconf_schedule"

LAYERS: dict[str, int] = {
    # 0: text, exceptions, limits: helpers every layer may use
    "pyconf_schedule._text": 0,
    "pyconf_schedule.exceptions": 0,
    "pyconf_schedule._limits": 0,
    "pyconf_schedule._progress": 0,
    "pyconf_schedule._json_text": 0,
    # 1: time: zones and user-supplied times
    "pyconf_schedule._time": 1,
    "pyconf_schedule._zones": 1,
    # 2: model: the classes, their checks, programme days, the query type, its indexes, Conference
    "pyconf_schedule._checks": 2,
    "pyconf_schedule._model": 2,
    "pyconf_schedule._days": 2,
    "pyconf_schedule._indexes": 2,
    "pyconf_schedule._sessions": 2,
    "pyconf_schedule._conference": 2,
    "pyconf_schedule._changes": 2,
    # Model-level views that Conference/Sessions methods import lazily (_repr_html_, to_arrow); they import
    # only layers 0-2. Tables are arguably a format (Arrow): moving them under formats/ would drop
    # Conference.to_arrow's edge into them.
    "pyconf_schedule._notebook": 2,
    "pyconf_schedule._tables": 2,
    # 3: the native JSON form
    "pyconf_schedule._converter": 3,
    "pyconf_schedule._decode": 3,
    "pyconf_schedule._fields": 3,
    # 4: formats/ (the registry and one module per format): see PACKAGES
    # 5: features: pure functions of conferences (agenda, diff), and the edges that read (fetch, datasets)
    "pyconf_schedule._agenda": 5,
    "pyconf_schedule._agenda_file": 5,
    "pyconf_schedule._agenda_export": 5,
    "pyconf_schedule._agenda_picks": 5,
    "pyconf_schedule._agenda_free": 5,
    "pyconf_schedule._agenda_records": 5,
    "pyconf_schedule._diff": 5,
    "pyconf_schedule._fetch": 5,
    "pyconf_schedule._request": 5,
    "pyconf_schedule._platforms": 5,
    "pyconf_schedule._read": 5,
    "pyconf_schedule._datasets": 5,
    "pyconf_schedule.datasets": 5,
    # 6: the curated public API
    "pyconf_schedule": 6,
    # 7: the command line (see PACKAGES) and the agent server, thin, on top
    "pyconf_schedule.__main__": 7,
    "pyconf_schedule._mcp": 7,
}

PACKAGES: dict[str, int] = {"pyconf_schedule.formats": 4, "pyconf_schedule.cli": 7}
"""Packages whose modules all sit in one layer."""

PURE_FEATURES = frozenset({"pyconf_schedule._agenda", "pyconf_schedule._diff"})
"""Features that are pure functions of conferences: they import no other feature (no loading, no fetching)."""

FEATURE_PARTS: dict[str, str] = {
    "pyconf_schedule._agenda_file": "pyconf_schedule._agenda",
    "pyconf_schedule._agenda_export": "pyconf_schedule._agenda",
    "pyconf_schedule._agenda_picks": "pyconf_schedule._agenda",
    "pyconf_schedule._agenda_free": "pyconf_schedule._agenda",
    "pyconf_schedule._agenda_records": "pyconf_schedule._agenda",
}
"""Modules that are parts of one feature, split by topic to keep modules short: they are that feature."""


def feature_of(module: str) -> str:
    """The feature ``module`` is part of (itself, unless :data:`FEATURE_PARTS` names one)."""
    return FEATURE_PARTS.get(module, module)


LIBRARY_LAYERS: dict[str, int] = {"cattrs": 3}
"""Libraries that belong to a layer: only the native JSON form and above use cattrs (the model registers no hooks)."""


def _in_order(source: str) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement of ``source``, at any depth, in line order."""
    found: list[ast.Import | ast.ImportFrom] = [
        n for n in ast.walk(ast.parse(source)) if isinstance(n, (ast.Import, ast.ImportFrom))
    ]
    return sorted(found, key=lambda n: (n.lineno, n.col_offset))


def layer_of(module: str) -> int | None:
    """The layer of ``module``, or ``None`` when it has none."""
    if module in LAYERS:
        return LAYERS[module]
    for package, layer in PACKAGES.items():
        if module == package or module.startswith(package + "."):
            return layer
    return None


def module_name(path: Path, root: Path) -> str:
    """``pyconf_schedule.formats.ics`` for ``root/pyconf_schedule/formats/ics.py``."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(source: str, module: str, is_package: bool = False) -> Iterator[tuple[str, int]]:
    """(imported module, line) for every import of a ``pyconf_schedule`` module in ``source``, wherever it is.

    ``from X import name`` counts as an import of ``X.name`` when that is a
    module with a layer (a submodule), else of ``X``.
    """
    package = module.split(".") if is_package else module.split(".")[:-1]
    for node in _in_order(source):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == PACKAGE or alias.name.startswith(PACKAGE + "."):
                    yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            if target != PACKAGE and not target.startswith(PACKAGE + "."):
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                yield (sub if sub in LAYERS or (layer_of(sub) is not None and _is_module(sub)) else target), node.lineno


def library_imports(source: str) -> Iterator[tuple[str, int]]:
    """(library, line) for every import of a library named in :data:`LIBRARY_LAYERS`, wherever it is."""
    for node in _in_order(source):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
        if isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names = [node.module]
        for name in names:
            if name.split(".")[0] in LIBRARY_LAYERS:
                yield name.split(".")[0], node.lineno


def library_problems(module: str, source: str) -> list[str]:
    """The imports of a library from below its layer, as ``"a -> library (line n): ..."``."""
    here = layer_of(module)
    return [
        f"{module} (layer {here}) -> {name} (layer {LIBRARY_LAYERS[name]}), line {line}: imports a library of a higher layer"
        for name, line in library_imports(source)
        if here is not None and here < LIBRARY_LAYERS[name]
    ]


def _is_module(name: str) -> bool:
    path = SRC.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def upward_edges(module: str, found: Iterable[tuple[str, int]]) -> list[str]:
    """The edges from ``module`` that break the layer rule, as ``"a -> b (line n): why"``."""
    problems = []
    here = layer_of(module)
    for target, line in found:
        there = layer_of(target)
        if here is None or there is None or target == module:
            continue
        if there > here:
            problems.append(f"{module} (layer {here}) -> {target} (layer {there}), line {line}: imports upward")
        elif there == here == 5 and feature_of(module) in PURE_FEATURES and feature_of(target) != feature_of(module):
            problems.append(f"{module} -> {target}, line {line}: a pure feature imports another feature")
    return problems


def all_modules() -> list[tuple[str, Path]]:
    return sorted((module_name(p, SRC), p) for p in (SRC / PACKAGE).rglob("*.py"))


def test_every_module_has_a_layer() -> None:
    """Each module under src/pyconf_schedule is placed in a layer, so a new module cannot escape the rule."""
    modules = all_modules()
    assert len(modules) > 30
    missing = [name for name, _ in modules if layer_of(name) is None]
    assert missing == [], f"place these modules in LAYERS: {missing}"


def test_the_layer_table_names_only_real_modules() -> None:
    """Every module the table names exists, so a renamed module does not leave a dead row."""
    real = {name for name, _ in all_modules()}
    assert sorted(set(LAYERS) - real) == []


def test_imports_go_down_the_layers() -> None:
    """No module imports a higher layer, at module level, inside a function or for type checking."""
    problems: list[str] = []
    edges = 0
    for name, path in all_modules():
        found = list(imports(path.read_text(encoding="utf-8"), name, path.name == "__init__.py"))
        edges += len(found)
        problems += upward_edges(name, found)
        problems += library_problems(name, path.read_text(encoding="utf-8"))
    assert edges > 100  # the checker saw the imports
    assert problems == []


PLANTED = """
from __future__ import annotations
from typing import TYPE_CHECKING
from ._time import utc
from . import _text
if TYPE_CHECKING:
    from .formats import dumps

def agenda(self):
    from ._agenda import Agenda
    import pyconf_schedule._datasets
    from pyconf_schedule.formats import markdown
    return Agenda
"""


def test_the_checker_finds_a_model_module_using_cattrs() -> None:
    """The model registering cattrs hooks, even only for type checking, is caught; the converter may."""
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import cattrs\nfrom cattrs.gen import make_dict_structure_fn\n"
    assert library_problems("pyconf_schedule._days", source) == [
        "pyconf_schedule._days (layer 2) -> cattrs (layer 3), line 3: imports a library of a higher layer",
        "pyconf_schedule._days (layer 2) -> cattrs (layer 3), line 4: imports a library of a higher layer",
    ]
    assert library_problems("pyconf_schedule._converter", source) == []


def test_the_checker_finds_planted_upward_imports() -> None:
    """A model module importing upward in every way (in a function, for type checking, relative, absolute) is caught."""
    found = list(imports(PLANTED, "pyconf_schedule._conference"))
    assert found == [
        ("pyconf_schedule._time", 4),
        ("pyconf_schedule._text", 5),
        ("pyconf_schedule.formats", 7),
        ("pyconf_schedule._agenda", 10),
        ("pyconf_schedule._datasets", 11),
        ("pyconf_schedule.formats.markdown", 12),
    ]
    assert upward_edges("pyconf_schedule._conference", found) == [
        "pyconf_schedule._conference (layer 2) -> pyconf_schedule.formats (layer 4), line 7: imports upward",
        "pyconf_schedule._conference (layer 2) -> pyconf_schedule._agenda (layer 5), line 10: imports upward",
        "pyconf_schedule._conference (layer 2) -> pyconf_schedule._datasets (layer 5), line 11: imports upward",
        "pyconf_schedule._conference (layer 2) -> pyconf_schedule.formats.markdown (layer 4), line 12: imports upward",
    ]


def test_the_checker_resolves_package_relative_imports() -> None:
    """In a package's __init__, ``from . import x`` and ``from .. import y`` resolve from the package itself."""
    source = "from . import markdown\nfrom .. import _agenda\nfrom .._fetch import fetch\n"
    found = list(imports(source, "pyconf_schedule.formats", is_package=True))
    assert found == [
        ("pyconf_schedule.formats.markdown", 1),
        ("pyconf_schedule._agenda", 2),
        ("pyconf_schedule._fetch", 3),
    ]
    assert upward_edges("pyconf_schedule.formats", found) == [
        "pyconf_schedule.formats (layer 4) -> pyconf_schedule._agenda (layer 5), line 2: imports upward",
        "pyconf_schedule.formats (layer 4) -> pyconf_schedule._fetch (layer 5), line 3: imports upward",
    ]


def test_a_pure_feature_imports_no_other_feature() -> None:
    """The agenda loading datasets is caught although both are features: pure features do not load or fetch."""
    found = list(imports("def f():\n    from ._datasets import load\n", "pyconf_schedule._agenda"))
    assert upward_edges("pyconf_schedule._agenda", found) == [
        "pyconf_schedule._agenda -> pyconf_schedule._datasets, line 2: a pure feature imports another feature"
    ]


def test_a_module_without_a_layer_has_none() -> None:
    """A module the table does not place has no layer (and so fails test_every_module_has_a_layer)."""
    assert layer_of("pyconf_schedule._new_module") is None
    assert layer_of("pyconf_schedule.formats.sessionize") == 4
    assert layer_of("pyconf_schedule.cli._render") == 7


def test_the_parts_of_a_pure_feature_are_that_feature() -> None:
    """The agenda's modules import each other freely; one of them importing the diff feature is still caught."""
    assert upward_edges("pyconf_schedule._agenda_export", [("pyconf_schedule._agenda", 3)]) == []
    assert upward_edges("pyconf_schedule._agenda", [("pyconf_schedule._agenda_file", 4)]) == []
    assert upward_edges("pyconf_schedule._agenda_export", [("pyconf_schedule._diff", 5)]) == [
        "pyconf_schedule._agenda_export -> pyconf_schedule._diff, line 5: a pure feature imports another feature"
    ]


def private_imports(source: str, module: str, is_package: bool = False) -> list[str]:
    """``from X import _name`` of another module's underscore name (not a submodule), as ``"module: X._name (line n)"``.

    A leading underscore means private to its module: a name that other
    modules import is public to the package and goes without it.
    """
    package = module.split(".") if is_package else module.split(".")[:-1]
    found = []
    for node in _in_order(source):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            target = ".".join([*package[: len(package) - node.level + 1], *([node.module] if node.module else [])])
        else:
            target = node.module or ""
        if target != PACKAGE and not target.startswith(PACKAGE + "."):
            continue
        for alias in node.names:
            name = alias.name
            if name.startswith("_") and not name.startswith("__") and not _is_module(f"{target}.{name}"):
                found.append(f"{module}: {target}.{name} (line {node.lineno})")
    return found


def test_no_module_imports_another_modules_private_name() -> None:
    """Names other modules import carry no leading underscore; private modules (``_agenda``) may be imported."""
    problems: list[str] = []
    for name, path in all_modules():
        problems += private_imports(path.read_text(encoding="utf-8"), name, path.name == "__init__.py")
    assert problems == []


def test_the_private_name_checker_finds_a_planted_import() -> None:
    """A planted ``from ._text import _helper`` is found, inside a function too; a private submodule is not."""
    source = "from . import _agenda\ndef f():\n    from ._text import _helper, shorten\n"
    assert private_imports(source, "pyconf_schedule._diff") == [
        "pyconf_schedule._diff: pyconf_schedule._text._helper (line 3)"
    ]
