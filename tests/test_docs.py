"""The documentation is the code that runs: the docs site builds strictly, its examples run.

The site (``mkdocs.yml``, ``docs/``) is built with ``--strict``, so a broken link, a page
left out of the navigation or a reference to a name that no longer exists fails here.
The README's and the tutorials' Python blocks run as scripts, the docstrings' examples
run as doctests, the notation page's examples are parsed by each title's ``parse_move``,
and the docs cite the rulebooks by title, never by a path on some machine.
"""

from __future__ import annotations

import doctest
import importlib
import os
import pkgutil
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import zombie_rules
from zombie_rules import GAMES

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
TUTORIALS = sorted((DOCS / "tutorials").glob("*.md"))
#: Pages whose Python blocks are run: the home page and every tutorial.
EXAMPLE_PAGES = [DOCS / "index.md", *TUTORIALS]

#: The modules the API reference documents, with the page each is on.
API_PAGES = {
    "zombie_rules": "api/index.html",
    "zombie_rules.core": "api/core/index.html",
    "zombie_rules.play": "api/play/index.html",
    "zombie_rules.rl": "api/rl/index.html",
    "zombie_rules.match": "api/match/index.html",
    "zombie_rules.registry": "api/registry/index.html",
    "zombie_rules.serialize": "api/serialize/index.html",
    "zombie_rules.testing": "api/testing/index.html",
    "zombie_rules.simulate": "api/simulate/index.html",
    "zombie_rules.fuzzing": "api/fuzzing/index.html",
    "zombie_rules.search": "api/search/index.html",
    **{f"zombie_rules.{name}": f"api/{name}/index.html" for name in GAMES},
}

_PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)
#: Run after a page's blocks: the ``test_*`` functions a page defines are called, so a
#: page that shows a test file also shows that it passes.
_CALL_TESTS = """
for _name, _test in list(globals().items()):
    if _name.startswith("test_") and callable(_test):
        _test()
        print("passed:", _name)
"""


def python_blocks(path: Path) -> str:
    """The page's Python code blocks, joined into one script in page order."""
    return "\n".join(_PYTHON_BLOCK.findall(path.read_text(encoding="utf-8")))


def run_script(code: str, tmp_path: Path, name: str) -> subprocess.CompletedProcess[str]:
    script = tmp_path / f"{name}.py"
    script.write_text(code + _CALL_TESTS, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, str(script)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


# ------------------------------------------------------------------ the site


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The docs site, built strictly into a temporary folder (never into the checkout)."""
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return out


def test_docs_site_builds_strictly(site: Path) -> None:
    for page in ("index.html", "notation/index.html", "architecture/index.html"):
        assert (site / page).is_file(), page
    for ruling in (DOCS / "rulings").glob("*.md"):
        assert (site / "rulings" / ruling.stem / "index.html").is_file(), ruling.name
    changelog = (site / "changelog" / "index.html").read_text(encoding="utf-8")
    assert "Keep a Changelog" in changelog  # included from CHANGELOG.md, not copied


def _public_names(module: ModuleType) -> list[str]:
    names = getattr(module, "__all__", None)
    if names is None:  # no __all__: what the module itself defines
        names = [
            name
            for name, value in vars(module).items()
            if not name.startswith("_") and getattr(value, "__module__", None) == module.__name__
        ]
    # Single capitals are type parameters (``C = TypeVar("C")``), not API.
    return [name for name in names if not name.startswith("__") and not re.fullmatch("[A-Z]", name)]


@pytest.mark.parametrize("module_name", sorted(API_PAGES))
def test_api_reference_covers_every_public_name(site: Path, module_name: str) -> None:
    module = importlib.import_module(module_name)
    page = (site / API_PAGES[module_name]).read_text(encoding="utf-8")
    anchors = set(re.findall(r'id="([\w.]+)"', page))
    missing = [
        name
        for name in _public_names(module)
        # A name may be documented where it is defined (``describe`` is a function
        # of the submodule it shares its name with).
        if f"{module_name}.{name}" not in anchors and f"{module_name}.{name}.{name}" not in anchors
    ]
    assert not missing, f"{module_name}: not in the API reference: {missing}"
    assert ":class:" not in page and ":func:" not in page  # roles are cleaned up


def test_generated_move_tables_show_real_moves(site: Path) -> None:
    page = (site / "notation" / "index.html").read_text(encoding="utf-8")
    assert "<!-- generated" not in page
    for title in GAMES:
        assert f'id="{title}"' in page, title
    assert "the mover is told" in page


# ------------------------------------------------------------ code that runs


def test_readme_python_blocks_run(tmp_path: Path) -> None:
    code = python_blocks(ROOT / "README.md")
    assert "import" in code, "the README has no Python quick start"
    done = run_script(code, tmp_path, "readme")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()


@pytest.mark.parametrize("page", EXAMPLE_PAGES, ids=lambda p: p.stem)
def test_page_code_runs(page: Path, tmp_path: Path) -> None:
    code = python_blocks(page)
    assert code.strip(), f"{page.name} has no Python example"
    done = run_script(code, tmp_path, page.stem.replace("-", "_"))
    assert done.returncode == 0, f"{page.name}:\n{done.stdout[-2000:]}\n{done.stderr}"


def _package_modules() -> list[ModuleType]:
    names = [zombie_rules.__name__] + [
        info.name for info in pkgutil.walk_packages(zombie_rules.__path__, "zombie_rules.")
    ]
    return [importlib.import_module(name) for name in sorted(names)]


def test_docstring_examples_pass() -> None:
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    modules = _package_modules()
    for module in modules:
        for test in finder.find(module, module.__name__):
            runner.run(test)
    outcome = runner.summarize(verbose=False)
    assert len(modules) > 20
    assert outcome.failed == 0, f"{outcome.failed} of {outcome.attempted} docstring examples fail"


# ------------------------------------------------------------ the notation page


def _notation_sections() -> dict[str, str]:
    """Each title's section of docs/notation.md, by title name."""
    text = (DOCS / "notation.md").read_text(encoding="utf-8")
    parts = re.split(r"^## .*\{ #(\w+) \}$", text, flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def _table_rows(section: str) -> list[tuple[str, list[str]]]:
    """``(canonical text, [other accepted texts])`` per row of the section's table."""
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and re.fullmatch(r"`(\d+|chance): [^`]+`", cells[0]):
            rows.append((cells[0][1:-1], re.findall(r"`([^`]+)`", cells[1])))
    return rows


def test_notation_page_has_every_title() -> None:
    assert set(_notation_sections()) == set(GAMES)


@pytest.mark.parametrize("title", sorted(GAMES))
def test_notation_examples_are_what_the_code_reads_and_writes(title: str) -> None:
    game = GAMES[title]
    state = game.new_game(game.config_type())
    rows = _table_rows(_notation_sections()[title])
    assert rows
    for canonical, others in rows:
        move = game.parse_move(state, canonical)
        assert str(move) == canonical, f"str() writes {str(move)!r} for {canonical!r}"
        for other in others:
            assert game.parse_move(state, other) == move, f"{other!r} is not {canonical!r}"
    shown = {game.parse_move(state, canonical).action for canonical, _ in rows}
    every = set(type(next(iter(shown))))
    assert shown == every, f"{title}: no example of {sorted(a.value for a in every - shown)}"


# ------------------------------------------------------------ citations


#: A path on some machine, or a tracker a reader cannot see.
_PRIVATE = re.compile(
    r"/work/|shared/rulebooks|rulebooks/\w+\.txt|\bissues? #?\d+|\bthe issue\b", re.I
)


def _cited_files() -> list[Path]:
    files = [ROOT / "README.md", ROOT / "CHANGELOG.md", *DOCS.rglob("*.md")]
    return files + sorted((ROOT / "zombie_rules").rglob("*.py"))


def test_docs_cite_rulebooks_by_title_not_by_path() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in _cited_files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if _PRIVATE.search(line)
    ]
    assert not found, "cite the rulebook by title and section instead:\n" + "\n".join(found)


# Seconds each: left out of the fast subset (-m "not slow").
pytestmark = pytest.mark.slow
