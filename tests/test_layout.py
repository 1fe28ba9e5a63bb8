"""The package's layering, read from the source: a title is one folder, front ends name none.

Each title owns its whole face (guide, board, facts, search hints) and generic code
reaches it through ``Game`` alone, so a title from another package plays everywhere a
built-in one does. That holds only while nothing outside a title reaches into it and
no front end or tool keeps a table keyed by title names; these checks read every
module's imports and string constants with :mod:`ast` and name each offending line.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from zombie_rules.registry import BUILT_IN

PACKAGE = Path(__file__).resolve().parent.parent / "zombie_rules"

#: Generic code that must reach titles through ``Game`` only.
FRONT_ENDS_AND_TOOLS = ("web", "terminal", "search", "simulate")


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _modules(under: Path | None = None) -> list[Path]:
    root = PACKAGE if under is None else under
    return sorted(p for p in root.rglob("*.py") if "__pycache__" not in p.parts)


def _is_module(name: str) -> bool:
    """Whether ``name`` is a module or package of zombie_rules (not a name defined in one)."""
    path = PACKAGE.parent.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _imports(path: Path) -> Iterator[tuple[int, str]]:
    """Each module ``path`` imports, absolute, with its line.

    ``from a import b`` imports ``a``, and ``a.b`` too when that is a module: so
    ``from zombie_rules import zombie_run`` imports the title's package and
    ``from zombie_rules.zombie_run import state`` its submodule, while
    ``from zombie_rules.zombie_run import GAME`` imports the package only. (A name a
    package defines over a submodule's, as ``board``, counts as the submodule: a
    reader cannot tell which is meant.)
    """
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    here = _module_name(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            yield node.lineno, module
            for alias in node.names:
                if _is_module(f"{module}.{alias.name}"):
                    yield node.lineno, f"{module}.{alias.name}"


def _title_of(module: str) -> str | None:
    """The built-in title whose package ``module`` is or lies in, else ``None``."""
    parts = module.split(".")
    if len(parts) >= 2 and parts[0] == "zombie_rules" and parts[1] in BUILT_IN:
        return parts[1]
    return None


def _is_submodule_of_title(module: str) -> bool:
    return _title_of(module) is not None and len(module.split(".")) > 2


def _where(path: Path, line: int) -> str:
    return f"{path.relative_to(PACKAGE.parent)}:{line}"


def _fail(offences: list[str], why: str) -> None:
    if offences:
        pytest.fail(why + ":\n  " + "\n  ".join(offences), pytrace=False)


def test_nothing_outside_a_title_imports_a_submodule_of_it() -> None:
    offences = []
    for path in _modules():
        own = _title_of(_module_name(path))
        for line, module in _imports(path):
            title = _title_of(module)
            if title is not None and title != own and _is_submodule_of_title(module):
                offences.append(f"{_where(path, line)} imports {module}")
    _fail(offences, "modules outside a title importing its submodules (use its Game)")


@pytest.mark.parametrize("folder", FRONT_ENDS_AND_TOOLS)
def test_front_ends_and_tools_import_no_title(folder: str) -> None:
    offences = [
        f"{_where(path, line)} imports {module}"
        for path in _modules(PACKAGE / folder)
        for line, module in _imports(path)
        if _title_of(module) is not None
    ]
    _fail(offences, f"zombie_rules/{folder}/ importing a title (reach it through Game)")


@pytest.mark.parametrize("folder", FRONT_ENDS_AND_TOOLS)
def test_front_ends_and_tools_hold_no_title_name(folder: str) -> None:
    """A string equal to a title's name is how a table keyed by title names shows."""
    offences = []
    for path in _modules(PACKAGE / folder):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in BUILT_IN:
                offences.append(f"{_where(path, node.lineno)} names {node.value!r}")
    _fail(offences, f"zombie_rules/{folder}/ naming a title (let the title say it in Game)")


@pytest.mark.parametrize("title", BUILT_IN)
def test_a_title_imports_only_core_and_itself(title: str) -> None:
    allowed = ("zombie_rules.core", f"zombie_rules.{title}")
    offences = []
    for path in _modules(PACKAGE / title):
        for line, module in _imports(path):
            if module != "zombie_rules" and not module.startswith("zombie_rules."):
                continue  # the standard library and third-party packages
            if module == "zombie_rules" or not any(
                module == a or module.startswith(a + ".") for a in allowed
            ):
                offences.append(f"{_where(path, line)} imports {module}")
    _fail(offences, f"zombie_rules/{title}/ importing beyond zombie_rules.core and itself")


def test_the_checks_see_what_they_look_for() -> None:
    """The readers find what the checks forbid, so a passing check is not a blind one."""
    search = {m for _, m in _imports(PACKAGE / "search" / "__init__.py")}
    assert {"zombie_rules.search.factory", "zombie_rules.search.ismcts"} <= search
    title = {m for _, m in _imports(PACKAGE / "zombie_run" / "__init__.py")}
    assert "zombie_rules.zombie_run.board" in title and "zombie_rules.core.builder" in title
    assert _is_module("zombie_rules.zombie_run.state") and _is_module("zombie_rules.zombie_run")
    assert not _is_module("zombie_rules.zombie_run.GAME")
    assert _is_submodule_of_title("zombie_rules.zombie_run.state")
    assert not _is_submodule_of_title("zombie_rules.zombie_run")
    assert _title_of("zombie_rules.quarantine_z._base") == "quarantine_z"
    names = {
        node.value
        for node in ast.walk(ast.parse((PACKAGE / "registry.py").read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant)
    }
    assert set(BUILT_IN) <= names  # the registry lists the built-in titles by name
