"""``python -m zombie_rules``: the ``zombie-rules`` command, for when the script is not on PATH."""

import sys

from zombie_rules.cli import main

if __name__ == "__main__":  # not when a tool imports every module of the package
    sys.exit(main())
