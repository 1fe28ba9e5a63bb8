"""The error hierarchy every title raises.

All errors are ``ValueError`` subclasses so that callers who only care that input
was rejected can catch one familiar type, while front ends can tell a bad move
from a bad configuration from a corrupt save file.
"""

from __future__ import annotations


class ZombieRulesError(ValueError):
    """Base class of every error this library raises on purpose."""


class IllegalMove(ZombieRulesError):
    """A move that the rules do not allow in this state; the state is unchanged."""


class InvalidConfig(ZombieRulesError):
    """A ``Config`` whose fields cannot describe a playable game."""

    def __init__(self, field: str, why: str) -> None:
        super().__init__(f"{field}: {why}")
        self.field = field
        self.why = why


class DecodeError(ZombieRulesError):
    """Serialized input (JSON, move text) that does not describe a valid object."""


class EncodeError(ZombieRulesError):
    """An object that cannot be written as JSON (a config holding custom code)."""


class UnknownSeat(ZombieRulesError):
    """A seat that is not at this table (a view asked for ``99``, ``-1``, ``True`` or ``1.0``)."""


class UnknownGame(ZombieRulesError, KeyError):
    """A title name that is not registered; a ``KeyError`` too, as a mapping lookup is."""

    def __str__(self) -> str:
        # KeyError's own str() is the repr of its argument: quotes around the message.
        return str(self.args[0]) if self.args else ""


class RegistrationError(ZombieRulesError):
    """A title or variant that cannot be registered.

    A duplicate name, a missing protocol function, an entry point that fails to load:
    the message names the game and where it came from (a module, an entry point).
    """
