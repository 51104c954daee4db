"""User-facing errors: each names the file and the field that is wrong."""

from __future__ import annotations

import re

MAX_MESSAGE = 400


def _cut(text: str) -> str:
    if len(text) > MAX_MESSAGE:
        return f"{text[:MAX_MESSAGE]}... ({len(text) - MAX_MESSAGE} more characters)"
    return text


def one_line(text: str) -> str:
    """The text with every character that is not printable (a line break, a NUL, U+2028) written
    as its escape, so that an error is always one line."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


class InputError(Exception):
    """A mistake in something the user gave us (state file, card file, scenario, query).

    ``where`` is the file (or "<state>" for an in-memory state), ``field`` the dotted path
    of the offending field (``battlefield[2].controller``), ``message`` what is wrong and,
    where we can tell, how to fix it. The CLI prints ``str(error)`` and exits 2.
    """

    def __init__(self, where: str, field: str | None, message: str):
        self.where = where
        # a field is a path of keys the user wrote: one of a megabyte, or with a line break,
        # must not make the error so (found by tests/test_fuzz.py)
        self.field = None if field is None else one_line(_cut(field))
        # a message echoes what was given: a value of a megabyte must not make one of a megabyte;
        # a library's message (PyYAML's "\n  in <unicode string>") is joined into one line
        self.message = one_line(_cut(re.sub(r"\s*\n\s*", " ", message)))
        super().__init__(str(self))

    def __reduce__(self):
        # raised in the query worker and passed back (queries/limits.py)
        return (InputError, (self.where, self.field, self.message))

    def __str__(self) -> str:
        place = self.where if not self.field else f"{self.where}: {self.field}"
        return f"{place}: {self.message}"


class SolverError(Exception):
    """The solver could not answer: a time limit ran out or an encoding failed to load."""
