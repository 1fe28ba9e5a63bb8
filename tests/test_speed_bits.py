"""No bit shifts in the rule code of Zombie Run!, Texas Zombies and Zombie Doctor (issue 20).

Seat masks are read through ``zombie_rules.core.seats`` and packed codes through
``zombie_rules.core.codes``; a title shifts bits only in its own encoding module,
behind named readers. This walks every module of the three titles and refuses a
``<<`` or ``>>`` (or ``<<=``, ``>>=``) anywhere else.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import zombie_rules

PACKAGE = Path(zombie_rules.__file__).parent
TITLES = ("zombie_run", "texas_zombies", "zombie_doctor")

#: The encoding modules allowed to shift bits, each with why.
ALLOWED = {
    # A body-slot code is ``character * 2 + infected``; ``is_infected``,
    # ``character_of``, ``zombie_side`` and ``healthy_side`` are its named readers
    # and writers, and nothing else reads the bits.
    "zombie_doctor/cards.py": "the body-slot code's named readers",
}

SHIFTS = (ast.LShift, ast.RShift)


def _modules() -> list[Path]:
    return sorted(p for title in TITLES for p in (PACKAGE / title).rglob("*.py"))


def _shifts(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return sorted(
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.BinOp | ast.AugAssign) and isinstance(node.op, SHIFTS)
    )


def test_the_titles_have_modules() -> None:
    names = {p.relative_to(PACKAGE).as_posix() for p in _modules()}
    assert "zombie_doctor/rules.py" in names and "zombie_run/rules.py" in names
    assert set(ALLOWED) <= names, "an allowed module no longer exists: drop it from ALLOWED"


@pytest.mark.parametrize("path", _modules(), ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_no_shift_outside_the_encoding_modules(path: Path) -> None:
    name = path.relative_to(PACKAGE).as_posix()
    if name in ALLOWED:
        return
    lines = _shifts(path)
    assert not lines, (
        f"{name} shifts bits on lines {lines}: read seat masks with zombie_rules.core.seats,"
        " packed codes with a CodeLayout or the title's encoding module"
    )


def test_the_check_sees_a_shift(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text("def f(mask, seat):\n    x = mask >> seat & 1\n    x <<= 2\n    return x\n")
    assert _shifts(planted) == [2, 3]
