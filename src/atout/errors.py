"""The errors atout raises. Each is a ``ValueError`` whose message says why, in words a player
or a bot author can act on."""

from __future__ import annotations


class NotationError(ValueError):
    """Text that does not read as a card, an action, a rules text or a record field.

    The message quotes the text and names the forms that are accepted."""


class IllegalAction(ValueError):
    """A well-formed action the rules do not allow now ("you must follow hearts: play KH").

    Raised before anything changes: the state is exactly as it was."""


class RulesError(ValueError):
    """An unknown game, an unknown option, a bad option value, or options that contradict."""


class PackError(ValueError):
    """A pack given for a deal that is not an ordering of the game's pack."""


class RecordError(ValueError):
    """A match record that does not replay; the message names the step or field at fault."""


class DealSetError(ValueError):
    """An evaluation deal-set file that cannot be read or played; the message names the line
    at fault."""
