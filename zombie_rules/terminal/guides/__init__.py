"""One :class:`~zombie_rules.terminal.guide.Guide` per shipped title, by name."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from zombie_rules.terminal.guide import Guide, generic_guide
from zombie_rules.terminal.guides import quarantine_z, texas_zombies, zombie_doctor, zombie_run

GUIDES: Mapping[str, Guide] = MappingProxyType(
    {
        "zombie_run": zombie_run.GUIDE,
        "texas_zombies": texas_zombies.GUIDE,
        "zombie_doctor": zombie_doctor.GUIDE,
        "quarantine_z": quarantine_z.GUIDE,
    }
)


def guide_for(name: str) -> Guide:
    """The guide of the title called ``name``; a generic one for a title without text."""
    return GUIDES.get(name) or generic_guide(name)
