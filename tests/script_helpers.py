"""Loading a script of ``benchmarks/`` as a module, for the tests that run one.

The scripts are not part of the package, so a test loads the file itself under a
name of its own; each script's ``main(argv, out)`` then runs in the test's process.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def load_script(file_name: str, module_name: str) -> ModuleType:
    """The script ``benchmarks/<file_name>`` loaded as the module ``module_name``."""
    spec = importlib.util.spec_from_file_location(module_name, BENCHMARKS / file_name)
    assert spec is not None and spec.loader is not None, f"no script {file_name}"
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
