"""The package as users get it: extras, metadata, the README as index page, the sdist.

The sdist test builds a source distribution offline (``--no-isolation``: the build
tools come from the ``dev`` extra), unpacks it, checks it holds everything the test
suite and the docs need, and runs part of the suite from the unpacked copy.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path
from typing import Any

import pytest

import zombie_rules

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT: dict[str, Any] = PYPROJECT["project"]
EXTRAS: dict[str, list[str]] = PROJECT["optional-dependencies"]

#: What the sdist must carry beyond the package: the suite, its data, the docs.
SUITE_DIRS = ("tests", "examples", "docs", "benchmarks")
SUITE_FILES = ("README.md", "CHANGELOG.md", "LICENSE", "mkdocs.yml", "pyproject.toml")


def _python(code: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


# ------------------------------------------------------------------ extras

#: Imports ``hypothesis`` must fail in the child, as on a machine without it.
_NO_HYPOTHESIS = """
import sys
class Blocker:
    def find_spec(self, name, path=None, target=None):
        if name == "hypothesis" or name.startswith("hypothesis."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None
sys.meta_path.insert(0, Blocker())
"""


def test_testing_kit_without_hypothesis_names_the_extra() -> None:
    done = _python(_NO_HYPOTHESIS + "import zombie_rules.testing\n")
    assert done.returncode != 0
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError: zombie_rules.testing needs Hypothesis"), done.stderr
    assert "pip install 'zombie-rules[testing]'" in last
    assert "testing" in EXTRAS  # the extra the message names exists


def test_testing_kit_refused_when_hypothesis_is_masked() -> None:
    done = _python("import sys\nsys.modules['hypothesis'] = None\nimport zombie_rules.testing\n")
    assert done.returncode != 0
    assert "zombie-rules[testing]" in done.stderr


#: Only the standard library, attrs and cattrs (and what they load) may be imported.
_RUNTIME_ONLY = """
import importlib, pkgutil, sys
import attrs, cattrs, cattrs.gen, cattrs.errors, cattrs.v  # the two dependencies
allowed = set(sys.stdlib_module_names) | {m.split(".")[0] for m in sys.modules} | {"zombie_rules"}
class Blocker:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] not in allowed:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None
sys.meta_path.insert(0, Blocker())
import zombie_rules
names = [i.name for i in pkgutil.walk_packages(zombie_rules.__path__, "zombie_rules.")]
for name in sorted(names):
    if name != "zombie_rules.testing":
        importlib.import_module(name)
print(len(names))
"""


def test_library_needs_only_attrs_and_cattrs_at_run_time() -> None:
    """Everything but the test kit imports with nothing beyond the two dependencies."""
    done = _python(_RUNTIME_ONLY)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) > 20
    assert sorted(re.split(r"[<>=!~ \[]", d)[0] for d in PROJECT["dependencies"]) == [
        "attrs",
        "cattrs",
    ]


def test_extras_split_by_who_needs_them() -> None:
    (kit,) = EXTRAS["testing"]  # what zombie_rules.testing needs, and nothing else
    assert kit.startswith("hypothesis>=")
    pinned = {}
    for requirement in EXTRAS["dev"]:
        name, sep, version = requirement.partition("==")
        assert sep and re.fullmatch(r"[\d.]+", version), f"dev extra: pin {requirement!r}"
        pinned[name.split("[")[0]] = version
    tools = ("pytest", "pytest-xdist", "hypothesis", "mypy", "ruff", "build", "mkdocs")
    for tool in (*tools, "mkdocs-material"):
        assert tool in pinned, f"dev extra lacks {tool}"
    assert "mkdocstrings[python]" in "".join(EXTRAS["dev"])
    assert "test" not in EXTRAS  # the old name: 'dev' (the suite) or 'testing' (the kit)
    # A feature extra's pins are the dev extra's too, so the suite tests what users get.
    # 'bench' is not a feature: OpenSpiel only runs benchmarks/versus_openspiel.py.
    assert EXTRAS["bench"] == ["open_spiel==2.0.2"]
    for extra, requirements in EXTRAS.items():
        for requirement in requirements:
            if "==" in requirement and extra not in ("dev", "bench"):
                assert requirement in EXTRAS["dev"], f"{extra}: {requirement} is not in dev"


def test_the_ci_script_runs_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"```sh\n(.*?)\n```", readme[: readme.index("## Quick start")], re.S)
    assert len(commands) == 2, commands  # one runs the demo, one the tests
    demo, tests = commands
    for command in commands:
        assert command.startswith("python3 -m venv .venv && . .venv/bin/activate && ")
    assert "zombie-rules simulate" in demo
    assert tests.endswith("python -m pip install '.[dev]' && python -m pytest")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "set -euo pipefail" in ci
    assert tests in ci.splitlines()


# ---------------------------------------------------------------- metadata


def test_metadata_reads_well_on_a_package_index() -> None:
    classifiers = set(PROJECT["classifiers"])
    for wanted in (
        "Development Status :: 4 - Beta",
        "Intended Audience :: Developers",
        "Intended Audience :: Science/Research",
        "Topic :: Games/Entertainment",
        "Topic :: Software Development :: Libraries",
        "Programming Language :: Python :: 3.11",
        "Programming Language :: Python :: 3.12",
        "Programming Language :: Python :: 3.13",
        "Typing :: Typed",
    ):
        assert wanted in classifiers, wanted
    assert PROJECT["requires-python"] == ">=3.11"
    assert len(PROJECT["keywords"]) >= 4
    assert PROJECT["readme"] == "README.md"
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {
        "attr": "zombie_rules.__version__"
    }


def test_version_is_the_newest_changelog_release() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    releases = re.findall(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$", changelog, re.M)
    assert releases, "CHANGELOG.md has no dated release section ('## [X.Y.Z] - YYYY-MM-DD')"
    assert releases[0][0] == zombie_rules.__version__


def test_readme_works_as_the_long_description() -> None:
    """The index page shows the README away from the source: links must be absolute."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)]*)\)", readme) + re.findall(r"^\[[^\]]+\]:\s*(\S+)", readme)
    relative = [t for t in targets if not re.match(r"https?://", t)]
    assert not relative, f"relative links in README.md: {relative}"
    assert "this folder" not in readme.lower()


