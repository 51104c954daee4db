"""User-facing errors: each names the file and the field that is wrong."""

from __future__ import annotations

MAX_MESSAGE = 400


class InputError(Exception):
    """A mistake in something the user gave us (state file, card file, scenario, query).

    ``where`` is the file (or "<state>" for an in-memory state), ``field`` the dotted path
    of the offending field (``battlefield[2].controller``), ``message`` what is wrong and,
    where we can tell, how to fix it. The CLI prints ``str(error)`` and exits 2.
    """

    def __init__(self, where: str, field: str | None, message: str):
        self.where = where
        self.field = field
        # a message echoes what was given: a value of a megabyte must not make one of a megabyte
        if len(message) > MAX_MESSAGE:
            message = f"{message[:MAX_MESSAGE]}... ({len(message) - MAX_MESSAGE} more characters)"
        self.message = message
        super().__init__(str(self))

    def __reduce__(self):
        # raised in the query worker and passed back (queries/limits.py)
        return (InputError, (self.where, self.field, self.message))

    def __str__(self) -> str:
        place = self.where if not self.field else f"{self.where}: {self.field}"
        return f"{place}: {self.message}"


class SolverError(Exception):
    """The solver could not answer: a time limit ran out or an encoding failed to load."""
