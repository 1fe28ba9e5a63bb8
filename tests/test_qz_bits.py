"""Quarantine Z shifts bits in one module only: ``knowledge.py``.

A card in a hand is one int (the item above a mask of the seats that have seen it),
and seat sets are masks. Hand-written ``c >> MASK_BITS`` and ``mask >> seat & 1``
in fifty places were where a wrong reading could hide (issue 20), so every other
module reads cards through the named readers of
:mod:`zombie_rules.quarantine_z.knowledge` and seat masks through
:mod:`zombie_rules.core.seats`. This test keeps it that way.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from zombie_rules.quarantine_z import knowledge

PACKAGE = Path(knowledge.__file__).parent
#: The names of the card layout's raw constants, private to ``knowledge.py``.
RAW_NAMES = frozenset({"MASK_BITS", "MASK"})


def raw_bit_use(source: str) -> list[str]:
    """Every shift, and every use of the layout's raw constants, in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.BinOp, ast.AugAssign)) and isinstance(
            node.op, (ast.LShift, ast.RShift)
        ):
            found.append(f"line {node.lineno}: a shift")
        elif isinstance(node, ast.Name) and node.id in RAW_NAMES:
            found.append(f"line {node.lineno}: {node.id}")
        elif isinstance(node, ast.alias) and node.name in RAW_NAMES:
            found.append(f"an import of {node.name}")
        elif isinstance(node, ast.Attribute) and node.attr in RAW_NAMES:
            found.append(f"line {node.lineno}: .{node.attr}")
    return found


MODULES = sorted(p for p in PACKAGE.glob("*.py") if p.name != "knowledge.py")


@pytest.mark.parametrize("path", MODULES, ids=[p.name for p in MODULES])
def test_no_module_but_knowledge_shifts_bits(path: Path) -> None:
    assert raw_bit_use(path.read_text(encoding="utf-8")) == []


def test_the_check_sees_what_it_forbids() -> None:
    """The check is not vacuous: each forbidden form is caught, a plain mask test is not."""
    planted = "a = c >> 5\nb = 1 << s\nx <<= 2\nfrom m import MASK_BITS\ny = state.MASK\nz = MASK\n"
    assert len(raw_bit_use(planted)) == 6
    assert raw_bit_use("from zombie_rules.core.seats import has_seat\nhas_seat(m, 2)\n") == []


def test_knowledge_is_where_the_layout_lives() -> None:
    """The readers round-trip: a card of item 7 known to seats 0 and 3."""
    card = knowledge.card_code(7, 0b1001)
    assert knowledge.item_of(card) == 7 and knowledge.knowers(card) == 0b1001
    assert knowledge.known_by(card, 3) and not knowledge.known_by(card, 1)
    assert knowledge.CARD.pack(7, 0b1001) == card
    assert knowledge.items_of((card, knowledge.card_code(2))) == (7, 2)
    assert raw_bit_use(Path(knowledge.__file__).read_text(encoding="utf-8")) != []