# -------------------------------------------------------------------- sdist


def _tree_files(root: Path) -> set[str]:
    found = set()
    for top in SUITE_DIRS:
        for path in (root / top).rglob("*"):
            parts = path.relative_to(root).parts
            if path.is_file() and "__pycache__" not in parts and path.suffix != ".pyc":
                found.add("/".join(parts))
    return found | {name for name in SUITE_FILES if (root / name).exists()}


def _copy_source(to: Path) -> Path:
    """The checkout without caches, builds and virtual environments (nothing is written
    into the checkout itself)."""
    ignore = shutil.ignore_patterns(
        ".git", ".venv", "*.egg-info", "build", "dist", "site", "__pycache__", ".*_cache",
        ".hypothesis", ".benchmarks",
    )  # fmt: skip
    return Path(shutil.copytree(ROOT, to, ignore=ignore))


def _build(kind: str, source: Path, out: Path) -> Path:
    done = subprocess.run(
        [sys.executable, "-m", "build", f"--{kind}", "--no-isolation", "--outdir", str(out)],
        cwd=source,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (built,) = out.glob("*.tar.gz" if kind == "sdist" else "*.whl")
    return built


@pytest.mark.slow
def test_sdist_holds_the_suite_and_runs_it(tmp_path: Path) -> None:
    if importlib.util.find_spec("build") is None:
        pytest.fail("the 'build' package is missing: install the dev extra")
    source = _copy_source(tmp_path / "source")
    sdist = _build("sdist", source, tmp_path / "dist")
    version = zombie_rules.__version__
    assert sdist.name == f"zombie_rules-{version}.tar.gz"
    with tarfile.open(sdist) as archive:
        archive.extractall(tmp_path / "unpacked", filter="data")
    unpacked = tmp_path / "unpacked" / f"zombie_rules-{version}"

    missing = _tree_files(source) - _tree_files(unpacked)
    assert not missing, f"not in the sdist: {sorted(missing)}"
    assert (unpacked / "tests" / "golden").is_dir()
    assert not (unpacked / ".venv").exists()

    # The sdist builds a wheel that carries every module of the package and py.typed.
    wheel = _build("wheel", unpacked, tmp_path / "wheel")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        metadata = archive.read(f"zombie_rules-{version}.dist-info/METADATA").decode()
    modules = {
        p.relative_to(unpacked).as_posix() for p in (unpacked / "zombie_rules").rglob("*.py")
    }
    assert modules | {"zombie_rules/py.typed"} <= names
    assert "Provides-Extra: testing" in metadata and "Provides-Extra: dev" in metadata
    assert "Classifier: Development Status :: 4 - Beta" in metadata

    # Part of the suite, run from the unpacked sdist against its own copy of the code.
    env = {**os.environ, "PYTHONPATH": str(unpacked), "NO_MKDOCS_2_WARNING": "1"}
    where = subprocess.run(
        [sys.executable, "-c", "import zombie_rules; print(zombie_rules.__file__)"],
        cwd=unpacked,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert Path(where.stdout.strip()).is_relative_to(unpacked)
    # The file comparison above already shows nothing is missing; this shows the parts run:
    # examples, a title's rule tests, a benchmark script, the README's code, the docs site.
    suite = [
        "tests/test_examples.py",
        "tests/test_benchmark_script.py",
        "tests/zombie_run/test_zombie_run_rules.py",
        "tests/test_docs.py::test_readme_python_blocks_run",
        "tests/test_docs.py::test_docs_site_builds_strictly",
    ]
    done = subprocess.run(  # in one process (-n 0): this test already holds one worker
        [sys.executable, "-m", "pytest", "-n", "0", "-x", "-q", "-p", "no:cacheprovider", *suite],
        cwd=unpacked,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout
