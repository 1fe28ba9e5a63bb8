"""The ``zombie-rules`` command with Brain Swap registered at run time, not installed.

``python tests/toy_title/launch.py play zombie_toy`` (or ``serve``, ``simulate``, ...):
the title and its long variant are imported from this folder and handed to
``zombie_rules.registry.register`` before the command runs, as a program that
defines its own title would do. The pty and browser tests start it.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import zombie_toy

from zombie_rules import registry
from zombie_rules.cli import main

registry.register(zombie_toy.GAME, source="tests/toy_title/launch.py")
registry.register(zombie_toy.long_variant(), source="tests/toy_title/launch.py")

if __name__ == "__main__":
    sys.exit(main())
